"""How long the expert thinks over a decision: its budget (``--think``).

A number is simulations per decision (``--think 400``): each simulation plays one line of
the turn on a copy of the game and looks at where it leads, so the same seed and budget
give the same choice on any machine. The number is a most: where the lines played out
are unusually costly (the search's playouts read more than ``foresight.LINES_OF_FIRE``
lines of fire per simulation asked: ``--think 400`` allows 400 times that), the search
stops there and chooses from the simulations done; that bound is a count as well, so the
choice is still the same on any machine. A time is seconds per decision (``--think 1s``,
``--think 500ms``): as many simulations as fit, so the choice may differ from machine to
machine and run to run.

The expert's name in a list of players may carry its budget: ``expert:400`` or
``expert:1s`` (what ``--think`` writes into the players it applies to), so that batches
on other processes and on Ray make the same player from the same words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Simulations per decision unless told otherwise: the most the time allowed (a second's
#: median, three at most) leaves room for, in CPU time on one core (benchmarks/expert.py
#: prints it); strength grew with the budget up to here (README, The expert AI). A game
#: with a kind of figure whose playouts cost more gets that kind's share of it
#: (``FigurePlay.search_share``, ``ai.expert.simulations_for``): still a count, so still
#: the same choice on any machine.
DEFAULT_SIMULATIONS = 192
#: The fewest simulations a budget may name: fewer cannot compare the candidates at all.
FEWEST = 1
#: A time budget's bounds, in seconds.
SHORTEST, LONGEST = 0.05, 120.0

_SPEC = re.compile(r"^\s*(?:(\d+)|(\d+(?:\.\d+)?)\s*(s|ms))\s*$")


@dataclass(frozen=True, slots=True)
class Think:
    """A budget: ``simulations`` per decision (at most: the search's bound on the lines of
    fire its playouts read may stop it sooner, ``foresight.Search.run``), or ``seconds``
    per decision (a time budget still runs at least a few simulations); neither: the
    default, by the game (``ai.expert.simulations_for``)."""

    simulations: int | None = None
    seconds: float | None = None

    @property
    def timed(self) -> bool:
        return self.seconds is not None


DEFAULT = Think()


def parse_think(text: str) -> Think:
    """``"400"`` (simulations) or ``"1s"``, ``"1.5s"``, ``"500ms"`` (time per decision);
    ValueError naming what is wrong."""
    found = _SPEC.match(text)
    if found is None:
        raise ValueError(f"think budget {text!r}: give simulations per decision (400) or a "
                         f"time per decision (1s, 500ms)")
    count, amount, unit = found.groups()
    if count is not None:
        n = int(count)
        if n < FEWEST:
            raise ValueError(f"think budget {text!r}: at least {FEWEST} simulation")
        return Think(simulations=n)
    seconds = float(amount) / (1000.0 if unit == "ms" else 1.0)
    if not SHORTEST <= seconds <= LONGEST:
        raise ValueError(f"think budget {text!r}: between {SHORTEST:g}s and {LONGEST:g}s")
    return Think(seconds=seconds)


def split_kind(spec: str) -> tuple[str, str | None]:
    """A player named with its budget ("expert:400") as (kind, budget words or None)."""
    kind, sep, budget = spec.partition(":")
    return kind, (budget if sep else None)


def with_think(spec: str, think: str | None, thinkers: frozenset[str]) -> str:
    """``spec`` with the budget ``think`` when its kind is one that thinks (``thinkers``)
    and names no budget of its own."""
    kind, own = split_kind(spec)
    if think is None or own is not None or kind not in thinkers:
        return spec
    return f"{kind}:{think}"
