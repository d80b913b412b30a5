"""The World Conquest structure (banner, outpost, fort, castle) as a kind of figure (World
Conquest, Upgrading Defenses): what it does differently from a warrior, registered once
(figure_kinds.py). The rules themselves are in :mod:`~armybuilder.engine.fortifications`;
they are asked only while one stands in the game (``state.works``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from armybuilder.engine import combat, fortifications
from armybuilder.engine import geometry as g
from armybuilder.engine.figure_kinds import AsWarrior, FigureKind, register

if TYPE_CHECKING:
    from armybuilder.engine.abilities import AttackPlan
    from armybuilder.engine.cards import FigureCard
    from armybuilder.engine.state import State, Warrior


class StructureKind(FigureKind):
    name: ClassVar[str] = "structure"
    # Rulebook VI, Ending the Game 1 counts warriors: a fortification keeps no side in the
    # game (RULES_NOTES.md, World Conquest fortifications).
    keeps_side: ClassVar[bool] = False
    no_actions: ClassVar[str | None] = (
        "World Conquest, Upgrading Defenses: a fortification is given no action")
    no_capture: ClassVar[str | None] = (
        f"{fortifications.RULE}: a fortification cannot capture or be captured")
    # Like a castle section, it is in base contact with no one; its attackers touch its
    # footprint with their front arcs (RULES_NOTES.md, World Conquest fortifications).
    in_base_contact: ClassVar[bool] = False
    targeted_otherwise: ClassVar[bool] = True
    # World Conquest, Upgrading Defenses: a line of fire to a fortification is drawn to
    # its centre point over the figures round it, as to a castle section (RULES_NOTES.md).
    line_to_centre: ClassVar[bool] = True
    refuses: ClassVar[Mapping[str, str]] = {
        "Necromancy": "World Conquest, Upgrading Defenses: a fortification is no warrior to "
                      "reanimate",
        "Vampirism": "World Conquest, Upgrading Defenses: damage to a fortification heals "
                     "no one by Vampirism",
    }

    def claims(self, card: FigureCard) -> bool:
        return card.key.startswith(fortifications.CARD_KEY)

    def ranged_target_check(self, state: State, firer: Warrior, t: Warrior,
                            plan: AttackPlan | None) -> str | None:
        # World Conquest, Upgrading Defenses: who may attack a fortification, and how.
        if state.works and t.work is not None:
            return fortifications.target_violation(state, firer, t, "ranged", plan)
        return None

    def close_targeting(self, state: State, a: Warrior, t: Warrior, capture: bool,
                        plan: AttackPlan | None) -> str | AsWarrior | None:
        """World Conquest, Upgrading Defenses: attacked by a front arc touching it, never
        captured."""
        if not state.works or t.work is None:
            return super().close_targeting(state, a, t, capture, plan)
        if capture:
            return f"{fortifications.RULE}: a fortification cannot be captured"
        why = fortifications.target_violation(state, a, t, "close", plan)
        if why:
            return why
        if plan is not None:
            return combat.targeting_violation(state, a, t, plan)
        return None

    def approach_spots(self, state: State, w: Warrior, limit: float
                       ) -> list[tuple[g.Point, float]]:
        return fortifications.approach_spots(state, w, limit) if state.works else []

    def close_targets(self, state: State, w: Warrior) -> list[Warrior]:
        # World Conquest, Upgrading Defenses: the fortifications its front arc touches.
        return fortifications.close_targets(state, w) if state.works else []

    def defense_modifiers(self, state: State, attacker: Warrior, t: Warrior, terrain: int
                          ) -> tuple[tuple[str, int], ...]:
        # A warrior on guard: +1 to +3 against ranged attacks.
        return self.splash_modifiers(state, t)

    def splash_modifiers(self, state: State, t: Warrior) -> tuple[tuple[str, int], ...]:
        if not state.works:
            return ()
        return ((fortifications.ON_GUARD, fortifications.ranged_bonus(state, t)),)

    def path_violation(self, state: State, w: Warrior, points: tuple[g.Point, ...]
                       ) -> str | None:
        # World Conquest, Upgrading Defenses: in and out through the entrance only.
        return fortifications.path_violation(state, w, points) if state.works else None

    def position_violation(self, state: State, w: Warrior, discs: tuple[g.Disc, ...]
                           ) -> str | None:
        # World Conquest, Upgrading Defenses: walls, the banner, the guards' limit.
        return fortifications.position_violation(state, w, discs) if state.works else None

    def terrain_violation(self, state: State, polygon: g.Polygon) -> str | None:
        # World Conquest, Troop Movements (battle rule 1): terrain stands clear of them.
        return fortifications.terrain_violation(state, polygon) if state.works else None

    def deployed_inside(self, state: State, w: Warrior, discs: tuple[g.Disc, ...]) -> bool:
        # World Conquest, Upgrading Defenses: "During the setup for a battle, you may place
        # warriors on guard in an outpost, fort or castle."
        return bool(state.works) and fortifications.deploy_inside(state, w, discs)

    def deploy_violation(self, state: State, w: Warrior, discs: tuple[g.Disc, ...]
                         ) -> str | None:
        return self.position_violation(state, w, discs)

    def after_action(self, state: State) -> None:
        # World Conquest, Upgrading Defenses: who stands on guard now.
        if state.works:
            fortifications.refresh(state)


STRUCTURE = register(StructureKind())
