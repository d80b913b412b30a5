"""Passengers: boarding, riding, fighting from and leaving a chariot's rear compartment
(Chariot rules, Passengers, Boarding & Disembarking, Passenger Combat Actions, Damaging a
Passenger; FAQ, Chariot Combat Actions).

A passenger is off the battlefield (``on_table`` False, ``riding`` naming his chariot): he
touches no figure, not even his chariot ("A passenger is not considered to be in base
contact with the chariot"), blocks no line of fire and cannot be targeted. He stands at
the chariot's centre dot, from which his lines of fire are drawn, and is given actions
and tokens of his own.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from armybuilder.engine import chariots, movement, turns
from armybuilder.engine import geometry as g
from armybuilder.engine.actions import Board, Disembark
from armybuilder.engine.bases import FRONT
from armybuilder.engine.pending import ContactCheck
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior

if TYPE_CHECKING:
    from armybuilder.engine.abilities import AttackPlan
    from armybuilder.engine.ranged import Shot

PASSENGERS = "Chariot rules, Passengers"
BOARDING = "Chariot rules, Boarding & Disembarking"
COMBAT = "Chariot rules, Passenger Combat Actions"
SHOCKWAVE = "Shockwave"


def rider_violation(w: Warrior) -> str | None:
    """Chariot rules, Passengers: "Only a warrior with a single combat dial can be a
    passenger. No warrior with a horseshoe speed symbol may be a passenger.\""""
    if w.chariot is not None or w.card.sections:
        return f"{PASSENGERS}: only a warrior with a single combat dial can be a passenger"
    if w.card.horseshoe:
        return f"{PASSENGERS}: no warrior with a horseshoe speed symbol may be a passenger"
    return None


def chariot_of(state: State, p: Warrior) -> Warrior:
    return state.warriors[p.riding]


# --- boarding ------------------------------------------------------------------------------


def check_board(state: State, action: Board) -> tuple[Warrior, Warrior]:
    n = len(state.warriors)
    if not (0 <= action.warrior < n and 0 <= action.chariot < n):
        raise IllegalAction(BOARDING, "no such warrior or chariot")
    w, c = state.warriors[action.warrior], state.warriors[action.chariot]
    why = turns.action_violation(state, w, "move")
    if why:
        raise IllegalAction(why, f"{w.label} cannot be given a move action")
    why = board_violation(state, w, c)
    if why:
        raise IllegalAction(why, f"{w.label} cannot board {c.label}")
    return w, c


def board_violation(state: State, w: Warrior, c: Warrior) -> str | None:
    """Chariot rules, Boarding & Disembarking: "A friendly warrior may become a passenger
    if given a move action while in base contact with either side section or rear section
    of the chariot. His speed value must be greater than 0 and he cannot have a captive
    under his control.\""""
    if c.chariot is None or not c.on_table:
        return f"{PASSENGERS}: only a chariot on the battlefield carries a passenger"
    if w.riding != NOBODY or not w.on_table:
        return f"{BOARDING}: the warrior is already a passenger"
    if not state.friendly(w, c):
        return f"{PASSENGERS}: an opposing warrior can never be a passenger"
    why = rider_violation(w)
    if why:
        return why
    if c.chariot.passenger != NOBODY:
        return f"{PASSENGERS}: a chariot can only have one passenger at a time"
    if w.stats.speed <= 0:
        return f"{BOARDING}: his speed value must be greater than 0"
    if w.captive != NOBODY:
        return f"{BOARDING}: he cannot have a captive under his control"
    if not any(k in chariots.PASSENGER_SECTIONS
               for k in chariots.touching_sections(state, c, w)):
        return f"{BOARDING}: in base contact with either side section or the rear section"
    return None


def apply_board(state: State, action: Board) -> None:
    w, c = check_board(state, action)
    state.emit({"e": "action", "kind": "move", "warrior": w.id, "board": c.id})
    if turns.action_is_free(state, w, "move"):
        state.free_action = True
        state.emit({"e": "free_action", "warrior": w.id})
    turns.mark_action(state, w, nonpass=True)
    if state.opposing_contacts(w) and not _breaks_away(state, w):
        return
    embark(state, w, c)
    state.emit({"e": "boarded", "warrior": w.id, "chariot": c.id})


def _breaks_away(state: State, w: Warrior) -> bool:
    # Rulebook III, Breaking Away: boarding takes him out of contact, like any move.
    return movement._breaks_away(state, w)


def embark(state: State, w: Warrior, c: Warrior) -> None:
    """Put ``w`` in ``c``'s rear compartment (boarding, or starting the game aboard)."""
    chariot = chariots.chariot_of(c)
    chariot.passenger = w.id
    w.on_table = False
    w.riding = c.id
    w.place(c.x, c.y, w.facing)


# --- disembarking -------------------------------------------------------------------------


def check_disembark(state: State, action: Disembark) -> tuple[Warrior, Warrior, g.Point, float]:
    if not 0 <= action.warrior < len(state.warriors):
        raise IllegalAction(BOARDING, f"there is no warrior {action.warrior}")
    w = state.warriors[action.warrior]
    if w.riding == NOBODY:
        raise IllegalAction(BOARDING, f"{w.label} is not a passenger")
    why = turns.action_violation(state, w, "move")
    if why:
        raise IllegalAction(why, f"{w.label} cannot be given a move action")
    c = chariot_of(state, w)
    at = (float(action.at[0]), float(action.at[1]))
    facing = g.normalize_angle(float(action.facing))
    why = disembark_violation(state, w, c, at, facing)
    if why:
        raise IllegalAction(why, f"{w.label} cannot disembark there")
    return w, c, at, facing


def disembark_violation(state: State, w: Warrior, c: Warrior, at: g.Point, facing: float
                        ) -> str | None:
    """Chariot rules, Boarding & Disembarking: "A passenger with a speed value greater than
    0 may leave a chariot when he is given a move action. Place the warrior in base contact
    with either side section or the rear section of the chariot; he may have any facing.\""""
    if w.stats.speed <= 0:
        return f"{BOARDING}: a passenger with a speed value greater than 0 may leave"
    discs = w.discs_at(at, facing)
    if not any(k in chariots.PASSENGER_SECTIONS
               for k in chariots.touching_sections(state, c, w, discs)):
        return f"{BOARDING}: placed in base contact with either side section or the rear"
    why = movement.placement_violation(state, w, at, facing)
    if why:
        return why
    if "Demoralized" in w.abilities and any(
            state.opposing(w, o) and o.on_table and state.bases_touch(discs, o.discs)
            for o in state.warriors):
        # Special Abilities Card, Demoralized: never into base contact of its own accord.
        return "Special Abilities Card, Demoralized: may not move into base contact"
    return None


def apply_disembark(state: State, action: Disembark) -> None:
    w, c, at, facing = check_disembark(state, action)
    state.emit({"e": "action", "kind": "move", "warrior": w.id, "disembark": c.id})
    if turns.action_is_free(state, w, "move"):
        state.free_action = True
        state.emit({"e": "free_action", "warrior": w.id})
    turns.mark_action(state, w, nonpass=True)
    chariots.chariot_of(c).passenger = NOBODY
    w.riding = NOBODY
    w.place(at[0], at[1], facing)
    w.on_table = True
    state.emit({"e": "disembarked", "warrior": w.id, "chariot": c.id, "at": [w.x, w.y],
                "facing": w.facing})
    # Placed beside the chariot, he may come into base contact: free spins, Pole Arm.
    movement.offer_free_spins(state, [w.id], given_move=True)
    state.pending.append(ContactCheck(movers=(w.id,), before=frozenset()))


def disembark_spots(state: State, w: Warrior) -> list[tuple[g.Point, float]]:
    """Where a passenger may be set down: touching the middle of each side and the rear,
    and the two rear corners, facing away from the chariot (the engine checks each)."""
    c = chariot_of(state, w)
    out = []
    for k in chariots.PASSENGER_SECTIONS:
        x, y, r = c.discs[k]
        out_bearing = g.bearing((c.x, c.y), (x, y))
        for turn in (0.0, 0.6, -0.6):
            a = out_bearing + turn
            reach = r + w.half_length + 0.001
            at = (x + reach * math.cos(a), y + reach * math.sin(a))
            out.append((at, a))
    return out


# --- combat from the compartment ---------------------------------------------------------


def fire_violation(state: State, p: Warrior) -> str | None:
    """Chariot rules, Passenger Combat Actions: "A passenger can make a ranged combat
    attack if the chariot has not yet moved during the turn.\""""
    c = chariot_of(state, p)
    if chariots.chariot_of(c).moved == state.turn:
        return f"{COMBAT}: a passenger fires only if the chariot has not yet moved this turn"
    return None


def shot_violation(state: State, p: Warrior, t: Warrior, plan: AttackPlan) -> str | None:
    """Chariot rules, Passenger Combat Actions: the line of fire from the chariot's centre
    dot may not pass through the front section (along its borderline is not through it),
    and no opposing warrior touching the chariot may be attacked unless by Shockwave."""
    c = chariot_of(state, p)
    if t is c:
        return f"{COMBAT}: a passenger cannot target his chariot for any purpose"
    if plan.mode != SHOCKWAVE and state.opposing(p, t) and state.touching(c, t):
        return (f"{COMBAT}: no ranged combat attack against an opposing warrior in base "
                "contact with the chariot unless using Shockwave")
    if chariots.sections_crossed(c, (t.x, t.y)) == (FRONT,):
        return f"{COMBAT}: a passenger's line of fire may not pass through the front section"
    return None


def arc_of(state: State, p: Warrior, t: Warrior) -> set[int]:
    """The chariot's sections (side or rear) a passenger's attack on ``t`` goes through:
    touching ``t`` for close combat, crossed by the line of fire otherwise."""
    c = chariot_of(state, p)
    touched = {k for k in chariots.touching_sections(state, c, t)
               if k in chariots.PASSENGER_SECTIONS}
    if touched:
        return touched
    return {k for k in chariots.sections_crossed(c, (t.x, t.y)) if k != FRONT}


def one_arc(state: State, p: Warrior, shots: list[Shot]) -> str | None:
    """FAQ, Chariot Combat Actions: "A passenger on a chariot may attack only through one
    arc during an action": every target through one and the same section."""
    common: set[int] | None = None
    for s in shots:
        arc = arc_of(state, p, s.target)
        common = arc if common is None else common & arc
    if common is not None and not common:
        return "FAQ, Chariot Combat Actions: a passenger attacks through only one arc"
    return None


def close_targets(state: State, p: Warrior) -> list[Warrior]:
    """Chariot rules, Passenger Combat Actions: "A passenger can make a close combat attack
    against any opposing warrior in base contact with either side section or the rear
    section of the chariot\" (a friend there, for Healing)."""
    c = chariot_of(state, p)
    return [o for o in state.contacts(c) if o.on_table and o.controller == NOBODY
            and any(k in chariots.PASSENGER_SECTIONS
                    for k in chariots.touching_sections(state, c, o))]

