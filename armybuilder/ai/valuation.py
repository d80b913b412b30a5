"""What a figure is worth before it takes the table: the heuristic player's valuation, for
drafting and for building an army from a pool.

The heuristic weighs everything in victory points (``ai.tactics``): an attack is worth
the clicks it is expected to deal, each click a share of the points it brings. A figure's
worth is the same reckoning over its whole dial against a reference opponent: at each
click, the clicks one action of its is expected to deal (exact 2d6 odds, criticals
included, against the reference defense), times the actions it is expected to get on that
click before the reference attacker turns its dial on, summed over its live clicks, in
victory points. A ranged figure gets more actions that land (it strikes before it is
reached) and a fast one reaches its target sooner.

Every number is shown to the player (``Worth.explain``): the valuation is a reading of the
dial, not a measurement; a measured one (an advisor's, an expert's games) plugs in through
``VALUERS``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from armybuilder.engine import FigureCard, odds

#: The reference opponent: a typical 200-point army's warrior (attack 9, defense 16,
#: damage 2), and what one click of its dial is worth in victory points (a 30-point figure
#: of six live clicks).
REFERENCE_ATTACK = 9
REFERENCE_DEFENSE = 16
REFERENCE_DAMAGE = 2
POINTS_PER_CLICK = 5.0
#: Rulebook III, Ranged Combat: a shooter strikes from its range while a fighter must first
#: cross the table; a range of 12" counts as half as many actions again.
RANGE_SHARE = 1 / 24
#: Rulebook III, Ranged Combat: several targets split the damage but each may be hit.
TARGET_SHARE = 0.25
#: A fast figure reaches its fight sooner: each inch of speed over 8 counts 2%.
SPEED_SHARE = 0.02


@dataclass(frozen=True, slots=True)
class Worth:
    """A figure's worth in victory points, with the numbers behind it."""

    key: str
    name: str
    points: int
    vp: float  # victory points it is expected to take over its life
    clicks_dealt: float  # clicks of damage over its life against the reference opponent
    kind: str = "heuristic"

    @property
    def per_point(self) -> float:
        return self.vp / self.points if self.points else 0.0

    def explain(self) -> str:
        return (f"{self.vp:.0f} VP over its life ({self.clicks_dealt:.1f} clicks dealt to "
                f"attack {REFERENCE_ATTACK} / defense {REFERENCE_DEFENSE} / damage "
                f"{REFERENCE_DAMAGE} foes), {self.per_point:.2f} VP a point")


def heuristic_worth(card: FigureCard) -> Worth:
    """The heuristic's reckoning of ``card`` (module docstring)."""
    reach = 1 + min(card.range, 12) * RANGE_SHARE if card.range else 1.0
    spread = 1 + TARGET_SHARE * (max(card.targets, 1) - 1) if card.range else 1.0
    dealt = 0.0
    for click in card.clicks[card.starting_click:]:
        # Rulebook III, Combat: the attack hits when 2d6 + attack >= defense.
        hit = odds.hit_chance(REFERENCE_DEFENSE - click.attack)
        # Rulebook III, Rolling "2"s and "12"s: a 12 adds a click to a damaging attack.
        critical = odds.WAYS[odds.CRITICAL_HIT] / 36 if click.damage > 0 else 0.0
        per_action = hit * max(click.damage, 0) + critical
        struck = odds.hit_chance(click.defense - REFERENCE_ATTACK) * REFERENCE_DAMAGE
        actions_here = 1 / max(struck, 0.05)
        fast = 1 + SPEED_SHARE * max(click.speed - 8, 0)
        dealt += per_action * actions_here * reach * spread * fast
    return Worth(card.key, card.name, card.points, dealt * POINTS_PER_CLICK, dealt)


#: Valuations by name: "heuristic" now; a measured one (the advisor's, the expert's) is
#: registered here by name when it exists, and the draft's AI seats take it by that name.
VALUERS: dict[str, Callable[[FigureCard], Worth]] = {"heuristic": heuristic_worth}


def valuer(name: str) -> Callable[[FigureCard], Worth]:
    found = VALUERS.get(name)
    if found is None:
        raise ValueError(f"unknown valuation {name!r}; use one of: {', '.join(VALUERS)}")
    return found
