"""The heuristic player engages: armies close in and fight instead of waiting out the
round limit (hand-made dials, so the figures are invented)."""

from __future__ import annotations

from positions_support import EAST, NORTH, SOUTH, WEST, at, card, position

from armybuilder.ai.heuristic import HeuristicPlayer
from armybuilder.ai.players import make_player
from armybuilder.engine import (
    CloseAttack,
    FormationPlan,
    Game,
    GameSetup,
    Move,
    MoveFormation,
    Pass,
    PlayerSetup,
    Scenario,
    ScenarioPlayer,
    WarriorSpec,
    apply,
)
from armybuilder.engine.actions import action_from_json
from armybuilder.sim.match import play_game


def test_with_an_action_to_spare_the_heuristic_closes_in_rather_than_passing() -> None:
    # Far out of reach of each other: nothing to shoot or strike, so the only useful
    # action is a move towards the enemy.
    game = position(at(card("walker"), 0, 18, 4, NORTH), at(card("waiter"), 1, 18, 32, SOUTH),
                    seed=3)
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, Move) and action.warrior == 0
    assert action.path[-1][1] > 4 + 4  # most of its 8" speed, straight at the enemy


def test_a_long_shot_beats_a_pass() -> None:
    # A cheap wall of shields the warrior hits on an 11 (a capture only on a 12): each
    # try is worth a fraction of a point, but a pass gets nothing, and a warrior in
    # contact stands and fights.
    game = position(at(card("hopeful", attack=7, damage=1), 0, 18, 18, EAST),
                    at(card("wall", defense=18, clicks=8, points=8), 1, 19.0, 18, WEST),
                    seed=3)
    action = HeuristicPlayer(2).choose(game)
    assert isinstance(action, CloseAttack) and (action.warrior, action.target) == (0, 1)


def _armies() -> GameSetup:
    army_a = (card("archer", range_=8, points=30, speed=7), card("guard", points=30),
              card("brute", attack=10, points=40))
    army_b = (card("sling", range_=6, points=25, attack=8), card("spear", points=35),
              card("ogre", points=40, defense=17, speed=6))
    return GameSetup(players=(PlayerSetup("A", army_a, 100, "south"),
                              PlayerSetup("B", army_b, 100, "north")),
                     seed=21, round_limit=15)


def test_heuristic_armies_fight_each_other_before_the_round_limit() -> None:
    game = play_game(_armies(), [make_player("heuristic", 5), make_player("heuristic", 6)])
    hurt = {0: 0, 1: 0}
    passes = 0
    for entry in game.entries:
        action = entry["action"]
        if action is not None and isinstance(action_from_json(action), Pass):
            passes += 1
        for event in entry["events"]:
            if event["e"] == "damage" and event["clicks"] > 0:
                hurt[game.warriors[event["warrior"]].owner] += event["clicks"]
            elif event["e"] == "captured":  # Rulebook III, Capturing: out of the fight
                hurt[game.warriors[event["warrior"]].owner] += 1
    # Both sides are hurt (or lose a captive), and most actions are spent fighting or
    # closing in.
    assert hurt[0] > 0 and hurt[1] > 0
    assert game.outcome.round <= 15
    assert passes <= game.outcome.round  # at most one turn in two is a rest


# --- movement formations (Rulebook IV) ------------------------------------------------------


def _line(n: int, y: float, player: int = 0, facing: float = NORTH) -> list[WarriorSpec]:
    """``n`` warriors of one faction side by side, bases touching."""
    return [at(card(f"trooper{i}"), player, 16.0 + 1.0005 * i, y, facing) for i in range(n)]


def test_a_movement_formation_moves_the_whole_group_towards_the_enemy() -> None:
    game = position(*_line(3, 4.0), at(card("far"), 1, 17.0, 32.0, SOUTH), seed=3)
    player = HeuristicPlayer(1)
    declared = player.choose(game)
    assert isinstance(declared, MoveFormation)
    assert sorted((declared.warrior, *declared.members)) == [0, 1, 2]
    apply(game, declared)
    plan = player.choose(game)
    assert isinstance(plan, FormationPlan)
    moved = {s.warrior: s.path[-1] for s in plan.steps}
    assert sorted(moved) == [0, 1, 2]  # nobody stays behind
    assert all(end[1] > 4.0 + 6.0 for end in moved.values())  # most of the 8", forward


def test_groups_take_turns_instead_of_everyone_moving_and_then_resting() -> None:
    # Five warriors in one group, two actions a turn: a formation of all five would leave
    # nobody to act next turn without being pushed (Rulebook III, Pushing), and the next
    # turn would be two passes. The group splits: a formation of three and single moves.
    players = (ScenarioPlayer("P0", "south", 200), ScenarioPlayer("P1", "north", 200))
    specs = (*_line(5, 2.0), at(card("far"), 1, 18.0, 34.0, SOUTH))
    game = Game.from_scenario(Scenario(players=players, warriors=specs, seed=3))
    me, them = HeuristicPlayer(1), HeuristicPlayer(2)
    formations = 0
    passes: dict[int, int] = {}
    while game.turn <= 5:  # the approach, before any fighting
        action = (me if game.to_act == 0 else them).choose(game)
        if game.to_act == 0 and not game.pending:
            passes[game.turn] = passes.get(game.turn, 0) + isinstance(action, Pass)
            if isinstance(action, MoveFormation):
                formations += 1
                assert len(action.members) + 1 == 3
        apply(game, action)
    assert formations >= 2
    assert max(passes.values()) <= 1  # never a whole turn of rest
    assert not [ev for e in game.entries for ev in e["events"]
                if ev["e"] == "damage" and ev.get("cause") == "pushing"]  # nobody pushed
