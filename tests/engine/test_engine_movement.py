"""Rulebook III, Movement, Breaking Away and Free Spin; Demoralized's movement rule."""

from __future__ import annotations

import math

import pytest
from engine_helpers import EAST, NORTH, SOUTH, WEST, card, find, kinds, scenario, w

from armybuilder.engine import CloseAttack, FreeSpin, IllegalAction, Move, Pass, apply
from armybuilder.engine import geometry as g

GRUNT = card("Grunt", 20, speed=8)
SLOW = card("Slowpoke", 20, speed=4)
FOE = card("Foe", 20, speed=6)


def test_a_warrior_moves_up_to_his_speed_along_a_curved_path() -> None:
    game = scenario(w(GRUNT, 0, 10, 10), w(FOE, 1, 30, 30))
    # 4" north then 4" east: exactly 8", bending around nothing in particular.
    events = apply(game, Move(0, ((10, 14), (14, 14)), facing=EAST))
    assert find(events, "moved")[0]["to"] == [14.0, 14.0]
    assert game.warriors[0].facing == EAST


def test_a_path_longer_than_speed_is_illegal() -> None:
    game = scenario(w(GRUNT, 0, 10, 10), w(FOE, 1, 30, 30))
    with pytest.raises(IllegalAction, match="Rulebook III, Movement"):
        apply(game, Move(0, ((10, 14), (14.1, 14))))
    assert game.warriors[0].pos == (10, 10)


def test_the_path_may_not_cross_a_base_but_may_go_round_it() -> None:
    game = scenario(w(GRUNT, 0, 10, 10), w(FOE, 1, 10, 13), w(FOE, 1, 30, 30))
    with pytest.raises(IllegalAction, match="may not cross any figure base"):
        apply(game, Move(0, ((10, 16),)))
    apply(game, Move(0, ((11.2, 13), (10, 16))))


def test_the_path_may_not_pass_between_two_bases_in_contact() -> None:
    # Two friendly bases touching side by side, 1" apart centre to centre.
    game = scenario(w(GRUNT, 0, 10, 10), w(GRUNT, 0, 9.5, 13), w(GRUNT, 0, 10.5, 13),
                    w(FOE, 1, 30, 30))
    with pytest.raises(IllegalAction, match="pass between two figures in base contact"):
        apply(game, Move(0, ((10, 16),)))


def test_the_path_may_pass_between_two_bases_that_do_not_touch() -> None:
    game = scenario(w(GRUNT, 0, 10, 10), w(GRUNT, 0, 9.4, 13), w(GRUNT, 0, 10.6, 13),
                    w(FOE, 1, 30, 30))
    apply(game, Move(0, ((10, 16),)))


def test_a_warrior_may_not_end_on_another_base_or_off_the_table() -> None:
    game = scenario(w(GRUNT, 0, 5, 10), w(FOE, 1, 5, 14.5), w(FOE, 1, 30, 30))
    with pytest.raises(IllegalAction, match="overlap"):
        apply(game, Move(0, ((5, 13.6),)))
    with pytest.raises(IllegalAction, match="off the battlefield"):
        apply(game, Move(0, ((0.2, 10),)))


def test_turning_in_place_is_a_move_that_needs_no_break_away() -> None:
    game = scenario(w(GRUNT, 0, 10, 10, NORTH), w(FOE, 1, 10, 11, SOUTH), dice=())
    events = apply(game, Move(0, (), facing=WEST))
    assert "roll" not in kinds(events) and game.warriors[0].facing == WEST
    assert game.warriors[0].tokens == 1


def test_a_failed_break_away_stays_put_but_may_re_face() -> None:
    game = scenario(w(GRUNT, 0, 10, 10, NORTH), w(FOE, 1, 10, 11, SOUTH), dice=(3,))
    events = apply(game, Move(0, ((10, 5),), facing=SOUTH, stuck_facing=EAST))
    assert find(events, "break_away")[0]["success"] is False
    assert game.warriors[0].pos == (10, 10) and game.warriors[0].facing == EAST
    assert game.warriors[0].tokens == 1


def test_a_break_away_roll_of_4_moves_normally() -> None:
    game = scenario(w(GRUNT, 0, 10, 10, NORTH), w(FOE, 1, 10, 11, SOUTH), dice=(4,))
    events = apply(game, Move(0, ((10, 5),), facing=SOUTH, stuck_facing=EAST))
    assert find(events, "roll")[0]["dice"] == [4]
    assert game.warriors[0].pos == (10, 5) and game.warriors[0].facing == SOUTH


def test_moving_into_contact_offers_the_opponent_a_free_spin() -> None:
    game = scenario(w(GRUNT, 0, 10, 10, NORTH), w(FOE, 1, 10, 15, NORTH), w(FOE, 1, 30, 30))
    events = apply(game, Move(0, ((10, 14),), facing=NORTH))
    assert find(events, "free_spin_offered") == [{"e": "free_spin_offered", "warrior": 1,
                                                  "movers": [0]}]
    assert game.to_act == 1 and game.current == 0
    # The spin must bring the front arc onto the warrior that moved.
    with pytest.raises(IllegalAction, match="Free Spin"):
        apply(game, FreeSpin(1, EAST))
    with pytest.raises(IllegalAction, match="finish the current action"):
        apply(game, Pass(0))
    events = apply(game, FreeSpin(1, SOUTH))
    assert game.warriors[1].facing == SOUTH and "turn" in kinds(events)
    assert game.current == 1 and game.warriors[1].tokens == 0  # the spin costs no action


def test_a_free_spin_may_be_declined() -> None:
    game = scenario(w(GRUNT, 0, 10, 10, NORTH), w(FOE, 1, 10, 15, NORTH), w(FOE, 1, 30, 30))
    apply(game, Move(0, ((10, 14),)))
    apply(game, FreeSpin(1, None))
    assert game.warriors[1].facing == NORTH


def test_pushing_damage_comes_after_the_free_spins() -> None:
    game = scenario(w(GRUNT, 0, 10, 10, NORTH, tokens=1), w(FOE, 1, 10, 15, NORTH),
                    w(FOE, 1, 30, 30))
    events = apply(game, Move(0, ((10, 14),)))
    assert "damage" not in kinds(events)
    events = apply(game, FreeSpin(1, SOUTH))
    assert kinds(events)[:2] == ["free_spin", "damage"]


def test_demoralized_warriors_move_but_never_into_contact_nor_attack() -> None:
    shaken = card("Shaken", 20, abilities={0: ("Demoralized",)})
    game = scenario(w(shaken, 0, 10, 10, NORTH), w(GRUNT, 0, 20, 2), w(FOE, 1, 10, 15),
                    w(FOE, 1, 11, 11))
    with pytest.raises(IllegalAction, match="Demoralized"):
        apply(game, Move(0, ((10, 14),)))
    with pytest.raises(IllegalAction, match="Demoralized: may be given only a move or pass"):
        apply(game, CloseAttack(0, 3))
    apply(game, Move(0, (), facing=EAST))  # turning in place is fine


def test_a_captive_moves_with_its_controller_at_the_lower_speed() -> None:
    game = scenario(w(GRUNT, 0, 10, 10, NORTH), w(SLOW, 1, 10, 9, NORTH, captive_of=0),
                    w(FOE, 1, 30, 30))
    assert game.warriors[0].captive == 1
    with pytest.raises(IllegalAction, match="Rulebook III, Movement"):
        apply(game, Move(0, ((10, 14.5),)))  # 4.5" but the captive's speed is 4
    events = apply(game, Move(0, ((10, 14),)))
    assert [e["warrior"] for e in find(events, "moved")] == [0, 1]
    assert game.warriors[1].pos == (10, 13)  # kept in the same place next to him


def test_the_controller_places_his_captive_where_it_can_stand() -> None:
    game = scenario(w(GRUNT, 0, 10, 10, NORTH), w(SLOW, 1, 10, 9, NORTH, captive_of=0),
                    w(FOE, 1, 30, 30))
    with pytest.raises(IllegalAction, match="base contact"):
        apply(game, Move(0, ((10, 14),), captive_at=(12, 14)))
    apply(game, Move(0, ((10, 14),), captive_at=(11.0, 14), captive_facing=WEST))
    c = game.warriors[1]
    assert c.pos == (11.0, 14) and c.facing == WEST
    assert g.bases_touch(game.warriors[0].pos, 0.5, c.pos, 0.5)


def test_captives_are_ignored_for_breaking_away() -> None:
    game = scenario(w(GRUNT, 0, 10, 10, NORTH), w(SLOW, 1, 10, 9, NORTH, captive_of=0),
                    w(FOE, 1, 30, 30), dice=())
    events = apply(game, Move(0, ((10, 12),)))
    assert "break_away" not in kinds(events)


def test_legal_moves_reach_contact_and_are_all_accepted() -> None:
    game = scenario(w(GRUNT, 0, 10, 10, NORTH), w(FOE, 1, 10, 15, SOUTH), w(FOE, 1, 30, 30))
    moves = [a for a in game.legal_actions(0) if isinstance(a, Move)]
    assert any(a.path and g.bases_touch(a.path[-1], 0.5, (10, 15), 0.5) for a in moves)
    assert all(game.is_legal(a) for a in moves)
    behind = [a for a in moves if a.path and a.path[-1][1] > 15.5]
    assert behind, "a move round to the foe's rear is offered"


def test_an_angle_facing_is_stored_normalised() -> None:
    game = scenario(w(GRUNT, 0, 10, 10), w(FOE, 1, 30, 30))
    apply(game, Move(0, (), facing=3 * math.pi))
    assert game.warriors[0].facing == pytest.approx(-math.pi)


def test_legal_actions_can_be_narrowed_to_some_kinds() -> None:
    from armybuilder.engine import RangedAttack

    archer = card("Archer", 20, range=8)
    game = scenario(w(archer, 0, 10, 10, NORTH), w(FOE, 1, 10, 15, SOUTH), w(FOE, 1, 30, 30))
    shots = list(game.legal_actions(kinds={"ranged"}))
    assert shots == [RangedAttack(0, (1,))]
    assert all(isinstance(a, Pass) for a in game.legal_actions(kinds={"pass"}))
    with pytest.raises(ValueError, match="unknown kinds"):
        list(game.legal_actions(kinds={"dance"}))
