"""Catalogue records to engine cards. The only place the engine touches catalogue code."""

from __future__ import annotations

from collections.abc import Iterable

from armybuilder.engine.bases import CASTLE, CHARIOT, HALF_LENGTHS
from armybuilder.engine.cards import ClickStats, FigureCard
from armybuilder.engine.sections import INACTIVE
from armybuilder.figures import CHARIOT_DIALS, STATS, Click, Figure


class CardError(ValueError):
    """A figure the engine cannot play; the message names the figure and the field."""


def cards_from_figure(figure: Figure) -> FigureCard:
    """The engine card of one single-dial warrior or chariot.

    Live clicks are those before the first dead one (three or more skulls, Rulebook I);
    a skull on a live click reads as 0. Abilities keep the dial's slot order. A chariot's
    card holds its four section dials (:func:`_chariot_card`).
    """
    where = f"figure {figure.key} ({figure.name})"
    if figure.kind == "chariot":
        return _chariot_card(figure, where)
    if figure.kind == "castle":
        return castle_card(figure)
    if figure.kind != "warrior" or figure.multi_dial:
        raise CardError(f"{where}, field kind: {figure.kind} figures with "
                        f"{len(figure.dials)} dials are not playable in the part-1 engine")
    if not figure.dials:
        raise CardError(f"{where}, field dials: the figure has no dial")
    if figure.base not in HALF_LENGTHS:
        raise CardError(f"{where}, field base: unknown base {figure.base!r}")
    clicks: list[ClickStats] = []
    for click in figure.main_dial.clicks:
        if click.dead:
            break
        clicks.append(_stats(click))
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
        base_radius=HALF_LENGTHS[figure.base],
        starting_click=figure.starting_click,
    )


def _stats(click: Click) -> ClickStats:
    names: list[str] = []
    for stat in (*STATS, "any"):
        name = click.abilities.get(stat)
        if name and name not in names:
            names.append(name)
    return ClickStats(speed=click.speed or 0, attack=click.attack or 0,
                      defense=click.defense or 0, damage=click.damage or 0,
                      abilities=tuple(names))


def _chariot_card(figure: Figure, where: str) -> FigureCard:
    """Chariot rules, Combat Dials: four section dials, each read up to the first click
    with three skulls (an inactive section turns no further); a skull reads 0."""
    if figure.rank in ("weak", "tough"):
        raise CardError(f"{where}, field rank: chariots have no weak or tough versions "
                        "(Chariot rules, General Rules)")
    positions = [d.position for d in figure.dials]
    if sorted(positions) != sorted(CHARIOT_DIALS) or len(positions) != len(CHARIOT_DIALS):
        raise CardError(f"{where}, field dials: a chariot has front, left, right and rear "
                        f"dials, got {', '.join(positions) or 'none'}")
    sections = []
    for position in CHARIOT_DIALS:
        dial: list[tuple[ClickStats, int]] = []
        for click in figure.dial(position).clicks:
            dial.append((_stats(click), click.skulls))
            if click.skulls >= INACTIVE:
                break
        else:
            # A dial printed without three skulls ends as one that turns past its last
            # click (Rulebook I: three skulls): the section is inactive there.
            dial.append((ClickStats(0, 0, 0, 0), INACTIVE))
        if not 0 <= figure.starting_click < len(dial) or \
                dial[figure.starting_click][1] >= INACTIVE:
            raise CardError(f"{where}, field starting_click: click {figure.starting_click} "
                            f"is not an active click of the {position} dial")
        sections.append(tuple(dial))
    start = [dial[figure.starting_click][0] for dial in sections]
    names: list[str] = []
    for stats in start:
        names += [a for a in stats.abilities if a not in names]
    glance = ClickStats(max(s.speed for s in start), max(s.attack for s in start),
                        max(s.defense for s in start), max(s.damage for s in start),
                        tuple(names))
    return FigureCard(
        key=figure.key, name=figure.name, points=figure.points, clicks=(glance,),
        factions=tuple(figure.factions), rank=figure.rank, unique=figure.unique,
        range=figure.range, targets=max(1, figure.targets),
        # Chariot rules, Combat Dials: each section's front arc is its outer edge, and
        # General Rules: no rear arc. The arc all round says both to every rule.
        arc=360, base=CHARIOT, base_radius=HALF_LENGTHS[CHARIOT],
        starting_click=figure.starting_click, sections=tuple(sections))


#: A castle section's card stands on a FootprintBase, which has no discs: no rule reads
#: its half length but the quick distance tests before a contact or blocking check.
CASTLE_RADIUS = 0.5


def castle_card(figure: Figure, clicks: int = 0, points: int | None = None) -> FigureCard:
    """The engine card of a castle section (Castle rules).

    "For castles, the Speed symbol is replaced by the Fortification symbol" (the speed
    column holds the fortification value) and "The printed damage value is the castle
    section's ranged damage value"; the live clicks end before the first showing three
    broken towers ("A castle section is eliminated when 3 broken tower symbols appear in
    the stat slot"). General Rules: a 360-degree front arc and no rear arc.

    Point Value: a section played Light starts with its dial turned ``clicks`` clockwise
    from the Starting Position and is worth ``points`` (the caller reads both from the
    point table, imports/castle_sections.csv: the engine imports no army rules); Heavy is
    0 clicks at the printed points.
    """
    where = f"figure {figure.key} ({figure.name})"
    if not figure.castle_section:
        raise CardError(f"{where}, field castle_section: a castle figure names its section "
                        "(keep, round tower, gatehouse, wall)")
    if len(figure.dials) != 1:
        raise CardError(f"{where}, field dials: a castle section has one combat dial "
                        "(Castle rules, Sections)")
    live: list[ClickStats] = []
    for click in figure.main_dial.clicks:
        if click.dead:
            break
        live.append(_stats(click))
    start = figure.starting_click + clicks
    if clicks < 0 or not 0 <= start < len(live):
        raise CardError(f"{where}, field starting_click: {clicks} click(s) from the Starting "
                        f"Position is not one of the {len(live)} live clicks")
    return FigureCard(
        key=figure.key, name=figure.name,
        points=figure.points if points is None else points,
        clicks=tuple(live), factions=tuple(figure.factions), rank=figure.rank,
        unique=figure.unique, range=figure.range, targets=max(1, figure.targets),
        arc=360, base=CASTLE, base_radius=CASTLE_RADIUS, starting_click=start,
        castle=figure.castle_section)


def playable_cards(records: Iterable[Figure]) -> list[FigureCard]:
    """The engine cards of every figure in ``records`` the engine can play, in order; the
    others (a dead starting click, figures with several dials) are left out, and so are
    castle sections, which play only as a castle set up before the battle (Castle rules,
    Playing Area and Set-Up; :func:`castle_card`)."""
    out: list[FigureCard] = []
    for figure in records:
        if figure.kind == "castle":
            continue
        try:
            out.append(cards_from_figure(figure))
        except CardError:
            continue
    return out
