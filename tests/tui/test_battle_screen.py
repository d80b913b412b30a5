"""The battle screen: two saved armies, a few games, the results and one game's log."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, ProgressBar, Select

from armybuilder.sim import batch
from armybuilder.sim.batch import BattleRequest, run_battles
from armybuilder.tui.app import ArmyBuilderApp, create_app
from armybuilder.tui.screens import battle as battle_screen
from armybuilder.tui.screens.battle import BattleScreen
from armybuilder.tui.screens.battle_log import BattleLogScreen, turn_by_turn
from armybuilder.tui.widgets.battle_charts import vp_histogram, win_rate_bar
from tui.tui_support import SIZE, battle_armies, settle, shown, started


async def choose(pilot, games: int = 4, rounds: int = 3,  # type: ignore[no-untyped-def]
                 seed: int = 7) -> BattleScreen:
    app = pilot.app
    await pilot.press("f5")
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, BattleScreen)
    screen.query_one("#army-a", Select).value = "Rich"
    screen.query_one("#army-b", Select).value = "Ian"
    for name, value in (("games", games), ("rounds", rounds), ("seed", seed)):
        screen.query_one(f"#{name}", Input).value = str(value)
    return screen


async def test_run_a_battle_and_read_a_game(tui_db: Path) -> None:
    battle_armies(tui_db)
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        screen = await choose(pilot)
        offered = set(screen.query_one("#army-b", Select)._legal_values) - {Select.NULL}
        assert offered == {"Rich", "Ian"}  # the saved armies
        await pilot.press("ctrl+g")
        await settle(pilot)

        report = screen.report
        assert report is not None, shown(pilot, "#battle-status", 300)
        assert report.request.games == 4
        # The same batch played outside the app: the same games.
        again = run_battles(tui_db, BattleRequest("Rich", "Ian", games=4, seed=7, rounds=3,
                                                  terrain="standard", workers=1))
        assert report.results == again.results
        assert screen.query_one(ProgressBar).percentage == 1.0
        table = screen.query_one("#battle-games", DataTable)
        assert table.row_count == 4
        summary = shown(pilot, "#battle-summary")
        s = report.summary()
        assert f"{s['wins']['a']}" in summary and "95% interval" in summary
        assert f"{s['victory_points']['a']['mean']:.1f}" in summary
        rate = shown(pilot, "#battle-rate")
        assert f"wins {round(s['win_rate_a'] * 100)}%" in rate and "●" in rate
        histogram = shown(pilot, "#battle-histogram")
        assert "A Rich" in histogram and "B Ian" in histogram and "█" in histogram
        assert "4 games" in shown(pilot, "#battle-status")

        await pilot.press("down", "enter")  # the second game's log
        await settle(pilot)
        log = app.screen
        assert isinstance(log, BattleLogScreen) and log.index == 1
        assert log.parts[0].title == "Set-up"
        assert "Game 2 of 4 · Set-up" in shown(pilot, "#log-title")
        assert "the armies deployed" in shown(pilot, "#log-text")
        await pilot.press("right")
        assert "Round 1 · Turn 1" in shown(pilot, "#log-title")
        text = shown(pilot, "#log-text")
        assert "=== Round 1 ===" in text and "+-----" in text  # the turn and its map
        await pilot.press("end")
        assert "Game over in round" in shown(pilot, "#log-text")
        await pilot.press("escape")
        assert app.screen is screen


async def test_bad_choices_are_named(tui_db: Path) -> None:
    battle_armies(tui_db)
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        await started(pilot)
        await pilot.press("f5")
        await settle(pilot)
        await pilot.press("ctrl+g")
        assert "Choose your army first" in shown(pilot, "#battle-status")
        screen = await choose(pilot, games=0)
        await pilot.press("ctrl+g")
        assert "games: a whole number from 1 to 1,000,000" in shown(pilot, "#battle-status")
        # Another script's digits (int() reads "٣" as 3) and a seed past 64 bits.
        screen.query_one("#games", Input).value = "٣"
        await pilot.press("ctrl+g")
        assert "games: a whole number from 1" in shown(pilot, "#battle-status")
        screen.query_one("#games", Input).value = "2"
        screen.query_one("#seed", Input).value = str(2**70)
        await pilot.press("ctrl+g")
        assert "seed: a whole number from 0 to 9,223,372,036,854,775,807" in shown(
            pilot, "#battle-status", 200)
        assert not screen.running and screen.report is None


async def test_a_run_can_be_cancelled_and_the_app_answers_meanwhile(
        tui_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    battle_armies(tui_db)
    stopped = threading.Event()

    def endless(db: Path, request: BattleRequest,
                progress: Callable[[int, int], None]) -> None:
        try:
            for done in range(10_000):
                progress(done, request.games)
                time.sleep(0.005)
        finally:
            stopped.set()

    monkeypatch.setattr(batch, "run_battles", endless)
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        screen = await choose(pilot, games=200)
        await pilot.press("ctrl+g")
        for _ in range(100):
            await pilot.pause(0.02)
            if screen.query_one(ProgressBar).progress > 0:
                break
        assert screen.running and "Played" in shown(pilot, "#battle-status")
        await pilot.press("f1")  # the app still answers keys while the games play
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape", "escape")
        await settle(pilot)
        assert stopped.is_set() and not screen.running and screen.report is None
        assert "Cancelled" in shown(pilot, "#battle-status")
        assert isinstance(app, ArmyBuilderApp)


def test_win_rate_bar_draws_the_interval() -> None:
    bar = win_rate_bar(0.75, 0.5, 1.0, width=21).plain
    assert bar.startswith("0% ") and bar.endswith(" 100%")
    cells = bar[3:-5]
    assert len(cells) == 21 and cells.index("━") == 10 and cells.rindex("━") == 20
    assert cells[15] == "●" and cells[:10] == "·" * 10


def test_vp_histogram_counts_each_side() -> None:
    text = vp_histogram([10, 10, 30], [0, 30, 30], ("A1", "B1"), bins=4, width=4).plain
    lines = text.splitlines()
    assert lines[0].split() == ["VP", "A", "A1", "B", "B1"]
    # bins of 10: 0-9, 10-19, 20-29, 30-39
    assert lines[1].split() == ["0–9", "██", "1"]
    assert lines[2].split() == ["10–19", "████", "2"]
    assert lines[3].split() == ["20–29"]
    assert lines[4].split() == ["30–39", "██", "1", "████", "2"]


def test_turn_by_turn_cuts_before_every_turn() -> None:
    parts = turn_by_turn(["A set-up.", "", "=== Round 1 ===", "Turn 1: Ian, 2 actions.",
                          "  x moves.", "Turn 2: Rich, 2 actions.", "  y passes.", "",
                          "=== Round 2 ===", "Turn 3: Ian, 2 actions.", "Game over."])
    assert [p.title for p in parts] == ["Set-up", "Round 1 · Turn 1: Ian, 2 actions",
                                        "Round 1 · Turn 2: Rich, 2 actions",
                                        "Round 2 · Turn 3: Ian, 2 actions"]
    assert parts[1].lines == ("=== Round 1 ===", "Turn 1: Ian, 2 actions.", "  x moves.")
    assert parts[-1].lines[-1] == "Game over."


async def test_a_big_batch_plays_in_worker_processes(tui_db: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # A process pool from inside the running app: Textual's captured stderr has no file
    # descriptor for multiprocessing's resource tracker (see start_resource_tracker).
    battle_armies(tui_db)
    monkeypatch.setattr(battle_screen, "IN_PROCESS_GAMES", 0)
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await choose(pilot, games=2, rounds=1)
        assert screen.request_from_fields() is not None
        assert screen.request_from_fields().workers is None  # type: ignore[union-attr]
        await pilot.press("ctrl+g")
        for _ in range(3000):
            await pilot.pause(0.01)
            if not screen.running:
                break
        await settle(pilot)
        assert screen.report is not None, shown(pilot, "#battle-status", 300)
        assert len(screen.report.results) == 2


async def test_a_chariot_army_fights_and_its_log_tells_the_sections(tui_db: Path) -> None:
    battle_armies(tui_db)
    from armybuilder.armies.service import Armies
    from armybuilder.catalogue.service import Catalogue
    catalogue = Catalogue.open(tui_db)
    try:
        armies = Armies(catalogue)
        armies.new("Carts", 200, "open")
        armies.add("Carts", "demo:1", 2)
        # Chariot rules, Passengers: one of the army's pikemen rides in the Ram.
        armies.add("Carts", "fixtures:6", passenger="demo:1")
    finally:
        catalogue.close()
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        screen = await choose(pilot, games=2, rounds=6)
        screen.query_one("#army-a", Select).value = "Carts"
        await pilot.press("ctrl+g")
        await settle(pilot)
        report = screen.report
        assert report is not None, shown(pilot, "#battle-status", 300)
        assert report.army_a == "Carts" and len(report.results) == 2
        await pilot.press("enter")  # the first game's log
        await settle(pilot)
        log = app.screen
        assert isinstance(log, BattleLogScreen)
        text = " ".join(shown(pilot, "#log-text", 200).split())
        assert "A Demo Pikeman rides in C Atlantean Ram" in text
        assert "C Atlantean Ram (facing" in text and "front 1/" in text
