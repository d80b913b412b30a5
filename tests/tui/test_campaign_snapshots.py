"""SVG snapshots of the campaign screen and of its pool and battle-result dialogs, each at
80 × 24, 120 × 40 and 200 × 60 like every screen. Update them after a deliberate change with
``.venv/bin/python -m pytest tests/tui/test_campaign_snapshots.py --snapshot-update``."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Select

from armybuilder.tui.app import create_app
from tui.test_campaign_screen import campaign_db
from tui.test_snapshots import all_sizes, sizes
from tui.tui_support import settle, started


def made(db: Path, seats: tuple[str, ...] = ("ai", "ai"), turns: int = 12) -> None:
    """An all-AI campaign some turns in (seeded: the same map, gold and armies each run)."""
    runner = campaign_db(db, seats=seats, seed=2, gold=100)
    runner.run(turns=turns)


def snapshot(snap_compare, db: Path, size: tuple[int, int], steps=None) -> bool:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot[None]) -> None:
        await started(pilot)
        await pilot.press("f6")
        await settle(pilot)
        pilot.app.screen.query_one("#campaign-name", Select).value = "Sat"
        await settle(pilot)
        if steps is not None:
            await steps(pilot)
            await settle(pilot)
        pilot.app.clear_notifications()
        for field in pilot.app.screen.query("Input"):
            field.cursor_blink = False
        await pilot.pause()

    return snap_compare(create_app(db, first_run=False), terminal_size=size,
                        run_before=run_before)


@all_sizes
def test_campaign(snap_compare, tui_db: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    made(tui_db)
    assert snapshot(snap_compare, tui_db, size)


@sizes
def test_campaign_pool(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                       size: tuple[int, int]) -> None:
    runner = campaign_db(tui_db, seed=1, gold=200)
    from armybuilder.campaign.actions import ChooseHQ
    from armybuilder.campaign.turns import hq_choices

    c = runner.campaign
    runner.act(ChooseHQ(0, hq_choices(c, 0)[0]))
    runner.run()

    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("home", "enter")

    assert snapshot(snap_compare, tui_db, size, steps)


@sizes
def test_campaign_battle_result(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                                size: tuple[int, int]) -> None:
    made(tui_db, turns=16)

    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("b")

    assert snapshot(snap_compare, tui_db, size, steps)
