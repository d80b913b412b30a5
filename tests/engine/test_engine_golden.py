"""Golden scenarios: every worked example of the Rebellion rulebook, with its numbers.

Figures the examples name get the values the examples print (points, speed, attack,
defense); everything else on their dials is invented for the test.
"""

from __future__ import annotations

import math

import pytest
from engine_helpers import EAST, NORTH, SOUTH, WEST, card, find, kinds, scenario, w

from armybuilder.engine import (
    CloseAttack,
    EndByAgreement,
    FormationPlan,
    FreeSpin,
    Game,
    GameSetup,
    IllegalAction,
    Move,
    MoveFormation,
    Pass,
    PlayerSetup,
    RangedAttack,
    SetupError,
    TerrainFeature,
    apply,
    replay,
)
from armybuilder.engine import geometry as g
from armybuilder.engine.geometry import rectangle

ATLANTIS = ("Atlantis Guild",)
REBELS = ("Black Powder Rebels",)
ELVES = ("Elemental League",)
NECRO = ("Necropolis Sect",)
ORCS = ("Orc Raiders",)


# --- Rulebook II, Building Your Army: Rich's 98-point army --------------------------------

RICH = (
    card("Altam Guardsman", 37, rank="tough", factions=ATLANTIS),
    card("Demi-magus", 22, rank="weak", range=8, factions=ATLANTIS),
    card("Utem Crossbowman", 12, rank="tough", range=8, factions=ATLANTIS),
    card("Utem Guardsman", 13, rank="standard", speed=8, factions=ATLANTIS),
    card("Leech Medic", 14, rank="tough", factions=REBELS),
)


def test_richs_98_point_army_fits_a_100_point_build_and_gets_one_action() -> None:
    assert sum(c.points for c in RICH) == 37 + 22 + 12 + 13 + 14 == 98
    foe = (card("Foe", 50),)
    game = Game.new(GameSetup(players=(PlayerSetup("Rich", RICH, 100, "south"),
                                       PlayerSetup("Ian", foe, 100, "north")),
                              dice=(6, 6, 1, 1)))
    assert game.players[0].army_points == 98 and game.players[0].actions == 1
    while game.phase == "deploy":
        apply(game, next(iter(game.legal_actions())))
    assert game.current == 0 and game.turn_actions == 1
    events = apply(game, Pass(0))
    assert game.current == 1 and "turn_end" in kinds(events)
    # "However, he could not have exceeded 100 points."
    over = (*RICH, card("Extra", 3))
    with pytest.raises(SetupError, match="101 points exceed the build total of 100"):
        Game.new(GameSetup(players=(PlayerSetup("Rich", over, 100, "south"),
                                    PlayerSetup("Ian", foe, 100, "north"))))


# --- Rulebook III, Turns and Actions: Matt's two actions ---------------------------------


def test_matt_moves_one_warrior_and_gives_a_ranged_action_to_another() -> None:
    matts = [card(f"Matt {i}", 20, range=8, attack=8) for i in range(9)]
    assert sum(c.points for c in matts) <= 200
    specs = [w(c, 0, 9 + 2 * i, 2, NORTH) for i, c in enumerate(matts)]
    specs += [w(card("Near", 20, defense=14), 1, 12, 9), w(card("Other", 20), 1, 24, 9)]
    game = scenario(*specs, build=(200, 100), dice=(4, 4))
    assert game.turn_actions == 2
    apply(game, Move(0, ((9, 6),), facing=NORTH))  # closer to an enemy figure
    with pytest.raises(IllegalAction, match="more than one action per turn"):
        apply(game, RangedAttack(0, (9,)))
    events = apply(game, RangedAttack(1, (9,)))
    assert find(events, "hit") and game.current == 1  # two actions given: the turn is over


# --- Rulebook III, Free Spin: Derek's Utem Guardsman --------------------------------------


def test_derek_moves_into_contact_and_brian_spins_the_bladesman() -> None:
    guardsman = card("Utem Guardsman", 13, speed=8, factions=ATLANTIS)
    bladesman = card("Crystal Bladesman", 20, factions=("Elemental League",))
    blade_at = (13.0, 15.0)
    game = scenario(w(guardsman, 0, 10, 10, NORTH), w(bladesman, 1, *blade_at, EAST),
                    w(card("Spare", 10), 1, 30, 30))
    assert game.warriors[0].stats.speed == 8
    # A few inches away: stop with the bases touching.
    away = g.bearing(blade_at, (10, 10))
    contact = (blade_at[0] + 1.001 * math.cos(away), blade_at[1] + 1.001 * math.sin(away))
    assert 4 < g.distance((10, 10), contact) <= 8
    events = apply(game, Move(0, (contact,), facing=g.bearing(contact, blade_at)))
    assert g.bases_touch(contact, 0.5, blade_at, 0.5)
    assert find(events, "free_spin_offered")[0]["movers"] == [0]
    assert game.to_act == 1  # Brian decides
    # The Bladesman faces east: his front arc is not on the Guardsman until he spins.
    bladesman_w = game.warriors[1]
    assert not g.in_front_arc(bladesman_w.facing, 90, g.bearing(blade_at, contact))
    apply(game, FreeSpin(1, g.bearing(blade_at, contact)))
    assert g.in_front_arc(bladesman_w.facing, 90, g.bearing(blade_at, contact))
    assert game.current == 1 and game.players[1].score == 0
    assert game.is_legal(CloseAttack(1, 0))  # the spin cost no action


# --- Rulebook III, Multiple Ranged Combat Targets: Ian's Noble Archer -------------------


def test_ians_noble_archer_rolls_8_for_15_against_16_and_15() -> None:
    archer = card("Noble Archer", 26, attack=7, damage=2, range=10, targets=2,
                  factions=("Knights Immortal",))
    fuser = card("Dwarven Fuser", 20, defense=16, factions=REBELS)
    boomer = card("Black Powder Boomer", 20, defense=15, factions=REBELS)
    game = scenario(w(archer, 0, 18, 10, NORTH), w(fuser, 1, 15, 17), w(boomer, 1, 21, 17),
                    dice=(3, 5))
    events = apply(game, RangedAttack(0, (1, 2)))
    assert find(events, "roll")[0]["dice"] == [3, 5]
    # The attack value 7, no modifier (the roll lines name any there are).
    assert find(events, "miss") == [{"e": "miss", "attacker": 0, "target": 1, "total": 15,
                                     "defense": 16, "critical": False, "attack": 7}]
    assert find(events, "hit") == [{"e": "hit", "attacker": 0, "target": 2, "total": 15,
                                    "defense": 15, "critical": False, "attack": 7}]
    assert find(events, "damage") == [{"e": "damage", "warrior": 2, "clicks": 1, "click": 1,
                                       "cause": "attack", "source": 0}]


# --- Rulebook IV, Movement Formations: the Zombie sets the pace ---------------------------


def test_four_necropolis_warriors_move_no_further_than_the_zombies_6_inches() -> None:
    zombie = card("Zombie", 10, speed=6, factions=NECRO)
    others = [card(n, 20, speed=s, factions=NECRO) for n, s in
              (("Vampire", 10), ("Skeleton", 8), ("Necromancer", 7))]
    specs = [w(c, 0, 10 + i, 10, NORTH) for i, c in enumerate([*others, zombie])]
    game = scenario(*specs, w(card("Foe", 20), 1, 30, 30))
    apply(game, MoveFormation(3, (0, 1, 2)))
    assert all(game.warriors[i].tokens == 1 for i in range(4))  # all marked
    with pytest.raises(IllegalAction, match='may move 6"'):
        apply(game, FormationPlan((Move(0, ((10, 16.5),)),)))
    # Each warrior moved in sequence as the player wishes, none more than 6".
    plan = FormationPlan(tuple(Move(i, ((10 + i, 16),), NORTH) for i in (2, 0, 3, 1)))
    events = apply(game, plan)
    assert [e["warrior"] for e in find(events, "moved")] == [2, 0, 3, 1]
    assert [game.warriors[i].pos for i in range(4)] == [(10, 16), (11, 16), (12, 16), (13, 16)]


# --- Rulebook IV, Ranged Combat Formations: three Elemental League warriors ------------


def test_three_elves_fire_as_one_with_the_priest_primary_and_plus_2() -> None:
    priest = card("Elemental Priest", 40, attack=9, damage=3, range=10, factions=ELVES)
    druid = card("Druid", 20, attack=8, damage=1, range=8, factions=ELVES)
    ranger = card("Ranger", 20, attack=7, damage=2, range=8, factions=ELVES)
    golem = card("Golem", 45, defense=19, clicks=5)
    game = scenario(w(druid, 0, 10, 10, NORTH), w(priest, 0, 11, 10, NORTH),
                    w(ranger, 0, 12, 10, NORTH), w(golem, 1, 11, 17), dice=(4, 4))
    alone = game.is_legal(RangedAttack(1, (3,)))
    assert alone
    events = apply(game, RangedAttack(1, (3,), formation=(0, 2)))
    hit = find(events, "hit")[0]
    assert hit["total"] == 9 + 8 + 2 == 19 and hit["defense"] == 19
    assert game.warriors[3].click == 3  # the Priest's damage value, no bonus
    # Alone the Priest would have needed the extra 2: 9 + 8 = 17 < 19.


# --- Rulebook IV, Close Combat Formations: two Orc Raiders against the Werewolf ---------


def test_two_orcs_gang_up_on_the_werewolf_for_plus_2() -> None:
    crusher = card("Orc Crusher", 30, attack=10, damage=3, factions=ORCS)
    raider = card("Orc Raider", 15, attack=8, damage=1, factions=ORCS)
    werewolf = card("Werewolf", 40, defense=19, clicks=6, factions=("Mage Spawn",))
    # The Werewolf faces the Crusher; the Raider is at its back.
    game = scenario(w(crusher, 0, 10, 9, NORTH), w(raider, 0, 10, 11, SOUTH),
                    w(werewolf, 1, 10, 10, SOUTH), dice=(3, 4))
    events = apply(game, CloseAttack(0, 2, formation=(1,)))
    hit = find(events, "hit")[0]
    assert hit["total"] == 10 + 7 + 1 + 1 == 19
    assert game.warriors[2].click == 3
    assert game.warriors[0].tokens == game.warriors[1].tokens == 1


# --- Rulebook III, Capturing: Rich's Utem Guardsman takes a prisoner --------------------


def test_the_guardsman_captures_drags_his_prize_home_and_scores_it_double() -> None:
    guardsman = card("Utem Guardsman", 13, speed=8, attack=9, factions=ATLANTIS)
    scout = card("Scout", 18, speed=6, defense=14)
    game = scenario(w(guardsman, 0, 18, 7, NORTH), w(scout, 1, 18, 8, SOUTH),
                    w(card("Sentinel", 30), 1, 30, 30), dice=(4, 3, 6, 6))
    events = apply(game, CloseAttack(0, 1, capture=True))
    assert find(events, "hit")[0]["defense"] == 16 and "captured" in kinds(events)
    assert game.warriors[1].click == 0  # captured, not damaged
    apply(game, Pass(2))
    # Back to the starting area at the captive's speed of 6.
    with pytest.raises(IllegalAction, match='may move 6"'):
        apply(game, Move(0, ((18, 0.8),)))
    apply(game, Move(0, ((18, 3),), facing=SOUTH, captive_at=(18, 1.99)))
    apply(game, EndByAgreement())
    scores = game.outcome.scores
    assert scores[0].captives == 2 * 18 and scores[0].survivors == 13
    assert scores[1].survivors == 30 and scores[1].captives == 0


# --- Rulebook V, Height Advantage: +1 and +1 --------------------------------------------


def test_a_target_on_a_hill_in_hindering_terrain_gets_plus_2() -> None:
    hill = TerrainFeature("elevated", rectangle(10, 20, 16, 26))
    brush = TerrainFeature("hindering", rectangle(11, 20.5, 15, 25), elevated=True)
    archer = card("Archer", 20, attack=8, range=12)
    game = scenario(w(archer, 0, 13, 14, NORTH), w(card("Lookout", 20, defense=15), 1, 13, 22),
                    terrain=(hill, brush), dice=(4, 4))
    events = apply(game, RangedAttack(0, (1,)))
    assert find(events, "miss")[0]["defense"] == 17


# --- Rulebook VI, Victory!: the summary formula -----------------------------------------


def test_victory_points_eliminated_plus_double_captives_plus_survivors() -> None:
    knight = card("Knight", 40, attack=12, damage=4)
    victim = card("Victim", 25, defense=10, clicks=2)
    prisoner = card("Prisoner", 17)
    game = scenario(w(knight, 0, 20, 20, NORTH), w(victim, 1, 20, 21, SOUTH),
                    w(card("Jailer", 11), 0, 10, 3.5),
                    w(prisoner, 1, 10, 2.5, captive_of=2), w(card("Survivor", 33), 1, 30, 34),
                    dice=(3, 3))
    apply(game, CloseAttack(0, 1))
    assert game.players[0].score == 25  # scored as soon as the figure is eliminated
    apply(game, Pass(4))
    apply(game, EndByAgreement())
    s0, s1 = game.outcome.scores
    assert (s0.eliminations, s0.captives, s0.survivors, s0.total) == (25, 34, 51, 110)
    assert (s1.eliminations, s1.captives, s1.survivors, s1.total) == (0, 0, 33, 33)
    assert game.outcome.winners == (0,)
    assert replay(game.log_json()).log_json() == game.log_json()


# --- Rulebook III, Pushing: the hint about two tokens -----------------------------------


def test_the_two_tokens_of_a_pushed_warrior() -> None:
    c = card("Runner", 20)
    game = scenario(w(c, 0, 10, 5, NORTH), w(c, 1, 30, 30, WEST))
    apply(game, Move(0, ((10, 8),)))
    apply(game, Pass(1))
    apply(game, Move(0, ((10, 11),)))
    assert game.warriors[0].tokens == 2 and game.warriors[0].click == 1
    apply(game, Pass(1))
    assert [type(a).__name__ for a in game.legal_actions(0)] == ["Pass"]
    apply(game, Pass(0))
    assert game.warriors[0].tokens == 0
    assert math.isclose(game.warriors[0].y, 11)
