"""Playing as quickly as moving a figure by hand, at 80 x 24: n sets the ghost in base
contact with the engine's check and the attack's odds, the touched figure lit; esc from
the second look keeps the path; tab says why it skips a warrior; the last action's
overlay is cleared once the player turns to something else; q in a game opened by
`armybuilder play` leaves the app (back to the shell)."""

from __future__ import annotations

from pathlib import Path

import pytest
from play.play_support import FORMATION, SHOOTER, scenario_game

from armybuilder.tui.app import create_app
from armybuilder.tui.screens import play as play_screen
from tui.test_play_screen import opened, select
from tui.tui_support import settle, shown

OPPOSING_CROSSBOWMAN = 8  # c, 6" north of C


@pytest.fixture(autouse=True)
def no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_screen, "AI_PAUSE", 0.0)


@pytest.mark.slow
async def test_moving_with_intent_at_80_by_24(tui_db: Path) -> None:
    game_id = scenario_game(tui_db)
    app = create_app(tui_db, play=game_id, leave_to_shell=True)  # as `armybuilder play`
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        # The map takes the whole width; the side panel is a line along the bottom: the
        # round and VP, the selected warrior, the prompt's first line.
        assert screen.map.size.width == 78 and screen.map.size.height == 19
        assert not screen.query_one("#play-panel").display
        await select(pilot, screen, SHOOTER)
        line = shown(pilot, "#play-line", 78)
        assert line.startswith("v▸ R1/3") and "C  Demo Crossbowman" in line, line
        await pilot.press("m", "n")
        await settle(pilot)
        # Steering: the verdict first, then the place worth going and its odds.
        line = shown(pilot, "#play-line", 78)
        assert line.startswith("v▸ ✔ the engine allows this · attack hits 83% (5+ on 2d6) "
                               "· ◆ base contact"), line
        # v opens the whole panel beside the map (the status in it on one line), for the
        # steering prompt and the odds.
        await pilot.press("v")
        await settle(pilot)
        assert screen.query_one("#play-panel").display
        assert screen.query_one("#play-status").size.height == 1
        assert screen.map.size.width == 40 and screen.map.size.height == 19
        steer = screen.steer
        assert steer is not None and steer.destinations
        first = steer.destinations[0]
        assert (steer.at, steer.facing) == (first.at, first.facing) and not steer.why
        words = " ".join(shown(pilot, "#play-prompt", 38).split())
        assert "n 1/" in words and "base contact with c Demo Crossbowman" in words
        assert "◆ base contact — touches c Demo Crossbowman" in words
        assert "attack hits 83% (5+ on 2d6)" in words and "✔ the engine allows this" in words
        assert screen.map.overlay.targets == frozenset({OPPOSING_CROSSBOWMAN})
        await pilot.press("enter")  # the second look
        await settle(pilot)
        assert screen.mode == "confirm"
        await pilot.press("escape")  # back to the ghost, where it was steered
        assert screen.mode == "ghost" and screen.steer is steer
        assert (steer.at, steer.facing) == (first.at, first.facing)
        await pilot.press("enter", "enter")  # given (c may spin to face it: the AI's)
        await settle(pilot)
        assert screen.board.pieces[SHOOTER].acted and screen.mode == "idle"
        await select(pilot, screen, FORMATION[0])  # tab says why it skips C
        said = [n.message for n in app._notifications if n.title == "tab skips"]
        assert said and said[-1] == ("C: Rulebook III, Turns and Actions: no warrior may be "
                                     "given more than one action per turn")
        await pilot.press("m", "up", "up", "enter", "enter")  # D 2 steps north
        await settle(pilot)
        assert screen.map.overlay.moves  # the move's path, until the next thing begun
        await pilot.press("tab", "m")
        assert not screen.last_shown and not screen.map.overlay.moves
        await pilot.press("v")  # the panel back to its line
        await settle(pilot)
        panel = screen.query_one("#play-panel")
        assert not panel.display
        await pilot.press("l")  # a list to choose from opens the panel while it is shown
        await settle(pilot)
        assert screen.mode == "choose" and panel.display and screen.option_list.has_focus
        await pilot.press("escape")
        await settle(pilot)
        assert not panel.display
        await pilot.press("escape", "q")
        await settle(pilot)
    assert app.return_code == 0 and not app.is_running
