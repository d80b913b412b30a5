"""The app on the smallest terminal it is made for, 80 × 24: every dialog's buttons in
view, whole names where there is room, and what a new player meets (ctrl+c's word on how
to quit). The look of each screen is held by the snapshots (test_snapshots.py)."""

from __future__ import annotations

from pathlib import Path

from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Button

from armybuilder.armies.service import Armies
from armybuilder.catalogue.service import Catalogue
from armybuilder.tui.app import create_app
from armybuilder.tui.screens.armies import ArmiesScreen
from armybuilder.tui.widgets.army_entries import ArmyEntries
from armybuilder.tui.widgets.sortable import SortableTable
from tui.tui_support import settle, shown, started

SMALL = (80, 24)
LONG = "The Long Named Army of the Atlantis Guild"  # 41 characters


def buttons_in_view(pilot: Pilot[None]) -> list[str]:
    """The labels of the screen's buttons, each asserted whole on the terminal."""
    screen = pilot.app.screen
    whole = Region(0, 0, *SMALL)
    labels = []
    for button in screen.query(Button):
        assert whole.contains_region(button.region), (button.label, button.region)
        labels.append(str(button.label))
    return labels


async def test_the_dialogs_show_their_buttons(tui_db: Path) -> None:
    async with create_app(tui_db, first_run=True).run_test(size=SMALL) as pilot:
        await started(pilot, keep_first_run=True)
        assert buttons_in_view(pilot) == ["Import the catalogue (i)",
                                          "Continue with the demo (enter)"]
        await pilot.press("enter", "ctrl+n")
        await settle(pilot)
        assert buttons_in_view(pilot) == ["Create", "Cancel"]
        await pilot.press("escape", "ctrl+o")
        await settle(pilot)
        assert buttons_in_view(pilot) == ["Import", "Close"]


async def test_ctrl_c_says_how_to_quit_in_plain_words(tui_db: Path) -> None:
    async with create_app(tui_db, first_run=False).run_test(size=SMALL) as pilot:
        app = await started(pilot)
        await pilot.press("ctrl+c")
        said = [n.message for n in app._notifications]
        assert said == ["Press ctrl+q to quit armybuilder."]  # no [b] markup shown


async def test_long_names_whole_where_there_is_room(tui_db: Path) -> None:
    catalogue = Catalogue.open(tui_db)
    armies = Armies(catalogue)
    armies.new(LONG, 200, "standard")
    armies.add(LONG, "Black Powder War Wagon", passenger="demo:3")  # not in the army
    armies.add(LONG, "demo:12")
    catalogue.close()
    async with create_app(tui_db, first_run=False).run_test(size=SMALL) as pilot:
        app = await started(pilot)
        app.open_army(LONG)
        await settle(pilot)
        # Over the catalogue: the name gives way, the points and legality stay whole.
        status = shown(pilot, "#builder-status", 78).strip()
        assert status.startswith("The Long Named Army") and "…" in status
        assert status.endswith("165/200 pts, 35 left · not legal (1 error) · w: the army")
        await pilot.press("w")  # the army: a chariot with its passenger, named whole
        await settle(pilot)
        names = [str(row[1]) for row in
                 (app.screen.query_one(ArmyEntries).get_row_at(i) for i in range(2))]
        assert "Black Powder War Wagon + Demo Pikeman" in names
        assert not any("▲ own" in name for name in names)  # no collection: nothing marked
        await pilot.press("f4")
        await settle(pilot)
        assert isinstance(app.screen, ArmiesScreen)
        table = app.screen.query_one("#armies-table", SortableTable)
        width = table.columns[next(iter(table.columns))].width
        assert width == 30  # 20 were kept for it; the table has room for 30 at 80 columns
