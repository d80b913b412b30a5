"""Many games between two saved armies, in parallel, with the same answer for the same seed.

    request = BattleRequest("Rich", "Ian", games=200, seed=7)
    report = run_battles(db_path, request, progress=lambda done, total: ...)
    report.as_json()                       # the summary (see stats.summarise)
    report.results[i]                      # game i: winner, victory points, rounds, ...
    game = replay_game(db_path, request, i)  # game i again, with its full event log

Game ``i`` is decided by its index alone, and the sides swap edges game by game (see
:mod:`armybuilder.sim.match`): the same results whether the batch runs in one process or
many, in any order, and any one game can be played again from its index.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from armybuilder.ai import players as battle_players
from armybuilder.engine import Game
from armybuilder.sim.defaults import (
    DEFAULT_GAMES,
    DEFAULT_PLAYER,
    DEFAULT_ROUNDS,
    DEFAULT_SEED,
    DEFAULT_TERRAIN,
)
from armybuilder.sim.match import EDGES, Matchup, game_seed, player_seed
from armybuilder.sim.runner import Chunk, make_chunks, play_chunks
from armybuilder.sim.stats import GameResult, summarise
from armybuilder.sim.terrain_presets import PRESETS, terrain_for

__all__ = ["EDGES", "Battle", "BattleReport", "BattleRequest", "Matchup", "game_seed",
           "play", "player_seed", "prepare", "replay_game", "run_battles"]

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
    #: The castle player, "a" or "b", when both armies could be (Castle rules, Playing
    #: Area and Set-Up); "": the army marked so, if any.
    castle: str = ""


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
    from armybuilder.sim.armies import BattleError, load_army, siege, unequal_totals

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
    a, b = siege(a, b, request.castle)
    matchup = Matchup(
        a=a.seated("south", tuple(terrain_for(request.terrain, 0))),
        b=b.seated("north", tuple(terrain_for(request.terrain, 1))),
        seed=request.seed, rounds=request.rounds,
        player_a=request.player_a, player_b=request.player_b)
    return Battle(request, matchup, (*unequal_totals((a, b)), *a.warnings, *b.warnings))


# --- playing them -----------------------------------------------------------------------


def worker_count(request: BattleRequest) -> int:
    wanted = request.workers if request.workers is not None else (os.cpu_count() or 1)
    return max(1, min(wanted, request.games))


def play(battle: Battle, progress: Progress | None = None) -> BattleReport:
    """Play every game of a prepared battle; ``progress(done, total)`` after each chunk."""
    request = battle.request
    total = request.games
    workers = worker_count(request)
    started = time.perf_counter()
    results: list[GameResult] = []

    def collect(_chunk: Chunk, batch: list[GameResult]) -> None:
        results.extend(batch)
        if progress is not None:
            progress(len(results), total)

    play_chunks((battle.matchup,), make_chunks({0: range(total)}, workers),
                workers=workers, on_chunk=collect)
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
