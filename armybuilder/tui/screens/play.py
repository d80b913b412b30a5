"""Play a battle yourself: the battlefield, your warriors' actions with the keyboard (and
the mouse), the AI's turn action by action, the log, victory points as they stand.

The game is read from the database (``armybuilder play`` or the battle screen saved it
there) and written back after every action: the event log is the save. Every question
to the engine goes through :class:`armybuilder.play.session.PlaySession`.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Header, OptionList, RichLog, Static
from textual.widgets.option_list import Option as Row
from textual.worker import get_current_worker

from armybuilder.play.board import (
    Board,
    Decision,
    KindStatus,
    Option,
    Outlook,
    Piece,
    Played,
    Refusal,
    Refused,
)
from armybuilder.text import shown_lines
from armybuilder.tui.battlefield import SIDE_COLOURS, Ghost, Overlay, legend
from armybuilder.tui.piece_views import piece_view
from armybuilder.tui.play_words import (
    extra_words,
    outlook_text,
    roll_words,
)
from armybuilder.tui.screens.play_advice import AdviceKeys
from armybuilder.tui.screens.play_steer import SETUP_STEERS, Steer, Steering
from armybuilder.tui.widgets.battlefield import Battlefield
from armybuilder.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from armybuilder.play.games import SavedGame
    from armybuilder.play.session import PlaySession
    from armybuilder.tui.app import ArmyBuilderApp

#: Seconds between two of the AI's actions, so each can be seen.
AI_PAUSE = 0.6
#: The phases of Setting the Scene (Rulebook II; World Conquest's fortifications first)
#: and what the player to act is doing in each.
SCENE_WORDS = {"fortifications": "setting up fortifications", "terrain": "placing terrain",
               "deploy": "deploying"}
KIND_KEYS = {"move": "m", "ranged": "r", "close": "c", "formation": "f", "ability": "a",
             "pass": "p"}
#: A Weighed message's index for the action being looked at before it is given.
CHOSEN = -1
KIND_WORDS = {"move": "move", "ranged": "ranged attack", "close": "close combat",
              "formation": "movement formation", "ability": "ability action",
              "pass": "pass"}


class PlayScreen(AdviceKeys, Steering, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "select(1)", "Next warrior", priority=True),
        Binding("shift+tab", "select(-1)", "Previous", show=False, priority=True),
        Binding("full_stop", "inspect(1)", "Any figure", show=False),
        Binding("comma", "inspect(-1)", "Any figure back", show=False),
        Binding("m", "begin('move')", "Move"),
        Binding("r", "begin('ranged')", "Ranged"),
        Binding("c", "begin('close')", "Close"),
        Binding("f", "begin('formation')", "Formation"),
        Binding("a", "begin('ability')", "Ability"),
        Binding("p", "begin('pass')", "Pass"),
        Binding("e", "end_turn", "End turn"),
        Binding("enter", "confirm", "Give", show=False),
        Binding("y", "confirm(True)", "Yes", show=False),
        Binding("escape", "back", "Back", show=False),
        Binding("up", "steer(0, 1)", "Steer", show=False),
        Binding("down", "steer(0, -1)", show=False),
        Binding("left", "steer(-1, 0)", show=False),
        Binding("right", "steer(1, 0)", show=False),
        Binding("shift+up", "steer(0, 1, True)", show=False),
        Binding("shift+down", "steer(0, -1, True)", show=False),
        Binding("shift+left", "steer(-1, 0, True)", show=False),
        Binding("shift+right", "steer(1, 0, True)", show=False),
        Binding("left_square_bracket", "turn(1)", "Turn", show=False),
        Binding("right_square_bracket", "turn(-1)", show=False),
        Binding("t", "face_nearest", "Face nearest", show=False),
        Binding("space", "space", "Waypoint/step", show=False),
        Binding("backspace", "unbend", "Remove waypoint", show=False),
        Binding("g", "move_ability", "Move ability", show=False),
        Binding("b", "stuck_facing", "Facing if stuck", show=False),
        # Castle rules, Portals: in idle mode; auto-placing while steering (below).
        Binding("o", "portals", "Portals"),
        Binding("o", "auto", "Auto-place", show=False),
        Binding("x", "cancel_ability", "Cancel ability", show=False),
        Binding("1", "toggle_section('front')", "Front section", show=False),
        Binding("2", "toggle_section('left')", "Left section", show=False),
        Binding("3", "toggle_section('right')", "Right section", show=False),
        Binding("4", "toggle_section('rear')", "Rear section", show=False),
        Binding("l", "list_moves", "The engine's moves", show=False),
        Binding("n", "destination(1)", "Places worth going", show=False),
        Binding("N", "destination(-1)", "Places worth going back", show=False),
        Binding("d", "dial", "Dial"),
        Binding("v", "panel", "Side panel", show=False),
        Binding("plus,equals_sign", "zoom(1.5)", "Zoom in", show=False),
        Binding("minus", "zoom(0.6667)", "Zoom out", show=False),
        Binding("0", "fit", "Whole table", show=False),
        Binding("ctrl+up", "pan(0, 1)", "Pan", show=False),
        Binding("ctrl+down", "pan(0, -1)", show=False),
        Binding("ctrl+left", "pan(-1, 0)", show=False),
        Binding("ctrl+right", "pan(1, 0)", show=False),
        Binding("s", "stepping", "AI step/auto", show=False),
        Binding("w", "why", "AI's options", show=False),
        Binding("h", "hint", "Hint", show=False),
        Binding("W", "withdraw", "Withdraw", show=False),
        Binding("A", "agree", "End by agreement", show=False),
        Binding("q", "leave", "Leave (saved)"),
    ]

    DEFAULT_CSS = """
    PlayScreen #play-main { height: 1fr; }
    PlayScreen #play-map { width: 1fr; height: 1fr; border: round $primary 40%; }
    PlayScreen #play-map:focus { border: round $primary; }
    PlayScreen #play-panel { width: 46; height: 1fr; }
    PlayScreen #play-status { height: auto; padding: 0 1; background: $boost; }
    PlayScreen #play-warrior { height: auto; max-height: 11; padding: 0 1; }
    PlayScreen #play-warrior.-chariot { max-height: 15; }
    PlayScreen #play-prompt { height: auto; max-height: 10; padding: 0 1; background: $boost; }
    PlayScreen #play-options { height: auto; max-height: 12; border: none; padding: 0; }
    PlayScreen #play-log { height: 1fr; min-height: 4; border-top: solid $primary 30%;
                           padding: 0 1; }
    /* A short screen (80 x 24): the status on one line, the warrior's panel short, the
       log out of the way (the game's log is in the saved game): the prompt keeps its
       room. */
    PlayScreen.-short #play-status { height: 1; }
    PlayScreen.-short #play-warrior { max-height: 9; }
    PlayScreen.-short #play-log { display: none; }
    PlayScreen.-short #play-prompt { max-height: 15; }
    /* A small screen (80 x 24): the map takes the whole width, the side panel collapses
       to a line along the bottom; v opens it (beside the map) and closes it again. */
    PlayScreen #play-line { height: 1; padding: 0 1; background: $boost; display: none;
                            text-wrap: nowrap; text-overflow: ellipsis; }
    PlayScreen.-compact #play-line { display: block; }
    PlayScreen.-compact #play-panel { display: none; }
    PlayScreen.-compact.-panel #play-panel { display: block; }
    /* A list to choose from is in the panel: it opens while the list is shown. */
    PlayScreen.-compact.-listing #play-panel { display: block; }
    """
    #: The side panel's width: at most, at least (the map takes what it needs first).
    PANEL_WIDTHS = (60, 32)
    #: Below this height, the side panel's status collapses to a line.
    SHORT = 30
    #: Below this width, on a short screen too, the whole side panel collapses to a line.
    NARROW = 100

    #: Whether the AI waits for a key before each of its actions (s toggles it).
    STEPPING = False

    @dataclass
    class Loaded(Message):
        session: PlaySession | None
        saved: SavedGame | None
        error: str = ""

    @dataclass
    class Weighed(Message):
        version: int
        index: int
        outlook: Outlook | None
        error: str = ""

    def __init__(self, game_id: int) -> None:
        super().__init__()
        self.game_id = game_id
        self.session: PlaySession | None = None
        self.saved: SavedGame | None = None
        self.mode = "loading"
        self.selected: int | None = None
        self.steer: Steer | None = None
        self.choices: list[Option] = []
        self.outlooks: dict[int, Outlook] = {}
        self.choosing = ""  # the kind of action being chosen
        self.decision: Decision | None = None
        self.chosen: Option | None = None
        self.chosen_outlook: Outlook | None = None
        self.weighing = False  # the chosen action's odds are being counted in a worker
        self.odds_error = ""  # why they could not be counted
        self.give_weighed = False  # enter was pressed meanwhile: give it once counted
        self._chosen_version = 0  # bumped when the action looked at changes
        self.queue: list[Option] = []  # passes that end the turn, given one by one
        self.last: Played | None = None
        self.last_shown = False  # the last action's paths and shots still drawn
        self.pause = AI_PAUSE
        self.stepping = self.STEPPING
        self._step = threading.Event()
        self._prompt_text = Text()  # the prompt as last shown, for the one-line panel
        self._version = 0  # bumped when the options listed change
        self.thinking = False

    @property
    def army_app(self) -> ArmyBuilderApp:
        return self.app

    # --- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="play-main"):
            yield Battlefield(id="play-map")
            with Vertical(id="play-panel"):
                yield Static("Loading the game…", id="play-status")
                yield Static("", id="play-warrior")
                yield Static("", id="play-prompt")
                yield OptionList(id="play-options")
                yield RichLog(id="play-log", wrap=True, markup=False, auto_scroll=True,
                              min_width=20)
        yield Static("", id="play-line")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        """The map takes the room the whole table needs at its height (a cell is half as
        wide as it is tall, and the table square), the side panel the rest, within
        PANEL_WIDTHS."""
        width, height = event.size.width, event.size.height
        rows = max(1, height - 4)  # header, footer and the map's border
        most, least = self.PANEL_WIDTHS
        panel = max(least, min(most, width - (2 * rows + 2)))
        self.query_one("#play-panel").styles.width = panel
        short = height < self.SHORT
        self.set_class(short and width < self.NARROW, "-compact")
        if short != self.has_class("-short"):
            self.set_class(short, "-short")
            if self.session is not None:
                self._show_status()

    @property
    def map(self) -> Battlefield:
        return self.query_one("#play-map", Battlefield)

    @property
    def option_list(self) -> OptionList:
        return self.query_one("#play-options", OptionList)

    def on_mount(self) -> None:
        self.sub_title = f"Play · game {self.game_id}"
        self.option_list.display = False
        # Anchored: the newest line stays in view through every layout (a finished game
        # opens with its whole log at once) until the player scrolls back to read.
        self.query_one("#play-log", RichLog).anchor()
        self.map.focus()
        self._load()

    @work(thread=True, exclusive=True, group="play-load")
    def _load(self) -> None:
        from armybuilder.play.games import Games
        from armybuilder.play.session import PlaySession, Seats

        services = self.army_app.services
        if services is None:
            self.post_message(self.Loaded(None, None, "the database is not open"))
            return
        try:
            games = Games(services.catalogue)
            saved = games.get(self.game_id)
            log = games.log(self.game_id)
            # A World Conquest battle's AI sides are the campaign's commanders, who may
            # withdraw (campaign/played.py); any other game's as saved. The campaign's
            # code is loaded only for a campaign battle: a plain game starts without it.
            from armybuilder.campaign.links import played_seats

            seats = played_seats(services.catalogue, self.game_id,
                                 Seats(saved.commanders, saved.seed), log)
            session = PlaySession.resume(log, seats)
        except Exception as exc:  # a log the engine no longer replays, a missing game
            self.post_message(self.Loaded(None, None, str(exc)))
            return
        self.post_message(self.Loaded(session, saved))

    def on_play_screen_loaded(self, message: Loaded) -> None:
        if message.session is None or message.saved is None:
            self.query_one("#play-status", Static).update(
                Text(shown_lines(f"Game {self.game_id} cannot be played: {message.error}"),
                     style="bold red"))
            self.mode = "broken"
            return
        self.session = message.session
        self.saved = message.saved
        names = " v ".join(s.name for s in message.session.board.sides)
        self.sub_title = f"Play · game {self.game_id} · {names} · seed {message.saved.seed}"
        log = self.query_one("#play-log", RichLog)
        for line in message.session.lines:
            if line.strip():
                log.write(line)
        self.map.show(message.session.board)
        self._next()

    # --- what to do next -------------------------------------------------------------

    @property
    def board(self) -> Board:
        assert self.session is not None
        return self.session.board

    def _set_mode(self, mode: str) -> None:
        changed = mode != self.mode
        self.mode = mode
        self.set_class(self.option_list.display, "-listing")
        self.refresh_bindings()
        if changed and self.session is not None:
            self._show_warrior()  # what it may do is shown while choosing an action

    def _next(self) -> None:
        """After loading and after every action: whose decision, and what kind."""
        session = self.session
        assert session is not None
        self.steer = None
        self.chosen = None
        self.choices = []
        self._version += 1  # odds still being counted are for a list no longer shown
        self._forget_chosen()
        self.workers.cancel_group(self, "play-odds")
        self._hide_options()
        self._show_status()
        if session.over:
            self._set_mode("over")
            self._show_warrior()
            self._prompt(Text("The game is over.", style="bold"))
            self._mark()
            self._ending()
            return
        if not session.human_to_act:
            self._set_mode("ai")
            self._mark()
            self._prompt(self._ai_prompt())
            if not self.thinking:
                self._ai_turn()
            return
        if self.queue:
            option = self.queue.pop(0)
            self._give(option)
            return
        decision = session.decision()
        if decision is not None:
            self._decide(decision)
            return
        phase = self.board.phase
        if phase == "fortifications":
            self._begin_fortification()
            return
        if phase == "terrain":
            self._begin_terrain()
            return
        if phase == "deploy":
            self._begin_deploy()
            return
        self._set_mode("idle")
        if self.selected is None or not self._may_act(self.selected):
            self.selected = self._first_ready()
        self._show_warrior()
        self._idle_prompt()
        self._mark()

    def _may_act(self, wid: int) -> bool:
        p = self.board.pieces[wid]
        # A passenger may be given an action normally (Chariot rules, Passengers).
        return p.seat == self.board.to_act and (p.on_table or p.riding is not None) \
            and not p.acted and p.captive_of is None

    def _first_ready(self) -> int | None:
        ready = [p.id for p in self.board.pieces if self._may_act(p.id)]
        return ready[0] if ready else None

    # --- the panels ------------------------------------------------------------------

    def _show_status(self) -> None:
        board = self.board
        self._show_line()
        if self.has_class("-short"):
            self.query_one("#play-status", Static).update(self._status_line(board))
            return
        text = Text()
        what = SCENE_WORDS.get(board.phase)
        if what is not None:
            text.append(f"Setting the scene: {board.sides[board.to_act].name} is {what}\n",
                        style="bold")
        elif board.over:
            text.append(f"Game over after round {board.round}\n", style="bold")
        else:
            side = board.sides[board.current]
            limit = f" of {board.round_limit}" if board.round_limit else ""
            text.append(f"Round {board.round}{limit} · turn {board.turn} · ", style="bold")
            text.append(f"{side.name}", style=f"bold {SIDE_COLOURS[side.seat]}")
            text.append(f" ({side.called}): {board.actions_used}/{board.turn_actions} "
                        f"actions{extra_words(board.extra_actions)}\n")
        text.append("VP ")
        for side in board.sides:
            text.append(f"{side.name} ", style=f"bold {SIDE_COLOURS[side.seat]}")
            text.append(f"{side.vp}", style="bold")
            text.append(f" ({side.eliminations}+{side.captives}+{side.survivors})  ",
                        style="dim")
        text.append("\n")
        for chunk, style in legend(board):
            text.append(chunk, style=style)
        self.query_one("#play-status", Static).update(text)

    def _status_line(self, board: Board) -> Text:
        """The status on one line: the round (or the scene being set) and the VP."""
        text = Text(no_wrap=True, overflow="ellipsis")
        if board.phase in SCENE_WORDS:
            text.append(f"{SCENE_WORDS[board.phase].capitalize()} ", style="bold")
        elif board.over:
            text.append("Game over ", style="bold")
        else:
            limit = f"/{board.round_limit}" if board.round_limit else ""
            text.append(f"R{board.round}{limit} {board.actions_used}/{board.turn_actions} ",
                        style="bold")
        for side in board.sides:
            text.append(f"{side.name} ", style=f"bold {SIDE_COLOURS[side.seat]}")
            text.append(f"{side.vp} ", style="bold")
        return text

    def _show_warrior(self) -> None:
        self._show_line()
        panel = self.query_one("#play-warrior", Static)
        if self.session is None or self.selected is None:
            panel.update("")
            return
        p = self.board.pieces[self.selected]
        # A chariot's four dials take four lines more (Chariot rules, Combat Dials).
        panel.set_class(piece_view(p).by_sections, "-chariot")
        panel.update(self._warrior_text(p))

    def _warrior_text(self, p: Piece) -> Text:
        assert self.session is not None
        board = self.board
        side = board.sides[p.seat]
        text = Text()
        text.append(f"{p.letter} ", style=Style(color="bright_white",
                                                  bgcolor=SIDE_COLOURS[p.seat], bold=True))
        text.append(f" {p.name}", style="bold")
        text.append(f"  {side.name}, {p.points} pts\n", style="dim")
        reach = f"rng {p.range if p.range else '—'}" \
            f"{'×' + str(p.targets) if p.targets > 1 else ''}"
        # Its dial as its kind shows it (a chariot's sections, a castle section's values).
        text.append(piece_view(p).dial_text(board, p, reach))
        state = []
        if p.passenger is not None:
            state.append(f"carries {board.pieces[p.passenger].label}")
        if p.riding is not None:
            state.append(f"riding in {board.pieces[p.riding].label}")
        elif not p.on_table:
            state.append("eliminated" if p.eliminated else "off the battlefield")
        if p.tokens:
            state.append(f"{p.tokens} action token{'s' if p.tokens > 1 else ''}")
        if p.captive_of is not None:
            state.append(f"captive of {board.pieces[p.captive_of].label}")
        if p.holds is not None:
            state.append(f"holds {board.pieces[p.holds].label} captive")
        if p.demoralized:
            state.append("Demoralized")
        if p.acted:
            state.append("acted this turn")
        if state:
            text.append(", ".join(state) + "\n", style="yellow")
        if self.mode == "idle" and p.seat == board.to_act \
                and board.phase == "play" and self.session.human_to_act:
            statuses = self.session.status(p.id)
            text.append(self._may_text(p, statuses))
        return text

    def _may_text(self, p: Piece, statuses: tuple[KindStatus, ...]) -> Text:
        assert self.session is not None
        text = Text()
        allowed = [s for s in statuses if s.allowed]
        refused = [s for s in statuses if not s.allowed]
        if allowed:
            text.append("May now: ", style="bold green")
            parts = []
            for s in allowed:
                words = KIND_WORDS[s.kind]
                if s.kind == "move" and p.riding is not None:
                    words = "get off"  # Chariot rules, Boarding & Disembarking
                elif s.kind == "move":
                    reach = self.session.allowance(p.id)
                    words += f" {reach:g}\"" if reach is not None else ""
                    if self.session.boardings(p.id):
                        words += " or board"
                elif s.kind == "pass" and piece_view(p).by_sections:
                    words = "pass a section"
                parts.append(f"[{KIND_KEYS[s.kind]}] {words}")
            text.append(", ".join(parts) + "\n")
        grouped: dict[str, list[str]] = {}
        for s in refused:
            # The rule that refuses it, in the engine's words (the reason only restates
            # which figures).
            why = s.why.rule or s.why.reason if s.why is not None else "not now"
            grouped.setdefault(why, []).append(KIND_WORDS[s.kind])
        for why, kinds in grouped.items():
            if not piece_view(p).refused_at_once:
                for kind in kinds:
                    text.append(f"✖ {kind}: ", style="bold red")
                    text.append(f"{shown_lines(why)}\n", style="dim")
                continue
            # Castle rules, Actions: one rule refuses a section every kind but ranged
            # combat and pass; said once.
            text.append(f"✖ {', '.join(kinds)}: ", style="bold red")
            text.append(f"{shown_lines(why)}\n", style="dim")
        return text

    def _prompt(self, text: Text | str) -> None:
        self.query_one("#play-prompt", Static).update(text)
        self._prompt_text = text if isinstance(text, Text) else Text(text)
        self._show_line()

    def _show_line(self) -> None:
        """The side panel in one line, for a small screen (v opens the whole panel): between
        actions the round, the VP and the selected warrior; then the prompt, its verdict
        (✔ or ✖ and the rule) first, the odds next, the keys last."""
        if self.session is None:
            return
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append("v▸" if not self.has_class("-panel") else "v◂", style="bold reverse")
        text.append(" ")
        if self.mode == "idle" or self.board.over:
            text.append(self._status_line(self.board))
            if self.selected is not None:
                p = self.board.pieces[self.selected]
                text.append(f"· {p.letter} ", style=Style(
                    color="bright_white", bgcolor=SIDE_COLOURS[p.seat], bold=True))
                text.append(f" {p.name} ", style="bold")
                glance = piece_view(p).glance(p)
                if glance:
                    text.append(glance, style="dim")
            text.append("· ")
        lines: list[Text] = []
        for line in self._prompt_text.split("\n"):
            cut = line.plain.rfind(": ")
            if "%" in line.plain[cut:] and cut > 0:  # "◆ what it touches: the odds"
                lines += [line[cut + 2:], line[:cut]]
            elif line.plain.strip():
                lines.append(line)
        lines.sort(key=lambda line: 0 if any(mark in line.plain for mark in "✔✖") else
                   1 if "%" in line.plain or line.plain.startswith("◆") else 2)
        text.append(Text(" · ").join(lines))
        self.query_one("#play-line", Static).update(text)

    def action_panel(self) -> None:
        """The whole side panel beside the map, or back to its line (a small screen)."""
        if not self.has_class("-compact"):
            self.notify("The side panel is always open at this size.", title="v")
            return
        self.toggle_class("-panel")
        self._show_line()

    def _idle_prompt(self) -> None:
        side = self.board.sides[self.board.to_act]
        text = Text()
        text.append(f"{side.name}'s turn. ", style="bold")
        text.append("tab next warrior · m r c f a p give an action · e end the turn · "
                    "F1 all keys", style="dim")
        if self.session is not None and self.session.may_set_portals():
            # Castle rules, Portals: before the turn's first action.
            text.append("\no: open or close the castle's portals (before the first action)",
                        style="bold")
        if self.last is not None:
            text.append("\n")
            text.append(self._played_text(self.last))
        self._prompt(text)

    def _played_text(self, played: Played) -> Text:
        text = Text()
        who = self.board.sides[played.seat].name
        text.append(f"Last: {who}: ", style="dim")
        text.append(played.words)
        dice = [roll_words(self.board, r) for r in played.rolls]
        if dice:
            text.append(" · rolled " + ", ".join(dice), style="bold")
        return text

    def _mark(self) -> None:
        """The map's overlay for what is happening now."""
        if self.session is None:
            return
        board = self.board
        selected = self.selected
        allowance = None
        reach = False
        targets: frozenset[int] = frozenset()
        piece = board.pieces[selected] if selected is not None else None
        lit: tuple[tuple[int, str], ...] = ()
        if piece is not None and (piece.on_table or piece.riding is not None) and \
                self.mode in ("idle", "choose", "confirm", "ghost"):
            reach = self.mode != "ghost"
            if self.mode == "ghost" and self.steer is not None and \
                    self.steer.purpose == "drive":
                # Chariot rules, Movement: the speeds of the sections given moves, added.
                allowance = self.session.chariot_allowance(piece.id, self.steer.sections)
                lit = tuple((piece.id, name) for name in self.steer.sections)
            elif self.mode == "ghost" and self.steer is not None and \
                    self.steer.purpose == "plan":
                # Rulebook IV: the member steered on its own, up to the formation's speed.
                allowance = self.session.formation_member_allowance(self.steer.focus) \
                    if self.steer.focus is not None else None
            elif self.mode == "ghost" and self.steer is not None and \
                    self.steer.purpose in ("place", "nimble"):
                allowance = None
            elif self.mode == "ghost" and self.steer is not None:
                allowance = self.session.allowance(piece.id, self.steer.ability)
            elif self._may_act(piece.id):
                allowance = self.session.allowance(piece.id)
            if self.mode in ("idle",) and self._may_act(piece.id):
                targets = frozenset(t for kind in ("ranged", "close")
                                    for o in self.session.options(piece.id, kind)
                                    for t in o.targets)
        if self.mode in ("choose", "confirm"):
            shown = self.chosen or self._highlighted()
            if shown is not None:
                targets = frozenset(shown.targets)
                if shown.warrior is not None and shown.sections:
                    lit = tuple((shown.warrior, name) for name in shown.sections)
            elif self.decision is not None and self.decision.kind == "section":
                # The sections the chariot's player may choose among, lit.
                lit = tuple((o.warrior, name) for o in self.decision.options
                            if o.warrior is not None for name in o.sections)
        ghosts: tuple[Ghost, ...] = ()
        patches: tuple[Any, ...] = ()
        legal: bool | None = None
        area = None
        steer = self.steer
        if steer is not None:
            legal = None if steer.why == "?" else not steer.why
            if steer.purpose == "terrain":
                patches = self.session.pile_outline(steer.item, steer.at, steer.facing)
                area = None
            elif steer.purpose == "fortification" and steer.warrior is not None:
                # World Conquest, battle rule 1: the square (or quarter) being set up, by
                # its holder's starting area.
                patches = self.session.fortification_outline(steer.warrior, steer.at,
                                                             steer.facing)
                area = board.sides[board.to_act].area
            elif steer.purpose == "plan":
                # Every member where it would end, its path (and bends) behind it.
                ghosts = tuple(Ghost(board.pieces[m], pose.at, pose.facing,
                                     (pose.start, *pose.waypoints) if pose.path else (),
                                     legal)
                               for m, pose in steer.poses.items())
            elif steer.purpose in ("place", "nimble") and steer.target is not None:
                # The figure set down, a line from where it stands (Magic Levitation).
                figure = board.pieces[steer.target]
                away = figure.on_table and steer.at != (figure.x, figure.y)
                ghosts = (Ghost(figure, steer.at, steer.facing,
                                (steer.start,) if away else (), legal),)
            elif steer.purpose == "drive" and steer.warrior is not None:
                # The chariot where the drive ends, its straight line behind it.
                ghosts = (Ghost(board.pieces[steer.warrior], steer.drive_end(), steer.facing,
                                (steer.start,), legal),)
            elif steer.warrior is not None:
                p = board.pieces[steer.warrior]
                path = (steer.start, *steer.waypoints) if steer.purpose in (
                    "move", "confused") else ()
                ghosts = (Ghost(p, steer.at, steer.facing, path, legal),)
                if steer.purpose == "deploy":
                    area = board.sides[p.seat].area
                if steer.touches:
                    # The ghost in base contact: the figures it touches lit.
                    targets = frozenset(t.warrior for t in steer.touches)
        if area is None and board.phase in SCENE_WORDS:
            # Setting the scene: the starting area of the player to act, marked.
            area = board.sides[board.to_act].area
        # The last action's paths and shots, until the player turns to something else.
        last = self.last if self.last_shown else None
        moves = last.moves if last is not None else ()
        strikes = last.strikes if last is not None else ()
        # Every roll of the last action, in order, with its purpose.
        dice = tuple(roll_words(board, r) for r in last.rolls) if last is not None else ()
        self.map.show(board, Overlay(selected=selected, allowance=allowance, reach=reach,
                                     targets=targets, ghosts=ghosts, ghost_patches=patches,
                                     ghost_patches_legal=legal, area=area, moves=moves,
                                     strikes=strikes, dice=dice, lit=lit))

    # --- selecting -------------------------------------------------------------------

    def action_select(self, step: int) -> None:
        if self.session is None or self.mode not in ("idle",):
            if self.mode == "ghost" and self.steer is not None and \
                    self.steer.purpose in SETUP_STEERS:
                self._cycle_setup(step)
            elif self.mode == "ghost" and self.steer is not None and \
                    self.steer.purpose == "plan":
                self._cycle_member(step)  # Rulebook IV: each member to its own place
            return
        seat = self.board.to_act
        mine = [p.id for p in self.board.pieces if p.seat == seat
                and (p.on_table or p.riding is not None) and p.captive_of is None]
        if not mine:
            return
        ready = [w for w in mine if self._may_act(w)] or mine
        if self.selected in ready:
            at = (ready.index(self.selected) + step) % len(ready)
        else:
            at = 0 if step > 0 else len(ready) - 1
        self._choose_figure(ready[at])
        skipped = self._skipped(mine, ready)
        if skipped:
            self.notify(skipped, title="tab skips", timeout=6)

    def _skipped(self, mine: list[int], ready: list[int]) -> str:
        """The warriors tab passes over, and why, in the engine's words (the rule that
        refuses each of them a move, else its first refused kind of action)."""
        assert self.session is not None
        grouped: dict[str, list[str]] = {}
        for wid in mine:
            if wid in ready:
                continue
            refused = [s for s in self.session.status(wid) if not s.allowed]
            why = next((s.why for s in refused if s.kind == "move" and s.why), None) or \
                next((s.why for s in refused if s.why), None)
            words = (why.rule or why.reason) if why is not None else "acted this turn"
            grouped.setdefault(words, []).append(self.board.pieces[wid].letter)
        return "\n".join(f"{', '.join(letters)}: {shown_lines(why)}"
                         for why, letters in grouped.items())

    def action_inspect(self, step: int) -> None:
        if self.session is None or self.mode in ("loading", "broken"):
            return
        every = [p.id for p in self.board.pieces if p.on_table or p.riding is not None]
        if not every:
            return
        at = (every.index(self.selected) + step) % len(every) if self.selected in every else 0
        self._choose_figure(every[at])

    def _choose_figure(self, wid: int) -> None:
        self.selected = wid
        self.last_shown = self.mode in ("ai", "over") and self.last_shown
        piece = self.board.pieces[wid]
        self.map.centre_on((piece.x, piece.y))
        self._show_warrior()
        self._mark()

    @on(Battlefield.Clicked)
    def _clicked(self, event: Battlefield.Clicked) -> None:
        if self.session is None:
            return
        if self.mode == "ghost" and self.steer is not None:
            self._steer_to(event.at)
            return
        if event.piece is not None and self.mode in ("idle", "ai", "over"):
            self._choose_figure(event.piece)

    # --- giving actions: choosing from a list ----------------------------------------

    def action_begin(self, kind: str) -> None:
        if self.session is None or self.mode != "idle" or self.selected is None:
            return
        self.last_shown = False  # a new action: the last one's overlay is done with
        wid = self.selected
        piece = self.board.pieces[wid]
        if piece.seat != self.board.to_act:
            self.notify(f"{piece.label} is not yours to command now.", severity="warning")
            return
        status = {s.kind: s for s in self.session.status(wid)}
        state = status.get(kind)
        if kind == "ability":
            # Ability actions, and what needs no action: cancelling an optional ability
            # (Rulebook III, Special Abilities), Nimble's turn.
            # Magic Levitation, Necromancy and Nimble may also be steered anywhere the
            # engine allows: the places it lists are the shortcuts.
            options = (self.session.options(wid, "ability") if state is not None and
                       state.allowed else []) + self.session.extra_options(wid) + \
                self.session.placements(wid)
            if not options:
                why = f": {state.why}" if state is not None and state.why else ""
                self.notify(f"{piece.label}: no ability action or ability to cancel now"
                            f"{why}", severity="warning", timeout=8)
                return
            self._list(kind, options, f"Choose the ability action of {piece.label}:")
            return
        if state is None or not state.allowed:
            reason = state.why if state is not None else "not now"
            self.notify(f"{piece.label}: no {KIND_WORDS[kind]}: {reason}", severity="warning",
                        timeout=8)
            return
        if kind == "move" and piece_view(piece).by_sections:
            self._begin_drive(wid)
            return
        if kind == "move" and piece.riding is not None:
            self._begin_disembark(wid)
            return
        if kind == "move":
            self._begin_move(wid)
            return
        if kind == "pass" and piece_view(piece).by_sections:
            # Chariot rules, Actions: a pass, like any action, goes to one active section.
            self._list(kind, self.session.options(wid, kind),
                       f"Which section of {piece.label} passes?")
            return
        if kind == "pass":
            self._confirm(self.session.option(self._pass_action(wid)))
            return
        self._list(kind, self.session.options(wid, kind),
                   f"Choose the {KIND_WORDS[kind]} of {piece.label}:")

    def _pass_action(self, wid: int) -> object:
        assert self.session is not None
        found = self.session.options(wid, "pass")
        return found[0].action

    def _list(self, kind: str, options: list[Option], title: str,
              refused: list[tuple[Option, Refusal]] | None = None) -> None:
        """``options`` to choose from; ``refused``: shown after them, greyed, each with
        the engine's reason (they cannot be chosen)."""
        self.choosing = kind
        self.choices = options
        self.outlooks = {}
        self._version += 1
        listing = self.option_list
        listing.clear_options()
        listing.add_options([Row(self._choice_text(i, o), id=str(i))
                             for i, o in enumerate(options)])
        listing.add_options([Row(Text(f"✖ {o.words}: {shown_lines(str(why))}", style="dim"),
                                 id=f"refused-{i}", disabled=True)
                             for i, (o, why) in enumerate(refused or ())])
        listing.display = True
        listing.highlighted = 0 if options else None
        listing.focus()
        self._set_mode("choose")
        self._prompt(Text(f"{title}\nup/down: choose · enter: see it before giving it · "
                          "esc: back", style="bold"))
        self._show_warrior()
        self._mark()
        if any(o.kind in ("ranged", "close", "target") or (o.kind == "ability" and o.targets)
               for o in options):
            self._weigh(self._version, options)

    def _choice_text(self, index: int, option: Option) -> Text:
        text = Text(option.words)
        outlook = self.outlooks.get(index)
        if outlook is not None and self.session is not None:
            text.append("\n")
            text.append(outlook_text(self.session, outlook))
            text.rstrip()
        elif option.kind in ("ranged", "close", "target"):
            text.append("\n   counting the odds…", style="dim")
        return text

    @work(thread=True, group="play-odds", exclusive=True)
    def _weigh(self, version: int, options: list[Option]) -> None:
        worker = get_current_worker()
        session = self.session
        assert session is not None
        for i, option in enumerate(options):
            if worker.is_cancelled:
                return
            if option.kind in ("place", "portal"):
                continue  # steered first: weighed at the second look; a portal rolls none
            try:
                outlook = session.outlook(option)
            except Exception as exc:  # too many ways to turn out: say so, keep going
                self.post_message(self.Weighed(version, i, None, str(exc)))
                continue
            self.post_message(self.Weighed(version, i, outlook))

    def on_play_screen_weighed(self, message: Weighed) -> None:
        if message.index == CHOSEN:
            if message.version == self._chosen_version and self.mode == "confirm" and \
                    self.weighing:
                self._chosen_weighed(message.outlook, message.error)
            return
        if message.version != self._version or message.outlook is None:
            return
        self.outlooks[message.index] = message.outlook
        if self.mode == "choose" and message.index < len(self.choices):
            self.option_list.replace_option_prompt_at_index(
                message.index, self._choice_text(message.index, self.choices[message.index]))
        if self.mode == "confirm" and message.index < len(self.choices) and \
                self.chosen is self.choices[message.index] and self.weighing:
            # The list's count came first: the one for the second look is not needed.
            give = self.give_weighed
            self._forget_chosen()
            self.give_weighed = give
            self._chosen_weighed(message.outlook, "")

    def _highlighted(self) -> Option | None:
        listing = self.option_list
        if not listing.display or listing.highlighted is None:
            return None
        if listing.highlighted < len(self.choices):
            return self.choices[listing.highlighted]
        return None

    @on(OptionList.OptionHighlighted, "#play-options")
    def _highlight_changed(self, event: OptionList.OptionHighlighted) -> None:
        if self.mode == "choose":
            self._mark()

    @on(OptionList.OptionSelected, "#play-options")
    def _option_chosen(self, event: OptionList.OptionSelected) -> None:
        if self.mode != "choose" or event.option_index >= len(self.choices):
            return
        option = self.choices[event.option_index]
        if option.kind == "place":
            self._begin_place(option)  # steered like a move, checked by the engine
            return
        if self.decision is not None and self.decision.kind in ("spin", "section", "target"):
            # A free spin, a section or a target chosen needs no second look (the
            # target's odds are in the list).
            self._give(option)
            return
        if option.kind == "portal":
            self._give(option)  # Castle rules, Portals: no dice, nothing to weigh
            return
        self._confirm(option, self.outlooks.get(event.option_index))

    def _hide_options(self) -> None:
        listing = self.option_list
        listing.clear_options()
        listing.display = False
        self.map.focus()

    # --- giving actions: a second look, then the action ------------------------------

    def _confirm(self, option: Option, outlook: Outlook | None = None) -> None:
        """A second look before the action is given: its odds, counted in a worker when
        the list has not counted them already (the screen stays responsive)."""
        assert self.session is not None
        why = self.session.refusal(option.action)
        if why is not None:
            self.notify(f"{option.words}: {why}", severity="error", timeout=8)
            return
        self._forget_chosen()
        self.chosen = option
        self.chosen_outlook = outlook
        self.weighing = outlook is None
        self.option_list.display = False
        self.map.focus()
        self._set_mode("confirm")
        self._confirm_prompt()
        self._mark()
        if outlook is None:
            self._weigh_chosen(self._chosen_version, option)

    def _forget_chosen(self) -> None:
        """The odds being counted for the action looked at are no longer wanted."""
        self._chosen_version += 1
        self.weighing = self.give_weighed = False
        self.odds_error = ""
        self.workers.cancel_group(self, "play-odds-chosen")

    @work(thread=True, group="play-odds-chosen", exclusive=True)
    def _weigh_chosen(self, version: int, option: Option) -> None:
        session = self.session
        assert session is not None
        try:
            outlook = session.outlook(option)
        except Exception as exc:  # too many ways to turn out: say so, it may still be given
            self.post_message(self.Weighed(version, CHOSEN, None, str(exc)))
            return
        self.post_message(self.Weighed(version, CHOSEN, outlook))

    def _chosen_weighed(self, outlook: Outlook | None, error: str) -> None:
        """The odds of the action looked at have been counted: shown, and the action
        given if enter was pressed meanwhile (a push that eliminates still asks)."""
        self.weighing = False
        self.chosen_outlook = outlook
        self.odds_error = error
        self._confirm_prompt()
        if self.give_weighed:
            self.give_weighed = False
            self.action_confirm()

    def _confirm_prompt(self) -> None:
        assert self.session is not None and self.chosen is not None
        text = Text()
        text.append(self.chosen.words + "\n", style="bold")
        if self.chosen_outlook is not None:
            text.append(outlook_text(self.session, self.chosen_outlook))
        elif self.weighing:
            text.append("   counting the odds…\n", style="dim")
        elif self.odds_error:
            text.append(f"   the odds could not be counted: {self.odds_error}\n", style="dim")
        if self.weighing and self.give_weighed:
            text.append("given once the odds are counted · esc: back", style="bold")
        elif self._lethal():
            text.append("▲ This push eliminates your own warrior (Rulebook III, Pushing). "
                        "y: give it anyway · esc: back", style="bold red")
        else:
            text.append("enter: give it · esc: back", style="bold")
        self._prompt(text)

    def _lethal(self) -> bool:
        outlook = self.chosen_outlook
        return outlook is not None and any(
            "pushing" in cause and p > 1 - 1e-9 for _, p, cause in outlook.own_losses)

    def action_confirm(self, yes: bool = False) -> None:
        if self.mode == "ghost":
            self._check_steer(give=True)
            return
        if self.mode != "confirm" or self.chosen is None:
            return
        if self.weighing:
            self.give_weighed = True
            self._confirm_prompt()
            return
        if self._lethal() and not yes:
            self.notify("Press y to push this warrior to its elimination, esc to go back.",
                        severity="warning")
            return
        self._give(self.chosen)

    def action_back(self) -> None:
        if self.mode == "confirm" and self.steer is not None and self.steer.option is not None \
                and self.chosen is self.steer.option:
            # Back to the ghost as it was steered: its path, bends and facing kept.
            self._forget_chosen()
            self.chosen = None
            self._set_mode("ghost")
            self._check_steer()
            return
        if self.mode == "confirm":
            self._forget_chosen()
            if self.choices and self.decision is None and self.choosing:
                self._list(self.choosing, self.choices, "Choose again:")
                return
            if self.decision is not None:
                self._decide(self.decision)
                return
            self.queue = []
            self._next()
            return
        if self.mode == "choose":
            if self.decision is not None:
                return  # a decision owed has to be made
            self._next()
            return
        if self.mode == "ghost" and self.steer is not None and \
                self.steer.purpose in ("move", "drive", "disembark"):
            self._next()
        elif self.mode == "ghost" and self.steer is not None and \
                self.steer.purpose in ("place", "nimble"):
            self._next()
            if self.mode == "idle":
                self.action_begin("ability")  # back to the places the engine lists
        elif self.mode == "ghost" and self.steer is not None and self.steer.purpose == "plan" \
                and self.decision is not None:
            # Rulebook IV, Movement Formations: the members may also stay where they are.
            stay = next((o for o in self.decision.options if not o.members), None)
            if stay is not None:
                self._give(stay)

    def _give(self, option: Option) -> None:
        """Give the action, show what it did, save the game, and go on."""
        assert self.session is not None
        try:
            played = self.session.play(option)
        except Refused as exc:
            self.notify(f"{option.words}: {exc}", severity="error", timeout=8)
            self.queue = []
            self._next()
            return
        self._shown(played)
        self._next()

    def _shown(self, played: Played) -> None:
        self.last = played
        self.last_shown = True
        self.decision = None
        self.choosing = ""
        log = self.query_one("#play-log", RichLog)
        for line in played.lines:
            if line.strip():
                log.write(line)
        self._save()

    @work(thread=True, group="play-save")
    def _save(self) -> None:
        from armybuilder.play.games import Games

        session, services = self.session, self.army_app.services
        if session is None or services is None:
            return
        Games(services.catalogue).save(self.game_id, session.progress())

    def action_end_turn(self) -> None:
        if self.session is None or self.mode != "idle":
            return
        passes = self.session.end_turn()
        if not passes:
            return
        self.chosen = None
        self.queue = []
        letters = [self.board.pieces[o.warrior].letter for o in passes
                   if o.warrior is not None]
        # A chariot passes section by section (Chariot rules, Actions): named once.
        words = ", ".join(dict.fromkeys(letters))
        what = f"{words} pass (the engine ends a turn when its actions are used)" \
            if words else "every action of the turn is given"
        if passes[-1].kind == "end_turn":
            # Special Abilities Card, Quickness: the free move left is not taken.
            what += "; the free move left (Quickness) is not taken"
        self._forget_chosen()
        self._set_mode("confirm")
        self.chosen = passes[0]
        self.chosen_outlook = None
        self.queue = passes[1:]
        self._prompt(Text(f"End the turn: {what}.\nenter: end the turn · esc: back",
                          style="bold"))

    def action_space(self) -> None:
        if self.mode == "ghost" and self.steer is not None and self.steer.purpose == "drive":
            self.action_drive_to_stop()
        elif self.mode == "ghost":
            self._bend()
        elif self.mode == "ai":
            self._step.set()

    # --- decisions the rules hand you ------------------------------------------------

    def _decide(self, decision: Decision) -> None:
        assert self.session is not None
        self.decision = decision
        label = self.board.pieces[decision.warrior].label \
            if decision.warrior is not None else ""
        if decision.kind == "spin":
            self.selected = decision.warrior
            self._list("spin", list(decision.options),
                       f"Free spin (Rulebook III): may {label} turn to face the figure "
                       "that moved into base contact?")
            return
        if decision.kind == "follow_up":
            self.selected = decision.warrior
            self._list("follow_up", list(decision.options),
                       f"{label} ends its move: attack now, or pass.")
            return
        if decision.kind == "confused":
            assert decision.warrior is not None
            self.selected = decision.warrior
            self._begin_move(decision.warrior, "confused")
            return
        if decision.kind == "section":
            self._ask_section(decision)
            return
        if decision.kind == "target":
            # Castle rules, Close Combat: "If there is more than one opposing figure
            # touching a connected access point, the defender may choose which figure
            # will be the target of the attack."
            self.selected = decision.warrior
            self._list("target", list(decision.options),
                       f"{label} attacks across connected access points (Castle rules, "
                       f"Close Combat): {self.board.sides[decision.seat].name}, choose "
                       "the figure it attacks.")
            return
        if decision.kind == "facing":
            assert decision.warrior is not None
            self._begin_facing(decision.warrior)
            return
        # A movement formation's members have broken away (or not): move them.
        if not decision.members:
            stay = decision.options[0]
            self.notify("No member of the formation can move: it stays where it is.")
            self._give(stay)
            return
        self._begin_plan(decision)

    def _ask_section(self, decision: Decision) -> None:
        """Chariot rules: the chariot's player chooses the section (an attack along a
        borderline, the pushing click, a touching figure's damage): asked in a dialog
        showing the chariot's dials."""
        from armybuilder.tui.screens.play_dialogs import SectionScreen

        assert decision.warrior is not None
        self.selected = decision.warrior
        chariot = self.board.pieces[decision.warrior]
        self._set_mode("choose")
        self._prompt(Text(f"Choose the section of {chariot.label} (Chariot rules).",
                          style="bold"))
        self._show_warrior()
        self._mark()
        if any(isinstance(s, SectionScreen) for s in self.app.screen_stack):
            return

        def chosen(index: int | None) -> None:
            owed = self.decision
            if index is not None and owed is not None and owed.kind == "section" and \
                    0 <= index < len(owed.options):
                self._give(owed.options[index])

        self.app.push_screen(SectionScreen(chariot, decision.purpose,
                                           [o.words for o in decision.options]), chosen)

    def action_cancel_ability(self) -> None:
        self.action_begin("ability")

    # --- castles ---------------------------------------------------------------------

    def action_portals(self) -> None:
        """Castle rules, Portals: the castle player opens or closes each portal "at the
        beginning of [their] command phase"; the engine's reason when they may not."""
        if self.session is None or self.mode != "idle":
            return
        found = self.session.portals()
        if not found:
            self.notify("No castle portals to open or close.", severity="warning")
            return
        allowed = [o for o, why in found if why is None]
        refused = [(o, why) for o, why in found if why is not None]
        if not allowed:
            why = refused[0][1]
            self.notify(f"Portals: {why}", severity="warning", timeout=8)
            return
        self._list("portal", allowed, "Open or close a portal (Castle rules, Portals: "
                   "they stay so until your next turn):", refused)

    # --- the AI ----------------------------------------------------------------------

    def _ai_prompt(self) -> Text:
        assert self.session is not None
        side = self.board.sides[self.board.to_act]
        text = Text()
        text.append(f"{side.name} ({side.called}) is playing", style="bold")
        text.append(" — step by step: space for the next action, s: play on\n"
                    if self.stepping else f" — an action every {self.pause:g} s; s: step "
                    "by step\n")
        if self.last is not None:
            text.append(self._played_text(self.last))
        return text

    @work(thread=True, exclusive=True, group="play-ai")
    def _ai_turn(self) -> None:
        """The AI plays action by action until the human owes the next decision."""
        worker = get_current_worker()
        self.thinking = True
        try:
            while not worker.is_cancelled:
                session = self.session
                if session is None or session.over or session.human_to_act:
                    break
                option = session.ai_choice(progress=self._ai_thinking)
                if worker.is_cancelled:
                    break
                try:
                    self.app.call_from_thread(self._ai_gives, option)
                except RuntimeError:
                    break  # the app is closing: the game stays as it was last saved
                if self.stepping:
                    self._step.clear()
                    while not self._step.wait(0.1):
                        if worker.is_cancelled or not self.stepping:
                            break
                elif self.pause > 0:
                    time.sleep(self.pause)
        finally:
            self.thinking = False
        if not worker.is_cancelled:
            try:
                self.app.call_from_thread(self._ai_done)
            except RuntimeError:
                return

    def _ai_gives(self, option: Option) -> None:
        if self.session is None or not self.is_attached:
            return  # the player left meanwhile: the game stays as it was saved
        played = self.session.play(option)
        self._shown(played)
        self._show_status()
        self._prompt(self._ai_prompt())
        self._mark()

    def _ai_done(self) -> None:
        if self.session is not None and self.mode == "ai" and self.is_attached:
            self._next()

    def action_stepping(self) -> None:
        self.stepping = not self.stepping
        self._step.set()
        if self.mode == "ai":
            self._prompt(self._ai_prompt())

    # --- the rest --------------------------------------------------------------------

    def action_dial(self) -> None:
        if self.session is None or self.selected is None:
            return
        from armybuilder.tui.screens.play_dialogs import DialScreen

        self.app.push_screen(DialScreen(self.board.pieces[self.selected],
                                        self.board.sides[self.board.pieces[self.selected]
                                                         .seat].name))

    def action_zoom(self, factor: float) -> None:
        self.map.zoom(factor)

    def action_fit(self) -> None:
        self.map.fit()

    def action_pan(self, dx: int, dy: int) -> None:
        self.map.pan(dx, dy)

    def action_withdraw(self) -> None:
        if self.session is None or self.mode != "idle":
            return
        self._confirm(self.session.withdraw(self.board.current))

    def action_agree(self) -> None:
        if self.session is None or self.mode != "idle":
            return
        if any(not s.human for s in self.board.sides):
            self.notify("Ending by agreement needs every player's word: only between "
                        "players at this keyboard (Rulebook VI, Ending the Game 3).",
                        severity="warning")
            return
        self._confirm(self.session.agree_to_end())

    def _ending(self) -> None:
        # After the next refresh: the log and the map behind the dialog laid out and at
        # their end first (a finished game opened shows its whole log being written).
        self.call_after_refresh(self._show_end)

    def _show_end(self) -> None:
        from armybuilder.tui.screens.play_dialogs import EndScreen

        if self.session is None or any(isinstance(s, EndScreen) for s in self.app.screen_stack):
            return
        self.app.push_screen(EndScreen(self.game_id, self.board, self.session.log_json(),
                                       self.session.scored()))

    async def action_leave(self) -> None:
        self.workers.cancel_group(self, "play-ai")
        self._step.set()
        for worker in list(self.workers):
            if worker.group == "play-save":
                await worker.wait()
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "portals":
            # Castle rules, Portals: offered only in a siege (False: not in the footer).
            if self.session is None or not self.board.castle:
                return False
            return True if self.mode == "idle" else None
        idle_only = {"begin", "end_turn", "withdraw", "agree", "cancel_ability"}
        ghost_only = {"steer", "turn", "face_nearest", "unbend", "move_ability", "auto",
                      "stuck_facing", "toggle_section", "list_moves", "destination"}
        if action in idle_only:
            return True if self.mode == "idle" else None
        if action in ghost_only:
            return True if self.mode == "ghost" else None
        return True

