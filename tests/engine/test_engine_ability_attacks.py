"""Attack abilities: Flame/Lightning, Shockwave, Pierce, Sweep, Weapon Master, Sneak Attack,
Vampirism; the FAQ's damage order and one ability per action."""

from __future__ import annotations

import pytest
from engine_helpers import (
    EAST,
    NORTH,
    SOUTH,
    WEST,
    card,
    clicks_of,
    defense_of,
    find,
    foe,
    scenario,
    w,
)

from armybuilder.engine import (
    CancelAbility,
    CloseAttack,
    FreeSpin,
    IllegalAction,
    Move,
    RangedAttack,
    TerrainFeature,
    apply,
)
from armybuilder.engine.geometry import rectangle

# --- Flame/Lightning --------------------------------------------------------------------

FLAMER = card("Flamer", 40, attack=9, damage=3, range=10, abilities={0: ("Flame/Lightning",)})


def test_flame_lightning_hits_the_target_and_every_figure_touching_it_for_1() -> None:
    game = scenario(w(FLAMER, 0, 10, 10, NORTH), w(foe(), 1, 10, 18, SOUTH),
                    w(foe(), 1, 11, 18, SOUTH), w(foe(), 1, 10, 19, SOUTH),
                    w(foe(), 1, 20, 18, SOUTH), dice=(4, 4))
    events = apply(game, RangedAttack(0, (1,), ability="Flame/Lightning"))
    assert len(find(events, "roll")) == 1  # one roll for all
    assert {e["target"] for e in find(events, "hit")} == {1, 2, 3}
    assert [clicks_of(events, i) for i in (1, 2, 3, 4)] == [1, 1, 1, 0]
    assert [e.get("splash", False) for e in find(events, "hit")] == [False, True, True]


def test_flame_lightning_splash_needs_no_line_of_fire_and_takes_no_terrain_modifier() -> None:
    # FAQ, Flame/Lightning & Lines of Fire: out of range and behind blocking terrain.
    # The splashed figure is 11" away (range 10) and the target's base blocks the line.
    woods = TerrainFeature("hindering", rectangle(10, 14, 12, 15), name="woods")
    game = scenario(w(FLAMER, 0, 11, 10, NORTH), w(foe(), 1, 11, 20, SOUTH),
                    w(foe(), 1, 11, 21, SOUTH), terrain=(woods,), dice=(4, 4))
    events = apply(game, RangedAttack(0, (1,), ability="Flame/Lightning"))
    # The line to the target crosses woods: +1 for it, nothing for the splashed figure.
    assert defense_of(events, 1) == 16 and defense_of(events, 2) == 15


def test_flame_lightning_never_splashes_a_captive() -> None:
    jailer = foe("Jailer")
    prisoner = card("Prisoner", 10, factions=("Orc Raiders",))
    game = scenario(w(FLAMER, 0, 10, 10, NORTH), w(foe(), 1, 10, 18, SOUTH),
                    w(jailer, 1, 11, 18, SOUTH), w(prisoner, 0, 12, 18, NORTH, captive_of=2),
                    dice=(4, 4))
    events = apply(game, RangedAttack(0, (1,), ability="Flame/Lightning"))
    assert {e["target"] for e in find(events, "hit")} == {1, 2}


def test_cancelling_flame_lightning_gives_an_ordinary_attack() -> None:
    # Rulebook III, Special Abilities: an optional ability may be cancelled; naming none
    # gives the ordinary attack (FAQ, Special Abilities and Giving Actions).
    game = scenario(w(FLAMER, 0, 10, 10, NORTH), w(foe(), 1, 10, 18, SOUTH),
                    w(foe(), 1, 11, 18, SOUTH), dice=(4, 4))
    events = apply(game, RangedAttack(0, (1,)))
    assert clicks_of(events, 1) == 3 and clicks_of(events, 2) == 0
    game = scenario(w(FLAMER, 0, 10, 10, NORTH), w(foe(), 1, 10, 18, SOUTH), dice=(4, 4))
    apply(game, CancelAbility(0, "Flame/Lightning"))
    with pytest.raises(IllegalAction, match="no Flame/Lightning in effect"):
        apply(game, RangedAttack(0, (1,), ability="Flame/Lightning"))


def test_flame_lightning_is_never_a_formation_attack() -> None:
    a = card("Flamer", 40, attack=9, range=10, abilities={0: ("Flame/Lightning",)})
    game = scenario(w(a, 0, 10, 10, NORTH), w(a, 0, 11, 10, NORTH), w(a, 0, 12, 10, NORTH),
                    w(foe(), 1, 11, 18, SOUTH), build=(300, 100))
    with pytest.raises(IllegalAction, match="Rule Changes 1"):
        apply(game, RangedAttack(1, (3,), formation=(0, 2), ability="Flame/Lightning"))
    assert game.is_legal(RangedAttack(1, (3,), formation=(0, 2)))


# --- Shockwave --------------------------------------------------------------------------

WAVER = card("Waver", 40, attack=9, damage=3, range=8, abilities={0: ("Shockwave",)},
             arc=90)


def test_shockwave_reaches_every_figure_within_half_range_all_round() -> None:
    friend = foe("Friend", factions=("Orc Raiders",))
    game = scenario(w(WAVER, 0, 15, 15, NORTH), w(foe(), 1, 15, 18.9, SOUTH),  # in front
                    w(foe(), 1, 15, 11.5, NORTH),  # behind, 3.5" away
                    w(friend, 0, 16, 15, NORTH),  # touching, friendly
                    w(foe(), 1, 20, 15, WEST),  # 5": out of reach
                    dice=(5, 5))
    events = apply(game, RangedAttack(0, (), ability="Shockwave"))
    assert find(events, "action")[0]["targets"] == [1, 2, 3]
    assert [clicks_of(events, i) for i in (1, 2, 3, 4)] == [1, 1, 1, 0]


def test_shockwave_with_a_single_figure_in_reach_deals_the_normal_damage() -> None:
    game = scenario(w(WAVER, 0, 15, 15, NORTH), w(foe(), 1, 15, 18, SOUTH), dice=(5, 5))
    events = apply(game, RangedAttack(0, (), ability="Shockwave"))
    assert clicks_of(events, 1) == 3


def test_shockwave_may_target_only_friends() -> None:
    # FAQ, Shockwave & Friendly Figures.
    friend = foe("Friend", factions=("Orc Raiders",))
    game = scenario(w(WAVER, 0, 15, 15, NORTH), w(friend, 0, 15, 17, NORTH),
                    w(foe(), 1, 30, 30), dice=(5, 5))
    events = apply(game, RangedAttack(0, (), ability="Shockwave"))
    assert clicks_of(events, 1) == 3


def test_shockwave_hits_controllers_and_figures_touching_friends_but_not_captives() -> None:
    # FAQ, Shockwave & Targeting.
    jailer = foe("Jailer")
    prisoner = card("Prisoner", 10, factions=("Orc Raiders",))
    friend = foe("Friend", factions=("Orc Raiders",))
    game = scenario(w(WAVER, 0, 15, 15, NORTH), w(jailer, 1, 15, 17, SOUTH),
                    w(prisoner, 0, 15, 18, NORTH, captive_of=1),
                    w(foe(), 1, 13, 16, EAST), w(friend, 0, 13, 17, EAST), dice=(5, 5))
    events = apply(game, RangedAttack(0, (), ability="Shockwave"))
    assert sorted(find(events, "action")[0]["targets"]) == [1, 3, 4]


def test_shockwave_ignores_the_targets_abilities_but_aquatic() -> None:
    armored = foe("Armored", "Battle Armor", "Toughness")
    ghost = foe("Ghost", "Limited Invisibility")
    game = scenario(w(WAVER, 0, 15, 15, NORTH), w(armored, 1, 15, 17, SOUTH),
                    w(ghost, 1, 13, 15, EAST), dice=(5, 5))
    events = apply(game, RangedAttack(0, (), ability="Shockwave"))
    assert defense_of(events, 1) == 15 and clicks_of(events, 1) == 1
    assert clicks_of(events, 2) == 1


def test_shockwave_draws_its_line_through_hindering_terrain_to_stealth() -> None:
    # FAQ, Shockwave & Stealth: no block, but the hindering modifier stays.
    woods = TerrainFeature("hindering", rectangle(14, 16, 16, 17), name="woods")
    sneak = foe("Sneak", "Stealth")
    game = scenario(w(WAVER, 0, 15, 15, NORTH), w(sneak, 1, 15, 18, SOUTH),
                    terrain=(woods,), dice=(5, 5))
    events = apply(game, RangedAttack(0, (), ability="Shockwave"))
    assert defense_of(events, 1) == 16


def test_shockwave_bases_still_block() -> None:
    game = scenario(w(WAVER, 0, 15, 15, NORTH), w(foe(), 1, 15, 16.5, SOUTH),
                    w(foe(), 1, 15, 18.5, SOUTH), dice=(5, 5))
    events = apply(game, RangedAttack(0, (), ability="Shockwave"))
    assert find(events, "action")[0]["targets"] == [1]


# --- Pierce -----------------------------------------------------------------------------


def test_pierce_ignores_battle_armor_toughness_and_invulnerability_at_range() -> None:
    piercer = card("Piercer", 30, attack=9, damage=3, range=10, abilities={0: ("Pierce",)})
    armored = foe("Armored", "Battle Armor", "Toughness")
    invulnerable = foe("Invulnerable", "Invulnerability")
    for target in (armored, invulnerable):
        game = scenario(w(piercer, 0, 10, 10, NORTH), w(target, 1, 10, 18, SOUTH), dice=(4, 4))
        events = apply(game, RangedAttack(0, (1,)))
        assert defense_of(events, 1) == 15 and clicks_of(events, 1) == 3
    # Not in close combat.
    game = scenario(w(piercer, 0, 10, 17, NORTH), w(armored, 1, 10, 18, SOUTH), dice=(4, 4))
    assert clicks_of(apply(game, CloseAttack(0, 1)), 1) == 2


# --- Sweep ------------------------------------------------------------------------------

SWEEPER = card("Sweeper", 40, attack=9, damage=2, arc=180, abilities={0: ("Sweep",)})


def test_sweep_rolls_once_against_every_opposing_figure_on_the_front_arc() -> None:
    game = scenario(w(SWEEPER, 0, 15, 15, NORTH), w(foe(), 1, 15, 16, SOUTH),
                    w(foe(), 1, 16, 15.2, WEST), w(foe(), 1, 14, 15.2, EAST),
                    w(foe(), 1, 15, 14, NORTH), dice=(4, 4))
    events = apply(game, CloseAttack(0, 1, ability="Sweep"))
    assert len(find(events, "roll")) == 1
    assert [clicks_of(events, i) for i in (1, 2, 3, 4)] == [2, 2, 2, 0]
    with pytest.raises(IllegalAction, match="no capture"):
        game = scenario(w(SWEEPER, 0, 15, 15, NORTH), w(foe(), 1, 15, 16, SOUTH))
        apply(game, CloseAttack(0, 1, capture=True, ability="Sweep"))


# --- Weapon Master ----------------------------------------------------------------------


def test_weapon_master_rolls_a_die_for_damage() -> None:
    master = card("Master", 40, attack=9, damage=2, abilities={0: ("Weapon Master",)})
    game = scenario(w(master, 0, 15, 15, NORTH), w(foe(), 1, 15, 16, SOUTH), dice=(4, 4, 5))
    events = apply(game, CloseAttack(0, 1, ability="Weapon Master"))
    assert find(events, "roll")[1]["purpose"] == "damage" and clicks_of(events, 1) == 5
    game = scenario(w(master, 0, 15, 15, NORTH), w(foe(), 1, 15, 16, SOUTH), dice=(6, 6, 3))
    events = apply(game, CloseAttack(0, 1, ability="Weapon Master"))
    assert clicks_of(events, 1) == 3 + 1  # the critical hit adds one


# --- Sneak Attack and the order of damage -----------------------------------------------


def test_sneak_attack_doubles_at_the_rear_before_the_critical_and_toughness() -> None:
    # FAQ, Applying Damage: 2 doubled = 4, + 1 critical = 5, - 1 Toughness = 4.
    sneak = card("Sneak", 30, attack=9, damage=2, abilities={0: ("Sneak Attack",)})
    tough = foe("Tough", "Toughness")
    game = scenario(w(sneak, 0, 15, 14, NORTH), w(tough, 1, 15, 15, NORTH), dice=(6, 6))
    assert clicks_of(apply(game, CloseAttack(0, 1)), 1) == 4
    # From the front: no doubling.
    game = scenario(w(sneak, 0, 15, 14, NORTH), w(tough, 1, 15, 15, SOUTH), dice=(4, 4))
    assert clicks_of(apply(game, CloseAttack(0, 1)), 1) == 1


def test_sneak_attack_denies_the_free_spin_when_it_moves() -> None:
    sneak = card("Sneak", 30, speed=8, abilities={0: ("Sneak Attack",)})
    game = scenario(w(sneak, 0, 15, 10, NORTH), w(foe(), 1, 15, 15, NORTH))
    events = apply(game, Move(0, ((15, 13.96),), NORTH))
    assert find(events, "no_free_spin") and not find(events, "free_spin_offered")
    assert game.current == 1
    plain = card("Plain", 30, speed=8)
    game = scenario(w(plain, 0, 15, 10, NORTH), w(foe(), 1, 15, 15, NORTH))
    apply(game, Move(0, ((15, 13.96),), NORTH))
    apply(game, FreeSpin(1, SOUTH))


# --- Vampirism --------------------------------------------------------------------------


def test_vampirism_heals_a_click_when_it_damages_in_close_combat() -> None:
    vampire = card("Vampire", 40, attack=9, damage=2, clicks=6,
                   abilities={i: ("Vampirism",) for i in range(6)})
    game = scenario(w(vampire, 0, 15, 15, NORTH, click=2), w(foe(), 1, 15, 16, SOUTH),
                    dice=(4, 4))
    events = apply(game, CloseAttack(0, 1))
    assert find(events, "healed")[0]["clicks"] == 1 and game.warriors[0].click == 1


def test_vampirism_heals_nothing_when_invulnerability_cancels_the_damage() -> None:
    # FAQ, Invulnerability & Vampirism.
    vampire = card("Vampire", 40, attack=9, damage=2, clicks=6,
                   abilities={i: ("Vampirism",) for i in range(6)})
    game = scenario(w(vampire, 0, 15, 15, NORTH, click=2),
                    w(foe("Stone", "Invulnerability"), 1, 15, 16, SOUTH), dice=(4, 4))
    events = apply(game, CloseAttack(0, 1))
    assert clicks_of(events, 1) == 0 and not find(events, "healed")


# --- FAQ, Special Abilities and Giving Actions ------------------------------------------


def test_giving_the_action_for_shockwave_turns_magic_confusion_off() -> None:
    both = card("Adept", 40, attack=9, damage=2, range=8,
                abilities={0: ("Shockwave", "Magic Confusion")})
    game = scenario(w(both, 0, 15, 15, NORTH), w(foe(), 1, 15, 18, SOUTH), dice=(4, 4))
    events = apply(game, RangedAttack(0, (), ability="Shockwave"))
    assert clicks_of(events, 1) == 2 and not game.pending  # damage, no confused move
    with pytest.raises(IllegalAction, match="not used with a close combat action"):
        game = scenario(w(both, 0, 15, 15, NORTH), w(foe(), 1, 15, 16, SOUTH))
        apply(game, CloseAttack(0, 1, ability="Shockwave"))


def test_abilities_changing_mid_damage_do_not_change_the_damage() -> None:
    # FAQ, Changing Special Abilities: Toughness showing only on the first click still takes
    # one click off the whole 3 clicks.
    wearing = card("Wearing", 20, clicks=8, defense=10, abilities={0: ("Toughness",)})
    hammer = card("Hammer", 30, attack=9, damage=4)
    game = scenario(w(hammer, 0, 15, 15, NORTH), w(wearing, 1, 15, 16, SOUTH), dice=(4, 4))
    events = apply(game, CloseAttack(0, 1))
    assert clicks_of(events, 1) == 3 and game.warriors[1].click == 3


@pytest.mark.parametrize("damage", [0, 1, 3])
def test_multiple_ranged_targets_take_one_click_each(damage: int) -> None:
    archer = card("Archer", 30, attack=9, damage=damage, range=10, targets=2)
    game = scenario(w(archer, 0, 10, 10, NORTH), w(foe(), 1, 8, 17, SOUTH),
                    w(foe(), 1, 12, 17, SOUTH), dice=(4, 4))
    events = apply(game, RangedAttack(0, (1, 2)))
    assert clicks_of(events, 1) == clicks_of(events, 2) == 1


def test_east_facing_target_splash_is_compared_with_its_own_defense() -> None:
    strong = foe("Strong", defense=19)
    game = scenario(w(FLAMER, 0, 10, 10, NORTH), w(foe(), 1, 10, 18, EAST),
                    w(strong, 1, 11, 18, EAST), dice=(4, 4))
    events = apply(game, RangedAttack(0, (1,), ability="Flame/Lightning"))
    assert [e["target"] for e in find(events, "miss")] == [2]
