"""Decisions and steps owed before the action under way is over.

``state.pending`` is a queue of these. Decisions wait for a player's action; steps
(:class:`ContactCheck`) are carried out by the engine as soon as they reach the front.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


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


@dataclass(slots=True)
class SectionChoice:
    """Chariot rules: the chariot's player chooses the section affected, among ``options``
    (section indexes): an attack along a borderline (Attacking a Chariot), the pushing
    click (Pushing), damage from a figure touching two sections. The choice is written to
    ``holder.section`` (the strike or step waiting for it)."""

    warrior: int  # the chariot
    options: tuple[int, ...]
    purpose: str  # "attack", "pushing" or "damage"
    holder: Any


@dataclass(slots=True)
class AttackStep:
    """An attack whose roll waits for the sections its chariot targets' players choose (a
    step, carried out when it reaches the front): ``resolve`` is combat.resolve's
    arguments."""

    plan: Any
    strikes: list[Any]
    bonus: int
    capture: bool = False


@dataclass(slots=True)
class PushClick:
    """Chariot rules, Pushing: the click on the section chosen (a step)."""

    warrior: int
    section: int = -1


@dataclass(slots=True)
class ContactDamage:
    """Damage a figure in contact deals a chariot, on the section chosen (a step)."""

    warrior: int
    clicks: int
    cause: str
    by: int  # the figure dealing it
    ability: str | None
    section: int = -1


@dataclass(slots=True)
class PassengerFacing:
    """Chariot rules, Damaging a Passenger: the passenger of an eliminated chariot is
    placed "with any facing, as determined by his controlling player" (a ``Face``)."""

    warrior: int


@dataclass(slots=True)
class TargetChoice:
    """Castle rules, Close Combat: "If there is more than one opposing figure touching a
    connected access point, the defender may choose which figure will be the target of
    the attack": ``player`` chooses among ``options`` (a ``ChooseTarget``); the attack by
    ``warrior`` (with ``members``, ``plan``) is made on the figure chosen."""

    warrior: int
    options: tuple[int, ...]
    player: int
    plan: Any
    members: tuple[int, ...]


DECISIONS = (SpinOffer, FormationMoving, FollowUp, ConfusedMove, SectionChoice,
             PassengerFacing, TargetChoice)
#: Steps the engine carries out as soon as they reach the front of the queue.
STEPS = (ContactCheck, AttackStep, PushClick, ContactDamage)
