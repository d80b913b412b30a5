"""The battle screen's gauntlet mode: saved armies ticked, games per pair, seed, rounds and
terrain; the run in a worker with progress across games and pairs (every game kept, so a
cancelled or repeated run plays only what is missing); then the matchup table as a heat
map, the ranking and the pairs not yet told apart. Enter on a cell opens that pair's
games on the battle screen, every game's log a key away.

"clear in N" instead of "games per pair N" plays every pair until its answer is clear (or N
games), the games going where pairs are still close: the side panel lists every pair as it
goes (games so far, the first army's estimate, how close to a verdict), then each pair's
verdict."""

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
    Header,
    Input,
    ProgressBar,
    Select,
    SelectionList,
    Static,
)
from textual.worker import Worker, WorkerState, get_current_worker

from armybuilder.sim.defaults import (
    DEFAULT_ROUNDS,
    DEFAULT_SEED,
    DEFAULT_TERRAIN,
    MOST_GAMES,
    MOST_ROUNDS,
    MOST_SEED,
)
from armybuilder.text import counted, literal, literal_lines, shown, whole_number
from armybuilder.tui.delivery import offer_file
from armybuilder.tui.screens.base import AppScreen
from armybuilder.tui.screens.battle import (
    PROGRESS_SECONDS,
    TERRAIN,
    BattleCancelled,
    games_asked,
    games_mode,
    looking_words,
    start_resource_tracker,
)
from armybuilder.tui.widgets.footer import Footer
from armybuilder.tui.widgets.matchup_heatmap import (
    CELL_WIDTH,
    heat_cell,
    pair_text,
    ranking_table,
    undecided_text,
)

if TYPE_CHECKING:
    from armybuilder.sim.batch import BattleReport
    from armybuilder.sim.gauntlet import (
        GauntletProgress,
        GauntletReport,
        GauntletRequest,
        PairStanding,
    )

#: Games per pair to start with: an interval about ±15 points wide, a minute or two for a
#: handful of armies.
DEFAULT_PAIR_GAMES = 40
#: Up to this many games in all play in a thread of the app; more go to one process per CPU.
IN_PROCESS_GAMES = 12


def standings_text(standings: tuple[PairStanding, ...]) -> Text:
    """Every pair of a run until the answers are clear, as it goes."""
    out = Text("Until clear, pair by pair:\n", style="bold")
    for s in standings:
        out.append_text(literal(f"{s.a} v {s.b}: "))
        out.append(looking_words(s.games, s.estimate, s.closeness, s.leaning, s.verdict) + "\n",
                   style="bold" if s.verdict else "")
    return out


def verdicts_text(report: GauntletReport) -> Text:
    """Each pair's verdict (the first army of the pair as A) after a run until clear."""
    from armybuilder.sim.stopping import verdict_words

    rule = report.request.until_clear
    assert rule is not None
    out = Text(f"Until clear (margin {100 * rule.margin:g} points):\n", style="bold")
    for p in report.pairs:
        said = verdict_words(p.verdict, p.a, p.b, rule.margin)
        if said:
            out.append_text(literal(f"{said} ({len(p.results)} games)\n"))
        else:
            out.append_text(literal(f"{p.a} v {p.b}: not clear in {len(p.results)} games "
                                    f"({100 * p.closeness:.0f}% of the way to "
                                    f"'{p.leaning}')\n", style="yellow"))
    return out


class GauntletScreen(AppScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+g", "run", "Run gauntlet", priority=True),
        Binding("escape", "cancel", "Cancel run", show=False),
        Binding("ctrl+a", "all_armies", "All armies", tooltip="Tick every saved army"),
        Binding("ctrl+t", "two_armies", "Two armies",
                tooltip="Back to a battle between two armies", id="two-armies"),
        Binding("e", "export", "Export workbook",
                tooltip="The tables as a workbook, as battle gauntlet --xlsx writes them"),
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
                        yield games_mode("pair-games-mode", "games per pair")
                        yield Input(str(DEFAULT_PAIR_GAMES), id="pair-games", type="integer",
                                    compact=True, classes="battle-number")
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
        self.post_fresh(self.Armies(services.armies.names(), list(PRESETS)))

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

    def _number(self, name: str, label: str, low: int, high: int) -> int | None:
        number = whole_number(self.query_one(f"#{name}", Input).value, low, high)
        if number is None:
            self._say(Text(f"{label}: a whole number from {low:,} to {high:,}, please",
                           style="red"))
            self.query_one(f"#{name}", Input).focus()
        return number

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
        games = self._number("pair-games", "games per pair", 1, MOST_GAMES)
        seed = self._number("gauntlet-seed", "seed", 0, MOST_SEED)
        rounds = self._number("gauntlet-rounds", "rounds", 1, MOST_ROUNDS)
        if games is None or seed is None or rounds is None:
            return None
        asked = games_asked(self, "pair-games-mode", "pair-games", games)
        if asked is None:
            return None
        games, rule = asked
        total = games * len(chosen) * (len(chosen) - 1) // 2
        return GauntletRequest(tuple(chosen), games=games, seed=seed, rounds=rounds,
                               terrain=str(self.query_one("#gauntlet-terrain", Select).value),
                               workers=1 if total <= IN_PROCESS_GAMES else None,
                               leave_out=True, until_clear=rule)

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
        if p.standings:
            self._say(f"Played {counted(p.games_done, 'game')} now · {p.pairs_done} of "
                      f"{counted(p.pairs, 'pair')} clear · last: {p.last[0]} v {p.last[1]}")
            self.query_one("#gauntlet-undecided", Static).update(standings_text(p.standings))
            return
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
        if report.request.until_clear is not None:
            self.query_one("#gauntlet-undecided", Static).update(verdicts_text(report))
        else:
            self.query_one("#gauntlet-undecided", Static).update(
                undecided_text(data["undecided"], len(report.pairs)))
        status = Text(f"{len(names)} armies, {report.request.games_words}: "
                      f"{report.played} played now, {report.kept} kept from earlier runs. "
                      "Rows: the army's win rate against the column's (a draw counts half).")
        for warning in report.warnings:
            status.append(f"\n▲ {shown(warning)}", style="yellow")
        self._say(status)
        self.refresh_bindings()
        table.focus()
        table.move_cursor(row=0, column=2 if len(names) > 1 else 1)

    def action_export(self) -> None:
        report, data, services = self.report, self.data, self.army_app.services
        if report is None or services is None:
            return

        def make() -> bytes:
            from armybuilder.export.gauntlet_book import gauntlet_book_bytes, kept_games
            from armybuilder.sim.kept import KeptResults

            kept = KeptResults(services.catalogue.engine)
            return gauntlet_book_bytes(report, data, kept_games(kept, report.request.most_games))

        offer_file(self.app, f"gauntlet-{len(report.armies)}-armies.xlsx", make)

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
        if action == "export" and (self.report is None or self.running):
            return None
        return True
