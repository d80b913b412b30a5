"""Changes to the open army, run one after another in a worker thread.

Every change (add, remove, settings) is a function of the services and the army's name;
they run in the order the player made them, each saved at once, and after each the army
is checked again and the check posted to the app.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from armybuilder.armies.checks import ArmyCheck
    from armybuilder.armies.history import ArmyHistory
    from armybuilder.armies.service import SavedArmy
    from armybuilder.tui.app import ArmyBuilderApp
    from armybuilder.tui.services import Services

    #: A change returns the army's name afterwards (a rename changes it) or None.
    Change = Callable[[Services, str], str | None]



@dataclass
class ArmyChecked(Message):
    checked: ArmyCheck
    said: str = ""  # what to tell the player, if anything


@dataclass
class ArmyEditFailed(Message):
    army: str
    error: str
    quiet: bool = False  # a note (nothing to undo), not an error


class NothingToUndo(Exception):
    pass


def _said(exc: Exception) -> str:
    from armybuilder.catalogue.connection import DatabaseError

    if isinstance(exc, ValueError | DatabaseError):
        return str(exc)
    return f"internal error (a bug in armybuilder, please report it): {type(exc).__name__}: {exc}"


class ArmyEditor:
    """Runs the changes, and keeps each army's undo history while the app is open."""

    def __init__(self, app: ArmyBuilderApp) -> None:
        self.app = app
        self._queue: deque[tuple[str, Change, str, bool]] = deque()
        self._lock = threading.Lock()
        self._busy = False
        self.histories: dict[str, ArmyHistory] = {}  # by army name, any case

    def history(self, army: str) -> ArmyHistory:
        from armybuilder.armies.history import ArmyHistory

        return self.histories.setdefault(army.casefold(), ArmyHistory())

    @property
    def busy(self) -> bool:
        with self._lock:
            return self._busy

    def submit(self, army: str, change: Change, said: str = "", record: bool = True) -> None:
        with self._lock:
            self._queue.append((army, change, said, record))
            if self._busy:
                return
            self._busy = True
        self.app.run_worker(self._drain, thread=True, group="army-edits",
                            name="army edits")

    def _drain(self) -> None:
        services = self.app.services
        while True:
            with self._lock:
                if not self._queue or services is None:
                    self._queue.clear()
                    self._busy = False
                    return
                army, change, said, record = self._queue.popleft()
            try:
                before = self._current(services, army) if record else None
                name = change(services, army) or army
                checked = services.check(name)
                if before is not None:
                    self.history(name).record(before, checked.army)
            except NothingToUndo as exc:
                self.app.post_message(ArmyEditFailed(army, str(exc), quiet=True))
                continue
            except Exception as exc:
                # ArmyError, CatalogueError, ProfileError name the problem; DatabaseBusy says
                # another program held the database too long. Never out of the app.
                self.app.post_message(ArmyEditFailed(army, _said(exc)))
                continue
            self.app.post_message(ArmyChecked(checked, said))

    @staticmethod
    def _current(services: Services, army: str) -> SavedArmy | None:
        try:
            return services.armies.get(army)
        except ValueError:  # a new army: nothing to undo to
            return None

    def undo(self, army: str, redo: bool = False) -> None:
        """Put the army back as it was before its last change (or redo an undone one)."""

        def restore(s: Services, name: str) -> str:
            history = self.history(name)
            current = s.armies.get(name)
            earlier = history.redo(current) if redo else history.undo(current)
            if earlier is None:
                raise NothingToUndo("Nothing to redo." if redo else "Nothing to undo.")
            earlier.name = current.name
            return s.armies.save(earlier, replace=True).name

        self.submit(army, restore, "Redone" if redo else "Undone", record=False)
