"""The play and campaign logs: their newest lines stay in view through every layout, and
their lines are measured against the app's own size, not whatever terminal the process
happens to have on its standard streams (both once made snapshots differ run to run)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import RichLog

from armybuilder.tui.app import create_app
from armybuilder.tui.screens.play_dialogs import EndScreen
from tui.test_campaign_screen import opened
from tui.test_campaign_snapshots import made
from tui.test_play_snapshots import _finished_game
from tui.tui_support import settle, started


def at_end(log: RichLog) -> bool:
    return log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y


async def test_a_finished_games_log_stays_at_its_end_when_the_terminal_shrinks(
        tui_db: Path) -> None:
    game_id = _finished_game(tui_db)
    async with create_app(tui_db, play=game_id).run_test(size=(120, 45)) as pilot:
        await started(pilot)
        await settle(pilot)
        assert isinstance(pilot.app.screen, EndScreen)
        log = pilot.app.screen_stack[-2].query_one("#play-log", RichLog)
        assert at_end(log)
        # Shorter: the end lies further down; a log left where it was would hide it.
        await pilot.resize_terminal(120, 30)
        await settle(pilot)
        assert at_end(log)


async def test_scrolling_back_to_read_lets_the_log_go_until_back_at_its_end(
        tui_db: Path) -> None:
    game_id = _finished_game(tui_db)
    async with create_app(tui_db, play=game_id).run_test(size=(120, 40)) as pilot:
        await started(pilot)
        await settle(pilot)
        await pilot.press("escape")  # the end dialog: the game stays open behind it
        await settle(pilot)
        log = pilot.app.screen.query_one("#play-log", RichLog)
        log.scroll_home(animate=False, immediate=True)
        await pilot.resize_terminal(120, 30)
        await settle(pilot)
        assert log.scroll_y == 0
        log.scroll_end(animate=False, immediate=True)
        await pilot.resize_terminal(120, 24)
        await settle(pilot)
        assert at_end(log)


async def test_the_campaign_log_wraps_at_its_own_width_whatever_the_process_terminal(
        tui_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made(tui_db, turns=16)
    monkeypatch.setenv("COLUMNS", "60")  # what Rich would measure against, headless
    async with create_app(tui_db, first_run=False).run_test(size=(200, 60)) as pilot:
        screen = await opened(pilot)
        log = screen.query_one("#campaign-log", RichLog)
        width = log.scrollable_content_region.width
        assert width > 80
        longest = max(len(entry["text"]) for entry in screen.view.data["log"])
        assert 60 < longest <= width
        assert log.virtual_size.width == longest  # not wrapped at 60 (nor at 80)
        assert at_end(log)
