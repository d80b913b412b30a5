"""The table as a replay follows it, event by event, and its small map: where every
figure stands, the click it shows, a chariot's facing and dials (Chariot rules), the
castle's sections, portals, ladders and rubble (Castle rules) and World Conquest's
fortifications."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from armybuilder.engine import SECTIONS, Game, KindTable, Work
from armybuilder.engine import geometry as g
from armybuilder.text import shown

if TYPE_CHECKING:
    from armybuilder.sim.narration import Narration

MAP_WIDTH = 36  # characters across the table
MAP_HEIGHT = 18  # lines down it: a character is about twice as tall as it is wide
#: Terrain as the map shades it, in the order a cell shows when features overlap.
TERRAIN_MARKS: dict[str, str] = {
    "blocking": "#", "deep_water": "=", "low_wall": "+", "hindering": ":",
    "shallow_water": "~", "elevated": "^",
}
TERRAIN_WORDS: dict[str, str] = {
    "blocking": "blocking", "deep_water": "deep water", "low_wall": "low wall",
    "hindering": "hindering", "shallow_water": "shallow water", "elevated": "elevated",
}
#: The castle on the map (Castle rules): a standing section's footprint, the rubble an
#: eliminated one leaves, its portals closed or open.
CASTLE_MARK = "█"
RUBBLE_MARK = "%"
CLOSED_PORTAL = "■"
OPEN_PORTAL = "□"
#: A ladder against a wall section (Castle rules, Planking and Ladders), on the edge it
#: leans on.
LADDER_MARK = "≡"
#: World Conquest, Upgrading Defenses: the banner (a quarter); a structure's walls are
#: drawn as a castle's (CASTLE_MARK), its entrances as open portals (OPEN_PORTAL).
BANNER_MARK = "¶"
#: Figure letters by seat: player 0 capitals, player 1 small letters, then digits, symbols.
MARK_POOLS = ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz", "123456789",
              "&$@?%!<>")


#: A facing told as a compass point (facings are counter-clockwise from east).
COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south",
           "south-east")
#: The arrow drawn on the map in front of a chariot, by compass point.
ARROWS = (">", "/", "^", "\\", "<", "/", "v", "\\")
#: How far ahead of a chariot's centre dot its arrow is drawn (inches).
ARROW_REACH = 1.6


def compass(facing: float) -> str:
    return COMPASS[round(math.degrees(facing) / 45.0) % 8]


def xy(p: Any) -> str:
    """A point as the narration tells it: "(12.0, 3.5)"."""
    return f"({p[0]:.1f}, {p[1]:.1f})"


class Table:
    """Where every figure stands and which click it shows, followed event by event."""

    def __init__(self, game: Game) -> None:
        self.size = game.table
        self.features = list(game.terrain.features)
        self.names = [shown(p.name) for p in game.players]
        self.owner = [w.owner for w in game.warriors]
        self.cards = [w.card for w in game.warriors]
        self.pos: list[tuple[float, float] | None] = [
            (w.x, w.y) if w.on_table else None for w in game.warriors]
        self.click = [w.click for w in game.warriors]
        self.out = [False] * len(game.warriors)  # eliminated (and not returned)
        self.captive = [w.is_captive for w in game.warriors]
        self.marks = self._marks()
        # Chariots: each one's facing, section clicks and passenger (Chariot rules).
        self.facing = [w.facing for w in game.warriors]
        self.sections: list[list[int] | None] = [None] * len(game.warriors)
        self.riding = [w.riding for w in game.warriors]
        # Castle sections (Castle rules): each one's parts (its tops and planking, later
        # its rubble), portals [name, a, b, open], breach and rubble, by warrior.
        self.castle: dict[int, dict[str, Any]] = {}
        # Castle rules, Planking and Ladders: the ladders standing, [wall, a, b, owner],
        # as set up (a scenario's place none in the log) and then placed and removed.
        self.ladders: list[list[Any]] = []
        # World Conquest, Upgrading Defenses: each fortification's kind, footprint, walls
        # and entrances (they never move once standing), and who stands on guard in which.
        self.works: dict[int, dict[str, Any]] = {}
        #: What the map keeps of each figure's kind (sections, castle parts, a
        #: fortification), and how it tells of it.
        self.records = [record_of(w) for w in game.warriors]
        for w in game.warriors:
            self.records[w.id].start(self, game, w)
        self.guard: dict[int, int] = {}

    def stand_work(self, wid: int, work: Work) -> None:
        """Fortification ``wid`` standing as ``work`` says: its footprint, walls and
        entrances on the map."""
        self.works[wid].update(
            footprint=[(p[0], p[1]) for p in work.footprint],
            walls=[((a[0], a[1]), (b[0], b[1])) for a, b in work.walls],
            openings=[((a[0], a[1]), (b[0], b[1])) for a, b in work.openings])
        self.pos[wid] = (work.centre[0], work.centre[1])
        self.facing[wid] = work.rotation

    def add_ladder(self, wall: int, a: Any, b: Any, owner: int) -> None:
        """A ladder against ``wall`` (told once: a setup's ladder is in the start state
        and in its event both)."""
        seg = ((float(a[0]), float(a[1])), (float(b[0]), float(b[1])))
        if self.ladder_at(seg) is None:
            self.ladders.append([wall, seg[0], seg[1], owner])

    def ladder_at(self, seg: Any) -> int | None:
        """The standing ladder on the segment ``seg`` (its index), or None."""
        mid = ((seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2)
        for k, (_wall, a, b, _owner) in enumerate(self.ladders):
            if math.hypot((a[0] + b[0]) / 2 - mid[0], (a[1] + b[1]) / 2 - mid[1]) < 0.25:
                return k
        return None

    def keep_of(self, player: int) -> int | None:
        """The player's keep still standing (Castle rules, Actions, Mage Knight), or
        None."""
        return next((wid for wid in self.standing() if self.owner[wid] == player
                     and self.castle[wid]["piece"] == "keep"), None)

    def castle_from(self, state: Game) -> None:
        """The castle as it stands at the start, its parts read from ``state`` (the game at
        its end: a fallen section's rubble lies where its parts stood)."""
        self.castle = {}
        for w in state.warriors:
            record_of(w).castle_from(self, state, w)

    def _marks(self) -> list[str]:
        used = [0] * len(self.names)
        marks = []
        for owner in self.owner:
            pool = MARK_POOLS[owner] if owner < len(MARK_POOLS) else ""
            marks.append(pool[used[owner]] if used[owner] < len(pool) else "*")
            used[owner] += 1
        return marks

    def label(self, wid: int) -> str:
        return f"{self.marks[wid]} {shown(self.cards[wid].name)}"

    def status(self, wid: int) -> str:
        record = self.records[wid]
        # A castle section, a fortification: told as its kind tells it.
        own = record.status(self, wid)
        if own is not None:
            return own
        if self.out[wid]:
            return "eliminated"
        if self.riding[wid] >= 0:
            return (f"riding in {self.marks[self.riding[wid]]}, click "
                    f"{self.click[wid] + 1}/{len(self.cards[wid].clicks)}")
        if self.pos[wid] is None:
            return "off the table"
        dial = record.dial_status(self, wid)  # a chariot's sections
        if dial is not None:
            return dial
        if self.captive[wid]:
            return f"captive, click {self.click[wid] + 1}/{len(self.cards[wid].clicks)}"
        top = self.standing_on(wid)
        on = f", on top of {self.marks[top]}" if top is not None else ""
        if wid in self.guard:
            on += f", on guard in {self.marks[self.guard[wid]]}"
        return f"click {self.click[wid] + 1}/{len(self.cards[wid].clicks)}{on}"

    def work_status(self, wid: int) -> str:
        """World Conquest, Upgrading Defenses: a banner standing or knocked down; a
        structure's click and entrances, or destroyed."""
        w = self.works[wid]
        if not self.out[wid] and self.pos[wid] is None:
            return f"{w['kind']}, not set up yet"
        if w["banner"]:
            return "banner, knocked down" if self.out[wid] else "banner"
        if self.out[wid]:
            return f"{w['kind']}, destroyed"
        guards = sum(1 for f in self.guard.values() if f == wid)
        on_guard = f", {guards} on guard" if guards else ""
        return (f"{w['kind']}, click {self.click[wid] + 1}/{len(self.cards[wid].clicks)}"
                f"{on_guard}")

    def castle_status(self, wid: int) -> str:
        """A section: its piece, click, breach and portals, or its rubble (Castle rules)."""
        c = self.castle[wid]
        if c["rubble"]:
            return f"{c['piece']}, eliminated: rubble"
        if self.pos[wid] is None:
            return f"{c['piece']}, not placed"
        click = f"click {self.click[wid] + 1}/{len(self.cards[wid].clicks)}"
        breached = ", breached" if c["breached"] else ""
        doors = ", ".join(f"{name} {'open' if is_open else 'closed'}"
                          for name, _a, _b, is_open in c["portals"])
        ladders = sum(1 for ladder in self.ladders if ladder[0] == wid)
        leaning = f"; {ladders} ladder{'s' if ladders != 1 else ''}" if ladders else ""
        return f"{c['piece']}, {click}{breached}" + (f"; {doors}" if doors else "") + leaning

    def standing(self) -> list[int]:
        return [wid for wid, c in self.castle.items()
                if not c["rubble"] and self.pos[wid] is not None]

    def standing_on(self, wid: int) -> int | None:
        """The standing section whose top the warrior is on (Castle rules, Elevation
        Levels), or None."""
        at = self.pos[wid]
        if at is None or not self.castle or wid in self.castle:
            return None
        return next((s for s in self.standing()
                     if any(g.point_in_polygon(at, part) for part in self.castle[s]["parts"])),
                    None)

    def portal_words(self, wid: int, name: str) -> str:
        return f"the {name} of {self.label(wid)}"

    def section_text(self, wid: int, k: int) -> str:
        """One section's dial: its click, or inactive (Chariot rules, Combat Dials)."""
        dial = self.cards[wid].sections[k]
        click = self.sections[wid][k]  # type: ignore[index]
        shown = f"{SECTIONS[k]} {click + 1}/{len(dial)}"
        skulls = dial[click][1]
        return shown + (" inactive" if skulls >= 3 else f" ({skulls} skull"
                        f"{'s' if skulls != 1 else ''})" if skulls else "")

    def chariot_status(self, wid: int) -> str:
        sections = ", ".join(self.section_text(wid, k) for k in range(len(SECTIONS)))
        riders = [r for r, c in enumerate(self.riding) if c == wid]
        aboard = f"; passenger {self.label(riders[0])}" if riders else ""
        return f"facing {compass(self.facing[wid])}: {sections}{aboard}"

    def map(self) -> list[str]:
        cells = [["."] * MAP_WIDTH for _ in range(MAP_HEIGHT)]
        for row in range(MAP_HEIGHT):
            for col in range(MAP_WIDTH):
                centre = ((col + 0.5) * self.size / MAP_WIDTH,
                          self.size - (row + 0.5) * self.size / MAP_HEIGHT)
                kinds = {f.kind for f in self.features if g.point_in_polygon(centre, f.polygon)}
                for kind, mark in TERRAIN_MARKS.items():
                    if kind in kinds:
                        cells[row][col] = mark
                        break
        self._draw_castle(cells)
        taken: set[tuple[int, int]] = set()
        for wid, at in enumerate(self.pos):
            if at is None or self.riding[wid] >= 0:
                continue
            row, col = self._cell(at)
            # Two figures in one cell: the map is too coarse to tell them apart.
            cells[row][col] = "*" if (row, col) in taken else self.marks[wid]
            taken.add((row, col))
        for wid, at in enumerate(self.pos):
            if at is None or self.sections[wid] is None or self.out[wid]:
                continue
            # A chariot's facing: an arrow in the cell ahead of its centre dot, when free.
            f = self.facing[wid]
            ahead = self._cell((at[0] + ARROW_REACH * math.cos(f),
                                at[1] + ARROW_REACH * math.sin(f)))
            if ahead not in taken:
                cells[ahead[0]][ahead[1]] = ARROWS[round(math.degrees(f) / 45.0) % 8]
        border = "+" + "-" * MAP_WIDTH + "+"
        return self._framed(cells, border)

    def _draw_castle(self, cells: list[list[str]]) -> None:
        """Castle rules: each section's footprint (or its rubble), outline included so a
        thin wall shows at the map's scale, then its portals."""
        for wid, c in self.castle.items():
            if not c["rubble"] and self.pos[wid] is None:
                continue
            mark = RUBBLE_MARK if c["rubble"] else CASTLE_MARK
            for polygon in c["parts"]:
                for row in range(MAP_HEIGHT):
                    for col in range(MAP_WIDTH):
                        centre = ((col + 0.5) * self.size / MAP_WIDTH,
                                  self.size - (row + 0.5) * self.size / MAP_HEIGHT)
                        if g.point_in_polygon(centre, polygon):
                            cells[row][col] = mark
                for a, b in zip(polygon, (*polygon[1:], polygon[0]), strict=True):
                    for row, col in self._segment(a, b):
                        cells[row][col] = mark
        for wid in self.standing():
            for _name, a, b, is_open in self.castle[wid]["portals"]:
                for row, col in self._segment(a, b):
                    cells[row][col] = OPEN_PORTAL if is_open else CLOSED_PORTAL
        standing = set(self.standing())
        for wall, a, b, _owner in self.ladders:
            if wall in standing:
                for row, col in self._segment(a, b):
                    cells[row][col] = LADDER_MARK
        for wid, w in self.works.items():
            # World Conquest, Upgrading Defenses: a fortification standing: a structure's
            # walls and entrances, the banner's quarter.
            if self.out[wid] or self.pos[wid] is None:
                continue
            if w["banner"]:
                for a, b in zip(w["footprint"], (*w["footprint"][1:], w["footprint"][0]),
                                strict=True):
                    for row, col in self._segment(a, b):
                        cells[row][col] = BANNER_MARK
                continue
            for a, b in w["walls"]:
                for row, col in self._segment(a, b):
                    cells[row][col] = CASTLE_MARK
            for a, b in w["openings"]:
                for row, col in self._segment(a, b):
                    cells[row][col] = OPEN_PORTAL

    def _segment(self, a: tuple[float, float], b: tuple[float, float]
                 ) -> list[tuple[int, int]]:
        steps = max(1, int(math.hypot(b[0] - a[0], b[1] - a[1]) * 4))
        return list(dict.fromkeys(self._cell((a[0] + (b[0] - a[0]) * k / steps,
                                              a[1] + (b[1] - a[1]) * k / steps))
                                  for k in range(steps + 1)))

    def _cell(self, at: tuple[float, float]) -> tuple[int, int]:
        col = min(MAP_WIDTH - 1, max(0, int(at[0] / self.size * MAP_WIDTH)))
        row = min(MAP_HEIGHT - 1, max(0, int((self.size - at[1]) / self.size * MAP_HEIGHT)))
        return row, col

    def _framed(self, cells: list[list[str]], border: str) -> list[str]:
        lines = [f"  {'north'.center(MAP_WIDTH + 2)}", f"  {border}"]
        lines += [f"  |{''.join(r)}|" for r in cells]
        lines += [f"  {border}", f"  {'south'.center(MAP_WIDTH + 2)}"]
        for p, name in enumerate(self.names):
            figures = ", ".join(f"{self.label(w)} ({self.status(w)})"
                                for w in range(len(self.owner)) if self.owner[w] == p)
            lines += textwrap.wrap(f"{name}: {figures}", width=96, initial_indent="  ",
                                   subsequent_indent="    ")
        return lines


# --- what the map keeps of each kind of figure ------------------------------------------


class FigureRecord:
    """What the replay's table keeps of a kind of figure besides where it stands and the
    click it shows: a warrior's, nothing. A kind keeping more subclasses it where its
    replays are told (sim.told_sieges) and calls :func:`register`, the way the engine's
    kinds of figure register their rules (``FigureKind``)."""

    #: The engine's name of the kind (``FigureKind.name``).
    kind: ClassVar[str] = "warrior"

    def start(self, table: Table, game: Game, w: Any) -> None:
        """Keep what ``w`` is at the start of the game."""

    def castle_from(self, table: Table, state: Game, w: Any) -> None:
        """Keep ``w``'s part of the castle, read from ``state`` (Table.castle_from)."""

    def status(self, table: Table, wid: int) -> str | None:
        """Its status in its own words, or None: told as a figure's (Table.status)."""
        return None

    def dial_status(self, table: Table, wid: int) -> str | None:
        """Its dial in its own words while it stands, or None: its click."""
        return None

    def eliminated(self, n: Narration, wid: int) -> Iterator[str] | None:
        """What its elimination leaves, told (and kept on the map), or None: nothing."""
        return None


#: The warrior's record: every figure of a kind none registered.
WARRIOR = FigureRecord()


def _load() -> None:
    # The kinds' replay module registers them and imports this one: loaded when a kind
    # is first asked about.
    from armybuilder.sim import told_sieges  # noqa: F401


_RECORDS: KindTable[FigureRecord] = KindTable("the map's record", WARRIOR, _load)


def register(record: FigureRecord) -> FigureRecord:
    """Register what the map keeps of a kind of figure (its replay module does, once)."""
    return _RECORDS.register(record.kind, record)


def record_of(w: Any) -> FigureRecord:
    """What the map keeps of ``w`` (an engine figure), by its kind."""
    return _RECORDS[w.kind]
