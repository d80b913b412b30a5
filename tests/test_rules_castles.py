"""Castle sections: Heavy and Light prices, the keep's action, the castle player."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from test_rules_support import LEECH_MEDIC, castle

from armybuilder.rules import (
    Army,
    ArmyEntry,
    CastleTableError,
    figure_points,
    load_castle_prices,
    validate,
)

KEEP = castle("keep", 1)
TOWER = castle("round tower", 2)
GATEHOUSE = castle("gatehouse", 3)
WALL = castle("wall", 4)


@pytest.mark.parametrize(("section", "heavy", "light"), [
    (KEEP, 173, 84), (TOWER, 113, 59), (GATEHOUSE, 112, 53), (WALL, 20, 12)])
def test_castle_sections_cost_their_heavy_or_light_value_not_the_printed_points(
        section, heavy, light):
    assert figure_points(section, "heavy") == heavy
    assert figure_points(section, "light") == light
    assert figure_points(section) == heavy  # no choice: the dial as printed


def test_ordinary_figures_cost_their_printed_points():
    assert figure_points(LEECH_MEDIC) == 14


def siege(*entries: ArmyEntry, total: int = 300, castle_player: bool = True,
          profile: str = "open") -> Army:
    return Army("Fortress", total, profile, list(entries), castle_player=castle_player)


def test_a_heavy_keep_and_light_walls_in_a_castle_army():
    report = validate(siege(ArmyEntry(KEEP, 1, castle="heavy"),
                            ArmyEntry(WALL, 4, castle="light"), ArmyEntry(LEECH_MEDIC, 5)))
    assert report.legal
    assert report.points == 173 + 4 * 12 + 5 * 14
    lines = {line.key: line for line in report.lines}
    assert lines[KEEP.key].castle == "heavy"
    assert lines[WALL.key].points_each == 12
    # Light sections start 3 clicks clockwise of their Starting Position.
    assert lines[KEEP.key].starting_click == KEEP.starting_click
    assert lines[WALL.key].starting_click == WALL.starting_click + 3


def test_a_keep_gives_one_extra_action():
    report = validate(siege(ArmyEntry(KEEP, castle="light"), ArmyEntry(LEECH_MEDIC)))
    assert report.actions == 4
    assert "keep-action" in [f.rule for f in report.infos]
    towers = validate(siege(ArmyEntry(TOWER), ArmyEntry(WALL, 2)))
    assert towers.actions == 3


def test_a_castle_section_over_the_build_total_at_heavy_fits_at_light():
    heavy = validate(siege(ArmyEntry(KEEP, castle="heavy"), total=100))
    light = validate(siege(ArmyEntry(KEEP, castle="light"), total=100))
    assert not heavy.legal and light.legal


def test_castle_sections_need_the_castle_player():
    report = validate(siege(ArmyEntry(WALL, 2), castle_player=False))
    assert not report.legal
    assert [f.rule for f in report.errors] == ["castle-player"]


def test_castle_sections_are_refused_where_the_format_has_no_castles():
    report = validate(siege(ArmyEntry(WALL), total=200, profile="standard"))
    assert [f.rule for f in report.errors] == ["castles"]
    assert "standard" in report.errors[0].message


def test_a_bad_castle_option_is_named():
    report = validate(siege(ArmyEntry(WALL, castle="medium"), ArmyEntry(LEECH_MEDIC,
                                                                       castle="light")))
    messages = [f.message for f in report.errors if f.rule == "entry"]
    assert len(messages) == 2
    assert any("'medium'" in m for m in messages)
    assert any("Leech Medic" in m and "not a castle section" in m for m in messages)


def test_a_section_missing_from_the_price_table_is_an_error():
    shed = castle("shed", 9, printed=7)
    report = validate(siege(ArmyEntry(shed)))
    assert [f.rule for f in report.errors] == ["castle-price"]
    assert report.points == 7


def test_the_price_table_is_data_and_bad_rows_are_named(tmp_path: Path):
    good = tmp_path / "castles.csv"
    good.write_text("section,heavy_points,light_points,light_clicks\nKeep,200,90,4\n")
    prices = load_castle_prices(good)
    assert figure_points(KEEP, "light", prices) == 90
    report = validate(siege(ArmyEntry(KEEP, castle="light")), castle_prices=prices)
    assert report.points == 90
    assert report.lines[0].starting_click == KEEP.starting_click + 4

    bad = tmp_path / "bad.csv"
    bad.write_text("section,heavy_points,light_points,light_clicks\nKeep,173,84,3\n"
                   "Wall,twenty,12,3\n")
    with pytest.raises(CastleTableError, match=r"bad\.csv, row 3 \(Wall\), field heavy_points"):
        load_castle_prices(bad)
    with pytest.raises(CastleTableError, match="light_clicks"):
        short = tmp_path / "short.csv"
        short.write_text("section,heavy_points,light_points\nKeep,1,2\n")
        load_castle_prices(short)


def test_a_castle_holds_several_walls_and_towers_of_the_project_fixtures():
    # Castle rules, Planking and Ladders: "one ladder per three wall sections in their
    # castle" -- several walls (and towers) in one castle; the fixture sections are printed
    # without rank stars, yet no section is held to the one-of-each rule of uniques.
    from fixture_figures import fixture_castle_figures

    by_section = fixture_castle_figures()
    assert not by_section["wall"].unique  # the fixtures record sections as not unique
    report = validate(siege(ArmyEntry(by_section["keep"], 1, castle="light"),
                            ArmyEntry(by_section["round tower"], 2, castle="light"),
                            ArmyEntry(by_section["wall"], 6, castle="light"), total=400))
    assert "unique" not in [f.rule for f in report.findings]
    # A catalogue that records a section as unique (a player's own spreadsheet) is not
    # held to the one-of-each rule either.
    marked = {k: dataclasses.replace(f, unique=True) for k, f in by_section.items()}
    report = validate(siege(ArmyEntry(marked["keep"], 1, castle="light"),
                            ArmyEntry(marked["wall"], 6, castle="light"), total=400))
    assert "unique" not in [f.rule for f in report.findings]
    # An ordinary unique figure is still held to it.
    twice = validate(siege(ArmyEntry(by_section["keep"], 1, castle="light"),
                           ArmyEntry(dataclasses.replace(LEECH_MEDIC, unique=True), 2)))
    assert "unique" in [f.rule for f in twice.findings]
