"""Standings: score, then the tiebreakers, from the games played.

- **Score**: a win 1, a draw 1/2, a loss 0; a bye is a win (the Swiss system's full-point
  bye).
- **Strength of schedule**: the mean, over the opponents a player met, of each
  opponent's score per round played (byes are rounds played): who did well against the
  stronger field. A bye is no opponent.
- **Victory points**: every victory point scored in the event (Rulebook VI, Victory!), a
  bye's included.
- Then the pairing number (registration order), so that the order never depends on chance.

Counted in fractions, so that two players who are level are level exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


@dataclass(frozen=True, slots=True)
class Game:
    round: int
    board: int
    a: int
    b: int | None  # None: a bye
    result: str  # "a", "b", "draw", or "" while it is open
    vp_a: int = 0
    vp_b: int = 0
    how: str = ""


@dataclass(frozen=True, slots=True)
class Entrant:
    number: int
    name: str
    dropped: int | None = None  # the last round played before dropping


@dataclass(slots=True)
class Record:
    number: int
    name: str
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    vp: int = 0
    opponents: list[int] = field(default_factory=list)
    dropped: int | None = None
    sos: Fraction = Fraction(0)
    rank: int = 0

    @property
    def played(self) -> int:
        return self.wins + self.losses + self.draws + self.byes

    @property
    def score(self) -> Fraction:
        return self.wins + self.byes + Fraction(self.draws, 2)

    def as_dict(self) -> dict[str, Any]:
        return {"rank": self.rank, "number": self.number, "player": self.name,
                "score": float(self.score), "wins": self.wins, "losses": self.losses,
                "draws": self.draws, "byes": self.byes, "played": self.played,
                "strength_of_schedule": round(float(self.sos), 4),
                "victory_points": self.vp, "opponents": list(self.opponents),
                "dropped": self.dropped}


def scores(entrants: Iterable[Entrant], games: Iterable[Game]) -> dict[int, Record]:
    """Every entrant's record from the finished games."""
    records = {e.number: Record(e.number, e.name, dropped=e.dropped) for e in entrants}
    for g in games:
        if not g.result:
            continue
        a = records[g.a]
        a.vp += g.vp_a
        if g.b is None:
            a.byes += 1
            continue
        b = records[g.b]
        b.vp += g.vp_b
        a.opponents.append(g.b)
        b.opponents.append(g.a)
        if g.result == "draw":
            a.draws += 1
            b.draws += 1
        else:
            winner, loser = (a, b) if g.result == "a" else (b, a)
            winner.wins += 1
            loser.losses += 1
    return records


def standings(entrants: Sequence[Entrant], games: Sequence[Game]) -> list[Record]:
    """Ranked best first: score, strength of schedule, victory points, pairing number."""
    records = scores(entrants, games)
    for r in records.values():
        rates = [records[o].score / records[o].played for o in r.opponents
                 if records[o].played]
        r.sos = sum(rates, Fraction(0)) / len(rates) if rates else Fraction(0)
    ranked = sorted(records.values(), key=lambda r: (-r.score, -r.sos, -r.vp, r.number))
    for i, r in enumerate(ranked, 1):
        r.rank = i
    return ranked
