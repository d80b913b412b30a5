"""Where a figure may go: the quick, unchecked listing of candidate places that the
engine's move listing and the players both search (contact spots around another figure,
straight moves, terrain's stops), and the exact check of one candidate (:func:`try_move`).

Movement happens in continuous space, so any listing is a representative sample
(RULES_NOTES.md, Legal actions); a player may give any other move, which the engine checks
exactly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from armybuilder.engine import bases, memory, movement
from armybuilder.engine import geometry as g
from armybuilder.engine.actions import Move
from armybuilder.engine.geometry import Point
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior

CONTACT_GAP = 0.001  # how far apart generated contact positions leave two bases
DIRECTIONS = tuple(k * math.pi / 4 for k in range(8))
#: Each direction with its cosine and sine, worked out once (the same numbers every time).
_UNIT = tuple((a, math.cos(a), math.sin(a)) for a in DIRECTIONS)


def nearest_facing(state: State, w: Warrior, at: Point, default: float) -> float:
    """The facing from ``at`` towards the nearest figure opposing ``w``; ``default`` when
    none stands apart from ``at``."""
    best, facing = math.inf, default
    for o in state.warriors:
        if o.on_table and state.opposing(w, o):
            d = math.hypot(o.x - at[0], o.y - at[1])
            if d < best and d > g.EPS:
                best, facing = d, math.atan2(o.y - at[1], o.x - at[0])
    return facing


def contact_spot(w: Warrior, o: Warrior, angle: float, gap: float = CONTACT_GAP
                 ) -> tuple[Point, float]:
    """Where ``w``'s centre goes to touch ``o`` from direction ``angle`` (seen from ``o``),
    facing ``o``: ``(place, facing)``, the bases ``gap`` apart, within the rules' contact
    tolerance (Glossary, Base Contact). Nothing else is checked: pass the move to
    :func:`try_move`."""
    return bases.contact_spot(w.shape, o.discs, (o.x, o.y), o.half_length, angle, gap)


def contact_spots(w: Warrior, o: Warrior, angles: Sequence[float], gap: float = CONTACT_GAP
                  ) -> list[tuple[Point, float]]:
    """:func:`contact_spot` from each of ``angles``, in order: players weigh a handful of
    sides of every opposing figure (two round bases are placed without a call each)."""
    if not (w.round and o.round):
        return [contact_spot(w, o, a, gap) for a in angles]
    reach = w.half_length + o.half_length + gap
    ox, oy, cos, sin, atan2 = o.x, o.y, math.cos, math.sin, math.atan2
    out = []
    for a in angles:
        ex, ey = ox + reach * cos(a), oy + reach * sin(a)
        out.append(((ex, ey), atan2(oy - ey, ox - ex)))  # bases.contact_spot's numbers
    return out


def try_move(state: State, w: Warrior, move: Move, limit: float,
             around: Any = None, forced: bool = False) -> Move | None:
    """``move`` if it is a legal move of ``w`` with ``limit`` inches to spend (Rulebook III,
    Movement, every rule checked by :func:`movement.check_move`), else None. A warrior
    with a captive gets another place for it next to him when the captive's own place is
    taken (Rulebook III, Capturing); that move is returned instead.

    ``around`` is :func:`movement.obstacles` when the caller already has it; ``forced``:
    an opponent makes the move (Magic Confusion). Used by the move listing and by players
    that make their own candidate moves.
    """
    try:
        movement.check_move(state, w, move, limit, around=around, forced=forced)
        return move
    except IllegalAction as exc:
        if not exc.captive_placement:
            # Every other rule reads the same in the moves below: they would fail alike.
            return None
    if w.captive == NOBODY or not move.path:
        return None
    # Find the captive another place next to its controller.
    c = state.warriors[w.captive]
    end = move.path[-1]
    gap = w.half_length + c.half_length + CONTACT_GAP
    for a in DIRECTIONS:
        at = (end[0] + gap * math.cos(a), end[1] + gap * math.sin(a))
        alt = Move(move.warrior, move.path, move.facing, stuck_facing=move.stuck_facing,
                   captive_at=at, ability=move.ability)
        try:
            movement.check_move(state, w, alt, limit, around=around, forced=forced)
            return alt
        except IllegalAction:
            continue
    return None


def clip_to_terrain(state: State, w: Warrior, start: Point, end: Point) -> Point:
    """Where terrain stops a straight move of ``w`` from ``start`` towards ``end``
    (Rulebook V: entering hindering terrain, going up or down elevated terrain, the far
    side of a low wall); ``end`` itself when nothing stops it or ``w`` ignores terrain.
    Other figures are not considered: :func:`try_move` checks those."""
    if not state.terrain.features:
        return end
    rules = movement.path_rules(state, w)
    if rules is not None and rules.ignores_terrain:
        return end
    ignore = movement._ignored(rules)
    stop = state.terrain.movement_stop((start, end), w.shape, ignore, w.facing, state.memory)
    if stop is None:
        return end
    return g.point_along((start, end), stop)


def straight_move_ends(state: State, w: Warrior, start: Point, limit: float,
                       halves: bool = True) -> list[tuple[Point, float]]:
    """The ends of straight moves from ``start`` in eight directions at full and (with
    ``halves``) half of ``limit``, kept on the table and stopped where terrain stops them
    (:func:`clip_to_terrain`), each with its direction; other figures are not
    considered. A representative sample of continuous space (RULES_NOTES.md, Legal
    actions) that the AI players search too."""
    key = (w.x, w.y, w.half_length, state.table, start, limit, halves)
    ends = memory.STRAIGHT_ENDS.get(key)
    if ends is None:
        ends = memory.keep(memory.STRAIGHT_ENDS, key,
                           _straight_ends(w.x, w.y, w.half_length, state.table, start, limit,
                                          halves))
    if not state.terrain.features:
        return list(ends)
    return [(clip_to_terrain(state, w, start, end), a) for end, a in ends]


def _straight_ends(x: float, y: float, r: float, table: float, start: Point, limit: float,
                   halves: bool) -> tuple[tuple[Point, float], ...]:
    """:func:`straight_move_ends` before terrain: numbers in, numbers out."""
    hi = table - r
    sx, sy = start
    hypot = math.hypot
    distances = (limit, limit * 0.5) if halves else (limit,)  # limit * 1.0 is limit
    out = []
    for a, cos, sin in _UNIT:
        for d in distances:
            ex = x + d * cos
            ey = y + d * sin
            # min(hi, max(r, e)) without the calls: the same comparisons, the same float.
            ex = ex if ex > r else r
            ex = ex if ex < hi else hi
            ey = ey if ey > r else r
            ey = ey if ey < hi else hi
            if hypot(ex - sx, ey - sy) <= 1e-6:  # g.distance(start, end)
                continue
            out.append(((ex, ey), a))
    return tuple(out)
