"""Rulebook III, Close Combat and Capturing."""

from __future__ import annotations

import pytest
from engine_helpers import EAST, NORTH, SOUTH, card, find, kinds, scenario, w

from armybuilder.engine import CloseAttack, IllegalAction, Move, Pass, RangedAttack, apply
from armybuilder.engine.geometry import rectangle
from armybuilder.engine.terrain import TerrainFeature

KNIGHT = card("Knight", 30, attack=9, damage=2, range=8)
FOE = card("Foe", 20, defense=16, range=8)


def duel(attacker_facing: float = NORTH, foe_facing: float = SOUTH, **kwargs: object):
    return scenario(w(KNIGHT, 0, 10, 10, attacker_facing), w(FOE, 1, 10, 11, foe_facing),
                    w(FOE, 1, 30, 30), **kwargs)


def test_close_combat_needs_the_front_arc_in_base_contact() -> None:
    game = duel(attacker_facing=EAST)
    with pytest.raises(IllegalAction, match="front arc must be in base contact"):
        apply(game, CloseAttack(0, 1))
    game = duel()
    with pytest.raises(IllegalAction, match="front arc must be in base contact"):
        apply(game, CloseAttack(0, 2))  # not touching


def test_a_hit_deals_the_damage_value() -> None:
    game = duel(dice=(3, 4))
    events = apply(game, CloseAttack(0, 1))
    assert find(events, "hit")[0]["total"] == 16
    assert game.warriors[1].click == 2


def test_plus_one_against_the_rear_arc() -> None:
    game = duel(foe_facing=NORTH, dice=(3, 3))  # 9 + 6 + 1 = 16 against 16
    events = apply(game, CloseAttack(0, 1))
    assert find(events, "hit")[0]["total"] == 16


def test_rolling_2_misses_and_costs_a_click_rolling_12_hits_for_one_more() -> None:
    game = duel(dice=(1, 1))
    events = apply(game, CloseAttack(0, 1))
    assert find(events, "miss") and game.warriors[0].click == 1
    game = duel(dice=(6, 6))
    apply(game, CloseAttack(0, 1))
    assert game.warriors[1].click == 3


def test_a_capture_attempt_adds_two_to_defense_and_takes_no_damage() -> None:
    game = duel(dice=(4, 4))  # 9 + 8 = 17 < 16 + 2
    events = apply(game, CloseAttack(0, 1, capture=True))
    assert find(events, "miss")[0]["defense"] == 18
    game = duel(dice=(4, 5))
    events = apply(game, CloseAttack(0, 1, capture=True))
    assert "captured" in kinds(events) and "damage" not in kinds(events)
    assert game.warriors[0].captive == 1 and game.warriors[1].controller == 0


def captured(**kwargs: object):
    return scenario(w(KNIGHT, 0, 10, 10, NORTH), w(FOE, 1, 10, 11, SOUTH, captive_of=0),
                    w(FOE, 1, 10, 14, SOUTH), w(KNIGHT, 0, 20, 10, NORTH), **kwargs)


def test_a_captive_is_neither_friendly_nor_opposing_and_takes_no_actions() -> None:
    game = captured()
    assert game.opposing_contacts(game.warriors[0]) == []
    apply(game, Pass(0))
    assert game.current == 1
    with pytest.raises(IllegalAction, match="captive cannot be given an action"):
        apply(game, Pass(1))
    assert [a.warrior for a in game.legal_actions() if isinstance(a, Pass)] == [2]


def test_the_controller_may_only_move_or_pass() -> None:
    game = captured()
    with pytest.raises(IllegalAction, match="only be given a move or pass"):
        apply(game, RangedAttack(0, (2,)))


def test_the_controller_cannot_be_captured_but_can_be_attacked_in_close_combat() -> None:
    game = scenario(w(KNIGHT, 0, 10, 10, NORTH), w(FOE, 1, 10, 9, SOUTH, captive_of=0),
                    w(FOE, 1, 10, 11, SOUTH), w(KNIGHT, 0, 20, 10), current=1, dice=(6, 5))
    with pytest.raises(IllegalAction, match="capture attempt"):
        apply(game, CloseAttack(2, 0, capture=True))
    apply(game, CloseAttack(2, 0))
    assert game.warriors[0].click == 2


def test_the_captive_goes_free_when_its_controller_is_eliminated() -> None:
    frail = card("Frail", 10, clicks=1)
    game = scenario(w(frail, 0, 10, 10, NORTH), w(FOE, 1, 10, 9, SOUTH, captive_of=0),
                    w(FOE, 1, 10, 11, SOUTH), w(KNIGHT, 0, 20, 10), current=1, dice=(6, 5))
    events = apply(game, CloseAttack(2, 0))
    assert kinds(events)[-5:-2] == ["eliminated", "score", "released"]
    assert game.warriors[1].controller == -1
    apply(game, Pass(3))
    apply(game, Move(1, ((10, 5),)))  # free to act again


def test_a_captive_released_inside_blocking_terrain_is_eliminated() -> None:
    frail = card("Frail", 10, clicks=1)
    rock = TerrainFeature("blocking", rectangle(9, 8, 11, 9.2))
    game = scenario(w(frail, 0, 10, 10, NORTH), w(FOE, 1, 10, 9, SOUTH, captive_of=0),
                    w(FOE, 1, 10, 11, SOUTH), w(KNIGHT, 0, 20, 10), current=1, dice=(6, 5),
                    terrain=(rock,))
    events = apply(game, CloseAttack(2, 0))
    assert [e["warrior"] for e in find(events, "eliminated")] == [0, 1]
    assert [e["points"] for e in find(events, "score")] == [10]  # nobody scores the captive


def test_one_captive_at_a_time_and_no_capturing_a_captive() -> None:
    game = scenario(w(KNIGHT, 0, 10, 10, NORTH), w(FOE, 1, 10, 9, SOUTH, captive_of=0),
                    w(FOE, 1, 10, 11, SOUTH), w(FOE, 1, 30, 30))
    with pytest.raises(IllegalAction, match="only be given a move or pass"):
        apply(game, CloseAttack(0, 2, capture=True))
    assert game.warriors[1].is_captive


def test_listed_close_attacks_include_captures_and_are_legal() -> None:
    game = duel()
    close = [a for a in game.legal_actions(0) if isinstance(a, CloseAttack)]
    assert set(close) == {CloseAttack(0, 1), CloseAttack(0, 1, capture=True)}


def test_the_roll_line_names_every_modifier() -> None:
    # Rulebook III, Close Combat (+1 against the rear arc) and Capturing (+2 to defense):
    # the hit or miss event names each modifier with the attack value (issue 21, the
    # battle log's roll lines).
    game = duel(foe_facing=NORTH, dice=(3, 4))  # 9 + 7 + 1 = 17 against 16 + 2
    miss = find(apply(game, CloseAttack(0, 1, capture=True)), "miss")[0]
    assert (miss["attack"], miss["total"], miss["defense"]) == (9, 17, 18)
    assert miss["roll_modifiers"] == [["rear arc", 1]]
    assert miss["defense_modifiers"] == [["capture attempt", 2]]
    plain = find(apply(duel(dice=(3, 4)), CloseAttack(0, 1)), "hit")[0]
    assert plain["attack"] == 9 and "roll_modifiers" not in plain \
        and "defense_modifiers" not in plain
