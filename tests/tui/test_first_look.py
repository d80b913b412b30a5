"""The first look (the figure table read with plain sqlite3 while the database layer
loads) and the guard that keeps database work off the UI thread."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from armybuilder.catalogue.queries import SearchFilter
from armybuilder.catalogue.service import Catalogue
from armybuilder.tui import services as services_module
from armybuilder.tui.app import create_app
from armybuilder.tui.first_look import first_look
from armybuilder.tui.screens.catalogue import CatalogueScreen
from armybuilder.tui.widgets.figure_card import FigureCard
from armybuilder.tui.widgets.figure_table import FigureTable
from tui.conftest import UiThreadQueries
from tui.tui_support import SIZE, settle, started


def test_first_look_matches_the_real_search(tui_db: Path) -> None:
    catalogue = Catalogue.open(tui_db)
    try:
        real = catalogue.search(SearchFilter())
        letters = {slug: e.set_letter for slug, e in catalogue.expansions().items()
                   if e.set_letter}
    finally:
        catalogue.close()
    look = first_look(tui_db)
    assert look is not None
    assert [(r.key, r.name, r.expansion, r.number, r.rank, r.points, r.factions, r.range,
             r.targets, r.arc, r.base, r.speed, r.attack, r.defense, r.damage)
            for r in look.rows] == [
        (r.key, r.name, r.expansion, r.number, r.rank, r.points, r.factions, r.range,
         r.targets, r.arc, r.base, r.speed, r.attack, r.defense, r.damage) for r in real]
    assert look.set_letters == letters


def test_first_look_skips_what_it_cannot_read(tmp_path: Path) -> None:
    assert first_look(tmp_path / "missing.sqlite") is None
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 100)
    assert first_look(junk) is None


async def test_table_shows_before_the_database_layer(tui_db: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    real_open = services_module.Services.open

    def slow_open(path: Path | None) -> services_module.Services:
        release.wait(10)
        return real_open(path)

    monkeypatch.setattr(services_module.Services, "open", slow_open)
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = pilot.app
        table = app.screen.query_one(FigureTable)
        for _ in range(200):
            await pilot.pause(0.01)
            if table.row_count:
                break
        assert app.services is None  # still loading
        assert table.row_count == 18
        assert isinstance(app.screen, CatalogueScreen)
        await pilot.press("down", "down")  # usable: the cursor moves
        key = table.highlighted_key
        release.set()
        await started(pilot)
        assert table.highlighted_key == key  # the real rows kept the cursor's figure
        card = app.screen.query_one(FigureCard)
        assert card.view is not None and card.view.figure.key == key


async def test_the_guard_sees_a_query_on_the_ui_thread(
        tui_db: Path, ui_thread_queries: UiThreadQueries) -> None:
    # The guard itself (conftest.ui_thread_queries) must be able to fail.
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        assert app.services is not None and not ui_thread_queries.found
        app.call_later(app.services.search, SearchFilter(text="pike"))
        await settle(pilot)
    assert any("SELECT figure" in q for q in ui_thread_queries.found)
    ui_thread_queries.found.clear()
