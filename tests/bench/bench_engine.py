"""Engine benchmarks on the real catalogue: a 200-point game, timed and printed.

    .venv/bin/python -m pytest tests/bench/bench_engine.py --benchmark-enable

Reads ../shared/data/rebuilt/mkstats_rebuilt.json through the product's importer and the
engine's adapter (skipped when absent).
"""

from __future__ import annotations

import copy
import random
import time
from pathlib import Path
from typing import Any

import pytest

from armybuilder.engine import Game, GameSetup, PlayerSetup, apply, legal_actions
from armybuilder.engine.actions import Action
from armybuilder.engine.adapter import playable_cards
from armybuilder.engine.cards import FigureCard
from armybuilder.importers.feed import read_feed
from armybuilder.importers.rule_tables import load_abilities, load_factions
from armybuilder.importers.sources import feed_files
from armybuilder.sim.random_armies import random_army

REPO = Path(__file__).resolve().parents[2]
SOURCE = REPO.parent / "shared" / "data" / "rebuilt" / "mkstats_rebuilt.json"


@pytest.fixture(scope="module")
def catalogue() -> list[FigureCard]:
    if not SOURCE.is_file():
        pytest.skip("../shared/data is not present")
    data = read_feed(feed_files(SOURCE), load_abilities(), load_factions())
    return playable_cards(data.figures.values())


def new_game(cards: list[FigureCard], seed: int) -> Game:
    rng = random.Random(seed)
    setup = GameSetup(players=(PlayerSetup("A", random_army(cards, rng), 200, "south"),
                               PlayerSetup("B", random_army(cards, rng), 200, "north")),
                      seed=seed, round_limit=25)
    game = Game.new(setup)
    while game.phase == "deploy":
        apply(game, next(iter(legal_actions(game))))
    return game


def play(game: Game, seed: int, keep: bool = True) -> tuple[list[Action], list[Game]]:
    """Random legal play to the end; the actions and (``keep``) some positions on the way."""
    rng = random.Random(seed)
    actions: list[Action] = []
    positions: list[Game] = []
    while not game.over:
        options = list(legal_actions(game))
        fights = [a for a in options if type(a).__name__ not in ("Move", "Pass")]
        action = rng.choice(fights if fights and rng.random() < 0.5 else options)
        if keep and len(actions) % 5 == 0:
            positions.append(copy.deepcopy(game))
        apply(game, action)
        actions.append(action)
    return actions, positions


def report(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    with capsys.disabled():
        print(f"\n{text}")


def test_time_per_applied_action(benchmark: Any, catalogue: list[FigureCard],
                                 capsys: pytest.CaptureFixture[str]) -> None:
    games = []
    for seed in range(3):
        game = new_game(catalogue, seed)
        start = copy.deepcopy(game)
        actions, _ = play(game, seed)
        games.append((start, actions))
    count = sum(len(a) for _, a in games)

    def replay_all() -> None:
        for start, actions in games:
            game = copy.deepcopy(start)
            for action in actions:
                apply(game, action)

    t0 = time.perf_counter()
    replay_all()
    once = time.perf_counter() - t0
    benchmark.pedantic(replay_all, rounds=5, iterations=1)
    mean = benchmark.stats.stats.mean if benchmark.stats else once
    report(f"engine: {count} actions in 3 games of 200 points; {1e6 * mean / count:.0f} µs per "
           f"applied action (deep copies of the start included)", capsys)


def test_time_per_legal_actions_call(benchmark: Any, catalogue: list[FigureCard],
                                     capsys: pytest.CaptureFixture[str]) -> None:
    game = new_game(catalogue, 7)
    _, positions = play(game, 7)
    sizes = [len(list(legal_actions(p))) for p in positions]

    def enumerate_all() -> None:
        for p in positions:
            for _ in legal_actions(p):
                pass

    t0 = time.perf_counter()
    enumerate_all()
    once = time.perf_counter() - t0
    benchmark.pedantic(enumerate_all, rounds=5, iterations=1)
    mean = benchmark.stats.stats.mean if benchmark.stats else once
    report(f"engine: legal_actions over {len(positions)} positions, {sum(sizes) / len(sizes):.0f} "
           f"actions each on average; {1e6 * mean / len(positions):.0f} µs per call", capsys)


def test_a_whole_random_game(benchmark: Any, catalogue: list[FigureCard],
                             capsys: pytest.CaptureFixture[str]) -> None:
    def whole() -> int:
        game = new_game(catalogue, 11)
        actions, _ = play(game, 11, keep=False)
        return len(actions)

    t0 = time.perf_counter()
    n = whole()
    once = time.perf_counter() - t0
    benchmark.pedantic(whole, rounds=3, iterations=1)
    mean = benchmark.stats.stats.mean if benchmark.stats else once
    report(f"engine: a whole random 200-point game with its deployment ({n} actions, every "
           f"legal action listed before each) takes {1e3 * mean:.1f} ms", capsys)
