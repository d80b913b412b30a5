"""Figure bases as shapes: what a base is, and the questions the rules ask of its shape.

Rulebook I says only that a base is round with a centre dot. The engine knows two shapes
(RULES_NOTES.md, Bases):

- :class:`RoundBase`: one disc (infantry, 1" across);
- :class:`DoubleBase`: the mounted warrior's "peanut", two overlapping discs along the
  facing, front disc first, the centre dot midway between them.

Every rule that needs a base's geometry asks the shape, never its numbers: where its
parts are (:meth:`Base.discs_at`), whether turning moves any part (:attr:`Base.round`),
how far its parts reach from the centre dot (:attr:`Base.half_length`), where it stands to
touch another base (:func:`contact_spot`), and the tracks its parts follow along a
straight stretch of a move (:meth:`Base.tracks`). Contact, arcs, overlap and lines of
fire are then plane geometry on those parts (:mod:`armybuilder.engine.geometry`).

A new kind of base (a chariot's four sections, a castle section's footprint) is a new
class here answering the same questions; see CONTRIBUTING.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from armybuilder.engine import geometry as g
from armybuilder.engine.geometry import Disc, Point

#: Half the length of a base by the catalogue's base name. Rulebook I gives no size; the
#: engine uses a 1" infantry base and a 1.75" x 1" double base (RULES_NOTES.md, Bases).
HALF_LENGTHS: dict[str, float] = {"infantry": 0.5, "cavalry": 0.875}
#: A double base's discs: each disc's radius and the distance of its centre from the
#: centre dot, as fractions of the half length (4/7 and 3/7 make 1.75" x 1" of 0.875").
DOUBLE_DISC = 4.0 / 7.0
DOUBLE_OFFSET = 3.0 / 7.0
#: The catalogue's base names that stand on a double base.
DOUBLE_BASES = frozenset({"cavalry"})


@dataclass(frozen=True, slots=True, eq=False)
class Base:
    """A figure's base. Subclasses answer for their own shape. Shapes are made once per
    kind and size (:func:`base_for`), so one is told from another by identity: a shape is
    a key of remembered answers, and identity hashes without a Python call."""

    #: Every part of the base lies within this distance of the centre dot.
    half_length: float
    #: Turning in place leaves every part where it was (a round base).
    round: bool = field(init=False, default=True)
    #: The width across the base, side to side (figures set side by side).
    width: float = field(init=False, default=0.0)

    def discs_at(self, x: float, y: float, facing: float) -> tuple[Disc, ...]:
        """The discs the base covers with its centre dot at (x, y), facing ``facing``."""
        raise NotImplementedError

    def tracks(self, a: Point, b: Point) -> tuple[tuple[Point, Point], ...]:
        """Where the centres of the base's discs run while the base travels lengthwise
        along the straight stretch from ``a`` to ``b`` (RULES_NOTES.md, Bases)."""
        raise NotImplementedError

    @property
    def disc_radius(self) -> float:
        """The radius of each of the base's discs."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True, eq=False)
class RoundBase(Base):
    """One disc: ``half_length`` is its radius."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "round", True)
        object.__setattr__(self, "width", 2.0 * self.half_length)

    @property
    def disc_radius(self) -> float:
        return self.half_length

    def discs_at(self, x: float, y: float, facing: float) -> tuple[Disc, ...]:
        return ((x, y, self.half_length),)

    def tracks(self, a: Point, b: Point) -> tuple[tuple[Point, Point], ...]:
        return ((a, b),)


@dataclass(frozen=True, slots=True, eq=False)
class DoubleBase(Base):
    """Two overlapping discs along the facing, front disc first."""

    radius: float = field(init=False, default=0.0)
    offset: float = field(init=False, default=0.0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "round", False)
        object.__setattr__(self, "radius", self.half_length * DOUBLE_DISC)
        object.__setattr__(self, "offset", self.half_length * DOUBLE_OFFSET)
        object.__setattr__(self, "width", 2.0 * self.radius)

    @property
    def disc_radius(self) -> float:
        return self.radius

    def discs_at(self, x: float, y: float, facing: float) -> tuple[Disc, ...]:
        return g.discs_at(x, y, facing, self.radius, self.offset)

    def tracks(self, a: Point, b: Point) -> tuple[tuple[Point, Point], ...]:
        # The disc centres run along the same line as the dot, ahead of and behind it.
        seg = g.distance(a, b)
        if seg <= 0.0:
            return ()  # no stretch: no heading to travel along
        dx, dy = b[0] - a[0], b[1] - a[1]
        out = []
        for shift in (self.offset / seg, -self.offset / seg):
            out.append(((a[0] + dx * shift, a[1] + dy * shift),
                        (b[0] + dx * shift, b[1] + dy * shift)))
        return tuple(out)


def base_for(name: str, half_length: float) -> Base:
    """The shape of a catalogue base (``infantry``, ``cavalry``) of that half length: the
    same object for the same kind and size."""
    kind = DoubleBase if name in DOUBLE_BASES else RoundBase
    shape = _SHAPES.get((kind, half_length))
    if shape is None:
        shape = _SHAPES[(kind, half_length)] = kind(half_length)
    return shape


_SHAPES: dict[tuple[type, float], Base] = {}


def contact_spot(mover: Base, target: tuple[Disc, ...], at: Point, reach: float,
                 angle: float, gap: float) -> tuple[Point, float]:
    """Where a ``mover`` base's centre goes to touch the ``target`` base (its discs; its
    centre dot ``at``; ``reach``: its half length) from direction ``angle`` seen from the
    target, facing the target's centre dot: ``(place, facing)`` with the bases ``gap``
    apart. A double base is fitted by a few Newton steps along the approach."""
    ox, oy = at
    ux, uy = math.cos(angle), math.sin(angle)
    if mover.round and len(target) == 1:
        s = mover.half_length + reach + gap
        ex, ey = ox + s * ux, oy + s * uy
        return (ex, ey), math.atan2(oy - ey, ox - ex)  # g.bearing(end, at)
    facing = g.normalize_angle(angle + math.pi)
    s = mover.half_length + reach + gap
    end = (ox + s * ux, oy + s * uy)
    # g.discs_gap(mover.discs_at(*end, facing), target), the same arithmetic in the same
    # order, with the facing's share of the disc centres worked out once.
    r, hypot = mover.disc_radius, math.hypot
    offset = 0.0 if mover.round else mover.offset  # type: ignore[attr-defined]
    dx, dy = (offset * math.cos(facing), offset * math.sin(facing)) if offset > 0.0 \
        else (0.0, 0.0)
    for _ in range(8):
        ex, ey = end
        discs = ((ex + dx, ey + dy, r), (ex - dx, ey - dy, r)) if offset > 0.0 else \
            ((ex, ey, r),)
        d = math.inf
        for ax, ay, ar in discs:
            for bx, by, br in target:
                e = hypot(bx - ax, by - ay) - ar - br
                if e < d:
                    d = e
        if abs(d - gap) < 1e-7:
            break
        s -= d - gap
        end = (ox + s * ux, oy + s * uy)
    return end, facing
