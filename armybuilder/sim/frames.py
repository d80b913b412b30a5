"""A gauntlet's tables as pandas DataFrames: the matchups (the row army's win rate against
the column army), every pair's record with its interval, the ranking, how each army's
figures did over all its games, and every game. ``gauntlet.gauntlet_frames`` reads them
from the kept results; ``armybuilder.export.gauntlet_book`` writes them as a workbook.

pandas is imported with this module, which only those two load.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pandas as pd

if TYPE_CHECKING:
    from armybuilder.sim.gauntlet import GauntletReport
    from armybuilder.sim.stats import GameResult

#: A pair's games with their figure tables, by the pair's key (from the kept results).
GamesOf = Callable[[str], Mapping[int, "GameResult"]]


@dataclass(frozen=True)
class GauntletFrames:
    matchups: pd.DataFrame  # rows and columns: armies; values: the row's win rate
    pairs: pd.DataFrame  # one row per army and opponent: record, rate, interval, VP
    ranking: pd.DataFrame
    figures: pd.DataFrame  # one row per army and figure, over all the army's games
    games: pd.DataFrame  # one row per game


def frames(report: GauntletReport, data: Mapping[str, Any], games_of: GamesOf
           ) -> GauntletFrames:
    """The gauntlet's DataFrames; ``data`` is ``report.as_json()``. Pairs are read one at a
    time with their figure tables, so a large gauntlet never holds them all."""
    matrix = data["matrix"]
    names = list(report.armies)
    rates = pd.DataFrame([[matrix[r][c]["rate"] if c in matrix[r] else None for c in names]
                          for r in names], index=pd.Index(names, name="army"), columns=names)
    vp: dict[tuple[str, str], list[float]] = {}
    figures: dict[tuple[str, str], dict[str, Any]] = {}
    played: dict[str, int] = dict.fromkeys(names, 0)
    game_rows = []
    for pair in report.pairs:
        full = games_of(pair.key)
        results = [full.get(r.index, r) for r in pair.results]
        for side, army, other in (("a", pair.a, pair.b), ("b", pair.b, pair.a)):
            vp[army, other] = [r.vp_a if side == "a" else r.vp_b for r in results]
            played[army] += len(results)
            for r in results:
                for f in r.figures:
                    if f.side != side:
                        continue
                    row = figures.setdefault((army, f.key), {
                        "army": army, "key": f.key, "figure": f.name, "copies": 0,
                        "eliminations": 0, "captures": 0, "clicks_dealt": 0, "survived": 0})
                    row["copies"] += 1
                    row["eliminations"] += f.eliminations
                    row["captures"] += f.captures
                    row["clicks_dealt"] += f.clicks_dealt
                    row["survived"] += f.survived
        winner = {"a": pair.a, "b": pair.b, "draw": "draw"}
        game_rows += [{"army_a": pair.a, "army_b": pair.b, "game": r.index, "seed": r.seed,
                       "winner": winner[r.winner], "vp_a": r.vp_a, "vp_b": r.vp_b,
                       "rounds": r.rounds, "ending": r.termination,
                       "first": pair.a if r.first == "a" else pair.b, "edge_a": r.edge_a}
                      for r in results]
    pairs = pd.DataFrame([
        {"army": r, "opponent": c, "games": cell["wins"] + cell["losses"] + cell["draws"],
         "wins": cell["wins"], "losses": cell["losses"], "draws": cell["draws"],
         "win_rate": cell["rate"], "ci95_low": cell["ci95"][0], "ci95_high": cell["ci95"][1],
         "vp_for": _mean(vp.get((r, c), [])), "vp_against": _mean(vp.get((c, r), []))}
        for r in names for c, cell in matrix[r].items()])
    ranking = pd.DataFrame([
        {"rank": x["rank"], "army": x["army"], "rating": x["rating"],
         "rating_ci95_low": x["ci95"][0], "rating_ci95_high": x["ci95"][1],
         "best_rank": x["ranks"][0], "worst_rank": x["ranks"][1], "win_rate": x["win_rate"],
         "win_rate_ci95_low": x["win_rate_ci95"][0],
         "win_rate_ci95_high": x["win_rate_ci95"][1], "games": x["games"]}
        for x in data["ranking"]])
    figure_rows = []
    for row in figures.values():
        games = played[row["army"]]
        figure_rows.append({
            "army": row["army"], "key": row["key"], "figure": row["figure"],
            "count": row["copies"] // games if games else 0,
            "eliminations_per_game": row["eliminations"] / games if games else 0.0,
            "captures_per_game": row["captures"] / games if games else 0.0,
            "clicks_dealt_per_game": row["clicks_dealt"] / games if games else 0.0,
            "survival_rate": row["survived"] / row["copies"] if row["copies"] else 0.0})
    return GauntletFrames(rates, pairs, ranking, pd.DataFrame(figure_rows),
                          pd.DataFrame(game_rows))


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None
