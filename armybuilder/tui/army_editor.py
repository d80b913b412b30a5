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


def _said(exc: Exception) -> str:
    from armybuilder.catalogue.database import DatabaseError

    if isinstance(exc, ValueError | DatabaseError):
        return str(exc)
    return f"internal error (a bug in armybuilder, please report it): {type(exc).__name__}: {exc}"


class ArmyEditor:
    def __init__(self, app: ArmyBuilderApp) -> None:
        self.app = app
        self._queue: deque[tuple[str, Change, str]] = deque()
        self._lock = threading.Lock()
        self._busy = False

    @property
    def busy(self) -> bool:
        with self._lock:
            return self._busy

    def submit(self, army: str, change: Change, said: str = "") -> None:
        with self._lock:
            self._queue.append((army, change, said))
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
                army, change, said = self._queue.popleft()
            try:
                name = change(services, army) or army
                checked = services.check(name)
            except Exception as exc:
                # ArmyError, CatalogueError, ProfileError name the problem; DatabaseBusy says
                # another program held the database too long. Never out of the app.
                self.app.post_message(ArmyEditFailed(army, _said(exc)))
                continue
            self.app.post_message(ArmyChecked(checked, said))
