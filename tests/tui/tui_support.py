"""Helpers for the app's tests: waiting for the app, keys, what a widget shows."""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static

from armybuilder.armies.service import Armies
from armybuilder.catalogue.service import Catalogue
from armybuilder.tui.app import ArmyBuilderApp
from armybuilder.tui.widgets.figure_card import FigureCard
from armybuilder.tui.widgets.filter_bar import FilterBar

SIZE = (120, 36)


def _busy(app: ArmyBuilderApp) -> bool:
    if any(not w.is_finished for w in app.workers):
        return True
    if app.editor.busy:
        return True
    # Every screen of the stack: a card under a dialog may still be loading.
    return any(any(bar.pending for bar in screen.query(FilterBar))
               or any(card.pending for card in screen.query(FigureCard))
               for screen in app.screen_stack)


async def settle(pilot: Pilot[None], rounds: int = 1) -> None:
    """Wait until the filters' and the card's short delays have passed, every worker has
    finished and what they posted has been shown."""
    app = pilot.app
    assert isinstance(app, ArmyBuilderApp)
    for _ in range(rounds):
        for _ in range(500):
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            if not _busy(app):
                break
            await pilot.pause(0.01)
        else:
            raise TimeoutError("the app did not settle")


async def started(pilot: Pilot[None], keep_first_run: bool = False) -> ArmyBuilderApp:
    """Wait for the database to open; close the first-run screen if the app shows it."""
    app = pilot.app
    assert isinstance(app, ArmyBuilderApp)
    await settle(pilot)
    if type(app.screen).__name__ == "FirstRunScreen" and not keep_first_run:
        await pilot.press("enter")
        await settle(pilot)
    return app


def saved_army(db: Path) -> str:
    """Save the army "Rich" straight into the database: a unique warlord, three tough
    pikemen and a unique herald, 217 points of 200."""
    catalogue = Catalogue.open(db)
    try:
        armies = Armies(catalogue)
        armies.new("Rich", 200, "standard")
        for key, count in (("demo:7", 1), ("demo:3", 3), ("demo:10", 1)):
            armies.add("Rich", key, count)
    finally:
        catalogue.close()
    return "Rich"


async def type_text(pilot: Pilot[None], text: str) -> None:
    await pilot.press(*[c if c != " " else "space" for c in text])


async def new_army(pilot: Pilot[None], name: str, total: int | None = None) -> None:
    """Start an army from anywhere: ctrl+n, the name, enter."""
    await pilot.press("ctrl+n")
    await pilot.pause()
    if total is not None:
        pilot.app.screen.query_one("#build-total", Select).value = total
    pilot.app.screen.query_one("#name", Input).value = name  # as if typed
    await pilot.press("enter")
    await settle(pilot)


async def search(pilot: Pilot[None], text: str) -> None:
    """Put text in the name filter (/), enter: back to the table, results shown."""
    await pilot.press("slash")
    pilot.app.screen.query_one("#text", Input).value = text  # as if typed
    await pilot.press("enter")
    await settle(pilot)


def shown(pilot: Pilot[None], target: str | Static, width: int = 100) -> str:
    """The plain text a Static shows (Rich renderables rendered as the player sees them)."""
    widget = pilot.app.screen.query_one(target, Static) if isinstance(target, str) else target
    content = widget.content
    console = Console(file=io.StringIO(), width=width, color_system=None, legacy_windows=False)
    console.print(content)
    return console.file.getvalue()  # type: ignore[attr-defined]


def battle_armies(db: Path) -> tuple[str, str]:
    """Two armies a battle can play: "Rich" (see saved_army) at a 300-point build total,
    and "Ian" (two crossbowmen, four pikemen, 78 points of 200)."""
    saved_army(db)
    catalogue = Catalogue.open(db)
    try:
        armies = Armies(catalogue)
        armies.set("Rich", build_total=300)
        armies.new("Ian", 200, "standard")
        for key, count in (("demo:6", 2), ("demo:1", 3), ("demo:2", 1)):
            armies.add("Ian", key, count)
    finally:
        catalogue.close()
    return "Rich", "Ian"


#: Arrow keys that walk a ghost round where it started, a step at a time.
WANDER = ("left", "up", "right", "down", "down", "left") * 4


async def place_terrain_by_keys(pilot: Pilot[None], screen: Any, before: tuple[str, ...] = ()
                                ) -> None:
    """The play screen's terrain item placed from the keyboard (Rulebook II, Setting the
    Scene): ``before`` pressed first (turning it), then the ghost steered until the engine
    takes the place, then enter."""
    assert screen.steer is not None and screen.steer.purpose == "terrain"
    if before:
        await pilot.press(*before)
    for key in WANDER:
        if screen.steer.why == "":
            break
        await pilot.press(key)
    await pilot.press("enter")
    await settle(pilot)


async def overtaken(pilot: Pilot[None], monkeypatch: Any, owner: type, method: str,
                    reload: Callable[[], object], record: Callable[[], None]) -> None:
    """A screen's load overtaken by a later one: ``reload`` with ``owner.method`` slowed
    once (it reads before ``record``, and hands back after it), ``record``, ``reload``
    again and settle. What the first load read must not be shown after the second's."""
    real = getattr(owner, method)
    slow = [True]

    def stale_then_slow(self: object, *args: Any) -> object:
        found = real(self, *args)
        if slow and slow.pop():
            time.sleep(0.5)
        return found

    monkeypatch.setattr(owner, method, stale_then_slow)
    reload()
    await pilot.pause(0.1)
    record()
    reload()
    await settle(pilot)
    await pilot.pause(0.6)
    await settle(pilot)
