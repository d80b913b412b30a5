"""The play screen's dialogs: a figure's dial (a chariot's four), the choice of a
chariot's section owed to its player, the end of the game, the games kept, and a finished
game told turn by turn."""

from __future__ import annotations

from dataclasses import dataclass
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
from textual.widgets import Button, DataTable, Header, OptionList, Static
from textual.widgets.option_list import Option as Row

from armybuilder.play.board import Board, Click, Piece, result_words
from armybuilder.text import literal, literal_lines, shown, shown_lines
from armybuilder.tui.battlefield import SIDE_COLOURS
from armybuilder.tui.delivery import offer_file
from armybuilder.tui.piece_views import piece_view
from armybuilder.tui.play_words import section_line
from armybuilder.tui.screens.battle_log import Part, ReviewKey, turn_by_turn
from armybuilder.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from armybuilder.play.games import SavedGame
    from armybuilder.tui.app import ArmyBuilderApp


def dial_table(piece: Piece) -> Table:
    """Every live click of the figure's dial, the one showing marked (Rulebook I)."""
    table = _clicks_table(piece.dial, piece.click, piece.starting_click, skulls=False)
    table.add_row("", "☠", "", "", "", "", "eliminated past the last live click",
                  style="dim")
    return table


def _clicks_table(dial: tuple[Click, ...], click: int, start: int, skulls: bool,
                  title: str | None = None) -> Table:
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), title=title, title_justify="left",
                  title_style="bold")
    heads = ("", "click", "spd", "att", "def", "dmg", *(("skulls",) if skulls else ()),
             "abilities")
    for head in heads:
        table.add_column(head, justify="left" if head in ("", "abilities") else "right")
    for i, c in enumerate(dial):
        mark = "►" if i == click else ("start" if i == start else "")
        style = "bold reverse" if i == click else ""
        row = [mark, str(i + 1), str(c.speed), str(c.attack), str(c.defense), str(c.damage)]
        if skulls:
            row.append(str(c.skulls) if c.skulls else "")
        table.add_row(*row, literal(", ".join(c.abilities)), style=style)
    return table


def section_tables(piece: Piece) -> list[Table]:
    """Chariot rules, Combat Dials: each section's own dial, the click showing marked; a
    section with three skulls is inactive, six in all eliminate the chariot."""
    out = []
    for s in piece.sections:
        state = "" if s.active else " · inactive"
        state += " · acted this turn" if s.acted else ""
        out.append(_clicks_table(s.dial, s.click, 0, skulls=True,
                                 title=f"{s.name} section{state}"))
    return out


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
        head.append(piece_view(p).card_words(p, reach, shown(", ".join(p.factions))))
        with VerticalScroll(classes="dialog wide"):
            yield Static(head)
            if piece_view(p).by_sections:
                for table in section_tables(p):
                    yield Static(table)
            else:
                yield Static(dial_table(p))
            yield Static("escape: close", classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)


#: What the chariot's player chooses a section for, in words (Chariot rules).
SECTION_PURPOSES = {
    "attack": ("Attacking a Chariot", "the attack runs along the borderline between two "
               "sections: you choose the one it strikes"),
    "pushing": ("Pushing", "it was pushed: one click of damage goes on the active section "
                "of your choice"),
    "damage": ("Attacking a Chariot", "the figure dealing the damage touches more than one "
               "section: you choose the one it goes on"),
}


class SectionScreen(ModalScreen[int]):
    """A choice of a chariot's section the rules hand its player: the chariot's dials and
    the sections to choose from. Dismissed with the index of the option chosen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "stay", "The choice is yours to make", show=False)]

    def __init__(self, chariot: Piece, purpose: str, words: list[str]) -> None:
        super().__init__()
        self.chariot = chariot
        self.purpose = purpose
        self.words = words

    def compose(self) -> ComposeResult:
        p = self.chariot
        rule, why = SECTION_PURPOSES.get(self.purpose, ("", "choose a section"))
        head = Text()
        head.append(f" {p.letter} ", style=f"bold bright_white on {SIDE_COLOURS[p.seat]}")
        head.append(f" {shown(p.name)}: choose the section\n", style="bold")
        head.append(why + (f" (Chariot rules, {rule})." if rule else "."))
        dials = Text()
        for section in p.sections:
            dials.append(section_line(section))
            dials.append("\n")
        with Vertical(classes="dialog wide", id="section-dialog"):
            yield Static(head)
            yield Static(dials)
            yield OptionList(*[Row(literal(w), id=str(i))
                               for i, w in enumerate(self.words)], id="section-options")
            yield Static("up/down: choose · enter: take it", classes="dialog-hint")

    def on_mount(self) -> None:
        listing = self.query_one("#section-options", OptionList)
        listing.highlighted = 0
        listing.focus()

    @on(OptionList.OptionSelected, "#section-options")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_stay(self) -> None:
        self.notify("The rules hand you this choice: choose a section.", severity="warning")


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

    def __init__(self, game_id: int, board: Board, log: str,
                 scored: tuple[tuple[int, int, str, int], ...] = ()) -> None:
        super().__init__()
        self.game_id = game_id
        self.board = board
        self.game_log = log
        self.scored = scored

    def compose(self) -> ComposeResult:
        board = self.board
        text = Text("Game over\n", style="bold")
        text.append(shown_lines(result_words(board)) + "\n\n")
        table = Table(box=box.SIMPLE_HEAD)
        for head in ("side", "commander", "eliminations", "captives", "survivors", "VP"):
            table.add_column(head, justify="left" if head in ("side", "commander")
                             else "right")
        for s in board.sides:
            table.add_row(literal(s.name, style=f"bold {SIDE_COLOURS[s.seat]}"), s.called,
                          str(s.eliminations), str(s.captives), str(s.survivors),
                          Text(str(s.vp), style="bold"))
        with Vertical(classes="dialog wide", id="end-dialog"):
            with VerticalScroll(id="end-scroll", classes="dialog-body"):
                yield Static(text)
                yield Static(table)
                yield Static(victory_text(board, self.scored), id="end-vp")
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
        """The game's log where ``battle replay`` reads it: in the folder armybuilder was
        started in (asking before overwriting), or a download in a browser."""
        services = self.app.services  # type: ignore[attr-defined]
        game_id = self.game_id

        def make() -> str:
            from armybuilder.play.games import Games

            return Games(services.catalogue).log(game_id)

        def tell(said: str, error: bool) -> None:
            self.post_message(self.Exported(said, error))

        offer_file(self.app, f"armybuilder-game-{game_id}.json", make, tell=tell,
                   said=lambda where: f"Wrote {where} (armybuilder battle replay {where})")

    def on_end_screen_exported(self, message: Exported) -> None:
        self.query_one("#end-said", Static).update(
            literal_lines(message.said, style="bold red" if message.error else "green"))

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)


def victory_text(board: Board, scored: tuple[tuple[int, int, str, int], ...]) -> Text:
    """How each side's victory points were made (Rulebook VI, Victory!): the figures it
    eliminated (their points to the eliminator), the captives it holds (double their
    points, only when held in its starting area at the end), its survivors."""
    pieces = board.pieces
    text = Text()
    text.append("Victory points (Rulebook VI): an eliminated figure's points go to the "
                "player who eliminated it; a captive counts double, only when brought into "
                "its holder's starting area by the end; every figure never eliminated counts "
                "for its own side.\n", style="dim")
    for side in board.sides:
        text.append(f"\n{side.name} {side.vp} VP\n", style=f"bold {SIDE_COLOURS[side.seat]}")
        mine = [(pts, why, wid) for seat, pts, why, wid in scored if seat == side.seat]
        listed = sum(pts for pts, _, _ in mine)
        parts = [f"{pieces[wid].label} {pts}" + ("" if why == "eliminated" else f" ({why})")
                 for pts, why, wid in mine if 0 <= wid < len(pieces)]
        if side.eliminations > listed:
            # Castle rules, Victory Points: a breached section's share, and the like.
            parts.append(f"castle sections {side.eliminations - listed}")
        text.append(f"  eliminations {side.eliminations}: "
                    f"{', '.join(parts) if parts else 'none'}\n")
        held = [p for p in pieces if p.captive_of is not None and p.on_table
                and pieces[p.captive_of].seat == side.seat]
        home = "brought home" if side.captives else "not in the starting area: 0"
        text.append(f"  captives {side.captives}: " + (
            ", ".join(f"{p.label} ({p.points} × 2)" for p in held) + f", {home}"
            if held else "none") + "\n")
        text.append(f"  survivors {side.survivors}: the points of its figures never "
                    "eliminated\n")
    return text


class PlayedLogScreen(ReviewKey, Screen[None]):
    """A played game told turn by turn, with the table's map after every turn."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n,space", "turn(1)", "Next turn"),
        Binding("left,p", "turn(-1)", "Previous turn"),
        Binding("home", "jump(0)", "Set-up", show=False, priority=True),
        Binding("end", "jump(-1)", "Last turn", show=False, priority=True),
        Binding("v", "review", "Expert review", show=False),
        Binding("escape,q", "close", "Back"),
    ]

    def __init__(self, log: str, title: str) -> None:
        super().__init__()
        self.game_log: str | None = log
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

        assert self.game_log is not None  # given when the screen is made
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
