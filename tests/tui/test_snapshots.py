"""SVG snapshots of every screen at a fixed size on the demo catalogue.

Update them after a deliberate change with
``.venv/bin/python -m pytest tests/tui/test_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from armybuilder.tui.app import ArmyBuilderApp, create_app
from tui.tui_support import SIZE, saved_army, search, settle, started

Steps = Callable[[Pilot[None]], Awaitable[None]]


def snapshot(snap_compare, db: Path, steps: Steps | None = None,  # type: ignore[no-untyped-def]
             first_run: bool = False) -> bool:
    async def run_before(pilot: Pilot[None]) -> None:
        await started(pilot, keep_first_run=first_run)
        if steps is not None:
            await steps(pilot)
        await settle(pilot)
        pilot.app.clear_notifications()
        for field in pilot.app.screen.query("Input, TextArea"):
            field.cursor_blink = False  # a blinking cursor would differ run to run
        await pilot.pause()

    return snap_compare(create_app(db, first_run=first_run), terminal_size=SIZE,
                        run_before=run_before)


async def _army(pilot: Pilot[None]) -> None:
    """Open the saved army (see saved_army) in the builder."""
    app = pilot.app
    assert isinstance(app, ArmyBuilderApp)
    app.open_army("Rich")
    await settle(pilot)


def test_first_run(snap_compare, tui_db: Path) -> None:  # type: ignore[no-untyped-def]
    assert snapshot(snap_compare, tui_db, first_run=True)


def test_catalogue(snap_compare, tui_db: Path) -> None:  # type: ignore[no-untyped-def]
    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("down", "down", "down", "down", "down", "down", "down", "down")
        await pilot.press("enter")

    assert snapshot(snap_compare, tui_db, steps)


def test_catalogue_errata(snap_compare, tui_db: Path) -> None:  # type: ignore[no-untyped-def]
    async def steps(pilot: Pilot[None]) -> None:
        await search(pilot, "ram")
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("end")  # the FAQ corrections under the four dials

    assert snapshot(snap_compare, tui_db, steps)


def test_builder(snap_compare, tui_db: Path) -> None:  # type: ignore[no-untyped-def]
    saved_army(tui_db)
    assert snapshot(snap_compare, tui_db, _army)


def test_armies(snap_compare, tui_db: Path) -> None:  # type: ignore[no-untyped-def]
    saved_army(tui_db)
    async def steps(pilot: Pilot[None]) -> None:
        await _army(pilot)
        await settle(pilot)
        await pilot.press("f4")

    assert snapshot(snap_compare, tui_db, steps)


def test_help(snap_compare, tui_db: Path) -> None:  # type: ignore[no-untyped-def]
    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("f1")

    assert snapshot(snap_compare, tui_db, steps)


def test_new_army_dialog(snap_compare, tui_db: Path) -> None:  # type: ignore[no-untyped-def]
    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+n")

    assert snapshot(snap_compare, tui_db, steps)


def test_export_dialog(snap_compare, tui_db: Path) -> None:  # type: ignore[no-untyped-def]
    saved_army(tui_db)
    async def steps(pilot: Pilot[None]) -> None:
        await _army(pilot)
        await settle(pilot)
        await pilot.press("e")

    assert snapshot(snap_compare, tui_db, steps)


def test_import_dialog(snap_compare, tui_db: Path) -> None:  # type: ignore[no-untyped-def]
    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+o")
        await pilot.pause()
        pilot.app.screen.query_one("#path", Input).value = "~/Downloads/mkstats.json"

    assert snapshot(snap_compare, tui_db, steps)
