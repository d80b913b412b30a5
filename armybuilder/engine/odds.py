"""Exact odds of the attack roll: two six-sided dice, with the criticals.

Rulebook III, Rolling "2"s and "12"s: a roll of 2 always misses (and costs the attacker a
click), a roll of 12 always hits (and adds a click to a damaging attack). Everything here
is counted out over the 36 equally likely rolls, never sampled.
"""

from __future__ import annotations

from fractions import Fraction

CRITICAL_MISS = 2
CRITICAL_HIT = 12
#: How many of the 36 rolls give each total.
WAYS: dict[int, int] = {total: 6 - abs(total - 7) for total in range(2, 13)}


def _at_least(n: int) -> int:
    return sum(w for total, w in WAYS.items() if total >= n)


#: P(2d6 >= n) for n from 2 to 12, exact, ignoring the criticals.
AT_LEAST: dict[int, Fraction] = {n: Fraction(_at_least(n), 36) for n in range(2, 13)}


def hit_ways(needed: int) -> tuple[int, int]:
    """(ordinary hits, critical hits) out of 36 when the dice must show ``needed`` or more:
    2 never hits, 12 always does."""
    ordinary = sum(w for total, w in WAYS.items()
                   if CRITICAL_MISS < total < CRITICAL_HIT and total >= needed)
    return ordinary, WAYS[CRITICAL_HIT]


_CHANCE: dict[int, tuple[float, float]] = {}
for _n in range(-1, 15):
    _o, _c = hit_ways(_n)
    _CHANCE[_n] = (_o / 36, _c / 36)


def chances(needed: int) -> tuple[float, float]:
    """(P(an ordinary hit), P(a critical hit)) when the dice must show ``needed``."""
    return _CHANCE[min(14, max(-1, needed))]


#: hit_chance of each roll needed in _CHANCE, added up once.
_HIT = {n: ordinary + critical for n, (ordinary, critical) in _CHANCE.items()}


def hit_chance(needed: int) -> float:
    """P(hit), criticals included: at least 1/36 (a 12), at most 35/36 (never a 2)."""
    return _HIT[min(14, max(-1, needed))]


#: P(rolling a 2): the attacker takes a click (Rulebook III, Rolling "2"s).
MISS_CHANCE = WAYS[CRITICAL_MISS] / 36
