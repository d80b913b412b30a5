"""An army built from a pool: the most worth that fits the build total.

The AI seats of a draft and the ``sealed build`` command use it. Every copy in the pool is
an item; a unique figure is taken at most once (Rulebook II, Building Your Army: "only one
of any unique figure"); the points may not pass the build total (Rulebook II: "you can't
exceed the build total"). Among the choices that fit, the one of greatest worth (the
valuation's victory points) is taken: an exact 0/1 knapsack over the pool's copies, by
points, so the same pool always gives the same army.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from armybuilder.ai.valuation import Worth
from armybuilder.engine import CardError, FigureCard, cards_from_figure
from armybuilder.figures import Figure


class BuildError(ValueError):
    """No army can be built from the pool at this build total."""


@dataclass(frozen=True, slots=True)
class Built:
    counts: dict[str, int]  # figure key -> copies, in the pool's order
    points: int
    worth: float


def build_from_pool(pool: Mapping[str, int], figures: Mapping[str, Figure], total: int,
                    worth: Callable[[FigureCard], Worth]) -> Built:
    """The army of greatest worth within ``total`` points from ``pool`` (key -> copies)."""
    items: list[tuple[str, int, float, str]] = []  # key, points, worth, unique name
    for key, copies in pool.items():
        figure = figures.get(key)
        if figure is None or copies < 1:
            continue
        try:
            card = cards_from_figure(figure)
        except CardError:
            continue  # a figure the engine cannot play never joins a played army
        value = worth(card).vp
        name = figure.name.casefold() if figure.unique else ""
        for _ in range(1 if figure.unique else copies):
            items.append((key, figure.points, value, name))
    # best[p] = (worth, chosen item indexes) using at most p points
    best: list[tuple[float, tuple[int, ...]]] = [(0.0, ())] * (total + 1)
    for i, (_key, points, value, name) in enumerate(items):
        if points > total:
            continue
        for p in range(total, points - 1, -1):
            before_worth, before = best[p - points]
            if name and any(items[j][3] == name for j in before):
                continue  # the same unique figure, another printing: one only
            if before_worth + value > best[p][0] + 1e-9:
                best[p] = (before_worth + value, (*before, i))
    value, chosen = max(best, key=lambda b: (b[0], -len(b[1])))
    if not chosen:
        cheapest = min((f.points for k, f in figures.items() if pool.get(k)), default=None)
        raise BuildError(f"no figure of the pool fits a build total of {total} (the "
                         f"cheapest costs {cheapest})" if cheapest is not None else
                         "the pool holds no figure the engine can play")
    counts: dict[str, int] = {}
    for i in sorted(chosen):
        counts[items[i][0]] = counts.get(items[i][0], 0) + 1
    return Built(counts, sum(items[i][1] for i in chosen), value)
