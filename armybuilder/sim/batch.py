"""Many games between two saved armies, in parallel, with the same answer for the same seed.

    request = BattleRequest("Rich", "Ian", games=200, seed=7)
    report = run_battles(db_path, request, progress=lambda done, total: ...)
    report.as_json()                       # the summary (see stats.summarise)
    report.results[i]                      # game i: winner, victory points, rounds, ...
    game = replay_game(db_path, request, i)  # game i again, with its full event log

Game ``i`` is decided by its index alone, and the sides swap edges game by game (see
:mod:`armybuilder.sim.match`): the same results whether the batch runs in one process or
many, in any order, and any one game can be played again from its index. Games are played
in mirrored pairs unless ``pairs=False``: games ``2k`` and ``2k + 1`` share their dice and
terrain with the armies' seats swapped, and the report's interval is the pairs' own.

With ``until_clear`` (a :class:`~armybuilder.sim.stopping.StopRule`) the batch plays pair
after pair until a sequential test says A is better, worse, or within the margin
(:mod:`armybuilder.sim.trial`), its games kept in the database as a gauntlet's are, so
the same request again continues where the last one stopped:

    request = BattleRequest("Rich", "Ian", until_clear=StopRule(margin=0.05))
    report = run_battles(db_path, request)
    report.answer.verdict, report.answer.games   # "better", 84
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
from armybuilder.sim.runner import Chunk, make_chunks, play_chunks, play_stream
from armybuilder.sim.stats import GameResult, summarise
from armybuilder.sim.stopping import StopRule
from armybuilder.sim.terrain_presets import PRESETS, terrain_for

if TYPE_CHECKING:
    from armybuilder.sim.kept import KeptResults, MatchupInfo
    from armybuilder.sim.trial import Trial

__all__ = ["EDGES", "Answer", "Battle", "BattleReport", "BattleRequest", "Matchup",
           "StopRule", "Underway", "game_seed", "play", "play_until_clear", "player_seed",
           "prepare", "replay_game", "run_battles"]

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
    #: Mirrored pairs (sim/match.py); False: every game on dice of its own.
    pairs: bool = True
    #: Play until the answer is clear (``games`` is then ignored), keeping the games.
    until_clear: StopRule | None = None


@dataclass(frozen=True)
class Battle:
    """A checked request with its armies loaded: ready to play, no database needed."""

    request: BattleRequest
    matchup: Matchup
    warnings: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, str]:
        return self.matchup.a.name, self.matchup.b.name

    def info(self) -> MatchupInfo:
        """What its games are kept under (sim/kept.py)."""
        from armybuilder.sim import keys
        from armybuilder.sim.kept import MatchupInfo

        r, m = self.request, self.matchup
        contents = [keys.army_contents(keys.army_data(s)) for s in (m.a, m.b)]
        key = keys.matchup_key(
            contents_a=contents[0], contents_b=contents[1], terrain=r.terrain,
            terrain_a=keys.terrain_data(m.a.terrain), terrain_b=keys.terrain_data(m.b.terrain),
            rounds=r.rounds, seed=r.seed, player_a=r.player_a, player_b=r.player_b,
            pairs=r.pairs)
        return MatchupInfo(key=key, army_a=m.a.name, army_b=m.b.name, contents_a=contents[0],
                           contents_b=contents[1], terrain=r.terrain, rounds=r.rounds,
                           seed=r.seed, player_a=r.player_a, player_b=r.player_b,
                           rules_version=keys.RULES_VERSION, pairs=r.pairs)


@dataclass(frozen=True)
class Answer:
    """What a run until the answer is clear found: the ``verdict`` ("better", "worse",
    "even" or "" when ``max_games`` came first) after ``games`` games (the ones reported),
    and how close it came (``closeness``, 0 to 1, towards ``leaning``)."""

    rule: StopRule
    verdict: str
    games: int
    played: int  # games played in this run (a few beyond the verdict's are kept too)
    kept: int  # games found kept from earlier runs
    closeness: float
    leaning: str

    def as_dict(self) -> dict[str, Any]:
        return {**self.rule.as_dict(), "verdict": self.verdict or None, "games": self.games,
                "played": self.played, "kept": self.kept,
                "closeness": round(self.closeness, 4), "leaning": self.leaning or None}


@dataclass(frozen=True)
class Underway:
    """A run until the answer is clear, as it goes: games judged so far, A's estimate,
    and how close the test is to a verdict (``closeness`` towards ``leaning``)."""

    games: int
    played: int
    estimate: float
    closeness: float
    leaning: str
    verdict: str
    max_games: int


Looking = Callable[[Underway], None]


@dataclass(frozen=True)
class BattleReport:
    request: BattleRequest
    army_a: str
    army_b: str
    results: tuple[GameResult, ...]  # by game index
    seconds: float
    warnings: tuple[str, ...] = ()
    answer: Answer | None = None

    def summary(self) -> dict[str, Any]:
        """stats.summarise's keys; with mirrored pairs ``ci95`` is the pairs' interval and
        ``pairs`` says what the pairing did (scores.pair_summary)."""
        s = summarise(self.results)
        if self.request.pairs and len(self.results) > 1:
            from armybuilder.sim.scores import pair_summary

            s["pairs"] = pair_summary(self.results)
            s["ci95"] = s["pairs"]["ci95"]
        return s

    def as_json(self) -> dict[str, Any]:
        """The keys ``games, seed, wins`` ({a, b, draw}), ``win_rate_a`` (draws count
        half), ``ci95`` ([low, high]: the mirrored pairs' interval, or Wilson's for
        independent games), ``victory_points`` ({a, b}: {mean, sd}), ``rounds`` ({mean,
        median, min, max, endings}), ``figures`` ({a, b}: rows of key, name, count,
        eliminations, clicks_dealt and captures per game, survival_rate), ``seconds``,
        ``paired``; ``pairs`` (what the pairing did) with pairs, ``until_clear`` (the
        answer) with a stopping rule."""
        s = self.summary()
        out = {"games": s["games"], "seed": self.request.seed, "wins": s["wins"],
               "win_rate_a": s["win_rate_a"], "ci95": s["ci95"],
               "victory_points": s["victory_points"], "rounds": s["rounds"],
               "figures": s["figures"], "seconds": round(self.seconds, 3),
               "paired": self.request.pairs}
        if "pairs" in s:
            out["pairs"] = s["pairs"]
        if self.answer is not None:
            out["until_clear"] = self.answer.as_dict()
        return out


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
    if request.until_clear is not None:
        try:
            request.until_clear.check()
        except ValueError as exc:
            raise BattleError(str(exc)) from None


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
        player_a=request.player_a, player_b=request.player_b, pairs=request.pairs)
    return Battle(request, matchup, (*unequal_totals((a, b)), *a.warnings, *b.warnings))


# --- playing them -----------------------------------------------------------------------


def worker_count(request: BattleRequest) -> int:
    wanted = request.workers if request.workers is not None else (os.cpu_count() or 1)
    most = request.until_clear.max_games if request.until_clear else request.games
    return max(1, min(wanted, most))


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

    # A pair's two games in one chunk: a cancelled run never keeps half a pair.
    play_chunks((battle.matchup,), make_chunks({0: range(total)}, workers,
                                               unit=2 if request.pairs else 1),
                workers=workers, on_chunk=collect)
    results.sort(key=lambda r: r.index)
    a, b = battle.names
    return BattleReport(request=request, army_a=a, army_b=b, results=tuple(results),
                        seconds=time.perf_counter() - started, warnings=battle.warnings)


def play_until_clear(battle: Battle, kept: KeptResults, progress: Progress | None = None,
                     looking: Looking | None = None) -> BattleReport:
    """Play pair after pair until the request's stopping rule answers, starting from the
    games kept for this matchup and keeping every game played; ``progress(games judged,
    most games)`` and ``looking(Underway)`` after each chunk."""
    from armybuilder.sim.trial import Question, Trial

    request = battle.request
    rule = request.until_clear
    assert rule is not None
    started = time.perf_counter()
    info = battle.info()
    found = kept.results([info.key], below=rule.max_games, figures=True)[info.key]
    per_round = 2 if request.pairs else 1
    scale = Question((0,)).scale(request.pairs)

    def keep(_m: int, results: list[GameResult]) -> None:
        kept.keep(info, results)

    def told(trial: Trial) -> None:
        st = trial.standings[0]
        games = st.rounds * per_round
        if progress is not None:
            progress(games, rule.max_games)
        if looking is not None:
            looking(Underway(games, trial.played, st.mean(scale), st.closeness, st.leaning,
                             st.verdict, rule.max_games))

    trial = Trial([Question((0,))], pairs=request.pairs, rounds=rule.max_games // per_round,
                  rule=rule, have={0: dict(found)}, keep=keep, progress=told)
    told(trial)  # where the kept games left it
    if not trial.finished:
        play_stream((battle.matchup,), trial, workers=worker_count(request))
    st = trial.standings[0]
    results = trial.games(0, 0)
    answer = Answer(rule, st.verdict, len(results), trial.played,
                    len(found), st.closeness, st.leaning)
    a, b = battle.names
    return BattleReport(request=request, army_a=a, army_b=b, results=tuple(results),
                        seconds=time.perf_counter() - started, warnings=battle.warnings,
                        answer=answer)


def run_battles(db_path: Path | None, request: BattleRequest,
                progress: Progress | None = None,
                looking: Looking | None = None) -> BattleReport:
    """Load the armies from the database at ``db_path`` and play the batch (until the
    answer is clear, with the kept games of that database, when the request says so)."""
    battle = prepare(db_path, request)
    if request.until_clear is None:
        return play(battle, progress)
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.sim.kept import KeptResults

    catalogue = Catalogue.open(db_path)
    try:
        return play_until_clear(battle, KeptResults(catalogue.engine), progress, looking)
    finally:
        catalogue.close()


def replay_game(db_path: Path | None, request: BattleRequest, index: int) -> Game:
    """Game ``index`` of the batch ``request`` describes, played again in full (its event
    log is ``game.log_json()``): the same game the batch played, so logs need not be kept."""
    from armybuilder.sim.armies import BattleError
    most = request.until_clear.max_games if request.until_clear else request.games
    if not 0 <= index < most:
        raise BattleError(f"game {index}: the batch has games 0 to {most - 1}")
    return prepare(db_path, request).matchup.play(index)
