"""A batch of test battles as text: the summary table, the victory-point distribution
and army A's win rate with its 95% interval drawn as a bar."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from armybuilder.text import counted, literal, shown

SIDE_STYLE = {"a": "bold #4fc3f7", "b": "bold #ffb74d"}
BAR = "█"
BAR_WIDTH = 40  # the win-rate bar, 0% to 100%
HISTOGRAM_WIDTH = 18  # the longest bar of the distribution
HISTOGRAM_BINS = 8
_NICE = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)


def percent(value: float) -> str:
    return f"{value * 100:.0f}%"


def summary_table(summary: Mapping[str, Any], names: tuple[str, str]) -> Table:
    """Wins, win rate with its interval, victory points and rounds, one column a side."""
    wins, vp = summary["wins"], summary["victory_points"]
    rate = summary["win_rate_a"]
    lo, hi = summary["ci95"]
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, expand=False)
    table.add_column("")
    for side, name in zip("ab", names, strict=True):
        table.add_column(literal(f"{side.upper()} {name}", style=SIDE_STYLE[side]),
                         justify="right", min_width=10)
    table.add_row("Wins", str(wins["a"]), str(wins["b"]))
    table.add_row("Draws", str(wins["draw"]), str(wins["draw"]))
    # stats.summarise: draws count half, so B's rate and interval mirror A's.
    table.add_row("Win rate", percent(rate), percent(1 - rate))
    table.add_row("95% interval", f"{percent(lo)}–{percent(hi)}",
                  f"{percent(1 - hi)}–{percent(1 - lo)}")
    table.add_row("VP mean", f"{vp['a']['mean']:.1f}", f"{vp['b']['mean']:.1f}")
    table.add_row("VP spread (sd)", f"{vp['a']['sd']:.1f}", f"{vp['b']['sd']:.1f}")
    return table


def rounds_text(summary: Mapping[str, Any]) -> Text:
    r = summary["rounds"]
    out = Text()
    out.append(counted(summary["games"], "game"), style="bold")
    out.append(f"  ·  rounds: mean {r['mean']:.1f}, median {r['median']:g}, "
               f"{r['min']}–{r['max']}")
    endings = ", ".join(f"{n} {why}" for why, n in r["endings"].items())
    if endings:
        out.append(f"  ·  ended by {endings}", style="dim")
    return out


def win_rate_bar(rate: float, low: float, high: float, width: int = BAR_WIDTH) -> Text:
    """0% to 100% across ``width`` cells: the interval as a thick line, the rate as a dot,
    50% as a tick where the interval does not cover it."""
    def cell(value: float) -> int:
        return min(width - 1, max(0, round(value * (width - 1))))

    cells = ["·"] * width
    cells[cell(0.5)] = "┼"
    for i in range(cell(low), cell(high) + 1):
        cells[i] = "━"
    cells[cell(rate)] = "●"
    out = Text("0% ", style="dim")
    out.append("".join(cells[: cell(low)]), style="dim")
    out.append("".join(cells[cell(low): cell(high) + 1]), style=SIDE_STYLE["a"])
    out.append("".join(cells[cell(high) + 1:]), style="dim")
    out.append(" 100%", style="dim")
    return out


def win_rate_text(summary: Mapping[str, Any], name_a: str) -> Group:
    lo, hi = summary["ci95"]
    caption = Text()
    caption.append(f"A {shown(name_a)}", style=SIDE_STYLE["a"])
    caption.append(f" wins {percent(summary['win_rate_a'])} (draws count half); 95% "
                   f"interval {percent(lo)}–{percent(hi)}")
    return Group(caption, win_rate_bar(summary["win_rate_a"], lo, hi))


def _bin_width(low: int, high: int, bins: int) -> int:
    wanted = math.ceil((high - low + 1) / bins)
    return next((n for n in _NICE if n >= wanted), wanted)


def vp_histogram(vp_a: Sequence[int], vp_b: Sequence[int], names: tuple[str, str],
                 bins: int = HISTOGRAM_BINS, width: int = HISTOGRAM_WIDTH) -> Text:
    """How many games ended with each side on so many victory points, side by side."""
    values = [*vp_a, *vp_b]
    if not values:
        return Text("no games", style="dim")
    step = _bin_width(min(values), max(values), bins)
    first = min(values) // step * step
    edges = list(range(first, max(values) + 1, step))
    counts = {side: [0] * len(edges) for side in "ab"}
    for side, side_values in (("a", vp_a), ("b", vp_b)):
        for v in side_values:
            counts[side][(v - first) // step] += 1
    top = max(max(c) for c in counts.values())
    label_width = len(f"{edges[-1]}–{edges[-1] + step - 1}") if step > 1 else len(str(edges[-1]))
    column = width + 5
    out = Text()
    out.append("VP".rjust(label_width) + "  ", style="dim")
    for side, name in zip("ab", names, strict=True):
        out.append(shown(f"{side.upper()} {name}")[:column].ljust(column),
                   style=SIDE_STYLE[side])
    for i, edge in enumerate(edges):
        label = f"{edge}–{edge + step - 1}" if step > 1 else str(edge)
        out.append("\n" + label.rjust(label_width) + "  ", style="dim")
        for side in "ab":
            n = counts[side][i]
            bar = BAR * max(1 if n else 0, round(n / top * width))
            out.append(bar, style=SIDE_STYLE[side])
            out.append(f" {n}".ljust(column - len(bar)) if n else " " * (column - len(bar)))
    return out
