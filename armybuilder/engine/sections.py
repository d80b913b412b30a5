"""A chariot's four sections: their dials as they stand and what each one shows.

Chariot rules, Combat Dials: "A chariot's base is divided into four sections each with its
own combat dial. ... If a section's combat dial shows numbers and/or one or two skulls, it
is called an active section. If a skull appears on the combat dial of an active section,
the value in that position is 0. If a combat dial shows three skulls, that section is
called an inactive section. ... A chariot is eliminated when a total of 6 skulls appear on
its combat dials."

:class:`Chariot` is the bookkeeping a chariot's :class:`~armybuilder.engine.state.Warrior`
carries besides its place (``warrior.chariot``; None for every other figure). The rules
that use it are in :mod:`armybuilder.engine.chariots`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.engine.bases import SECTIONS
from armybuilder.engine.cards import ClickStats

if TYPE_CHECKING:
    from armybuilder.engine.cards import FigureCard

#: Chariot rules, Combat Dials: a dial showing three skulls is an inactive section ...
INACTIVE = 3
#: ... and six skulls on the four dials together eliminate the chariot.
ELIMINATED = 6
NOBODY = -1


class Chariot:
    """Where each section's dial stands and what the sections did this turn."""

    __slots__ = ("acted", "clicks", "fought", "moved", "passenger")

    def __init__(self, card: FigureCard) -> None:
        #: Each section's click (front, left, right, rear), an index into its dial.
        self.clicks = [card.starting_click] * len(SECTIONS)
        #: The turn each section was last given an action (Chariot rules, Actions: one
        #: action per active section per turn).
        self.acted = [0] * len(SECTIONS)
        #: The turn the chariot made its move: several move actions are combined into one
        #: movement (Chariot rules, Movement) and a passenger fires only before it.
        self.moved = 0
        #: The last turn a section was given a ranged or close combat action (the move
        #: comes before those, Chariot rules, Movement).
        self.fought = 0
        #: The warrior riding in the rear compartment (Chariot rules, Passengers).
        self.passenger = NOBODY

    def copy(self) -> Chariot:
        """Its own lists: a copy of the game turns its dials without touching these."""
        new = Chariot.__new__(Chariot)
        new.clicks = self.clicks[:]
        new.acted = self.acted[:]
        new.moved = self.moved
        new.fought = self.fought
        new.passenger = self.passenger
        return new

    def __repr__(self) -> str:
        return (f"Chariot(clicks={self.clicks}, acted={self.acted}, moved={self.moved}, "
                f"fought={self.fought}, passenger={self.passenger})")


def showing(card: FigureCard, chariot: Chariot, section: int) -> tuple[ClickStats, int]:
    """The click section ``section``'s dial shows, with its skulls."""
    return card.sections[section][chariot.clicks[section]]


def active(card: FigureCard, chariot: Chariot, section: int) -> bool:
    """Chariot rules, Combat Dials: numbers and at most two skulls."""
    return card.sections[section][chariot.clicks[section]][1] < INACTIVE


def skulls(card: FigureCard, chariot: Chariot) -> int:
    """The skulls the four dials show together."""
    return sum(card.sections[k][c][1] for k, c in enumerate(chariot.clicks))


def summary(card: FigureCard, chariot: Chariot) -> tuple[ClickStats, tuple[str, ...]]:
    """What the chariot shows at a glance: the best speed, attack, defense and damage of
    its active sections, and every ability an active section shows (in section order). No
    rule reads these: each rule asks the section it concerns."""
    shown = [card.sections[k][c] for k, c in enumerate(chariot.clicks)]
    live = [stats for stats, dead in shown if dead < INACTIVE] or [shown[0][0]]
    names: list[str] = []
    for stats in live:
        names += [a for a in stats.abilities if a not in names]
    return ClickStats(max(s.speed for s in live), max(s.attack for s in live),
                      max(s.defense for s in live), max(s.damage for s in live),
                      tuple(names)), tuple(names)
