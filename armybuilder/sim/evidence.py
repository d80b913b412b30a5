"""What a stream of game results says, and when it has said enough.

Pure statistics over observations on a fixed scale (no games, no database): a mirrored
pair's mean score (0, ¼, ½, ¾ or 1 for army A), one game's score (0, ½, 1), or the
difference two armies make on the same dice (−1 to 1). Every observation falls on a
:class:`Scale`'s grid, so a stream is a row of counts, one per grid value.

The estimate is the mean; its interval and the sequential test both come from the
**empirical likelihood** of the mean: the likelihood of the counts under the most likely
distribution on the grid with that mean (Owen; the multinomial maximum-likelihood estimate
under a mean constraint that fishtest's pentanomial GSPRT uses). Nothing is assumed about
the shape of the results, so paired games (whose two halves are correlated) and single
games are treated alike, and the interval is the set of means not rejected by a
likelihood-ratio test (χ², one degree of freedom): like Wilson's for wins and losses, it
stays inside the scale and behaves with few games.

The sequential test (:class:`SequentialTest`) is two generalized sequential probability
ratio tests (GSPRT) side by side, one for "A is better" (mean ``centre + margin`` against
``centre``) and one for "A is worse" (``centre − margin`` against ``centre``), with Wald's
bounds: it says **better** or **worse** when one crosses its upper bound, **even**
(within the margin) when both cross their lower bounds, and nothing yet otherwise. Its
stated error rates: a wrong "better" (or a wrong "worse") when the truth is ``centre`` at
most ``alpha`` each; a real difference of the margin reported as anything else at most
``beta``. A stream is judged observation by observation in its order (the first prefix
that decides), so the verdict depends on the results alone, never on how many were
played at once.

The only root finding is scipy's (``scipy.optimize.elementwise.find_root``), vectorised
over every prefix or stream at once; numpy and scipy are imported with this module.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.optimize.elementwise import find_root
from scipy.stats import chi2

#: The prior weight put on each end of the scale: the grid's extremes stay possible, so a
#: run of identical results still leaves room for doubt (fishtest regularizes its counts
#: the same way).
PRIOR = 1e-3
#: How far inside its open bracket the root search starts (as a share of the bracket).
_INSET = 1e-12

Array = np.ndarray[Any, Any]

BETTER, WORSE, EVEN, OPEN = "better", "worse", "even", ""
_VERDICTS = (OPEN, BETTER, WORSE, EVEN)  # coded 0..3 in arrays


@dataclass(frozen=True, slots=True)
class Scale:
    """The values an observation can take: ``lo`` to ``hi`` in ``steps`` equal steps."""

    lo: float
    hi: float
    steps: int

    @property
    def values(self) -> Array:
        return np.linspace(self.lo, self.hi, self.steps + 1)

    def index(self, value: float) -> int:
        k = round((value - self.lo) * self.steps / (self.hi - self.lo))
        if not 0 <= k <= self.steps or abs(self.values[k] - value) > 1e-9:
            raise ValueError(f"{value} is not on the scale {self.lo} to {self.hi} in "
                             f"{self.steps} steps")
        return k

    def counts(self, observations: Sequence[float]) -> Array:
        """How often each grid value occurs."""
        out = np.zeros(self.steps + 1)
        for x in observations:
            out[self.index(x)] += 1
        return out

    def running(self, observations: Sequence[float]) -> Array:
        """The counts after each observation: row ``i`` holds the first ``i + 1``."""
        out = np.zeros((len(observations), self.steps + 1))
        for i, x in enumerate(observations):
            out[i, self.index(x)] = 1
        return np.cumsum(out, axis=0)


#: One game's score for army A: a loss, a draw (half), a win.
GAME = Scale(0.0, 1.0, 2)
#: A mirrored pair's mean score for army A: 0, ¼, ½, ¾, 1.
PAIR = Scale(0.0, 1.0, 4)


def difference(opponents: int, paired: bool = True) -> Scale:
    """The difference two armies' scores make against a field of ``opponents``, a pair (or
    a game) against each: −1 to 1 in steps of ¼ (or ½) over the field's size."""
    return Scale(-1.0, 1.0, (8 if paired else 4) * opponents)


def _regularized(counts: Array) -> Array:
    prior = np.zeros(counts.shape[-1])
    prior[0] = prior[-1] = PRIOR
    total = counts + prior
    return total / total.sum(axis=-1, keepdims=True)


def _multipliers(p_hat: Array, values: Array, lo: float, hi: float, s: Array) -> Array:
    """λ of the most likely distribution with mean ``s``: p = p̂ / (1 + λ (a − s)), where
    Σ p̂ (a − s) / (1 + λ (a − s)) = 0 (the secular equation; one root in its bracket)."""
    flat_p = p_hat.reshape(-1, p_hat.shape[-1])
    flat_s = np.broadcast_to(s, p_hat.shape[:-1]).reshape(-1)
    low = -1.0 / (hi - flat_s) * (1 - _INSET)
    high = 1.0 / (flat_s - lo) * (1 - _INSET)

    def secular(lam: Array, row: Array) -> Array:
        i = row.astype(np.intp)
        d = values[None, :] - flat_s[i][:, None]
        return (flat_p[i] * d / (1.0 + lam[:, None] * d)).sum(axis=-1)

    rows = np.arange(flat_s.size, dtype=float)
    found = find_root(secular, (low, high), args=(rows,))
    return np.asarray(found.x).reshape(p_hat.shape[:-1])


def log_likelihood(counts: Array, scale: Scale, s: float | Array) -> Array:
    """R(s): the log of the empirical likelihood ratio of mean ``s`` (0 at the estimate,
    negative elsewhere), for counts of shape (..., steps + 1)."""
    counts = np.asarray(counts, dtype=float)
    values = scale.values
    s_arr = np.broadcast_to(np.asarray(s, dtype=float), counts.shape[:-1])
    lam = _multipliers(_regularized(counts), values, scale.lo, scale.hi, s_arr)
    d = values - s_arr[..., None]
    terms = np.where(counts > 0, counts * np.log1p(lam[..., None] * d), 0.0)
    return -terms.sum(axis=-1)


def mean(counts: Array, scale: Scale) -> Array:
    counts = np.asarray(counts, dtype=float)
    n = counts.sum(axis=-1)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = (counts * scale.values).sum(axis=-1) / n
    return np.where(n > 0, out, (scale.lo + scale.hi) / 2)


def interval(counts: Array, scale: Scale, level: float = 0.95) -> tuple[float, float]:
    """The ``level`` interval of the mean: the means whose likelihood ratio test against
    the estimate does not reject them (−2 R(s) ≤ the χ²₁ quantile)."""
    low, high = intervals(np.asarray(counts, dtype=float)[None, :], scale, level)[0]
    return (float(low), float(high))


#: Means tried on each side of the estimate by :func:`intervals`: an end is found between
#: two of them (a 256th of the side apart) and placed on the line between.
_GRID = 256


def intervals(counts: Array, scale: Scale, level: float = 0.95) -> Array:
    """:func:`interval` of every row of ``counts`` (shape (n, steps + 1)), as (n, 2).

    −2 R(s) falls from the scale's ends to 0 at the estimate, so on each side the means
    of a grid are tried at once (one vectorised root search for every row, both sides and
    every mean), and the end is where −2 R crosses the quantile between two of them."""
    counts = np.asarray(counts, dtype=float)
    n = counts.shape[0]
    limit = float(chi2.ppf(level, 1))
    span = scale.hi - scale.lo
    inner = 1e-9 * span
    centre = (_regularized(counts) * scale.values).sum(axis=-1)
    steps = np.linspace(0.0, 1.0, _GRID)
    # Row r, side 0: from just inside lo up to the estimate; side 1: from the estimate up
    # to just inside hi.
    starts = np.stack([np.full(n, scale.lo + inner), centre], axis=-1)
    ends = np.stack([centre, np.full(n, scale.hi - inner)], axis=-1)
    means = starts[..., None] + (ends - starts)[..., None] * steps  # (n, 2, G)
    rows = np.broadcast_to(counts[:, None, None, :], (*means.shape, counts.shape[-1]))
    beyond = -2.0 * log_likelihood(rows, scale, means) - limit  # > 0: rejected
    out = np.empty((n, 2))
    for side in (0, 1):
        b, m = beyond[:, side], means[:, side]
        if side == 1:  # walk outwards from the estimate on both sides
            b, m = b[:, ::-1], m[:, ::-1]
        kept = b <= 0
        # The outermost mean still kept, and the one beyond it (rejected), if any.
        j = np.where(kept.any(axis=-1), kept.argmax(axis=-1), _GRID - 1)
        i = np.maximum(j - 1, 0)
        bi, bj = (np.take_along_axis(b, k[:, None], -1)[:, 0] for k in (i, j))
        mi, mj = (np.take_along_axis(m, k[:, None], -1)[:, 0] for k in (i, j))
        with np.errstate(invalid="ignore", divide="ignore"):
            crossing = mi + (mj - mi) * bi / (bi - bj)
        end = scale.lo if side == 0 else scale.hi
        out[:, side] = np.where(j == 0, end, np.where(bi > 0, crossing, mj))
    out[counts.sum(axis=-1) <= 0] = (scale.lo, scale.hi)
    return out


# --- the sequential test -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Look:
    """Where a stream stands: its verdict (``""`` none yet), the two tests' log-likelihood
    ratios, and how far it has come to a verdict (0: nowhere, 1: there)."""

    verdict: str
    llr_better: float
    llr_worse: float
    closeness: float
    leaning: str  # the verdict it is closest to


@dataclass(frozen=True, slots=True)
class SequentialTest:
    """Better, worse, or within ``margin`` of ``centre``, with the stated error rates."""

    margin: float
    centre: float = 0.5
    alpha: float = 0.025
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not 0 < self.alpha < 0.5 or not 0 < self.beta < 0.5:
            raise ValueError("the error rates must be between 0 and 0.5")
        if self.margin <= 0:
            raise ValueError(f"the margin must be more than 0, not {self.margin}")

    @property
    def lower(self) -> float:
        """Wald's lower bound: log(β / (1 − α))."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """Wald's upper bound: log((1 − β) / α)."""
        return math.log((1 - self.beta) / self.alpha)

    def check(self, scale: Scale) -> None:
        if not scale.lo < self.centre - self.margin < self.centre + self.margin < scale.hi:
            raise ValueError(f"a margin of {self.margin:g} leaves no room on the scale "
                             f"{scale.lo:g} to {scale.hi:g} around {self.centre:g}")

    def ratios(self, counts: Array, scale: Scale) -> tuple[Array, Array]:
        """(LLR of better, LLR of worse) for counts of shape (..., steps + 1)."""
        self.check(scale)
        counts = np.asarray(counts, dtype=float)
        shape = counts.shape[:-1]
        s = np.stack([np.full(shape, self.centre), np.full(shape, self.centre + self.margin),
                      np.full(shape, self.centre - self.margin)], axis=-1)
        r = log_likelihood(np.broadcast_to(counts[..., None, :], (*s.shape, counts.shape[-1])),
                           scale, s)
        return r[..., 1] - r[..., 0], r[..., 2] - r[..., 0]

    def judge(self, up: Array, down: Array) -> Array:
        """The verdict codes (0 none, 1 better, 2 worse, 3 even) of the two tests' LLRs."""
        return np.select([up >= self.upper, down >= self.upper,
                          (up <= self.lower) & (down <= self.lower)], [1, 2, 3], 0)

    def verdicts(self, counts: Array, scale: Scale) -> Array:
        """The verdict code of each row of counts."""
        return self.judge(*self.ratios(counts, scale))

    def read(self, up: float, down: float, code: int) -> Look:
        """A stream's standing from its two LLRs and its verdict code."""
        ways = {BETTER: up / self.upper, WORSE: down / self.upper,
                EVEN: min(up, down) / self.lower if max(up, down) < 0 else 0.0}
        leaning = max(ways, key=lambda k: ways[k])
        return Look(_VERDICTS[code], up, down, max(0.0, min(1.0, ways[leaning])), leaning)

    def look(self, counts: Array, scale: Scale) -> Look:
        up, down = self.ratios(np.asarray(counts, dtype=float), scale)
        return self.read(float(up), float(down), int(self.judge(up, down)))

    def first_verdict(self, observations: Sequence[float], scale: Scale
                      ) -> tuple[int, str]:
        """(observations used, verdict) at the first prefix that decides; (all of them,
        "") when none does."""
        if not observations:
            return 0, OPEN
        codes = self.verdicts(scale.running(observations), scale)
        decided = np.flatnonzero(codes)
        if decided.size == 0:
            return len(observations), OPEN
        first = int(decided[0])
        return first + 1, _VERDICTS[int(codes[first])]


def verdict_name(code: int) -> str:
    return _VERDICTS[code]
