"""Every key binding of the app, screen by screen, from the bindings themselves."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

INTRO = ("Every action is also in the command palette (ctrl+p): type a few letters of "
         "what you want. Changes to an army are saved as you make them.")


def bindings_of(bindings: Sequence[BindingType]) -> list[Binding]:
    out: list[Binding] = []
    for b in bindings:
        if isinstance(b, Binding):
            out.append(b)
        else:
            key, action, description = (*tuple(b), "")[:3]
            out.append(Binding(key, action, description))
    return [b for b in out if b.description]


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1,question_mark", "close", "Close help")]

    def __init__(self, groups: Sequence[tuple[str, Sequence[BindingType]]]) -> None:
        super().__init__()
        self.groups = groups

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide", id="help"):
            yield Static("Keys", classes="dialog-title")
            yield Static(Text(INTRO, style="dim"))
            for title, bindings in self.groups:
                yield Static(title, classes="section")
                yield Static(self._table(bindings_of(bindings)))
            yield Static("escape: close", classes="dialog-hint")

    def _table(self, bindings: list[Binding]) -> Table:
        table = Table.grid(padding=(0, 2))
        table.add_column(min_width=14, style="bold")
        table.add_column()
        seen: set[tuple[str, str]] = set()
        for b in bindings:
            keys = ", ".join(self.app.get_key_display(Binding(k.strip(), b.action))
                             for k in b.key.split(","))
            if (keys, b.description) in seen:
                continue
            seen.add((keys, b.description))
            table.add_row(keys, (b.tooltip and f"{b.description} — {b.tooltip}")
                          or b.description)
        return table

    def action_close(self) -> None:
        self.dismiss(None)
