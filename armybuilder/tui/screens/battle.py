"""Test battles: two saved armies, a terrain preset, games and seed; the batch runs in a
worker with a progress bar, then its results: a summary, the victory-point distribution,
army A's win rate with its interval, and every game, each one's log a key away."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Button, DataTable, Footer, Header, Input, ProgressBar, Select, Static
from textual.worker import Worker, WorkerState, get_current_worker

from armybuilder.sim.defaults import (
    DEFAULT_GAMES,
    DEFAULT_ROUNDS,
    DEFAULT_SEED,
    DEFAULT_TERRAIN,
)
from armybuilder.tui.screens.base import AppScreen
from armybuilder.tui.widgets.battle_charts import (
    SIDE_STYLE,
    rounds_text,
    summary_table,
    vp_histogram,
    win_rate_text,
)

if TYPE_CHECKING:
    from armybuilder.sim.batch import BattleReport, BattleRequest

#: Shown before the battle package is loaded (it is imported in a worker, which then
#: refreshes the list from terrain_presets.PRESETS).
TERRAIN = ("none", "standard", "woods", "ruins")
#: Up to this many games play in a thread of the app; more go to one process per CPU,
#: which pays a second of start-up to play in parallel without touching the app's speed.
IN_PROCESS_GAMES = 12
PROGRESS_SECONDS = 0.1


def start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker before a process pool does.

    The tracker is handed ``sys.stderr``'s file descriptor when it starts, and a running
    Textual app has replaced ``sys.stderr`` with a capture that has none ("bad value(s) in
    fds_to_keep"); started here it gets the null device instead, and the pool finds it
    running."""
    if os.name != "posix":
        return  # Windows has no resource tracker process
    from multiprocessing import resource_tracker

    captured = sys.stderr
    with open(os.devnull, "w") as quiet:
        sys.stderr = quiet
        try:
            resource_tracker.ensure_running()
        finally:
            sys.stderr = captured


class BattleCancelled(Exception):
    """Raised from the progress callback to stop a batch between chunks of games."""


class BattleScreen(AppScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+g", "run", "Run battles", priority=True),
        Binding("escape", "cancel", "Cancel run", show=False),
        Binding("l", "open_log", "Game log", tooltip="The highlighted game, turn by turn"),
        Binding("ctrl+y", "play_yourself", "Play it yourself", priority=True,
                tooltip="Play army A yourself against B, the AI commanding B"),
    ]

    @dataclass
    class Armies(Message):
        names: list[str]
        terrain: list[str]

    @dataclass
    class Progressed(Message):
        done: int
        total: int

    @dataclass
    class Finished(Message):
        report: BattleReport | None
        error: str = ""

    def __init__(self) -> None:
        super().__init__()
        self.report: BattleReport | None = None
        self.request: BattleRequest | None = None
        self.running = False
        self._listed_version = -1


    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="battle-setup"):
            with Horizontal(classes="battle-row"):
                yield Select[str]([], prompt="your army (A)", id="army-a", compact=True)
                yield Select[str]([], prompt="opponent (B)", id="army-b", compact=True)
                yield Select[str]([(t, t) for t in TERRAIN], value=DEFAULT_TERRAIN,
                                  allow_blank=False, id="terrain", compact=True)
            with Horizontal(classes="battle-row"):
                for name, value, label in (("games", DEFAULT_GAMES, "games"),
                                           ("seed", DEFAULT_SEED, "seed"),
                                           ("rounds", DEFAULT_ROUNDS, "rounds")):
                    yield Static(label, classes="battle-label")
                    yield Input(str(value), id=name, type="integer", compact=True,
                                classes="battle-number")
                yield Button("Run (ctrl+g)", id="run", variant="primary", compact=True)
                yield Button("Cancel (esc)", id="cancel", compact=True, disabled=True)
                yield Button("Play it yourself (ctrl+y)", id="play-yourself", compact=True)
            with Horizontal(classes="battle-row"):
                yield ProgressBar(total=DEFAULT_GAMES, show_eta=False, id="battle-progress")
                yield Static("", id="battle-status")
        with Horizontal(id="battle-results"):
            with VerticalScroll(id="battle-charts"):
                yield Static("", id="battle-summary")
                yield Static("", id="battle-rate")
                yield Static("", id="battle-histogram")
            yield DataTable(id="battle-games", cursor_type="row", zebra_stripes=True)
        yield Footer()

    @property
    def games_table(self) -> DataTable[str | Text]:
        return self.query_one("#battle-games", DataTable)

    def on_mount(self) -> None:
        self.sub_title = "Battle"
        self.query_one("#battle-progress").display = False
        self._say(Text("Choose two saved armies and press ctrl+g (or Run). Enter on a game "
                       "shows its log turn by turn.", style="dim"))
        self.watch(self.app, "catalogue_version", lambda _: self._reload())
        self.query_one("#army-a", Select).focus()

    def on_screen_resume(self) -> None:
        if self._listed_version != self.army_app.armies_version:
            self._reload()

    def _reload(self) -> None:
        if self.army_app.services is not None:
            self._listed_version = self.army_app.armies_version
            self._list_armies()

    @work(thread=True, exclusive=True, group="battle-armies")
    def _list_armies(self) -> None:
        from armybuilder.sim.terrain_presets import PRESETS

        services = self.army_app.services
        assert services is not None
        self.post_message(self.Armies(services.armies.names(), list(PRESETS)))

    def on_battle_screen_armies(self, message: Armies) -> None:
        for name in ("#army-a", "#army-b"):
            select: Select[str] = self.query_one(name, Select)
            keep = select.value
            with self.prevent(Select.Changed):
                select.set_options([(n, n) for n in message.names])
                if keep in message.names:
                    select.value = keep
        terrain: Select[str] = self.query_one("#terrain", Select)
        if list(message.terrain) != list(TERRAIN):
            keep = terrain.value
            terrain.set_options([(t, t) for t in message.terrain])
            if keep in message.terrain:
                terrain.value = keep

    def _say(self, text: str | Text) -> None:
        self.query_one("#battle-status", Static).update(text)

    # --- running ------------------------------------------------------------------

    def _number(self, name: str, low: int) -> int | None:
        text = self.query_one(f"#{name}", Input).value.strip()
        if not text.lstrip("-").isdigit() or int(text) < low:
            self._say(Text(f"{name}: a whole number of at least {low}, please", style="red"))
            self.query_one(f"#{name}", Input).focus()
            return None
        return int(text)

    def request_from_fields(self) -> BattleRequest | None:
        """The request the fields describe, or None (and a message) when one is wrong."""
        from armybuilder.sim.batch import BattleRequest

        chosen = []
        for name, who in (("#army-a", "your army"), ("#army-b", "the opponent's army")):
            value = self.query_one(name, Select).value
            if value is Select.NULL:
                self._say(Text(f"Choose {who} first.", style="red"))
                self.query_one(name, Select).focus()
                return None
            chosen.append(str(value))
        games = self._number("games", 1)
        seed = self._number("seed", 0)
        rounds = self._number("rounds", 1)
        if games is None or seed is None or rounds is None:
            return None
        return BattleRequest(chosen[0], chosen[1], games=games, seed=seed, rounds=rounds,
                             terrain=str(self.query_one("#terrain", Select).value),
                             workers=1 if games <= IN_PROCESS_GAMES else None)

    @on(Button.Pressed, "#run")
    def action_run(self) -> None:
        if self.running or self.army_app.services is None:
            return
        request = self.request_from_fields()
        if request is None:
            return
        self.running = True
        self.query_one("#run", Button).disabled = True
        self.query_one("#cancel", Button).disabled = False
        bar = self.query_one("#battle-progress", ProgressBar)
        bar.update(total=request.games, progress=0)
        bar.display = True
        self._say(f"Playing {request.games} games: {request.army_a} v {request.army_b}…")
        self._run(request)

    @work(thread=True, exclusive=True, group="battle", exit_on_error=False)
    def _run(self, request: BattleRequest) -> None:
        from armybuilder.sim.batch import run_battles

        services = self.army_app.services
        assert services is not None
        worker = get_current_worker()
        shown = [0.0]

        def progress(done: int, total: int) -> None:
            # Called from this thread after every chunk of games; raising here is the one
            # way to stop run_battles (a process pool is closed on the way out).
            if worker.is_cancelled:
                raise BattleCancelled
            now = time.monotonic()
            if now - shown[0] >= PROGRESS_SECONDS or done == total:
                shown[0] = now  # the bar need not be redrawn more often than this
                self.post_message(self.Progressed(done, total))

        try:
            if request.workers != 1:
                start_resource_tracker()
            report = run_battles(services.catalogue.path, request, progress)
        except BattleCancelled:
            return
        except Exception as exc:  # BattleError names the army or option; anything else too
            self.post_message(self.Finished(None, str(exc)))
            return
        if not worker.is_cancelled:
            self.post_message(self.Finished(report))

    def on_battle_screen_progressed(self, message: Progressed) -> None:
        if self.running:
            self.query_one("#battle-progress", ProgressBar).update(progress=message.done)
            self._say(f"Played {message.done} of {message.total} games…")

    def on_battle_screen_finished(self, message: Finished) -> None:
        self._stopped()
        if message.report is None:
            self._say(Text(f"No battle: {message.error}", style="bold red"))
            return
        games = message.report.request.games
        self.query_one("#battle-progress", ProgressBar).update(total=games, progress=games)
        self.show_report(message.report)
        self.notify(f"{message.report.request.games} games in "
                    f"{message.report.seconds:.1f} s", title="Battle over", timeout=4)

    def _stopped(self) -> None:
        self.running = False
        self.query_one("#run", Button).disabled = False
        self.query_one("#cancel", Button).disabled = True

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        if not self.running:
            return
        self.workers.cancel_group(self, "battle")
        self._stopped()
        self.query_one("#battle-progress").display = False
        self._say(Text("Cancelled; the results below (if any) are from the last run.",
                       style="yellow"))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        # A crash outside run_battles' own errors still frees the Run button.
        if event.worker.group == "battle" and event.state == WorkerState.ERROR \
                and self.running:
            self._stopped()
            self._say(Text(f"No battle: {event.worker.error}", style="bold red"))

    # --- results ------------------------------------------------------------------

    def show_report(self, report: BattleReport) -> None:
        self.report = report
        self.request = report.request
        summary = report.summary()
        names = (report.army_a, report.army_b)
        self.query_one("#battle-summary", Static).update(summary_table(summary, names))
        self.query_one("#battle-rate", Static).update(win_rate_text(summary, names[0]))
        self.query_one("#battle-histogram", Static).update(vp_histogram(
            [r.vp_a for r in report.results], [r.vp_b for r in report.results], names))
        status = rounds_text(summary)
        for warning in report.warnings:
            status.append(f"\n▲ {warning}", style="yellow")
        self._say(status)
        table = self.games_table
        table.clear(columns=True)
        for label, width in (("Game", 4), ("Winner", 12), ("VP A", 4), ("VP B", 4),
                             ("Rnd", 3), ("Ending", 11), ("First", 10)):
            table.add_column(label, width=width)
        for r in report.results:
            winner = (Text(names[0], style=SIDE_STYLE["a"]) if r.winner == "a"
                      else Text(names[1], style=SIDE_STYLE["b"]) if r.winner == "b"
                      else Text("draw", style="dim"))
            table.add_row(str(r.index + 1), winner, str(r.vp_a), str(r.vp_b), str(r.rounds),
                          r.termination, names[0] if r.first == "a" else names[1],
                          key=str(r.index))
        table.focus()

    @on(DataTable.RowSelected, "#battle-games")
    def _game_chosen(self, event: DataTable.RowSelected) -> None:
        self.action_open_log()

    def action_open_log(self) -> None:
        report, services = self.report, self.army_app.services
        if report is None or services is None or not report.results:
            return
        from armybuilder.tui.screens.battle_log import BattleLogScreen

        row = self.games_table.cursor_row
        index = report.results[min(max(row, 0), len(report.results) - 1)].index
        self.app.push_screen(BattleLogScreen(services.catalogue.path, report.request, index,
                                             (report.army_a, report.army_b)))

    # --- playing it yourself -------------------------------------------------------

    @dataclass
    class Started(Message):
        game_id: int | None
        error: str = ""

    @on(Button.Pressed, "#play-yourself")
    def action_play_yourself(self) -> None:
        """Army A against army B, on the terrain, seed and rounds chosen, the heuristic AI
        commanding B: the game is saved, then played on the play screen."""
        if self.army_app.services is None:
            return
        request = self.request_from_fields()
        if request is not None:
            self._say(f"Setting up {request.army_a} v {request.army_b}…")
            self._start_game(request)

    @work(thread=True, exclusive=True, group="battle-play")
    def _start_game(self, request: BattleRequest) -> None:
        from armybuilder.play.new import NewGame, new_game

        services = self.army_app.services
        assert services is not None
        try:
            game_id, _ = new_game(services.catalogue, NewGame(
                request.army_a, request.army_b, terrain=request.terrain, seed=request.seed,
                rounds=request.rounds))
        except Exception as exc:  # BattleError names the army or option
            self.post_message(self.Started(None, str(exc)))
            return
        self.post_message(self.Started(game_id))

    def on_battle_screen_started(self, message: Started) -> None:
        if message.game_id is None:
            self._say(Text(f"No game: {message.error}", style="bold red"))
            return
        from armybuilder.tui.screens.play import PlayScreen

        self._say(f"Game {message.game_id} saved; armybuilder play --resume "
                  f"{message.game_id} goes on with it later.")
        self.app.push_screen(PlayScreen(message.game_id))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open_log" and self.report is None:
            return None
        if action == "cancel" and not self.running:
            return None
        return True
