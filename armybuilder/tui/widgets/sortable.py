"""A DataTable the player sorts by any column: click its header, or s for the next column
(S the other way round). The sort is kept when the table is filled again."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.coordinate import Coordinate
from textual.widgets import DataTable

_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?%?$")


def sort_key(value: Any) -> tuple[int, float, str]:
    """Numbers before words, numbers by value ("9" before "10", "45%" as 45)."""
    text = (value.plain if isinstance(value, Text) else str(value)).strip()
    if _NUMBER.match(text):
        return (0, float(text.rstrip("%")), "")
    return (1, 0.0, text.casefold())


class SortableTable(DataTable[Any]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "sort_next", "Sort", tooltip="Sort by the next column (or click a header)"),
        Binding("S", "sort_reverse", "Reverse sort", show=False),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.sorted_by: Any = None  # a column key
        self.sorted_reverse = False
        #: Fills the table again (columns and rows) when its width changes: set by an
        #: owner whose columns follow the width (set_columns).
        self.refill: Callable[[], None] | None = None
        self._filled_width = 0

    def set_columns(self, columns: Sequence[tuple[str, int]], stretch: str = "",
                    longest: int = 0) -> None:
        """Make the columns afresh (rows too are cleared): (label, width) each, keyed by
        label; the ``stretch`` column as wide as ``longest`` (its longest cell, a name
        shown whole) where the table has room, never narrower than given."""
        pad = 2 * self.cell_padding
        room = (self.size.width - self.styles.scrollbar_size_vertical - pad
                - sum(width + pad for label, width in columns if label != stretch))
        self._filled_width = self.size.width
        self.clear(columns=True)
        for label, width in columns:
            if label == stretch:
                width = max(width, min(longest, room))
            self.add_column(label, width=width, key=label)

    def on_resize(self, event: events.Resize) -> None:
        if self.refill is not None and event.size.width != self._filled_width:
            self._filled_width = event.size.width
            self.refill()

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        event.stop()
        if self.sorted_by == event.column_key:
            self.sorted_reverse = not self.sorted_reverse
        else:
            self.sorted_by, self.sorted_reverse = event.column_key, False
        self.resort()

    def action_sort_next(self) -> None:
        keys = list(self.columns)
        if not keys:
            return
        at = keys.index(self.sorted_by) + 1 if self.sorted_by in keys else 0
        self.sorted_by = keys[at] if at < len(keys) else None
        self.resort()
        label = self.columns[self.sorted_by].label.plain if self.sorted_by else "as listed"
        self.notify(f"Sorted by {label}", timeout=2)

    def action_sort_reverse(self) -> None:
        self.sorted_reverse = not self.sorted_reverse
        self.resort()

    def resort(self) -> None:
        """Sort again by the chosen column (after new rows came), the cursor on its row."""
        if self.sorted_by is None or self.sorted_by not in self.columns or not self.row_count:
            return
        keep = self.cursor_key
        self.sort(self.sorted_by, key=sort_key, reverse=self.sorted_reverse)
        if keep is not None and keep in self.rows:
            self.move_cursor(row=self.get_row_index(keep), animate=False)

    @property
    def cursor_key(self) -> str | None:
        """The key of the row under the cursor, whatever the order."""
        if not self.row_count or not 0 <= self.cursor_row < self.row_count:
            return None
        return self.coordinate_to_cell_key(Coordinate(self.cursor_row, 0)).row_key.value
