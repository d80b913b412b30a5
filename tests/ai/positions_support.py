"""Hand-made positions for the AI's tests: plain cards and warriors placed on the table."""

from __future__ import annotations

import math

from armybuilder.engine import (
    ClickStats,
    FigureCard,
    Game,
    Scenario,
    ScenarioPlayer,
    WarriorSpec,
)

EAST, NORTH, WEST, SOUTH = 0.0, math.pi / 2, -math.pi, -math.pi / 2


def card(name: str, *, points: int = 20, attack: int = 9, defense: int = 16, damage: int = 2,
         clicks: int = 4, speed: int = 8, range_: int = 0) -> FigureCard:
    return FigureCard(key=f"test:{name}", name=name, points=points,
                      factions=("Atlantis Guild",), range=range_,
                      clicks=tuple(ClickStats(speed, attack, defense, damage)
                                   for _ in range(clicks)))


def position(*specs: WarriorSpec, seed: int = 1) -> Game:
    players = (ScenarioPlayer("P0", "south", 100), ScenarioPlayer("P1", "north", 100))
    return Game.from_scenario(Scenario(players=players, warriors=specs, seed=seed))


def at(c: FigureCard, player: int, x: float, y: float, facing: float = 0.0, **kw: object
       ) -> WarriorSpec:
    return WarriorSpec(card=c, player=player, at=(x, y), facing=facing, **kw)  # type: ignore[arg-type]
