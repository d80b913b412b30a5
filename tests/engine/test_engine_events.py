"""Every event the engine tells is declared once (engine/events.py): in games playing every
special ability, chariots and their passengers, a castle and World Conquest structures,
each event's kind is declared and its fields are the declaration's (those it requires,
and no others)."""

from __future__ import annotations

import json
import random

import pytest
from test_engine_ability_properties import POOL
from test_engine_copy import _castle, _chariots, _choose, _structures

from armybuilder.engine import Game, GameSetup, PlayerSetup, apply
from armybuilder.engine.events import EVENTS
from armybuilder.sim.narration import NARRATION, silent
from armybuilder.sim.replay import Narrator


def _ability_games() -> list[GameSetup]:
    half = len(POOL) // 2
    return [GameSetup(players=(PlayerSetup("A", tuple(POOL[:half]), 400, "south"),
                               PlayerSetup("B", tuple(POOL[half:]), 400, "north")),
                      table=20.0, seed=seed, round_limit=10) for seed in (1, 2)]


def _played(setup: GameSetup, seed: int) -> Game:
    game = Game.new(setup)
    rng = random.Random(seed)
    steps = 0
    while not game.over and steps < 160:
        apply(game, _choose(game, rng))
        steps += 1
    return game


@pytest.fixture(scope="module")
def games() -> list[Game]:
    """Games with chariots and passengers, a castle, World Conquest structures and every
    special ability, played once for the module."""
    return [_played(setup, k) for k, setup in enumerate(
        [_chariots(), _castle(), _structures(), *_ability_games()])]


def test_every_event_told_is_declared_with_its_fields(games: list[Game]) -> None:
    seen: set[str] = set()
    for game in games:
        for ev in (ev for entry in game.entries for ev in entry["events"]):
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


def test_every_event_told_is_narrated_in_words(games: list[Game]) -> None:
    """Each kind of event the games tell has its narration (sim/narration.py), and one
    not registered as told in no words (``silent``) says something at least once."""
    worded: dict[str, bool] = {}
    for game in games:
        narrator = Narrator(json.loads(game.log_json())["start"])
        for entry in game.entries:
            for ev in entry["events"]:
                kind = ev["e"]
                assert kind in NARRATION, f"no narration for the event {kind!r}"
                lines = narrator.entry(entry["action"], [ev])
                worded[kind] = worded.get(kind, False) or any(line.strip() for line in lines)
    mute = sorted(kind for kind, said in worded.items()
                  if not said and NARRATION[kind] is not silent)
    assert mute == [], f"narrated in no words: {mute}"
