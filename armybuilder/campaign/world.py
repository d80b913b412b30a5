"""The World Conquest map: 36 territories in a 6 x 6 grid, labelled with nine factions.

World Conquest, Setup 3: six territories each for the Atlantis Guild, the Necropolis Sect,
the Elemental League and the Black Powder Rebels, three each for the Knights Immortal,
the Orc Raiders and the Mage Spawn, two for the Shyft and one for the Draconum;
territories of one faction adjacent to each other, together a "region".

A territory is named by its column (A-F, west to east) and row (1-6, north to south), as
the weather's two dice find it: the first die the column, the second the row. A map is
generated with the campaign's dice or read from a file a group drew (``parse``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from armybuilder.engine import Dice

SIZE = 6
COLUMNS = "ABCDEF"
#: World Conquest, Setup 3: the factions, their codes on a drawn map, and how many
#: territories each has.
FACTIONS: tuple[tuple[str, str, int], ...] = (
    ("AG", "Atlantis Guild", 6),
    ("NS", "Necropolis Sect", 6),
    ("EL", "Elemental League", 6),
    ("BP", "Black Powder Rebels", 6),
    ("KI", "Knights Immortal", 3),
    ("OR", "Orc Raiders", 3),
    ("MS", "Mage Spawn", 3),
    ("SH", "Shyft", 2),
    ("DR", "Draconum", 1),
)
BY_CODE = {code: name for code, name, _ in FACTIONS}
CODE_OF = {name: code for code, name, _ in FACTIONS}
REGION_SIZE = {name: n for _, name, n in FACTIONS}
#: Tries before map generation gives up (each try uses the same dice stream on).
GENERATION_TRIES = 500


class MapError(ValueError):
    """A map that breaks World Conquest's Setup 3; the message says where."""


def territory_name(column: int, row: int) -> str:
    """``column`` and ``row`` from 1 to 6: "A1" is the north-west corner."""
    return f"{COLUMNS[column - 1]}{row}"


def column_row(name: str) -> tuple[int, int]:
    return COLUMNS.index(name[0]) + 1, int(name[1:])


ALL_TERRITORIES: tuple[str, ...] = tuple(territory_name(c, r) for r in range(1, SIZE + 1)
                                         for c in range(1, SIZE + 1))


def is_territory(name: object) -> bool:
    return isinstance(name, str) and name in ALL_TERRITORIES


def step(name: str, direction: str) -> str | None:
    """The territory one step north, east, south or west, or None off the map."""
    c, r = column_row(name)
    dc, dr = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}[direction]
    c, r = c + dc, r + dr
    if 1 <= c <= SIZE and 1 <= r <= SIZE:
        return territory_name(c, r)
    return None


def neighbours(name: str, diagonal: bool = False) -> tuple[str, ...]:
    found = _NEIGHBOURS.get((name, diagonal))
    return found if found is not None else _neighbours(name, diagonal)


def _neighbours(name: str, diagonal: bool) -> tuple[str, ...]:
    c, r = column_row(name)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dc, dr) == (0, 0) or (not diagonal and dc and dr):
                continue
            if 1 <= c + dc <= SIZE and 1 <= r + dr <= SIZE:
                out.append(territory_name(c + dc, r + dr))
    return tuple(out)


#: Every territory's neighbours, with diagonals or without: the grid never changes, and
#: the campaign's AI asks for them hundreds of thousands of times in a campaign.
_NEIGHBOURS: dict[tuple[str, bool], tuple[str, ...]] = {
    (t, diagonal): _neighbours(t, diagonal) for t in ALL_TERRITORIES
    for diagonal in (False, True)}


@dataclass(frozen=True)
class WorldMap:
    """Each territory's faction, in ALL_TERRITORIES order (row by row from the north)."""

    factions: tuple[str, ...]

    def __post_init__(self) -> None:
        check(self.factions)

    def faction(self, territory: str) -> str:
        return self.factions[ALL_TERRITORIES.index(territory)]

    @cached_property
    def regions(self) -> dict[str, tuple[str, ...]]:
        """Faction -> its territories: each faction's region."""
        out: dict[str, list[str]] = {name: [] for _, name, _ in FACTIONS}
        for t, f in zip(ALL_TERRITORIES, self.factions, strict=True):
            out[f].append(t)
        return {f: tuple(ts) for f, ts in out.items()}

    def rows(self) -> Iterator[tuple[str, ...]]:
        for r in range(SIZE):
            yield self.factions[r * SIZE:(r + 1) * SIZE]

    def to_text(self) -> str:
        """The map as a file a group can edit and read back with ``parse``."""
        lines = ["# World Conquest map: columns A-F west to east, rows 1-6 north to south",
                 "# " + ", ".join(f"{c} {n}" for c, n, _ in FACTIONS)]
        lines += [" ".join(CODE_OF[f] for f in row) for row in self.rows()]
        return "\n".join(lines) + "\n"


def _connected(cells: list[str]) -> bool:
    if not cells:
        return True
    todo, seen = [cells[0]], {cells[0]}
    wanted = set(cells)
    while todo:
        for n in neighbours(todo.pop()):
            if n in wanted and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == wanted


def check(factions: tuple[str, ...], where: str = "map") -> None:
    """World Conquest, Setup 3: 36 territories, the right number per faction, each
    faction's territories adjacent to each other."""
    if len(factions) != SIZE * SIZE:
        raise MapError(f"{where}: {SIZE * SIZE} territories, not {len(factions)}")
    for f in factions:
        if f not in REGION_SIZE:
            raise MapError(f"{where}: {f!r} is not one of the map's factions")
    for _, name, size in FACTIONS:
        cells = [t for t, f in zip(ALL_TERRITORIES, factions, strict=True) if f == name]
        if len(cells) != size:
            raise MapError(f"{where}: {name} has {len(cells)} territories; World Conquest, "
                           f"Setup 3 gives it {size}")
        if not _connected(cells):
            raise MapError(f"{where}: the {name} territories ({', '.join(cells)}) are not "
                           "all adjacent to each other (World Conquest, Setup 3)")


def parse(text: str, where: str = "map") -> WorldMap:
    """A map drawn as six lines of six faction codes (AG NS EL BP KI OR MS SH DR); blank
    lines and lines starting with # are ignored."""
    rows: list[list[str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if len(rows) == SIZE:
            raise MapError(f"{where}, line {number}: more than {SIZE} rows")
        if len(words) != SIZE:
            raise MapError(f"{where}, line {number}: {SIZE} territories in a row, not "
                           f"{len(words)}")
        row = []
        for column, word in enumerate(words, start=1):
            name = BY_CODE.get(word.upper())
            if name is None:
                raise MapError(f"{where}, line {number}, column {COLUMNS[column - 1]}: "
                               f"unknown faction code {word[:20]!r} (codes: "
                               f"{', '.join(BY_CODE)})")
            row.append(name)
        rows.append(row)
    if len(rows) != SIZE:
        raise MapError(f"{where}: {SIZE} rows of territories, not {len(rows)}")
    factions = tuple(f for row in rows for f in row)
    check(factions, where)
    return WorldMap(factions)


# --- generating a map -------------------------------------------------------------------


def generate(dice: Dice) -> WorldMap:
    """A map drawn with ``dice``: each region grown from one territory into adjacent free
    ones, the larger regions first, checked after each that the free territories left can
    still hold the regions still to come."""
    for _ in range(GENERATION_TRIES):
        grid = _try(dice)
        if grid is not None:
            return WorldMap(tuple(grid[t] for t in ALL_TERRITORIES))
    raise MapError(f"map: no map found in {GENERATION_TRIES} tries")  # pragma: no cover


def _shuffled(items: list[str], dice: Dice) -> list[str]:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = dice.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def _try(dice: Dice) -> dict[str, str] | None:
    grid: dict[str, str] = {}
    big = _shuffled([n for _, n, s in FACTIONS if s == 6], dice)
    mid = _shuffled([n for _, n, s in FACTIONS if s == 3], dice)
    order = big + mid + ["Shyft", "Draconum"]
    for k, faction in enumerate(order):
        free = [t for t in ALL_TERRITORIES if t not in grid]
        # Start where the free ground is most hemmed in, so no pocket is left too small.
        def room(t: str) -> int:
            return sum(1 for n in neighbours(t) if n not in grid)
        least = min(room(t) for t in free)
        starts = [t for t in free if room(t) == least]
        cells = [starts[dice.below(len(starts))]]
        grid[cells[0]] = faction
        while len(cells) < REGION_SIZE[faction]:
            frontier = sorted({n for c in cells for n in neighbours(c) if n not in grid})
            if not frontier:
                return None
            least = min(room(t) for t in frontier)
            tight = [t for t in frontier if room(t) == least]
            pick = tight[dice.below(len(tight))] if dice.below(3) else \
                frontier[dice.below(len(frontier))]
            grid[pick] = faction
            cells.append(pick)
        if not _fits([t for t in ALL_TERRITORIES if t not in grid],
                     [REGION_SIZE[f] for f in order[k + 1:]]):
            return None
    return grid


def _components(cells: list[str]) -> list[int]:
    left, sizes = set(cells), []
    while left:
        todo = [left.pop()]
        n = 1
        while todo:
            for m in neighbours(todo.pop()):
                if m in left:
                    left.remove(m)
                    todo.append(m)
                    n += 1
        sizes.append(n)
    return sizes


def _fits(free: list[str], sizes: list[int]) -> bool:
    """Can the free pockets be filled exactly by regions of ``sizes``? (A pocket's size must
    be a sum of some of them; checked by sharing the sizes out.)"""
    pockets = sorted(_components(free), reverse=True)
    wanted = sorted(sizes, reverse=True)

    def share(i: int, room: list[int]) -> bool:
        if i == len(wanted):
            return all(r == 0 for r in room)
        tried = set()
        for j, r in enumerate(room):
            if r >= wanted[i] and r not in tried:
                tried.add(r)
                room[j] -= wanted[i]
                if share(i + 1, room):
                    return True
                room[j] += wanted[i]
        return False

    return share(0, pockets)
