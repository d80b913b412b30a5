"""The project's catalogue spreadsheet layout: exact round trips and every bad input."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

from armybuilder.figures import (
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

ABILITIES = {
    "Flight": Ability("Flight", "speed", "red", "square", True,
                      'Optional. Moves over "everything", ignores terrain;\nlands anywhere.',
                      "test, invented", feed_id=98),
    "Ram": Ability("Ram", "speed", "black", "circle", False, "=1 click of damage", "Chariot"),
    "Toughness": Ability("Toughness", "defense", "grey", "square", False, "", ""),
    "Demoralized": Ability("Demoralized", "damage", "yellow", "skull", False, "No attacks."),
}


def warrior_dial() -> Dial:
    """Six live clicks, then six dead ones (four skulls), Demoralized on the last live."""
    clicks = []
    for i in range(12):
        if i < 6:
            slots = {"speed": "Flight"} if i < 2 else {}
            if i == 5:
                slots = {"damage": "Demoralized"}
            clicks.append(Click(i, 8 - i // 2, 10 - i, 16 - i // 2, 2 if i < 3 else 1, slots))
        else:
            clicks.append(Click(i, None, None, None, None))
    return Dial("main", clicks)


def chariot_dial(position: str) -> Dial:
    """Numbers, then one skull, two skulls, then three (an inactive section)."""
    ram = {"speed": "Ram"} if position == "front" else {}
    return Dial(position, [Click(0, 8, 9, 16, 2, dict(ram)), Click(1, 8, 8, 16, 2, dict(ram)),
                           Click(2, 7, 7, 15, None), Click(3, 7, None, 15, None),
                           Click(4, None, None, 14, None), Click(5, None, None, 14, None)])


def sample() -> CatalogueData:
    warrior = Figure(expansion="home", number=7, name="Brew Master", rank="tough", points=33,
                     factions=["Orc Raiders", "Apocalypse"], rank_stars=3, frequency="3",
                     range=8, targets=2, arc=180, starting_click=1, source="my notes, p. 2",
                     dials=[warrior_dial()])
    chariot = Figure(expansion="home", number=8, name="Cart", rank="standard", points=90,
                     factions=["Atlantis Guild"], rank_stars=2, base="chariot", kind="chariot",
                     dials=[chariot_dial(p) for p in ("front", "left", "right", "rear")])
    castle = Figure(expansion="home", number=9, name="Tall Tower", rank="unique", points=113,
                    unique=True, range=10, arc=360, base="castle", kind="castle",
                    castle_section="round tower",
                    dials=[Dial("main", [Click(0, 4, 10, 18, 3, {"defense": "Toughness"}),
                                         Click(1, 3, 9, 17, 2, {"damage": "Demoralized"}),
                                         Click(2, None, None, None, 0)])])
    chest = Figure(expansion="other-set", number=99, name='=Chest, "Trapped"', rank="unique",
                   points=0, unique=True, promo=True, limited_edition=True, frequency="LE 6",
                   disarm=10, base="cavalry", source="=not a formula",
                   dials=[Dial("main", [Click(0, 0, 0, 17, 0), Click(1, 0, 0, 16, 0),
                                        Click(2, None, None, None, None)])])
    return CatalogueData(
        expansions={"home": Expansion("home", "Homebrew", "H", feed_id=3),
                    "other-set": Expansion("other-set", "Other Set")},
        abilities=dict(ABILITIES),
        figures={f.key: f for f in (warrior, chariot, castle, chest)},
    )


def assert_same(back: CatalogueData, data: CatalogueData) -> None:
    assert back.figures == data.figures
    assert list(back.figures) == list(data.figures)
    assert back.expansions == data.expansions
    assert back.abilities == data.abilities


# --- round trips -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["cat.xlsx", "folder", "mine.csv"])
def test_round_trip_gives_equal_records(tmp_path: Path, name: str) -> None:
    data = sample()
    written = write_catalogue(data, tmp_path / name)
    assert all(p.is_file() for p in written)
    back = read_catalogue(tmp_path / name)
    assert_same(back, data)
    chariot = back.figures["home:8"]
    assert [d.position for d in chariot.dials] == ["front", "left", "right", "rear"]
    assert chariot.dial("front").clicks[3].attack is None  # a skull stays a skull
    assert back.figures["home:7"].disarm is None and back.figures["other-set:99"].disarm == 10


def test_round_trip_with_the_project_ability_table(tmp_path: Path) -> None:
    """The file's copy of an ability gives way to the project's table."""
    write_catalogue(sample(), tmp_path / "cat.xlsx")
    project = {"Flight": Ability("Flight", "speed", "red", text="The project's words")}
    back = read_catalogue(tmp_path / "cat.xlsx", known_abilities=project)
    assert back.abilities["Flight"].text == "The project's words"
    assert back.figures == sample().figures


@pytest.mark.shared
def test_real_feed_round_trips(shared_data: Path, tmp_path: Path) -> None:
    from armybuilder.importers.feed import read_feed
    from armybuilder.importers.rule_tables import load_abilities, load_factions
    from armybuilder.importers.sources import feed_files
    data = read_feed(feed_files(shared_data / "rebuilt" / "mkstats_rebuilt.json"),
                     load_abilities(), load_factions())
    assert len(data.figures) > 1000
    for name in ("real.xlsx", "real"):
        write_catalogue(data, tmp_path / name)
        assert_same(read_catalogue(tmp_path / name), data)


_text = st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1,
                max_size=12).map(str.strip).filter(bool)
_stat = st.one_of(st.none(), st.integers(0, 20))


@st.composite
def _figures(draw: st.DrawFn) -> Figure:
    live = draw(st.integers(1, 6))
    clicks = [Click(i, draw(st.integers(0, 12)), draw(_stat), draw(st.integers(0, 20)),
                    draw(_stat), draw(st.sampled_from([{}, {"attack": "Ram"},
                                                       {"speed": "Flight", "damage": "Ram"}])))
              for i in range(live)]
    clicks = [Click(i, c.speed, c.attack, c.defense, c.damage, c.abilities)
              for i, c in enumerate(c for c in clicks if not c.dead)] or [Click(0, 1, 1, 1, 1)]
    live = len(clicks)
    clicks += [Click(live + i, None, None, None, draw(_stat))
               for i in range(draw(st.integers(0, 3)))]
    rank = draw(st.sampled_from(["weak", "standard", "tough", "unique"]))
    return Figure(expansion="gen", number=draw(st.integers(0, 500)), name=draw(_text),
                  rank=rank, points=draw(st.integers(0, 300)),
                  factions=draw(st.lists(_text.filter(lambda t: "," not in t), max_size=3)),
                  rank_stars=draw(st.integers(0, 3)), unique=draw(st.booleans()),
                  promo=draw(st.booleans()), frequency=draw(st.one_of(st.just(""), _text)),
                  range=draw(st.integers(0, 16)), targets=draw(st.integers(1, 3)),
                  arc=draw(st.sampled_from([90, 180, 270, 360])),
                  starting_click=draw(st.integers(0, live - 1)),
                  disarm=draw(st.one_of(st.none(), st.integers(0, 20))),
                  source=draw(st.one_of(st.just(""), _text)), dials=[Dial("main", clicks)])


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(figures=st.lists(_figures(), min_size=1, max_size=4, unique_by=lambda f: f.number))
def test_any_figures_round_trip(tmp_path: Path, figures: list[Figure]) -> None:
    data = CatalogueData(expansions={"gen": Expansion("gen", "Generated")},
                         abilities={n: ABILITIES[n] for n in ("Flight", "Ram")},
                         figures={f.key: f for f in figures})
    for name in ("gen.xlsx", "gen.csv"):
        write_catalogue(data, tmp_path / name, force=True)  # each example writes anew
        assert_same(read_catalogue(tmp_path / name), data)


# --- the files -------------------------------------------------------------------------


def test_xlsx_has_four_sheets_with_bold_frozen_headers(tmp_path: Path) -> None:
    write_catalogue(sample(), tmp_path / "cat.xlsx")
    book = load_workbook(tmp_path / "cat.xlsx")
    assert book.sheetnames == ["Figures", "Clicks", "Abilities", "Expansions"]
    for sheet in book.worksheets:
        assert sheet["A1"].font.bold and sheet.freeze_panes == "A2"
    assert [c.value for c in book["Clicks"][1]][:7] == ["key", "dial", "click", "speed",
                                                       "attack", "defense", "damage"]
    assert book["Clicks"]["G8"].value == "skull"  # home:7 click 6, damage


def test_csv_path_forms(tmp_path: Path) -> None:
    assert csv_paths(tmp_path / "x.csv")["Clicks"] == tmp_path / "x.clicks.csv"
    assert csv_paths(tmp_path / "x.figures.csv")["Clicks"] == tmp_path / "x.clicks.csv"
    assert csv_paths(tmp_path / "figures.csv")["Clicks"] == tmp_path / "clicks.csv"
    assert csv_paths(tmp_path / "dir")["Figures"] == tmp_path / "dir" / "figures.csv"
    written = write_catalogue(sample(), tmp_path / "mine.csv")
    assert sorted(p.name for p in written) == ["mine.abilities.csv", "mine.clicks.csv",
                                               "mine.expansions.csv", "mine.figures.csv"]
    assert read_catalogue(tmp_path / "mine.figures.csv").figures == sample().figures


def test_only_figures_and_clicks_are_needed(tmp_path: Path) -> None:
    folder = tmp_path / "cat"
    write_catalogue(sample(), folder)
    (folder / "abilities.csv").unlink()
    (folder / "expansions.csv").unlink()
    back = read_catalogue(folder, known_abilities=ABILITIES,
                          known_expansions={"home": Expansion("home", "Homebrew", "H")})
    assert back.figures == sample().figures
    assert back.expansions["home"].name == "Homebrew"  # from known_expansions
    assert back.expansions["other-set"].name == "Other Set"  # from the slug
    # Only the abilities the clicks name come along.
    assert set(back.abilities) == {"Flight", "Ram", "Toughness", "Demoralized"}


def test_project_expansions_are_named_as_not_real(tmp_path: Path) -> None:
    data = sample()
    data.expansions = {}
    for key, f in list(data.figures.items()):
        del data.figures[key]
        f.expansion = "demo"
        data.figures[f.key] = f
    folder = tmp_path / "cat"
    write_catalogue(data, folder)
    (folder / "expansions.csv").unlink()
    assert read_catalogue(folder).expansions["demo"].name == "Demo figures (not real dials)"


# --- bad input -------------------------------------------------------------------------


def _load(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.reader(handle))


def _store(path: Path, rows: list[list[str]]) -> None:
    with path.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out, lineterminator="\n").writerows(rows)


def _find(rows: list[list[str]], where: dict[str, str]) -> int:
    """The spreadsheet row number (header = 1) of the first row matching ``where``."""
    for i, row in enumerate(rows[1:], start=2):
        if all(row[rows[0].index(c)] == v for c, v in where.items()):
            return i
    raise AssertionError(f"no row {where}")


def edit(folder: Path, table: str, where: dict[str, str], **changes: str) -> int:
    path = folder / f"{table}.csv"
    rows = _load(path)
    number = _find(rows, where)
    for column, value in changes.items():
        rows[number - 1][rows[0].index(column)] = value
    _store(path, rows)
    return number


def drop(folder: Path, table: str, where: dict[str, str]) -> None:
    path = folder / f"{table}.csv"
    rows = _load(path)
    keep = [rows[0]] + [r for r in rows[1:]
                        if not all(r[rows[0].index(c)] == v for c, v in where.items())]
    assert len(keep) < len(rows)
    _store(path, keep)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    path = tmp_path / "cat"
    write_catalogue(sample(), path)
    return path


def refused(path: Path, **kwargs: object) -> str:
    with pytest.raises(SpreadsheetError) as err:
        read_catalogue(path, **kwargs)  # type: ignore[arg-type]
    return str(err.value)


W = {"key": "home:7"}  # the warrior's Figures row (row 2)


def C(key: str = "home:7", dial: str = "main", click: int = 0) -> dict[str, str]:
    return {"key": key, "dial": dial, "click": str(click)}


@pytest.mark.parametrize(("table", "where", "changes", "message"), [
    # wrong types and values
    ("figures", W, {"points": "-4"}, "figures.csv, row 2, column points: must be at least 0, "
     "got -4"),
    ("figures", W, {"points": "many"}, "row 2, column points: expected a whole number, "
     "got 'many'"),
    ("figures", W, {"points": "12.5"}, "row 2, column points: expected a whole number"),
    ("figures", W, {"points": ""}, "row 2, column points: expected a whole number, got ''"),
    ("figures", W, {"name": " "}, "row 2, column name: must not be empty"),
    ("figures", W, {"unique": "maybe"}, "row 2, column unique: expected true/false, yes/no "
     "or 1/0, got 'maybe'"),
    ("figures", W, {"rank": "elite"}, "row 2, column rank: expected one of weak, standard, "
     "tough, unique, got 'elite'"),
    ("figures", W, {"arc": "45"}, "row 2, column arc: expected one of 90, 180, 270, 360"),
    ("figures", W, {"kind": "titan"}, "row 2, column kind: expected one of warrior, chariot"),
    ("figures", W, {"targets": "0"}, "row 2, column targets: must be at least 1, got 0"),
    ("figures", W, {"castle_section": "moat"}, "row 2, column castle_section: expected one "
     "of keep, round tower, gatehouse, wall, got 'moat'"),
    ("figures", W, {"castle_section": "wall"}, "row 2, column castle_section: only kind "
     "castle has a castle section; this is a warrior"),
    ("figures", {"key": "home:9"}, {"castle_section": ""}, "row 4, column castle_section: a "
     "castle section is one of keep, round tower, gatehouse, wall; this one is blank"),
    ("figures", W, {"disarm": "x"}, "row 2, column disarm: expected a whole number"),
    # keys
    ("figures", W, {"key": "home:8"}, "row 2, column key: home:8 does not match "
     "expansion:number (home:7)"),
    ("figures", {"key": "home:9"}, {"key": "home:7", "number": "7"}, "figures.csv, row 4, "
     "column key: duplicate key home:7 (also row 2)"),
    ("clicks", C(), {"key": "home:1234"}, "clicks.csv, row 2, column key: home:1234 is not in "
     "the Figures table"),
    # clicks
    ("clicks", C(click=1), {"speed": "fast"}, "clicks.csv, row 3, column speed: expected a "
     "whole number, got 'fast'"),
    ("clicks", C(click=1), {"defense": "-1"}, "row 3, column defense: must be at least 0"),
    ("clicks", C(click=1), {"click": "one"}, "row 3, column click: expected a whole number"),
    ("clicks", C(click=1), {"speed_ability": "Teleport"}, "clicks.csv, row 3, column "
     "speed_ability: unknown ability 'Teleport'"),
    ("clicks", C(click=1), {"dial": "top"}, "row 3, column dial: expected one of main, front, "
     "left, right, rear, got 'top'"),
    ("clicks", C(click=1), {"dial": "front"}, "row 3, column dial: home:7 is a warrior with "
     "one dial, main; not front"),
    ("clicks", C("home:8", "rear", 2), {"dial": "main"}, "column dial: home:8 is a chariot: "
     "its dials are front, left, right, rear, not main"),
    ("clicks", C(click=3), {"click": "2"}, "clicks.csv, row 5, column click: home:7 main dial "
     "has click 2 twice (also row 4)"),
    ("clicks", C(click=3), {"click": "12"}, "clicks.csv, row 6, column click: home:7 main dial "
     "has click 4 but no click 3"),
    ("clicks", C(click=8), {s: "5" for s in ("speed", "attack", "defense", "damage")},
     "clicks.csv, row 10, column click: home:7: click 8 is live after dead click 6"),
    # starting position
    ("figures", W, {"starting_click": "12"}, "row 2, column starting_click: 12 is out of "
     "range: home:7 has clicks 0 to 11"),
    ("figures", W, {"starting_click": "6"}, "row 2, column starting_click: click 6 of home:7 "
     "is dead"),
    ("figures", {"key": "home:8"}, {"starting_click": "6"}, "row 3, column starting_click: 6 "
     "is out of range: home:8 has clicks 0 to 5"),
    # the optional tables
    ("abilities", {"name": "Ram"}, {"slot": "wheel"}, "abilities.csv, row 3, column slot: "
     "expected one of speed, attack, defense, damage, any, got 'wheel'"),
    ("abilities", {"name": "Ram"}, {"name": "flight"}, "abilities.csv, row 3, column name: "
     "ability 'flight' is already in row 2"),
    ("abilities", {"name": "Ram"}, {"optional": "sometimes"}, "row 3, column optional"),
    ("expansions", {"slug": "other-set"}, {"slug": "HOME"}, "expansions.csv, row 3, column "
     "slug: expansion 'home' appears twice"),
    ("expansions", {"slug": "home"}, {"feed_id": "three"}, "row 2, column feed_id: expected"),
])
def test_bad_values_are_refused_naming_file_row_and_column(
        folder: Path, table: str, where: dict[str, str], changes: dict[str, str],
        message: str) -> None:
    edit(folder, table, where, **changes)
    assert message in refused(folder)


def test_a_live_click_after_a_dead_one_is_allowed_on_a_chariot_section(folder: Path) -> None:
    # The check is the main dial's (Rulebook I); a chariot section's dial is not checked.
    edit(folder, "clicks", C("home:8", "left", 5), speed="3", attack="3", defense="3")
    assert read_catalogue(folder).figures["home:8"].dial("left").clicks[5].skulls == 1


def test_missing_columns(folder: Path) -> None:
    rows = _load(folder / "figures.csv")
    _store(folder / "figures.csv", [r[:10] + r[11:] for r in rows])  # no points
    assert refused(folder).endswith("figures.csv, row 1: missing column points (the Figures "
                                    "table has columns key, expansion, number, name, rank, "
                                    "rank_stars, unique, promo, limited_edition, frequency, "
                                    "points, range, targets, arc, base, kind, castle_section, "
                                    "factions, starting_click, disarm, source)")
    write_catalogue(sample(), folder, force=True)
    _store(folder / "clicks.csv", [r[:-1] for r in _load(folder / "clicks.csv")])
    assert "clicks.csv, row 1: missing column damage_ability" in refused(folder)


def test_optional_columns_may_be_left_out_and_blank_cells_take_defaults(folder: Path) -> None:
    rows = _load(folder / "figures.csv")
    header = rows[0]
    keep = [i for i, c in enumerate(header) if c not in ("disarm", "source")]
    rows = [[r[i] for i in keep] for r in rows]
    # Shuffled, upper-case headers with an extra column are fine too.
    rows = [[*reversed(r), "note"] for r in rows]
    rows[0] = [c.upper() for c in rows[0][:-1]] + ["Notes"]
    cols = rows[0]
    for column in ("rank_stars", "unique", "range", "targets", "arc", "base",
                   "starting_click", "promo", "limited_edition"):
        rows[3][cols.index(column.upper())] = ""  # home:9, the castle, is row 4
    rows[2][cols.index("BASE")] = ""  # home:8, the chariot
    rows[1][cols.index("UNIQUE")] = ""  # home:7, tough
    _store(folder / "figures.csv", rows)
    back = read_catalogue(folder).figures
    castle = back["home:9"]
    assert (castle.kind, castle.base, castle.arc, castle.rank_stars, castle.unique) == (
        "castle", "castle", 90, 0, True)
    assert (castle.range, castle.targets, castle.starting_click, castle.promo) == (0, 1, 0,
                                                                                  False)
    assert back["home:8"].base == "chariot" and back["home:7"].unique is False
    assert back["other-set:99"].disarm is None and back["home:7"].source == ""
    assert back["home:7"].factions == ["Orc Raiders", "Apocalypse"]


def test_castle_section_with_blank_kind_is_refused(folder: Path) -> None:
    # A blank kind means warrior, and a warrior has no castle section.
    edit(folder, "figures", {"key": "home:9"}, kind="")
    assert "row 4, column castle_section: only kind castle" in refused(folder)


@pytest.mark.parametrize(("text", "value"), [("true", True), ("Yes", True), ("1", True),
                                             ("FALSE", False), ("no", False), ("0", False)])
def test_booleans(folder: Path, text: str, value: bool) -> None:
    edit(folder, "figures", W, promo=text)
    assert read_catalogue(folder).figures["home:7"].promo is value


def test_figure_without_clicks(folder: Path) -> None:
    drop(folder, "clicks", {"key": "other-set:99"})
    assert refused(folder).endswith("figures.csv, row 5, column key: other-set:99 has no "
                                    "clicks in the Clicks table")


def test_chariot_needs_front_left_right_and_rear(folder: Path) -> None:
    drop(folder, "clicks", {"key": "home:8", "dial": "rear"})
    assert ("figures.csv, row 3, column kind: chariot home:8 needs front, left, right and "
            "rear dials; the Clicks table has no rear dial") in refused(folder)


def test_gap_at_the_start_of_a_dial(folder: Path) -> None:
    drop(folder, "clicks", C("home:9"))
    assert "column click: home:9 main dial has click 1 but no click 0" in refused(folder)


def test_unknown_ability_without_an_abilities_table(folder: Path) -> None:
    (folder / "abilities.csv").unlink()
    assert refused(folder).startswith(f"{folder / 'clicks.csv'}, row 2, column speed_ability: "
                                      "unknown ability 'Flight'")
    assert read_catalogue(folder, known_abilities={"flight": ABILITIES["Flight"], **{
        n: ABILITIES[n] for n in ("Ram", "Toughness", "Demoralized")}}).figures


def test_ability_names_match_in_any_case(folder: Path) -> None:
    edit(folder, "clicks", C(), speed_ability="FLIGHT")
    assert read_catalogue(folder).figures["home:7"].main_dial.clicks[0].abilities == {
        "speed": "Flight"}


def test_unknown_faction_when_factions_are_known(folder: Path) -> None:
    message = refused(folder, known_factions={"Orc Raiders", "Atlantis Guild"})
    assert "figures.csv, row 2, column factions: unknown faction 'Apocalypse'" in message


def test_header_problems(folder: Path) -> None:
    rows = _load(folder / "clicks.csv")
    rows[0][1] = "KEY "
    _store(folder / "clicks.csv", rows)
    assert "clicks.csv, row 1, column key: appears twice" in refused(folder)
    (folder / "clicks.csv").write_text("")
    assert "clicks.csv, row 1: empty; expected a header" in refused(folder)


def test_xlsx_errors_name_the_sheet(tmp_path: Path) -> None:
    write_catalogue(sample(), tmp_path / "c.xlsx")
    book = load_workbook(tmp_path / "c.xlsx")
    book["Clicks"]["D5"] = "fast"  # home:7 click 3, speed
    book["Figures"]["K2"] = 33.0  # a whole number typed as a float is still whole
    book.save(tmp_path / "c.xlsx")
    assert refused(tmp_path / "c.xlsx") == (f"{tmp_path / 'c.xlsx'}, sheet Clicks, row 5, "
                                            "column speed: expected a whole number, got 'fast'")
    del book["Clicks"]
    book.save(tmp_path / "c.xlsx")
    assert refused(tmp_path / "c.xlsx").endswith("c.xlsx: no sheet named Clicks (the workbook "
                                                 "has Figures, Abilities, Expansions)")


def test_xlsx_chariot_without_four_dials(tmp_path: Path) -> None:
    data = sample()
    data.figures["home:8"].dials.pop()
    write_catalogue(data, tmp_path / "c.xlsx")
    assert "c.xlsx, sheet Figures, row 3, column kind: chariot home:8" in refused(
        tmp_path / "c.xlsx")


def test_missing_and_unreadable_files(tmp_path: Path, folder: Path) -> None:
    (folder / "clicks.csv").unlink()
    assert refused(folder) == (f"{folder / 'clicks.csv'}: no such file (a CSV catalogue "
                               "needs its figures and clicks files)")
    assert refused(tmp_path / "nowhere").endswith("nowhere: no such file or folder")
    (tmp_path / "x.xlsx").write_text("nope")
    assert "x.xlsx: not a readable .xlsx workbook" in refused(tmp_path / "x.xlsx")
    assert "not .json" in refused(tmp_path / "x.json")
    with pytest.raises(SpreadsheetError, match=r"not \.ods"):
        write_catalogue(sample(), tmp_path / "x.ods")
    (tmp_path / "bad.figures.csv").write_bytes(b"key\xff\n")
    (tmp_path / "bad.clicks.csv").write_text("key\n")
    assert "bad.figures.csv: not UTF-8 text" in refused(tmp_path / "bad.csv")


@pytest.mark.parametrize("suffix", [".xlsx", ".csv"])
def test_control_characters_are_written_escaped(tmp_path: Path, suffix: str) -> None:
    """Only an older database can hold them (imports refuse them): written as the app
    shows them, the file is written and reads back."""
    data = sample()
    data.figures["home:7"].name = "Brew\x01Master"
    data.figures["home:7"].source = "notes\x02, p. 2\nand more"
    write_catalogue(data, tmp_path / f"c{suffix}")
    back = read_catalogue(tmp_path / f"c{suffix}").figures["home:7"]
    assert back.name == "Brew\\x01Master"
    assert back.source == "notes\\x02, p. 2\nand more"  # the line break kept
