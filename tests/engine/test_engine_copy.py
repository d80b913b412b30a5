"""``Game.copy()``: an independent game at the same point, for a player that tries actions
on copies (the engine as a forward model, python-chess's ``Board.copy``).

Random legal play in games with chariots and their passengers, a castle, and World
Conquest structures, among terrain: at points along the way the game is copied; the same
actions given to the copy and to the game give the same events and, at the end, the same
log byte for byte; actions given to another copy change nothing in the game; and what the
copy remembers always equals what it would work out afresh (test_engine_memory).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from chariot_cards import fixture_chariots
from engine_helpers import card
from fixture_figures import fixture_castle_figures
from test_engine_memory import _agree

from armybuilder.engine import (
    Action,
    CloseAttack,
    Game,
    GameSetup,
    PlayerSetup,
    RangedAttack,
    State,
    apply,
    castle_default_plan,
)
from armybuilder.engine.adapter import castle_card
from armybuilder.engine.fortifications import Fortification
from armybuilder.engine.state import Warrior
from armybuilder.sim.terrain_presets import terrain_for

FOOT = card("Footman", 20, speed=8, clicks=5, abilities={1: ("Demoralized",)})
ARCHER = card("Archer", 25, speed=7, range=8, targets=2, clicks=5)
RIDER = card("Rider", 30, speed=10, base="cavalry", base_radius=0.875, clicks=5,
             abilities={0: ("Charge",)})
BRUTE = card("Brute", 40, attack=10, damage=3, clicks=6, abilities={0: ("Toughness",)})
HEALER = card("Healer", 25, clicks=5, abilities={i: ("Magic Healing",) for i in range(5)})


def _chariots() -> GameSetup:
    cart = sorted(fixture_chariots().values(), key=lambda c: c.key)[0]
    army = (cart, FOOT, ARCHER, RIDER)
    return GameSetup(players=(
        PlayerSetup("A", army, 300, "south", terrain=terrain_for("standard", 0),
                    passengers=((1, 0),)),
        PlayerSetup("B", army, 300, "north", terrain=terrain_for("standard", 1),
                    passengers=((2, 0),))), seed=11, round_limit=12)


def _castle() -> GameSetup:
    pieces = fixture_castle_figures()
    castle = (castle_card(pieces["keep"]), castle_card(pieces["wall"]),
              castle_card(pieces["wall"]), ARCHER, FOOT, HEALER)
    besiegers = (BRUTE, RIDER, ARCHER, FOOT, FOOT, BRUTE)
    plan = castle_default_plan(castle, "south", 48.0)
    return GameSetup(players=(
        PlayerSetup("Castle", castle, 400, "south", castle=plan),
        PlayerSetup("Siege", besiegers, 400, "north", terrain=terrain_for("standard", 1))),
        seed=5, round_limit=12, table=48.0)


def _structures() -> GameSetup:
    outpost = Fortification("outpost", 0, 2.0, 17, 6, (("back", 2.0),), 4, 1)
    banner = Fortification("banner", 1, 0.955, 12, 1)
    return GameSetup(players=(
        PlayerSetup("Holder", (FOOT, ARCHER, BRUTE, FOOT), 200, "south",
                    terrain=terrain_for("standard", 0)),
        PlayerSetup("Raider", (RIDER, ARCHER, BRUTE), 200, "north",
                    terrain=terrain_for("standard", 1))),
        seed=3, round_limit=12, fortifications=(outpost, banner), holders_set_up=True)


def _choose(game: Game, rng: random.Random) -> Action:
    """Setting the scene: the first place listed (every place is checked alike); in
    play, any legal action, an attack every other time there is one (so that the copies
    are made in the middle of fights too: decisions owed, chariots' sections chosen)."""
    listed = game.legal_actions()
    if game.phase != "play" and not game.pending:
        return next(listed)
    actions = list(listed)
    attacks = [a for a in actions if isinstance(a, (RangedAttack, CloseAttack))]
    return rng.choice(attacks if attacks and rng.random() < 0.5 else actions)


def _warriors_agree(a: Game, b: Game) -> None:
    for x, y in zip(a.warriors, b.warriors, strict=True):
        assert x is not y and y.memory is b.memory
        for name in Warrior.__slots__:
            if name in ("memory", "chariot", "castle"):
                continue
            assert getattr(x, name) == getattr(y, name), name
        assert repr(x.chariot) == repr(y.chariot) and repr(x.castle) == repr(y.castle)
        assert x.chariot is None or x.chariot is not y.chariot
        assert x.castle is None or x.castle is not y.castle


@pytest.mark.parametrize("setup", [_chariots, _castle, _structures],
                         ids=["chariots", "castle", "structures"])
def test_a_copy_plays_on_as_the_game_does_and_leaves_it_alone(setup: Any) -> None:
    game = Game.new(setup())
    rng = random.Random(setup.__name__)
    followers: list[Game] = []
    step = 0
    while not game.over and step < 120:
        if step % 8 == 4:
            copied = game.copy()
            assert copied.log_json() == game.log_json()
            assert copied.snapshot() == game.snapshot()
            _warriors_agree(game, copied)
            followers.append(copied)
            # An action on another copy changes nothing in the game.
            probe, before = game.copy(), (game.log_json(), game.snapshot())
            apply(probe, _choose(probe, random.Random(step)))
            assert (game.log_json(), game.snapshot()) == before
        action = _choose(game, rng)
        events = apply(game, action)
        for f in followers:
            assert apply(f, action) == events
        step += 1
    assert len(followers) >= 5
    for f in followers:
        assert f.log_json() == game.log_json()
        _agree(f)


def test_every_field_of_the_game_is_copied_or_never_changed_in_place() -> None:
    """A new field of State holding something changed in place (a list, a dict, a record
    with its own fields) must be copied by State.copy: named in State.COPIED."""
    game = Game.new(_structures())
    shared = (int, float, str, bool, type(None), tuple, frozenset)
    for name, value in vars(game).items():
        if name in ("header", "entries") or name in State.COPIED:
            continue
        assert isinstance(value, shared) or type(value).__dataclass_params__.frozen, name  # type: ignore[attr-defined]
    copied = game.copy()
    for name in State.COPIED:
        assert getattr(copied, name) is not getattr(game, name) or (name == "pending" \
            and not game.pending), name
