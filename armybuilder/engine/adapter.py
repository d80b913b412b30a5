"""Catalogue records to engine cards. The only place the engine touches catalogue code."""

from __future__ import annotations

from collections.abc import Iterable

from armybuilder.figures import STATS, Figure
from armybuilder.engine.cards import BASE_RADIUS, ClickStats, FigureCard


class CardError(ValueError):
    """A figure the part-1 engine cannot play; the message names the figure and the field."""


def cards_from_figure(figure: Figure) -> FigureCard:
    """The engine card of one single-dial warrior.

    Live clicks are those before the first dead one (three or more skulls, Rulebook I);
    a skull on a live click reads as 0. Abilities keep the dial's slot order.
    """
    where = f"figure {figure.key} ({figure.name})"
    if figure.kind != "warrior" or figure.multi_dial:
        raise CardError(f"{where}, field kind: {figure.kind} figures with "
                        f"{len(figure.dials)} dials are not playable in the part-1 engine")
    if not figure.dials:
        raise CardError(f"{where}, field dials: the figure has no dial")
    if figure.base not in BASE_RADIUS:
        raise CardError(f"{where}, field base: unknown base {figure.base!r}")
    clicks: list[ClickStats] = []
    for click in figure.main_dial.clicks:
        if click.dead:
            break
        names: list[str] = []
        for stat in (*STATS, "any"):
            name = click.abilities.get(stat)
            if name and name not in names:
                names.append(name)
        clicks.append(ClickStats(
            speed=click.speed or 0, attack=click.attack or 0,
            defense=click.defense or 0, damage=click.damage or 0,
            abilities=tuple(names),
        ))
    if not clicks:
        raise CardError(f"{where}, field dials: the starting click is dead")
    if not 0 <= figure.starting_click < len(clicks):
        raise CardError(f"{where}, field starting_click: click {figure.starting_click} is not "
                        f"one of the {len(clicks)} live clicks")
    if figure.arc not in (90, 180, 270, 360):
        raise CardError(f"{where}, field arc: {figure.arc}")
    return FigureCard(
        key=figure.key,
        name=figure.name,
        points=figure.points,
        clicks=tuple(clicks),
        factions=tuple(figure.factions),
        rank=figure.rank,
        unique=figure.unique,
        range=figure.range,
        targets=max(1, figure.targets),
        arc=figure.arc,
        base=figure.base,
        base_radius=BASE_RADIUS[figure.base],
        starting_click=figure.starting_click,
    )


def playable_cards(records: Iterable[Figure]) -> list[FigureCard]:
    """The engine cards of every figure in ``records`` the engine can play, in order; the
    others (multi-dial figures, a dead starting click) are left out."""
    out: list[FigureCard] = []
    for figure in records:
        try:
            out.append(cards_from_figure(figure))
        except CardError:
            continue
    return out
