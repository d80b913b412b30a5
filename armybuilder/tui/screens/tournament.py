"""Tournaments (F7): the standings, a round's pairings and the players' lists, with every
step of the event on a key: register, pair, enter a result, let the AIs play, drop, print.

Every step runs in a worker and is one transaction (armybuilder.events.tournament); the
screen shows the tournament as the database has it after each one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import DataTable, Header, Static

from armybuilder.text import literal, shown
from armybuilder.tui.screens.event_base import EventScreen, answer_fields, numbers
from armybuilder.tui.screens.prompt import PromptScreen
from armybuilder.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from armybuilder.events.tournament import Tournament, Tournaments

VIEWS = ("standings", "pairings", "players")


class TournamentScreen(EventScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "result", "Result", tooltip="Victory points A-B of the table"),
        Binding("p", "pair", "Pair"),
        Binding("g", "play", "AIs play", tooltip="The AIs play the round's open games"),
        Binding("t", "next_view", "View", tooltip="Standings, pairings, players"),
        Binding("r", "register", "Register", tooltip="A saved army or a share code"),
        Binding("right_square_bracket", "other(1)", "Next"),
        Binding("left_square_bracket", "other(-1)", "Previous", show=False),
        Binding("n", "new", "New"),
        Binding("e", "print", "Print", tooltip="This view (players: decklists) as a PDF"),
        Binding("b", "pair(True)", "Pair, bye vs AI", show=False,
                tooltip="Pair the next round; the bye plays the house army"),
        Binding("x", "drop", "Drop", show=False, tooltip="The highlighted player drops"),
        Binding("ctrl+r", "reload", "Reload", show=False),
    ]

    @dataclass
    class Loaded(Message):
        names: list[str]
        tournament: Tournament | None
        flags: dict[int, list[str]]

    def __init__(self) -> None:
        super().__init__()
        self.current: Tournament | None = None
        self.flags: dict[int, list[str]] = {}
        self.view = "standings"

    def current_name(self) -> str | None:
        return self.current.name if self.current is not None else None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="tournament-summary")
        yield Static("", id="tournament-view")
        yield DataTable(id="tournament-table", cursor_type="row", zebra_stripes=True)
        yield Footer()

    @property
    def table(self) -> DataTable[Any]:
        return self.query_one("#tournament-table", DataTable)

    def on_mount(self) -> None:
        self.sub_title = "Tournaments"
        super().on_mount()

    # --- loading -------------------------------------------------------------------

    def service(self) -> Tournaments:
        from armybuilder.events.tournament import Tournaments

        return Tournaments(self.catalogue())

    def read(self, wanted: str | None) -> Loaded:
        service = self.service()
        names = service.names()
        name = wanted if wanted in names else (names[0] if names else None)
        t = service.get(name) if name is not None else None
        flags = service.flags(t) if t is not None else {}
        return self.Loaded(names, t, flags)

    def on_tournament_screen_loaded(self, message: Loaded) -> None:
        self.names = message.names
        self.current = message.tournament
        self.flags = message.flags
        self.wanted = self.current.name if self.current is not None else None
        self._show()

    def _show(self) -> None:
        summary = self.query_one("#tournament-summary", Static)
        t = self.current
        table = self.table
        table.clear(columns=True)
        if t is None:
            summary.update(Text("No tournaments yet. Press n to start one (or: armybuilder "
                                "tournament new NAME --rounds 4 --points 200).", style="dim"))
            self.query_one("#tournament-view", Static).update("")
            return
        s = t.settings
        where = f"{self.names.index(t.name) + 1}/{len(self.names)}" if t.name in self.names \
            else ""
        state = ("final" if t.over else f"round {t.round} of {s.rounds}" if t.round else
                 f"{s.rounds} rounds, not paired yet")
        line = Text()
        line.append_text(literal(t.name, "bold"))
        line.append(f"  {s.format}, {s.points} pts, {s.pairing}, {len(t.players)} players, "
                    f"{state}  [{where}]")
        summary.update(line)
        self.query_one("#tournament-view", Static).update(Text(self._view_title(t),
                                                                style="bold"))
        getattr(self, f"_show_{self.view}")(t, table)

    def _view_title(self, t: Tournament) -> str:
        if self.view == "pairings":
            return (f"Round {t.round} pairings (enter: a result, g: the AIs play)"
                    if t.round else "No round paired yet (p pairs round 1)")
        if self.view == "players":
            return "Players and their lists (x: drop; a list changed since is flagged)"
        return "Standings: score, then strength of schedule, then victory points"

    def _show_standings(self, t: Tournament, table: DataTable[Any]) -> None:
        for label in ("#", "Player", "Score", "W-L-D", "Byes", "SOS", "VP"):
            table.add_column(label, key=label)
        for r in t.standings():
            table.add_row(str(r.rank), literal(r.name + (" (dropped)" if r.dropped
                                                         is not None else "")),
                          f"{float(r.score):g}", f"{r.wins}-{r.losses}-{r.draws}",
                          str(r.byes), f"{float(r.sos):.3f}", str(r.vp), key=str(r.number))

    def _show_pairings(self, t: Tournament, table: DataTable[Any]) -> None:
        from armybuilder.events.sheets import result_words

        for label in ("Table", "Side a", "Side b", "Result"):
            table.add_column(label, key=label)
        for g in t.round_games():
            other = t.name_of(g.b) if g.b is not None else (
                "house army (AI)" if g.how == "bye game" else "bye")
            table.add_row(str(g.board), literal(t.name_of(g.a)), literal(other),
                          literal(result_words(t, g)), key=str(g.board))

    def _show_players(self, t: Tournament, table: DataTable[Any]) -> None:
        for label in ("#", "Player", "List", "Points", "State"):
            table.add_column(label, key=label)
        for p in t.players:
            changed = self.flags.get(p.number, [])
            state = ("dropped" if p.dropped is not None else
                     f"from round {p.entered}" if p.entered > 1 else "")
            if changed:
                state = (state + "; " if state else "") + "CHANGED: " + "; ".join(changed)
            table.add_row(str(p.number), literal(p.name), literal(p.list.army),
                          f"{p.list.points}/{p.list.build_total}",
                          literal(state, "bold red" if changed else ""), key=str(p.number))

    # --- actions -------------------------------------------------------------------

    def action_next_view(self) -> None:
        self.view = VIEWS[(VIEWS.index(self.view) + 1) % len(VIEWS)]
        self._show()

    def _highlighted(self) -> str | None:
        table = self.table
        if table.row_count == 0:
            return None
        return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

    def _step(self, what: str, run: Any, view: str | None = None) -> None:
        """Run one step of the event, then show the tournament again, in ``view``."""
        if view is not None:
            self.view = view
        self.step(what, run)

    def action_new(self) -> None:
        def made(answer: str | None) -> None:
            if not answer:
                return
            from armybuilder.events.tournament import Settings
            from armybuilder.play.new import fresh_seed

            name, *counts, fmt = answer_fields(answer, ("", "4", "200", "constructed"))
            given = numbers(counts)
            if given is None:
                self.army_app.notify("rounds and points are whole numbers", severity="error")
                return
            rounds, points = given
            self.wanted = name

            def create(service: Tournaments) -> str:
                service.create(name, Settings(format=fmt, points=points, rounds=rounds,
                                              seed=fresh_seed()))
                return f"Tournament {shown(name)} created"

            self._step("New tournament", create)

        self.app.push_screen(PromptScreen("New tournament", "Name, rounds, points, format "
                                          "(constructed, sealed or draft)",
                                          placeholder="Club night, 4, 200, constructed"),
                             made)

    def action_register(self) -> None:
        t = self.current
        if t is None:
            return

        def given(answer: str | None) -> None:
            if not answer:
                return
            source, _, pool_name = (x.strip() for x in answer.partition(","))

            def run(s: Tournaments) -> str:
                pool = None
                if pool_name:
                    from armybuilder.events.sealed import SealedPools

                    pool = SealedPools(s.catalogue).get(pool_name).counts()
                p = s.register(t.name, source, pool=pool)
                return f"Registered {shown(p.name)}: {p.list.points} points"

            self._step("Register", run, "players")

        self.app.push_screen(PromptScreen(f"Register in {t.name}",
                                          "A saved army's name or a share code (sealed: "
                                          "then a comma and the sealed pool)"), given)

    def action_pair(self, bye_game: bool = False) -> None:
        t = self.current
        if t is not None:
            def pair(service: Tournaments) -> str:
                games = service.pair(t.name, bye_game=bye_game)
                return f"Round {games[0].round} paired"

            self._step("Pair", pair, "pairings")

    @on(DataTable.RowSelected, "#tournament-table")
    def _selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_result()  # enter on a table of the pairings

    def action_result(self) -> None:
        t = self.current
        board = self._highlighted()
        if t is None or self.view != "pairings" or board is None:
            return

        def given(answer: str | None) -> None:
            from armybuilder.events.tournament import parse_score

            if not answer:
                return
            try:
                vp_a, vp_b = parse_score(answer)
            except ValueError as exc:
                self.army_app.notify(str(exc), severity="error")
                return
            def record(service: Tournaments) -> None:
                service.result(t.name, int(board), vp_a, vp_b)

            self._step("Result", record)

        self.app.push_screen(PromptScreen(f"Table {board}", "Victory points of side a and "
                                          "side b (A-B)", placeholder="140-85"), given)

    def action_play(self) -> None:
        t = self.current
        if t is not None:
            self.army_app.notify("The AIs play the round's open games...", timeout=3)
            self._step("Play", lambda s: f"{len(s.play(t.name))} games played",
                       "pairings")

    def action_drop(self) -> None:
        t = self.current
        number = self._highlighted()
        if t is not None and self.view == "players" and number is not None:
            self._step("Drop", lambda s: f"{shown(s.drop(t.name, number).name)} dropped")

    def action_print(self) -> None:
        t = self.current
        if t is None:
            return
        what = {"players": "decklists"}.get(self.view, self.view)

        def given(answer: str | None) -> None:
            if not answer:
                return

            def run(s: Tournaments) -> str:
                from pathlib import Path

                from armybuilder.events.sheets import sheet
                from armybuilder.export.event_sheets import write_sheet

                tour = s.get(t.name)
                path = write_sheet(sheet(tour, what, None, s.flags(tour)),
                                   Path(answer).expanduser())
                return f"Wrote {shown(str(path))}"

            self._step("Print", run)

        self.app.push_screen(PromptScreen(f"Print the {what}", "PDF file",
                                          value=f"{t.name}-{what}.pdf"), given)
