"""Every event the engine tells is declared once (engine/events.py): in games playing every
special ability, chariots and their passengers, a castle and World Conquest structures,
each event's kind is declared and its fields are the declaration's (those it requires,
and no others)."""

from __future__ import annotations

import random
from typing import Any

from test_engine_ability_properties import POOL
from test_engine_copy import _castle, _chariots, _choose, _structures

from armybuilder.engine import Game, GameSetup, PlayerSetup, apply
from armybuilder.engine.events import EVENTS


def _ability_games() -> list[GameSetup]:
    half = len(POOL) // 2
    return [GameSetup(players=(PlayerSetup("A", tuple(POOL[:half]), 400, "south"),
                               PlayerSetup("B", tuple(POOL[half:]), 400, "north")),
                      table=20.0, seed=seed, round_limit=10) for seed in (1, 2)]


def _told(setup: GameSetup, seed: int) -> list[dict[str, Any]]:
    game = Game.new(setup)
    rng = random.Random(seed)
    steps = 0
    while not game.over and steps < 160:
        apply(game, _choose(game, rng))
        steps += 1
    return [ev for entry in game.entries for ev in entry["events"]]


def test_every_event_told_is_declared_with_its_fields() -> None:
    seen: set[str] = set()
    for k, setup in enumerate([_chariots(), _castle(), _structures(), *_ability_games()]):
        for ev in _told(setup, k):
            kind = ev["e"]
            assert kind in EVENTS, f"{kind} is not declared in engine/events.py"
            declared = EVENTS[kind]
            keys = set(ev)
            assert declared.__required_keys__ <= keys, (kind, sorted(keys))  # type: ignore[attr-defined]
            assert keys <= declared.__required_keys__ | declared.__optional_keys__, (  # type: ignore[attr-defined]
                kind, sorted(keys))
            seen.add(kind)
    # The games tell most kinds (the rest are pinned by the rules' own tests).
    assert len(seen) >= 35, sorted(set(EVENTS) - seen)
