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

@dataclass(frozen=True, slots=True)
class Column:
    label: str
    width: int  # the least it is given
    right: bool = False
    fitted: bool = False  # drawn as wide as its longest text when there is room


#: Every column. The name, rank, points (and what you own) are always shown.
COLUMNS: tuple[Column, ...] = (
    Column("Figure", 16, fitted=True), Column("Rank", 4), Column("Pts", 3, True),
    Column("Own", 3, True), Column("Set", 3, fitted=True), Column("Sp", 2, True),
    Column("At", 2, True), Column("Df", 2, True), Column("Dm", 2, True), Column("Rng", 4),
    Column("Factions", 10, fitted=True),
)
_BY_LABEL = {c.label: c for c in COLUMNS}
#: The columns that follow the whole name, as the width allows, most wanted first: the four
#: starting values (only together), the set, the factions uncut, the range. The factions
#: come last again, cut to what is left, when they did not fit uncut.
WANTED: tuple[tuple[str, ...], ...] = (("Sp", "At", "Df", "Dm"), ("Set",), ("Factions",),
                                       ("Rng",))
#: The order columns are shown in, left to right, once chosen.
ORDER = ("Figure", "Rank", "Pts", "Own", "Factions", "Rng", "Set", "Sp", "At", "Df", "Dm")
GAP = 2  # spaces between columns
MARK = "◆"  # a figure marked for comparison


def _fit(text: str, width: int, right: bool) -> str:
    if len(text) > width:
        text = text[: width - 1] + "…"
    return text.rjust(width) if right else text.ljust(width)


def layout(width: int, owned: bool, longest: dict[str, int]) -> list[tuple[Column, int]]:
    """The columns that fit in ``width`` characters and how wide each is drawn.

    ``longest`` is the length of the longest text of each fitted column (name, factions,
    set). The name is drawn whole first, as far as the width allows beside the rank and
    points; then the set and starting values, the factions whole and the range each join
    while they fit; what is left then shows the factions cut. So nothing is cut while there
    is room for it, and a name is cut only when the width cannot hold it at all."""
    room = width - 2  # a space each side

    def whole(c: Column) -> int:
        return max(c.width, longest.get(c.label, 0)) if c.fitted else c.width

    always = [_BY_LABEL[label] for label in ("Rank", "Pts", "Own")
              if label != "Own" or owned]
    used = sum(GAP + c.width for c in always)
    figure = _BY_LABEL["Figure"]
    widths = {"Figure": max(figure.width, min(whole(figure), room - used))}
    used += widths["Figure"]
    widths |= {c.label: c.width for c in always}
    for group in WANTED:
        need = sum(GAP + whole(_BY_LABEL[label]) for label in group)
        if used + need <= room:
            widths |= {label: whole(_BY_LABEL[label]) for label in group}
            used += need
    factions = _BY_LABEL["Factions"]
    if "Factions" not in widths and used + GAP + factions.width <= room:
        widths["Factions"] = room - used - GAP  # cut: all the room there is
    chosen = sorted((_BY_LABEL[label] for label in widths), key=lambda c: ORDER.index(c.label))
    return [(c, widths[c.label]) for c in chosen]


def _rank_order(rank: str) -> int:
    return ("weak", "standard", "tough", "unique").index(rank) \
        if rank in ("weak", "standard", "tough", "unique") else 4


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
        Binding("s", "sort", "Sort", tooltip="Sort by the next column (click a header too)"),
        Binding("S", "reverse_sort", "Reverse sort", show=False),
        Binding("m", "mark", "Mark", tooltip="Mark for comparison (up to four; k compares)"),
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
        self.narrow = narrow  # kept for callers; the columns follow the width now
        self.set_ids: dict[str, str] = {}  # expansion slug -> set letter ("R")
        self.owned: dict[str, int] = {}  # the player's collection, by key
        self.marked: list[str] = []  # figures marked for comparison, in marking order
        self.sort_by: str | None = None  # a column label, None for the catalogue's order
        self.descending = False
        self._given: list[Row] = []
        self._rows: list[Row] = []
        self._index: dict[str, int] = {}
        self._lines: dict[int, str] = {}  # row index -> its text, built when first drawn
        self._layout: list[tuple[Column, int]] = layout(80, False, {})
        self._width = 80
        self._header = ""
        self._relayout(0)

    @property
    def columns(self) -> list[tuple[str, int, bool]]:
        """(label, width, right-aligned) of every column shown."""
        return [(c.label, w, c.right) for c, w in self._layout]

    def on_resize(self, event: events.Resize) -> None:
        self._relayout(event.size.width)

    def _relayout(self, width: int) -> None:
        # A vertical scrollbar's width is kept free whether or not one shows, so the
        # columns do not jump when the rows outgrow the height.
        width = max(width - self.styles.scrollbar_size_vertical, 0) if width else 0
        longest = {"Figure": max((len(shown(r.name)) for r in self._rows), default=0),
                   "Factions": max((len(shown(r.factions)) for r in self._rows), default=0),
                   "Set": max((len(self._set_text(r)) for r in self._rows), default=0)}
        self._layout = layout(width or 80, bool(self.owned), longest)
        self._width = sum(w for _, w in self._layout) + GAP * (len(self._layout) - 1) + 2
        labels = []
        for c, w in self._layout:
            label = c.label
            if c.label == self.sort_by:
                label += "▼" if self.descending else "▲"
            labels.append(_fit(label, w, c.right))
        self._header = " " + (" " * GAP).join(labels) + " "
        self._lines.clear()
        self.virtual_size = Size(self._width, len(self._rows) + 1)
        self.refresh()

    # --- sorting and marking --------------------------------------------------------

    def sort(self, label: str | None, descending: bool = False) -> None:
        """Order the rows by a column (None: as the search gave them), keeping the cursor
        on its figure."""
        self.sort_by, self.descending = label, descending
        self._order(self.highlighted_key)

    def cycle_sort(self) -> str:
        """Sort by the next column shown (after the last, the search's own order)."""
        labels = [c.label for c, _ in self._layout]
        at = labels.index(self.sort_by) + 1 if self.sort_by in labels else 0
        self.sort(labels[at] if at < len(labels) else None, self.descending)
        return self.sort_by or "catalogue order"

    def reverse_sort(self) -> None:
        self.sort(self.sort_by, not self.descending)

    def _key(self, label: str):  # type: ignore[no-untyped-def]
        def number(v: int | None) -> int:
            return -1 if v is None else v

        return {
            "Figure": lambda r: (r.name.casefold(), _rank_order(r.rank)),
            "Rank": lambda r: _rank_order(r.rank), "Pts": lambda r: r.points,
            "Own": lambda r: self.owned.get(r.key, 0), "Factions": lambda r: r.factions,
            "Rng": lambda r: (r.range, r.targets), "Set": lambda r: (r.expansion, r.number),
            "Sp": lambda r: number(r.speed), "At": lambda r: number(r.attack),
            "Df": lambda r: number(r.defense), "Dm": lambda r: number(r.damage),
        }[label]

    def _order(self, keep: str | None) -> None:
        rows = list(self._given)
        if self.sort_by is not None:
            rows.sort(key=self._key(self.sort_by), reverse=self.descending)
        self._rows = rows
        self._index = {r.key: i for i, r in enumerate(rows)}
        self._relayout(self.size.width)
        row = self._index.get(keep, 0) if keep is not None else 0
        self.set_reactive(FigureTable.cursor_row, row)
        self._scroll_to_cursor()
        self.refresh()

    def toggle_mark(self, key: str) -> bool:
        """Mark (or unmark) a figure for comparison; at most four stay marked."""
        if key in self.marked:
            self.marked.remove(key)
        else:
            self.marked.append(key)
            del self.marked[:-4]
        self._lines.clear()
        self.refresh()
        return key in self.marked

    def set_owned(self, owned: dict[str, int]) -> None:
        self.owned = owned
        self._relayout(self.size.width)

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
        self._given = list(rows)
        self._order(self.highlighted_key)

    def key_at(self, index: int) -> str:
        return self._rows[index].key

    def cells(self, key: str) -> list[str]:
        """The text of each column for the figure ``key``, as shown."""
        return self._cells(self._rows[self._index[key]])

    def cells_at(self, index: int) -> list[str]:
        return self._cells(self._rows[index])

    def _cells(self, r: Row) -> list[str]:
        return [self._cell(r, c.label) for c, _ in self._layout]

    def _cell(self, r: Row, label: str) -> str:
        # Names shown literally: this table writes its lines straight to the terminal.
        if label == "Figure":
            return shown(r.name)
        if label == "Rank":
            return shown(RANK_STARS.get(r.rank, r.rank)[:4])
        if label == "Pts":
            return str(r.points)
        if label == "Own":
            have = self.owned.get(r.key, 0)
            return str(have) if have else "·"
        if label == "Factions":
            return shown(r.factions)
        if label == "Rng":
            return range_text(r.range, r.targets)
        if label == "Set":
            return self._set_text(r)
        return value_text({"Sp": r.speed, "At": r.attack, "Df": r.defense,
                           "Dm": r.damage}[label])

    def _set_text(self, r: Row) -> str:
        letter = self.set_ids.get(r.expansion)
        return shown(f"{letter}{r.number:03d}" if letter else f"{r.expansion[:4]} {r.number}")

    def _line(self, index: int) -> str:
        text = self._lines.get(index)
        if text is None:
            r = self._rows[index]
            cells = self._cells(r)
            text = (MARK if r.key in self.marked else " ") + (" " * GAP).join(
                _fit(c, w, col.right) for c, (col, w) in zip(cells, self._layout, strict=True)
            ) + " "
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
        visible = text[scroll_x: scroll_x + width].ljust(width)
        return Strip([Segment(visible, style)], width)

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
            self._header_clicked(event.x + self.scroll_offset.x)
            return
        row = self.scroll_offset.y + event.y - 1
        if 0 <= row < len(self._rows):
            if row == self.cursor_row and event.chain >= 2:
                self.action_select()
            self._go(row)

    def _header_clicked(self, x: int) -> None:
        """Sort by the column clicked; again, the other way round."""
        at = 1
        for c, w in self._layout:
            if at <= x < at + w + GAP:
                if self.sort_by == c.label:
                    self.reverse_sort()
                else:
                    self.sort(c.label)
                return
            at += w + GAP

    def action_sort(self) -> None:
        self.cycle_sort()  # the header's ▲ or ▼ shows which

    def action_reverse_sort(self) -> None:
        self.reverse_sort()

    def action_mark(self) -> None:
        key = self.highlighted_key
        if key is None:
            return
        self.toggle_mark(key)  # the row's ◆ shows it; k compares the marked figures
        self.action_move(1)
