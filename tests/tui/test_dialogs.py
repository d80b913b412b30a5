"""First run, help, the command palette and the catalogue import dialog."""

from __future__ import annotations

from pathlib import Path

from openpyxl import load_workbook
from textual.widgets import Input, ProgressBar, Static

from armybuilder.catalogue.service import Catalogue
from armybuilder.tui.app import create_app
from armybuilder.tui.commands import ActionsProvider
from armybuilder.tui.screens.armies import ArmiesScreen
from armybuilder.tui.screens.battle import BattleScreen
from armybuilder.tui.screens.battle_log import BattleLogScreen
from armybuilder.tui.screens.builder import BuilderScreen
from armybuilder.tui.screens.catalogue import CatalogueScreen
from armybuilder.tui.screens.help import HelpScreen, bindings_of
from armybuilder.tui.screens.import_catalogue import ImportCatalogueScreen
from armybuilder.tui.screens.new_army import NewArmyScreen
from armybuilder.tui.widgets.figure_table import FigureTable
from tui.tui_support import SIZE, settle, shown, started, type_text


async def test_first_run_offers_the_import(tui_db: Path) -> None:
    async with create_app(tui_db).run_test(size=SIZE) as pilot:
        app = await started(pilot, keep_first_run=True)
        assert type(app.screen).__name__ == "FirstRunScreen"
        text = str(app.screen.query_one("Markdown").source)
        assert "demo figures" in text and "armybuilder catalogue update" in text
        await pilot.press("i")
        await settle(pilot, 1)
        assert isinstance(app.screen, ImportCatalogueScreen)


async def test_help_and_palette_offer_every_action(tui_db: Path) -> None:
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = "\n".join(shown(pilot, static, 200)
                         for static in app.screen.query("#help > Static").results(Static))
        for screen in (CatalogueScreen, BuilderScreen, ArmiesScreen, BattleScreen,
                       BattleLogScreen):
            for binding in bindings_of(screen.BINDINGS):
                assert binding.description in text, binding
        await pilot.press("escape")
        assert isinstance(app.screen, CatalogueScreen)

        # Every action is in the command palette too.
        titles = {title for title, _, _ in ActionsProvider(app.screen).commands()}
        assert {"Search", "Clear filters", "Help", "Catalogue", "Builder", "Armies",
                "Battle", "Import catalogue", "New army"} <= titles
        await pilot.press("ctrl+p")
        await pilot.pause()
        await type_text(pilot, "new army")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, NewArmyScreen)
        await pilot.press("escape")

        await pilot.press("ctrl+p")
        await type_text(pilot, "armies")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ArmiesScreen)


async def test_import_a_spreadsheet_shows_what_it_did(tui_db: Path, tmp_path: Path) -> None:
    # The catalogue in the project's layout with one figure's points changed.
    workbook = tmp_path / "figures.xlsx"
    catalogue = Catalogue.open(tui_db)
    catalogue.export(workbook)
    catalogue.close()
    book = load_workbook(workbook)
    sheet = book["Figures"]
    header = [c.value for c in sheet[1]]
    for row in sheet.iter_rows(min_row=2):
        if row[header.index("key")].value == "demo:1":
            row[header.index("points")].value = 11
    book.save(workbook)

    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, ImportCatalogueScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert "Give the file or folder" in shown(pilot, "#error")

        app.screen.query_one("#path", Input).value = str(tmp_path / "missing.json")
        await pilot.press("enter")
        await pilot.pause()
        # The message names the whole path, so it may wrap where the path is long.
        assert "no such file or folder" in " ".join(shown(pilot, "#error").split())

        broken = tmp_path / "mkstats.json"
        broken.write_text("{not json")
        app.screen.query_one("#path", Input).value = str(broken)
        await pilot.press("enter")
        await settle(pilot)
        error = shown(pilot, "#error", 300)
        assert error.startswith("Nothing was imported") and "mkstats.json" in error
        assert app.services is not None
        assert app.services.catalogue.figure("demo:1").points == 10  # nothing changed

        app.screen.query_one("#path", Input).value = str(workbook)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.query_one(ProgressBar).percentage == 1.0
        summary = shown(pilot, "#import-summary", 200)
        assert "figures.xlsx" in summary and "0 added" in summary and "updated" in summary
        assert "FAQ errata:" in summary and "No problems." in summary
        before = app.catalogue_version
        await pilot.press("escape")
        await settle(pilot)
        assert app.catalogue_version == before + 1  # the screens reload the catalogue
        assert isinstance(app.screen, CatalogueScreen)
        table = app.screen.query_one(FigureTable)
        row = table.cells("demo:1")
        assert row[0] == "Demo Pikeman" and row[2] == "11"
