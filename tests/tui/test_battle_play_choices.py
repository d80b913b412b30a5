"""The battle screen's "play it yourself": the opponent (an AI or a second player) and your
seat are chosen on the screen and the game starts with them; every button's label shows
whole, down to 80 x 24."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button, Select

from armybuilder.tui.app import create_app
from armybuilder.tui.screens import battle as battle_screen
from armybuilder.tui.screens.battle import BattleScreen
from tui.test_battle_screen import choose
from tui.tui_support import SIZE, battle_armies, settle, started


def test_the_choices_are_the_games_own() -> None:
    from armybuilder.play.new import OPPONENTS, SIDES

    assert sorted(v for _, v in battle_screen.PLAY_OPPONENTS) == sorted(OPPONENTS)
    assert [v for _, v in battle_screen.PLAY_SIDES] == list(SIDES)


@pytest.mark.parametrize(("opponent", "side", "sides"), [
    # board.sides is in seat order: a (the south edge), then b.
    ("heuristic", "a", [("Rich", "human"), ("Ian", "heuristic")]),  # as before: the default
    ("random", "b", [("Ian", "random"), ("Rich", "human")]),
    ("human", "b", [("Ian", "human"), ("Rich", "human")]),  # two players, one keyboard
])
async def test_play_it_yourself_with_the_opponent_and_seat_chosen(
        tui_db: Path, opponent: str, side: str, sides: list[tuple[str, str]]) -> None:
    from armybuilder.tui.screens.play import PlayScreen

    battle_armies(tui_db)
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await choose(pilot, rounds=2)
        assert screen.play_choices() == ("heuristic", "a")  # unless chosen otherwise
        screen.query_one("#play-opponent", Select).value = opponent
        screen.query_one("#play-side", Select).value = side
        await pilot.press("ctrl+y")
        await settle(pilot)
        play = pilot.app.screen
        assert isinstance(play, PlayScreen)
        await settle(pilot)
        assert [(s.name, s.commander) for s in play.board.sides] == sides


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)],
                         ids=["80x24", "120x40", "200x60"])
async def test_every_button_label_shows_whole(tui_db: Path, size: tuple[int, int]) -> None:
    battle_armies(tui_db)
    async with create_app(tui_db, first_run=False).run_test(size=size) as pilot:
        await started(pilot)
        screen = await choose(pilot)
        await settle(pilot)
        assert isinstance(screen, BattleScreen)
        for button in screen.query(Button):
            label = str(button.label)
            region = button.region
            assert region.width >= len(label) and region.right <= size[0], (label, region)
        labels = [str(b.label) for b in screen.query(Button)]
        assert "Play (ctrl+y)" in labels if size[0] < screen.CHARTS_BESIDE \
            else "Play it yourself (ctrl+y)" in labels
        for select in ("#play-opponent", "#play-side"):
            region = screen.query_one(select).region
            assert region.width and region.right <= size[0]
