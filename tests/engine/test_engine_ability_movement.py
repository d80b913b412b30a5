"""Movement abilities: Flight, Charge, Bound, Quickness, Forced March, Nimble; Pole Arm and
Ram on base contact (Special Abilities Card; FAQ)."""

from __future__ import annotations

import math

import pytest
from engine_helpers import EAST, NORTH, SOUTH, WEST, card, clicks_of, find, foe, kinds, scenario, w

from armybuilder.engine import (
    CancelAbility,
    CloseAttack,
    Face,
    FormationPlan,
    FreeSpin,
    IllegalAction,
    Move,
    MoveFormation,
    Pass,
    RangedAttack,
    TerrainFeature,
    apply,
)
from armybuilder.engine.geometry import rectangle

ORCS = ("Orc Raiders",)


def mover(name: str, *abilities: str, **kw) -> object:
    kw.setdefault("speed", 8)
    kw.setdefault("clicks", 8)
    return card(name, 30, abilities={i: abilities for i in range(kw["clicks"])}, **kw)


FAR = w(foe("Far"), 1, 34, 34)

# --- Flight -----------------------------------------------------------------------------

FLYER = mover("Flyer", "Flight")


def test_flight_crosses_bases_and_blocking_terrain_but_ends_clear_of_both() -> None:
    house = TerrainFeature("blocking", rectangle(8, 13, 12, 15), name="house")
    game = scenario(w(FLYER, 0, 10, 10, NORTH), w(foe(), 1, 10, 11, SOUTH), FAR,
                    terrain=(house,), dice=(1,))
    with pytest.raises(IllegalAction, match="Blocking Terrain"):
        apply(game, Move(0, ((10, 14),)))
    events = apply(game, Move(0, ((10, 17),)))  # over the foe and the house
    # Breaking away fails only on a 1: a 1 was rolled, so it stays.
    assert find(events, "break_away") == [{"e": "break_away", "warrior": 0, "success": False}]


def test_flight_breaks_away_on_a_2_that_others_fail_on() -> None:
    game = scenario(w(FLYER, 0, 10, 10, NORTH), w(foe(), 1, 10, 11, SOUTH), FAR, dice=(2,))
    apply(game, Move(0, ((10, 17),)))
    assert game.warriors[0].pos == (10, 17)


def test_flight_ignores_hindering_terrain_and_abrupt_edges() -> None:
    woods = TerrainFeature("hindering", rectangle(8, 12, 12, 16), name="woods")
    cliff = TerrainFeature("elevated", rectangle(14, 8, 20, 14), abrupt=True, name="cliff")
    game = scenario(w(FLYER, 0, 10, 10, NORTH), FAR, terrain=(woods,))
    apply(game, Move(0, ((10, 18),)))  # through the woods without stopping
    game = scenario(w(FLYER, 0, 10, 11, EAST), FAR, terrain=(cliff,))
    apply(game, Move(0, ((17, 11),)))  # up the cliff with no stairs
    game = scenario(w(FLYER, 0, 10, 14, NORTH), FAR, terrain=(woods,))
    apply(game, Move(0, ((10, 22),)))  # no halving for starting in the woods


def test_flight_may_not_join_a_movement_formation_unless_cancelled() -> None:
    grunt = card("Grunt", 20, speed=6, factions=ORCS)
    flyer = mover("Flyer", "Flight", factions=ORCS)
    game = scenario(w(flyer, 0, 10, 10, NORTH), w(grunt, 0, 11, 10, NORTH),
                    w(grunt, 0, 12, 10, NORTH), FAR)
    with pytest.raises(IllegalAction, match="Flight: may not be part of a movement formation"):
        apply(game, MoveFormation(1, (0, 2)))
    apply(game, CancelAbility(0, "Flight"))
    apply(game, MoveFormation(1, (0, 2)))


# --- Charge and Bound -------------------------------------------------------------------

CHARGER = mover("Charger", "Charge", speed=6, attack=9, damage=2)


def test_charge_doubles_a_move_action() -> None:
    game = scenario(w(CHARGER, 0, 10, 5, NORTH), FAR)
    apply(game, Move(0, ((10, 17),)))  # 12" on speed 6
    game = scenario(w(CHARGER, 0, 10, 5, NORTH), FAR)
    with pytest.raises(IllegalAction, match='may move 12"'):
        apply(game, Move(0, ((10, 17.5),)))


def test_charge_moves_its_speed_then_attacks_in_the_same_action() -> None:
    game = scenario(w(CHARGER, 0, 10, 10, NORTH), w(foe(), 1, 10, 17, SOUTH), FAR,
                    dice=(4, 4))
    with pytest.raises(IllegalAction, match='may move 6"'):
        apply(game, Move(0, ((11.5, 15.9),), NORTH, ability="Charge"))
    events = apply(game, Move(0, ((10, 15.99),), NORTH, ability="Charge"))
    assert find(events, "free_spin_offered")
    apply(game, FreeSpin(1, None))
    assert game.to_act == 0 and game.current == 0
    options = list(game.legal_actions())
    assert CloseAttack(0, 1) in options and Pass(0) in options
    events = apply(game, CloseAttack(0, 1))
    assert clicks_of(events, 1) == 2 and game.current == 1
    assert game.warriors[0].tokens == 1  # one action, one token


def test_charge_may_forgo_its_attack() -> None:
    game = scenario(w(CHARGER, 0, 10, 10, NORTH), w(foe(), 1, 10, 17, SOUTH), FAR)
    apply(game, Move(0, ((10, 15.99),), NORTH, ability="Charge"))
    apply(game, FreeSpin(1, None))
    events = apply(game, Pass(0))
    assert kinds(events)[0] == "follow_up_declined" and game.current == 1


def test_no_charge_attack_for_a_warrior_that_began_the_turn_in_contact() -> None:
    game = scenario(w(CHARGER, 0, 10, 10, NORTH), w(foe(), 1, 10, 11, SOUTH), FAR)
    with pytest.raises(IllegalAction, match="did not start the turn in base contact"):
        apply(game, Move(0, ((10, 12.5),), ability="Charge"))


def test_charge_and_bound_may_not_form_up() -> None:
    charger = mover("Charger", "Charge", factions=ORCS)
    grunt = card("Grunt", 20, attack=8, factions=ORCS)
    game = scenario(w(charger, 0, 10, 10, NORTH), w(grunt, 0, 11, 10, NORTH),
                    w(foe(), 1, 10.5, 10.9, SOUTH), FAR)
    with pytest.raises(IllegalAction, match="Charge: may not be part of any formation"):
        apply(game, CloseAttack(1, 2, formation=(0,)))


def test_bound_moves_its_speed_then_fires() -> None:
    bounder = mover("Bounder", "Bound", speed=6, attack=9, damage=2, range=8)
    game = scenario(w(bounder, 0, 10, 5, NORTH), w(foe(), 1, 10, 17, SOUTH), FAR,
                    dice=(4, 4))
    events = apply(game, Move(0, ((10, 11),), NORTH, ability="Bound"))
    assert game.pending and game.to_act == 0
    events = apply(game, RangedAttack(0, (1,)))
    assert clicks_of(events, 1) == 2 and game.current == 1
    # A plain move goes twice as far.
    game = scenario(w(bounder, 0, 10, 5, NORTH), FAR)
    apply(game, Move(0, ((10, 17),)))


def test_pole_arm_ends_a_charge_before_its_attack() -> None:
    pike = foe("Pikeman", "Pole Arm")
    game = scenario(w(CHARGER, 0, 10, 10, NORTH), w(pike, 1, 10, 17, SOUTH), FAR)
    apply(game, Move(0, ((10, 15.99),), NORTH, ability="Charge"))
    events = apply(game, FreeSpin(1, None))  # the pikeman already faces it
    assert clicks_of(events, 0) == 1 and "action_ended" in kinds(events)
    assert "follow_up_lost" in kinds(events) and game.current == 1


# --- Quickness --------------------------------------------------------------------------


def test_quickness_moves_without_using_an_action_but_is_marked() -> None:
    quick = mover("Quick", "Quickness")
    game = scenario(w(quick, 0, 10, 5, NORTH), w(card("Other", 20), 0, 20, 5, NORTH), FAR)
    assert game.turn_actions == 1
    events = apply(game, Move(0, ((10, 12),)))
    assert "free_action" in kinds(events) and game.current == 0 and game.actions_used == 0
    assert game.warriors[0].tokens == 1
    assert not game.is_legal(Pass(0))  # still one action per warrior per turn
    apply(game, Move(1, ((20, 12),)))
    assert game.current == 1


def test_quickness_may_not_join_a_movement_formation() -> None:
    quick = mover("Quick", "Quickness", factions=ORCS)
    grunt = card("Grunt", 20, factions=ORCS)
    game = scenario(w(quick, 0, 10, 10, NORTH), w(grunt, 0, 11, 10, NORTH),
                    w(grunt, 0, 12, 10, NORTH), FAR)
    with pytest.raises(IllegalAction, match="Quickness"):
        apply(game, MoveFormation(1, (0, 2)))


# --- Forced March -----------------------------------------------------------------------


def test_forced_march_lends_its_speed_to_the_whole_formation() -> None:
    marshal = mover("Marshal", "Forced March", speed=9, factions=ORCS)
    slow = card("Slow", 20, speed=4, factions=ORCS)
    game = scenario(w(marshal, 0, 10, 5, NORTH), w(slow, 0, 11, 5, NORTH),
                    w(slow, 0, 12, 5, NORTH), FAR)
    events = apply(game, MoveFormation(0, (1, 2)))
    assert find(events, "action")[0]["speed"] == 9
    apply(game, FormationPlan(tuple(Move(i, ((10 + i, 14),)) for i in (0, 1, 2))))
    assert game.warriors[1].pos == (11, 14)


# --- Nimble -----------------------------------------------------------------------------


def test_nimble_turns_without_an_action_during_its_owners_turn() -> None:
    nimble = mover("Nimble", "Nimble")
    game = scenario(w(nimble, 0, 10, 10, NORTH), w(foe(), 1, 10, 11, SOUTH), FAR)
    events = apply(game, Face(0, SOUTH))
    assert game.warriors[0].facing == SOUTH and game.current == 0 and game.actions_used == 0
    assert find(events, "faced")[0]["ability"] == "Nimble"
    apply(game, Pass(0))
    with pytest.raises(IllegalAction, match="Nimble: during your turn"):
        apply(game, Face(0, NORTH))
    plain = card("Plain", 20)
    game = scenario(w(plain, 0, 10, 10, NORTH), FAR)
    with pytest.raises(IllegalAction, match="no Nimble"):
        apply(game, Face(0, SOUTH))


# --- Pole Arm ---------------------------------------------------------------------------

PIKE = foe("Pikeman", "Pole Arm", arc=90)


def test_pole_arm_strikes_a_figure_that_moves_onto_its_front_arc() -> None:
    runner = card("Runner", 20, speed=8, clicks=6)
    game = scenario(w(runner, 0, 10, 10, NORTH), w(PIKE, 1, 10, 17, SOUTH), FAR)
    apply(game, Move(0, ((10, 15.99),), NORTH))
    events = apply(game, FreeSpin(1, None))
    assert clicks_of(events, 0) == 1
    assert find(events, "damage")[0]["ability"] == "Pole Arm"


def test_pole_arm_strikes_after_the_free_spin() -> None:
    runner = card("Runner", 20, speed=8, clicks=6)
    game = scenario(w(runner, 0, 10, 10, NORTH), w(PIKE, 1, 10, 17, NORTH), FAR)
    events = apply(game, Move(0, ((10, 15.99),), NORTH))
    assert not find(events, "damage") and game.pending
    events = apply(game, FreeSpin(1, SOUTH))
    assert clicks_of(events, 0) == 1


def test_pole_arm_does_not_reach_across_a_low_wall() -> None:
    # FAQ, Pole Arm & Low Walls.
    wall = TerrainFeature("low_wall", rectangle(8, 16.4, 12, 16.6), name="wall")
    runner = card("Runner", 20, speed=8, clicks=6)
    game = scenario(w(runner, 0, 10, 10, NORTH), w(PIKE, 1, 10, 17.1, SOUTH), FAR,
                    terrain=(wall,))
    events = apply(game, Move(0, ((10, 15.88),), NORTH))
    assert not find(events, "damage") and not find(events, "free_spin_offered")
    # Across the wall the two may still fight in close combat (Rulebook V, Low Walls).
    assert game.current == 1 and game.is_legal(CloseAttack(1, 0))


def test_toughness_reduces_pole_arm_damage() -> None:
    tough = mover("Tough", "Toughness")
    game = scenario(w(tough, 0, 10, 10, NORTH), w(PIKE, 1, 10, 17, SOUTH), FAR)
    apply(game, Move(0, ((10, 15.99),), NORTH))
    events = apply(game, FreeSpin(1, None))
    assert clicks_of(events, 0) == 0


# --- Ram --------------------------------------------------------------------------------

RAM = mover("Ram", "Ram", speed=8, arc=180)


def test_ram_strikes_what_it_comes_into_contact_with_on_its_front_arc() -> None:
    game = scenario(w(RAM, 0, 10, 10, NORTH), w(foe(), 1, 10, 17, EAST), FAR)
    events = apply(game, Move(0, ((10, 15.99),), NORTH))
    assert not find(events, "damage")  # the free spin comes first
    events = apply(game, FreeSpin(1, None))
    # Special Abilities Card, Ram: a click, and the action is over as any move is.
    assert clicks_of(events, 1) == 1 and "action_ended" not in kinds(events)
    assert game.current == 1


def test_ram_and_pole_arm_strike_each_other_at_once() -> None:
    # FAQ, Pole Arm & Ram: the free spin, then both take their click together.
    game = scenario(w(RAM, 0, 10, 10, NORTH), w(PIKE, 1, 10, 17, WEST), FAR)
    apply(game, Move(0, ((10, 15.99),), NORTH))
    events = apply(game, FreeSpin(1, SOUTH))
    damage = find(events, "damage")
    assert [(e["warrior"], e["ability"]) for e in damage] == [(1, "Ram"), (0, "Pole Arm")]


def test_ram_only_on_its_owners_turn_and_only_on_new_contact() -> None:
    game = scenario(w(RAM, 0, 10, 10, NORTH), w(foe(), 1, 10, 11, SOUTH), FAR,
                    dice=(6,))
    events = apply(game, Move(0, ((10, 10),), EAST))  # turning in place
    assert not find(events, "damage")


def test_rotating_ram_facing_matters() -> None:
    game = scenario(w(RAM, 0, 10, 10, NORTH), w(foe(), 1, 10, 17, SOUTH), FAR)
    events = apply(game, Move(0, ((10, 15.99),), SOUTH))  # arrives backwards
    assert not [e for e in events if e.get("ability") == "Ram"]
    assert math.isclose(game.warriors[0].facing, SOUTH)
