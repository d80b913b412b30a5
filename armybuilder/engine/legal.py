"""Legal actions, generated lazily, and legality checks that change nothing.

Attacks, captures and formations are listed completely. Movement happens in continuous
space, so moves are a representative set: turning in place, every reachable contact
point around each opposing figure (front, sides, rear) and straight moves in eight
directions at full and half speed. Any other move can still be given: ``apply`` and
``is_legal`` check every move exactly (RULES_NOTES.md).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import combinations
from typing import Any

from armybuilder.engine import close, formations, movement, ranged, setup, turns
from armybuilder.engine import geometry as g
from armybuilder.engine.actions import (
    Action,
    CloseAttack,
    Deploy,
    EndByAgreement,
    FormationPlan,
    FreeSpin,
    Move,
    MoveFormation,
    Pass,
    PlaceTerrain,
    RangedAttack,
    Withdraw,
)
from armybuilder.engine.geometry import Point
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior

CONTACT_GAP = 0.001  # how far apart generated contact positions leave two bases
DIRECTIONS = tuple(k * math.pi / 4 for k in range(8))


def to_act(state: State) -> int:
    if state.pending:
        p = state.pending[0]
        if isinstance(p, movement.SpinOffer):
            return state.warriors[p.warrior].owner
        return state.current
    if state.phase in ("terrain", "deploy"):
        return state.deploying
    return state.current


#: The kinds of action ``legal_actions`` can be narrowed to.
KINDS = frozenset({"pass", "move", "close", "ranged", "formation"})


def generate(state: State, warrior: int | None = None,
             kinds: frozenset[str] | set[str] | None = None) -> Iterator[Action]:
    if kinds is not None and not set(kinds) <= KINDS:
        raise ValueError(f"unknown kinds {sorted(set(kinds) - KINDS)}; use {sorted(KINDS)}")
    if state.phase == "over":
        return
    if state.pending:
        yield from _pending(state)
        return
    if state.phase == "terrain":
        yield from _terrain(state)
        return
    if state.phase == "deploy":
        yield from _deploy(state, warrior)
        return
    wanted = KINDS if kinds is None else kinds
    if warrior is not None:
        yield from _warrior(state, state.warriors[warrior], wanted)
        return
    for w in state.warriors:
        if w.owner == state.current:
            yield from _warrior(state, w, wanted)


def _warrior(state: State, w: Warrior, kinds: frozenset[str] | set[str]) -> Iterator[Action]:
    if turns.action_violation(state, w, "pass"):
        return
    if "pass" in kinds:
        yield Pass(w.id)
    can_move = turns.action_violation(state, w, "move") is None
    if can_move and "move" in kinds:
        yield from _moves(state, w)
    if "close" in kinds and turns.action_violation(state, w, "close") is None:
        yield from _close(state, w)
    if "ranged" in kinds and turns.action_violation(state, w, "ranged") is None and \
            ranged.firer_violation(state, w) is None:
        yield from _ranged(state, w)
    if can_move and "formation" in kinds:
        yield from _move_formations(state, w)


# --- moves ------------------------------------------------------------------------------


def _nearest_facing(state: State, w: Warrior, at: Point, default: float) -> float:
    best, facing = math.inf, default
    for o in state.warriors:
        if o.on_table and state.opposing(w, o):
            d = math.hypot(o.x - at[0], o.y - at[1])
            if d < best and d > g.EPS:
                best, facing = d, math.atan2(o.y - at[1], o.x - at[0])
    return facing


def _try_move(state: State, w: Warrior, move: Move, limit: float,
              around: Any = None) -> Move | None:
    try:
        movement.check_move(state, w, move, limit, around=around)
        return move
    except IllegalAction:
        pass
    if w.captive == NOBODY or not move.path:
        return None
    # Find the captive another place next to its controller.
    c = state.warriors[w.captive]
    end = move.path[-1]
    gap = w.radius + c.radius + CONTACT_GAP
    for a in DIRECTIONS:
        at = (end[0] + gap * math.cos(a), end[1] + gap * math.sin(a))
        alt = Move(move.warrior, move.path, move.facing, move.stuck_facing, at, None)
        try:
            movement.check_move(state, w, alt, limit, around=around)
            return alt
        except IllegalAction:
            continue
    return None


def _clip(state: State, w: Warrior, start: Point, end: Point) -> Point:
    """Where terrain stops a straight move from ``start`` towards ``end``."""
    if not state.terrain:
        return end
    stop = state.terrain.movement_stop((start, end), w.radius)
    if stop is None:
        return end
    return g.point_along((start, end), stop)


def _moves(state: State, w: Warrior) -> Iterator[Move]:
    start = (w.x, w.y)
    limit = movement.move_allowance(state, w)
    contacts = state.opposing_contacts(w)
    stuck = g.bearing(start, (contacts[0].x, contacts[0].y)) if contacts else None
    around = movement.obstacles(state, w)
    seen: set[tuple[float, float, float]] = set()

    def fresh(end: Point, facing: float) -> bool:
        key = (round(end[0], 6), round(end[1], 6), round(facing, 6))
        if key in seen:
            return False
        seen.add(key)
        return True

    # Turning in place towards each opposing figure in contact, and the nearest one.
    facings = [g.bearing(start, (o.x, o.y)) for o in contacts]
    facings.append(_nearest_facing(state, w, start, w.facing))
    for f in facings:
        if abs(g.angle_diff(f, w.facing)) > 1e-6 and fresh(start, f):
            found = _try_move(state, w, Move(w.id, (), f), limit, around)
            if found:
                yield found
    if limit <= 0:
        return
    # Into base contact with each opposing figure within reach: front, flanks, rear.
    opponents = sorted((o for o in state.warriors if o.on_table and state.opposing(w, o)),
                       key=lambda o: (math.hypot(o.x - w.x, o.y - w.y), o.id))
    for o in opponents:
        reach = w.radius + o.radius + CONTACT_GAP
        if math.hypot(o.x - w.x, o.y - w.y) - reach > limit:
            break
        approach = g.bearing((o.x, o.y), start)
        for da in (0.0, math.pi / 3, -math.pi / 3, 2 * math.pi / 3, -2 * math.pi / 3, math.pi):
            a = approach + da
            end = (o.x + reach * math.cos(a), o.y + reach * math.sin(a))
            if g.distance(start, end) > limit or _clip(state, w, start, end) != end:
                continue
            facing = g.bearing(end, (o.x, o.y))
            if fresh(end, facing):
                found = _try_move(state, w, Move(w.id, (end,), facing, stuck), limit, around)
                if found:
                    yield found
    # Alongside a friendly warrior, to form up.
    for f in state.warriors:
        if f is w or not f.on_table or not state.friendly(w, f) or f.id == w.captive:
            continue
        reach = w.radius + f.radius + CONTACT_GAP
        if math.hypot(f.x - w.x, f.y - w.y) - reach > limit or state.touching(w, f):
            continue
        a = g.bearing((f.x, f.y), start)
        end = (f.x + reach * math.cos(a), f.y + reach * math.sin(a))
        if _clip(state, w, start, end) != end:
            continue
        facing = _nearest_facing(state, w, end, w.facing)
        if fresh(end, facing):
            found = _try_move(state, w, Move(w.id, (end,), facing, stuck), limit, around)
            if found:
                yield found
    # Straight moves in eight directions, at full and half speed.
    r, table = w.radius, state.table
    for a in DIRECTIONS:
        for frac in (1.0, 0.5):
            d = limit * frac
            end = (min(table - r, max(r, w.x + d * math.cos(a))),
                   min(table - r, max(r, w.y + d * math.sin(a))))
            if g.distance(start, end) <= 1e-6:
                continue
            end = _clip(state, w, start, end)
            facing = _nearest_facing(state, w, end, a)
            if fresh(end, facing):
                found = _try_move(state, w, Move(w.id, (end,), facing, stuck), limit, around)
                if found:
                    yield found


# --- attacks ----------------------------------------------------------------------------


def _ranged(state: State, w: Warrior) -> Iterator[RangedAttack]:
    targets = [t for t in state.warriors
               if t.on_table and t.team != w.team and ranged.target_violation(state, w, t) is None
               and ranged.line_of_fire(state, w, t)[0] is None]
    for t in targets:
        yield RangedAttack(w.id, (t.id,))
    for k in range(2, min(w.card.targets, len(targets)) + 1):
        for combo in combinations(targets, k):
            yield RangedAttack(w.id, tuple(t.id for t in combo))
    if formations.member_violation(state, w, "ranged"):
        return
    helpers = [m for m in state.warriors
               if m is not w and m.owner == w.owner and turns.action_violation(state, m, "ranged")
               is None and ranged.firer_violation(state, m) is None
               and formations.member_violation(state, m, "ranged") is None]
    if len(helpers) < 2:
        return
    for t in targets:
        able = [m for m in helpers if ranged.target_violation(state, m, t) is None
                and ranged.line_of_fire(state, m, t)[0] is None]
        for k in range(2, min(4, len(able)) + 1):
            for combo in combinations(able, k):
                members = [w, *combo]
                if formations.grouped(members) and formations.faction_violation(
                        [m.card for m in members]) is None and not formations.abrupt_split(
                        state, members):
                    yield RangedAttack(w.id, (t.id,), tuple(m.id for m in combo))


def _close(state: State, w: Warrior) -> Iterator[CloseAttack]:
    targets = [t for t in state.warriors
               if t.on_table and t.team != w.team
               and close.target_violation(state, w, t, capture=False) is None]
    for t in targets:
        yield CloseAttack(w.id, t.id)
        if close.target_violation(state, w, t, capture=True) is None:
            yield CloseAttack(w.id, t.id, capture=True)
    if not targets or formations.member_violation(state, w, "close"):
        return
    helpers = [m for m in state.warriors
               if m is not w and m.owner == w.owner and turns.action_violation(state, m, "close")
               is None and formations.member_violation(state, m, "close") is None]
    for t in targets:
        able = [m for m in helpers if close.target_violation(state, m, t, capture=False) is None]
        can_capture = close.target_violation(state, w, t, capture=True) is None
        for k in (1, 2):
            for combo in combinations(able, k):
                if close.formation_violation(state, [w, *combo], t) is None:
                    ids = tuple(m.id for m in combo)
                    yield CloseAttack(w.id, t.id, False, ids)
                    if can_capture:
                        yield CloseAttack(w.id, t.id, True, ids)


# --- movement formations ----------------------------------------------------------------


def _move_formations(state: State, w: Warrior) -> Iterator[MoveFormation]:
    if formations.member_violation(state, w, "move"):
        return
    eligible = [m for m in state.warriors
                if m.owner == w.owner and m is not w and turns.action_violation(state, m, "move")
                is None and formations.member_violation(state, m, "move") is None]
    # Warriors joined to w through chains of touching eligible warriors.
    group, frontier = [w], [w]
    while frontier:
        nxt = []
        for a in frontier:
            for b in eligible:
                if b not in group and state.touching(a, b):
                    group.append(b)
                    nxt.append(b)
        frontier = nxt
    others = sorted(group[1:], key=lambda m: m.id)
    for k in range(2, min(4, len(others)) + 1):
        for combo in combinations(others, k):
            members = [w, *combo]
            if formations.grouped(members) and formations.faction_violation(
                    [m.card for m in members]) is None and not formations.abrupt_split(
                    state, members):
                yield MoveFormation(w.id, tuple(m.id for m in combo))


def _pending(state: State) -> Iterator[Action]:
    p = state.pending[0]
    if isinstance(p, movement.SpinOffer):
        w = state.warriors[p.warrior]
        for mid in p.movers:
            m = state.warriors[mid]
            yield FreeSpin(w.id, g.bearing((w.x, w.y), (m.x, m.y)))
        yield FreeSpin(w.id, None)
        return
    if isinstance(p, movement.FormationMoving):
        yield from _formation_plans(state, p)


def _formation_plans(state: State, p: movement.FormationMoving) -> Iterator[FormationPlan]:
    yield FormationPlan(())
    members = [state.warriors[i] for i in p.members]
    lead = members[0]
    directions = list(DIRECTIONS)
    directions.insert(0, _nearest_facing(state, lead, (lead.x, lead.y), lead.facing))
    for a in directions:
        for frac in (1.0, 0.5):
            d = p.speed * frac
            if d <= 0:
                continue
            vx, vy = d * math.cos(a), d * math.sin(a)
            steps = []
            for m in sorted(members, key=lambda m: -(m.x * vx + m.y * vy)):
                if m.id in p.stuck:
                    continue
                limit = movement.allowance(state, m, p.speed)
                dist = min(d, limit)
                end = (m.x + dist * math.cos(a), m.y + dist * math.sin(a))
                end = _clip(state, m, (m.x, m.y), end)
                if g.distance((m.x, m.y), end) > 1e-6:
                    steps.append(Move(m.id, (end,), _nearest_facing(state, m, end, a)))
            if not steps:
                continue
            plan = FormationPlan(tuple(steps))
            try:
                movement.check_formation_plan(state, p, plan)
            except IllegalAction:
                continue
            yield plan


# --- setting the scene ------------------------------------------------------------------


def _terrain(state: State) -> Iterator[PlaceTerrain]:
    step = 2.0
    n = int(state.table // step)
    for item, piece in enumerate(state.terrain_pile):
        if piece is None:
            continue
        for rotation in (0.0, math.pi / 2):
            for i in range(n + 1):
                for j in range(n + 1):
                    action = PlaceTerrain(item, (i * step, j * step), rotation)
                    features = setup.placed_features(state, action)
                    if setup.terrain_violation(state, features) is None:
                        yield action


def _deploy(state: State, warrior: int | None) -> Iterator[Deploy]:
    if warrior is None:
        waiting = [w for w in state.warriors if w.owner == state.deploying and not w.deployed]
        if not waiting:
            return
        w = waiting[0]
    else:
        w = state.warriors[warrior]
        if w.owner != state.deploying or w.deployed:
            return
    found = False
    # Bases side by side, just touching, so formations are possible from the start.
    for at in setup.deploy_spots(state, w, 2 * w.radius + CONTACT_GAP):
        if setup.deploy_violation(state, w, at) is None:
            found = True
            yield Deploy(w.id, at, setup.face_centre(state, at))
    if not found:
        spot = setup.room_for(state, w)
        if spot is None:
            yield Deploy(w.id, None)
        else:
            yield Deploy(w.id, spot, setup.face_centre(state, spot))


# --- checking without changing anything -------------------------------------------------


def check(state: State, action: Any) -> None:
    """Raise IllegalAction if ``action`` may not be applied now; change nothing."""
    if state.phase == "over":
        raise IllegalAction("Rulebook VI, Ending the Game", "the game is over")
    if state.pending:
        p = state.pending[0]
        if isinstance(action, FreeSpin) and isinstance(p, movement.SpinOffer):
            movement.free_spin_violation(state, p, action)
            return
        if isinstance(action, FormationPlan) and isinstance(p, movement.FormationMoving):
            movement.check_formation_plan(state, p, action)
            return
        raise IllegalAction("Rulebook III, Turns and Actions", "finish the current action first")
    if state.phase == "terrain":
        if not isinstance(action, PlaceTerrain):
            raise IllegalAction("Rulebook II, Setting the Scene", "terrain is being placed")
        why = setup.terrain_violation(state, setup.placed_features(state, action))
        if why:
            raise IllegalAction(why, "terrain cannot be placed there")
        return
    if state.phase == "deploy":
        if not isinstance(action, Deploy):
            raise IllegalAction("Rulebook II, Setting the Scene", "armies are being placed")
        w = movement._warrior(state, action.warrior)
        if w.owner != state.deploying or w.deployed:
            raise IllegalAction("Rulebook II, Setting the Scene", f"{w.label} is not placed now")
        if action.at is None:
            if setup.room_for(state, w) is not None:
                raise IllegalAction("Rulebook II, Setting the Scene",
                                    f"there is still room for {w.label}")
            return
        why = setup.deploy_violation(state, w, action.at)
        if why:
            raise IllegalAction(why, f"{w.label} cannot be placed there")
        return
    if isinstance(action, Pass):
        w = movement._warrior(state, action.warrior)
        why = turns.action_violation(state, w, "pass")
        if why:
            raise IllegalAction(why, f"{w.label} cannot pass")
    elif isinstance(action, Move):
        w = movement._warrior(state, action.warrior)
        why = turns.action_violation(state, w, "move")
        if why:
            raise IllegalAction(why, f"{w.label} cannot move")
        movement.check_move(state, w, action, movement.move_allowance(state, w))
    elif isinstance(action, RangedAttack):
        ranged.check_ranged(state, action)
    elif isinstance(action, CloseAttack):
        close.check_close(state, action)
    elif isinstance(action, MoveFormation):
        ids = (action.warrior, *action.members)
        if len(set(ids)) != len(ids):
            raise IllegalAction("Rulebook IV, Movement Formations", "a warrior is listed twice")
        why = movement.formation_violation(state, [movement._warrior(state, i) for i in ids])
        if why:
            raise IllegalAction(why, "no movement formation")
    elif isinstance(action, Withdraw):
        if action.player != state.current:
            raise IllegalAction("Rulebook VI, Withdrawing: during your own turn", "not your turn")
    elif isinstance(action, EndByAgreement):
        return
    else:
        raise IllegalAction("Rulebook III, Action List", f"{type(action).__name__} is not an "
                            "action now")


def is_legal(state: State, action: Any) -> bool:
    try:
        check(state, action)
    except IllegalAction:
        return False
    return True
