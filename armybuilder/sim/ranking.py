"""A gauntlet's ranking: a Bradley–Terry fit of every game, with its uncertainty.

The model: army i beats army j with probability 1 / (1 + exp(θj − θi)); a draw counts half
a win to each side, as everywhere in armybuilder. The fit is ``choix``'s maximum-likelihood
estimate for dense comparison data (iterative Luce spectral ranking). Every pair starts
with one drawn game as a prior, so an army that won every game gets a large, finite
strength instead of none at all; a hundred games a pair outweigh it a hundredfold.

Uncertainty: the 95% interval of each strength is the estimate ± 1.96 standard errors
from the fit's own covariance (the inverse of the Fisher information, with the strengths
summing to zero) — no resampling, so the same games give the same intervals. Two armies
are told apart when the difference of their strengths is outside its own 95% interval;
an army's rank range runs from one more than the armies told apart above it to the count
less those told apart below it. Strengths are shown on the Elo scale (400 points: ten to
one odds), their mean at 0.

numpy and choix are imported with this module, which only the gauntlet's report loads.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import choix
import numpy as np

from armybuilder.sim.matchups import matrix, overall
from armybuilder.sim.stats import Z95

if TYPE_CHECKING:
    from armybuilder.sim.gauntlet import GauntletReport

#: Elo points per unit of Bradley–Terry strength: 400 points are odds of ten to one.
ELO = 400 / math.log(10)
#: Drawn games every pair starts with (the prior that keeps a perfect record finite).
PRIOR_DRAWS = 1.0


@dataclass(frozen=True, slots=True)
class Rating:
    rank: int
    army: str
    rating: float  # Elo scale, the field's mean at 0
    ci95: tuple[float, float]
    ranks: tuple[int, int]  # the best and worst rank the intervals allow
    rate: float  # the army's overall win rate (draws half)
    rate_ci95: tuple[float, float]
    games: int

    def as_dict(self) -> dict[str, Any]:
        return {"rank": self.rank, "army": self.army, "rating": round(self.rating, 1),
                "ci95": [round(self.ci95[0], 1), round(self.ci95[1], 1)],
                "ranks": list(self.ranks), "win_rate": self.rate,
                "win_rate_ci95": list(self.rate_ci95), "games": self.games}


def wins_matrix(names: list[str], table: dict[str, dict[str, dict[str, Any]]]
                ) -> tuple[np.ndarray, np.ndarray]:
    """(wins, games): wins[i, j] is how often army i beat army j, draws counting half."""
    n = len(names)
    wins = np.zeros((n, n))
    games = np.zeros((n, n))
    for i, row in enumerate(names):
        for j, col in enumerate(names):
            c = table[row].get(col)
            if c is not None:
                wins[i, j] = c["wins"] + c["draws"] / 2
                games[i, j] = c["wins"] + c["losses"] + c["draws"]
    return wins, games


def fit(wins: np.ndarray, games: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(strengths, covariance) of the Bradley–Terry model, strengths summing to zero."""
    n = len(wins)
    played = (games + games.T) > 0
    prior = np.where(played & ~np.eye(n, dtype=bool), PRIOR_DRAWS / 2, 0.0)
    counts = wins + prior
    theta = choix.ilsr_pairwise_dense(counts, max_iter=1000)
    theta = theta - theta.mean()
    total = counts + counts.T
    p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j]: i beats j
    weight = total * p * p.T
    np.fill_diagonal(weight, 0.0)
    information = np.diag(weight.sum(axis=1)) - weight
    # The strengths are fixed only up to a common shift: the pseudo-inverse is their
    # covariance with the shift fixed by the zero sum.
    return theta, np.linalg.pinv(information)


def ranking(report: GauntletReport) -> list[Rating]:
    """Every army best first, with its rating's interval and rank range."""
    names = list(report.armies)
    table = matrix(report)
    records = overall(table)
    wins, games = wins_matrix(names, table)
    if len(names) < 2 or not games.any():
        return []
    theta, cov = fit(wins, games)
    sd = np.sqrt(np.clip(np.diag(cov), 0.0, None))
    n = len(names)
    above = [0] * n
    below = [0] * n
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            spread = Z95 * math.sqrt(max(0.0, cov[i, i] + cov[j, j] - 2 * cov[i, j]))
            if theta[j] - theta[i] > spread:
                above[i] += 1
            elif theta[i] - theta[j] > spread:
                below[i] += 1
    order = sorted(range(n), key=lambda i: (-theta[i], names[i].casefold()))
    out = []
    for rank, i in enumerate(order, start=1):
        r = records[names[i]]
        out.append(Rating(
            rank=rank, army=names[i], rating=float(ELO * theta[i]),
            ci95=(float(ELO * (theta[i] - Z95 * sd[i])), float(ELO * (theta[i] + Z95 * sd[i]))),
            ranks=(1 + above[i], n - below[i]), rate=r["rate"],
            rate_ci95=(r["ci95"][0], r["ci95"][1]),
            games=r["wins"] + r["losses"] + r["draws"]))
    return out
