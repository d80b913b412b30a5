"""Property test: random legal play never reaches an illegal state, never loses or invents
victory points, and replays identically."""

from __future__ import annotations

import math
import random
from typing import Any

from engine_helpers import card
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armybuilder.engine import (
    EndByAgreement,
    Game,
    GameSetup,
    IllegalAction,
    Move,
    Pass,
    PlaceTerrain,
    PlayerSetup,
    RangedAttack,
    TerrainFeature,
    TerrainItem,
    Withdraw,
    apply,
    replay,
    turns,
)
from armybuilder.engine import geometry as g
from armybuilder.engine.geometry import rectangle
from armybuilder.engine.state import NOBODY, in_area

POOL = [
    card("Archer", 18, speed=7, attack=8, defense=14, range=8, targets=2, clicks=4),
    card("Brute", 30, speed=6, attack=10, defense=16, arc=180, clicks=6),
    card("Scout", 12, speed=10, attack=7, defense=13, range=6, clicks=3,
         abilities={2: ("Demoralized",)}),
    card("Lancer", 35, speed=10, attack=10, defense=15, base="cavalry", base_radius=0.75,
         clicks=5),
    card("Mage", 25, speed=6, attack=9, defense=14, range=10, targets=3, arc=270, clicks=4,
         factions=("Orc Raiders", "Necropolis Sect")),
    card("Spawn", 20, speed=8, attack=9, defense=15, clicks=4, factions=("Mage Spawn",)),
    card("Shaky", 10, speed=6, attack=0, defense=12, clicks=2, abilities={0: ("Demoralized",),
                                                                           1: ("Demoralized",)}),
]
PIECES = [
    TerrainItem("woods", (TerrainFeature("hindering", rectangle(-2, -1.5, 2, 1.5)),)),
    TerrainItem("house", (TerrainFeature("blocking", rectangle(-1, -1, 1, 1)),)),
    TerrainItem("hill", (TerrainFeature("elevated", rectangle(-3, -2, 3, 2)),
                         TerrainFeature("hindering", rectangle(-1, -1, 1, 1), elevated=True))),
    TerrainItem("ford", (TerrainFeature("shallow_water", rectangle(-2, -1, 2, 1)),)),
    TerrainItem("lake", (TerrainFeature("deep_water", rectangle(-1.5, -1.5, 1.5, 1.5)),)),
    TerrainItem("wall", (TerrainFeature("low_wall", rectangle(-2, -0.1, 2, 0.1)),)),
    TerrainItem("tower", (TerrainFeature("elevated", rectangle(-2, -2, 2, 2), abrupt=True,
                                         stairs=(((-0.5, -2), (0.5, -2)),)),)),
]


@st.composite
def battles(draw: Any) -> tuple[GameSetup, int]:
    players = []
    for i, edge in enumerate(("south", "north")):
        picks = draw(st.lists(st.integers(0, len(POOL) - 1), min_size=1, max_size=6))
        army = tuple(POOL[k] for k in picks)
        total = max(100, -(-sum(c.points for c in army) // 100) * 100)
        pile = tuple(PIECES[k] for k in draw(st.lists(st.integers(0, len(PIECES) - 1),
                                                      max_size=2)))
        players.append(PlayerSetup(f"P{i}", army, total, edge, terrain=pile))
    seed = draw(st.integers(0, 2**31))
    # A small table so the armies meet within the time limit.
    table = draw(st.sampled_from((20.0, 24.0)))
    return GameSetup(players=tuple(players), table=table, seed=seed, round_limit=10), seed


def check_invariants(game: Game) -> None:
    on = [w for w in game.warriors if w.on_table]
    for i, a in enumerate(on):
        for x, y, r in a.discs:  # every part of the base, both discs of a double base
            assert r - 1e-6 <= x <= game.table - r + 1e-6, a
            assert r - 1e-6 <= y <= game.table - r + 1e-6, a
        assert 0 <= a.click < len(a.card.clicks)
        assert a.tokens in (0, 1, 2)
        if game.terrain:
            assert game.terrain.position_violation(a.discs) is None, a
        for b in on[i + 1:]:
            assert not g.discs_overlap(a.discs, b.discs), (a, b)
        if a.captive != NOBODY:
            c = game.warriors[a.captive]
            assert c.controller == a.id and c.on_table
            assert g.discs_touch(a.discs, c.discs)
        if a.controller != NOBODY:
            assert game.warriors[a.controller].captive == a.id
    if game.phase == "play" and not game.pending:
        # Special Abilities Card, Quickness: a turn whose actions are all given waits only
        # while a warrior may still move without one.
        assert game.actions_used < game.turn_actions or turns.free_move_left(game,
                                                                             game.current)


def scored(game: Game) -> list[int]:
    """Victory points per player, added up from the log's score events."""
    points = [0] * len(game.players)
    for entry in game.entries:
        eliminated = {ev["warrior"] for ev in entry["events"] if ev["e"] == "eliminated"}
        for ev in entry["events"]:
            if ev["e"] != "score":
                continue
            victim = game.warriors[ev["warrior"]]
            assert ev["points"] == victim.card.points
            assert game.players[ev["player"]].team != victim.team
            if ev["reason"] == "eliminated":
                assert ev["warrior"] in eliminated
            else:
                assert ev["reason"] == "forfeited captive"
            points[ev["player"]] += ev["points"]
    return points


def independent_scores(game: Game) -> list[int]:
    totals = scored(game)
    for w in game.warriors:
        if not w.on_table:
            continue
        if w.controller != NOBODY:
            holder = game.players[game.warriors[w.controller].owner]
            if in_area((w.x, w.y), holder.area):
                totals[holder.index] += 2 * w.card.points
        elif w.eliminations == 0 and not game.players[w.owner].withdrawn:
            totals[w.owner] += w.card.points
    return totals


def random_move(game: Game, rng: random.Random) -> Any:
    mine = [w for w in game.warriors if w.owner == game.current and w.on_table]
    if not mine:
        return None
    w = rng.choice(mine)
    if rng.random() < 0.5:
        a = rng.uniform(-math.pi, math.pi)
        d = rng.uniform(0, 12)
        mid = (w.x + d / 2 * math.cos(a) + rng.uniform(-1, 1), w.y + d / 2 * math.sin(a))
        end = (w.x + d * math.cos(a), w.y + d * math.sin(a))
        return Move(w.id, (mid, end), rng.uniform(-math.pi, math.pi))
    others = [o.id for o in game.warriors if o.on_table and o is not w]
    if not others:
        return None
    return RangedAttack(w.id, tuple(rng.sample(others, min(len(others), rng.randint(1, 2)))))


def try_random_move(game: Game, rng: random.Random) -> bool:
    """Try a random (often illegal) move; True when it was played. ``is_legal`` must agree
    with ``apply``, and a refused move must change nothing, not even the dice."""
    attempt = random_move(game, rng)
    if attempt is None:
        return False
    before = (game.snapshot(), game.dice.used, len(game.entries))
    legal = game.is_legal(attempt)
    try:
        apply(game, attempt)
    except IllegalAction as exc:
        assert not legal, exc
        assert (game.snapshot(), game.dice.used, len(game.entries)) == before
        return False
    assert legal
    return True


def place_terrain(game: Game, rng: random.Random) -> None:
    item = next(i for i, t in enumerate(game.terrain_pile) if t is not None)
    for _ in range(40):
        at = (rng.uniform(2, game.table - 2), rng.uniform(5, game.table - 5))
        action = PlaceTerrain(item, at, rng.choice((0.0, math.pi / 2)))
        if game.is_legal(action):
            apply(game, action)
            return
    apply(game, next(iter(game.legal_actions())))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          derandomize=True, database=None)
@given(battles())
def test_random_legal_play(battle: tuple[GameSetup, int]) -> None:
    setup, seed = battle
    rng = random.Random(seed)
    game = Game.new(setup)
    while game.phase == "terrain":
        place_terrain(game, rng)
    previous = [0] * len(game.players)
    for _ in range(250):
        check_invariants(game)
        if game.over:
            break
        now = [p.score for p in game.players]
        assert all(n >= p for n, p in zip(now, previous, strict=True))  # never lost
        assert now == scored(game)  # never invented
        previous = now
        roll = rng.random()
        if game.phase == "play" and not game.pending and roll < 0.01:
            apply(game, Withdraw(game.current))
            continue
        if game.phase == "play" and not game.pending and roll < 0.015:
            apply(game, EndByAgreement())
            continue
        if game.phase == "play" and not game.pending and roll < 0.25 \
                and try_random_move(game, rng):
            continue
        options = list(game.legal_actions())
        assert options, f"no legal action in phase {game.phase}"
        fights = [a for a in options if not isinstance(a, (Move, Pass))]
        # Prefer attacks and formations now and then, so fights happen.
        action = rng.choice(fights if fights and rng.random() < 0.6 else options)
        assert game.is_legal(action), action
        apply(game, action)
    check_invariants(game)
    if game.over:
        assert [s.total for s in game.outcome.scores] == independent_scores(game)
        assert [s.eliminations for s in game.outcome.scores] == scored(game)
    text = game.log_json()
    again = replay(text)
    assert again.log_json() == text
    assert again.snapshot() == game.snapshot()
