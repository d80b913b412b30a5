"""What a batch of games says: wins, the win rate and its interval, victory points, game
length and how each figure of the two armies did.

Pure functions over finished games: no database, no files, no processes. Side "a" is always
player 0 of a game and side "b" player 1 (``batch`` seats them so).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from armybuilder.engine import NOBODY, Game

SIDES: tuple[str, str] = ("a", "b")
#: The normal quantile for a two-sided 95% interval.
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class FigureResult:
    """One warrior in one game."""

    side: str  # "a" or "b"
    key: str  # the catalogue figure key
    name: str
    eliminations: int  # opposing figures this warrior's attacks eliminated
    clicks_dealt: int  # clicks of damage its attacks did to opposing figures
    survived: bool  # on the battlefield at the end, never eliminated and not a captive
    captures: int = 0  # opposing figures it took captive (Rulebook III, Capturing)

    def as_dict(self) -> dict[str, Any]:
        return {"side": self.side, "key": self.key, "name": self.name,
                "eliminations": self.eliminations, "clicks_dealt": self.clicks_dealt,
                "survived": self.survived, "captures": self.captures}


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of a batch, small enough to send back from a worker process."""

    index: int
    seed: int  # the game's seed: its dice, and (derived from it) both players' seeds
    winner: str  # "a", "b" or "draw"
    vp_a: int
    vp_b: int
    rounds: int
    termination: str  # "time limit", "one side left" or "agreement"
    first: str  # the side that took the first turn (the 2d6 roll, Rulebook II)
    edge_a: str  # where side a set up: "south" or "north"
    figures: tuple[FigureResult, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"index": self.index, "seed": self.seed, "winner": self.winner,
                "vp_a": self.vp_a, "vp_b": self.vp_b, "rounds": self.rounds,
                "termination": self.termination, "first": self.first, "edge_a": self.edge_a,
                "figures": [f.as_dict() for f in self.figures]}


def _attributed(game: Game) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """(clicks dealt, eliminations, captures) per warrior id, from the game's events.

    A damage event names the figure that dealt it (``source``): the attacker, or the
    holder of the ability (Venom, Magic Retaliation, Pole Arm, Magic Freeze's pushing).
    Pushing oneself and critical misses are credited to nobody.
    """
    owner = {w.id: w.owner for w in game.warriors}
    clicks: dict[int, int] = {}
    kills: dict[int, int] = {}
    captures: dict[int, int] = {}
    for entry in game.entries:
        damaged_by: dict[int, int | None] = {}
        for ev in entry["events"]:
            kind = ev["e"]
            if kind == "damage" and ev["clicks"] > 0:
                victim = ev["warrior"]
                by = ev.get("source")
                if by is not None and owner[by] == owner[victim]:
                    by = None  # friendly fire scores nothing (Rulebook VI, Victory!)
                damaged_by[victim] = by
                if by is not None:
                    clicks[by] = clicks.get(by, 0) + ev["clicks"]
            elif kind == "eliminated":
                by = damaged_by.pop(ev["warrior"], None)
                if by is not None:
                    kills[by] = kills.get(by, 0) + 1
            elif kind == "captured":
                captures[ev["by"]] = captures.get(ev["by"], 0) + 1
    return clicks, kills, captures


def _side(winners: Sequence[int]) -> str:
    # Several winners is a full tie (equal points and equal army sizes, Rulebook VI);
    # none is both sides withdrawn.
    if len(winners) == 1:
        return SIDES[winners[0]]
    return "draw"


def summarise_game(game: Game, index: int, seed: int) -> GameResult:
    """The result of a finished two-player game."""
    outcome = game.outcome
    if outcome is None:
        raise ValueError(f"game {index} is not over")
    clicks, kills, captures = _attributed(game)
    figures = tuple(
        FigureResult(side=SIDES[w.owner], key=w.card.key, name=w.card.name,
                     eliminations=kills.get(w.id, 0), clicks_dealt=clicks.get(w.id, 0),
                     survived=(w.on_table and w.deployed and w.eliminations == 0
                               and w.controller == NOBODY),
                     captures=captures.get(w.id, 0))
        for w in game.warriors)
    return GameResult(
        index=index, seed=seed, winner=_side(outcome.winners),
        vp_a=outcome.total(0), vp_b=outcome.total(1), rounds=outcome.round,
        termination=outcome.termination.value, first=SIDES[game.first_player],
        edge_a=game.players[0].edge, figures=figures)


# --- a batch ----------------------------------------------------------------------------


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion of ``successes`` in ``n`` trials.

    Better than the normal approximation near 0 and 1 and for few games; with draws as half
    wins the count is not whole, which the formula accepts (an approximation then).
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denominator = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1.0 - p) / n + z2 / (4 * n * n)) / denominator
    # At p = 0 or 1 the bound is exactly 0 or 1; rounding would leave it a hair off.
    low = 0.0 if p <= 0.0 else max(0.0, centre - half)
    high = 1.0 if p >= 1.0 else min(1.0, centre + half)
    return (low, high)


def _spread(values: Sequence[float]) -> dict[str, float]:
    return {"mean": statistics.fmean(values) if values else 0.0,
            "sd": statistics.stdev(values) if len(values) > 1 else 0.0}


def figure_table(results: Sequence[GameResult]) -> dict[str, list[dict[str, Any]]]:
    """Per side, one row per figure of the army (copies of a figure together), in army
    order: ``count`` copies; ``eliminations``, ``clicks_dealt`` and ``captures`` per game,
    all copies together; ``survival_rate`` the share of copies alive at the end of a game."""
    games = len(results)
    out: dict[str, list[dict[str, Any]]] = {}
    for side in SIDES:
        rows: dict[str, dict[str, Any]] = {}
        for r in results:
            for f in r.figures:
                if f.side != side:
                    continue
                row = rows.setdefault(f.key, {"key": f.key, "name": f.name, "copies": 0,
                                              "eliminations": 0, "clicks_dealt": 0,
                                              "survived": 0, "captures": 0})
                row["copies"] += 1
                row["eliminations"] += f.eliminations
                row["clicks_dealt"] += f.clicks_dealt
                row["survived"] += f.survived
                row["captures"] += f.captures
        out[side] = [{
            "key": row["key"], "name": row["name"],
            "count": row["copies"] // games if games else 0,
            "eliminations": row["eliminations"] / games if games else 0.0,
            "survival_rate": row["survived"] / row["copies"] if row["copies"] else 0.0,
            "clicks_dealt": row["clicks_dealt"] / games if games else 0.0,
            "captures": row["captures"] / games if games else 0.0,
        } for row in rows.values()]
    return out


def summarise(results: Iterable[GameResult]) -> dict[str, Any]:
    """Wins, A's win rate (draws count half) with its 95% Wilson interval, victory points
    and rounds per game, and the figure table."""
    results = sorted(results, key=lambda r: r.index)
    n = len(results)
    wins = {"a": 0, "b": 0, "draw": 0}
    for r in results:
        wins[r.winner] += 1
    score = wins["a"] + 0.5 * wins["draw"]
    rounds = [r.rounds for r in results]
    endings: dict[str, int] = {}
    for r in results:
        endings[r.termination] = endings.get(r.termination, 0) + 1
    lo, hi = wilson(score, n)
    return {
        "games": n,
        "wins": wins,
        "win_rate_a": score / n if n else 0.0,
        "ci95": [lo, hi],
        "victory_points": {"a": _spread([r.vp_a for r in results]),
                           "b": _spread([r.vp_b for r in results])},
        "rounds": {"mean": statistics.fmean(rounds) if rounds else 0.0,
                   "median": statistics.median(rounds) if rounds else 0.0,
                   "min": min(rounds, default=0), "max": max(rounds, default=0),
                   "endings": dict(sorted(endings.items()))},
        "figures": figure_table(results),
    }
