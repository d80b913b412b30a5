"""The castle section as a kind of figure (the castle rules): what it does differently
from a warrior, registered once (figure_kinds.py). "All castle sections are considered
to be abrupt elevated terrain, as well as being considered warriors" (Castle rules,
Sections). The rules themselves are in :mod:`~armybuilder.engine.castle` (the pieces,
portals, rubble), :mod:`~armybuilder.engine.castle_combat`,
:mod:`~armybuilder.engine.castle_access` and :mod:`~armybuilder.engine.castle_setup`.
They are asked only once the castle stands (``state.sections``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from armybuilder.engine import castle, castle_access, castle_combat, castle_setup, combat
from armybuilder.engine import geometry as g
from armybuilder.engine.actions import MoveFormation
from armybuilder.engine.figure_kinds import AS_WARRIOR, AsWarrior, FigureKind, register

if TYPE_CHECKING:
    from armybuilder.engine.abilities import AttackPlan
    from armybuilder.engine.actions import Action
    from armybuilder.engine.cards import FigureCard
    from armybuilder.engine.state import State, Warrior
    from armybuilder.engine.terrain import TerrainFeature


class CastleSectionKind(FigureKind):
    name: ClassVar[str] = "castle section"
    # Castle rules, General Rules: castle sections "Cannot be healed".
    healable: ClassVar[bool] = False
    limits_actions: ClassVar[bool] = True
    contact_at_a_distance: ClassVar[bool] = True
    no_capture: ClassVar[str | None] = (
        f"{castle_combat.GENERAL}: castle sections cannot capture or be captured")
    # Castle rules, General Rules: a section is in base contact with no one; "opposing
    # figures whose front arcs are touching a castle section may attack it as if they
    # were in base contact with it".
    in_base_contact: ClassVar[bool] = False
    targeted_otherwise: ClassVar[bool] = True
    no_formation: ClassVar[str | None] = (
        "Castle rules, General Rules: castle sections cannot be part of a formation")
    refuses: ClassVar[Mapping[str, str]] = {
        "Necromancy": "Castle rules, General Rules: castle sections cannot be reanimated",
        "Vampirism": "Castle rules, General Rules: a castle section cannot be affected by "
                     "Vampirism",
        "Magic Freeze": "Castle rules, General Rules: Magic Freeze cannot affect a castle "
                        "section",
    }
    # Castle rules, Actions: a section given actions on two consecutive turns "is
    # considered pushed, but does not take pushing damage".
    pushing_hurts: ClassVar[bool] = False
    # Castle rules, General Rules: sections "Do not take damage from pushing or critical
    # misses."
    unharmed_by: ClassVar[frozenset[str]] = frozenset({"pushing", "critical miss"})
    # Castle rules, Attacks and Attacking the Castle: a line of fire from or to a castle
    # section's centre point is never blocked by figure bases.
    line_to_centre: ClassVar[bool] = True
    long_range: ClassVar[bool] = True

    def claims(self, card: FigureCard) -> bool:
        return bool(card.castle)

    def damage(self, state: State, w: Warrior, clicks: int, cause: str, by: int | None,
               source: Warrior | None, *, ability: str | None, kind: str | None,
               pierce: bool, plain: bool, section: int) -> int:
        if w.castle is not None and cause in self.unharmed_by:
            # Castle rules, General Rules: sections "Do not take damage from pushing or
            # critical misses."
            state.emit({"e": "damage", "warrior": w.id, "clicks": 0, "click": w.click,
                        "cause": cause})
            return 0
        return super().damage(state, w, clicks, cause, by, source, ability=ability,
                              kind=kind, pierce=pierce, plain=plain, section=section)

    def damaged(self, state: State, w: Warrior, cause: str, by: int | None,
                dead: bool) -> None:
        if w.castle is None:
            super().damaged(state, w, cause, by, dead)
        elif dead:
            # Castle rules, Eliminating Castle Sections: it leaves rubble.
            castle.collapse(state, w)
        elif castle_combat.breached_showing(w):
            # Castle rules, Portals: breached as soon as Demoralized shows.
            castle_combat.breach(state, w, by)

    def elevation(self, state: State, w: Warrior) -> int | None:
        section = w.castle
        if section is not None and section.feature >= 0:
            # Castle rules, Attacks: "The center point is considered to be on elevated
            # terrain" (the section's own feature, whatever lies at its centre).
            return section.feature
        return super().elevation(state, w)

    def action_violation(self, state: State, w: Warrior, kind: str) -> str | None:
        # Castle rules, Actions: a section is given ranged combat actions only.
        if state.sections and w.castle is not None:
            return castle_combat.action_violation(state, w, kind)
        return None

    def firing_range_violation(self, firer: Warrior, t: Warrior) -> str | None:
        # Castle rules, Attacks: a section fires at nothing within 4".
        return castle_combat.range_violation(firer, t)

    def ranged_target_check(self, state: State, firer: Warrior, t: Warrior,
                            plan: AttackPlan | None) -> str | None:
        # Castle rules, Attacking the Castle: only the listed attackers, never the section
        # one stands on; General Rules: the abilities that cannot affect it.
        if state.sections and t.castle is not None:
            return castle_combat.target_violation(state, firer, t, "ranged", plan)
        return None

    def close_targeting(self, state: State, a: Warrior, t: Warrior, capture: bool,
                        plan: AttackPlan | None) -> str | AsWarrior | None:
        """Castle rules, Attacking the Castle; General Rules: a section attacked in close
        combat by a front arc touching it, never captured."""
        if not state.sections or t.castle is None:
            return super().close_targeting(state, a, t, capture, plan)
        if capture:
            return self.no_capture
        why = castle_combat.target_violation(state, a, t, "close", plan)
        if why:
            return why
        if t.team == a.team:
            return ("Rulebook III, Targeting Friendly Figures: a friendly figure cannot be "
                    "the target of a damaging attack")
        # "opposing figures whose front arcs are touching a castle section may attack it
        # as if they were in base contact with it" (whatever the elevations: the section
        # is the terrain it stands for).
        if not castle_combat.front_touches(state, a, t):
            return (f"{castle_combat.ATTACKING}: the warrior's front arc must touch the "
                    "castle section")
        if plan is not None:
            return combat.targeting_violation(state, a, t, plan)
        return None

    # --- the castle on the battlefield ---------------------------------------------------

    def approach_spots(self, state: State, w: Warrior, limit: float
                       ) -> list[tuple[g.Point, float]]:
        return castle_combat.approach_spots(state, w, limit) if state.sections else []

    def close_targets(self, state: State, w: Warrior) -> list[Warrior]:
        if not state.sections:
            return []
        # Castle rules, Attacking the Castle: the sections its front arc touches; Close
        # Combat: figures touching a connected access point.
        return [*castle_combat.close_targets(state, w), *castle_access.reachable(state, w)]

    def reaches_across(self, state: State, a: Warrior, t: Warrior) -> bool:
        # Castle rules, Close Combat: "A warrior whose front arc is in contact with an
        # access point may make a close combat attack against a figure touching a
        # connected access point".
        return bool(state.sections) and castle_access.across(state, a, t)

    def gang_across_ok(self, state: State, m: Warrior, t: Warrior) -> bool:
        return castle_access.gang_ok(state, m, t)

    def across_targets(self, state: State, a: Warrior) -> list[Warrior]:
        return castle_access.reachable(state, a) if state.sections else []

    def gang_members(self, state: State, w: Warrior, targets: list[Warrior],
                     across: set[int]) -> set[int]:
        if not state.sections:
            return set()
        # Castle rules, Attacking the Castle: gang-up by front arcs touching a section.
        found = {m.id for t in targets if t.castle is not None for m in state.warriors
                 if m.owner == w.owner and castle_combat.front_touches(state, m, t)}
        # Close Combat: gang-up by warriors touching a connected access point.
        found |= {m.id for t in targets if t.id in across for m in state.warriors
                  if m.owner == w.owner and m is not w and castle_access.gang_ok(state, m, t)}
        return found

    def formation_moves(self, state: State, formation: Action) -> Iterator[Action]:
        # Castle rules, Planking and Ladders: the formation's movement action places or
        # removes a ladder instead.
        if state.sections and isinstance(formation, MoveFormation):
            return castle_access.ladders(state, formation)
        return iter(())

    def terrain_violation(self, state: State, polygon: g.Polygon) -> str | None:
        if not state.sections:
            return None
        if castle_setup.terrain_in_enclosure(state, polygon):
            return ("Castle rules, Playing Area and Set-Up: players may not place terrain "
                    "pieces into the area the castle encloses")
        for other in state.terrain.features:
            # The sections are not terrain items of the pile; terrain keeps clear of them
            # (RULES_NOTES.md, Castles, Setting up).
            if self.owns_feature(other) and g.polygons_overlap(polygon, other.polygon):
                return ("Castle rules, Playing Area and Set-Up: terrain may not be placed on "
                        "a castle section")
        return None

    def owns_feature(self, feature: TerrainFeature) -> bool:
        return feature.name.startswith("castle")

    def starting_area(self, state: State, w: Warrior, at: g.Point, discs: tuple[g.Disc, ...]
                      ) -> str | AsWarrior | None:
        # Castle rules, Playing Area and Set-Up: the starting areas of a siege.
        if not state.sections:
            return AS_WARRIOR
        return castle_setup.castle_deploy_violation(state, w, at, discs)

    def deploy_region(self, state: State, w: Warrior
                      ) -> tuple[tuple[float, float, float, float], bool] | None:
        # A siege's starting areas are large: the answer is kept while no base has moved.
        return (castle_setup.deploy_region(state, w), True) if state.sections else None

    def deploy_spots(self, state: State, w: Warrior, spots: list[g.Point]) -> list[g.Point]:
        # Not the spots its rules refuse for certain.
        return castle_setup.prune_spots(state, w, spots) if state.sections else spots

    def turn_choices(self, state: State) -> Iterator[Action]:
        # Castle rules, Portals: the castle player opens or closes portals first.
        return iter(castle.portal_choices(state)) if state.sections else iter(())

    def defense_modifiers(self, state: State, attacker: Warrior, t: Warrior, terrain: int
                          ) -> tuple[tuple[str, int], ...]:
        # Castle rules, Attacking Warriors on Castle Sections: the fortification modifier.
        if not state.sections:
            return ()
        return ((castle_combat.FORTIFICATION,
                 castle_combat.fortification_modifier(state, attacker, t, terrain)),)

    def in_contact(self, state: State, a: Warrior, b: Warrior) -> bool:
        # Castle rules, Gatehouse: "Any warrior on top of the gatehouse is considered to be
        # in base contact with any other warrior on top of the same gatehouse."
        return bool(state.sections) and castle_access.same_gatehouse(state, a, b)

    def more_contacts(self, state: State, w: Warrior, found: list[Any],
                      standing: Iterable[Any], opposing: bool) -> list[Any]:
        """Castle rules, Gatehouse: ``found`` with the figures on top of the gatehouse
        ``w`` stands on, in the order of the warriors."""
        if not state.sections or not state.terrain.bridges:
            return found
        gate = castle_access.gatehouse_under(state, w)
        if gate is None:
            return found
        have = set(found)
        extra = {o for o, _, _, _, oteam, _, free in standing
                 if o is not w and o not in have and (not opposing or (oteam != w.team and free))
                 and castle_access.gatehouse_under(state, o) == gate}
        if not extra:
            return found
        return [o for o, *_ in standing if o in have or o in extra]

    def position_violation(self, state: State, w: Warrior, discs: tuple[g.Disc, ...]
                           ) -> str | None:
        # Castle rules, Access Points: who may never occupy a castle section.
        return castle_setup.occupy_violation(state, w, discs) if state.sections else None

    def turn_begins(self, state: State, player: int) -> int:
        # Castle rules, Actions, Mage Knight: 1 extra action while the army has a keep.
        return castle_combat.extra_actions(state, player) if state.sections else 0

    def points(self, state: State) -> list[int] | None:
        # Castle rules, Victory Points: half the points of a section breached but not
        # eliminated, as elimination points of the player whose figure breached it.
        return castle_combat.breach_points(state) if state.sections else None


CASTLE_SECTION = register(CastleSectionKind())
