"""Tactics the expert's search sees and a one-ply choice does not: positions written from
the rules, each with the heuristic player's choice (the wrong one), the expert's at a
small budget and fixed seed (the right one), and the expert on a budget of one
simulation (no search: it plays the heuristic's choice), so each test fails when the
search is broken. The figures are invented, small hand-made dials.

The shot at an archer guarding a treasure and the capture in the starting area are in
test_expert.py."""

from __future__ import annotations

import math

from positions_support import NORTH, SOUTH, WEST, at, card, position

from armybuilder.ai.expert import ExpertPlayer
from armybuilder.ai.heuristic import HeuristicPlayer
from armybuilder.engine import (
    Action,
    ClickStats,
    FigureCard,
    Game,
    Move,
    Pass,
    RangedAttack,
)

#: The small budget the searches below are given, and the one that is no search at all.
BUDGET, NO_SEARCH = "16", "1"


def _choices(game: Game) -> tuple[Action, Action, Action]:
    """The heuristic's choice, the expert's with no search and with a small one."""
    return (HeuristicPlayer(1).choose(game), ExpertPlayer(1, NO_SEARCH).choose(game.copy()),
            ExpertPlayer(1, BUDGET).choose(game.copy()))


# Special Abilities Card, Healing: a close combat action on a friend in base contact heals
# it (the attack roll against its defense, no modifiers); the ability shows on the
# medic's first click only, so a click of damage takes it away.
MEDIC = FigureCard(key="test:medic", name="medic", points=20, factions=("Atlantis Guild",),
                   clicks=(ClickStats(2, 5, 15, 2, ("Healing",)),
                           *(ClickStats(2, 5, 15, 1) for _ in range(3))))


def _healer_beside_the_wounded() -> Game:
    # Our shooter (one action a turn, 100 points) reaches the enemy's champion (60 points,
    # two clicks taken, two left) and the medic touching it. Too slow to get out of
    # range, the champion waits for the medic's healing.
    return position(
        at(card("shooter", range_=8, attack=10, damage=1, points=30), 0, 18, 10, NORTH),
        at(card("champion", points=60, defense=11, clicks=4, speed=2), 1, 17, 17, SOUTH,
           click=2),
        at(MEDIC, 1, 18, 17, WEST),
        at(card("reserve", points=30), 0, 4, 2, NORTH), seed=3)


def test_the_expert_shoots_the_healer_before_the_wounded_warrior_it_would_heal() -> None:
    game = _healer_beside_the_wounded()
    champion, medic = RangedAttack(0, (1,)), RangedAttack(0, (2,))
    heuristic, unsearched, searched = _choices(game)
    # One ply: a click off the wounded champion is worth more than one off the medic ...
    assert heuristic == champion and unsearched == champion
    # ... but the medic heals it back on its turn; a click off the medic takes the
    # Healing off its dial, and the champion's wounds stay.
    assert searched == medic


def _pushed_in_range() -> Game:
    # Rulebook III, Pushing: our shooter acted last turn, so another action now costs it
    # a click, leaving it one. The enemy's scout (20 points, one click) is an easy shot;
    # the enemy's archer, out of our range, shoots back on its turn for a click.
    game = position(
        at(card("tired", points=40, attack=10, damage=2, defense=15, clicks=3, range_=6),
           0, 18, 12, NORTH, click=1),
        at(card("scout", points=20, attack=1, damage=1, defense=12, clicks=1), 1, 18, 17,
           SOUTH),
        at(card("archer", points=30, attack=10, damage=1, range_=8), 1, 22, 18,
           math.atan2(-6, -4)),
        at(card("reserve", points=40), 0, 4, 2, NORTH), seed=3)
    tired = game.warriors[0]
    tired.tokens, tired.acted_turn, tired.token_turn = 1, game.turn - 2, game.turn - 2
    return game


def test_the_expert_does_not_push_a_warrior_into_elimination_for_a_small_gain() -> None:
    game = _pushed_in_range()
    heuristic, unsearched, searched = _choices(game)
    # One ply: the scout's points outweigh the pushing click, so it shoots ...
    assert heuristic == RangedAttack(0, (1,)) and unsearched == heuristic
    # ... and the archer's answer takes the last click; rested, the shooter survives it.
    assert searched == Pass(0)


BOW = card("bow", points=20, attack=7, damage=2, range_=8)


def _formation_in_range() -> Game:
    # Rulebook IV, Ranged Combat Formations: three bows touching, one faction, shoot as
    # one at +2. Our sage (60 points, one click from elimination at their damage) stands
    # within their range; its own shot reaches only a decoy.
    return position(
        at(card("sage", points=60, defense=17, range_=6, clicks=2), 0, 17, 13, NORTH),
        at(BOW, 1, 16, 20, SOUTH), at(BOW, 1, 17, 20, SOUTH), at(BOW, 1, 18, 20, SOUTH),
        at(card("decoy", points=30, defense=14), 1, 13, 17, SOUTH),
        at(card("reserve", points=50), 0, 4, 2, NORTH), seed=3)


def test_the_expert_steps_out_of_a_formations_line_of_fire() -> None:
    game = _formation_in_range()
    heuristic, unsearched, searched = _choices(game)
    # One ply: a shot at the decoy scores; standing is worth nothing to it ...
    assert heuristic == RangedAttack(0, (4,)) and unsearched == heuristic
    # ... and the formation's shot at +2 eliminates the sage often enough that stepping
    # back out of every bow's range is right.
    assert isinstance(searched, Move) and searched.warrior == 0 and searched.path
    x, y = searched.path[-1]
    assert all(math.hypot(b.x - x, b.y - y) > BOW.range for b in game.warriors[1:4])
