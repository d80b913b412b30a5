"""The open army's share code, ready to copy; ``army import CODE`` or the armies screen's
import (i) reads it back."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

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
            with VerticalScroll(classes="dialog-body"):
                # The whole code, folded over as many lines as it needs (a one-line box
                # would show only its start on a small terminal).
                yield Static(Text(self.code, overflow="fold"), id="code")
                yield Static("Anyone can rebuild the army from it: the armies screen's "
                             "import (i), or `armybuilder army import CODE`. It holds the "
                             "figures, counts, options, build total and profile; not the "
                             "name or notes.", classes="dialog-hint")
                yield Static("", classes="dialog-hint", id="copied")
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
        from armybuilder.tui.clipboard import copy

        said, copied = copy(self.app, self.code, "Share code")
        # "Copied" only when a clipboard took it; otherwise how to copy it by hand.
        self.query_one("#copied", Static).update(said)
        self.notify(said, timeout=3 if copied else 8, markup=False,
                    severity="information" if copied else "warning")

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
