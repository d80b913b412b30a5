"""The exact 2d6 odds the heuristic player weighs attacks with (Rulebook III, Rolling
"2"s and "12"s)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from armybuilder.engine import odds


def test_the_table_of_at_least_n_is_counted_exactly() -> None:
    assert {
        2: Fraction(36, 36), 3: Fraction(35, 36), 4: Fraction(33, 36), 5: Fraction(30, 36),
        6: Fraction(26, 36), 7: Fraction(21, 36), 8: Fraction(15, 36), 9: Fraction(10, 36),
        10: Fraction(6, 36), 11: Fraction(3, 36), 12: Fraction(1, 36)} == odds.AT_LEAST


@pytest.mark.parametrize("needed", range(-3, 17))
def test_hit_chances_match_every_roll_of_two_dice(needed: int) -> None:
    ordinary = critical = 0
    for a, b in product(range(1, 7), repeat=2):
        roll = a + b
        if roll == 12:
            critical += 1  # always hits
        elif roll != 2 and roll >= needed:  # 2 always misses
            ordinary += 1
    assert odds.hit_ways(needed) == (ordinary, critical)
    assert odds.chances(needed) == pytest.approx((ordinary / 36, critical / 36))
    assert odds.hit_chance(needed) == pytest.approx((ordinary + critical) / 36)


def test_a_two_always_misses_and_a_twelve_always_hits() -> None:
    assert odds.hit_chance(-10) == pytest.approx(35 / 36)
    assert odds.hit_chance(3) == pytest.approx(35 / 36)
    assert odds.hit_chance(13) == pytest.approx(1 / 36)
    assert odds.hit_chance(40) == pytest.approx(1 / 36)
    assert pytest.approx(1 / 36) == odds.MISS_CHANCE
