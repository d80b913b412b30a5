"""A full game's setup with a World Conquest battle's carry-over: every warrior enters at
its current click (World Conquest, Troop Movements: damage carries between battles) and
the territory's weather stands over the battlefield, while the players set the scene
themselves (Rulebook II: the first-player roll, terrain, deployment)."""

from __future__ import annotations

import json
import math

import pytest
from engine_helpers import card, find

from armybuilder.engine import (
    Deploy,
    Game,
    GameSetup,
    PlaceTerrain,
    PlayerSetup,
    SetupError,
    TerrainFeature,
    TerrainItem,
    apply,
    legal_actions,
    replay,
)
from armybuilder.engine.fortifications import Fortification, guard_spots
from armybuilder.engine.geometry import rectangle

GRUNT, BRUTE = card("Grunt", 20), card("Brute", 30)
WOODS = TerrainItem("woods", (TerrainFeature("hindering", rectangle(-2, -2, 2, 2)),))


def setup(clicks: tuple[int, ...] = (), **kw: object) -> GameSetup:
    return GameSetup(players=(
        PlayerSetup("Rich", (GRUNT, BRUTE), 100, "south", terrain=(WOODS,), clicks=clicks),
        PlayerSetup("Matt", (GRUNT, BRUTE), 100, "north")), dice=(6, 6, 1, 1), **kw)  # type: ignore[arg-type]


def set_the_scene(game: Game) -> None:
    while game.phase != "play":
        apply(game, next(iter(legal_actions(game))))


def test_warriors_enter_at_their_current_clicks_after_the_scene_is_set() -> None:
    game = Game.new(setup(clicks=(0, 2)))
    assert game.phase == "terrain"
    set_the_scene(game)
    # Rulebook II turns the dials to their starting clicks before deployment; the carried
    # damage stays (World Conquest): the Brute enters two clicks down, the others fresh.
    assert [w.click for w in game.warriors] == [0, 2, 0, 0]
    assert game.warriors[1].stats == BRUTE.clicks[2]
    assert find([e for x in game.entries for e in x["events"]], "dials_set")


def test_a_damaged_warrior_heals_back_to_its_starting_click_and_no_further() -> None:
    game = Game.new(setup(clicks=(0, 2)))
    set_the_scene(game)
    brute = game.warriors[1]
    assert brute.card.starting_click == 0
    # Rulebook III, Healing: never past the starting click, damage carried or not.
    assert game.heal(brute, 5, "test") == 2 and brute.click == 0


def test_the_clicks_and_the_weather_are_in_the_log_and_replay() -> None:
    game = Game.new(setup(clicks=(0, 2), weather=("fog",)))
    assert game.weather == ("fog",)
    set_the_scene(game)
    text = game.log_json()
    start = json.loads(text)["start"]
    assert start["weather"] == ["fog"] and start["players"][0]["clicks"] == [0, 2]
    again = replay(text)
    assert again.log_json() == text and [w.click for w in again.warriors] == [0, 2, 0, 0]
    # Without them, no keys: logs from before read the same.
    plain = json.loads(Game.new(setup()).log_json())["start"]
    assert "weather" not in plain and "clicks" not in plain["players"][0]


@pytest.mark.parametrize(("clicks", "message"), [
    ((0,), r"player 0, field clicks: one click per warrior of the army \(2\), got 1"),
    ((0, 4), r"warrior 1 \(Brute\): click 4 is not a live click"),
    ((0, -1), r"warrior 1 \(Brute\): click -1 is not a live click"),
])
def test_clicks_no_dial_has_are_refused_in_one_line(clicks: tuple[int, ...],
                                                    message: str) -> None:
    with pytest.raises(SetupError, match=message):
        Game.new(setup(clicks=clicks))


def test_no_warrior_enters_healed_past_its_starting_click() -> None:
    late = card("Late", 20, clicks=5, starting_click=1)
    bad = GameSetup(players=(PlayerSetup("A", (late,), 100, "south", clicks=(0,)),
                             PlayerSetup("B", (GRUNT,), 100, "north")))
    with pytest.raises(SetupError, match=r"click 0 is not a live click from the starting "
                                         r"click 1 on"):
        Game.new(bad)


def test_unknown_weather_is_refused_in_one_line() -> None:
    with pytest.raises(SetupError, match="setup, field weather: 'hail' is not one of"):
        Game.new(setup(weather=("hail",)))


def test_a_holder_places_terrain_and_puts_a_warrior_on_guard_himself() -> None:
    """World Conquest, Troop Movements (battle rule 1) and Upgrading Defenses: the fort
    stands before terrain is placed; "During the setup for a battle, you may place
    warriors on guard" — by hand, not only by the AI."""
    fort = Fortification("fort", 0, 3.0, 19, 10, (("back", 1.0),), 6, 2)
    game = Game.new(setup(fortifications=(fort,)))
    assert game.phase == "terrain"
    apply(game, PlaceTerrain(0, (18, 18), 0.0))
    assert game.phase == "deploy" and game.deploying == 0
    work = game.warriors[4]
    spot = guard_spots(game, work, game.warriors[0].half_length)[0]
    events = apply(game, Deploy(0, spot, math.pi / 2))
    assert find(events, "on_guard") and game.warriors[0].guarding == work.id
