"""A figure's whole card in a dialog (from the army builder)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from armybuilder.tui.widgets.dial import full_card

if TYPE_CHECKING:
    from armybuilder.tui.services import FigureView, Services


class FigureScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,v,q", "close", "Close")]

    def __init__(self, view: FigureView, services: Services) -> None:
        super().__init__()
        self.view = view
        self.services = services

    def compose(self) -> ComposeResult:
        figure = self.view.figure
        with VerticalScroll(classes="dialog wide", id="figure-dialog"):
            yield Static(full_card(figure, self.view.errata, self.services.abilities,
                                   self.services.expansion_name(figure.expansion)))
            yield Static("escape: close", classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)
