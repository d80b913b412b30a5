"""The catalogue table at a glance before the database layer has loaded.

Importing SQLAlchemy, SQLModel and openpyxl takes most of a cold start (about a second);
Python's own sqlite3 opens the file in milliseconds. So the app reads the figure table
read-only with plain SQL first and shows it; the real search replaces it once the
services are up. Anything unexpected (no file yet, an old schema) just skips the glance.

The query mirrors ``armybuilder.catalogue.queries.search`` with no filter: the same
columns in the same order, so the table does not jump when the real rows arrive
(tests/tui/test_first_look.py holds the two together).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from armybuilder.figures import FigureSummary

_ROWS = ("SELECT key, name, expansion, number, rank, points, factions_text, range, targets, "
         "arc, base, start_speed, start_attack, start_defense, start_damage FROM figure "
         "ORDER BY name, rank_stars, expansion, number")
_SET_LETTERS = "SELECT slug, set_letter FROM expansion WHERE set_letter != ''"


@dataclass(frozen=True, slots=True)
class FirstLook:
    rows: list[FigureSummary]
    set_letters: dict[str, str]


def first_look(path: Path) -> FirstLook | None:
    """Every figure of the database at ``path``, or None when it cannot be read as is."""
    if not path.is_file():
        return None  # a first run: the services create and seed it
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=0.5)
    except sqlite3.Error:
        return None
    try:
        rows = [FigureSummary(*r) for r in conn.execute(_ROWS)]
        letters = dict(conn.execute(_SET_LETTERS).fetchall())
    except (sqlite3.Error, TypeError):
        return None
    finally:
        conn.close()
    return FirstLook(rows, letters) if rows else None
