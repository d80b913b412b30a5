"""Pairing a round: the Swiss system or a round robin, by the caissify-pairings library.

Swiss rounds are paired by the FIDE Dutch system (the library's ``dutch`` engine): players
are ranked by score and paired within score groups by maximum-weight matching, with two
absolute rules a club tournament keeps too: no two players meet twice, and no player gets
a second pairing-allocated bye; the bye goes to a player of the lowest score group. Chess
colours stand for the sides: "white" is side a (player 0 in the engine, the first to set
up), so the library's colour balancing gives each player side a about half the time.

A round robin (a draft's event, say) follows the FIDE Berger tables, which the library
matches; with an odd field, each round one player sits out with a bye.

The library is stateless: every call is given the whole history, recomputed here from the
games kept, so a tournament resumed after a crash pairs exactly as it would have.
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from armybuilder.events.store import EventError

SYSTEMS = ("swiss", "round-robin")


@dataclass(frozen=True, slots=True)
class Seat:
    """A player as the pairing sees them before the round."""

    number: int  # the pairing number (registration order)
    score: float  # wins + draws / 2, byes counting as wins
    sides: tuple[str, ...]  # per round since the first: "a", "b" or "" (no game)
    floats: tuple[str, ...]  # per round: "up", "down" or "none"
    byes: int


@dataclass(frozen=True, slots=True)
class Pairing:
    board: int
    a: int
    b: int | None  # None: a bye


def pair_round(system: str, seats: Sequence[Seat], met: set[frozenset[int]],
               round_number: int, total_rounds: int) -> list[Pairing]:
    """The next round's boards, best first; ``met`` holds every pair already played."""
    from caissify_pairings import MissingFloatHistoryWarning, generate_pairings

    if system not in SYSTEMS:
        raise EventError(f"pairing: swiss or round-robin, not {system!r}")
    if len(seats) < 2:
        raise EventError("a round needs at least two players still in the event")
    players = [_player(s) for s in seats]
    previous = {tuple(sorted(pair)) for pair in met}
    try:
        with warnings.catch_warnings(), _told() as told:
            # The library warns when the history it needs is missing: never here.
            warnings.simplefilter("error", MissingFloatHistoryWarning)
            raw = generate_pairings(
                system="dutch" if system == "swiss" else "round_robin", players=players,
                previous_pairings=previous, round_number=round_number,
                total_rounds=max(total_rounds, round_number),
                **({"max_byes_per_player": 1} if system == "swiss" else {}))
    except EventError:
        raise
    except Exception as exc:  # the library says why it cannot pair
        raise EventError(f"round {round_number} cannot be paired: {exc}") from exc
    boards = [Pairing(int(p["table"]), int(p["white_id"]),
                      None if p.get("black_id") is None else int(p["black_id"]))
              for p in raw]
    byes = [p.a for p in boards if p.b is None]
    if len(byes) > len(seats) % 2:
        # The Dutch system leaves players unpaired when every pairing left would be a
        # rematch: the field has run out of new opponents for a Swiss round.
        raise EventError(f"round {round_number} cannot be paired without a rematch: "
                         f"players {', '.join(map(str, byes))} have no new opponent left "
                         f"({len(seats)} players have met too often for another Swiss "
                         f"round; the standings after round {round_number - 1} stand)"
                         + (f" [{'; '.join(told)}]" if told else ""))
    for p in boards:
        if p.b is not None and frozenset((p.a, p.b)) in met:
            # The Dutch system never pairs a rematch; a round robin never repeats one.
            raise EventError(f"round {round_number}: the library paired {p.a} and {p.b} "
                             "again; refused")
    return sorted(boards, key=lambda p: (p.b is None, p.board))


@contextmanager
def _told() -> Iterator[list[str]]:
    """What the library logs while it pairs (its warnings), kept for the message instead
    of printed on the terminal."""
    heard: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            heard.append(record.getMessage())

    library = logging.getLogger("caissify_pairings")
    keep, before = Keep(logging.WARNING), library.propagate
    library.addHandler(keep)
    library.propagate = False
    try:
        yield heard
    finally:
        library.removeHandler(keep)
        library.propagate = before


def _player(seat: Seat) -> dict[str, Any]:
    colours = {"a": "white", "b": "black", "": "none"}
    return {"id": seat.number, "name": str(seat.number), "score": seat.score, "rating": 0,
            "starting_number": seat.number,
            "color_hist": [colours[s] for s in seat.sides],
            "float_history": list(seat.floats), "bye_count": seat.byes}
