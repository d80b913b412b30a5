"""When a test battle may stop: the rule a player sets with ``--until-clear``.

Kept apart from the test itself (:mod:`armybuilder.sim.evidence`, which loads numpy and
scipy) so that a request can carry its rule before anything is played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from armybuilder.sim.evidence import SequentialTest

#: The margin of a stopping test, in win-rate points: a difference smaller than this is
#: "within the margin" (even).
DEFAULT_MARGIN = 5.0
#: The most games a stopping test plays for one question (per matchup).
DEFAULT_MAX_GAMES = 1000


@dataclass(frozen=True, slots=True)
class StopRule:
    """Stop when a question is answered: its difference from even is at least ``margin``
    (a share: 0.05 is five points of win rate) one way or the other, or less than it,
    with the error rates of :class:`~armybuilder.sim.evidence.SequentialTest` (a wrong
    "better" or "worse" at most ``alpha`` each when the truth is even; a difference of
    the margin missed at most ``beta``); or after ``max_games`` games of each matchup."""

    margin: float = DEFAULT_MARGIN / 100
    max_games: int = DEFAULT_MAX_GAMES
    alpha: float = 0.025
    beta: float = 0.05

    def test(self, centre: float) -> SequentialTest:
        from armybuilder.sim.evidence import SequentialTest

        return SequentialTest(self.margin, centre, self.alpha, self.beta)

    def check(self) -> None:
        """Raises ValueError naming the flag that is out of range."""
        if not 0 < self.margin < 0.5:
            raise ValueError(f"--margin must be more than 0 and less than 50 (win-rate "
                             f"points), not {100 * self.margin:g}")
        if self.max_games < 2:
            raise ValueError(f"--max-games must be at least 2, not {self.max_games}")

    def as_dict(self) -> dict[str, Any]:
        return {"margin": round(100 * self.margin, 6), "max_games": self.max_games,
                "alpha": self.alpha, "beta": self.beta}


def verdict_words(verdict: str, a: str, b: str, margin: float) -> str:
    """A verdict as a player says it: "A is better than B", "A is worse than B", "A and B
    are within 5 points of even", or "" (none yet). ``margin`` a share (0.05)."""
    if verdict == "better":
        return f"{a} is better than {b}"
    if verdict == "worse":
        return f"{a} is worse than {b}"
    if verdict == "even":
        return f"{a} and {b} are within {100 * margin:g} points of even"
    return ""


def error_rates(rule: StopRule) -> str:
    """The stated error rates of a rule, in a sentence."""
    return (f"a wrong 'better' or 'worse' at most {100 * rule.alpha:g}% each when the armies "
            f"are even; a real difference of {100 * rule.margin:g} points missed at most "
            f"{100 * rule.beta:g}%")
