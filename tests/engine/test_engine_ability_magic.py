"""The Magic abilities: Blast, Confusion, Enhancement, Freeze, Healing, Immunity,
Levitation, Retaliation (Special Abilities Card; FAQ, Special Ability Update and Rule
Clarifications)."""

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
    Pass,
    RangedAttack,
    TerrainFeature,
    UseAbility,
    apply,
)
from armybuilder.engine.geometry import rectangle

# --- Magic Blast ------------------------------------------------------------------------

BLASTER = card("Blaster", 40, attack=9, damage=2, range=10, targets=2,
               abilities={0: ("Magic Blast",)})


def test_magic_blast_is_never_blocked_and_rolls_its_damage() -> None:
    house = TerrainFeature("blocking", rectangle(9, 13, 11, 14), name="house")
    woods = TerrainFeature("hindering", rectangle(9, 15, 11, 16), name="woods")
    immune = foe("Immune", "Magic Immunity")
    game = scenario(w(BLASTER, 0, 10, 10, NORTH), w(immune, 1, 10, 12, SOUTH),
                    w(foe(), 1, 10, 18, SOUTH), terrain=(house, woods), dice=(4, 4, 5))
    with pytest.raises(IllegalAction, match="blocked"):
        apply(game, RangedAttack(0, (2,)))  # the ordinary attack is blocked
    events = apply(game, RangedAttack(0, (2,), ability="Magic Blast"))
    assert defense_of(events, 2) == 15  # no hindering modifier
    assert clicks_of(events, 2) == 5  # the die, not the damage value


def test_magic_blast_takes_a_single_target_even_with_two_arrows() -> None:
    game = scenario(w(BLASTER, 0, 10, 10, NORTH), w(foe(), 1, 8, 17, SOUTH),
                    w(foe(), 1, 12, 17, SOUTH))
    with pytest.raises(IllegalAction, match="single target"):
        apply(game, RangedAttack(0, (1, 2), ability="Magic Blast"))
    assert game.is_legal(RangedAttack(0, (1, 2)))  # cancelled: an ordinary attack


def test_magic_blast_reaches_a_stealthy_figure_but_not_an_immune_one() -> None:
    woods = TerrainFeature("hindering", rectangle(9, 14, 11, 15), name="woods")
    game = scenario(w(BLASTER, 0, 10, 10, NORTH), w(foe("Sneak", "Stealth"), 1, 10, 18, SOUTH),
                    w(foe("Immune", "Magic Immunity"), 1, 14, 18, SOUTH), terrain=(woods,))
    assert game.is_legal(RangedAttack(0, (1,), ability="Magic Blast"))
    assert not game.is_legal(RangedAttack(0, (1,)))
    with pytest.raises(IllegalAction, match="Magic Immunity"):
        apply(game, RangedAttack(0, (2,), ability="Magic Blast"))


# --- Magic Enhancement and Magic Immunity -----------------------------------------------


def test_magic_enhancement_gives_nothing_to_or_against_immune_figures() -> None:
    mage = card("Enhancer", 30, abilities={0: ("Magic Enhancement",)})
    shooter = card("Shooter", 30, attack=9, damage=2, range=10)
    immune_shooter = card("Immune Shooter", 30, attack=9, damage=2, range=10,
                          abilities={0: ("Magic Immunity",)})
    for firer, target, expected in ((shooter, foe(), 3), (shooter, foe("I", "Magic Immunity"), 2),
                                    (immune_shooter, foe(), 2)):
        game = scenario(w(firer, 0, 10, 10, NORTH), w(mage, 0, 11, 10, NORTH),
                        w(target, 1, 10, 18, SOUTH), dice=(4, 4))
        assert clicks_of(apply(game, RangedAttack(0, (2,))), 2) == expected


def test_magic_enhancement_counts_once_per_figure_for_flame_lightning() -> None:
    mage = card("Enhancer", 30, abilities={0: ("Magic Enhancement",)})
    flamer = card("Flamer", 40, attack=9, range=10, targets=2,
                  abilities={0: ("Flame/Lightning",)})
    game = scenario(w(flamer, 0, 10.5, 10, NORTH), w(mage, 0, 11.5, 10, NORTH),
                    w(foe(), 1, 10, 18, SOUTH), w(foe(), 1, 11, 18, SOUTH), dice=(4, 4))
    events = apply(game, RangedAttack(0, (2, 3), ability="Flame/Lightning"))
    assert clicks_of(events, 2) == 1 + 1 + 1 and clicks_of(events, 3) == 3


# --- Magic Freeze (FAQ, Special Ability Update) -----------------------------------------

FREEZER = card("Freezer", 30, attack=9, damage=3, range=10, abilities={0: ("Magic Freeze",)})


def test_magic_freeze_tokens_the_target_instead_of_damaging_it() -> None:
    game = scenario(w(FREEZER, 0, 10, 10, NORTH), w(foe(), 1, 10, 18, SOUTH), dice=(4, 4))
    events = apply(game, RangedAttack(0, (1,)))
    assert find(events, "frozen") == [{"e": "frozen", "warrior": 1, "tokens": 1}]
    assert not find(events, "damage") and game.warriors[1].tokens == 1
    # On its owner's turn the frozen figure acts as if it had acted last turn: pushed.
    events = apply(game, Move(1, ((10, 20),)))
    assert find(events, "damage")[0]["cause"] == "pushing"


def test_a_second_freeze_token_pushes_and_a_third_hit_only_pushes() -> None:
    game = scenario(w(FREEZER, 0, 10, 10, NORTH), w(foe(), 1, 10, 18, SOUTH, tokens=1),
                    dice=(4, 4))
    events = apply(game, RangedAttack(0, (1,)))
    assert game.warriors[1].tokens == 2
    assert find(events, "damage") == [{"e": "damage", "warrior": 1, "clicks": 1, "click": 1,
                                       "cause": "pushing", "ability": "Magic Freeze",
                                       "source": 0}]
    game = scenario(w(FREEZER, 0, 10, 10, NORTH), w(foe(), 1, 10, 18, SOUTH, tokens=2),
                    dice=(4, 4))
    events = apply(game, RangedAttack(0, (1,)))
    assert game.warriors[1].tokens == 2 and clicks_of(events, 1) == 1
    # Two tokens: no action but pass on the owner's next turn.
    assert not game.is_legal(Move(1, ((10, 20),)))


def test_magic_freeze_pushing_damage_ignores_toughness() -> None:
    game = scenario(w(FREEZER, 0, 10, 10, NORTH),
                    w(foe("Tough", "Toughness"), 1, 10, 18, SOUTH, tokens=1), dice=(4, 4))
    assert clicks_of(apply(game, RangedAttack(0, (1,))), 1) == 1


def test_magic_freeze_with_shockwave_tokens_everything_hit_and_deals_no_damage() -> None:
    # FAQ, Magic Freeze & Ranged Combat Special Abilities.
    both = card("Ice Storm", 40, attack=9, damage=3, range=8,
                abilities={0: ("Shockwave", "Magic Freeze")})
    game = scenario(w(both, 0, 15, 15, NORTH), w(foe(), 1, 15, 17, SOUTH),
                    w(foe(), 1, 13, 15, EAST, tokens=1), dice=(4, 4))
    events = apply(game, RangedAttack(0, (), ability="Shockwave"))
    assert [e["warrior"] for e in find(events, "frozen")] == [1, 2]
    assert [e["cause"] for e in find(events, "damage")] == ["pushing"]


def test_magic_freeze_cancelled_gives_an_ordinary_attack() -> None:
    game = scenario(w(FREEZER, 0, 10, 10, NORTH), w(foe(), 1, 10, 18, SOUTH), dice=(4, 4))
    apply(game, CancelAbility(0, "Magic Freeze"))
    events = apply(game, RangedAttack(0, (1,)))
    assert clicks_of(events, 1) == 3 and not find(events, "frozen")


def test_magic_freeze_does_not_affect_magic_immunity() -> None:
    game = scenario(w(FREEZER, 0, 10, 10, NORTH), w(foe("I", "Magic Immunity"), 1, 10, 18),
                    dice=(4, 4))
    events = apply(game, RangedAttack(0, (1,)))
    assert find(events, "hit") and game.warriors[1].tokens == 0


# --- Magic Confusion (FAQ, Special Ability Update) --------------------------------------

CONFUSER = card("Confuser", 30, attack=9, damage=3, range=10,
                abilities={0: ("Magic Confusion",)})


def test_magic_confusion_lets_the_attacker_move_the_target_at_once() -> None:
    runner = foe("Runner", speed=6)
    game = scenario(w(CONFUSER, 0, 10, 10, NORTH), w(runner, 1, 10, 18, SOUTH), dice=(4, 4))
    events = apply(game, RangedAttack(0, (1,), ability="Magic Confusion"))
    assert not find(events, "damage") and game.to_act == 0 and game.pending
    moves = list(game.legal_actions())
    assert moves and all(isinstance(m, Move) and m.warrior == 1 for m in moves)
    with pytest.raises(IllegalAction, match='may move 6"'):
        apply(game, Move(1, ((10, 25),)))
    events = apply(game, Move(1, ((16, 18),), WEST))
    assert game.warriors[1].pos == (16, 18) and game.warriors[1].tokens == 1
    assert find(events, "confused_move") and game.current == 1


def test_magic_confusion_targets_only_figures_with_at_most_one_token() -> None:
    game = scenario(w(CONFUSER, 0, 10, 10, NORTH), w(foe(), 1, 10, 18, SOUTH, tokens=2))
    with pytest.raises(IllegalAction, match="at most 1 action token"):
        apply(game, RangedAttack(0, (1,), ability="Magic Confusion"))


def test_a_confused_demoralized_figure_may_be_moved_into_contact() -> None:
    # Not of its own accord (FAQ, Demoralized & Magic Levitation, by the same reasoning).
    shaken = card("Shaken", 10, speed=6, clicks=3, abilities={0: ("Demoralized",)})
    game = scenario(w(CONFUSER, 0, 10, 10, NORTH), w(shaken, 1, 10, 18, SOUTH),
                    w(foe("Guard", factions=("Orc Raiders",)), 0, 14, 18, WEST),
                    w(foe(), 1, 30, 30), build=(200, 100), dice=(4, 4))
    apply(game, RangedAttack(0, (1,), ability="Magic Confusion"))
    apply(game, Move(1, ((13.0, 18),), EAST))
    assert game.touching(game.warriors[1], game.warriors[2])


def test_a_confused_figure_with_one_token_keeps_one_token() -> None:
    game = scenario(w(CONFUSER, 0, 10, 10, NORTH), w(foe(), 1, 10, 18, SOUTH, tokens=1),
                    dice=(4, 4))
    apply(game, RangedAttack(0, (1,), ability="Magic Confusion"))
    events = apply(game, Move(1, ((10, 20),)))
    assert game.warriors[1].tokens == 1 and not find(events, "damage")


# --- Magic Healing ----------------------------------------------------------------------

HEALER = card("Healer", 30, attack=7, range=8, targets=2, abilities={0: ("Magic Healing",)})


def test_magic_healing_heals_a_die_roll_for_each_friend_hit() -> None:
    # FAQ, Magic Healing & Multiple Targets: a separate roll for each figure.
    hurt = card("Hurt", 20, clicks=8, defense=14, factions=("Orc Raiders",))
    game = scenario(w(HEALER, 0, 10, 10, NORTH), w(hurt, 0, 9, 15, NORTH, click=6),
                    w(hurt, 0, 11, 15, NORTH, click=6), w(foe(), 1, 30, 30),
                    dice=(4, 3, 2, 5))
    events = apply(game, RangedAttack(0, (1, 2), ability="Magic Healing"))
    assert [(e["warrior"], e["clicks"]) for e in find(events, "healed")] == [(1, 2), (2, 5)]


def test_magic_healing_ignores_modifiers_and_may_heal_a_friend_in_contact() -> None:
    # FAQ, Magic Healing & Base Contact.
    woods = TerrainFeature("hindering", rectangle(9, 11.5, 11, 12), name="woods")
    armored = card("Armored", 20, clicks=8, defense=14, factions=("Orc Raiders",),
                   abilities={i: ("Battle Armor",) for i in range(8)})
    game = scenario(w(HEALER, 0, 10, 10, NORTH), w(armored, 0, 10, 13, NORTH, click=3),
                    w(foe(), 1, 30, 30), terrain=(woods,), dice=(3, 4, 2))
    events = apply(game, RangedAttack(0, (1,), ability="Magic Healing"))
    # The dial's own value: no Battle Armor, no hindering modifier.
    assert defense_of(events, 1) == armored.clicks[3].defense and game.warriors[1].click == 1
    game = scenario(w(HEALER, 0, 10, 10, NORTH), w(armored, 0, 10, 11, NORTH, click=3),
                    w(foe(), 1, 30, 30), dice=(3, 4, 2))
    apply(game, RangedAttack(0, (1,), ability="Magic Healing"))
    assert game.warriors[1].click == 1


def test_magic_healing_may_not_heal_a_friend_touching_an_opposing_figure() -> None:
    hurt = card("Hurt", 20, clicks=8, factions=("Orc Raiders",))
    game = scenario(w(HEALER, 0, 10, 10, NORTH), w(hurt, 0, 10, 15, NORTH, click=3),
                    w(foe(), 1, 10, 16, SOUTH))
    with pytest.raises(IllegalAction, match="base contact with an opposing figure"):
        apply(game, RangedAttack(0, (1,), ability="Magic Healing"))


def test_a_critical_hit_heals_one_more_click() -> None:
    hurt = card("Hurt", 20, clicks=8, factions=("Orc Raiders",))
    game = scenario(w(HEALER, 0, 10, 10, NORTH), w(hurt, 0, 10, 15, NORTH, click=6),
                    w(foe(), 1, 30, 30), dice=(6, 6, 2))
    events = apply(game, RangedAttack(0, (1,), ability="Magic Healing"))
    assert find(events, "healed")[0]["clicks"] == 3


# --- Magic Levitation (FAQ, Special Ability Update) -------------------------------------

LIFTER = card("Lifter", 30, speed=6, abilities={0: ("Magic Levitation",)})


def test_magic_levitation_carries_a_touching_figure_10_inches_over_everything() -> None:
    house = TerrainFeature("blocking", rectangle(8, 13, 14, 15), name="house")
    friend = card("Friend", 20, factions=("Orc Raiders",))
    game = scenario(w(LIFTER, 0, 10, 10, NORTH), w(friend, 0, 11, 10, NORTH),
                    w(foe(), 1, 11, 12, SOUTH), w(foe(), 1, 20, 30),
                    terrain=(house,), build=(200, 100))
    with pytest.raises(IllegalAction, match="up to 10 inches"):
        apply(game, UseAbility(0, "Magic Levitation", 1, (11, 20.5), NORTH))
    with pytest.raises(IllegalAction, match="Blocking Terrain"):
        apply(game, UseAbility(0, "Magic Levitation", 1, (11, 14), NORTH))
    events = apply(game, UseAbility(0, "Magic Levitation", 1, (11, 19.5), SOUTH))
    assert game.warriors[0].pos == (10, 10) and game.warriors[1].pos == (11, 19.5)
    assert find(events, "levitated") and game.warriors[0].tokens == 1
    # The figure carried may not be given an action for the rest of the turn.
    assert not game.is_legal(Pass(1))


def test_magic_levitation_needs_base_contact_and_cannot_lift_an_immune_figure() -> None:
    game = scenario(w(LIFTER, 0, 10, 10, NORTH), w(foe(), 1, 10, 12, SOUTH),
                    w(foe("Immune", "Magic Immunity"), 1, 11, 10, WEST))
    with pytest.raises(IllegalAction, match="base contact"):
        apply(game, UseAbility(0, "Magic Levitation", 1, (10, 20), SOUTH))
    with pytest.raises(IllegalAction, match="Magic Immunity"):
        apply(game, UseAbility(0, "Magic Levitation", 2, (20, 10), SOUTH))


def test_a_levitated_demoralized_figure_may_be_set_in_base_contact() -> None:
    # FAQ, Demoralized & Magic Levitation; the opposing figure gets its free spin.
    shaken = card("Shaken", 10, clicks=3, abilities={0: ("Demoralized",)},
                  factions=("Orc Raiders",))
    game = scenario(w(LIFTER, 0, 10, 10, NORTH), w(shaken, 0, 11, 10, NORTH),
                    w(foe(), 1, 11, 16, NORTH))
    events = apply(game, UseAbility(0, "Magic Levitation", 1, (11, 14.96), NORTH))
    assert find(events, "free_spin_offered")
    apply(game, FreeSpin(2, SOUTH))
    assert game.touching(game.warriors[1], game.warriors[2])


# --- Magic Retaliation ------------------------------------------------------------------


def test_magic_retaliation_deals_a_click_back_to_the_attacker() -> None:
    brute = card("Brute", 30, attack=9, damage=2, clicks=6)
    game = scenario(w(brute, 0, 10, 10, NORTH), w(foe("Mirror", "Magic Retaliation"), 1, 10, 11,
                                                  SOUTH), dice=(4, 4))
    events = apply(game, CloseAttack(0, 1))
    assert find(events, "damage")[-1] == {"e": "damage", "warrior": 0, "clicks": 1, "click": 1,
                                          "cause": "ability", "ability": "Magic Retaliation",
                                          "source": 1}


def test_magic_retaliation_is_reduced_by_toughness_and_applied_separately() -> None:
    # FAQ, Magic Retaliation & Invulnerability or Toughness; Flame/Lightning & Magic
    # Retaliation: two splashed mirrors, two separate clicks, each cancelled by Toughness.
    flamer = card("Flamer", 40, attack=9, range=10, clicks=6,
                  abilities={0: ("Flame/Lightning", "Toughness")})
    mirror = foe("Mirror", "Magic Retaliation")
    game = scenario(w(flamer, 0, 10.5, 10, NORTH), w(mirror, 1, 10, 18, SOUTH),
                    w(mirror, 1, 11, 18, SOUTH), dice=(4, 4))
    events = apply(game, RangedAttack(0, (1,), ability="Flame/Lightning"))
    back = [e for e in find(events, "damage") if e["warrior"] == 0]
    assert [e["clicks"] for e in back] == [0, 0]


def test_magic_retaliation_needs_damage_and_spares_the_immune() -> None:
    mirror = foe("Mirror", "Magic Retaliation", "Toughness")
    weak = card("Weak", 30, attack=9, damage=1)
    game = scenario(w(weak, 0, 10, 10, NORTH), w(mirror, 1, 10, 11, SOUTH), dice=(4, 4))
    events = apply(game, CloseAttack(0, 1))
    assert [e["warrior"] for e in find(events, "damage")] == [1]  # 1 - 1: undamaged
    immune = card("Immune", 30, attack=9, damage=2, abilities={0: ("Magic Immunity",)})
    game = scenario(w(immune, 0, 10, 10, NORTH), w(foe("Mirror", "Magic Retaliation"), 1, 10,
                                                   11, SOUTH), dice=(4, 4))
    events = apply(game, CloseAttack(0, 1))
    assert [e["warrior"] for e in find(events, "damage")] == [1]


def test_magic_retaliation_ignores_venom_and_other_abilities() -> None:
    # FAQ, Magic Retaliation & Special Abilities: only ranged and close combat attacks.
    snake = card("Snake", 30, abilities={0: ("Venom",)}, clicks=6)
    game = scenario(w(snake, 0, 10, 10, NORTH), w(foe("Mirror", "Magic Retaliation"), 1, 10,
                                                  11, SOUTH), current=1)
    events = apply(game, Pass(1))
    assert [(e["warrior"], e.get("ability")) for e in find(events, "damage")] == [(1, "Venom")]


def test_magic_retaliation_splashed_twice_strikes_back_once() -> None:
    # FAQ, Flame/Lightning & Magic Retaliation: splashed from two targets, one click back.
    flamer = card("Flamer", 40, attack=9, range=10, targets=2, clicks=6,
                  abilities={0: ("Flame/Lightning",)})
    mirror = foe("Mirror", "Magic Retaliation")
    game = scenario(w(flamer, 0, 11, 10, NORTH), w(foe(), 1, 10, 18, SOUTH),
                    w(mirror, 1, 11, 18, SOUTH), w(foe(), 1, 12, 18, SOUTH), dice=(4, 4))
    events = apply(game, RangedAttack(0, (1, 3), ability="Flame/Lightning"))
    assert clicks_of(events, 2) == 2  # splashed from both targets
    assert [e["clicks"] for e in find(events, "damage") if e["warrior"] == 0] == [1]
