"""Access points in play: close combat across connected access points, everyone on top of
a gatehouse in base contact, and ladders placed and removed by formations (the castle
rules, seed 004: Access Points, Close Combat, Gatehouse, Planking and Ladders).

An *access point* of a standing section, as this module counts them (RULES_NOTES.md,
Castles, "Access points in play"):

- a keep or round tower: its entire top surface, and each open door (Castle rules, Keep:
  "The two doors and the entire top surface of the keep are connected access points";
  Portals: "A closed portal is not considered connected to any other access points");
- a wall: the lower and the upper end of each ladder against it (Planking and Ladders:
  ladders "create access points at its upper and lower ends"), and of each ``access``
  segment the pieces file gives it;
- a gatehouse: none ("The gatehouse has no access points").

"All access points in the same castle section are connected access points": two access
points are connected when they are two different access points of the same section.
Nothing here is asked in a game without a castle (``state.sections`` empty).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from armybuilder.engine import geometry as g
from armybuilder.engine import movement, turns
from armybuilder.engine.actions import Ladder, MoveFormation
from armybuilder.engine.castle import (
    DOOR_ACCESS,
    GATEHOUSE,
    LADDER_WIDTH,
    WALL,
    Section,
    refresh,
)
from armybuilder.engine.castle_combat import nearest_on_boundary, standing_on
from armybuilder.engine.castle_setup import ladder_segment, ladders_allowed
from armybuilder.engine.geometry import Point

if TYPE_CHECKING:
    from armybuilder.engine.state import State, Warrior

CLOSE = "Castle rules, Close Combat"
LADDERS = "Castle rules, Planking and Ladders"
GATE = "Castle rules, Gatehouse"


@dataclass(frozen=True, slots=True)
class End:
    """One access point of a section: ``segment`` None is a whole top surface; ``top``
    True is the end reached from the section's top (a ladder's upper end), False the one
    on the ground (a door, a ladder's lower end)."""

    section: int  # the section warrior's id
    index: int
    top: bool
    segment: tuple[Point, Point] | None


def ends_of(wid: int, s: Section) -> list[End]:
    """The access points of the standing section ``s`` (warrior ``wid``) now."""
    out: list[End] = []
    if s.feature < 0 or s.piece == GATEHOUSE:
        return out
    if s.piece in DOOR_ACCESS:
        # Castle rules, Keep; Round Tower: the top surface and each open door.
        out.append(End(wid, 0, True, None))
        for p in s.portals:
            if p.open:
                out.append(End(wid, len(out), False, (p.a, p.b)))
        return out
    for seg in (*s.access, *s.ladders):
        # Castle rules, Planking and Ladders: "access points at its upper and lower ends".
        out.append(End(wid, len(out), False, seg))
        out.append(End(wid, len(out), True, seg))
    return out


def _nearest(a: Point, b: Point, p: Point) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    u = 0.0 if length2 <= 0.0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx
                                                      + (p[1] - a[1]) * dy) / length2))
    return (a[0] + u * dx, a[1] + u * dy)


def _touches_segment(w: Warrior, seg: tuple[Point, Point], front: bool) -> bool:
    """Is ``w``'s base (its front arc, when ``front``) within the contact allowance of
    the segment (Rulebook VIII, Etiquette 3)?"""
    a, b = seg
    discs = w.discs
    for k, (x, y, r) in enumerate(discs):
        if g.segment_point_distance(a, b, (x, y)) > r + g.CONTACT_TOLERANCE:
            continue
        if not front or w.arc >= 360:
            return True
        q = _nearest(a, b, (x, y))
        d = math.hypot(q[0] - x, q[1] - y)
        rim = (x, y) if d <= 1e-12 else (x + (q[0] - x) * r / d, y + (q[1] - y) * r / d)
        if k == 0 and g.rim_in_front_arc(discs, w.facing, w.arc, rim):
            return True
    return False


def touched(state: State, w: Warrior, front: bool = False) -> list[End]:
    """The access points ``w`` touches (with its front arc, when ``front``: Castle rules,
    Close Combat, "A warrior whose front arc is in contact with an access point"). A
    figure on a section's top touches its top surface; a door or a ladder's lower end is
    touched from the ground, a ladder's upper end from the section's top."""
    if w.castle is not None or not w.on_table or w.riding != -1:
        return []
    out: list[End] = []
    level = state.terrain.elevation((w.x, w.y))
    for wid in state.sections:
        s = state.warriors[wid].castle
        if s is None or s.feature < 0:
            continue
        on = level is not None and level in s.features
        for end in ends_of(wid, s):
            if end.segment is None:
                if on:
                    out.append(end)
            elif (on if end.top else level is None) and _touches_segment(w, end.segment,
                                                                          front):
                out.append(end)
    return out


def connected(a_ends: list[End], t_ends: list[End]) -> bool:
    """Castle rules, Access Points: "All access points in the same castle section are
    connected access points" (two different ones of one section)."""
    return any(x.section == y.section and x.index != y.index
               for x in a_ends for y in t_ends)


def across(state: State, a: Warrior, t: Warrior) -> bool:
    """Castle rules, Close Combat: ``a``'s front arc is in contact with an access point
    and ``t`` touches a connected one."""
    if t.castle is not None:
        return False
    mine = touched(state, a, front=True)
    return bool(mine) and connected(mine, touched(state, t))


def gang_ok(state: State, m: Warrior, t: Warrior) -> bool:
    """Castle rules, Close Combat: "Gang up may be used as long as all warriors using gang
    up are touching an access point connected to the target's access point"."""
    return connected(touched(state, m), touched(state, t))


def reachable(state: State, a: Warrior) -> list[Warrior]:
    """The opposing figures touching an access point connected to one ``a``'s front arc is
    in contact with, in the order of ``state.warriors`` (the listing's candidates)."""
    mine = touched(state, a, front=True)
    if not mine:
        return []
    return [t for t in state.warriors
            if t.on_table and t.castle is None and t is not a and t.team != a.team
            and connected(mine, touched(state, t))]


# --- the gatehouse: one top, everyone on it in base contact -----------------------------


def gatehouse_under(state: State, w: Warrior) -> int | None:
    """The gatehouse (its warrior id) on whose top ``w`` stands, or None."""
    on = standing_on(state, w)
    return on.id if on is not None and on.castle is not None \
        and on.castle.piece == GATEHOUSE else None


def same_gatehouse(state: State, a: Warrior, b: Warrior) -> bool:
    """Castle rules, Gatehouse: "Any warrior on top of the gatehouse is considered to be in
    base contact with any other warrior on top of the same gatehouse"."""
    if a is b or not state.terrain.bridges:
        return False  # no gatehouse (Terrain.bridges holds every standing one's archway)
    gate = gatehouse_under(state, a)
    return gate is not None and gatehouse_under(state, b) == gate


# --- ladders in play --------------------------------------------------------------------


def ladder_count(state: State, player: int) -> int:
    """The ladders ``player`` has had on the battlefield and still counts: standing, or
    thrown down by an opponent (Castle rules, Planking and Ladders: "one ladder per three
    wall sections")."""
    n = 0
    for wid in state.sections:
        s = state.warriors[wid].castle
        if s is not None:
            n += s.ladder_owners.count(player) + s.ladders_down.count(player)
    return n


def _wall_at(state: State, at: Point) -> tuple[int, Section] | None:
    """The standing wall whose edge lies nearest ``at``."""
    best: tuple[float, int, Section] | None = None
    for wid in state.sections:
        s = state.warriors[wid].castle
        if s is None or s.piece != WALL or s.feature < 0:
            continue
        d = g.boundary_distance(at, s.footprint)
        if best is None or d < best[0]:
            best = (d, wid, s)
    return None if best is None else (best[1], best[2])


def _ladder_at(state: State, at: Point) -> tuple[Section, int] | None:
    """The standing ladder nearest ``at`` (within 0.5"), as (section, its place)."""
    best: tuple[float, Section, int] | None = None
    for wid in state.sections:
        s = state.warriors[wid].castle
        if s is None or s.feature < 0:
            continue
        for k, (a, b) in enumerate(s.ladders):
            d = g.segment_point_distance(a, b, at)
            if best is None or d < best[0]:
                best = (d, s, k)
    if best is None or best[0] > 0.5 + g.EPS:
        return None
    return best[1], best[2]


def ladder_violation(state: State, warrior: int, members: tuple[int, ...], at: Point,
                     remove: bool) -> str | None:
    """Why the formation may not place (or remove) a ladder at ``at`` now, or None."""
    if not state.sections:
        return f"{LADDERS}: there is no castle"
    n = len(state.warriors)
    ids = (warrior, *members)
    if any(not 0 <= i < n for i in ids) or len(set(ids)) != len(ids):
        return f"{LADDERS}: the formation's members are warriors listed once each"
    team = [state.warriors[i] for i in ids]
    # "by giving a movement action to a formation" (Rulebook IV, Movement Formations).
    why = movement.formation_violation(state, team)
    if why:
        return why
    player = team[0].owner
    if remove:
        found = _ladder_at(state, at)
        if found is None:
            return f"{LADDERS}: there is no ladder there to remove"
        s, k = found
        seg = s.ladders[k]
        if not any(_touches_segment(m, seg, False) for m in team):
            return f"{LADDERS}: a member of the formation touches the ladder it removes"
        for o in state.warriors:
            # "when no enemy is on the access point": an opposing figure touching either
            # end of the ladder.
            if o.on_table and o.castle is None and o.team != team[0].team \
                    and o.controller == -1 and _touches_segment(o, seg, False):
                return f"{LADDERS}: ladders are removed when no enemy is on the access point"
        return None
    if ladder_count(state, player) >= _allowed(state):
        return (f"{LADDERS}: each player may have one ladder per three wall sections "
                f"({_allowed(state)})")
    wall = _wall_at(state, at)
    if wall is None:
        return f"{LADDERS}: ladders are placed next to castle wall sections"
    placed = _segment(wall[1], at)
    if isinstance(placed, str):
        return placed
    mid = ((placed[0][0] + placed[1][0]) / 2.0, (placed[0][1] + placed[1][1]) / 2.0)
    if any(g.segment_point_distance(a, b, mid) < LADDER_WIDTH - g.EPS
           for a, b in wall[1].ladders):
        return f"{LADDERS}: a ladder stands there already"
    if not any(_touches_segment(m, placed, False) for m in team):
        return f"{LADDERS}: a member of the formation touches the place of the ladder"
    return None


def _allowed(state: State) -> int:
    return ladders_allowed(state)


def _segment(s: Section, at: Point) -> tuple[Point, Point] | str:
    """The ladder's access point on ``s``'s edge nearest ``at`` (castle_setup's rule),
    without placing it."""
    try:
        return ladder_segment(s, at)
    except ValueError as exc:
        return str(exc)


def apply_ladder(state: State, warrior: int, members: tuple[int, ...], at: Point,
                 remove: bool) -> None:
    """Castle rules, Planking and Ladders: the formation's movement action places or
    removes a ladder (checked by the caller); every member counts as having moved."""
    team = [state.warriors[i] for i in (warrior, *members)]
    player = team[0].owner
    if remove:
        found = _ladder_at(state, at)
        assert found is not None
        s, k = found
        seg = s.ladders.pop(k)
        owner = s.ladder_owners.pop(k)
        if owner != player:
            # Thrown down by an opponent: out of the game, still its owner's.
            s.ladders_down.append(owner)
        state.emit({"e": "action", "kind": "remove ladder", "warrior": warrior,
                    "members": list(members), "owner": owner,
                    "at": [[seg[0][0], seg[0][1]], [seg[1][0], seg[1][1]]]})
    else:
        wall = _wall_at(state, at)
        assert wall is not None
        seg2 = _segment(wall[1], at)
        assert not isinstance(seg2, str)
        wall[1].ladders.append(seg2)
        wall[1].ladder_owners.append(player)
        state.emit({"e": "action", "kind": "place ladder", "warrior": warrior,
                    "members": list(members), "section": wall[0],
                    "at": [[seg2[0][0], seg2[0][1]], [seg2[1][0], seg2[1][1]]]})
    for m in team:
        # Rulebook IV: every member of the formation is given the movement action.
        turns.mark_action(state, m, nonpass=True)
    refresh(state)


def ladders(state: State, formation: MoveFormation) -> Iterator[Ladder]:
    """Castle rules, Planking and Ladders: a ladder placed where a member touches a wall
    (the edge's point nearest it), or a ladder a member touches removed."""
    seen: set[tuple[float, float, bool]] = set()
    members = [state.warriors[i] for i in (formation.warrior, *formation.members)]
    for m in members:
        for wid in state.sections:
            s = state.warriors[wid].castle
            if s is None or s.feature < 0:
                continue
            spots: list[tuple[Point, bool]] = [
                (((a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0), True) for a, b in s.ladders
                if g.segment_point_distance(a, b, (m.x, m.y)) <= m.half_length
                + g.CONTACT_TOLERANCE]
            if s.piece == "wall" and g.boundary_distance((m.x, m.y), s.footprint) <= \
                    m.half_length + g.CONTACT_TOLERANCE:
                spots.append((nearest_on_boundary((m.x, m.y), s.footprint),
                              False))
            for at, remove in spots:
                key = (round(at[0], 6), round(at[1], 6), remove)
                if key in seen:
                    continue
                seen.add(key)
                action = Ladder(formation.warrior, formation.members, at, remove=remove)
                if ladder_violation(state, action.warrior, action.members, at,
                                    remove) is None:
                    yield action
