"""Plane geometry for the battlefield: inches, radians, round bases and polygon terrain.

Points are plain ``(x, y)`` tuples; facings are radians measured counter-clockwise from
the +x axis. Every function is pure and uses only ``math`` so the hot paths stay lean.
Tolerances are the engine's answer to Etiquette 3 and 4 (see RULES_NOTES.md).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]
Polygon = tuple[Point, ...]

#: Rulebook VIII, Etiquette 3: bases that almost touch count as touching. Two bases whose
#: edges are at most this far apart (inches) are in base contact.
CONTACT_TOLERANCE = 0.05
#: Bases may sit this much inside each other before they count as overlapping (float noise).
OVERLAP_EPS = 1e-6
#: Numerical slack for lengths and distances.
EPS = 1e-9
#: Slack for arcs (radians), so a contact exactly on an arc's edge is inside the front arc.
ANGLE_EPS = 1e-9
TAU = 2.0 * math.pi

INSIDE, OUTSIDE, OVERLAP = 1, 2, 3


def distance(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def bearing(a: Point, b: Point) -> float:
    """The direction from ``a`` to ``b`` in radians."""
    return math.atan2(b[1] - a[1], b[0] - a[0])


def angle_diff(a: float, b: float) -> float:
    """The signed difference ``a - b`` folded into [-pi, pi]."""
    d = (a - b) % TAU
    return d - TAU if d > math.pi else d


def normalize_angle(a: float) -> float:
    """An angle folded into [-pi, pi)."""
    return (a + math.pi) % TAU - math.pi


def in_front_arc(facing: float, arc_degrees: int, direction: float) -> bool:
    """Is ``direction`` inside the front arc centred on ``facing``? (Rulebook III, Movement)"""
    if arc_degrees >= 360:
        return True
    return abs(angle_diff(direction, facing)) <= math.radians(arc_degrees) / 2.0 + ANGLE_EPS


def in_rear_arc(facing: float, arc_degrees: int, direction: float) -> bool:
    """The rear arc is the rest of the base (see RULES_NOTES.md); a 360° arc has none."""
    return not in_front_arc(facing, arc_degrees, direction)


def bases_overlap(a: Point, ra: float, b: Point, rb: float) -> bool:
    return distance(a, b) < ra + rb - OVERLAP_EPS


def bases_touch(a: Point, ra: float, b: Point, rb: float) -> bool:
    """Base contact, with Etiquette 3's allowance (CONTACT_TOLERANCE)."""
    return distance(a, b) <= ra + rb + CONTACT_TOLERANCE


def segment_point_distance(a: Point, b: Point, p: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    px, py = p[0] - ax, p[1] - ay
    length2 = dx * dx + dy * dy
    if length2 <= 0.0:
        return math.hypot(px, py)
    t = (px * dx + py * dy) / length2
    if t <= 0.0:
        return math.hypot(px, py)
    if t >= 1.0:
        return math.hypot(px - dx, py - dy)
    return abs(px * dy - py * dx) / math.sqrt(length2)


def segment_crosses_disc(a: Point, b: Point, centre: Point, radius: float) -> bool:
    """Does the segment enter the open disc? Grazing its edge does not count."""
    return segment_point_distance(a, b, centre) < radius - EPS


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Do segments ab and cd intersect (touching included)?"""
    d1, d2 = _orient(c, d, a), _orient(c, d, b)
    d3, d4 = _orient(a, b, c), _orient(a, b, d)
    if ((d1 > EPS and d2 < -EPS) or (d1 < -EPS and d2 > EPS)) and (
        (d3 > EPS and d4 < -EPS) or (d3 < -EPS and d4 > EPS)
    ):
        return True
    return (
        (abs(d1) <= EPS and _on_segment(c, d, a))
        or (abs(d2) <= EPS and _on_segment(c, d, b))
        or (abs(d3) <= EPS and _on_segment(a, b, c))
        or (abs(d4) <= EPS and _on_segment(a, b, d))
    )


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return (
        min(a[0], b[0]) - EPS <= p[0] <= max(a[0], b[0]) + EPS
        and min(a[1], b[1]) - EPS <= p[1] <= max(a[1], b[1]) + EPS
    )


def segment_intersection_t(a: Point, b: Point, c: Point, d: Point) -> float | None:
    """The parameter t on ab where it meets cd, or None (parallel or apart)."""
    rx, ry = b[0] - a[0], b[1] - a[1]
    sx, sy = d[0] - c[0], d[1] - c[1]
    denom = rx * sy - ry * sx
    if abs(denom) < 1e-15:
        return None
    qx, qy = c[0] - a[0], c[1] - a[1]
    t = (qx * sy - qy * sx) / denom
    u = (qx * ry - qy * rx) / denom
    if -EPS <= t <= 1.0 + EPS and -EPS <= u <= 1.0 + EPS:
        return min(1.0, max(0.0, t))
    return None


def path_length(points: Sequence[Point]) -> float:
    return sum(distance(points[i], points[i + 1]) for i in range(len(points) - 1))


def point_along(points: Sequence[Point], s: float) -> Point:
    """The point at arc length ``s`` along a polyline (clamped to its ends)."""
    for i in range(len(points) - 1):
        a, b = points[i], points[i + 1]
        seg = distance(a, b)
        if s <= seg:
            if seg <= 0.0:
                return a
            t = s / seg
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        s -= seg
    return points[-1]


def clip_polyline(points: Sequence[Point], s: float) -> tuple[Point, ...]:
    """The first ``s`` inches of a polyline."""
    out = [points[0]]
    for i in range(len(points) - 1):
        a, b = points[i], points[i + 1]
        seg = distance(a, b)
        if s <= seg + EPS:
            if s >= seg - EPS:
                out.append(b)
            else:
                t = s / seg
                out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            return tuple(out)
        out.append(b)
        s -= seg
    return tuple(out)


# --- polygons ---------------------------------------------------------------------------


def point_in_polygon(p: Point, poly: Polygon) -> bool:
    """Even-odd rule; points on the boundary may fall either way (use distances for edges)."""
    x, y = p
    inside = False
    n = len(poly)
    j = n - 1
    for i in range(n):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def polygon_edges(poly: Polygon) -> list[tuple[Point, Point]]:
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def boundary_distance(p: Point, poly: Polygon) -> float:
    # segment_point_distance inlined (the same arithmetic): terrain queries call this for
    # every sample along every move.
    x, y = p
    best = math.inf
    n = len(poly)
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[i + 1] if i + 1 < n else poly[0]
        dx, dy = bx - ax, by - ay
        px, py = x - ax, y - ay
        length2 = dx * dx + dy * dy
        if length2 <= 0.0:
            d = math.hypot(px, py)
        else:
            t = (px * dx + py * dy) / length2
            if t <= 0.0:
                d = math.hypot(px, py)
            elif t >= 1.0:
                d = math.hypot(px - dx, py - dy)
            else:
                d = abs(px * dy - py * dx) / math.sqrt(length2)
        if d < best:
            best = d
    return best


def polygon_box(poly: Polygon) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of ``poly``."""
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return (min(xs), min(ys), max(xs), max(ys))


def disc_polygon_relation(centre: Point, radius: float, poly: Polygon) -> int:
    """INSIDE (the whole base is within), OUTSIDE (no overlap; touching allowed) or OVERLAP."""
    x0, y0, x1, y1 = polygon_box(poly)
    cx, cy = centre
    if cx + radius < x0 or cx - radius > x1 or cy + radius < y0 or cy - radius > y1:
        return OUTSIDE  # farther than ``radius`` from every point of the polygon
    return disc_polygon_relation_near(centre, radius, poly)


def disc_polygon_relation_near(centre: Point, radius: float, poly: Polygon) -> int:
    """:func:`disc_polygon_relation` for a disc the caller found overlapping the polygon's
    bounding box."""
    d = boundary_distance(centre, poly)
    if point_in_polygon(centre, poly):
        return INSIDE if d >= radius - EPS else OVERLAP
    return OUTSIDE if d >= radius - EPS else OVERLAP


def disc_touches_polygon(centre: Point, radius: float, poly: Polygon) -> bool:
    """Base contact with a terrain feature (Glossary, Base Contact), Etiquette 3 included."""
    if point_in_polygon(centre, poly):
        return True
    return boundary_distance(centre, poly) <= radius + CONTACT_TOLERANCE


def disc_overlaps_polygon(centre: Point, radius: float, poly: Polygon) -> bool:
    return disc_polygon_relation(centre, radius, poly) != OUTSIDE


def segment_inside_intervals(a: Point, b: Point, poly: Polygon) -> list[tuple[float, float]]:
    """The parts of segment ab (as t-intervals) that run through the polygon's interior."""
    return _inside_intervals(a, b, poly, None)  # type: ignore[return-value]


def _inside_intervals(a: Point, b: Point, poly: Polygon, longer_than: float | None
                      ) -> list[tuple[float, float]] | bool:
    """:func:`segment_inside_intervals`; with ``longer_than`` (inches), only whether one of
    them is longer than that, answered as soon as one is (an interval only grows as the
    scan goes on, so the first that is long enough settles it)."""
    ts = [0.0, 1.0]
    n = len(poly)
    ax, ay = a
    rx, ry = b[0] - ax, b[1] - ay
    for i in range(n):
        # segment_intersection_t(a, b, poly[i], poly[i + 1]), inlined: lines of fire and
        # paths ask this of every nearby feature.
        cx, cy = poly[i]
        dx_, dy_ = poly[i + 1] if i + 1 < n else poly[0]
        sx, sy = dx_ - cx, dy_ - cy
        denom = rx * sy - ry * sx
        if abs(denom) < 1e-15:
            continue
        qx, qy = cx - ax, cy - ay
        t = (qx * sy - qy * sx) / denom
        u = (qx * ry - qy * rx) / denom
        if -EPS <= t <= 1.0 + EPS and -EPS <= u <= 1.0 + EPS:
            ts.append(min(1.0, max(0.0, t)))
    ts.sort()
    out: list[tuple[float, float]] = []
    dx, dy = rx, ry
    length = distance(a, b) if longer_than is not None else 0.0
    for i in range(len(ts) - 1):
        t0, t1 = ts[i], ts[i + 1]
        if t1 - t0 <= 1e-12:
            continue
        tm = (t0 + t1) / 2.0
        m = (a[0] + dx * tm, a[1] + dy * tm)
        if point_in_polygon(m, poly) and boundary_distance(m, poly) > EPS:
            if out and abs(out[-1][1] - t0) <= 1e-12:
                out[-1] = (out[-1][0], t1)
            else:
                out.append((t0, t1))
            if longer_than is not None and (out[-1][1] - out[-1][0]) * length > longer_than:
                return True
    return out if longer_than is None else False


#: How far (inches) a polygon must lie from a line for the quick tests to rule out the line
#: meeting it; far above float noise, so the quick answers agree with the exact ones.
CLEAR_MARGIN = 1e-6


def polygon_clear_of_line(a: Point, b: Point, poly: Polygon, reach: float = 0.0) -> bool:
    """Is every corner of ``poly`` on the same side of the line through ``a`` and ``b``, more
    than ``reach`` (plus :data:`CLEAR_MARGIN`) from it? Then nothing within ``reach`` of the
    line touches the polygon: a cheap test before the exact ones (False when unsure)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length <= 0.0:
        return False
    margin = (reach + CLEAR_MARGIN) * length
    ax, ay = a
    above = below = False
    for x, y in poly:
        side = dx * (y - ay) - dy * (x - ax)
        if side > margin:
            above = True
        elif side < -margin:
            below = True
        else:
            return False
    return above != below


def segment_enters_polygon(a: Point, b: Point, poly: Polygon) -> bool:
    if polygon_clear_of_line(a, b, poly):
        return False  # the line misses the polygon altogether
    return _inside_intervals(a, b, poly, EPS) is True


def segment_polygon_distance(a: Point, b: Point, poly: Polygon) -> float:
    """The least distance between segment ab and a polygon (0 when they meet or the
    segment lies inside): at a segment end against the polygon's edges, or at a corner of
    the polygon against the segment."""
    if point_in_polygon(a, poly):
        return 0.0
    n = len(poly)
    for i in range(n):
        if segments_cross(a, b, poly[i], poly[(i + 1) % n]):
            return 0.0
    best = min(boundary_distance(a, poly), boundary_distance(b, poly))
    for v in poly:
        d = segment_point_distance(a, b, v)
        if d < best:
            best = d
    return best


def length_inside_polygon(a: Point, b: Point, poly: Polygon) -> float:
    length = distance(a, b)
    return sum((t1 - t0) * length for t0, t1 in segment_inside_intervals(a, b, poly))


def polygons_distance(p: Polygon, q: Polygon) -> float:
    """The least distance between two polygons (0 when they touch or overlap)."""
    if point_in_polygon(p[0], q) or point_in_polygon(q[0], p):
        return 0.0
    best = math.inf
    for a, b in polygon_edges(p):
        for c, d in polygon_edges(q):
            if segments_cross(a, b, c, d):
                return 0.0
            best = min(best, segment_point_distance(a, b, c), segment_point_distance(a, b, d),
                       segment_point_distance(c, d, a), segment_point_distance(c, d, b))
    return best


def rectangle(x0: float, y0: float, x1: float, y1: float) -> Polygon:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def transform_point(p: Point, at: Point, rotation: float) -> Point:
    c, s = math.cos(rotation), math.sin(rotation)
    return (at[0] + p[0] * c - p[1] * s, at[1] + p[0] * s + p[1] * c)


def transform_polygon(poly: Polygon, at: Point, rotation: float) -> Polygon:
    return tuple(transform_point(p, at, rotation) for p in poly)


def polygons_overlap(p: Polygon, q: Polygon) -> bool:
    """Do two polygons share interior (touching edges do not count)?"""
    for a, b in polygon_edges(p):
        for c, d in polygon_edges(q):
            if _proper_cross(a, b, c, d):
                return True
    for poly, other in ((p, q), (q, p)):
        for v in poly:
            if point_in_polygon(v, other) and boundary_distance(v, other) > EPS:
                return True
        cx = sum(v[0] for v in poly) / len(poly)
        cy = sum(v[1] for v in poly) / len(poly)
        if point_in_polygon((cx, cy), poly) and point_in_polygon((cx, cy), other) \
                and boundary_distance((cx, cy), other) > EPS:
            return True
    return False


def front_rim_in_polygon(centre: Point, radius: float, facing: float, arc_degrees: int,
                         poly: Polygon) -> bool:
    """Does any of the front arc of a base's rim lie inside the polygon?

    The front arc is marked on the rim of the base; Rulebook V, Hindering Terrain lets a
    firer whose front arc lies entirely outside hindering terrain fire unpenalised.
    """
    half = math.pi if arc_degrees >= 360 else math.radians(arc_degrees) / 2.0
    for a in (facing - half, facing, facing + half):
        p = (centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a))
        if point_in_polygon(p, poly) and boundary_distance(p, poly) > EPS:
            return True
    # The rim can only get inside by crossing an edge.
    for e0, e1 in polygon_edges(poly):
        if segment_point_distance(e0, e1, centre) >= radius - EPS:
            continue
        for t in _segment_circle_ts(e0, e1, centre, radius):
            p = (e0[0] + (e1[0] - e0[0]) * t, e0[1] + (e1[1] - e0[1]) * t)
            if abs(angle_diff(bearing(centre, p), facing)) < half - ANGLE_EPS:
                return True
    return False


def _proper_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    d1, d2 = _orient(c, d, a), _orient(c, d, b)
    d3, d4 = _orient(a, b, c), _orient(a, b, d)
    return ((d1 > EPS and d2 < -EPS) or (d1 < -EPS and d2 > EPS)) and (
        (d3 > EPS and d4 < -EPS) or (d3 < -EPS and d4 > EPS)
    )


def _segment_circle_ts(a: Point, b: Point, centre: Point, radius: float) -> list[float]:
    """Parameters t in [0, 1] where segment ab meets the circle."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - centre[0], a[1] - centre[1]
    qa = dx * dx + dy * dy
    if qa <= 0.0:
        return []
    qb = 2.0 * (fx * dx + fy * dy)
    qc = fx * fx + fy * fy - radius * radius
    disc = qb * qb - 4.0 * qa * qc
    if disc < 0.0:
        return []
    root = math.sqrt(disc)
    return [t for t in ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa)) if 0.0 <= t <= 1.0]


#: A polygon edge's start corner and unit normal (None for a zero-length edge).
EdgeNormal = tuple[float, float, tuple[float, float] | None]


def segment_offset_ts(a: Point, b: Point, normals: Sequence[EdgeNormal], radius: float
                      ) -> list[float]:
    """Every t on segment ab where the distance to a polygon's boundary may equal
    ``radius``; ``normals``: the polygon's :func:`edge_normals`.

    Between two consecutive values the relation of a base of that radius to the polygon
    (inside, outside, overlapping) cannot change, so scanning these values finds the exact
    point where a moving base first lies wholly inside or wholly outside a feature.
    """
    ts: list[float] = []
    dx, dy = b[0] - a[0], b[1] - a[1]
    ax, ay = a
    qa = dx * dx + dy * dy
    rr = radius * radius
    for px, py, normal in normals:
        if normal is not None:
            nx, ny = normal
            denom = dx * nx + dy * ny
            if abs(denom) > 1e-15:
                base = (ax - px) * nx + (ay - py) * ny
                for off in (radius, -radius, 0.0):
                    t = (off - base) / denom
                    if 0.0 <= t <= 1.0:
                        ts.append(t)
        # _segment_circle_ts(a, b, (px, py), radius), inlined with the same arithmetic.
        if qa > 0.0:
            fx, fy = ax - px, ay - py
            qb = 2.0 * (fx * dx + fy * dy)
            qc = fx * fx + fy * fy - rr
            disc = qb * qb - 4.0 * qa * qc
            if disc >= 0.0:
                root = math.sqrt(disc)
                for t in ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa)):
                    if 0.0 <= t <= 1.0:
                        ts.append(t)
    return ts


def edge_normals(poly: Polygon) -> list[EdgeNormal]:
    """Each edge's start corner and unit normal (None for a zero-length edge)."""
    out: list[EdgeNormal] = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        ex, ey = q[0] - p[0], q[1] - p[1]
        elen = math.hypot(ex, ey)
        out.append((p[0], p[1], (-ey / elen, ex / elen) if elen > 0.0 else None))
    return out


def outward_edges(poly: Polygon) -> list[tuple[Point, Point, Point]]:
    """Each edge of ``poly`` (zero-length ones left out) with its unit normal pointing out
    of the polygon, whichever way round its corners run."""
    n = len(poly)
    area = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1]
               for i in range(n))
    out: list[tuple[Point, Point, Point]] = []
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        if length <= 0.0:
            continue
        normal = (dy / length, -dx / length) if area > 0 else (-dy / length, dx / length)
        out.append((a, b, normal))
    return out


# --- bases made of discs ----------------------------------------------------------------
#
# A base is one disc (infantry) or two overlapping discs along the facing (the cavalry
# double base, front disc first). Every contact, overlap and line-of-fire test works on
# these discs, so the two shapes share one set of rules (see RULES_NOTES.md, Bases).

Disc = tuple[float, float, float]  # centre x, centre y, radius


def discs_at(x: float, y: float, facing: float, radius: float, offset: float
             ) -> tuple[Disc, ...]:
    """The discs of a base whose centre dot is at (x, y); ``offset`` is how far the centres
    of a double base's two discs lie in front of and behind the dot."""
    if offset <= 0.0:
        return ((x, y, radius),)
    dx, dy = offset * math.cos(facing), offset * math.sin(facing)
    return ((x + dx, y + dy, radius), (x - dx, y - dy, radius))


def discs_gap(a: Sequence[Disc], b: Sequence[Disc]) -> float:
    """The least distance between the edges of two bases (negative when they overlap)."""
    best = math.inf
    for ax, ay, ar in a:
        for bx, by, br in b:
            d = math.hypot(bx - ax, by - ay) - ar - br
            if d < best:
                best = d
    return best


def discs_touch(a: Sequence[Disc], b: Sequence[Disc]) -> bool:
    """Base contact, with Etiquette 3's allowance (CONTACT_TOLERANCE)."""
    return discs_gap(a, b) <= CONTACT_TOLERANCE


def discs_overlap(a: Sequence[Disc], b: Sequence[Disc]) -> bool:
    return discs_gap(a, b) < -OVERLAP_EPS


def segment_crosses_discs(a: Point, b: Point, discs: Sequence[Disc]) -> bool:
    return any(segment_point_distance(a, b, (x, y)) < r - EPS for x, y, r in discs)


def point_in_discs(p: Point, discs: Sequence[Disc]) -> bool:
    return any(math.hypot(p[0] - x, p[1] - y) < r - EPS for x, y, r in discs)


def rim_in_front_arc(discs: Sequence[Disc], facing: float, arc_degrees: int, p: Point) -> bool:
    """Is the rim point ``p`` of a base (from :func:`contact_points`) in its front arc?

    The front arc is marked on the rim of the front disc, centred on the facing; a double
    base's rear disc carries none of it.
    """
    if arc_degrees >= 360:
        return True
    fx, fy, r = discs[0]
    if len(discs) > 1:
        if abs(math.hypot(p[0] - fx, p[1] - fy) - r) > 1e-6:
            return False  # on the rear disc's rim
        rx, ry, rr = discs[1]
        if math.hypot(p[0] - rx, p[1] - ry) < rr - 1e-7:
            return False  # inside the base, not on its rim
    return in_front_arc(facing, arc_degrees, math.atan2(p[1] - fy, p[0] - fx))


def contact_points(a: Sequence[Disc], b: Sequence[Disc]) -> list[Point]:
    """Where base ``a``'s rim meets (or comes nearest to) base ``b``: one point on ``a``'s
    rim for each pair of discs at the least gap (within the contact allowance)."""
    pairs = []
    best = math.inf
    for ax, ay, ar in a:
        for bx, by, br in b:
            d = math.hypot(bx - ax, by - ay)
            gap = d - ar - br
            pairs.append((gap, ax, ay, ar, bx, by, d))
            if gap < best:
                best = gap
    out = []
    for gap, ax, ay, ar, bx, by, d in pairs:
        if gap <= best + CONTACT_TOLERANCE:
            if d <= 0.0:
                out.append((ax, ay))
            else:
                out.append((ax + (bx - ax) * ar / d, ay + (by - ay) * ar / d))
    return out


def faces(a: Sequence[Disc], facing: float, arc_degrees: int, b: Sequence[Disc]) -> bool:
    """Is any of base ``a``'s front arc where it meets base ``b``?"""
    if arc_degrees >= 360:
        return True
    if len(a) == 1 and len(b) == 1:
        # Two round bases meet on the line between their centres.
        return in_front_arc(facing, arc_degrees, math.atan2(b[0][1] - a[0][1],
                                                            b[0][0] - a[0][0]))
    return any(rim_in_front_arc(a, facing, arc_degrees, p) for p in contact_points(a, b))


def meets_rear(a: Sequence[Disc], facing: float, arc_degrees: int, b: Sequence[Disc]) -> bool:
    """Does base ``b`` meet any of base ``a``'s rear arc (the rest of the rim)?"""
    if arc_degrees >= 360:
        return False
    if len(a) == 1 and len(b) == 1:
        return in_rear_arc(facing, arc_degrees, math.atan2(b[0][1] - a[0][1],
                                                           b[0][0] - a[0][0]))
    return any(not rim_in_front_arc(a, facing, arc_degrees, p) for p in contact_points(a, b))


def fires_through_front_arc(discs: Sequence[Disc], centre: Point, facing: float,
                            arc_degrees: int, target: Point) -> bool:
    """Does the line of fire from the centre dot towards ``target`` leave the base through
    its front arc? (Rulebook III, Ranged Combat)"""
    if arc_degrees >= 360:
        return True
    if len(discs) == 1:
        return in_front_arc(facing, arc_degrees, bearing(centre, target))
    d = distance(centre, target)
    if d <= EPS:
        return True
    ux, uy = (target[0] - centre[0]) / d, (target[1] - centre[1]) / d
    fx, fy, r = discs[0]
    # The far crossing of the front disc's rim along the line (the dot is inside it).
    cx, cy = centre[0] - fx, centre[1] - fy
    b = cx * ux + cy * uy
    c = cx * cx + cy * cy - r * r
    t = -b + math.sqrt(max(0.0, b * b - c))
    p = (centre[0] + ux * t, centre[1] + uy * t)
    rx, ry, rr = discs[1]
    if math.hypot(p[0] - rx, p[1] - ry) < rr - 1e-7:
        return False  # the line leaves through the rear disc
    return in_front_arc(facing, arc_degrees, math.atan2(p[1] - fy, p[0] - fx))
