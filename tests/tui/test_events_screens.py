"""The tournament screen (F7) and the draft screen (F8), driven by Pilot, and one snapshot
of each (the tournament at 80 x 24, the draft at 200 x 60).

Update the snapshots after a deliberate change with
``.venv/bin/python -m pytest tests/tui/test_events_screens.py --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input

from armybuilder.armies.service import Armies
from armybuilder.catalogue.service import Catalogue
from armybuilder.events.draft import Drafts
from armybuilder.events.tournament import Settings, Tournaments
from armybuilder.tui.app import create_app
from tests.events.event_helpers import boosters_file, make_catalogue
from tui.test_snapshots import snapshot
from tui.tui_support import overtaken, settle, shown, started


def club(db: Path, players: int = 4) -> None:
    """A 100-point club tournament of ``players`` two-figure lists, round 1 paired."""
    catalogue = Catalogue.open(db)
    try:
        armies = Armies(catalogue)
        service = Tournaments(catalogue)
        service.create("Club night", Settings(points=100, rounds=2, seed=3, game_rounds=2,
                                              profile_name="standard"))
        for n, name in enumerate(("Rich", "Ian", "Sam", "Jo", "Al")[:players], 1):
            armies.new(name, 100, "standard")
            armies.add(name, "demo:1")
            armies.add(name, "demo:4" if n % 2 else "demo:5")
            service.register("Club night", name)
        service.pair("Club night")
    finally:
        catalogue.close()


def table_draft(db: Path) -> None:
    """A four-seat draft of the invented test set, you at seat 1, waiting for your pick."""
    catalogue = make_catalogue(db)
    try:
        drafts = Drafts(catalogue)
        drafts.new("Friday", seats=4, packs=2, expansion="testset", seed=4, points=100,
                   humans=(1,), game_rounds=2, boosters=boosters_file(db.parent))
        drafts.advance("Friday")
    finally:
        catalogue.close()


def rows(pilot: Pilot[None], table: str) -> list[list[str]]:
    found = pilot.app.screen.query_one(table, DataTable)
    return [[str(c) for c in found.get_row_at(i)] for i in range(found.row_count)]


@pytest.mark.slow
async def test_a_round_from_pairings_to_standings(tui_db: Path):
    club(tui_db)
    app = create_app(tui_db, first_run=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("f7")
        await settle(pilot)
        assert "Club night" in shown(pilot, "#tournament-summary")
        assert [r[1] for r in rows(pilot, "#tournament-table")] == ["Rich", "Ian", "Sam",
                                                                  "Jo"]
        await pilot.press("t")  # the pairings
        await settle(pilot)
        assert rows(pilot, "#tournament-table")[0][3] == "to play"
        await pilot.press("enter")
        await settle(pilot)
        pilot.app.screen.query_one(Input).value = "120-85"  # as if typed
        await pilot.press("enter")
        await settle(pilot)
        assert rows(pilot, "#tournament-table")[0][3].startswith("120-85")
        await pilot.press("g")  # the AIs play the other table
        await settle(pilot)
        assert all(r[3] != "to play" for r in rows(pilot, "#tournament-table"))
        await pilot.press("t", "t")  # players, then round to the standings
        await settle(pilot)
        standings = rows(pilot, "#tournament-table")
        assert len(standings) == 4 and float(standings[0][2]) == 1.0
        await pilot.press("p")  # round 2
        await settle(pilot)
        assert "Round 2 pairings" in shown(pilot, "#tournament-view")
    t = Tournaments(Catalogue.open(tui_db)).get("Club night")
    assert t.round == 2 and t.round_games(1)[0].vp_a == 120


async def test_a_load_overtaken_by_a_later_one_shows_nothing_stale(
        tui_db: Path, monkeypatch: pytest.MonkeyPatch):
    # Closing a dialog reloads the screen (on_screen_resume) while the step its answer
    # starts is still recording; the step's own reload then overtakes that first load,
    # whose stale read must not be shown after the fresh one.
    club(tui_db)
    app = create_app(tui_db, first_run=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("f7")
        await settle(pilot)
        await pilot.press("t")  # the pairings
        await settle(pilot)
        assert rows(pilot, "#tournament-table")[0][3] == "to play"

        def result() -> None:
            catalogue = Catalogue.open(tui_db)
            try:
                Tournaments(catalogue).result("Club night", 1, 120, 85)
            finally:
                catalogue.close()

        await overtaken(pilot, monkeypatch, Tournaments, "get",
                        pilot.app.screen.action_reload,  # type: ignore[attr-defined]
                        result)
        assert rows(pilot, "#tournament-table")[0][3].startswith("120-85")


async def test_a_pick_in_the_draft_screen(tui_db: Path):
    table_draft(tui_db)
    app = create_app(tui_db, first_run=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("f8")
        await settle(pilot)
        pack = rows(pilot, "#draft-pack")
        assert len(pack) == 3 and "passed left" in shown(pilot, "#draft-pack-title")
        first = pilot.app.screen.query_one("#draft-pack", DataTable)
        key = str(first.coordinate_to_cell_key(first.cursor_coordinate).row_key.value)
        await pilot.press("enter")
        await settle(pilot)
        assert rows(pilot, "#draft-picks")[0][0] == pack[0][0]
        assert "Your picks: 1" in shown(pilot, "#draft-picks-title")
        assert len(rows(pilot, "#draft-pack")) == 2  # the next pack, one figure fewer
    draft = Drafts(Catalogue.open(tui_db)).get("Friday")
    assert draft.picked(1) == [key] and draft.step == 1


async def test_a_draft_load_overtaken_by_a_later_one_shows_nothing_stale(
        tui_db: Path, monkeypatch: pytest.MonkeyPatch):
    # As for the tournament: a pick recorded while an earlier load still reads.
    table_draft(tui_db)
    app = create_app(tui_db, first_run=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("f8")
        await settle(pilot)
        catalogue = Catalogue.open(tui_db)
        try:
            first = Drafts(catalogue).get("Friday").pack_in_hand(1)[0]
        finally:
            catalogue.close()

        def pick() -> None:
            catalogue = make_catalogue(tui_db)
            try:
                Drafts(catalogue).pick("Friday", 1, first)
            finally:
                catalogue.close()

        await overtaken(pilot, monkeypatch, Drafts, "get",
                        pilot.app.screen.action_reload,  # type: ignore[attr-defined]
                        pick)
        assert "Your picks: 1" in shown(pilot, "#draft-picks-title")


@pytest.mark.usefixtures("tui_db")
def test_tournament_snapshot(snap_compare, tui_db: Path):  # type: ignore[no-untyped-def]
    club(tui_db, players=5)

    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("f7")
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)

    assert snapshot(snap_compare, tui_db, steps, size=(80, 24))


@pytest.mark.slow
@pytest.mark.usefixtures("tui_db")
def test_draft_snapshot(snap_compare, tui_db: Path):  # type: ignore[no-untyped-def]
    table_draft(tui_db)

    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("f8")
        await settle(pilot)

    assert snapshot(snap_compare, tui_db, steps, size=(200, 60))
