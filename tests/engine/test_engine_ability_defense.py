"""Defensive abilities: Aquatic, Battle Armor, Defend, Dodge, Invulnerability, Limited
Invisibility, Stealth, Toughness (Special Abilities Card; FAQ)."""

from __future__ import annotations

import pytest
from engine_helpers import EAST, NORTH, SOUTH, WEST, card, clicks_of, defense_of, find, scenario, w

from armybuilder.engine import (
    CancelAbility,
    CloseAttack,
    IllegalAction,
    Move,
    Pass,
    RangedAttack,
    TerrainFeature,
    apply,
)
from armybuilder.engine.geometry import rectangle

ARCHER = card("Archer", 30, attack=8, damage=2, range=12)
BRUTE = card("Brute", 30, attack=9, damage=2)


def ability_card(name: str, *abilities: str, **kw) -> object:
    kw.setdefault("defense", 15)
    kw.setdefault("clicks", 8)
    return card(name, 30, abilities={0: abilities}, **kw)


# --- Battle Armor -----------------------------------------------------------------------


def test_battle_armor_adds_2_against_ranged_attacks_only() -> None:
    armored = ability_card("Armored", "Battle Armor")
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(armored, 1, 10, 18, SOUTH), dice=(4, 4))
    assert defense_of(apply(game, RangedAttack(0, (1,))), 1) == 17
    game = scenario(w(BRUTE, 0, 10, 17, NORTH), w(armored, 1, 10, 18, SOUTH), dice=(4, 4))
    assert defense_of(apply(game, CloseAttack(0, 1)), 1) == 15


# --- Toughness --------------------------------------------------------------------------


def test_toughness_takes_a_click_off_attacks_but_not_off_pushing_or_critical_misses() -> None:
    tough = ability_card("Tough", "Toughness", attack=9, range=8)
    game = scenario(w(BRUTE, 0, 10, 17, NORTH), w(tough, 1, 10, 18, SOUTH), dice=(5, 5))
    events = apply(game, CloseAttack(0, 1))
    assert clicks_of(events, 1) == 1  # 2 - 1
    # A critical miss costs the Toughness warrior its click all the same.
    game = scenario(w(tough, 0, 10, 10, NORTH), w(BRUTE, 1, 10, 17, SOUTH), dice=(1, 1))
    events = apply(game, RangedAttack(0, (1,)))
    assert find(events, "damage") == [{"e": "damage", "warrior": 0, "clicks": 1, "click": 1,
                                       "cause": "critical miss"}]
    # Pushing: moving on two consecutive turns.
    game = scenario(w(tough, 0, 10, 5, NORTH, tokens=1), w(BRUTE, 1, 30, 30))
    events = apply(game, Move(0, ((10, 8),)))
    assert find(events, "damage")[0]["cause"] == "pushing"
    assert find(events, "damage")[0]["clicks"] == 1


# --- Invulnerability --------------------------------------------------------------------


def test_invulnerability_adds_2_against_ranged_and_takes_2_clicks_off() -> None:
    invulnerable = ability_card("Invulnerable", "Invulnerability")
    big = card("Big Gun", 30, attack=10, damage=3, range=12)
    game = scenario(w(big, 0, 10, 10, NORTH), w(invulnerable, 1, 10, 18, SOUTH), dice=(5, 5))
    events = apply(game, RangedAttack(0, (1,)))
    assert defense_of(events, 1) == 17 and clicks_of(events, 1) == 1  # 3 - 2


def test_invulnerability_cannot_be_healed_nor_captured() -> None:
    invulnerable = card("Invulnerable", 30, clicks=8,
                        abilities={i: ("Invulnerability",) for i in range(8)})
    game = scenario(w(invulnerable, 0, 10, 10, click=2), w(BRUTE, 1, 10, 11, SOUTH))
    assert game.heal(game.warriors[0], 2, "test") == 0 and game.warriors[0].click == 2
    game = scenario(w(BRUTE, 0, 10, 10, NORTH), w(invulnerable, 1, 10, 11, SOUTH))
    with pytest.raises(IllegalAction, match="neither capture nor be captured"):
        apply(game, CloseAttack(0, 1, capture=True))


def test_invulnerability_coming_up_sets_a_captive_free() -> None:
    # The holder shows Invulnerability from its second click on.
    holder = card("Warden", 30, attack=9, clicks=6,
                  abilities={i: ("Invulnerability",) for i in range(1, 6)})
    prisoner = card("Prisoner", 20)
    game = scenario(w(holder, 0, 10, 10, NORTH), w(prisoner, 1, 10, 9, NORTH, captive_of=0),
                    w(BRUTE, 1, 10, 11, SOUTH), dice=(5, 5), current=1)
    events = apply(game, CloseAttack(2, 0))
    assert [e["e"] for e in events if e["e"] in ("ability_frees_captive", "released")] == [
        "ability_frees_captive", "released"]
    assert not game.warriors[1].is_captive


# --- Dodge ------------------------------------------------------------------------------


def test_dodge_turns_a_hit_into_a_miss_on_4_5_or_6() -> None:
    dodger = ability_card("Dodger", "Dodge")
    game = scenario(w(BRUTE, 0, 10, 17, NORTH), w(dodger, 1, 10, 18, SOUTH), dice=(5, 5, 4))
    events = apply(game, CloseAttack(0, 1))
    assert find(events, "dodged") and not find(events, "damage")
    game = scenario(w(BRUTE, 0, 10, 17, NORTH), w(dodger, 1, 10, 18, SOUTH), dice=(5, 5, 3))
    events = apply(game, CloseAttack(0, 1))
    assert not find(events, "dodged") and clicks_of(events, 1) == 2


def test_dodge_and_flame_lightning_each_figure_dodges_for_itself() -> None:
    # FAQ, Dodge & Flame/Lightning: the splashed may dodge; one dodge changes nothing else.
    dodger = ability_card("Dodger", "Dodge")
    plain = ability_card("Plain")
    flamer = card("Flamer", 40, attack=9, range=12, abilities={0: ("Flame/Lightning",)})
    game = scenario(w(flamer, 0, 10.5, 10, NORTH), w(plain, 1, 10, 18, SOUTH),
                    w(dodger, 1, 11, 18, SOUTH), dice=(5, 5, 6))
    events = apply(game, RangedAttack(0, (1,), ability="Flame/Lightning"))
    assert find(events, "dodged") == [{"e": "dodged", "warrior": 2, "attacker": 0}]
    assert clicks_of(events, 1) == 1 and clicks_of(events, 2) == 0


# --- Defend -----------------------------------------------------------------------------


def test_defend_lends_its_defense_to_touching_friends_unless_cancelled() -> None:
    guard = ability_card("Guard", "Defend", defense=18)
    squire = ability_card("Squire", defense=13)
    specs = (w(ARCHER, 0, 11, 10, NORTH), w(guard, 1, 10, 18, SOUTH),
             w(squire, 1, 11, 18, SOUTH), w(card("Spare", 10), 1, 30, 30))
    game = scenario(*specs, dice=(4, 4))
    assert defense_of(apply(game, RangedAttack(0, (2,))), 2) == 18
    # Its owner may cancel Defend on his own turn, until that turn ends.
    game = scenario(*specs, dice=(4, 4), current=1)
    apply(game, CancelAbility(1, "Defend"))
    assert game.warriors[1].abilities == ()
    apply(game, Pass(3))
    assert game.warriors[1].abilities == ("Defend",)  # back at the end of the turn


def test_a_lower_defend_value_is_not_forced_on_a_friend() -> None:
    guard = ability_card("Guard", "Defend", defense=12)
    knight = ability_card("Knight", defense=17)
    game = scenario(w(ARCHER, 0, 11, 10, NORTH), w(guard, 1, 10, 18, SOUTH),
                    w(knight, 1, 11, 18, SOUTH), dice=(4, 4))
    assert defense_of(apply(game, RangedAttack(0, (2,))), 2) == 17


# --- Limited Invisibility ---------------------------------------------------------------


def test_limited_invisibility_cannot_be_targeted_at_range_but_can_in_close_combat() -> None:
    ghost = ability_card("Ghost", "Limited Invisibility")
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(ghost, 1, 10, 18, SOUTH),
                    w(BRUTE, 0, 20, 17, NORTH), w(ghost, 1, 20, 18, SOUTH),
                    build=(200, 100), dice=(4, 4))
    with pytest.raises(IllegalAction, match="Limited Invisibility"):
        apply(game, RangedAttack(0, (1,)))
    assert not any(isinstance(a, RangedAttack) for a in game.legal_actions(0))
    apply(game, CloseAttack(2, 3))


def test_an_untargetable_base_still_blocks_lines_of_fire() -> None:
    # FAQ, Special Abilities and Line of Fire.
    ghost = ability_card("Ghost", "Limited Invisibility")
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(ghost, 1, 10, 14, SOUTH),
                    w(ability_card("Behind"), 1, 10, 18, SOUTH))
    with pytest.raises(IllegalAction, match="blocked by a figure base"):
        apply(game, RangedAttack(0, (2,)))


def test_flame_lightning_splashes_a_limited_invisibility_figure() -> None:
    # FAQ, Flame/Lightning & Limited Invisibility.
    ghost = ability_card("Ghost", "Limited Invisibility")
    flamer = card("Flamer", 40, attack=9, range=12, abilities={0: ("Flame/Lightning",)})
    game = scenario(w(flamer, 0, 10.5, 10, NORTH), w(ability_card("Plain"), 1, 10, 18, SOUTH),
                    w(ghost, 1, 11, 18, SOUTH), dice=(5, 5))
    events = apply(game, RangedAttack(0, (1,), ability="Flame/Lightning"))
    assert clicks_of(events, 2) == 1


# --- Stealth ----------------------------------------------------------------------------

WOODS = TerrainFeature("hindering", rectangle(8, 13, 12, 15), name="woods")


def test_stealth_turns_hindering_terrain_on_the_line_into_blocking_terrain() -> None:
    sneak = ability_card("Sneak", "Stealth")
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(sneak, 1, 10, 18, SOUTH),
                    terrain=(WOODS,), dice=(4, 4))
    with pytest.raises(IllegalAction, match="Stealth"):
        apply(game, RangedAttack(0, (1,)))
    # Without hindering terrain on the line Stealth does nothing.
    game = scenario(w(ARCHER, 0, 20, 10, NORTH), w(sneak, 1, 20, 18, SOUTH),
                    terrain=(WOODS,), dice=(4, 4))
    assert defense_of(apply(game, RangedAttack(0, (1,))), 1) == 15


def test_stealth_cancelled_leaves_the_hindering_modifier() -> None:
    sneak = ability_card("Sneak", "Stealth")
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(sneak, 1, 10, 18, SOUTH),
                    w(card("Spare", 10), 0, 30, 3), terrain=(WOODS,), dice=(4, 4),
                    current=1)
    apply(game, CancelAbility(1, "Stealth"))
    assert game.warriors[1].abilities == ()
    apply(game, Pass(1))  # end of player 1's turn: Stealth is back
    with pytest.raises(IllegalAction, match="Stealth"):
        apply(game, RangedAttack(0, (1,)))


# --- Aquatic (FAQ, Special Ability Update) ----------------------------------------------

FORD = TerrainFeature("shallow_water", rectangle(8, 12, 12, 16), name="ford")
LAKE = TerrainFeature("deep_water", rectangle(8, 12, 12, 16), name="lake")
SWIMMER = ability_card("Swimmer", "Aquatic", speed=8)


def test_aquatic_moves_through_water_as_clear_terrain_and_may_end_in_deep_water() -> None:
    game = scenario(w(SWIMMER, 0, 10, 10, NORTH), w(BRUTE, 1, 30, 30), terrain=(FORD,))
    apply(game, Move(0, ((10, 18),)))  # through the ford without stopping
    assert game.warriors[0].pos == (10, 18)
    game = scenario(w(SWIMMER, 0, 10, 10, NORTH), w(BRUTE, 1, 30, 30), terrain=(LAKE,))
    apply(game, Move(0, ((10, 14),)))  # into deep water
    grunt = card("Grunt", 20, speed=8)
    game = scenario(w(grunt, 0, 10, 10, NORTH), w(BRUTE, 1, 30, 30), terrain=(LAKE,))
    with pytest.raises(IllegalAction, match="Deep Water"):
        apply(game, Move(0, ((10, 14),)))


def test_aquatic_starting_in_water_keeps_its_full_speed() -> None:
    game = scenario(w(SWIMMER, 0, 10, 14, NORTH), w(BRUTE, 1, 30, 30), terrain=(FORD,))
    apply(game, Move(0, ((10, 22),)))
    grunt = card("Grunt", 20, speed=8)
    game = scenario(w(grunt, 0, 10, 14, NORTH), w(BRUTE, 1, 30, 30), terrain=(FORD,))
    with pytest.raises(IllegalAction, match='may move 4"'):
        apply(game, Move(0, ((10, 22),)))


def test_aquatic_in_water_adds_2_against_ranged_attacks_only() -> None:
    game = scenario(w(ARCHER, 0, 10, 6, NORTH), w(SWIMMER, 1, 10, 14, SOUTH),
                    terrain=(FORD,), dice=(4, 4))
    assert defense_of(apply(game, RangedAttack(0, (1,))), 1) == 17
    game = scenario(w(BRUTE, 0, 10, 13, NORTH), w(SWIMMER, 1, 10, 14, SOUTH),
                    terrain=(FORD,), dice=(4, 4))
    assert defense_of(apply(game, CloseAttack(0, 1)), 1) == 15
    # Out of the water it adds nothing.
    game = scenario(w(ARCHER, 0, 20, 6, NORTH), w(SWIMMER, 1, 20, 14, SOUTH),
                    terrain=(FORD,), dice=(4, 4))
    assert defense_of(apply(game, RangedAttack(0, (1,))), 1) == 15


def test_aquatic_counts_against_shockwave_and_flame_lightning_splash() -> None:
    # FAQ, Aquatic and Shockwave; Aquatic and Flame/Lightning.
    waver = card("Waver", 40, attack=8, range=12, abilities={0: ("Shockwave",)})
    game = scenario(w(waver, 0, 10, 10, NORTH), w(SWIMMER, 1, 10, 14, SOUTH),
                    terrain=(FORD,), dice=(4, 4))
    assert defense_of(apply(game, RangedAttack(0, (), ability="Shockwave")), 1) == 17
    flamer = card("Flamer", 40, attack=8, range=12, abilities={0: ("Flame/Lightning",)})
    game = scenario(w(flamer, 0, 10, 6, NORTH), w(ability_card("Plain"), 1, 11, 14, SOUTH),
                    w(SWIMMER, 1, 10, 14, SOUTH), terrain=(FORD,), dice=(4, 4))
    events = apply(game, RangedAttack(0, (1,), ability="Flame/Lightning"))
    assert defense_of(events, 2) == 17


def test_water_never_hinders_lines_of_fire() -> None:
    game = scenario(w(ARCHER, 0, 10, 6, NORTH), w(ability_card("Wader"), 1, 10, 14, SOUTH),
                    terrain=(FORD,), dice=(4, 4))
    assert defense_of(apply(game, RangedAttack(0, (1,))), 1) == 15


@pytest.mark.parametrize("facing", [EAST, WEST])
def test_battle_armor_on_a_splashed_figure_counts(facing: float) -> None:
    armored = ability_card("Armored", "Battle Armor")
    flamer = card("Flamer", 40, attack=8, range=12, abilities={0: ("Flame/Lightning",)})
    game = scenario(w(flamer, 0, 10.5, 10, NORTH), w(ability_card("Plain"), 1, 10, 18, facing),
                    w(armored, 1, 11, 18, facing), dice=(4, 4))
    events = apply(game, RangedAttack(0, (1,), ability="Flame/Lightning"))
    assert defense_of(events, 2) == 17
