"""The battlefield geometry: contact, arcs, lines through bases, polygons."""

from __future__ import annotations

import math

import pytest

from armybuilder.engine import geometry as g

SQUARE = g.rectangle(0, 0, 4, 4)


def test_bases_touch_within_the_etiquette_allowance_and_overlap_only_when_inside() -> None:
    assert g.bases_touch((0, 0), 0.5, (1.0, 0), 0.5)
    assert g.bases_touch((0, 0), 0.5, (1.0 + g.CONTACT_TOLERANCE, 0), 0.5)
    assert not g.bases_touch((0, 0), 0.5, (1.0 + g.CONTACT_TOLERANCE + 0.01, 0), 0.5)
    assert not g.bases_overlap((0, 0), 0.5, (1.0, 0), 0.5)
    assert g.bases_overlap((0, 0), 0.5, (0.99, 0), 0.5)


@pytest.mark.parametrize(("direction", "inside"), [
    (0.0, True), (math.radians(44.9), True), (math.radians(45), True),
    (math.radians(45.1), False), (math.pi, False), (-math.radians(30), True),
])
def test_a_90_degree_front_arc_is_centred_on_the_facing(direction: float, inside: bool) -> None:
    assert g.in_front_arc(0.0, 90, direction) is inside
    assert g.in_rear_arc(0.0, 90, direction) is not inside


def test_arcs_wrap_around_and_360_has_no_rear() -> None:
    assert g.in_front_arc(math.pi, 90, -math.pi + 0.1)
    assert g.in_front_arc(0.0, 180, math.radians(89))
    assert not g.in_front_arc(0.0, 180, math.radians(91))
    assert g.in_front_arc(0.0, 360, math.pi) and not g.in_rear_arc(0.0, 360, math.pi)


def test_a_segment_crosses_a_base_only_when_it_enters_it() -> None:
    assert g.segment_crosses_disc((0, 0), (10, 0), (5, 0.4), 0.5)
    assert not g.segment_crosses_disc((0, 0), (10, 0), (5, 0.5), 0.5)  # grazing
    assert not g.segment_crosses_disc((0, 0), (4, 0), (5, 0), 0.5)  # stops short
    assert g.segment_point_distance((0, 0), (10, 0), (12, 0)) == pytest.approx(2)


def test_segments_cross_including_touching_ends() -> None:
    assert g.segments_cross((0, 0), (2, 2), (0, 2), (2, 0))
    assert g.segments_cross((0, 0), (1, 1), (1, 1), (2, 0))
    assert not g.segments_cross((0, 0), (1, 0), (0, 1), (1, 1))


def test_polylines_have_length_points_along_them_and_clip() -> None:
    path = ((0, 0), (3, 0), (3, 4))
    assert g.path_length(path) == pytest.approx(7)
    assert g.point_along(path, 5) == pytest.approx((3, 2))
    assert g.clip_polyline(path, 5)[-1] == pytest.approx((3, 2))


def test_a_base_is_inside_outside_or_overlapping_a_polygon() -> None:
    assert g.disc_polygon_relation((2, 2), 0.5, SQUARE) == g.INSIDE
    assert g.disc_polygon_relation((0.5, 2), 0.5, SQUARE) == g.INSIDE  # touching the edge
    assert g.disc_polygon_relation((4.5, 2), 0.5, SQUARE) == g.OUTSIDE  # touching outside
    assert g.disc_polygon_relation((4.2, 2), 0.5, SQUARE) == g.OVERLAP
    assert g.disc_touches_polygon((4.52, 2), 0.5, SQUARE)


def test_the_part_of_a_line_inside_a_polygon() -> None:
    assert g.length_inside_polygon((-1, 2), (5, 2), SQUARE) == pytest.approx(4)
    assert g.segment_enters_polygon((-1, 2), (1, 2), SQUARE)
    assert not g.segment_enters_polygon((-1, 4), (5, 4), SQUARE)  # along the edge
    assert not g.segment_enters_polygon((-1, 5), (5, 5), SQUARE)


def test_polygon_distance_and_overlap() -> None:
    other = g.rectangle(6, 0, 8, 4)
    assert g.polygons_distance(SQUARE, other) == pytest.approx(2)
    assert not g.polygons_overlap(SQUARE, other)
    assert g.polygons_overlap(SQUARE, g.rectangle(3, 3, 5, 5))
    assert g.polygons_overlap(SQUARE, SQUARE)
    assert not g.polygons_overlap(SQUARE, g.rectangle(4, 0, 6, 4))  # sharing an edge


def test_the_front_arc_of_the_rim_against_a_polygon() -> None:
    woods = g.rectangle(0, 0, 4, 4)
    # Standing just inside the woods' edge facing out: the front rim is outside.
    assert not g.front_rim_in_polygon((2, 3.8), 0.5, math.pi / 2, 90, woods)
    # Facing in, or with a 180 degree arc whose ends dip in, it is not.
    assert g.front_rim_in_polygon((2, 3.8), 0.5, -math.pi / 2, 90, woods)
    assert g.front_rim_in_polygon((2, 3.8), 0.5, math.pi / 2, 180, woods)
    # An edge crossing the middle of the rim arc is found too.
    assert g.front_rim_in_polygon((4.3, 2), 0.5, math.pi, 90, woods)
    assert not g.front_rim_in_polygon((4.6, 2), 0.5, math.pi, 90, woods)


def test_offset_parameters_find_where_a_moving_base_fits_inside() -> None:
    ts = g.segment_offset_ts((-2, 2), (6, 2), g.edge_normals(SQUARE), 0.5)
    assert any(abs(t - 2.5 / 8) < 1e-9 for t in ts)  # centre at x=0.5: base wholly inside


def test_angles_fold_and_transform() -> None:
    assert g.angle_diff(math.radians(350), math.radians(10)) == pytest.approx(math.radians(-20))
    assert g.normalize_angle(3 * math.pi) == pytest.approx(-math.pi)
    assert g.transform_point((1, 0), (5, 5), math.pi / 2) == pytest.approx((5, 6))
