"""Start a new army: name, build total, format profile, castle player."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

# From the rules, not the army files: making an army loads no workbook library.
from armybuilder.rules import default_profile
from armybuilder.text import literal
from armybuilder.tui.widgets.army_panel import BUILD_TOTALS

if TYPE_CHECKING:
    from armybuilder.rules import Profile


@dataclass(frozen=True, slots=True)
class NewArmy:
    name: str
    build_total: int
    profile: str
    castle_player: bool


class NewArmyScreen(ModalScreen[NewArmy | None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, profiles: dict[str, Profile], taken: list[str] | None = None) -> None:
        super().__init__()
        self.profiles = profiles
        self.taken = {n.lower() for n in taken or []}

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="new-army"):
            yield Static("New army", classes="dialog-title")
            yield Label("Name")
            yield Input(placeholder="army name", id="name")
            # Build total, profile and castle player on one row, so that the dialog and its
            # buttons fit an 80 x 24 terminal.
            with Horizontal(classes="dialog-row"):
                yield Select[int]([(f"{t} points", t) for t in BUILD_TOTALS], value=200,
                                  allow_blank=False, id="build-total")
                yield Select[str]([(p.title or n, n) for n, p in self.profiles.items()],
                                  prompt="profile (by total)", id="profile")
                yield Checkbox("castle player", id="castle-player")
            yield Static("", classes="dialog-error", id="error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Create", variant="primary", id="create")
                yield Button("Cancel", id="cancel")

    @on(Input.Submitted)
    @on(Button.Pressed, "#create")
    def _create(self, event: Input.Submitted | Button.Pressed) -> None:
        event.stop()
        name = self.query_one("#name", Input).value.strip()
        error = self.query_one("#error", Static)
        if not name:
            error.update("An army needs a name.")
            return
        if name.lower() in self.taken:
            error.update(literal(f"An army named '{name}' already exists."))
            return
        total = self.query_one("#build-total", Select).value
        assert isinstance(total, int)
        chosen = self.query_one("#profile", Select).value
        profile = default_profile(total) if chosen is Select.NULL else str(chosen)
        self.dismiss(NewArmy(name, total, profile,
                             self.query_one("#castle-player", Checkbox).value))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
