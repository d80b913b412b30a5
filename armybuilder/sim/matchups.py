"""A gauntlet's matchup table: each army's win rate against each other army with its 95%
interval, each army's overall rate, and the pairs not yet told apart from an even match.

Pure functions over a :class:`~armybuilder.sim.gauntlet.GauntletReport`; a draw counts
half a win, as in a battle's report. The intervals of a pair's mirrored games are the
pairs' own (``scores.estimate``); of independent games, and of an army's overall record,
Wilson's (``stats.wilson``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from armybuilder.sim.stats import GameResult, wilson

if TYPE_CHECKING:
    from armybuilder.sim.gauntlet import GauntletReport

Cell = dict[str, Any]  # {wins, losses, draws, rate, ci95}


def cell(results: Iterable[GameResult], side: str, pairs: bool = False) -> Cell:
    """The record of side ``side`` ("a" or "b") over these games; with ``pairs`` its
    interval is that of the mirrored pairs among them."""
    results = list(results)
    other = "b" if side == "a" else "a"
    wins = losses = draws = 0
    for r in results:
        wins += r.winner == side
        losses += r.winner == other
        draws += r.winner == "draw"
    out = record(wins, losses, draws)
    if pairs and len(results) > 1:
        from armybuilder.sim.scores import estimate

        out["ci95"] = list(estimate(results, pairs=True, side=side)[1])
    return out


def mirrored(c: Cell) -> Cell:
    """The other side's record of the same games (a draw counts half to each)."""
    games = c["wins"] + c["losses"] + c["draws"]
    return {"wins": c["losses"], "losses": c["wins"], "draws": c["draws"],
            "rate": 1.0 - c["rate"] if games else 0.0,
            "ci95": [1.0 - c["ci95"][1], 1.0 - c["ci95"][0]]}


def record(wins: int, losses: int, draws: int) -> Cell:
    games = wins + losses + draws
    score = wins + draws / 2
    low, high = wilson(score, games)
    return {"wins": wins, "losses": losses, "draws": draws,
            "rate": score / games if games else 0.0, "ci95": [low, high]}


def matrix(report: GauntletReport) -> dict[str, dict[str, Cell]]:
    """``{row: {column: cell}}``: the row army's record against the column army."""
    table: dict[str, dict[str, Cell]] = {name: {} for name in report.armies}
    pairs = report.request.pairs
    for pair in report.pairs:
        table[pair.a][pair.b] = mine = cell(pair.results, "a", pairs)
        table[pair.b][pair.a] = mirrored(mine)
    return {row: {col: cells[col] for col in report.armies if col in cells}
            for row, cells in table.items()}


def overall(table: dict[str, dict[str, Cell]]) -> dict[str, Cell]:
    """Each army's record over all its games."""
    out = {}
    for row, cells in table.items():
        out[row] = record(sum(c["wins"] for c in cells.values()),
                          sum(c["losses"] for c in cells.values()),
                          sum(c["draws"] for c in cells.values()))
    return out


def undecided(report: GauntletReport,
              table: dict[str, dict[str, Cell]] | None = None) -> list[dict[str, Any]]:
    """The pairs whose 95% interval still holds 50% (more games would tell), each once,
    the army named first in the gauntlet as the row."""
    table = matrix(report) if table is None else table
    order = {name: i for i, name in enumerate(report.armies)}
    out = []
    for pair in report.pairs:
        row, col = sorted((pair.a, pair.b), key=order.__getitem__)
        c = table[row][col]
        if c["ci95"][0] <= 0.5 <= c["ci95"][1]:
            out.append({"row": row, "col": col, "rate": c["rate"], "ci95": c["ci95"],
                        "games": c["wins"] + c["losses"] + c["draws"]})
    out.sort(key=lambda u: (order[u["row"]], order[u["col"]]))
    return out
