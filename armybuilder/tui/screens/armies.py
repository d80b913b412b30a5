"""Saved armies: list, open, rename, copy, delete (with confirmation) and notes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import DataTable, Header, Label, Static, TextArea

from armybuilder.text import literal, shown, shown_lines
from armybuilder.tui.delivery import in_browser
from armybuilder.tui.looks import RANK_STARS
from armybuilder.tui.screens.base import AppScreen
from armybuilder.tui.screens.confirm import ConfirmScreen
from armybuilder.tui.screens.prompt import PromptScreen
from armybuilder.tui.widgets.findings import totals_text
from armybuilder.tui.widgets.footer import Footer
from armybuilder.tui.widgets.sortable import SortableTable

if TYPE_CHECKING:
    from armybuilder.armies.checks import ArmyCheck
    from armybuilder.tui.services import Services


#: The armies table's columns (label, width); the army's name widens where there is room.
COLUMNS = (("Army", 20), ("Total", 5), ("Profile", 10), ("Points", 6), ("Figs", 4),
           ("Legal", 11))


class ArmiesScreen(AppScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,o", "open", "Open"),
        Binding("n", "new_army", "New"),
        Binding("r", "rename", "Rename"),
        Binding("c", "copy", "Copy"),
        Binding("d,delete", "delete", "Delete"),
        Binding("e", "export_army", "Export"),
        Binding("i", "import_army", "Import",
                tooltip="Import an army list file, or paste a share code"),
        Binding("g", "games", "Games", tooltip="Unfinished games to resume, finished to replay"),
        Binding("ctrl+s", "save_notes", "Save notes", show=False),
        Binding("escape", "focus_list", "To the list", show=False),
    ]

    @dataclass
    class Listed(Message):
        armies: list[ArmyCheck]
        select: str | None = None
        games: list[str] | None = None  # the unfinished games, in words

    def __init__(self) -> None:
        super().__init__()
        self.armies: list[ArmyCheck] = []
        self._notes_dirty = False
        self._listed_version = -1


    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="armies-main"):
            yield SortableTable(id="armies-table", cursor_type="row", zebra_stripes=True)
            with Vertical(id="army-detail"):
                yield Static("", id="army-summary")
                yield Static("", id="armies-games")
                yield Label("Notes (saved when you leave the box, or ctrl+s)", id="notes-label")
                yield TextArea("", id="notes", soft_wrap=True)
        yield Footer()

    @property
    def table(self) -> SortableTable:
        return self.query_one("#armies-table", SortableTable)

    def on_mount(self) -> None:
        self.sub_title = "Armies"
        self.table.set_columns(COLUMNS)
        self.table.refill = self._fill
        self.table.focus()
        self.watch(self.app, "catalogue_version", lambda _: self.reload())
        self.set_class(self.app.size.width < self.SIDE_BY_SIDE, "narrow")

    #: Narrower than this, the chosen army's summary and notes go under the list.
    SIDE_BY_SIDE = 100

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < self.SIDE_BY_SIDE, "narrow")

    def on_screen_resume(self) -> None:
        # Back from the builder (or first shown): reload if an army changed meanwhile;
        # closing a dialog of this screen changes nothing by itself.
        if self._listed_version != self.army_app.armies_version:
            self.reload()

    def reload(self, select: str | None = None) -> None:
        if self.army_app.services is not None:
            self._listed_version = self.army_app.armies_version
            self._list(select)

    @work(thread=True, exclusive=True, group="armies-list")
    def _list(self, select: str | None) -> None:
        services = self.army_app.services
        assert services is not None
        checked: list[ArmyCheck] = []
        for army in services.armies.list():
            try:
                checked.append(services.check(army.name))
            except ValueError:
                continue  # renamed or deleted while listing; the next listing shows it
        from armybuilder.play.games import Games

        unfinished = [f"{g.title}, round {g.round}" for g in
                      Games(services.catalogue).unfinished()]
        self.post_fresh(self.Listed(checked, select, unfinished))

    def on_armies_screen_listed(self, message: Listed) -> None:
        games = message.games or []
        said = self.query_one("#armies-games", Static)
        said.update(Text("Unfinished games (g to resume): " + "; ".join(map(shown, games)),
                         style="bold yellow") if games else "")
        said.display = bool(games)  # no empty line on a small terminal
        keep = message.select or self.selected
        self.armies = message.armies
        self.army_app.army_names = [c.army.name for c in message.armies]
        self._fill()
        if not self.armies:
            self.query_one("#army-summary", Static).update(Text(
                "No armies yet. Press n to start one, or i to import a list.", style="dim"))
            with self.prevent(TextArea.Changed):
                self.query_one("#notes", TextArea).load_text("")
        elif keep:
            self._select(keep)
        self._show_selected()
        # Open, rename, copy, delete and export need an army (check_action): the footer
        # drawn before the list came shows them unavailable until told.
        self.refresh_bindings()

    def _fill(self) -> None:
        """The armies in the table, their names whole where the table has room."""
        table = self.table
        keep = table.cursor_key
        table.set_columns(COLUMNS, "Army",
                          max((len(shown(c.army.name)) for c in self.armies), default=0))
        for c in self.armies:
            a = c.army
            table.add_row(literal(a.name), str(a.build_total), literal(a.profile),
                          str(c.report.points),
                          str(sum(e.count for e in a.entries)),
                          Text("✔ legal", style="green") if c.legal
                          else Text("✖ not legal", style="red"), key=a.name)
        table.resort()
        if keep:
            self._select(keep)

    def _select(self, name: str) -> None:
        if name in self.table.rows:
            self.table.move_cursor(row=self.table.get_row_index(name), animate=False)

    def action_games(self) -> None:
        from armybuilder.tui.screens.play_dialogs import GamesScreen

        self.app.push_screen(GamesScreen())

    @property
    def selected(self) -> str | None:
        if not self.armies:
            return None
        return self.table.cursor_key

    @on(DataTable.RowHighlighted, "#armies-table")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_selected()

    @on(DataTable.RowSelected, "#armies-table")
    def _chosen(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def _show_selected(self) -> None:
        name = self.selected
        checked = next((c for c in self.armies if c.army.name == name), None)
        if checked is None:
            return
        out = Text()
        out.append(f"{shown(checked.army.name)}\n", style="bold")
        out.append_text(totals_text(checked))
        out.append("\n\n")
        for e in checked.army.entries:
            figure = checked.figures.get(e.figure_key)
            name_text = (f"{figure.name} {RANK_STARS.get(figure.rank, figure.rank)}" if figure
                         else f"{e.seen_name} (not in catalogue)")
            castle = f" ({e.castle})" if e.castle else ""
            out.append(f"{e.count} × {shown(name_text)}{castle}\n")
        if not checked.army.entries:
            out.append("No figures yet.\n", style="dim")
        self.query_one("#army-summary", Static).update(out)
        with self.prevent(TextArea.Changed):
            # Shown literally too: an escape sequence in the notes stays text.
            self.query_one("#notes", TextArea).load_text(shown_lines(checked.army.notes))
        self._notes_dirty = False

    # --- actions ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("open", "rename", "copy", "delete", "export_army", "save_notes") \
                and self.selected is None:
            return None
        return True

    def action_open(self) -> None:
        if self.selected:
            self.army_app.open_army(self.selected)

    def action_new_army(self) -> None:
        self.army_app.action_new_army()

    def action_rename(self) -> None:
        old = self.selected
        if old is None:
            return

        def done(new: str | None) -> None:
            # The prompt offers the name as shown; taking it unchanged changes nothing.
            if new and new not in (old, shown(old)):
                self._run(lambda s: s.armies.rename(old, new).name, f"Renamed to {new}",
                          renamed_from=old)

        self.app.push_screen(PromptScreen(f"Rename “{shown(old)}”", "New name", shown(old)),
                             done)

    def action_copy(self) -> None:
        source = self.selected
        if source is None:
            return

        def done(new: str | None) -> None:
            if new:
                self._run(lambda s: s.armies.copy(source, new).name, f"Copied to {new}")

        self.app.push_screen(PromptScreen(f"Copy “{shown(source)}”", "Name of the copy",
                                          f"{shown(source)} (copy)"), done)

    def action_delete(self) -> None:
        name = self.selected
        if name is None:
            return

        def done(yes: bool | None) -> None:
            if yes:
                self._run(lambda s: s.armies.delete(name), f"Deleted {name}")
                if self.army_app.army_name == name:
                    self.army_app.close_army()

        self.app.push_screen(ConfirmScreen(f"Delete the army “{shown(name)}”? This cannot be "
                                           "undone.", yes="Delete"), done)

    def action_export_army(self) -> None:
        if self.selected:
            self.army_app.export_army(self.selected)

    def action_import_army(self) -> None:
        def done(path: str | None) -> None:
            if path:
                self._import(path)

        if in_browser(self.app):
            # A page reads no file on the server's disk: a share code is pasted instead.
            self.app.push_screen(PromptScreen("Import an army", "A share code (MK…)",
                                              placeholder="paste the code"), done)
            return
        self.app.push_screen(PromptScreen("Import an army", "A list file (.xlsx, .csv or "
                                          ".txt), or a share code (MK…)",
                                          placeholder="path to the list, or paste a code"),
                             done)

    def _import(self, path: str) -> None:
        from pathlib import Path

        from armybuilder.armies.share import looks_like_code
        from armybuilder.armies.transfer import import_army, import_code

        if in_browser(self.app) or (not Path(path).expanduser().exists()
                                    and looks_like_code(path)):
            self._run(lambda s: import_code(s.armies, path).name, "Imported a share code")
            return
        self._run(lambda s: import_army(s.armies, Path(path).expanduser()).name,
                  f"Imported {Path(path).name}")

    def action_save_notes(self) -> None:
        self._save_notes()

    def action_focus_list(self) -> None:
        self.table.focus()

    @on(TextArea.Changed, "#notes")
    def _notes_typed(self, event: TextArea.Changed) -> None:
        self._notes_dirty = True

    def on_descendant_blur(self, event: object) -> None:
        if getattr(event, "widget", None) is self.query_one("#notes"):
            self._save_notes()

    def _save_notes(self) -> None:
        name = self.selected
        if name is None or not self._notes_dirty:
            return
        self._notes_dirty = False
        notes = self.query_one("#notes", TextArea).text
        self._run(lambda s: s.armies.set(name, notes=notes).name, "Notes saved")

    @work(thread=True, group="armies-change")
    def _run(self, change: Callable[[Services], object], said: str,
             renamed_from: str | None = None) -> None:
        from armybuilder.catalogue.connection import DatabaseError

        services = self.army_app.services
        assert services is not None
        try:
            result = change(services)
        except (ValueError, OSError, DatabaseError) as exc:
            self.app.call_from_thread(self.notify, str(exc), severity="error", timeout=8)
            return
        name = result if isinstance(result, str) else None
        self.app.call_from_thread(self._changed, said, name, renamed_from)

    def _changed(self, said: str, name: str | None, renamed_from: str | None) -> None:
        self.notify(said, timeout=3)
        self.reload(name)
        open_now = self.army_app.army_name
        if name is not None and open_now is not None and open_now in (renamed_from, name):
            # The open army was renamed or changed: the builder shows it as it is now.
            self.army_app.open_army(name, show=False)
