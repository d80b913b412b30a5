"""The workbook ``battle gauntlet --xlsx`` writes: the gauntlet's tables
(``armybuilder.sim.frames``, re-exported here) written with pandas' openpyxl engine.

Sheets: **Matchups** (the row army's win rate against the column army, a red–white–green
colour scale from 0% through 50% to 100%, then every pair's record with its interval),
**Ranking**, one sheet per army (its record against each opponent, then how each of its
figures did over all its games), and **Games** (one row per game).

The workbook keeps armybuilder/files.py's promises: names shown literally (``shown``), no
cell a live formula, written whole or not at all, never over a file without ``force``
and never through a symbolic link.

pandas is imported with this module, which only ``--xlsx`` loads.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd
from openpyxl.formatting.rule import ColorScaleRule
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from armybuilder.files import ExportError, text_cell, write_atomically
from armybuilder.sim.frames import GamesOf, GauntletFrames, frames
from armybuilder.text import counted, shown

if TYPE_CHECKING:
    from armybuilder.sim.gauntlet import GauntletReport

RED, WHITE, GREEN = "F8696B", "FFFFFF", "63BE7B"
_BAD_SHEET_CHARACTERS = re.compile(r"[\[\]:*?/\\]")
FIXED_SHEETS = ("Matchups", "Ranking", "Games")


def sheet_names(armies: list[str]) -> dict[str, str]:
    """A sheet name for every army: Excel's characters and 31-letter limit, no clashes."""
    taken = {s.casefold() for s in FIXED_SHEETS}
    out = {}
    for name in armies:
        base = _BAD_SHEET_CHARACTERS.sub("_", shown(name)).strip("'") or "army"
        candidate, n = base[:31], 1
        while candidate.casefold() in taken:
            n += 1
            suffix = f" ({n})"
            candidate = base[:31 - len(suffix)] + suffix
        taken.add(candidate.casefold())
        out[name] = candidate
    return out


def write_gauntlet_book(path: Path, report: GauntletReport, data: Mapping[str, Any],
                        games_of: GamesOf, force: bool = False) -> Path:
    """Write the workbook whole or not at all (armybuilder/files.py)."""
    path = Path(path)
    try:
        book = gauntlet_book_bytes(report, data, games_of)
    except OSError as exc:  # openpyxl's temporary files, on a full disk
        raise ExportError(f"{shown(path)}: cannot write it ({exc.strerror or exc}); nothing "
                          "was written") from None
    return write_atomically(path, book, force)


def gauntlet_book_bytes(report: GauntletReport, data: Mapping[str, Any],
                        games_of: GamesOf) -> bytes:
    """The .xlsx file's bytes: every name shown literally, no cell a live formula."""
    tables = _literal(frames(report, data, games_of))
    buffer = io.BytesIO()
    with pd.ExcelWriter(buffer, engine="openpyxl") as writer:
        _matchups_sheet(writer, tables, report)
        tables.ranking.to_excel(writer, sheet_name="Ranking", index=False)
        _tidy(writer.sheets["Ranking"], percent=("win_rate", "win_rate_ci95_low",
                                                 "win_rate_ci95_high"))
        for army, sheet in sheet_names(list(report.armies)).items():
            _army_sheet(writer, sheet, army, tables)
        # Seeds are 63-bit: as numbers a spreadsheet would round them.
        tables.games.astype({"seed": str}).to_excel(writer, sheet_name="Games", index=False)
        _tidy(writer.sheets["Games"])
        for worksheet in writer.book.worksheets:
            for row in worksheet.iter_rows():
                for cell in row:
                    text_cell(cell)  # an army named "=cmd|..." stays text
    return buffer.getvalue()


def _literal(tables: GauntletFrames) -> GauntletFrames:
    """The tables with every name as ``shown`` gives it: openpyxl refuses control
    characters, and a spreadsheet reader should see them as the terminal does."""
    def cells(frame: pd.DataFrame) -> pd.DataFrame:
        frame = frame.map(lambda v: shown(v) if isinstance(v, str) else v)
        return frame.rename(columns=lambda c: shown(c) if isinstance(c, str) else c)

    matchups = cells(tables.matchups)
    matchups.index = pd.Index([shown(n) for n in matchups.index], name="army")
    return GauntletFrames(matchups, cells(tables.pairs), cells(tables.ranking),
                          cells(tables.figures), cells(tables.games))


def _matchups_sheet(writer: pd.ExcelWriter, tables: GauntletFrames,
                    report: GauntletReport) -> None:
    n = len(report.armies)
    tables.matchups.to_excel(writer, sheet_name="Matchups", startrow=1)
    sheet = writer.sheets["Matchups"]
    sheet["A1"] = ("Win rate of the row's army against the column's (a draw counts half); "
                   f"{counted(report.request.games, 'game')} a pair, seed {report.request.seed}")
    sheet["A1"].font = Font(bold=True)
    cells = f"B3:{get_column_letter(n + 1)}{n + 2}"
    for row in sheet[cells]:
        for c in row:
            c.number_format = "0%"
    # 0% red, 50% white, 100% green: the heat map of the matchup table.
    sheet.conditional_formatting.add(cells, ColorScaleRule(
        start_type="num", start_value=0, start_color=RED, mid_type="num", mid_value=0.5,
        mid_color=WHITE, end_type="num", end_value=1, end_color=GREEN))
    sheet.freeze_panes = "B3"
    start = n + 5
    sheet.cell(start - 1, 1, "Every pair's record (rows: the army, against the opponent)"
               ).font = Font(bold=True)
    tables.pairs.to_excel(writer, sheet_name="Matchups", startrow=start - 1, index=False)
    for row in sheet.iter_rows(min_row=start + 1, max_row=start + len(tables.pairs)):
        for c in row[6:9]:
            c.number_format = "0.0%"
    _widths(sheet, titles=(1, start - 1))


def _army_sheet(writer: pd.ExcelWriter, sheet_name: str, army: str,
                tables: GauntletFrames) -> None:
    army = shown(army)  # the tables' names are shown already
    record = tables.pairs[tables.pairs["army"] == army].drop(columns="army")
    figures = tables.figures[tables.figures["army"] == army].drop(columns="army") \
        if not tables.figures.empty else tables.figures
    record.to_excel(writer, sheet_name=sheet_name, startrow=1, index=False)
    sheet = writer.sheets[sheet_name]
    sheet["A1"] = f"{army}: its record against each opponent"
    sheet["A1"].font = Font(bold=True)
    start = len(record) + 4
    sheet.cell(start, 1, f"{army}: its figures over all its games (per game, copies "
                         "together; survival: copies on the table at the end)"
               ).font = Font(bold=True)
    figures.to_excel(writer, sheet_name=sheet_name, startrow=start, index=False)
    for row in sheet.iter_rows(min_row=3, max_row=2 + len(record)):
        for c in row[5:8]:
            c.number_format = "0.0%"
    for row in sheet.iter_rows(min_row=start + 2, max_row=start + 1 + len(figures)):
        row[-1].number_format = "0%"
        for c in row[3:6]:
            c.number_format = "0.00"
    sheet.freeze_panes = "A3"
    _widths(sheet, titles=(1, start))


def _tidy(sheet: Worksheet, percent: tuple[str, ...] = ()) -> None:
    header = [c.value for c in sheet[1]]
    for column, name in enumerate(header, start=1):
        if name in percent:
            for (c,) in sheet.iter_rows(min_row=2, min_col=column, max_col=column):
                c.number_format = "0.0%"
    sheet.freeze_panes = "A2"
    _widths(sheet)


def _widths(sheet: Worksheet, titles: tuple[int, ...] = ()) -> None:
    """Columns as wide as their values, not as the titles (rows ``titles``) above them."""
    widths: dict[int, int] = {}
    for row in sheet.iter_rows():
        for c in row:
            if c.value is not None and c.row not in titles:
                widths[c.column] = max(widths.get(c.column, 0), len(str(c.value)))
    for column, width in widths.items():
        sheet.column_dimensions[get_column_letter(column)].width = min(40, width + 2)
