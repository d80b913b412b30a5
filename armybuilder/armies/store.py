"""Writing saved armies, through SQLAlchemy inside ``Catalogue.writing()``: imported when
an army is written, so that reading one loads no SQLAlchemy (``service.py`` reads)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, insert, update

from armybuilder.catalogue.tables import ArmyEntryRow, ArmyRow

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from armybuilder.armies.service import SavedEntry

T_ARMY = ArmyRow.__table__  # type: ignore[attr-defined]
T_ENTRY = ArmyEntryRow.__table__  # type: ignore[attr-defined]


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def insert_army(conn: Connection, **values: Any) -> int:
    """A new army row (no entries yet): its id."""
    found = conn.execute(insert(T_ARMY).values(**values))
    return found.lastrowid


def delete_army(conn: Connection, army_id: int) -> None:
    # ON DELETE CASCADE takes its entries with it.
    conn.execute(delete(T_ARMY).where(T_ARMY.c.id == army_id))


def touch(conn: Connection, army_id: int, **values: Any) -> None:
    """Change the army's own columns, and when it was last changed."""
    conn.execute(update(T_ARMY).where(T_ARMY.c.id == army_id).values(updated=now(),
                                                                      **values))


def write_entries(conn: Connection, army_id: int, entries: Sequence[SavedEntry]) -> None:
    """The army's entries, replaced by ``entries`` in their order."""
    conn.execute(delete(T_ENTRY).where(T_ENTRY.c.army_id == army_id))
    if entries:
        conn.execute(insert(T_ENTRY), [
            {"army_id": army_id, "position": i, "figure_key": e.figure_key,
             "count": e.count, "castle": e.castle, "passenger": e.passenger,
             "seen_name": e.seen_name, "seen_points": e.seen_points}
            for i, e in enumerate(entries)])
