"""The campaign screen's dialogs: a new campaign, a purchase from the pool (with the
catalogue's filters), and a battle's result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Input, Label, Select, Static

from armybuilder.sim.defaults import MOST_SEED
from armybuilder.text import literal, literal_lines, whole_number
from armybuilder.tui.widgets.filter_bar import FilterBar

if TYPE_CHECKING:
    from armybuilder.campaign.choices import PoolRow


@dataclass(frozen=True, slots=True)
class NewCampaign:
    name: str
    armies: list[str]
    seats: list[str]
    seed: int
    pool: str


class NewCampaignScreen(ModalScreen[NewCampaign | None]):
    """Name, the players' saved armies (2, 3, 4 or 6), who plays each, seed and pool."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, armies: list[str]) -> None:
        super().__init__()
        self.armies = armies

    def compose(self) -> ComposeResult:
        # One line a field (compact), so that the whole dialog, its buttons too, fits an
        # 80 x 24 terminal; it scrolls should it ever not.
        with VerticalScroll(classes="dialog", id="new-campaign"):
            yield Static("New World Conquest campaign", classes="dialog-title")
            yield Label("Name")
            yield Input(placeholder="campaign name", id="name", compact=True)
            yield Label("Armies: a saved army per player, with commas (2, 3, 4 or 6)")
            yield Input(", ".join(self.armies[:4]), id="armies", compact=True)
            yield Label("Seats: human or ai for each army (empty: all ai)")
            yield Input(placeholder="human, ai, ai, ai", id="seats", compact=True)
            yield Label("Seed and pool (all, expansions or an army)")
            with Horizontal(classes="dialog-row"):
                yield Input("1", id="seed", type="integer", placeholder="seed", compact=True)
                yield Input("all", id="pool", placeholder="pool: all, expansions or an army",
                            compact=True)
            yield Static("", classes="dialog-error", id="error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Create", variant="primary", id="create", compact=True)
                yield Button("Cancel (esc)", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#create")
    def _create(self, event: Input.Submitted | Button.Pressed) -> None:
        event.stop()
        error = self.query_one("#error", Static)
        name = self.query_one("#name", Input).value.strip()
        armies = [a.strip() for a in self.query_one("#armies", Input).value.split(",")
                  if a.strip()]
        seats = [s.strip().lower() for s in self.query_one("#seats", Input).value.split(",")
                 if s.strip()]
        seed = self.query_one("#seed", Input).value.strip()
        if not name:
            error.update("A campaign needs a name.")
            return
        number = whole_number(seed, 0, MOST_SEED)
        if number is None:
            error.update(f"The seed is a whole number from 0 to {MOST_SEED:,}.")
            return
        self.dismiss(NewCampaign(name, armies, seats or ["ai"] * len(armies), number,
                                 self.query_one("#pool", Input).value.strip() or "all"))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


@dataclass(frozen=True, slots=True)
class Purchase:
    figure: str
    army: int


class PoolScreen(ModalScreen[Purchase | None]):
    """The buying pool with the catalogue's filter bar; enter buys the highlighted warrior
    for the army chosen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "buy", "Buy", show=True),
        Binding("slash", "search", "Search", show=False),
    ]

    def __init__(self, rows: list[PoolRow], facets: dict[str, list[str]],
                 armies: list[tuple[str, int]], gold: int, refilter: object) -> None:
        super().__init__()
        self.rows = rows
        self.facets = facets
        self.armies = armies
        self.gold = gold
        self.refilter = refilter  # callable(SearchFilter) -> list[PoolRow]

    def compose(self) -> ComposeResult:
        with Vertical(id="pool-dialog"):
            yield Static(f"Buy from the pool: {self.gold} gold", classes="dialog-title")
            # The pool is bought with gold: the open army's points and your collection
            # have no say in it.
            yield FilterBar(narrow=True, id="pool-filters", army_filters=False)
            yield DataTable(id="pool-table", cursor_type="row", zebra_stripes=True)
            with Horizontal(classes="dialog-row"):
                yield Select[int]([(literal(label), b) for label, b in self.armies],
                                  value=self.armies[0][1] if self.armies else Select.NULL,
                                  allow_blank=not self.armies, id="pool-army")
                yield Button("Buy (enter)", variant="primary", id="pool-buy")
                yield Button("Cancel (esc)", id="pool-cancel")
            yield Static("", classes="dialog-error", id="pool-error")

    def on_mount(self) -> None:
        bar = self.query_one(FilterBar)
        bar.set_facets(self.facets, {})
        table = self.query_one("#pool-table", DataTable)
        # Whether it can be bought before the factions: in view on a small terminal too.
        for label in ("Figure", "Pts", "In pool", "Can buy?", "Factions"):
            table.add_column(label)
        self._fill(self.rows)
        table.focus()

    def _fill(self, rows: list[PoolRow]) -> None:
        self.rows = rows
        table = self.query_one("#pool-table", DataTable)
        table.clear()
        for r in rows:
            can = Text("yes", style="green") if r.why_not is None else \
                Text(r.why_not[:60], style="dim")
            table.add_row(literal(r.card.name), str(r.card.points), str(r.count), can,
                          literal(", ".join(r.card.factions)), key=r.key)
        self.query_one(FilterBar).show_count(len(rows))

    def on_filter_bar_changed(self, message: FilterBar.Changed) -> None:
        self._fill(self.refilter(message.search))  # type: ignore[operator]

    def action_search(self) -> None:
        self.query_one(FilterBar).focus_text()

    @on(DataTable.RowSelected, "#pool-table")
    def _chosen(self, event: DataTable.RowSelected) -> None:
        self.action_buy()

    @on(Button.Pressed, "#pool-buy")
    def action_buy(self) -> None:
        table = self.query_one("#pool-table", DataTable)
        error = self.query_one("#pool-error", Static)
        if not self.rows:
            error.update("Nothing to buy here.")
            return
        row = self.rows[min(max(table.cursor_row, 0), len(self.rows) - 1)]
        if row.why_not is not None:
            error.update(literal_lines(row.why_not))
            return
        army = self.query_one("#pool-army", Select).value
        if army is Select.NULL:
            error.update("Choose the army it joins.")
            return
        self.dismiss(Purchase(row.key, int(army)))  # type: ignore[arg-type]

    @on(Button.Pressed, "#pool-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class BattleResultScreen(ModalScreen[None]):
    """A battle's result: who won, and what each player gained and lost."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter", "close", "Close")]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="battle-result"):
            yield Static(literal(self.lines[0] if self.lines else "Battle"),
                         classes="dialog-title")
            yield Static(literal_lines("\n".join(self.lines[1:])), classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Close (enter)", variant="primary", id="close")

    def on_mount(self) -> None:
        self.query_one("#close", Button).focus()

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)
