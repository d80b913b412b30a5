"""The builder's everyday habits in the app: enter views and a key adds, undo and redo,
sorting, the fits and owned filters, comparing figures, the rules text from a dial cell,
share codes, and a narrow terminal."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, Input, Select, Static

from armybuilder.armies.service import Armies
from armybuilder.armies.share import decode
from armybuilder.catalogue.service import Catalogue
from armybuilder.collection.service import Collection
from armybuilder.tui.app import ArmyBuilderApp, create_app
from armybuilder.tui.screens.ability import AbilityScreen
from armybuilder.tui.screens.battle import BattleScreen
from armybuilder.tui.screens.builder import BuilderScreen
from armybuilder.tui.screens.compare import CompareScreen
from armybuilder.tui.screens.figure import FigureScreen
from armybuilder.tui.screens.share_code import ShareCodeScreen
from armybuilder.tui.widgets.army_entries import ArmyEntries
from armybuilder.tui.widgets.figure_card import FigureCard
from armybuilder.tui.widgets.figure_table import FigureTable
from tui.tui_support import (
    SIZE,
    battle_armies,
    new_army,
    saved_army,
    search,
    settle,
    shown,
    started,
)


async def open_rich(pilot) -> ArmyBuilderApp:  # type: ignore[no-untyped-def]
    app = await started(pilot)
    app.open_army("Rich")
    await settle(pilot)
    return app


async def test_enter_views_and_a_adds(tui_db: Path) -> None:
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        await new_army(pilot, "Rich")
        await search(pilot, "warlord")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, FigureScreen)
        assert app.army_check is not None and not app.army_check.army.entries  # not added
        await pilot.press("escape")
        await pilot.press("a")
        await settle(pilot)
        assert [e.figure_key for e in app.army_check.army.entries] == ["demo:7"]
        await pilot.press("right_square_bracket", "enter")  # enter on the army's entry
        await settle(pilot)
        assert isinstance(app.screen, FigureScreen)


async def test_undo_and_redo_fifty_five_changes(tui_db: Path) -> None:
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        await new_army(pilot, "Many", total=1000)
        for _ in range(55):
            app.add_to_army("demo:1")
        await settle(pilot)
        assert app.army_check is not None and app.army_check.army.entries[0].count == 55
        await pilot.press(*["ctrl+z"] * 54)  # keys as fast as typed: each undo is queued
        await settle(pilot)
        assert app.army_check.army.entries[0].count == 1
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.army_check.army.entries == []
        await pilot.press("ctrl+z")  # nothing older: said, nothing changes
        await settle(pilot)
        assert app.army_check.army.entries == []
        await pilot.press("ctrl+y", "ctrl+y", "ctrl+y")
        await settle(pilot)
        assert app.army_check.army.entries[0].count == 3
        await pilot.press("t")  # a new change forgets what could be redone
        await settle(pilot)
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert app.army_check.army.build_total == 1100
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.army_check.army.build_total == 1000


async def test_sort_the_figure_table_by_any_column(tui_db: Path) -> None:
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        table = app.screen.query_one(FigureTable)
        await pilot.press("s", "s", "s")  # Figure, Rank, then Pts
        assert table.sort_by == "Pts"
        points = [int(table.cells_at(i)[2]) for i in range(table.row_count)]
        assert points == sorted(points) and points != [int(r.points) for r in table._given]
        await pilot.press("S")
        points = [int(table.cells_at(i)[2]) for i in range(table.row_count)]
        assert points == sorted(points, reverse=True)
        await pilot.click(FigureTable, offset=(3, 0))  # the Figure header
        names = [table.cells_at(i)[0].casefold() for i in range(table.row_count)]
        assert table.sort_by == "Figure" and names == sorted(names)


async def test_sort_the_armies_and_the_entries(tui_db: Path) -> None:
    saved_army(tui_db)
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await open_rich(pilot)
        entries = app.screen.query_one(ArmyEntries)
        entries.focus()
        await pilot.press("s", "s", "s", "s", "s", "s")  # ×, Figure, Rank, Castle, Each, Pts
        await pilot.press("S")
        keys = [entries.rows_shown[int(k.value)].entry.figure_key for k in entries.rows]
        order = [entries.get_row(k)[5].plain for k in entries.rows]
        ordered = [entries.get_row_at(i)[5].plain for i in range(entries.row_count)]
        assert ordered == sorted(order, key=int, reverse=True)
        assert entries.selected is not None and entries.selected.entry.figure_key in keys


async def test_fits_and_owned_filters(tui_db: Path) -> None:
    saved_army(tui_db)  # 217 of 200: nothing fits
    catalogue = Catalogue.open(tui_db)
    Armies(catalogue).set("Rich", build_total=300)  # 83 left
    Collection(catalogue).add("demo:3", 2)
    catalogue.close()
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await open_rich(pilot)
        table = app.screen.query_one(FigureTable)
        every = table.row_count
        await pilot.press("f")
        await settle(pilot)
        assert 0 < table.row_count < every
        assert all(int(table.cells_at(i)[2]) <= 83 for i in range(table.row_count))
        await pilot.press("f", "o")
        await settle(pilot)
        assert [table.key_at(i) for i in range(table.row_count)] == ["demo:3"]
        assert app.screen.query_one("#owned", Checkbox).value
        # The army holds three tough pikemen, the collection two: marked.
        assert "▲ own 2" in str(app.screen.query_one(ArmyEntries).get_row("1")[1])


async def test_compare_marked_figures(tui_db: Path) -> None:
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        await search(pilot, "pikeman")
        await pilot.press("m", "m", "m", "k")  # weak, standard and tough marked
        await settle(pilot)
        assert isinstance(app.screen, CompareScreen)
        assert [f.key for f in app.screen.figures] == ["demo:1", "demo:2", "demo:3"]
        text = shown(pilot, "#compare-dials", width=120)
        assert text.splitlines()[0].split()[:2] == ["A", "B"]
        assert "▶" in text


async def test_rules_text_from_a_dial_cell(tui_db: Path) -> None:
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        await search(pilot, "warlord")
        await pilot.press("enter")
        await settle(pilot)
        card = app.screen.query_one(FigureCard)
        assert app.focused is card and card.cell == (0, 0, 0)
        assert "Command" in shown(pilot, "#card-legend") and \
            "FAQ update" in shown(pilot, "#card-legend")
        await pilot.press("right", "right", "right")  # damage 3 with Command
        await pilot.press("enter")
        assert isinstance(app.screen, AbilityScreen)
        assert app.screen.name_ == "Command" and app.screen.ability is not None
        await pilot.press("escape")
        await pilot.press("left", "left", "down", "down", "enter")  # attack, click 3
        assert isinstance(app.screen, AbilityScreen) and app.screen.name_ == "Weapon Master"
        await pilot.press("escape", "left", "enter")  # speed 8: no ability
        assert isinstance(app.screen, AbilityScreen) and app.screen.name_ == ""


async def test_share_code_shown_and_read(tui_db: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from armybuilder.tui import clipboard

    saved_army(tui_db)
    catalogue = Catalogue.open(tui_db)
    for key in ("demo:1", "demo:4", "demo:8", "demo:9", "demo:11", "demo:12"):
        Armies(catalogue).add("Rich", key)  # a code longer than a line at 80 columns
    catalogue.close()
    async with create_app(tui_db, first_run=False).run_test(size=(80, 24)) as pilot:
        app = await open_rich(pilot)
        await pilot.press("ctrl+k")
        await settle(pilot)
        assert isinstance(app.screen, ShareCodeScreen)
        code = app.screen.code
        assert decode(code).build_total == 200
        # The whole code on the screen, folded over lines at 80 columns.
        shown = app.screen.query_one("#code", Static)
        width = shown.content_size.width
        assert len(code) > width and shown.size.height == -(-len(code) // width)
        # "Copied" only when a clipboard program took it, else how to copy it by hand.
        monkeypatch.setattr(clipboard, "to_system", lambda text: False)
        await pilot.press("c")
        said = str(app.screen.query_one("#copied", Static).content)
        assert "may not be copied" in said and "select it with the mouse" in said
        monkeypatch.setattr(clipboard, "to_system", lambda text: text == code)
        await pilot.press("c")
        assert str(app.screen.query_one("#copied", Static).content) == \
            "Share code copied to the clipboard."
        await pilot.press("escape", "f4")
        await settle(pilot)
        await pilot.press("i")
        await pilot.pause()
        app.screen.query_one("#answer", Input).value = code
        await pilot.press("enter")
        await settle(pilot)
        assert "Shared army" in app.army_names


async def test_battle_preselects_the_open_army_and_shows_figures(tui_db: Path) -> None:
    battle_armies(tui_db)
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        app.open_army("Ian", show=False)
        await settle(pilot)
        await pilot.press("f5")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        assert screen.query_one("#army-a", Select).value == "Ian"
        screen.query_one("#army-b", Select).value = "Rich"
        for name, value in (("games", 2), ("rounds", 2)):
            screen.query_one(f"#{name}", Input).value = str(value)
        await pilot.press("ctrl+g")
        await settle(pilot)
        figures = screen.query_one("#battle-figures")
        rows = [figures.get_row_at(i) for i in range(figures.row_count)]
        # The names are Text (shown literally, never markup).
        assert {str(r[1]) for r in rows} >= {"Demo Crossbowman", "Demo Warlord"}
        assert all(r[6].endswith("%") for r in rows)


async def test_a_narrow_terminal_takes_turns(tui_db: Path) -> None:
    saved_army(tui_db)
    async with create_app(tui_db, first_run=False).run_test(size=(80, 24)) as pilot:
        app = await open_rich(pilot)
        screen = app.screen
        assert isinstance(screen, BuilderScreen) and screen.has_class("narrow")
        status = shown(pilot, "#builder-status")
        assert "Rich: 217/200 pts, 17 over" in status and "not legal" in status
        assert not screen.query_one("#army-panel").display or \
            screen.query_one("#army-panel").region.width == 0
        table = screen.query_one(FigureTable)
        labels = [label for label, _, _ in table.columns]
        assert labels[:3] == ["Figure", "Rank", "Pts"] and "Sp" in labels and "Set" in labels
        await pilot.press("w")
        await settle(pilot)
        assert screen.query_one("#army-panel").region.width > 70
        assert "217 / 200 points" in shown(pilot, "#army-totals")


async def test_a_name_that_finds_nothing_suggests(tui_db: Path) -> None:
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        await search(pilot, "pikemn")
        assert app.screen.query_one(FigureTable).row_count == 0
        hint = shown(pilot, "#search-hint")
        assert "No figure's name contains 'pikemn'; did you mean 'Demo Pikeman'?" in hint
        await search(pilot, "pikeman")
        assert not app.screen.query_one("#search-hint").display
