"""The chariot as a kind of figure (the unified chariot rules): what it does differently
from a warrior, registered once (figure_kinds.py). The rules themselves are in
:mod:`~armybuilder.engine.chariots` (dials, damage, actions, pushing),
:mod:`~armybuilder.engine.chariot_movement`, :mod:`~armybuilder.engine.chariot_combat`,
:mod:`~armybuilder.engine.passengers` and :mod:`~armybuilder.engine.chariot_listing`."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from armybuilder.engine import chariot_combat, chariot_listing, chariot_movement, chariots
from armybuilder.engine.actions import ChariotMove
from armybuilder.engine.bases import SECTIONS
from armybuilder.engine.figure_kinds import AS_WARRIOR, AsWarrior, FigureKind, register
from armybuilder.engine.sections import ELIMINATED, Chariot, skulls, summary
from armybuilder.engine.state import NOBODY

if TYPE_CHECKING:
    from armybuilder.engine.abilities import AttackPlan
    from armybuilder.engine.actions import Action, CloseAttack, Pass, RangedAttack
    from armybuilder.engine.cards import FigureCard
    from armybuilder.engine.combat import Strike
    from armybuilder.engine.pending import ContactCheck
    from armybuilder.engine.ranged import Shot
    from armybuilder.engine.state import State, Warrior


class ChariotKind(FigureKind):
    name: ClassVar[str] = "chariot"
    # Chariot rules, General Rules: Healing and Magic Healing cannot affect it, and no
    # ability of its sections heals it (RULES_NOTES.md, Chariots).
    healable: ClassVar[bool] = False
    own_dial: ClassVar[bool] = True
    own_movement: ClassVar[str | None] = (
        "Chariot rules, Movement: a chariot moves straight ahead after a spin (ChariotMove)")
    no_capture: ClassVar[str | None] = (
        f"{chariots.GENERAL}: a chariot cannot capture or be captured")
    targeted_otherwise: ClassVar[bool] = True
    own_listing: ClassVar[bool] = True
    no_formation: ClassVar[str | None] = (
        "Chariot rules, General Rules: a chariot cannot be part of a formation")
    refuses: ClassVar[Mapping[str, str]] = {
        "Magic Levitation":
            "Chariot rules, General Rules: Magic Levitation cannot affect a chariot",
        "Necromancy":
            "Chariot rules, General Rules: a chariot cannot be brought back by Necromancy",
        "Venom": "Chariot rules, General Rules: Venom cannot affect a chariot",
        "Magic Freeze": "Chariot rules, General Rules: Magic Freeze cannot affect a chariot",
    }
    # Chariot rules, General Rules: a chariot never makes a free spin.
    free_spins: ClassVar[bool] = False
    # Chariot rules, Combat Dials; Attacking a Chariot: an attack affects one section.
    has_sections: ClassVar[bool] = True
    # Chariot rules, Actions; Passenger Combat Actions: a section, or a passenger, is
    # given the action.
    fights_otherwise: ClassVar[bool] = True

    def claims(self, card: FigureCard) -> bool:
        # Chariot rules, Combat Dials: a base of four sections, each with its own dial.
        return bool(card.sections)

    def made(self, w: Warrior, card: FigureCard) -> None:
        object.__setattr__(w, "chariot", Chariot(card))

    def dials_set(self, w: Warrior) -> None:
        # Chariot rules, Combat Dials: each section's dial at the starting click.
        chariot = chariots.chariot_of(w)
        chariot.clicks = [w.card.starting_click] * len(chariot.clicks)
        w._read_dial()

    def deployed(self, state: State, w: Warrior, placed: bool) -> None:
        # Chariot rules, Passengers: its passenger goes with it; with nowhere to set the
        # chariot down, he stays off the table with it.
        chariot = chariots.chariot_of(w)
        rider = chariot.passenger
        if rider == NOBODY:
            return
        p = state.warriors[rider]
        if placed:
            p.place(w.x, w.y, p.facing)
            state.emit({"e": "aboard", "warrior": rider, "chariot": w.id})
        else:
            chariot.passenger = NOBODY
            p.riding = NOBODY
            state.emit({"e": "no_room", "warrior": rider})

    def scenario_sections(self, w: Warrior, clicks: tuple[int, ...]) -> bool:
        # Chariot rules, Combat Dials: one click on each of its four dials.
        chariot = chariots.chariot_of(w)
        if len(clicks) != len(chariot.clicks) or any(
                not 0 <= c < len(dial) for c, dial in zip(clicks, w.card.sections,
                                                           strict=False)):
            return False
        chariot.clicks = list(clicks)
        w._read_dial()
        return True

    def scenario_violation(self, w: Warrior) -> str | None:
        if w.on_table and skulls(w.card, chariots.chariot_of(w)) >= ELIMINATED:
            return "field sections: six skulls eliminate a chariot"
        return None

    def read_dial(self, w: Warrior) -> None:
        # Each rule asks the section it concerns; the chariot as a whole shows the best of
        # its active sections, and no ability of theirs acts through it.
        stats, names = summary(w.card, chariots.chariot_of(w))
        object.__setattr__(w, "stats", stats)
        object.__setattr__(w, "showing", names)
        object.__setattr__(w, "abilities", ())

    def damage(self, state: State, w: Warrior, clicks: int, cause: str, by: int | None,
               source: Warrior | None, *, ability: str | None, kind: str | None,
               pierce: bool, plain: bool, section: int) -> int:
        # Chariot rules, Attacking a Chariot: recorded on one section's dial.
        return chariots.damage(state, w, clicks, cause, by, source, ability=ability,
                               kind=kind, pierce=pierce, plain=plain, section=section)

    def damage_by_contact(self, state: State, w: Warrior, by: Warrior, clicks: int,
                          ability: str) -> None:
        # On the section the holder touches, or the one the chariot's player chooses.
        chariots.damage_by_contact(state, w, by, clicks, "ability", ability)

    def pushed(self, state: State, w: Warrior) -> None:
        # Chariot rules, Pushing: "1 click of damage to the active section of your choice"
        # (a choice, when owed, is made first: owes_before_pushing).
        if w.on_table:
            state.damage(w, 1, "pushing", None, section=chariots.push_section(w))

    def check_pass(self, state: State, w: Warrior, action: Pass) -> None:
        chariots.pass_section(state, w, action)

    def give_pass(self, state: State, w: Warrior, action: Pass) -> bool:
        # Chariot rules, Actions: a pass, like any action, is given to one active section.
        k = chariots.pass_section(state, w, action)
        chariots.mark_action(state, w, (k,), nonpass=False)
        state.emit({"e": "action", "kind": "pass", "warrior": w.id, "section": action.section})
        return True

    def passenger_gone(self, state: State, w: Warrior, rider: Warrior) -> None:
        # Chariot rules, Passengers: an eliminated passenger leaves its compartment.
        chariots.chariot_of(w).passenger = NOBODY

    def snapshot(self, w: Warrior) -> str | None:
        return repr(w.chariot)

    def ranged_targeting(self, state: State, firer: Warrior, t: Warrior,
                         plan: AttackPlan | None) -> str | AsWarrior | None:
        # Chariot rules, Attacking a Chariot: which section, and whether it may be
        # attacked, follow from the line of fire (chariot_combat.ranged_shot).
        return chariot_combat.ranged_target_violation(state, firer, t, plan)

    def close_targeting(self, state: State, a: Warrior, t: Warrior, capture: bool,
                        plan: AttackPlan | None) -> str | AsWarrior | None:
        # Chariot rules, General Rules: the abilities that cannot affect a chariot.
        if plan is not None and plan.mode is not None:
            why = chariots.unaffected(t, plan.mode)
            if why:
                return why
        return AS_WARRIOR

    def close_aim(self, state: State, a: Warrior, t: Warrior, plan: AttackPlan,
                  aim: str | None) -> str | None:
        # Chariot rules, Attacking a Chariot: the section affected, or why none may be.
        found = chariot_combat.close_target(state, a, t, plan, aim)
        return found if isinstance(found, str) else None

    def close_strike(self, state: State, a: Warrior, t: Warrior, plan: AttackPlan,
                     aim: str | None, defense: tuple[tuple[str, int], ...],
                     roll: tuple[tuple[str, int], ...]) -> Strike:
        # Chariot rules, Attacking a Chariot: the strike lands on one section.
        return chariot_combat.close_strike(state, a, t, plan, aim, defense, roll)

    def aims(self, state: State, a: Warrior, t: Warrior, plan: AttackPlan
             ) -> list[str | None]:
        # The section touched, or the one the attacker names when it is inactive.
        return chariot_combat.aims_for(state, a, t, plan)

    def ranged_shot(self, state: State, firer: Warrior, t: Warrior, plan: AttackPlan,
                    aim: str | None) -> Shot | str:
        # Chariot rules, Attacking a Chariot: the section the line of fire crosses; a
        # section or a passenger fires through arcs of its own.
        return chariot_combat.shot(state, firer, t, plan, aim)

    def shots_at(self, state: State, firer: Warrior, t: Warrior, plan: AttackPlan
                 ) -> list[Shot]:
        return chariot_combat.shots_at(state, firer, t, plan)

    def splashed(self, state: State, o: Warrior, target: Warrior, plan: AttackPlan) -> bool:
        # Only its active sections touching the target; never the chariot the attacker
        # rides in (RULES_NOTES.md, Chariots).
        return o.id != plan.attacker.riding and chariot_combat.splashed(state, o, target)

    def splash_strike(self, state: State, o: Warrior, target: Warrior) -> Strike:
        return chariot_combat.splash_strike(state, o, target)

    def check_close(self, state: State, action: CloseAttack, follow_up: bool
                    ) -> tuple[Warrior, list[Warrior], list[Warrior], AttackPlan]:
        return chariot_combat.check_close(state, action, follow_up)

    def check_ranged(self, state: State, action: RangedAttack, follow_up: bool
                     ) -> tuple[Warrior, list[Warrior], AttackPlan, list[Shot]]:
        return chariot_combat.check_ranged(state, action, follow_up)

    def section_fought(self, state: State, w: Warrior, section: int) -> None:
        # The section's action, the chariot's token, and no move after it this turn.
        chariot_combat.mark(state, w, section)

    def everyone_in_reach(self, state: State, firer: Warrior, plan: AttackPlan,
                          aim: str | None) -> list[Shot] | None:
        # A chariot's section and a passenger fire only through their own arcs; a chariot
        # in reach is struck on a section.
        return chariot_combat.everyone_in_reach(state, firer, plan, aim)

    def allowance(self, state: State, w: Warrior) -> float | None:
        # Chariot rules, Movement: the sections' move actions combined.
        return chariot_movement.farthest(state, w)

    def section_names(self, w: Warrior) -> list[str | None]:
        # Chariot rules, Actions: given to its sections, the active ones first.
        return sorted(SECTIONS, key=lambda name: not chariots.active(w, SECTIONS.index(name)))

    def move_probes(self, state: State, w: Warrior, sections: list[str | None]
                    ) -> list[Action]:
        return [ChariotMove(w.id, (k,), f, 0.3) for k in sections if k is not None
                for f in (w.facing, w.facing + math.pi)]

    def game_begins(self, state: State) -> None:
        unplayed = chariots.unplayed_section_abilities(w.card for w in state.warriors)
        if unplayed:
            # RULES_NOTES.md, Chariots: abilities a chariot's section does not play.
            state.emit({"e": "section_abilities_without_rules", "names": unplayed})

    def actions(self, state: State, w: Warrior, kinds: Any) -> Iterator[tuple[Action, Any]]:
        # Chariot rules, Actions: given section by section (chariot_listing).
        return chariot_listing.chariot_actions(state, w, kinds)

    def more_moves(self, state: State, w: Warrior) -> Iterator[Action]:
        # Chariot rules, Boarding & Disembarking: a move action boards a friendly chariot.
        return chariot_listing.boardings(state, w)

    def contact_damage(self, state: State, step: ContactCheck
                       ) -> tuple[list[tuple[Warrior, int, str, Warrior]], bool]:
        # Chariot rules, New Special Abilities: a chariot's Ram.
        rams, rammed = chariots.ram_contacts(state, step.movers, step.before)
        return [(victim, 1, "Ram", c) for c, victim in rams], rammed

    def owes_before_pushing(self, state: State) -> bool:
        return bool(state.pushed) and chariots.owe_push_choice(state)


CHARIOT = register(ChariotKind())
