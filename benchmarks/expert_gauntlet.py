"""How a gauntlet's ranking changes when the expert plays both sides instead of the
heuristic, on the real catalogue (../shared/data/rebuilt). Printed; asserts nothing.

    .venv/bin/python benchmarks/expert_gauntlet.py [armies] [pairs] [budget] [workers]

    nice .venv/bin/python benchmarks/expert_gauntlet.py            # 8 armies, 4 pairs, expert:8
    nice .venv/bin/python benchmarks/expert_gauntlet.py 10 8 48 2  # the default budget

(defaults 8 armies, 4 mirrored pairs a matchup, 8 simulations a decision, a worker per
CPU). Random 200-point armies (Rulebook VII, The Standard Game) drawn from the real
catalogue and saved in a scratch database (benchmarks/gauntlet.py's), the "standard"
terrain preset, 25 rounds. The same round robin is played twice, fresh, with the same
armies and the same seed (so every game's dice seed and terrain are the same): once with
the heuristic on both sides of every game, once with the expert (``expert:BUDGET``).

Printed: each army's score (its games won, a shared win half, over its games) and rank
both ways, and the Bradley–Terry rank the gauntlet's report gives; Spearman's rho and
Kendall's tau-b between the two scorings with their p-values (scipy.stats; ties share
their rank); and the matchups whose favourite (the army scoring over half) is another,
or none, when the expert plays. A matchup's score has few games (2 × pairs), so a flip
there says little alone; the correlation over every army is the figure. What chance
alone does to it: the heuristic's round robin played again on other dice (the next seed)
and correlated with the first the same way, printed as the baseline.

The expert's games cost far more than the heuristic's: to 25 rounds, about 5.5 s of CPU
a game at 8 simulations and 2 s at 1, against 0.15 s for the heuristic; 8 armies at 4
pairs is 224 games each way (about 20 CPU minutes for the expert's). The machine may be
shared: the load average and the CPU time are printed with the figures.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from scipy.stats import kendalltau, rankdata, spearmanr

from armybuilder.catalogue.service import Catalogue
from armybuilder.sim.gauntlet import (
    GauntletProgress,
    GauntletReport,
    GauntletRequest,
    play_gauntlet,
    prepare_gauntlet,
)
from armybuilder.sim.kept import KeptResults
from armybuilder.sim.ranking import ranking
from armybuilder.sim.scores import score

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gauntlet import SOURCE, cpu_seconds, load, make_database

SEED = 29


class Standing(NamedTuple):
    """An army's gauntlet, one way: its score over its games and its ranks."""

    score: float
    rank: float  # by score, 1 the best; tied armies share the mean of their ranks
    bt_rank: int  # the Bradley–Terry fit's (the report's ranking)


def played(db: Path, names: Sequence[str], pairs: int, player: str,
           workers: int | None, seed: int = SEED) -> tuple[GauntletReport, float, float]:
    """The round robin with ``player`` on both sides: the report, wall and CPU seconds."""
    request = GauntletRequest(tuple(names), games=2 * pairs, seed=seed, workers=workers,
                              player=player, fresh=True)
    wall, cpu = time.perf_counter(), cpu_seconds()

    def progress(p: GauntletProgress) -> None:
        # On stderr: a long run shows it is alive, the figures on stdout stay clean.
        print(f"  {player}: {p.games_done}/{p.games} games, {p.pairs_done}/{p.pairs} "
              f"matchups", file=sys.stderr, flush=True)

    catalogue = Catalogue.open(db)
    try:
        gauntlet = prepare_gauntlet(catalogue, request)
        report = play_gauntlet(gauntlet, KeptResults(catalogue.engine), progress)
    finally:
        catalogue.close()
    return report, time.perf_counter() - wall, cpu_seconds() - cpu


def scores(report: GauntletReport) -> dict[str, float]:
    """Each army's score over all its games (a win 1, a shared win ½)."""
    won = dict.fromkeys(report.armies, 0.0)
    games = dict.fromkeys(report.armies, 0)
    for pair in report.pairs:
        for result in pair.results:
            won[pair.a] += score(result, "a")
            won[pair.b] += score(result, "b")
            games[pair.a] += 1
            games[pair.b] += 1
    return {name: won[name] / games[name] for name in report.armies}


def standings(report: GauntletReport) -> dict[str, Standing]:
    by_score = scores(report)
    names = list(report.armies)
    # Rank 1 the best: rankdata ranks ascending, so rank the negated scores.
    ranks = rankdata([-by_score[n] for n in names])
    bt = {r.army: r.rank for r in ranking(report)}
    return {n: Standing(by_score[n], float(r), bt[n]) for n, r in zip(names, ranks,
                                                                       strict=True)}


def favourite(report: GauntletReport, x: str, y: str) -> str:
    """The army of the two scoring over half against the other, or "even"."""
    pair = report.pair(x, y)
    mean = sum(score(r, "a") for r in pair.results) / len(pair.results)
    if mean == 0.5:
        return "even"
    return pair.a if mean > 0.5 else pair.b


def main() -> int:
    if not (SOURCE / "mkstats_rebuilt.json").is_file():
        print(f"skipped: {SOURCE} is not present")
        return 0
    armies = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    pairs = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    budget = sys.argv[3] if len(sys.argv) > 3 else "8"
    workers = int(sys.argv[4]) if len(sys.argv) > 4 else None
    expert = f"expert:{budget}"
    matchups = armies * (armies - 1) // 2
    with tempfile.TemporaryDirectory() as folder:
        db, names = make_database(Path(folder), armies)
        print(f"{armies} random 200-point armies, {matchups} matchups x {pairs} mirrored "
              f"pairs ({2 * pairs * matchups} games each way), standard terrain, 25 rounds, "
              f"seed {SEED}; the heuristic on both sides, then {expert}; {load()}")
        reports = {}
        for player, seed in (("heuristic", SEED), ("again", SEED + 1), (expert, SEED)):
            kind = "heuristic" if player == "again" else player
            report, wall, cpu = played(db, names, pairs, kind, workers, seed)
            reports[player] = report
            print(f"  {kind}, seed {seed}: {report.played} games in {wall:.0f} s ({cpu:.0f} s "
                  f"CPU, {cpu / report.played:.2f} s a game); {load()}", flush=True)
    one, two = standings(reports["heuristic"]), standings(reports[expert])
    again = standings(reports["again"])
    print(f"\n{'army':<9} {'heuristic':>10} {'rank':>5} {'BT':>3}   {expert:>10} {'rank':>5} "
          f"{'BT':>3}   {'change':>6}")
    for name in sorted(names, key=lambda n: one[n].rank):
        h, e = one[name], two[name]
        print(f"{name:<9} {h.score:>10.1%} {h.rank:>5g} {h.bt_rank:>3}   {e.score:>10.1%} "
              f"{e.rank:>5g} {e.bt_rank:>3}   {h.rank - e.rank:>+6g}")
    x = [one[n].score for n in names]
    y = [two[n].score for n in names]
    rho = spearmanr(x, y)
    tau = kendalltau(x, y)
    print(f"\nSpearman's rho {rho.statistic:+.3f} (p = {rho.pvalue:.3g}); Kendall's tau-b "
          f"{tau.statistic:+.3f} (p = {tau.pvalue:.3g}); over {armies} armies' scores")
    bt_rho = spearmanr([one[n].bt_rank for n in names], [two[n].bt_rank for n in names])
    print(f"Bradley–Terry ranks: Spearman's rho {bt_rho.statistic:+.3f} "
          f"(p = {bt_rho.pvalue:.3g})")
    z = [again[n].score for n in names]
    base_rho, base_tau = spearmanr(x, z), kendalltau(x, z)
    print(f"Baseline, the heuristic on seed {SEED} against itself on seed {SEED + 1}: "
          f"Spearman's rho {base_rho.statistic:+.3f} (p = {base_rho.pvalue:.3g}); "
          f"Kendall's tau-b {base_tau.statistic:+.3f} (p = {base_tau.pvalue:.3g})")
    flips = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            before = favourite(reports["heuristic"], a, b)
            after = favourite(reports[expert], a, b)
            if before != after:
                flips.append(f"{a} v {b}: {before} -> {after}")
    print(f"Matchups whose favourite changes: {len(flips)} of {matchups}")
    for line in flips:
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
