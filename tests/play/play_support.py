"""A small hand-made battle on the demo catalogue where every kind of action can happen
in the first turns: a capture, close combat, a shot, a movement formation, a move, a pass.

Player 0 (south, "Rich", 400 points: 4 actions) faces north; player 1 (north, "Ian",
200 points: 2 actions) faces south. Bases are 1" across, so centres 1" apart touch.
"""

from __future__ import annotations

import math
from pathlib import Path

from armybuilder.catalogue.service import Catalogue
from armybuilder.engine import Scenario, ScenarioPlayer, WarriorSpec
from armybuilder.engine.adapter import cards_from_figure
from armybuilder.play.new import keep
from armybuilder.play.session import PlaySession, Seats

NORTH, SOUTH = math.pi / 2, -math.pi / 2
#: Who stands where: (figure, player, x, y).
LAYOUT = (
    ("demo:7", 0, 10.0, 10.0),   # 0 A: the warlord, in contact with b
    ("demo:3", 0, 14.0, 10.0),   # 1 B: a tough pikeman, in contact with a (to capture it)
    ("demo:4", 0, 20.0, 8.0),    # 2 C: a crossbowman, 6" from c
    ("demo:1", 0, 26.0, 4.0),    # 3 D: three pikemen side by side: a movement formation
    ("demo:1", 0, 27.0, 4.0),    # 4 E
    ("demo:1", 0, 28.0, 4.0),    # 5 F
    ("demo:1", 1, 14.0, 11.0),   # 6 a
    ("demo:1", 1, 10.0, 11.0),   # 7 b
    ("demo:4", 1, 20.0, 14.0),   # 8 c
)
WARLORD, CAPTOR, SHOOTER, FORMATION = 0, 1, 2, (3, 4, 5)


def scenario(catalogue: Catalogue, seed: int = 11) -> Scenario:
    cards = {key: cards_from_figure(catalogue.figure(key)) for key, *_ in LAYOUT}
    warriors = tuple(WarriorSpec(cards[key], player, (x, y), NORTH if player == 0 else SOUTH)
                     for key, player, x, y in LAYOUT)
    players = (ScenarioPlayer("Rich", "south", 400), ScenarioPlayer("Ian", "north", 200))
    return Scenario(players=players, warriors=warriors, seed=seed, round_limit=3,
                    first_player=0)


def scenario_game(db: Path, opponent: str = "random", seed: int = 11) -> int:
    """Save the scenario as a game to play (the human is player 0): its id."""
    catalogue = Catalogue.open(db)
    try:
        session = PlaySession.start(scenario(catalogue, seed), Seats(("human", opponent), seed))
        return keep(catalogue, session, "none")
    finally:
        catalogue.close()
