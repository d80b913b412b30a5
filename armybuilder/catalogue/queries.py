"""Finding figures: the search filters the CLI and the app offer, and naming one figure."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, and_, exists, func, or_, select

from armybuilder.catalogue.store import (
    T_EXPANSION,
    T_FIGURE,
    T_FIGURE_ABILITY,
    T_FIGURE_FACTION,
    CatalogueError,
)
from armybuilder.catalogue.tables import CollectionEntryRow
from armybuilder.figures import RANK_STARS, FigureSummary
from armybuilder.suggest import UnknownName, choose, did_you_mean, suggestions
from armybuilder.text import shown

T_COLLECTION = CollectionEntryRow.__table__  # type: ignore[attr-defined]


@dataclass(slots=True)
class SearchFilter:
    """Every filter is optional; set ones are combined with AND."""

    text: str = ""  # part of the name, any case
    faction: str = ""
    expansion: str = ""  # slug or name
    rank: str = ""  # weak / standard / tough / unique
    unique: bool | None = None
    min_points: int | None = None
    max_points: int | None = None
    min_range: int | None = None
    max_range: int | None = None
    min_targets: int | None = None
    arc: int | None = None
    ability: str = ""  # anywhere on the dial
    start_ability: str = ""  # on the starting click
    min_speed: int | None = None  # starting stats
    min_attack: int | None = None
    min_defense: int | None = None
    min_damage: int | None = None
    kind: str = ""  # warrior / chariot / castle
    include_demo: bool = True
    owned_only: bool = False  # figures in the player's collection only
    limit: int | None = None




_ORDER = (T_FIGURE.c.name, T_FIGURE.c.rank_stars, T_FIGURE.c.expansion, T_FIGURE.c.number)
#: The longest text a search or a figure reference may be: names are at most 200
#: characters, and SQLite refuses LIKE patterns over 50,000.
MAX_TEXT = 200


def _bounded(text: str, what: str) -> str:
    if len(text) > MAX_TEXT:
        raise CatalogueError(f"{what} has at most {MAX_TEXT} characters, not {len(text):,}")
    return text


def search(conn: Connection, f: SearchFilter) -> list[FigureSummary]:
    c = T_FIGURE.c
    where: list[Any] = []
    for value, what in ((f.text, "the search text"), (f.faction, "--faction"),
                        (f.expansion, "--expansion"), (f.ability, "--ability"),
                        (f.start_ability, "--start-ability")):
        _bounded(value, what)
    if f.text:
        where.append(func.lower(c.name).contains(f.text.lower(), autoescape=True))
    if f.faction:
        where.append(exists().where(and_(T_FIGURE_FACTION.c.figure_key == c.key,
                                         func.lower(T_FIGURE_FACTION.c.faction)
                                         == f.faction.lower())))
    if f.expansion:
        try:
            slug = expansion_slug_for(conn, f.expansion)
        except UnknownName:
            slug = f.expansion  # finds nothing; check_filter is where the user hears why
        where.append(c.expansion == slug)
    if f.rank:
        where.append(c.rank == f.rank.lower())
    if f.unique is not None:
        where.append(c.is_unique == f.unique)
    for column, low, high in ((c.points, f.min_points, f.max_points),
                              (c.range, f.min_range, f.max_range)):
        if low is not None:
            where.append(column >= low)
        if high is not None:
            where.append(column <= high)
    if f.min_targets is not None:
        where.append(c.targets >= f.min_targets)
    if f.arc is not None:
        where.append(c.arc == f.arc)
    for name, start_only in ((f.ability, False), (f.start_ability, True)):
        if name:
            cond = and_(T_FIGURE_ABILITY.c.figure_key == c.key,
                        func.lower(T_FIGURE_ABILITY.c.ability) == name.lower())
            if start_only:
                cond = and_(cond, T_FIGURE_ABILITY.c.on_start.is_(True))
            where.append(exists().where(cond))
    for column, low in ((c.start_speed, f.min_speed), (c.start_attack, f.min_attack),
                        (c.start_defense, f.min_defense), (c.start_damage, f.min_damage)):
        if low is not None:
            where.append(column >= low)
    if f.kind:
        where.append(c.kind == f.kind)
    if not f.include_demo:
        where.append(c.expansion != "demo")
    if f.owned_only:
        where.append(exists().where(T_COLLECTION.c.figure_key == c.key))
    query = select(c.key, c.name, c.expansion, c.number, c.rank, c.points, c.factions_text,
                   c.range, c.targets, c.arc, c.base, c.start_speed, c.start_attack,
                   c.start_defense, c.start_damage).where(*where).order_by(*_ORDER)
    if f.limit is not None:
        query = query.limit(f.limit)
    return [FigureSummary(*row) for row in conn.execute(query)]


def expansion_slug_for(conn: Connection, text: str) -> str:
    """An expansion named by slug, name or set letter, in any case; a small typo is
    forgiven, anything else refused with suggestions (UnknownName)."""
    return _expansion(conn, text)[0]


def _expansion(conn: Connection, text: str) -> tuple[str, str]:
    aliases: dict[str, str] = {}
    for r in conn.execute(select(T_EXPANSION)):
        for alias in (r.slug, r.name, r.set_letter):
            if alias:
                aliases.setdefault(alias.casefold(), r.slug)
    wanted = text.strip().casefold()
    if wanted in aliases:
        return aliases[wanted], ""
    # Set letters are too short to guess from: typos are matched against slugs and names.
    names = {r.name: r.slug for r in conn.execute(select(T_EXPANSION))}
    name, note = choose(text, [*names, *names.values()], "expansion")
    return names.get(name, name), note


def check_filter(conn: Connection, f: SearchFilter) -> list[str]:
    """Put the filter's names as the catalogue spells them (any case; a small typo taken);
    a name that fits nothing is refused with suggestions. Returns a note per typo taken."""
    notes: list[str] = []
    if f.faction:
        names = conn.execute(select(T_FIGURE_FACTION.c.faction).distinct()).scalars()
        f.faction, note = choose(f.faction, names, "faction")
        notes.append(note)
    if f.expansion:
        f.expansion, note = _expansion(conn, f.expansion)
        notes.append(note)
    if f.ability or f.start_ability:
        names = list(conn.execute(select(T_FIGURE_ABILITY.c.ability).distinct()).scalars())
        if f.ability:
            f.ability, note = choose(f.ability, names, "ability")
            notes.append(note)
        if f.start_ability:
            f.start_ability, note = choose(f.start_ability, names, "ability")
            notes.append(note)
    if f.rank:
        f.rank, note = choose(f.rank, list(RANK_STARS), "rank")
        notes.append(note)
    return [n for n in notes if n]


def name_suggestions(conn: Connection, text: str, n: int = 5) -> list[str]:
    """Figure names like ``text`` (for a search that found nothing)."""
    names = conn.execute(select(T_FIGURE.c.name).distinct()).scalars()
    return suggestions(text, names, n)


_KEY = re.compile(r"^\s*([a-z0-9][a-z0-9 _-]*?)\s*:\s*(\d+)\s*$", re.IGNORECASE)
_SET_ID = re.compile(r"^\s*([a-z]{1,3})\s*-?\s*(\d{1,4})\s*$", re.IGNORECASE)
_RANK_WORDS = {"*": "weak", "**": "standard", "***": "tough", **{r: r for r in RANK_STARS}}


def resolve(conn: Connection, ref: str) -> str:
    """The key of the figure ``ref`` names: ``rebellion:58``, ``R058`` or a name.

    A name may end with a rank ("Altem Guardsman tough", "Altem Guardsman - ***");
    a name that fits several figures is refused with the candidates listed.
    """
    return resolve_noted(conn, ref)[0]


def resolve_noted(conn: Connection, ref: str) -> tuple[str, str]:
    """(key, note): as ``resolve``, and a note when a misspelt name was taken for the one
    figure name that close to it (a name close to several is refused with suggestions)."""
    c = T_FIGURE.c
    text = _bounded(ref.strip(), "a figure's name or key")
    if not text:
        raise CatalogueError("no figure named")
    match = _KEY.match(text)
    if match:
        try:
            slug = expansion_slug_for(conn, match.group(1))
        except UnknownName as exc:
            raise CatalogueError(f"unknown figure '{shown(text)}': {exc}") from None
        key = conn.execute(select(c.key).where(c.expansion == slug,
                                               c.number == int(match.group(2)))).scalar()
        if key is None:
            raise CatalogueError(f"unknown figure '{shown(text)}': no {shown(slug)} "
                                 f"#{int(match.group(2))} in the catalogue")
        return key, ""
    match = _SET_ID.match(text)
    if match:
        letter, number = match.group(1).lower(), int(match.group(2))
        rows = conn.execute(select(c.key).join(T_EXPANSION, T_EXPANSION.c.slug == c.expansion)
                            .where(func.lower(T_EXPANSION.c.set_letter) == letter,
                                   c.number == number)).scalars().all()
        if len(rows) == 1:
            return rows[0], ""
    name, rank = _split_rank(text)
    note = ""
    rows = _named(conn, name, rank)
    if not rows:
        names = list(conn.execute(select(c.name).distinct()).scalars())
        try:
            taken, note = choose(name, names, "figure")
        except UnknownName as exc:
            hint = did_you_mean(exc.suggestions)
            raise CatalogueError(f"unknown figure '{shown(text)}': no key, set id or name "
                                 "matches" + (f"; {hint}" if hint else
                                              " (try `armybuilder catalogue search`)")) from None
        rows = _named(conn, taken, rank)
    if len(rows) == 1:
        return rows[0].key, note
    if not rows:
        raise CatalogueError(f"unknown figure '{shown(text)}': no {rank} version of "
                             f"'{shown(name)}'")
    listed = "; ".join(f"{r.key} {shown(r.name)} ({r.rank}, {r.points} pts)"
                       for r in rows[:12])
    more = "" if len(rows) <= 12 else f"; and {len(rows) - 12} more"
    taken_as = f" (taken as '{shown(rows[0].name)}')" if note else ""
    raise CatalogueError(f"'{shown(text)}'{taken_as} fits {len(rows)} figures: "
                         f"{listed}{more}. Name one by key, or add its rank")


def _named(conn: Connection, name: str, rank: str) -> list[Any]:
    """Figures called ``name`` (any case), else those whose name contains it."""
    c = T_FIGURE.c
    # Equality, not LIKE: "%" and "_" in a name are themselves, never wildcards.
    exact = [func.lower(c.name) == name.lower()]
    if rank:
        exact.append(c.rank == rank)
    rows = conn.execute(select(c.key, c.name, c.rank, c.points).where(*exact)
                        .order_by(*_ORDER)).all()
    if not rows:
        pattern = f"%{_escape_like(name)}%"
        loose = [c.name.ilike(pattern, escape="\\")]
        if rank:
            loose.append(c.rank == rank)
        rows = conn.execute(select(c.key, c.name, c.rank, c.points).where(*loose)
                            .order_by(*_ORDER).limit(25)).all()
    return list(rows)


def _split_rank(text: str) -> tuple[str, str]:
    words = re.sub(r"\s+-\s+", " ", text).split()
    if len(words) > 1:
        last = words[-1].lower().strip("()")
        if last in _RANK_WORDS:
            return " ".join(words[:-1]), _RANK_WORDS[last]
    return text.strip(), ""


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def facets(conn: Connection) -> dict[str, list[str]]:
    """The values the filters can take, for the app's selectors."""
    c = T_FIGURE.c
    return {
        "factions": list(conn.execute(select(T_FIGURE_FACTION.c.faction).distinct()
                                      .order_by(T_FIGURE_FACTION.c.faction)).scalars()),
        "expansions": list(conn.execute(select(c.expansion).distinct()
                                        .order_by(c.expansion)).scalars()),
        "abilities": list(conn.execute(select(T_FIGURE_ABILITY.c.ability).distinct()
                                       .order_by(T_FIGURE_ABILITY.c.ability)).scalars()),
        "ranks": ["weak", "standard", "tough", "unique"],
    }


def count_figures(conn: Connection, demo: bool | None = None) -> int:
    query = select(func.count()).select_from(T_FIGURE)
    if demo is True:
        query = query.where(T_FIGURE.c.expansion == "demo")
    elif demo is False:
        query = query.where(or_(T_FIGURE.c.expansion != "demo"))
    return int(conn.execute(query).scalar() or 0)
