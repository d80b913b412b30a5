"""Reading the catalogue back with plain SQL: figures with their factions and dials, the
rule tables, the expansions, the FAQ errata and the last import.

Each loader is written once, against a DB-API connection: the plain sqlite3 one of
``Catalogue.reading()`` (no SQLAlchemy loaded), or a SQLAlchemy connection, read through
its own sqlite3 connection inside its transaction (``connection.dbapi``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from armybuilder.catalogue.connection import dbapi
from armybuilder.figures import (
    STATS,
    Ability,
    CatalogueData,
    Click,
    Dial,
    Expansion,
    Faction,
    Figure,
)

if TYPE_CHECKING:
    from armybuilder.catalogue.connection import Reader


@dataclass(slots=True)
class ErratumStatus:
    """What one FAQ correction did on an import; written to the erratum table."""

    id: str
    expansion: str
    number: int | None
    name: str
    dial: str
    click: int | None
    field: str
    printed: str
    corrected: str
    source: str
    note: str
    status: str
    figure_key: str | None
    found: str


_FIGURE = ("SELECT key, expansion, number, name, rank, points, rank_stars, is_unique, promo, "
           "limited_edition, frequency, range, targets, arc, base, kind, castle_section, "
           "starting_click, disarm, source FROM figure")
_CLICK = ("SELECT dial_id, idx, speed, attack, defense, damage, "
          + ", ".join(f"{s}_ability" for s in STATS) + " FROM click")
_ERRATUM = "SELECT " + ", ".join(f.name for f in fields(ErratumStatus)) + " FROM erratum"
_IMPORT_RUN = ("id", "at", "origin", "source", "added", "updated", "unchanged", "removed")


def chunks(items: Sequence[str], size: int = 500) -> Iterable[Sequence[str]]:
    for i in range(0, len(items), size):
        yield items[i:i + size]


def marks(values: Sequence[object]) -> str:
    """The ``?`` placeholders of an ``IN (...)`` of ``values``."""
    return ", ".join("?" * len(values))


def load_figures(conn: Reader, keys: Sequence[str] | None = None) -> dict[str, Figure]:
    """Figures with their factions and every click of every dial, by key."""
    db = dbapi(conn)
    if keys is not None and not keys:
        return {}
    query, params = _FIGURE, list(keys or ())
    if keys is not None:
        query += f" WHERE key IN ({marks(params)})"
    figures: dict[str, Figure] = {}
    for (key, expansion, number, name, rank, points, stars, unique, promo, limited,
         frequency, range_, targets, arc, base, kind, section, starting, disarm,
         source) in db.execute(query, params):
        figures[key] = Figure(
            expansion=expansion, number=number, name=name, rank=rank, points=points,
            factions=[], rank_stars=stars, unique=bool(unique), promo=bool(promo),
            limited_edition=bool(limited), frequency=frequency, range=range_,
            targets=targets, arc=arc, base=base, kind=kind, castle_section=section,
            starting_click=starting, disarm=disarm, source=source, dials=[],
        )
    for chunk in chunks(list(figures)):
        for key, faction in db.execute(
                f"SELECT figure_key, faction FROM figure_faction WHERE figure_key IN "
                f"({marks(chunk)}) ORDER BY figure_key, position", chunk):
            figures[key].factions.append(faction)
        dials: dict[int, Dial] = {}
        for dial_id, key, position in db.execute(
                f"SELECT id, figure_key, position FROM dial WHERE figure_key IN "
                f"({marks(chunk)}) ORDER BY id", chunk):
            dial = Dial(position=position)
            dials[dial_id] = dial
            figures[key].dials.append(dial)
        ids = list(dials)
        if not ids:
            continue
        for row in db.execute(f"{_CLICK} WHERE dial_id IN ({marks(ids)}) "
                              "ORDER BY dial_id, idx", ids):
            dial_id, index, speed, attack, defense, damage = row[:6]
            abilities = {s: name for s, name in zip(STATS, row[6:], strict=True) if name}
            dials[dial_id].clicks.append(Click(
                index=index, speed=speed, attack=attack, defense=defense, damage=damage,
                abilities=abilities))
    return figures


def load_abilities(conn: Reader) -> dict[str, Ability]:
    return {name: Ability(name=name, slot=slot, colour=colour, symbol=symbol,
                          optional=bool(optional), text=text, text_source=text_source,
                          feed_id=feed_id)
            for name, slot, colour, symbol, optional, text, text_source, feed_id
            in dbapi(conn).execute("SELECT name, slot, colour, symbol, optional, text, "
                                   "text_source, feed_id FROM ability ORDER BY name")}


def load_factions(conn: Reader) -> dict[str, Faction]:
    return {name: Faction(name=name, short_name=short_name, feed_id=feed_id, rules=rules,
                          rules_source=rules_source)
            for name, short_name, feed_id, rules, rules_source
            in dbapi(conn).execute("SELECT name, short_name, feed_id, rules, rules_source "
                                   "FROM faction ORDER BY name")}


def load_expansions(conn: Reader) -> dict[str, Expansion]:
    return {slug: Expansion(slug=slug, name=name, set_letter=set_letter, feed_id=feed_id)
            for slug, name, set_letter, feed_id
            in dbapi(conn).execute("SELECT slug, name, set_letter, feed_id FROM expansion "
                                   "ORDER BY name")}


def load_catalogue(conn: Reader) -> CatalogueData:
    """The whole catalogue, for export."""
    figures = load_figures(conn)
    return CatalogueData(
        expansions=load_expansions(conn), factions=load_factions(conn),
        abilities=load_abilities(conn),
        figures=dict(sorted(figures.items(), key=lambda kv: (kv[1].expansion, kv[1].number))),
        source="database",
    )


def has_abilities(conn: Reader) -> bool:
    """Whether the rule tables have been loaded."""
    return dbapi(conn).execute("SELECT name FROM ability LIMIT 1").fetchone() is not None


def errata(conn: Reader, figure_key: str | None = None) -> list[ErratumStatus]:
    """Every FAQ correction with its status (those about one figure with ``figure_key``)."""
    if figure_key is None:
        rows = dbapi(conn).execute(f"{_ERRATUM} ORDER BY id")
    else:
        rows = dbapi(conn).execute(f"{_ERRATUM} WHERE figure_key = ? ORDER BY id",
                                   (figure_key,))
    return [ErratumStatus(*row) for row in rows]


def last_import(conn: Reader) -> dict[str, Any] | None:
    """The latest import that changed the catalogue, as its row's columns."""
    row = dbapi(conn).execute(f"SELECT {', '.join(_IMPORT_RUN)} FROM import_run "
                              "ORDER BY id DESC LIMIT 1").fetchone()
    return None if row is None else dict(zip(_IMPORT_RUN, row, strict=True))


def figures_by_expansion(conn: Reader) -> dict[str, int]:
    return dict(dbapi(conn).execute("SELECT expansion, count(*) FROM figure "
                                    "GROUP BY expansion").fetchall())
