"""The battle screen's gauntlet mode: armies ticked, the run with progress across pairs,
the heat map, a pair's games opened on the battle screen, a cancel that keeps games."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, ProgressBar, SelectionList

from armybuilder.armies.service import Armies
from armybuilder.catalogue.service import Catalogue
from armybuilder.sim import gauntlet as gauntlet_module
from armybuilder.sim.gauntlet import GauntletProgress, GauntletRequest, run_gauntlet
from armybuilder.tui.app import create_app
from armybuilder.tui.screens import gauntlet as gauntlet_screen
from armybuilder.tui.screens.battle import BattleScreen
from armybuilder.tui.screens.battle_log import BattleLogScreen
from armybuilder.tui.screens.gauntlet import GauntletScreen
from armybuilder.tui.widgets.matchup_heatmap import heat_colour
from tui.tui_support import SIZE, battle_armies, settle, shown, started


def three_armies(db: Path) -> tuple[str, str, str]:
    """Rich and Ian (see battle_armies) and Bob (two tough crossbowmen, 36 of 100)."""
    battle_armies(db)
    catalogue = Catalogue.open(db)
    try:
        armies = Armies(catalogue)
        armies.new("Bob", 100, "open")
        armies.add("Bob", "demo:6", 2)
    finally:
        catalogue.close()
    return "Rich", "Ian", "Bob"


async def gauntlet_mode(pilot, games: int = 2, rounds: int = 3,  # type: ignore[no-untyped-def]
                        seed: int = 4) -> GauntletScreen:
    await pilot.press("f5")
    await settle(pilot)
    await pilot.press("ctrl+t")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, GauntletScreen)
    for name, value in (("pair-games", games), ("gauntlet-rounds", rounds),
                        ("gauntlet-seed", seed)):
        screen.query_one(f"#{name}", Input).value = str(value)
    return screen


async def bad_choices_are_named(pilot, screen: GauntletScreen  # type: ignore[no-untyped-def]
                                ) -> None:
    """Games, seed and armies refused one by one, each named; then every army ticked again
    and the fields as ``gauntlet_mode`` set them (games 2, seed 4)."""
    screen.query_one("#pair-games", Input).value = "0"
    await pilot.press("ctrl+g")
    assert "games per pair: a whole number from 1 to 1,000,000" in shown(
        pilot, "#gauntlet-status", 200)
    screen.query_one("#pair-games", Input).value = "2"
    screen.query_one("#gauntlet-seed", Input).value = "١"  # another script's 1
    await pilot.press("ctrl+g")
    assert "seed: a whole number from 0" in shown(pilot, "#gauntlet-status", 200)
    screen.query_one("#gauntlet-seed", Input).value = "4"
    screen.query_one("#gauntlet-armies", SelectionList).deselect_all()
    screen.query_one("#gauntlet-armies", SelectionList).select("Rich")
    await pilot.press("ctrl+g")
    assert "Tick two armies or more" in shown(pilot, "#gauntlet-status", 200)
    await pilot.press("ctrl+a")
    ticked = screen.query_one("#gauntlet-armies", SelectionList).selected
    assert sorted(ticked) == ["Bob", "Ian", "Rich", "Siege"]
    assert not screen.running and screen.report is None


async def test_run_a_gauntlet_and_open_a_pair(tui_db: Path) -> None:
    """Bad choices named first; a castle army ticked is left out; the run, the heat map, a
    pair's games on the battle screen (one app session for all of it)."""
    three_armies(tui_db)
    catalogue = Catalogue.open(tui_db)
    try:
        Armies(catalogue).new("Siege", 300, "open", castle_player=True)
        Armies(catalogue).add("Siege", "fixtures:1")
    finally:
        catalogue.close()
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        screen = await gauntlet_mode(pilot)
        armies = screen.query_one("#gauntlet-armies", SelectionList)
        # every army to start, the castle army too
        assert sorted(armies.selected) == ["Bob", "Ian", "Rich", "Siege"]
        await bad_choices_are_named(pilot, screen)
        await pilot.press("ctrl+g")
        await settle(pilot)
        report = screen.report
        assert report is not None, shown(pilot, "#gauntlet-status", 300)
        assert report.armies == ("Bob", "Ian", "Rich") and report.played == 6
        status = shown(pilot, "#gauntlet-status", 300)
        # Castle rules, Playing Area and Set-Up: one castle player a game, chosen for it;
        # sieges are played two armies at a time.
        assert "▲ left out: army 'Siege'" in status and "Castle Keep (fixtures:1)" in status
        assert "armybuilder battle A B --castle a|b" in status
        # The same gauntlet outside the app: nothing to play, the same games.
        again = run_gauntlet(tui_db, GauntletRequest(("Bob", "Ian", "Rich"), games=2, seed=4,
                                                     rounds=3, workers=1))
        assert again.played == 0
        assert [p.results for p in again.pairs] == [p.results for p in report.pairs]
        assert screen.query_one("#gauntlet-progress", ProgressBar).percentage == 1.0
        table = screen.query_one("#gauntlet-matrix", DataTable)
        assert table.row_count == 3 and len(table.columns) == 4
        rate = screen.data["matrix"]["Bob"]["Ian"]["rate"]
        cell = table.get_cell_at((0, 2))
        assert cell.plain.strip() == f"{100 * rate:.0f}%" and heat_colour(rate) in str(cell.style)
        assert table.get_cell_at((0, 1)).plain.strip() == "·"
        assert "Bob v Ian:" in shown(pilot, "#gauntlet-pair", 200)
        assert "Ranking" in shown(pilot, "#gauntlet-ranking")
        assert "6 played now" in shown(pilot, "#gauntlet-status", 200)

        # Bob's row, Rich's column: the pair's games on the battle screen.
        await pilot.press("right", "enter")
        await settle(pilot)
        pair = app.screen
        assert isinstance(pair, BattleScreen) and pair.report is not None
        played = report.pair("Bob", "Rich")
        assert (pair.report.army_a, pair.report.army_b) == (played.a, played.b)
        assert pair.report.results[0].figures  # every figure's numbers, from the kept games
        assert pair.games_table.row_count == 2
        assert f"A {played.a}" in shown(pilot, "#battle-summary")
        await pilot.press("enter")  # a game's log, as for any battle
        await settle(pilot)
        assert isinstance(app.screen, BattleLogScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is pair
        await pilot.press("escape")  # back to the gauntlet
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("ctrl+t")
        await settle(pilot)
        assert isinstance(app.screen, BattleScreen) and app.screen.preset is None


async def test_a_run_can_be_cancelled(tui_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    three_armies(tui_db)
    stopped = threading.Event()

    def endless(db: Path, request: GauntletRequest, progress) -> None:  # type: ignore[no-untyped-def]
        try:
            for done in range(10_000):
                progress(GauntletProgress(done, 10_000, done // 100, 3, ("Rich", "Ian")))
                time.sleep(0.005)
        finally:
            stopped.set()

    monkeypatch.setattr(gauntlet_module, "run_gauntlet", endless)
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await gauntlet_mode(pilot, games=500)
        await pilot.press("ctrl+g")
        for _ in range(100):
            await pilot.pause(0.02)
            if screen.query_one(ProgressBar).progress > 0:
                break
        assert screen.running
        assert "pairs finished · last: Rich v Ian" in shown(pilot, "#gauntlet-status", 200)
        await pilot.press("escape")
        await settle(pilot)
        assert stopped.is_set() and not screen.running and screen.report is None
        assert "Cancelled. The games played are kept" in shown(pilot, "#gauntlet-status", 200)


async def test_a_big_gauntlet_plays_in_worker_processes(tui_db: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    three_armies(tui_db)
    monkeypatch.setattr(gauntlet_screen, "IN_PROCESS_GAMES", 0)
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await gauntlet_mode(pilot, games=2, rounds=1)
        assert screen.request_from_fields().workers is None  # type: ignore[union-attr]
        await pilot.press("ctrl+g")
        for _ in range(3000):
            await pilot.pause(0.01)
            if not screen.running:
                break
        await settle(pilot)
        assert screen.report is not None, shown(pilot, "#gauntlet-status", 300)
        assert screen.report.played == 6


def test_heat_colours_run_red_grey_green() -> None:
    assert heat_colour(0.0) == "#c62828" and heat_colour(1.0) == "#2e7d32"
    assert heat_colour(0.5) == "#505050"
    assert heat_colour(-1) == heat_colour(0.0) and heat_colour(2) == heat_colour(1.0)
