"""The app asks before it overwrites an export, and before an import removes figures."""

from __future__ import annotations

from pathlib import Path

from conftest import write_feed
from textual.widgets import Input, ProgressBar

from armybuilder.catalogue.service import Catalogue
from armybuilder.tui.app import create_app
from armybuilder.tui.screens.builder import BuilderScreen
from armybuilder.tui.screens.confirm import ConfirmScreen
from armybuilder.tui.screens.export_army import ExportArmyScreen
from armybuilder.tui.screens.import_catalogue import ImportCatalogueScreen
from tui.tui_support import SIZE, new_army, settle, shown, started


async def test_export_asks_before_overwriting(tui_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "rich.txt"
    out.write_text("precious")
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        await new_army(pilot, "Rich")
        for answer in ("n", "y"):
            await pilot.press("e")
            await settle(pilot)
            assert isinstance(app.screen, ExportArmyScreen)
            app.screen.query_one("#path", Input).value = str(out)
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            assert "rich.txt already exists. Overwrite it?" in shown(pilot, ".dialog-text", 300)
            await pilot.press(answer)
            await settle(pilot)
            if answer == "n":
                assert out.read_text() == "precious"
                await pilot.press("escape")
                await settle(pilot)
        assert isinstance(app.screen, BuilderScreen)
        assert out.read_text().startswith("Army: Rich")


async def test_an_import_that_removes_figures_asks_first(tui_db: Path, tmp_path: Path) -> None:
    catalogue = Catalogue.open(tui_db)
    catalogue.update_from_feed(write_feed(tmp_path / "full"))
    catalogue.close()
    empty = write_feed(tmp_path / "empty", [])
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        for answer in ("n", "y"):
            await pilot.press("ctrl+o")
            await settle(pilot)
            assert isinstance(app.screen, ImportCatalogueScreen)
            app.screen.query_one("#path", Input).value = str(empty)
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            question = shown(pilot, ".dialog-text", 200)
            assert "this import would remove 3 of 3 figures" in question
            assert "Import it anyway and remove them?" in question
            await pilot.press(answer)
            await settle(pilot)
            assert isinstance(app.screen, ImportCatalogueScreen)
            if answer == "n":
                assert "Nothing was imported" in shown(pilot, "#error", 200)
                await pilot.press("escape")
                await settle(pilot)
        assert "3 removed" in shown(pilot, "#import-summary", 200)
        assert app.screen.query_one("#progress", ProgressBar).progress == 1
    catalogue = Catalogue.open(tui_db)
    try:
        assert "rebellion" not in catalogue.summary()["expansions"]
    finally:
        catalogue.close()
