"""Games as the numbers a test battle's question is asked of: a game's score for a side (a
win 1, a draw ½, a loss 0), a mirrored pair's mean score, and a batch's estimate with its
95% interval, pair-aware when its games are mirrored pairs.

A mirrored pair (:mod:`armybuilder.sim.match`) is games ``2k`` and ``2k + 1``: the same
dice and terrain, the seats swapped. Its two games are not independent (the luck that
favoured a seat favoured each army once), so a batch of pairs is judged pair by pair: the
pentanomial count of pair scores (0, ¼, ½, ¾, 1 for side a), and the empirical-likelihood
interval of their mean (:mod:`armybuilder.sim.evidence`). The same games judged as if
independent give the interval a batch of independent games would; their ratio is the
variance the pairing removed, as this batch measures it.

numpy and scipy are imported with the intervals (``evidence``), not with this module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from armybuilder.sim.stats import GameResult, wilson

SCORE = {"a": {"a": 1.0, "b": 0.0, "draw": 0.5}, "b": {"a": 0.0, "b": 1.0, "draw": 0.5}}


def score(result: GameResult, side: str = "a") -> float:
    """The game's score for ``side``: a win 1, a draw ½, a loss 0."""
    return SCORE[side][result.winner]


def per_round(results: Mapping[int, GameResult], pairs: bool, side: str = "a",
              limit: int | None = None) -> list[float]:
    """The scores of the rounds played without a gap from the first: a mirrored pair's
    mean score per pair, or one game's score per game; at most ``limit`` rounds."""
    out: list[float] = []
    step = 2 if pairs else 1
    while limit is None or len(out) < limit:
        first = len(out) * step
        games = [results.get(first + k) for k in range(step)]
        if any(g is None for g in games):
            break
        out.append(sum(score(g, side) for g in games if g is not None) / step)
    return out


def complete_pairs(results: Sequence[GameResult]) -> list[float]:
    """Side a's mean score of every pair both of whose games are among ``results``."""
    by_index = {r.index: r for r in results}
    return [(score(by_index[i]) + score(by_index[i + 1])) / 2
            for i in sorted(by_index) if i % 2 == 0 and i + 1 in by_index]


def estimate(results: Sequence[GameResult], pairs: bool, side: str = "a"
             ) -> tuple[float, tuple[float, float]]:
    """(rate, 95% interval) of ``side``: over complete mirrored pairs when ``pairs`` and
    there is one, else Wilson's over single games."""
    if pairs:
        paired = complete_pairs(results)
        if paired:
            from armybuilder.sim import evidence

            counts = evidence.PAIR.counts(paired)
            low, high = evidence.interval(counts, evidence.PAIR)
            rate = float(evidence.mean(counts, evidence.PAIR))
            if side == "b":
                return 1.0 - rate, (1.0 - high, 1.0 - low)
            return rate, (low, high)
    n = len(results)
    total = sum(score(r, side) for r in results)
    return (total / n if n else 0.0), wilson(total, n)


def pair_summary(results: Sequence[GameResult]) -> dict[str, Any]:
    """What the pairing did for a batch of mirrored pairs: ``pairs`` (complete ones),
    ``pentanomial`` (pairs in which side a scored 0, ½, 1, 1½ and 2), ``ci95`` (the
    pair-aware interval), ``ci95_as_independent`` (Wilson's over the same games, as if
    independent) and ``variance_ratio`` (the pairs' variance of the mean over that of as
    many independent games; below 1, the pairs told more)."""
    by_index = {r.index: r for r in results}
    firsts = [i for i in sorted(by_index) if i % 2 == 0 and i + 1 in by_index]
    paired = [(score(by_index[i]), score(by_index[i + 1])) for i in firsts]
    tally = [0] * 5
    for x, y in paired:
        tally[round(2 * (x + y))] += 1
    games = 2 * len(paired)
    _, ci = estimate(results, pairs=True)
    singles = [x for pair in paired for x in pair]
    total = sum(singles)
    mean = total / games if games else 0.0
    # The variance of the mean from the pairs, against that of as many single games
    # (measured, not p(1 − p): a draw scores ½).
    var_game = sum(x * x for x in singles) / games - mean ** 2 if games else 0.0
    var_pair = sum(((x + y) / 2) ** 2 for x, y in paired) / len(paired) - mean ** 2 \
        if paired else 0.0
    ratio = (var_pair / len(paired)) / (var_game / games) if var_game > 0 else None
    return {"pairs": len(paired), "pentanomial": tally, "ci95": list(ci),
            "ci95_as_independent": list(wilson(total, games)),
            "variance_ratio": None if ratio is None else round(ratio, 4)}
