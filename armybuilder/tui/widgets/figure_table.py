"""The table of figures a search found.

A search can find the whole catalogue (over a thousand figures) on every keystroke, so
the table draws only the lines on screen (Textual's line API): refilling it is swapping a
list, whatever the number of rows. Textual's DataTable measures every cell of every new
row, which took several hundred milliseconds for the full catalogue.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from armybuilder.text import shown
from armybuilder.tui.looks import RANK_STARS, range_text, value_text

if TYPE_CHECKING:
    from armybuilder.catalogue.queries import FigureSummary

    Row = FigureSummary

#: (label, width, right-aligned) of every column; the narrow table (in the army builder)
#: keeps the first five.
COLUMNS: tuple[tuple[str, int, bool], ...] = (
    ("Figure", 22, False), ("Rank", 4, False), ("Pts", 3, True), ("Factions", 15, False),
    ("Rng", 4, False), ("Set", 7, False), ("Sp", 2, True), ("At", 2, True), ("Df", 2, True),
    ("Dm", 2, True),
)
NARROW = 5
GAP = 2  # spaces between columns


def _fit(text: str, width: int, right: bool) -> str:
    if len(text) > width:
        text = text[: width - 1] + "…"
    return text.rjust(width) if right else text.ljust(width)


class FigureTable(ScrollView, can_focus=True):
    """Figures by key, one line each, under a header that stays put."""

    DEFAULT_CSS = """
    FigureTable {
        height: 1fr;
        background: $surface;
        &:focus { background-tint: $foreground 5%; }
        & > .figure-table--header { text-style: bold; background: $panel; }
        &:dark > .figure-table--even-row { background: $surface-darken-1 40%; }
        & > .figure-table--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
        }
        &:focus > .figure-table--cursor {
            background: $block-cursor-background;
            color: $block-cursor-foreground;
            text-style: $block-cursor-text-style;
        }
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "figure-table--header", "figure-table--cursor", "figure-table--even-row"}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("enter", "select", "Open", show=False),
    ]

    cursor_row: reactive[int] = reactive(0, init=False)

    @dataclass
    class Highlighted(Message):
        table: FigureTable
        key: str | None

    @dataclass
    class Selected(Message):
        table: FigureTable
        key: str

    def __init__(self, *, narrow: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.narrow = narrow
        self.columns = COLUMNS[:NARROW] if narrow else COLUMNS
        self.set_ids: dict[str, str] = {}  # expansion slug -> set letter ("R")
        self._rows: list[Row] = []
        self._index: dict[str, int] = {}
        self._lines: dict[int, str] = {}  # row index -> its text, built when first drawn
        self._width = sum(w for _, w, _ in self.columns) + GAP * (len(self.columns) - 1) + 2
        self._header = " " + (" " * GAP).join(_fit(label, w, right)
                                             for label, w, right in self.columns) + " "
        self.virtual_size = Size(self._width, 1)

    # --- data ---------------------------------------------------------------------

    @property
    def row_count(self) -> int:
        return len(self._rows)

    @property
    def highlighted_key(self) -> str | None:
        if 0 <= self.cursor_row < len(self._rows):
            return self._rows[self.cursor_row].key
        return None

    def show_rows(self, rows: Sequence[Row]) -> None:
        """Refill the table, keeping the cursor on the same figure when it is still there."""
        keep = self.highlighted_key
        self._rows = list(rows)
        self._index = {r.key: i for i, r in enumerate(self._rows)}
        self._lines.clear()
        self.virtual_size = Size(self._width, len(self._rows) + 1)
        row = self._index.get(keep, 0) if keep is not None else 0
        self.set_reactive(FigureTable.cursor_row, row)
        self._scroll_to_cursor()
        self.refresh()

    def key_at(self, index: int) -> str:
        return self._rows[index].key

    def cells(self, key: str) -> list[str]:
        """The text of each column for the figure ``key``, as shown."""
        return self._cells(self._rows[self._index[key]])

    def cells_at(self, index: int) -> list[str]:
        return self._cells(self._rows[index])

    def _cells(self, r: Row) -> list[str]:
        # Names shown literally: this table writes its lines straight to the terminal.
        cells = [shown(r.name), shown(RANK_STARS.get(r.rank, r.rank)[:4]), str(r.points),
                 shown(r.factions), range_text(r.range, r.targets)]
        if not self.narrow:
            letter = self.set_ids.get(r.expansion)
            cells += [shown(f"{letter}{r.number:03d}" if letter
                            else f"{r.expansion[:4]} {r.number}"),
                      value_text(r.speed), value_text(r.attack), value_text(r.defense),
                      value_text(r.damage)]
        return cells

    def _line(self, index: int) -> str:
        text = self._lines.get(index)
        if text is None:
            cells = self._cells(self._rows[index])
            text = " " + (" " * GAP).join(_fit(c, w, right) for c, (_, w, right)
                                          in zip(cells, self.columns, strict=True)) + " "
            self._lines[index] = text
        return text

    # --- drawing ------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        base = self.rich_style
        if y == 0:
            style = base + self.get_component_rich_style("figure-table--header")
            return self._strip(self._header, style, scroll_x, width)
        index = scroll_y + y - 1
        if index >= len(self._rows):
            return Strip.blank(width, base)
        if index == self.cursor_row:
            style = base + self.get_component_rich_style("figure-table--cursor")
        elif index % 2:
            style = base + self.get_component_rich_style("figure-table--even-row")
        else:
            style = base
        return self._strip(self._line(index), style, scroll_x, width)

    def _strip(self, text: str, style: Style, scroll_x: int, width: int) -> Strip:
        shown = text[scroll_x: scroll_x + width].ljust(width)
        return Strip([Segment(shown, style)], width)

    def watch_cursor_row(self, old: int, new: int) -> None:
        self._refresh_row(old)
        self._refresh_row(new)
        self._scroll_to_cursor()
        self.post_message(self.Highlighted(self, self.highlighted_key))

    def _refresh_row(self, index: int) -> None:
        y = index - self.scroll_offset.y + 1
        if 1 <= y < self.size.height:
            self.refresh(Region(0, y, self.size.width, 1))

    def _scroll_to_cursor(self) -> None:
        visible = max(self.scrollable_content_region.height - 1, 1)
        top = self.scroll_offset.y
        if self.cursor_row < top:
            self.scroll_to(y=self.cursor_row, animate=False, immediate=True)
        elif self.cursor_row >= top + visible:
            self.scroll_to(y=self.cursor_row - visible + 1, animate=False, immediate=True)

    # --- keys and mouse -----------------------------------------------------------

    def _go(self, row: int) -> None:
        if self._rows:
            self.cursor_row = max(0, min(row, len(self._rows) - 1))

    def action_move(self, step: int) -> None:
        self._go(self.cursor_row + step)

    def action_page(self, direction: int) -> None:
        self._go(self.cursor_row + direction * max(self.size.height - 2, 1))

    def action_jump(self, row: int) -> None:
        self._go(row if row >= 0 else len(self._rows) - 1)

    def action_select(self) -> None:
        key = self.highlighted_key
        if key is not None:
            self.post_message(self.Selected(self, key))

    def on_click(self, event: events.Click) -> None:
        if event.y < 1:
            return
        row = self.scroll_offset.y + event.y - 1
        if 0 <= row < len(self._rows):
            if row == self.cursor_row and event.chain >= 2:
                self.action_select()
            self._go(row)
