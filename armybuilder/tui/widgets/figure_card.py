"""The selected figure's card: the card values, its full dial, a legend and its FAQ
corrections. Set ``key`` and the card loads the figure in a worker."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widgets import Static
from textual.worker import get_current_worker

from armybuilder.tui.widgets.dial import card, corrections, dial_table, legend

if TYPE_CHECKING:
    from armybuilder.tui.services import FigureView, Services

#: The cursor may race down the table; the dial follows once it rests this long.
SETTLE_SECONDS = 0.08


class FigureCard(VerticalScroll, can_focus=True):
    DEFAULT_CSS = """
    FigureCard { padding: 0 1; }
    FigureCard > Static { width: 100%; }
    FigureCard #card-dials { margin-top: 1; }
    FigureCard .section { margin-top: 1; text-style: bold; color: $accent; }
    """

    key: reactive[str | None] = reactive(None, init=False)

    @dataclass
    class Loaded(Message):
        view: FigureView | None

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.services: Services | None = None
        self.view: FigureView | None = None
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="card-head")
        yield Static("", id="card-dials")
        yield Static("Abilities", classes="section", id="legend-title")
        yield Static("", id="card-legend")
        yield Static("FAQ corrections", classes="section", id="errata-title")
        yield Static("", id="card-errata")

    def on_mount(self) -> None:
        self._show_view(None)

    def watch_key(self, key: str | None) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = None
        if self.view is not None and self.view.figure.key == key:
            return
        self._timer = self.set_timer(SETTLE_SECONDS, self.load_now)

    @property
    def pending(self) -> bool:
        """A figure is waiting for the cursor to rest before it loads."""
        return self._timer is not None

    def load_now(self) -> None:
        """Load the figure under ``key`` without waiting for the cursor to settle."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.services is None:
            return
        self._load(self.key)

    @work(thread=True, exclusive=True, group="figure-card")
    def _load(self, key: str | None) -> None:
        assert self.services is not None
        try:
            view = self.services.figure_view(key) if key else None
        except ValueError:  # the figure left the catalogue with a re-import
            view = None
        if not get_current_worker().is_cancelled:
            self.post_message(self.Loaded(view))

    def on_figure_card_loaded(self, message: Loaded) -> None:
        message.stop()
        if message.view is not None and message.view.figure.key != self.key:
            return  # an older load finishing late
        self._show_view(message.view)

    def _show_view(self, view: FigureView | None) -> None:
        self.view = view
        head = self.query_one("#card-head", Static)
        showing = view is not None
        for widget in self.query("#legend-title, #card-legend, #card-dials"):
            widget.display = showing
        errata = bool(view and view.errata)
        for widget in self.query("#errata-title, #card-errata"):
            widget.display = errata
        if view is None:
            head.update(Text("No figure selected.", style="dim"))
            return
        assert self.services is not None
        figure = view.figure
        head.update(card(figure, view.errata, self.services.expansion_name(figure.expansion)))
        abilities = self.services.abilities
        dials: list[RenderableType] = []
        for d in figure.dials:
            if dials:
                dials.append(Text(""))
            dials.append(dial_table(figure, d, view.errata, abilities))
        self.query_one("#card-dials", Static).update(Group(*dials))
        text = legend(figure, abilities)
        self.query_one("#card-legend", Static).update(
            text if text.plain else Text("none on this dial", style="dim"))
        if errata:
            self.query_one("#card-errata", Static).update(corrections(view.errata))
        self.scroll_home(animate=False)
