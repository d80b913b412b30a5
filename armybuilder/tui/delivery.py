"""Files the app hands over: in a terminal written to disk as every export is
(armybuilder/files.py), in a browser (``armybuilder serve``) sent to the browser as a
download — a browser player has no way to reach the server's disk, and must get no way to
write on it.

Every export of the app comes through here: ``offer_file`` (a game's log, a batch game's
log, the catalogue, a gauntlet's workbook) and ``download`` (the army export dialog and
the share code in a browser). The file's content is made in a worker thread, never on the
screen's thread.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.app import App

from armybuilder.text import shown

#: What the browser is told a file is, by its suffix.
MIME_TYPES = {
    ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ".csv": "text/csv",
    ".txt": "text/plain",
    ".pdf": "application/pdf",
    ".json": "application/json",
}
#: Tells the player how it went: (what happened, whether it failed).
Tell = Callable[[str, bool], None]


def safe_name(text: str, suffix: str) -> str:
    """A file name made of ``text`` (an army's name, say): letters, digits, spaces and
    dashes only, so that no name can reach another folder or upset a browser."""
    stem = re.sub(r"\s+", " ", re.sub(r"[^\w\- ]+", "", text)).strip() or "armybuilder"
    return f"{stem[:80]}{suffix}"


def in_browser(app: App[Any]) -> bool:
    """Whether the app runs on a web page (textual-serve's driver) rather than a terminal."""
    return app.is_web


def offer_file(app: App[Any], name: str, make: Callable[[], bytes | str], *,
               said: Callable[[str], str] | None = None, tell: Tell | None = None) -> None:
    """Hand over the file ``make()`` returns, named ``name``: in a browser as a download;
    in a terminal written to ``name`` in the folder armybuilder was started in, asking
    first when a file (or link) is there. ``said(where)`` words the terminal's success."""
    if in_browser(app):
        download(app, name, make, tell=tell)
        return
    from armybuilder.tui.screens.confirm import ConfirmScreen

    path = Path.cwd() / name
    told = tell or _notifier(app)

    def write(force: bool) -> None:
        def work() -> str:
            from armybuilder.files import write_atomically

            write_atomically(path, make(), force)
            return said(str(path)) if said else f"Wrote {path}"

        _in_worker(app, work, told)

    if os.path.lexists(path):
        # Files are never written over unasked (armybuilder/files.py): ask, as --force would.
        link = " (a symbolic link: the link is replaced, its target is not written)" \
            if path.is_symlink() else ""
        app.push_screen(ConfirmScreen(f"{shown(path)} already exists{link}. Overwrite it?",
                                      yes="Overwrite"),
                        lambda yes: write(True) if yes else None)
        return
    write(False)


def download(app: App[Any], name: str, make: Callable[[], bytes | str], *,
             show: bool = False, tell: Tell | None = None) -> None:
    """Send the file ``make()`` returns to the browser: saved with its downloads, or with
    ``show`` opened in a tab of its own (text to read and copy there)."""
    told = tell or _notifier(app)

    def work() -> str:
        data = make()
        app.call_from_thread(send, app, name, data, show)
        if show:
            return f"{name}: opened in a new tab of your browser"
        return (f"{name}: sent to your browser's downloads (if nothing arrives, allow "
                "pop-ups for this page)")

    _in_worker(app, work, told)


def send(app: App[Any], name: str, data: bytes | str, show: bool = False) -> None:
    """Hand ``data`` to the browser now (on the screen's thread)."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    suffix = Path(name).suffix.lower()
    mime = MIME_TYPES.get(suffix, "application/octet-stream")
    if mime.startswith("text/") or suffix == ".json":
        mime += "; charset=utf-8"
    app.deliver_binary(io.BytesIO(payload), save_filename=Path(name).name,
                       open_method="browser" if show else "download", mime_type=mime)


def _in_worker(app: App[Any], work: Callable[[], str], tell: Tell) -> None:
    def run() -> None:
        from armybuilder.catalogue.connection import DatabaseError

        try:
            message = work()
        except (ValueError, OSError, DatabaseError) as exc:
            # The player's to know (a full disk, a folder in the way, a database another
            # program holds): said, and the app goes on.
            app.call_from_thread(tell, str(exc), True)
            return
        except Exception as exc:
            app.call_from_thread(tell, "internal error (a bug in armybuilder, please report "
                                       f"it): {type(exc).__name__}: {exc}", True)
            return
        app.call_from_thread(tell, message, False)

    app.run_worker(run, thread=True, group="delivery", name="file delivery")


def _notifier(app: App[Any]) -> Tell:
    def tell(message: str, failed: bool) -> None:
        if failed:
            app.notify(message, title="Nothing written", severity="error", timeout=8)
        else:
            app.notify(message, timeout=6)

    return tell
