"""The heuristic player fights World Conquest fortifications out (seed 002, Upgrading
Defenses; ai/fortifications.py): the attacker strikes a structure its front arc touches
and walks up to one it cannot otherwise reach; no side is "ahead" with a fortification on
the battlefield (the battle is fought to the death); the holder walks a shooter onto
guard, through the entrance, against the enemy's shooters, and a fighter on guard out
through the entrance, round the walls; a shooter walks up to an enemy holding one of its
side captive (never shot: it touches a friend).

Player 0 (south edge) holds the fortification at the engine's default place on the 36"
table: the fort centred at (18, 3.5), x 16.5-19.5, y 2-5, its 1" entrance in the middle
of the back wall (y = 2).
"""

from __future__ import annotations

import math

from positions_support import card

from armybuilder.ai import positions
from armybuilder.ai.heuristic import HeuristicPlayer
from armybuilder.engine import (
    CloseAttack,
    Game,
    Move,
    Scenario,
    ScenarioPlayer,
    WarriorSpec,
    apply,
)
from armybuilder.engine.fortifications import Fortification, close_targets, guarding

NORTH, SOUTH = math.pi / 2, -math.pi / 2
FORT = Fortification(kind="fort", player=0, size=3.0, defense=19, clicks=10,
                     entrances=(("back", 1.0),), guards=6, ranged_defense=2)
BANNER = Fortification(kind="banner", player=0, size=0.955, defense=12, clicks=1)

BRUTE = card("Brute", points=40, speed=8, attack=11, defense=16, damage=3, clicks=6)
ARCHER = card("Archer", points=30, speed=8, attack=10, defense=15, damage=2, clicks=6, range_=10)
SNIPER = card("Sniper", points=30, speed=6, attack=11, defense=15, damage=2, clicks=6, range_=10)


def game(*warriors: WarriorSpec, forts: tuple[Fortification, ...] = (FORT,),
         current: int = 1) -> Game:
    players = (ScenarioPlayer("P0", "south", 200), ScenarioPlayer("P1", "north", 200))
    g = Game.from_scenario(Scenario(players=players, warriors=tuple(warriors), seed=3,
                                    fortifications=forts, round_limit=100,
                                    first_player=current))
    assert g.current == current
    return g


def spec(c: object, player: int, x: float, y: float, facing: float, **kw: object
         ) -> WarriorSpec:
    return WarriorSpec(card=c, player=player, at=(x, y), facing=facing, **kw)  # type: ignore[arg-type]


def test_attacker_strikes_the_fort_it_touches() -> None:
    # The brute's front arc on the fort's front wall (y = 5); nobody else in reach.
    g = game(spec(BRUTE, 0, 3, 30, SOUTH), spec(BRUTE, 1, 18, 5.52, SOUTH))
    assert close_targets(g, g.warriors[1])
    action = HeuristicPlayer(1).choose(g)
    assert action == CloseAttack(1, g.works[0])


def test_attacker_walks_up_to_the_fort() -> None:
    # The holder's only warrior stands on guard in the middle of the fort, out of reach
    # of a blow across the walls; the brute walks up to the wall to strike the fort.
    g = game(spec(BRUTE, 0, 18, 3.5, NORTH), spec(BRUTE, 1, 18, 11, SOUTH))
    assert guarding(g, g.warriors[0]) is not None
    action = HeuristicPlayer(1).choose(g)
    assert isinstance(action, Move) and action.warrior == 1
    apply(g, action)
    assert close_targets(g, g.warriors[1]), "the brute's front arc touches the fort"


def test_nobody_is_ahead_with_a_fortification() -> None:
    """"Battles are to the death": the side ahead on victory points presses as hard as
    the side behind (positions.ahead), never waiting for the round limit."""
    warriors = (spec(BRUTE, 0, 3, 30, SOUTH), spec(BRUTE, 1, 30, 30, SOUTH),
                spec(ARCHER, 1, 25, 30, SOUTH))
    plain = game(*warriors, forts=())
    assert positions.ahead(plain, 1)
    fortified = game(*warriors, forts=(BANNER,))
    assert not positions.ahead(fortified, 1)
    assert not positions.ahead(fortified, 0)


def test_shooter_walks_onto_guard_through_the_entrance() -> None:
    # The holder's archer stands behind its fort (south of the entrance); two enemy
    # snipers shoot from the north: on guard it has +2 against their shots.
    g = game(spec(ARCHER, 0, 18, 0.8, NORTH), spec(SNIPER, 1, 15, 13, SOUTH),
             spec(SNIPER, 1, 21, 13, SOUTH), current=0)
    assert guarding(g, g.warriors[0]) is None
    action = HeuristicPlayer(1).choose(g)
    assert isinstance(action, Move) and action.warrior == 0
    assert len(action.path) >= 2, "in through the entrance, not over a wall"
    apply(g, action)
    assert guarding(g, g.warriors[0]) is not None


def test_fighter_on_guard_walks_out_through_the_entrance() -> None:
    # A fighter on guard gains nothing there (no shooters about): it goes out through
    # the back entrance and round the walls, toward the enemy brute.
    g = game(spec(BRUTE, 0, 18, 3.5, NORTH), spec(BRUTE, 1, 18, 20, SOUTH), current=0)
    assert guarding(g, g.warriors[0]) is not None
    action = HeuristicPlayer(1).choose(g)
    assert isinstance(action, Move) and action.warrior == 0
    assert any(17.5 <= x <= 18.5 and y < 2.0 for x, y in action.path[:2]), \
        "out through the back entrance (y = 2), not over a wall"
    apply(g, action)
    assert guarding(g, g.warriors[0]) is None


def test_shooter_walks_up_to_a_captor() -> None:
    # The enemy brute holds our brute captive at its own edge: our archer may not shoot
    # it (it touches a friend of ours) and walks up to strike it in close combat.
    g = game(spec(ARCHER, 0, 18, 29, NORTH), spec(BRUTE, 0, 18, 34, SOUTH, captive_of=2),
             spec(BRUTE, 1, 18, 35, SOUTH), forts=(BANNER,), current=0)
    assert g.warriors[2].captive == 1
    action = HeuristicPlayer(1).choose(g)
    assert isinstance(action, Move) and action.warrior == 0
    apply(g, action)
    a, o = g.warriors[0], g.warriors[2]
    assert math.hypot(a.x - o.x, a.y - o.y) <= a.half_length + o.half_length + 0.1
