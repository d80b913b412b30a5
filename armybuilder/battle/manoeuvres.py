"""Candidate moves for one warrior, weighed before they are checked.

The engine's move listing checks every representative move it makes; a player only needs
the best legal one. So the places are made here (the same kinds of places the engine
lists: contact points around opposing figures, straight moves in eight directions, and a
few of our own: just inside range of the nearest enemy, towards home with a captive),
scored with :func:`armybuilder.battle.positions.place_value`, and checked by the engine
(Rulebook III, Movement) best first until one is legal.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from armybuilder.battle import positions, tactics
from armybuilder.engine import geometry as g
from armybuilder.engine import legal, movement
from armybuilder.engine.actions import Move
from armybuilder.engine.state import NOBODY, State, Warrior

DIRECTIONS = tuple(k * math.pi / 4 for k in range(8))
SIDES = (0.0, math.pi / 3, -math.pi / 3, 2 * math.pi / 3, -2 * math.pi / 3, math.pi)
#: How many of the best-scored places are checked before the warrior gives up moving.
TRIES = 6


def best_move(state: State, w: Warrior, foes: list[Warrior], me: int,
              noise: Callable[[], float]) -> tuple[Move | None, float]:
    """(the best legal move found, its gain over standing still) for ``w``."""
    start = (w.x, w.y)
    modes: list[str | None] = [None]
    if w.id not in state.engaged_at_start:
        modes += [m for m in ("Charge", "Bound") if m in w.abilities]
    contacts = state.opposing_contacts(w)
    stuck = g.bearing(start, (contacts[0].x, contacts[0].y)) if contacts else None
    reading = positions.Reading(state, w, foes)
    now = reading.value(start, w.facing)
    scored: list[tuple[float, int, tuple[float, float], float, str | None, float]] = []
    seen: set[tuple[float, float, str | None]] = set()
    sx, sy = start
    for mode in modes:
        limit = movement.move_allowance(state, w, mode)
        if limit <= 0:
            continue
        reach = limit + 1e-9
        for end, facing in _places(state, w, foes, limit, mode):
            key = (round(end[0], 3), round(end[1], 3), mode)
            if key in seen or math.hypot(end[0] - sx, end[1] - sy) > reach:
                continue
            seen.add(key)
            gain = reading.value(end, facing) - now
            if mode is not None:
                gain += tactics.charge_value(state, Move(w.id, (end,), facing, stuck,
                                                         ability=mode), me)
            scored.append((gain + noise(), len(scored), end, facing, mode, limit))
    scored.sort(key=lambda s: (-s[0], s[1]))
    around = movement.obstacles(state, w) if scored else None
    for gain, _, end, facing, mode, limit in scored[:TRIES]:
        found = legal.try_move(state, w, Move(w.id, (end,), facing, stuck, ability=mode),
                                limit, around)
        if found is not None:
            return found, gain
    return None, 0.0


def _places(state: State, w: Warrior, foes: list[Warrior], limit: float, mode: str | None
            ) -> list[tuple[tuple[float, float], float]]:
    start = (w.x, w.y)
    out: list[tuple[tuple[float, float], float]] = []
    if w.captive != NOBODY:
        # Rulebook VI, Victory!: a captive scores double in your starting area.
        hx, hy = positions.home(state, w)
        a = math.atan2(hy - w.y, hx - w.x)
        d = min(limit, math.hypot(hx - w.x, hy - w.y))
        toward = (w.x + d * math.cos(a), w.y + d * math.sin(a))
        out.append((legal.clip_to_terrain(state, w, start, toward), a))
    elif not positions.demoralized(w):
        for o in foes:
            reach = w.radius + o.radius + legal.CONTACT_GAP
            dist = math.hypot(o.x - w.x, o.y - w.y)
            if dist - reach > limit:
                continue
            approach = g.bearing((o.x, o.y), start)
            for da in SIDES:
                end, facing = legal.contact_spot(w, o, approach + da)
                if legal.clip_to_terrain(state, w, start, end) == end:
                    out.append((end, facing))
        if mode is not None:
            return out  # a charge is only worth making into base contact
        if w.card.range > 0 and foes:
            # Just inside range of the nearest enemy, to shoot next turn.
            o = min(foes, key=lambda o: (math.hypot(o.x - w.x, o.y - w.y), o.id))
            dist = math.hypot(o.x - w.x, o.y - w.y)
            want = dist - (w.card.range - 0.5)
            if want > 0:
                step = min(limit, want)
                a = math.atan2(o.y - w.y, o.x - w.x)
                toward = (w.x + step * math.cos(a), w.y + step * math.sin(a))
                end = legal.clip_to_terrain(state, w, start, toward)
                out.append((end, g.bearing(end, (o.x, o.y))))
    if mode is not None:
        return out
    r, table = w.radius, state.table
    spots = [(o.x, o.y) for o in foes]
    for a in DIRECTIONS:
        for frac in (1.0, 0.5):
            d = limit * frac
            end = (min(table - r, max(r, w.x + d * math.cos(a))),
                   min(table - r, max(r, w.y + d * math.sin(a))))
            if g.distance(start, end) <= 1e-6:
                continue
            end = legal.clip_to_terrain(state, w, start, end)
            out.append((end, _nearest_facing(spots, end, a)))
    return out


def _nearest_facing(spots: list[tuple[float, float]], at: tuple[float, float],
                    default: float) -> float:
    """Face the nearest enemy from ``at`` (as the engine's listing does)."""
    best, facing = math.inf, default
    ax, ay = at
    for ox, oy in spots:
        d = math.hypot(ox - ax, oy - ay)
        if g.EPS < d < best:
            best, facing = d, math.atan2(oy - ay, ox - ax)
    return facing
