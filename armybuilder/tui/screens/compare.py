"""Two to four figures side by side: the card values, then their dials click by click."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from armybuilder.figures import STATS, Ability, Figure
from armybuilder.text import shown
from armybuilder.tui.looks import ability_style, range_text, rank_text, swatch, value_text

HEADS = {"speed": "Sp", "attack": "At", "defense": "Df", "damage": "Dm"}


def _shown(figure: Figure) -> int:
    clicks = figure.main_dial.clicks
    return next((i + 1 for i, c in enumerate(clicks) if c.dead), len(clicks))


def compare_table(figures: Sequence[Figure], abilities: Mapping[str, Ability]) -> Table:
    """One row per click number, each figure's four values in the dial's colours."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 0))
    table.add_column("Click", justify="right")
    for n, _ in enumerate(figures):
        for i, stat in enumerate(STATS):
            # The figure's letter over its first column: "A" as in the heading above.
            top = chr(65 + n) if i == 0 else ""
            table.add_column(f"{top}\n{HEADS[stat]}", justify="center", width=5 if i == 0 else 4)
    for row in range(max(_shown(f) for f in figures)):
        cells: list[Text | str] = [Text(str(row + 1), style="bold")]
        for f in figures:
            for stat in STATS:
                if row >= _shown(f):
                    cells.append("")
                    continue
                c = f.main_dial.clicks[row]
                text = Text(value_text(c.value(stat)).center(3), no_wrap=True)
                name = c.abilities.get(stat)
                if name:
                    text.stylize(ability_style(abilities[name].colour if name in abilities
                                               else ""))
                elif c.dead:
                    text.stylize("red")
                if row == f.starting_click and stat == "speed":
                    text = Text("▶") + text
                cells.append(text)
        table.add_row(*cells)
    return table


def heading(figures: Sequence[Figure]) -> Text:
    out = Text()
    for n, f in enumerate(figures):
        if n:
            out.append("\n")
        out.append(f"{chr(65 + n)}  ", style="bold")
        # Text, never markup: names, keys and factions shown literally.
        out.append(shown(f.name), style="bold")
        out.append(f"  {shown(f.key)} · {shown(rank_text(f.rank))} · {f.points} pts · range "
                   f"{range_text(f.range, f.targets)} · arc {f.arc}° · "
                   f"{shown(', '.join(f.factions)) or 'no faction'}", style="dim")
    return out


def legend(figures: Sequence[Figure], abilities: Mapping[str, Ability]) -> Text:
    seen: list[str] = []
    for f in figures:
        for c in f.main_dial.clicks[:_shown(f)]:
            seen += [n for n in c.abilities.values() if n not in seen]
    out = Text()
    for i, name in enumerate(seen):
        if i:
            out.append("   ")
        known = abilities.get(name)
        out.append_text(swatch(known.colour if known else ""))
        out.append(f" {shown(name)}")
    return out


class CompareScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,k", "close", "Close")]

    def __init__(self, figures: Sequence[Figure], abilities: Mapping[str, Ability]) -> None:
        super().__init__()
        self.figures = list(figures)
        self.abilities = abilities

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide", id="compare"):
            yield Static("Compare", classes="dialog-title")
            yield Static(heading(self.figures))
            yield Static(compare_table(self.figures, self.abilities), id="compare-dials")
            yield Static(legend(self.figures, self.abilities))
            yield Static("▶ the starting click · escape: close", classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)
