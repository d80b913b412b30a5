"""A figure's card, dial, legend and FAQ corrections as Rich renderables."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armybuilder.figures import STATS, Ability, Dial, Figure
from armybuilder.text import literal, shown
from armybuilder.tui.looks import SKULL, ability_style, rank_text, swatch, value_text

if TYPE_CHECKING:
    from armybuilder.catalogue.service import FigureErratum

STAT_HEADS = {"speed": "Spd", "attack": "Att", "defense": "Def", "damage": "Dmg"}
#: Fields an erratum can correct on the card itself (not on a click).
CARD_FIELDS = ("name", "rank", "rank_stars", "unique", "points", "factions", "range",
               "targets", "arc", "base", "starting_click", "disarm")
MARK = "*"
LABEL = 8  # width of the card's labels, so its small tables line up
CELL = 5  # characters of a dial cell, all of it in the ability's colour


def applied(errata: Sequence[FigureErratum]) -> set[tuple[str, int | None, str]]:
    return {(e.dial, e.click, e.field) for e in errata if e.status == "applied"}


def card(figure: Figure, errata: Sequence[FigureErratum], expansion_name: str) -> Group:
    """Name, set and number, rank, points, factions, range and targets, arc, base."""
    fixed = {field for dial, click, field in applied(errata) if click is None}

    def mark(*fields: str) -> str:
        return MARK if fixed.intersection(fields) else ""

    title = Text()
    title.append(shown(figure.name) + mark("name"), style="bold")
    title.append(f"  {shown(figure.key)}", style="dim")
    rank = shown(rank_text(figure.rank)) + mark("rank", "rank_stars", "unique")
    if figure.limited_edition:
        rank += ", limited ed."
    elif figure.promo:
        rank += ", promo"
    if figure.range > 0:
        targets = f"{figure.targets} target{'s' if figure.targets != 1 else ''}"
        reach = f"{figure.range}{mark('range')} · {targets}{mark('targets')}"
    else:
        reach = "— (close combat)"
    def labelled(columns: int) -> Table:
        grid = Table.grid(padding=(0, 1))
        for i in range(columns):
            if i % 2:
                grid.add_column(ratio=1)
            else:
                grid.add_column(style="dim", no_wrap=True, min_width=LABEL)
        return grid

    top = labelled(2)
    # Cells are Text, never markup strings: an expansion named "[/]" is shown as it is.
    top.add_row("Set", literal(f"{expansion_name} #{figure.number}"))
    grid = labelled(4)
    grid.add_row("Rank", Text(rank), "Points",
                 Text(f"{figure.points}{mark('points')}", style="bold"))
    grid.add_row("Base", literal(figure.base), "Range", Text(reach))
    start = f"click {figure.starting_click + 1}{mark('starting_click')}"
    grid.add_row("Start", Text(start), "Arc", Text(f"{figure.arc}°{mark('arc')}"))
    if figure.castle_section:
        grid.add_row("Section", literal(figure.castle_section), "", "")
    elif figure.kind == "chariot":
        grid.add_row("Dials", "four (chariot)", "", "")
    if figure.disarm is not None:
        grid.add_row("Disarm", f"{figure.disarm}{mark('disarm')}", "", "")
    factions = labelled(2)
    factions.add_row("Factions", Text(f"{shown(', '.join(figure.factions)) or 'none'}"
                                      f"{mark('factions')}"))
    parts: list[RenderableType] = [title, top, grid, factions]
    if figure.source:
        parts.append(literal(figure.source, style="dim italic"))
    return Group(*parts)


def dial_table(figure: Figure, dial: Dial, errata: Sequence[FigureErratum],
               abilities: Mapping[str, Ability],
               cursor: tuple[int, str] | None = None) -> Table:
    """Every click to the first dead one; ability cells in the dial's colours. ``cursor``
    (click index, stat) is the cell the player has chosen, drawn reversed."""
    fixed = applied(errata)
    title = literal(f"{dial.position} dial", style="italic") if figure.multi_dial else None
    table = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", pad_edge=False,
                  padding=(0, 1), show_edge=False)
    table.add_column("Click", justify="right")
    for stat in STATS:
        # Cells are centred by hand: Rich's own centring pads outside the cell's colour.
        table.add_column(STAT_HEADS[stat].center(CELL), justify="left", width=CELL)
    for click in dial.clicks:
        start = click.index == figure.starting_click
        cells: list[RenderableType] = [Text(("▶ " if start else "") + str(click.index + 1),
                                            style="bold" if start else "")]
        for stat in STATS:
            value = value_text(click.value(stat))
            ability = click.abilities.get(stat, "")
            corrected = ((dial.position, click.index, stat) in fixed
                         or (dial.position, click.index, f"{stat}_ability") in fixed)
            text = Text(f"{value}{MARK if corrected else ''}".center(CELL), no_wrap=True)
            if ability:
                colour = abilities[ability].colour if ability in abilities else ""
                text.stylize(ability_style(colour))
            elif click.dead:
                text.stylize("red")
            if cursor == (click.index, stat):
                text = Text("[" + text.plain.strip().center(CELL - 2) + "]", no_wrap=True,
                            style=text.style)
                text.stylize("reverse")
            cells.append(text)
        table.add_row(*cells)
        if click.dead:
            break
    return table


def legend(figure: Figure, abilities: Mapping[str, Ability], texts: bool = True,
           brief: bool = False) -> Text:
    """Each ability on the dial with its colour, slot and whether it is optional, and its
    rules text (the FAQ's updated texts marked); ``brief``: its colour and name alone."""
    seen: list[str] = []
    for dial in figure.dials:
        for click in dial.clicks:
            for stat in STATS:
                name = click.abilities.get(stat)
                if name and name not in seen:
                    seen.append(name)
    out = Text()
    for i, name in enumerate(seen):
        if i:
            out.append("\n")
        known = abilities.get(name)
        out.append_text(swatch(known.colour if known else ""))
        out.append(f" {shown(name)}")
        if known and not brief:
            detail = f"  {known.colour} {known.slot}" + (", optional" if known.optional else "")
            out.append(shown(detail), style="dim")
            if texts and known.text:
                out.append(f"\n{shown(known.text)}")
                if known.text_source.lower().startswith("faq"):
                    out.append(f" [FAQ update: {shown(known.text_source)}]",
                               style="bold yellow")
                if i < len(seen) - 1:
                    out.append("\n")
    return out


def corrections(errata: Sequence[FigureErratum]) -> Text:
    """printed → corrected (source), one per line; corrections not applied say why."""
    out = Text()
    for i, e in enumerate(errata):
        if i:
            out.append("\n")
        where = e.field.replace("_", " ")
        if e.click is not None:
            where += f", click {e.click + 1}"
        if e.dial != "main":
            where = f"{e.dial} dial {where}"
        printed = e.found if e.printed == "*" and e.status == "applied" else e.printed
        out.append(shown(f"{MARK} {where}: "), style="bold" if e.status == "applied" else "dim")
        out.append(shown(f"{_shown(printed)} → {_shown(e.corrected)}"))
        out.append(shown(f"  ({e.source})"), style="dim")
        if e.status != "applied":
            out.append(f"  [{e.status}]", style="yellow")
    return out


def _shown(value: str) -> str:
    if value in ("skull", "None"):
        return SKULL
    return value or "blank"


def full_card(figure: Figure, errata: Sequence[FigureErratum], abilities: Mapping[str, Ability],
              expansion_name: str) -> Group:
    """The whole card in one renderable (for the figure dialog)."""
    parts: list[RenderableType] = [card(figure, errata, expansion_name), Text("")]
    for d in figure.dials:
        parts += [dial_table(figure, d, errata, abilities), Text("")]
    parts.append(legend(figure, abilities))
    if errata:
        parts += [Text(""), Text("FAQ corrections", style="bold"), corrections(errata)]
    return Group(*parts)
