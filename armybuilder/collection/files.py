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
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from armybuilder.export.listing import ListFormatError

FORMATS = (".csv", ".xlsx", ".txt")
COLUMNS = ("key", "figure", "rank", "count")
SHEET = "Collection"


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
        raise ListFormatError(f"{path}: a collection file is .csv, .xlsx or .txt, not "
                              f"{suffix or 'no extension'}")
    return suffix


def _count(value: Any, where: str) -> int:
    text = str(value).strip() if value is not None else ""
    if not re.fullmatch(r"\d+", text) or int(text) < 1:
        raise ListFormatError(f"{where}, column count: expected a whole number of at least "
                              f"1, got {value!r}")
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
        raise ListFormatError(f"{where}: expected a header with count and key or figure "
                              f"columns, got {', '.join(h for h in header if h) or 'nothing'}")
    return header


def read_collection_file(path: Path) -> list[CollectionRow]:
    path = Path(path)
    suffix = _suffix(path)
    if not path.is_file():
        raise ListFormatError(f"{path}: no such file")
    if suffix == ".txt":
        return _from_army(path)
    if suffix == ".xlsx":
        return _read_xlsx(path)
    text = path.read_text(encoding="utf-8-sig")
    lines = text.splitlines()
    records: list[tuple[str, dict[str, Any]]] = []
    header: list[str] | None = None
    for number, row in enumerate(csv.reader(lines), start=1):
        if not row or not any(c.strip() for c in row) or row[0].startswith("#"):
            continue  # an army list's "# army: ..." lines, blank lines
        if header is None:
            header = _header(row, f"{path.name}, line {number}")
            continue
        records.append((f"{path.name}, line {number}", dict(zip(header, row, strict=False))))
    if header is None:
        raise ListFormatError(f"{path.name}: no header row")
    return _rows(records)


def _read_xlsx(path: Path) -> list[CollectionRow]:
    from openpyxl import load_workbook

    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a broken file
        raise ListFormatError(f"{path.name}: not a readable .xlsx workbook ({exc})") from exc
    try:
        if SHEET not in book.sheetnames:
            if "Army" in book.sheetnames:
                return _from_army(path)
            raise ListFormatError(f"{path.name}: no sheet named {SHEET} (nor an army list's "
                                  "Army sheet)")
        rows = list(book[SHEET].iter_rows(values_only=True))
    finally:
        book.close()
    if not rows:
        raise ListFormatError(f"{path.name}, sheet {SHEET}: empty")
    header = _header(rows[0], f"{path.name}, sheet {SHEET}, row 1")
    records = [(f"{path.name}, sheet {SHEET}, row {i}", dict(zip(header, row, strict=False)))
               for i, row in enumerate(rows[1:], start=2)
               if any(v not in (None, "") for v in row)]
    return _rows(records)


def _from_army(path: Path) -> list[CollectionRow]:
    from armybuilder.export.army_files import read_army_file

    army = read_army_file(path)
    return _rows((r.where, {"key": r.key, "figure": r.name, "rank": r.rank, "count": r.count,
                            "passenger": r.passenger}) for r in army.rows)


def write_collection_file(owned: Sequence[Any], path: Path) -> Path:
    """Write ``owned`` (records with key, name, rank, count) in the layout above."""
    path = Path(path)
    suffix = _suffix(path)
    if suffix == ".txt":
        raise ListFormatError(f"{path}: a collection is exported as .csv or .xlsx")
    rows = [[o.key, o.name, o.rank, o.count] for o in owned]
    temporary = path.with_name(f".{path.name}.part")
    try:
        if suffix == ".csv":
            out = io.StringIO()
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(COLUMNS)
            writer.writerows(rows)
            temporary.write_text(out.getvalue(), encoding="utf-8")
        else:
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
            sheet.freeze_panes = "A2"
            for letter, width in zip("ABCD", (18, 30, 10, 8), strict=True):
                sheet.column_dimensions[letter].width = width
            book.save(temporary)
        os.replace(temporary, path)  # a reader never sees half a file
    finally:
        temporary.unlink(missing_ok=True)
    return path
