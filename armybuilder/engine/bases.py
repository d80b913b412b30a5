"""Figure bases as shapes: what a base is, and the questions the rules ask of its shape.

Rulebook I says only that a base is round with a centre dot. The engine knows two shapes
(RULES_NOTES.md, Bases):

- :class:`RoundBase`: one disc (infantry, 1" across);
- :class:`DoubleBase`: the mounted warrior's "peanut", two overlapping discs along the
  facing, front disc first, the centre dot midway between them;
- :class:`ChariotBase`: a chariot's four sections (Chariot rules, Combat Dials), one disc
  each: front, left, right and rear around the centre dot, each section's outer edge its
  front arc.

Every rule that needs a base's geometry asks the shape, never its numbers: where its
parts are (:meth:`Base.discs_at`), whether turning moves any part (:attr:`Base.round`),
how far its parts reach from the centre dot (:attr:`Base.half_length`), where it stands to
touch another base (:func:`contact_spot`), and the tracks its parts follow along a
straight stretch of a move (:meth:`Base.tracks`). Contact, arcs, overlap and lines of
fire are then plane geometry on those parts (:mod:`armybuilder.engine.geometry`).

A new kind of base (a castle section's footprint, say) is a new class here answering the
same questions; see CONTRIBUTING.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from armybuilder.engine import geometry as g
from armybuilder.engine.geometry import Disc, Point

#: Half the length of a base by the catalogue's base name. Rulebook I gives no size; the
#: engine uses a 1" infantry base, a 1.75" x 1" double base and a chariot's four-section
#: base 2.8" long (RULES_NOTES.md, Bases).
HALF_LENGTHS: dict[str, float] = {"infantry": 0.5, "cavalry": 0.875, "chariot": 1.4}
#: A double base's discs: each disc's radius and the distance of its centre from the
#: centre dot, as fractions of the half length (4/7 and 3/7 make 1.75" x 1" of 0.875").
DOUBLE_DISC = 4.0 / 7.0
DOUBLE_OFFSET = 3.0 / 7.0
#: The catalogue's base names that stand on a double base.
DOUBLE_BASES = frozenset({"cavalry"})
#: Chariot rules, Combat Dials: the base is divided into four sections, in the order the
#: rules name them (and :data:`armybuilder.figures.CHARIOT_DIALS` lists them).
SECTIONS: tuple[str, ...] = ("front", "left", "right", "rear")
FRONT, LEFT, RIGHT, REAR = range(4)
#: A chariot's sections, each a disc (RULES_NOTES.md, Chariots): the radius and how far
#: the centres of the front and rear discs lie ahead of and behind the centre dot, and of
#: the side discs to either side, as fractions of the half length (1.4": a base 2.8" long
#: and 2.2" wide). A 1" base set at the centre dot lies wholly within the base.
CHARIOT_DISC = 0.6 / 1.4
CHARIOT_AHEAD = 0.8 / 1.4
CHARIOT_SIDE = 0.5 / 1.4


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


@dataclass(frozen=True, slots=True, eq=False)
class ChariotBase(Base):
    """Chariot rules, Combat Dials: four sections, one disc each, around the centre dot:
    the front disc (the beast) ahead, the two side discs (the wheels) to the left and the
    right, the rear disc (the body, with the rear compartment) behind. Neighbouring discs
    overlap; the borderline between two sections runs from the centre dot to the point
    where their rims meet on the outside of the base (:attr:`borders`), so the sections
    are four wedges seen from the centre dot."""

    radius: float = field(init=False, default=0.0)
    #: Each section's disc centre relative to the centre dot, facing +x: (ahead, left).
    offsets: tuple[tuple[float, float], ...] = field(init=False, default=())
    #: The outer ends of the four borderlines, facing +x: (ahead, left) of front-left,
    #: rear-left, rear-right and front-right.
    borders: tuple[tuple[float, float], ...] = field(init=False, default=())
    #: The bearing (radians from the facing) of the front-left and rear-left borderlines;
    #: the right ones mirror them.
    front_border: float = field(init=False, default=0.0)
    rear_border: float = field(init=False, default=0.0)

    def __post_init__(self) -> None:
        r = self.half_length * CHARIOT_DISC
        ahead, side = self.half_length * CHARIOT_AHEAD, self.half_length * CHARIOT_SIDE
        offsets = ((ahead, 0.0), (0.0, side), (0.0, -side), (-ahead, 0.0))
        fl = _outer_meeting(offsets[FRONT], offsets[LEFT], r)
        rl = _outer_meeting(offsets[REAR], offsets[LEFT], r)
        object.__setattr__(self, "round", False)
        object.__setattr__(self, "radius", r)
        object.__setattr__(self, "width", 2.0 * (side + r))
        object.__setattr__(self, "offsets", offsets)
        object.__setattr__(self, "borders", (fl, rl, (rl[0], -rl[1]), (fl[0], -fl[1])))
        object.__setattr__(self, "front_border", math.atan2(fl[1], fl[0]))
        object.__setattr__(self, "rear_border", math.atan2(rl[1], rl[0]))

    @property
    def disc_radius(self) -> float:
        return self.radius

    def discs_at(self, x: float, y: float, facing: float) -> tuple[Disc, ...]:
        c, s, r = math.cos(facing), math.sin(facing), self.radius
        return tuple((x + a * c - b * s, y + a * s + b * c, r) for a, b in self.offsets)

    def tracks(self, a: Point, b: Point) -> tuple[tuple[Point, Point], ...]:
        # Chariot rules, Movement: it moves straight ahead, so its discs run along the
        # stretch at the stretch's heading.
        if g.distance(a, b) <= 0.0:
            return ()
        heading = g.bearing(a, b)
        return tuple(((p[0], p[1]), (q[0], q[1])) for p, q in zip(
            self.discs_at(a[0], a[1], heading), self.discs_at(b[0], b[1], heading),
            strict=True))

    def section_toward(self, relative: float) -> int:
        """The section whose wedge holds the bearing ``relative`` (radians from the
        facing, seen from the centre dot); a bearing exactly on a borderline goes to the
        front or rear section."""
        a = abs(g.normalize_angle(relative))
        if a <= self.front_border:
            return FRONT
        if a >= self.rear_border:
            return REAR
        return LEFT if g.normalize_angle(relative) > 0.0 else RIGHT

    def border_points(self, x: float, y: float, facing: float
                      ) -> tuple[tuple[Point, tuple[int, int]], ...]:
        """Where each borderline meets the outside of the base, with the two sections it
        divides."""
        c, s = math.cos(facing), math.sin(facing)
        pairs = ((FRONT, LEFT), (LEFT, REAR), (REAR, RIGHT), (RIGHT, FRONT))
        return tuple(((x + a * c - b * s, y + a * s + b * c), pair)
                     for (a, b), pair in zip(self.borders, pairs, strict=True))


@dataclass(frozen=True, slots=True, eq=False)
class FootprintBase(Base):
    """A castle section's "base" (Castle rules, General Rules: castle sections "are never
    considered to be in base contact with any figure, friendly or opposing" and "can never
    move or be moved"): no discs at all, so it touches nothing, overlaps nothing, blocks no
    line of fire and is in no one's contacts. The section's footprint is terrain instead
    (an abrupt elevated feature, engine/castle.py); its centre dot is the section's centre
    point (Castle rules, Attacks)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "round", False)
        object.__setattr__(self, "width", 0.0)

    @property
    def disc_radius(self) -> float:
        return 0.0

    def discs_at(self, x: float, y: float, facing: float) -> tuple[Disc, ...]:
        return ()

    def tracks(self, a: Point, b: Point) -> tuple[tuple[Point, Point], ...]:
        return ()


def _fitted(mover: Base, target: tuple[Disc, ...], at: Point, unit: Point, s: float,
            facing: float, gap: float) -> Point:
    """contact_spot's Newton steps for any shape: the centre along ``unit`` from ``at``
    where ``mover`` at ``facing`` stands ``gap`` from ``target``."""
    end = (at[0] + s * unit[0], at[1] + s * unit[1])
    for _ in range(12):
        d = g.discs_gap(mover.discs_at(end[0], end[1], facing), target)
        if abs(d - gap) < 1e-7:
            break
        s -= d - gap
        end = (at[0] + s * unit[0], at[1] + s * unit[1])
    return end


def _outer_meeting(p: tuple[float, float], q: tuple[float, float], r: float
                   ) -> tuple[float, float]:
    """Where two equal circles of radius ``r`` centred at ``p`` and ``q`` meet, the
    meeting farther from the origin (the centre dot)."""
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    dx, dy = q[0] - p[0], q[1] - p[1]
    d = math.hypot(dx, dy)
    h = math.sqrt(max(0.0, r * r - (d / 2) ** 2))
    ux, uy = -dy / d, dx / d
    a, b = (mx + h * ux, my + h * uy), (mx - h * ux, my - h * uy)
    return a if math.hypot(*a) >= math.hypot(*b) else b


#: The catalogue's base name a chariot stands on.
CHARIOT = "chariot"
#: The base name a castle section's card stands on (FootprintBase).
CASTLE = "castle"


def base_for(name: str, half_length: float) -> Base:
    """The shape of a catalogue base (``infantry``, ``cavalry``, ``chariot``) of that half
    length: the same object for the same kind and size."""
    kind: type[Base] = ChariotBase if name == CHARIOT else (
        FootprintBase if name == CASTLE else (
            DoubleBase if name in DOUBLE_BASES else RoundBase))
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
    if isinstance(mover, ChariotBase):
        return _fitted(mover, target, (ox, oy), (ux, uy), s, facing, gap), facing
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
