"""Chariots: four sections with their own dials, given actions section by section (the
unified chariot rules, seed 003, "Chariot rules" below, with the FAQ's chariot rulings).

A chariot is one :class:`~armybuilder.engine.state.Warrior` on a
:class:`~armybuilder.engine.bases.ChariotBase`; ``warrior.chariot`` holds its section
dials (:mod:`armybuilder.engine.sections`). Every rule that concerns a section asks that
section's dial here: what it shows, whether it is active, its abilities in effect. The
chariot as a whole shows no ability (``warrior.abilities`` is empty), so no ordinary rule
of a special ability acts through it by mistake; the rules that play a section's
abilities name the section (RULES_NOTES.md, Chariots).

This module holds the general rules, the dials, damage and elimination, actions and
pushing; movement is in :mod:`armybuilder.engine.chariot_movement`, combat in
:mod:`armybuilder.engine.chariot_combat`, passengers in
:mod:`armybuilder.engine.passengers`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from armybuilder.engine import geometry as g
from armybuilder.engine import turns
from armybuilder.engine.actions import Pass
from armybuilder.engine.bases import FRONT, LEFT, REAR, RIGHT, SECTIONS, ChariotBase
from armybuilder.engine.cards import ClickStats
from armybuilder.engine.pending import ContactDamage, PassengerFacing, PushClick, SectionChoice
from armybuilder.engine.phases import PLAY
from armybuilder.engine.sections import ELIMINATED, INACTIVE, Chariot
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior, dealt

#: Chariot rules, Passengers: damage recorded on these sections may reach the passenger,
#: and he boards and disembarks touching them.
PASSENGER_SECTIONS = (LEFT, RIGHT, REAR)
#: Chariot rules, Passengers: a 5 or 6 passes the damage on.
PASSENGER_ROLL = 5
GENERAL = "Chariot rules, General Rules"
ACTIONS = "Chariot rules, Actions"
#: Chariot rules, General Rules (with its errata): abilities that cannot affect a chariot.
UNAFFECTED = frozenset({"Healing", "Magic Confusion", "Magic Freeze", "Magic Healing",
                        "Magic Levitation", "Venom"})
#: The abilities a chariot's section plays (RULES_NOTES.md, Chariots): those that act on
#: the attacks it makes or suffers, Flight and Aquatic for its moves (Chariot rules,
#: Special Abilities) and Ram (Chariot rules, New Special Abilities). Any other ability on
#: a section's dial is reported before the battle and plays as if absent.
SECTION_ABILITIES = frozenset({
    "Aquatic", "Battle Armor", "Dodge", "Flame/Lightning", "Flight", "Invulnerability",
    "Limited Invisibility", "Magic Blast", "Magic Immunity", "Magic Retaliation", "Pierce",
    "Ram", "Shockwave", "Sneak Attack", "Stealth", "Sweep", "Toughness", "Weapon Master",
})


def chariot_of(w: Warrior) -> Chariot:
    chariot = w.chariot
    if chariot is None:
        raise IllegalAction(GENERAL, f"{w.label} is not a chariot")
    return chariot


def section_index(name: str | None) -> int:
    """The index of a section named by the rules (front, left, right, rear)."""
    if name not in SECTIONS:
        raise IllegalAction("Chariot rules, Combat Dials",
                            f"name a section: {', '.join(SECTIONS)} (got {name!r})")
    return SECTIONS.index(name)


def shape(w: Warrior) -> ChariotBase:
    return w.shape  # type: ignore[return-value]


def dial(w: Warrior, k: int) -> tuple[ClickStats, int]:
    """What section ``k``'s dial shows: its click and the skulls on it."""
    chariot = chariot_of(w)
    return w.card.sections[k][chariot.clicks[k]]


def stats(w: Warrior, k: int) -> ClickStats:
    """Chariot rules, Combat Dials: the values section ``k`` shows (a skull reads 0)."""
    return dial(w, k)[0]


def active(w: Warrior, k: int) -> bool:
    """Chariot rules, Combat Dials: numbers and at most two skulls."""
    return dial(w, k)[1] < INACTIVE


def active_sections(w: Warrior) -> list[int]:
    return [k for k in range(len(SECTIONS)) if active(w, k)]


def skulls(w: Warrior) -> int:
    """The skulls the four dials show together (six eliminate the chariot)."""
    chariot = chariot_of(w)
    return sum(w.card.sections[k][c][1] for k, c in enumerate(chariot.clicks))


def abilities(w: Warrior, k: int) -> tuple[str, ...]:
    """Chariot rules, Special Abilities: "A special ability only affects the section in
    which it appears": the abilities section ``k`` shows that the engine plays on a
    section, less those its owner cancelled this turn."""
    shown = dial(w, k)[0].abilities
    if not shown:
        return shown
    cancelled = w.cancelled
    return tuple(a for a in shown if a in SECTION_ABILITIES and a not in cancelled)


def has(w: Warrior, k: int, ability: str) -> bool:
    return active(w, k) and ability in abilities(w, k)


def unplayed_section_abilities(cards: Iterable[Any]) -> list[str]:
    """The abilities on chariot cards' section dials that a section does not play (the
    engine reports them before a battle, as it does abilities it has no rules for)."""
    names = {a for card in cards for dial_ in card.sections for c, _ in dial_
             for a in c.abilities}
    return sorted(names - SECTION_ABILITIES)


def touching_sections(state: State, w: Warrior, other: Warrior,
                      discs: tuple[g.Disc, ...] | None = None) -> list[int]:
    """The sections of chariot ``w`` in base contact with ``other``'s base (Glossary, Base
    Contact, with Etiquette 3's allowance): a base on the borderline touches two."""
    mine = w.discs
    theirs = other.discs if discs is None else discs
    return [k for k in range(len(SECTIONS))
            if state.bases_touch((mine[k],), theirs)]


def outward(w: Warrior, k: int) -> float:
    """The direction section ``k`` faces, from the centre dot through its disc."""
    x, y, _ = w.discs[k]
    return g.bearing((w.x, w.y), (x, y))


# --- the dials ---------------------------------------------------------------------------


def turn_dial(state: State, w: Warrior, k: int, clicks: int) -> int:
    """Turn section ``k``'s dial ``clicks`` clicks clockwise; it stops at the first click
    showing three skulls (an inactive section takes no more: Chariot rules, Attacking a
    Chariot, only active sections are affected). Returns the clicks recorded."""
    chariot = chariot_of(w)
    dial_ = w.card.sections[k]
    recorded = 0
    while recorded < clicks and dial_[chariot.clicks[k]][1] < INACTIVE \
            and chariot.clicks[k] + 1 < len(dial_):
        chariot.clicks[k] += 1
        recorded += 1
    w._read_dial()  # the chariot's summary (memory.py: a chariot section's dial)
    if w.owner == state.current and state.phase == PLAY and not can_act(state, w):
        # Its last section that could still act went inactive: nothing more for it this
        # turn (turns.can_still_act).
        w.acted_turn = state.turn
    return recorded


def damage(state: State, w: Warrior, clicks: int, cause: str, by: int | None,
           source: Warrior | None = None, *, ability: str | None = None,
           kind: str | None = None, pierce: bool = False, plain: bool = False,
           section: int = -1) -> int:
    """:meth:`State.damage` for a chariot: the clicks go on one section's dial, reduced by
    that section's abilities (Toughness, Invulnerability: Chariot rules, Special
    Abilities), then may reach the passenger, and six skulls eliminate the chariot."""
    if not w.on_table:
        return 0
    if not 0 <= section < len(SECTIONS):
        raise ValueError(f"damage to {w.label} must name the section it is recorded on")
    if clicks > 0 and not plain:
        clicks = state.reduced(w, abilities(w, section), clicks, cause, source, ability, kind,
                               pierce)
    chariot = chariot_of(w)
    recorded = turn_dial(state, w, section, clicks) if clicks > 0 else 0
    state.emit(dealt({"e": "damage", "warrior": w.id, "clicks": recorded,
                      "click": chariot.clicks[section], "section": SECTIONS[section],
                      "skulls": skulls(w), "cause": cause}, ability, source))
    if recorded <= 0:
        return 0
    if not active(w, section):
        state.emit({"e": "section_inactive", "warrior": w.id, "section": SECTIONS[section]})
    if cause == "attack" and section in PASSENGER_SECTIONS and chariot.passenger != NOBODY:
        _passenger_roll(state, w, recorded, by, source, kind)
    if skulls(w) >= ELIMINATED:
        eliminate(state, w, by)
    return recorded


def _passenger_roll(state: State, w: Warrior, recorded: int, by: int | None,
                    source: Warrior | None, kind: str | None) -> None:
    """Chariot rules, Damaging a Passenger: the attacking player rolls a die for an attack
    that records damage on a side or rear dial; on a 5 or 6 the passenger takes as many
    clicks, never Magic, reduced by his own Toughness or Invulnerability."""
    chariot = chariot_of(w)
    passenger = state.warriors[chariot.passenger]
    die = state.roll(1, "passenger", warrior=w.id, passenger=passenger.id)[0]
    if die < PASSENGER_ROLL:
        return
    state.emit({"e": "passenger_hit", "warrior": passenger.id, "chariot": w.id,
                "clicks": recorded})
    state.damage(passenger, recorded, "attack", by, source, kind=kind)


def eliminate(state: State, w: Warrior, by: int | None) -> None:
    """Chariot rules, Combat Dials: six skulls in all eliminate the chariot; Passengers:
    its passenger is placed with his centre dot where the chariot's was, facing as his
    player chooses, and takes a die roll of clicks."""
    chariot = chariot_of(w)
    state.eliminate(w, by)
    if chariot.passenger == NOBODY:
        return
    p = state.warriors[chariot.passenger]
    chariot.passenger = NOBODY
    p.riding = NOBODY
    p.place(w.x, w.y, p.facing)
    p.on_table = True
    state.emit({"e": "passenger_placed", "warrior": p.id, "chariot": w.id, "at": [p.x, p.y]})
    die = state.roll(1, "wreck", warrior=p.id)[0]
    # Not an attack nor a damaging ability: nothing reduces it (RULES_NOTES.md, Chariots).
    state.damage(p, die, "chariot eliminated", by, None)
    if p.on_table:
        state.pending.append(PassengerFacing(warrior=p.id))


# --- actions and pushing -----------------------------------------------------------------


def section_violation(state: State, w: Warrior, k: int, kind: str) -> str | None:
    """Why section ``k`` cannot be given an action of ``kind`` (move, ranged, close, pass)
    now, beyond what stops the chariot as a whole (turns.action_violation)."""
    chariot = chariot_of(w)
    if not active(w, k):
        return f"{ACTIONS}: an inactive section may not be given an action"
    if chariot.acted[k] == state.turn:
        return f"{ACTIONS}: each active section may only be given one action per turn"
    if kind == "move":
        if chariot.moved == state.turn:
            return ("Chariot rules, Movement: multiple move actions in one turn are given "
                    "together and combined into a single movement")
        if chariot.fought == state.turn:
            return ("Chariot rules, Movement: the combined move actions take place before "
                    "any ranged or close combat action of the remaining sections")
    elif kind == "ranged":
        if w.card.range <= 0 or stats(w, k).attack <= 0:
            return ("Chariot rules, Ranged Combat: a section with range and attack values "
                    "greater than 0")
        if any(state.opposing(w, o) for o in _touching(state, w, k)):
            return ("Chariot rules, Ranged Combat: no portion of the section, borderline "
                    "included, may be in base contact with an opposing figure")
    elif kind == "close" and stats(w, k).attack <= 0:
        return "Chariot rules, Close Combat: a section with an attack value greater than 0"
    return None


def _touching(state: State, w: Warrior, k: int) -> list[Warrior]:
    disc = (w.discs[k],)
    return [o for o in state.contacts(w) if o.on_table and state.bases_touch(disc, o.discs)]


def can_act(state: State, w: Warrior) -> bool:
    """Is an active section left that was given no action this turn?"""
    chariot = chariot_of(w)
    return any(active(w, k) and chariot.acted[k] != state.turn for k in range(len(SECTIONS)))


def mark_action(state: State, w: Warrior, sections: tuple[int, ...], nonpass: bool) -> None:
    """Chariot rules, Actions: each section given an action is done for the turn; the
    chariot takes a single action token after its first action of the turn. Pushing: a
    second token when it was given actions on the turn before too, and a click after that
    first action is resolved."""
    chariot = chariot_of(w)
    for k in sections:
        chariot.acted[k] = state.turn
    if not can_act(state, w):
        w.acted_turn = state.turn  # nothing more for it this turn (turns.can_still_act)
    if nonpass and not (w.tokens and w.token_turn == state.turn):
        turns.take_token(state, w)


def owe_push_choice(state: State) -> bool:
    """Chariot rules, Pushing: "1 click of damage to the active section of your choice":
    with more than one active section the player chooses (a decision owed before the
    action is over). True if one is now owed; the click itself is a step after it."""
    for wid in state.pushed:
        w = state.warriors[wid]
        if w.chariot is None or not w.on_table:
            continue
        options = tuple(active_sections(w))
        if len(options) > 1:
            step = PushClick(warrior=wid)
            state.pending.append(SectionChoice(warrior=wid, options=options,
                                               purpose="pushing", holder=step))
            state.pending.append(step)
            state.pushed = [i for i in state.pushed if i != wid]
            return True
    return False


def sections_crossed(w: Warrior, target: g.Point) -> tuple[int, ...]:
    """The section(s) a line from chariot ``w``'s centre dot to ``target`` leaves the base
    through: one, or the two a borderline divides."""
    base = shape(w)
    c = (w.x, w.y)
    for point, pair in base.border_points(w.x, w.y, w.facing):
        if g.segment_point_distance(c, target, point) <= g.CONTACT_TOLERANCE:
            return pair
    return (base.section_toward(g.bearing(c, target) - w.facing),)


def pass_section(state: State, w: Warrior, action: Pass) -> int:
    """Chariot rules, Actions: a pass, like any action, is given to one active section."""
    k = section_index(action.section)
    why = section_violation(state, w, k, "pass")
    if why:
        raise IllegalAction(why, f"the {action.section} section cannot be given a pass")
    return k


def push_section(w: Warrior) -> int:
    """The only active section, when a chariot pushed has one (no choice to make)."""
    return active_sections(w)[0]


def apply_push(state: State, step: PushClick) -> None:
    w = state.warriors[step.warrior]
    if w.on_table and step.section >= 0:
        state.damage(w, 1, "pushing", None, section=step.section)


# --- damage by contact (Pole Arm, Ram) -------------------------------------------------


def damage_by_contact(state: State, victim: Warrior, holder: Warrior, clicks: int,
                      cause: str, ability: str | None) -> None:
    """Damage a figure in base contact deals a chariot (Pole Arm, Ram): recorded on the
    section it touches, or on the section the chariot's player chooses when it touches
    more than one (a borderline, as Chariot rules, Attacking a Chariot, has it for
    attacks)."""
    options = tuple(k for k in touching_sections(state, victim, holder) if active(victim, k))
    if not options:
        options = tuple(active_sections(victim))
    if not options:
        return
    if len(options) == 1:
        state.damage(victim, clicks, cause, holder.owner, holder, ability=ability,
                     section=options[0])
        return
    step = ContactDamage(warrior=victim.id, clicks=clicks, cause=cause, by=holder.id,
                         ability=ability)
    state.pending.append(SectionChoice(warrior=victim.id, options=options,
                                       purpose="damage", holder=step))
    state.pending.append(step)


def apply_contact_damage(state: State, step: ContactDamage) -> None:
    w = state.warriors[step.warrior]
    by = state.warriors[step.by]
    if w.on_table and step.section >= 0 and active(w, step.section):
        state.damage(w, step.clicks, step.cause, by.owner, by, ability=step.ability,
                     section=step.section)


def ram_contacts(state: State, movers: tuple[int, ...], before: frozenset[tuple[int, int]]
                 ) -> tuple[list[tuple[Warrior, Warrior]], bool]:
    """Chariot rules, New Special Abilities, Ram: "When this warrior comes into base contact
    with an opposing figure during your turn, and this warrior's front arc is in base
    contact with the opposing figure, the opposing figure receives one click of damage and
    the current action is ended." The front arc is the front section's outer edge, where
    Ram shows. Returns (chariot, victim) pairs and whether the action ends."""
    out: list[tuple[Warrior, Warrior]] = []
    for cid in state.chariots:
        c = state.warriors[cid]
        if not c.on_table or c.owner != state.current or not has(c, FRONT, "Ram"):
            continue
        for o in state.opposing_contacts(c):
            pair = (min(c.id, o.id), max(c.id, o.id))
            if pair in before or (c.id not in movers and o.id not in movers):
                continue
            if state.bases_touch((c.discs[FRONT],), o.discs):
                out.append((c, o))
    return out, bool(out)


# --- choices owed ------------------------------------------------------------------------


def check_choice(state: State, item: SectionChoice, action: Any) -> int:
    k = section_index(getattr(action, "section", None))
    if action.warrior != item.warrior:
        raise IllegalAction("Chariot rules, Attacking a Chariot: the chariot's player decides",
                            f"choose a section of warrior {item.warrior}")
    if k not in item.options:
        raise IllegalAction("Chariot rules, Attacking a Chariot",
                            f"choose one of {', '.join(SECTIONS[i] for i in item.options)}")
    return k


def apply_choice(state: State, item: SectionChoice, action: Any) -> None:
    k = check_choice(state, item, action)
    item.holder.section = k
    state.emit({"e": "section_chosen", "warrior": item.warrior, "section": SECTIONS[k],
                "purpose": item.purpose})


# --- the general rules ---------------------------------------------------------------------


def unaffected(t: Warrior, ability: str | None) -> str | None:
    """Chariot rules, General Rules: a chariot cannot be affected by Healing, Magic
    Confusion, Magic Freeze, Magic Healing, Magic Levitation or Venom."""
    if t.chariot is not None and ability in UNAFFECTED:
        return f"{GENERAL}: a chariot cannot be affected by {ability}"
    return None

