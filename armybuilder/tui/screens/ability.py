"""One special ability's rules text, from a dial cell (enter on the card's dial)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from armybuilder.figures import Ability
from armybuilder.text import shown
from armybuilder.tui.looks import swatch


def ability_text(where: str, name: str, ability: Ability | None) -> Text:
    out = Text()
    # Text, never markup: the names and texts come from the catalogue, shown literally.
    out.append(f"{shown(where)}\n\n", style="dim")
    if not name:
        out.append("No special ability on this cell: the value is all there is.")
        return out
    out.append_text(swatch(ability.colour if ability else ""))
    out.append(f" {shown(name)}", style="bold")
    if ability is None:
        out.append("\n\nThe ability table has no text for it.", style="yellow")
        return out
    out.append(shown(f"   {ability.colour} {ability.slot}"
                     + (", optional" if ability.optional else "")), style="dim")
    out.append(f"\n\n{shown(ability.text)}\n\n")
    if ability.text_source.lower().startswith("faq"):
        out.append(f"FAQ update: {shown(ability.text_source)}", style="bold yellow")
    else:
        out.append(shown(ability.text_source), style="dim")
    return out


class AbilityScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter,q,r", "close", "Close")]

    def __init__(self, where: str, name: str, ability: Ability | None) -> None:
        super().__init__()
        self.where = where
        self.name_ = name
        self.ability = ability

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog", id="ability"):
            yield Static(ability_text(self.where, self.name_, self.ability))
            yield Static("escape: close", classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)
