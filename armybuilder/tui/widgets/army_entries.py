"""The army's entries: how many of each figure, castle Heavy/Light, points."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text

from armybuilder.text import literal, shown
from armybuilder.tui.looks import RANK_STARS
from armybuilder.tui.widgets.sortable import SortableTable

if TYPE_CHECKING:
    from armybuilder.armies.checks import ArmyCheck
    from armybuilder.armies.service import SavedEntry


@dataclass(frozen=True, slots=True)
class EntryRow:
    """An entry as the table shows it; ``index`` is its place in the saved army."""

    index: int
    entry: SavedEntry
    kind: str  # the figure's kind, "" when it left the catalogue
    points_each: int


#: The entries table's columns (label, width); the figure's name widens where there is room.
COLUMNS = (("×", 2), ("Figure", 22), ("Rank", 4), ("Castle", 6), ("Each", 4), ("Pts", 4))


class ArmyEntries(SortableTable):
    DEFAULT_CSS = """
    ArmyEntries { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self.rows_shown: list[EntryRow] = []
        #: The player's collection by key; figures the army holds beyond it are marked.
        self.owned: dict[str, int] = {}
        self.checked: ArmyCheck | None = None
        self.refill = self._refill

    def on_mount(self) -> None:
        self.set_columns(COLUMNS)

    def _refill(self) -> None:
        if self.checked is not None:
            self.show_check(self.checked)

    @property
    def selected(self) -> EntryRow | None:
        key = self.cursor_key
        if key is None or not 0 <= int(key) < len(self.rows_shown):
            return None
        return self.rows_shown[int(key)]

    def show_check(self, checked: ArmyCheck) -> None:
        keep = self.cursor_row
        self.checked = checked
        lines = {(line.key, line.castle or "", line.passenger): line
                 for line in checked.report.lines}
        self.rows_shown = []
        needed: dict[str, int] = {}
        for e in checked.army.entries:
            for key in (e.figure_key, e.passenger):
                if key:
                    needed[key] = needed.get(key, 0) + e.count
        rows: list[tuple[Text, ...]] = []
        for i, e in enumerate(checked.army.entries):
            figure = checked.figures.get(e.figure_key)
            line = lines.get((e.figure_key, e.castle or "", e.passenger))
            each = line.points_each if line else (figure.points if figure else e.seen_points)
            if figure is None:
                name = literal(f"{e.seen_name} (not in catalogue)", style="bold red")
                rank = ""
            else:
                name = literal(figure.name)
                if e.passenger:
                    rider = checked.figures.get(e.passenger)
                    name.append(f" + {shown(rider.name if rider else e.passenger)}",
                                style="dim")
                rank = shown(RANK_STARS.get(figure.rank, figure.rank)[:4])
                have = self.owned.get(e.figure_key, 0)
                if self.owned and needed.get(e.figure_key, 0) > have:
                    name.append(f" ▲ own {have}", style="yellow")
            rows.append((Text(str(e.count), justify="right"), name, Text(rank),
                         literal(e.castle.capitalize()), Text(str(each), justify="right"),
                         Text(str(each * e.count), justify="right")))
            self.rows_shown.append(EntryRow(i, e, figure.kind if figure else "", each))
        # Names (with a passenger and the collection's mark) whole where there is room.
        self.set_columns(COLUMNS, "Figure", max((len(r[1]) for r in rows), default=0))
        for i, row in enumerate(rows):
            self.add_row(*row, key=str(i))
        if self.rows_shown:
            self.move_cursor(row=min(keep, len(self.rows_shown) - 1), animate=False)
            self.resort()
