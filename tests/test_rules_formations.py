"""Which figures could form up (Rulebook IV; FAQ, Apocalypse and Shyft Faction Rules)."""

from __future__ import annotations

from test_rules_support import RICH, castle, chariot, fig

from armybuilder.rules import Army, ArmyEntry, validate

ORC = fig("Orc Raider", 10, 801, factions=("Orc Raiders",))
ORC_2 = fig("Orc Crusher", 20, 802, factions=("Orc Raiders",))
ATLANTEAN = fig("Utem Guardsman", 13, 803)
TWIN = fig("Guild Rebel", 15, 804, factions=("Atlantis Guild", "Black Powder Rebels"))
REBEL = fig("Leech Medic", 14, 805, factions=("Black Powder Rebels",))
APOC = fig("Doom Herald", 25, 806, factions=("Apocalypse",))
SPAWN = fig("Gargoyle", 18, 807, factions=("Mage Spawn",))
SHYFT = fig("Shyft Sorcerer", 30, 808, factions=("Shyft",))
HERO = fig("Wandering Hero", 20, 809, factions=("Heroes",))
SOLONAVI = fig("Solonavi Seer", 20, 810, factions=("Solonavi",))


def check(*entries: ArmyEntry):
    report = validate(Army("Mixed", 1000, "open", list(entries)))
    groups = {g.faction: g for g in report.formations}
    return report, groups


def messages(report, rule: str) -> list[str]:
    return [f.message for f in report.findings if f.rule == rule]


def test_two_orcs_exactly_as_a_player_reads_it():
    report, groups = check(ArmyEntry(ORC, 2))
    assert groups["Orc Raiders"].count == 2
    assert groups["Orc Raiders"].close and not groups["Orc Raiders"].movement_ranged
    assert messages(report, "formations") == [
        "Orc Raiders: 2 figures, no movement or ranged formation possible"]
    assert [f.severity for f in report.findings if f.rule == "formations"] == ["warning"]


def test_a_lone_figure_cannot_make_a_close_formation_either():
    report, _ = check(ArmyEntry(ORC))
    assert [f.severity for f in report.findings if f.rule == "formation-single"] == ["info"]
    assert messages(report, "formation-single") == [
        "Orc Raiders: 1 figure, no movement or ranged formation possible, "
        "no close formation possible"]


def test_three_of_a_faction_make_every_formation_and_raise_nothing():
    report, groups = check(ArmyEntry(ORC, 2), ArmyEntry(ORC_2))
    assert groups["Orc Raiders"].movement_ranged and groups["Orc Raiders"].close
    assert groups["Orc Raiders"].figures == (ORC.key, ORC_2.key)
    assert not [f for f in report.findings if f.rule.startswith("formation")]


def test_multi_faction_figures_count_under_each_of_their_factions():
    report, groups = check(ArmyEntry(ATLANTEAN, 2), ArmyEntry(TWIN), ArmyEntry(REBEL),
                           ArmyEntry(ORC, 2))
    assert groups["Atlantis Guild"].count == 3
    assert groups["Atlantis Guild"].movement_ranged
    assert groups["Black Powder Rebels"].figures == (TWIN.key, REBEL.key)
    assert groups["Black Powder Rebels"].close
    assert not groups["Black Powder Rebels"].movement_ranged
    # The lone Leech Medic cannot join the Atlantis formation, so the shortfall matters.
    assert sorted(messages(report, "formations")) == [
        "Black Powder Rebels: 2 figures, no movement or ranged formation possible",
        "Orc Raiders: 2 figures, no movement or ranged formation possible"]


def test_a_faction_whose_figures_all_form_up_elsewhere_is_only_information():
    report, groups = check(ArmyEntry(ATLANTEAN, 2), ArmyEntry(TWIN))
    assert groups["Black Powder Rebels"].count == 1
    assert messages(report, "formations") == []
    [note] = [f for f in report.findings if f.rule == "formations-elsewhere"]
    assert note.severity == "info"
    assert note.message.startswith("Black Powder Rebels: 1 figure, no movement or ranged "
                                   "formation possible, no close formation possible")
    assert "Atlantis Guild" in note.message


def test_apocalypse_joins_any_faction():
    report, groups = check(ArmyEntry(ORC, 2), ArmyEntry(APOC), ArmyEntry(REBEL))
    orcs = groups["Orc Raiders"]
    assert orcs.count == 3 and orcs.movement_ranged
    assert orcs.apocalypse == (APOC.key,)
    assert groups["Black Powder Rebels"].count == 2
    assert groups["Apocalypse"].count == 1
    # The Apocalypse warrior forms up with the orcs, so its own faction's size is no warning.
    assert not [m for m in messages(report, "formations") if m.startswith("Apocalypse")]


def test_apocalypse_alone_is_warned_about():
    report, groups = check(ArmyEntry(APOC))
    assert set(groups) == {"Apocalypse"}
    assert messages(report, "formation-single") == [
        "Apocalypse: 1 figure, no movement or ranged formation possible, "
        "no close formation possible"]


def test_mage_spawn_never_form_up_without_a_shyft():
    report, groups = check(ArmyEntry(SPAWN, 4))
    spawn = groups["Mage Spawn"]
    assert spawn.count == 4 and not spawn.movement_ranged and not spawn.close
    assert messages(report, "formations") == [
        "Mage Spawn: 4 figures, no formation possible without a Shyft warrior"]


def test_a_lone_mage_spawn_is_a_note_like_any_faction_of_one():
    # Rulebook IV, Restrictions; FAQ, Shyft Faction Rules: no formation without a Shyft;
    # one figure of its kind is information, as for every other faction (issue 21).
    report, groups = check(ArmyEntry(SPAWN), ArmyEntry(ORC, 3))
    assert groups["Mage Spawn"].count == 1
    assert messages(report, "formations") == []
    [note] = [f for f in report.findings if f.rule == "formation-single"]
    assert note.severity == "info" and note.figures == (SPAWN.key,)
    assert note.message == "Mage Spawn: 1 figure, no formation possible without a Shyft warrior"
    assert note.source == "Rulebook IV, Restrictions; FAQ, Shyft Faction Rules"
    assert not report.warnings


def test_mage_spawn_join_a_shyft():
    report, groups = check(ArmyEntry(SPAWN, 2), ArmyEntry(SHYFT))
    shyft = groups["Shyft"]
    assert shyft.count == 3 and shyft.movement_ranged and shyft.close
    assert shyft.mage_spawn == (SPAWN.key,)
    assert "Mage Spawn" not in groups
    assert not [f for f in report.findings if f.rule == "formations"]


def test_mage_spawn_do_not_join_other_factions():
    _, groups = check(ArmyEntry(SPAWN, 2), ArmyEntry(ORC, 2))
    assert SPAWN.key not in groups["Orc Raiders"].figures
    assert groups["Orc Raiders"].count == 2


def test_chariots_castles_and_multi_dial_figures_never_form_up():
    wagon = chariot(factions=("Black Powder Rebels",))
    wall = castle("wall", 950)
    giant = fig("Two-Dial Giant", 80, 960, factions=("Black Powder Rebels",), dials=2)
    report, groups = check(ArmyEntry(REBEL, 2), ArmyEntry(wagon), ArmyEntry(giant),
                           ArmyEntry(wall))
    rebels = groups["Black Powder Rebels"]
    assert rebels.figures == (REBEL.key,)
    assert rebels.count == 2 and not rebels.movement_ranged
    excluded = {f.figures[0]: f for f in report.findings if f.rule == "formation-excluded"}
    assert set(excluded) == {wagon.key, giant.key, wall.key}
    assert excluded[wagon.key].source == "Chariot rules, General Rules"
    assert excluded[wall.key].source == "Castle rules, General Rules"
    assert all(f.severity == "info" for f in excluded.values())


def test_heroes_and_solonavi_are_factions_like_any_other():
    report, groups = check(ArmyEntry(HERO, 3), ArmyEntry(SOLONAVI, 2))
    assert groups["Heroes"].movement_ranged
    assert groups["Solonavi"].close and not groups["Solonavi"].movement_ranged
    assert messages(report, "formations") == [
        "Solonavi: 2 figures, no movement or ranged formation possible"]


def test_the_rulebook_example_army_has_one_lone_rebel():
    report = validate(Army("Rich", 100, "open", [ArmyEntry(f) for f in RICH]))
    groups = {g.faction: g for g in report.formations}
    assert groups["Atlantis Guild"].count == 4
    assert messages(report, "formations") == []
    assert messages(report, "formation-single") == [
        "Black Powder Rebels: 1 figure, no movement or ranged formation possible, "
        "no close formation possible"]
    assert report.legal  # formation advice never makes an army illegal
