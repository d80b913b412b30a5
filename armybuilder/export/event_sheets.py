"""Printable tournament sheets: a round's pairings, the standings, and the decklists, as
PDF (fpdf2), written whole or not at all like every export (armybuilder.files).

The sheets take plain rows, so the tournament code decides what is printed and this module
only lays it out: a title, a line under it, and tables that break over pages with their
header repeated.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from armybuilder.export.roster import MARGIN, PAPERS, RosterError, plain
from armybuilder.files import check_destination, write_atomically

if TYPE_CHECKING:
    from fpdf import FPDF

ROW = 6  # mm


@dataclass(frozen=True, slots=True)
class Table:
    headers: tuple[str, ...]
    widths: tuple[float, ...]  # shares of the page's width
    rows: tuple[tuple[str, ...], ...]
    heading: str = ""  # a line above the table: a player's list, a round


@dataclass(frozen=True, slots=True)
class Sheet:
    title: str
    subtitle: str
    tables: tuple[Table, ...]
    notes: tuple[str, ...] = ()  # lines after the tables


def _pdf(paper: str) -> FPDF:
    from fpdf import FPDF

    size = PAPERS.get(paper.lower())
    if size is None:
        raise RosterError(f"--paper: a4 or letter, not {paper!r}")
    pdf = FPDF(format=size)
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.set_auto_page_break(True, MARGIN)
    return pdf


def _header(pdf: FPDF, table: Table, width: float) -> None:
    pdf.set_font("Helvetica", "B", 9)
    pdf.set_fill_color(220, 220, 220)
    for text, share in zip(table.headers, table.widths, strict=True):
        pdf.cell(width * share, ROW, plain(text), border=1, fill=True)
    pdf.ln(ROW)
    pdf.set_font("Helvetica", "", 9)


def _table(pdf: FPDF, table: Table) -> None:
    width = pdf.w - 2 * MARGIN
    if table.heading:
        pdf.set_font("Helvetica", "B", 11)
        pdf.multi_cell(width, ROW, plain(table.heading), new_x="LMARGIN", new_y="NEXT")
    _header(pdf, table, width)
    for row in table.rows:
        if pdf.get_y() + ROW > pdf.h - MARGIN:
            pdf.add_page()
            _header(pdf, table, width)
        for text, share in zip(row, table.widths, strict=True):
            cell = plain(text)
            room = width * share - 2
            while cell and pdf.get_string_width(cell) > room:
                cell = cell[:-1]  # one line a row: a long name is cut, never wrapped
            pdf.cell(width * share, ROW, cell, border=1)
        pdf.ln(ROW)
    pdf.ln(ROW / 2)


def sheet_bytes(sheet: Sheet, paper: str = "a4") -> bytes:
    pdf = _pdf(paper)
    pdf.add_page()
    width = pdf.w - 2 * MARGIN
    pdf.set_font("Helvetica", "B", 16)
    pdf.multi_cell(width, 9, plain(sheet.title), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    pdf.multi_cell(width, ROW, plain(sheet.subtitle), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(ROW / 2)
    for table in sheet.tables:
        _table(pdf, table)
    pdf.set_font("Helvetica", "", 9)
    for line in sheet.notes:
        pdf.multi_cell(width, ROW - 1, plain(line), new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def write_sheet(sheet: Sheet, path: Path, force: bool = False, paper: str = "a4") -> Path:
    """The sheet as a PDF at ``path``; an existing file only with ``force``."""
    check_destination(Path(path), force)
    return write_atomically(Path(path), sheet_bytes(sheet, paper), force)


def widths(*shares: float) -> tuple[float, ...]:
    whole = sum(shares)
    return tuple(s / whole for s in shares)


def rows(values: Sequence[Sequence[object]]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple("" if v is None else str(v) for v in row) for row in values)
