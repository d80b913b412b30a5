"""A small hand-made battle on the demo catalogue where every kind of action can happen
in the first turns: a capture, close combat, a shot, a movement formation, a move, a pass.

Player 0 (south, "Rich", 400 points: 4 actions) faces north; player 1 (north, "Ian",
200 points: 2 actions) faces south. Bases are 1" across, so centres 1" apart touch.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from armybuilder.catalogue.service import Catalogue
from armybuilder.engine import Scenario, ScenarioPlayer, TerrainFeature, WarriorSpec
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


def _rect(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


#: One feature of every kind (Rulebook V), away from the figures.
EVERY_TERRAIN = (
    TerrainFeature("hindering", _rect(2.0, 16.0, 8.0, 20.0), name="wood"),
    TerrainFeature("blocking", _rect(30.0, 16.0, 33.0, 19.0), name="ruin"),
    TerrainFeature("elevated", _rect(24.0, 24.0, 32.0, 30.0), name="hill"),
    TerrainFeature("shallow_water", _rect(4.0, 26.0, 10.0, 28.0), name="ford"),
    TerrainFeature("deep_water", _rect(12.0, 28.0, 18.0, 30.0), name="pool"),
    TerrainFeature("low_wall", _rect(16.0, 20.0, 22.0, 20.4), name="wall"),
)


def scenario(catalogue: Catalogue, seed: int = 11, marks: bool = False) -> Scenario:
    """The battle above; ``marks``: with every kind of terrain and every mark a figure
    can carry (a Demoralized warlord, a captive, an action token), for pictures."""
    cards = {key: cards_from_figure(catalogue.figure(key)) for key, *_ in LAYOUT}
    warriors = [WarriorSpec(cards[key], player, (x, y), NORTH if player == 0 else SOUTH)
                for key, player, x, y in LAYOUT]
    if marks:
        last = len(cards["demo:7"].clicks) - 1
        warriors[WARLORD] = replace(warriors[WARLORD], click=last)
        warriors[6] = replace(warriors[6], captive_of=CAPTOR)
        warriors[SHOOTER] = replace(warriors[SHOOTER], tokens=1)
    players = (ScenarioPlayer("Rich", "south", 400), ScenarioPlayer("Ian", "north", 200))
    return Scenario(players=players, warriors=tuple(warriors), seed=seed, round_limit=3,
                    first_player=0, terrain=EVERY_TERRAIN if marks else ())


def scenario_game(db: Path, opponent: str = "random", seed: int = 11,
                  marks: bool = False) -> int:
    """Save the scenario as a game to play (the human is player 0): its id."""
    catalogue = Catalogue.open(db)
    try:
        session = PlaySession.start(scenario(catalogue, seed, marks),
                                    Seats(("human", opponent), seed))
        return keep(catalogue, session, "none")
    finally:
        catalogue.close()


#: A chariot battle (Chariot rules): Rich's war wagon, which was given an action last
#: turn (so its first action now pushes it), a pikeman riding in it, and a crossbowman;
#: Ian's two pikemen north and one east of it, a crossbowman further off.
CHARIOT_LAYOUT = (
    ("fixtures:5", 0, 10.0, 8.0),   # 0 A: Black Powder War Wagon, facing north
    ("demo:1", 0, None, None),      # 1 B: a pikeman riding in A
    ("demo:4", 0, 24.0, 4.0),       # 2 C: a crossbowman
    ("demo:1", 1, 10.0, 24.0),      # 3 a
    ("demo:1", 1, 17.0, 11.0),      # 4 b: east of where A drives to
    ("demo:6", 1, 30.0, 30.0),      # 5 c
)
WAGON, RIDER = 0, 1


def chariot_scenario(catalogue: Catalogue, seed: int = 5, tokens: int = 1) -> Scenario:
    """The chariot battle above: Rich (south, 400 points: 4 actions) moves first."""
    cards = {key: cards_from_figure(catalogue.figure(key)) for key, *_ in CHARIOT_LAYOUT}
    warriors = []
    for key, player, x, y in CHARIOT_LAYOUT:
        if x is None or y is None:
            warriors.append(WarriorSpec(cards[key], player, None, riding=WAGON))
            continue
        warriors.append(WarriorSpec(cards[key], player, (x, y), NORTH if player == 0
                                    else SOUTH, tokens=tokens if key == "fixtures:5" else 0))
    players = (ScenarioPlayer("Rich", "south", 400), ScenarioPlayer("Ian", "north", 200))
    return Scenario(players=players, warriors=tuple(warriors), seed=seed, round_limit=2,
                    first_player=0)


def chariot_game(db: Path, opponent: str = "random", seed: int = 5, tokens: int = 1) -> int:
    """Save the chariot battle as a game to play (the human is player 0): its id."""
    catalogue = Catalogue.open(db)
    try:
        session = PlaySession.start(chariot_scenario(catalogue, seed, tokens),
                                    Seats(("human", opponent), seed))
        return keep(catalogue, session, "none")
    finally:
        catalogue.close()


def card(name: str, points: int = 20, *, speed: int = 8, attack: int = 9, defense: int = 16,
         damage: int = 2, clicks: int = 5, rng: int = 0, abilities: tuple[str, ...] = (),
         factions: tuple[str, ...] = ("Orc Raiders",)) -> FigureCard:
    """An invented single-dial card whose first click shows the values given (and every
    click the abilities)."""
    dial = tuple(ClickStats(max(0, speed - i // 2), max(0, attack - i), max(0, defense - i),
                            damage, abilities)
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


#: A siege (Castle rules) on a 48" table: Rich holds a keep (its side door on x = 26.5,
#: y 4.5..5.5, shut at the start) with two guards on its top; Ian's footman stands at the
#: side door facing it, another 9" north of the keep's centre point (within its range of
#: 10", beyond the 4" no section fires within).
SIEGE_LAYOUT = (
    ("keep", 0, 24.0, 5.0, 0.0),       # 0 A: Castle Keep (fixtures:1), outer face north
    ("guard", 0, 25.0, 5.0, math.pi),  # 1 B: on the keep's top
    ("guard", 0, 23.0, 6.5, math.pi),  # 2 C: on the keep's top
    ("foot", 1, 27.0, 5.0, math.pi),   # 3 a: at the side door, facing it
    ("foot", 1, 24.0, 14.0, SOUTH),    # 4 b: in the keep's range
)
KEEP_SECTION, GUARDS, DOOR_FOOT, FAR_FOOT = 0, (1, 2), 3, 4


def castle_cards(db: Path, *refs: str) -> list[FigureCard]:
    """The castle sections ``refs`` as the database holds them (``fixtures:1`` the keep,
    ``fixtures:3`` the gatehouse, ``fixtures:4`` a wall), as the engine plays them."""
    from armybuilder.engine.adapter import castle_card

    catalogue = Catalogue.open(db)
    try:
        return [castle_card(catalogue.figure(ref)) for ref in refs]
    finally:
        catalogue.close()


def siege_scenario(catalogue: Catalogue, seed: int = 3) -> Scenario:
    """The siege above: Rich (south, the castle player) moves first."""
    from armybuilder.engine.adapter import castle_card

    cards = {"keep": castle_card(catalogue.figure("fixtures:1")),
             "guard": card("Guard", defense=16), "foot": card("Footman")}
    warriors = tuple(WarriorSpec(cards[kind], player, (x, y), facing)
                     for kind, player, x, y, facing in SIEGE_LAYOUT)
    players = (ScenarioPlayer("Rich", "south", 400), ScenarioPlayer("Ian", "north", 400))
    return Scenario(players=players, warriors=warriors, seed=seed, round_limit=3,
                    first_player=0, table=48.0)


def siege_game(db: Path, opponent: str = "human", seed: int = 3) -> int:
    """Save the siege as a game to play (Rich, the castle player, is human): its id."""
    catalogue = Catalogue.open(db)
    try:
        session = PlaySession.start(siege_scenario(catalogue, seed),
                                    Seats(("human", opponent), seed))
        return keep(catalogue, session, "none")
    finally:
        catalogue.close()
