"""Chariots in random legal play: whatever legal actions are given, the battlefield stays a
legal one (no bases overlap, every chariot's dials and passenger add up, the pending
decisions are owed to the right player) and the log replays to the same game.

The armies mix the project's fixture chariots (imports/fixtures, some starting with a
passenger) with hand-made warriors of every base: no real data is needed.
"""

from __future__ import annotations

import random

from engine_helpers import card, fixture_chariots
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from armybuilder.engine import (
    CHARIOT_SKULLS,
    NOBODY,
    Board,
    ChariotMove,
    CloseAttack,
    Disembark,
    Game,
    GameSetup,
    IllegalAction,
    PassengerFacing,
    PlayerSetup,
    RangedAttack,
    SectionChoice,
    SpinOffer,
    apply,
    replay,
)
from armybuilder.engine import geometry as g

WARRIORS = (
    card("Spearman", 14, speed=6, attack=9, defense=15, damage=2, clicks=5),
    card("Bowman", 18, speed=6, attack=8, defense=14, damage=2, range=8, targets=2, clicks=5),
    card("Lancer", 30, speed=10, base="cavalry", base_radius=0.875, clicks=5),
    card("Tough Guard", 25, speed=5, clicks=6, abilities={0: ("Toughness",),
                                                         1: ("Toughness",)}),
    card("Hexer", 28, speed=6, range=8, clicks=5, abilities={0: ("Shockwave",),
                                                            1: ("Flame/Lightning",)}),
    card("Pikeman", 20, speed=6, clicks=5, abilities={0: ("Pole Arm",)}),
)


def _army(picks: list[int], with_chariot: int, passenger: bool
          ) -> tuple[tuple, tuple[tuple[int, int], ...]]:
    chariots = list(fixture_chariots().values())
    army = [chariots[with_chariot % len(chariots)]]
    army += [WARRIORS[k % len(WARRIORS)] for k in picks]
    # A passenger rides from the start: the first warrior that may (no horseshoe).
    riders = [i for i, c in enumerate(army) if i and c.base != "cavalry"]
    return tuple(army), ((riders[0], 0),) if passenger and riders else ()


def _total(army: tuple) -> int:
    return max(100, -(-sum(c.points for c in army) // 100) * 100)


def _legal_state(game: Game) -> None:
    """Nothing the rules forbid stands on the battlefield."""
    on = [x for x in game.warriors if x.on_table]
    for i, a in enumerate(on):
        for x, y, r in a.discs:
            assert r - 1e-6 <= x <= game.table - r + 1e-6, a
            assert r - 1e-6 <= y <= game.table - r + 1e-6, a
        for b in on[i + 1:]:
            assert not g.discs_overlap(a.discs, b.discs), (a, b)
    for x in game.warriors:
        assert 0 <= x.tokens <= 2
        chariot = x.chariot
        if chariot is not None:
            assert x.captive == NOBODY and x.controller == NOBODY  # never captures
            assert x.abilities == ()
            if x.on_table:
                skulls = sum(x.card.sections[k][c][1] for k, c in enumerate(chariot.clicks))
                assert skulls < CHARIOT_SKULLS
                assert all(0 <= c < len(d) for c, d in zip(chariot.clicks, x.card.sections,
                                                            strict=True))
            if chariot.passenger != NOBODY and x.on_table:
                p = game.warriors[chariot.passenger]
                assert p.riding == x.id and not p.on_table and (p.x, p.y) == (x.x, x.y)
        if x.riding != NOBODY and game.phase == "play":
            c = game.warriors[x.riding]
            assert not x.on_table and c.on_table and c.chariot is not None
            assert c.chariot.passenger == x.id
            assert x.captive == NOBODY
    if game.pending and game.phase == "play":
        item = game.pending[0]
        if isinstance(item, (SpinOffer, SectionChoice, PassengerFacing)):
            assert game.to_act == game.warriors[item.warrior].owner


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          derandomize=True, phases=(Phase.explicit, Phase.generate))
@given(seed=st.integers(0, 2**31), a=st.lists(st.integers(0, 50), min_size=2, max_size=4),
       b=st.lists(st.integers(0, 50), min_size=2, max_size=4), ca=st.integers(0, 5),
       cb=st.integers(0, 5), ride=st.booleans())
def test_chariots_in_random_legal_play(seed: int, a: list[int], b: list[int], ca: int,
                                       cb: int, ride: bool) -> None:
    army_a, riders_a = _army(a, ca, ride)
    army_b, riders_b = _army(b, cb, not ride)
    setup = GameSetup(players=(
        PlayerSetup("A", army_a, _total(army_a), "south", passengers=riders_a),
        PlayerSetup("B", army_b, _total(army_b), "north", passengers=riders_b)),
        table=20.0, seed=seed, round_limit=8)
    game = Game.new(setup)
    rng = random.Random(seed)
    for step in range(400):
        if game.over:
            break
        if step % 7 == 0:
            _refused_changes_nothing(game, rng)
        actions = list(game.legal_actions())
        assert actions, "a game in play always has a legal action"
        # Random, but fighting whenever it can half the time: more dials turn.
        fights = [x for x in actions if isinstance(x, (RangedAttack, CloseAttack))]
        apply(game, rng.choice(fights if fights and rng.random() < 0.5 else actions))
        _legal_state(game)
    text = game.log_json()
    again = replay(text)
    assert again.log_json() == text and again.snapshot() == game.snapshot()


def _refused_changes_nothing(game: Game, rng: random.Random) -> None:
    """A chariot's move, a section's attack or a boarding made up at random: legal or not,
    a refused one leaves the game exactly as it was."""
    if game.phase != "play" or game.pending:
        return
    ids = [x.id for x in game.warriors]
    names = ("front", "left", "right", "rear")
    action = rng.choice((
        ChariotMove(rng.choice(ids), tuple(rng.sample(names, rng.randint(1, 3))),
                    rng.uniform(-3.2, 3.2), rng.uniform(0.0, 14.0)),
        RangedAttack(rng.choice(ids), (rng.choice(ids),), section=rng.choice(names),
                     aim=rng.choice((None, *names))),
        CloseAttack(rng.choice(ids), rng.choice(ids), aim=rng.choice((None, *names))),
        Board(rng.choice(ids), rng.choice(ids)),
        Disembark(rng.choice(ids), (rng.uniform(0, 20), rng.uniform(0, 20)))))
    before = (game.snapshot(), game.dice.used, len(game.entries))
    try:
        apply(game, action)
    except IllegalAction:
        assert (game.snapshot(), game.dice.used, len(game.entries)) == before, action
