"""Chariots in an army: ranks and passengers (Chariot rules, General Rules and Passengers)."""

from __future__ import annotations

import pytest
from test_rules_support import LEECH_MEDIC, castle, chariot, fig

from armybuilder.rules import Army, ArmyEntry, validate

KNIGHT = fig("Mounted Knight", 40, 820, base="cavalry", factions=("Knights Immortal",))


def army(*entries: ArmyEntry) -> Army:
    return Army("Chariots", 500, "open", list(entries), castle_player=True)


def errors(report) -> list[str]:
    return [f.rule for f in report.errors]


def test_a_standard_chariot_with_a_foot_passenger_is_legal():
    wagon = chariot()
    report = validate(army(ArmyEntry(wagon, passenger=LEECH_MEDIC.key), ArmyEntry(LEECH_MEDIC)))
    assert report.legal
    assert report.lines[0].passenger == LEECH_MEDIC.key
    assert report.points == 90 + 14  # the passenger is paid for once, as an army figure


@pytest.mark.parametrize("rank", ["weak", "tough"])
def test_chariots_have_no_weak_or_tough_versions(rank):
    report = validate(army(ArmyEntry(chariot(rank=rank))))
    assert errors(report) == ["chariot-rank"]
    assert report.errors[0].source == "Chariot rules, General Rules"


def test_the_passenger_must_be_in_the_army():
    report = validate(army(ArmyEntry(chariot(), passenger=LEECH_MEDIC.key)))
    assert errors(report) == ["chariot-passenger"]
    assert "not in the army" in report.errors[0].message


def test_a_horseshoe_warrior_cannot_ride():
    report = validate(army(ArmyEntry(chariot(), passenger=KNIGHT.key), ArmyEntry(KNIGHT)))
    assert errors(report) == ["chariot-passenger"]
    assert "horseshoe" in report.errors[0].message


def test_a_multi_dial_warrior_cannot_ride():
    other = chariot("Atlantean Ram", 100, 901, factions=("Atlantis Guild",))
    report = validate(army(ArmyEntry(chariot(), passenger=other.key), ArmyEntry(other)))
    assert errors(report) == ["chariot-passenger"]
    assert "single combat dial" in report.errors[0].message


def test_a_castle_section_cannot_ride():
    wall = castle("wall", 4)
    report = validate(army(ArmyEntry(chariot(), passenger=wall.key), ArmyEntry(wall)))
    assert errors(report) == ["chariot-passenger"]


def test_one_passenger_at_a_time():
    medic_2 = fig("Dwarf Medic", 14, 830, factions=("Black Powder Rebels",))
    report = validate(army(ArmyEntry(chariot(), passenger=f"{LEECH_MEDIC.key},{medic_2.key}"),
                           ArmyEntry(LEECH_MEDIC), ArmyEntry(medic_2)))
    assert errors(report) == ["chariot-passenger"]
    assert "one passenger" in report.errors[0].message


def test_each_passenger_rides_in_one_chariot():
    two = army(ArmyEntry(chariot(), 2, passenger=LEECH_MEDIC.key), ArmyEntry(LEECH_MEDIC))
    assert errors(validate(two)) == ["chariot-passenger"]
    two.entries[1].count = 2
    assert validate(two).legal


def test_only_a_chariot_carries_a_passenger():
    report = validate(army(ArmyEntry(KNIGHT, passenger=LEECH_MEDIC.key), ArmyEntry(LEECH_MEDIC)))
    assert errors(report) == ["chariot-passenger"]
    assert "not a chariot" in report.errors[0].message
