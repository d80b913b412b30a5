"""Export an army to .xlsx, .csv, .txt or a printable .pdf: a path prompt, the file written in
a worker."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from armybuilder.text import literal, literal_lines, shown
from armybuilder.tui.delivery import download, in_browser, safe_name
from armybuilder.tui.screens.confirm import ConfirmScreen

if TYPE_CHECKING:
    from armybuilder.tui.services import Services


FORMATS = ((".xlsx", "Excel workbook (.xlsx)"), (".csv", "CSV list (.csv)"),
           (".txt", "Text list for forums (.txt)"),
           (".pdf", "Printable roster and dial cards (.pdf)"))


def file_name(army: str, suffix: str = ".xlsx") -> str:
    return safe_name(army, suffix)


def chosen_path(text: str) -> Path:
    path = Path(text.strip()).expanduser()
    return path if path.is_absolute() else Path.cwd() / path


class ExportArmyScreen(ModalScreen[Path | None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    @dataclass
    class Done(Message):
        path: Path | None
        error: str = ""

    def __init__(self, army: str, services: Services) -> None:
        super().__init__()
        self.army = army
        self.services = services

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(literal(f"Export army “{self.army}”"), classes="dialog-title")
            yield Label("Format")
            yield Select[str]([(label, s) for s, label in FORMATS], value=".xlsx",
                              allow_blank=False, id="format")
            yield Label("File name (your browser saves it with its downloads)"
                        if in_browser(self.app) else
                        "File (relative to the folder armybuilder was started in)")
            yield Input(file_name(self.army), id="path")
            yield Static("", classes="dialog-error", id="error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Export", variant="primary", id="export")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()

    @on(Select.Changed, "#format")
    def _format(self, event: Select.Changed) -> None:
        path = self.query_one("#path", Input)
        current = Path(path.value.strip() or file_name(self.army))
        path.value = str(current.with_suffix(str(event.value)))

    @on(Input.Submitted)
    @on(Button.Pressed, "#export")
    def _export(self, event: Input.Submitted | Button.Pressed) -> None:
        event.stop()
        text = self.query_one("#path", Input).value
        if not text.strip():
            self.query_one("#error", Static).update("Give a file name.")
            return
        if in_browser(self.app):
            self._download(Path(text.strip()).name)
            return
        path = chosen_path(text)
        if os.path.lexists(path):
            # armybuilder.files never overwrites unasked: ask, as `--force` would.
            link = " (a symbolic link: the link is replaced, its target is not written)" \
                if path.is_symlink() else ""
            self.app.push_screen(
                ConfirmScreen(f"{shown(path)} already exists{link}. Overwrite it?",
                              yes="Overwrite"),
                lambda yes: self._start(path, force=True) if yes else None)
            return
        self._start(path, force=False)

    def _start(self, path: Path, force: bool) -> None:
        self.query_one("#error", Static).update("Writing…")
        self._write(path, force)

    @work(thread=True, exclusive=True)
    def _write(self, path: Path, force: bool) -> None:
        from armybuilder.armies.transfer import export_army
        from armybuilder.catalogue.connection import DatabaseError

        try:
            if path.suffix.lower() == ".pdf":
                written = self._roster(path, force)
            else:
                written = export_army(self.services.armies, self.army, path, force=force)
        except (ValueError, OSError, DatabaseError) as exc:
            self.post_message(self.Done(None, str(exc)))
            return
        self.post_message(self.Done(written))

    def _roster(self, path: Path, force: bool) -> Path:
        from armybuilder.armies.checks import check
        from armybuilder.export.roster import write_roster

        armies = self.services.armies
        return write_roster(check(armies, armies.get(self.army)), self.services.abilities,
                            self.services.expansions, path, force=force)

    def _download(self, name: str) -> None:
        """In a browser: the file made in a worker and downloaded, in the format chosen."""
        suffix = str(self.query_one("#format", Select).value)
        name = safe_name(Path(name).stem, suffix)
        services, army = self.services, self.army

        def make() -> bytes | str:
            from armybuilder.armies.checks import check
            from armybuilder.armies.transfer import army_file
            from armybuilder.export.roster import roster_pdf

            if suffix == ".pdf":
                return roster_pdf(check(services.armies, services.armies.get(army)),
                                  services.abilities, services.expansions)
            return army_file(services.armies, army, Path(name))

        download(self.app, name, make)
        self.dismiss(None)

    def on_export_army_screen_done(self, message: Done) -> None:
        if message.path is None:
            self.query_one("#error", Static).update(literal_lines(message.error))
            return
        self.dismiss(message.path)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
