"""The draft screen (F8): the pack in your hands with what each figure is worth (the
valuation the AI seats pick by), your picks with their points and factions so far, and the
other seats' progress. enter picks the highlighted figure; the AI seats then pick and pass,
and the next pack comes round. When the draft is over, r builds every army and plays the
event with the AI (its standings are on the tournament screen, F7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

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
    from armybuilder.events.draft import Draft, Drafts


class DraftScreen(EventScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "pick", "Pick"),
        Binding("left_square_bracket", "other(-1)", "Previous", show=False),
        Binding("r", "run", "Armies and event",
                tooltip="When the draft is over: build every army and play the event"),
        Binding("right_square_bracket", "other(1)", "Next"),
        Binding("n", "new", "New"),
        Binding("tab", "app.focus_next", "Pack/picks", show=False),
        Binding("ctrl+r", "reload", "Reload", show=False),
    ]

    @dataclass
    class Loaded(Message):
        names: list[str]
        draft: Draft | None

    def __init__(self) -> None:
        super().__init__()
        self.current: Draft | None = None

    def current_name(self) -> str | None:
        return self.current.name if self.current is not None else None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="draft-summary")
        yield Static("", id="draft-pack-title")
        yield DataTable(id="draft-pack", cursor_type="row", zebra_stripes=True)
        yield Static("", id="draft-picks-title")
        yield DataTable(id="draft-picks", cursor_type="row", zebra_stripes=True)
        yield Static("", id="draft-seats")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Draft"
        for table, labels in (("#draft-pack", ("Figure", "Rank", "Pts", "Worth", "VP/pt",
                                               "Factions")),
                              ("#draft-picks", ("Figure", "Rank", "Pts", "Factions"))):
            for label in labels:
                self.query_one(table, DataTable).add_column(label, key=label)
        super().on_mount()

    def service(self) -> Drafts:
        from armybuilder.events.draft import Drafts

        return Drafts(self.catalogue())

    def read(self, wanted: str | None) -> Loaded:
        drafts = self.service()
        names = drafts.names()
        name = wanted if wanted in names else (names[0] if names else None)
        draft = drafts.get(name) if name else None
        return self.Loaded(names, draft)

    def on_draft_screen_loaded(self, message: Loaded) -> None:
        self.names = message.names
        self.current = message.draft
        self.wanted = self.current.name if self.current is not None else None
        self._show()

    def _seat(self) -> int | None:
        d = self.current
        if d is None or not d.start.humans:
            return None
        return d.waiting_for() or d.start.humans[0]

    def _show(self) -> None:
        d = self.current
        pack_table = self.query_one("#draft-pack", DataTable)
        picks_table = self.query_one("#draft-picks", DataTable)
        pack_table.clear()
        picks_table.clear()
        summary = self.query_one("#draft-summary", Static)
        if d is None:
            summary.update(Text("No drafts yet. Press n to sit down at one (or: armybuilder "
                                "draft new NAME --seats 6 --packs 3 --human 1).",
                                style="dim"))
            for part in ("#draft-pack-title", "#draft-picks-title", "#draft-seats"):
                self.query_one(part, Static).update("")
            return
        s = d.start
        seat = self._seat()
        line = Text()
        line.append_text(literal(d.name, "bold"))
        line.append(f"  {s.seats} seats, {s.packs} packs of {s.pack_size} ({s.expansion}), "
                    f"{s.points}-point armies, pick {min(d.step + 1, s.steps)} of {s.steps}"
                    f", {d.status}  [{self.names.index(d.name) + 1}/{len(self.names)}]")
        summary.update(line)
        waiting = d.waiting_for()
        if waiting is not None:
            way = "left" if d.direction(d.step // s.pack_size + 1) > 0 else "right"
            title = f"The pack in your hands (seat {waiting}, passed {way}): enter picks"
            for key in d.pack_in_hand(waiting):
                f = s.figures[key]
                w = d.worth(key)
                pack_table.add_row(literal(f["name"]), f["rank"], str(f["points"]),
                                   f"{w.vp:.0f}", f"{w.per_point:.2f}",
                                   literal(", ".join(f["factions"])), key=key)
        elif d.done:
            title = ("The draft is over: r builds every army and plays the event"
                     if d.status == "drafting" else
                     f"The draft is over; its event is {d.status} (F7: the standings)")
        else:
            title = "No human seat: r lets the AI seats draft, build and play"
        self.query_one("#draft-pack-title", Static).update(Text(title, style="bold"))
        if seat is not None:
            mine = d.summary(seat)
            factions = ", ".join(f"{k} {v}" for k, v in mine["factions"].items())
            self.query_one("#draft-picks-title", Static).update(Text(
                f"Your picks: {len(mine['picks'])}, {mine['points']} points; "
                f"{shown(factions) or 'no faction yet'}", style="bold"))
            for i, key in enumerate(mine["picks"]):
                f = s.figures[key]
                picks_table.add_row(literal(f["name"]), f["rank"], str(f["points"]),
                                    literal(", ".join(f["factions"])), key=f"{i}:{key}")
        else:
            self.query_one("#draft-picks-title", Static).update("")
        others = [d.summary(i) for i in range(1, s.seats + 1) if i != seat]
        self.query_one("#draft-seats", Static).update(Text(
            "Seats: " + "; ".join(f"{o['seat']}: {len(o['picks'])} picks, {o['points']} pts"
                                  for o in others), style="dim"))

    # --- actions -------------------------------------------------------------------

    @on(DataTable.RowSelected, "#draft-pack")
    def _selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_pick()  # enter on a figure of the pack

    def action_pick(self) -> None:
        d = self.current
        table = self.query_one("#draft-pack", DataTable)
        if d is None or d.waiting_for() is None or table.row_count == 0:
            return
        key = str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
        seat = d.waiting_for() or 0

        def pick(drafts: Drafts) -> None:
            drafts.pick(d.name, seat, key)
            drafts.advance(d.name)  # the AI seats pick and pass: the next pack comes round

        self.step("Pick", pick)

    def action_run(self) -> None:
        d = self.current
        if d is None:
            return

        def run(drafts: Drafts) -> str:
            draft = drafts.advance(d.name)
            if not draft.done:
                return ""
            if draft.status == "drafting":
                drafts.build(d.name)
            drafts.play(d.name)
            return f"{shown(d.name)}: the event is over (F7: the standings)"

        self.army_app.notify("The AI seats draft, build and play...", timeout=3)
        self.step("Draft", run)

    def action_new(self) -> None:
        def made(answer: str | None) -> None:
            if not answer:
                return
            from armybuilder.play.new import fresh_seed

            name, *counts, expansion = answer_fields(answer, ("", "6", "3", "rebellion"))
            given = numbers(counts)
            if given is None:
                self.army_app.notify("seats and packs are whole numbers", severity="error")
                return
            seats, packs = given
            self.wanted = name

            def sit_down(drafts: Drafts) -> None:
                drafts.new(name, seats=seats, packs=packs, expansion=expansion,
                           seed=fresh_seed(), humans=(1,))
                drafts.advance(name)

            self.step("New draft", sit_down)

        self.app.push_screen(PromptScreen("New draft (you sit at seat 1)",
                                          "Name, seats, packs, expansion",
                                          placeholder="Friday draft, 6, 3, rebellion"), made)
