"""The army side of the builder: settings, running totals, entries, findings, formations.

The panel shows an ``ArmyCheck`` handed down to it and posts what the player changes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Checkbox, Label, Select, Static

from armybuilder.text import literal
from armybuilder.tui.widgets.army_entries import ArmyEntries
from armybuilder.tui.widgets.findings import findings_text, formations_text, totals_text

if TYPE_CHECKING:
    from armybuilder.armies.checks import ArmyCheck
    from armybuilder.rules import Profile

BUILD_TOTALS = tuple(range(100, 1100, 100))


class ArmyPanel(Vertical):
    DEFAULT_CSS = """
    ArmyPanel { padding: 0 1; }
    ArmyPanel #army-name { text-style: bold; color: $accent; width: 1fr; }
    ArmyPanel #army-settings { height: 1; margin-bottom: 1; }
    ArmyPanel #army-settings Select { width: 1fr; margin-right: 1; }
    ArmyPanel #army-settings #build-total { width: 14; }
    ArmyPanel #army-settings SelectCurrent { padding: 0 1; }
    ArmyPanel #army-settings Checkbox { width: auto; }
    ArmyPanel #army-totals { margin-bottom: 1; }
    ArmyPanel ArmyEntries { height: auto; max-height: 50%; }
    ArmyPanel #army-checks { height: 1fr; margin-top: 1; }
    ArmyPanel .section { text-style: bold; color: $accent; }
    ArmyPanel #formations-title { margin-top: 1; }
    ArmyPanel #no-army { color: $text-muted; margin: 1 0; }
    """

    @dataclass
    class SettingsChanged(Message):
        profile: str | None = None
        build_total: int | None = None
        castle_player: bool | None = None

    def __init__(self, profiles: dict[str, Profile] | None = None, *,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.profiles = profiles or {}
        self.checked: ArmyCheck | None = None
        self._shown: bool | None = None

    def compose(self) -> ComposeResult:
        yield Label("No army open", id="army-name")
        yield Static("Press [b]n[/b] for a new army, or [b]F4[/b] to open a saved one.",
                     id="no-army")
        with Horizontal(id="army-settings"):
            yield Select[str]([(p.title or name, name) for name, p in self.profiles.items()],
                              prompt="profile", id="profile", compact=True)
            yield Select[int]([(f"{t} points", t) for t in BUILD_TOTALS], id="build-total",
                              allow_blank=False, compact=True)
            yield Checkbox("castle player", id="castle-player", compact=True)
        yield Static("", id="army-totals")
        yield ArmyEntries()
        with VerticalScroll(id="army-checks"):
            yield Static("Findings", classes="section")
            yield Static("", id="findings")
            yield Static("Formations", classes="section", id="formations-title")
            yield Static("", id="formations")

    def on_mount(self) -> None:
        self._showing(False)

    def _showing(self, army: bool) -> None:
        if self._shown == army:
            return  # each change of display lays the panel out again
        self._shown = army
        self.query_one("#no-army").display = not army
        for selector in ("#army-settings", "#army-totals", "ArmyEntries", "#army-checks"):
            self.query_one(selector).display = army

    @property
    def entries(self) -> ArmyEntries:
        return self.query_one(ArmyEntries)

    def show_check(self, checked: ArmyCheck | None) -> None:
        self.checked = checked
        if checked is None:
            self.query_one("#army-name", Label).update("No army open")
            self._showing(False)
            return
        self._showing(True)
        army, report = checked.army, checked.report
        self.query_one("#army-name", Label).update(literal(army.name))
        with self.prevent(Select.Changed, Checkbox.Changed):
            profile: Select[str] = self.query_one("#profile", Select)
            if army.profile in self.profiles:
                profile.value = army.profile
            total: Select[int] = self.query_one("#build-total", Select)
            if army.build_total not in BUILD_TOTALS:
                total.set_options([(f"{t} points", t)
                                   for t in sorted({*BUILD_TOTALS, army.build_total})])
            total.value = army.build_total
            self.query_one("#castle-player", Checkbox).value = army.castle_player
        self.query_one("#army-totals", Static).update(totals_text(checked))
        self.entries.show_check(checked)
        self.query_one("#findings", Static).update(findings_text(checked.findings()))
        self.query_one("#formations", Static).update(formations_text(report.formations))

    @on(Select.Changed, "#profile")
    def _profile(self, event: Select.Changed) -> None:
        event.stop()
        if self.checked and event.value is not Select.NULL \
                and event.value != self.checked.army.profile:
            self.post_message(self.SettingsChanged(profile=str(event.value)))

    @on(Select.Changed, "#build-total")
    def _total(self, event: Select.Changed) -> None:
        event.stop()
        if self.checked and isinstance(event.value, int) \
                and event.value != self.checked.army.build_total:
            self.post_message(self.SettingsChanged(build_total=event.value))

    @on(Checkbox.Changed, "#castle-player")
    def _castle(self, event: Checkbox.Changed) -> None:
        event.stop()
        if self.checked and event.value != self.checked.army.castle_player:
            self.post_message(self.SettingsChanged(castle_player=event.value))
