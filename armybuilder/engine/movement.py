"""Movement, breaking away, free spins and movement formations (Rulebook III and IV), with
the movement abilities' hook points and the contact step (Pole Arm, Ram) after a move."""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass

from armybuilder.engine import formations, turns, weather
from armybuilder.engine import geometry as g
from armybuilder.engine.abilities import (
    REGISTRY,
    BreakAwayContext,
    ContactContext,
    FormationSpeedContext,
    MoveContext,
    SpinContext,
)
from armybuilder.engine.actions import FormationPlan, FreeSpin, Move, MoveFormation
from armybuilder.engine.events import ActionGiven
from armybuilder.engine.geometry import Point
from armybuilder.engine.memory import Obstacle, Obstacles, move_key
from armybuilder.engine.pending import (
    ConfusedMove,
    ContactCheck,
    FollowUp,
    FormationMoving,
    SpinOffer,
)
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior
from armybuilder.engine.terrain import NOTHING, WATER

__all__ = ["ContactCheck", "FollowUp", "FormationMoving", "SpinOffer"]

LENGTH_SLACK = 1e-6  # inches of float noise allowed on a path's length

Pose = tuple[float, float, float]  # x, y, facing


@dataclass(slots=True)
class MovePlan:
    end: Point
    facing: float
    captive_at: Point | None
    captive_facing: float | None
    moved: bool


# --- speed ------------------------------------------------------------------------------


def speed_value(state: State, w: Warrior) -> int:
    """The speed value, a captive's included (Rulebook III, Capturing: the captive moves
    with its controller at the lower of their speeds)."""
    speed = w.stats.speed
    if w.captive != NOBODY:
        speed = min(speed, state.warriors[w.captive].stats.speed)
    return speed


def base_speed(state: State, w: Warrior) -> int:
    return max(0, speed_value(state, w))


def path_rules(state: State, w: Warrior, mode: str | None = None, forced: bool = False
               ) -> MoveContext | None:
    """What abilities let this warrior's path cross (stage 'path'), or None."""
    hooks = REGISTRY.hooks_for("movement", w.abilities)
    if not hooks:
        return None
    ctx = MoveContext(stage="path", mode=mode, forced=forced)
    for fn in hooks:
        fn(state, w, ctx)
    return ctx


def _ignored(rules: MoveContext | None) -> frozenset[str]:
    return WATER if rules is not None and rules.ignores_water else NOTHING


def allowance(state: State, w: Warrior, speed: int, pose: Pose | None = None) -> float:
    # Rulebook V, Hindering Terrain: starting in hindering terrain halves speed, rounded up.
    if state.terrain.features or state.weather:  # Terrain.__bool__, without the call
        rules = path_rules(state, w)
        if rules is None or not rules.ignores_terrain:
            discs = w.discs if pose is None else w.discs_at((pose[0], pose[1]), pose[2])
            if state.terrain.starts_hindered(discs, _ignored(rules)) or (
                    state.weather and weather.hinders_movement(
                        state, (w.x, w.y) if pose is None else (pose[0], pose[1]),
                        _ignored(rules))):
                return float(math.ceil(speed / 2))
    return float(speed)


def move_allowance(state: State, w: Warrior, mode: str | None = None,
                   forced: bool = False) -> float:
    """How far a move action takes ``w``: the speed value, halved in hindering terrain,
    then changed by abilities (Charge and Bound double it)."""
    # allowance(state, w, base_speed(state, w)); without terrain the speed value itself
    # (players ask this of every warrior at every decision).
    value = max(0, speed_value(state, w))
    speed = allowance(state, w, value) if state.terrain.features or state.weather \
        else float(value)
    hooks = REGISTRY.hooks_for("movement", w.abilities)
    if hooks:
        ctx = MoveContext(stage="speed", speed=int(speed), mode=mode, forced=forced)
        for fn in hooks:
            fn(state, w, ctx)
        speed = ctx.speed
    return float(max(0, speed))


# --- checking a move --------------------------------------------------------------------


def obstacles(state: State, w: Warrior, poses: dict[int, Pose] | None = None
              ) -> Obstacles:
    """The bases a move of ``w`` must keep clear of (its captive moves with it), and the
    lines between the centres of touching discs of two of them (Rulebook III, Movement:
    the path may not pass between two figures in base contact). ``poses`` puts some
    figures elsewhere (a formation part-way through its moves)."""
    return state.memory.obstacles_of(state, w, poses)


def check_move(state: State, w: Warrior, move: Move, limit: float,
               positions: dict[int, Pose] | None = None,
               around: Obstacles | None = None,
               forced: bool = False) -> MovePlan:
    """Validate one warrior's move against every movement rule; raise IllegalAction.

    ``positions`` overrides where warriors stand (a formation part-way through its moves);
    ``around`` is :func:`obstacles`, when the caller already has it; ``forced``: an
    opponent makes the move (Magic Confusion).

    A player checks the move it then gives, and giving it checks it again: a move found
    legal is remembered while nothing the check reads has changed (memory.checked_moves and
    what the movement hooks declare they read), and checked again it is only planned. Moves
    among ``positions`` are always checked.
    """
    if positions or (around is not None and around is not state.memory.kept_obstacles(w)):
        return _check_move(state, w, move, limit, positions, around, forced)
    checked = state.memory.checked_moves(state, REGISTRY.generation)
    key: tuple[Hashable, ...] = (move, limit, forced, w.id, w.captive, w.abilities)
    reads = REGISTRY.reads_for("movement", w.abilities)
    if reads:
        key += move_key(state, w, reads)
    if key in checked:
        start = (w.x, w.y)
        end = move.path[-1] if move.path else start
        captive_at, captive_facing = (None, None) if w.captive == NOBODY else _captive_pose(
            state.warriors[w.captive], move, None, start, end)
        return MovePlan(end=end, facing=w.facing if move.facing is None
                        else g.normalize_angle(move.facing),
                        captive_at=captive_at, captive_facing=captive_facing,
                        moved=bool(move.path))
    plan = _check_move(state, w, move, limit, None, around, forced)
    checked.add(key)
    return plan


def _check_move(state: State, w: Warrior, move: Move, limit: float,
                positions: dict[int, Pose] | None,
                around: Obstacles | None,
                forced: bool) -> MovePlan:
    if positions and w.id in positions:
        sx, sy, sf = positions[w.id]
        start = (sx, sy)
    else:
        start, sf = (w.x, w.y), w.facing
    path = move.path
    captive = state.warriors[w.captive] if w.captive != NOBODY else None
    others, pairs = around if around is not None else obstacles(state, w, positions)
    table = state.table
    # path_rules, with the hooks kept for the end of the move (a check changes nothing, so
    # the abilities in effect stay the same): players check many moves.
    hooks = REGISTRY.hooks_for("movement", w.abilities)
    rules = None
    if hooks:
        rules = MoveContext(stage="path", mode=move.ability, forced=forced)
        for fn in hooks:
            fn(state, w, rules)
    ignore = _ignored(rules)
    terrain = state.terrain if state.terrain.features else None
    if path:
        points = (start, *path)
        length = g.path_length(points) if len(points) > 2 else math.hypot(
            path[0][0] - start[0], path[0][1] - start[1])  # one stretch: the same sum
        if length > limit + LENGTH_SLACK:
            raise IllegalAction("Rulebook III, Movement",
                                f"{w.label} may move {limit:g}\", the path is {length:.3f}\"")
        for x, y in path:
            if not (0.0 <= x <= table and 0.0 <= y <= table):
                raise IllegalAction("Rulebook II, Setting the Scene",
                                    f"the path of {w.label} leaves the battlefield")
        if rules is None or not rules.crosses_bases:
            _check_path_bases(w, points, others, pairs)
        if terrain is not None and (rules is None or not rules.ignores_terrain):
            why = terrain.path_violation(points, w.shape, ignore)
            if why:
                raise IllegalAction(why, f"{w.label} cannot move along this path")
            stop = terrain.movement_stop(points, w.shape, ignore, sf, state.memory)
            if stop is not None and length > stop + LENGTH_SLACK:
                raise IllegalAction(
                    "Rulebook V, Terrain: a move ends on fully entering hindering terrain, on "
                    "going up or down elevated terrain and at the far side of a low wall",
                    f"{w.label} must stop {stop:.3f}\" along this path")
        if state.kinds_in_play and (rules is None or not rules.ignores_terrain):
            for figures in state.kinds_in_play:
                # World Conquest, Upgrading Defenses: in and out through the entrance only.
                why = figures.path_violation(state, w, points)
                if why:
                    raise IllegalAction(why, f"{w.label} cannot move along this path")
    end = path[-1] if path else start
    facing = sf if move.facing is None else g.normalize_angle(move.facing)
    end_discs = w.discs_at(end, facing)
    _check_position(state, w, end_discs, end, others, ignore)
    if move.stuck_facing is not None and not w.round:
        # A base that turning moves (a double base), re-faced after failing to break away,
        # must still fit, its captive included (it stays where it stands).
        stuck = w.discs_at(start, g.normalize_angle(move.stuck_facing))
        _check_position(state, w, stuck, start, others, ignore)
        if captive is not None:
            held = captive.discs_at(*_captive_spot(captive, positions))
            if g.discs_overlap(stuck, held):
                raise IllegalAction("Rulebook III, Movement: bases may not overlap",
                                    f"{w.label} would turn onto its captive's base")
            why = _captive_left(stuck, held)
            if why:
                raise IllegalAction(why, f"{w.label} would turn away from its captive")
    captive_at: Point | None = None
    captive_facing = None
    if captive is not None:
        try:
            captive_at, captive_facing = _place_captive(state, w, captive, move, positions,
                                                        start, end, end_discs, others, ignore)
        except IllegalAction as exc:
            # Only here may another place for the captive make the move legal (try_move).
            exc.captive_placement = True
            raise
    elif move.captive_at is not None:
        raise IllegalAction("Rulebook III, Capturing", f"{w.label} holds no captive")
    moved = bool(path)
    if hooks:
        contacts = tuple(
            oid for oid, odiscs, ox, oy, orad in others
            if math.hypot(ox - end[0], oy - end[1]) <= w.half_length + orad + g.CONTACT_TOLERANCE
            and state.opposing(w, state.warriors[oid]) and g.discs_touch(end_discs, odiscs))
        ctx = MoveContext(stage="end", moved=moved, new_contacts=contacts, mode=move.ability,
                          forced=forced)
        for fn in hooks:
            fn(state, w, ctx)
        if ctx.violation:
            raise IllegalAction(ctx.violation, f"{w.label} cannot make this move")
    return MovePlan(end=end, facing=facing, captive_at=captive_at,
                    captive_facing=captive_facing, moved=moved)


def _place_captive(state: State, w: Warrior, captive: Warrior, move: Move,
                   positions: dict[int, Pose] | None, start: Point, end: Point,
                   end_discs: tuple[g.Disc, ...], others: list[Obstacle],
                   ignore: frozenset[str]) -> tuple[Point, float]:
    """Where the captive ends a move of its controller, and facing which."""
    captive_at, captive_facing = _captive_pose(captive, move, positions, start, end)
    cdiscs = captive.discs_at(captive_at, captive_facing)
    if not g.discs_touch(end_discs, cdiscs):
        raise IllegalAction("Rulebook III, Capturing: the captive must always be kept in "
                            "base contact with its controlling warrior",
                            f"the captive of {w.label} would not touch him")
    if g.discs_overlap(end_discs, cdiscs):
        raise IllegalAction("Rulebook III, Capturing: no player may place a controlling "
                            "warrior where his captive cannot be placed next to him",
                            "the captive would overlap its controller")
    # Rulebook III, Capturing: the controller's speed abilities serve both figures.
    _check_position(state, captive, cdiscs, captive_at, others, ignore)
    return captive_at, captive_facing


def _captive_spot(captive: Warrior, positions: dict[int, Pose] | None
                  ) -> tuple[Point, float]:
    """Where the captive stands now (or among ``positions``), and facing which."""
    if positions and captive.id in positions:
        cx, cy, cf = positions[captive.id]
        return (cx, cy), cf
    return (captive.x, captive.y), captive.facing


def _captive_pose(captive: Warrior, move: Move, positions: dict[int, Pose] | None,
                  start: Point, end: Point) -> tuple[Point, float]:
    """Where the move puts the captive, and facing which: the given place, or moved as
    its controller moved."""
    if positions and captive.id in positions:
        cx, cy, cf = positions[captive.id]
        cstart = (cx, cy)
    else:
        cstart, cf = (captive.x, captive.y), captive.facing
    if move.captive_at is not None:
        captive_at = (float(move.captive_at[0]), float(move.captive_at[1]))
    else:
        captive_at = (cstart[0] + end[0] - start[0], cstart[1] + end[1] - start[1])
    captive_facing = cf if move.captive_facing is None else g.normalize_angle(
        move.captive_facing)
    return captive_at, captive_facing


def _check_path_bases(w: Warrior, points: tuple[Point, ...], others: list[Obstacle],
                      pairs: list[tuple[Point, Point]]) -> None:
    if len(points) == 2:
        (ax, ay), (bx, by) = points
        x0, x1 = (ax, bx) if ax <= bx else (bx, ax)
        y0, y1 = (ay, by) if ay <= by else (by, ay)
        segments = [points]
        _check_stretch_bases(w, points, x0, y0, x1, y1, others)
    else:
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        segments = [(points[k], points[k + 1]) for k in range(len(points) - 1)]
        for _, discs, ox, oy, orad in others:
            if x0 - orad <= ox <= x1 + orad and y0 - orad <= oy <= y1 + orad:
                for a, b in segments:
                    if g.segment_crosses_discs(a, b, discs):
                        raise IllegalAction(_CROSSES, f"the path of {w.label} crosses a base")
    # Rulebook III, Movement: nor pass between two figures in base contact. The path passes
    # between them when it crosses the line joining their centres (RULES_NOTES.md).
    for pa, pb in pairs:
        if max(pa[0], pb[0]) < x0 or min(pa[0], pb[0]) > x1 or max(pa[1], pb[1]) < y0 \
                or min(pa[1], pb[1]) > y1:
            continue
        for a, b in segments:
            if g.segments_cross(a, b, pa, pb):
                raise IllegalAction("Rulebook III, Movement: the path may not pass between two "
                                    "figures in base contact",
                                    f"the path of {w.label} squeezes between two bases")


_CROSSES = "Rulebook III, Movement: the path may not cross any figure base"


def _check_stretch_bases(w: Warrior, stretch: tuple[Point, Point], x0: float, y0: float,
                         x1: float, y1: float, others: list[Obstacle]) -> None:
    """A one-stretch path (nearly every move) against every base: the checks of
    g.segment_crosses_discs with the stretch's own numbers worked out once."""
    (ax, ay), (bx, by) = stretch
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    root = math.sqrt(length2)
    for _, discs, ox, oy, orad in others:
        if x0 - orad <= ox <= x1 + orad and y0 - orad <= oy <= y1 + orad:
            for cx, cy, r in discs:
                # g.segment_point_distance(a, b, (cx, cy)), the same arithmetic.
                px, py = cx - ax, cy - ay
                if length2 <= 0.0:
                    d = math.hypot(px, py)
                else:
                    t = (px * dx + py * dy) / length2
                    if t <= 0.0:
                        d = math.hypot(px, py)
                    elif t >= 1.0:
                        d = math.hypot(px - dx, py - dy)
                    else:
                        d = abs(px * dy - py * dx) / root
                if d < r - g.EPS:
                    raise IllegalAction(_CROSSES, f"the path of {w.label} crosses a base")


def _check_position(state: State, w: Warrior, discs: tuple[g.Disc, ...], at: Point,
                    others: list[Obstacle], ignore: frozenset[str] = NOTHING) -> None:
    table = state.table
    for x, y, r in discs:
        if not (r - g.EPS <= x <= table - r + g.EPS and r - g.EPS <= y <= table - r + g.EPS):
            raise IllegalAction("Rulebook II, Setting the Scene",
                                f"{w.label} would stand off the battlefield")
    reach, wid, (ax, ay), hypot = w.half_length, w.id, at, math.hypot
    for oid, odiscs, ox, oy, orad in others:
        # abs(dx) first: it is never more than the hypot, so nothing near is missed.
        if abs(ax - ox) < reach + orad and hypot(ax - ox, ay - oy) < reach + orad \
                and oid != wid and g.discs_overlap(discs, odiscs):
            raise IllegalAction("Rulebook III, Movement: bases may not overlap",
                                f"{w.label} would stand on warrior {oid}'s base")
    if state.terrain.features:
        why = state.terrain.position_violation(discs, ignore)
        if why:
            raise IllegalAction(why, f"{w.label} cannot stand there")
    for figures in state.kinds_in_play:
        # Castle rules, Access Points: who may never occupy a section; World Conquest,
        # Upgrading Defenses: walls, the banner, the guards' limit.
        why = figures.position_violation(state, w, discs)
        if why:
            raise IllegalAction(why, f"{w.label} cannot stand there")


def placement_violation(state: State, w: Warrior, at: Point, facing: float,
                        skip: tuple[int, ...] = (), ignore: frozenset[str] = NOTHING
                        ) -> str | None:
    """Why ``w`` may not be set down here (Magic Levitation, Necromancy), or None."""
    others: list[Obstacle] = [(o.id, o.discs, o.x, o.y, o.half_length) for o in state.warriors
              if o.on_table and o is not w and o.id not in skip]
    try:
        _check_position(state, w, w.discs_at(at, facing), at, others, ignore)
    except IllegalAction as exc:
        return exc.rule
    return None


def facing_violation(state: State, w: Warrior, facing: float) -> str | None:
    """Why ``w`` may not turn to ``facing`` where it stands: only a double base can hit
    another base or terrain by turning (RULES_NOTES.md, Bases)."""
    if w.round:
        return None
    rules = path_rules(state, w)
    facing = g.normalize_angle(facing)
    # Its captive stays where it stands: the turned base may not overlap it either ...
    why = placement_violation(state, w, (w.x, w.y), facing, ignore=_ignored(rules))
    if why is None and w.captive != NOBODY:
        why = _captive_left(w.discs_at((w.x, w.y), facing), state.warriors[w.captive].discs)
    return why


def _captive_left(discs: tuple[g.Disc, ...], captive: tuple[g.Disc, ...]) -> str | None:
    """... nor turn away from it: Rulebook III, Capturing: "The captive must always be kept
    in base contact with its controlling warrior"."""
    if not g.discs_touch(discs, captive):
        return ("Rulebook III, Capturing: the captive must always be kept in base contact "
                "with its controlling warrior")
    return None


# --- giving a move action ---------------------------------------------------------------


def check_move_given(state: State, w: Warrior, ability: str | None = None) -> None:
    """IllegalAction unless ``w`` may be given a move action now (naming ``ability``, if
    one): everything a move action asks before where it goes."""
    if w.kind.own_movement is not None or w.riding != NOBODY:
        raise IllegalAction("Chariot rules, Movement: a chariot moves straight ahead after a "
                            "spin (ChariotMove); a passenger leaves only by disembarking",
                            f"{w.label} cannot be given this move")
    why = turns.action_violation(state, w, "move")
    if why:
        raise IllegalAction(why, f"{w.label} cannot be given a move action")
    if ability is not None:
        if REGISTRY.action_kind(ability) != "move":
            raise IllegalAction("FAQ, Special Abilities and Giving Actions",
                                f"{ability} is not used with a move action")
        if ability not in w.abilities:
            raise IllegalAction("Rulebook III, Special Abilities",
                                f"{w.label} has no {ability} in effect")
        if w.id in state.engaged_at_start:
            raise IllegalAction(f"Special Abilities Card, {ability}: only a warrior that "
                                "did not start the turn in base contact with an opposing "
                                "figure may move and attack",
                                f"{w.label} began the turn in base contact")


def check_move_action(state: State, move: Move) -> tuple[Warrior, MovePlan]:
    w = _warrior(state, move.warrior)
    check_move_given(state, w, move.ability)
    plan = check_move(state, w, move, move_allowance(state, w, move.ability))
    return w, plan


def apply_move(state: State, move: Move) -> None:
    w, plan = check_move_action(state, move)
    given: ActionGiven = {"e": "action", "kind": "move", "warrior": w.id}
    if move.ability is not None:
        given["ability"] = move.ability
    state.emit(given)
    if turns.action_is_free(state, w, "move"):
        state.free_action = True
        state.emit({"e": "free_action", "warrior": w.id})
    turns.mark_action(state, w, nonpass=True)
    carry_out_move(state, w, move, plan, given_move=True)
    if move.ability is not None:
        ctx = MoveContext(stage="follow_up", mode=move.ability)
        for fn in REGISTRY.hooks_for("movement", w.abilities):
            fn(state, w, ctx)
        if ctx.follow_up:
            state.pending.append(FollowUp(warrior=w.id, kind=ctx.follow_up))


def carry_out_move(state: State, w: Warrior, move: Move, plan: MovePlan,
                   given_move: bool) -> bool:
    """Break away if need be, move, offer free spins and queue the contact step."""
    if plan.moved and state.opposing_contacts(w) and not _breaks_away(state, w):
        _face(state, w, move.stuck_facing)
        return False
    before = contact_pairs(state, (w.id,))
    _carry_out(state, w, plan)
    if plan.moved:
        offer_free_spins(state, [w.id], given_move)
        state.pending.append(ContactCheck(movers=(w.id,), before=before))
    return plan.moved


def contact_pairs(state: State, movers: tuple[int, ...]) -> frozenset[tuple[int, int]]:
    """Pairs (low id, high id) of a mover and a figure in base contact with it."""
    out = set()
    for mid in movers:
        m = state.warriors[mid]
        for o in state.contacts(m):
            out.add((min(m.id, o.id), max(m.id, o.id)))
    return frozenset(out)


def _fails_up_to(state: State, w: Warrior) -> int:
    """Rulebook III, Breaking Away: the highest roll that fails (3; 1 with Charge, Bound
    or Flight)."""
    ctx = BreakAwayContext()
    for fn in REGISTRY.hooks_for("break_away", w.abilities):
        fn(state, w, ctx)
    return ctx.fails_up_to


def break_away_chance(state: State, w: Warrior) -> float:
    """The chance that ``w`` breaks away (Rulebook III, Breaking Away)."""
    return (6 - _fails_up_to(state, w)) / 6


def _breaks_away(state: State, w: Warrior) -> bool:
    """Rulebook III, Breaking Away: 1-3 fails, 4-6 succeeds."""
    fails_up_to = _fails_up_to(state, w)
    die = state.roll(1, "break away", warrior=w.id)[0]
    ok = die > fails_up_to
    state.emit({"e": "break_away", "warrior": w.id, "success": ok})
    return ok


def _face(state: State, w: Warrior, facing: float | None) -> None:
    if facing is not None:
        w.facing = g.normalize_angle(facing)
        state.emit({"e": "faced", "warrior": w.id, "facing": w.facing})


def _carry_out(state: State, w: Warrior, plan: MovePlan) -> None:
    w.place(plan.end[0], plan.end[1], plan.facing)
    state.emit({"e": "moved", "warrior": w.id, "to": [w.x, w.y], "facing": w.facing})
    if plan.captive_at is not None:
        c = state.warriors[w.captive]
        c.x, c.y = plan.captive_at
        if plan.captive_facing is not None:
            c.facing = plan.captive_facing
        state.emit({"e": "moved", "warrior": c.id, "to": [c.x, c.y], "facing": c.facing})


def offer_free_spins(state: State, movers: list[int], given_move: bool = True) -> None:
    """Rulebook III, Free Spin: opposing figures a move brought into base contact may turn.
    Sneak Attack denies them to a warrior given a move action."""
    offers: dict[int, list[int]] = {}
    for mid in movers:
        m = state.warriors[mid]
        if not m.on_table:
            continue
        contacts = state.opposing_contacts(m)
        if not contacts:
            continue
        hooks = REGISTRY.hooks_for("free_spin", m.abilities)
        if hooks:
            ctx = SpinContext(given_move=given_move)
            for fn in hooks:
                fn(state, m, ctx)
            if not ctx.allowed:
                state.emit({"e": "no_free_spin", "warrior": m.id})
                continue
        for o in contacts:
            if o.kind.free_spins:
                # Not a chariot (chariot_kind: it never makes a free spin).
                offers.setdefault(o.id, []).append(mid)
    for oid in sorted(offers):
        state.pending.append(SpinOffer(warrior=oid, movers=tuple(offers[oid])))
        state.emit({"e": "free_spin_offered", "warrior": oid, "movers": offers[oid]})


def free_spin_violation(state: State, offer: SpinOffer, spin: FreeSpin) -> None:
    if spin.warrior != offer.warrior:
        raise IllegalAction("Rulebook III, Free Spin",
                            f"warrior {offer.warrior} is owed a free spin, not warrior "
                            f"{spin.warrior}")
    if spin.facing is None:
        return
    w = state.warriors[spin.warrior]
    facing = g.normalize_angle(spin.facing)
    if not any(state.faces(w, m, facing)
               for m in (state.warriors[i] for i in offer.movers) if m.on_table):
        raise IllegalAction("Rulebook III, Free Spin: the spin brings the front arc into "
                            "contact with the moving warrior",
                            f"{w.label}'s front arc would not face the warrior that moved")
    why = facing_violation(state, w, facing)
    if why:
        raise IllegalAction(why, f"{w.label} cannot turn that way where it stands")


def apply_free_spin(state: State, offer: SpinOffer, spin: FreeSpin) -> None:
    free_spin_violation(state, offer, spin)
    w = state.warriors[spin.warrior]
    if spin.facing is not None:
        w.facing = g.normalize_angle(spin.facing)
        state.emit({"e": "free_spin", "warrior": w.id, "facing": w.facing})
    else:
        state.emit({"e": "free_spin", "warrior": w.id, "facing": None})


# --- after a movement: Pole Arm and Ram -------------------------------------------------


def resolve_contacts(state: State, step: ContactCheck) -> None:
    """Abilities that act on base contact once the free spins are over; their damage is
    dealt at the same time (FAQ, Pole Arm & Ram)."""
    movers = set(step.movers)
    damage: list[tuple[Warrior, int, str, Warrior]] = []
    ends = False
    seen: set[tuple[int, int]] = set()
    for mid in step.movers:
        m = state.warriors[mid]
        if not m.on_table or m.controller != NOBODY:
            continue
        for o in state.opposing_contacts(m):
            pair = (min(m.id, o.id), max(m.id, o.id))
            if pair in seen:
                continue
            seen.add(pair)
            for holder, other in ((m, o), (o, m)):
                hooks = REGISTRY.hooks_for("contact", holder.abilities)
                if not hooks:
                    continue
                ctx = ContactContext(other=other, holder_moved=holder.id in movers,
                                     other_moved=other.id in movers,
                                     new=pair not in step.before,
                                     holder_carried=holder.id in step.carried)
                for fn in hooks:
                    fn(state, holder, ctx)
                damage += [(victim, clicks, ability, holder)
                           for victim, clicks, ability in ctx.damage]
                ends = ends or ctx.ends_action
    for figures in state.kinds_in_play:
        # Chariot rules, New Special Abilities: a chariot's Ram.
        more, ended = figures.contact_damage(state, step)
        damage += more
        ends = ends or ended
    for victim, clicks, ability, by in damage:
        victim.kind.damage_by_contact(state, victim, by, clicks, ability)
    if ends:
        state.action_ended = True
        state.emit({"e": "action_ended"})


# --- Magic Confusion: the opponent's move ----------------------------------------------


def check_confused_move(state: State, item: ConfusedMove, move: Move) -> MovePlan:
    w = state.warriors[item.warrior]
    if move.warrior != w.id:
        raise IllegalAction("FAQ, Magic Confusion", f"move warrior {w.id}, the figure hit")
    if move.ability is not None:
        raise IllegalAction("FAQ, Magic Confusion (Special Ability Update): the target "
                            "cannot attack", "no Charge or Bound attack")
    if not w.on_table:
        raise IllegalAction("FAQ, Magic Confusion", f"{w.label} is no longer on the battlefield")
    # Optional abilities stay in effect: nobody may cancel them during this move.
    return check_move(state, w, move, move_allowance(state, w, forced=True), forced=True)


def apply_confused_move(state: State, item: ConfusedMove, move: Move) -> None:
    plan = check_confused_move(state, item, move)
    w = state.warriors[item.warrior]
    state.emit({"e": "confused_move", "warrior": w.id, "by": item.attacker})
    carry_out_move(state, w, move, plan, given_move=True)
    if w.on_table and w.tokens == 0:
        # FAQ, Magic Confusion: an action token, unless it already has one.
        w.tokens = 1
        w.token_turn = state.turn
        state.emit({"e": "tokens", "warrior": w.id, "tokens": 1})


# --- movement formations ----------------------------------------------------------------


def formation_violation(state: State, members: list[Warrior]) -> str | None:
    if not 3 <= len(members) <= 5:
        return "Rulebook IV, Movement Formations: 3, 4 or 5 warriors"
    for m in members:
        why = turns.action_violation(state, m, "move") or formations.member_violation(
            state, m, "move")
        if why:
            return why
    if not formations.grouped(state, members):
        return ("Rulebook IV, Movement Formations: the warriors are grouped so that each one "
                "is touching the base of at least one other")
    why = formations.faction_violation([m.card for m in members])
    if why:
        return why
    if formations.abrupt_split(state, members):
        return ("Rulebook V, Abrupt Elevated Terrain: formations may not have members on and "
                "off such terrain")
    return None


def formation_speed(state: State, members: list[Warrior]) -> int:
    """Rulebook IV: the slowest member's speed, unless a member lends its own (Forced March;
    with several, the fastest is used)."""
    ctx = FormationSpeedContext()
    for m in members:
        for fn in REGISTRY.hooks_for("formation_speed", m.abilities):
            fn(state, m, ctx)
    if ctx.offers:
        return max(0, max(ctx.offers))
    return min(base_speed(state, m) for m in members)


def member_limit(state: State, m: Warrior, speed: int, pose: Pose | None = None) -> float:
    if m.captive != NOBODY:
        speed = min(speed, state.warriors[m.captive].stats.speed)
    return allowance(state, m, max(0, speed), pose)


def check_move_formation(state: State, action: MoveFormation) -> list[Warrior]:
    """The members, the declaring warrior first; IllegalAction if they cannot form up."""
    ids = (action.warrior, *action.members)
    if len(set(ids)) != len(ids):
        raise IllegalAction("Rulebook IV, Movement Formations", "a warrior is listed twice")
    members = [_warrior(state, i) for i in ids]
    why = formation_violation(state, members)
    if why:
        raise IllegalAction(why, "these warriors cannot form a movement formation")
    return members


def apply_move_formation(state: State, action: MoveFormation) -> None:
    members = check_move_formation(state, action)
    ids = tuple(m.id for m in members)
    speed = formation_speed(state, members)
    state.emit({"e": "action", "kind": "move formation", "warrior": action.warrior,
                "members": list(ids), "speed": speed})
    for m in members:
        # Rulebook IV: every member counts as having moved, and may be pushed.
        turns.mark_action(state, m, nonpass=True)
    stuck = []
    for m in members:
        # Rulebook IV: a member that fails to break away stays (it may still re-face). The
        # dice are rolled up front for every member in contact; see RULES_NOTES.md.
        if state.opposing_contacts(m) and not _breaks_away(state, m):
            stuck.append(m.id)
    state.pending.append(FormationMoving(members=ids, stuck=frozenset(stuck), speed=speed))


def check_formation_plan(state: State, pending: FormationMoving, plan: FormationPlan
                         ) -> tuple[dict[int, Pose], list[tuple[Warrior, MovePlan]]]:
    seen: set[int] = set()
    positions: dict[int, Pose] = {}
    done: list[tuple[Warrior, MovePlan]] = []
    for step in plan.steps:
        if step.warrior not in pending.members:
            raise IllegalAction("Rulebook IV, Movement Formations",
                                f"warrior {step.warrior} is not a member of the formation")
        if step.warrior in seen:
            raise IllegalAction("Rulebook IV, Movement Formations",
                                f"warrior {step.warrior} is moved twice")
        if step.ability is not None:
            raise IllegalAction("Rulebook IV, Movement Formations",
                                f"{step.ability} is not used in a movement formation")
        seen.add(step.warrior)
        w = state.warriors[step.warrior]
        if step.path and step.warrior in pending.stuck:
            raise IllegalAction("Rulebook IV, Movement Formations: a member that fails to break "
                                "away may not move", f"{w.label} failed to break away")
        mp = check_move(state, w, step, member_limit(state, w, pending.speed), positions)
        positions[w.id] = (mp.end[0], mp.end[1], mp.facing)
        if mp.captive_at is not None:
            c = state.warriors[w.captive]
            positions[w.captive] = (mp.captive_at[0], mp.captive_at[1],
                                    c.facing if mp.captive_facing is None else mp.captive_facing)
        done.append((w, mp))
    members = [state.warriors[i] for i in pending.members]
    if not formations.grouped(state, members, positions):
        raise IllegalAction("Rulebook IV, Movement Formations: at the end of the action each "
                            "warrior's base must still touch another member's, all one group",
                            "the formation would come apart")
    if formations.abrupt_split(state, members, positions):
        raise IllegalAction("Rulebook V, Abrupt Elevated Terrain: formations may not have "
                            "members on and off such terrain", "the formation would be split")
    return positions, done


def apply_formation_plan(state: State, pending: FormationMoving, plan: FormationPlan) -> None:
    _, done = check_formation_plan(state, pending, plan)
    moving = tuple(w.id for w, mp in done if mp.moved)
    before = contact_pairs(state, moving)
    movers = []
    for w, mp in done:
        if mp.moved:
            _carry_out(state, w, mp)
            movers.append(w.id)
        elif mp.facing != w.facing or mp.captive_at is not None:
            _carry_out(state, w, mp)
    offer_free_spins(state, movers, given_move=True)
    if movers:
        # Pole Arm and Ram are checked once every member has moved (RULES_NOTES.md).
        state.pending.append(ContactCheck(movers=tuple(movers), before=before))


def _warrior(state: State, wid: int) -> Warrior:
    if not 0 <= wid < len(state.warriors):
        raise IllegalAction("Rulebook III, Turns and Actions", f"there is no warrior {wid}")
    return state.warriors[wid]
