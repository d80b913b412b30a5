"""Shown while the catalogue holds only the demo figures: how to load the real one."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Markdown

TEXT = """\
# Welcome to armybuilder

The catalogue holds only the **demo figures**: invented dials, clearly marked
“not a printed dial”, plus hand-made castle sections and chariots. Everything works with
them, so you can try the builder at once.

To load the **real catalogue** of every Mage Knight figure, with the official FAQ's
corrections applied:

* press **i** here (or **ctrl+o** anywhere) and give a saved copy of the mageknight.net
  feed — `mkstats.json`, or the folder holding it — or a spreadsheet in armybuilder's layout;
* or, from a shell: `armybuilder catalogue update` fetches the published feed,
  `armybuilder catalogue import PATH` reads a file or folder.

Your armies keep working after an import: they point at figures by set and number.
"""


class FirstRunScreen(ModalScreen[str | None]):
    """Dismissed with "import" when the player wants the import dialog."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("i", "choose('import')", "Import the catalogue"),
        Binding("escape,enter,d", "choose('')", "Continue with the demo"),
        # The buttons keep the keyboard; the arrows and page keys scroll the text.
        Binding("down,pagedown", "scroll_text(1)", "More", show=False),
        Binding("up,pageup", "scroll_text(-1)", "Back", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="first-run"):
            # The text scrolls on a small terminal; the buttons stay in view below it.
            with VerticalScroll(classes="dialog-body"):
                yield Markdown(TEXT)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Import the catalogue (i)", variant="primary", id="import")
                yield Button("Continue with the demo (enter)", id="demo")

    def on_mount(self) -> None:
        self.query_one("#demo", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss("import" if event.button.id == "import" else None)

    def action_scroll_text(self, way: int) -> None:
        body = self.query_one(".dialog-body", VerticalScroll)
        body.scroll_to(y=body.scroll_y + way * max(1, body.size.height - 1))

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice or None)
