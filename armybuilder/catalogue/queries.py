"""Finding figures: the search filters the CLI and the app offer, and naming one figure.

Plain SQL on a DB-API connection (``Catalogue.reading()``, or a SQLAlchemy connection's
own, see ``connection.dbapi``): a search or a name never loads SQLAlchemy.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from armybuilder.catalogue.connection import dbapi
from armybuilder.catalogue.errors import CatalogueError
from armybuilder.figures import RANK_STARS, FigureSummary
from armybuilder.suggest import UnknownName, choose, did_you_mean, suggestions
from armybuilder.text import shown

if TYPE_CHECKING:
    from armybuilder.catalogue.connection import Reader


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



_ORDER = "ORDER BY figure.name, figure.rank_stars, figure.expansion, figure.number"
_SUMMARY = ("SELECT figure.key, figure.name, figure.expansion, figure.number, figure.rank, "
            "figure.points, figure.factions_text, figure.range, figure.targets, figure.arc, "
            "figure.base, figure.start_speed, figure.start_attack, figure.start_defense, "
            "figure.start_damage FROM figure")
#: The escape character of a figure name's LIKE pattern (a search's text uses "/"): each
#: as SQLAlchemy wrote them (``ilike(escape=...)``, ``contains(autoescape=True)``), so
#: the same names match.
_BACKSLASH = "\\"
#: The longest text a search or a figure reference may be: names are at most 200
#: characters, and SQLite refuses LIKE patterns over 50,000.
MAX_TEXT = 200


def _bounded(text: str, what: str) -> str:
    if len(text) > MAX_TEXT:
        raise CatalogueError(f"{what} has at most {MAX_TEXT} characters, not {len(text):,}")
    return text


def search(conn: Reader, f: SearchFilter) -> list[FigureSummary]:
    db = dbapi(conn)
    where: list[str] = []
    params: list[Any] = []

    def add(condition: str, *values: Any) -> None:
        where.append(condition)
        params.extend(values)

    for value, what in ((f.text, "the search text"), (f.faction, "--faction"),
                        (f.expansion, "--expansion"), (f.ability, "--ability"),
                        (f.start_ability, "--start-ability")):
        _bounded(value, what)
    if f.text:
        add("lower(figure.name) LIKE '%' || ? || '%' ESCAPE '/'",
            _escape_like(f.text.lower(), "/"))
    if f.faction:
        add("EXISTS (SELECT 1 FROM figure_faction WHERE figure_faction.figure_key = "
            "figure.key AND lower(figure_faction.faction) = ?)", f.faction.lower())
    if f.expansion:
        try:
            slug = expansion_slug_for(db, f.expansion)
        except UnknownName:
            slug = f.expansion  # finds nothing; check_filter is where the user hears why
        add("figure.expansion = ?", slug)
    if f.rank:
        add("figure.rank = ?", f.rank.lower())
    if f.unique is not None:
        add("figure.is_unique = ?", int(f.unique))
    for column, low, high in (("points", f.min_points, f.max_points),
                              ("range", f.min_range, f.max_range)):
        if low is not None:
            add(f"figure.{column} >= ?", low)
        if high is not None:
            add(f"figure.{column} <= ?", high)
    if f.min_targets is not None:
        add("figure.targets >= ?", f.min_targets)
    if f.arc is not None:
        add("figure.arc = ?", f.arc)
    for name, start_only in ((f.ability, False), (f.start_ability, True)):
        if name:
            add("EXISTS (SELECT 1 FROM figure_ability WHERE figure_ability.figure_key = "
                "figure.key AND lower(figure_ability.ability) = ?"
                + (" AND figure_ability.on_start = 1)" if start_only else ")"), name.lower())
    for column, low in (("start_speed", f.min_speed), ("start_attack", f.min_attack),
                        ("start_defense", f.min_defense), ("start_damage", f.min_damage)):
        if low is not None:
            add(f"figure.{column} >= ?", low)
    if f.kind:
        add("figure.kind = ?", f.kind)
    if not f.include_demo:
        add("figure.expansion != 'demo'")
    if f.owned_only:
        add("EXISTS (SELECT 1 FROM collection_entry WHERE collection_entry.figure_key = "
            "figure.key)")
    query = _SUMMARY + (" WHERE " + " AND ".join(where) if where else "") + " " + _ORDER
    if f.limit is not None:
        query += " LIMIT ?"
        params.append(f.limit)
    return [FigureSummary(*row) for row in db.execute(query, params)]


def expansion_slug_for(conn: Reader, text: str) -> str:
    """An expansion named by slug, name or set letter, in any case; a small typo is
    forgiven, anything else refused with suggestions (UnknownName)."""
    return _expansion(conn, text)[0]


def _expansion(conn: Reader, text: str) -> tuple[str, str]:
    rows = dbapi(conn).execute("SELECT slug, name, set_letter FROM expansion").fetchall()
    aliases: dict[str, str] = {}
    for slug, name, letter in rows:
        for alias in (slug, name, letter):
            if alias:
                aliases.setdefault(alias.casefold(), slug)
    wanted = text.strip().casefold()
    if wanted in aliases:
        return aliases[wanted], ""
    # Set letters are too short to guess from: typos are matched against slugs and names;
    # slugs alone first, so that "dem" begins just one expansion, not its slug and name.
    names = {name: slug for slug, name, _ in rows}
    try:
        return choose(text, names.values(), "expansion")
    except UnknownName:
        name, note = choose(text, [*names, *names.values()], "expansion")
    return names.get(name, name), note


def _column(conn: Reader, query: str, *params: Any) -> list[Any]:
    return [row[0] for row in dbapi(conn).execute(query, params)]


def check_filter(conn: Reader, f: SearchFilter) -> list[str]:
    """Put the filter's names as the catalogue spells them (any case; a small typo taken);
    a name that fits nothing is refused with suggestions. Returns a note per typo taken."""
    notes: list[str] = []
    if f.faction:
        names = _column(conn, "SELECT DISTINCT faction FROM figure_faction")
        f.faction, note = choose(f.faction, names, "faction")
        notes.append(note)
    if f.expansion:
        f.expansion, note = _expansion(conn, f.expansion)
        notes.append(note)
    if f.ability or f.start_ability:
        names = _column(conn, "SELECT DISTINCT ability FROM figure_ability")
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


def name_suggestions(conn: Reader, text: str, n: int = 5) -> list[str]:
    """Figure names like ``text`` (for a search that found nothing)."""
    return suggestions(text, _column(conn, "SELECT DISTINCT name FROM figure"), n)


# ASCII digits only: int() reads other scripts' digits too, and a key never holds them.
_KEY = re.compile(r"^\s*([a-z0-9][a-z0-9 _-]*?)\s*:\s*([0-9]+)\s*$", re.IGNORECASE)
_SET_ID = re.compile(r"^\s*([a-z]{1,3})\s*-?\s*([0-9]{1,4})\s*$", re.IGNORECASE)
#: The largest collector number the database holds (SQLite's integers): a key naming a
#: larger one names no figure.
_MOST_NUMBER = 2**63 - 1
_RANK_WORDS = {"*": "weak", "**": "standard", "***": "tough", **{r: r for r in RANK_STARS}}


def resolve(conn: Reader, ref: str) -> str:
    """The key of the figure ``ref`` names: ``rebellion:58``, ``R058`` or a name.

    A name may end with a rank ("Altem Guardsman tough", "Altem Guardsman - ***");
    a name that fits several figures is refused with the candidates listed.
    """
    return resolve_noted(conn, ref)[0]


def resolve_noted(conn: Reader, ref: str) -> tuple[str, str]:
    """(key, note): as ``resolve``, and a note when a misspelt name was taken for the one
    figure name that close to it (a name close to several is refused with suggestions)."""
    db = dbapi(conn)
    text = _bounded(ref.strip(), "a figure's name or key")
    if not text:
        raise CatalogueError("no figure named")
    match = _KEY.match(text)
    if match:
        try:
            slug = expansion_slug_for(db, match.group(1))
        except UnknownName as exc:
            raise CatalogueError(f"unknown figure '{shown(text)}': {exc}") from None
        number = int(match.group(2)[:40])  # 40 digits: past any number the database holds
        found = None if number > _MOST_NUMBER else db.execute(
            "SELECT key FROM figure WHERE expansion = ? AND number = ?",
            (slug, number)).fetchone()
        if found is None:
            what = f"#{number}" if number <= _MOST_NUMBER else "figure numbered that high"
            raise CatalogueError(f"unknown figure '{shown(text)[:80]}': no {shown(slug)} "
                                 f"{what} in the catalogue")
        return found[0], ""
    match = _SET_ID.match(text)
    if match:
        letter, number = match.group(1).lower(), int(match.group(2))
        keys = _column(db, "SELECT figure.key FROM figure JOIN expansion ON expansion.slug = "
                           "figure.expansion WHERE lower(expansion.set_letter) = ? AND "
                           "figure.number = ?", letter, number)
        if len(keys) == 1:
            return keys[0], ""
    name, rank = _split_rank(text)
    note = ""
    rows = _named(db, name, rank)
    if not rows:
        names = _column(db, "SELECT DISTINCT name FROM figure")
        try:
            taken, note = choose(name, names, "figure")
        except UnknownName as exc:
            hint = did_you_mean(exc.suggestions)
            raise CatalogueError(f"unknown figure '{shown(text)}': no key, set id or name "
                                 "matches" + (f"; {hint}" if hint else
                                              " (try `armybuilder catalogue search`)")) from None
        rows = _named(db, taken, rank)
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


@dataclass(frozen=True, slots=True)
class _Named:
    key: str
    name: str
    rank: str
    points: int


def _named(conn: Reader, name: str, rank: str) -> list[_Named]:
    """Figures called ``name`` (any case), else those whose name contains it."""
    db = dbapi(conn)
    chosen = "SELECT figure.key, figure.name, figure.rank, figure.points FROM figure WHERE "
    also = " AND figure.rank = ?" if rank else ""
    extra = (rank,) if rank else ()
    # Equality, not LIKE: "%" and "_" in a name are themselves, never wildcards.
    rows = db.execute(f"{chosen}lower(figure.name) = ?{also} {_ORDER}",
                      (name.lower(), *extra)).fetchall()
    if not rows:
        rows = db.execute(f"{chosen}lower(figure.name) LIKE lower(?) ESCAPE '\\'{also} "
                          f"{_ORDER} LIMIT 25",
                          (f"%{_escape_like(name, _BACKSLASH)}%", *extra)).fetchall()
    return [_Named(*row) for row in rows]


def _split_rank(text: str) -> tuple[str, str]:
    words = re.sub(r"\s+-\s+", " ", text).split()
    if len(words) > 1:
        last = words[-1].lower().strip("()")
        if last in _RANK_WORDS:
            return " ".join(words[:-1]), _RANK_WORDS[last]
    return text.strip(), ""


def _escape_like(text: str, escape: str) -> str:
    """``text`` matched literally by LIKE ... ESCAPE ``escape``."""
    return (text.replace(escape, escape * 2).replace("%", escape + "%")
            .replace("_", escape + "_"))


def facets(conn: Reader) -> dict[str, list[str]]:
    """The values the filters can take, for the app's selectors."""
    return {
        "factions": _column(conn, "SELECT DISTINCT faction FROM figure_faction "
                                  "ORDER BY faction"),
        "expansions": _column(conn, "SELECT DISTINCT expansion FROM figure "
                                    "ORDER BY expansion"),
        "abilities": _column(conn, "SELECT DISTINCT ability FROM figure_ability "
                                   "ORDER BY ability"),
        "ranks": ["weak", "standard", "tough", "unique"],
    }


def count_figures(conn: Reader, demo: bool | None = None) -> int:
    query = "SELECT count(*) FROM figure"
    if demo is True:
        query += " WHERE expansion = 'demo'"
    elif demo is False:
        query += " WHERE expansion != 'demo'"
    return int(dbapi(conn).execute(query).fetchone()[0] or 0)
