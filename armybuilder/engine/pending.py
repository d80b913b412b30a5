"""Decisions and steps owed before the action under way is over.

``state.pending`` is a queue of these. Decisions wait for a player's action; steps
(:class:`ContactCheck`) are carried out by the engine as soon as they reach the front.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class SpinOffer:
    """Rulebook III, Free Spin: ``warrior`` may turn to face one of ``movers``."""

    warrior: int
    movers: tuple[int, ...]


@dataclass(slots=True)
class FormationMoving:
    """A declared movement formation waiting for its plan (Rulebook IV)."""

    members: tuple[int, ...]
    stuck: frozenset[int]  # members that failed to break away
    speed: int


@dataclass(slots=True)
class ContactCheck:
    """After a movement and its free spins: Pole Arm and Ram (a step, not a decision).

    ``before`` holds the pairs of figures that were in base contact before the movement.
    """

    movers: tuple[int, ...]
    before: frozenset[tuple[int, int]]
    #: Movers carried by another figure (Magic Levitation) rather than moving themselves.
    carried: frozenset[int] = frozenset()


@dataclass(slots=True)
class FollowUp:
    """Charge and Bound: the attack that ends the move action, or ``Pass`` to forgo it."""

    warrior: int
    kind: str  # "close" or "ranged"


@dataclass(slots=True)
class ConfusedMove:
    """Magic Confusion: the attacker's player moves the figure hit (a ``Move`` for it)."""

    warrior: int  # the figure hit
    attacker: int


DECISIONS = (SpinOffer, FormationMoving, FollowUp, ConfusedMove)
