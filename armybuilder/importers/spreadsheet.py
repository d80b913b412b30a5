"""The project's own catalogue spreadsheet layout, read and written as .xlsx or .csv.

Four tables. **Figures** and **Clicks** are required; **Abilities** and **Expansions** are
optional when reading, and a whole-catalogue export writes them too, so that writing a
catalogue and reading it back gives records equal to the original.

**Figures**, one row per figure ("blank" = what an empty cell means):

| column | content | blank |
|---|---|---|
| `key` | `expansion:number`, e.g. `demo:7`; must match the next two columns | refused |
| `expansion` | expansion slug, e.g. `rebellion` (read in lower case) | refused |
| `number` | collector number, a whole number, 0 or more | refused |
| `name` | the name without its rank marker | refused |
| `rank` | `weak`, `standard`, `tough` or `unique` | refused |
| `rank_stars` | rank stars printed on the base, 0 to 3 | 1/2/3 by rank, 0 if unique |
| `unique` | boolean | true if rank is unique |
| `promo` | boolean | false |
| `limited_edition` | boolean | false |
| `frequency` | as published: `1`..`6`, `PR`, `LE 6` | none |
| `points` | whole number, 0 or more | refused |
| `range` | whole number, 0 or more | 0 |
| `targets` | whole number, 1 or more | 1 |
| `arc` | `90`, `180`, `270` or `360` | 90 |
| `base` | `infantry`, `cavalry`, `chariot` or `castle` | chariot/castle by kind, else infantry |
| `kind` | `warrior`, `chariot` or `castle` | warrior |
| `castle_section` | `keep`, `round tower`, `gatehouse`, `wall`; only for kind castle | none |
| `factions` | faction names separated by `, ` | none |
| `starting_click` | 0-based click index of the Starting Position | 0 |
| `disarm` | (optional column) Dungeons chests' disarm number | none |
| `source` | (optional column) where the record came from | none |

**Clicks**, one row per click of a dial, in any order:

| column | content |
|---|---|
| `key` | the figure's key, as in Figures |
| `dial` | `main` for warriors and castle sections; `front`, `left`, `right`, `rear` for chariots |
| `click` | 0-based position on that dial; each dial counts 0, 1, 2, ... without gaps |
| `speed`, `attack`, `defense`, `damage` | a whole number, 0 or more, or the word `skull` |
| `speed_ability` .. `damage_ability` | ability name, e.g. `Flame/Lightning`; blank: none |

A castle section's `speed` is its fortification value and a broken tower is a `skull`; a
wall, which has no attack or damage value, shows 0 there. A click with three or more
skulls is dead (a chariot section: inactive).

**Abilities** (optional): `name`, `slot` (`speed`/`attack`/`defense`/`damage`/`any`),
`colour`, `symbol` (`square`/`circle`/`skull`; blank = square), `optional` (boolean),
`text`, `text_source` (optional column), `feed_id` (optional column: the mageknight.net id).

**Expansions** (optional): `slug`, `name`, `set_letter` (optional column), `feed_id`
(optional column).

Files. `PATH.xlsx` is a workbook with sheets Figures, Clicks, Abilities, Expansions
(sheet names read in any case; written with the header row bold and frozen). Otherwise
the tables are UTF-8 CSV files (a byte-order mark is accepted): when PATH is a folder (or
has no suffix), `PATH/figures.csv`, `PATH/clicks.csv`, `PATH/abilities.csv`,
`PATH/expansions.csv`; when PATH is `NAME.csv`, the files `NAME.figures.csv`,
`NAME.clicks.csv`, `NAME.abilities.csv`, `NAME.expansions.csv` beside it (PATH may also
name one of those four, or a plain `figures.csv`, meaning its whole set).

Reading. Row 1 holds the column names, in any order and any case; columns not listed
here are ignored, wholly blank rows are skipped. Booleans read `true`/`false`, `yes`/`no`,
`1`/`0` (any case). An ability named on a click must be in the file's Abilities table or
in `known_abilities` (the project's ability table, which wins when both have it). An
expansion slug the Expansions table lacks takes its name from `known_expansions`, else the
project's own (`demo`: "Demo figures (not real dials)", `fixtures`: "Castle and chariot
fixtures (not real dials)"), else from the slug (`my-homebrew`: "My Homebrew"). The first
problem stops the read with a `SpreadsheetError` naming file, sheet, row (counted as a
spreadsheet counts: the header is row 1) and column: a missing table or column, a wrong
type or value, an unknown ability, faction (with `known_factions`) or dial position, a
duplicate key, ability, expansion or click, a key that does not match expansion:number,
clicks for a key not in Figures, a figure without clicks, a gap in a dial's clicks, a live
click after a dead one on a main dial, a chariot without exactly front/left/right/rear
dials, and a starting click that is not on every dial or is dead.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from armybuilder.figures import (
    ARCS,
    BASES,
    CHARIOT_DIALS,
    KINDS,
    MAIN_DIAL,
    RANK_STARS,
    STATS,
    Ability,
    CatalogueData,
    Click,
    Dial,
    Expansion,
    Figure,
    figure_key,
)
from armybuilder.files import (
    FORMULA_PREFIXES,
    check_destination,
    neutral_cell,
    restored_cell,
    text_cell,
    workbook_bytes,
    write_all,
)
from armybuilder.text import control_in, excerpt, shown

FIGURE_COLUMNS: tuple[str, ...] = (
    "key", "expansion", "number", "name", "rank", "rank_stars", "unique", "promo",
    "limited_edition", "frequency", "points", "range", "targets", "arc", "base", "kind",
    "castle_section", "factions", "starting_click", "disarm", "source")
CLICK_COLUMNS: tuple[str, ...] = ("key", "dial", "click", *STATS,
                                  *(f"{s}_ability" for s in STATS))
ABILITY_COLUMNS: tuple[str, ...] = ("name", "slot", "colour", "symbol", "optional", "text",
                                    "text_source", "feed_id")
EXPANSION_COLUMNS: tuple[str, ...] = ("slug", "name", "set_letter", "feed_id")
TABLES: dict[str, tuple[str, ...]] = {"Figures": FIGURE_COLUMNS, "Clicks": CLICK_COLUMNS,
                                      "Abilities": ABILITY_COLUMNS,
                                      "Expansions": EXPANSION_COLUMNS}
REQUIRED_TABLES: tuple[str, ...] = ("Figures", "Clicks")
#: Columns a file may leave out; everything else in TABLES must be in the header.
OPTIONAL_COLUMNS: dict[str, tuple[str, ...]] = {
    "Figures": ("disarm", "source"), "Clicks": (), "Abilities": ("text_source", "feed_id"),
    "Expansions": ("set_letter", "feed_id")}

SKULL = "skull"
DIAL_POSITIONS: tuple[str, ...] = (MAIN_DIAL, *CHARIOT_DIALS)
ABILITY_SLOTS: tuple[str, ...] = (*STATS, "any")
ABILITY_SYMBOLS: tuple[str, ...] = ("square", "circle", "skull")
# Castle rules, Castle Section Rules: the four kinds of section.
CASTLE_SECTIONS: tuple[str, ...] = ("keep", "round tower", "gatehouse", "wall")
#: The expansions the project ships itself, named so nobody takes them for printed sets.
PROJECT_EXPANSIONS: dict[str, str] = {
    "demo": "Demo figures (not real dials)",
    "fixtures": "Castle and chariot fixtures (not real dials)",
}
_KIND_BASE = {"warrior": "infantry", "chariot": "chariot", "castle": "castle"}
_TRUE, _FALSE = {"true", "yes", "1"}, {"false", "no", "0"}
_WHOLE = re.compile(r"[+-]?[0-9]+")
#: More digits than this is refused as too large (or small) before it is made a number.
_MOST_DIGITS = 12
#: The largest whole number a cell may hold (numbers, points, clicks, ids): far past any
#: figure, far inside what SQLite stores.
MAX_WHOLE = 999_999
#: The longest name (figure, expansion, ability, faction).
MAX_NAME = 200
#: Reading is bounded by the data, never by what a file declares: at most this many rows
#: a table (the full catalogue has about 13,000 clicks) and this many columns a row.
MAX_ROWS = 200_000
MAX_COLUMNS = 64
#: The most a workbook may hold once unzipped (the full catalogue is a few megabytes).
MAX_UNZIPPED = 256 * 1024 * 1024
_WIDTHS = {"key": 16, "name": 28, "factions": 28, "source": 40, "text": 60,
           "text_source": 30, "castle_section": 14, "limited_edition": 15}


class SpreadsheetError(ValueError):
    """A spreadsheet that cannot be read or written; the message names file, sheet, row
    and column."""


# --- one row of a table ----------------------------------------------------------------


@dataclass(slots=True)
class _Row:
    where: str  # "cat.xlsx, sheet Clicks" or "cat/clicks.csv"
    row: int  # as the spreadsheet numbers it: the header is row 1
    values: dict[str, str]

    def fail(self, column: str, message: str) -> SpreadsheetError:
        return SpreadsheetError(f"{self.where}, row {self.row}, column {column}: "
                                f"{excerpt(message, 300)}")

    def text(self, column: str) -> str:
        return self.values.get(column, "").strip()

    def required(self, column: str) -> str:
        value = self.text(column)
        if not value:
            raise self.fail(column, "must not be empty")
        return value

    def name(self, column: str) -> str:
        """A name: not empty, one line of text without control characters, not too long."""
        value = self.required(column)
        bad = control_in(value)
        if bad is not None:
            raise self.fail(column, f"a name may not hold a control character ({shown(bad)})")
        if len(value) > MAX_NAME:
            raise self.fail(column, f"a name has at most {MAX_NAME} characters, not "
                            f"{len(value):,}")
        return value

    def whole(self, column: str, minimum: int = 0, blank: int | None = None) -> int:
        value = self.text(column)
        if not value and blank is not None:
            return blank
        if not _WHOLE.fullmatch(value):
            raise self.fail(column, f"expected a whole number, got '{shown(value)[:40]}'")
        negative, digits = value.startswith("-"), value.lstrip("+-").lstrip("0") or "0"
        if len(digits) > _MOST_DIGITS:  # far past any bound: never made a number
            raise self.fail(column, f"too small: must be at least {minimum}, got "
                            f"'{value[:40]}'" if negative else f"too large: must be at most "
                            f"{MAX_WHOLE:,}, got '{value[:40]}'")
        number = -int(digits) if negative else int(digits)
        if number < minimum:
            raise self.fail(column, f"must be at least {minimum}, got {number}")
        if number > MAX_WHOLE:
            raise self.fail(column, f"must be at most {MAX_WHOLE:,}, got {number:,}")
        return number

    def maybe_whole(self, column: str, minimum: int = 0) -> int | None:
        return self.whole(column, minimum) if self.text(column) else None

    def flag(self, column: str, blank: bool = False) -> bool:
        value = self.text(column).lower()
        if not value:
            return blank
        if value in _TRUE:
            return True
        if value in _FALSE:
            return False
        raise self.fail(column, f"expected true/false, yes/no or 1/0, got "
                        f"'{shown(value)[:40]}'")

    def choice(self, column: str, options: Iterable[Any], blank: str | None = None) -> str:
        value = self.text(column).lower()
        if not value and blank is not None:
            return blank
        allowed = [str(o) for o in options]
        if value not in allowed:
            listed = ", ".join(allowed)
            raise self.fail(column, f"expected one of {listed}, got '{shown(value)[:40]}'"
                            if value else f"must not be empty (one of {listed})")
        return value


@dataclass(slots=True)
class _Table:
    where: str
    rows: list[_Row] = field(default_factory=list)


# --- file names ------------------------------------------------------------------------


def csv_paths(path: Path) -> dict[str, Path]:
    """The CSV file of each table for PATH: a folder, ``NAME.csv`` (for
    ``NAME.figures.csv`` ...), one of those files, or a plain ``figures.csv``."""
    path = Path(path)
    if path.suffix.lower() != ".csv":
        return {t: path / f"{t.lower()}.csv" for t in TABLES}
    stem = path.name[: -len(".csv")]
    for table in TABLES:
        if stem.lower() == table.lower():
            return {t: path.with_name(f"{t.lower()}.csv") for t in TABLES}
        if stem.lower().endswith("." + table.lower()):
            stem = stem[: -len(table) - 1]
            break
    return {t: path.with_name(f"{stem}.{t.lower()}.csv") for t in TABLES}


def _check_suffix(path: Path) -> None:
    if path.suffix and path.suffix.lower() not in (".xlsx", ".csv"):
        raise SpreadsheetError(f"{path}: a catalogue spreadsheet is an .xlsx workbook, "
                               f"a .csv name or a folder of .csv files, not {path.suffix}")


# --- writing ---------------------------------------------------------------------------


def _table_rows(data: CatalogueData) -> dict[str, list[list[Any]]]:
    figures: list[list[Any]] = []
    clicks: list[list[Any]] = []
    for f in data.figures.values():
        figures.append([f.key, f.expansion, f.number, f.name, f.rank, f.rank_stars, f.unique,
                        f.promo, f.limited_edition, f.frequency, f.points, f.range, f.targets,
                        f.arc, f.base, f.kind, f.castle_section, ", ".join(f.factions),
                        f.starting_click, f.disarm, f.source])
        for dial in f.dials:
            for c in dial.clicks:
                clicks.append([f.key, dial.position, c.index,
                               *(SKULL if c.value(s) is None else c.value(s) for s in STATS),
                               *(c.abilities.get(s, "") for s in STATS)])
    abilities = [[a.name, a.slot, a.colour, a.symbol, a.optional, a.text, a.text_source,
                  a.feed_id] for a in data.abilities.values()]
    expansions = [[e.slug, e.name, e.set_letter, e.feed_id] for e in data.expansions.values()]
    return {"Figures": figures, "Clicks": clicks, "Abilities": abilities,
            "Expansions": expansions}


def _cell(value: Any) -> Any:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else value


def write_catalogue(data: CatalogueData, path: Path, force: bool = False) -> list[Path]:
    """Write every table of ``data`` to PATH (.xlsx, NAME.csv or a folder); returns the
    files written. The records are written as they are, unchecked (a control character
    escaped, ``_written``), all files or none and never over an existing file unless
    ``force`` (armybuilder.files)."""
    path = Path(path)
    _check_suffix(path)
    tables = _table_rows(data)
    if path.suffix.lower() == ".xlsx":
        check_destination(path, force)
        files: dict[Path, bytes | str] = {path: _workbook_file(tables, path)}
    else:
        targets = csv_paths(path)
        for target in targets.values():
            check_destination(target, force)
        files = {targets[name]: _csv_text(name, tables[name])
                 for name in TABLES}
    next(iter(files)).parent.mkdir(parents=True, exist_ok=True)
    return write_all(files, force)


def catalogue_workbook(data: CatalogueData, name: Path) -> bytes:
    """The .xlsx file ``write_catalogue`` writes, as bytes (``name`` names it in a message):
    a download in a browser."""
    return _workbook_file(_table_rows(data), Path(name))


def _workbook_file(tables: dict[str, list[list[Any]]], path: Path) -> bytes:
    return workbook_bytes(lambda: _workbook(tables, path), path)


#: The columns that hold names (and keys made of them): a name may hold no control
#: character at all when it is read back (``_Row.name``).
NAME_COLUMNS: dict[str, frozenset[str]] = {
    "Figures": frozenset({"key", "expansion", "name", "factions"}),
    "Clicks": frozenset({"key", *(f"{s}_ability" for s in STATS)}),
    "Abilities": frozenset({"name"}),
    "Expansions": frozenset({"slug", "name"}),
}


def _written(table: str, values: list[Any]) -> list[Any]:
    """A row's cells as the file holds them. A control character (only a database an
    older version or another program wrote can hold one: imports refuse them) is written
    escaped, as the app and the command line show it (``\\x07``, armybuilder.text): in a
    name, every one, so that the file reads back; in other text, those a spreadsheet
    cannot hold (line breaks and tabs stay)."""
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    names = NAME_COLUMNS[table]
    out = []
    for column, value in zip(TABLES[table], values, strict=True):
        if isinstance(value, str):
            if column in names:
                value = shown(value)
            elif ILLEGAL_CHARACTERS_RE.search(value):
                value = ILLEGAL_CHARACTERS_RE.sub(lambda found: shown(found.group()), value)
        out.append(value)
    return out


def _csv_text(name: str, rows: list[list[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(TABLES[name])
    for row in rows:
        # No cell a spreadsheet would run as a formula; the reader takes the quote off.
        writer.writerow([neutral_cell(v) for v in _written(name, [_cell(v) for v in row])])
    return out.getvalue()


def _workbook(tables: dict[str, list[list[Any]]], path: Path) -> Any:
    # openpyxl is imported when a workbook is written or read: it is a third of the
    # app's start-up, and most starts never touch a spreadsheet.
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    if book.active is not None:
        book.remove(book.active)
    for name, columns in TABLES.items():
        sheet = book.create_sheet(name)
        sheet.append(list(columns))
        for cell in sheet[1]:
            cell.font = Font(bold=True)
            sheet.column_dimensions[cell.column_letter].width = max(
                _WIDTHS.get(str(cell.value), 10), len(str(cell.value)) + 2)
        sheet.freeze_panes = "A2"
        for number, row in enumerate(tables[name], start=2):
            values = _written(name, [_cell(v) for v in row])
            sheet.append(values)
            for index, value in enumerate(values, start=1):
                # Text that looks like a formula is a name or a rule text, never a formula.
                # (Cells are reached one by one: ``sheet[row]`` rescans the whole sheet.)
                if isinstance(value, str) and value.startswith(FORMULA_PREFIXES):
                    text_cell(sheet.cell(row=number, column=index))
    return book


# --- reading the tables ----------------------------------------------------------------


def _read_tables(path: Path) -> dict[str, _Table | None]:
    _check_suffix(path)
    if path.suffix.lower() == ".xlsx":
        return _read_xlsx(path)
    if not path.suffix and not path.is_dir():
        raise SpreadsheetError(f"{path}: no such file or folder")
    out: dict[str, _Table | None] = {}
    for name, file in csv_paths(path).items():
        if not file.is_file():
            if name in REQUIRED_TABLES:
                raise SpreadsheetError(f"{file}: no such file (a CSV catalogue needs its "
                                       "figures and clicks files)")
            out[name] = None
            continue
        try:
            with file.open(encoding="utf-8-sig", newline="") as handle:
                out[name] = _table(str(file), name, csv.reader(handle), whole_rows=True)
        except UnicodeDecodeError as exc:
            raise SpreadsheetError(f"{file}: not UTF-8 text ({exc.reason} at byte "
                                   f"{exc.start}); save it as CSV UTF-8") from exc
        except csv.Error as exc:
            raise SpreadsheetError(f"{file}: not readable as CSV ({exc})") from exc
    return out


def open_workbook(path: Path, error: type[ValueError], most: int = MAX_UNZIPPED) -> Any:
    """An .xlsx opened to read (read-only), after checking that it is a zip file that does
    not unpack to more than ``most`` bytes; ``error`` is raised, naming the file."""
    import zipfile

    if not path.is_file():
        raise error(f"{shown(path)}: no such file")
    try:
        with zipfile.ZipFile(path) as archive:
            unzipped = sum(item.file_size for item in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise error(f"{shown(path)}: not a readable .xlsx workbook ({shown(exc)})") from exc
    if unzipped > most:
        raise error(f"{shown(path)}: unpacks to {unzipped / 1024**2:,.0f} MB, more than a "
                    f"workbook here may hold ({most // 1024**2} MB)")
    try:
        from openpyxl import load_workbook

        return load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a broken file
        raise error(f"{shown(path)}: not a readable .xlsx workbook ({shown(exc)})") from exc


def sheet_rows(sheet: Any, where: str, error: type[ValueError], most_rows: int = MAX_ROWS,
               most_columns: int = MAX_COLUMNS) -> Iterator[tuple[Any, ...]]:
    """The rows a read-only worksheet really holds: its declared dimension (which a file
    may set to A1:XFD1048576) is ignored, at most ``most_columns`` cells are read a row,
    and a row past ``most_rows`` is refused. Broken sheet XML is ``error`` too."""
    sheet.reset_dimensions()
    number = 0
    try:
        for number, row in enumerate(sheet.iter_rows(max_col=most_columns, values_only=True),
                                     start=1):
            if number > most_rows:
                raise error(f"{where}: more than {most_rows:,} rows; not a sheet this "
                            "importer reads")
            yield row
    except error:
        raise
    except Exception as exc:  # the sheet's XML is broken (a zip's bytes, bad markup)
        raise error(f"{where}, after row {number}: the sheet cannot be read "
                    f"({type(exc).__name__}: {shown(exc)})") from exc


def _read_xlsx(path: Path) -> dict[str, _Table | None]:
    book = open_workbook(path, SpreadsheetError)
    try:
        sheets = {s.lower(): s for s in book.sheetnames}
        out: dict[str, _Table | None] = {}
        for name in TABLES:
            sheet = sheets.get(name.lower())
            if sheet is None:
                if name in REQUIRED_TABLES:
                    raise SpreadsheetError(f"{path}: no sheet named {name} (the workbook "
                                           f"has {shown(', '.join(book.sheetnames))})")
                out[name] = None
                continue
            where = f"{path}, sheet {sheet}"
            rows = ([_text(v) for v in row]
                    for row in sheet_rows(book[sheet], where, SpreadsheetError))
            out[name] = _table(where, name, rows)
    finally:
        book.close()
    return out


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _table(where: str, name: str, rows: Iterable[list[str]],
           whole_rows: bool = False) -> _Table:
    """The rows under their header. ``whole_rows`` (a CSV file): every row has a field for
    each column of the header, as a CSV writer writes it; a row cut short (its last
    fields lost, an ability with them) or running past the header is malformed. A
    worksheet leaves its empty trailing cells out, so its rows may be short."""
    table = _Table(where)
    iterator: Iterator[list[str]] = iter(rows)
    first = next(iterator, None)
    if first is None:
        raise SpreadsheetError(f"{where}, row 1: empty; expected a header naming the "
                               f"columns {', '.join(TABLES[name])}")
    header = [h.strip().lower() for h in first]
    seen: set[str] = set()
    for column in header:
        if column and column in seen:
            raise SpreadsheetError(f"{where}, row 1, column {column}: appears twice")
        seen.add(column)
    for column in TABLES[name]:
        if column not in seen and column not in OPTIONAL_COLUMNS[name]:
            raise SpreadsheetError(f"{where}, row 1: missing column {column} (the {name} "
                                   f"table has columns {', '.join(TABLES[name])})")
    for number, row in enumerate(iterator, start=2):
        if number > MAX_ROWS:
            raise SpreadsheetError(f"{where}: more than {MAX_ROWS:,} rows; not a table this "
                                   "importer reads")
        if whole_rows and len(row) != len(header) and any(cell.strip() for cell in row):
            if len(row) < len(header):
                raise SpreadsheetError(
                    f"{where}, row {number}, column {header[len(row)] or len(row) + 1}: "
                    f"missing (the row has {len(row)} fields, the header {len(header)}; "
                    "a row cut short)")
            if any(cell.strip() for cell in row[len(header):]):
                raise SpreadsheetError(
                    f"{where}, row {number}, column {len(header) + 1}: a field beyond the "
                    f"header's {len(header)} columns")
        if any(cell.strip() for cell in row):
            table.rows.append(_Row(where, number, dict(zip(header, map(restored_cell, row),
                                                           strict=False))))
    return table


# --- reading the records ---------------------------------------------------------------


def read_catalogue(path: Path, known_abilities: Mapping[str, Ability] | None = None,
                   known_factions: Collection[str] | None = None,
                   known_expansions: Mapping[str, Expansion] | None = None) -> CatalogueData:
    """Read and check a whole catalogue spreadsheet (see the module's layout).

    With ``known_factions`` every faction named must be one of them; ``known_expansions``
    names the expansions the file's own table lacks. Raises ``SpreadsheetError`` at the
    first problem; nothing is returned half-read."""
    path = Path(path)
    tables = _read_tables(path)
    data = CatalogueData(source=str(path))
    known = dict(known_abilities or {})
    by_lower = {name.lower(): ability for name, ability in known.items()}
    if tables["Abilities"] is not None:
        seen: dict[str, int] = {}
        for row in tables["Abilities"].rows:
            ability = _ability(row)
            lower = ability.name.lower()
            if lower in seen:
                raise row.fail("name", f"ability {ability.name!r} is already in row "
                               f"{seen[lower]}")
            seen[lower] = row.row
            # The project's ability table wins over a copy carried in the file.
            chosen = by_lower.setdefault(lower, ability)
            data.abilities[chosen.name] = chosen
    if tables["Expansions"] is not None:
        for row in tables["Expansions"].rows:
            expansion = _expansion(row)
            if expansion.slug in data.expansions:
                raise row.fail("slug", f"expansion {expansion.slug!r} appears twice")
            data.expansions[expansion.slug] = expansion

    assert tables["Figures"] is not None and tables["Clicks"] is not None
    figure_rows: dict[str, _Row] = {}
    for row in tables["Figures"].rows:
        figure = _figure(row, known_factions)
        if figure.key in figure_rows:
            raise row.fail("key", f"duplicate key {figure.key} (also row "
                           f"{figure_rows[figure.key].row})")
        figure_rows[figure.key] = row
        data.figures[figure.key] = figure
        if figure.expansion not in data.expansions:
            data.expansions[figure.expansion] = _missing_expansion(figure.expansion,
                                                                   known_expansions)

    clicks: dict[str, dict[str, dict[int, tuple[Click, _Row]]]] = {}
    for row in tables["Clicks"].rows:
        key = row.required("key").lower()
        owner = data.figures.get(key)
        if owner is None:
            raise row.fail("key", f"{key} is not in the Figures table")
        position = row.choice("dial", DIAL_POSITIONS)
        if owner.kind == "chariot" and position == MAIN_DIAL:
            raise row.fail("dial", f"{key} is a chariot: its dials are "
                           f"{', '.join(CHARIOT_DIALS)}, not main")
        if owner.kind != "chariot" and position != MAIN_DIAL:
            raise row.fail("dial", f"{key} is a {owner.kind} with one dial, main; "
                           f"not {position}")
        click = _click(row, by_lower, data)
        dial = clicks.setdefault(key, {}).setdefault(position, {})
        if click.index in dial:
            raise row.fail("click", f"{key} {position} dial has click {click.index} twice "
                           f"(also row {dial[click.index][1].row})")
        dial[click.index] = (click, row)

    for key, figure in data.figures.items():
        _attach_dials(figure_rows[key], figure, clicks.get(key, {}))
    return data


_SLUG = re.compile(r"[^\s:\x00-\x1f\x7f-\x9f]{1,60}")


def _slug(row: _Row, column: str) -> str:
    """An expansion slug: the first part of every key (``rebellion`` in ``rebellion:58``)."""
    slug = row.required(column).lower()
    if not _SLUG.fullmatch(slug):
        raise row.fail(column, f"an expansion slug is one word without ':' (at most 60 "
                       f"characters), not '{shown(slug)[:60]}'")
    return slug


def _missing_expansion(slug: str, known: Mapping[str, Expansion] | None) -> Expansion:
    if slug in PROJECT_EXPANSIONS:
        return Expansion(slug=slug, name=PROJECT_EXPANSIONS[slug])
    if known and slug in known:
        return known[slug]
    return Expansion(slug=slug, name=" ".join(w.capitalize() for w in slug.split("-")))


def _ability(row: _Row) -> Ability:
    return Ability(name=row.name("name"), slot=row.choice("slot", ABILITY_SLOTS),
                   colour=row.text("colour"),
                   symbol=row.choice("symbol", ABILITY_SYMBOLS, blank="square"),
                   optional=row.flag("optional"), text=row.text("text"),
                   text_source=row.text("text_source"), feed_id=row.maybe_whole("feed_id"))


def _expansion(row: _Row) -> Expansion:
    return Expansion(slug=_slug(row, "slug"), name=row.name("name"),
                     set_letter=row.text("set_letter"), feed_id=row.maybe_whole("feed_id"))


def _figure(row: _Row, known_factions: Collection[str] | None) -> Figure:
    key = row.required("key").lower()
    expansion = _slug(row, "expansion")
    number = row.whole("number")
    if key != figure_key(expansion, number):
        raise row.fail("key", f"{key} does not match expansion:number "
                       f"({figure_key(expansion, number)})")
    name = row.name("name")
    rank = row.choice("rank", RANK_STARS)
    kind = row.choice("kind", KINDS, blank="warrior")
    section = row.choice("castle_section", CASTLE_SECTIONS, blank="")
    if kind == "castle" and not section:
        raise row.fail("castle_section", f"a castle section is one of "
                       f"{', '.join(CASTLE_SECTIONS)}; this one is blank")
    if kind != "castle" and section:
        raise row.fail("castle_section", f"only kind castle has a castle section; this is "
                       f"a {kind}")
    factions = [f.strip() for f in row.text("factions").split(",") if f.strip()]
    for faction in factions:
        bad = control_in(faction)
        if bad is not None:
            raise row.fail("factions", f"a faction name may not hold a control character "
                           f"({shown(bad)})")
    if known_factions is not None:
        unknown = [f for f in factions if f not in known_factions]
        if unknown:
            raise row.fail("factions", f"unknown faction {unknown[0]!r} (known: "
                           f"{', '.join(sorted(known_factions))})")
    return Figure(
        expansion=expansion, number=number, name=name, rank=rank,
        points=row.whole("points"), factions=factions,
        rank_stars=row.whole("rank_stars", blank=RANK_STARS[rank]),
        unique=row.flag("unique", blank=rank == "unique"), promo=row.flag("promo"),
        limited_edition=row.flag("limited_edition"), frequency=row.text("frequency"),
        range=row.whole("range", blank=0), targets=row.whole("targets", minimum=1, blank=1),
        arc=int(row.choice("arc", ARCS, blank="90")),
        base=row.choice("base", BASES, blank=_KIND_BASE[kind]), kind=kind,
        castle_section=section, starting_click=row.whole("starting_click", blank=0),
        disarm=row.maybe_whole("disarm"), source=row.text("source"),
    )


def _click(row: _Row, abilities: Mapping[str, Ability], data: CatalogueData) -> Click:
    index = row.whole("click")
    values: dict[str, int | None] = {}
    for stat in STATS:
        values[stat] = None if row.text(stat).lower() == SKULL else row.whole(stat)
    slots: dict[str, str] = {}
    for stat in STATS:
        column = f"{stat}_ability"
        name = row.text(column)
        if not name:
            continue
        ability = abilities.get(name.lower())
        if ability is None:
            raise row.fail(column, f"unknown ability {name!r} (neither in the file's "
                           "Abilities table nor in the project's)")
        slots[stat] = ability.name
        data.abilities.setdefault(ability.name, ability)
    return Click(index=index, abilities=slots, **values)


def _attach_dials(row: _Row, figure: Figure,
                  dials: dict[str, dict[int, tuple[Click, _Row]]]) -> None:
    if not dials:
        raise row.fail("key", f"{figure.key} has no clicks in the Clicks table")
    if figure.kind == "chariot":
        # Chariot rules, Combat Dials: four sections, each with its own dial.
        missing = [p for p in CHARIOT_DIALS if p not in dials]
        if missing:
            raise row.fail("kind", f"chariot {figure.key} needs front, left, right and rear "
                           f"dials; the Clicks table has no {missing[0]} dial")
        order: tuple[str, ...] = CHARIOT_DIALS
    else:
        order = (MAIN_DIAL,)
    for position in order:
        ordered = [dials[position][i] for i in sorted(dials[position])]
        for expected, (click, click_row) in enumerate(ordered):
            if click.index != expected:
                raise click_row.fail("click", f"{figure.key} {position} dial has click "
                                     f"{click.index} but no click {expected} (clicks count "
                                     "0, 1, 2, ... without gaps)")
        if position == MAIN_DIAL:
            # Rulebook I: three skulls eliminate the warrior, so nothing live follows them.
            first_dead: Click | None = None
            for click, click_row in ordered:
                if click.dead and first_dead is None:
                    first_dead = click
                elif not click.dead and first_dead is not None:
                    raise click_row.fail("click", f"{figure.key}: click {click.index} is live "
                                         f"after dead click {first_dead.index} (three or "
                                         "more skulls)")
        figure.dials.append(Dial(position=position, clicks=[c for c, _ in ordered]))
    start = figure.starting_click
    shortest = min(len(d.clicks) for d in figure.dials)
    if start >= shortest:
        raise row.fail("starting_click", f"{start} is out of range: {figure.key} has "
                       f"clicks 0 to {shortest - 1}")
    if figure.main_dial.clicks[start].dead:
        raise row.fail("starting_click", f"click {start} of {figure.key} is dead; the "
                       "Starting Position must be a live click")
