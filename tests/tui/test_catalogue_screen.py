"""The catalogue screen, driven with the keyboard: search, filter, open a figure's card."""

from __future__ import annotations

import re
from pathlib import Path

from textual.widgets import Select

from armybuilder.tui.app import create_app
from armybuilder.tui.screens.catalogue import CatalogueScreen
from armybuilder.tui.widgets.figure_card import FigureCard
from armybuilder.tui.widgets.figure_table import FigureTable
from tui.tui_support import SIZE, search, settle, shown, started, type_text


async def test_search_and_open_a_figure(tui_db: Path) -> None:
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        assert isinstance(app.screen, CatalogueScreen)
        table = app.screen.query_one(FigureTable)
        assert table.row_count == 18  # the demo figures and the castle/chariot fixtures

        await pilot.press("slash")
        await type_text(pilot, "crossbow")  # key by key, as a player types
        await settle(pilot)
        assert table.row_count == 3
        await pilot.press("enter")  # to the table
        await pilot.press("down", "down", "enter")
        await settle(pilot)

        card = app.screen.query_one(FigureCard)
        assert card.view is not None and card.view.figure.key == "demo:6"
        assert app.focused is card
        head = shown(pilot, "#card-head")
        assert "Demo Crossbowman" in head and re.search(r"Points\s+18\b", head)
        assert re.search(r"Range\s+8 · 2 targets", head)
        legend = shown(pilot, "#card-legend")
        assert "Demoralized" in legend
        dials = shown(pilot, "#card-dials")
        last = [line for line in dials.splitlines() if line.strip()][-1]
        assert last.split()[1:] == ["☠"] * 4  # the dead click, a skull in every slot


async def test_filters_narrow_the_table(tui_db: Path) -> None:
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        table = app.screen.query_one(FigureTable)
        app.screen.query_one("#faction", Select).value = "Atlantis Guild"
        await settle(pilot)
        names = {table.cells_at(i)[0] for i in range(table.row_count)}
        assert "Demo Pikeman" in names and "Demo Crossbowman" not in names

        app.screen.query_one("#max-points").value = "11"
        await settle(pilot)
        assert table.row_count == 1  # only the weak pikeman costs 11 or less

        await pilot.press("ctrl+r")
        await settle(pilot)
        assert table.row_count == 18


async def test_corrected_values_show_the_faq_and_printed_value(tui_db: Path) -> None:
    # FAQ, Figure Corrections, Chariot 2: the Atlantean Ram's front dial, 8th click.
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        await search(pilot, "ram")
        await pilot.press("enter")
        await settle(pilot)
        card = app.screen.query_one(FigureCard)
        assert card.view is not None and card.view.figure.name == "Atlantean Ram"
        errata = shown(pilot, "#card-errata")
        assert "front dial damage, click 8: ☠ → 0" in errata
        assert "FAQ, Figure Corrections, Chariot 2" in errata
        dials = shown(pilot, "#card-dials")
        assert "front dial" in dials and "rear dial" in dials
        assert "0*" in dials  # the corrected cell is marked
