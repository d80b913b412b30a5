"""The replay of a World Conquest battle whose holder sets his fortification up himself
(World Conquest, Troop Movements (battle rule 1): SetUpFortification): the fort stands
where it was set up, never at its provisional default place, and the setting up is told."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from armybuilder.engine import (
    Game,
    GameSetup,
    PlayerSetup,
    SetUpFortification,
    apply,
    legal_actions,
)
from armybuilder.engine.fortifications import Fortification
from armybuilder.sim.replay import CASTLE_MARK, OPEN_PORTAL, Narrator, narrate

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from play.play_support import card

FORT = Fortification("fort", 0, 3.0, 19, 10, (("back", 1.0),), 6, 2)
#: The fort's default place on the 36" table: centred along Rich's south edge, x 16.5..
#: 19.5, y 2..5: the map's columns 16..19 (1" a column), rows 15..17 (2" a row).
DEFAULT_COLUMNS = slice(16, 20)
#: Where Rich sets it up instead: centre (7, 2) turned a quarter, x 5.5..8.5, y 0.5..3.5:
#: columns 5..8, rows 16 and 17.
CHOSEN = ((7.0, 2.0), math.pi / 2)
CHOSEN_COLUMNS = slice(5, 9)


def setup(holders_set_up: bool) -> GameSetup:
    return GameSetup(players=(PlayerSetup("Rich", (card("Guard"),), 100, "south"),
                              PlayerSetup("Ian", (card("Brute"),), 100, "north")),
                     fortifications=(FORT,), holders_set_up=holders_set_up, seed=3)


def set_the_scene(game: Game) -> None:
    while game.phase != "play":
        apply(game, next(iter(legal_actions(game))))


def set_up_by_hand() -> Game:
    game = Game.new(setup(True))
    assert game.phase == "fortifications"
    spots = list(legal_actions(game))
    assert spots[0] == SetUpFortification(2, (18.0, 3.5), 0.0)  # the default place
    chosen = SetUpFortification(2, *CHOSEN)
    assert chosen in spots[1:]
    apply(game, chosen)
    set_the_scene(game)
    return game


def told(game: Game) -> list[str]:
    return list(narrate(json.loads(game.log_json()), maps="round"))


def deployed_map(lines: list[str]) -> list[str]:
    """The rows of the map drawn once the armies are deployed, inside its frame."""
    first = lines.index("  -- the armies deployed --")
    return [row[3:-1] for row in lines[first + 3:first + 3 + 18]]


def walls_in(rows: list[str], columns: slice) -> str:
    return "".join(row[columns] for row in rows[15:18])


def test_the_fort_stands_where_its_holder_set_it_up() -> None:
    lines = told(set_up_by_hand())
    assert "Rich sets up the fort at (7.0, 2.0), turned 90 degrees." in lines
    assert not any(line.lstrip().startswith("(fortification set up") for line in lines)
    rows = deployed_map(lines)
    # The walls and the entrance where it was set up, nothing at the default place.
    assert walls_in(rows, CHOSEN_COLUMNS).count(CASTLE_MARK) >= 4
    assert OPEN_PORTAL in walls_in(rows, CHOSEN_COLUMNS)
    assert CASTLE_MARK not in walls_in(rows, DEFAULT_COLUMNS)
    assert "B Fort (fort, click 1/10)" in "\n".join(lines)


def test_the_fort_is_nowhere_until_it_is_set_up() -> None:
    game = Game.new(setup(True))
    n = Narrator(json.loads(game.log_json())["start"])
    drawn = "\n".join(n._told.t.map())
    assert CASTLE_MARK not in drawn and OPEN_PORTAL not in drawn
    assert "B Fort (fort, not set up yet)" in drawn
    (at, rotation) = CHOSEN
    assert n.entry({"type": "set_up_fortification"}, [
        {"e": "fortification_set_up", "player": 0, "warrior": 2, "at": list(at),
         "rotation": rotation}]) == ["Rich sets up the fort at (7.0, 2.0), turned 90 degrees."]
    rows = [row[3:-1] for row in n._told.t.map()[2:20]]
    assert CASTLE_MARK in walls_in(rows, CHOSEN_COLUMNS)
    assert CASTLE_MARK not in walls_in(rows, DEFAULT_COLUMNS)


def test_a_fort_set_up_by_the_engine_is_told_as_before() -> None:
    game = Game.new(setup(False))
    assert game.phase != "fortifications"
    set_the_scene(game)
    plain = told(game)
    held = told(set_up_by_hand())
    # The header is the same but for the count of actions (one more: the setting up).
    assert plain[0] != held[0]
    header = plain[1:plain.index("")]
    assert header == held[1:held.index("")]
    assert "Fortifications: Rich's fort B." in header
    assert not any("sets up the fort" in line or "fortification set up" in line
                   for line in plain)
    # The fort at its default place (its entrance on the back side, y = 2: row 17).
    rows = deployed_map(plain)
    assert walls_in(rows, DEFAULT_COLUMNS).count(CASTLE_MARK) >= 4
    assert OPEN_PORTAL in rows[17][DEFAULT_COLUMNS]
    assert CASTLE_MARK not in walls_in(rows, CHOSEN_COLUMNS)
