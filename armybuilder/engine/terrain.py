"""Terrain features and what they do to movement and lines of fire (Rulebook V)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from armybuilder.engine import geometry as g
from armybuilder.engine.bases import Base
from armybuilder.engine.geometry import INSIDE, OUTSIDE, Point, Polygon

if TYPE_CHECKING:
    from armybuilder.engine.memory import Memory

KINDS: tuple[str, ...] = (
    "hindering", "blocking", "elevated", "shallow_water", "deep_water", "low_wall",
)
#: Rulebook V, Deep Water: blocking for movement, no effect on ranged combat.
BLOCKS_MOVEMENT = frozenset({"blocking", "deep_water"})
#: Rulebook V, Shallow Water: hindering for movement, no effect on ranged combat.
HINDERS_MOVEMENT = frozenset({"hindering", "shallow_water"})
#: Rulebook V, Low Walls: a special hindering terrain for ranged combat.
HINDERS_FIRE = frozenset({"hindering", "low_wall"})
#: How near a path's crossing of an abrupt edge must be to a stairway or ladder (inches).
STAIR_TOLERANCE = 0.01


@dataclass(frozen=True, slots=True)
class TerrainFeature:
    kind: str
    polygon: Polygon
    #: For hindering, blocking and low walls: the feature lies on elevated terrain.
    elevated: bool = False
    #: For elevated terrain: abrupt (cliffs, rooftops), reached only by stairs or ladders.
    abrupt: bool = False
    #: For abrupt elevated terrain: stretches of its edge where stairs or ladders stand.
    stairs: tuple[tuple[Point, Point], ...] = ()
    name: str = ""
    #: The terrain item this feature belongs to (features of one item may touch).
    item: int = -1

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"terrain feature {self.name or '?'}: unknown kind {self.kind!r} "
                             f"(one of {', '.join(KINDS)})")
        if len(self.polygon) < 3:
            raise ValueError(f"terrain feature {self.name or self.kind}: a polygon needs three "
                             "or more corners")
        if self.abrupt and self.kind != "elevated":
            raise ValueError(f"terrain feature {self.name or self.kind}: only elevated terrain "
                             "can be abrupt")

    def placed(self, at: Point, rotation: float, item: int) -> TerrainFeature:
        return TerrainFeature(
            kind=self.kind, polygon=g.transform_polygon(self.polygon, at, rotation),
            elevated=self.elevated, abrupt=self.abrupt,
            stairs=tuple((g.transform_point(a, at, rotation), g.transform_point(b, at, rotation))
                         for a, b in self.stairs),
            name=self.name, item=item,
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind,
                               "polygon": [[float(x), float(y)] for x, y in self.polygon]}
        if self.elevated:
            out["elevated"] = True
        if self.abrupt:
            out["abrupt"] = True
        if self.stairs:
            out["stairs"] = [[[float(a[0]), float(a[1])], [float(b[0]), float(b[1])]]
                             for a, b in self.stairs]
        if self.name:
            out["name"] = self.name
        if self.item != -1:
            out["item"] = self.item
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TerrainFeature:
        return cls(
            kind=data["kind"], polygon=tuple((float(x), float(y)) for x, y in data["polygon"]),
            elevated=data.get("elevated", False), abrupt=data.get("abrupt", False),
            stairs=tuple(((float(a[0]), float(a[1])), (float(b[0]), float(b[1])))
                         for a, b in data.get("stairs", [])),
            name=data.get("name", ""), item=data.get("item", -1),
        )


@dataclass(frozen=True, slots=True)
class TerrainItem:
    """One item of the terrain pile (Rulebook II): features drawn around its own origin."""

    name: str
    features: tuple[TerrainFeature, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "features": [f.to_dict() for f in self.features]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TerrainItem:
        return cls(name=data["name"],
                   features=tuple(TerrainFeature.from_dict(f) for f in data["features"]))


def _bbox(poly: Polygon) -> tuple[float, float, float, float]:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


Discs = tuple[g.Disc, ...]
#: Rulebook V, Shallow Water and Deep Water.
WATER = frozenset({"shallow_water", "deep_water"})
NOTHING: frozenset[str] = frozenset()


Box = tuple[float, float, float, float]


def _relation(discs: Discs, poly: Polygon, box: Box) -> int:
    """INSIDE when every disc of the base is wholly inside, OUTSIDE when none overlaps.
    ``box`` is the polygon's bounding box (the feature's, worked out once)."""
    x0, y0, x1, y1 = box
    if len(discs) == 1:
        x, y, r = discs[0]
        if x + r < x0 or x - r > x1 or y + r < y0 or y - r > y1:
            return OUTSIDE  # as g.disc_polygon_relation's own first test
        return g.disc_polygon_relation_near((x, y), r, poly)
    rels = {OUTSIDE if x + r < x0 or x - r > x1 or y + r < y0 or y - r > y1
            else g.disc_polygon_relation_near((x, y), r, poly) for x, y, r in discs}
    if rels == {INSIDE}:
        return INSIDE
    if rels == {OUTSIDE}:
        return OUTSIDE
    return g.OVERLAP


def _wholly_inside(discs: Discs, poly: Polygon, box: Box) -> bool:
    x0, y0, x1, y1 = box
    near = g.CLEAR_MARGIN
    for x, y, r in discs:
        # Quick no: a centre nearer than r to a side of the bounding box is nearer than r
        # to the polygon's edge too (or outside it).
        least = r - near
        if x - x0 < least or x1 - x < least or y - y0 < least or y1 - y < least:
            return False
        if not g.point_in_polygon((x, y), poly) or g.boundary_distance((x, y), poly) < r - g.EPS:
            return False
    return True


def _wholly_outside(discs: Discs, poly: Polygon, box: Box) -> bool:
    x0, y0, x1, y1 = box
    near = g.CLEAR_MARGIN
    for x, y, r in discs:
        # Quick yes: a disc clear of the bounding box is clear of the polygon.
        if x + r < x0 - near or x - r > x1 + near or y + r < y0 - near or y - r > y1 + near:
            continue
        if g.point_in_polygon((x, y), poly) or g.boundary_distance((x, y), poly) < r - g.EPS:
            return False
    return True


_UNKNOWN = object()


def _segment_meets_polygon(p: Point, q: Point, poly: Polygon) -> bool:
    """Does segment pq touch or enter the polygon (an edge crossed, or p inside)?"""
    if g.point_in_polygon(p, poly):
        return True
    return any(g.segments_cross(p, q, a, b) for a, b in g.polygon_edges(poly))


class Terrain:
    """The placed features of one battlefield, with the queries the rules need.

    A base is given as its discs (:func:`armybuilder.engine.geometry.discs_at`); ``ignore``
    names terrain kinds a figure's abilities let it treat as clear (Aquatic: water).
    """

    __slots__ = ("_boxes", "_normals", "blocking", "bridges", "elevated", "features",
                 "groups", "hindering", "joined", "portal_tops", "portals", "version", "walls",
                 "water")

    def __init__(self, features: tuple[TerrainFeature, ...] = ()) -> None:
        self.features: list[TerrainFeature] = []
        #: Each feature's bounding box and edge normals, worked out when it is placed.
        self._boxes: list[tuple[float, float, float, float]] = []
        self._normals: list[list[g.EdgeNormal]] = []
        #: Counts the features placed: answers about this terrain are good while it stands.
        self.version = 0
        self.blocking: list[int] = []
        self.hindering: list[int] = []
        self.elevated: list[int] = []
        self.walls: list[int] = []
        self.water: list[int] = []
        #: Castle rules (engine/castle.py): for each castle top, the tops it joins (free
        #: movement between them), each top's whole joined group, and the closed portals
        #: (no movement or line of fire through them). Empty without a castle, so the
        #: rules below ask about them only then.
        self.joined: dict[int, tuple[int, ...]] = {}
        self.groups: dict[int, tuple[int, ...]] = {}
        self.portals: tuple[tuple[Point, Point], ...] = ()
        self.portal_tops: tuple[tuple[int, ...], ...] = ()
        #: Castle rules, Gatehouse (engine/castle_access.py): the top over a passage (the
        #: gatehouse's archway, a wall's doorway) as (the passage's polygon, the tops it
        #: joins): ground for figures on the ground, crossed from top to top.
        self.bridges: tuple[tuple[Polygon, tuple[int, ...]], ...] = ()
        for f in features:
            self.add(f)

    def copy(self) -> Terrain:
        """Its own lists: features placed, replaced or re-drawn on the copy (terrain set
        down, a castle section turned to rubble) leave these as they are. The features
        themselves never change (they are replaced)."""
        new = Terrain.__new__(Terrain)
        new.features = self.features[:]
        new._boxes = self._boxes[:]
        new._normals = self._normals[:]
        new.version = self.version
        new.blocking = self.blocking[:]
        new.hindering = self.hindering[:]
        new.elevated = self.elevated[:]
        new.walls = self.walls[:]
        new.water = self.water[:]
        new.joined = dict(self.joined)
        new.groups = dict(self.groups)
        new.portals = self.portals
        new.portal_tops = self.portal_tops
        new.bridges = self.bridges
        return new

    def add(self, feature: TerrainFeature) -> None:
        self.version += 1
        i = len(self.features)
        self.features.append(feature)
        self._boxes.append(_bbox(feature.polygon))
        self._normals.append(g.edge_normals(feature.polygon))
        if feature.kind in BLOCKS_MOVEMENT:
            self.blocking.append(i)
        elif feature.kind in HINDERS_MOVEMENT:
            self.hindering.append(i)
        elif feature.kind == "elevated":
            self.elevated.append(i)
        elif feature.kind == "low_wall":
            self.walls.append(i)
        if feature.kind in WATER:
            self.water.append(i)

    def replace(self, i: int, feature: TerrainFeature) -> None:
        """Put ``feature`` in place of feature ``i`` (a castle section turned to rubble,
        its access points changed): indices of the others stay as they were."""
        self.version += 1
        self.features[i] = feature
        self._boxes[i] = _bbox(feature.polygon)
        self._normals[i] = g.edge_normals(feature.polygon)
        for kinds in (self.blocking, self.hindering, self.elevated, self.walls, self.water):
            if i in kinds:
                kinds.remove(i)
        target = (self.blocking if feature.kind in BLOCKS_MOVEMENT else
                  self.hindering if feature.kind in HINDERS_MOVEMENT else
                  self.elevated if feature.kind == "elevated" else
                  self.walls if feature.kind == "low_wall" else None)
        if target is not None:
            target.append(i)
            target.sort()
        if feature.kind in WATER:
            self.water.append(i)
            self.water.sort()

    def set_castle(self, stairs: dict[int, tuple[tuple[Point, Point], ...]],
                   joined: dict[int, tuple[int, ...]],
                   portals: tuple[tuple[Point, Point], ...],
                   bridges: tuple[tuple[Polygon, tuple[int, ...]], ...] = (),
                   portal_tops: tuple[tuple[int, ...], ...] = ()) -> None:
        """Castle rules (engine/castle.refresh): each castle top's access points, which
        tops join, the closed portals and the tops over passages, as they stand now."""
        self.version += 1
        self.bridges = bridges
        for i, points in stairs.items():
            if self.features[i].stairs != points:
                self.features[i] = replace(self.features[i], stairs=points)
        self.joined = joined
        groups: dict[int, tuple[int, ...]] = {}
        for i in joined:
            if i in groups:
                continue
            seen, todo = {i}, [i]
            while todo:
                for j in joined.get(todo.pop(), ()):
                    if j not in seen:
                        seen.add(j)
                        todo.append(j)
            members = tuple(sorted(seen))
            for j in members:
                groups[j] = members
        self.groups = groups
        self.portals = portals
        #: The tops of the section each closed portal belongs to (its figures fire over it).
        self.portal_tops = portal_tops or tuple(() for _ in portals)

    def _joined_crossing(self, i: int, a: Point, b: Point, t: float) -> bool:
        """Castle rules, Access Points: "Warriors may move freely between wall sections and
        the tops of castle sections": does the path from ``a`` to ``b`` cross feature
        ``i``'s edge at ``t`` straight from or onto a top it joins?"""
        seg = g.distance(a, b)
        if seg <= 0.0:
            return False
        step = 0.02 / seg
        poly = self.features[i].polygon
        for u in (t - step, t + step):
            p = (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)
            if g.point_in_polygon(p, poly):
                continue
            if self.bridges:
                for bridge, tops in self.bridges:
                    if i in tops and g.point_in_polygon(p, bridge):
                        return self._over_bridge(bridge, tops, a, b)
            return any(g.point_in_polygon(p, self.features[j].polygon)
                       or g.boundary_distance(p, self.features[j].polygon) <= 0.05 + g.EPS
                       for j in self.joined.get(i, ()))
        return False

    def _over_bridge(self, bridge: Polygon, tops: tuple[int, ...], a: Point, b: Point
                     ) -> bool:
        """Castle rules, Gatehouse: its top is one top over the archway ("Warriors on top of
        the gatehouse may move onto the walls on either side"): a path from a top may
        cross the passage in one straight stretch from one of ``tops`` to another, never
        ending over it (one level at each place: the passage is ground; RULES_NOTES.md,
        Castles, "The gatehouse")."""
        seg = g.distance(a, b)
        if seg <= 0.0:
            return False
        step = 0.02 / seg
        for t0, t1 in g.segment_inside_intervals(a, b, bridge):
            if t0 <= step or t1 >= 1.0 - step:
                return False  # the stretch starts or ends over the passage
            for u in (t0 - step, t1 + step):
                p = (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)
                if not any(g.point_in_polygon(p, self.features[j].polygon)
                           or g.boundary_distance(p, self.features[j].polygon) <= 0.05 + g.EPS
                           for j in tops):
                    return False
        return True

    def _through_portal(self, a: Point, b: Point, radius: float) -> bool:
        """Castle rules, Portals: does a track from ``a`` to ``b`` of a disc of ``radius``
        come onto a closed portal?"""
        for p, q in self.portals:
            if g.segments_cross(a, b, p, q) or min(
                    g.segment_point_distance(a, b, p), g.segment_point_distance(a, b, q),
                    g.segment_point_distance(p, q, a),
                    g.segment_point_distance(p, q, b)) < radius - g.EPS:
                return True
        return False

    def __bool__(self) -> bool:
        return bool(self.features)

    def _rel(self, discs: Discs, i: int) -> int:
        return _relation(discs, self.features[i].polygon, self._boxes[i])

    def _near(self, i: int, a: Point, b: Point, margin: float) -> bool:
        x0, y0, x1, y1 = self._boxes[i]
        return not (max(a[0], b[0]) < x0 - margin or min(a[0], b[0]) > x1 + margin
                    or max(a[1], b[1]) < y0 - margin or min(a[1], b[1]) > y1 + margin)

    # --- where a figure stands ----------------------------------------------------------

    def elevation(self, pos: Point) -> int | None:
        """The elevated feature a figure stands on (its centre is on it), if any."""
        for i in self.elevated:
            if g.point_in_polygon(pos, self.features[i].polygon):
                return i
        return None

    def in_water(self, pos: Point) -> bool:
        """Is the centre dot in water terrain of any kind? (FAQ, Aquatic)"""
        return any(g.point_in_polygon(pos, self.features[i].polygon) for i in self.water)

    def is_abrupt(self, elevation: int | None) -> bool:
        return elevation is not None and self.features[elevation].abrupt

    def abrupt_split(self, a: int | None, b: int | None) -> bool:
        """Rulebook V, Abrupt Elevated Terrain: one figure on such a feature, the other off it."""
        if self.joined and a is not None and b in self.groups.get(a, ()):
            # Castle rules, Access Points: joined castle tops are one walkway.
            return False
        return a != b and (self.is_abrupt(a) or self.is_abrupt(b))

    def starts_hindered(self, discs: Discs, ignore: frozenset[str] = NOTHING) -> bool:
        """Rulebook V, Hindering Terrain: a base touching hindering terrain moves at half speed.

        Low walls never halve speed (Rulebook V, Low Walls).
        """
        return any(self.features[i].kind not in ignore
                   and self._rel(discs, i) != OUTSIDE
                   for i in self._reached(discs, self.hindering))

    def in_hindering(self, discs: Discs) -> list[int]:
        return [i for i in self._reached(discs, self.hindering)
                if self.features[i].kind == "hindering" and self._rel(discs, i) != OUTSIDE]

    def position_violation(self, discs: Discs, ignore: frozenset[str] = NOTHING) -> str | None:
        """Why a base may not stand here, or None."""
        for i in self._reached(discs, self.blocking):
            f = self.features[i]
            if f.kind in ignore:
                continue
            if self._rel(discs, i) != OUTSIDE:
                if f.kind == "deep_water":
                    return "Rulebook V, Deep Water: blocking terrain for movement"
                return "Rulebook V, Blocking Terrain: no figure may stand in blocking terrain"
        for i in self._reached(discs, self.walls):
            if self._rel(discs, i) != OUTSIDE:
                return "Rulebook V, Low Walls: a base may not stand on a low wall"
        for i in self._reached(discs, self.elevated):
            if self._rel(discs, i) not in (INSIDE, OUTSIDE):
                return ("Rulebook V, Elevated Terrain: a base stands wholly on or wholly off "
                        "elevated terrain")
        if self.portals:
            return self._across_portal(discs)
        return None

    def _across_portal(self, discs: Discs) -> str | None:
        """Castle rules, Portals: a closed portal is a shut door no warrior moves through,
        and Gatehouse: a portal "may not be closed if [it] would overlap a figure's base
        once closed" - so no base is set down across one either. A base over one cannot
        be wholly on a top (the portal lies on a top's edge): this is the ground level
        (RULES_NOTES.md, Castles, Portals)."""
        for x, y, r in discs:
            for p, q in self.portals:
                # Most bases are nowhere near a door: the segment's box first.
                if (x + r < p[0] and x + r < q[0]) or (x - r > p[0] and x - r > q[0]) or \
                        (y + r < p[1] and y + r < q[1]) or (y - r > p[1] and y - r > q[1]):
                    continue
                if g.segment_point_distance(p, q, (x, y)) < r - g.EPS:
                    return ("Castle rules, Portals: no base stands across a closed portal "
                            "(a warrior may not move through it)")
        return None

    def _reached(self, discs: Discs, features: list[int]) -> list[int]:
        """The features among ``features`` whose bounding box the base reaches, in order. A
        base short of a feature's box is OUTSIDE it (:func:`_relation`'s own first test), so
        only these need the exact test: players ask about many places."""
        if not features:
            return features
        if len(discs) == 1:
            x, y, r = discs[0]
            lo_x, lo_y, hi_x, hi_y = x - r, y - r, x + r, y + r
        else:
            lo_x = min(x - r for x, _, r in discs)
            lo_y = min(y - r for _, y, r in discs)
            hi_x = max(x + r for x, _, r in discs)
            hi_y = max(y + r for _, y, r in discs)
        boxes = self._boxes
        return [i for i in features
                if not (hi_x < boxes[i][0] or lo_x > boxes[i][2] or hi_y < boxes[i][1]
                        or lo_y > boxes[i][3])]

    # --- movement -----------------------------------------------------------------------

    def path_violation(self, points: tuple[Point, ...], shape: Base,
                       ignore: frozenset[str] = NOTHING) -> str | None:
        """Rules a movement path breaks on its way (blocking terrain, cliffs), or None.

        Rulebook V, Blocking Terrain: "movement is prohibited into or through blocking
        terrain" (deep water likewise): no part of the base may pass over it, so a base does
        not squeeze through a gap narrower than itself or cut a building's corner. The base
        travels lengthwise along each stretch (``shape.tracks``, RULES_NOTES.md, Bases).
        """
        reach = shape.half_length
        radius = shape.disc_radius
        for k in range(len(points) - 1):
            a, b = points[k], points[k + 1]
            # Castle rules, Portals: closed at ground level; a stretch from top to top
            # passes over them (Gatehouse: over the archway; RULES_NOTES.md, Castles).
            if self.portals and not (self.elevation(a) is not None
                                     and self.elevation(b) is not None) and any(
                    self._through_portal(sa, sb, radius) for sa, sb in shape.tracks(a, b)):
                return ("Castle rules, Portals: warriors may not move through a closed "
                        "portal")
            for i in self.blocking:
                f = self.features[i]
                if f.kind in ignore or not self._near(i, a, b, reach):
                    continue
                if any(g.segment_polygon_distance(sa, sb, f.polygon) < radius - g.EPS
                       for sa, sb in shape.tracks(a, b)):
                    if f.kind == "deep_water":
                        return ("Rulebook V, Deep Water: blocking terrain for movement; no part "
                                "of the base may pass over it")
                    return ("Rulebook V, Blocking Terrain: movement is prohibited into or "
                            "through it; no part of the base may pass over it")
            for i in self.elevated:
                f = self.features[i]
                if not f.abrupt or not self._near(i, a, b, 0.0):
                    continue
                for p, q in g.polygon_edges(f.polygon):
                    t = g.segment_intersection_t(a, b, p, q)
                    if t is None:
                        continue
                    x = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                    if not any(g.segment_point_distance(s0, s1, x) <= STAIR_TOLERANCE
                               for s0, s1 in f.stairs) and not (
                            self.joined and i in self.joined
                            and self._joined_crossing(i, a, b, t)):
                        return ("Rulebook V, Abrupt Elevated Terrain: figures move on or off "
                                "only by a stairway or ladder")
        return None

    def movement_stop(self, points: tuple[Point, ...], shape: Base,
                      ignore: frozenset[str] = NOTHING, facing: float = 0.0,
                      memory: Memory | None = None) -> float | None:
        """How far along the path terrain makes the figure stop, or None.

        Rulebook V: a move ends when the base has crossed wholly into a hindering feature
        (one it did not start wholly inside), when it has gone wholly up onto or down off
        elevated terrain, and when it reaches the far side of a low wall. The base starts
        at ``facing`` and travels lengthwise along each stretch of the path
        (RULES_NOTES.md, Bases). ``memory``: the game's, where answers are kept.
        """
        relevant = self.hindering or self.elevated or self.walls
        if not relevant or len(points) < 2:
            return None
        if memory is None:
            return self._movement_stop(points, shape, ignore, facing)
        stops = memory.stops_for(self)
        key = (points, shape, ignore, 0.0 if shape.round else facing)
        known = stops.get(key, _UNKNOWN)
        if known is not _UNKNOWN:
            return known  # type: ignore[return-value]
        stop = stops[key] = self._movement_stop(points, shape, ignore, facing)
        return stop

    def _movement_stop(self, points: tuple[Point, ...], shape: Base, ignore: frozenset[str],
                       facing: float) -> float | None:
        start = shape.discs_at(points[0][0], points[0][1], facing)
        radius = shape.disc_radius
        # Where the base starts, against each feature: only asked of the features a stretch
        # comes near (most moves come near none), then remembered for the next stretch.
        starts: dict[int, int] = {}
        hinder = [i for i in self.hindering if self.features[i].kind not in ignore]
        for i in self._reached(start, hinder):
            starts[i] = self._rel(start, i)
            if starts[i] == INSIDE:
                # Rulebook V, Hindering Terrain: the stop applies to a warrior that "begins
                # a move with any part of his base touching clear terrain"; one that begins
                # wholly inside hindering terrain is not stopped by entering another.
                hinder = []
                break
        crossing = dict.fromkeys(self.walls, False)
        reach = shape.half_length
        travelled = 0.0
        for k in range(len(points) - 1):
            a, b = points[k], points[k + 1]
            seg = g.distance(a, b)
            if seg <= 0.0:
                continue
            # self._near, inlined: every candidate move of every player comes here.
            lo_x, hi_x = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
            lo_y, hi_y = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
            boxes = self._boxes
            near = [not (hi_x < x0 - reach or lo_x > x1 + reach or hi_y < y0 - reach
                         or lo_y > y1 + reach) for x0, y0, x1, y1 in boxes]
            near_h = [i for i in hinder if near[i]]
            near_e = [i for i in self.elevated if near[i]]
            near_w = [i for i in self.walls if near[i]]
            for i in near_h + near_e:
                if i not in starts:
                    starts[i] = self._rel(start, i)
            # Hindering features the base starts wholly inside never stop it.
            near_h = [i for i in near_h if starts[i] != INSIDE]
            if not (near_h or near_e or near_w):
                travelled += seg
                continue
            dx, dy = b[0] - a[0], b[1] - a[1]
            heading = math.atan2(dy, dx)
            ts = {1.0}
            for sa, sb in shape.tracks(a, b):
                for i in near_h + near_e + near_w:
                    ts.update(g.segment_offset_ts(sa, sb, self._normals[i], radius))
            ordered = sorted(t for t in ts if 0.0 < t <= 1.0)
            samples: list[float] = []
            prev = 0.0
            for t in ordered:
                samples.append((prev + t) / 2.0)
                samples.append(t)
                prev = t
            for t in samples:
                p = (a[0] + dx * t, a[1] + dy * t)
                base = shape.discs_at(p[0], p[1], heading)
                for i in near_h:
                    if _wholly_inside(base, self.features[i].polygon, self._boxes[i]):
                        return travelled + seg * t
                for i in near_e:
                    poly, box = self.features[i].polygon, self._boxes[i]
                    if self.groups and i in self.groups:
                        if self._group_stop(i, start, base, starts):
                            return travelled + seg * t
                        continue
                    if _wholly_outside(base, poly, box) if starts[i] == INSIDE else \
                            _wholly_inside(base, poly, box):
                        return travelled + seg * t
                for i in near_w:
                    poly = self.features[i].polygon
                    if g.point_in_polygon(p, poly) and g.boundary_distance(p, poly) > g.EPS:
                        crossing[i] = True
                    elif crossing[i] and _wholly_outside(base, poly, self._boxes[i]):
                        return travelled + seg * t
            travelled += seg
        return None

    def _group_stop(self, i: int, start: Discs, base: Discs, starts: dict[int, int]) -> bool:
        """Rulebook V, Elevated Terrain, for joined castle tops (Castle rules, Access
        Points): a move stops on going up onto the walkway or down off it, not on passing
        from one top to another."""
        group = self.groups[i]
        for j in group:
            if j not in starts:
                starts[j] = self._rel(start, j)
        if any(starts[j] == INSIDE for j in group):
            # Castle rules, Gatehouse: a base crossing over the archway from a top is still
            # on the top (Terrain.bridges).
            return all(_wholly_outside(base, self.features[j].polygon, self._boxes[j])
                       for j in group) and not any(
                tops[0] in group and not _wholly_outside(base, bridge, g.polygon_box(bridge))
                for bridge, tops in self.bridges)
        return _wholly_inside(base, self.features[i].polygon, self._boxes[i])

    # --- lines of fire ------------------------------------------------------------------

    def fire(self, firer: Point, firer_discs: Discs, facing: float, arc: int, target: Point,
             target_discs: Discs, firer_high: int | None,
             target_high: int | None) -> tuple[str | None, bool]:
        """(why the line of fire is blocked or None, whether the hindering modifier applies)."""
        if self.portals and (firer_high is None or target_high is None):
            for k, (p, q) in enumerate(self.portals):
                # Castle rules, Portals: no line of fire through a closed portal. A portal
                # is at the foot of its section: a line between two figures on elevated
                # terrain passes over it, and so does one from or to the top of the
                # portal's own section (RULES_NOTES.md, Castles, Portals).
                if g.segments_cross(firer, target, p, q) and not (
                        firer_high in self.portal_tops[k] or target_high in self.portal_tops[k]):
                    return "Castle rules, Portals: no line of fire through a closed portal", False
        fs = self.features
        # The bounding-box test of _near, inlined: every line of fire asks about every feature.
        lo_x, hi_x = (firer[0], target[0]) if firer[0] <= target[0] else (target[0], firer[0])
        lo_y, hi_y = (firer[1], target[1]) if firer[1] <= target[1] else (target[1], firer[1])
        crossed = []
        for i, (x0, y0, x1, y1) in enumerate(self._boxes):
            if hi_x < x0 or lo_x > x1 or hi_y < y0 or lo_y > y1:
                continue
            f = fs[i]
            if f.kind not in WATER and g.segment_enters_polygon(firer, target, f.polygon):
                crossed.append(i)
        if firer_high is None and target_high is None:
            for i in crossed:
                if fs[i].kind == "elevated":
                    return ("Rulebook V, Elevated Terrain: blocks lines of fire between figures "
                            "off it"), False
                if fs[i].kind == "blocking":
                    return "Rulebook V, Blocking Terrain: blocks any line of fire", False
            hinder = any(self._hinders(i, firer_discs, facing, arc)
                         for i in crossed if fs[i].kind in HINDERS_FIRE)
            return None, hinder
        if firer_high is not None and target_high is not None:
            # Only elevated hindering and blocking features matter up there.
            for i in crossed:
                if fs[i].kind == "blocking" and fs[i].elevated:
                    return "Rulebook V, Elevated Terrain: elevated blocking terrain", False
            hinder = any(self._hinders(i, firer_discs, facing, arc)
                         for i in crossed if fs[i].kind in HINDERS_FIRE and fs[i].elevated)
            return None, hinder
        high = firer_high if firer_high is not None else target_high
        for i in crossed:
            if fs[i].kind == "elevated" and i != high:
                return ("Rulebook V, Elevated Terrain: a different elevated feature blocks "
                        "this line of fire"), False
            if fs[i].kind == "blocking":
                return "Rulebook V, Elevated Terrain: intervening blocking terrain", False
        hinder = any(self._hinders(i, firer_discs, facing, arc)
                     for i in crossed if fs[i].kind in HINDERS_FIRE and fs[i].elevated)
        if not hinder:
            hinder = any(self._hinders(i, firer_discs, facing, arc)
                         for i in self.in_hindering(firer_discs))
        if not hinder:
            hinder = bool(self.in_hindering(target_discs))
        return None, hinder

    def _hinders(self, i: int, firer: Discs, facing: float, arc: int) -> bool:
        f = self.features[i]
        if f.kind == "low_wall":
            # Rulebook V, Low Walls: no modifier when the firer touches the wall.
            return not any(g.disc_touches_polygon((x, y), r, f.polygon) for x, y, r in firer)
        # Rulebook V, Hindering Terrain: a firer at the edge, front arc outside it, is not
        # penalised by the feature he stands in. The front arc is on the front disc's rim.
        fx, fy, fr = firer[0]
        return not (self._rel(firer, i) != OUTSIDE
                    and not g.front_rim_in_polygon((fx, fy), fr, facing, arc, f.polygon))

    def wall_between(self, p: Point, q: Point) -> bool:
        """Does the segment from ``p`` to ``q`` cross a low wall?"""
        for i in self.walls:
            if self._near(i, p, q, 0.0) and not g.polygon_clear_of_line(
                    p, q, self.features[i].polygon) and _segment_meets_polygon(
                    p, q, self.features[i].polygon):
                return True
        return False

    def separates(self, a: Discs, b: Discs) -> bool:
        """Rulebook V, Low Walls; FAQ, Pole Arm & Low Walls: do two bases stand on opposite
        sides of a low wall? Asked of the discs that come nearest each other: the line
        between their centres crosses the wall."""
        best = None
        for ax, ay, ar in a:
            for bx, by, br in b:
                gap = math.hypot(bx - ax, by - ay) - ar - br
                if best is None or gap < best[0]:
                    best = (gap, (ax, ay), (bx, by))
        return best is not None and self.wall_between(best[1], best[2])

    def across_wall(self, a: Discs, b: Discs) -> bool:
        """Rulebook V, Low Walls: adjacent figures on opposite sides of a low wall."""
        best = None
        for ax, ay, ar in a:
            for bx, by, br in b:
                gap = math.hypot(bx - ax, by - ay) - ar - br
                if best is None or gap < best[0]:
                    best = (gap, (ax, ay), ar, (bx, by), br)
        if best is None:
            return False
        gap, pa, ra, pb, rb = best
        for i in self.walls:
            poly = self.features[i].polygon
            if not self._near(i, pa, pb, 0.0):
                continue
            inside = g.length_inside_polygon(pa, pb, poly)
            if inside > g.EPS and gap <= inside + g.CONTACT_TOLERANCE \
                    and g.disc_touches_polygon(pa, ra, poly) \
                    and g.disc_touches_polygon(pb, rb, poly):
                return True
        return False
