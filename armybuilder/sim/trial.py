"""Playing until the answer is clear: questions about matchups, answered round by round by
a sequential test, the games spent where the answers are still close.

A **question** asks for the mean score of side a over some matchups (``plus``), less that
over others (``minus``): one matchup (is A better than B?), or a field of opponents met by
two versions of an army on the same dice (what does this figure add? does this change
help?). A **round** is one mirrored pair of each of its matchups (or one game, without
pairs), so a round is one observation on the question's scale
(:mod:`armybuilder.sim.evidence`).

A :class:`Trial` is a :class:`~armybuilder.sim.runner.Source`: asked for work, it gives
the next rounds of the open question with the fewest rounds under way (the questions
still close get the games, the decided ones none); told of a finished chunk, it keeps the
games, then judges each question's new rounds in order, one by one, and a question stops
at the first round after which its test decides (or at the most rounds allowed). So the
verdict, the rounds it used and its estimate depend on the games alone, never on the
number of workers, the backend, or which chunk came back first; the games a question was
still playing when it stopped are kept for another day (a rerun with another margin, say).

Games already kept are the start of every stream: a rerun judges them first and plays only
what is still missing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from armybuilder.sim import evidence
from armybuilder.sim.evidence import OPEN, Scale
from armybuilder.sim.runner import MIN_TASK_SECONDS, MOST_PER_CHUNK, Chunk
from armybuilder.sim.scores import score
from armybuilder.sim.stats import GameResult
from armybuilder.sim.stopping import StopRule


@dataclass(frozen=True, slots=True)
class Question:
    """Side a's mean score over ``plus`` (matchup indices) less its mean over ``minus``
    (empty, or one matchup for each of ``plus``, on the same dice)."""

    plus: tuple[int, ...]
    minus: tuple[int, ...] = ()
    #: The first round it is asked of: rounds before it answered another question (the
    #: advisor's choice of candidates) and are left out of this one's answer.
    first: int = 0

    @property
    def matchups(self) -> tuple[int, ...]:
        return self.plus + self.minus

    def round_of(self, k: int) -> int:
        """The round the question's ``k``-th observation comes from."""
        return self.first + k

    def scale(self, pairs: bool) -> Scale:
        if self.minus:
            return evidence.difference(len(self.plus), pairs)
        return evidence.PAIR if pairs else evidence.GAME

    @property
    def centre(self) -> float:
        return 0.0 if self.minus else 0.5


@dataclass
class Standing:
    """Where a question stands: the rounds judged (all of them the verdict's evidence),
    the verdict (``""``: none), how close it is to one, and whether it wants more games."""

    rounds: int = 0
    verdict: str = OPEN
    closeness: float = 0.0
    leaning: str = OPEN
    stopped: bool = False
    counts: np.ndarray[Any, Any] = field(default_factory=lambda: np.zeros(0))

    def mean(self, scale: Scale) -> float:
        return float(evidence.mean(self.counts, scale)) if self.rounds else scale.lo \
            + (scale.hi - scale.lo) / 2

    def interval(self, scale: Scale) -> tuple[float, float]:
        return evidence.interval(self.counts, scale)


class Trial:
    """The games of some questions, played until each is answered (``rule``), or for
    exactly ``rounds`` rounds each (``rule`` None). ``have``: the games already played,
    by matchup and game index (kept ones; this trial adds what it plays into the same
    mapping, so trials one after another share their games); ``keep`` is told of every
    finished chunk's games; ``progress`` after every chunk. ``rounds``: the most rounds a
    question is judged on (from its ``first``)."""

    def __init__(self, questions: Sequence[Question], *, pairs: bool, rounds: int,
                 rule: StopRule | None = None,
                 have: dict[int, dict[int, GameResult]] | None = None,
                 keep: Callable[[int, list[GameResult]], None] | None = None,
                 progress: Callable[[Trial], None] | None = None) -> None:
        self.questions = tuple(questions)
        self.pairs = pairs
        self.rounds = rounds
        self.rule = rule
        self.keep = keep
        self.progress = progress
        self.per_round = 2 if pairs else 1
        every = sorted({m for q in self.questions for m in q.matchups})
        self.have: dict[int, dict[int, GameResult]] = {} if have is None else have
        for m in every:
            self.have.setdefault(m, {})
        self.out: set[tuple[int, int]] = set()  # (matchup, game) sent and not back
        # The first round of each matchup not yet sent (or kept): from the earliest
        # question that asks for it.
        self.next_round = {m: min(q.first for q in self.questions if m in q.matchups)
                           for m in every}
        self.by_matchup: dict[int, list[int]] = {m: [] for m in every}
        for i, q in enumerate(self.questions):
            for m in q.matchups:
                self.by_matchup[m].append(i)
        self.tests = [rule.test(q.centre) if rule else None for q in self.questions]
        self.standings = [Standing(counts=np.zeros(q.scale(pairs).steps + 1))
                          for q in self.questions]
        self.played = 0
        self.chunks = 0  # chunks played, and the seconds their workers spent on them
        self.seconds = 0.0
        self._timed = 0
        for i in range(len(self.questions)):
            self._advance(i)

    # --- what to play next -------------------------------------------------------

    def _round_games(self, r: int) -> range:
        return range(r * self.per_round, (r + 1) * self.per_round)

    def _missing(self, m: int, r: int) -> list[int]:
        return [g for g in self._round_games(r)
                if g not in self.have[m] and (m, g) not in self.out]

    def _rounds_per_chunk(self) -> int:
        most = max(1, MOST_PER_CHUNK // self.per_round)
        if not self._timed:
            return 1
        per_round = self.seconds / self._timed * self.per_round
        return max(1, min(most, math.ceil(MIN_TASK_SECONDS / max(per_round, 1e-6))))

    def next_chunk(self) -> Chunk | None:
        while True:
            best: tuple[int, int, int] | None = None  # (rounds under way, question, matchup)
            for i, q in enumerate(self.questions):
                if self.standings[i].stopped:
                    continue
                m = min(q.matchups, key=lambda k: (self.next_round[k], k))
                under_way = self.next_round[m] - q.first
                if under_way < self.rounds and (best is None or under_way < best[0]):
                    best = (under_way, i, m)
            if best is None:
                return None
            _, i, m = best
            end = self.questions[i].first + self.rounds
            games: list[int] = []
            per_chunk = self._rounds_per_chunk()
            while self.next_round[m] < end and len(games) < per_chunk * self.per_round:
                games += self._missing(m, self.next_round[m])
                self.next_round[m] += 1
            if games:  # else: those rounds were all kept already; look again
                self.out.update((m, g) for g in games)
                return Chunk(m, tuple(games))

    # --- what came back ----------------------------------------------------------

    def done(self, chunk: Chunk, results: list[GameResult], seconds: float) -> None:
        m = chunk.matchup
        if self.keep is not None:
            self.keep(m, results)
        for r in results:
            self.have[m][r.index] = r
            self.out.discard((m, r.index))
        self.played += len(results)
        self.chunks += 1
        self.seconds += seconds
        self._timed += len(results)
        for i in self.by_matchup[m]:
            self._advance(i)
        if self.progress is not None:
            self.progress(self)

    def _observation(self, q: Question, r: int) -> float | None:
        def mean_of(matchups: tuple[int, ...]) -> float | None:
            total = 0.0
            for m in matchups:
                games = [self.have[m].get(g) for g in self._round_games(r)]
                if any(g is None for g in games):
                    return None
                total += sum(score(g) for g in games if g is not None) / self.per_round
            return total / len(matchups)

        plus = mean_of(q.plus)
        if plus is None or not q.minus:
            return plus
        minus = mean_of(q.minus)
        return None if minus is None else plus - minus

    def _advance(self, i: int) -> None:
        """Judge question ``i``'s rounds complete since it was last judged, one by one."""
        st, q = self.standings[i], self.questions[i]
        if st.stopped:
            return
        new: list[float] = []
        while st.rounds + len(new) < self.rounds:
            x = self._observation(q, q.round_of(st.rounds + len(new)))
            if x is None:
                break
            new.append(x)
        if not new:
            return
        scale = q.scale(self.pairs)
        rows = st.counts + scale.running(new)
        test = self.tests[i]
        take = len(new)
        if test is not None:
            up, down = test.ratios(rows, scale)
            codes = test.judge(up, down)
            decided = np.flatnonzero(codes)
            if decided.size:
                take = int(decided[0]) + 1
            look = test.read(float(up[take - 1]), float(down[take - 1]),
                             int(codes[take - 1]))
            st.verdict, st.closeness, st.leaning = look.verdict, look.closeness, look.leaning
        st.rounds += take
        st.counts = rows[take - 1]
        st.stopped = bool(st.verdict) or st.rounds >= self.rounds

    # --- answers -----------------------------------------------------------------

    def games(self, i: int, m: int) -> list[GameResult]:
        """The games of matchup ``m`` that question ``i``'s answer rests on."""
        first = self.questions[i].first * self.per_round
        n = self.standings[i].rounds * self.per_round
        return [self.have[m][g] for g in range(first, first + n)]

    @property
    def finished(self) -> bool:
        return all(s.stopped for s in self.standings)
