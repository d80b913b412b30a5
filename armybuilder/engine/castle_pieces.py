"""The castle pieces' shapes: imports/castle_pieces.csv (Castle rules; RULES_NOTES.md,
Castles, "The pieces").

The castle rules give no measurements, so the pieces are data a player can edit. One row
per part of a piece, in inches, in the piece's own frame: origin at the section's centre
point, +y pointing out of the castle (toward the enemy); placing a section turns the frame
by its rotation and moves the origin to its centre. Columns ``section,part,name,geometry``:

- ``section``: the catalogue's ``castle_section`` value: keep, round tower, gatehouse, wall;
- ``part``: ``footprint`` (the piece's outline, a polygon), ``portal`` (a door, gate or
  portcullis: a segment on the footprint's edge or across the archway; ``name`` names it),
  ``access`` (an access point: a segment of the footprint's edge), ``archway`` (a
  ground-level passage through the piece, a polygon), ``doorway`` and ``doorway_portal``
  (a wall's passage and its door, used only when the wall is placed with a doorway),
  ``height`` (one number, for drawing: Castle rules, Elevation Levels counts every section
  the same height);
- ``geometry``: a polygon's corners or a segment's two ends as ``x y;x y;...``; for
  ``height`` one number.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from armybuilder.engine.geometry import Point, Polygon

COLUMNS: tuple[str, ...] = ("section", "part", "name", "geometry")
PARTS: tuple[str, ...] = ("footprint", "portal", "access", "archway", "doorway",
                          "doorway_portal", "height")
#: The pieces the catalogue's castle_section names (imports/castle_sections.csv).
SECTIONS: tuple[str, ...] = ("keep", "round tower", "gatehouse", "wall")

Segment = tuple[Point, Point]


class PiecesError(ValueError):
    """imports/castle_pieces.csv cannot be read; the message names file, row and field."""


@dataclass(frozen=True, slots=True)
class Piece:
    """One castle piece's parts, in its own frame."""

    name: str
    footprint: Polygon
    #: (name, one end, the other end) of each portal.
    portals: tuple[tuple[str, Point, Point], ...] = ()
    access: tuple[Segment, ...] = ()
    archway: Polygon | None = None
    doorway: Polygon | None = None
    doorway_portal: tuple[str, Point, Point] | None = None
    height: float = 0.0


def default_pieces_path() -> Path:
    """imports/castle_pieces.csv as armybuilder.paths.imports_dir finds it (the engine
    imports no module outside itself and the records): inside a wheel's _data, or beside
    the package in a checkout."""
    package = Path(__file__).resolve().parents[1]
    inside = package / "_data" / "imports"
    return (inside if inside.is_dir() else package.parent / "imports") / "castle_pieces.csv"


def load_pieces(path: Path | str | None = None) -> dict[str, Piece]:
    """The pieces by the catalogue's castle_section value ("round tower")."""
    if path is None:
        return dict(_default())
    return _read(Path(path))


@lru_cache(maxsize=1)
def _default() -> dict[str, Piece]:
    return _read(default_pieces_path())


def _points(text: str, where: str) -> tuple[Point, ...]:
    out = []
    for k, pair in enumerate(t for t in text.split(";") if t.strip()):
        bits = pair.split()
        if len(bits) != 2:
            raise PiecesError(f"{where}: point {k + 1} {pair.strip()!r} is not \"x y\"")
        try:
            out.append((float(bits[0]), float(bits[1])))
        except ValueError:
            raise PiecesError(f"{where}: point {k + 1} {pair.strip()!r} is not two "
                              "numbers") from None
    return tuple(out)


def _read(path: Path) -> dict[str, Piece]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise PiecesError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    rows = list(csv.reader(text.splitlines()))
    if not rows or tuple(c.strip() for c in rows[0]) != COLUMNS:
        raise PiecesError(f"{path}, row 1: the header must be {','.join(COLUMNS)}")
    parts: dict[str, _Parts] = {}
    for n, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        if len(row) != len(COLUMNS):
            raise PiecesError(f"{path}, row {n}: {len(COLUMNS)} fields expected, got {len(row)}")
        section, part, name, geometry = (c.strip() for c in row)
        section = section.lower()
        if section not in SECTIONS:
            raise PiecesError(f"{path}, row {n}, field section: {section!r} is not one of "
                              f"{', '.join(SECTIONS)}")
        if part not in PARTS:
            raise PiecesError(f"{path}, row {n}, field part: {part!r} is not one of "
                              f"{', '.join(PARTS)}")
        where = f"{path}, row {n}, field geometry"
        got = parts.setdefault(section, _Parts())
        if part == "height":
            try:
                got.height = float(geometry)
            except ValueError:
                raise PiecesError(f"{where}: a height is one number, got {geometry!r}") from None
            continue
        pts = _points(geometry, where)
        if part in ("footprint", "archway", "doorway"):
            if len(pts) < 3:
                raise PiecesError(f"{where}: a {part} is a polygon of three or more corners")
            if part in got.polygons:
                raise PiecesError(f"{path}, row {n}, field part: a second {part} for {section}")
            got.polygons[part] = pts
            continue
        if len(pts) != 2:
            raise PiecesError(f"{where}: a {part} is a segment of two points")
        if part == "access":
            got.access.append((pts[0], pts[1]))
        elif part == "portal":
            if not name:
                raise PiecesError(f"{path}, row {n}, field name: a portal is named")
            got.portals.append((name, pts[0], pts[1]))
        else:
            got.doorway_portal = (name or "door", pts[0], pts[1])
    out: dict[str, Piece] = {}
    for section in SECTIONS:
        found = parts.get(section)
        if found is None or "footprint" not in found.polygons:
            raise PiecesError(f"{path}: no footprint row for the {section}")
        if ("doorway" in found.polygons) != (found.doorway_portal is not None):
            raise PiecesError(f"{path}: the {section}'s doorway and doorway_portal come "
                              "together")
        out[section] = Piece(
            name=section, footprint=found.polygons["footprint"], portals=tuple(found.portals),
            access=tuple(found.access), archway=found.polygons.get("archway"),
            doorway=found.polygons.get("doorway"), doorway_portal=found.doorway_portal,
            height=found.height)
    return out


class _Parts:
    """A piece's rows as they are read."""

    def __init__(self) -> None:
        self.polygons: dict[str, Polygon] = {}
        self.portals: list[tuple[str, Point, Point]] = []
        self.access: list[Segment] = []
        self.doorway_portal: tuple[str, Point, Point] | None = None
        self.height = 0.0
