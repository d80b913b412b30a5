"""What the event tables share: names, JSON columns, the time, and the error."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from typing import Any

from armybuilder.text import control_in, shown

MAX_NAME = 200


class EventError(ValueError):
    """An event operation that cannot be done; the message says which event and why."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def event_name(name: object, what: str = "an event") -> str:
    """One line of plain text, not empty, not too long."""
    if not isinstance(name, str):
        raise EventError(f"{what}'s name is text, not {type(name).__name__}")
    name = name.strip()
    if not name:
        raise EventError(f"{what} needs a name")
    bad = control_in(name)
    if bad is not None:
        raise EventError(f"name '{shown(name)}' holds a control character ({shown(bad)}); "
                         "a name is one line of plain text")
    if len(name) > MAX_NAME:
        raise EventError(f"a name has at most {MAX_NAME} characters")
    return name


def row_id(db: sqlite3.Connection, table: str, name: str, what: str) -> int:
    """The id of the row of ``table`` called ``name`` (any case); an unknown name lists
    the known ones."""
    found = db.execute(f"SELECT id FROM {table} WHERE name = ?", (name.strip(),)).fetchone()
    if found is None:
        known = ", ".join(n for n, in db.execute(f"SELECT name FROM {table} ORDER BY name"))
        raise EventError(f"no {what} named {name!r} ({what}s: {known or 'none yet'})")
    return int(found[0])


def free(db: sqlite3.Connection, table: str, name: str, what: str) -> None:
    clash = db.execute(f"SELECT name FROM {table} WHERE name = ?", (name,)).fetchone()
    if clash is not None:
        raise EventError(f"a {what} named {clash[0]!r} already exists")
