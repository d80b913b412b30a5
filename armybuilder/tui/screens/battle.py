"""Test battles: two saved armies, a terrain preset, games and seed; the batch runs in a
worker with a progress bar, then its results: a summary, the victory-point distribution,
army A's win rate with its interval, and every game, each one's log a key away.

Games are played in mirrored pairs. "clear in N" instead of "games N" plays until the
answer is clear (A better, worse, or within 5 points of even) or N games: the status line
shows the games so far, A's estimate and how close the test is to a verdict as it goes,
and the games are kept, so running it again goes on from where it stopped.

ctrl+t switches to the gauntlet mode (screens/gauntlet.py), which opens a pair's games on
a battle screen of their own (``BattleScreen(preset=report)``; escape goes back)."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group
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
    Static,
    TabbedContent,
    TabPane,
)
from textual.worker import Worker, WorkerState, get_current_worker

from armybuilder.ai.registry import PLAYERS, with_default_first
from armybuilder.sim.defaults import (
    DEFAULT_GAMES,
    DEFAULT_ROUNDS,
    DEFAULT_SEED,
    DEFAULT_TERRAIN,
    MOST_GAMES,
    MOST_ROUNDS,
    MOST_SEED,
)
from armybuilder.sim.stopping import DEFAULT_MARGIN
from armybuilder.text import counted, literal, literal_lines, shown, whole_number
from armybuilder.tui.screens.base import AppScreen
from armybuilder.tui.widgets.battle_charts import (
    SIDE_STYLE,
    rounds_text,
    summary_table,
    vp_histogram,
    win_rate_text,
)
from armybuilder.tui.widgets.footer import Footer
from armybuilder.tui.widgets.sortable import SortableTable

if TYPE_CHECKING:
    from textual.widgets.select import NoSelection

    from armybuilder.sim.batch import BattleReport, BattleRequest, Underway
    from armybuilder.sim.stopping import StopRule

#: Shown before the battle package is loaded (it is imported in a worker, which then
#: refreshes the list from terrain_presets.PRESETS).
TERRAIN = ("none", "standard", "woods", "ruins")
#: Up to this many games play in a thread of the app; more go to one process per CPU,
#: which pays a second of start-up to play in parallel without touching the app's speed.
IN_PROCESS_GAMES = 12
PROGRESS_SECONDS = 0.1
#: Playing it yourself: who commands army B, and your army's seat (play.new's OPPONENTS and
#: SIDES, kept here so the screen opens without loading the engine).
PLAY_OPPONENTS = (*((PLAYERS.title(k), k) for k in with_default_first(PLAYERS.kinds())),
                  ("second player", "human"))
PLAY_SIDES = (("a (south edge)", "a"), ("b (north edge)", "b"))
#: Castle rules, Playing Area and Set-Up: the one castle player, when both could be.
CASTLE_CHOICES = (("castle: A holds it", "a"), ("castle: B holds it", "b"))
#: How many games: exactly N, or until the answer is clear within at most N.
GAMES_MODES = (("games", "fixed"), ("clear in", "clear"))


def games_mode(field_id: str, label: str = "games") -> Select[str]:
    """The games field's label, a choice: exactly ``label`` N, or "clear in" N."""
    return Select[str]([(label, "fixed"), GAMES_MODES[1]], value="fixed", allow_blank=False,
                       id=field_id, compact=True, classes="games-mode")


def games_asked(screen: Any, mode: str, field: str, games: int
                ) -> tuple[int, StopRule | None] | None:
    """(games, stopping rule) as a games field and its mode say: "clear in" N plays until
    the answer is clear, at most N games; an odd N of games is made whole mirrored pairs
    (the field shows it). None, and a message, when N is too small to be clear in."""
    from armybuilder.sim.stopping import StopRule

    if screen.query_one(f"#{mode}", Select).value == "clear":
        if games < 2:
            screen._say(Text("clear in: at most 2 games or more, please", style="red"))
            return None
        return games, StopRule(margin=DEFAULT_MARGIN / 100, max_games=games)
    if games > 1 and games % 2:
        games += 1  # whole mirrored pairs
        screen.query_one(f"#{field}", Input).value = str(games)
    return games, None


def looking_words(games: int, estimate: float, closeness: float, leaning: str,
                  verdict: str) -> str:
    """A run until the answer is clear, as it goes, in a line."""
    way = f" · {100 * closeness:.0f}% of the way to '{leaning}'" if leaning and not verdict \
        else (f" · {verdict}" if verdict else "")
    return f"{games} games · A {100 * estimate:.1f}%{way}"


def answer_text(report: BattleReport) -> Text:
    """A run until the answer is clear: its verdict, or how close it came."""
    from armybuilder.sim.stopping import verdict_words

    answer = report.answer
    assert answer is not None
    said = verdict_words(answer.verdict, report.army_a, report.army_b, answer.rule.margin)
    if said:
        return literal(f"Clear after {answer.games} games: {said}.", style="bold")
    return literal(f"Not clear after {answer.games} games: {100 * answer.closeness:.0f}% of "
                   f"the way to '{answer.leaning}'. More games would tell.", style="yellow")


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
        Binding("t", "next_tab", "Next tab", show=False,
                tooltip="Games, figures (and the summary on a narrow terminal)"),
        Binding("escape", "back", "Back to the gauntlet", show=False),
        Binding("ctrl+t", "gauntlet", "Gauntlet", tooltip="Every army against every other",
                id="gauntlet"),
        Binding("ctrl+y", "play_yourself", "Play it yourself", priority=True,
                tooltip="Play army A yourself against B, with the opponent and seat "
                        "chosen"),
    ]

    #: Narrower than this, the charts leave the side of the tables for a tab of their own.
    CHARTS_BESIDE = 110

    @dataclass
    class Armies(Message):
        names: list[str]
        terrain: list[str]
        #: The armies marked as the castle player (Castle rules, Playing Area and Set-Up).
        castle_players: tuple[str, ...] = ()

    @dataclass
    class Progressed(Message):
        done: int
        total: int

    @dataclass
    class Finished(Message):
        report: BattleReport | None
        error: str = ""

    @dataclass
    class Looked(Message):
        underway: Underway

    def __init__(self, preset: BattleReport | None = None) -> None:
        """``preset``: a batch already played (a gauntlet's pair) to show at once."""
        super().__init__()
        self.report: BattleReport | None = None
        self.request: BattleRequest | None = None
        self.running = False
        self._listed_version = -1
        self.preset = preset
        self._castle_players: frozenset[str] = frozenset()


    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="battle-setup"):
            with Horizontal(classes="battle-row"):
                yield Select[str]([], prompt="your army (A)", id="army-a", compact=True)
                yield Select[str]([], prompt="opponent (B)", id="army-b", compact=True)
                yield Select[str]([(t, t) for t in TERRAIN], value=DEFAULT_TERRAIN,
                                  allow_blank=False, id="terrain", compact=True)
                # Castle rules, Playing Area and Set-Up: one castle player; shown only when
                # both armies chosen are marked so.
                yield Select[str](CASTLE_CHOICES, value="a", allow_blank=False, id="castle",
                                  compact=True)
            with Horizontal(classes="battle-row"):
                for name, value, label in (("games", DEFAULT_GAMES, "games"),
                                           ("seed", DEFAULT_SEED, "seed"),
                                           ("rounds", DEFAULT_ROUNDS, "rounds")):
                    if name == "games":
                        yield games_mode("games-mode")
                    else:
                        yield Static(label, classes="battle-label")
                    yield Input(str(value), id=name, type="integer", compact=True,
                                classes="battle-number")
                yield Button("Run (ctrl+g)", id="run", variant="primary", compact=True)
                yield Button("Cancel (esc)", id="cancel", compact=True, disabled=True)
            with Horizontal(classes="battle-row", id="play-row"):
                # Playing army A yourself (ctrl+y): who commands B, and your seat.
                yield Static("B played by", classes="battle-label")
                yield Select[str](PLAY_OPPONENTS, value="heuristic", allow_blank=False,
                                  id="play-opponent", compact=True)
                yield Static("your seat", classes="battle-label")
                yield Select[str](PLAY_SIDES, value="a", allow_blank=False, id="play-side",
                                  compact=True)
                yield Button("Play it yourself (ctrl+y)", id="play-yourself", compact=True)
            with Horizontal(classes="battle-row"):
                yield ProgressBar(total=DEFAULT_GAMES, show_eta=False, id="battle-progress")
                yield Static("", id="battle-status")
        with Horizontal(id="battle-results"):
            with VerticalScroll(id="battle-charts"):
                yield Static("", id="battle-summary")
                yield Static("", id="battle-rate")
                yield Static("", id="battle-histogram")
            with TabbedContent(id="battle-tabs", initial="games"):
                # On a narrow terminal the charts beside the tables move into a tab.
                with TabPane("Summary", id="summary"), VerticalScroll():
                    yield Static("", id="battle-summary-tab")
                with TabPane("Games", id="games"):
                    yield SortableTable(id="battle-games", cursor_type="row",
                                        zebra_stripes=True)
                with TabPane("Figures", id="figures"):
                    yield SortableTable(id="battle-figures", cursor_type="row",
                                        zebra_stripes=True)
        yield Footer()

    @property
    def games_table(self) -> SortableTable:
        return self.query_one("#battle-games", SortableTable)

    def on_mount(self) -> None:
        self.sub_title = "Battle"
        self.query_one("#battle-progress").display = False
        self.query_one("#castle").display = False
        self._say(Text("Choose two saved armies and press ctrl+g (or Run). Enter on a game "
                       "shows its log turn by turn.", style="dim"))
        self.watch(self.app, "catalogue_version", lambda _: self._reload())
        self._narrow(self.app.size.width)
        self.query_one("#army-a", Select).focus()
        if self.preset is not None:
            r = self.preset.request
            for name, value in (("games", r.games), ("seed", r.seed), ("rounds", r.rounds)):
                self.query_one(f"#{name}", Input).value = str(value)
            self.show_report(self.preset)

    def on_resize(self, event: events.Resize) -> None:
        self._narrow(event.size.width)

    def _narrow(self, width: int) -> None:
        narrow = width < self.CHARTS_BESIDE
        self.set_class(narrow, "narrow")
        # The choices and the button keep to one line: its shorter name on a narrow
        # terminal.
        self.query_one("#play-yourself", Button).label = \
            "Play (ctrl+y)" if narrow else "Play it yourself (ctrl+y)"
        tabs = self.query_one("#battle-tabs", TabbedContent)
        if narrow:
            tabs.show_tab("summary")
        else:
            if tabs.active == "summary":
                tabs.active = "games"
            tabs.hide_tab("summary")

    def action_next_tab(self) -> None:
        tabs = self.query_one("#battle-tabs", TabbedContent)
        order = [p for p in ("summary", "games", "figures")
                 if p != "summary" or self.has_class("narrow")]
        at = order.index(tabs.active) if tabs.active in order else -1
        tabs.active = order[(at + 1) % len(order)]

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
        saved = services.armies.list()
        self.post_fresh(self.Armies([a.name for a in saved], list(PRESETS),
                                    tuple(a.name for a in saved if a.castle_player)))

    def on_battle_screen_armies(self, message: Armies) -> None:
        preset = self.preset.request if self.preset is not None else None
        for name in ("#army-a", "#army-b"):
            select: Select[str] = self.query_one(name, Select)
            keep: str | NoSelection | None = select.value
            if preset is not None and keep is Select.NULL:
                keep = preset.army_a if name == "#army-a" else preset.army_b
            elif name == "#army-a" and keep is Select.NULL:
                keep = self.army_app.army_name  # the army being built plays as A
            with self.prevent(Select.Changed):
                select.set_options([(literal(n), n) for n in message.names])
                if isinstance(keep, str) and keep in message.names:
                    select.value = keep
        terrain: Select[str] = self.query_one("#terrain", Select)
        if list(message.terrain) != list(TERRAIN):
            keep = terrain.value
            terrain.set_options([(t, t) for t in message.terrain])
            if keep in message.terrain:
                terrain.value = keep
        if preset is not None and preset.terrain in message.terrain:
            terrain.value = preset.terrain
        self._castle_players = frozenset(message.castle_players)
        self._show_castle()

    @on(Select.Changed, "#army-a, #army-b")
    def _show_castle(self) -> None:
        """The castle player's choice, when both armies chosen could be it."""
        both = all(self.query_one(name, Select).value in self._castle_players
                   for name in ("#army-a", "#army-b"))
        self.query_one("#castle").display = both

    def _say(self, text: str | Text) -> None:
        # Plain strings carry army names: shown literally, never read as markup.
        self.query_one("#battle-status", Static).update(
            literal_lines(text) if isinstance(text, str) else text)

    # --- running ------------------------------------------------------------------

    def _number(self, name: str, low: int, high: int) -> int | None:
        number = whole_number(self.query_one(f"#{name}", Input).value, low, high)
        if number is None:
            self._say(Text(f"{name}: a whole number from {low:,} to {high:,}, please",
                           style="red"))
            self.query_one(f"#{name}", Input).focus()
        return number

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
        games = self._number("games", 1, MOST_GAMES)
        seed = self._number("seed", 0, MOST_SEED)
        rounds = self._number("rounds", 1, MOST_ROUNDS)
        if games is None or seed is None or rounds is None:
            return None
        castle = self.query_one("#castle", Select)
        asked = games_asked(self, "games-mode", "games", games)
        if asked is None:
            return None
        games, rule = asked
        return BattleRequest(chosen[0], chosen[1], games=games, seed=seed, rounds=rounds,
                             terrain=str(self.query_one("#terrain", Select).value),
                             workers=1 if games <= IN_PROCESS_GAMES else None,
                             castle=str(castle.value) if castle.display else "",
                             until_clear=rule)

    @on(Button.Pressed, "#run")
    def action_run(self) -> None:
        if self.running or self.army_app.services is None:
            return
        request = self.request_from_fields()
        if request is None:
            return
        self.running = True
        self.request = request
        self.query_one("#run", Button).disabled = True
        self.query_one("#cancel", Button).disabled = False
        bar = self.query_one("#battle-progress", ProgressBar)
        bar.update(total=request.games, progress=0)
        bar.display = True
        if request.until_clear is not None:
            self._say(f"Playing {request.army_a} v {request.army_b} until it is clear (at most "
                      f"{counted(request.games, 'game')}; kept games count)…")
        else:
            self._say(f"Playing {counted(request.games, 'game')}: {request.army_a} v "
                      f"{request.army_b}…")
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

        def looking(u: Underway) -> None:
            if worker.is_cancelled:
                raise BattleCancelled
            self.post_message(self.Looked(u))

        try:
            if request.workers != 1:
                start_resource_tracker()
            if request.until_clear is not None:
                report = run_battles(services.catalogue.path, request, progress, looking)
            else:
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
            if self.request is None or self.request.until_clear is None:
                self._say(f"Played {message.done} of {message.total} games…")

    def on_battle_screen_looked(self, message: Looked) -> None:
        """A run until the answer is clear, as it goes: games so far, A's estimate, and how
        close the test is to a verdict."""
        u = message.underway
        if self.running:
            self.query_one("#battle-progress", ProgressBar).update(progress=u.games)
            self._say(looking_words(u.games, u.estimate, u.closeness, u.leaning, u.verdict)
                      + f" (at most {u.max_games}; {u.played} played now)")

    def on_battle_screen_finished(self, message: Finished) -> None:
        self._stopped()
        if message.report is None:
            self._say(literal_lines(f"No battle: {message.error}", style="bold red"))
            return
        games = message.report.request.games
        self.query_one("#battle-progress", ProgressBar).update(total=games, progress=games)
        self.show_report(message.report)
        self.notify(f"{counted(message.report.request.games, 'game')} in "
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
            self._say(literal_lines(f"No battle: {event.worker.error}", style="bold red"))

    # --- results ------------------------------------------------------------------

    def show_report(self, report: BattleReport) -> None:
        self.report = report
        self.request = report.request
        summary = report.summary()
        names = (report.army_a, report.army_b)
        self.query_one("#battle-summary", Static).update(summary_table(summary, names))
        self.query_one("#battle-rate", Static).update(win_rate_text(summary, names[0]))
        histogram = vp_histogram([r.vp_a for r in report.results],
                                 [r.vp_b for r in report.results], names)
        self.query_one("#battle-histogram", Static).update(histogram)
        self.query_one("#battle-summary-tab", Static).update(Group(
            summary_table(summary, names), Text(""), win_rate_text(summary, names[0]),
            Text(""), histogram))
        self._figures(summary)
        status = rounds_text(summary)
        if report.answer is not None:
            status.append("\n")
            status.append_text(answer_text(report))
        for warning in report.warnings:
            status.append(f"\n▲ {shown(warning)}", style="yellow")
        self._say(status)
        table = self.games_table
        table.clear(columns=True)
        for label, width in (("Game", 4), ("Winner", 12), ("VP A", 4), ("VP B", 4),
                             ("Rnd", 3), ("Ending", 11), ("First", 10)):
            table.add_column(label, width=width, key=label)
        for r in report.results:
            winner = (literal(names[0], style=SIDE_STYLE["a"]) if r.winner == "a"
                      else literal(names[1], style=SIDE_STYLE["b"]) if r.winner == "b"
                      else Text("draw", style="dim"))
            table.add_row(str(r.index + 1), winner, str(r.vp_a), str(r.vp_b), str(r.rounds),
                          literal(r.termination), literal(names[0] if r.first == "a" else names[1]),
                          key=str(r.index))
        table.resort()
        self.query_one("#battle-tabs", TabbedContent).active = "games"
        table.focus()

    def _figures(self, summary: dict[str, Any]) -> None:
        """How each figure did, per game: eliminations, captures, clicks dealt, survival."""
        table = self.query_one("#battle-figures", SortableTable)
        table.clear(columns=True)
        for label, width in (("Side", 4), ("Figure", 20), ("n", 2), ("Elim", 5),
                             ("Capt", 5), ("Clicks", 6), ("Survive", 7)):
            table.add_column(label, width=width, key=label)
        for side in "ab":
            for f in summary["figures"][side]:
                table.add_row(Text(side.upper(), style=SIDE_STYLE[side]), literal(f["name"]),
                              str(f["count"]), f"{f['eliminations']:.2f}",
                              f"{f['captures']:.2f}", f"{f['clicks_dealt']:.2f}",
                              f"{f['survival_rate'] * 100:.0f}%", key=f"{side}:{f['key']}")
        table.resort()

    @on(DataTable.RowSelected, "#battle-games")
    def _game_chosen(self, event: DataTable.RowSelected) -> None:
        self.action_open_log()

    def action_open_log(self) -> None:
        report, services = self.report, self.army_app.services
        if report is None or services is None or not report.results:
            return
        from armybuilder.tui.screens.battle_log import BattleLogScreen

        key = self.games_table.cursor_key
        index = int(key) if key is not None else report.results[0].index
        self.app.push_screen(BattleLogScreen(services.catalogue.path, report.request, index,
                                             (report.army_a, report.army_b)))

    def action_back(self) -> None:
        self.dismiss()

    def action_gauntlet(self) -> None:
        self.app.switch_mode("gauntlet")

    # --- playing it yourself -------------------------------------------------------

    @dataclass
    class Started(Message):
        game_id: int | None
        error: str = ""

    def play_choices(self) -> tuple[str, str]:
        """(who commands army B, your army's seat) as chosen for playing it yourself."""
        return (str(self.query_one("#play-opponent", Select).value),
                str(self.query_one("#play-side", Select).value))

    @on(Button.Pressed, "#play-yourself")
    def action_play_yourself(self) -> None:
        """Army A against army B, on the terrain, seed and rounds chosen, B commanded by
        the opponent chosen (an AI, or a second player at this keyboard) and army A on
        the seat chosen: the game is saved, then played on the play screen."""
        if self.army_app.services is None:
            return
        request = self.request_from_fields()
        if request is not None:
            self._say(f"Setting up {request.army_a} v {request.army_b}…")
            self._start_game(request, *self.play_choices())

    @work(thread=True, exclusive=True, group="battle-play")
    def _start_game(self, request: BattleRequest, opponent: str, side: str) -> None:
        from armybuilder.play.new import NewGame, new_game

        services = self.army_app.services
        assert services is not None
        try:
            game_id, _ = new_game(services.catalogue, NewGame(
                request.army_a, request.army_b, terrain=request.terrain, seed=request.seed,
                rounds=request.rounds, opponent=opponent, side=side, castle=request.castle))
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
        if action == "back" and (self.preset is None or self.running):
            return None
        if action == "gauntlet" and self.preset is not None:
            return None
        return True
