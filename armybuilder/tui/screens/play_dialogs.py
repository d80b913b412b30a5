"""The play screen's dialogs: a figure's dial, the end of the game, the games kept, and a
finished game told turn by turn."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich import box
from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Footer, Header, Static

from armybuilder.play.board import Board, Piece, result_words
from armybuilder.text import literal, literal_lines, shown, shown_lines
from armybuilder.tui.battlefield import SIDE_COLOURS
from armybuilder.tui.screens.battle_log import Part, turn_by_turn

if TYPE_CHECKING:
    from armybuilder.play.games import SavedGame
    from armybuilder.tui.app import ArmyBuilderApp


def dial_table(piece: Piece) -> Table:
    """Every live click of the figure's dial, the one showing marked (Rulebook I)."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1))
    for head in ("", "click", "spd", "att", "def", "dmg", "abilities"):
        table.add_column(head, justify="right" if head in ("spd", "att", "def", "dmg",
                                                           "click") else "left")
    for i, c in enumerate(piece.dial):
        mark = "►" if i == piece.click else ("start" if i == piece.starting_click else "")
        style = "bold reverse" if i == piece.click else ""
        table.add_row(mark, str(i + 1), str(c.speed), str(c.attack), str(c.defense),
                      str(c.damage), literal(", ".join(c.abilities)), style=style)
    table.add_row("", "☠", "", "", "", "", "eliminated past the last live click",
                  style="dim")
    return table


class DialScreen(ModalScreen[None]):
    """A figure's card: its dial with the click showing marked."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,d,q,enter", "close", "Close")]

    def __init__(self, piece: Piece, side: str) -> None:
        super().__init__()
        self.piece = piece
        self.side = side

    def compose(self) -> ComposeResult:
        p = self.piece
        head = Text()
        head.append(f" {p.letter} ", style=f"bold bright_white on {SIDE_COLOURS[p.seat]}")
        head.append(f" {shown(p.name)}", style="bold")
        head.append(f"  {p.key} · {p.rank} · {p.points} pts · {self.side}\n", style="dim")
        reach = f"range {p.range}" + (f" × {p.targets} targets" if p.targets > 1 else "") \
            if p.range else "no range (close combat)"
        head.append(f"{reach} · front arc {p.arc}° · {shown(', '.join(p.factions))}")
        with VerticalScroll(classes="dialog wide"):
            yield Static(head)
            yield Static(dial_table(p))
            yield Static("escape: close", classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)


class EndScreen(ModalScreen[None]):
    """The end of the game: the outcome, victory points, replay and export."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "replay", "Replay"),
        Binding("x", "export", "Export log"),
        Binding("escape,enter", "close", "Close"),
    ]

    @dataclass
    class Exported(Message):
        said: str
        error: bool = False

    def __init__(self, game_id: int, board: Board, log: str) -> None:
        super().__init__()
        self.game_id = game_id
        self.board = board
        self.game_log = log

    def compose(self) -> ComposeResult:
        board = self.board
        text = Text("Game over\n", style="bold")
        text.append(shown_lines(result_words(board)) + "\n\n")
        table = Table(box=box.SIMPLE_HEAD)
        for head in ("side", "commander", "eliminations", "captives", "survivors", "VP"):
            table.add_column(head, justify="left" if head in ("side", "commander")
                             else "right")
        for s in board.sides:
            table.add_row(literal(s.name, style=f"bold {SIDE_COLOURS[s.seat]}"), s.commander,
                          str(s.eliminations), str(s.captives), str(s.survivors),
                          Text(str(s.vp), style="bold"))
        with Vertical(classes="dialog wide", id="end-dialog"):
            yield Static(text)
            yield Static(table)
            yield Static("", id="end-said")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Replay (r)", id="replay", variant="primary")
                yield Button("Export log (x)", id="export")
                yield Button("Close (esc)", id="close")

    @on(Button.Pressed, "#replay")
    def action_replay(self) -> None:
        self.app.push_screen(PlayedLogScreen(self.game_log, f"Game {self.game_id}"))

    @on(Button.Pressed, "#export")
    def action_export(self) -> None:
        from armybuilder.tui.screens.confirm import ConfirmScreen

        path = Path.cwd() / f"armybuilder-game-{self.game_id}.json"
        if os.path.lexists(path):
            # export.atomic never overwrites unasked: ask, as `--force` would.
            link = " (a symbolic link: the link is replaced, its target is not written)" \
                if path.is_symlink() else ""
            self.app.push_screen(
                ConfirmScreen(f"{shown(path)} already exists{link}. Overwrite it?",
                              yes="Overwrite"),
                lambda yes: self._export(path, force=True) if yes else None)
            return
        self._export(path, force=False)

    @work(thread=True, exclusive=True, group="play-export")
    def _export(self, path: Path, force: bool) -> None:
        from armybuilder.play.games import GameError, Games

        services = self.app.services  # type: ignore[attr-defined]
        try:
            Games(services.catalogue).export(self.game_id, path, force)
        except GameError as exc:
            self.post_message(self.Exported(str(exc), True))
            return
        self.post_message(self.Exported(f"Wrote {path} (armybuilder battle replay {path})"))

    def on_end_screen_exported(self, message: Exported) -> None:
        self.query_one("#end-said", Static).update(
            literal_lines(message.said, style="bold red" if message.error else "green"))

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)


class PlayedLogScreen(Screen[None]):
    """A played game told turn by turn, with the table's map after every turn."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n,space", "turn(1)", "Next turn"),
        Binding("left,p", "turn(-1)", "Previous turn"),
        Binding("home", "jump(0)", "Set-up", show=False, priority=True),
        Binding("end", "jump(-1)", "Last turn", show=False, priority=True),
        Binding("escape,q", "close", "Back"),
    ]

    def __init__(self, log: str, title: str) -> None:
        super().__init__()
        self.game_log = log
        self.title_text = title
        self.parts: list[Part] = []
        self.at = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(f"{self.title_text}: telling it…", id="log-title")
        with VerticalScroll(id="log-scroll"):
            yield Static("", id="log-text")
        yield Footer()

    @dataclass
    class Told(Message):
        lines: list[str]

    def on_mount(self) -> None:
        self.sub_title = f"Replay · {self.title_text}"
        self._tell()

    @work(thread=True, exclusive=True, group="played-log")
    def _tell(self) -> None:
        from armybuilder.play.session import tell

        self.post_message(self.Told(tell(self.game_log)))

    def on_played_log_screen_told(self, message: Told) -> None:
        self.parts = turn_by_turn(message.lines)
        self._show()

    def _show(self) -> None:
        if not self.parts:
            return
        part = self.parts[self.at]
        self.query_one("#log-title", Static).update(
            literal(f"{self.title_text} · {part.title}  ({self.at + 1}/{len(self.parts)})",
                    style="bold"))
        # Text, not markup: the narration names figures and armies (already literal).
        self.query_one("#log-text", Static).update(literal_lines("\n".join(part.lines)))
        self.query_one("#log-scroll", VerticalScroll).scroll_home(animate=False)

    def action_turn(self, step: int) -> None:
        self.at = max(0, min(self.at + step, len(self.parts) - 1))
        self._show()

    def action_jump(self, at: int) -> None:
        self.at = at if at >= 0 else len(self.parts) - 1
        self._show()

    def action_close(self) -> None:
        self.dismiss(None)


class GamesScreen(Screen[None]):
    """The games kept: resume an unfinished one, replay or export a finished one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Resume / replay"),
        Binding("escape,q", "close", "Back"),
    ]

    @dataclass
    class Listed(Message):
        games: list[SavedGame]

    @dataclass
    class Told(Message):
        game_id: int
        log: str

    def __init__(self, only_unfinished: bool = False) -> None:
        super().__init__()
        self.only_unfinished = only_unfinished
        self.games: list[SavedGame] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="games-title")
        yield DataTable(id="games-table", cursor_type="row", zebra_stripes=True)
        yield Footer()

    @property
    def army_app(self) -> ArmyBuilderApp:
        return self.app  # type: ignore[return-value]

    def on_mount(self) -> None:
        self.sub_title = "Unfinished games" if self.only_unfinished else "Games"
        table = self.query_one("#games-table", DataTable)
        for label, width in (("Game", 4), ("Seat a", 18), ("Seat b", 18), ("Played by", 17),
                             ("Round", 5), ("Actions", 7), ("State", 30), ("Updated", 19)):
            table.add_column(label, width=width)
        table.focus()
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    @work(thread=True, exclusive=True, group="games-list")
    def reload(self) -> None:
        from armybuilder.play.games import Games

        services = self.army_app.services
        if services is None:
            return
        games = Games(services.catalogue)
        found = games.unfinished() if self.only_unfinished else games.list()
        self.post_message(self.Listed(found))

    def on_games_screen_listed(self, message: Listed) -> None:
        self.games = message.games
        table = self.query_one("#games-table", DataTable)
        table.clear()
        for g in message.games:
            table.add_row(str(g.id), literal(g.army_a), literal(g.army_b),
                          ",".join(g.commanders), str(g.round), str(g.actions),
                          literal(g.result or g.status), g.updated.replace("T", " ")[:19],
                          key=str(g.id))
        what = "unfinished games" if self.only_unfinished else "games"
        self.query_one("#games-title", Static).update(
            Text(f"{len(message.games)} {what} · enter: resume (or replay a finished one) · "
                 "esc: back" if message.games else f"No {what} yet: start one with "
                 "`armybuilder play MY_ARMY OPPONENT` or from the battle screen (F5).",
                 style="bold"))

    @on(DataTable.RowSelected, "#games-table")
    def _chosen(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_open(self) -> None:
        table = self.query_one("#games-table", DataTable)
        if not self.games or table.cursor_row is None:
            return
        game = self.games[min(max(table.cursor_row, 0), len(self.games) - 1)]
        if game.over:
            self._tell(game.id)
            return
        from armybuilder.tui.screens.play import PlayScreen

        self.app.push_screen(PlayScreen(game.id))

    @work(thread=True, exclusive=True, group="games-log")
    def _tell(self, game_id: int) -> None:
        from armybuilder.play.games import Games

        services = self.army_app.services
        if services is None:
            return
        self.post_message(self.Told(game_id, Games(services.catalogue).log(game_id)))

    def on_games_screen_told(self, message: Told) -> None:
        self.app.push_screen(PlayedLogScreen(message.log, f"Game {message.game_id}"))

    def action_close(self) -> None:
        self.dismiss(None)
