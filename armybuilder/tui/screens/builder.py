"""The army builder: the catalogue on one side, the open army on the other."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Header, Static

from armybuilder.text import counted, shown
from armybuilder.tui.screens.base import AppScreen
from armybuilder.tui.widgets.army_entries import ArmyEntries
from armybuilder.tui.widgets.army_panel import BUILD_TOTALS, ArmyPanel
from armybuilder.tui.widgets.browser import CatalogueBrowser
from armybuilder.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from armybuilder.armies.checks import ArmyCheck


class BuilderScreen(AppScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a,plus", "add", "Add", tooltip="Add the highlighted figure (one more)"),
        Binding("minus,delete", "remove", "Remove one"),
        Binding("x", "remove_all", "Remove entry", show=False),
        Binding("ctrl+z", "undo", "Undo", tooltip="Undo the last change to the army"),
        Binding("ctrl+y", "redo", "Redo", show=False),
        Binding("h", "toggle_castle", "Heavy/Light", tooltip="Castle section's price"),
        Binding("enter,v", "view_figure", "View figure", show=False),
        Binding("w", "switch_pane", "Army/Catalogue",
                tooltip="On a narrow terminal: show the army or the catalogue"),
        Binding("f", "toggle_fits", "Fits", show=False,
                tooltip="Only figures that fit in the points left"),
        Binding("o", "toggle_owned", "Owned", show=False,
                tooltip="Only figures in your collection"),
        Binding("k", "compare", "Compare", show=False,
                tooltip="The marked figures (m) side by side"),
        Binding("ctrl+k", "share_code", "Share code", show=False,
                tooltip="The army as a code to paste anywhere"),
        Binding("p", "next_profile", "Profile", show=False, tooltip="Next format profile"),
        Binding("t", "build_total(100)", "Total +100", show=False),
        Binding("T", "build_total(-100)", "Total −100", show=False),
        Binding("c", "toggle_castle_player", "Castle player", show=False),
        Binding("W", "advice('value')", "Figure worth", show=False,
                tooltip="What each figure is worth: test battles against armies you tick"),
        Binding("I", "advice('improve')", "Improve", show=False,
                tooltip="The army advisor: changes judged by test battles; enter applies one"),
        Binding("n", "new_army", "New army"),
        Binding("e", "export_army", "Export"),
        Binding("slash", "focus_filter", "Search", show=False),
        Binding("escape", "leave_filter", "To the table", show=False),
        Binding("ctrl+r", "clear_filters", "Clear filters", show=False),
        Binding("left_square_bracket", "focus_catalogue", "To the catalogue", show=False),
        Binding("right_square_bracket", "focus_army", "To the army", show=False),
    ]


    def compose(self) -> ComposeResult:
        services = self.army_app.services
        if services is not None:
            profiles = services.profiles
        else:  # F3 before the database opened; the rules load without it
            from armybuilder.rules import load_profiles

            profiles = load_profiles()
        yield Header()
        yield Static("", id="builder-status")
        with Horizontal(id="builder-main"):
            yield CatalogueBrowser(narrow=True, id="builder-browser")
            yield ArmyPanel(profiles, id="army-panel")
        yield Footer()

    @property
    def browser(self) -> CatalogueBrowser:
        return self.query_one(CatalogueBrowser)

    @property
    def panel(self) -> ArmyPanel:
        return self.query_one(ArmyPanel)

    #: Narrower than this, the catalogue and the army take turns on the screen.
    SIDE_BY_SIDE = 110

    def on_mount(self) -> None:
        self._offered: tuple[bool, bool] | None = None
        self.sub_title = "Army builder"
        self._narrow(self.app.size.width)
        self.watch(self.app, "catalogue_version", self._catalogue_changed)
        self.watch(self.app, "army_check", self._army_checked)
        self.browser.table.focus()

    def _catalogue_changed(self, version: int) -> None:
        if self.army_app.services is not None:
            self.browser.attach(self.army_app.services)

    def on_resize(self, event: events.Resize) -> None:
        self._narrow(event.size.width)

    def _narrow(self, width: int) -> None:
        narrow = width < self.SIDE_BY_SIDE
        if narrow != self.has_class("narrow"):
            self.set_class(narrow, "narrow")
            if narrow and not self.has_class("show-army"):
                self.add_class("show-catalogue")
            self.refresh_bindings()

    def _army_checked(self, checked: ArmyCheck | None) -> None:
        services = self.army_app.services
        if services is not None:
            self.panel.entries.owned = services.owned
        self.panel.show_check(checked)
        self.browser.army_changed(checked.report.points_left if checked else None)
        self.query_one("#builder-status", Static).update(status_line(checked))
        self.sub_title = (f"Army builder · {shown(checked.army.name)}" if checked
                          else "Army builder")
        # The footer is rebuilt when bindings are refreshed: only when what is offered
        # changes, not on every added figure.
        offered = (checked is not None, self._has_castle(checked))
        if offered != self._offered:
            self._offered = offered
            self.refresh_bindings()

    @staticmethod
    def _has_castle(checked: ArmyCheck | None) -> bool:
        return checked is not None and any(f.kind == "castle" for f in checked.figures.values())

    @property
    def _army(self) -> str | None:
        checked = self.army_app.army_check
        return checked.army.name if checked else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        needs_army = {"add", "remove", "remove_all", "toggle_castle", "next_profile",
                      "build_total", "toggle_castle_player", "export_army", "advice"}
        if action in needs_army and self._army is None:
            return None
        if action == "toggle_castle":
            # Only offered while the army holds a castle section.
            return self._has_castle(self.army_app.army_check)
        if action in ("undo", "redo", "share_code") and self._army is None:
            return None
        if action == "switch_pane":
            return True if self.has_class("narrow") else None
        return True

    def _entries_focused(self) -> bool:
        return isinstance(self.focused, ArmyEntries)

    # --- adding and removing ------------------------------------------------------

    def action_add(self) -> None:
        if self._entries_focused():
            row = self.panel.entries.selected
            if row is not None:
                self.army_app.add_to_army(row.entry.figure_key, castle=row.entry.castle)
            return
        key = self.browser.table.highlighted_key
        if key:
            self.army_app.add_to_army(key)

    def action_remove(self) -> None:
        self._remove(all_of_it=False)

    def action_remove_all(self) -> None:
        self._remove(all_of_it=True)

    def _remove(self, all_of_it: bool) -> None:
        if self._entries_focused() or self.browser.table.highlighted_key is None:
            row = self.panel.entries.selected
            if row is not None:
                self.army_app.remove_entry(row.index, None if all_of_it else 1)
            return
        key = self.browser.table.highlighted_key
        checked = self.army_app.army_check
        if checked is None:
            return
        for i, e in enumerate(checked.army.entries):
            if e.figure_key == key:
                self.army_app.remove_entry(i, None if all_of_it else 1)
                return
        self.notify("That figure is not in the army.", severity="warning", timeout=2)

    def action_toggle_castle(self) -> None:
        row = self.panel.entries.selected
        if row is None or row.kind != "castle":
            self.notify("Highlight a castle section in the army to switch Heavy/Light.",
                        severity="warning", timeout=3)
            return
        self.army_app.toggle_castle(row.index)

    # --- settings -----------------------------------------------------------------

    @on(ArmyPanel.SettingsChanged)
    def _settings(self, event: ArmyPanel.SettingsChanged) -> None:
        self.army_app.set_army(profile=event.profile, build_total=event.build_total,
                               castle_player=event.castle_player)

    def action_next_profile(self) -> None:
        checked = self.army_app.army_check
        if checked is None:
            return
        names = list(self.panel.profiles)
        current = names.index(checked.army.profile) if checked.army.profile in names else -1
        self.army_app.set_army(profile=names[(current + 1) % len(names)])

    def action_build_total(self, step: int) -> None:
        checked = self.army_app.army_check
        if checked is None:
            return
        total = checked.army.build_total + step
        if BUILD_TOTALS[0] <= total:
            self.army_app.set_army(build_total=total)

    def action_toggle_castle_player(self) -> None:
        checked = self.army_app.army_check
        if checked is not None:
            self.army_app.set_army(castle_player=not checked.army.castle_player)

    # --- elsewhere ----------------------------------------------------------------

    def action_new_army(self) -> None:
        self.army_app.action_new_army()

    def action_export_army(self) -> None:
        self.army_app.action_export_army()

    def action_advice(self, mode: str) -> None:
        """What each figure is worth, or the advisor's changes (screens/advice.py)."""
        from armybuilder.tui.screens.advice import AdviceScreen

        services, army = self.army_app.services, self._army
        if services is None or army is None:
            return
        others = [n for n in self.army_app.army_names if n.casefold() != army.casefold()]
        if not others:
            self.notify("Save another army to play against first.", severity="warning")
            return

        def done(change: Any) -> None:
            if change is not None:
                self.army_app.apply_change(change)

        self.app.push_screen(AdviceScreen(mode, army, others, services.catalogue.path,
                                          services.owned), done)

    def action_view_figure(self) -> None:
        if self._entries_focused():
            row = self.panel.entries.selected
            key = row.entry.figure_key if row else None
        else:
            key = self.browser.table.highlighted_key
        if key:
            self.army_app.view_figure(key)

    @on(CatalogueBrowser.FigureChosen)
    def _chosen(self, event: CatalogueBrowser.FigureChosen) -> None:
        # Enter means "view", here as in the catalogue; a or + adds.
        self.army_app.view_figure(event.key)

    def on_data_table_row_selected(self, event: object) -> None:
        self.action_view_figure()

    def action_undo(self) -> None:
        self.army_app.undo()

    def action_redo(self) -> None:
        self.army_app.undo(redo=True)

    def action_switch_pane(self) -> None:
        army = not self.has_class("show-army")
        self.set_class(army, "show-army")
        self.set_class(not army, "show-catalogue")
        if army and self._army is not None:
            self.panel.entries.focus()
        elif not army:
            self.browser.table.focus()

    def action_toggle_fits(self) -> None:
        on = self.browser.filter_bar.toggle("fits")
        self.notify("Only figures that fit in the points left" if on else "Every figure",
                    timeout=2)

    def action_toggle_owned(self) -> None:
        on = self.browser.filter_bar.toggle("owned")
        self.notify("Only figures you own" if on else "Every figure", timeout=2)

    def action_compare(self) -> None:
        self.army_app.compare(self.browser.table.marked, self.browser.table.highlighted_key)

    def action_share_code(self) -> None:
        if self._army is not None:
            self.army_app.share_code(self._army)

    def action_focus_filter(self) -> None:
        self.browser.filter_bar.focus_text()

    def action_clear_filters(self) -> None:
        self.browser.filter_bar.clear()

    def action_focus_catalogue(self) -> None:
        self.browser.table.focus()

    def action_leave_filter(self) -> None:
        """Esc in a filter: back to the figure table, as in the catalogue."""
        focused = self.focused
        if focused is not None and self.browser.filter_bar in focused.ancestors_with_self:
            self.browser.table.focus()

    def action_focus_army(self) -> None:
        if self._army is not None:
            self.panel.entries.focus()


def status_line(checked: ArmyCheck | None) -> RenderableType:
    """The open army in one line: shown above the catalogue on a narrow terminal. Plain
    text, never markup: the army's name is shown literally; a long name gives way (…)
    before the points and the army's legality do."""
    if checked is None:
        return Text("No army open: n starts one, F4 opens a saved one.")
    r = checked.report
    left = f"{r.points_left} left" if r.points_left >= 0 else f"{-r.points_left} over"
    errors = len([f for f in checked.findings() if f.severity == "error"])
    state = "legal" if checked.legal else f"not legal ({counted(errors, 'error')})"
    return NameFirst(f"{shown(checked.army.name)}:",
                     f" {r.points}/{r.build_total} pts, {left} · {state} · w: the army")


class NameFirst:
    """A name and what follows it on one line: the name is cut (…) to leave the rest
    whole, however narrow the line."""

    def __init__(self, name: str, rest: str) -> None:
        self.name = name
        self.rest = rest

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        name = Text(self.name)
        name.truncate(max(1, options.max_width - cell_len(self.rest)), overflow="ellipsis")
        yield Text.assemble(name, self.rest, no_wrap=True, overflow="ellipsis")
