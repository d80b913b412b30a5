"""SVG snapshots of the dialogs that had none: the yes/no question, the one-line prompt,
the new campaign and a played game's log, each at 80 × 24, 120 × 40 and 200 × 60 like
every screen (see test_snapshots.py).

Update them after a deliberate change with
``.venv/bin/python -m pytest tests/tui/test_dialog_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from armybuilder.tui.screens.campaign_dialogs import NewCampaignScreen
from armybuilder.tui.screens.confirm import ConfirmScreen
from armybuilder.tui.screens.prompt import PromptScreen
from tui.test_snapshots import STORY, sizes, snapshot
from tui.tui_support import battle_armies, saved_army, settle


async def _armies(pilot: Pilot[None]) -> None:
    await pilot.press("f4")  # the armies screen, "Rich" highlighted
    await settle(pilot)


@sizes
def test_confirm_dialog(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                        size: tuple[int, int]) -> None:
    saved_army(tui_db)

    async def steps(pilot: Pilot[None]) -> None:
        await _armies(pilot)
        await pilot.press("d")  # delete: asks first
        await settle(pilot)
        assert isinstance(pilot.app.screen, ConfirmScreen)

    assert snapshot(snap_compare, tui_db, steps, size=size)


@sizes
def test_prompt_dialog(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                       size: tuple[int, int]) -> None:
    saved_army(tui_db)

    async def steps(pilot: Pilot[None]) -> None:
        await _armies(pilot)
        await pilot.press("r")  # rename: the new name, the old one to edit
        await settle(pilot)
        assert isinstance(pilot.app.screen, PromptScreen)

    assert snapshot(snap_compare, tui_db, steps, size=size)


@sizes
def test_new_campaign_dialog(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                             size: tuple[int, int]) -> None:
    battle_armies(tui_db)

    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("f6")
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(pilot.app.screen, NewCampaignScreen)

    assert snapshot(snap_compare, tui_db, steps, size=size)


@pytest.fixture
def made_up_story(monkeypatch: pytest.MonkeyPatch) -> None:
    """A played game told with test_snapshots' hand-made story: the dialog's look, whatever
    the engine narrates today."""
    from armybuilder.play import session

    monkeypatch.setattr(session, "tell", lambda log: list(STORY))


@pytest.mark.usefixtures("made_up_story")
@sizes
def test_played_log_dialog(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                           size: tuple[int, int]) -> None:
    from armybuilder.tui.screens.play_dialogs import PlayedLogScreen

    async def steps(pilot: Pilot[None]) -> None:
        # As the games kept (F4, g) open a finished game's log.
        pilot.app.push_screen(PlayedLogScreen("{}", "Game 3"))
        await settle(pilot)
        await pilot.press("right")  # the first turn, with its map

    assert snapshot(snap_compare, tui_db, steps, size=size)
