"""Property test: random legal play with cards carrying every catalogue ability never
reaches an illegal state, never loses or invents victory points, and replays identically."""

from __future__ import annotations

import random
from typing import Any

from engine_helpers import card
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_properties import (
    PIECES,
    independent_scores,
    place_terrain,
    scored,
    try_random_move,
)

from armybuilder.engine import (
    CATALOGUE_ABILITIES,
    Game,
    GameSetup,
    Move,
    Pass,
    PlayerSetup,
    TerrainFeature,
    TerrainItem,
    apply,
    replay,
    turns,
)
from armybuilder.engine import geometry as g
from armybuilder.engine.bases import HALF_LENGTHS
from armybuilder.engine.geometry import rectangle
from armybuilder.engine.state import NOBODY
from armybuilder.engine.terrain import WATER

ORCS = ("Orc Raiders",)


def dial(name: str, points: int, abilities: tuple[str, ...], clicks: int = 6,
         **kw: Any) -> Any:
    """A card showing ``abilities`` on its first clicks and Demoralized on its last."""
    shown = {i: abilities for i in range(clicks - 1)}
    shown[clicks - 1] = ("Demoralized",)
    kw.setdefault("factions", ORCS)
    return card(name, points, clicks=clicks, abilities=shown, **kw)


POOL = [
    dial("Flamer", 30, ("Flame/Lightning", "Pierce"), range=8, targets=2, attack=9),
    dial("Waver", 30, ("Shockwave", "Magic Freeze"), range=8, attack=9),
    dial("Blaster", 30, ("Magic Blast", "Magic Enhancement"), range=8, attack=9),
    dial("Confuser", 25, ("Magic Confusion", "Stealth", "Magic Immunity"), range=8),
    dial("Healer", 25, ("Magic Healing", "Defend", "Aquatic"), range=6, targets=2),
    dial("Medic", 20, ("Healing", "Dodge", "Nimble"), attack=8),
    dial("Charger", 40, ("Charge", "Weapon Master", "Toughness"), base="cavalry",
         base_radius=HALF_LENGTHS["cavalry"], arc=180, speed=9, attack=10),
    dial("Bounder", 35, ("Bound", "Battle Armor", "Magic Retaliation"), range=6, speed=8,
         base="cavalry", base_radius=HALF_LENGTHS["cavalry"], arc=180),
    dial("Flyer", 30, ("Flight", "Sweep", "Limited Invisibility"), speed=10, arc=180),
    dial("Sneak", 25, ("Quickness", "Sneak Attack", "Regeneration"), speed=8),
    dial("Pikeman", 20, ("Forced March", "Venom", "Pole Arm"), speed=7),
    dial("Rammer", 35, ("Ram", "Vampirism", "Invulnerability", "Berserk"), speed=8, arc=180),
    dial("Warlord", 35, ("Magic Levitation", "Command", "Battle Fury"), speed=6, range=4),
    dial("Lich", 30, ("Necromancy",), range=0),
    # A mounted captor that turns freely (Nimble) and on free spins: it must never turn
    # onto its captive's base (issue 22).
    dial("Rider", 30, ("Nimble",), base="cavalry", base_radius=HALF_LENGTHS["cavalry"],
         arc=180, speed=9, attack=11),
    card("Zombie", 10, clicks=2, factions=ORCS),
]
WATERS = [
    TerrainItem("pond", (TerrainFeature("shallow_water", rectangle(-2, -1.5, 2, 1.5)),)),
    TerrainItem("lake", (TerrainFeature("deep_water", rectangle(-1.5, -1.5, 1.5, 1.5)),)),
]


def test_the_pool_carries_every_catalogue_ability() -> None:
    assert set().union(*(c.ability_names for c in POOL)) == set(CATALOGUE_ABILITIES)


@st.composite
def battles(draw: Any) -> tuple[GameSetup, int]:
    players = []
    pieces = PIECES + WATERS
    for i, edge in enumerate(("south", "north")):
        picks = draw(st.lists(st.integers(0, len(POOL) - 1), min_size=2, max_size=6))
        army = tuple(POOL[k] for k in picks)
        total = max(200, -(-sum(c.points for c in army) // 100) * 100)
        pile = tuple(pieces[k] for k in draw(st.lists(st.integers(0, len(pieces) - 1),
                                                      max_size=2)))
        players.append(PlayerSetup(f"P{i}", army, total, edge, terrain=pile))
    seed = draw(st.integers(0, 2**31))
    return GameSetup(players=tuple(players), table=20.0, seed=seed, round_limit=8), seed


def check_invariants(game: Game) -> None:
    on = [w for w in game.warriors if w.on_table]
    for i, a in enumerate(on):
        for x, y, r in a.discs:
            assert r - 1e-6 <= x <= game.table - r + 1e-6, a
            assert r - 1e-6 <= y <= game.table - r + 1e-6, a
        assert 0 <= a.click < len(a.card.clicks)
        assert a.tokens in (0, 1, 2)
        if game.terrain:
            # Aquatic may stand in deep water; its controller carries a captive there too.
            ignore = WATER if "Aquatic" in a.card.ability_names or a.controller != NOBODY \
                else frozenset()
            assert game.terrain.position_violation(a.discs, ignore) is None, a
        for b in on[i + 1:]:
            assert not g.discs_overlap(a.discs, b.discs), (a, b)
        if a.captive != NOBODY:
            c = game.warriors[a.captive]
            assert c.controller == a.id and c.on_table
            assert g.discs_touch(a.discs, c.discs)
        if a.controller != NOBODY:
            assert game.warriors[a.controller].captive == a.id
        assert not a.cancelled or a.owner == game.current
    for w in game.warriors:
        if not w.on_table:
            assert w.controller == NOBODY and w.captive == NOBODY
    if game.phase == "play" and not game.pending:
        # Special Abilities Card, Quickness: a turn whose actions are all given waits only
        # while a warrior may still move without one.
        assert game.actions_used < game.turn_actions or turns.free_move_left(game,
                                                                             game.current)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          derandomize=True, database=None)
@given(battles())
def test_random_legal_play_with_special_abilities(battle: tuple[GameSetup, int]) -> None:
    setup, seed = battle
    rng = random.Random(seed)
    game = Game.new(setup)
    while game.phase == "terrain":
        place_terrain(game, rng)
    previous = [0] * len(game.players)
    for _ in range(220):
        check_invariants(game)
        if game.over:
            break
        now = [p.score for p in game.players]
        assert all(n >= p for n, p in zip(now, previous, strict=True))
        assert now == scored(game)
        previous = now
        if game.phase == "play" and not game.pending and rng.random() < 0.2 \
                and try_random_move(game, rng):
            continue
        options = list(game.legal_actions())
        assert options, f"no legal action in phase {game.phase}"
        assert len(options) == len(set(options)), "an action is listed twice"
        fights = [a for a in options if not isinstance(a, (Move, Pass))]
        action = rng.choice(fights if fights and rng.random() < 0.6 else options)
        assert game.is_legal(action), action
        apply(game, action)
    check_invariants(game)
    if game.over:
        assert [s.total for s in game.outcome.scores] == independent_scores(game)
    text = game.log_json()
    again = replay(text)
    assert again.log_json() == text
    assert again.snapshot() == game.snapshot()
