"""Ask for one line of text: a new name, a file path."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from armybuilder.text import literal, literal_lines


class PromptScreen(ModalScreen[str | None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, label: str, value: str = "", placeholder: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.label = label
        self.value = value
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(literal_lines(self.title_text), classes="dialog-title")
            yield Label(literal(self.label))
            yield Input(self.value, placeholder=self.placeholder, id="answer")
            yield Static("", classes="dialog-error", id="error")
            yield Static("enter: OK · escape: cancel", classes="dialog-hint")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text:
            self.query_one("#error", Static).update("Type something, or escape to cancel.")
            return
        self.dismiss(text)

    def action_cancel(self) -> None:
        self.dismiss(None)
