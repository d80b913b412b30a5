"""The battlefield drawn in character cells: terrain by kind, every figure with its facing,
front arc, letter, side colour and marks, and what the player is doing on it.

A cell is half as wide as it is tall, so a column spans ``scale`` inches and a row twice
that: the whole 36" table fits 72 columns by 36 rows (a 120 x 40 terminal) and more at
larger sizes. Only the 16 ANSI colours are used, and every mark is a character too, so
the map reads in a 16-colour terminal and without colour at all.

Pure drawing: a :class:`Board` and an :class:`Overlay` in, rows of (text, style) out.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rich.segment import Segment
from rich.style import Style

from armybuilder.play.board import Board, Patch, Piece, Point
from armybuilder.tui.piece_views import piece_view

#: Each seat's colour (ANSI names), as cell background under its figures.
SIDE_COLOURS = ("blue", "red", "green", "magenta")
#: Terrain as each kind is drawn, in the order they are laid down (later ones on top).
TERRAIN_LOOK: dict[str, tuple[str, str]] = {
    "elevated": ("▒", "yellow"),
    "shallow_water": ("~", "cyan"),
    "deep_water": ("≈", "blue"),
    "hindering": ("░", "green"),
    "low_wall": ("#", "white"),
    "blocking": ("▓", "bright_black"),
}
TERRAIN_WORDS = {"hindering": "hindering", "blocking": "blocking", "elevated": "elevated",
                 "shallow_water": "shallow water", "deep_water": "deep water",
                 "low_wall": "low wall"}
#: Arrows by direction, counter-clockwise from east (north is up).
ARROWS = "→↗↑↖←↙↓↘"
ARC_MARK = "·"
MOVE_MARK = "◦"
RANGE_MARK = "·"
PATH_MARK = "•"
WAYPOINT_MARK = "*"
GHOST_MARK = "▒"
GRID_MARK = "·"
GRID_EVERY = 6.0  # inches between the faint grid dots
#: Marks beside a figure's letter, most important first.
CAPTIVE_MARK = "×"
DEMORALIZED_MARK = "!"
TOKEN_MARKS = {1: "1", 2: "2"}
#: A chariot's passenger: this, then his letter, beside the chariot's (Chariot rules,
#: Passengers).
PASSENGER_MARK = "+"
#: The cells of a chariot's inactive section (Chariot rules, Combat Dials: three skulls).
INACTIVE_MARK = "†"
#: A castle section's footprint, standing (Castle rules, Sections: abrupt elevated
#: terrain), and the rubble an eliminated one leaves (Castle rules, Eliminating Castle
#: Sections: hindering rubble of the same size and shape).
CASTLE_MARK = "█"
RUBBLE_MARK = "%"
#: A section's portals (Castle rules, Portals): no movement or line of fire through a
#: closed one.
CLOSED_PORTAL = "■"
OPEN_PORTAL = "□"
#: Beside the letter of a warrior on top of a castle section (Castle rules, Elevation
#: Levels).
ON_CASTLE_MARK = "^"
#: A ladder standing against a wall section, along the edge it leans on, in its player's
#: colour (Castle rules, Planking and Ladders: an access point).
LADDER_MARK = "≡"
#: World Conquest, Upgrading Defenses: the banner (a quarter), in its holder's colour; a
#: structure's walls are drawn as a castle's, its entrances as open portals, and beside
#: the letter of a warrior on guard in it this mark.
BANNER_MARK = "¶"
ON_GUARD_MARK = "⌂"

GROUND = Style()
OFF_TABLE = Style(bgcolor="black")
#: The cells along the table's edge (Rulebook II: a base may not cross it): shaded, their
#: marks kept, so the edge shows at every size, also where the view ends with it.
EDGE = Style(bgcolor="bright_black")
GRID = Style(color="bright_black")
MOVE_STYLE = Style(color="bright_cyan", bold=True)
RANGE_STYLE = Style(color="yellow", bold=True)
SELECTED = Style(color="black", bgcolor="bright_white", bold=True)
TARGET = Style(color="black", bgcolor="yellow", bold=True)
GHOST_OK = Style(color="bright_green", bold=True)
GHOST_BAD = Style(color="bright_red", bold=True)
PATH_STYLE = Style(color="bright_white", bold=True)
TRAIL_STYLE = Style(color="bright_magenta", bold=True)
HIT_STYLE = Style(color="bright_red", bold=True)
AREA_STYLE = Style(color="bright_cyan")
DICE_STYLE = Style(color="black", bgcolor="bright_white", bold=True)
#: The widest a line of the dice box gets (a roll's words are cut to fit).
DICE_WIDTH = 20
INACTIVE_STYLE = Style(color="bright_white", bgcolor="bright_black", bold=True)
#: A chariot's sections given the action being chosen (Chariot rules, Actions).
LIT_STYLE = Style(color="black", bgcolor="bright_cyan", bold=True)
CASTLE_STYLE = Style(color="white")
RUBBLE_STYLE = Style(color="bright_black", bold=True)
PORTAL_STYLE = Style(color="bright_yellow", bgcolor="black", bold=True)


def ladder_style(seat: int) -> Style:
    """A ladder (or a banner) in its player's colour; nobody's in white."""
    colour = SIDE_COLOURS[seat % len(SIDE_COLOURS)] if seat >= 0 else "white"
    return Style(color=f"bright_{colour}", bgcolor="black", bold=True)


@dataclass(frozen=True, slots=True)
class Ghost:
    """A base being steered: where it would end, the path to it, and whether the engine
    allows it (None: not checked yet)."""

    piece: Piece
    at: Point
    facing: float
    path: tuple[Point, ...] = ()  # the waypoints before ``at``, from the start
    legal: bool | None = None


@dataclass(frozen=True, slots=True)
class Overlay:
    selected: int | None = None
    allowance: float | None = None  # the selected warrior's movement allowance
    reach: bool = False  # the selected warrior's range and front arc
    targets: frozenset[int] = frozenset()  # figures it may attack now
    ghosts: tuple[Ghost, ...] = ()
    ghost_patches: tuple[Patch, ...] = ()  # a terrain item being placed
    ghost_patches_legal: bool | None = None
    area: tuple[float, float, float, float] | None = None  # a starting area to show
    moves: tuple[tuple[int, Point, Point], ...] = ()  # the last action's moves
    strikes: tuple[tuple[int, int, bool], ...] = ()  # the last action's attacks
    #: Every roll of the last action, in order, each with its purpose ("attack C 3+4"),
    #: shown one a line in the map's north-west corner.
    dice: tuple[str, ...] = ()
    #: Chariots' sections to light up, (warrior, section name): those given the action
    #: being chosen, or offered in a choice of section.
    lit: tuple[tuple[int, str], ...] = ()


@dataclass(slots=True)
class View:
    """Which part of the table the map shows, and how big."""

    table: float
    cols: int
    rows: int
    zoom: float = 1.0
    cx: float = field(default=-1.0)
    cy: float = field(default=-1.0)

    def __post_init__(self) -> None:
        if self.cx < 0:
            self.cx = self.cy = self.table / 2

    @property
    def fit(self) -> float:
        """Inches per column that fit the whole table."""
        return max(self.table / max(1, self.cols), self.table / max(1, 2 * self.rows))

    @property
    def scale(self) -> float:
        """Inches per column now; a row is twice as tall."""
        return self.fit / self.zoom

    def point(self, col: float, row: float) -> Point:
        """The table point at the centre of a cell (fractions allowed)."""
        s = self.scale
        return (self.cx + (col + 0.5 - self.cols / 2) * s,
                self.cy - (row + 0.5 - self.rows / 2) * 2 * s)

    def cell(self, x: float, y: float) -> tuple[int, int]:
        s = self.scale
        col = math.floor((x - self.cx) / s + self.cols / 2)
        row = math.floor((self.cy - y) / (2 * s) + self.rows / 2)
        return col, row

    def clamp(self) -> None:
        """Keep the centre where the table fills as much of the view as it can."""
        half_w, half_h = self.cols * self.scale / 2, self.rows * self.scale
        for attr, half in (("cx", half_w), ("cy", half_h)):
            lo, hi = half, self.table - half
            value = getattr(self, attr)
            setattr(self, attr, self.table / 2 if lo > hi else min(hi, max(lo, value)))

    def zoom_by(self, factor: float) -> None:
        self.zoom = min(8.0, max(1.0, self.zoom * factor))
        self.clamp()

    def pan(self, dx: int, dy: int) -> None:
        """Pan by a quarter of the view."""
        self.cx += dx * self.cols * self.scale / 4
        self.cy += dy * self.rows * self.scale / 2
        self.clamp()


def _inside(p: Point, polygon: Sequence[Point]) -> bool:
    x, y = p
    inside = False
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


class Canvas:
    """Rows of characters and styles, written layer by layer."""

    def __init__(self, cols: int, rows: int) -> None:
        self.cols, self.rows = cols, rows
        self.chars = [[" "] * cols for _ in range(rows)]
        self.styles = [[GROUND] * cols for _ in range(rows)]

    def put(self, col: int, row: int, char: str | None, style: Style | None = None) -> None:
        if 0 <= col < self.cols and 0 <= row < self.rows:
            if char is not None:
                self.chars[row][col] = char
            if style is not None:
                self.styles[row][col] = style

    def text(self, row: int) -> str:
        return "".join(self.chars[row])

    def segments(self, row: int) -> list[Segment]:
        out: list[Segment] = []
        chars, styles = self.chars[row], self.styles[row]
        start = 0
        for i in range(1, self.cols + 1):
            if i == self.cols or styles[i] != styles[start]:
                out.append(Segment("".join(chars[start:i]), styles[start]))
                start = i
        return out


def _edge(canvas: Canvas, view: View, table: float) -> None:
    """Shade each cell on the table whose neighbour across a side lies off it."""
    def on(col: int, row: int) -> bool:
        x, y = view.point(col, row)
        return 0.0 <= x <= table and 0.0 <= y <= table

    for row in range(view.rows):
        for col in range(view.cols):
            if on(col, row) and not (on(col - 1, row) and on(col + 1, row)
                                     and on(col, row - 1) and on(col, row + 1)):
                style = canvas.styles[row][col]
                canvas.put(col, row, None, (style or Style()) + EDGE)


def terrain_layer(board: Board, view: View) -> Canvas:
    """The table and its terrain: the part that changes only when the view does."""
    canvas = Canvas(view.cols, view.rows)
    table = board.table
    patches = sorted(board.patches, key=lambda p: list(TERRAIN_LOOK).index(p.kind)
                     if p.kind in TERRAIN_LOOK else 0)
    boxes = [(min(x for x, _ in p.polygon), min(y for _, y in p.polygon),
              max(x for x, _ in p.polygon), max(y for _, y in p.polygon)) for p in patches]
    filled: set[int] = set()
    for row in range(view.rows):
        for col in range(view.cols):
            x, y = view.point(col, row)
            if not (0.0 <= x <= table and 0.0 <= y <= table):
                canvas.put(col, row, " ", OFF_TABLE)
                continue
            for i, (patch, (x0, y0, x1, y1)) in enumerate(zip(patches, boxes, strict=True)):
                if x0 <= x <= x1 and y0 <= y <= y1 and _inside((x, y), patch.polygon):
                    char, colour = TERRAIN_LOOK.get(patch.kind, ("?", "white"))
                    canvas.put(col, row, char, Style(color=colour))
                    filled.add(i)
    for i, patch in enumerate(patches):
        if i in filled:
            continue
        # A feature thinner than a cell (a low wall) covers no cell's centre: its outline
        # is drawn instead, so it never vanishes at a coarse scale.
        char, colour = TERRAIN_LOOK.get(patch.kind, ("?", "white"))
        corners = patch.polygon
        for a, b in zip(corners, (*corners[1:], corners[0]), strict=True):
            for col, row in _line(view, a, b):
                canvas.put(col, row, char, Style(color=colour))
    _edge(canvas, view, table)
    draw_castle(canvas, view, board)
    # A faint dot every few inches, on open ground, to judge distances by.
    steps = int(table // GRID_EVERY)
    for i in range(1, steps + (table % GRID_EVERY > 0)):
        for j in range(1, steps + (table % GRID_EVERY > 0)):
            col, row = view.cell(i * GRID_EVERY, j * GRID_EVERY)
            if 0 <= col < view.cols and 0 <= row < view.rows and canvas.chars[row][col] == " ":
                canvas.put(col, row, GRID_MARK, GRID)
    return canvas


def _fill(canvas: Canvas, view: View, polygon: Sequence[Point], char: str, style: Style
          ) -> None:
    """A polygon's cells and its outline (so a thin wall never vanishes at a coarse
    scale)."""
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    c0, r0 = view.cell(min(xs), max(ys))
    c1, r1 = view.cell(max(xs), min(ys))
    for row in range(max(r0, 0), min(r1, view.rows - 1) + 1):
        for col in range(max(c0, 0), min(c1, view.cols - 1) + 1):
            if _inside(view.point(col, row), polygon):
                canvas.put(col, row, char, style)
    for a, b in zip(polygon, (*polygon[1:], polygon[0]), strict=True):
        for col, row in _line(view, a, b):
            canvas.put(col, row, char, style)


def draw_castle(canvas: Canvas, view: View, board: Board) -> None:
    """Each castle section's footprint and planking, rubble where one fell, its portals
    open or closed and the ladders against it (Castle rules, Sections, Portals, Planking
    and Ladders, Eliminating Castle Sections); each World Conquest fortification's walls
    and entrances, or its banner (Upgrading Defenses)."""
    for section in board.castle:
        if section.work:
            if section.banner:
                seat = board.pieces[section.warrior].seat \
                    if section.warrior < len(board.pieces) else -1
                _fill(canvas, view, section.footprint, BANNER_MARK, ladder_style(seat))
            else:
                for a, b in section.walls:
                    for col, row in _line(view, a, b):
                        canvas.put(col, row, CASTLE_MARK, CASTLE_STYLE)
            continue
        mark, style = (RUBBLE_MARK, RUBBLE_STYLE) if section.rubble else (CASTLE_MARK,
                                                                            CASTLE_STYLE)
        for part in section.parts or (section.footprint,):
            _fill(canvas, view, part, mark, style)
    for section in board.castle:
        if section.rubble:
            continue
        for portal in section.portals:
            mark = OPEN_PORTAL if portal.open else CLOSED_PORTAL
            for col, row in _line(view, portal.a, portal.b):
                canvas.put(col, row, mark, PORTAL_STYLE)
        for ladder in section.ladders:
            for col, row in _line(view, ladder.a, ladder.b):
                canvas.put(col, row, LADDER_MARK, ladder_style(ladder.seat))


def _ring(view: View, centre: Point, radius: float) -> list[tuple[int, int]]:
    """The cells just inside a circle: inside, with a neighbour outside."""
    s = view.scale
    c0, r0 = view.cell(centre[0] - radius - s, centre[1] + radius + 2 * s)
    c1, r1 = view.cell(centre[0] + radius + s, centre[1] - radius - 2 * s)
    c0, r0 = max(c0, 0), max(r0, 0)
    c1, r1 = min(c1, view.cols - 1), min(r1, view.rows - 1)

    def within(col: int, row: int) -> bool:
        x, y = view.point(col, row)
        return math.hypot(x - centre[0], y - centre[1]) <= radius

    out = []
    for row in range(r0, r1 + 1):
        for col in range(c0, c1 + 1):
            if within(col, row) and not all(within(col + dc, row + dr) for dc, dr in
                                             ((1, 0), (-1, 0), (0, 1), (0, -1))):
                out.append((col, row))
    return out


def _line(view: View, a: Point, b: Point) -> list[tuple[int, int]]:
    """The cells a straight line crosses, from a to b."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    steps = max(1, int(length / (view.scale / 2)))
    seen: list[tuple[int, int]] = []
    for k in range(steps + 1):
        t = k / steps
        cell = view.cell(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        if not seen or seen[-1] != cell:
            seen.append(cell)
    return seen


def _line_char(a: Point, b: Point) -> str:
    angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 180
    if angle < 22.5 or angle >= 157.5:
        return "─"
    if angle < 67.5:
        return "╱"
    if angle < 112.5:
        return "│"
    return "╲"


def _arrow(angle: float) -> str:
    return ARROWS[round(angle / (math.pi / 4)) % 8]


def _angle_diff(a: float, b: float) -> float:
    return abs((a - b + math.pi) % (2 * math.pi) - math.pi)


def _base_cells(view: View, discs: Iterable[tuple[float, float, float]], centre: Point
                ) -> list[tuple[int, int]]:
    """The cells a base covers (at least the one under its centre dot)."""
    cells: list[tuple[int, int]] = []
    for x, y, r in discs:
        c0, r0 = view.cell(x - r, y + r)
        c1, r1 = view.cell(x + r, y - r)
        for row in range(r0, r1 + 1):
            for col in range(c0, c1 + 1):
                px, py = view.point(col, row)
                if math.hypot(px - x, py - y) <= r + 1e-9 and (col, row) not in cells:
                    cells.append((col, row))
    home = view.cell(*centre)
    if home not in cells:
        cells.insert(0, home)
    else:
        cells.remove(home)
        cells.insert(0, home)
    return cells


def _rim(view: View, piece: Piece, at: Point, facing: float, base: list[tuple[int, int]]
         ) -> list[tuple[int, int, float]]:
    """Cells around a base, each with its bearing from the centre dot."""
    s = view.scale
    out = []
    taken = set(base)
    reach = piece.radius + 1.2 * s
    c0, r0 = view.cell(at[0] - reach - s, at[1] + reach + 2 * s)
    c1, r1 = view.cell(at[0] + reach + s, at[1] - reach - 2 * s)
    for row in range(r0, r1 + 1):
        for col in range(c0, c1 + 1):
            if (col, row) in taken:
                continue
            if any(abs(col - bc) <= 1 and abs(row - br) <= 1 for bc, br in base):
                px, py = view.point(col, row)
                out.append((col, row, math.atan2(py - at[1], px - at[0])))
    return out


def _marks(piece: Piece, board: Board | None = None) -> str:
    out = ""
    if piece.on_castle is not None:
        out += ON_CASTLE_MARK
    if piece.on_guard is not None:
        out += ON_GUARD_MARK  # World Conquest, Upgrading Defenses: on guard in a structure
    if piece.passenger is not None and board is not None:
        out += PASSENGER_MARK + board.pieces[piece.passenger].letter
    if piece.captive_of is not None:
        out += CAPTIVE_MARK
    if piece.demoralized or (board is not None and any(
            c.warrior == piece.id and c.breached for c in board.castle)):
        out += DEMORALIZED_MARK  # Castle rules, Portals: Demoralized showing is breached
    if piece.tokens:
        out += TOKEN_MARKS.get(piece.tokens, str(piece.tokens))
    return out


def _section_cells(view: View, piece: Piece, at: Point, facing: float
                   ) -> list[set[tuple[int, int]]]:
    """The cells of each of a chariot's section discs (front, left, right, rear), here or
    as the ghost stands."""
    here = at == (piece.x, piece.y) and facing == piece.facing
    discs = piece.discs() if here else piece.discs(at, facing)
    return [set(_base_cells(view, (disc,), (disc[0], disc[1]))) for disc in discs]


def draw_rim(canvas: Canvas, view: View, piece: Piece, at: Point | None = None,
             facing: float | None = None, style: Style | None = None) -> None:
    """A figure's facing (an arrow on the rim cell its front points at) and the rest of
    its front arc (dots around the base)."""
    if not piece_view(piece).turns:
        return  # Castle rules, General Rules: a 360-degree front arc, and it never turns
    at = at if at is not None else (piece.x, piece.y)
    facing = piece.facing if facing is None else facing
    colour = SIDE_COLOURS[piece.seat % len(SIDE_COLOURS)]
    base = _base_cells(view, piece.discs(at, facing), at)
    rim = _rim(view, piece, at, facing, base)
    if not rim:
        return
    half_arc = math.radians(piece.arc) / 2
    ahead = min(rim, key=lambda c: _angle_diff(c[2], facing))
    look = style or Style(color=f"bright_{colour}", bold=True)
    for col, row, bearing in rim:
        if (col, row) == ahead[:2]:
            canvas.put(col, row, _arrow(facing), look)
        elif piece.arc < 360 and _angle_diff(bearing, facing) <= half_arc + 1e-9:
            canvas.put(col, row, ARC_MARK, look)


def draw_piece(canvas: Canvas, view: View, piece: Piece, style: Style | None = None,
               at: Point | None = None, facing: float | None = None,
               ghost: bool = False, board: Board | None = None,
               lit: frozenset[str] = frozenset()) -> None:
    """A figure's base: its cells in its side colour, its letter and marks (a ghost: the
    letter and shaded cells in the ghost's colour). A chariot's inactive sections are
    shaded and marked, and the sections in ``lit`` lit up."""
    here = at is None and facing is None
    at = at if at is not None else (piece.x, piece.y)
    facing = piece.facing if facing is None else facing
    colour = SIDE_COLOURS[piece.seat % len(SIDE_COLOURS)]
    base = _base_cells(view, piece.discs() if here else piece.discs(at, facing), at)
    sections = _section_cells(view, piece, at, facing) if piece_view(piece).by_sections \
        else []
    if ghost:
        look = style or GHOST_OK
        shown = set().union(*(c for s, c in zip(piece.sections, sections, strict=True)
                              if s.name in lit)) if lit else set()
        for i, (col, row) in enumerate(base):
            canvas.put(col, row, piece.letter if i == 0 else GHOST_MARK,
                       LIT_STYLE if i and (col, row) in shown else look)
        return
    dim = piece.acted or piece.captive_of is not None
    body = Style(color="bright_white" if not dim else "white", bgcolor=colour, bold=not dim)
    home_col, home_row = base[0]
    for col, row in base[1:]:
        canvas.put(col, row, " ", body)
    if sections:
        # Chariot rules, Combat Dials: an inactive section (three skulls) is shaded where
        # no active section's disc covers it; a section given the action is lit.
        live = set().union(*(c for s, c in zip(piece.sections, sections, strict=True)
                             if s.active))
        for section, cells in zip(piece.sections, sections, strict=True):
            for cell in cells - {base[0]}:
                if section.name in lit:
                    canvas.put(*cell, None, LIT_STYLE)
                elif not section.active and cell not in live:
                    canvas.put(*cell, INACTIVE_MARK, INACTIVE_STYLE)
    canvas.put(home_col, home_row, piece.letter, style or body)
    # The marks go right after the letter: on the base's own cells while there are any,
    # then beyond it (a small base at a coarse scale).
    col = home_col
    for char in _marks(piece, board):
        col += 1
        canvas.put(col, home_row, char, body)


def draw(board: Board, overlay: Overlay, view: View, ground: Canvas | None = None) -> Canvas:
    """The whole map: ``ground`` is :func:`terrain_layer` for this view, when kept."""
    canvas = Canvas(view.cols, view.rows)
    base = ground if ground is not None else terrain_layer(board, view)
    for row in range(view.rows):
        canvas.chars[row] = list(base.chars[row])
        canvas.styles[row] = list(base.styles[row])
    if overlay.area is not None:
        x0, y0, x1, y1 = overlay.area
        corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        for i in range(4):
            a, b = corners[i], corners[(i + 1) % 4]
            for col, row in _line(view, a, b):
                canvas.put(col, row, _line_char(a, b), AREA_STYLE)
    for patch in overlay.ghost_patches:
        look = GHOST_BAD if overlay.ghost_patches_legal is False else GHOST_OK
        char = TERRAIN_LOOK.get(patch.kind, ("?", ""))[0]
        pts = patch.polygon
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        c0, r0 = view.cell(min(xs), max(ys))
        c1, r1 = view.cell(max(xs), min(ys))
        for row in range(r0, r1 + 1):
            for col in range(c0, c1 + 1):
                if _inside(view.point(col, row), pts):
                    canvas.put(col, row, char, look)
    selected = board.pieces[overlay.selected] if overlay.selected is not None and \
        overlay.selected < len(board.pieces) else None
    if selected is not None and selected.on_table:
        centre = (selected.x, selected.y)
        if overlay.reach and selected.range > 0:
            for col, row in _ring(view, centre, selected.range):
                x, y = view.point(col, row)
                if _angle_diff(math.atan2(y - centre[1], x - centre[0]), selected.facing) <= \
                        math.radians(selected.arc) / 2 or selected.arc >= 360:
                    canvas.put(col, row, RANGE_MARK, RANGE_STYLE)
            if selected.arc < 360:
                for side in (-1, 1):
                    edge = selected.facing + side * math.radians(selected.arc) / 2
                    end = (centre[0] + selected.range * math.cos(edge),
                           centre[1] + selected.range * math.sin(edge))
                    for col, row in _line(view, centre, end)[2:]:
                        canvas.put(col, row, RANGE_MARK, RANGE_STYLE)
        if overlay.allowance:
            for col, row in _ring(view, centre, overlay.allowance):
                canvas.put(col, row, MOVE_MARK, MOVE_STYLE)
    for _wid, start, end in overlay.moves:
        for col, row in _line(view, start, end)[1:-1]:
            canvas.put(col, row, PATH_MARK, TRAIL_STYLE)
    for attacker, target, hit in overlay.strikes:
        shooter, struck = board.pieces[attacker], board.pieces[target]
        char = _line_char((shooter.x, shooter.y), (struck.x, struck.y))
        for col, row in _line(view, (shooter.x, shooter.y), (struck.x, struck.y))[1:-1]:
            canvas.put(col, row, char, HIT_STYLE if hit else TRAIL_STYLE)
    # Every figure's facing and front arc first, so that no figure's marks hide another
    # figure's base.
    for piece in board.pieces:
        if piece.on_table:
            draw_rim(canvas, view, piece)
    # Castle sections and fortifications first: a warrior on top of one, or on guard in
    # one, is drawn over its letter (fortifications are numbered after every army).
    for piece in sorted(board.pieces, key=lambda p: not piece_view(p).beneath):
        if not piece.on_table:
            continue
        style = None
        if piece.id == overlay.selected or (
                overlay.selected is not None and piece.passenger == overlay.selected):
            style = SELECTED  # a passenger selected: his chariot, which carries him
        elif piece.id in overlay.targets:
            style = TARGET
        lit = frozenset(name for wid, name in overlay.lit if wid == piece.id)
        draw_piece(canvas, view, piece, style, board=board, lit=lit)
    for ghost in overlay.ghosts:
        look = GHOST_BAD if ghost.legal is False else GHOST_OK
        points = (*ghost.path, ghost.at)
        for a, b in itertools.pairwise(points):
            for col, row in _line(view, a, b)[1:-1]:
                canvas.put(col, row, PATH_MARK, PATH_STYLE)
        for p in ghost.path[1:]:
            col, row = view.cell(*p)
            canvas.put(col, row, WAYPOINT_MARK, PATH_STYLE)
        draw_rim(canvas, view, ghost.piece, ghost.at, ghost.facing, look)
        lit = frozenset(name for wid, name in overlay.lit if wid == ghost.piece.id)
        draw_piece(canvas, view, ghost.piece, look, ghost.at, ghost.facing, ghost=True,
                   lit=lit)
    draw_dice(canvas, overlay.dice)
    return canvas


def draw_dice(canvas: Canvas, rolls: Sequence[str]) -> None:
    """The last action's rolls, one a line, in the map's north-west corner: no starting
    area reaches it (Rulebook II, 8" from the adjoining edges), so the dice hide no figure
    there at the whole table's scale. Rolls beyond the map's height are counted on the
    last line."""
    if not rolls:
        return
    lines = [f" {r} "[:DICE_WIDTH] for r in rolls]
    if len(lines) > canvas.rows:
        keep = max(0, canvas.rows - 1)
        lines = [*lines[:keep], f" +{len(rolls) - keep} more "[:DICE_WIDTH]]
    width = max(len(line) for line in lines)
    for row, line in enumerate(lines):
        for col, char in enumerate(line.ljust(width)):
            canvas.put(col, row, char, DICE_STYLE)


def legend(board: Board) -> list[tuple[str, Style]]:
    """The map's key, as (text, style) pieces."""
    out: list[tuple[str, Style]] = []
    for side in board.sides:
        colour = SIDE_COLOURS[side.seat % len(SIDE_COLOURS)]
        letters = "A" if side.seat == 0 else "a" if side.seat == 1 else "1"
        out.append((f" {letters} ", Style(color="bright_white", bgcolor=colour, bold=True)))
        out.append((f" {side.name} ", Style()))
    out.append(("→", Style(bold=True)))
    out.append(("facing ", Style()))
    out.append((ARC_MARK, Style(bold=True)))
    out.append(("arc 1 2 tokens ×captive !Demoralized ", Style()))
    if any(piece_view(p).by_sections for p in board.pieces):
        out.append((f"{PASSENGER_MARK}B", Style(bold=True)))
        out.append(("passenger ", Style()))
        out.append((INACTIVE_MARK, INACTIVE_STYLE))
        out.append(("inactive section ", Style()))
    sections = [s for s in board.castle if not s.work]
    if sections:
        out.append((CASTLE_MARK, CASTLE_STYLE))
        out.append(("castle ", Style()))
        out.append((CLOSED_PORTAL, PORTAL_STYLE))
        out.append(("closed ", Style()))
        out.append((OPEN_PORTAL, PORTAL_STYLE))
        out.append(("open portal ", Style()))
        out.append((ON_CASTLE_MARK, Style(bold=True)))
        out.append(("on top ", Style()))
        if any(s.ladders for s in sections):
            out.append((LADDER_MARK, ladder_style(-1)))
            out.append(("ladder ", Style()))
        if any(s.rubble for s in sections):
            out.append((RUBBLE_MARK, RUBBLE_STYLE))
            out.append(("rubble ", Style()))
    works = [s for s in board.castle if s.work]
    if any(not s.banner for s in works):
        # World Conquest, Upgrading Defenses: a structure's walls and entrances.
        out.append((CASTLE_MARK, CASTLE_STYLE))
        out.append(("fort wall ", Style()))
        out.append((OPEN_PORTAL, PORTAL_STYLE))
        out.append(("entrance ", Style()))
        out.append((ON_GUARD_MARK, Style(bold=True)))
        out.append(("on guard ", Style()))
    if any(s.banner for s in works):
        out.append((BANNER_MARK, ladder_style(-1)))
        out.append(("banner ", Style()))
    out.append((MOVE_MARK, MOVE_STYLE))
    out.append(("move ", Style()))
    out.append((RANGE_MARK, RANGE_STYLE))
    out.append(("range ", Style()))
    kinds = [k for k in TERRAIN_LOOK if any(p.kind == k for p in board.patches)]
    for kind in kinds:
        char, colour = TERRAIN_LOOK[kind]
        out.append((char, Style(color=colour)))
        out.append((f"{TERRAIN_WORDS[kind]} ", Style()))
    out.append((GRID_MARK, GRID))
    out.append((f"{GRID_EVERY:g}\" grid", Style()))
    return out
