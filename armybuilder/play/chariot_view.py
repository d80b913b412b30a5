"""A chariot as the play screen shows it (Chariot rules, Combat Dials): each section's
own dial where it stands, the chariot's one click the engine's glance at its active
sections, and who rides in it."""

from __future__ import annotations

from typing import Any, ClassVar

from armybuilder.engine import NOBODY, SECTIONS, section_active
from armybuilder.play.board import Click, Section
from armybuilder.play.figure_views import FigureView, Looks, register
from armybuilder.text import shown


class ChariotView(FigureView):
    kind: ClassVar[str] = "chariot"

    def looks(self, w: Any, turn: int) -> Looks:
        chariot, card = w.chariot, w.card
        sections = tuple(
            Section(name, tuple(Click(c.speed, c.attack, c.defense, c.damage,
                                      tuple(map(shown, c.abilities)), skulls)
                                for c, skulls in card.sections[k]),
                    chariot.clicks[k], section_active(w, k),
                    chariot.acted[k] == turn and turn > 0)
            for k, name in enumerate(SECTIONS))
        s = w.stats
        dial = (Click(s.speed, s.attack, s.defense, s.damage, tuple(map(shown, w.showing))),)
        passenger = None if chariot.passenger == NOBODY else chariot.passenger
        return Looks(dial, 0, 0, sections, passenger)


CHARIOT = register(ChariotView())
