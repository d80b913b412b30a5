"""A chariot's movement (Chariot rules, Movement and Special Abilities; Ram from New
Special Abilities).

"It may move forward in a straight line, or, at the beginning of a move, it may spin on
its center dot to any facing, and then move forward in a straight line. ... add the speed
values of all the active sections given move actions. While moving, the chariot's line of
movement ignores the bases of figures with only one combat dial. Unless using the Flight
special ability, the chariot must end its move when its line of movement contacts any
figure base containing more than one combat dial."

A move is :class:`~armybuilder.engine.actions.ChariotMove`: the sections given the move
actions, the facing after the spin and the distance straight ahead. The stops the rules
impose (terrain, a base of several dials, Ram) are where the move must end: a longer one
is refused, as a warrior's move past a terrain stop is (RULES_NOTES.md, Chariots).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from armybuilder.engine import chariots, movement, turns
from armybuilder.engine import geometry as g
from armybuilder.engine.actions import ChariotMove
from armybuilder.engine.bases import FRONT, SECTIONS
from armybuilder.engine.pending import ContactCheck
from armybuilder.engine.phases import PLAY
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior
from armybuilder.engine.terrain import NOTHING, WATER

MOVEMENT = "Chariot rules, Movement"


@dataclass(slots=True)
class ChariotPlan:
    sections: tuple[int, ...]
    facing: float
    end: g.Point
    distance: float
    allowance: float
    #: It changes place or facing (a break-away roll when in contact).
    changes: bool


@dataclass(slots=True)
class Reach:
    """How far a chariot may go straight ahead at one facing, and why it stops there."""

    distance: float  # the farthest legal distance before any base or the end is checked
    why: str | None  # the rule that stops it short of the allowance, if any


def sections_of(w: Warrior, names: tuple[str, ...]) -> tuple[int, ...]:
    ks = tuple(chariots.section_index(n) for n in names)
    if not ks:
        raise IllegalAction(MOVEMENT, "give the move action to at least one section")
    if len(set(ks)) != len(ks):
        raise IllegalAction(chariots.ACTIONS, "a section is named twice")
    return ks


def moving_abilities(w: Warrior, sections: tuple[int, ...]) -> tuple[bool, bool]:
    """Chariot rules, Special Abilities: "A move action given to an active section that
    shows the Flight or Aquatic special ability activates that ability in all sections":
    (Flight, Aquatic)."""
    flight = any(chariots.has(w, k, "Flight") for k in sections)
    aquatic = any(chariots.has(w, k, "Aquatic") for k in sections)
    return flight, aquatic


def allowance(state: State, w: Warrior, sections: tuple[int, ...]) -> float:
    """Chariot rules, Movement: the sum of the speed values of the sections given move
    actions; Rulebook V, Hindering Terrain (the terrain rules apply to the whole base):
    halved, rounded up, when any part of the base starts in hindering terrain."""
    speed = sum(max(0, chariots.stats(w, k).speed) for k in sections)
    flight, aquatic = moving_abilities(w, sections)
    if state.terrain.features and not flight:
        ignore = WATER if aquatic else NOTHING
        if state.terrain.starts_hindered(w.discs, ignore):
            return float(math.ceil(speed / 2))
    return float(speed)


def _first_contact(moving: tuple[g.Disc, ...], unit: g.Point, others: tuple[g.Disc, ...]
                   ) -> float | None:
    """How far ``moving`` travels along ``unit`` before one of its discs first meets one
    of ``others`` (None: never, or they already overlap or touch)."""
    best: float | None = None
    ux, uy = unit
    for px, py, pr in moving:
        for qx, qy, qr in others:
            wx, wy = px - qx, py - qy
            reach = pr + qr
            c = wx * wx + wy * wy - reach * reach
            if c <= 0.0:
                continue  # already overlapping or touching: not a contact made moving
            b = wx * ux + wy * uy
            disc = b * b - c
            if b >= 0.0 or disc < 0.0:
                continue  # moving apart, or passing by
            s = -b - math.sqrt(disc)
            if s >= 0.0 and (best is None or s < best):
                best = s
    return best


def _closing(moving: tuple[g.Disc, ...], unit: g.Point, others: tuple[g.Disc, ...]) -> bool:
    """Do two touching bases get closer as ``moving`` sets off along ``unit``?"""
    ux, uy = unit
    for px, py, pr in moving:
        for qx, qy, qr in others:
            d = math.hypot(px - qx, py - qy)
            if d - pr - qr <= g.CONTACT_TOLERANCE and (px - qx) * ux + (py - qy) * uy < 0.0:
                return True
    return False


@dataclass(slots=True)
class Heading:
    """A chariot setting off from where it stands at one facing, and what stops it
    there however far it may go: a base of more than one combat dial, Ram. The same for
    every group of sections whose move gives it Flight and Aquatic alike
    (:func:`heading`)."""

    facing: float
    unit: g.Point
    discs: tuple[g.Disc, ...]
    flight: bool
    aquatic: bool
    stop: float  # math.inf: nothing stops it but its allowance and the terrain
    why: str | None
    ram: float
    ram_why: str | None


def heading(state: State, w: Warrior, facing: float, flight: bool, aquatic: bool
            ) -> Heading:
    """Chariot rules, Movement: a base of more than one combat dial it comes to ends the
    move (not with Flight); New Special Abilities, Ram: so does an opposing figure its
    front section comes into base contact with. Single-dial bases are passed over."""
    unit = (math.cos(facing), math.sin(facing))
    discs = w.discs_at((w.x, w.y), facing)
    best, why = math.inf, None
    ram, ram_why = math.inf, None
    if not flight:
        for o in state.warriors:
            if o is w or not o.on_table or o.chariot is None or o.id == w.captive:
                continue
            theirs = o.discs
            if g.discs_touch(discs, theirs):
                if _closing(discs, unit, theirs):
                    best, why = 0.0, (f"{MOVEMENT}: it touches a base of more than one "
                                      "combat dial and would move into it")
                    break
                continue
            s = _first_contact(discs, unit, theirs)
            if s is not None and s < best:
                best, why = s, (f"{MOVEMENT}: the move ends when the line of movement "
                                "contacts a base of more than one combat dial")
        if chariots.has(w, FRONT, "Ram"):
            front = (discs[FRONT],)
            for o in state.warriors:
                if o is w or not o.on_table or not state.opposing(w, o):
                    continue
                theirs = o.discs
                if g.discs_touch(front, theirs):
                    continue  # already in contact: not coming into it
                s = _first_contact(front, unit, theirs)
                if s is not None and s < ram:
                    ram, ram_why = s, ("Chariot rules, New Special Abilities, Ram: the "
                                       "action ends when the front arc comes into base "
                                       "contact")
    return Heading(facing, unit, discs, flight, aquatic, best, why, ram, ram_why)


def reach(state: State, w: Warrior, sections: tuple[int, ...], facing: float,
          limit: float, head: Heading | None = None) -> Reach:
    """How far ``w`` may go straight ahead at ``facing`` with ``limit`` inches: stopped by
    terrain (Rulebook V), by a base of more than one combat dial it comes to and by Ram
    (:func:`heading`; ``head``: that, already worked out for this facing and the
    sections' Flight and Aquatic). Nothing else is checked (where it ends is)."""
    if limit <= 0.0:
        return Reach(0.0, None)
    if head is None:
        head = heading(state, w, facing, *moving_abilities(w, sections))
    assert head.facing == facing
    flight, aquatic = head.flight, head.aquatic
    if head.stop <= 0.0:
        return Reach(0.0, head.why)  # it touches a base of several dials ahead
    best, why = limit, None
    if head.stop < best:
        best, why = head.stop, head.why
    if not flight and state.terrain.features:
        start = (w.x, w.y)
        end = (start[0] + limit * head.unit[0], start[1] + limit * head.unit[1])
        ignore = WATER if aquatic else NOTHING
        stop = state.terrain.movement_stop((start, end), w.shape, ignore, facing,
                                           state.memory)
        if stop is not None and stop < best:
            best, why = stop, ("Rulebook V, Terrain: a move ends on fully entering "
                               "hindering terrain, on going up or down elevated terrain "
                               "and at the far side of a low wall")
    if head.ram < best:
        best, why = head.ram, head.ram_why
    return Reach(max(0.0, best), why)


def movable_sections(state: State, w: Warrior) -> tuple[int, ...]:
    """Chariot rules, Actions and Movement: the sections of chariot ``w`` that may be
    given a move action now, in the order the rules name them."""
    if state.phase != PLAY or state.pending or \
            turns.action_violation(state, w, "move") is not None:
        return ()
    return tuple(k for k in range(len(SECTIONS))
                 if chariots.section_violation(state, w, k, "move") is None)


def farthest(state: State, w: Warrior) -> float | None:
    """Chariot rules, Movement: the farthest chariot ``w`` may go now, every section that
    may move giving its move action (as many as the turn's actions left allow, the
    fastest first: "combine movement actions of multiple sections") and their speeds
    added; None when none may."""
    left = state.turn_actions - state.actions_used
    fastest = sorted(movable_sections(state, w),
                     key=lambda k: (-chariots.stats(w, k).speed, k))[:max(0, left)]
    if not fastest:
        return None
    return allowance(state, w, tuple(sorted(fastest)))


def stop_ahead(state: State, w: Warrior, sections: tuple[int, ...], facing: float
               ) -> tuple[float, str | None]:
    """How far straight ahead at ``facing`` chariot ``w`` may drive with ``sections``'
    move actions, and the rule that stops it short: terrain, a base of several dials, Ram
    (:func:`reach`), or the battlefield's edge, which no part of its base may cross
    (Rulebook III, Movement)."""
    if not sections:
        return 0.0, None
    stop = reach(state, w, sections, facing, allowance(state, w, sections))
    edge = _to_edge(w.discs_at((w.x, w.y), facing), facing, state.table)
    if edge < stop.distance:
        return edge, "Rulebook III, Movement: the base stays on the battlefield"
    return float(stop.distance), stop.why


def _to_edge(discs: tuple[g.Disc, ...], facing: float, table: float) -> float:
    """How far ``discs`` may go at ``facing`` before one crosses the battlefield's edge."""
    ux, uy = math.cos(facing), math.sin(facing)
    best = math.inf
    for x, y, r in discs:
        for c, u in ((x, ux), (y, uy)):
            if u > 1e-12:
                best = min(best, (table - r - c) / u)
            elif u < -1e-12:
                best = min(best, (r - c) / u)
    return max(0.0, best - 1e-6)


def _check_turn(state: State, w: Warrior, facing: float, others: list[movement.Obstacle],
                ignore: frozenset[str]) -> None:
    # Rulebook III, Movement (RULES_NOTES.md, Bases): a base that turning moves must fit
    # at its new facing where it stands.
    start = (w.x, w.y)
    movement._check_position(state, w, w.discs_at(start, facing), start, others, ignore)


def turn_violation(state: State, w: Warrior, sections: tuple[str, ...], facing: float
                   ) -> str | None:
    """Why chariot ``w`` cannot turn to ``facing`` where it stands for a move given to
    ``sections`` (a move's first check when it turns: every move at that facing fails
    with it), or None. A player weighing many candidate moves asks once per facing."""
    try:
        aquatic = moving_abilities(w, sections_of(w, sections))[1]
        _check_turn(state, w, g.normalize_angle(facing), list(movement.obstacles(state, w)[0]),
                    WATER if aquatic else NOTHING)
    except IllegalAction as e:
        return str(e)
    return None


def check_chariot_move(state: State, action: ChariotMove) -> ChariotPlan:
    if not 0 <= action.warrior < len(state.warriors):
        raise IllegalAction("Rulebook III, Turns and Actions",
                            f"there is no warrior {action.warrior}")
    w = state.warriors[action.warrior]
    chariots.chariot_of(w)
    ks = sections_of(w, action.sections)
    why = turns.action_violation(state, w, "move")
    if why:
        raise IllegalAction(why, f"{w.label} cannot be given a move action")
    for k in ks:
        why = chariots.section_violation(state, w, k, "move")
        if why:
            raise IllegalAction(why, f"the {SECTIONS[k]} section cannot be given a move action")
    left = state.turn_actions - state.actions_used
    if len(ks) > left:
        raise IllegalAction("Rulebook III, Turns and Actions: each section's move action is "
                            "one of the turn's actions",
                            f"{len(ks)} move actions, {left} left this turn")
    limit = allowance(state, w, ks)
    facing = w.facing if action.facing is None else g.normalize_angle(float(action.facing))
    distance = float(action.distance)
    if not distance >= 0.0 or math.isinf(distance):
        raise IllegalAction(MOVEMENT, "a chariot moves forward: the distance is 0 or more")
    if distance > limit + movement.LENGTH_SLACK:
        raise IllegalAction(MOVEMENT, f"{w.label} may move {limit:g}\" (the sum of the "
                                      f"sections' speeds), not {distance:.3f}\"")
    flight, aquatic = moving_abilities(w, ks)
    ignore = WATER if aquatic else NOTHING
    start = (w.x, w.y)
    others = [o for o in movement.obstacles(state, w)[0]]
    turned = abs(g.angle_diff(facing, w.facing)) > 1e-9
    if turned:
        _check_turn(state, w, facing, others, ignore)
    end = (start[0] + distance * math.cos(facing), start[1] + distance * math.sin(facing))
    if distance > 0.0:
        if not (0.0 <= end[0] <= state.table and 0.0 <= end[1] <= state.table):
            raise IllegalAction("Rulebook II, Setting the Scene",
                                f"the move of {w.label} leaves the battlefield")
        stop = reach(state, w, ks, facing, distance)
        if stop.why is not None and distance > stop.distance + movement.LENGTH_SLACK:
            raise IllegalAction(stop.why, f"{w.label} must stop {stop.distance:.3f}\" ahead")
        if state.terrain.features and not flight:
            why = state.terrain.path_violation((start, end), w.shape, ignore)
            if why:
                raise IllegalAction(why, f"{w.label} cannot move along this line")
    movement._check_position(state, w, w.discs_at(end, facing), end, others, ignore)
    return ChariotPlan(sections=ks, facing=facing, end=end, distance=distance,
                       allowance=limit, changes=turned or distance > 0.0)


def apply_chariot_move(state: State, action: ChariotMove) -> None:
    plan = check_chariot_move(state, action)
    w = state.warriors[action.warrior]
    chariot = chariots.chariot_of(w)
    state.emit({"e": "action", "kind": "move", "warrior": w.id,
                "sections": [SECTIONS[k] for k in plan.sections], "speed": plan.allowance})
    chariots.mark_action(state, w, plan.sections, nonpass=True)
    chariot.moved = state.turn
    # Each section's move action is one of the turn's actions (turns.finish_action counts
    # the last).
    state.actions_used += len(plan.sections) - 1
    if plan.changes and state.opposing_contacts(w):
        # Chariot rules, General Rules: it breaks away from all opposing figures at once,
        # failing only on a 1; then it cannot rotate to a new facing either.
        die = state.roll(1, "break away", warrior=w.id)[0]
        ok = die > 1
        state.emit({"e": "break_away", "warrior": w.id, "success": ok})
        if not ok:
            return
    before = movement.contact_pairs(state, (w.id,))
    w.place(plan.end[0], plan.end[1], plan.facing)
    carry_passenger(state, w)
    state.emit({"e": "moved", "warrior": w.id, "to": [w.x, w.y], "facing": w.facing})
    if plan.distance > 0.0:
        movement.offer_free_spins(state, [w.id], given_move=True)
        state.pending.append(ContactCheck(movers=(w.id,), before=before))


def carry_passenger(state: State, w: Warrior) -> None:
    """Chariot rules, Passengers: "A passenger remains in the chariot's rear compartment
    when the chariot moves": he stands at its centre dot."""
    chariot = w.chariot
    if chariot is not None and chariot.passenger != NOBODY:
        p = state.warriors[chariot.passenger]
        p.place(w.x, w.y, p.facing)

