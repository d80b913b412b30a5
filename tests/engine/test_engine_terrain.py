"""Rulebook V, Terrain: what each kind does to movement, lines of fire and close combat."""

from __future__ import annotations

import pytest
from engine_helpers import EAST, NORTH, SOUTH, card, find, scenario, w

from armybuilder.engine import (
    CloseAttack,
    FormationPlan,
    IllegalAction,
    Move,
    MoveFormation,
    RangedAttack,
    TerrainFeature,
    apply,
)
from armybuilder.engine.geometry import rectangle

GRUNT = card("Grunt", 20, speed=8)
SEVEN = card("Seven", 20, speed=7)
ARCHER = card("Archer", 30, attack=7, range=16, factions=("Elemental League",))
TARGET = card("Target", 20, defense=15, clicks=6)
FAR_FOE = w(card("Far", 10), 1, 34, 34)

WOODS = TerrainFeature("hindering", rectangle(10, 14, 16, 20), name="woods")
HOUSE = TerrainFeature("blocking", rectangle(20, 10, 22, 12), name="house")
HILL = TerrainFeature("elevated", rectangle(10, 24, 20, 30), name="hill")
WALL = TerrainFeature("low_wall", rectangle(5, 15, 9, 15.2), name="wall")
FORD = TerrainFeature("shallow_water", rectangle(10, 14, 16, 20), name="ford")
LAKE = TerrainFeature("deep_water", rectangle(10, 14, 16, 20), name="lake")


def mover(*terrain: TerrainFeature, at: tuple[float, float] = (13, 10), c=GRUNT, **kwargs):
    return scenario(w(c, 0, *at, NORTH), FAR_FOE, terrain=terrain, **kwargs)


# --- hindering terrain ------------------------------------------------------------------


def test_a_move_ends_when_the_base_is_wholly_inside_hindering_terrain() -> None:
    with pytest.raises(IllegalAction, match=r"must stop 4.500"):
        apply(mover(WOODS), Move(0, ((13, 17),)))
    game = mover(WOODS)
    apply(game, Move(0, ((13, 14.5),)))
    assert game.warriors[0].pos == (13, 14.5)


def test_a_base_that_never_gets_wholly_inside_need_not_stop() -> None:
    apply(mover(WOODS, at=(9.8, 10)), Move(0, ((9.8, 18),)))


def test_starting_in_hindering_terrain_halves_speed_rounded_up() -> None:
    game = mover(WOODS, at=(13, 14.2), c=SEVEN)
    with pytest.raises(IllegalAction, match='may move 4"'):
        apply(game, Move(0, ((13, 9.8),)))
    apply(game, Move(0, ((13, 10.2),)))


def test_moving_about_inside_the_same_woods_does_not_stop() -> None:
    game = mover(WOODS, at=(13, 15))
    apply(game, Move(0, ((13, 19),)))  # 4" at half speed, wholly inside throughout


def test_shallow_water_hinders_movement_like_hindering_terrain() -> None:
    with pytest.raises(IllegalAction, match="must stop"):
        apply(mover(FORD), Move(0, ((13, 17),)))
    game = mover(FORD, at=(13, 14.2), c=SEVEN)
    with pytest.raises(IllegalAction, match='may move 4"'):
        apply(game, Move(0, ((13, 9.8),)))


# --- blocking terrain and deep water ----------------------------------------------------


@pytest.mark.parametrize("feature", [HOUSE, LAKE])
def test_no_moving_into_or_through_blocking_terrain_or_deep_water(feature) -> None:
    box = feature.polygon
    x = (box[0][0] + box[1][0]) / 2
    game = mover(feature, at=(x, box[0][1] - 2), c=card("Runner", 20, speed=12))
    with pytest.raises(IllegalAction, match=r"Blocking Terrain|Deep Water"):
        apply(game, Move(0, ((x, box[2][1] + 1),)))
    with pytest.raises(IllegalAction, match=r"Blocking Terrain|Deep Water"):
        apply(game, Move(0, ((x, box[0][1] - 0.3),)))  # the base would overlap it


# --- elevated terrain -------------------------------------------------------------------


def test_moving_up_or_down_elevated_terrain_ends_the_move() -> None:
    game = mover(HILL, at=(15, 21))
    with pytest.raises(IllegalAction, match=r"must stop 3.500"):
        apply(game, Move(0, ((15, 26),)))
    with pytest.raises(IllegalAction, match="wholly on or wholly off"):
        apply(game, Move(0, ((15, 24),)))
    apply(game, Move(0, ((15, 24.5),)))
    game = mover(HILL, at=(15, 26))
    with pytest.raises(IllegalAction, match="must stop"):
        apply(game, Move(0, ((15, 20),)))
    apply(game, Move(0, ((15, 23.5),)))


def test_abrupt_elevated_terrain_is_reached_only_by_the_stairs() -> None:
    plateau = TerrainFeature("elevated", rectangle(24, 24, 30, 30), abrupt=True,
                             stairs=(((26, 24), (27, 24)),))
    game = mover(plateau, at=(28.5, 22))
    with pytest.raises(IllegalAction, match="stairway or ladder"):
        apply(game, Move(0, ((28.5, 24.5),)))
    game = mover(plateau, at=(26.5, 22))
    apply(game, Move(0, ((26.5, 24.5),)))


def test_no_close_combat_on_and_off_abrupt_terrain_but_height_advantage_on_a_hill() -> None:
    plateau = TerrainFeature("elevated", rectangle(24, 24, 30, 30), abrupt=True)
    brawler = card("Brawler", 20, attack=9)
    game = scenario(w(brawler, 0, 26.5, 23.5, NORTH), w(TARGET, 1, 26.5, 24.5, SOUTH),
                    terrain=(plateau,))
    with pytest.raises(IllegalAction, match="Abrupt Elevated Terrain"):
        apply(game, CloseAttack(0, 1))
    hill = TerrainFeature("elevated", rectangle(24, 24, 30, 30))
    game = scenario(w(brawler, 0, 26.5, 23.5, NORTH), w(TARGET, 1, 26.5, 24.5, SOUTH),
                    terrain=(hill,), dice=(3, 4))
    events = apply(game, CloseAttack(0, 1))
    assert find(events, "hit")[0]["defense"] == 16  # 15 + 1 height advantage


def test_formations_may_not_straddle_abrupt_terrain() -> None:
    plateau = TerrainFeature("elevated", rectangle(24, 24, 30, 30), abrupt=True)
    c = card("Zombie", 10, factions=("Necropolis Sect",))
    game = scenario(w(c, 0, 25, 23.5), w(c, 0, 26, 23.5), w(c, 0, 26, 24.5), FAR_FOE,
                    terrain=(plateau,))
    with pytest.raises(IllegalAction, match="on and off such terrain"):
        apply(game, MoveFormation(0, (1, 2)))


# --- low walls --------------------------------------------------------------------------


def test_a_low_wall_stops_movement_at_its_far_side_and_cannot_be_stood_on() -> None:
    game = mover(WALL, at=(7, 13))
    with pytest.raises(IllegalAction, match=r"must stop 2.700"):
        apply(game, Move(0, ((7, 18),)))
    with pytest.raises(IllegalAction, match="Low Walls"):
        apply(game, Move(0, ((7, 15.1),)))
    apply(game, Move(0, ((7, 15.7),)))


def test_speed_is_not_halved_next_to_a_low_wall() -> None:
    game = mover(WALL, at=(7, 15.7))
    apply(game, Move(0, ((7, 23.7),)))  # the full 8"


def test_close_combat_across_a_low_wall_without_base_contact() -> None:
    game = scenario(w(ARCHER, 0, 7, 14.5, NORTH), w(TARGET, 1, 7, 15.7, SOUTH),
                    w(TARGET, 1, 12, 22), terrain=(WALL,), dice=(4, 4, 6, 3))
    assert game.opposing_contacts(game.warriors[0]) == []  # FAQ, Pole Arm & Low Walls
    assert game.is_legal(CloseAttack(0, 1))
    # Not in base contact, so he may shoot at another figure instead.
    assert game.is_legal(RangedAttack(0, (2,)))


def test_a_low_wall_hinders_a_line_of_fire_unless_the_firer_touches_it() -> None:
    assert defense_of(shot((7, 10), (7, 20), WALL)) == 16
    assert defense_of(shot((7, 14.5), (7, 20), WALL)) == 15
    assert defense_of(shot((7, 10), (7, 15.7), WALL)) == 16  # the target touching it


# --- lines of fire ----------------------------------------------------------------------


def shot(firer: tuple[float, float], target: tuple[float, float], *terrain, facing=NORTH,
         others: tuple = (), arc: int = 90):
    archer = card("Archer", 30, attack=7, range=16, arc=arc)
    return scenario(w(archer, 0, *firer, facing), w(TARGET, 1, *target), *others,
                    terrain=terrain, dice=(4, 4))


def defense_of(game) -> int:
    events = apply(game, RangedAttack(0, (1,)))
    return (find(events, "hit") + find(events, "miss"))[0]["defense"]


def test_hindering_terrain_on_the_line_of_fire_adds_one_to_defense() -> None:
    assert defense_of(shot((13, 10), (13, 22), WOODS)) == 16
    assert defense_of(shot((13, 10), (13, 22))) == 15
    two = TerrainFeature("hindering", rectangle(10, 21, 16, 22.5))
    assert defense_of(shot((13, 10), (13, 23.5), WOODS, two)) == 16  # once, not twice


def test_firing_from_the_edge_of_hindering_terrain() -> None:
    # Just inside the woods, front arc out of them: no modifier.
    assert defense_of(shot((13, 19.8), (13, 26), WOODS)) == 15
    # With a 180 degree arc the ends of the front arc are still in the woods.
    assert defense_of(shot((13, 19.8), (13, 26), WOODS, arc=180)) == 16
    # Any other hindering feature on the line still counts.
    brush = TerrainFeature("hindering", rectangle(10, 23, 16, 24))
    assert defense_of(shot((13, 19.8), (13, 26), WOODS, brush)) == 16


def test_water_has_no_effect_on_lines_of_fire() -> None:
    assert defense_of(shot((13, 10), (13, 22), FORD)) == 15
    assert defense_of(shot((13, 10), (13, 22), LAKE)) == 15


def test_blocking_terrain_blocks_lines_of_fire() -> None:
    game = shot((21, 5), (21, 16), HOUSE)
    with pytest.raises(IllegalAction, match="Blocking Terrain"):
        apply(game, RangedAttack(0, (1,)))


HILL_A = TerrainFeature("elevated", rectangle(10, 20, 16, 26), name="A")
HILL_B = TerrainFeature("elevated", rectangle(20, 20, 26, 26), name="B")


def test_elevated_terrain_blocks_lines_of_fire_between_figures_off_it() -> None:
    game = shot((13, 16), (13, 30), HILL_A)
    with pytest.raises(IllegalAction, match="Elevated Terrain"):
        apply(game, RangedAttack(0, (1,)))


def test_firing_down_from_a_hill_and_up_at_one() -> None:
    assert defense_of(shot((13, 23), (13, 30), HILL_A)) == 15
    # Up at an elevated target: the height advantage modifier.
    assert defense_of(shot((13, 16), (13, 23), HILL_A)) == 16
    # Both modifiers at once: +2.
    scrub = TerrainFeature("hindering", rectangle(10, 17, 16, 18.5))
    assert defense_of(shot((13, 16), (13, 23), HILL_A, scrub)) == 16
    scrub_on_hill = TerrainFeature("hindering", rectangle(11, 21, 15, 22), elevated=True)
    assert defense_of(shot((13, 16), (13, 23.5), HILL_A, scrub_on_hill)) == 17


def test_a_different_hill_blocks_a_line_from_a_hill_to_the_ground() -> None:
    game = shot((13, 23), (28, 23), HILL_A, HILL_B, facing=EAST)
    with pytest.raises(IllegalAction, match="different elevated feature"):
        apply(game, RangedAttack(0, (1,)))


def test_only_elevated_bases_block_when_the_firer_or_target_is_elevated() -> None:
    low = w(card("Low", 10), 1, 13, 27.5)
    assert defense_of(shot((13, 23), (13, 30), HILL_A, others=(low,))) == 15
    high = w(card("High", 10), 1, 13, 24.5)
    with pytest.raises(IllegalAction, match="blocked by a figure base"):
        apply(shot((13, 22), (13, 30), HILL_A, others=(high,)), RangedAttack(0, (1,)))


def test_hill_to_hill_only_elevated_terrain_and_figures_matter() -> None:
    between = w(card("Low", 10), 1, 18, 23)
    assert defense_of(shot((13, 23), (23, 23), HILL_A, HILL_B, facing=EAST,
                           others=(between,))) == 15
    scrub_on_b = TerrainFeature("hindering", rectangle(21, 21, 22, 25), elevated=True)
    assert defense_of(shot((13, 23), (23, 23), HILL_A, HILL_B, scrub_on_b, facing=EAST)) == 16
    ground_woods = TerrainFeature("hindering", rectangle(17, 21, 19, 25))
    assert defense_of(shot((13, 23), (23, 23), HILL_A, HILL_B, ground_woods,
                           facing=EAST)) == 15


def test_in_a_ranged_formation_only_the_primary_line_takes_terrain_modifiers() -> None:
    elf = ("Elemental League",)
    priest = card("Priest", 40, attack=9, damage=3, range=12, factions=elf)
    ranger = card("Ranger", 20, attack=7, range=12, factions=elf)
    brush = TerrainFeature("hindering", rectangle(8, 14, 10.6, 16))
    trio = (w(priest, 0, 11, 10, NORTH), w(ranger, 0, 10, 10, NORTH),
            w(ranger, 0, 12, 10, NORTH), w(TARGET, 1, 11, 20))
    game = scenario(*trio, terrain=(brush,), dice=(1, 2))
    events = apply(game, RangedAttack(0, (3,), formation=(1, 2)))
    assert find(events, "miss")[0]["defense"] == 15  # only the ranger's line crosses brush
    trio = (w(priest, 0, 10, 10, NORTH), w(ranger, 0, 11, 10, NORTH),
            w(ranger, 0, 12, 10, NORTH), w(TARGET, 1, 11, 20))
    game = scenario(*trio, terrain=(brush,), dice=(1, 2))
    events = apply(game, RangedAttack(0, (3,), formation=(1, 2)))
    assert find(events, "miss")[0]["defense"] == 16


def test_a_member_whose_line_is_blocked_cannot_join_a_ranged_formation() -> None:
    elf = ("Elemental League",)
    c = card("Ranger", 20, attack=7, range=12, factions=elf)
    pillar = TerrainFeature("blocking", rectangle(9.5, 13, 10.6, 14))
    game = scenario(w(c, 0, 11, 10, NORTH), w(c, 0, 10, 10, NORTH), w(c, 0, 12, 10, NORTH),
                    w(TARGET, 1, 11, 20), terrain=(pillar,))
    with pytest.raises(IllegalAction, match="line of fire"):
        apply(game, RangedAttack(0, (3,), formation=(1, 2)))


def test_formation_moves_obey_terrain_per_member() -> None:
    c = card("Zombie", 10, speed=6, factions=("Necropolis Sect",))
    game = scenario(w(c, 0, 11, 11), w(c, 0, 12, 11), w(c, 0, 13, 11), FAR_FOE,
                    terrain=(WOODS,))
    apply(game, MoveFormation(0, (1, 2)))
    with pytest.raises(IllegalAction, match="must stop"):
        apply(game, FormationPlan((Move(1, ((12, 16),)),)))
    apply(game, FormationPlan((Move(1, ((12, 14.5),)), Move(0, ((11.2, 13.9),)),
                               Move(2, ((12.8, 13.9),)))))
    assert game.warriors[1].pos == (12, 14.5)
