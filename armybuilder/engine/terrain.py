"""Terrain features and what they do to movement and lines of fire (Rulebook V)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from armybuilder.engine import geometry as g
from armybuilder.engine.geometry import INSIDE, OUTSIDE, Point, Polygon

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


class Terrain:
    """The placed features of one battlefield, with the queries the rules need."""

    __slots__ = ("_boxes", "blocking", "elevated", "features", "hindering", "walls")

    def __init__(self, features: tuple[TerrainFeature, ...] = ()) -> None:
        self.features: list[TerrainFeature] = []
        self._boxes: list[tuple[float, float, float, float]] = []
        self.blocking: list[int] = []
        self.hindering: list[int] = []
        self.elevated: list[int] = []
        self.walls: list[int] = []
        for f in features:
            self.add(f)

    def add(self, feature: TerrainFeature) -> None:
        i = len(self.features)
        self.features.append(feature)
        self._boxes.append(_bbox(feature.polygon))
        if feature.kind in BLOCKS_MOVEMENT:
            self.blocking.append(i)
        elif feature.kind in HINDERS_MOVEMENT:
            self.hindering.append(i)
        elif feature.kind == "elevated":
            self.elevated.append(i)
        elif feature.kind == "low_wall":
            self.walls.append(i)

    def __bool__(self) -> bool:
        return bool(self.features)

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

    def is_abrupt(self, elevation: int | None) -> bool:
        return elevation is not None and self.features[elevation].abrupt

    def abrupt_split(self, a: int | None, b: int | None) -> bool:
        """Rulebook V, Abrupt Elevated Terrain: one figure on such a feature, the other off it."""
        return a != b and (self.is_abrupt(a) or self.is_abrupt(b))

    def starts_hindered(self, pos: Point, radius: float) -> bool:
        """Rulebook V, Hindering Terrain: a base touching hindering terrain moves at half speed.

        Low walls never halve speed (Rulebook V, Low Walls).
        """
        return any(g.disc_overlaps_polygon(pos, radius, self.features[i].polygon)
                   for i in self.hindering)

    def in_hindering(self, pos: Point, radius: float) -> list[int]:
        return [i for i in self.hindering if self.features[i].kind == "hindering"
                and g.disc_overlaps_polygon(pos, radius, self.features[i].polygon)]

    def position_violation(self, pos: Point, radius: float) -> str | None:
        """Why a base may not stand here, or None."""
        for i in self.blocking:
            f = self.features[i]
            if g.disc_polygon_relation(pos, radius, f.polygon) != OUTSIDE:
                if f.kind == "deep_water":
                    return "Rulebook V, Deep Water: blocking terrain for movement"
                return "Rulebook V, Blocking Terrain: no figure may stand in blocking terrain"
        for i in self.walls:
            if g.disc_polygon_relation(pos, radius, self.features[i].polygon) != OUTSIDE:
                return "Rulebook V, Low Walls: a base may not stand on a low wall"
        for i in self.elevated:
            if g.disc_polygon_relation(pos, radius, self.features[i].polygon) not in (INSIDE,
                                                                                     OUTSIDE):
                return ("Rulebook V, Elevated Terrain: a base stands wholly on or wholly off "
                        "elevated terrain")
        return None

    # --- movement -----------------------------------------------------------------------

    def path_violation(self, points: tuple[Point, ...]) -> str | None:
        """Rules a movement path breaks on its way (blocking terrain, cliffs), or None."""
        for k in range(len(points) - 1):
            a, b = points[k], points[k + 1]
            for i in self.blocking:
                if self._near(i, a, b, 0.0) and g.segment_enters_polygon(
                        a, b, self.features[i].polygon):
                    if self.features[i].kind == "deep_water":
                        return "Rulebook V, Deep Water: blocking terrain for movement"
                    return "Rulebook V, Blocking Terrain: movement may not enter or cross it"
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
                               for s0, s1 in f.stairs):
                        return ("Rulebook V, Abrupt Elevated Terrain: figures move on or off "
                                "only by a stairway or ladder")
        return None

    def movement_stop(self, points: tuple[Point, ...], radius: float) -> float | None:
        """How far along the path terrain makes the figure stop, or None.

        Rulebook V: a move ends when the base has crossed wholly into a hindering feature
        (one it did not start wholly inside), when it has gone wholly up onto or down off
        elevated terrain, and when it reaches the far side of a low wall.
        """
        relevant = self.hindering or self.elevated or self.walls
        if not relevant or len(points) < 2:
            return None
        start = points[0]
        hinder = [i for i in self.hindering
                  if g.disc_polygon_relation(start, radius, self.features[i].polygon) != INSIDE]
        on_high = {i: g.disc_polygon_relation(start, radius, self.features[i].polygon) == INSIDE
                   for i in self.elevated}
        crossing = dict.fromkeys(self.walls, False)
        travelled = 0.0
        for k in range(len(points) - 1):
            a, b = points[k], points[k + 1]
            seg = g.distance(a, b)
            if seg <= 0.0:
                continue
            near_h = [i for i in hinder if self._near(i, a, b, radius)]
            near_e = [i for i in self.elevated if self._near(i, a, b, radius)]
            near_w = [i for i in self.walls if self._near(i, a, b, radius)]
            if not (near_h or near_e or near_w):
                travelled += seg
                continue
            ts = {1.0}
            for i in near_h + near_e + near_w:
                ts.update(g.segment_offset_ts(a, b, self.features[i].polygon, radius))
            ordered = sorted(t for t in ts if t > 0.0)
            samples: list[float] = []
            prev = 0.0
            for t in ordered:
                samples.append((prev + t) / 2.0)
                samples.append(t)
                prev = t
            dx, dy = b[0] - a[0], b[1] - a[1]
            for t in samples:
                p = (a[0] + dx * t, a[1] + dy * t)
                for i in near_h:
                    if g.disc_polygon_relation(p, radius, self.features[i].polygon) == INSIDE:
                        return travelled + seg * t
                for i in near_e:
                    rel = g.disc_polygon_relation(p, radius, self.features[i].polygon)
                    if (on_high[i] and rel == OUTSIDE) or (not on_high[i] and rel == INSIDE):
                        return travelled + seg * t
                for i in near_w:
                    poly = self.features[i].polygon
                    if g.point_in_polygon(p, poly) and g.boundary_distance(p, poly) > g.EPS:
                        crossing[i] = True
                    elif crossing[i] and g.disc_polygon_relation(p, radius, poly) == OUTSIDE:
                        return travelled + seg * t
            travelled += seg
        return None

    # --- lines of fire ------------------------------------------------------------------

    def fire(self, firer: Point, firer_radius: float, facing: float, arc: int, target: Point,
             target_radius: float, firer_high: int | None,
             target_high: int | None) -> tuple[str | None, bool]:
        """(why the line of fire is blocked or None, whether the hindering modifier applies)."""
        fs = self.features
        crossed = [i for i, f in enumerate(fs)
                   if f.kind not in ("shallow_water", "deep_water")
                   and self._near(i, firer, target, 0.0)
                   and g.segment_enters_polygon(firer, target, f.polygon)]
        if firer_high is None and target_high is None:
            for i in crossed:
                if fs[i].kind == "elevated":
                    return ("Rulebook V, Elevated Terrain: blocks lines of fire between figures "
                            "off it"), False
                if fs[i].kind == "blocking":
                    return "Rulebook V, Blocking Terrain: blocks any line of fire", False
            hinder = any(self._hinders(i, firer, firer_radius, facing, arc)
                         for i in crossed if fs[i].kind in HINDERS_FIRE)
            return None, hinder
        if firer_high is not None and target_high is not None:
            # Only elevated hindering and blocking features matter up there.
            for i in crossed:
                if fs[i].kind == "blocking" and fs[i].elevated:
                    return "Rulebook V, Elevated Terrain: elevated blocking terrain", False
            hinder = any(self._hinders(i, firer, firer_radius, facing, arc)
                         for i in crossed if fs[i].kind in HINDERS_FIRE and fs[i].elevated)
            return None, hinder
        high = firer_high if firer_high is not None else target_high
        for i in crossed:
            if fs[i].kind == "elevated" and i != high:
                return ("Rulebook V, Elevated Terrain: a different elevated feature blocks "
                        "this line of fire"), False
            if fs[i].kind == "blocking":
                return "Rulebook V, Elevated Terrain: intervening blocking terrain", False
        hinder = any(self._hinders(i, firer, firer_radius, facing, arc)
                     for i in crossed if fs[i].kind in HINDERS_FIRE and fs[i].elevated)
        if not hinder:
            hinder = any(self._hinders(i, firer, firer_radius, facing, arc)
                         for i in self.in_hindering(firer, firer_radius))
        if not hinder:
            hinder = bool(self.in_hindering(target, target_radius))
        return None, hinder

    def _hinders(self, i: int, firer: Point, radius: float, facing: float, arc: int) -> bool:
        f = self.features[i]
        if f.kind == "low_wall":
            # Rulebook V, Low Walls: no modifier when the firer touches the wall.
            return not g.disc_touches_polygon(firer, radius, f.polygon)
        # Rulebook V, Hindering Terrain: a firer at the edge, front arc outside it, is not
        # penalised by the feature he stands in.
        return not (g.disc_overlaps_polygon(firer, radius, f.polygon)
                    and not g.front_rim_in_polygon(firer, radius, facing, arc, f.polygon))

    def across_wall(self, a: Point, ra: float, b: Point, rb: float) -> bool:
        """Rulebook V, Low Walls: adjacent figures on opposite sides of a low wall."""
        gap = g.distance(a, b) - ra - rb
        for i in self.walls:
            poly = self.features[i].polygon
            if not self._near(i, a, b, 0.0):
                continue
            inside = g.length_inside_polygon(a, b, poly)
            if inside > g.EPS and gap <= inside + g.CONTACT_TOLERANCE \
                    and g.disc_touches_polygon(a, ra, poly) and g.disc_touches_polygon(b, rb, poly):
                return True
        return False
