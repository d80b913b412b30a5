"""The builder's test-battle answers: W shows what each figure is worth, I the advisor's
changes; enter applies a change as one undoable edit."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Input

from armybuilder.armies.service import Armies
from armybuilder.catalogue.service import Catalogue
from armybuilder.tui.app import create_app
from armybuilder.tui.screens.advice import AdviceScreen
from armybuilder.tui.screens.builder import BuilderScreen
from tui.tui_support import SIZE, settle, shown, started


def weak_and_foe(db: Path) -> None:
    """A 100-point army of one weak pikeman (90 points unspent), and an opponent."""
    catalogue = Catalogue.open(db)
    try:
        armies = Armies(catalogue)
        armies.new("Weak", 100, "open")
        armies.add("Weak", "demo:1")
        armies.new("Foe", 100, "open")
        armies.add("Foe", "demo:9")
        armies.add("Foe", "demo:5")
    finally:
        catalogue.close()


async def fill(pilot, **values: str) -> AdviceScreen:  # type: ignore[no-untyped-def]
    screen = pilot.app.screen
    assert isinstance(screen, AdviceScreen)
    for name, value in values.items():
        screen.query_one(f"#advice-{name}", Input).value = value
    return screen


@pytest.mark.slow
async def test_figure_worth_then_the_advisor_and_a_change_applied_and_undone(
        tui_db: Path) -> None:
    weak_and_foe(tui_db)
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        # W: what each of Foe's two figures is worth against Weak.
        app.open_army("Foe")
        await settle(pilot)
        await pilot.press("W")
        await settle(pilot)
        screen = await fill(pilot, most="4", rounds="3", margin="20")
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert screen.report is not None, shown(pilot, "#advice-status", 300)
        assert screen.query_one("#advice-table", DataTable).row_count == 2
        assert "against the field" in shown(pilot, "#advice-status", 300)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, BuilderScreen)

        # I: the advisor's changes to Weak; enter applies the first, ctrl+z undoes it.
        app.open_army("Weak")
        await settle(pilot)
        await pilot.press("I")
        await settle(pilot)
        screen = await fill(pilot, most="24", rounds="3", margin="20")
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert screen.report is not None, shown(pilot, "#advice-status", 300)
        table = screen.query_one("#advice-table", DataTable)
        assert table.row_count == len(screen.report.proposals) > 0
        first = screen.report.proposals[0].change
        await pilot.press("enter")  # the first proposal
        await settle(pilot)
        assert isinstance(app.screen, BuilderScreen)
        checked = app.army_check
        assert checked is not None
        keys = {e.figure_key for e in checked.army.entries}
        assert first.into in keys and (not first.out or first.kind == "swap")
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.army_check is not None
        assert [(e.figure_key, e.count) for e in app.army_check.army.entries] == [("demo:1", 1)]


@pytest.mark.slow
async def test_battle_and_gauntlet_until_clear_tell_the_answer(tui_db: Path) -> None:
    """"clear in N": the status says how far the test has come as the games go, then the
    verdict (or how close it came); the gauntlet lists every pair's."""
    from textual.message import Message
    from textual.widgets import Select

    from armybuilder.tui.screens.battle import BattleScreen, looking_words
    from armybuilder.tui.screens.gauntlet import GauntletScreen

    weak_and_foe(tui_db)
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        await pilot.press("f5")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        screen.query_one("#army-a", Select).value = "Foe"
        screen.query_one("#army-b", Select).value = "Weak"
        screen.query_one("#games-mode", Select).value = "clear"
        for name, value in (("games", "8"), ("rounds", "3")):
            screen.query_one(f"#{name}", Input).value = value
        looked: list[BattleScreen.Looked] = []
        post = screen.post_message

        def watch(message: Message) -> bool:
            if isinstance(message, BattleScreen.Looked):
                looked.append(message)
            return post(message)

        screen.post_message = watch  # type: ignore[method-assign]
        await pilot.press("ctrl+g")
        await settle(pilot)
        report = screen.report
        assert report is not None and report.answer is not None
        assert report.request.until_clear is not None and len(report.results) <= 8
        assert looked and looked[-1].underway.games == len(report.results)
        u = looked[0].underway
        assert looking_words(u.games, u.estimate, u.closeness, u.leaning, u.verdict) \
            .startswith(f"{u.games} games · A ")
        status = shown(pilot, "#battle-status", 300)
        assert ("Clear after" in status) != ("Not clear after" in status)

        await pilot.press("ctrl+t")
        await settle(pilot)
        gauntlet = app.screen
        assert isinstance(gauntlet, GauntletScreen)
        gauntlet.query_one("#pair-games-mode", Select).value = "clear"
        for name, value in (("pair-games", "6"), ("gauntlet-rounds", "3")):
            gauntlet.query_one(f"#{name}", Input).value = value
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert gauntlet.report is not None
        assert gauntlet.report.request.until_clear is not None
        side = shown(pilot, "#gauntlet-undecided", 300)
        assert side.startswith("Until clear (margin 5 points)") and "Foe" in side
