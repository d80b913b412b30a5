"""Many games between two saved armies, in parallel, with the same answer for the same seed.

    request = BattleRequest("Rich", "Ian", games=200, seed=7)
    report = run_battles(db_path, request, progress=lambda done, total: ...)
    report.as_json()                       # the summary (see stats.summarise)
    report.results[i]                      # game i: winner, victory points, rounds, ...
    game = replay_game(db_path, request, i)  # game i again, with its full event log

Game ``i`` of a batch is decided by ``game_seed(seed, i)`` alone: the engine's dice use it
and both players' seeds derive from it, so a batch gives the same results whether it runs
in one process or many, in any order, and any one game can be played again from its index.

Fairness: the engine rolls 2d6 for the first player (Rulebook II, Setting the Scene), so
who moves first is already even. Side "a" is always player 0 (the stats read it so), and
the sides swap table edges from game to game (even games: a south, odd games: a north), so
neither army keeps the same side of the table or of any terrain the players lay out.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from armybuilder.ai import players as battle_players
from armybuilder.engine import Game, GameSetup, PlayerSetup
from armybuilder.sim.defaults import (
    DEFAULT_GAMES,
    DEFAULT_PLAYER,
    DEFAULT_ROUNDS,
    DEFAULT_SEED,
    DEFAULT_TERRAIN,
)
from armybuilder.sim.match import play_game
from armybuilder.sim.stats import GameResult, summarise, summarise_game
from armybuilder.sim.terrain_presets import PRESETS, terrain_for

EDGES = ("south", "north")

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class BattleRequest:
    """What to play. ``workers`` None: one process per CPU; 1: in this process."""

    army_a: str
    army_b: str
    games: int = DEFAULT_GAMES
    seed: int = DEFAULT_SEED
    rounds: int = DEFAULT_ROUNDS
    terrain: str = DEFAULT_TERRAIN
    workers: int | None = None
    player_a: str = DEFAULT_PLAYER
    player_b: str = DEFAULT_PLAYER


def _derive(*parts: object) -> int:
    # A hash, not Python's hash(): the same on every run, machine and process.
    text = "/".join(str(p) for p in parts).encode()
    digest = hashlib.blake2b(text, digest_size=8, person=b"armybuilder").digest()
    return int.from_bytes(digest, "big") >> 1


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch started with ``seed``."""
    return _derive("game", seed, index)


def player_seed(seed_of_game: int, side: str) -> int:
    return _derive("player", seed_of_game, side)


@dataclass(frozen=True)
class Matchup:
    """Everything a worker needs to play any game of the batch; plain engine data only."""

    a: PlayerSetup  # terrain included; the edge is set per game
    b: PlayerSetup
    seed: int
    rounds: int
    player_a: str
    player_b: str

    def setup(self, index: int) -> GameSetup:
        edge_a, edge_b = EDGES if index % 2 == 0 else EDGES[::-1]
        return GameSetup(players=(_seat(self.a, edge_a), _seat(self.b, edge_b)),
                         seed=game_seed(self.seed, index), round_limit=self.rounds)

    def play(self, index: int) -> Game:
        s = game_seed(self.seed, index)
        players = (battle_players.make_player(self.player_a, player_seed(s, "a")),
                   battle_players.make_player(self.player_b, player_seed(s, "b")))
        try:
            return play_game(self.setup(index), players)
        except Exception as exc:
            raise RuntimeError(f"game {index} (seed {s}) failed: {exc}") from exc

    def result(self, index: int) -> GameResult:
        return summarise_game(self.play(index), index, game_seed(self.seed, index))


def _seat(p: PlayerSetup, edge: str) -> PlayerSetup:
    return replace(p, edge=edge)


@dataclass(frozen=True)
class Battle:
    """A checked request with its armies loaded: ready to play, no database needed."""

    request: BattleRequest
    matchup: Matchup
    warnings: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, str]:
        return self.matchup.a.name, self.matchup.b.name


@dataclass(frozen=True)
class BattleReport:
    request: BattleRequest
    army_a: str
    army_b: str
    results: tuple[GameResult, ...]  # by game index
    seconds: float
    warnings: tuple[str, ...] = ()

    def summary(self) -> dict[str, Any]:
        return summarise(self.results)

    def as_json(self) -> dict[str, Any]:
        """The keys ``games, seed, wins`` ({a, b, draw}), ``win_rate_a`` (draws count
        half), ``ci95`` ([low, high], Wilson), ``victory_points`` ({a, b}: {mean, sd}),
        ``rounds`` ({mean, median, min, max, endings}), ``figures`` ({a, b}: rows of key,
        name, count, eliminations, clicks_dealt and captures per game, survival_rate),
        ``seconds``."""
        s = self.summary()
        return {"games": s["games"], "seed": self.request.seed, "wins": s["wins"],
                "win_rate_a": s["win_rate_a"], "ci95": s["ci95"],
                "victory_points": s["victory_points"], "rounds": s["rounds"],
                "figures": s["figures"], "seconds": round(self.seconds, 3)}


def check_request(request: BattleRequest) -> None:
    from armybuilder.sim.armies import BattleError
    if request.games < 1:
        raise BattleError(f"--games must be at least 1, not {request.games}")
    if request.workers is not None and request.workers < 1:
        raise BattleError(f"--workers must be at least 1, not {request.workers}")
    if request.rounds < 1:
        raise BattleError(f"--rounds must be at least 1, not {request.rounds}")
    for side, kind in (("a", request.player_a), ("b", request.player_b)):
        try:
            battle_players.make_player(kind, 0)
        except (KeyError, ValueError) as exc:
            raise BattleError(f"--players, army {side.upper()}: {exc}") from exc


def prepare(db_path: Path | None, request: BattleRequest) -> Battle:
    """Check the request and load both armies; raises BattleError naming what is wrong."""
    # Imported here so that worker processes, which only play, never load the database.
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.sim.armies import BattleError, load_army

    check_request(request)
    if request.terrain not in PRESETS:
        raise BattleError(f"--terrain: unknown preset {request.terrain!r} (one of "
                          f"{', '.join(sorted(PRESETS))})")
    catalogue = Catalogue.open(db_path)
    try:
        a = load_army(catalogue, request.army_a)
        b = load_army(catalogue, request.army_b)
    finally:
        catalogue.close()
    matchup = Matchup(
        a=a.seated("south", tuple(terrain_for(request.terrain, 0))),
        b=b.seated("north", tuple(terrain_for(request.terrain, 1))),
        seed=request.seed, rounds=request.rounds,
        player_a=request.player_a, player_b=request.player_b)
    return Battle(request, matchup, a.warnings + b.warnings)


# --- playing them -----------------------------------------------------------------------

_WORKER_MATCHUP: Matchup | None = None


def _init_worker(matchup: Matchup) -> None:
    global _WORKER_MATCHUP
    _WORKER_MATCHUP = matchup


def _play_chunk(indices: range) -> list[GameResult]:
    assert _WORKER_MATCHUP is not None
    return [_WORKER_MATCHUP.result(i) for i in indices]


def worker_count(request: BattleRequest) -> int:
    wanted = request.workers if request.workers is not None else (os.cpu_count() or 1)
    return max(1, min(wanted, request.games))


def _chunks(games: int, workers: int) -> list[range]:
    # About four chunks per worker: even load, yet few round trips.
    size = max(1, min(16, math.ceil(games / (workers * 4))))
    return [range(i, min(games, i + size)) for i in range(0, games, size)]


def play(battle: Battle, progress: Progress | None = None) -> BattleReport:
    """Play every game of a prepared battle; ``progress(done, total)`` after each chunk."""
    request = battle.request
    total = request.games
    workers = worker_count(request)
    started = time.perf_counter()
    results: list[GameResult] = []

    def collect(batch: Iterable[GameResult]) -> None:
        results.extend(batch)
        if progress is not None:
            progress(len(results), total)

    if workers == 1:
        for chunk in _chunks(total, 1):
            collect(battle.matchup.result(i) for i in chunk)
    else:
        # Spawned, not forked: safe beside the app's threads and the same on every platform.
        context = multiprocessing.get_context("spawn")
        with context.Pool(workers, initializer=_init_worker,
                          initargs=(battle.matchup,)) as pool:
            for batch in pool.imap_unordered(_play_chunk, _chunks(total, workers)):
                collect(batch)
    results.sort(key=lambda r: r.index)
    a, b = battle.names
    return BattleReport(request=request, army_a=a, army_b=b, results=tuple(results),
                        seconds=time.perf_counter() - started, warnings=battle.warnings)


def run_battles(db_path: Path | None, request: BattleRequest,
                progress: Progress | None = None) -> BattleReport:
    """Load the armies from the database at ``db_path`` and play the batch."""
    return play(prepare(db_path, request), progress)


def replay_game(db_path: Path | None, request: BattleRequest, index: int) -> Game:
    """Game ``index`` of the batch ``request`` describes, played again in full (its event
    log is ``game.log_json()``): the same game the batch played, so logs need not be kept."""
    from armybuilder.sim.armies import BattleError
    if not 0 <= index < request.games:
        raise BattleError(f"game {index}: the batch has games 0 to {request.games - 1}")
    return prepare(db_path, request).matchup.play(index)
