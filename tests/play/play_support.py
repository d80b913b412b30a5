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
from armybuilder.engine.cards import ClickStats, FigureCard
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


def card(name: str, points: int = 20, *, speed: int = 8, attack: int = 9, defense: int = 16,
         damage: int = 2, clicks: int = 5, rng: int = 0, abilities: tuple[str, ...] = (),
         factions: tuple[str, ...] = ("Orc Raiders",)) -> FigureCard:
    """An invented single-dial card whose first click shows the values given."""
    dial = tuple(ClickStats(max(0, speed - i // 2), max(0, attack - i), max(0, defense - i),
                            damage, abilities if i == 0 else ())
                 for i in range(clicks))
    return FigureCard(key=f"test:{name.lower()}", name=name, points=points, clicks=dial,
                      factions=factions, range=rng)


def duel(*specs: WarriorSpec, seed: int = 1, builds: tuple[int, int] = (200, 200),
         commanders: tuple[str, str] = ("human", "random"), **kw: object) -> PlaySession:
    """A session on a hand-made scenario (player 0 south, player 1 north)."""
    players = (ScenarioPlayer("Rich", "south", builds[0]), ScenarioPlayer("Ian", "north",
                                                                          builds[1]))
    sc = Scenario(players=players, warriors=specs, seed=seed, **kw)  # type: ignore[arg-type]
    return PlaySession.start(sc, Seats(commanders, seed))


def at(c: FigureCard, player: int, x: float, y: float, facing: float | None = None,
       **kw: object) -> WarriorSpec:
    if facing is None:
        facing = NORTH if player == 0 else SOUTH
    return WarriorSpec(card=c, player=player, at=(x, y), facing=facing, **kw)  # type: ignore[arg-type]
