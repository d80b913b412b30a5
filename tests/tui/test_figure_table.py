"""The figure table's column widths follow the terminal: a name is drawn whole first, then
the set and starting values, the factions whole, the range; a name or the factions are cut
only when the width cannot hold them (issue 21)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import feed_model, write_feed

from armybuilder.armies.service import Armies
from armybuilder.catalogue.service import Catalogue
from armybuilder.tui.app import create_app
from armybuilder.tui.screens.builder import BuilderScreen
from armybuilder.tui.screens.catalogue import CatalogueScreen
from armybuilder.tui.widgets.figure_table import GAP, FigureTable, layout
from tui.tui_support import search, settle, started

#: A hand-made figure with a real-style long name (39 characters, as long as the longest
#: in the real catalogue) and two factions (36 characters, also the real longest).
LONG_NAME = "Grand Marshal Of The Iron Steam Legions"
LONG_FACTIONS = "Black Powder Rebels, Necropolis Sect"
LONGEST = {"Figure": len(LONG_NAME), "Factions": len(LONG_FACTIONS), "Set": 4}
VALUES = ["Sp", "At", "Df", "Dm"]


def widths(width: int, owned: bool = False,
           longest: dict[str, int] | None = None) -> dict[str, int]:
    return {c.label: w for c, w in layout(width, owned, LONGEST if longest is None
                                          else longest)}


def test_the_fixture_is_as_long_as_the_real_longest() -> None:
    assert len(LONG_NAME) == 39 and len(LONG_FACTIONS) == 36


@pytest.mark.parametrize(("width", "shown"), [
    # The table's width (the scrollbar's two columns taken off) on each screen:
    (78, ["Figure", "Rank", "Pts", "Set", *VALUES]),  # 80 x 24, catalogue or builder
    (68, ["Figure", "Rank", "Pts", *VALUES]),  # 120 x 40, catalogue beside the card
    (58, ["Figure", "Rank", "Pts", "Set"]),  # 120 x 40, builder beside the army
    (118, ["Figure", "Rank", "Pts", "Factions", "Rng", "Set", *VALUES]),  # 200 x 60 builder
    (134, ["Figure", "Rank", "Pts", "Factions", "Rng", "Set", *VALUES]),  # catalogue
])
def test_the_name_is_whole_before_any_other_column(width: int, shown: list[str]) -> None:
    got = widths(width)
    assert list(got) == shown
    assert got["Figure"] == 39  # never "Grand Marshal Of The Iron St…"
    if "Factions" in got:
        assert got["Factions"] == 36
    assert sum(got.values()) + GAP * (len(got) - 1) <= width - 2


def test_the_name_is_cut_only_when_the_width_cannot_hold_it() -> None:
    got = widths(40)  # 38 to draw in: the rank and points take 11 of it
    assert list(got) == ["Figure", "Rank", "Pts"] and got["Figure"] == 27
    assert widths(20)["Figure"] == 16  # the least; the table scrolls sideways


def test_the_factions_take_what_is_left_cut_when_they_cannot_be_whole() -> None:
    got = widths(100)  # 98: the name, values, set and range leave 20
    assert got["Figure"] == 39 and got["Factions"] == 98 - 78 - GAP
    assert "Rng" in got and all(v in got for v in VALUES)


def test_short_names_leave_the_room_to_the_other_columns() -> None:
    demo = {"Figure": 22, "Factions": 32, "Set": 7}
    got = widths(58, longest=demo)  # the demo catalogue in the builder at 120 x 40
    assert got["Figure"] == 22 and list(got) == ["Figure", "Rank", "Pts", "Rng", *VALUES]
    got = widths(118, longest=demo)  # at 200 x 60: everything, whole
    assert list(got) == ["Figure", "Rank", "Pts", "Factions", "Rng", "Set", *VALUES]
    assert got["Factions"] == 32
    assert widths(58, longest={})["Figure"] == 16


def test_at_every_width_the_rules_hold() -> None:
    for width in range(20, 240):
        for owned in (False, True):
            got = widths(width, owned)
            room = width - 2
            beside = 4 + 3 + (3 if owned else 0) + GAP * (3 if owned else 2)
            assert got["Figure"] == max(16, min(39, room - beside)), width
            assert ("Own" in got) == owned
            # The four starting values come together or not at all.
            assert len({v in got for v in VALUES}) == 1, width
            if got["Figure"] < 39:  # a cut name: nothing else took its room
                assert set(got) <= {"Figure", "Rank", "Pts", "Own"}, width
            elif width >= 40:
                assert sum(got.values()) + GAP * (len(got) - 1) <= room, width
            if "Factions" in got and got["Factions"] < 36:  # cut: only the rest of the row
                assert sum(got.values()) + GAP * (len(got) - 1) == room, width


def long_figure(db: Path, tmp_path: Path) -> None:
    """Add the long-named figure to the demo database, and save an army to build."""
    catalogue = Catalogue.open(db)
    try:
        catalogue.update_from_feed(write_feed(tmp_path / "feed", [
            feed_model(1, LONG_NAME, "Tough", factions=LONG_FACTIONS, cost="45")]))
        Armies(catalogue).new("Long", 200, "standard")
    finally:
        catalogue.close()


def row_text(table: FigureTable, y: int) -> str:
    return "".join(segment.text for segment in table.render_line(y))


@pytest.mark.parametrize("where", ["catalogue", "builder"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)],
                         ids=["80x24", "120x40", "200x60"])
async def test_a_long_name_shows_whole_on_the_screen(tui_db: Path, tmp_path: Path,
                                                     where: str,
                                                     size: tuple[int, int]) -> None:
    long_figure(tui_db, tmp_path)
    async with create_app(tui_db, first_run=False).run_test(size=size) as pilot:
        app = await started(pilot)
        if where == "builder":
            app.open_army("Long")
            await settle(pilot)
            assert isinstance(app.screen, BuilderScreen)
        else:
            assert isinstance(app.screen, CatalogueScreen)
        await search(pilot, "marshal")
        table = app.screen.query_one(FigureTable)
        assert table.row_count == 1
        header, row = row_text(table, 0), row_text(table, 1)
        assert f" {LONG_NAME}  " in row and "…" not in row, row
        assert len(header.rstrip()) <= table.scrollable_content_region.width
        labels = [label for label, _, _ in table.columns]
        if size != (120, 40):  # 120 x 40 beside the army or the card is too narrow for all
            assert all(v in labels for v in VALUES), labels
            assert "45" in row.split(LONG_NAME)[1]  # the points beside the name
        if size == (200, 60):
            assert f"  {LONG_FACTIONS}  " in row and "Set" in labels, row
