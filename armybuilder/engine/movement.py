"""Movement, breaking away, free spins and movement formations (Rulebook III and IV)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from armybuilder.engine import formations, turns
from armybuilder.engine import geometry as g
from armybuilder.engine.abilities import REGISTRY, BreakAwayContext, MoveContext
from armybuilder.engine.actions import FormationPlan, FreeSpin, Move, MoveFormation
from armybuilder.engine.geometry import Point
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior

LENGTH_SLACK = 1e-6  # inches of float noise allowed on a path's length


@dataclass(slots=True)
class SpinOffer:
    """Rulebook III, Free Spin: ``warrior`` may turn to face one of ``movers``."""

    warrior: int
    movers: tuple[int, ...]


@dataclass(slots=True)
class FormationMoving:
    """A declared movement formation waiting for its plan (Rulebook IV)."""

    members: tuple[int, ...]
    stuck: frozenset[int]  # members that failed to break away
    speed: int


@dataclass(slots=True)
class MovePlan:
    end: Point
    facing: float
    captive_at: Point | None
    captive_facing: float | None
    moved: bool


# --- speed ------------------------------------------------------------------------------


def base_speed(state: State, w: Warrior) -> int:
    """The speed value a move is measured against, before terrain."""
    speed = w.stats.speed
    if w.captive != NOBODY:
        # Rulebook III, Capturing: the captive moves with its controller at the lower speed.
        speed = min(speed, state.warriors[w.captive].stats.speed)
    hooks = REGISTRY.hooks_for("movement", w.abilities)
    if hooks:
        ctx = MoveContext(stage="speed", speed=speed)
        for fn in hooks:
            fn(state, w, ctx)
        speed = ctx.speed
    return max(0, speed)


def path_rules(state: State, w: Warrior) -> MoveContext | None:
    """What abilities let this warrior's path cross (stage 'path'), or None."""
    hooks = REGISTRY.hooks_for("movement", w.abilities)
    if not hooks:
        return None
    ctx = MoveContext(stage="path")
    for fn in hooks:
        fn(state, w, ctx)
    return ctx


def allowance(state: State, w: Warrior, speed: int) -> float:
    # Rulebook V, Hindering Terrain: starting in hindering terrain halves speed, rounded up.
    if state.terrain and state.terrain.starts_hindered((w.x, w.y), w.radius):
        rules = path_rules(state, w)
        if rules is None or not rules.ignores_terrain:
            return float(math.ceil(speed / 2))
    return float(speed)


def move_allowance(state: State, w: Warrior) -> float:
    return allowance(state, w, base_speed(state, w))


# --- checking a move --------------------------------------------------------------------


Obstacle = tuple[int, float, float, float]  # id, x, y, radius


def obstacles(state: State, w: Warrior, positions: dict[int, Point] | None = None
              ) -> tuple[list[Obstacle], list[tuple[Point, Point]]]:
    """The bases a move of ``w`` must keep clear of (its captive moves with it), and the
    pairs of them in base contact."""
    skip = (w.id, w.captive)
    others: list[Obstacle] = []
    for o in state.warriors:
        if o.on_table and o.id not in skip:
            if positions and o.id in positions:
                ox, oy = positions[o.id]
            else:
                ox, oy = o.x, o.y
            others.append((o.id, ox, oy, o.radius))
    pairs = []
    for i in range(len(others)):
        _, ax, ay, ar = others[i]
        for j in range(i + 1, len(others)):
            _, bx, by, br = others[j]
            if abs(ax - bx) <= ar + br + g.CONTACT_TOLERANCE and \
                    math.hypot(ax - bx, ay - by) <= ar + br + g.CONTACT_TOLERANCE:
                pairs.append(((ax, ay), (bx, by)))
    return others, pairs


def check_move(state: State, w: Warrior, move: Move, limit: float,
               positions: dict[int, Point] | None = None,
               around: tuple[list[Obstacle], list[tuple[Point, Point]]] | None = None
               ) -> MovePlan:
    """Validate one warrior's move against every movement rule; raise IllegalAction.

    ``positions`` overrides where warriors stand (a formation part-way through its moves);
    ``around`` is :func:`obstacles`, when the caller already has it.
    """
    start = positions.get(w.id, (w.x, w.y)) if positions else (w.x, w.y)
    path = move.path
    captive = state.warriors[w.captive] if w.captive != NOBODY else None
    skip = {w.id, w.captive}
    others, pairs = around if around is not None else obstacles(state, w, positions)
    table = state.table
    r = w.radius
    rules = path_rules(state, w)
    if path:
        points = (start, *path)
        length = g.path_length(points)
        if length > limit + LENGTH_SLACK:
            raise IllegalAction("Rulebook III, Movement",
                                f"{w.label} may move {limit:g}\", the path is {length:.3f}\"")
        for x, y in path:
            if not (0.0 <= x <= table and 0.0 <= y <= table):
                raise IllegalAction("Rulebook II, Setting the Scene",
                                    f"the path of {w.label} leaves the battlefield")
        if rules is None or not rules.crosses_bases:
            _check_path_bases(w, points, others, pairs)
        if state.terrain and (rules is None or not rules.ignores_terrain):
            why = state.terrain.path_violation(points)
            if why:
                raise IllegalAction(why, f"{w.label} cannot move along this path")
            stop = state.terrain.movement_stop(points, r)
            if stop is not None and length > stop + LENGTH_SLACK:
                raise IllegalAction(
                    "Rulebook V, Terrain: a move ends on fully entering hindering terrain, on "
                    "going up or down elevated terrain and at the far side of a low wall",
                    f"{w.label} must stop {stop:.3f}\" along this path")
    end = path[-1] if path else start
    _check_position(state, w, end, r, others)
    facing = w.facing if move.facing is None else g.normalize_angle(move.facing)
    captive_at: Point | None = None
    captive_facing = None
    if captive is not None:
        cstart = positions.get(captive.id, (captive.x, captive.y)) if positions else (
            captive.x, captive.y)
        if move.captive_at is not None:
            captive_at = (float(move.captive_at[0]), float(move.captive_at[1]))
        else:
            captive_at = (cstart[0] + end[0] - start[0], cstart[1] + end[1] - start[1])
        if not g.bases_touch(end, r, captive_at, captive.radius):
            raise IllegalAction("Rulebook III, Capturing: the captive must always be kept in "
                                "base contact with its controlling warrior",
                                f"the captive of {w.label} would not touch him")
        if g.bases_overlap(end, r, captive_at, captive.radius):
            raise IllegalAction("Rulebook III, Capturing: no player may place a controlling "
                                "warrior where his captive cannot be placed next to him",
                                "the captive would overlap its controller")
        _check_position(state, captive, captive_at, captive.radius, others)
        captive_facing = captive.facing if move.captive_facing is None else g.normalize_angle(
            move.captive_facing)
    elif move.captive_at is not None:
        raise IllegalAction("Rulebook III, Capturing", f"{w.label} holds no captive")
    moved = bool(path)
    hooks = REGISTRY.hooks_for("movement", w.abilities)
    if hooks:
        contacts = tuple(
            o.id for o in state.warriors
            if o.on_table and o.id not in skip and state.opposing(w, o)
            and g.bases_touch(end, r, positions.get(o.id, (o.x, o.y)) if positions else (
                o.x, o.y), o.radius))
        ctx = MoveContext(stage="end", moved=moved, new_contacts=contacts)
        for fn in hooks:
            fn(state, w, ctx)
        if ctx.violation:
            raise IllegalAction(ctx.violation, f"{w.label} cannot make this move")
    return MovePlan(end=end, facing=facing, captive_at=captive_at,
                    captive_facing=captive_facing, moved=moved)


def _check_path_bases(w: Warrior, points: tuple[Point, ...], others: list[Obstacle],
                      pairs: list[tuple[Point, Point]]) -> None:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    segments = [(points[k], points[k + 1]) for k in range(len(points) - 1)]
    for _, ox, oy, orad in others:
        if x0 - orad <= ox <= x1 + orad and y0 - orad <= oy <= y1 + orad:
            for a, b in segments:
                if g.segment_crosses_disc(a, b, (ox, oy), orad):
                    raise IllegalAction("Rulebook III, Movement: the path may not cross any "
                                        "figure base", f"the path of {w.label} crosses a base")
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


def _check_position(state: State, w: Warrior, at: Point, r: float,
                    others: list[tuple[int, float, float, float]]) -> None:
    table = state.table
    if not (r - g.EPS <= at[0] <= table - r + g.EPS and r - g.EPS <= at[1] <= table - r + g.EPS):
        raise IllegalAction("Rulebook II, Setting the Scene",
                            f"{w.label} would stand off the battlefield")
    for oid, ox, oy, orad in others:
        if oid != w.id and math.hypot(at[0] - ox, at[1] - oy) < r + orad - g.OVERLAP_EPS:
            raise IllegalAction("Rulebook III, Movement: bases may not overlap",
                                f"{w.label} would stand on warrior {oid}'s base")
    if state.terrain:
        why = state.terrain.position_violation(at, r)
        if why:
            raise IllegalAction(why, f"{w.label} cannot stand there")


# --- giving a move action ---------------------------------------------------------------


def apply_move(state: State, move: Move) -> None:
    w = _warrior(state, move.warrior)
    why = turns.action_violation(state, w, "move")
    if why:
        raise IllegalAction(why, f"{w.label} cannot be given a move action")
    plan = check_move(state, w, move, move_allowance(state, w))
    state.emit("action", kind="move", warrior=w.id)
    turns.mark_action(state, w, nonpass=True)
    if plan.moved and state.opposing_contacts(w) and not _breaks_away(state, w):
        _face(state, w, move.stuck_facing)
        return
    _carry_out(state, w, plan)
    if plan.moved:
        offer_free_spins(state, [w.id])


def _breaks_away(state: State, w: Warrior) -> bool:
    """Rulebook III, Breaking Away: 1-3 fails, 4-6 succeeds."""
    ctx = BreakAwayContext()
    for fn in REGISTRY.hooks_for("break_away", w.abilities):
        fn(state, w, ctx)
    die = state.roll(1, "break away", warrior=w.id)[0]
    ok = die > ctx.fails_up_to
    state.emit("break_away", warrior=w.id, success=ok)
    return ok


def _face(state: State, w: Warrior, facing: float | None) -> None:
    if facing is not None:
        w.facing = g.normalize_angle(facing)
        state.emit("faced", warrior=w.id, facing=w.facing)


def _carry_out(state: State, w: Warrior, plan: MovePlan) -> None:
    w.x, w.y = plan.end
    w.facing = plan.facing
    state.emit("moved", warrior=w.id, to=[w.x, w.y], facing=w.facing)
    if plan.captive_at is not None:
        c = state.warriors[w.captive]
        c.x, c.y = plan.captive_at
        if plan.captive_facing is not None:
            c.facing = plan.captive_facing
        state.emit("moved", warrior=c.id, to=[c.x, c.y], facing=c.facing)


def offer_free_spins(state: State, movers: list[int]) -> None:
    """Rulebook III, Free Spin: opposing figures a move brought into base contact may turn."""
    offers: dict[int, list[int]] = {}
    for mid in movers:
        m = state.warriors[mid]
        if not m.on_table:
            continue
        for o in state.opposing_contacts(m):
            offers.setdefault(o.id, []).append(mid)
    for oid in sorted(offers):
        state.pending.append(SpinOffer(warrior=oid, movers=tuple(offers[oid])))
        state.emit("free_spin_offered", warrior=oid, movers=offers[oid])


def free_spin_violation(state: State, offer: SpinOffer, spin: FreeSpin) -> None:
    if spin.warrior != offer.warrior:
        raise IllegalAction("Rulebook III, Free Spin",
                            f"warrior {offer.warrior} is owed a free spin, not warrior "
                            f"{spin.warrior}")
    if spin.facing is None:
        return
    w = state.warriors[spin.warrior]
    facing = g.normalize_angle(spin.facing)
    if not any(g.in_front_arc(facing, w.card.arc, g.bearing((w.x, w.y), (m.x, m.y)))
               for m in (state.warriors[i] for i in offer.movers) if m.on_table):
        raise IllegalAction("Rulebook III, Free Spin: the spin brings the front arc into "
                            "contact with the moving warrior",
                            f"{w.label}'s front arc would not face the warrior that moved")


def apply_free_spin(state: State, spin: FreeSpin) -> None:
    offer = state.pending[0]
    if not isinstance(offer, SpinOffer):
        raise IllegalAction("Rulebook III, Free Spin",
                            f"the decision owed is {offer!r}, not a free spin")
    free_spin_violation(state, offer, spin)
    w = state.warriors[spin.warrior]
    if spin.facing is not None:
        w.facing = g.normalize_angle(spin.facing)
        state.emit("free_spin", warrior=w.id, facing=w.facing)
    else:
        state.emit("free_spin", warrior=w.id, facing=None)
    state.pending.pop(0)


# --- movement formations ----------------------------------------------------------------


def formation_violation(state: State, members: list[Warrior]) -> str | None:
    if not 3 <= len(members) <= 5:
        return "Rulebook IV, Movement Formations: 3, 4 or 5 warriors"
    for m in members:
        why = turns.action_violation(state, m, "move") or formations.member_violation(
            state, m, "move")
        if why:
            return why
    if not formations.grouped(members):
        return ("Rulebook IV, Movement Formations: each warrior touches the base of at least "
                "one other")
    why = formations.faction_violation([m.card for m in members])
    if why:
        return why
    if formations.abrupt_split(state, members):
        return ("Rulebook V, Abrupt Elevated Terrain: formations may not have members on and "
                "off such terrain")
    return None


def apply_move_formation(state: State, action: MoveFormation) -> None:
    ids = (action.warrior, *action.members)
    if len(set(ids)) != len(ids):
        raise IllegalAction("Rulebook IV, Movement Formations", "a warrior is listed twice")
    members = [_warrior(state, i) for i in ids]
    why = formation_violation(state, members)
    if why:
        raise IllegalAction(why, "these warriors cannot form a movement formation")
    speed = min(base_speed(state, m) for m in members)
    state.emit("action", kind="move formation", warrior=action.warrior, members=list(ids),
               speed=speed)
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
                         ) -> tuple[dict[int, Point], list[tuple[Warrior, MovePlan]]]:
    seen: set[int] = set()
    positions: dict[int, Point] = {}
    done: list[tuple[Warrior, MovePlan]] = []
    for step in plan.steps:
        if step.warrior not in pending.members:
            raise IllegalAction("Rulebook IV, Movement Formations",
                                f"warrior {step.warrior} is not a member of the formation")
        if step.warrior in seen:
            raise IllegalAction("Rulebook IV, Movement Formations",
                                f"warrior {step.warrior} is moved twice")
        seen.add(step.warrior)
        w = state.warriors[step.warrior]
        if step.path and step.warrior in pending.stuck:
            raise IllegalAction("Rulebook IV, Movement Formations: a member that fails to break "
                                "away may not move", f"{w.label} failed to break away")
        mp = check_move(state, w, step, allowance(state, w, pending.speed), positions)
        positions[w.id] = mp.end
        if mp.captive_at is not None:
            positions[w.captive] = mp.captive_at
        done.append((w, mp))
    members = [state.warriors[i] for i in pending.members]
    if not formations.grouped(members, positions):
        raise IllegalAction("Rulebook IV, Movement Formations: at the end of the action each "
                            "warrior's base must still touch another member's",
                            "the formation would come apart")
    if formations.abrupt_split(state, members, positions):
        raise IllegalAction("Rulebook V, Abrupt Elevated Terrain: formations may not have "
                            "members on and off such terrain", "the formation would be split")
    return positions, done


def apply_formation_plan(state: State, plan: FormationPlan) -> None:
    pending = state.pending[0]
    if not isinstance(pending, FormationMoving):
        raise IllegalAction("Rulebook IV, Movement Formations",
                            f"the decision owed is {pending!r}, not a formation plan")
    _, done = check_formation_plan(state, pending, plan)
    state.pending.pop(0)
    movers = []
    for w, mp in done:
        if mp.moved:
            _carry_out(state, w, mp)
            movers.append(w.id)
        elif mp.facing != w.facing or mp.captive_at is not None:
            _carry_out(state, w, mp)
    offer_free_spins(state, movers)


def _warrior(state: State, wid: int) -> Warrior:
    if not 0 <= wid < len(state.warriors):
        raise IllegalAction("Rulebook III, Turns and Actions", f"there is no warrior {wid}")
    return state.warriors[wid]
