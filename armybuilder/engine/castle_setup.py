"""Setting up a siege (Castle rules, Playing Area and Set-Up; Planking and Ladders).

A castle player's :class:`~armybuilder.engine.setup.PlayerSetup` carries a castle plan:
where each castle section of the army stands (:class:`CastlePlacement`), planking and
ladders. :func:`default_plan` makes one when none is given. The sections are placed as the
game is built, "before terrain or warriors"; :func:`castle_deploy_violation` is the
starting-area rule for both sides once a castle stands.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from armybuilder.engine import castle
from armybuilder.engine import geometry as g
from armybuilder.engine.bases import CASTLE, DoubleBase
from armybuilder.engine.castle_pieces import load_pieces
from armybuilder.engine.geometry import Point, Polygon

if TYPE_CHECKING:
    from armybuilder.engine.cards import FigureCard
    from armybuilder.engine.state import State, Warrior

#: Castle rules, Playing Area and Set-Up: "up to 18 inches away from the castle player's
#: starting edge and at least 30 inches from the opponent's starting area".
CASTLE_DEPTH = 18.0
CASTLE_CLEARANCE = 30.0
#: The grid the enclosure search walks (inches), and how near a castle top a cell may lie
#: and still be ground a 1" base could cross (half a base).
CELL = 0.5
CLEAR = 0.5
#: Rotations that turn a piece's +y (out of the castle) away from each edge.
#: How far the default plan sets the castle out from the edge: room for a 1" base behind
#: it, at the doors on the pieces' inner faces.
BEHIND = 1.5
_ROTATION = {"south": 0.0, "north": math.pi, "west": -math.pi / 2, "east": math.pi / 2}


@dataclass(frozen=True)
class CastlePlacement:
    """One castle section of the army placed: ``warrior`` is its place in the army."""

    warrior: int
    at: Point
    rotation: float = 0.0
    #: A wall placed with a doorway (Castle rules, Walls).
    doorway: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"warrior": self.warrior, "at": [float(self.at[0]), float(self.at[1])],
                "rotation": float(self.rotation), "doorway": self.doorway}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CastlePlacement:
        return cls(warrior=int(d["warrior"]), at=(float(d["at"][0]), float(d["at"][1])),
                   rotation=float(d.get("rotation", 0.0)), doorway=bool(d.get("doorway")))


@dataclass(frozen=True)
class LadderPlacement:
    """A ladder against a wall section (Castle rules, Planking and Ladders): ``section``
    is the wall's place in the castle player's army, ``at`` a point on its edge."""

    section: int
    at: Point

    def to_dict(self) -> dict[str, Any]:
        return {"section": self.section, "at": [float(self.at[0]), float(self.at[1])]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> LadderPlacement:
        return cls(section=int(d["section"]), at=(float(d["at"][0]), float(d["at"][1])))


def is_section(card: FigureCard) -> bool:
    return card.base == CASTLE


def piece_of(card: FigureCard) -> str:
    """The castle_section of a section's card ("round tower")."""
    named = card.castle.strip().lower()
    if named:
        return named
    name = card.name.lower()
    for piece in castle.PIECES:
        if piece in name or (piece == castle.ROUND_TOWER and "tower" in name):
            return piece
    raise ValueError(f"card {card.key} ({card.name}): not a castle section the pieces "
                     f"name ({', '.join(castle.PIECES)})")


def edge_distance(p: Point, edge: str, table: float) -> float:
    x, y = p
    return {"south": y, "north": table - y, "west": x, "east": table - x}[edge]


def default_plan(army: tuple[FigureCard, ...], edge: str, table: float
                 ) -> tuple[CastlePlacement, ...]:
    """A castle plan for the army's sections: one straight line along the castle player's
    edge, centred, the pieces touching side by side, their outer faces toward the enemy,
    set :data:`BEHIND` inches out so that the doors on their inner faces open onto ground;
    the keep at the end of the line on its side door's side, so that door opens onto
    ground too (the keep is how warriors reach the walls, which have no access points of
    their own: Castle rules, Access Points; Keep; Walls). Rows further out when a line
    does not fit. Raises ValueError when the table has no room."""
    pieces = load_pieces()
    rot = _ROTATION[edge]
    order = [k for k, c in enumerate(army) if is_section(c)]
    order.sort(key=lambda k: (piece_of(army[k]) != castle.KEEP, k))
    widths = {k: _extent(pieces[piece_of(army[k])].footprint) for k in order}
    rows: list[list[int]] = [[]]
    for k in order:
        if sum(widths[j][0] for j in rows[-1]) + widths[k][0] > table - 2.0 and rows[-1]:
            rows.append([])
        rows[-1].append(k)
    out: list[CastlePlacement] = []
    depth = BEHIND
    for row in rows:
        # The keep (first in its row) goes last: at the row's end on the pieces' +x side,
        # where its side door is (imports/castle_pieces.csv).
        line = row[1:] + row[:1] if piece_of(army[row[0]]) == castle.KEEP else list(row)
        total = sum(widths[k][0] for k in line)
        deep = max(widths[k][1] for k in line)
        along = (table - total) / 2.0
        for k in line:
            w, d = widths[k]
            u = along + w / 2.0  # along the edge
            v = depth + deep - d / 2.0  # out from the edge: outer faces in one line
            out.append(CastlePlacement(k, _on_edge(edge, table, u, v), rot))
            along += w
        depth += deep + 3.0
    if depth - 3.0 > CASTLE_DEPTH:
        raise ValueError(f"the castle needs {depth - 3.0:.1f}\" from the edge, more than "
                         f"{CASTLE_DEPTH:.0f}\" (Castle rules, Playing Area and Set-Up)")
    return tuple(out)


def _extent(poly: Polygon) -> tuple[float, float]:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return max(xs) - min(xs), max(ys) - min(ys)


def _on_edge(edge: str, table: float, u: float, v: float) -> Point:
    if edge == "south":
        return (u, v)
    if edge == "north":
        return (table - u, table - v)
    if edge == "west":
        return (v, table - u)
    return (table - v, u)


# --- placing the castle ------------------------------------------------------------------


def place_castle(state: State, player: int, first: int, army: tuple[FigureCard, ...],
                 plan: tuple[CastlePlacement, ...], planking: tuple[Polygon, ...] = (),
                 where: str = "") -> None:
    """Place a castle player's sections (warriors ``first`` + army index) and planking,
    checking Castle rules, Playing Area and Set-Up; ValueError names what and where."""
    where = where or f"player {player}"
    p = state.players[player]
    placed: set[int] = set()
    for k, spot in enumerate(plan):
        at = f"{where}, field castle, placement {k}"
        if not 0 <= spot.warrior < len(army) or not is_section(army[spot.warrior]):
            raise ValueError(f"{at}: army place {spot.warrior} is not a castle section")
        if spot.warrior in placed:
            raise ValueError(f"{at}: army place {spot.warrior} is placed twice")
        placed.add(spot.warrior)
        card = army[spot.warrior]
        piece = piece_of(card)
        if spot.doorway and piece != castle.WALL:
            raise ValueError(f"{at}: only a wall section has a doorway (Castle rules, Walls)")
        w = state.warriors[first + spot.warrior]
        footprint = g.transform_polygon(load_pieces()[piece].footprint, spot.at,
                                        g.normalize_angle(spot.rotation))
        why = footprint_violation(state, player, footprint)
        if why:
            raise ValueError(f"{at} ({card.name}): {why}")
        castle.place_section(state, w, piece, spot.at, spot.rotation, spot.doorway)
    missing = [k for k, c in enumerate(army) if is_section(c) and k not in placed]
    if missing:
        raise ValueError(f"{where}, field castle: army places {missing} are castle sections "
                         "with no place (Castle rules: castle sections are placed on the "
                         "battlefield before terrain or warriors)")
    state.castle_player = player
    state.sections = tuple(w.id for w in state.warriors if w.castle is not None)
    for k, poly in enumerate(planking):
        at = f"{where}, field planking, plank {k}"
        why = planking_violation(state, poly)
        if why:
            raise ValueError(f"{at}: {why}")
        if any(g.polygons_overlap(poly, s.footprint) for s in castle.sections(state)):
            raise ValueError(f"{at}: planking lies beside the walls, not on a section")
        castle.add_planking(state, poly)
    castle.refresh(state)
    state.emit({"e": "castle", "player": player, "sections": list(state.sections)})
    del p
    enclosed = enclosure(state)
    if enclosed:
        # Castle rules, Playing Area and Set-Up: "A castle that encloses a portion of the
        # battlefield must include at least one section containing a portal that allows
        # movement in and out of the enclosed area."
        cells = {c for area in enclosed for c in area}
        for s in castle.sections(state):
            if s.portals and _borders(s.footprint, cells):
                break
        else:
            raise ValueError(f"{where}, field castle: the castle encloses part of the "
                             "battlefield but no section with a portal lets warriors in and "
                             "out (Castle rules, Playing Area and Set-Up)")
    state.castle_enclosed = frozenset(c for area in enclosed for c in area)


#: How far from parallel to its wall planking may lie (radians, about 1 degree).
PARALLEL = math.radians(1.0)


def long_axis(poly: Polygon) -> float:
    """The direction of a polygon's longest edge (radians, modulo pi)."""
    a, b = max(g.polygon_edges(poly), key=lambda e: g.distance(*e))
    return math.atan2(b[1] - a[1], b[0] - a[0]) % math.pi


def planking_violation(state: State, poly: Polygon) -> str | None:
    """Castle rules, Planking and Ladders: "Planking is always placed parallel to a wall
    and touching that wall": some wall section touches it (within the contact allowance
    of castle.JOIN_GAP) and runs parallel to it (its long axis within PARALLEL of the
    wall's, both taken as their longest edges)."""
    touching = [s for s in castle.sections(state) if s.piece == castle.WALL
                and s.feature >= 0 and g.polygons_distance(poly, s.footprint) <= castle.JOIN_GAP]
    rule = ("Castle rules, Planking and Ladders: planking is \"always placed parallel to a "
            "wall and touching that wall\"")
    if not touching:
        return f"{rule} (it touches no wall)"
    axis = long_axis(poly)
    for s in touching:
        d = abs(axis - long_axis(s.footprint)) % math.pi
        if min(d, math.pi - d) <= PARALLEL:
            return None
    return f"{rule} (it is not parallel to the wall it touches)"


def footprint_violation(state: State, player: int, footprint: Polygon) -> str | None:
    p = state.players[player]
    t = state.table
    if any(not (-g.EPS <= x <= t + g.EPS and -g.EPS <= y <= t + g.EPS) for x, y in footprint):
        return "Castle rules, Playing Area and Set-Up: the section stands on the battlefield"
    if any(edge_distance(q, p.edge, t) > CASTLE_DEPTH + g.EPS for q in footprint):
        return ("Castle rules, Playing Area and Set-Up: castle sections are placed \"up to "
                "18 inches away from the castle player's starting edge\"")
    for o in state.players:
        if o.team != p.team:
            x0, y0, x1, y1 = o.area
            if g.polygons_distance(footprint, g.rectangle(x0, y0, x1, y1)) \
                    < CASTLE_CLEARANCE - g.EPS:
                return ("Castle rules, Playing Area and Set-Up: castle sections are placed "
                        f"\"at least 30 inches from the opponent's starting area\" ({o.name})")
    for sw in state.warriors:  # the sections placed so far
        s = sw.castle
        if s is not None and g.polygons_overlap(footprint, s.footprint):
            return ("Castle rules, Playing Area and Set-Up: castle sections may touch but "
                    "not overlap")
    return None


def _borders(footprint: Polygon, cells: set[tuple[int, int]]) -> bool:
    reach = CLEAR + CELL
    for ix, iy in cells:
        c = ((ix + 0.5) * CELL, (iy + 0.5) * CELL)
        if g.boundary_distance(c, footprint) <= reach:
            return True
    return False


def enclosure(state: State) -> list[set[tuple[int, int]]]:
    """Castle rules, Playing Area and Set-Up: the parts of the battlefield the castle
    encloses: cells of ground a base could stand on (half a base clear of every
    footprint, passages counting as shut) that no path over such ground joins to any
    opponent's starting area (RULES_NOTES.md, Castles, Setting up)."""
    n = int(state.table / CELL + 1e-9)
    polys = [s.footprint for s in castle.sections(state) if s.feature >= 0]
    boxes = [(min(x for x, _ in q) - CLEAR, min(y for _, y in q) - CLEAR,
              max(x for x, _ in q) + CLEAR, max(y for _, y in q) + CLEAR) for q in polys]
    free: set[tuple[int, int]] = set()
    for ix in range(n):
        for iy in range(n):
            c = ((ix + 0.5) * CELL, (iy + 0.5) * CELL)
            blocked = False
            for q, (x0, y0, x1, y1) in zip(polys, boxes, strict=True):
                if x0 <= c[0] <= x1 and y0 <= c[1] <= y1 and (
                        g.point_in_polygon(c, q) or g.boundary_distance(c, q) < CLEAR):
                    blocked = True
                    break
            if not blocked:
                free.add((ix, iy))
    team = state.players[state.castle_player].team if state.castle_player >= 0 else -1
    seeds = [cell for cell in free if any(
        o.team != team and _in_rect(cell, o.area) for o in state.players)]
    reached = set(seeds)
    todo = list(seeds)
    while todo:
        ix, iy = todo.pop()
        for nb in ((ix + 1, iy), (ix - 1, iy), (ix, iy + 1), (ix, iy - 1)):
            if nb in free and nb not in reached:
                reached.add(nb)
                todo.append(nb)
    rest = free - reached
    areas: list[set[tuple[int, int]]] = []
    while rest:
        start = min(rest)
        area = {start}
        todo = [start]
        while todo:
            ix, iy = todo.pop()
            for nb in ((ix + 1, iy), (ix - 1, iy), (ix, iy + 1), (ix, iy - 1)):
                if nb in rest and nb not in area:
                    area.add(nb)
                    todo.append(nb)
        rest -= area
        areas.append(area)
    return areas


def _in_rect(cell: tuple[int, int], area: tuple[float, float, float, float]) -> bool:
    c = ((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL)
    x0, y0, x1, y1 = area
    return x0 <= c[0] <= x1 and y0 <= c[1] <= y1


def terrain_in_enclosure(state: State, polygon: Polygon) -> bool:
    """Castle rules, Playing Area and Set-Up: "players may not place terrain pieces into
    the enclosed area"."""
    cells = state.castle_enclosed
    if not cells:
        return False
    x0, y0, x1, y1 = g.polygon_box(polygon)
    for ix in range(int(x0 / CELL), int(x1 / CELL) + 1):
        for iy in range(int(y0 / CELL), int(y1 / CELL) + 1):
            if (ix, iy) in cells and g.polygons_overlap(polygon, g.rectangle(
                    ix * CELL, iy * CELL, (ix + 1) * CELL, (iy + 1) * CELL)):
                return True
    return False


# --- deployment --------------------------------------------------------------------------


def occupy_violation(state: State, w: Warrior, discs: tuple[g.Disc, ...]) -> str | None:
    """Castle rules, Access Points: "Mounts, cavalry units, warriors with "peanut"-shaped
    bases, multiple-dial warriors, and titans may never occupy a castle section"."""
    if not (w.chariot is not None or isinstance(w.shape, DoubleBase) or w.card.horseshoe):
        return None
    terrain = state.terrain
    for s in castle.sections(state):
        if s.feature < 0:
            continue
        for i in s.features:
            poly = terrain.features[i].polygon
            if any(g.disc_overlaps_polygon((x, y), r, poly) for x, y, r in discs):
                return ("Castle rules, Access Points: mounts, cavalry, peanut-shaped bases "
                        "and multiple-dial warriors may never occupy a castle section")
    return None


def in_castle_area(state: State, discs: tuple[g.Disc, ...]) -> bool:
    """Is a base with ``discs`` in the castle player's starting area? "The castle player's
    starting area is considered to be anywhere in base contact with any of their castle
    sections. ... may begin the game on top of their castle sections" (Castle rules,
    Playing Area and Set-Up): touching the top of a standing section, or on it."""
    for s in castle.sections(state):
        if s.feature < 0:
            continue
        for i in s.features:
            poly = state.terrain.features[i].polygon
            if any(g.point_in_polygon((x, y), poly)
                   or g.boundary_distance((x, y), poly) <= r + g.CONTACT_TOLERANCE
                   for x, y, r in discs):
                return True
    return False


def castle_deploy_violation(state: State, w: Warrior, at: Point, discs: tuple[g.Disc, ...]
                            ) -> str | None:
    """Castle rules, Playing Area and Set-Up: where each side's warriors begin once a
    castle stands (replacing Rulebook II's starting areas; None when allowed)."""
    rule = "Castle rules, Playing Area and Set-Up"
    me = state.players[w.owner]
    castle_team = state.players[state.castle_player].team
    if me.team == castle_team:
        if not in_castle_area(state, discs):
            return (f"{rule}: the castle player's starting area is anywhere in base contact "
                    "with any of their castle sections")
        for o in state.players:
            if o.team != castle_team:
                x0, y0, x1, y1 = o.area
                dx = max(x0 - at[0], 0.0, at[0] - x1)
                dy = max(y0 - at[1], 0.0, at[1] - y1)
                if math.hypot(dx, dy) < CASTLE_CLEARANCE - g.EPS:
                    return (f"{rule}: none of the castle player's warriors may be placed "
                            "within 30 inches of the opponent's starting area")
        return occupy_violation(state, w, discs)
    # "The opponent may set up anywhere on their side, as long as their figures are more
    # than 30" away from the castle."
    if edge_distance(at, me.edge, state.table) > state.table / 2.0 + g.EPS:
        return f"{rule}: the opponent sets up on their own side of the battlefield"
    for s in castle.sections(state):
        if g.point_in_polygon(at, s.footprint) or g.boundary_distance(
                at, s.footprint) <= CASTLE_CLEARANCE + g.EPS:
            return f"{rule}: the opponent's figures are more than 30\" away from the castle"
    return None


#: The side of the squares :func:`prune_spots` judges whole (inches).
PRUNE_CELL = 1.0


def _polygon_gap(p: Point, poly: Polygon) -> float:
    """How far ``p`` lies from the polygon (0 inside)."""
    return 0.0 if g.point_in_polygon(p, poly) else g.boundary_distance(p, poly)


def prune_spots(state: State, w: Warrior, spots: list[Point]) -> list[Point]:
    """``spots`` without those :func:`castle_deploy_violation` would refuse for certain,
    judged a PRUNE_CELL square at a time (every distance it measures changes by at most
    the half diagonal across a square): the same first legal spot, found without looking
    at most of the besieger's half when there is no room (RULES_NOTES.md, Castles)."""
    if len(spots) < 64:
        return spots
    me = state.players[w.owner]
    castle_team = state.players[state.castle_player].team
    half = PRUNE_CELL * math.sqrt(0.5) + 1e-6
    tops = [state.terrain.features[i].polygon for s in castle.sections(state)
            if s.feature >= 0 for i in s.features]
    foots = [s.footprint for s in castle.sections(state)]
    areas = [o.area for o in state.players if o.team != castle_team]
    reach = w.half_length + g.CONTACT_TOLERANCE + g.EPS
    verdict: dict[tuple[int, int], bool] = {}

    def hopeless(c: Point) -> bool:
        if me.team == castle_team:
            # Not touching any section anywhere in the square, or within 30" of the
            # opponent's starting area everywhere in it.
            if all(_polygon_gap(c, q) - half > reach for q in tops):
                return True
            for x0, y0, x1, y1 in areas:
                dx = max(x0 - c[0], 0.0, c[0] - x1)
                dy = max(y0 - c[1], 0.0, c[1] - y1)
                if math.hypot(dx, dy) + half < CASTLE_CLEARANCE - g.EPS:
                    return True
            return False
        # The besieger: within 30" of the castle everywhere in the square.
        return any(_polygon_gap(c, q) + half <= CASTLE_CLEARANCE for q in foots)

    out = []
    for p in spots:
        key = (math.floor(p[0] / PRUNE_CELL), math.floor(p[1] / PRUNE_CELL))
        bad = verdict.get(key)
        if bad is None:
            bad = verdict[key] = hopeless(((key[0] + 0.5) * PRUNE_CELL,
                                           (key[1] + 0.5) * PRUNE_CELL))
        if not bad:
            out.append(p)
    return out


def deploy_region(state: State, w: Warrior) -> tuple[float, float, float, float]:
    """The box the candidate deployment spots of ``w`` are searched in."""
    me = state.players[w.owner]
    t = state.table
    if me.team == state.players[state.castle_player].team:
        xs: list[float] = []
        ys: list[float] = []
        for s in castle.sections(state):
            xs.extend(p[0] for p in s.footprint)
            ys.extend(p[1] for p in s.footprint)
        m = 2.0 * w.half_length + g.CONTACT_TOLERANCE
        return (max(0.0, min(xs) - m), max(0.0, min(ys) - m), min(t, max(xs) + m),
                min(t, max(ys) + m))
    h = t / 2.0
    return {"south": (0.0, 0.0, t, h), "north": (0.0, h, t, t),
            "west": (0.0, 0.0, h, t), "east": (h, 0.0, t, t)}[me.edge]


# --- ladders and scenario options --------------------------------------------------------

#: How near a wall's edge a ladder's place must be (inches).
LADDER_REACH = 0.5


def place_ladder(state: State, section: castle.Section, at: Point, owner: int = -1
                 ) -> tuple[Point, Point]:
    """Castle rules, Planking and Ladders: "Ladders may be placed next to any castle wall
    section to create access points at its upper and lower ends": an access point
    LADDER_WIDTH wide on the wall's edge nearest ``at``, ``owner``'s. ValueError if it may
    not."""
    seg = ladder_segment(section, at)
    section.ladders.append(seg)
    # Castle rules, Planking and Ladders: "Each player may have one ladder per three wall
    # sections" (castle_access.ladder_count counts them by owner).
    section.ladder_owners.append(owner)
    return seg


def ladder_segment(section: castle.Section, at: Point) -> tuple[Point, Point]:
    """The access point a ladder placed at ``at`` against ``section`` makes (place_ladder's
    rule, placing nothing)."""
    if section.piece != castle.WALL or section.feature < 0:
        raise ValueError("Castle rules, Planking and Ladders: ladders are placed next to "
                         "castle wall sections")
    best: tuple[float, Point, Point, Point] | None = None
    for a, b in g.polygon_edges(section.footprint):
        d = g.segment_point_distance(a, b, at)
        if best is None or d < best[0]:
            length = g.distance(a, b)
            dx, dy = b[0] - a[0], b[1] - a[1]
            u = max(0.0, min(1.0, ((at[0] - a[0]) * dx + (at[1] - a[1]) * dy) / (length ** 2)))
            best = (d, a, b, (a[0] + dx * u, a[1] + dy * u))
    assert best is not None
    d, a, b, foot = best
    if d > LADDER_REACH:
        raise ValueError(f"Castle rules, Planking and Ladders: a ladder stands next to the "
                         f"wall, within {LADDER_REACH}\" of its edge")
    length = g.distance(a, b)
    half = min(castle.LADDER_WIDTH / 2.0, length / 2.0)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    # keep the ladder on the edge
    s0 = max(half, min(length - half, g.distance(a, foot)))
    centre = (a[0] + ux * s0, a[1] + uy * s0)
    return ((centre[0] - ux * half, centre[1] - uy * half),
            (centre[0] + ux * half, centre[1] + uy * half))


def ladders_allowed(state: State) -> int:
    """Castle rules, Planking and Ladders: "Each player may have one ladder per three wall
    sections in their castle"."""
    return sum(1 for s in castle.sections(state) if s.piece == castle.WALL) // 3


def place_ladders(state: State, player: int, ladders: tuple[LadderPlacement, ...],
                  first: int, where: str) -> None:
    """A player's ladders at setup, against the castle's walls (``section``: the wall's
    place in the castle player's army; ``first``: the castle player's first warrior)."""
    if not ladders:
        return
    if not state.sections:
        raise ValueError(f"{where}, field ladders: there is no castle")
    allowed = ladders_allowed(state)
    if len(ladders) > allowed:
        raise ValueError(f"{where}, field ladders: {len(ladders)} ladders, but each player "
                         f"may have one per three wall sections ({allowed}) (Castle rules, "
                         "Planking and Ladders)")
    for k, ladder in enumerate(ladders):
        wid = first + ladder.section
        w = state.warriors[wid] if 0 <= wid < len(state.warriors) else None
        if w is None or w.castle is None:
            raise ValueError(f"{where}, field ladders, ladder {k}: {ladder.section} is no "
                             "castle section of the castle player's army")
        try:
            seg = place_ladder(state, w.castle, ladder.at, player)
        except ValueError as exc:
            raise ValueError(f"{where}, field ladders, ladder {k}: {exc}") from None
        state.emit({"e": "ladder", "player": player, "warrior": wid,
                    "at": [[seg[0][0], seg[0][1]], [seg[1][0], seg[1][1]]]})
    castle.refresh(state)


@dataclass(frozen=True)
class CastleOptions:
    """A scenario's castle beyond its sections (WarriorSpec places those): planking,
    ladders (wall warrior index, a point by its edge) and the portals open at the start
    ((section warrior index, portal name))."""

    planking: tuple[Polygon, ...] = ()
    ladders: tuple[tuple[int, Point], ...] = ()
    open: tuple[tuple[int, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"planking": [[list(p) for p in poly] for poly in self.planking],
                "ladders": [[w, list(at)] for w, at in self.ladders],
                "open": [[w, name] for w, name in self.open]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CastleOptions:
        return cls(planking=tuple(tuple((float(x), float(y)) for x, y in poly)
                                  for poly in d.get("planking", ())),
                   ladders=tuple((int(w), (float(at[0]), float(at[1])))
                                 for w, at in d.get("ladders", ())),
                   open=tuple((int(w), str(n)) for w, n in d.get("open", ())))
