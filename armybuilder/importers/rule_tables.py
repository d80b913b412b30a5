"""The project's rule tables: special abilities and factions, in the project's own words.

``imports/abilities.csv`` holds one row per special ability of the mageknight.net feed
(its ids, slots, colours and symbols), with the game effect written by the project;
``imports/factions.csv`` holds the twelve factions and their FAQ faction rules. A row
that does not fit is refused with its file, row and column named.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from armybuilder.figures import STATS, Ability, Faction
from armybuilder.paths import imports_dir

ABILITY_COLUMNS = ("feed_id", "name", "slot", "colour", "symbol", "optional", "text",
                   "text_source")
FACTION_COLUMNS = ("feed_id", "name", "short_name", "rules", "rules_source")
SLOTS = (*STATS, "any")
SYMBOLS = ("square", "circle", "skull")
_COLOUR = re.compile(r"[a-z]+(?: [a-z]+)*")  # a plain colour name: "red", "light blue"
_BOOLEANS = {"true": True, "false": False}


class RuleTableError(ValueError):
    """A shipped table that cannot be read; the message names file, row and column."""

    def __init__(self, file: str, message: str, row: int | None = None,
                 line: int | None = None, column: str = "") -> None:
        where = file
        if row is not None:
            where += f", row {row}" + (f" (line {line})" if line is not None else "")
        if column:
            where += f", column {column}"
        super().__init__(f"{where}: {message}")
        self.file, self.row, self.line, self.column = file, row, line, column


@dataclass(frozen=True, slots=True)
class TableRow:
    """One data row: ``row`` counts data rows from 1, ``line`` is the line in the file."""

    row: int
    line: int
    values: Mapping[str, str]
    file: str
    error: type[RuleTableError] = RuleTableError

    def fail(self, column: str, message: str) -> RuleTableError:
        return self.error(self.file, message, self.row, self.line, column)

    def __getitem__(self, column: str) -> str:
        return self.values[column]


def read_table(path: Path, columns: Sequence[str],
               error: type[RuleTableError] = RuleTableError) -> list[TableRow]:
    """Rows of a UTF-8 CSV whose header is exactly ``columns`` (in any order).

    Values are stripped of surrounding spaces; wholly empty lines are skipped.
    """
    file = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise error(file, "no such file") from None
    except UnicodeDecodeError as exc:
        raise error(file, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    reader = csv.reader(text.splitlines(keepends=True))
    try:
        header = next(reader, None)
        if header is None:
            raise error(file, f"empty file; expected the header {','.join(columns)}")
        header = [h.strip() for h in header]
        for name in header:
            if header.count(name) > 1:
                raise error(file, "column named twice in the header", column=name)
            if name not in columns:
                raise error(file, f"unknown column in the header (expected "
                            f"{', '.join(columns)})", column=name)
        for name in columns:
            if name not in header:
                raise error(file, "missing from the header", column=name)
        rows: list[TableRow] = []
        count = 0
        for raw in reader:
            if not any(cell.strip() for cell in raw):
                continue
            count += 1
            if len(raw) != len(header):
                column = header[len(raw)] if len(raw) < len(header) else "(extra)"
                raise error(file, f"{len(raw)} fields where the header has {len(header)}",
                            count, reader.line_num, column)
            values = {h: cell.strip() for h, cell in zip(header, raw, strict=True)}
            rows.append(TableRow(count, reader.line_num, values, file, error))
    except csv.Error as exc:
        raise error(file, f"not valid CSV ({exc})", line=reader.line_num) from None
    return rows


# --- cell readers shared by the tables ---------------------------------------------------


def required(row: TableRow, column: str) -> str:
    value = row[column]
    if not value:
        raise row.fail(column, "must not be empty")
    return value


def optional_int(row: TableRow, column: str, minimum: int = 0) -> int | None:
    value = row[column]
    if not value:
        return None
    if not re.fullmatch(r"-?[0-9]+", value):
        raise row.fail(column, f"expected a whole number, got {value!r}")
    number = int(value)
    if number < minimum:
        raise row.fail(column, f"must be at least {minimum}, got {number}")
    return number


def boolean(row: TableRow, column: str) -> bool:
    value = row[column].lower()
    if value not in _BOOLEANS:
        raise row.fail(column, f"expected true or false, got {row[column]!r}")
    return _BOOLEANS[value]


def one_of(row: TableRow, column: str, allowed: Sequence[str]) -> str:
    value = row[column]
    if value not in allowed:
        raise row.fail(column, f"expected one of {', '.join(allowed)}, got {value!r}")
    return value


def _unique(row: TableRow, column: str, value: object, seen: dict[object, int]) -> None:
    if value in seen:
        raise row.fail(column, f"{value!r} is already used in row {seen[value]}")
    seen[value] = row.row


# --- the tables --------------------------------------------------------------------------


def load_abilities(path: Path | None = None) -> dict[str, Ability]:
    """The special abilities by name, from ``imports/abilities.csv`` unless told otherwise."""
    path = Path(path) if path is not None else imports_dir() / "abilities.csv"
    out: dict[str, Ability] = {}
    names: dict[object, int] = {}
    ids: dict[object, int] = {}
    for row in read_table(path, ABILITY_COLUMNS):
        name = required(row, "name")
        _unique(row, "name", name, names)
        feed_id = optional_int(row, "feed_id", minimum=1)
        if feed_id is not None:
            _unique(row, "feed_id", feed_id, ids)
        colour = required(row, "colour")
        if not _COLOUR.fullmatch(colour):
            raise row.fail("colour", f"expected a plain lower-case colour name such as "
                           f"'orange', got {colour!r}")
        out[name] = Ability(
            name=name,
            slot=one_of(row, "slot", SLOTS),
            colour=colour,
            symbol=one_of(row, "symbol", SYMBOLS),
            optional=boolean(row, "optional"),
            text=required(row, "text"),
            text_source=required(row, "text_source"),
            feed_id=feed_id,
        )
    return out


def load_factions(path: Path | None = None) -> dict[str, Faction]:
    """The factions by name, from ``imports/factions.csv`` unless told otherwise."""
    path = Path(path) if path is not None else imports_dir() / "factions.csv"
    out: dict[str, Faction] = {}
    names: dict[object, int] = {}
    ids: dict[object, int] = {}
    for row in read_table(path, FACTION_COLUMNS):
        name = required(row, "name")
        _unique(row, "name", name, names)
        feed_id = optional_int(row, "feed_id", minimum=1)
        if feed_id is not None:
            _unique(row, "feed_id", feed_id, ids)
        rules, source = row["rules"], row["rules_source"]
        if rules and not source:
            raise row.fail("rules_source", "faction rules need a source")
        if source and not rules:
            raise row.fail("rules", f"a source ({source!r}) is given but no rules")
        out[name] = Faction(name=name, short_name=row["short_name"], feed_id=feed_id,
                            rules=rules, rules_source=source)
    return out


def abilities_by_feed_id(abilities: Mapping[str, Ability]) -> dict[int, Ability]:
    """The abilities that have a mageknight.net id, by that id (for reading the feed)."""
    return {a.feed_id: a for a in abilities.values() if a.feed_id is not None}
