"""The game's six-sided dice: one seeded generator per game, or a script for golden tests.

The generator is splitmix64, written out here so a seed gives the same rolls on every
Python version. Every roll the engine makes is also written to the event log. Players
and the set-up draw their own choices from dice of their own (``below``, ``fraction``,
``uniform``, ``choice``), never from Python's ``random``, which keeps no promise between
versions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
# The largest multiple of 6 below 2**64: values above it are re-drawn so every face is
# equally likely.
_LIMIT = (1 << 64) - ((1 << 64) % 6)
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
#: 2**-53: the top 53 bits of a draw scaled into [0, 1) (exact: a power of two).
_UNIT = 1.0 / (1 << 53)


class DiceExhausted(RuntimeError):
    """A scripted game asked for more dice than its script holds."""


class Dice:
    __slots__ = ("_script", "_state", "script", "seed", "used")

    def __init__(self, seed: int = 0, script: Sequence[int] | None = None) -> None:
        self.seed = seed
        self._state = seed & _MASK
        self.script: tuple[int, ...] | None = tuple(script) if script is not None else None
        if self.script is not None:
            bad = [d for d in self.script if d not in (1, 2, 3, 4, 5, 6)]
            if bad:
                raise ValueError(f"scripted dice must be 1-6, got {bad}")
        self._script = list(reversed(self.script)) if self.script is not None else None
        self.used = 0

    def copy(self) -> Dice:
        """Dice at the same place in the same sequence: the copy rolls what these would."""
        new = Dice.__new__(Dice)
        new.seed = self.seed
        new._state = self._state
        new.script = self.script
        new._script = None if self._script is None else self._script[:]
        new.used = self.used
        return new

    def _next(self) -> int:
        z = self._state = (self._state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def d6(self) -> int:
        self.used += 1
        if self._script is not None:
            if not self._script:
                raise DiceExhausted(f"the dice script ran out after {self.used - 1} dice")
            return self._script.pop()
        while True:
            value = self._next()
            if value < _LIMIT:
                return value % 6 + 1

    def roll(self, count: int) -> list[int]:
        return [self.d6() for _ in range(count)]

    def below(self, n: int) -> int:
        """A whole number from 0 to ``n - 1``, each equally likely: the players' and the
        set-up's own draws (Python's ``random`` keeps no promise between versions)."""
        if n <= 0:
            raise ValueError(f"draw from an empty range (n={n})")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self._next()
            if value < limit:
                return value % n

    def fraction(self) -> float:
        """A number in [0, 1) with 53 random bits, as ``random.random`` gives. The players
        draw one for nearly every choice they weigh, so the generator's step is written
        out here rather than called (the same draws as ``_next``)."""
        z = self._state = (self._state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return ((z ^ (z >> 31)) >> 11) * _UNIT

    def uniform(self, low: float, high: float) -> float:
        """A number between ``low`` and ``high``."""
        return low + (high - low) * self.fraction()

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items``, each equally likely."""
        return items[self.below(len(items))]

    def to_dict(self) -> dict[str, object]:
        if self.script is not None:
            return {"script": list(self.script)}
        return {"seed": self.seed}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Dice:
        if "script" in data:
            return cls(script=[int(d) for d in data["script"]])
        return cls(seed=int(data["seed"]))
