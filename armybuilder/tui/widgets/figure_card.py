"""The selected figure's card: the card values, its full dial, a legend and its FAQ
corrections. Set ``key`` and the card loads the figure in a worker."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group, RenderableType
from rich.measure import measure_renderables
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widgets import Static
from textual.worker import get_current_worker

from armybuilder.figures import STATS
from armybuilder.tui.widgets.dial import card, corrections, dial_table, legend

if TYPE_CHECKING:
    from armybuilder.tui.services import FigureView, Services

#: The cursor may race down the table; the dial follows once it rests this long.
SETTLE_SECONDS = 0.08
#: The legend goes beside the dial when this many columns are left for it, this far off.
LEGEND_BESIDE = 24
LEGEND_GAP = 3


class FigureCard(VerticalScroll, can_focus=True):
    DEFAULT_CSS = """
    FigureCard { padding: 0 1; }
    FigureCard > Static { width: 100%; }
    FigureCard #card-dials { margin-top: 1; }
    FigureCard .section { margin-top: 1; text-style: bold; color: $accent; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cell(0, -1)", "Click up", show=False),
        Binding("down", "cell(0, 1)", "Click down", show=False),
        Binding("left", "cell(-1, 0)", "Slot left", show=False),
        Binding("right", "cell(1, 0)", "Slot right", show=False),
        Binding("enter,r", "rules", "Rules text",
                tooltip="The rules text of the ability on the chosen dial cell"),
    ]

    key: reactive[str | None] = reactive(None, init=False)

    @dataclass
    class Loaded(Message):
        view: FigureView | None

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.services: Services | None = None
        self.view: FigureView | None = None
        self._timer: Timer | None = None
        #: The dial cell the arrows move over: (dial, click index, stat index).
        self.cell: tuple[int, int, int] = (0, 0, 0)

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

    def show(self, view: FigureView, services: Services) -> None:
        """Show a figure already loaded (the figure dialog)."""
        self.services = services
        self.set_reactive(FigureCard.key, view.figure.key)
        self._show_view(view)

    def _show_view(self, view: FigureView | None) -> None:
        self.view = view
        if view is not None:
            self.cell = (0, view.figure.starting_click, 0)
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
        self._draw_dials()
        text = legend(figure, abilities)
        self.query_one("#card-legend", Static).update(
            text if text.plain else Text("none on this dial", style="dim"))
        if errata:
            self.query_one("#card-errata", Static).update(corrections(view.errata))
        self.scroll_home(animate=False)

    # --- the dial cell and its rules text ----------------------------------------------

    def _draw_dials(self) -> None:
        view = self.view
        if view is None or self.services is None:
            return
        figure = view.figure
        abilities = self.services.abilities
        # The colours' legend beside the first dial where the card has room, so that it is
        # in view with the dial (the rules texts follow below).
        key = legend(figure, abilities, texts=False, brief=True)
        dials: list[RenderableType] = []
        for n, d in enumerate(figure.dials):
            if dials:
                dials.append(Text(""))
            cursor = ((self.cell[1], STATS[self.cell[2]])
                      if self.has_focus and n == self.cell[0] else None)
            table = dial_table(figure, d, view.errata, abilities, cursor)
            room = (self.scrollable_content_region.width - self.styles.scrollbar_size_vertical
                    - measure_renderables(self.app.console, self.app.console.options,
                                          [table]).maximum - LEGEND_GAP)
            if n == 0 and key.plain and room >= LEGEND_BESIDE:
                beside = Table.grid(padding=(0, LEGEND_GAP))
                beside.add_column(no_wrap=True)
                beside.add_column(width=room)
                beside.add_row(table, Group(Text("Abilities", style="bold"), key))
                dials.append(beside)
            else:
                dials.append(table)
        self.query_one("#card-dials", Static).update(Group(*dials))

    def on_resize(self) -> None:
        self._draw_dials()

    def on_focus(self) -> None:
        self._draw_dials()

    def on_blur(self) -> None:
        self._draw_dials()

    def _clicks(self, dial: int) -> int:
        assert self.view is not None
        clicks = self.view.figure.dials[dial].clicks
        return next((i + 1 for i, c in enumerate(clicks) if c.dead), len(clicks))

    def action_cell(self, across: int, down: int) -> None:
        if self.view is None:
            return
        dial, click, stat = self.cell
        stat = max(0, min(len(STATS) - 1, stat + across))
        click += down
        dials = len(self.view.figure.dials)
        if click >= self._clicks(dial) and dial + 1 < dials:
            dial, click = dial + 1, 0
        elif click < 0 and dial > 0:
            dial -= 1
            click = self._clicks(dial) - 1
        click = max(0, min(self._clicks(dial) - 1, click))
        self.cell = (dial, click, stat)
        self._draw_dials()

    def chosen_cell(self) -> tuple[str, str]:
        """(where the chosen cell is, the ability on it or "")."""
        assert self.view is not None
        figure = self.view.figure
        dial, click, stat = self.cell
        c = figure.dials[dial].clicks[click]
        prefix = f"{figure.dials[dial].position} dial, " if figure.multi_dial else ""
        value = c.value(STATS[stat])
        where = (f"{figure.name}: {prefix}click {click + 1}, {STATS[stat]} "
                 f"{'skull' if value is None else value}")
        return where, c.abilities.get(STATS[stat], "")

    def action_rules(self) -> None:
        if self.view is None or self.services is None:
            return
        from armybuilder.tui.screens.ability import AbilityScreen

        where, name = self.chosen_cell()
        self.app.push_screen(AbilityScreen(where, name, self.services.abilities.get(name)))
