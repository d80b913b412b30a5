"""A gauntlet as text: the matchup table's cells coloured from red (0%) through grey (50%)
to green (100%), the ranking with its intervals, and the pairs not yet told apart. Army
names are shown literally (armybuilder.text): never markup, controls visible."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from armybuilder.text import counted, literal, shown

#: The heat map's ends and middle: a loss, an even match, a win.
RED = (198, 40, 40)
GREY = (80, 80, 80)
GREEN = (46, 125, 50)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> str:
    r, g, bl = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return f"#{r:02x}{g:02x}{bl:02x}"


def heat_colour(rate: float) -> str:
    """The background of a cell whose row army wins ``rate`` of its games."""
    rate = min(1.0, max(0.0, rate))
    if rate < 0.5:
        return _mix(RED, GREY, rate / 0.5)
    return _mix(GREY, GREEN, (rate - 0.5) / 0.5)


#: A heat-map cell's width: the colour fills it, so neighbouring cells touch.
CELL_WIDTH = 6


def heat_cell(cell: Mapping[str, Any] | None) -> Text:
    """A matrix cell: the win rate on its colour, bold once told apart from 50%."""
    if cell is None:
        return Text("·".center(CELL_WIDTH), style="dim", no_wrap=True)
    low, high = cell["ci95"]
    weight = "" if low <= 0.5 <= high else "bold "
    # no_wrap: a wrapped Text loses the leading spaces that centre it in its colour.
    return Text(f"{100 * cell['rate']:.0f}%".center(CELL_WIDTH),
                style=f"{weight}white on {heat_colour(cell['rate'])}", no_wrap=True)


def pair_text(row: str, col: str, cell: Mapping[str, Any] | None) -> Text:
    """What the highlighted cell says in words."""
    if cell is None:
        return Text(f"{shown(row)}: an army does not play itself.", style="dim")
    low, high = cell["ci95"]
    out = Text()
    out.append(f"{shown(row)} v {shown(col)}: ", style="bold")
    out.append(f"{100 * cell['rate']:.1f}% (95% interval {100 * low:.0f}–{100 * high:.0f}%), "
               f"{cell['wins']} won, {cell['losses']} lost, {cell['draws']} drawn ")
    if low <= 0.5 <= high:
        out.append("· not yet told apart from 50% ", style="yellow")
    out.append("· enter: the pair's games", style="dim")
    return out


def ranking_table(ranking: Sequence[Mapping[str, Any]]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False,
                  title="Ranking (Bradley–Terry, Elo scale)", title_justify="left")
    for name, justify in (("#", "right"), ("army", "left"), ("rating", "right"),
                          ("95% interval", "right"), ("ranks", "center"),
                          ("win rate", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for x in ranking:
        best, worst = x["ranks"]
        table.add_row(str(x["rank"]), literal(x["army"]), f"{x['rating']:+.0f}",
                      f"{x['ci95'][0]:+.0f} to {x['ci95'][1]:+.0f}",
                      str(best) if best == worst else f"{best}–{worst}",
                      f"{100 * x['win_rate']:.0f}%")
    return table


def undecided_text(undecided: Sequence[Mapping[str, Any]], pairs: int) -> Text:
    if not undecided:
        return Text("Every pair is told apart from 50%.", style="green")
    out = Text(f"Not yet told apart from 50% ({len(undecided)} of {counted(pairs, 'pair')}; "
               "more games "
               "would tell):", style="yellow")
    for u in undecided:
        out.append(f"\n  {shown(u['row'])} v {shown(u['col'])}: {100 * u['rate']:.0f}% "
                   f"({100 * u['ci95'][0]:.0f}–{100 * u['ci95'][1]:.0f})")
    return out
