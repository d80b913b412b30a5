"""The open army's share code, ready to copy; ``army import CODE`` or the armies screen's
import (i) reads it back."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from armybuilder.text import literal
from armybuilder.tui.delivery import download, in_browser, safe_name


class ShareCodeScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("ctrl+c,c", "copy", "Copy", priority=True),
        Binding("o", "open_text", "Open as text",
                tooltip="In a browser: the code in a tab of its own, to copy from there"),
    ]

    def __init__(self, army: str, code: str) -> None:
        super().__init__()
        self.army = army
        self.code = code

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="share-code"):
            yield Static(literal(f"Share code for “{self.army}”"), classes="dialog-title")
            yield Input(self.code, id="code")
            yield Static("Anyone can rebuild the army from it: the armies screen's import (i), "
                         "or `armybuilder army import CODE`. It holds the figures, counts, "
                         "options, build total and profile; not the name or notes.",
                         classes="dialog-hint")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Copy (c)", variant="primary", id="copy")
                if in_browser(self.app):
                    # A page's clipboard needs https (or localhost); a tab's text does not.
                    yield Button("Open as text (o)", id="open-text")
                yield Button("Close", id="close")

    def on_mount(self) -> None:
        self.query_one("#copy", Button).focus()

    @on(Button.Pressed, "#copy")
    def action_copy(self) -> None:
        # The terminal's clipboard (OSC 52); the code stays selectable in the box too.
        self.app.copy_to_clipboard(self.code)
        self.notify("Share code copied", timeout=2)

    @on(Button.Pressed, "#open-text")
    def action_open_text(self) -> None:
        code = self.code
        download(self.app, safe_name(f"{self.army} share code", ".txt"), lambda: code,
                 show=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open_text" and not in_browser(self.app):
            return None
        return True

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)
