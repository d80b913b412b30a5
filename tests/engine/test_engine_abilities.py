"""The special-ability hook registry: Demoralized, unhooked abilities reported, and every
hook point reachable for part 2."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from engine_helpers import NORTH, SOUTH, card, find, scenario, w

from armybuilder.engine import REGISTRY, CloseAttack, Move, RangedAttack, apply
from armybuilder.engine.abilities import HOOK_POINTS, AbilityRegistry

TEST_ABILITY = "Test Ward"


@pytest.fixture
def ward() -> Iterator[list[str]]:
    """A made-up ability hooked at every point, recording where it was called."""
    calls: list[str] = []

    def hook(point: str):
        def fn(state, warrior, ctx) -> None:
            calls.append(point)
            if point == "defense" and ctx.role == "target":
                ctx.value += 2
            if point == "break_away":
                ctx.fails_up_to = 1
            if point == "movement" and ctx.stage == "speed":
                ctx.speed += 2
            if point == "damage" and ctx.role == "target":
                ctx.clicks -= 1
            if point == "start_of_turn":
                ctx.extra_actions += 1
        return fn

    REGISTRY.register(TEST_ABILITY, "test", reads=(), **{p: hook(p) for p in HOOK_POINTS})
    yield calls
    REGISTRY.unregister(TEST_ABILITY)


def test_abilities_without_rules_are_reported_when_the_game_starts() -> None:
    # Part 2 plays every catalogue ability; Frenzy and Terrify (not on any catalogue dial)
    # stand for a later expansion's abilities.
    flyer = card("Flyer", 20, abilities={0: ("Frenzy", "Terrify"), 2: ("Demoralized",)})
    game = scenario(w(flyer, 0, 10, 10), w(card("Foe", 20), 1, 30, 30))
    reported = find(game.entries[0]["events"], "abilities_without_rules")
    assert reported == [{"e": "abilities_without_rules", "names": ["Frenzy", "Terrify"]}]
    assert REGISTRY.coverage(["Demoralized", "Frenzy"]) == {
        "with_rules": ["Demoralized"], "without_rules": ["Frenzy"]}


def test_registering_needs_known_hook_points() -> None:
    registry = AbilityRegistry()
    with pytest.raises(ValueError, match="unknown hook points"):
        registry.register("X", "test", teleport=lambda s, w, c: None)
    with pytest.raises(ValueError, match="at least one hook"):
        registry.register("X", "test")


def test_every_hook_point_is_called_where_the_rules_say(ward: list[str]) -> None:
    warded = card("Warded", 20, speed=6, attack=9, defense=15, range=8,
                  abilities={0: (TEST_ABILITY,)}, clicks=5)
    foe = card("Foe", 20, attack=9, defense=15, range=8, clicks=5)
    game = scenario(w(warded, 0, 10, 10, NORTH), w(foe, 1, 10, 11, SOUTH),
                    w(foe, 1, 20, 10, SOUTH), w(warded, 0, 20, 2, NORTH),
                    dice=(2, 3, 4, 5, 5))
    assert ward.count("start_of_turn") == 2 and game.turn_actions == 3  # +1 action each
    # Breaking away now fails only on a 1, and speed 6 grows to 8.
    events = apply(game, Move(0, ((10, 3.05),)))
    assert find(events, "break_away")[0]["success"] is True
    assert {"break_away", "movement", "actions"} <= set(ward)
    apply(game, RangedAttack(3, (2,)))
    assert {"line_of_fire", "attack_roll", "defense", "damage", "end_of_turn"} <= set(ward)
    game.heal(game.warriors[0], 1, "test")
    assert "healing" in ward


def test_the_capture_hook_is_asked_before_a_capture_attempt(ward: list[str]) -> None:
    warded = card("Warded", 20, abilities={0: (TEST_ABILITY,)})
    game = scenario(w(card("Knight", 20), 0, 10, 10, NORTH), w(warded, 1, 10, 11, SOUTH),
                    dice=(6, 6))
    apply(game, CloseAttack(0, 1, capture=True))
    assert "capture" in ward and game.warriors[1].is_captive


def test_defense_and_damage_hooks_change_the_numbers(ward: list[str]) -> None:
    warded = card("Warded", 20, defense=14, abilities={0: (TEST_ABILITY,)}, clicks=5)
    knight = card("Knight", 20, attack=9, damage=3)
    game = scenario(w(knight, 0, 10, 10, NORTH), w(warded, 1, 10, 11, SOUTH), dice=(4, 3))
    events = apply(game, CloseAttack(0, 1))
    assert find(events, "hit")[0]["defense"] == 16
    assert find(events, "damage")[0]["clicks"] == 2 and "capture" not in ward


def test_healing_never_goes_past_the_starting_click() -> None:
    late = card("Late Bloomer", 30, clicks=6, starting_click=2)
    game = scenario(w(late, 0, 10, 10, click=4), w(card("Foe", 20), 1, 30, 30))
    assert game.heal(game.warriors[0], 5, "test") == 2
    assert game.warriors[0].click == 2
    assert game.heal(game.warriors[0], 1, "test") == 0


def test_a_movement_hook_can_let_a_path_cross_bases_and_terrain() -> None:
    from armybuilder.engine import IllegalAction, TerrainFeature
    from armybuilder.engine.geometry import rectangle

    def wings(state, warrior, ctx) -> None:
        if ctx.stage == "path":
            ctx.crosses_bases = ctx.ignores_terrain = True

    REGISTRY.register("Test Wings", "test", movement=wings, reads=())
    try:
        flyer = card("Flyer", 20, speed=8, abilities={0: ("Test Wings",)})
        house = TerrainFeature("blocking", rectangle(9, 14, 11, 15))
        game = scenario(w(flyer, 0, 10, 10, NORTH), w(card("Foe", 20), 1, 10, 12),
                        terrain=(house,))
        with pytest.raises(IllegalAction, match="Blocking Terrain"):
            apply(game, Move(0, ((10, 14.5),)))  # may not end inside
        apply(game, Move(0, ((10, 17),)))  # over the foe and the house
        assert game.warriors[0].pos == (10, 17)
    finally:
        REGISTRY.unregister("Test Wings")
