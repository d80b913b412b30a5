"""Rulebook II: building armies and setting the scene, played through actions."""

from __future__ import annotations

import math

import pytest
from engine_helpers import card, find, kinds

from armybuilder.engine import (
    Deploy,
    Game,
    GameSetup,
    IllegalAction,
    Pass,
    PlaceTerrain,
    PlayerSetup,
    SetupError,
    TerrainFeature,
    TerrainItem,
    apply,
    legal_actions,
)
from armybuilder.engine.geometry import rectangle
from armybuilder.engine.state import starting_area

WOODS = TerrainItem("woods", (TerrainFeature("hindering", rectangle(-2, -2, 2, 2)),))
HOUSE = TerrainItem("house", (TerrainFeature("blocking", rectangle(-1, -1, 1, 1)),))


def two_player_setup(dice: tuple[int, ...] | None = None, terrain: tuple = ((), ()),
                     **kwargs: object) -> GameSetup:
    army = (card("Grunt", 20), card("Brute", 30))
    return GameSetup(players=(
        PlayerSetup("Rich", army, 100, "south", terrain=terrain[0]),
        PlayerSetup("Matt", army, 100, "north", terrain=terrain[1]),
    ), dice=dice, **kwargs)  # type: ignore[arg-type]


def test_starting_areas_are_3_inches_deep_and_8_from_the_adjoining_edges() -> None:
    assert starting_area("south", 36) == (8, 0, 28, 3)
    assert starting_area("north", 36) == (8, 33, 28, 36)
    assert starting_area("west", 36) == (0, 8, 3, 28)
    assert starting_area("east", 36) == (33, 8, 36, 28)


def test_first_player_by_two_dice_and_only_the_tied_players_roll_again() -> None:
    # Both roll 7, then Rich 5 and Matt 9: Matt is the first player.
    game = Game.new(two_player_setup(dice=(3, 4, 5, 2, 2, 3, 4, 5)))
    events = game.entries[0]["events"]
    rolls = find(events, "roll")
    assert [r["player"] for r in rolls] == [0, 1, 0, 1]
    assert find(events, "first_player")[0]["player"] == 1
    assert game.phase == "deploy" and game.deploying == 1


def test_with_three_players_a_lower_roll_drops_out_of_the_re_roll() -> None:
    army = (card("Grunt", 20),)
    setup = GameSetup(players=(
        PlayerSetup("A", army, 100, "south"), PlayerSetup("B", army, 100, "north"),
        PlayerSetup("C", army, 100, "west")), dice=(6, 6, 6, 6, 1, 1, 1, 1, 2, 2))
    game = Game.new(setup)
    rolls = find(game.entries[0]["events"], "roll")
    assert [r["player"] for r in rolls] == [0, 1, 2, 0, 1]
    assert game.first_player == 1


def test_terrain_is_placed_alternately_from_the_first_player() -> None:
    game = Game.new(two_player_setup(dice=(6, 6, 1, 1), terrain=((WOODS,), (HOUSE,))))
    assert game.phase == "terrain" and game.deploying == 0
    assert game.to_act == 0
    apply(game, PlaceTerrain(1, (18, 18)))
    assert game.deploying == 1
    # Rulebook II: at least two inches from any other terrain item.
    with pytest.raises(IllegalAction, match="two inches"):
        apply(game, PlaceTerrain(0, (18, 22.9)))
    # Nor in a starting area.
    with pytest.raises(IllegalAction, match="starting area"):
        apply(game, PlaceTerrain(0, (12, 3)))
    with pytest.raises(IllegalAction, match="not in the terrain pile"):
        apply(game, PlaceTerrain(1, (10, 10)))
    events = apply(game, PlaceTerrain(0, (18, 23.01), rotation=math.pi / 2))
    assert "dials_set" in kinds(events) and game.phase == "deploy"
    assert [f.kind for f in game.terrain.features] == ["blocking", "hindering"]


def test_every_legal_terrain_placement_is_accepted() -> None:
    game = Game.new(two_player_setup(dice=(6, 6, 1, 1), terrain=((WOODS,), (HOUSE,))))
    options = list(legal_actions(game))
    assert options and all(isinstance(a, PlaceTerrain) for a in options)
    apply(game, options[len(options) // 2])
    assert game.phase == "terrain"


def test_deployment_inside_the_starting_area_first_player_first() -> None:
    game = Game.new(two_player_setup(dice=(6, 6, 1, 1)))
    assert game.deploying == 0
    with pytest.raises(IllegalAction, match="starting area"):
        apply(game, Deploy(0, (18, 4)))
    with pytest.raises(IllegalAction, match="starting area"):
        apply(game, Deploy(0, (7.5, 1)))  # less than 8" from the adjoining edge
    with pytest.raises(IllegalAction, match="player 0's turn"):
        apply(game, Deploy(2, (18, 35)))
    apply(game, Deploy(0, (18, 1), math.pi / 2))
    with pytest.raises(IllegalAction, match="overlap"):
        apply(game, Deploy(1, (18.5, 1)))
    apply(game, Deploy(1, (20, 1)))
    assert game.deploying == 1 and game.phase == "deploy"
    apply(game, Deploy(2, (18, 35)))
    events = apply(game, Deploy(3, (20, 35)))
    assert game.phase == "play" and game.current == 0
    assert find(events, "turn")[0] == {"e": "turn", "player": 0, "turn": 1, "round": 1,
                                        "actions": 1}


def test_deployment_options_fill_the_starting_area() -> None:
    game = Game.new(two_player_setup(dice=(6, 6, 1, 1)))
    while game.phase == "deploy":
        options = list(legal_actions(game))
        assert options
        apply(game, options[0])
    assert game.phase == "play"
    x0, y0, x1, y1 = game.players[0].area
    assert all(x0 <= w.x <= x1 and y0 <= w.y <= y1 for w in game.warriors if w.owner == 0)
    assert isinstance(next(iter(legal_actions(game))), Pass)


@pytest.mark.parametrize(("army", "total", "message"), [
    ((card("Grunt", 60), card("Brute", 41)), 100, "101 points exceed the build total of 100"),
    ((card("Grunt", 20),), 150, "multiples of 100"),
    ((card("Hero", 50, unique=True), card("Hero", 50, unique=True)), 100, "unique figure"),
    ((), 100, "at least one warrior"),
])
def test_armies_that_break_the_building_rules_are_refused(army: tuple, total: int,
                                                          message: str) -> None:
    setup = GameSetup(players=(PlayerSetup("Rich", army, total, "south"),
                               PlayerSetup("Matt", (card("Grunt", 20),), 100, "north")))
    with pytest.raises(SetupError, match=message):
        Game.new(setup)


def test_sides_and_edges_must_make_sense() -> None:
    army = (card("Grunt", 20),)
    with pytest.raises(SetupError, match="own side"):
        Game.new(GameSetup(players=(PlayerSetup("A", army, 100, "south"),
                                    PlayerSetup("B", army, 100, "south"))))
    with pytest.raises(SetupError, match="two sides"):
        Game.new(GameSetup(players=(PlayerSetup("A", army, 100, "south", team=1),
                                    PlayerSetup("B", army, 100, "north", team=1))))
    with pytest.raises(SetupError, match="zero, one or two"):
        Game.new(GameSetup(players=(PlayerSetup("A", army, 100, "south",
                                                terrain=(WOODS, WOODS, HOUSE)),
                                    PlayerSetup("B", army, 100, "north"))))


def test_a_warrior_with_no_room_in_the_starting_area_stays_off_the_battlefield() -> None:
    crowd = tuple(card(f"Grunt {i}", 5) for i in range(20))
    setup = GameSetup(players=(PlayerSetup("A", crowd, 100, "south"),
                               PlayerSetup("B", (card("Grunt", 20),), 100, "north")),
                      table=20.0, dice=(6, 6, 1, 1))
    game = Game.new(setup)
    with pytest.raises(IllegalAction, match="still room"):
        apply(game, Deploy(0, None))
    while game.phase == "deploy":
        apply(game, next(iter(legal_actions(game))))
    placed = [w for w in game.warriors if w.owner == 0 and w.on_table]
    left_out = [w for w in game.warriors if w.owner == 0 and not w.on_table]
    assert len(placed) >= 12 and left_out  # a 4" x 3" area holds about a dozen bases
    assert game.scores()[0].survivors == 5 * len(placed)
