"""Hand-made cards and a compact scenario builder for the engine tests.

The dials here are invented; only the numbers the rulebook's examples print (points,
speeds, attack and defense values) are taken from the rulebook text.
"""

from __future__ import annotations

import math
import random
from typing import Any

from armybuilder.engine import Game, Scenario, ScenarioPlayer, WarriorSpec, apply
from armybuilder.engine.cards import ClickStats, FigureCard

# Facings as the engine stores them, in [-pi, pi).
EAST, NORTH, WEST, SOUTH = 0.0, math.pi / 2, -math.pi, -math.pi / 2


def card(name: str, points: int = 20, *, speed: int = 8, attack: int = 9, defense: int = 16,
         damage: int = 2, clicks: int = 4, factions: tuple[str, ...] = ("Orc Raiders",),
         abilities: dict[int, tuple[str, ...]] | None = None, dial: list[tuple[int, ...]]
         | None = None, **kwargs: Any) -> FigureCard:
    """A card whose first click shows the given values; later clicks wear down."""
    abilities = abilities or {}
    if dial is None:
        dial = [(max(0, speed - i // 2), max(0, attack - i), max(0, defense - i), damage)
                for i in range(clicks)]
    return FigureCard(
        key=kwargs.pop("key", f"test:{name.lower().replace(' ', '-')}"), name=name,
        points=points, factions=factions,
        clicks=tuple(ClickStats(*v, abilities=abilities.get(i, ())) for i, v in enumerate(dial)),
        **kwargs)


def w(c: FigureCard, player: int, x: float, y: float, facing: float = 0.0, **kw: Any
      ) -> WarriorSpec:
    return WarriorSpec(card=c, player=player, at=(x, y), facing=facing, **kw)


def scenario(*warriors: WarriorSpec, players: int = 2, build: int | tuple[int, ...] = 100,
             dice: tuple[int, ...] | None = None, seed: int = 1, terrain: tuple = (),
             teams: tuple[int, ...] | None = None, **kwargs: Any) -> Game:
    builds = build if isinstance(build, tuple) else (build,) * players
    edges = ("south", "north", "west", "east")
    ps = tuple(ScenarioPlayer(name=f"P{i}", edge=edges[i], build_total=builds[i],
                              team=None if teams is None else teams[i]) for i in range(players))
    return Game.from_scenario(Scenario(players=ps, warriors=tuple(warriors), dice=dice,
                                       seed=seed, terrain=tuple(terrain), **kwargs))


def foe(name: str = "Foe", *abilities: str, **kw: Any) -> FigureCard:
    """A sturdy opponent (defense 15, ten clicks) showing ``abilities`` on its first click."""
    kw.setdefault("defense", 15)
    kw.setdefault("clicks", 10)
    return card(name, 20, abilities={0: abilities} if abilities else None, **kw)


def clicks_of(events: list[dict[str, Any]], warrior: int) -> int:
    """Clicks of damage ``warrior`` took in ``events``."""
    return sum(e["clicks"] for e in find(events, "damage") if e["warrior"] == warrior)


def defense_of(events: list[dict[str, Any]], target: int) -> int:
    """The defense value the first roll against ``target`` had to beat."""
    return next(e["defense"] for e in events if e["e"] in ("hit", "miss")
                and e["target"] == target)


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [e["e"] for e in events]


def find(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["e"] == kind]


def play_randomly(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.over:
            return
        options = list(game.legal_actions())
        assert options, "a game in play always has a legal action"
        apply(game, rng.choice(options))


# Chariots: hand-made and the project's fixtures (tests/chariot_cards.py).
from chariot_cards import SECTION_NAMES, chariot, fixture_chariots  # noqa: E402, F401
