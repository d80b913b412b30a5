"""The World Conquest structure (banner, outpost, fort, castle) as a kind of figure (World
Conquest, Upgrading Defenses): what it does differently from a warrior, registered once
(figure_kinds.py). The rules themselves are in :mod:`~armybuilder.engine.fortifications`;
they are asked only while one stands in the game (``state.works``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from armybuilder.engine import fortifications
from armybuilder.engine import geometry as g
from armybuilder.engine.figure_kinds import FigureKind, register

if TYPE_CHECKING:
    from armybuilder.engine.cards import FigureCard
    from armybuilder.engine.state import State, Warrior


class StructureKind(FigureKind):
    name: ClassVar[str] = "structure"
    # Rulebook VI, Ending the Game 1 counts warriors: a fortification keeps no side in the
    # game (RULES_NOTES.md, World Conquest fortifications).
    keeps_side: ClassVar[bool] = False
    no_actions: ClassVar[str | None] = (
        "World Conquest, Upgrading Defenses: a fortification is given no action")

    def claims(self, card: FigureCard) -> bool:
        return card.key.startswith(fortifications.CARD_KEY)

    def path_violation(self, state: State, w: Warrior, points: tuple[g.Point, ...]
                       ) -> str | None:
        # World Conquest, Upgrading Defenses: in and out through the entrance only.
        return fortifications.path_violation(state, w, points) if state.works else None

    def position_violation(self, state: State, w: Warrior, discs: tuple[g.Disc, ...]
                           ) -> str | None:
        # World Conquest, Upgrading Defenses: walls, the banner, the guards' limit.
        return fortifications.position_violation(state, w, discs) if state.works else None

    def after_action(self, state: State) -> None:
        # World Conquest, Upgrading Defenses: who stands on guard now.
        if state.works:
            fortifications.refresh(state)


STRUCTURE = register(StructureKind())
