"""The play screen's expert keys: against the expert AI, ``w`` shows what it weighed for
its last action; on your own turn ``h`` asks it for a hint."""

from __future__ import annotations

from pathlib import Path

import pytest
from play.play_support import scenario

from armybuilder.catalogue.service import Catalogue
from armybuilder.play import advice
from armybuilder.play.new import keep
from armybuilder.play.session import PlaySession, Seats
from armybuilder.tui.app import create_app
from armybuilder.tui.screens import play as play_screen
from armybuilder.tui.screens.play import PlayScreen
from tui.tui_support import settle, started


@pytest.fixture(autouse=True)
def no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_screen, "AI_PAUSE", 0.0)
    monkeypatch.setattr(advice, "HINT_THINK", "4")  # a tiny budget: the keys, not strength


@pytest.mark.slow
async def test_why_the_expert_played_and_a_hint(tui_db: Path) -> None:
    catalogue = Catalogue.open(tui_db)
    try:
        session = PlaySession.start(scenario(catalogue), Seats(("human", "expert:4"), 11))
        for option in session.end_turn():  # the expert's turn next
            session.play(option)
        game_id = keep(catalogue, session, "none")
    finally:
        catalogue.close()
    app = create_app(tui_db, play=game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen) and screen.session is not None
        assert screen.board.to_act == 0  # the expert's turn is over: yours again
        await pilot.press("w")
        said = [n for n in app._notifications if n.title.startswith("The AI weighed")]
        assert said and "1. " in said[0].message and "simulations" in said[0].message
        await pilot.press("h")
        await settle(pilot)
        hints = [n for n in app._notifications if n.title.startswith("Hint")]
        assert hints and "wins" in hints[0].message
