"""Import figures into the catalogue from a file or folder: a progress bar while the
import runs in a worker, then what it did (imported, updated, errata, problems)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, ProgressBar, Static

from armybuilder.text import literal, literal_lines, shown
from armybuilder.tui.screens.confirm import ConfirmScreen

if TYPE_CHECKING:
    from armybuilder.tui.services import Services


PROGRESS_SECONDS = 0.1
HINT = ("mkstats.json (the mageknight.net feed), a folder holding it, or a spreadsheet in "
        "armybuilder's layout (.xlsx, or a folder of .csv files)")


def summary_text(d: dict[str, Any]) -> Text:
    out = Text()
    out.append("Imported ", style="bold")
    out.append(f"{shown(d['source'])}\n")
    out.append(f"{d['added']} added  ·  {d['updated']} updated  ·  {d['unchanged']} unchanged"
               f"  ·  {d['removed']} removed\n")
    errata = d.get("errata") or {}
    out.append("FAQ errata: ")
    out.append(", ".join(f"{n} {status}" for status, n in errata.items()) or "none", )
    out.append("\n")
    problems = d.get("problems") or []
    if problems:
        out.append(f"{len(problems)} problem{'s' if len(problems) != 1 else ''}:\n",
                   style="bold yellow")
        for p in problems[:20]:
            out.append(f"  • {shown(p)}\n", style="yellow")
        if len(problems) > 20:
            out.append(f"  … and {len(problems) - 20} more\n", style="yellow")
    else:
        out.append("No problems.", style="green")
    return out


class ImportCatalogueScreen(ModalScreen[dict[str, Any] | None]):
    """Dismissed with the import summary (as a dict), or None when nothing was imported."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close")]

    @dataclass
    class Finished(Message):
        summary: dict[str, Any] | None
        error: str = ""
        #: The import would remove many figures (store.RemovalRefused): ask, then retry.
        removals: bool = False

    @dataclass
    class Read(Message):
        name: str
        done: int
        total: int | None

    def __init__(self, services: Services, path: str = "") -> None:
        super().__init__()
        self.services = services
        self.path = path
        self.summary: dict[str, Any] | None = None
        self.running = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static("Import figures into the catalogue", classes="dialog-title")
            # A summary of twenty problems scrolls; the buttons stay in view below it.
            with VerticalScroll(classes="dialog-body"):
                yield Label("File or folder")
                yield Input(self.path, placeholder="path to mkstats.json, a folder or a "
                            ".xlsx", id="path")
                yield Static(HINT, classes="dialog-hint")
                yield ProgressBar(total=None, show_eta=False, id="progress")
                yield Static("", id="import-summary")
                yield Static("", classes="dialog-error", id="error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Import", variant="primary", id="import")
                yield Button("Close", id="close")

    def on_mount(self) -> None:
        self.query_one("#progress").display = False
        self.query_one("#path", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#import")
    def _start(self, event: Input.Submitted | Button.Pressed) -> None:
        event.stop()
        if self.running:
            return
        text = self.query_one("#path", Input).value.strip()
        error = self.query_one("#error", Static)
        if not text:
            error.update("Give the file or folder to import.")
            return
        source = text if "://" in text else str(Path(text).expanduser())
        if "://" not in text and not Path(source).exists():
            error.update(literal(f"{source}: no such file or folder"))
            return
        error.update("")
        self.query_one("#import-summary", Static).update("")
        self._begin(source, allow_removals=False)

    def _begin(self, source: str, allow_removals: bool) -> None:
        bar = self.query_one("#progress", ProgressBar)
        bar.update(total=None, progress=0)
        bar.display = True
        self.running = True
        self.query_one("#import", Button).disabled = True
        self._import(source, allow_removals)

    @work(thread=True, exclusive=True, group="import")
    def _import(self, source: str, allow_removals: bool) -> None:
        from armybuilder.catalogue.errors import RemovalRefused

        shown_at = [0.0]

        def progress(name: str, done: int, total: int | None) -> None:
            now = time.monotonic()
            if now - shown_at[0] >= PROGRESS_SECONDS or done == total:
                shown_at[0] = now
                self.post_message(self.Read(name, done, total))

        try:
            result = self.services.catalogue.import_path(source, allow_removals=allow_removals,
                                                         progress=progress)
            self.services.reload_tables()
        except RemovalRefused as exc:
            self.post_message(self.Finished(None, str(exc), removals=True))
            return
        except Exception as exc:  # every import error names file, record and field
            self.post_message(self.Finished(None, str(exc)))
            return
        self.post_message(self.Finished(result.as_dict()))

    def on_import_catalogue_screen_read(self, message: Read) -> None:
        from armybuilder.importers.sources import size_text

        bar = self.query_one("#progress", ProgressBar)
        bar.update(total=message.total, progress=message.done)
        of = f" of {size_text(message.total)}" if message.total else ""
        self.query_one("#error", Static).update(
            literal(f"Reading {Path(message.name).name}: {size_text(message.done)}{of}"))

    def on_import_catalogue_screen_finished(self, message: Finished) -> None:
        self.running = False
        self.query_one("#import", Button).disabled = False
        bar = self.query_one("#progress", ProgressBar)
        if message.summary is None:
            bar.display = False
            self.query_one("#error", Static).update(
                literal_lines(f"Nothing was imported: {message.error}"))
            if message.removals:
                source = self.query_one("#path", Input).value.strip()
                source = source if "://" in source else str(Path(source).expanduser())
                question = message.error.replace("; pass --allow-removals to accept", "")
                self.app.push_screen(
                    ConfirmScreen(f"{question}.\n\nImport it anyway and remove them?",
                                  yes="Import and remove"),
                    lambda yes: self._begin(source, allow_removals=True) if yes else None)
            return
        self.query_one("#error", Static).update("")
        bar.update(total=1, progress=1)
        self.summary = message.summary
        self.query_one("#import-summary", Static).update(summary_text(message.summary))
        self.query_one("#close", Button).focus()

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        if not self.running:
            self.dismiss(self.summary)
