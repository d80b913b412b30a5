"""Random armies drawn from a pool of cards, for benchmarks and win-rate measurements."""

from __future__ import annotations

from collections.abc import Sequence

from armybuilder.engine import Dice, FigureCard

#: Below this many points left no figure fits (the cheapest printed figures cost about 10).
SMALLEST_FIGURE = 10


def random_army(cards: Sequence[FigureCard], rng: Dice, total: int = 200
                ) -> tuple[FigureCard, ...]:
    """Figures drawn at random while any still fits the build total. Unique figures are
    left out, so any draw is legal on uniques (Rulebook II, Building Your Army)."""
    pool = [c for c in cards if not c.unique]
    chosen: list[FigureCard] = []
    left = total
    while left >= SMALLEST_FIGURE:
        fits = [c for c in pool if c.points <= left]
        if not fits:
            break
        pick = rng.choice(fits)
        chosen.append(pick)
        left -= pick.points
    return tuple(chosen)
