"""The project's catalogue spreadsheet layout: exact round trips and every bad input."""

from __future__ import annotations

import copy
import csv
from pathlib import Path

import pytest
from openpyxl import load_workbook

from armybuilder.catalogue.records import (
    Ability,
    CatalogueData,
    Click,
    Dial,
    Expansion,
    Figure,
)
from armybuilder.importers.spreadsheet import (
    SpreadsheetError,
    csv_paths,
    read_catalogue,
    write_catalogue,
)

ABILITIES = {n: Ability(n, s, colour="red", optional=o, text=f"{n} text", text_source="test")
             for n, s, o in (("Flight", "speed", True), ("Ram", "speed", True),
                             ("Toughness", "defense", False), ("Demoralized", "damage", False))}


def _dial(position: str, live: int, total: int = 6) -> Dial:
    clicks = [Click(i, 8, 9, 15, 2, {"speed": "Flight"} if i == 0 else {}) for i in range(live)]
    clicks += [Click(i, None, None, None, None) for i in range(live, total)]
    return Dial(position, clicks)


def sample() -> CatalogueData:
    warrior = Figure(expansion="home", number=7, name="Brew Master", rank="tough", points=33,
                     factions=["Orc Raiders", "Apocalypse"], rank_stars=3, range=8, targets=2,
                     arc=180, base="infantry", starting_click=1, source="my notes",
                     dials=[_dial("main", 4)])
    promo = Figure(expansion="home", number=99, name="Chest", rank="unique", points=0,
                   unique=True, promo=True, limited_edition=True, frequency="LE 6", disarm=10,
                   dials=[_dial("main", 2)])
    chariot_dials = [_dial(p, 4) for p in ("front", "left", "right", "rear")]
    chariot_dials[0].clicks[4] = Click(4, 3, None, 12, None, {"speed": "Ram"})  # two skulls
    chariot = Figure(expansion="home", number=8, name="Cart", rank="standard", points=90,
                     factions=["Atlantis Guild"], rank_stars=2, base="chariot", kind="chariot",
                     dials=chariot_dials)
    castle = Figure(expansion="home", number=9, name="Tall Tower", rank="unique", points=113,
                    unique=True, arc=360, base="castle", kind="castle",
                    castle_section="round tower",
                    dials=[Dial("main", [Click(0, 4, 10, 18, 3, {"defense": "Toughness"}),
                                         Click(1, 3, 9, 17, 0, {"damage": "Demoralized"}),
                                         Click(2, None, None, None, 0)])])
    return CatalogueData(
        expansions={"home": Expansion("home", "Homebrew", "H")},
        abilities=dict(ABILITIES),
        figures={f.key: f for f in (warrior, promo, chariot, castle)},
    )


@pytest.mark.parametrize("name", ["cat.xlsx", "folder", "mine.csv"])
def test_round_trip_is_exact(tmp_path: Path, name: str) -> None:
    data = sample()
    written = write_catalogue(data, tmp_path / name)
    assert written
    back = read_catalogue(tmp_path / name)
    assert back.figures == data.figures
    assert back.expansions == data.expansions
    assert back.abilities == data.abilities


def test_xlsx_sheets_and_header(tmp_path: Path) -> None:
    write_catalogue(sample(), tmp_path / "cat.xlsx")
    book = load_workbook(tmp_path / "cat.xlsx")
    assert book.sheetnames == ["Figures", "Clicks", "Abilities", "Expansions"]
    assert book["Figures"]["A1"].value == "key" and book["Figures"]["A1"].font.bold
    assert book["Clicks"].freeze_panes == "A2"


def test_csv_path_forms(tmp_path: Path) -> None:
    assert csv_paths(tmp_path / "x.csv")["Clicks"] == tmp_path / "x.clicks.csv"
    assert csv_paths(tmp_path / "x.figures.csv")["Clicks"] == tmp_path / "x.clicks.csv"
    assert csv_paths(tmp_path / "figures.csv")["Clicks"] == tmp_path / "clicks.csv"
    assert csv_paths(tmp_path / "dir")["Figures"] == tmp_path / "dir" / "figures.csv"


def _edit(folder: Path, table: str, row: int, column: str, value: str) -> None:
    path = folder / f"{table}.csv"
    rows = list(csv.reader(path.open()))
    rows[row - 1][rows[0].index(column)] = value
    with path.open("w", newline="") as out:
        csv.writer(out).writerows(rows)


@pytest.mark.parametrize(("table", "row", "column", "value", "message"), [
    ("figures", 2, "points", "-4", "figures.csv, row 2, column points: must be at least 0"),
    ("figures", 2, "points", "many", "column points: expected a whole number"),
    ("figures", 2, "unique", "maybe", "column unique: expected true or false"),
    ("figures", 2, "key", "home:8", "column key: home:8 does not match"),
    ("figures", 3, "key", "home:7", "does not match"),
    ("figures", 2, "rank", "elite", "column rank: expected one of"),
    ("figures", 2, "starting_click", "5", "column starting_click: 5 is not a live click"),
    ("clicks", 2, "speed_ability", "Teleport", "clicks.csv, row 2, column speed_ability: "
     "unknown ability 'Teleport'"),
    ("clicks", 2, "dial", "top", "column dial: expected one of"),
    ("clicks", 2, "key", "home:1234", "home:1234 is not in the Figures table"),
    ("clicks", 3, "click", "0", "has click 0 twice"),
    ("clicks", 7, "attack", "5", None),  # a dead click that becomes live is checked below
])
def test_bad_rows_name_file_row_and_column(tmp_path: Path, table: str, row: int, column: str,
                                           value: str, message: str | None) -> None:
    folder = tmp_path / "cat"
    write_catalogue(sample(), folder)
    _edit(folder, table, row, column, value)
    if message is None:
        for stat in ("speed", "defense", "damage"):
            _edit(folder, table, row, stat, "5")
        message = "live click 5 after a dead click"
    with pytest.raises(SpreadsheetError) as err:
        read_catalogue(folder)
    assert message in str(err.value)


def test_missing_tables_and_columns(tmp_path: Path) -> None:
    folder = tmp_path / "cat"
    write_catalogue(sample(), folder)
    (folder / "clicks.csv").unlink()
    with pytest.raises(SpreadsheetError, match=r"clicks\.csv: no such file"):
        read_catalogue(folder)
    write_catalogue(sample(), folder)
    rows = list(csv.reader((folder / "figures.csv").open()))
    with (folder / "figures.csv").open("w", newline="") as out:
        csv.writer(out).writerows([r[:10] for r in rows])
    with pytest.raises(SpreadsheetError, match=r"figures\.csv, row 1: missing column points"):
        read_catalogue(folder)


def test_chariot_needs_four_dials(tmp_path: Path) -> None:
    data = sample()
    data.figures["home:8"].dials = data.figures["home:8"].dials[:3]
    write_catalogue(data, tmp_path / "c.xlsx")
    with pytest.raises(SpreadsheetError, match=r"sheet Figures, row 4, column kind: a chariot"):
        read_catalogue(tmp_path / "c.xlsx")


def test_figure_without_clicks_and_gaps(tmp_path: Path) -> None:
    data = sample()
    lonely = copy.deepcopy(data.figures["home:99"])
    lonely.number, lonely.dials = 100, []
    data.figures[lonely.key] = lonely
    write_catalogue(data, tmp_path / "c.xlsx")
    with pytest.raises(SpreadsheetError, match="home:100 has no clicks"):
        read_catalogue(tmp_path / "c.xlsx")
    data = sample()
    del data.figures["home:7"].dials[0].clicks[2]
    write_catalogue(data, tmp_path / "d.xlsx")
    with pytest.raises(SpreadsheetError, match="click 2 is missing"):
        read_catalogue(tmp_path / "d.xlsx")


def test_not_a_workbook(tmp_path: Path) -> None:
    (tmp_path / "x.xlsx").write_text("nope")
    with pytest.raises(SpreadsheetError, match=r"x\.xlsx: not a readable \.xlsx workbook"):
        read_catalogue(tmp_path / "x.xlsx")


def test_shipped_demo_and_fixtures_load() -> None:
    from armybuilder.importers.rule_tables import load_abilities
    from armybuilder.paths import imports_dir
    known = load_abilities()
    demo = read_catalogue(imports_dir() / "demo", known_abilities=known)
    assert len(demo.figures) == 12
    assert all(f.expansion == "demo" and f.source.startswith("demo:") for f in
               demo.figures.values())
    fixtures = read_catalogue(imports_dir() / "fixtures", known_abilities=known)
    castles = {f.castle_section: f.points for f in fixtures.figures.values() if f.kind == "castle"}
    assert castles == {"keep": 173, "round tower": 113, "gatehouse": 112, "wall": 20}
    chariots = [f for f in fixtures.figures.values() if f.kind == "chariot"]
    assert len(chariots) == 2 and all(len(c.dials) == 4 for c in chariots)
