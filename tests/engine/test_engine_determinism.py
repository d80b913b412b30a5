"""A seeded game is the same game on every Python version: the engine's dice, the players'
tie-breaks and their set-up choices all come from the project's own generator
(``armybuilder.engine.dice``, splitmix64), never from Python's ``random``, which keeps no
promise between versions. The numbers below are pinned: a change to any draw shows here.
"""

from __future__ import annotations

import hashlib

from engine_helpers import card

from armybuilder.ai.players import make_player
from armybuilder.engine import Dice, GameSetup, PlayerSetup
from armybuilder.sim.match import play_game
from armybuilder.sim.terrain_presets import terrain_for


def test_the_dice_draw_the_same_numbers_everywhere() -> None:
    dice = Dice(seed=2026)
    assert [dice.d6() for _ in range(8)] == [2, 6, 3, 1, 4, 4, 1, 2]
    assert [dice.below(100) for _ in range(5)] == [20, 34, 93, 0, 52]
    assert dice.fraction() == 0.28069247771864014
    assert dice.choice("abcdefg") == "b"
    assert 3.0 <= dice.uniform(3.0, 4.0) < 4.0


ARMY = (card("Pikeman", 30, speed=8, attack=10, defense=16, damage=2, clicks=6),
        card("Archer", 30, speed=7, attack=9, defense=15, damage=2, range=8, clicks=5),
        card("Rider", 40, speed=10, attack=10, defense=15, damage=3, base="cavalry",
             base_radius=0.875, arc=180, clicks=6),
        card("Captain", 40, speed=8, attack=11, defense=17, damage=2, clicks=7,
             abilities={0: ("Quickness",)}),
        card("Brute", 50, speed=6, attack=11, defense=17, damage=3, clicks=8,
             abilities={0: ("Toughness",)}))

#: The log of the game below, written by this version of the rules and the players.
PINNED = "7cdf62d85241e06e398485c5a8a17d98ee55285b47a9e5b4769ca53cdd71a623"


def test_a_seeded_game_between_the_players_is_pinned() -> None:
    setup = GameSetup(players=(
        PlayerSetup("A", ARMY, 200, "south", terrain=terrain_for("standard", 0)),
        PlayerSetup("B", ARMY, 200, "north", terrain=terrain_for("standard", 1))),
        seed=7, round_limit=12)
    game = play_game(setup, [make_player("heuristic", 11), make_player("random", 12)])
    assert hashlib.sha256(game.log_json().encode()).hexdigest() == PINNED


#: The log of a game with a chariot (and its passenger) on each side.
CHARIOT_PINNED = "fd9a9824c053d5d2f3178cb451bdaf0bd24fb95b656cac591271eed7c9d34b65"


def test_a_seeded_chariot_game_is_pinned() -> None:
    from chariot_cards import chariot

    cart = chariot("War Cart", range=6, abilities={"front": {0: ("Ram",), 1: ("Ram",)}})
    army = (cart, *ARMY[:2])
    setup = GameSetup(players=(
        PlayerSetup("A", army, 200, "south", terrain=terrain_for("standard", 0),
                    passengers=((1, 0),)),
        PlayerSetup("B", army, 200, "north", terrain=terrain_for("standard", 1),
                    passengers=((2, 0),))),
        seed=7, round_limit=12)
    logs = [play_game(setup, [make_player("heuristic", 11), make_player("heuristic", 12)])
            .log_json() for _ in range(2)]
    assert logs[0] == logs[1]
    assert hashlib.sha256(logs[0].encode()).hexdigest() == CHARIOT_PINNED
