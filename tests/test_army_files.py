"""Army lists written as .xlsx, .csv and .txt and read back; the xlsx checked cell by cell."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook

from armybuilder.armies.army_files import read_army_file, text_list, write_army_file
from armybuilder.armies.listing import ArmyListing, ListedEntry, ListFormatError
from armybuilder.figures import Ability, Click, Dial, Figure


def figure(number: int, name: str, rank: str, points: int, flight: bool = False) -> Figure:
    clicks = [Click(i, 8 - i, 9 - i, 16 - i, 2, {"speed": "Flight"} if flight and i < 2 else {})
              for i in range(4)]
    clicks.append(Click(4, None, None, None, None))
    return Figure(expansion="demo", number=number, name=name, rank=rank, points=points,
                  factions=["Atlantis Guild"], rank_stars={"weak": 1, "tough": 3}.get(rank, 0),
                  unique=rank == "unique", range=6, targets=2, arc=90,
                  dials=[Dial("main", clicks)])


@pytest.fixture
def listing() -> ArmyListing:
    return ArmyListing(
        name="Saturday", build_total=100, profile="standard", points=82, actions=1, legal=False,
        entries=[ListedEntry(figure(1, "Demo Pikeman", "weak", 11), 2, 11),
                 ListedEntry(figure(9, "Demo Hero", "unique", 60, flight=True), 1, 60)],
        findings=[{"severity": "error", "rule": "Build total", "source": "Rulebook II",
                   "message": "too many points", "figures": ["demo:9"]}],
        abilities={"Flight": Ability("Flight", "speed", colour="orange",
                                     text="This warrior flies.", text_source="FAQ, Update")},
    )


def test_xlsx_cell_by_cell(listing: ArmyListing, tmp_path: Path) -> None:
    path = write_army_file(listing, tmp_path / "army.xlsx")
    book = load_workbook(path)
    assert book.sheetnames == ["Army", "Dials", "Checks", "Abilities"]
    army = book["Army"]
    assert army["A1"].value == "Army" and army["B1"].value == "Saturday"
    assert army["B2"].value == 100 and army["B3"].value == "standard"
    assert army["A6"].value == "Figure" and army["A6"].font.bold
    assert army.freeze_panes == "A7"
    assert [c.value for c in army[7]][:9] == ["Demo Pikeman", "demo:1", "demo", 1, "weak",
                                              "Atlantis Guild", 2, 11, 22]
    assert [c.value for c in army[7]][12:16] == [8, 9, 16, 2]
    assert army["A9"].value == "Total" and army["I9"].value == 82 and army["G9"].value == 3
    assert army["A10"].value == "Actions per turn" and army["I10"].value == 1
    assert army.page_setup.orientation == "landscape"
    dials = book["Dials"]
    rows = list(dials.iter_rows(min_row=2, values_only=True))
    assert len(rows) == 10  # five clicks of each figure
    hero_start = next(r for r in range(2, 12) if dials.cell(r, 2).value == "demo:9")
    assert dials.cell(hero_start, 4).value == "1 (start)"
    assert dials.cell(hero_start, 9).value == "Flight"
    assert dials.cell(hero_start, 5).fill.start_color.rgb.endswith("F6B26B")
    assert dials.cell(hero_start + 4, 5).value == "skull"
    assert dials["N1"].value == "Legend" and dials["N2"].value == "Flight"
    checks = book["Checks"]
    assert [c.value for c in checks[2]] == ["error", "Build total", "Rulebook II",
                                            "too many points", "demo:9"]
    reference = book["Abilities"]
    assert [c.value for c in reference[1]] == ["Ability", "Colour", "Slot", "Optional", "Text",
                                               "Source"]
    assert [c.value for c in reference[2]] == ["Flight", "orange", "speed", "no",
                                               "This warrior flies.", "FAQ update: FAQ, Update"]
    assert reference["A2"].fill.start_color.rgb.endswith("F6B26B")
    assert reference.max_row == 2


@pytest.mark.parametrize("suffix", [".xlsx", ".csv", ".txt"])
def test_every_format_reads_back(listing: ArmyListing, tmp_path: Path, suffix: str) -> None:
    army = read_army_file(write_army_file(listing, tmp_path / f"army{suffix}"))
    assert (army.name, army.build_total, army.profile) == ("Saturday", 100, "standard")
    assert [(r.key, r.name, r.rank, r.count) for r in army.rows] == [
        ("demo:1", "Demo Pikeman", "weak", 2), ("demo:9", "Demo Hero", "unique", 1)]


def test_text_list_reads_like_a_forum_post(listing: ArmyListing) -> None:
    text = text_list(listing)
    assert "2x Demo Pikeman (*) [demo:1] - 22 pts" in text
    assert "Total: 82 / 100 points, 1 action per turn" in text


@pytest.mark.parametrize(("name", "content", "message"), [
    ("a.txt", "Army: x\n3 Demo Pikeman\n", "a.txt, line 2: expected a figure line"),
    ("a.csv", "key,figure,count\ndemo:1,Demo Pikeman,two\n", "a.csv, line 2, column Count"),
    ("a.csv", "", "a.csv: no header row"),
    ("a.xlsx", "not a workbook", "a.xlsx: not a readable .xlsx workbook"),
    ("a.pdf", "x", "an army list is .xlsx, .csv or .txt"),
])
def test_bad_files_name_file_and_row(tmp_path: Path, name: str, content: str,
                                     message: str) -> None:
    path = tmp_path / name
    path.write_text(content)
    with pytest.raises(ListFormatError) as err:
        read_army_file(path)
    assert message in str(err.value)
