"""Test battles that answer a question, on the real catalogue (../shared/data/rebuilt):
what mirrored pairs and stopping rules save, how fast the stopping gauntlet runs on one and
two workers (and Ray), and what the army advisor finds. Printed; asserts nothing.

    .venv/bin/python benchmarks/answers.py [pairs] [advisor budget] [repeats] [parts]

(defaults 40, 800, 2 and 1234: ``parts`` names the parts below to run, "3" the speed
alone). Random 200-point armies (Rulebook VII, The Standard Game) drawn from the real
catalogue and saved in a scratch database; heuristic players; the "standard" terrain
preset, 25 rounds.

1. Mirrored pairs against independent games, on the same armies and the same number of
   games: six matchups each played ``pairs`` mirrored pairs and ``2 × pairs`` independent
   games. The variance of the win-rate estimate both ways (the pairs' from their
   pentanomial spread, the independent games' from theirs), matchup by matchup and pooled.
2. The games a verdict needed (margin 10 points, 2.5% / 5% error rates), on those same
   games: the stopping rule read pair by pair and game by game; and the fixed batch a
   player would need for the same error rates without stopping, from the variances
   measured in 1 (n = (z₀.₉₇₅ + z₀.₉₅)² σ² / m²).
3. Speed: a stopping gauntlet of four armies (margin 10, at most 2 × ``pairs`` games a
   pair), fresh each time, at 1 and 2 local workers taking turns ``repeats`` times, then
   on Ray at 2 workers: games per second, the speed-up, the seconds a task (a chunk of
   games) took, and whether every run gave the same verdicts and the same games (each
   pair's games used and their winners).
4. The advisor: army 1 against armies 2 to 4, a budget of ``advisor budget`` games; its
   best change, then that change measured again on fresh dice (another seed, as many
   rounds as the finalists had) to show what the screening's choice is really worth.

The machine may be shared: the load average is printed with the figures, and CPU time
says what the games cost whatever else runs.
"""

from __future__ import annotations

import logging
import os
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from scipy.stats import norm

from armybuilder.armies.service import Armies
from armybuilder.catalogue.service import Catalogue
from armybuilder.sim import evidence
from armybuilder.sim.advisor import ImproveRequest, improve
from armybuilder.sim.armies import battle_army, load_army
from armybuilder.sim.batch import BattleRequest, prepare
from armybuilder.sim.field import Field, FieldSettings
from armybuilder.sim.gauntlet import GauntletRequest, play_gauntlet, prepare_gauntlet
from armybuilder.sim.kept import KeptResults
from armybuilder.sim.runner import Chunk, make_chunks, play_chunks
from armybuilder.sim.scores import score
from armybuilder.sim.stats import GameResult
from armybuilder.sim.stopping import StopRule
from armybuilder.sim.trial import Trial

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gauntlet import SOURCE, cpu_seconds, load, make_database

MARGIN = 0.10
MATCHUPS = ((1, 2), (3, 4), (5, 6), (7, 8), (9, 10), (11, 12))


def played(db: Path, a: str, b: str, games: int, pairs: bool) -> list[GameResult]:
    battle = prepare(db, BattleRequest(a, b, games=games, workers=2, pairs=pairs))
    out: list[GameResult] = []
    play_chunks((battle.matchup,), make_chunks({0: range(games)}, 2, unit=2 if pairs else 1),
                workers=2, on_chunk=lambda _chunk, results: out.extend(results))
    return sorted(out, key=lambda r: r.index)


def variance(values: list[float]) -> float:
    return statistics.pvariance(values) if len(values) > 1 else 0.0


def to_verdict(observations: list[float], scale: evidence.Scale, per: int) -> str:
    used, verdict = StopRule(margin=MARGIN).test(0.5).first_verdict(observations, scale)
    return f"{per * used} ({verdict})" if verdict else f">{per * used}"


def pairs_against_independent(db: Path, names: list[str], pairs: int) -> None:
    print(f"1. Mirrored pairs against independent games: {len(MATCHUPS)} matchups, {pairs} "
          f"pairs and {2 * pairs} independent games each; {load()}")
    z = norm.ppf(1 - 0.025) + norm.ppf(1 - 0.05)
    ratios, rows = [], []
    for i, j in MATCHUPS:
        a, b = names[i - 1], names[j - 1]
        paired = played(db, a, b, 2 * pairs, True)
        single = played(db, a, b, 2 * pairs, False)
        pair_scores = [(score(paired[k]) + score(paired[k + 1])) / 2
                       for k in range(0, len(paired), 2)]
        game_scores = [score(r) for r in single]
        var_paired = variance(pair_scores) / len(pair_scores)
        var_single = variance(game_scores) / len(game_scores)
        ratio = var_paired / var_single if var_single else float("nan")
        ratios.append(ratio)
        print(f"  {a} v {b}: A {100 * statistics.fmean(pair_scores):.0f}% paired, "
              f"{100 * statistics.fmean(game_scores):.0f}% independent; variance of the "
              f"estimate paired / independent = {ratio:.2f}")
        rows.append((a, b, pair_scores, game_scores))
    pooled = statistics.fmean(r for r in ratios if r == r)
    print(f"  pooled: the pairs' variance is {pooled:.2f}x the independent games' at the same "
          f"number of games ({100 * (1 - pooled):+.0f}% removed)")
    print(f"2. Games a verdict needed (margin {100 * MARGIN:g} points; '>' when none came "
          "in the games played):")
    for a, b, pair_scores, game_scores in rows:
        fixed_paired = z ** 2 * variance(pair_scores) * 2 / MARGIN ** 2
        fixed_single = z ** 2 * variance(game_scores) / MARGIN ** 2
        print(f"  {a} v {b}: stopping, pairs {to_verdict(pair_scores, evidence.PAIR, 2)}; "
              f"stopping, independent {to_verdict(game_scores, evidence.GAME, 1)}; without "
              f"stopping, a fixed batch of {fixed_paired:.0f} games in pairs or "
              f"{fixed_single:.0f} independent")


def own_cpu() -> float:
    """This process's CPU seconds alone (its workers' are the rest of cpu_seconds)."""
    try:
        import resource
    except ImportError:
        return time.process_time()
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


Timed = tuple[float, float, float, int, list[str], list[float]]


def timed(db: Path, request: GauntletRequest) -> Timed:
    """(wall, CPU, this process's CPU, games, each pair's verdict with the winners of the
    games it used, the seconds each task took) of a fresh stopping gauntlet."""
    wall, cpu, own = time.perf_counter(), cpu_seconds(), own_cpu()
    catalogue = Catalogue.open(db)
    tasks: list[float] = []
    original = Trial.done

    def done(self: Trial, chunk: Chunk, results: list[GameResult], seconds: float) -> None:
        tasks.append(seconds)  # the seconds its worker spent on each chunk
        original(self, chunk, results, seconds)

    Trial.done = done  # type: ignore[method-assign]
    try:
        gauntlet = prepare_gauntlet(catalogue, request)
        report = play_gauntlet(gauntlet, KeptResults(catalogue.engine))
    finally:
        Trial.done = original  # type: ignore[method-assign]
        catalogue.close()
    verdicts = [f"{p.verdict or '-'} {''.join(r.winner[0] for r in p.results)}"
                for p in report.pairs]
    return (time.perf_counter() - wall, cpu_seconds() - cpu, own_cpu() - own, report.played,
            verdicts, tasks)


def speed(db: Path, names: list[str], pairs: int, repeats: int) -> None:
    request = GauntletRequest(tuple(names[:4]), fresh=True,
                              until_clear=StopRule(margin=MARGIN, max_games=2 * pairs))
    print(f"3. A stopping gauntlet of 4 armies (6 pairs, margin {100 * MARGIN:g}, at most "
          f"{2 * pairs} games a pair), 1 and 2 local workers taking turns {repeats} times; "
          f"{load()}")
    runs: dict[int, list[Timed]] = {1: [], 2: []}
    for _ in range(repeats):
        for workers in (1, 2):
            runs[workers].append(timed(db, replace(request, workers=workers)))
    for workers, done in runs.items():
        rates = [g / w for w, _, _, g, _, _ in done]
        cpu = statistics.median(c / g for _, c, _, g, _, _ in done)
        own = statistics.median(o / g for _, _, o, g, _, _ in done)
        task = statistics.median(statistics.fmean(t) for *_, t in done)
        busy = statistics.median(sum(t) / (workers * w) for w, *_, t in done)
        where = "" if workers == 1 else f", {1e3 * own:.0f} ms of it in this process"
        print(f"  {workers} worker{'s' if workers > 1 else ' '}: best {max(rates):.2f} games/s "
              f"(median {statistics.median(rates):.2f}); {1e3 * cpu:.0f} ms CPU a game"
              f"{where}; a task took {1e3 * task:.0f} ms on average; the workers were busy "
              f"{100 * busy:.0f}% of the run")
    rate = {w: [games / wall for wall, _, _, games, _, _ in done]
            for w, done in runs.items()}
    print(f"  2 workers against 1: {max(rate[2]) / max(rate[1]):.2f}x (best runs), "
          f"{statistics.median(b / a for a, b in zip(rate[1], rate[2], strict=True)):.2f}x "
          "(median of the turns); on a machine as busy as this one, the turns measure the "
          "load as much as the workers: the share of the run the workers were busy is what "
          "the scheduling itself costs")
    verdicts = {tuple(v) for d in runs.values() for *_, v, _ in d}
    said = " ".join(v.split()[0] for v in next(iter(verdicts)))
    print(f"  verdicts and games the same on every run: {len(verdicts) == 1} ({said})")
    try:
        import ray
    except ImportError:
        print("  Ray: not installed (pip install 'armybuilder[ray]'); left out")
        return
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level=logging.ERROR)
    try:
        wall, _, _, games, on_ray, tasks = timed(db, replace(request, workers=2,
                                                             backend="ray"))
    finally:
        ray.shutdown()
    local = runs[2][0][4]
    print(f"  Ray at 2 workers: {games / wall:.2f} games/s, a task "
          f"{1e3 * statistics.fmean(tasks):.0f} ms; the same verdicts and games as local: "
          f"{on_ray == local}")


def advisor(db: Path, names: list[str], budget: int) -> None:
    army, field = names[0], tuple(names[1:4])
    print(f"4. The advisor: {army} against {', '.join(field)}, a budget of {budget} games; "
          f"{load()}")
    settings = FieldSettings(workers=2)
    catalogue = Catalogue.open(db)
    try:
        wall = time.perf_counter()
        report = improve(catalogue, KeptResults(catalogue.engine),
                         ImproveRequest(army, field, settings, margin=MARGIN,
                                        games_budget=budget))
        wall = time.perf_counter() - wall
        print(f"  {report.considered} of {report.legal} legal changes tried, {report.played} "
              f"games in {wall:.0f} s ({report.played / wall:.2f} games/s)")
        for p in report.proposals[:3]:
            print(f"  {p.change.words}: {100 * p.gain:+.1f} points ({100 * p.ci95[0]:+.1f} to "
                  f"{100 * p.ci95[1]:+.1f}), {p.games} games, "
                  f"{'measured' if p.measured else 'screened'} {p.verdict}")
        best = report.best or (report.proposals[0] if report.proposals else None)
        if best is None:
            print("  no change to try")
            return
        # The change measured again on dice the advisor never saw.
        armies = Armies(catalogue)
        saved = armies.get(army)
        fresh = Field(replace(settings, seed=settings.seed + 1000),
                      [load_army(catalogue, n) for n in field])
        base = fresh.add(army, load_army(catalogue, army).setup)
        changed = fresh.add("changed", battle_army(armies, best.change.apply(saved)).setup)
        rounds = max(best.games // 2, 20)
        trial = Trial([fresh.difference(changed, base)], pairs=True, rounds=rounds)
        fresh.play(trial, 2 * rounds)
        scale = trial.questions[0].scale(True)
        st = trial.standings[0]
        low, high = st.interval(scale)
        print(f"  {best.change.words} again on fresh dice ({2 * rounds} games a matchup): "
              f"{100 * st.mean(scale):+.1f} points ({100 * low:+.1f} to {100 * high:+.1f})")
    finally:
        catalogue.close()


def main() -> int:
    if not (SOURCE / "mkstats_rebuilt.json").is_file():
        print(f"skipped: {SOURCE} is not present")
        return 0
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    budget = int(sys.argv[2]) if len(sys.argv) > 2 else 800
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    parts = sys.argv[4] if len(sys.argv) > 4 else "1234"
    with tempfile.TemporaryDirectory() as folder:
        db, names = make_database(Path(folder), 12)
        print(f"{len(names)} random 200-point armies; {os.cpu_count()} CPUs")
        if "1" in parts or "2" in parts:
            pairs_against_independent(db, names, pairs)
        if "3" in parts:
            speed(db, names, pairs, repeats)
        if "4" in parts:
            advisor(db, names, budget)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
