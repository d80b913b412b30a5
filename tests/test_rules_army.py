"""Building an army: points, build totals, actions and uniques (Rulebook II and III)."""

from __future__ import annotations

import sys

import pytest
from test_rules_support import LEECH_MEDIC, RICH, fig

from armybuilder.rules import Army, ArmyEntry, actions_per_turn, validate


def rich(build_total: int = 100, *extra: ArmyEntry) -> Army:
    return Army("Rich", build_total, "open", [ArmyEntry(f) for f in RICH] + list(extra))


def rules(report, severity: str | None = None) -> list[str]:
    return [f.rule for f in report.findings if severity in (None, f.severity)]


def test_rulebook_example_army_is_legal_with_98_of_100_points_and_one_action():
    report = validate(rich())
    assert report.legal
    assert report.points == 98
    assert report.build_total == 100
    assert report.points_left == 2
    assert report.actions == 1
    assert report.errors == ()
    left = [f for f in report.findings if f.rule == "points-left"]
    assert [f.severity for f in left] == ["info"]
    assert "2 points left" in left[0].message


def test_lines_show_what_each_entry_costs():
    report = validate(rich())
    assert [(line.name, line.points) for line in report.lines] == [
        ("Altem Guardsman", 37), ("Demi-Magus", 22), ("Utem Crossbowman", 12),
        ("Utem Guardsman", 13), ("Leech Medic", 14)]


def test_one_point_over_the_build_total_is_illegal():
    army = rich(100, ArmyEntry(fig("Scout", 3, 950)))
    report = validate(army)
    assert not report.legal
    assert report.points == 101
    over = report.errors[0]
    assert over.rule == "over-build-total"
    assert "1 over" in over.message


def test_copies_count_toward_the_points():
    army = Army("Medics", 100, "open", [ArmyEntry(LEECH_MEDIC, 7)])
    assert validate(army).points == 98
    army.entries[0].count = 8
    assert validate(army).points == 112
    assert "over-build-total" in rules(validate(army), "error")


@pytest.mark.parametrize("total", [0, -100, 150, 99])
def test_build_total_must_be_a_positive_multiple_of_100(total):
    report = validate(Army("Odd", total, "open", [ArmyEntry(LEECH_MEDIC)]))
    assert not report.legal
    assert "build-total" in rules(report, "error")


@pytest.mark.parametrize(("total", "actions"), [(100, 1), (200, 2), (300, 3), (1000, 10)])
def test_one_action_per_100_points_of_build_total(total, actions):
    assert validate(Army("A", total, "open", [ArmyEntry(LEECH_MEDIC)])).actions == actions
    assert actions_per_turn(total) == actions


def test_a_second_copy_of_a_unique_makes_the_army_illegal():
    hero = fig("Arman Gessep", 40, 960, rank="unique")
    one = validate(rich(200, ArmyEntry(hero)))
    assert one.legal
    two = validate(rich(200, ArmyEntry(hero, 2)))
    assert not two.legal
    assert rules(two, "error") == ["unique"]
    assert two.errors[0].figures == (hero.key,)
    assert "Arman Gessep" in two.errors[0].message


def test_a_unique_added_twice_in_separate_entries_is_caught():
    hero = fig("Arman Gessep", 40, 960, rank="unique")
    report = validate(rich(200, ArmyEntry(hero), ArmyEntry(hero)))
    assert rules(report, "error") == ["unique"]


def test_the_same_unique_from_two_expansions_is_still_one_figure():
    first = fig("Arman Gessep", 40, 960, rank="unique")
    reprint = fig("Arman Gessep", 40, 60, rank="unique", expansion="unlimited")
    report = validate(rich(200, ArmyEntry(first), ArmyEntry(reprint)))
    assert rules(report, "error") == ["unique"]
    assert set(report.errors[0].figures) == {first.key, reprint.key}


def test_ranked_figures_may_repeat_and_the_unique_flag_is_trusted():
    # FAQ, Figure Corrections: the War Wagon has two rank stars, so it is not unique.
    wagon = fig("War Wagon", 60, 970, unique=False, factions=("Black Powder Rebels",))
    report = validate(Army("Wagons", 200, "open", [ArmyEntry(wagon, 2),
                                                   ArmyEntry(LEECH_MEDIC, 3)]))
    assert "unique" not in rules(report)


def test_an_entry_with_no_figures_is_an_error():
    report = validate(Army("Empty", 100, "open", [ArmyEntry(LEECH_MEDIC, 0)]))
    assert rules(report, "error") == ["entry", "empty"]
    assert report.points == 0


def test_findings_list_errors_first():
    hero = fig("Arman Gessep", 90, 960, rank="unique")
    report = validate(rich(100, ArmyEntry(hero, 2)))
    severities = [f.severity for f in report.findings]
    assert severities == sorted(severities, key=["error", "warning", "info"].index)
    assert severities[0] == "error"


def test_the_army_uses_its_own_profile_by_default():
    army = rich()
    army.profile = "standard"
    assert validate(army).profile == "standard"
    assert not validate(army).legal  # the standard game plays 200 points
    assert validate(army, "open").legal


def test_the_rules_import_no_database_or_ui_code():
    import subprocess

    code = ("import sys, armybuilder.rules as r; r.validate(r.Army('x', 100, 'open'));"
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('sqlmodel', 'sqlalchemy', 'textual', 'pandas') or (m.startswith("
            "'armybuilder.catalogue.') and m != 'armybuilder.catalogue.records')];"
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
