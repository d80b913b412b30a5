"""Saved armies: save, reopen in a new session, export and read the workbook back;
rename, copy, delete with confirmation, notes."""

from __future__ import annotations

from pathlib import Path

from openpyxl import load_workbook
from textual.widgets import DataTable, Input, TextArea

from armybuilder.armies.service import Armies
from armybuilder.catalogue.service import Catalogue
from armybuilder.tui.app import create_app
from armybuilder.tui.screens.armies import ArmiesScreen
from armybuilder.tui.screens.builder import BuilderScreen
from armybuilder.tui.screens.confirm import ConfirmScreen
from armybuilder.tui.screens.export_army import ExportArmyScreen
from tui.tui_support import SIZE, new_army, search, settle, started, type_text


def saved_names(db: Path) -> list[str]:
    catalogue = Catalogue.open(db)
    try:
        return Armies(catalogue).names()
    finally:
        catalogue.close()


async def test_save_reopen_and_export_to_xlsx(tui_db: Path, tmp_path: Path) -> None:
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        await started(pilot)
        await new_army(pilot, "Rich")
        await search(pilot, "pikeman")
        await pilot.press("a", "a")
        await search(pilot, "ranger")
        await pilot.press("a")
        await settle(pilot)
    # every change was saved as it was made: a new session finds the army
    assert saved_names(tui_db) == ["Rich"]

    out = tmp_path / "rich.xlsx"
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        await pilot.press("f4")
        await settle(pilot)
        assert isinstance(app.screen, ArmiesScreen)
        table = app.screen.query_one("#armies-table", DataTable)
        assert str(table.get_row_at(0)[0]) == "Rich"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, BuilderScreen)
        assert app.army_check is not None and app.army_check.report.points == 10 + 10 + 20

        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ExportArmyScreen)
        app.screen.query_one("#path", Input).value = str(out)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, BuilderScreen)  # the dialog closed itself

        # From the catalogue screen, `a` adds the highlighted figure to the open army.
        await pilot.press("f2")
        await search(pilot, "warlord")
        await pilot.press("a")
        await settle(pilot)
        assert app.army_check is not None and app.army_check.report.points == 40 + 80

    sheet = load_workbook(out)["Army"]
    cells = [c for row in sheet.iter_rows(values_only=True) for c in row if c is not None]
    assert "Rich" in cells
    assert "Demo Pikeman" in cells and "Demo Ranger" in cells
    assert 40 in cells  # the totals row


async def test_rename_copy_delete_and_notes(tui_db: Path) -> None:
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        await new_army(pilot, "First")
        await pilot.press("f4")
        await settle(pilot)

        await pilot.press("r")
        await pilot.pause()
        app.screen.query_one(Input).value = ""
        await type_text(pilot, "Saturday")
        await pilot.press("enter")
        await settle(pilot)
        assert app.army_name == "Saturday"  # the open army follows its new name

        await pilot.press("c")
        await pilot.pause()
        await pilot.press("enter")  # accept "Saturday (copy)"
        await settle(pilot)
        assert saved_names(tui_db) == ["Saturday", "Saturday (copy)"]

        await pilot.press("up")  # the copy is selected after copying; back to the first
        notes = app.screen.query_one("#notes", TextArea)
        notes.focus()
        await type_text(pilot, "bring dice")
        await pilot.press("escape")  # back to the list: the notes are saved
        await settle(pilot)

        await pilot.press("down", "d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # changed my mind
        await settle(pilot)
        assert len(saved_names(tui_db)) == 2
        await pilot.press("d", "y")
        await settle(pilot)
        assert saved_names(tui_db) == ["Saturday"]

    catalogue = Catalogue.open(tui_db)
    try:
        assert Armies(catalogue).get("Saturday").notes == "bring dice"
    finally:
        catalogue.close()
