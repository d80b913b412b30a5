"""SVG snapshots of the battlefield: the whole table at 120 x 40, zoomed in with a ghost
base at 160 x 50, and in the 16 ANSI colours.

Update them after a deliberate change with
``.venv/bin/python -m pytest tests/tui/test_play_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path

from play.play_support import SHOOTER, scenario_game
from textual.pilot import Pilot

from armybuilder.tui.app import create_app
from armybuilder.tui.screens.play import PlayScreen
from tui.test_play_screen import select
from tui.tui_support import settle, started


def picture(snap_compare, db: Path, size: tuple[int, int],  # type: ignore[no-untyped-def]
            keys: tuple[str, ...] = (), ansi: bool = False) -> bool:
    game_id = scenario_game(db, marks=True)

    async def run_before(pilot: Pilot[None]) -> None:
        await started(pilot)
        await settle(pilot)
        if ansi:
            pilot.app.theme = "ansi-dark"
        screen = pilot.app.screen
        assert isinstance(screen, PlayScreen)
        await select(pilot, screen, SHOOTER)
        await pilot.press(*keys)
        await settle(pilot)
        pilot.app.clear_notifications()
        await pilot.pause()

    return snap_compare(create_app(db, play=game_id), terminal_size=size,
                        run_before=run_before)


def test_the_whole_table(snap_compare, tui_db: Path) -> None:  # type: ignore[no-untyped-def]
    assert picture(snap_compare, tui_db, (120, 40))


def test_zoomed_in_with_a_ghost(snap_compare, tui_db: Path) -> None:  # type: ignore[no-untyped-def]
    keys = ("plus", "m", "up", "up", "up", "space", "left", "left", "left", "left",
            "left_square_bracket")
    assert picture(snap_compare, tui_db, (160, 50), keys)


def test_sixteen_colours(snap_compare, tui_db: Path) -> None:  # type: ignore[no-untyped-def]
    assert picture(snap_compare, tui_db, (120, 40), ansi=True)
