"""The catalogue browser: the filter bar over the figure table, searching in a worker."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, Static
from textual.worker import get_current_worker

from armybuilder.text import shown
from armybuilder.tui.widgets.figure_table import FigureTable
from armybuilder.tui.widgets.filter_bar import FilterBar

if TYPE_CHECKING:
    from armybuilder.catalogue.queries import FigureSummary, SearchFilter
    from armybuilder.tui.first_look import FirstLook
    from armybuilder.tui.services import Services


class CatalogueBrowser(Vertical):
    """Posts ``FigureHighlighted`` as the cursor moves and ``FigureChosen`` on enter."""

    DEFAULT_CSS = """
    CatalogueBrowser { height: 1fr; }
    CatalogueBrowser #search-hint { color: $warning; padding: 0 1; height: auto; }
    """

    @dataclass
    class Results(Message):
        number: int
        rows: list[FigureSummary]
        hint: str = ""  # "did you mean …?" when the name found nothing

    @dataclass
    class FigureHighlighted(Message):
        key: str | None

    @dataclass
    class FigureChosen(Message):
        key: str

    def __init__(self, *, narrow: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.narrow = narrow
        self.services: Services | None = None
        self._asked = 0  # searches asked for; a result older than the last one is dropped
        self.shown = 0  # searches shown, for tests and the benchmark
        self.rows: list[FigureSummary] = []
        #: The open army's points left, for the "fits" filter (None: no army open).
        self.points_left: int | None = None

    def compose(self) -> ComposeResult:
        yield FilterBar(narrow=self.narrow)
        yield Static("", id="search-hint")
        yield FigureTable(narrow=self.narrow)

    def on_mount(self) -> None:
        self.query_one("#search-hint").display = False

    @property
    def table(self) -> FigureTable:
        return self.query_one(FigureTable)

    @property
    def filter_bar(self) -> FilterBar:
        return self.query_one(FilterBar)

    def attach(self, services: Services) -> None:
        """The database is open (or was re-imported): fill the selectors and search."""
        self.services = services
        names = {slug: e.name for slug, e in services.expansions.items()}
        self.table.set_ids = {slug: e.set_letter for slug, e in services.expansions.items()
                              if e.set_letter}
        self.filter_bar.set_facets(services.facets, names)
        self.table.set_owned(services.owned)
        self.refresh_search()

    def glance(self, look: FirstLook) -> None:
        """Show every figure before the database layer is up (see first_look)."""
        if self.services is not None or self.shown:
            return
        self.table.set_ids = look.set_letters
        self.table.show_rows(look.rows)
        self.filter_bar.show_count(len(look.rows))
        self.post_message(self.FigureHighlighted(self.table.highlighted_key))

    def refresh_search(self) -> None:
        if self.services is not None:
            self._asked += 1
            search = self.filter_bar.search
            if self.filter_bar.fits and self.points_left is not None:
                most = self.points_left
                search.max_points = most if search.max_points is None \
                    else min(most, search.max_points)
            self._search(self._asked, search)

    def army_changed(self, points_left: int | None) -> None:
        """The open army's points left changed: the "fits" filter follows it."""
        if points_left != self.points_left:
            self.points_left = points_left
            if self.filter_bar.fits:
                self.refresh_search()

    @work(thread=True, exclusive=True, group="search")
    def _search(self, number: int, search: SearchFilter) -> None:
        assert self.services is not None
        try:
            rows = self.services.search(search)
        except ValueError:  # a filter the catalogue refuses: nothing matches it
            rows = []
        hint = ""
        if not rows and search.text:
            from armybuilder.suggest import did_you_mean

            try:
                found = did_you_mean(self.services.name_suggestions(search.text))
            except ValueError:
                found = ""
            hint = f"No figure's name contains '{shown(search.text)}'" + (
                f"; {found}" if found else ".")
        if not get_current_worker().is_cancelled:
            self.post_message(self.Results(number, rows, hint))

    def on_catalogue_browser_results(self, message: Results) -> None:
        message.stop()
        if message.number != self._asked:
            return
        self.rows = message.rows
        hint = self.query_one("#search-hint", Static)
        hint.update(Text(message.hint))  # never markup: it holds the text searched for
        hint.display = bool(message.hint)
        self.table.show_rows(message.rows)
        self.filter_bar.show_count(len(message.rows))
        self.shown += 1
        self.post_message(self.FigureHighlighted(self.table.highlighted_key))

    @on(FilterBar.Changed)
    def _filters_changed(self, event: FilterBar.Changed) -> None:
        event.stop()
        self.refresh_search()

    @on(Input.Submitted)
    def _to_table(self, event: Input.Submitted) -> None:
        event.stop()
        self.table.focus()

    @on(FigureTable.Highlighted)
    def _highlighted(self, event: FigureTable.Highlighted) -> None:
        event.stop()
        self.post_message(self.FigureHighlighted(event.key))

    @on(FigureTable.Selected)
    def _selected(self, event: FigureTable.Selected) -> None:
        event.stop()
        self.post_message(self.FigureChosen(event.key))
