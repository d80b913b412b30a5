"""Candidate moves for one warrior, weighed before they are checked.

The engine's move listing checks every representative move it makes; a player only needs
the best legal one. So the places are made here (the same kinds of places the engine
lists: contact points around opposing figures, straight moves in eight directions (the
full distance only on an open table), and a few of our own: just inside range of the
nearest enemy, towards home with a captive), scored with
:func:`armybuilder.ai.positions.place_value`, and checked by the engine (Rulebook III,
Movement) best first until one is legal.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import NamedTuple

from armybuilder.ai import fortifications, positions, sieges, tactics
from armybuilder.ai.figure_play import play_of
from armybuilder.engine import (
    CONTACT_GAP,
    NOBODY,
    FormationMoving,
    FormationPlan,
    IllegalAction,
    Move,
    State,
    Warrior,
    check_formation_plan,
    clip_to_terrain,
    contact_spots,
    formation_speed,
    member_limit,
    move_allowance,
    straight_move_ends,
    try_move,
)
from armybuilder.engine import geometry as g

SIDES = (0.0, math.pi / 3, -math.pi / 3, 2 * math.pi / 3, -2 * math.pi / 3, math.pi)
#: How many of the best-scored places are checked before the warrior gives up moving.
TRIES = 6
#: The scale of the tie-breaking noise added to a place's gain: a draw of the player's own
#: generator times this, far below any difference that matters.
NOISE = 1e-6


@dataclass(slots=True)
class Weighing:
    """Every candidate place of a warrior with its gain over standing still, before the
    tie-breaking noise, column by column (a weighing has dozens of places: one record
    each would cost more than the weighing). Index 0 is standing still itself (gain 0),
    never a place to try."""

    gains: list[float]
    ends: list[tuple[float, float]]
    facings: list[float]
    #: (mode: None, Charge or Bound; the move's limit; how many places) for each run of
    #: places after standing still, in order.
    spans: list[tuple[str | None, float, int]]

    def move_of(self, i: int) -> tuple[str | None, float]:
        """(mode, limit) of the ``i``-th place."""
        i -= 1
        for mode, limit, size in self.spans:
            if i < size:
                return mode, limit
            i -= size
        raise IndexError(i)


#: A place to weigh: (end, facing or None to face the nearest enemy, the facing when no
#: enemy stands apart).
Place = tuple[tuple[float, float], float | None, float]


def _pose(o: Warrior) -> tuple[object, ...]:
    # A round base's facing changes no place or reading (only double bases turn their
    # discs), so a free spin of a round-based enemy keeps the weighing. (outlook writes
    # the same tuple out inline: keep the two alike.)
    return (o.id, o.x, o.y, o.facing if not o.round else None, o.click, o.cancelled,
            o.on_table, o.controller, o.captive)


class Outlook(NamedTuple):
    """What the movers of one decision are weighed against, read once for them all."""

    foes: list[Warrior]
    me: int  # whose decision it is
    ahead: bool  # is that side ahead (the approach's pressure, positions.Reading)
    #: Everything a weighing depends on besides the mover: every figure not on our side
    #: (where they stand, their dials), the round and who is ahead. The mover's friends
    #: only matter to which moves are legal, and that is checked again every time.
    #: With ``seen`` (see :func:`outlook`), the number standing for it.
    key: object


def outlook(state: State, foes: list[Warrior], me: int,
            seen: dict[tuple[object, ...], int] | None = None) -> Outlook:
    """The :class:`Outlook` of player ``me``'s decision, facing ``foes``. ``seen``: the
    outlooks met so far, each numbered: the number is the key then, so that weighings
    are looked up without hashing the whole battlefield again for every mover."""
    ahead = positions.ahead(state, me)
    team = state.players[me].team
    # _pose of each, written out: asked at every decision.
    key: object = (
        me, state.round, ahead, tuple(o.id for o in foes),
        tuple([(o.id, o.x, o.y, o.facing if not o.round else None, o.click, o.cancelled,
                o.on_table, o.controller, o.captive)
               for o in state.warriors if o.team != team or o.controller != NOBODY]))
    if seen is not None:
        key = seen.setdefault(key, len(seen))  # type: ignore[arg-type]
    return Outlook(foes, me, ahead, key)


class Candidates(NamedTuple):
    """A warrior's best-scored places, best first."""

    w: Warrior
    stuck: float | None  # the facing it keeps when it breaks away (Rulebook III)
    weighing: Weighing
    #: The places worth trying, best first: their indexes in the weighing ...
    order: list[int]
    #: ... and their gains with the tie-breaking noise added.
    gains: list[float]


def candidates(state: State, w: Warrior, view: Outlook, draw: Callable[[], float],
               memo: dict[tuple[object, ...], Weighing] | None = None,
               contacts: list[Warrior] | None = None, dials: positions.Dials | None = None
               ) -> Candidates:
    """The :data:`TRIES` best places for ``w``, their gains with the noise added.

    Nothing is checked yet: a player checks the best places of all its movers together,
    best first (:func:`attempt`), so only the winner's legality is ever checked.
    ``memo`` keeps each warrior's weighed places (see :attr:`Outlook.key`) between the
    decisions of a turn: when a friend moves or attacks, the places and their worth are
    unchanged and only the legality check is redone. The noise (``draw()`` times
    :data:`NOISE`; ``draw``: the player's generator's ``random``) is drawn afresh for every
    place, in the same order, so a remembered weighing chooses exactly as a new one.
    ``contacts``: the enemies in contact with ``w``, when the caller has already read them;
    ``dials``: see :class:`positions.Reading`.
    """
    start = (w.x, w.y)
    limits: tuple[tuple[str | None, float], ...] = (
        (None, move_allowance(state, w, None)),)
    if w.id not in state.engaged_at_start and ("Charge" in w.abilities or "Bound" in w.abilities):
        limits += tuple((mode, move_allowance(state, w, mode))
                        for mode in ("Charge", "Bound") if mode in w.abilities)
    if contacts is None:
        contacts = state.opposing_contacts(w)
    stuck = g.bearing(start, (contacts[0].x, contacts[0].y)) if contacts else None
    key = (_pose(w), w.facing, limits, view.key)
    weighed = memo.get(key) if memo is not None else None
    if weighed is None:
        weighed = _weigh(state, w, view, limits, stuck, dials)
        if memo is not None:
            memo[key] = weighed
    # Best first, ties in the order weighed (the sort is stable, reversed or not).
    noisy = [gain + draw() * NOISE for gain in islice(weighed.gains, 1, None)]
    best = sorted(range(len(noisy)), key=noisy.__getitem__, reverse=True)[:TRIES]
    return Candidates(w, stuck, weighed, [i + 1 for i in best], [noisy[i] for i in best])


def attempt(state: State, cands: Candidates, k: int) -> Move | None:
    """The move to ``cands``' ``k``-th place if it is legal (Rulebook III, Movement), else
    None."""
    w, weighing = cands.w, cands.weighing
    i = cands.order[k]
    mode, limit = weighing.move_of(i)
    path: tuple[tuple[float, float], ...] = (weighing.ends[i],)
    if state.sections:
        # Castle rules, Access Points: up or down by a door or a ladder (ai.sieges).
        path = sieges.path_to(w, weighing.ends[i])
    if state.works:
        # World Conquest, Upgrading Defenses: in and out through an entrance.
        path = fortifications.path_to(w, weighing.ends[i])
    return try_move(state, w, Move(w.id, path, weighing.facings[i], stuck_facing=cands.stuck,
                                   ability=mode), limit)


def _weigh(state: State, w: Warrior, view: Outlook,
           limits: tuple[tuple[str | None, float], ...], stuck: float | None,
           dials: positions.Dials | None = None) -> Weighing:
    """Every candidate place of ``w`` with its gain over standing still, no noise yet."""
    start = (w.x, w.y)
    foes, me = view.foes, view.me
    reading = positions.Reading(state, w, foes, dials, view.ahead)
    # Standing still is read first, in the same batch as every place.
    batch: list[Place] = [(start, w.facing, 0.0)]
    spans: list[tuple[str | None, float, int]] = []
    sx, sy = start
    hypot = math.hypot
    for mode, limit in limits:
        if limit <= 0:
            continue
        reach = limit + 1e-9
        near, straight = _places(state, w, foes, limit, mode)
        seen: set[tuple[float, float]] = set()  # the same spot reached two ways
        size = len(batch)
        for place in near:
            ex, ey = end = place[0]
            if end in seen or hypot(ex - sx, ey - sy) > reach:
                continue
            seen.add(end)
            batch.append(place)
        # A straight move never ends beyond its limit, and the straight ends come without
        # repeats: only those met near the enemy are left out.
        batch += [place for place in straight if place[0] not in seen] if seen else straight
        spans.append((mode, limit, len(batch) - size))
    values = reading.facing_values(batch)
    now = values[0][0]
    # Column by column, standing still first (left out of the places to try).
    gains = [value - now for value, _ in values]
    ends = [place[0] for place in batch]
    if state.sections:
        # Castle rules: the walls manned, climbed or struck (armybuilder.ai.sieges).
        sieges.adjust(state, w, foes, ends, gains)
    if state.works:
        # World Conquest, Upgrading Defenses: on guard, or striking a fortification.
        fortifications.adjust(state, w, foes, ends, gains)
    facings = [facing for _, facing in values]
    i = 1
    for mode, _, size in spans:
        if mode is not None:
            for k in range(i, i + size):
                gains[k] += tactics.charge_value(
                    state, Move(w.id, (ends[k],), facings[k], stuck_facing=stuck, ability=mode), me)
        i += size
    return Weighing(gains, ends, facings, spans)


def _places(state: State, w: Warrior, foes: list[Warrior], limit: float, mode: str | None
            ) -> tuple[list[Place], Sequence[Place]]:
    """(end, facing, the facing when no enemy stands apart) of each place to weigh; a
    facing of None faces the nearest enemy (:meth:`positions.Reading.facing_value`).
    Two lists: the places near the enemy or home, then the straight moves' ends."""
    start = (w.x, w.y)
    out: list[Place] = []
    if w.captive != NOBODY:
        # Rulebook VI, Victory!: a captive scores double in your starting area.
        hx, hy = positions.home(state, w)
        a = math.atan2(hy - w.y, hx - w.x)
        d = min(limit, math.hypot(hx - w.x, hy - w.y))
        toward = (w.x + d * math.cos(a), w.y + d * math.sin(a))
        out.append((clip_to_terrain(state, w, start, toward), a, a))
    elif not positions.demoralized(w):
        wx, wy, hypot, atan2 = w.x, w.y, math.hypot, math.atan2
        terrain = bool(state.terrain.features)
        closest: tuple[float, int, Warrior] | None = None
        if state.sections:
            # Castle rules, General Rules: a section is in base contact with no one; the
            # places touching it, and on the castle's tops, are the siege's own.
            out += sieges.places(state, w, foes, limit)
        if state.works:
            # World Conquest, Upgrading Defenses: touching a fortification, on guard.
            out += fortifications.places(state, w, foes, limit)
        for o in foes:
            ox, oy = o.x, o.y
            dist = hypot(ox - wx, oy - wy)
            if closest is None or (dist, o.id) < closest[:2]:
                closest = (dist, o.id, o)
            if dist - (w.half_length + o.half_length + CONTACT_GAP) > limit:
                continue
            if not play_of(o).contact_places:
                continue  # no base contact with a section: its places are above
            if state.sections and sieges.split(state, w, o):
                continue  # Castle rules: on and off a castle top (its access points above)
            approach = atan2(wy - oy, wx - ox)  # g.bearing((ox, oy), start)
            for end, facing in contact_spots(w, o, [approach + da for da in SIDES]):
                if not terrain or clip_to_terrain(state, w, start, end) == end:
                    out.append((end, facing, facing))
        if mode is not None:
            return out, ()  # a charge is only worth making into base contact
        if w.card.range > 0 and closest is not None:
            # Just inside range of the nearest enemy, to shoot next turn.
            dist, _, o = closest
            want = dist - (w.card.range - 0.5)
            if want > 0:
                step = min(limit, want)
                a = math.atan2(o.y - w.y, o.x - w.x)
                toward = (w.x + step * math.cos(a), w.y + step * math.sin(a))
                end = clip_to_terrain(state, w, start, toward)
                out.append((end, g.bearing(end, (o.x, o.y)), 0.0))
    if mode is not None:
        return out, ()
    if state.terrain.features:
        # Half moves only where there is terrain: on an open table they cost a third of
        # the weighing and won no games; with terrain, stopping short of a wood's edge
        # pays (benchmarks/head_to_head.py: 50.0% with them, 45.5% without, 400 games).
        return out, _distinct(straight_move_ends(state, w, start, limit, halves=True))
    return out, _open_straight(state, w, limit)


def _open_straight(state: State, w: Warrior, limit: float) -> tuple[Place, ...]:
    """The straight moves' ends on an open table, each facing the nearest enemy (a facing
    of None, worked out as it is weighed): kept per place and allowance."""
    key = (w.x, w.y, w.half_length, state.table, limit)
    found = _STRAIGHT.get(key)
    if found is None:
        if len(_STRAIGHT) >= 4096:
            _STRAIGHT.clear()
        found = _STRAIGHT[key] = tuple(_distinct(
            straight_move_ends(state, w, (w.x, w.y), limit, halves=False)))
    return found


def _distinct(ends: list[tuple[tuple[float, float], float]]) -> list[Place]:
    """Each end once (a warrior in a corner reaches the same spot two ways), facing the
    nearest enemy (a facing of None, worked out as it is weighed)."""
    seen: set[tuple[float, float]] = set()
    out: list[Place] = []
    for end, a in ends:
        if end not in seen:
            seen.add(end)
            out.append((end, None, a))
    return out


_STRAIGHT: dict[tuple[float, ...], tuple[Place, ...]] = {}


# --- movement formations ------------------------------------------------------------------

#: Turns either side of straight at the enemy that a formation tries (radians).
FORMATION_TURNS = (0.0, math.pi / 8, -math.pi / 8, math.pi / 4, -math.pi / 4)
#: Shares of the formation's speed it tries to move.
FORMATION_SHARES = (1.0, 0.75, 0.5)
#: A formation step shorter than this (inches) is not worth an action.
FORMATION_LEAST = 0.5
#: How many of the best-scored plans are checked before the formation is given up.
FORMATION_TRIES = 4


def formation_plan(state: State, members: list[Warrior], foes: list[Warrior],
                   noise: Callable[[], float], dials: positions.Dials | None = None
                   ) -> tuple[FormationPlan | None, float]:
    """(the best legal plan found, its summed gain over standing still) for a movement
    formation of ``members`` that has not been declared yet (Rulebook IV, Movement
    Formations): every member moves the same way by the same distance, so the group keeps
    its shape and stays in contact; terrain that stops one member stops them all."""
    if not foes or len(members) < 3:
        return None, 0.0
    speed = formation_speed(state, members)
    if speed <= 0:
        return None, 0.0
    cx = sum(m.x for m in members) / len(members)
    cy = sum(m.y for m in members) / len(members)
    target = min(foes, key=lambda o: (math.hypot(o.x - cx, o.y - cy), o.id))
    ahead = math.atan2(target.y - cy, target.x - cx)
    readings = [positions.Reading(state, m, foes, dials) for m in members]
    now = [r.value((m.x, m.y), m.facing) for r, m in zip(readings, members, strict=True)]
    limits = [member_limit(state, m, speed) for m in members]
    spots = [(o.x, o.y) for o in foes]
    scored: list[tuple[float, int, FormationPlan]] = []
    for turn in FORMATION_TURNS:
        a = ahead + turn
        ux, uy = math.cos(a), math.sin(a)
        for share in FORMATION_SHARES:
            d = speed * share
            for m, limit in zip(members, limits, strict=True):
                reach = min(d, limit)
                end = clip_to_terrain(state, m, (m.x, m.y),
                                            (m.x + reach * ux, m.y + reach * uy))
                d = min(d, math.hypot(end[0] - m.x, end[1] - m.y))
            if d < FORMATION_LEAST:
                continue
            steps: list[Move] = []
            gain = 0.0
            # The front members first, so nobody's path crosses a member still to move.
            order = sorted(range(len(members)),
                           key=lambda i: -(members[i].x * ux + members[i].y * uy))
            for i in order:
                m = members[i]
                end = (m.x + d * ux, m.y + d * uy)
                facing = m.facing if not m.round else positions.nearest_facing(spots, end, a)
                steps.append(Move(m.id, (end,), facing))
                gain += readings[i].value(end, facing) - now[i]
            scored.append((gain + noise(), len(scored), FormationPlan(tuple(steps))))
    scored.sort(key=lambda s: (-s[0], s[1]))
    pending = FormationMoving(members=tuple(m.id for m in members), stuck=frozenset(),
                              speed=speed)
    for gain, _, plan in scored[:FORMATION_TRIES]:
        try:
            check_formation_plan(state, pending, plan)
        except IllegalAction:
            continue
        return plan, gain
    return None, 0.0
