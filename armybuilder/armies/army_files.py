"""Army lists as files: an .xlsx workbook, a .csv list and a plain-text list for forums,
each readable back by ``read_army_file``.

The workbook has an Army sheet (the list, a totals row with points and actions), a Dials
sheet (every click of every figure, ability cells in the dial's colours, with a legend), a
Checks sheet (the legality findings) and an Abilities sheet (every ability's rules text).
Headers are frozen, widths set, pages print landscape one page wide.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from armybuilder.armies.listing import ArmyListing, ListFormatError, ReadArmy, ReadRow
from armybuilder.figures import STATS, Figure
from armybuilder.files import (
    check_destination,
    neutral_cell,
    restored_cell,
    text_cell,
    workbook_bytes,
    write_atomically,
)
from armybuilder.text import shown

FORMATS = (".xlsx", ".csv", ".txt")
LIST_COLUMNS = ["Figure", "Key", "Set", "Number", "Rank", "Factions", "Count", "Points each",
                "Points", "Range", "Targets", "Arc", "Speed", "Attack", "Defense", "Damage",
                "Castle", "Passenger"]
CSV_COLUMNS = [c.lower().replace(" ", "_") for c in LIST_COLUMNS]
HEADER_ROW = 6  # the Army sheet's header; rows 1-4 hold the army's name, total and profile
SKULL = "skull"
#: An army list is read only as far as an army list goes: at most this many figure rows
#: (an army has a few dozen at most) and a file of at most this many bytes; a longer one
#: is refused at once, whatever it declares.
MAX_LIST_ROWS = 1_000
MAX_LIST_BYTES = 1024 * 1024
#: A count or build total of more digits than this is refused as too large (the army's
#: own checks bound them far lower).
MAX_LIST_DIGITS = 9

#: Fills for the dial colours the ability table uses (Special Abilities Card colours).
FILLS = {
    "red": "E06666", "orange": "F6B26B", "yellow": "FFE599", "green": "93C47D",
    "blue": "6FA8DC", "purple": "B4A7D6", "grey": "B7B7B7", "gray": "B7B7B7",
    "black": "000000", "brown": "B45F06", "white": "FFFFFF",
}
_BOLD = Font(bold=True)


def _check_suffix(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ListFormatError(f"{path}: an army list is .xlsx, .csv or .txt, not "
                              f"{suffix or 'no extension'}")
    return suffix


def write_army_file(listing: ArmyListing, path: Path, force: bool = False) -> Path:
    """Write the list whole or not at all (armybuilder.files): never over an existing file
    unless ``force``, never through a symbolic link."""
    path = Path(path)
    _check_suffix(path)
    check_destination(path, force)
    return write_atomically(path, army_file_data(listing, path), force)


def army_file_data(listing: ArmyListing, path: Path) -> bytes | str:
    """What the list file ``path`` holds, by its suffix (.xlsx, .csv or .txt): for a file
    on disk, or one a browser downloads."""
    suffix = _check_suffix(Path(path))
    if suffix == ".xlsx":
        return workbook_bytes(lambda: _workbook(listing), Path(path))
    if suffix == ".csv":
        return _csv_text(listing)
    return text_list(listing)


# --- rows shared by the formats ---------------------------------------------------------


def _start(figure: Figure) -> list[Any]:
    click = figure.main_dial.clicks[figure.starting_click]
    return [SKULL if click.value(s) is None else click.value(s) for s in STATS]


def _rows(listing: ArmyListing) -> list[list[Any]]:
    rows = []
    for e in listing.entries:
        f = e.figure
        rows.append([shown(f.name), f.key, f.expansion, f.number, f.rank,
                     shown(", ".join(f.factions)), e.count, e.points, e.points * e.count,
                     f.range, f.targets, f.arc, *_start(f), e.castle, e.passenger])
    return rows


# --- xlsx ---------------------------------------------------------------------------------


def _workbook(listing: ArmyListing) -> Workbook:
    book = Workbook()
    army = book.active
    assert army is not None
    army.title = "Army"
    _army_sheet(army, listing)
    _dials_sheet(book.create_sheet("Dials"), listing)
    _checks_sheet(book.create_sheet("Checks"), listing)
    _abilities_sheet(book.create_sheet("Abilities"), listing)
    return book


def _put(sheet: Worksheet, row: int, column: int, value: Any) -> Any:
    """A cell holding ``value``; text is shown literally and never a live formula."""
    cell = sheet.cell(row=row, column=column, value=shown(value) if isinstance(value, str)
                      else value)
    text_cell(cell)
    return cell


def _header(sheet: Worksheet, row: int, names: Iterable[str]) -> None:
    for col, name in enumerate(names, start=1):
        cell = sheet.cell(row=row, column=col, value=name)
        cell.font = _BOLD
        cell.alignment = Alignment(horizontal="center")


def _printable(sheet: Worksheet, title_row: int, widths: dict[int, int]) -> None:
    for col, width in widths.items():
        sheet.column_dimensions[get_column_letter(col)].width = width
    sheet.freeze_panes = f"A{title_row + 1}"
    sheet.print_title_rows = f"{title_row}:{title_row}"
    sheet.page_setup.orientation = "landscape"
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    sheet.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)


def _army_sheet(sheet: Worksheet, listing: ArmyListing) -> None:
    meta = [("Army", listing.name), ("Build total", listing.build_total),
            ("Profile", listing.profile), ("Legal", "yes" if listing.legal else "no")]
    for row, (label, value) in enumerate(meta, start=1):
        sheet.cell(row=row, column=1, value=label).font = _BOLD
        _put(sheet, row, 2, value)
    _header(sheet, HEADER_ROW, LIST_COLUMNS)
    rows = _rows(listing)
    for r, values in enumerate(rows, start=HEADER_ROW + 1):
        for c, value in enumerate(values, start=1):
            _put(sheet, r, c, value)
    total_row = HEADER_ROW + len(rows) + 1
    sheet.cell(row=total_row, column=1, value="Total").font = _BOLD
    sheet.cell(row=total_row, column=LIST_COLUMNS.index("Count") + 1,
               value=sum(e.count for e in listing.entries)).font = _BOLD
    sheet.cell(row=total_row, column=LIST_COLUMNS.index("Points") + 1,
               value=listing.points).font = _BOLD
    sheet.cell(row=total_row + 1, column=1, value="Actions per turn").font = _BOLD
    sheet.cell(row=total_row + 1, column=LIST_COLUMNS.index("Points") + 1, value=listing.actions)
    widths = {i + 1: max(len(LIST_COLUMNS[i]), *(len(str(r[i])) for r in rows), 6) + 2
              for i in range(len(LIST_COLUMNS))} if rows else {}
    widths[1] = max(widths.get(1, 0), 18)
    _printable(sheet, HEADER_ROW, widths)


def _fill(colour: str) -> tuple[PatternFill, Font] | None:
    rgb = FILLS.get(colour.lower())
    if rgb is None:
        return None
    font = Font(color="FFFFFF", bold=True) if colour.lower() == "black" else Font(bold=True)
    return PatternFill(fill_type="solid", start_color=rgb, end_color=rgb), font


def _dials_sheet(sheet: Worksheet, listing: ArmyListing) -> None:
    headers = ["Figure", "Key", "Dial", "Click", "Speed", "Attack", "Defense", "Damage",
               "Speed ability", "Attack ability", "Defense ability", "Damage ability"]
    _header(sheet, 1, headers)
    row = 2
    used: dict[str, str] = {}
    seen: set[str] = set()
    for entry in listing.entries:
        figure = entry.figure
        if figure.key in seen:
            continue
        seen.add(figure.key)
        for dial in figure.dials:
            for click in dial.clicks:
                label = click.index + 1
                values: list[str | int] = [
                    shown(figure.name), figure.key, dial.position,
                    f"{label} (start)" if click.index == figure.starting_click else label]
                for stat in STATS:
                    number = click.value(stat)
                    values.append(SKULL if number is None else number)
                values += [click.abilities.get(s, "") for s in STATS]
                for col, value in enumerate(values, start=1):
                    _put(sheet, row, col, value)
                for i, stat in enumerate(STATS):
                    name = click.abilities.get(stat)
                    ability = listing.abilities.get(name or "")
                    styled = _fill(ability.colour) if ability else None
                    if name and styled:
                        used[name] = ability.colour if ability else ""
                        fill, font = styled
                        sheet.cell(row=row, column=5 + i).fill = fill
                        sheet.cell(row=row, column=5 + i).font = font
                    elif name:
                        used[name] = ""
                row += 1
    legend_col = len(headers) + 2
    sheet.cell(row=1, column=legend_col, value="Legend").font = _BOLD
    for r, (name, colour) in enumerate(sorted(used.items()), start=2):
        cell = _put(sheet, r, legend_col, name)
        styled = _fill(colour)
        if styled:
            cell.fill, cell.font = styled
    widths = {1: 26, 2: 16, 3: 8, 4: 10, **{c: 8 for c in range(5, 9)},
              **{c: 18 for c in range(9, 13)}, legend_col: 22}
    _printable(sheet, 1, widths)


def _checks_sheet(sheet: Worksheet, listing: ArmyListing) -> None:
    headers = ["Severity", "Rule", "Source", "Message", "Figures"]
    _header(sheet, 1, headers)
    for r, f in enumerate(listing.findings, start=2):
        values = [f.get("severity", ""), f.get("rule", ""), f.get("source", ""),
                  f.get("message", ""), ", ".join(f.get("figures", ()))]
        for c, value in enumerate(values, start=1):
            _put(sheet, r, c, value)
    _printable(sheet, 1, {1: 10, 2: 28, 3: 34, 4: 70, 5: 30})


def _abilities_sheet(sheet: Worksheet, listing: ArmyListing) -> None:
    """A reference sheet: the rules text of every ability on the army's dials."""
    headers = ["Ability", "Colour", "Slot", "Optional", "Text", "Source"]
    _header(sheet, 1, headers)
    names: list[str] = []
    for e in listing.entries:
        for dial in e.figure.dials:
            for click in dial.clicks:
                names += [n for n in click.abilities.values() if n not in names]
    row = 2
    for name in sorted(names):
        ability = listing.abilities.get(name)
        faq = bool(ability and ability.text_source.lower().startswith("faq"))
        values = [name, ability.colour if ability else "", ability.slot if ability else "",
                  ("yes" if ability.optional else "no") if ability else "",
                  ability.text if ability else "",
                  (f"FAQ update: {ability.text_source}" if faq else ability.text_source)
                  if ability else ""]
        for col, value in enumerate(values, start=1):
            cell = _put(sheet, row, col, value)
            if col == 5:
                cell.alignment = Alignment(wrap_text=True, vertical="top")
        styled = _fill(ability.colour) if ability else None
        if styled:
            cell = sheet.cell(row=row, column=1)
            cell.fill, cell.font = styled
        row += 1
    _printable(sheet, 1, {1: 22, 2: 9, 3: 9, 4: 9, 5: 90, 6: 40})


# --- csv and text ---------------------------------------------------------------------


def _csv_text(listing: ArmyListing) -> str:
    out = io.StringIO()
    out.write(f"# army: {shown(listing.name)}\n# build_total: {listing.build_total}\n"
              f"# profile: {shown(listing.profile)}\n# points: {listing.points}\n"
              f"# actions: {listing.actions}\n")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    # No cell a spreadsheet would run as a formula (files.neutral_cell).
    writer.writerows([neutral_cell(v) for v in row] for row in _rows(listing))
    return out.getvalue()


RANK_MARK = {"weak": "*", "standard": "**", "tough": "***", "unique": "unique"}


def text_list(listing: ArmyListing) -> str:
    """A list to paste on a forum; ``read_army_file`` reads it back."""
    lines = [f"Army: {shown(listing.name)}",
             f"Build total: {listing.build_total} ({shown(listing.profile)})", ""]
    for e in listing.entries:
        f = e.figure
        extra = f", {e.castle}" if e.castle else ""
        rider = f" carrying {e.passenger}" if e.passenger else ""
        lines.append(f"{e.count}x {shown(f.name)} ({RANK_MARK.get(f.rank, f.rank)}{extra}) "
                     f"[{f.key}]{rider} - {e.points * e.count} pts")
    lines += ["", f"Total: {listing.points} / {listing.build_total} points, "
              f"{listing.actions} action{'s' if listing.actions != 1 else ''} per turn"]
    if listing.notes:
        lines += ["", f"Notes: {shown(listing.notes)}"]
    return "\n".join(lines) + "\n"


# --- reading back ---------------------------------------------------------------------


def read_army_file(path: Path) -> ReadArmy:
    path = Path(path)
    suffix = _check_suffix(path)
    if not path.is_file():
        raise ListFormatError(f"{shown(path)}: no such file")
    if suffix == ".xlsx":
        army = _read_xlsx(path)
    else:
        text = read_bounded(path)
        army = _read_csv(text, path.name) if suffix == ".csv" else _read_text(text, path.name)
    return army


def read_bounded(path: Path, most: int = MAX_LIST_BYTES, what: str = "an army list") -> str:
    """A list file's text: at most ``most`` bytes (a longer file is refused at once), UTF-8
    (a byte that is not is named)."""
    try:
        with path.open("rb") as handle:
            data = handle.read(most + 1)
    except OSError as exc:
        raise ListFormatError(f"{shown(path)}: {exc.strerror or exc}") from exc
    if len(data) > most:
        raise ListFormatError(f"{shown(path.name)}: larger than {most // 1024:,} KB; "
                              f"not {what}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ListFormatError(f"{shown(path.name)}: not UTF-8 text ({exc.reason} at byte "
                              f"{exc.start}); save it as UTF-8") from exc


def _added(army: ReadArmy, row: ReadRow) -> None:
    if len(army.rows) >= MAX_LIST_ROWS:
        raise ListFormatError(f"{row.where}: more than {MAX_LIST_ROWS:,} figure rows; an army "
                              "list this long is not an army")
    army.rows.append(row)


def _int(value: Any, where: str, column: str, minimum: int = 0) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # a workbook's number cell: 3.0, 1e+20
    text = str(value).strip() if value is not None else ""
    if re.fullmatch(r"[0-9]+", text) and len(text.lstrip("0")) > MAX_LIST_DIGITS:
        raise ListFormatError(f"{where}, column {column}: too large, got "
                              f"'{shown(text)[:40]}' (at most {10**MAX_LIST_DIGITS - 1:,})")
    if not re.fullmatch(r"[0-9]+", text) or int(text.lstrip("0") or "0") < minimum:
        raise ListFormatError(f"{where}, column {column}: expected a whole number "
                              f"{'of at least ' + str(minimum) if minimum else ''}, "
                              f"got '{shown(text)[:40]}'".replace("  ", " "))
    return int(text.lstrip("0") or "0")


def _row(values: dict[str, Any], where: str) -> ReadRow:
    key = str(values.get("key") or "").strip()
    name = str(values.get("figure") or "").strip()
    if not key and not name:
        raise ListFormatError(f"{where}: neither a key nor a figure name")
    return ReadRow(where=where, key=key, name=name,
                   rank=str(values.get("rank") or "").strip().lower(),
                   count=_int(values.get("count", 1), where, "Count", 1),
                   castle=str(values.get("castle") or "").strip().lower(),
                   passenger=str(values.get("passenger") or "").strip())


def _read_xlsx(path: Path) -> ReadArmy:
    from armybuilder.importers.spreadsheet import open_workbook, sheet_rows

    book = open_workbook(path, ListFormatError, most=32 * 1024 * 1024)
    try:
        if "Army" not in book.sheetnames:
            raise ListFormatError(f"{shown(path.name)}: no sheet named Army")
        # The rows the sheet really holds, never its declared dimension; a list longer
        # than an army list could be is refused as it is met.
        rows = list(sheet_rows(book["Army"], f"{shown(path.name)}, sheet Army",
                               ListFormatError, most_rows=HEADER_ROW + MAX_LIST_ROWS + 10,
                               most_columns=2 * len(LIST_COLUMNS)))
    finally:
        book.close()
    army = ReadArmy()
    header_at = None
    for i, row in enumerate(rows):
        first = str(row[0]).strip() if row and row[0] is not None else ""
        if first == "Figure" and len(row) > 1 and str(row[1]).strip() == "Key":
            header_at = i
            break
        if first == "Army":
            army.name = str(row[1] or "").strip()
        elif first == "Build total":
            army.build_total = _int(row[1], f"{path.name}, sheet Army, row {i + 1}", "B", 1)
        elif first == "Profile":
            army.profile = str(row[1] or "").strip()
    if header_at is None:
        raise ListFormatError(f"{path.name}, sheet Army: no header row starting Figure, Key")
    names = [str(h).strip().lower().replace(" ", "_") if h is not None else ""
             for h in rows[header_at]]
    for i, row in enumerate(rows[header_at + 1:], start=header_at + 2):
        values = dict(zip(names, row, strict=False))
        first = str(row[0]).strip() if row and row[0] is not None else ""
        if first in ("Total", "Actions per turn") or not any(v not in (None, "") for v in row):
            continue
        _added(army, _row(values, f"{shown(path.name)}, sheet Army, row {i}"))
    return army


def _read_csv(text: str, name: str) -> ReadArmy:
    army = ReadArmy()
    body: list[str] = []
    for line in text.splitlines():
        if line.startswith("#"):
            label, _, value = line[1:].partition(":")
            label, value = label.strip().lower(), value.strip()
            if label == "army":
                army.name = value
            elif label == "build_total":
                army.build_total = _int(value, f"{name}, line {len(body) + 1}", "build_total", 1)
            elif label == "profile":
                army.profile = value
            body.append("")
        else:
            body.append(line)
    header: list[str] | None = None
    for line_number, row in csv_rows(body, name):
        if not row or not any(cell.strip() for cell in row):
            continue
        if header is None:
            header = [h.strip().lower().replace(" ", "_") for h in row]
            if "key" not in header and "figure" not in header:
                raise ListFormatError(f"{name}, line {line_number}: expected a header with "
                                      "key or figure columns")
            continue
        _added(army, _row(dict(zip(header, map(restored_cell, row), strict=False)),
                          f"{shown(name)}, line {line_number}"))
    if header is None:
        raise ListFormatError(f"{name}: no header row")
    return army


def csv_rows(lines: list[str], name: str) -> Iterable[tuple[int, list[str]]]:
    """The rows of a CSV list, one a line. A quote left open (a row that would run on
    into the lines after it, or to the end of the file) and a quote inside a quoted field
    are malformed: no name or count an army list or collection holds spans lines."""
    reader = csv.reader(lines, strict=True)
    number = 0
    try:
        for number, row in enumerate(reader, start=1):
            if reader.line_num != number:
                raise ListFormatError(f"{shown(name)}, line {number}: a quote opened on this "
                                      "line is not closed on it")
            yield number, row
    except csv.Error as exc:  # a field over the csv module's limit, a stray quote
        if "unexpected end of data" in str(exc):
            raise ListFormatError(f"{shown(name)}, line {number + 1}: a quote opened on this "
                                  "line is never closed") from exc
        raise ListFormatError(f"{shown(name)}, line {number + 1}: not readable as CSV "
                              f"({exc})") from exc


_TEXT_LINE = re.compile(
    r"^\s*(?P<count>[0-9]+)\s*x\s+(?P<name>.+?)\s+\((?P<rank>\*{1,3}|unique|weak|standard|tough)"
    r"(?:,\s*(?P<castle>heavy|light))?\)\s*(?:\[(?P<key>[^\]]+)\])?"
    r"(?:\s+carrying\s+(?P<passenger>\S+))?", re.IGNORECASE)
_STARS = {"*": "weak", "**": "standard", "***": "tough"}


def _read_text(text: str, name: str) -> ReadArmy:
    army = ReadArmy()
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped:
            continue
        lowered = stripped.lower()
        if lowered.startswith("army:"):
            army.name = stripped.split(":", 1)[1].strip()
        elif lowered.startswith("build total:"):
            found = re.match(r"build total:\s*([0-9]+)\s*(?:\((.*)\))?", stripped,
                             re.IGNORECASE)
            if not found:
                raise ListFormatError(f"{name}, line {number}: expected 'Build total: N'")
            army.build_total = _int(found.group(1), f"{shown(name)}, line {number}",
                                    "build total", 1)
            army.profile = (found.group(2) or "").strip()
        elif lowered.startswith(("total:", "notes:")):
            continue
        else:
            where = f"{shown(name)}, line {number}"
            match = _TEXT_LINE.match(stripped[:1000])
            if not match:
                raise ListFormatError(f"{where}: expected a figure line like '2x Utem "
                                      f"Guardsman (**) [rebellion:5]', got "
                                      f"'{shown(stripped)[:80]}'")
            rank = match.group("rank").lower()
            _added(army, ReadRow(
                where=where, key=(match.group("key") or "").strip(),
                name=match.group("name").strip(), rank=_STARS.get(rank, rank),
                count=_int(match.group("count"), where, "count", 1),
                castle=(match.group("castle") or "").lower(),
                passenger=match.group("passenger") or ""))
    return army
