"""The gauntlet: every army against every other, with kept results.

    request = GauntletRequest(("Rich", "Ian", "Bob"), games=200, seed=7)
    report = run_gauntlet(db_path, request, progress=lambda p: ...)
    report.as_json()          # matrix of win rates with intervals, ranking, undecided pairs
    report.pair("Rich", "Ian")  # that pair's games (as played: side a is player 0)

Each pair plays exactly the games ``armybuilder battle A B --games N --seed S`` plays, A
being the pair's side a: game ``i`` is decided by ``(seed, i)`` and the sides swap edges
game by game (:mod:`armybuilder.sim.match`). Which army of a pair is side a does not
depend on the order the armies are named in, nor on their names, but on their contents
(the smaller contents digest), so a pair is the same matchup, and finds its kept games,
however the gauntlet is asked for.

Every finished game is kept in the database (:mod:`armybuilder.sim.kept`) as soon as its
chunk comes back, so a cancelled run keeps what it played, and a run plays only the games
not kept yet. ``shard=(k, n)`` plays the k-th of n slices of the games instead
(:mod:`armybuilder.sim.shards`).

Games are mirrored pairs unless ``pairs=False`` (see :mod:`armybuilder.sim.match`). With
``until_clear`` every pair plays until a sequential test tells its armies apart or finds
them within the margin (:mod:`armybuilder.sim.trial`): the pairs still close get the
games, and each pair's table cell rests on the games its verdict used.
"""

from __future__ import annotations

import importlib.util
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.ai import players as battle_players
from armybuilder.engine import PlayerSetup
from armybuilder.sim import keys
from armybuilder.sim.defaults import (
    DEFAULT_GAMES,
    DEFAULT_PLAYER,
    DEFAULT_ROUNDS,
    DEFAULT_SEED,
    DEFAULT_TERRAIN,
)
from armybuilder.sim.match import Matchup
from armybuilder.sim.runner import BACKENDS, Chunk, make_chunks, play_chunks, play_stream
from armybuilder.sim.stats import GameResult
from armybuilder.sim.stopping import StopRule
from armybuilder.sim.terrain_presets import PRESETS, terrain_for

if TYPE_CHECKING:
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.sim.batch import BattleReport, BattleRequest
    from armybuilder.sim.frames import GauntletFrames
    from armybuilder.sim.kept import KeptResults, MatchupInfo


@dataclass(frozen=True)
class GauntletRequest:
    """What to play. ``armies``: saved armies by name; ``all_armies`` adds every saved army
    the engine can play. ``games`` per pair; ``workers`` None: one per CPU (Ray: the
    cluster's); ``player`` plays every army; ``shard`` (k, n): only the k-th of n slices;
    ``fresh``: play every game again, the new results replacing the kept ones;
    ``leave_out``: a named army the engine cannot play is left out with a warning, as
    those ``all_armies`` adds are (the app, where every saved army starts ticked)."""

    armies: tuple[str, ...] = ()
    all_armies: bool = False
    games: int = DEFAULT_GAMES
    seed: int = DEFAULT_SEED
    rounds: int = DEFAULT_ROUNDS
    terrain: str = DEFAULT_TERRAIN
    workers: int | None = None
    backend: str = "local"
    player: str = DEFAULT_PLAYER
    shard: tuple[int, int] | None = None
    fresh: bool = False
    leave_out: bool = False
    #: Mirrored pairs (sim/match.py); False: every game on dice of its own.
    pairs: bool = True
    #: Play each pair until its answer is clear (``games`` is then ignored).
    until_clear: StopRule | None = None

    @property
    def most_games(self) -> int:
        """The most games a pair plays: ``games``, or the stopping rule's ``max_games``."""
        return self.until_clear.max_games if self.until_clear else self.games

    @property
    def games_words(self) -> str:
        """How many games a pair plays, as the reports say it."""
        if self.until_clear is not None:
            return f"until clear (at most {self.most_games} games a pair)"
        return f"{self.games} game{'' if self.games == 1 else 's'} a pair"


@dataclass(frozen=True)
class Entrant:
    """A saved army in the gauntlet, ready for the engine (no edge, no terrain yet)."""

    name: str
    setup: PlayerSetup
    contents: str  # keys.army_contents of its data
    warnings: tuple[str, ...] = ()

    @property
    def data(self) -> dict[str, Any]:
        return keys.army_data(self.setup)


@dataclass(frozen=True)
class Pairing:
    """Two entrants (by index) as they play: ``a`` is side a, player 0."""

    a: int
    b: int
    key: str
    matchup: Matchup


@dataclass(frozen=True)
class Gauntlet:
    """A checked request with its armies loaded and paired: ready to play."""

    request: GauntletRequest
    entrants: tuple[Entrant, ...]
    pairings: tuple[Pairing, ...]  # in the order the armies were named: (0,1), (0,2), ...
    warnings: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(e.name for e in self.entrants)

    def info(self, pairing: Pairing) -> MatchupInfo:
        from armybuilder.sim.kept import MatchupInfo

        a, b = self.entrants[pairing.a], self.entrants[pairing.b]
        r = self.request
        return MatchupInfo(key=pairing.key, army_a=a.name, army_b=b.name,
                           contents_a=a.contents, contents_b=b.contents, terrain=r.terrain,
                           rounds=r.rounds, seed=r.seed, player_a=r.player, player_b=r.player,
                           rules_version=keys.RULES_VERSION, pairs=r.pairs)


@dataclass(frozen=True)
class GauntletProgress:
    """How far a run is: games played of those it plays, and pairs finished of those
    with games to play."""

    games_done: int
    games: int
    pairs_done: int
    pairs: int
    last: tuple[str, str] = ("", "")  # the pair whose games came back last
    #: Until the answer is clear: each pair's standing so far, in the gauntlet's order
    #: (``games`` is then the most the open pairs could still play).
    standings: tuple[PairStanding, ...] = ()


@dataclass(frozen=True)
class PairStanding:
    """Where one pair stands in a run until the answers are clear: games judged, side a's
    estimate, its verdict ("" none yet) and how close it is to one."""

    a: str
    b: str
    games: int
    estimate: float
    verdict: str
    closeness: float
    leaning: str


Progress = Callable[[GauntletProgress], None]


@dataclass(frozen=True)
class PairOutcome:
    """One pair's games, as played: ``a`` is side a (player 0)."""

    a: str
    b: str
    key: str
    results: tuple[GameResult, ...]  # by game index; figure tables only when asked for
    played: int = 0  # of them, played in this run (the rest were kept)
    #: Until the answer is clear: side a's verdict ("better", "worse", "even"; "" when
    #: the most games came first) and how close it came (towards ``leaning``).
    verdict: str = ""
    closeness: float = 0.0
    leaning: str = ""


@dataclass(frozen=True)
class GauntletReport:
    request: GauntletRequest
    armies: tuple[str, ...]  # in the order they were named
    pairs: tuple[PairOutcome, ...]
    played: int  # games played in this run
    kept: int  # games found kept from earlier runs
    seconds: float
    warnings: tuple[str, ...] = ()
    complete: bool = True  # False for a shard: only its slice of the games
    _index: dict[frozenset[str], PairOutcome] = field(default_factory=dict, init=False,
                                                        repr=False, compare=False)

    def __post_init__(self) -> None:
        self._index.update({frozenset((p.a, p.b)): p for p in self.pairs})

    def pair(self, x: str, y: str) -> PairOutcome:
        """The games between armies ``x`` and ``y`` (either order), as played."""
        try:
            return self._index[frozenset((x, y))]
        except KeyError:
            raise KeyError(f"no pair {x!r} v {y!r} in this gauntlet") from None

    def battle_request(self, pair: PairOutcome) -> BattleRequest:
        """The ``battle`` that plays exactly this pair's games (its game logs, say)."""
        from armybuilder.sim.batch import BattleRequest

        r = self.request
        return BattleRequest(pair.a, pair.b, games=len(pair.results) or r.games, seed=r.seed,
                             rounds=r.rounds, terrain=r.terrain, workers=r.workers,
                             player_a=r.player, player_b=r.player, pairs=r.pairs)

    def as_json(self) -> dict[str, Any]:
        """The keys ``armies, games_per_pair, seed, matrix`` ({row: {col: {wins, losses,
        draws, rate, ci95}}}), ``ranking`` (rank, army, rating and its ci95 on the Elo
        scale, ranks [best, worst], and the army's overall rate), ``undecided`` (pairs
        whose interval still holds 50%), ``played``, ``kept``, ``seconds``."""
        from armybuilder.sim.matchups import matrix, undecided
        from armybuilder.sim.ranking import ranking

        table = matrix(self)
        out = {"armies": list(self.armies), "games_per_pair": self.request.most_games,
               "seed": self.request.seed, "rounds": self.request.rounds,
               "terrain": self.request.terrain, "player": self.request.player,
               "paired": self.request.pairs,
               "matrix": table, "ranking": [r.as_dict() for r in ranking(self)],
               "undecided": undecided(self, table), "played": self.played,
               "kept": self.kept, "seconds": round(self.seconds, 3)}
        rule = self.request.until_clear
        if rule is not None:
            out["until_clear"] = {**rule.as_dict(), "pairs": [
                {"a": p.a, "b": p.b, "games": len(p.results), "verdict": p.verdict or None,
                 "closeness": round(p.closeness, 4), "leaning": p.leaning or None}
                for p in self.pairs]}
        return out


# --- preparing ---------------------------------------------------------------------------


def check_request(request: GauntletRequest) -> None:
    from armybuilder.sim.armies import BattleError

    for name, value, low in (("--games", request.games, 1), ("--rounds", request.rounds, 1),
                             ("--workers", request.workers, 1)):
        if value is not None and value < low:
            raise BattleError(f"{name} must be at least {low}, not {value}")
    if request.terrain not in PRESETS:
        raise BattleError(f"--terrain: unknown preset {request.terrain!r} (one of "
                          f"{', '.join(sorted(PRESETS))})")
    if request.backend not in BACKENDS:
        raise BattleError(f"--backend: unknown backend {request.backend!r} (one of "
                          f"{', '.join(BACKENDS)})")
    if request.backend == "ray" and importlib.util.find_spec("ray") is None:
        raise BattleError("--backend ray needs Ray: pip install 'armybuilder[ray]'")
    try:
        battle_players.make_player(request.player, 0)
    except (KeyError, ValueError) as exc:
        raise BattleError(f"--players: {exc}") from exc
    if request.shard is not None:
        k, n = request.shard
        if not 1 <= k <= n:
            raise BattleError(f"--shard K/N: K must be 1 to N, not {k}/{n}")
        if request.until_clear is not None:
            raise BattleError("--shard plays a fixed slice of every pair's games: a run "
                              "--until-clear decides as it goes, on one machine or a cluster")
    if request.until_clear is not None:
        try:
            request.until_clear.check()
        except ValueError as exc:
            raise BattleError(str(exc)) from None


def prepare_gauntlet(catalogue: Catalogue, request: GauntletRequest) -> Gauntlet:
    """Check the request, load every army once and pair them; raises BattleError naming
    what is wrong. With ``all_armies``, saved armies the engine cannot play (castles,
    chariots, no figures...) are left out with a warning; a named one stops the run."""
    from armybuilder.armies.service import Armies
    from armybuilder.sim.armies import BattleArmy, BattleError, load_army, unequal_totals

    check_request(request)
    names = list(request.armies)
    if request.all_armies:
        named = {n.casefold() for n in names}
        names += [n for n in Armies(catalogue).names() if n.casefold() not in named]
    entrants: list[Entrant] = []
    warnings: list[str] = []
    seen: dict[str, str] = {}
    loaded: list[BattleArmy] = []
    for i, name in enumerate(names):
        try:
            army = load_army(catalogue, name)
            if army.sections:
                # Castle rules, Playing Area and Set-Up: the players of a game agree on
                # one castle player; sieges are played two armies at a time.
                raise BattleError(f"army {army.name!r} fields castle sections "
                                  f"({', '.join(army.sections)}): play a siege with "
                                  "`armybuilder battle A B --castle a|b`, not in a gauntlet")
        except BattleError as exc:
            if i < len(request.armies) and not request.leave_out:
                raise
            warnings.append(f"left out: {exc}")
            continue
        if army.name.casefold() in seen:
            raise BattleError(f"army {army.name!r} is named twice")
        seen[army.name.casefold()] = army.name
        entrants.append(Entrant(army.name, army.setup, keys.army_contents(
            keys.army_data(army.setup)), army.warnings))
        warnings.extend(army.warnings)
        loaded.append(army)
    warnings[:0] = unequal_totals(loaded)
    if len(entrants) < 2:
        raise BattleError("a gauntlet needs at least two armies the engine can play (name "
                          "them, or --all for every saved army)")
    return Gauntlet(request, tuple(entrants), pair_up(entrants, request), tuple(warnings))


def pair_up(entrants: Sequence[Entrant], request: GauntletRequest) -> tuple[Pairing, ...]:
    """Every pair of entrants, in the order they were named, each with its side a (the
    smaller contents digest; the name only between identical armies) and its key."""
    terrain = (terrain_for(request.terrain, 0), terrain_for(request.terrain, 1))
    terrain_data = (keys.terrain_data(terrain[0]), keys.terrain_data(terrain[1]))
    # One seated set-up per army and side, shared by its pairs: one copy travels to workers.
    seated = [(replace(e.setup, terrain=terrain[0]), replace(e.setup, terrain=terrain[1]))
              for e in entrants]
    out = []
    for i in range(len(entrants)):
        for j in range(i + 1, len(entrants)):
            a, b = sorted((i, j), key=lambda k: (entrants[k].contents,
                                                 entrants[k].name.casefold()))
            key = keys.matchup_key(
                contents_a=entrants[a].contents, contents_b=entrants[b].contents,
                terrain=request.terrain, terrain_a=terrain_data[0], terrain_b=terrain_data[1],
                rounds=request.rounds, seed=request.seed, player_a=request.player,
                player_b=request.player, pairs=request.pairs)
            matchup = Matchup(a=seated[a][0], b=seated[b][1], seed=request.seed,
                              rounds=request.rounds, player_a=request.player,
                              player_b=request.player, pairs=request.pairs)
            out.append(Pairing(a, b, key, matchup))
    return tuple(out)


# --- playing -----------------------------------------------------------------------------


def worker_count(request: GauntletRequest, games: int) -> int:
    wanted = request.workers if request.workers is not None else (os.cpu_count() or 1)
    return max(1, min(wanted, games))


def play_gauntlet(gauntlet: Gauntlet, kept: KeptResults, progress: Progress | None = None,
                  figures: bool = False) -> GauntletReport:
    """Play the games of the gauntlet (or of its shard) not kept yet, keeping each chunk
    as it comes back; ``progress`` after every chunk (raising in it stops the run, and
    what was played stays kept). ``figures``: results with their figure tables."""
    from armybuilder.sim.shards import shard_games

    if gauntlet.request.until_clear is not None:
        return play_until_clear(gauntlet, kept, progress, figures)
    started = time.perf_counter()
    request = gauntlet.request
    pairings = gauntlet.pairings
    wanted: Mapping[int, Sequence[int]]
    if request.shard is None:
        wanted = {i: range(request.games) for i in range(len(pairings))}
    else:
        wanted = shard_games([p.key for p in pairings], request.games, *request.shard)
    found = {} if request.fresh else kept.results([p.key for p in pairings],
                                                  below=request.games, figures=figures)
    have: dict[int, dict[int, GameResult]] = {}
    for i, games in wanted.items():
        indices = set(games)
        have[i] = {g: r for g, r in found.get(pairings[i].key, {}).items() if g in indices}
    missing = {i: [g for g in games if g not in have[i]] for i, games in wanted.items()}
    missing = {i: games for i, games in missing.items() if games}
    total = sum(len(games) for games in missing.values())
    left = {i: len(games) for i, games in missing.items()}
    done = [0, 0]  # games, pairs
    names = gauntlet.names

    def collect(chunk: Chunk, results: list[GameResult]) -> None:
        pairing = pairings[chunk.matchup]
        kept.keep(gauntlet.info(pairing), results, replace=request.fresh)
        have[chunk.matchup].update(
            (r.index, r if figures else replace(r, figures=())) for r in results)
        left[chunk.matchup] -= len(results)
        done[0] += len(results)
        done[1] += left[chunk.matchup] == 0
        if progress is not None:
            progress(GauntletProgress(done[0], total, done[1], len(missing),
                                      (names[pairing.a], names[pairing.b])))

    if missing:
        workers = worker_count(request, total)
        # Ray without --workers: as many at once as the cluster has CPUs.
        play_chunks([p.matchup for p in pairings],
                    make_chunks(missing, workers, unit=2 if request.pairs else 1),
                    workers=request.workers if request.backend == "ray" else workers,
                    on_chunk=collect, backend=request.backend)
    pairs = tuple(
        PairOutcome(names[p.a], names[p.b], p.key,
                    tuple(r for _, r in sorted(have[i].items())),
                    played=len(missing.get(i, ())))
        for i, p in enumerate(pairings) if i in wanted)
    return GauntletReport(
        request=request, armies=names, pairs=pairs, played=total,
        kept=sum(len(h) for h in have.values()) - total,
        seconds=time.perf_counter() - started, warnings=gauntlet.warnings,
        complete=request.shard is None)


def play_until_clear(gauntlet: Gauntlet, kept: KeptResults, progress: Progress | None = None,
                     figures: bool = False) -> GauntletReport:
    """Play every pair until its answer is clear, the pairs still close first, from the
    games kept (unless ``fresh``) and keeping every game played; ``progress`` after every
    chunk, with every pair's standing."""
    from armybuilder.sim.trial import Question, Trial

    started = time.perf_counter()
    request = gauntlet.request
    rule = request.until_clear
    assert rule is not None
    pairings = gauntlet.pairings
    names = gauntlet.names
    found = {} if request.fresh else kept.results([p.key for p in pairings],
                                                  below=rule.max_games, figures=figures)
    have = {i: dict(found.get(p.key, {})) for i, p in enumerate(pairings)}
    per_round = 2 if request.pairs else 1
    questions = [Question((i,)) for i in range(len(pairings))]
    scale = questions[0].scale(request.pairs)
    last = [("", "")]

    def keep(m: int, results: list[GameResult]) -> None:
        kept.keep(gauntlet.info(pairings[m]), results, replace=request.fresh)
        last[0] = (names[pairings[m].a], names[pairings[m].b])

    def told(trial: Trial) -> None:
        if progress is None:
            return
        standings = tuple(
            PairStanding(names[p.a], names[p.b], st.rounds * per_round, st.mean(scale),
                         st.verdict, st.closeness, st.leaning)
            for p, st in zip(pairings, trial.standings, strict=True))
        open_games = sum(rule.max_games - s.games for s, st in
                         zip(standings, trial.standings, strict=True) if not st.stopped)
        progress(GauntletProgress(trial.played, trial.played + open_games,
                                  sum(st.stopped for st in trial.standings), len(pairings),
                                  last[0], standings))

    trial = Trial(questions, pairs=request.pairs, rounds=rule.max_games // per_round,
                  rule=rule, have=have, keep=keep, progress=told)
    told(trial)
    if not trial.finished:
        workers = worker_count(request, rule.max_games * len(pairings))
        play_stream([p.matchup for p in pairings], trial,
                    workers=request.workers if request.backend == "ray" else workers,
                    backend=request.backend)
    pairs = []
    for i, p in enumerate(pairings):
        st = trial.standings[i]
        results = trial.games(i, i)
        if not figures:
            results = [replace(r, figures=()) for r in results]
        pairs.append(PairOutcome(names[p.a], names[p.b], p.key, tuple(results),
                                 played=sum(1 for r in results if r.index not in found.get(
                                     p.key, {})), verdict=st.verdict,
                                 closeness=st.closeness, leaning=st.leaning))
    used = sum(len(p.results) for p in pairs)
    return GauntletReport(request=request, armies=names, pairs=tuple(pairs),
                          played=trial.played, kept=used - sum(p.played for p in pairs),
                          seconds=time.perf_counter() - started, warnings=gauntlet.warnings)


def run_gauntlet(db_path: Path | None, request: GauntletRequest,
                 progress: Progress | None = None, figures: bool = False) -> GauntletReport:
    """Load the armies from the database at ``db_path``, play what is not kept yet and
    report the whole gauntlet."""
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.sim.kept import KeptResults

    catalogue = Catalogue.open(db_path)
    try:
        gauntlet = prepare_gauntlet(catalogue, request)
        return play_gauntlet(gauntlet, KeptResults(catalogue.engine), progress, figures)
    finally:
        catalogue.close()


def pair_report(db_path: Path | None, report: GauntletReport, x: str, y: str) -> BattleReport:
    """The pair ``x`` v ``y`` as a battle's report, with every figure's statistics (read
    from the kept results): what the battle screen shows for a batch of two armies."""
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.sim.batch import BattleReport
    from armybuilder.sim.kept import KeptResults

    pair = report.pair(x, y)
    catalogue = Catalogue.open(db_path)
    try:
        found = KeptResults(catalogue.engine).results([pair.key], figures=True)[pair.key]
    finally:
        catalogue.close()
    results = tuple(found.get(r.index, r) for r in pair.results)
    return BattleReport(request=report.battle_request(pair), army_a=pair.a, army_b=pair.b,
                        results=results, seconds=0.0)


def gauntlet_frames(db_path: Path | None, report: GauntletReport) -> GauntletFrames:
    """The gauntlet's tables as pandas DataFrames (matchups, pairs, ranking, figures,
    games), every figure's numbers read from the kept results; imports pandas."""
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.sim.frames import frames
    from armybuilder.sim.kept import KeptResults

    catalogue = Catalogue.open(db_path)
    try:
        kept = KeptResults(catalogue.engine)
        return frames(report, report.as_json(), lambda key: kept.results(
            [key], below=report.request.most_games, figures=True)[key])
    finally:
        catalogue.close()
