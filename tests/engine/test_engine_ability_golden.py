"""Golden scenarios: every worked example of the FAQ's Rule Clarifications, with the numbers
as printed.

Figures the examples name get the abilities and values the examples give; everything else
on their dials is invented for the test.
"""

from __future__ import annotations

from engine_helpers import NORTH, SOUTH, card, find, scenario, w

from armybuilder.engine import CloseAttack, RangedAttack, TerrainFeature, apply
from armybuilder.engine.geometry import rectangle

TROLL = card("Troll", 40, defense=16, clicks=8, abilities={0: ("Toughness",)},
             factions=("Elemental League",))


def damage_by_warrior(events: list[dict]) -> dict[int, int]:
    return {e["warrior"]: e["clicks"] for e in find(events, "damage")}


# --- FAQ, Magic Enhancement & Multiple Targets -------------------------------------------


def enhanced(targets: int, damage: int) -> tuple:
    shooter = card("Shooter", 40, attack=10, damage=damage, range=12, targets=targets)
    mage = card("Enhancer", 30, abilities={0: ("Magic Enhancement",)}, range=0)
    foe = card("Foe", 20, defense=14, clicks=10)
    specs = [w(shooter, 0, 18, 10, NORTH),
             w(mage, 0, 17, 10, NORTH), w(mage, 0, 19, 10, NORTH), w(mage, 0, 18, 9, NORTH)]
    specs += [w(foe, 1, 15 + 3 * i, 18, SOUTH) for i in range(targets)]
    return specs


def test_magic_enhancement_4_plus_3_is_7() -> None:
    game = scenario(*enhanced(1, 4), dice=(4, 4))
    events = apply(game, RangedAttack(0, (4,)))
    assert damage_by_warrior(events) == {4: 4 + 3}


def test_magic_enhancement_three_targets_take_1_plus_3_each() -> None:
    game = scenario(*enhanced(3, 4), dice=(4, 4))
    events = apply(game, RangedAttack(0, (4, 5, 6)))
    assert damage_by_warrior(events) == {4: 1 + 3, 5: 1 + 3, 6: 1 + 3}


# --- FAQ, Flame/Lightning & Multiple Attacks: the Hierophant and four Trolls ------------


def hierophant_and_trolls(dice: tuple[int, ...]):
    hierophant = card("Hierophant", 60, attack=9, damage=3, range=12, targets=2,
                      abilities={0: ("Flame/Lightning",)}, factions=("Atlantis Guild",))
    trolls = [w(TROLL, 1, 15 + i, 20, SOUTH) for i in range(4)]  # A, B, C, D side by side
    return scenario(w(hierophant, 0, 16.5, 12, NORTH), *trolls, dice=dice)


def test_hierophant_flame_lightning_on_b_and_c() -> None:
    game = hierophant_and_trolls(dice=(5, 5))
    events = apply(game, RangedAttack(0, (2, 3), ability="Flame/Lightning"))
    assert len(find(events, "hit")) == 4  # the roll hits every figure affected
    a, b, c, d = 1, 2, 3, 4
    # A and D: 1 splash - 1 Toughness = 0; B and C: 1 + 1 splash - 1 Toughness = 1.
    assert damage_by_warrior(events) == {a: 0, b: 1, c: 1, d: 0}


def test_hierophant_rolling_12_adds_one_click_once() -> None:
    game = hierophant_and_trolls(dice=(6, 6))
    events = apply(game, RangedAttack(0, (2, 3), ability="Flame/Lightning"))
    a, b, c, d = 1, 2, 3, 4
    # A and D: 1 + 1 critical - 1 = 1; B and C: 1 + 1 + 1 critical - 1 = 2.
    assert damage_by_warrior(events) == {a: 1, b: 2, c: 2, d: 1}


# --- FAQ, Flame/Lightning & Pierce: the Fist of Tezla ----------------------------------


def test_fist_of_tezla_pierces_its_targets_but_not_the_splashed() -> None:
    fist = card("Fist of Tezla", 80, attack=10, damage=4, range=12, targets=2,
                abilities={0: ("Flame/Lightning", "Pierce")}, factions=("Atlantis Guild",))
    trolls = [w(TROLL, 1, 15 + i, 20, SOUTH) for i in range(3)]  # A, B, C
    game = scenario(w(fist, 0, 15.5, 12, NORTH), *trolls, dice=(5, 5))
    events = apply(game, RangedAttack(0, (1, 2), ability="Flame/Lightning"))
    a, b, c = 1, 2, 3
    # A: 1 + 1 splash from B, Toughness ignored = 2; B the same; C: 1 - 1 = 0.
    assert damage_by_warrior(events) == {a: 2, b: 2, c: 0}


# --- FAQ, Chain Defend: the Elemental Priest at 18 -------------------------------------


def test_chain_defend_lends_the_priests_18_to_the_ranger() -> None:
    elves = ("Elemental League",)
    priest = card("Elemental Priest", 40, defense=18, abilities={0: ("Defend",)},
                  factions=elves)
    priestess = card("Mending Priestess", 30, defense=16, abilities={0: ("Defend",)},
                     factions=elves)
    ranger = card("Ranger", 20, defense=15, factions=elves)
    archer = card("Archer", 20, attack=8, range=12, damage=1)
    # Priest - Priestess - Ranger in a line; the Ranger does not touch the Priest.
    specs = (w(priest, 1, 14, 20, SOUTH), w(priestess, 1, 15, 20, SOUTH),
             w(ranger, 1, 16, 20, SOUTH), w(archer, 0, 16, 12, NORTH))
    game = scenario(*specs, dice=(4, 5))  # 8 + 9 = 17: short of 18
    events = apply(game, RangedAttack(3, (2,)))
    assert find(events, "miss")[0]["defense"] == 18
    game = scenario(*specs, dice=(5, 5))  # 18: a hit
    events = apply(game, RangedAttack(3, (2,)))
    assert find(events, "hit")[0]["defense"] == 18
    game = scenario(*specs, dice=(5, 5))
    events = apply(game, RangedAttack(3, (1,)))  # the Priestess borrows 18 as well
    assert find(events, "hit")[0]["defense"] == 18


# --- FAQ, Aquatic and Defend: Pearl and the Storm Golem ---------------------------------


def pearl_and_golem(attacker, dice):
    lake = TerrainFeature("shallow_water", rectangle(10, 18, 15, 24), name="pond")
    pearl = card("Pearl", 60, defense=18, abilities={0: ("Aquatic", "Defend")},
                 factions=("Atlantis Guild",))
    golem = card("Storm Golem", 50, defense=17, abilities={0: ("Battle Armor",)},
                 factions=("Atlantis Guild",))
    return scenario(w(pearl, 1, 14.5, 20, SOUTH), w(golem, 1, 15.5, 20, SOUTH),
                    attacker, terrain=(lake,), dice=dice)


def test_pearl_in_water_lends_20_and_the_golem_stands_at_22_against_flame_lightning() -> None:
    flamer = card("Flamer", 40, attack=8, range=12, abilities={0: ("Flame/Lightning",)})
    game = pearl_and_golem(w(flamer, 0, 17, 13, NORTH), dice=(3, 4))
    assert game.terrain.in_water((14.5, 20)) and not game.terrain.in_water((15.5, 20))
    events = apply(game, RangedAttack(2, (1,), ability="Flame/Lightning"))
    defense = {e["target"]: e["defense"] for e in find(events, "miss") + find(events, "hit")}
    assert defense == {0: 20, 1: 22}


def test_pearl_in_water_borrowing_18_stands_at_20_not_22() -> None:
    # FAQ, Aquatic and Defend, with Chain Defend: "Figures do not lose their defensive
    # special abilities while they have a 'borrowed' defense value": Pearl (Aquatic,
    # Defend, 15) in water borrows a Defend friend's 18 and Aquatic adds 2 once.
    lake = TerrainFeature("shallow_water", rectangle(8, 8, 12, 12), name="pond")
    pearl = card("Pearl", 40, defense=15, abilities={0: ("Aquatic", "Defend")})
    priestess = card("Priestess", 40, defense=18, abilities={0: ("Defend",)})
    archer = card("Archer", 20, attack=9, range=10)
    game = scenario(w(priestess, 1, 10, 11.01), w(pearl, 1, 10, 10),
                    w(archer, 0, 11.01, 3, NORTH), terrain=(lake,), dice=(3, 3))
    events = apply(game, RangedAttack(2, (1,)))
    assert find(events, "miss")[0]["defense"] == 20
    assert find(events, "miss")[0]["defense_modifiers"] == [["Defend", 3], ["Aquatic", 2]]


def test_in_close_combat_the_golem_borrows_pearls_plain_18() -> None:
    brute = card("Brute", 40, attack=9)
    game = pearl_and_golem(w(brute, 0, 15.5, 21, SOUTH), dice=(4, 5))
    events = apply(game, CloseAttack(2, 1))
    assert find(events, "hit")[0]["defense"] == 18  # neither Battle Armor nor Aquatic
