"""The matchup table and the Bradley–Terry ranking on hand-made gauntlets with known odds."""

from __future__ import annotations

import math

import pytest

from armybuilder.sim.gauntlet import GauntletReport, GauntletRequest, PairOutcome
from armybuilder.sim.matchups import matrix, overall, undecided
from armybuilder.sim.ranking import ELO, ranking
from armybuilder.sim.stats import GameResult


def games(wins_a: int, wins_b: int, draws: int = 0) -> tuple[GameResult, ...]:
    winners = ["a"] * wins_a + ["b"] * wins_b + ["draw"] * draws
    return tuple(GameResult(i, i, w, 0, 0, 1, "time limit", "a", "south", ())
                 for i, w in enumerate(winners))


def report(records: dict[tuple[str, str], tuple[int, int, int]]) -> GauntletReport:
    names: list[str] = []
    for pair in records:
        names += [n for n in pair if n not in names]
    pairs = tuple(PairOutcome(a, b, f"{a}-{b}", games(*r)) for (a, b), r in records.items())
    n = max(sum(r) for r in records.values())
    return GauntletReport(GauntletRequest(tuple(names), games=n), tuple(names), pairs, 0, 0,
                          0.0)


def test_the_table_reads_from_each_side() -> None:
    r = report({("A", "B"): (6, 3, 1), ("C", "A"): (1, 9, 0), ("B", "C"): (5, 5, 0)})
    m = matrix(r)
    assert m["A"]["B"] == {"wins": 6, "losses": 3, "draws": 1, "rate": 0.65,
                           "ci95": m["A"]["B"]["ci95"]}
    assert m["B"]["A"]["rate"] == pytest.approx(0.35)
    assert m["A"]["C"]["wins"] == 9 and m["C"]["A"]["wins"] == 1
    assert list(m) == ["A", "B", "C"] and list(m["B"]) == ["A", "C"]
    totals = overall(m)
    assert totals["A"]["wins"] == 15 and totals["A"]["losses"] == 4
    assert totals["A"]["rate"] == pytest.approx(15.5 / 20)
    # B v C at 50% and A v B (65% of ten) are not told apart from an even match; A v C is.
    assert [(u["row"], u["col"]) for u in undecided(r, m)] == [("A", "B"), ("B", "C")]


def test_elo_scale_matches_the_odds() -> None:
    # 750 of 1000: odds of three to one, 400 * log10(3) Elo points apart.
    ranked = ranking(report({("A", "B"): (750, 250, 0)}))
    a, b = ranked
    assert (a.army, a.rank, b.army) == ("A", 1, "B")
    assert a.rating == pytest.approx(-b.rating)
    assert a.rating - b.rating == pytest.approx(400 * math.log10(3), abs=1.0)
    # The interval: the difference's variance is 1 / (n p (1 - p)); each army carries half
    # of the difference (the ratings sum to zero).
    sd = 0.5 / math.sqrt(1001 * 0.75 * 0.25) * ELO
    assert a.ci95[1] - a.rating == pytest.approx(1.959964 * sd, rel=0.01)
    assert a.ranks == (1, 1) and b.ranks == (2, 2)
    assert a.rate == 0.75 and a.games == 1000


def test_a_clear_order_and_an_uncertain_one() -> None:
    clear = ranking(report({("A", "B"): (140, 60, 0), ("B", "C"): (140, 60, 0),
                            ("A", "C"): (170, 30, 0)}))
    assert [(x.army, x.ranks) for x in clear] == [("A", (1, 1)), ("B", (2, 2)),
                                                  ("C", (3, 3))]
    few = ranking(report({("A", "B"): (3, 2, 0), ("B", "C"): (3, 2, 0),
                          ("A", "C"): (3, 2, 0)}))
    assert [x.army for x in few] == ["A", "B", "C"]
    assert all(x.ranks == (1, 3) for x in few)
    for x in few:
        assert x.ci95[0] < x.rating < x.ci95[1]


def test_a_perfect_record_is_finite() -> None:
    ranked = ranking(report({("A", "B"): (10, 0, 0), ("A", "C"): (10, 0, 0),
                             ("B", "C"): (5, 5, 0)}))
    top = ranked[0]
    assert top.army == "A" and math.isfinite(top.rating) and top.rating > 300
    assert math.isfinite(top.ci95[0]) and top.ci95[0] < top.rating < top.ci95[1]
    assert top.ranks == (1, 1) and top.rate == 1.0


def test_draws_count_half() -> None:
    halves = ranking(report({("A", "B"): (0, 0, 100)}))
    assert halves[0].rating == pytest.approx(0.0, abs=1e-6)
    assert halves[0].ranks == (1, 2)
    assert {x.army for x in halves} == {"A", "B"}
    assert halves[0].as_dict()["win_rate"] == 0.5
