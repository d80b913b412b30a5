"""A figure's whole card in a dialog (from the army builder, or a narrow catalogue): the
arrows move over the dial, enter gives the chosen cell's ability text."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from armybuilder.tui.widgets.figure_card import FigureCard

if TYPE_CHECKING:
    from armybuilder.tui.services import FigureView, Services


class FigureScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,v,q", "close", "Close")]

    def __init__(self, view: FigureView, services: Services) -> None:
        super().__init__()
        self.view = view
        self.services = services

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="figure-dialog"):
            yield FigureCard(id="figure-dialog-card")
            yield Static("arrows: a cell · enter: its rules · pgdn: all the rules · "
                         "esc: close", classes="dialog-hint")

    def on_mount(self) -> None:
        card = self.query_one(FigureCard)
        card.show(self.view, self.services)
        card.focus()

    def action_close(self) -> None:
        self.dismiss(None)
