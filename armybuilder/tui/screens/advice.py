"""The builder's test-battle answers for the open army: what each figure is worth
(``army value``), and the army advisor's proposals (``army improve``).

The opponents are ticked from the saved armies (every other one to start with); ctrl+g
runs in a worker with progress (esc cancels; the games played are kept), then the answers
fill the table: each figure's worth with its interval and finding, or each proposed change
with its gain. Enter on a proposal accepts it: the dialog closes with the change, which the
builder applies as one undoable edit (ctrl+z takes it back).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import (
    Button,
    Checkbox,
    DataTable,
    Input,
    ProgressBar,
    SelectionList,
    Static,
)
from textual.worker import Worker, WorkerState, get_current_worker

from armybuilder.sim.defaults import DEFAULT_VALUE_GAMES
from armybuilder.sim.stopping import DEFAULT_MARGIN
from armybuilder.text import literal, literal_lines
from armybuilder.tui.screens.battle import PROGRESS_SECONDS, BattleCancelled

if TYPE_CHECKING:
    from pathlib import Path

    from armybuilder.sim.advisor import ImproveReport
    from armybuilder.sim.value import ValueReport

VALUE, IMPROVE = "value", "improve"
#: The advisor's games budget to start with in the app.
DEFAULT_BUDGET = 2000
#: Up to this many games (the most of one answer, or the budget) play in a thread of the
#: app; more go to one process per CPU.
IN_PROCESS_GAMES = 24


class AdviceScreen(ModalScreen[Any]):
    """Dismissed with the change accepted (sim.advisor.Change), or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+g", "run", "Run", priority=True),
        Binding("escape", "close", "Cancel or close"),
    ]

    @dataclass
    class Progressed(Message):
        done: int
        total: int
        said: str

    @dataclass
    class Finished(Message):
        report: Any  # ValueReport | ImproveReport | None
        error: str = ""

    def __init__(self, mode: str, army: str, others: list[str], db_path: Path,
                 collection: dict[str, int] | None = None) -> None:
        """``collection``: the figures the player owns (the "only figures I own" box)."""
        super().__init__()
        self.collection = dict(collection or {})
        self.mode = mode
        self.army = army
        self.others = others
        self.db_path = db_path
        self.running = False
        self.report: Any = None

    def compose(self) -> ComposeResult:
        title = (f"What each figure of “{self.army}” is worth" if self.mode == VALUE
                 else f"Changes that would improve “{self.army}”")
        with Vertical(classes="dialog wide", id="advice-dialog"):
            yield Static(literal(title), classes="dialog-title")
            with Horizontal(id="advice-setup"):
                yield SelectionList[str](*[(literal(n), n, True) for n in self.others],
                                         id="advice-against")
                with Vertical(id="advice-fields"):
                    most, most_value = (("most games", DEFAULT_VALUE_GAMES)
                                        if self.mode == VALUE else ("games budget",
                                                                    DEFAULT_BUDGET))
                    for name, label, value in (("advice-most", most, most_value),
                                               ("advice-margin", "margin", DEFAULT_MARGIN),
                                               ("advice-rounds", "rounds", 25)):
                        with Horizontal(classes="battle-row"):
                            yield Static(label, classes="battle-label")
                            yield Input(f"{value:g}", id=name, compact=True,
                                        classes="battle-number")
                    if self.mode == IMPROVE:
                        yield Checkbox("only figures I own", id="advice-owned", compact=True)
                    with Horizontal(classes="battle-row"):
                        yield Button("Run (ctrl+g)", id="advice-run", variant="primary",
                                     compact=True)
            yield ProgressBar(total=1, show_eta=False, id="advice-progress")
            yield Static("", id="advice-status")
            yield DataTable(id="advice-table", cursor_type="row", zebra_stripes=True)
            yield Static(Text("Tick the opponents (space), then ctrl+g. " + (
                "Enter on a change applies it to the army (ctrl+z undoes it)."
                if self.mode == IMPROVE else "Esc closes."), style="dim"),
                classes="dialog-hint", id="advice-hint")

    def on_mount(self) -> None:
        self.query_one("#advice-progress").display = False
        self.query_one("#advice-against", SelectionList).focus()

    def _say(self, text: str | Text) -> None:
        self.query_one("#advice-status", Static).update(
            literal_lines(text) if isinstance(text, str) else text)

    def _number(self, name: str, label: str, low: float, whole: bool = True) -> float | None:
        text = self.query_one(f"#{name}", Input).value.strip()
        try:
            value = int(text) if whole else float(text)
        except ValueError:
            value = None
        if value is None or value < low or (not whole and value >= 50):
            self._say(Text(f"{label}: {'a whole number of at least' if whole else 'a number above'}"
                           f" {low:g}{'' if whole else ' and under 50'}, please", style="red"))
            self.query_one(f"#{name}", Input).focus()
            return None
        return value

    # --- running ------------------------------------------------------------------

    @on(Button.Pressed, "#advice-run")
    def action_run(self) -> None:
        if self.running:
            return
        against = list(self.query_one("#advice-against", SelectionList).selected)
        if not against:
            self._say(Text("Tick one opponent or more (space).", style="red"))
            return
        most = self._number("advice-most", "most games" if self.mode == VALUE
                            else "games budget", 2)
        margin = self._number("advice-margin", "margin", 0, whole=False)
        rounds = self._number("advice-rounds", "rounds", 1)
        if most is None or margin is None or rounds is None or margin <= 0:
            return
        owned = self.mode == IMPROVE and self.query_one("#advice-owned", Checkbox).value
        self.running = True
        self.query_one("#advice-run", Button).disabled = True
        bar = self.query_one("#advice-progress", ProgressBar)
        bar.update(total=None, progress=0)
        bar.display = True
        self._say(f"Playing {self.army} against {len(against)} opponents…")
        self._run([str(a) for a in against], int(most), margin / 100, int(rounds), owned)

    @work(thread=True, exclusive=True, group="advice", exit_on_error=False)
    def _run(self, against: list[str], most: int, margin: float, rounds: int,
             owned: bool) -> None:
        from armybuilder.sim.field import FieldSettings
        from armybuilder.tui.screens.battle import start_resource_tracker

        worker = get_current_worker()
        shown = [0.0]

        def tell(done: int, total: int, said: str) -> None:
            if worker.is_cancelled:
                raise BattleCancelled
            now = time.monotonic()
            if now - shown[0] >= PROGRESS_SECONDS:
                shown[0] = now
                self.post_message(self.Progressed(done, total, said))

        small = most <= IN_PROCESS_GAMES
        settings = FieldSettings(rounds=rounds, workers=1 if small else None)
        try:
            if not small:
                start_resource_tracker()
            report: Any
            if self.mode == VALUE:
                from armybuilder.sim.stopping import StopRule
                from armybuilder.sim.value import ValueProgress, ValueRequest, run_value

                def valued(p: ValueProgress) -> None:
                    tell(p.answered, len(p.figures), f"{p.played} games played · "
                         f"{p.answered} of {len(p.figures)} figures clear")

                report = run_value(self.db_path, ValueRequest(
                    self.army, tuple(against), settings,
                    StopRule(margin=margin, max_games=most)), valued)
            else:
                from armybuilder.sim.advisor import ImproveProgress, ImproveRequest, run_improve

                def advised(p: ImproveProgress) -> None:
                    tell(p.planned, p.budget, f"{p.stage} · {p.played} games played · "
                         f"{p.planned} of {p.budget} planned")

                report = run_improve(self.db_path, ImproveRequest(
                    self.army, tuple(against), settings, margin=margin, games_budget=most,
                    owned=self.collection if owned else None), advised)
        except BattleCancelled:
            return
        except Exception as exc:  # BattleError names the army or option; anything else too
            self.post_message(self.Finished(None, str(exc)))
            return
        if not worker.is_cancelled:
            self.post_message(self.Finished(report))

    def on_advice_screen_progressed(self, message: Progressed) -> None:
        if self.running:
            self.query_one("#advice-progress", ProgressBar).update(total=message.total,
                                                                   progress=message.done)
            self._say(message.said)

    def on_advice_screen_finished(self, message: Finished) -> None:
        self._stopped()
        if message.report is None:
            self._say(literal_lines(f"Nothing measured: {message.error}", style="bold red"))
            return
        self.query_one("#advice-progress", ProgressBar).update(total=1, progress=1)
        self.report = message.report
        if self.mode == VALUE:
            self.show_value(message.report)
        else:
            self.show_proposals(message.report)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "advice" and event.state == WorkerState.ERROR and self.running:
            self._stopped()
            self._say(literal_lines(f"Nothing measured: {event.worker.error}",
                                    style="bold red"))

    def _stopped(self) -> None:
        self.running = False
        self.query_one("#advice-run", Button).disabled = False

    def action_close(self) -> None:
        if self.running:
            self.workers.cancel_group(self, "advice")
            self._stopped()
            self.query_one("#advice-progress").display = False
            self._say(Text("Cancelled. The games played are kept: Run goes on from them.",
                           style="yellow"))
            return
        self.dismiss(None)

    # --- the answers --------------------------------------------------------------

    def _table(self, columns: tuple[tuple[str, int], ...]) -> DataTable[Any]:
        table: DataTable[Any] = self.query_one("#advice-table", DataTable)
        table.clear(columns=True)
        for label, width in columns:
            table.add_column(label, width=width, key=label)
        return table

    def show_value(self, report: ValueReport) -> None:
        table = self._table((("Figure", 22), ("n", 2), ("Pts", 4), ("Worth", 6),
                             ("95% interval", 14), ("Finding", 24), ("Games", 5)))
        for f in report.figures:
            table.add_row(literal(f.name), str(f.copies), str(f.points),
                          f"{100 * f.value:+.1f}",
                          f"{100 * f.ci95[0]:+.1f} to {100 * f.ci95[1]:+.1f}",
                          literal(f.finding), str(f.games), key=f.key)
        self._say(f"{report.army} wins {100 * report.win_rate:.1f}% against the field. "
                  "Worth: win-rate points lost when one copy sits out (points unspent); "
                  f"{report.played} games played now, {report.kept} kept.")
        table.focus()

    def show_proposals(self, report: ImproveReport) -> None:
        table = self._table((("Change", 40), ("Pts", 4), ("Gain", 6), ("95% interval", 14),
                             ("Games", 5), ("As", 12)))
        for i, p in enumerate(report.proposals):
            how = ("measured" + (f", {p.verdict}" if p.verdict else "")) if p.measured \
                else f"screened {p.stage}"
            table.add_row(literal(p.change.words), f"{p.change.points:+d}",
                          Text(f"{100 * p.gain:+.1f}", style="bold green" if p.better else ""),
                          f"{100 * p.ci95[0]:+.1f} to {100 * p.ci95[1]:+.1f}", str(p.games),
                          how, key=str(i))
        best = report.best
        self._say((f"Best: {best.change.words} ({100 * best.gain:+.1f} points). "
                   if best else "No change was told better than the army. ")
                  + f"{report.considered} changes tried, {report.planned} games used "
                    f"({report.played} played now). Enter applies the highlighted change.")
        table.focus()

    @on(DataTable.RowSelected, "#advice-table")
    def _accept(self, event: DataTable.RowSelected) -> None:
        if self.mode != IMPROVE or self.report is None or event.row_key.value is None:
            return
        proposal = self.report.proposals[int(event.row_key.value)]
        self.dismiss(proposal.change)
