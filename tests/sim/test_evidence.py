"""The statistics of test battles on synthetic streams with known answers (no games): the
pair-aware interval covers the truth as often as it says, the sequential test's errors stay
within its stated rates over many simulated runs, and a trial's verdicts do not depend on
the order its games come back in."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import binom

from armybuilder.sim import evidence
from armybuilder.sim.evidence import PAIR, SequentialTest, intervals
from armybuilder.sim.runner import Chunk
from armybuilder.sim.scores import pair_summary
from armybuilder.sim.stats import GameResult, wilson
from armybuilder.sim.stopping import StopRule
from armybuilder.sim.trial import Question, Trial

#: Many runs are drawn; an error rate "within its bound" may exceed it by the luck of the
#: draw only as far as a run of this improbability would (a test that fails once in a
#: thousand runs of the suite, were the rate exactly at its bound).
SURE = 0.999


def pentanomial(p_win: float, draw: float = 0.1) -> np.ndarray:
    """A pair's score distribution (0, ¼, ½, ¾, 1) from two independent games of side a
    with mean score ``p_win`` (draws ``draw``)."""
    game = np.array([1 - p_win - draw / 2, draw, p_win - draw / 2])
    return np.convolve(game, game)


def streams(probs: np.ndarray, runs: int, length: int, seed: int) -> np.ndarray:
    """Running counts (runs, length, 5) of synthetic pair streams."""
    rng = np.random.default_rng(seed)
    drawn = rng.choice(len(probs), size=(runs, length), p=probs)
    one_hot = np.zeros((runs, length, len(probs)))
    np.put_along_axis(one_hot, drawn[..., None], 1, axis=2)
    return one_hot.cumsum(axis=1)


def first_verdicts(test: SequentialTest, counts: np.ndarray) -> np.ndarray:
    codes = test.verdicts(counts, PAIR)
    first = np.where(codes.any(axis=1), codes.argmax(axis=1), codes.shape[1] - 1)
    return codes[np.arange(len(codes)), first]


def most_errors(runs: int, rate: float) -> int:
    return int(binom.ppf(SURE, runs, rate))


def test_the_pair_interval_covers_the_truth_as_often_as_it_says() -> None:
    runs = 200
    for truth, seed in ((0.5, 1), (0.7, 2)):
        counts = streams(pentanomial(truth), runs, 30, seed)[:, -1]
        found = intervals(counts, PAIR)
        missed = int(((found[:, 0] > truth) | (found[:, 1] < truth)).sum())
        assert missed <= most_errors(runs, 0.05), (truth, missed)
        # ...and is no wider than it needs to be: it misses sometimes.
        assert (found[:, 1] - found[:, 0]).mean() < 0.4


def test_the_interval_stays_on_the_scale_and_follows_wilson_for_single_games() -> None:
    low, high = evidence.interval(PAIR.counts([1, 1, 1, 1]), PAIR)
    assert 0.5 < low < 0.7 and high == 1.0  # four won pairs: 1 is not ruled out
    low, high = evidence.interval(PAIR.counts([0] * 5), PAIR)
    assert low == 0.0 and high < 0.5
    assert evidence.interval(PAIR.counts([]), PAIR) == (0.0, 1.0)
    # Wins and losses alone: the likelihood-ratio interval, close to Wilson's.
    ours = evidence.interval(evidence.GAME.counts([1] * 30 + [0] * 20), evidence.GAME)
    theirs = wilson(30, 50)
    assert abs(ours[0] - theirs[0]) < 0.01 and abs(ours[1] - theirs[1]) < 0.01


@pytest.mark.parametrize(("truth", "right"), [(0.5, "even"), (0.6, "better"),
                                              (0.4, "worse")])
def test_the_stopping_rule_errs_within_its_stated_rates(truth: float, right: str) -> None:
    """200 simulated runs of at most 200 pairs, margin 10 points: when the armies are even,
    a wrong "better" or "worse" at most 2.5% each; a real 10-point difference missed at
    most 5%."""
    test = SequentialTest(0.1)
    runs = 200
    codes = first_verdicts(test, streams(pentanomial(truth), runs, 200, seed=7))
    said = np.bincount(codes, minlength=4)  # open, better, worse, even
    decided = {"better": said[1], "worse": said[2], "even": said[3]}
    assert decided[right] >= runs * 0.8  # it does answer, and mostly right
    if right == "even":
        assert said[1] <= most_errors(runs, test.alpha)
        assert said[2] <= most_errors(runs, test.alpha)
    else:
        assert runs - decided[right] <= most_errors(runs, test.beta)


def test_a_difference_of_nothing_is_found_within_the_margin() -> None:
    """The scale of army value: the difference two versions make against two opponents,
    symmetric noise around 0."""
    scale = evidence.difference(2)
    rng = np.random.default_rng(3)
    values = scale.values
    probs = np.exp(-((values / 0.25) ** 2))
    probs /= probs.sum()
    runs, length = 100, 150
    drawn = rng.choice(len(values), size=(runs, length), p=probs)
    one_hot = np.zeros((runs, length, len(values)))
    np.put_along_axis(one_hot, drawn[..., None], 1, axis=2)
    test = SequentialTest(0.1, centre=0.0)
    codes = test.verdicts(one_hot.cumsum(axis=1), scale)
    first = np.where(codes.any(axis=1), codes.argmax(axis=1), length - 1)
    said = np.bincount(codes[np.arange(runs), first], minlength=4)
    assert said[3] >= runs * 0.9
    assert said[1] + said[2] <= most_errors(runs, 2 * test.alpha)


def test_a_verdict_reads_the_stream_in_order() -> None:
    test = SequentialTest(0.05)
    used, verdict = test.first_verdict([1.0] * 100, PAIR)
    assert verdict == "better" and used < 100
    assert test.first_verdict([1.0] * (used - 1), PAIR) == (used - 1, "")
    look = test.look(PAIR.counts([1.0] * (used - 1)), PAIR)
    assert look.leaning == "better" and 0.5 < look.closeness < 1
    with pytest.raises(ValueError, match="margin"):
        SequentialTest(0.0)
    with pytest.raises(ValueError, match="no room"):
        SequentialTest(0.6).check(PAIR)


def _game(index: int, winner: str) -> GameResult:
    return GameResult(index, 0, winner, 0, 0, 1, "time limit", "a", "south", ())


def test_pair_summary_counts_pairs_and_measures_what_pairing_removed() -> None:
    # Every pair split: the pairs say far more than as many independent games would.
    split = [_game(i, "a" if i % 2 else "b") for i in range(40)]
    summary = pair_summary(split)
    assert summary["pairs"] == 20 and summary["pentanomial"] == [0, 0, 20, 0, 0]
    assert summary["variance_ratio"] == 0.0
    width = summary["ci95"][1] - summary["ci95"][0]
    independent = summary["ci95_as_independent"]
    assert width < independent[1] - independent[0]
    # Pairs won or lost whole: pairing made it worse, and the ratio says so.
    whole = [_game(i, "a" if (i // 2) % 2 else "b") for i in range(40)]
    assert pair_summary(whole)["variance_ratio"] == pytest.approx(2.0)


def test_a_trial_decides_the_same_whatever_order_its_games_come_back() -> None:
    """A question judged round by round: the verdict, the rounds it used and its estimate
    depend on the games alone, not on how they were cut into chunks or which came back
    first; a question decided early gets no more games."""
    rng = np.random.default_rng(11)
    outcomes = {m: ["a" if rng.random() < (0.8 if m == 0 else 0.5) else "b"
                    for _ in range(400)] for m in (0, 1)}

    def run(per_chunk: int, reverse: bool) -> tuple[list[tuple[int, str, float]], int]:
        trial = Trial([Question((0,)), Question((1,))], pairs=True, rounds=200,
                      rule=StopRule(margin=0.1, max_games=400))
        out: list[Chunk] = []
        while True:
            while len(out) < 6 and (chunk := trial.next_chunk()) is not None:
                out.append(chunk)
            if not out:
                break
            chunk = out.pop(0 if not reverse else -1)
            trial.done(chunk, [_game(g, outcomes[chunk.matchup][g]) for g in chunk.games],
                       seconds=0.01 * per_chunk)
        answers = [(st.rounds, st.verdict, st.mean(PAIR)) for st in trial.standings]
        return answers, trial.played

    first, played = run(1, False)
    assert run(4, True)[0] == first
    assert first[0][1] == "better"  # side a won 80%
    assert first[0][0] < 200 and played < 2 * 400
