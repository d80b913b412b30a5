"""Option values the command line checks before anything runs: bounded whole numbers,
seconds and sizes. A value out of range is refused in one line with exit status 2."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable

_SIZE = re.compile(r"^\s*([0-9]{1,12})\s*([kmg]?)i?b?\s*$", re.IGNORECASE)
_UNITS = {"": 1, "k": 1024, "m": 1024**2, "g": 1024**3}
_WHOLE = re.compile(r"[+-]?[0-9]+")
#: The digits of the largest number SQLite holds (9,223,372,036,854,775,807); every bound
#: here is far inside it.
_MOST_DIGITS = 19


def _cut(value: str) -> str:
    """A number as a message shows it: at most 40 characters."""
    return value if len(value) <= 40 else value[:40] + "..."


def whole(low: int, high: int) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high``: a number SQLite and a loop can hold."""

    def parse(text: str) -> int:
        value = text.strip()
        if not _WHOLE.fullmatch(value):
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text[:40]!r}")
        negative, digits = value.startswith("-"), value.lstrip("+-").lstrip("0") or "0"
        if len(digits) > _MOST_DIGITS:
            # Past any bound here (and past what Python turns into a number at once).
            raise argparse.ArgumentTypeError(
                f"too {'small' if negative else 'large'}: must be from {low:,} to "
                f"{high:,}, not {_cut(value)}")
        number = -int(digits) if negative else int(digits)
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(f"must be from {low:,} to {high:,}, not "
                                             f"{_cut(value)}")
        return number

    parse.__name__ = "whole number"
    return parse


def seconds(low: float, high: float) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected seconds, not {text[:40]!r}") from None
        if not low <= value <= high:  # also refuses nan
            raise argparse.ArgumentTypeError(f"must be from {low:g} to {high:g} seconds, "
                                             f"not {text[:40]}")
        return value

    parse.__name__ = "seconds"
    return parse


def size(text: str) -> int:
    """A size in bytes: ``64M``, ``500k``, ``1G``, ``1000000``."""
    found = _SIZE.match(text)
    if not found:
        raise argparse.ArgumentTypeError(f"expected a size like 64M, 500K or 1G, not "
                                         f"{text[:40]!r}")
    value = int(found.group(1)) * _UNITS[found.group(2).lower()]
    if not 1024 <= value <= 16 * 1024**3:
        raise argparse.ArgumentTypeError(f"must be from 1K to 16G, not {text[:40]}")
    return value


size.__name__ = "size"


def points(low: float, high: float) -> Callable[[str], float]:
    """A number of win-rate points, more than ``low`` and less than ``high``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number of win-rate points, not "
                                             f"{text[:40]!r}") from None
        if not low < value < high:  # also refuses nan
            raise argparse.ArgumentTypeError(f"must be more than {low:g} and less than "
                                             f"{high:g} points, not {text[:40]}")
        return value

    parse.__name__ = "points"
    return parse


def add_think(parser: argparse.ArgumentParser) -> None:
    """``--think BUDGET``: the expert AI's budget, wherever a player is chosen (checked
    with the players it applies to)."""
    parser.add_argument("--think", default=None, metavar="BUDGET",
                        help="how long the expert AI thinks per decision: simulations (400: "
                             "the same choices every run) or a time (1s, 500ms)")
