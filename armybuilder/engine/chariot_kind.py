"""The chariot as a kind of figure (the unified chariot rules): what it does differently
from a warrior, registered once (figure_kinds.py). The rules themselves are in
:mod:`~armybuilder.engine.chariots` (dials, damage, actions, pushing),
:mod:`~armybuilder.engine.chariot_movement`, :mod:`~armybuilder.engine.chariot_combat`,
:mod:`~armybuilder.engine.passengers` and :mod:`~armybuilder.engine.chariot_listing`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from armybuilder.engine import chariot_combat, chariot_listing, chariots
from armybuilder.engine.figure_kinds import AS_WARRIOR, AsWarrior, FigureKind, register
from armybuilder.engine.sections import Chariot, summary
from armybuilder.engine.state import NOBODY

if TYPE_CHECKING:
    from armybuilder.engine.abilities import AttackPlan
    from armybuilder.engine.actions import Action, Pass
    from armybuilder.engine.cards import FigureCard
    from armybuilder.engine.pending import ContactCheck
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

    def claims(self, card: FigureCard) -> bool:
        # Chariot rules, Combat Dials: a base of four sections, each with its own dial.
        return bool(card.sections)

    def made(self, w: Warrior, card: FigureCard) -> None:
        object.__setattr__(w, "chariot", Chariot(card))

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
