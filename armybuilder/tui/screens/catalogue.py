"""The catalogue: filters over the figure table, the selected figure's card beside it."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Header

from armybuilder.tui.screens.base import AppScreen
from armybuilder.tui.widgets.browser import CatalogueBrowser
from armybuilder.tui.widgets.figure_card import FigureCard
from armybuilder.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from armybuilder.tui.first_look import FirstLook


class CatalogueScreen(AppScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "focus_filter", "Search"),
        Binding("escape", "focus_table", "To the table", show=False),
        Binding("enter", "open_figure", "Open figure", show=False),
        Binding("a", "add_to_army", "Add to army"),
        Binding("k", "compare", "Compare", tooltip="The marked figures (m) side by side"),
        Binding("ctrl+r", "clear_filters", "Clear filters"),
        Binding("e", "app.export_catalogue", "Export catalogue", show=False,
                tooltip="Every figure in a workbook catalogue import reads back"),
    ]

    #: Narrower than this, the card leaves the screen; enter opens it in a dialog.
    WITH_CARD = 100


    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="catalogue-main"):
            yield CatalogueBrowser(id="browser")
            yield FigureCard(id="card")
        yield Footer()

    @property
    def browser(self) -> CatalogueBrowser:
        return self.query_one(CatalogueBrowser)

    @property
    def card(self) -> FigureCard:
        return self.query_one(FigureCard)

    def on_mount(self) -> None:
        self.sub_title = "Catalogue"
        self.watch(self.app, "first_look", self._glance)
        self.watch(self.app, "catalogue_version", self._catalogue_changed)
        self.watch(self.app, "army_name", lambda _: self.refresh_bindings())
        self.watch(self.app, "army_check", self._army_checked)
        self.set_class(self.app.size.width < self.WITH_CARD, "narrow")
        self.browser.table.focus()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < self.WITH_CARD, "narrow")

    def _army_checked(self, checked: object) -> None:
        report = getattr(checked, "report", None)
        self.browser.army_changed(report.points_left if report is not None else None)

    def _glance(self, look: FirstLook | None) -> None:
        if look is not None:
            self.browser.glance(look)

    def _catalogue_changed(self, version: int) -> None:
        services = self.army_app.services
        if services is None:
            return
        self.card.services = services
        self.card.view = None
        self.browser.attach(services)
        if self.card.key is not None:
            # The cursor already rests on a figure (shown from the first look, or before
            # a re-import): its card is loaded now, as the key itself does not change.
            self.card.load_now()

    @on(CatalogueBrowser.FigureHighlighted)
    def _highlighted(self, event: CatalogueBrowser.FigureHighlighted) -> None:
        self.card.key = event.key

    @on(CatalogueBrowser.FigureChosen)
    def _chosen(self, event: CatalogueBrowser.FigureChosen) -> None:
        if self.has_class("narrow"):
            self.army_app.view_figure(event.key)
            return
        self.card.key = event.key
        self.card.load_now()
        self.card.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "add_to_army":
            # Offered (shown) always; usable once an army is open.
            return True if self.army_app.army_name else None
        return True

    def action_focus_filter(self) -> None:
        self.browser.filter_bar.focus_text()

    def action_focus_table(self) -> None:
        self.browser.table.focus()

    def action_open_figure(self) -> None:
        key = self.browser.table.highlighted_key
        if key:
            self.post_message(CatalogueBrowser.FigureChosen(key))

    def action_clear_filters(self) -> None:
        self.browser.filter_bar.clear()

    def action_compare(self) -> None:
        table = self.browser.table
        self.army_app.compare(table.marked, table.highlighted_key)

    def action_add_to_army(self) -> None:
        table = self.browser.table
        key = table.highlighted_key
        if key:
            self.army_app.add_to_army(key, label=table.cells(key)[0])
