"""Collection files: a CSV or xlsx in the documented layout, or any army list.

The layout: a header row with ``count`` and ``key`` (``rebellion:58``, ``R058``) or
``figure`` (a name, with an optional ``rank`` column), other columns ignored; in an xlsx
the sheet is called Collection. An army list (.txt, .csv or .xlsx as ``army export``
writes them) reads as a collection too: each figure and each passenger as many times as
the army holds it.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from armybuilder.armies.listing import ListFormatError
from armybuilder.files import (
    check_destination,
    neutral_cell,
    restored_cell,
    text_cell,
    workbook_bytes,
    write_atomically,
)
from armybuilder.text import shown

FORMATS = (".csv", ".xlsx", ".txt")
COLUMNS = ("key", "figure", "rank", "count")
SHEET = "Collection"
#: A collection file is read only as far as a collection goes: a row per figure of the
#: catalogue (about 1,100) with room to spare, and a file of at most this many bytes.
MAX_ROWS = 20_000
MAX_BYTES = 4 * 1024 * 1024
#: Most copies of one figure a row may count.
MAX_ROW_COUNT = 99_999


@dataclass(frozen=True, slots=True)
class CollectionRow:
    where: str  # "mine.csv, line 4": for messages
    key: str
    name: str
    rank: str
    count: int

    def reference(self) -> str:
        if self.key:
            return self.key
        return f"{self.name} {self.rank}".strip()


def _suffix(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ListFormatError(f"{shown(path)}: a collection file is .csv, .xlsx or .txt, not "
                              f"{shown(suffix) or 'no extension'}")
    return suffix


def _count(value: Any, where: str) -> int:
    text = str(value).strip() if value is not None else ""
    # ASCII digits: int() reads other scripts' digits too ("٣" is 3), a count never.
    if not re.fullmatch(r"[0-9]{1,9}", text) or not 1 <= int(text) <= MAX_ROW_COUNT:
        raise ListFormatError(f"{where}, column count: expected a whole number from 1 to "
                              f"{MAX_ROW_COUNT:,}, got '{shown(text)[:40]}'")
    return int(text)


def _rows(records: Iterable[tuple[str, dict[str, Any]]]) -> list[CollectionRow]:
    out: list[CollectionRow] = []
    for where, values in records:
        key = str(values.get("key") or "").strip()
        name = str(values.get("figure") or "").strip()
        if not key and not name:
            raise ListFormatError(f"{where}: neither a key nor a figure name")
        count = _count(values.get("count", 1), where)
        out.append(CollectionRow(where, key, name, str(values.get("rank") or "").strip()
                                 .lower(), count))
        passenger = str(values.get("passenger") or "").strip()
        if passenger:
            out.append(CollectionRow(f"{where}, passenger", passenger, "", "", count))
    return out


def _header(names: Sequence[Any], where: str) -> list[str]:
    header = [str(h).strip().lower().replace(" ", "_") if h is not None else "" for h in names]
    if "count" not in header or ("key" not in header and "figure" not in header):
        got = shown(", ".join(h for h in header if h)[:200]) or "nothing"
        raise ListFormatError(f"{where}: expected a header with count and key or figure "
                              f"columns, got {got}")
    return header


def read_collection_file(path: Path) -> list[CollectionRow]:
    """The rows of a collection file, bounded by the data present (at most MAX_ROWS rows
    and MAX_BYTES bytes), each bad row named with its line."""
    from armybuilder.armies.army_files import csv_rows, read_bounded

    path = Path(path)
    suffix = _suffix(path)
    if not path.is_file():
        raise ListFormatError(f"{shown(path)}: no such file")
    if suffix == ".txt":
        return _from_army(path)
    if suffix == ".xlsx":
        return _read_xlsx(path)
    text = read_bounded(path, MAX_BYTES, "a collection file")
    name = shown(path.name)
    records: list[tuple[str, dict[str, Any]]] = []
    header: list[str] | None = None
    for number, row in csv_rows(text.splitlines(), path.name):
        if not row or not any(c.strip() for c in row) or row[0].startswith("#"):
            continue  # an army list's "# army: ..." lines, blank lines
        if header is None:
            header = _header(row, f"{name}, line {number}")
            continue
        if len(records) >= MAX_ROWS:
            raise ListFormatError(f"{name}, line {number}: more than {MAX_ROWS:,} rows; not "
                                  "a collection file")
        records.append((f"{name}, line {number}",
                        dict(zip(header, map(restored_cell, row), strict=False))))
    if header is None:
        raise ListFormatError(f"{name}: no header row")
    return _rows(records)


def _read_xlsx(path: Path) -> list[CollectionRow]:
    from armybuilder.importers.spreadsheet import open_workbook, sheet_rows

    name = shown(path.name)
    book = open_workbook(path, ListFormatError, most=32 * 1024 * 1024)
    try:
        if SHEET not in book.sheetnames:
            if "Army" in book.sheetnames:
                return _from_army(path)
            raise ListFormatError(f"{name}: no sheet named {SHEET} (nor an army list's "
                                  "Army sheet)")
        # The rows the sheet really holds, never its declared dimension.
        rows = list(sheet_rows(book[SHEET], f"{name}, sheet {SHEET}", ListFormatError,
                               most_rows=MAX_ROWS + 1, most_columns=4 * len(COLUMNS)))
    finally:
        book.close()
    if not rows:
        raise ListFormatError(f"{name}, sheet {SHEET}: empty")
    header = _header(rows[0], f"{name}, sheet {SHEET}, row 1")
    records = [(f"{name}, sheet {SHEET}, row {i}", dict(zip(header, row, strict=False)))
               for i, row in enumerate(rows[1:], start=2)
               if any(v not in (None, "") for v in row)]
    return _rows(records)


def _from_army(path: Path) -> list[CollectionRow]:
    from armybuilder.armies.army_files import read_army_file

    army = read_army_file(path)
    return _rows((r.where, {"key": r.key, "figure": r.name, "rank": r.rank, "count": r.count,
                            "passenger": r.passenger}) for r in army.rows)


def write_collection_file(owned: Sequence[Any], path: Path, force: bool = False) -> Path:
    """Write ``owned`` (records with key, name, rank, count) in the layout above, whole or
    not at all (armybuilder.files): never over an existing file unless ``force``, never
    through a symbolic link, no cell a spreadsheet would run as a formula."""
    path = Path(path)
    suffix = _suffix(path)
    if suffix == ".txt":
        raise ListFormatError(f"{shown(path)}: a collection is exported as .csv or .xlsx")
    check_destination(path, force)
    rows = [[o.key, shown(o.name), o.rank, o.count] for o in owned]
    if suffix == ".csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS)
        writer.writerows([neutral_cell(v) for v in row] for row in rows)
        data: bytes | str = out.getvalue()
    else:
        data = workbook_bytes(lambda: _workbook(rows), path)
    return write_atomically(path, data, force)


def _workbook(rows: list[list[Any]]) -> Any:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = SHEET
    sheet.append(list(COLUMNS))
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for row in rows:
        sheet.append(row)
    for line in sheet.iter_rows(min_row=2):
        for cell in line:
            text_cell(cell)
    sheet.freeze_panes = "A2"
    for letter, width in zip("ABCD", (18, 30, 10, 8), strict=True):
        sheet.column_dimensions[letter].width = width
    return book
