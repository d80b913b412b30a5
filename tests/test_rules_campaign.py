"""A World Conquest starting army (World Conquest, Setup 1 and 3): 300 points, a single
faction with a region on the map, exactly one unique warrior, its General; each finding
names its rule."""

from __future__ import annotations

from test_rules_support import castle, chariot, fig

from armybuilder.rules import Army, ArmyEntry
from armybuilder.rules.campaign import check_campaign_army

LORD = fig("Lord", 90, 900, rank="unique")
GUARD = fig("Guard", 50, 901)
ARCHER = fig("Archer", 40, 902)


def army(*entries: ArmyEntry) -> Army:
    return Army("Test", 300, "open", list(entries))


def rules_of(report) -> list[str]:
    return [f.rule for f in report.errors]


def test_a_legal_army_has_its_faction_and_general() -> None:
    report = check_campaign_army(army(ArmyEntry(LORD), ArmyEntry(GUARD, 2), ArmyEntry(ARCHER)))
    assert report.legal and report.points == 230
    assert report.faction == "Atlantis Guild" and report.general == LORD.key


def test_more_than_300_points() -> None:
    report = check_campaign_army(army(ArmyEntry(LORD), ArmyEntry(GUARD, 5)))
    assert rules_of(report) == ["campaign-points"]
    assert report.errors[0].source == "World Conquest, Setup 1"
    assert "340 points" in report.errors[0].message


def test_one_unique_no_more_no_less() -> None:
    report = check_campaign_army(army(ArmyEntry(GUARD, 2)))
    assert rules_of(report) == ["campaign-unique"]
    twin = fig("Other Lord", 80, 903, rank="unique")
    report = check_campaign_army(army(ArmyEntry(LORD), ArmyEntry(twin)))
    assert rules_of(report) == ["campaign-unique"] and "2 unique" in report.errors[0].message


def test_a_single_faction_with_a_region_on_the_map() -> None:
    orc = fig("Orc", 20, 904, factions=("Orc Raiders",))
    report = check_campaign_army(army(ArmyEntry(LORD), ArmyEntry(orc)))
    assert rules_of(report) == ["campaign-faction"]
    # A figure of two factions fits an army of either.
    both = fig("Both", 20, 905, factions=("Orc Raiders", "Atlantis Guild"))
    assert check_campaign_army(army(ArmyEntry(LORD), ArmyEntry(both))).legal
    hero = fig("Hero", 50, 906, rank="unique", factions=("Heroes",))
    report = check_campaign_army(army(ArmyEntry(hero)))
    assert rules_of(report) == ["campaign-region"]
    assert report.errors[0].source == "World Conquest, Setup 3"


def test_what_the_engine_cannot_fight_with() -> None:
    wagon = chariot(factions=("Atlantis Guild",))
    report = check_campaign_army(army(ArmyEntry(LORD), ArmyEntry(wagon)))
    assert "campaign-engine" in rules_of(report)


def test_a_castle_section_cannot_march_with_an_army() -> None:
    # Castle rules, General Rules: a section "can never move or be moved".
    report = check_campaign_army(army(ArmyEntry(LORD), ArmyEntry(castle("wall", 4))))
    found = [f for f in report.findings if f.rule == "campaign-engine"]
    assert found and "castle section; it can never move" in found[0].message


def test_the_rulebooks_own_errors_count_too() -> None:
    report = check_campaign_army(army(ArmyEntry(LORD, 2)))
    assert "unique" in rules_of(report)
