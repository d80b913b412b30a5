"""The engine's answers to what a player or a screen asks (engine/answers.py and
engine/chances.py): what the game waits for and from whom, how far a warrior may move
now, where an ability may set a figure down, the actions ending a turn early, why a kind
of action is refused, and every way an attack can turn out with its chance."""

from __future__ import annotations

import math

import pytest
from chariot_cards import chariot
from engine_helpers import NORTH, SOUTH, card, find, scenario, w

from armybuilder.engine import (
    CloseAttack,
    EndTurn,
    FormationPlan,
    Game,
    GameSetup,
    Move,
    MoveFormation,
    Pass,
    PlayerSetup,
    RangedAttack,
    UseAbility,
    apply,
    ending_turn,
    forecast,
    formation_in_order,
    kind_refusal,
    movement_allowance,
    outcomes,
    placements,
    waiting,
    with_captive_placed,
)
from armybuilder.sim.terrain_presets import terrain_for

ORCS = ("Orc Raiders",)
ARCHER = card("Archer", 20, speed=7, attack=9, range=8, clicks=5)
TARGET = card("Target", 20, defense=16, clicks=4)
RUNNER = card("Runner", 20, speed=10, abilities={0: ("Charge",)})


def _shoot() -> Game:
    return scenario(w(ARCHER, 0, 10, 10, NORTH), w(TARGET, 1, 10, 16, SOUTH),
                    w(card("Other", 20), 0, 20, 10, NORTH), build=200)


def test_every_way_an_attack_turns_out_with_its_chance() -> None:
    game = _shoot()
    before = game.log_json()
    attack = RangedAttack(0, (1,))
    branches = outcomes(game, attack)
    assert math.isclose(sum(b.chance for b in branches), 1.0)
    # Two dice by their total: eleven ways, each with its chance out of 36, and then the
    # damage stands as it is (no further dice).
    assert len(branches) == 11 and {sum(b.dice) for b in branches} == set(range(2, 13))
    hit = sum(b.chance for b in branches if find(list(b.events), "hit"))
    odds = forecast(game, attack).odds(game, forecast(game, attack).strikes[0])
    assert math.isclose(hit, odds.hit + odds.critical)
    # A 2 misses and costs the attacker a click (Rulebook III, Rolling "2"s).
    two = next(b for b in branches if sum(b.dice) == 2)
    assert two.game.warriors[0].click == 1 and not find(list(two.events), "hit")
    # The game itself is untouched; each branch is a game of its own that plays on.
    assert game.log_json() == before
    twelve = next(b for b in branches if sum(b.dice) == 12)
    assert twelve.game.warriors[1].click > two.game.warriors[1].click
    apply(twelve.game, Pass(2))
    assert twelve.game.log_json() != game.log_json()


def test_outcomes_stop_counting_past_the_most_asked() -> None:
    # A searcher with no time to count hundreds of ways asks for at most so many: told as
    # soon as the rolls still to count show there are more (before they are played out).
    from armybuilder.engine import ManyWays
    game = _shoot()
    attack = RangedAttack(0, (1,))
    assert len(outcomes(game, attack, most=11)) == 11
    with pytest.raises(ManyWays, match="more than 10 ways"):
        outcomes(game, attack, most=10)


def test_an_illegal_action_has_no_outcomes() -> None:
    from armybuilder.engine import IllegalAction
    with pytest.raises(IllegalAction):
        outcomes(_shoot(), CloseAttack(0, 1))


def test_what_the_game_waits_for_and_from_whom() -> None:
    game = scenario(w(card("A", 10, factions=ORCS), 0, 10, 10, NORTH),
                    w(card("B", 10, factions=ORCS), 0, 11, 10, NORTH),
                    w(card("C", 10, factions=ORCS), 0, 12, 10, NORTH),
                    w(TARGET, 1, 30, 30), build=200)
    assert waiting(game).what == "action" and waiting(game).player == 0
    apply(game, MoveFormation(0, (1, 2)))
    owed = waiting(game)
    assert (owed.what, owed.player, owed.members, owed.stuck) == ("plan", 0, (0, 1, 2), ())
    # Each member may go as far as the formation's speed counts for him (Rulebook IV).
    assert movement_allowance(game, 1) == 8.0 and movement_allowance(game, 3) is None


def test_setting_the_scene_waits_for_the_player_placing() -> None:
    army = (ARCHER, TARGET)
    game = Game.new(GameSetup(players=(
        PlayerSetup("A", army, 100, "south", terrain=terrain_for("standard", 0)),
        PlayerSetup("B", army, 100, "north")), seed=2))
    assert (waiting(game).what, waiting(game).player) == ("terrain", game.deploying)


def test_how_far_a_warrior_may_move_now() -> None:
    game = scenario(w(RUNNER, 0, 10, 10, NORTH), w(ARCHER, 0, 14, 10, NORTH),
                    w(TARGET, 1, 30, 30), build=200)
    # Special Abilities Card, Charge: a move action takes it up to twice its speed
    # value, or up to its speed value and then an attack (the move naming Charge).
    assert movement_allowance(game, 0) == 20.0
    assert movement_allowance(game, 0, "Charge") == 10.0
    assert movement_allowance(game, 1) == 7.0
    assert movement_allowance(game, 1, "Charge") is None  # no Charge in effect
    assert movement_allowance(game, 2) is None  # not his turn
    apply(game, Pass(0))
    assert movement_allowance(game, 0) is None  # one action a turn


def test_a_chariot_goes_as_far_as_its_fastest_sections_take_it() -> None:
    cart = chariot("Cart", values={"front": (6, 9, 16, 3), "left": (4, 7, 15, 2),
                                   "right": (5, 7, 15, 2), "rear": (3, 8, 16, 2)})
    # Two actions (200 points): the front's and the right's move actions, 6 + 5.
    game = scenario(w(cart, 0, 10, 10, NORTH), w(TARGET, 1, 30, 30), build=200)
    assert movement_allowance(game, 0) == 11.0


def test_where_necromancy_may_set_a_figure_down() -> None:
    necromancer = card("Necromancer", 30, factions=ORCS,
                       abilities={i: ("Necromancy",) for i in range(4)})
    fallen = card("Soldier", 15, clicks=4, defense=5, factions=ORCS)
    brute = card("Brute", 30, attack=12, damage=5)
    game = scenario(w(necromancer, 0, 10, 10, NORTH), w(fallen, 0, 20, 10, NORTH),
                    w(brute, 1, 20, 11, SOUTH), current=1, dice=(4, 4, 2))
    assert placements(game, 0) == []  # not player 0's turn yet
    apply(game, CloseAttack(2, 1))
    found = placements(game, 0)
    assert [(a.ability, a.target) for a in found] == [("Necromancy", 1)]
    assert game.is_legal(found[0])
    assert isinstance(found[0], UseAbility) and found[0].at is not None


def test_ending_the_turn_early_passes_the_rest_on_a_copy() -> None:
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(ARCHER, 0, 14, 10, NORTH),
                    w(TARGET, 1, 30, 30), build=300)
    before = game.log_json()
    actions = ending_turn(game)
    assert actions == [Pass(0), Pass(1)] and game.log_json() == before
    for a in actions:
        apply(game, a)
    assert game.current == 1
    assert EndTurn(1) not in ending_turn(game)


def test_why_a_kind_of_action_is_refused() -> None:
    game = scenario(w(card("Brute", 20), 0, 10, 10, NORTH), w(TARGET, 1, 30, 30))
    why = kind_refusal(game, 0, "ranged")
    assert why is not None and "range" in str(why)
    assert kind_refusal(game, 0, "move") is None
    apply(game, Pass(0))
    assert "Turns and Actions" in kind_refusal(game, 0, "move").rule  # type: ignore[union-attr]


def test_a_formations_moves_in_an_order_the_engine_allows() -> None:
    game = scenario(w(card("A", 10, factions=ORCS), 0, 10, 10, NORTH),
                    w(card("B", 10, factions=ORCS), 0, 10, 11, NORTH),
                    w(card("C", 10, factions=ORCS), 0, 10, 12, NORTH),
                    w(TARGET, 1, 30, 30), build=200)
    apply(game, MoveFormation(0, (1, 2)))
    # Northward, the warrior in front must move first or the others walk into him.
    steps = [Move(0, ((10, 14),)), Move(1, ((10, 15),)), Move(2, ((10, 16),))]
    plan = formation_in_order(game, steps)
    assert isinstance(plan, FormationPlan) and [m.warrior for m in plan.steps] == [2, 1, 0]
    assert game.is_legal(plan)


def test_a_captive_is_set_down_where_it_may_stand() -> None:
    holder = card("Holder", 20, factions=ORCS)
    game = scenario(w(holder, 0, 10, 10, NORTH), w(card("Captive", 10), 1, 10, 11, SOUTH,
                                                   captive_of=0),
                    w(card("Wall", 10), 0, 10, 14.5, NORTH), w(TARGET, 1, 30, 30), build=200)
    # Moved along, the captive would stand on the warrior ahead (Rulebook III,
    # Capturing: it is kept in base contact): it goes beside its controller instead.
    move = Move(0, ((10.0, 13.0),), NORTH)
    placed = with_captive_placed(game, move)
    assert not game.is_legal(move) and game.is_legal(placed)
    assert placed.captive_at is not None and placed.captive_at[1] == pytest.approx(13.0)
