"""Terrain presets (Rulebook VII, The Standard Game 4 and 5) and the heuristic player's
terrain placement (Rulebook II, Setting the Scene)."""

from __future__ import annotations

import pytest

from armybuilder.battle.players import make_player
from armybuilder.battle.terrain_presets import PRESETS, terrain_for
from armybuilder.engine import ClickStats, FigureCard, Game, GameSetup, PlayerSetup, apply


def test_none_brings_no_terrain() -> None:
    assert terrain_for("none", 0) == ()
    assert terrain_for("none", 1) == ()


def test_standard_is_two_items_each_the_same_for_every_player_and_never_elevated() -> None:
    first, second = terrain_for("standard", 0), terrain_for("standard", 1)
    assert len(first) == 2
    assert first == second
    kinds = {f.kind for item in first for f in item.features}
    assert kinds == {"hindering", "blocking"}
    assert not any(f.elevated or f.kind == "elevated" for item in first for f in item.features)


def test_every_preset_brings_at_most_two_items() -> None:
    # Rulebook II: zero, one or two terrain items each.
    assert {"none", "standard"} <= set(PRESETS)
    assert all(len(items) <= 2 for items in PRESETS.values())


def test_an_unknown_preset_names_the_presets() -> None:
    with pytest.raises(ValueError, match="standard"):
        terrain_for("jungle", 0)


def _card(name: str) -> FigureCard:
    return FigureCard(key=f"test:{name}", name=name, points=20, factions=("Atlantis Guild",),
                      clicks=tuple(ClickStats(7, 9, 15, 2) for _ in range(4)), range=6)


def test_the_heuristic_player_places_the_whole_standard_pile() -> None:
    army = tuple(_card(f"w{i}") for i in range(3))
    setup = GameSetup(players=(
        PlayerSetup("A", army, 100, "south", terrain=terrain_for("standard", 0)),
        PlayerSetup("B", army, 100, "north", terrain=terrain_for("standard", 1))),
        seed=3, round_limit=2)
    game = Game.new(setup)
    players = [make_player("heuristic", 1), make_player("heuristic", 2)]
    while game.phase == "terrain":
        apply(game, players[game.to_act].choose(game))
    assert len(game.terrain.features) == 4
    assert game.phase == "deploy"
