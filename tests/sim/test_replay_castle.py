"""The narration of a siege (Castle rules): the castle player, portals opened and closed,
a breach, rubble, a long-range shot, warriors on top of a section, in plain words."""

from __future__ import annotations

import sys
from pathlib import Path

from armybuilder.engine import Scenario, ScenarioPlayer, WarriorSpec
from armybuilder.sim.replay import CASTLE_MARK, CLOSED_PORTAL, OPEN_PORTAL, RUBBLE_MARK, Narrator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from play.play_support import card, castle_cards


def siege(db: Path) -> Scenario:
    [keep] = castle_cards(db, "fixtures:1")
    return Scenario(players=(ScenarioPlayer("Fort", "south", 300),
                             ScenarioPlayer("Raid", "north", 300)),
                    warriors=(WarriorSpec(keep, 0, (18.0, 5.0), 0.0),
                              WarriorSpec(card("Archer"), 0, (18.0, 5.5), 0.0),
                              WarriorSpec(card("Ram"), 1, (18.0, 30.0), 0.0)), seed=3)


def test_a_siege_told_in_plain_words(db_path: Path) -> None:
    told = Narrator(siege(db_path).to_dict())
    table = told._told.t
    assert table.status(1) == "click 1/5, on top of A"  # Castle rules, Elevation Levels
    assert table.status(0).startswith("keep, click 1/")
    assert "inner door closed, side door closed" in table.status(0)
    drawn = "\n".join(table.map())
    assert CASTLE_MARK in drawn and CLOSED_PORTAL in drawn and OPEN_PORTAL not in drawn
    lines = told.entry(None, [{"e": "portal", "warrior": 0, "portal": "inner door",
                               "open": True}])
    assert lines == ["  Fort opens the inner door of A Castle Keep."]
    assert OPEN_PORTAL in "\n".join(table.map())
    lines = told.entry({"type": "ranged"}, [
        {"e": "action", "warrior": 0, "kind": "ranged", "targets": [2], "long_range": True},
        {"e": "breached", "warrior": 0, "by": 1},
        {"e": "portal", "warrior": 0, "portal": "side door", "open": True},
        {"e": "eliminated", "warrior": 0},
        {"e": "rubble", "warrior": 0, "figures": [1]}])
    assert lines == [
        "  A Castle Keep makes a long-range shot (double range, damage -2) at a Ram.",
        "  A Castle Keep is breached by Raid: its portals are open for the rest of the game.",
        "  The side door of A Castle Keep bursts open.",
        "  A Castle Keep is eliminated and collapses into rubble.",
        "  Rubble lies where A Castle Keep stood; the figures on it stay there."]
    assert table.status(0) == "keep, eliminated: rubble"
    assert table.status(1) == "click 1/5"  # on rubble now, not on top of a section
    drawn = "\n".join(table.map())
    assert RUBBLE_MARK in drawn and CASTLE_MARK not in drawn
