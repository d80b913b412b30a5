"""The beginning of the turn (Command, Venom), captives (Battle Fury, Berserk), repair and
return (Healing, Regeneration, Necromancy), Demoralized, and cancelling optional abilities."""

from __future__ import annotations

import json

import pytest
from engine_helpers import EAST, NORTH, SOUTH, WEST, card, clicks_of, find, foe, kinds, scenario, w

from armybuilder.engine import (
    CancelAbility,
    CloseAttack,
    Face,
    IllegalAction,
    Move,
    MoveFormation,
    Pass,
    RangedAttack,
    UseAbility,
    action_from_json,
    action_to_json,
    apply,
    replay,
)

ORCS = ("Orc Raiders",)


def always(name: str, *abilities: str, clicks: int = 8, **kw) -> object:
    return card(name, 30, clicks=clicks, abilities={i: abilities for i in range(clicks)}, **kw)


FAR = w(foe("Far"), 1, 34, 34)

# --- Command (FAQ, Special Ability Update) ----------------------------------------------

COMMANDER = always("Commander", "Command")
SHAKEN = card("Shaken", 15, clicks=5, factions=ORCS,
              abilities={2: ("Demoralized",), 3: ("Demoralized",)})


def test_command_rolls_at_the_start_of_the_turn_and_a_6_adds_an_action() -> None:
    game = scenario(w(COMMANDER, 0, 10, 10), FAR, dice=(6,))
    assert game.turn_actions == 2 and find(game.entries[0]["events"], "command")
    game = scenario(w(COMMANDER, 0, 10, 10), FAR, dice=(5,))
    assert game.turn_actions == 1
    assert find(game.entries[0]["events"], "roll")[0]["purpose"] == "command"


def test_command_heals_touching_demoralized_friends_one_click() -> None:
    game = scenario(w(COMMANDER, 0, 10, 10), w(SHAKEN, 0, 11, 10, click=3),
                    w(SHAKEN, 0, 20, 10, click=3), FAR, dice=(2,))
    healed = find(game.entries[0]["events"], "healed")
    assert healed == [{"e": "healed", "warrior": 1, "clicks": 1, "click": 2,
                       "cause": "Command"}]


def test_command_may_not_be_captured() -> None:
    game = scenario(w(card("Jailer", 20), 0, 10, 10, NORTH),
                    w(COMMANDER, 1, 10, 11, SOUTH), dice=(3, 3))
    with pytest.raises(IllegalAction, match="Command"):
        apply(game, CloseAttack(0, 1, capture=True))


# --- Venom ------------------------------------------------------------------------------

SNAKE = always("Snake", "Venom", arc=90)


def test_venom_strikes_the_opposing_figures_on_its_front_arc_at_the_start_of_the_turn() -> None:
    game = scenario(w(SNAKE, 0, 10, 10, NORTH), w(foe(), 1, 10, 11, SOUTH),
                    w(foe(), 1, 10, 9, NORTH), w(foe("Tough", "Toughness"), 1, 11, 10, WEST),
                    current=0)
    damage = find(game.entries[0]["events"], "damage")
    assert [(e["warrior"], e["clicks"], e["ability"]) for e in damage] == [(1, 1, "Venom")]


def test_venom_is_reduced_by_toughness_and_comes_after_command() -> None:
    # FAQ, Special Abilities and Beginning of the Turn: the engine takes Command first.
    tough = always("Tough", "Toughness")
    game = scenario(w(SNAKE, 0, 10, 10, NORTH), w(tough, 1, 10, 11, SOUTH),
                    w(COMMANDER, 0, 9, 10), dice=(1,))
    events = game.entries[0]["events"]
    assert kinds(events).index("roll") < kinds(events).index("damage")
    assert clicks_of(events, 1) == 0


def test_venom_can_end_the_game_at_the_start_of_the_turn() -> None:
    victim = card("Victim", 10, clicks=1)
    game = scenario(w(SNAKE, 0, 10, 10, NORTH), w(victim, 1, 10, 11, SOUTH))
    assert game.over and game.outcome.winners == (0,)


# --- Battle Fury and Berserk ------------------------------------------------------------


def test_battle_fury_can_neither_capture_nor_be_captured() -> None:
    fury = always("Fury", "Battle Fury", attack=9)
    game = scenario(w(fury, 0, 10, 10, NORTH), w(foe(), 1, 10, 11, SOUTH))
    with pytest.raises(IllegalAction, match="Battle Fury"):
        apply(game, CloseAttack(0, 1, capture=True))
    game = scenario(w(card("Jailer", 20), 0, 10, 10, NORTH), w(fury, 1, 10, 11, SOUTH))
    with pytest.raises(IllegalAction, match="Battle Fury"):
        apply(game, CloseAttack(0, 1, capture=True))


def test_battle_fury_coming_up_frees_the_captive() -> None:
    holder = card("Holder", 30, clicks=6, abilities={i: ("Battle Fury",) for i in (1, 2, 3)})
    game = scenario(w(holder, 0, 10, 10, NORTH), w(foe("Prisoner"), 1, 10, 9, captive_of=0),
                    w(card("Hitter", 20, attack=9, damage=1), 1, 10, 11, SOUTH), dice=(4, 4),
                    current=1)
    events = apply(game, CloseAttack(2, 0))
    assert "released" in kinds(events) and not game.warriors[1].is_captive


def test_berserk_eliminates_its_captive_and_never_fires() -> None:
    holder = card("Holder", 30, clicks=6, range=8,
                  abilities={i: ("Berserk",) for i in (1, 2, 3)})
    game = scenario(w(holder, 0, 10, 10, NORTH), w(foe("Prisoner"), 1, 10, 9, captive_of=0),
                    w(card("Hitter", 20, attack=9, damage=1), 1, 10, 11, SOUTH),
                    w(foe(), 1, 20, 20), dice=(4, 4), current=1)
    events = apply(game, CloseAttack(2, 0))
    assert "berserk_kills_captive" in kinds(events)
    assert not game.warriors[1].on_table and game.players[0].score == 20
    berserker = always("Berserker", "Berserk", range=8)
    game = scenario(w(berserker, 0, 10, 10, NORTH), w(foe(), 1, 10, 16, SOUTH))
    with pytest.raises(IllegalAction, match="Berserk"):
        apply(game, RangedAttack(0, (1,)))


# --- Healing ----------------------------------------------------------------------------

MEDIC = always("Medic", "Healing", attack=7, damage=2, factions=ORCS)


def test_healing_heals_the_damage_value_or_a_die_roll() -> None:
    hurt = card("Hurt", 20, clicks=8, defense=14, factions=ORCS)
    game = scenario(w(MEDIC, 0, 10, 10, NORTH), w(hurt, 0, 10, 11, SOUTH, click=5), FAR,
                    dice=(3, 4))
    events = apply(game, CloseAttack(0, 1, ability="Healing"))
    assert find(events, "hit")[0]["defense"] == hurt.clicks[5].defense
    assert game.warriors[1].click == 3
    game = scenario(w(MEDIC, 0, 10, 10, NORTH), w(hurt, 0, 10, 11, SOUTH, click=5), FAR,
                    dice=(3, 4, 4))
    apply(game, CloseAttack(0, 1, ability="Healing", roll_die=True))
    assert game.warriors[1].click == 1


def test_healing_needs_both_figures_clear_of_opposing_figures() -> None:
    hurt = card("Hurt", 20, clicks=8, factions=ORCS)
    game = scenario(w(MEDIC, 0, 10, 10, NORTH), w(hurt, 0, 10, 11, SOUTH, click=5),
                    w(foe(), 1, 11, 11.2, WEST))
    with pytest.raises(IllegalAction, match="neither warrior"):
        apply(game, CloseAttack(0, 1, ability="Healing"))


def test_a_heal_never_passes_the_starting_click() -> None:
    hurt = card("Hurt", 20, clicks=8, factions=ORCS)
    game = scenario(w(MEDIC, 0, 10, 10, NORTH), w(hurt, 0, 10, 11, SOUTH, click=1), FAR,
                    dice=(5, 5))
    events = apply(game, CloseAttack(0, 1, ability="Healing"))
    assert find(events, "healed")[0]["clicks"] == 1 and game.warriors[1].click == 0


# --- Regeneration -----------------------------------------------------------------------

REGENERATOR = always("Troll", "Regeneration")


@pytest.mark.parametrize(("die", "healed"), [(1, 0), (2, 0), (3, 1), (6, 4)])
def test_regeneration_heals_a_die_roll_less_two(die: int, healed: int) -> None:
    game = scenario(w(REGENERATOR, 0, 10, 10, NORTH, click=6), FAR, dice=(die,))
    events = apply(game, UseAbility(0, "Regeneration"))
    assert game.warriors[0].click == 6 - healed and game.warriors[0].pos == (10, 10)
    assert find(events, "action")[0]["kind"] == "move" and game.warriors[0].tokens == 1


def test_regeneration_works_in_base_contact() -> None:
    # FAQ, Regeneration & Base Contact.
    game = scenario(w(REGENERATOR, 0, 10, 10, NORTH, click=6), w(foe(), 1, 10, 11, SOUTH),
                    dice=(6,))
    apply(game, UseAbility(0, "Regeneration"))
    assert game.warriors[0].click == 2


# --- Necromancy -------------------------------------------------------------------------

NECROMANCER = always("Necromancer", "Necromancy", factions=ORCS)


def fallen(name: str) -> object:
    return card(name, 15, clicks=4, defense=5, factions=ORCS)


def test_necromancy_returns_an_eliminated_warrior_after_a_die_of_damage() -> None:
    warrior = fallen("Soldier")
    brute = card("Brute", 30, attack=12, damage=5)
    game = scenario(w(NECROMANCER, 0, 10, 10, NORTH), w(warrior, 0, 20, 10, NORTH),
                    w(brute, 1, 20, 11, SOUTH), current=1, dice=(4, 4, 2))
    apply(game, CloseAttack(2, 1))
    assert not game.warriors[1].on_table and game.players[1].score == 15
    events = apply(game, UseAbility(0, "Necromancy", 1, (11.0, 10), NORTH))
    assert find(events, "returned")[0]["click"] == 2
    assert game.warriors[1].on_table and game.warriors[0].pos == (10, 10)


def test_necromancy_fails_when_the_roll_reaches_three_skulls() -> None:
    warrior = fallen("Soldier")
    brute = card("Brute", 30, attack=12, damage=5)
    game = scenario(w(NECROMANCER, 0, 10, 10, NORTH), w(warrior, 0, 20, 10, NORTH),
                    w(brute, 1, 20, 11, SOUTH), current=1, dice=(4, 4, 4))
    apply(game, CloseAttack(2, 1))
    events = apply(game, UseAbility(0, "Necromancy", 1, (11.0, 10), NORTH))
    assert find(events, "necromancy_failed") and not game.warriors[1].on_table


def test_zombies_and_skeletons_return_without_a_roll_at_full_strength() -> None:
    zombie = fallen("Marsh Zombie")
    brute = card("Brute", 30, attack=12, damage=5)
    game = scenario(w(NECROMANCER, 0, 10, 10, NORTH), w(zombie, 0, 20, 10, NORTH),
                    w(brute, 1, 20, 11, SOUTH), current=1, dice=(4, 4))
    apply(game, CloseAttack(2, 1))
    events = apply(game, UseAbility(0, "Necromancy", 1, (11.0, 10), NORTH))
    assert not find(events, "roll") and game.warriors[1].click == 0
    # Eliminated again, it scores again (Rulebook VI, Victory!, hint).
    assert game.warriors[1].eliminations == 1


def test_necromancy_rules() -> None:
    warrior = fallen("Soldier")
    game = scenario(w(NECROMANCER, 0, 10, 10, NORTH), w(warrior, 0, 20, 10, NORTH),
                    w(foe(), 1, 10, 11, SOUTH))
    with pytest.raises(IllegalAction, match="base contact with an opposing figure"):
        apply(game, UseAbility(0, "Necromancy", 1, (9.0, 10), NORTH))
    game = scenario(w(NECROMANCER, 0, 10, 10, NORTH), w(warrior, 0, 20, 10, NORTH), FAR)
    with pytest.raises(IllegalAction, match="eliminated warriors"):
        apply(game, UseAbility(0, "Necromancy", 1, (11.0, 10), NORTH))


# --- Demoralized ------------------------------------------------------------------------


def test_demoralized_may_join_a_movement_formation_but_not_a_fighting_one() -> None:
    # FAQ, Demoralized & Formations.
    shaken = card("Shaken", 15, clicks=3, factions=ORCS, range=8, attack=8,
                  abilities={0: ("Demoralized",)})
    grunt = card("Grunt", 20, factions=ORCS, range=8, attack=8)
    game = scenario(w(shaken, 0, 10, 10, NORTH), w(grunt, 0, 11, 10, NORTH),
                    w(grunt, 0, 12, 10, NORTH), w(foe(), 1, 11, 16, SOUTH))
    assert game.is_legal(RangedAttack(1, (3,)))
    with pytest.raises(IllegalAction, match="Demoralized"):
        apply(game, RangedAttack(1, (3,), formation=(0, 2)))
    apply(game, MoveFormation(1, (0, 2)))


# --- Rulebook III, Special Abilities: cancelling ----------------------------------------


def test_only_optional_abilities_showing_may_be_cancelled_and_only_by_their_owner() -> None:
    tough = always("Tough", "Toughness", "Dodge")
    game = scenario(w(tough, 0, 10, 10, NORTH), w(tough, 1, 20, 20, NORTH))
    with pytest.raises(IllegalAction, match="not optional"):
        apply(game, CancelAbility(0, "Toughness"))
    with pytest.raises(IllegalAction, match="does not show Stealth"):
        apply(game, CancelAbility(0, "Stealth"))
    with pytest.raises(IllegalAction, match="your own warriors"):
        apply(game, CancelAbility(1, "Dodge"))
    events = apply(game, CancelAbility(0, "Dodge"))
    assert events == [{"e": "cancelled", "warrior": 0, "ability": "Dodge"}]
    assert game.current == 0 and game.actions_used == 0  # no action used
    with pytest.raises(IllegalAction, match="already cancelled"):
        apply(game, CancelAbility(0, "Dodge"))
    assert CancelAbility(0, "Dodge") not in list(game.legal_actions())


def test_a_cancelled_ability_returns_at_the_end_of_the_turn() -> None:
    dodger = always("Dodger", "Dodge")
    game = scenario(w(dodger, 0, 10, 10, EAST), w(card("Hitter", 20, attack=9), 1, 10, 11,
                                                  SOUTH), dice=(4, 4, 6))
    apply(game, CancelAbility(0, "Dodge"))
    apply(game, Pass(0))
    events = apply(game, CloseAttack(1, 0))
    assert find(events, "dodged")


# --- the new actions in the log ---------------------------------------------------------


@pytest.mark.parametrize("action", [
    UseAbility(1, "Magic Levitation", 4, (10.0, 12.5), 1.5, captive_at=(10.0, 13.5)),
    UseAbility(2, "Regeneration"),
    CancelAbility(3, "Flight"),
    Face(4, -1.25),
    RangedAttack(1, (), ability="Shockwave"),
    CloseAttack(1, 4, ability="Healing", roll_die=True),
    Move(1, ((2.0, 3.0),), 0.5, ability="Charge"),
])
def test_ability_actions_round_trip_through_json(action) -> None:
    data = json.loads(json.dumps(action_to_json(action)))
    assert action_from_json(data) == action


def test_a_game_of_ability_actions_replays_byte_for_byte() -> None:
    warlord = always("Warlord", "Magic Levitation", "Command", "Nimble", speed=6)
    charger = always("Charger", "Charge", "Regeneration", speed=6, attack=10)
    game = scenario(w(warlord, 0, 10, 10, NORTH), w(charger, 0, 11, 10, NORTH),
                    w(foe(), 1, 11, 18, SOUTH), w(foe(), 1, 20, 20), build=(300, 200),
                    seed=4)
    apply(game, Face(0, EAST))
    apply(game, CancelAbility(1, "Regeneration"))
    apply(game, UseAbility(0, "Magic Levitation", 1, (11.0, 16.99), NORTH))
    assert game.warriors[1].acted_turn == game.turn  # carried: no action this turn
    text = game.log_json()
    assert replay(text).log_json() == text


def test_legal_actions_can_be_narrowed_to_the_new_kinds() -> None:
    nimble = always("Nimble", "Nimble", "Regeneration", "Dodge")
    game = scenario(w(nimble, 0, 10, 10, SOUTH, click=3), w(foe(), 1, 10, 11, SOUTH))
    assert {type(a).__name__ for a in game.legal_actions(kinds={"cancel"})} == {"CancelAbility"}
    assert list(game.legal_actions(kinds={"facing"})) == [Face(0, NORTH)]
    assert list(game.legal_actions(kinds={"ability"})) == [UseAbility(0, "Regeneration")]
    with pytest.raises(ValueError, match="unknown kinds"):
        list(game.legal_actions(kinds={"teleport"}))


def test_a_scenario_starting_with_a_forbidden_captive_frees_it_at_once() -> None:
    fury = always("Fury", "Battle Fury")
    game = scenario(w(fury, 0, 10, 10, NORTH), w(foe("Prisoner"), 1, 10, 9, captive_of=0),
                    w(foe(), 1, 20, 20))
    assert "released" in kinds(game.entries[0]["events"])
    assert not game.warriors[1].is_captive
