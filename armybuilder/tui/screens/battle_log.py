"""One game of a batch told turn by turn, with the table's map after every turn.

The batch keeps no logs: the game is played again from its index (the same game, see
``armybuilder.sim.batch.replay_game``) in a worker, and told by the replay renderer.
``v`` (:class:`ReviewKey`, the played games' replay viewer has it too) adds the expert
AI's review of the game as a last page.
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Header, Static

from armybuilder.text import literal, literal_lines, shown
from armybuilder.tui.delivery import offer_file, safe_name
from armybuilder.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from armybuilder.sim.batch import BattleRequest

_ROUND = re.compile(r"^=== Round (\d+) ===")
_TURN = re.compile(r"^Turn \d+: ")


@dataclass(frozen=True, slots=True)
class Part:
    """A stretch of the story: the set-up, or one turn (its round's heading with it)."""

    title: str
    lines: tuple[str, ...]


def turn_by_turn(lines: list[str]) -> list[Part]:
    """The narration cut before every turn; a round's heading opens its first turn."""
    parts: list[tuple[str, list[str]]] = [("Set-up", [])]
    heading: list[str] = []
    round_no = 0
    for line in lines:
        found = _ROUND.match(line)
        if found:
            round_no = int(found.group(1))
            heading.append(line)
        elif _TURN.match(line):
            parts.append((f"Round {round_no} · {line.rstrip('.')}", [*heading, line]))
            heading = []
        elif heading:
            heading.append(line)
        else:
            parts[-1][1].append(line)
    if heading:
        parts[-1][1].extend(heading)
    return [Part(title, tuple(body)) for title, body in parts]


#: The last page's title.
TITLE = "Expert review"


class ReviewKey:
    """Mixed into a replay viewer whose ``game_log`` is the game's JSON log and whose
    ``parts``, ``at`` and ``_show`` page through it."""

    parts: list[Part]
    at: int
    game_log: str | None

    if TYPE_CHECKING:
        app: Any

        def notify(self, message: str, **kw: Any) -> None: ...
        def _show(self) -> None: ...

    def action_review(self) -> None:
        if not self.game_log or not self.parts:
            self.notify("The game is still being told: review it in a moment.", timeout=4)
            return
        found = next((k for k, p in enumerate(self.parts) if p.title == TITLE), None)
        if found is not None:
            self.at = found
            self._show()
            return
        self.notify("The expert AI is weighing every decision again: this takes a while "
                    "(a page is added when it is done).", timeout=6)
        self._review(self.game_log)

    @work(thread=True, exclusive=True, group="review")
    def _review(self, log: str) -> None:
        from armybuilder.play.review import review  # loads the expert with the first review

        data = json.loads(log)
        lines = review(data).lines(tuple(p["name"] for p in data["start"]["players"]))
        with contextlib.suppress(RuntimeError):  # the app is closing
            self.app.call_from_thread(self._reviewed, lines)

    def _reviewed(self, lines: list[str]) -> None:
        self.parts.append(Part(TITLE, tuple(lines)))
        self.at = len(self.parts) - 1
        self._show()


class BattleLogScreen(ReviewKey, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n,space", "turn(1)", "Next turn"),
        Binding("left,p", "turn(-1)", "Previous turn"),
        # Priority: the scrolling log would otherwise take home and end for itself.
        Binding("home", "jump(0)", "Set-up", show=False, priority=True),
        Binding("end", "jump(-1)", "Last turn", show=False, priority=True),
        Binding("w", "whole", "Whole game", tooltip="The whole log in one page, or turn by turn"),
        Binding("x", "export", "Export log",
                tooltip="The game's event log, which armybuilder battle replay tells"),
        # Out of the footer (F1 and the README name it): the screens' pictures stay.
        Binding("v", "review", "Expert review", show=False,
                tooltip="The expert AI marks each side's costliest decisions"),
        Binding("escape,q", "close", "Back to the results"),
    ]

    @dataclass
    class Told(Message):
        lines: list[str]
        error: str = ""
        log: str = ""  # the game's JSON event log

    def __init__(self, db_path: Path, request: BattleRequest, index: int,
                 names: tuple[str, str]) -> None:
        super().__init__()
        self.db_path = db_path
        self.request = request
        self.index = index
        self.names = names
        self.parts: list[Part] = []
        self.at = 0
        self.whole = False
        self.game_log: str | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(f"Game {self.index + 1} of {self.request.games}: playing it again…",
                     id="log-title")
        with VerticalScroll(id="log-scroll"):
            yield Static("", id="log-text")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = f"Battle log · {shown(self.names[0])} v {shown(self.names[1])}"
        self._tell()

    @work(thread=True, exclusive=True, group="battle-log")
    def _tell(self) -> None:
        from armybuilder.sim.batch import replay_game
        from armybuilder.sim.replay import narrate

        try:
            game = replay_game(self.db_path, self.request, self.index)
            log = game.log_json()
            lines = list(narrate(json.loads(log), maps="turn"))
        except Exception as exc:  # BattleError, or a game the engine now refuses
            self.post_message(self.Told([], str(exc)))
            return
        self.post_message(self.Told(lines, log=log))

    def on_battle_log_screen_told(self, message: Told) -> None:
        if message.error:
            self.query_one("#log-title", Static).update(
                literal_lines(f"Game {self.index + 1}: {message.error}", style="bold red"))
            return
        self.parts = turn_by_turn(message.lines)
        self.game_log = message.log
        self.refresh_bindings()
        self._show()

    def _show(self) -> None:
        if not self.parts:
            return
        title = self.query_one("#log-title", Static)
        text = self.query_one("#log-text", Static)
        head = f"Game {self.index + 1} of {self.request.games}"
        if self.whole:
            title.update(Text(f"{head} · the whole game", style="bold"))
            # Text, not markup: the narration names figures and armies (already literal).
            text.update(literal_lines("\n".join(line for p in self.parts for line in p.lines)))
        else:
            part = self.parts[self.at]
            title.update(literal(f"{head} · {part.title}  ({self.at + 1}/{len(self.parts)})",
                                 style="bold"))
            text.update(literal_lines("\n".join(part.lines)))
        self.query_one("#log-scroll", VerticalScroll).scroll_home(animate=False)

    def action_turn(self, step: int) -> None:
        self.whole = False
        self.at = max(0, min(self.at + step, len(self.parts) - 1))
        self._show()

    def action_jump(self, at: int) -> None:
        self.whole = False
        self.at = at if at >= 0 else len(self.parts) - 1
        self._show()

    def action_whole(self) -> None:
        self.whole = not self.whole
        self._show()

    def action_export(self) -> None:
        """The game's log, as ``battle A B --games 1 --log PATH`` writes it."""
        log = self.game_log
        if not log:
            return
        name = safe_name(f"{self.names[0]} v {self.names[1]} game {self.index + 1}", ".json")
        offer_file(self.app, name, lambda: log,
                   said=lambda where: f"Wrote {where} (armybuilder battle replay {where})")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "export" and not self.game_log:
            return None
        return True

    def action_close(self) -> None:
        self.dismiss(None)
