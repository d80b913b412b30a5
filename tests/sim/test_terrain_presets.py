"""Terrain presets (Rulebook VII, The Standard Game 4 and 5) and the heuristic player's
terrain placement (Rulebook II, Setting the Scene)."""

from __future__ import annotations

import pytest

from armybuilder.ai.players import make_player
from armybuilder.engine import (
    ClickStats,
    FigureCard,
    Game,
    GameSetup,
    PlayerSetup,
    apply,
    formations,
)
from armybuilder.sim.terrain_presets import PRESETS, terrain_for


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


def _scene(army_a: tuple[FigureCard, ...], army_b: tuple[FigureCard, ...], seed: int) -> Game:
    setup = GameSetup(players=(
        PlayerSetup("A", army_a, 200, "south", terrain=terrain_for("standard", 0)),
        PlayerSetup("B", army_b, 200, "north", terrain=terrain_for("standard", 1))),
        seed=seed, round_limit=2)
    game = Game.new(setup)
    players = [make_player("heuristic", 1), make_player("heuristic", 2)]
    while game.phase in ("terrain", "deploy"):
        apply(game, players[game.to_act].choose(game))
    return game


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_heuristic_keeps_its_own_terrain_out_of_its_advance(seed: int) -> None:
    # Rulebook V: woods halve the speed of whoever starts in them and ruins block; a player
    # does not put its own items straight ahead of its starting area.
    army = tuple(_card(f"w{i}") for i in range(3))
    game = _scene(army, army, seed)
    placed = [e["events"] for e in game.entries
              if e["action"] is not None and e["action"]["type"] == "place_terrain"]
    assert len(placed) == 4
    for f in game.terrain.features:
        ys = [p[1] for p in f.polygon]
        xs = [p[0] for p in f.polygon]
        owner = 0 if (min(ys) + max(ys)) / 2 < 18 else 1
        ahead = (0.0, 14.0) if owner == 0 else (22.0, 36.0)
        in_lane = min(xs) < 18 + 3.5 and max(xs) > 18 - 3.5
        assert not (in_lane and min(ys) < ahead[1] and max(ys) > ahead[0]), f.polygon


def _faction_card(name: str, faction: str, range_: int = 0) -> FigureCard:
    return FigureCard(key=f"test:{name}", name=name, points=20, factions=(faction,),
                      clicks=tuple(ClickStats(7, 9, 15, 2) for _ in range(4)), range=range_)


def test_the_heuristic_deploys_a_faction_in_contact_for_movement_formations() -> None:
    # Rulebook IV: 3 to 5 warriors of one faction touching may move as a formation.
    guild = (_faction_card("g1", "Atlantis Guild"), _faction_card("g2", "Atlantis Guild", 8),
             _faction_card("g3", "Atlantis Guild"), _faction_card("g4", "Atlantis Guild", 8))
    army = (*guild, _faction_card("loner", "Orc Raiders"))
    game = _scene(army, army, 5)
    mine = [w for w in game.warriors if w.owner == 0 and w.card.factions == ("Atlantis Guild",)]
    assert len(mine) == 4 and all(w.on_table for w in mine)
    assert formations.grouped(game, mine)
    # Fighters stand in front (further from the south edge) of the shooters.
    fighters = [w.y for w in mine if w.card.range == 0]
    shooters = [w.y for w in mine if w.card.range > 0]
    assert min(fighters) >= max(shooters) - 1e-6
