"""World Conquest, Weather over the whole battlefield (engine/weather.py): Fog is hindering
terrain and Flooding shallow water everywhere except on elevated terrain; Stealth does not
apply to Fog."""

from __future__ import annotations

import json

import pytest
from engine_helpers import NORTH, SOUTH, card, defense_of, scenario, w

from armybuilder.engine import (
    IllegalAction,
    Move,
    RangedAttack,
    SetupError,
    TerrainFeature,
    apply,
    move_allowance,
    replay,
)
from armybuilder.engine.geometry import rectangle

SEVEN = card("Seven", 20, speed=7)
ARCHER = card("Archer", 30, attack=7, range=16)
TARGET = card("Target", 20, defense=15, clicks=6)
HILL = TerrainFeature("elevated", rectangle(10, 20, 16, 26), name="hill")
FAR = w(card("Far", 10), 1, 34, 34)


def ability_card(name: str, *abilities: str, **kw) -> object:
    kw.setdefault("defense", 15)
    kw.setdefault("clicks", 8)
    return card(name, 30, abilities={0: abilities}, **kw)


@pytest.mark.parametrize("weather", [("fog",), ("flooding",)])
def test_fog_and_flooding_halve_speed_everywhere_off_elevated_terrain(weather) -> None:
    game = scenario(w(SEVEN, 0, 5, 5, NORTH), FAR, weather=weather)
    assert move_allowance(game, game.warriors[0]) == 4  # 7 halved, rounded up
    with pytest.raises(IllegalAction, match='may move 4"'):
        apply(game, Move(0, ((5, 9.5),)))
    apply(game, Move(0, ((5, 9),)))
    # On elevated terrain there is no fog and no flood.
    game = scenario(w(SEVEN, 0, 13, 23, NORTH), FAR, terrain=(HILL,), weather=weather)
    assert move_allowance(game, game.warriors[0]) == 7
    # Without weather the same ground is clear.
    game = scenario(w(SEVEN, 0, 5, 5, NORTH), FAR)
    assert move_allowance(game, game.warriors[0]) == 7


def test_flooding_does_not_slow_aquatic_figures_but_fog_does() -> None:
    swimmer = ability_card("Swimmer", "Aquatic", speed=8)
    game = scenario(w(swimmer, 0, 5, 5, NORTH), FAR, weather=("flooding",))
    assert move_allowance(game, game.warriors[0]) == 8
    game = scenario(w(swimmer, 0, 5, 5, NORTH), FAR, weather=("fog",))
    assert move_allowance(game, game.warriors[0]) == 4


def shot(firer, target, *terrain, weather=(), target_card=TARGET, facing=NORTH):
    return scenario(w(ARCHER, 0, *firer, facing), w(target_card, 1, *target, SOUTH),
                    terrain=terrain, dice=(4, 4), weather=weather)


def test_fog_gives_every_line_of_fire_the_hindering_modifier_once() -> None:
    assert defense_of(apply(shot((13, 10), (13, 20)), RangedAttack(0, (1,))), 1) == 15
    game = shot((13, 10), (13, 20), weather=("fog",))
    assert defense_of(apply(game, RangedAttack(0, (1,))), 1) == 16
    woods = TerrainFeature("hindering", rectangle(10, 14, 16, 16))
    game = shot((13, 10), (13, 20), woods, weather=("fog",))
    assert defense_of(apply(game, RangedAttack(0, (1,))), 1) == 16  # once, not twice


def test_fog_off_elevated_terrain_only() -> None:
    # Both on the hill: nothing but elevated hindering terrain affects the line.
    hill = TerrainFeature("elevated", rectangle(5, 5, 30, 30), name="plateau")
    game = shot((13, 10), (13, 20), hill, weather=("fog",))
    assert defense_of(apply(game, RangedAttack(0, (1,))), 1) == 15
    # From the ground up at the hill: the firer stands in the fog, and the height advantage
    # adds its own +1.
    game = shot((13, 14), (13, 23), HILL, weather=("fog",))
    assert defense_of(apply(game, RangedAttack(0, (1,))), 1) == 17


def test_flooding_has_no_effect_on_lines_of_fire() -> None:
    game = shot((13, 10), (13, 20), weather=("flooding",))
    assert defense_of(apply(game, RangedAttack(0, (1,))), 1) == 15


def test_stealth_does_not_apply_to_fog() -> None:
    sneak = ability_card("Sneak", "Stealth")
    game = shot((13, 10), (13, 20), weather=("fog",), target_card=sneak)
    assert defense_of(apply(game, RangedAttack(0, (1,))), 1) == 16
    # Real hindering terrain on the line still hides it.
    woods = TerrainFeature("hindering", rectangle(10, 14, 16, 16))
    game = shot((13, 10), (13, 20), woods, weather=("fog",), target_card=sneak)
    with pytest.raises(IllegalAction, match="Stealth"):
        apply(game, RangedAttack(0, (1,)))


def test_aquatic_figures_are_in_water_everywhere_in_a_flood() -> None:
    swimmer = ability_card("Swimmer", "Aquatic")
    game = shot((13, 10), (13, 20), weather=("flooding",), target_card=swimmer)
    assert defense_of(apply(game, RangedAttack(0, (1,))), 1) == 17
    game = shot((13, 10), (13, 20), target_card=swimmer)
    assert defense_of(apply(game, RangedAttack(0, (1,))), 1) == 15


def test_weather_is_in_the_log_and_replays() -> None:
    game = shot((13, 10), (13, 20), weather=("fog",))
    apply(game, RangedAttack(0, (1,)))
    text = game.log_json()
    assert json.loads(text)["start"]["weather"] == ["fog"]
    assert replay(text).log_json() == text
    # No weather, no key: logs from before World Conquest read the same.
    assert "weather" not in json.loads(shot((13, 10), (13, 20)).log_json())["start"]


def test_unknown_weather_is_refused_in_one_line() -> None:
    with pytest.raises(SetupError, match="weather: 'hail' is not one of fog, flooding"):
        scenario(w(SEVEN, 0, 5, 5, NORTH), FAR, weather=("hail",))
