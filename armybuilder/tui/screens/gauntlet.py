"""The battle screen's gauntlet mode: saved armies ticked, games per pair, seed, rounds and
terrain; the run in a worker with progress across games and pairs (every game kept, so a
cancelled or repeated run plays only what is missing); then the matchup table as a heat
map, the ranking and the pairs not yet told apart. Enter on a cell opens that pair's
games on the battle screen, every game's log a key away."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import (
    Button,
    DataTable,
    Footer,
    Header,
    Input,
    ProgressBar,
    Select,
    SelectionList,
    Static,
)
from textual.worker import Worker, WorkerState, get_current_worker

from armybuilder.sim.defaults import DEFAULT_ROUNDS, DEFAULT_SEED, DEFAULT_TERRAIN
from armybuilder.text import counted, literal, literal_lines, shown
from armybuilder.tui.screens.base import AppScreen
from armybuilder.tui.screens.battle import (
    PROGRESS_SECONDS,
    TERRAIN,
    BattleCancelled,
    start_resource_tracker,
)
from armybuilder.tui.widgets.matchup_heatmap import (
    CELL_WIDTH,
    heat_cell,
    pair_text,
    ranking_table,
    undecided_text,
)

if TYPE_CHECKING:
    from armybuilder.sim.batch import BattleReport
    from armybuilder.sim.gauntlet import GauntletProgress, GauntletReport, GauntletRequest

#: Games per pair to start with: an interval about ±15 points wide, a minute or two for a
#: handful of armies.
DEFAULT_PAIR_GAMES = 40
#: Up to this many games in all play in a thread of the app; more go to one process per CPU.
IN_PROCESS_GAMES = 12


class GauntletScreen(AppScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+g", "run", "Run gauntlet", priority=True),
        Binding("escape", "cancel", "Cancel run", show=False),
        Binding("ctrl+a", "all_armies", "All armies", tooltip="Tick every saved army"),
        Binding("ctrl+t", "two_armies", "Two armies",
                tooltip="Back to a battle between two armies"),
    ]

    #: Narrower than this, the set-up's fields take two lines and the ranking goes under
    #: the matchup table (app.tcss, GauntletScreen.narrow).
    NARROW_BELOW = 120

    @dataclass
    class Armies(Message):
        names: list[str]
        terrain: list[str]

    @dataclass
    class Progressed(Message):
        progress: GauntletProgress

    @dataclass
    class Finished(Message):
        report: GauntletReport | None
        data: dict[str, Any]
        error: str = ""

    @dataclass
    class PairReady(Message):
        report: BattleReport

    def __init__(self) -> None:
        super().__init__()
        self.report: GauntletReport | None = None
        self.data: dict[str, Any] = {}
        self.running = False
        self._listed_version = -1

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="gauntlet-setup"):
            yield SelectionList[str](id="gauntlet-armies")
            with Vertical(id="gauntlet-fields"):
                # Two groups side by side, or one above the other on a narrow terminal.
                with Horizontal(classes="battle-row", id="gauntlet-numbers"):
                    with Horizontal(classes="gauntlet-group"):
                        yield from self._number_field("pair-games", DEFAULT_PAIR_GAMES,
                                                      "games per pair")
                        yield from self._number_field("gauntlet-seed", DEFAULT_SEED, "seed")
                    with Horizontal(classes="gauntlet-group"):
                        yield from self._number_field("gauntlet-rounds", DEFAULT_ROUNDS,
                                                      "rounds")
                        yield Select[str]([(t, t) for t in TERRAIN], value=DEFAULT_TERRAIN,
                                          allow_blank=False, id="gauntlet-terrain",
                                          compact=True)
                with Horizontal(classes="battle-row"):
                    yield Button("Run (ctrl+g)", id="gauntlet-run", variant="primary",
                                 compact=True)
                    yield Button("Cancel (esc)", id="gauntlet-cancel", compact=True,
                                 disabled=True)
                    yield Button("Two armies (ctrl+t)", id="two-armies", compact=True)
                with Horizontal(classes="battle-row"):
                    yield ProgressBar(total=1, show_eta=False, id="gauntlet-progress")
                    yield Static("", id="gauntlet-status")
        with Horizontal(id="gauntlet-results"):
            with Vertical(id="gauntlet-map"):
                yield DataTable(id="gauntlet-matrix", cursor_type="cell", cell_padding=0)
                yield Static("", id="gauntlet-pair")
            with VerticalScroll(id="gauntlet-side"):
                yield Static("", id="gauntlet-ranking")
                yield Static("", id="gauntlet-undecided")
        yield Footer()

    @staticmethod
    def _number_field(name: str, value: int, label: str) -> ComposeResult:
        yield Static(label, classes="battle-label")
        yield Input(str(value), id=name, type="integer", compact=True, classes="battle-number")

    @property
    def matrix_table(self) -> DataTable[Text | str]:
        return self.query_one("#gauntlet-matrix", DataTable)

    def on_mount(self) -> None:
        self.sub_title = "Battle · gauntlet"
        self.query_one("#gauntlet-progress").display = False
        self._say(Text("Tick the armies (space; ctrl+a every one), then ctrl+g: every army "
                       "plays every other. Games already played are kept and not played "
                       "again.", style="dim"))
        self.watch(self.app, "catalogue_version", lambda _: self._reload())
        self.set_class(self.app.size.width < self.NARROW_BELOW, "narrow")
        self.query_one("#gauntlet-armies", SelectionList).focus()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < self.NARROW_BELOW, "narrow")

    def on_screen_resume(self) -> None:
        if self._listed_version != self.army_app.armies_version:
            self._reload()

    def _reload(self) -> None:
        if self.army_app.services is not None:
            self._listed_version = self.army_app.armies_version
            self._list_armies()

    @work(thread=True, exclusive=True, group="gauntlet-armies")
    def _list_armies(self) -> None:
        from armybuilder.sim.terrain_presets import PRESETS

        services = self.army_app.services
        assert services is not None
        self.post_message(self.Armies(services.armies.names(), list(PRESETS)))

    def on_gauntlet_screen_armies(self, message: Armies) -> None:
        armies: SelectionList[str] = self.query_one("#gauntlet-armies", SelectionList)
        had = {str(armies.get_option_at_index(i).value) for i in range(armies.option_count)}
        ticked = set(armies.selected)
        armies.clear_options()
        # Every army starts ticked (the local metagame); one unticked stays unticked.
        armies.add_options([(literal(n), n, n in ticked or n not in had)
                            for n in message.names])
        terrain: Select[str] = self.query_one("#gauntlet-terrain", Select)
        if list(message.terrain) != list(TERRAIN):
            keep = terrain.value
            terrain.set_options([(t, t) for t in message.terrain])
            if keep in message.terrain:
                terrain.value = keep

    def _say(self, text: str | Text) -> None:
        # Plain strings carry army names: shown literally, never read as markup.
        self.query_one("#gauntlet-status", Static).update(
            literal_lines(text) if isinstance(text, str) else text)

    def action_all_armies(self) -> None:
        self.query_one("#gauntlet-armies", SelectionList).select_all()

    # --- running ------------------------------------------------------------------

    def _number(self, name: str, label: str, low: int) -> int | None:
        text = self.query_one(f"#{name}", Input).value.strip()
        if not text.lstrip("-").isdigit() or int(text) < low:
            self._say(Text(f"{label}: a whole number of at least {low}, please", style="red"))
            self.query_one(f"#{name}", Input).focus()
            return None
        return int(text)

    def request_from_fields(self) -> GauntletRequest | None:
        """The request the fields describe, or None (and a message) when one is wrong."""
        from armybuilder.sim.gauntlet import GauntletRequest

        armies: SelectionList[str] = self.query_one("#gauntlet-armies", SelectionList)
        order = [str(armies.get_option_at_index(i).value) for i in range(armies.option_count)]
        chosen = [name for name in order if name in set(armies.selected)]
        if len(chosen) < 2:
            self._say(Text("Tick two armies or more (space), or ctrl+a for every one.",
                           style="red"))
            armies.focus()
            return None
        games = self._number("pair-games", "games per pair", 1)
        seed = self._number("gauntlet-seed", "seed", 0)
        rounds = self._number("gauntlet-rounds", "rounds", 1)
        if games is None or seed is None or rounds is None:
            return None
        total = games * len(chosen) * (len(chosen) - 1) // 2
        return GauntletRequest(tuple(chosen), games=games, seed=seed, rounds=rounds,
                               terrain=str(self.query_one("#gauntlet-terrain", Select).value),
                               workers=1 if total <= IN_PROCESS_GAMES else None,
                               leave_out=True)

    @on(Button.Pressed, "#gauntlet-run")
    def action_run(self) -> None:
        if self.running or self.army_app.services is None:
            return
        request = self.request_from_fields()
        if request is None:
            return
        self.running = True
        self.query_one("#gauntlet-run", Button).disabled = True
        self.query_one("#gauntlet-cancel", Button).disabled = False
        bar = self.query_one("#gauntlet-progress", ProgressBar)
        bar.update(total=None, progress=0)
        bar.display = True
        pairs = len(request.armies) * (len(request.armies) - 1) // 2
        self._say(f"Gauntlet of {len(request.armies)} armies, {counted(pairs, 'pair')}: "
                  "finding kept games…")
        self._run(request)

    @work(thread=True, exclusive=True, group="gauntlet", exit_on_error=False)
    def _run(self, request: GauntletRequest) -> None:
        from armybuilder.sim import gauntlet

        services = self.army_app.services
        assert services is not None
        worker = get_current_worker()
        shown = [0.0]

        def progress(p: GauntletProgress) -> None:
            # Raising here is the one way to stop the run; what was played stays kept.
            if worker.is_cancelled:
                raise BattleCancelled
            now = time.monotonic()
            if now - shown[0] >= PROGRESS_SECONDS or p.games_done == p.games:
                shown[0] = now
                self.post_message(self.Progressed(p))

        try:
            if request.workers != 1:
                start_resource_tracker()
            report = gauntlet.run_gauntlet(services.catalogue.path, request, progress)
            data = report.as_json()  # the ranking's fit, here and not on the screen's thread
        except BattleCancelled:
            return
        except Exception as exc:  # BattleError names the army or option; anything else too
            self.post_message(self.Finished(None, {}, str(exc)))
            return
        if not worker.is_cancelled:
            self.post_message(self.Finished(report, data))

    def on_gauntlet_screen_progressed(self, message: Progressed) -> None:
        if not self.running:
            return
        p = message.progress
        self.query_one("#gauntlet-progress", ProgressBar).update(total=p.games,
                                                                 progress=p.games_done)
        self._say(f"Played {p.games_done} of {counted(p.games, 'game')} · {p.pairs_done} of "
                  f"{counted(p.pairs, 'pair')} finished · last: {p.last[0]} v {p.last[1]}")

    def on_gauntlet_screen_finished(self, message: Finished) -> None:
        self._stopped()
        if message.report is None:
            self._say(literal_lines(f"No gauntlet: {message.error}", style="bold red"))
            return
        self.query_one("#gauntlet-progress", ProgressBar).update(total=1, progress=1)
        self.show_report(message.report, message.data)
        r = message.report
        self.notify(f"{counted(r.played, 'game')} played, {r.kept} kept from earlier runs, in "
                    f"{r.seconds:.1f} s", title="Gauntlet over", timeout=4)

    def _stopped(self) -> None:
        self.running = False
        self.query_one("#gauntlet-run", Button).disabled = False
        self.query_one("#gauntlet-cancel", Button).disabled = True

    @on(Button.Pressed, "#gauntlet-cancel")
    def action_cancel(self) -> None:
        if not self.running:
            return
        self.workers.cancel_group(self, "gauntlet")
        self._stopped()
        self.query_one("#gauntlet-progress").display = False
        self._say(Text("Cancelled. The games played are kept: Run plays only the rest.",
                       style="yellow"))

    @on(Button.Pressed, "#two-armies")
    def action_two_armies(self) -> None:
        self.app.switch_mode("battle")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "gauntlet" and event.state == WorkerState.ERROR \
                and self.running:
            self._stopped()
            self._say(literal_lines(f"No gauntlet: {event.worker.error}", style="bold red"))

    # --- results ------------------------------------------------------------------

    def show_report(self, report: GauntletReport, data: dict[str, Any]) -> None:
        self.report, self.data = report, data
        names = list(report.armies)
        table = self.matrix_table
        table.clear(columns=True)
        table.add_column(Text(" army", no_wrap=True), key="army")
        for i, name in enumerate(names, start=1):
            table.add_column(Text(str(i).center(CELL_WIDTH), no_wrap=True), key=name,
                             width=CELL_WIDTH)
        matrix = data["matrix"]
        for i, row in enumerate(names, start=1):
            table.add_row(Text(f" {i} {shown(row)} ", style="bold", no_wrap=True),
                          *[heat_cell(matrix[row].get(col)) for col in names], key=row)
        self.query_one("#gauntlet-ranking", Static).update(ranking_table(data["ranking"]))
        self.query_one("#gauntlet-undecided", Static).update(
            undecided_text(data["undecided"], len(report.pairs)))
        status = Text(f"{len(names)} armies, {counted(report.request.games, 'game')} a pair: "
                      f"{report.played} played now, {report.kept} kept from earlier runs. "
                      "Rows: the army's win rate against the column's (a draw counts half).")
        for warning in report.warnings:
            status.append(f"\n▲ {shown(warning)}", style="yellow")
        self._say(status)
        table.focus()
        table.move_cursor(row=0, column=2 if len(names) > 1 else 1)

    def _cell_pair(self, row: int, column: int) -> tuple[str, str] | None:
        if self.report is None:
            return None
        names = self.report.armies
        if not (0 <= row < len(names) and 1 <= column <= len(names)):
            return None
        return names[row], names[column - 1]

    @on(DataTable.CellHighlighted, "#gauntlet-matrix")
    def _cell_highlighted(self, event: DataTable.CellHighlighted) -> None:
        pair = self._cell_pair(event.coordinate.row, event.coordinate.column)
        if pair is not None:
            cell = self.data["matrix"][pair[0]].get(pair[1]) if pair[0] != pair[1] else None
            self.query_one("#gauntlet-pair", Static).update(pair_text(*pair, cell))

    @on(DataTable.CellSelected, "#gauntlet-matrix")
    def _cell_selected(self, event: DataTable.CellSelected) -> None:
        pair = self._cell_pair(event.coordinate.row, event.coordinate.column)
        if pair is not None and pair[0] != pair[1]:
            self.open_pair(*pair)

    def open_pair(self, row: str, col: str) -> None:
        """The pair's games on the battle screen (read from the kept results)."""
        if self.report is not None and self.army_app.services is not None:
            self._load_pair(self.report, row, col)

    @work(thread=True, exclusive=True, group="gauntlet-pair")
    def _load_pair(self, report: GauntletReport, row: str, col: str) -> None:
        from armybuilder.sim.gauntlet import pair_report

        services = self.army_app.services
        assert services is not None
        self.post_message(self.PairReady(pair_report(services.catalogue.path, report, row,
                                                     col)))

    def on_gauntlet_screen_pair_ready(self, message: PairReady) -> None:
        from armybuilder.tui.screens.battle import BattleScreen

        self.app.push_screen(BattleScreen(preset=message.report))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel" and not self.running:
            return None
        return True
