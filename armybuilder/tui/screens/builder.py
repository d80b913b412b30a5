"""The army builder: the catalogue on one side, the open army on the other."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Footer, Header

from armybuilder.text import shown
from armybuilder.tui.screens.base import AppScreen
from armybuilder.tui.widgets.army_entries import ArmyEntries
from armybuilder.tui.widgets.army_panel import BUILD_TOTALS, ArmyPanel
from armybuilder.tui.widgets.browser import CatalogueBrowser

if TYPE_CHECKING:
    from armybuilder.armies.checks import ArmyCheck


class BuilderScreen(AppScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a,plus", "add", "Add", tooltip="Add the highlighted figure (one more)"),
        Binding("minus,delete", "remove", "Remove one"),
        Binding("x", "remove_all", "Remove entry", show=False),
        Binding("h", "toggle_castle", "Heavy/Light", tooltip="Castle section's price"),
        Binding("v", "view_figure", "View figure"),
        Binding("p", "next_profile", "Profile", show=False, tooltip="Next format profile"),
        Binding("t", "build_total(100)", "Total +100", show=False),
        Binding("T", "build_total(-100)", "Total −100", show=False),
        Binding("c", "toggle_castle_player", "Castle player", show=False),
        Binding("n", "new_army", "New army"),
        Binding("e", "export_army", "Export"),
        Binding("slash", "focus_filter", "Search", show=False),
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

    def on_mount(self) -> None:
        self._offered: tuple[bool, bool] | None = None
        self.sub_title = "Army builder"
        self.watch(self.app, "catalogue_version", self._catalogue_changed)
        self.watch(self.app, "army_check", self._army_checked)
        self.browser.table.focus()

    def _catalogue_changed(self, version: int) -> None:
        if self.army_app.services is not None:
            self.browser.attach(self.army_app.services)

    def _army_checked(self, checked: ArmyCheck | None) -> None:
        self.panel.show_check(checked)
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
                      "build_total", "toggle_castle_player", "export_army"}
        if action in needs_army and self._army is None:
            return None
        if action == "toggle_castle":
            # Only offered while the army holds a castle section.
            return self._has_castle(self.army_app.army_check)
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
        # Enter on a catalogue row adds the figure: the quickest way to build.
        if self._army is not None:
            self.army_app.add_to_army(event.key)
        else:
            self.army_app.view_figure(event.key)

    def action_focus_filter(self) -> None:
        self.browser.filter_bar.focus_text()

    def action_clear_filters(self) -> None:
        self.browser.filter_bar.clear()

    def action_focus_catalogue(self) -> None:
        self.browser.table.focus()

    def action_focus_army(self) -> None:
        if self._army is not None:
            self.panel.entries.focus()
