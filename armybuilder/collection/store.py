"""Writing the collection, through SQLAlchemy inside ``Catalogue.writing()``: imported
when the collection changes, so that reading it loads no SQLAlchemy (``service.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import delete, insert, update

from armybuilder.catalogue.connection import dbapi
from armybuilder.catalogue.tables import CollectionEntryRow

if TYPE_CHECKING:
    from sqlalchemy import Connection

T_COLLECTION = CollectionEntryRow.__table__  # type: ignore[attr-defined]


def owned_count(conn: Connection, key: str) -> int | None:
    """Copies owned of one figure, read inside the write (None: not in the collection)."""
    found = dbapi(conn).execute("SELECT count FROM collection_entry WHERE figure_key = ?",
                                (key,)).fetchone()
    return None if found is None else int(found[0])


def add_entry(conn: Connection, key: str, count: int, name: str) -> None:
    """A figure new to the collection, with the name it has now."""
    conn.execute(insert(T_COLLECTION), [{"figure_key": key, "count": count,
                                         "seen_name": name}])


def set_owned(conn: Connection, key: str, count: int, name: str | None = None) -> None:
    """``count`` copies of a figure in the collection (and the name it has now)."""
    values = {"count": count} if name is None else {"count": count, "seen_name": name}
    conn.execute(update(T_COLLECTION).where(T_COLLECTION.c.figure_key == key)
                 .values(**values))


def forget(conn: Connection, key: str | None = None) -> None:
    """Take the figure ``key`` out of the collection (None: every figure)."""
    query = delete(T_COLLECTION)
    if key is not None:
        query = query.where(T_COLLECTION.c.figure_key == key)
    conn.execute(query)
