"""A screen's list loaded in a worker and overtaken by a later load shows the later one.

Each screen reloads its list when it comes back with something changed; a load that is
overtaken (an exclusive worker cancelled by the next, which a thread cannot stop) read
before the change, and its message would land after the fresh one's.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Select, SelectionList

from armybuilder.armies.service import Armies
from armybuilder.campaign.service import Runner, muster
from armybuilder.campaign.store import Campaigns
from armybuilder.catalogue.service import Catalogue
from armybuilder.tui.app import create_app
from armybuilder.tui.screens.armies import ArmiesScreen
from armybuilder.tui.screens.battle import BattleScreen
from armybuilder.tui.screens.campaign import CampaignScreen
from armybuilder.tui.screens.gauntlet import GauntletScreen
from tui.test_campaign_screen import campaign_db
from tui.tui_support import SIZE, battle_armies, overtaken, settle, started


def _with_catalogue(db: Path, write: Callable[[Catalogue], None]) -> Callable[[], None]:
    def record() -> None:
        catalogue = Catalogue.open(db)
        try:
            write(catalogue)
        finally:
            catalogue.close()
    return record


def _new_army(catalogue: Catalogue) -> None:
    Armies(catalogue).new("Sam", 200, "standard")


async def _opened(pilot, keys: tuple[str, ...], kind: type):  # type: ignore[no-untyped-def]
    await started(pilot)
    for key in keys:
        await pilot.press(key)
        await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, kind)
    return screen


def _select_values(screen: Any, at: str) -> set[str]:
    return set(screen.query_one(at, Select)._legal_values)


def _ticked_values(screen: Any, at: str) -> set[str]:
    armies: SelectionList[str] = screen.query_one(at, SelectionList)
    return {armies.get_option_at_index(i).value for i in range(armies.option_count)}


@pytest.mark.parametrize(("keys", "kind", "read", "reload", "shown"), [
    (("f5",), BattleScreen, "list", "_reload", lambda s: _select_values(s, "#army-a")),
    (("f5", "ctrl+t"), GauntletScreen, "names", "_reload",
     lambda s: _ticked_values(s, "#gauntlet-armies")),
    (("f4",), ArmiesScreen, "list", "reload", lambda s: {c.army.name for c in s.armies}),
], ids=["battle", "gauntlet", "armies"])
async def test_the_saved_armies(tui_db: Path, monkeypatch: pytest.MonkeyPatch,
                                keys: tuple[str, ...], kind: type, read: str, reload: str,
                                shown: Callable[[Any], set[str]]) -> None:
    battle_armies(tui_db)
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        screen = await _opened(pilot, keys, kind)
        await overtaken(pilot, monkeypatch, Armies, read, getattr(screen, reload),
                        _with_catalogue(tui_db, _new_army))
        assert "Sam" in shown(screen)


async def test_the_campaigns_names(tui_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign_db(tui_db)

    def second(catalogue: Catalogue) -> None:
        mustered = muster(catalogue, ["Raiders", "Reavers"], seats=["ai", "ai"], seed=4)
        Runner.new(catalogue, "Sun", mustered.start)

    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        screen = await _opened(pilot, ("f6",), CampaignScreen)
        await overtaken(pilot, monkeypatch, Campaigns, "names", screen._list,
                        _with_catalogue(tui_db, second))
        assert "Sun" in screen.query_one("#campaign-name", Select)._legal_values
