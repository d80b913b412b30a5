"""A database whose names attack whoever shows them: Rich/Textual markup, terminal escape
sequences (retitle the window, clear the screen), a C1 control, a bidi override.

No import lets such names in any more (a control character in a name is refused), so the
database is written the way an older version or another program could have written it:
with plain SQL.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from armybuilder.armies.service import Armies
from armybuilder.catalogue.service import Catalogue
from armybuilder.text import shown

FIGURE = "Grunt[/] [bold]x\x1b]0;pwned\x07\x1b[2J\u202e"
EXPANSION = "[/]Set [draft]\x1b[31m"
FACTION = "Orcs [draft]\x9b1m"
ARMIES = ("Bad[/]Army", "Orcs [draft]", "Evil\x1b]0;pwned\x07\x1b[2J")
NOTES = "line one\n\x1b]0;pwned\x07[/]"
FIGURE_KEY = "demo:1"

#: What must never reach a terminal raw: every control character but the line break,
#: the C1 controls, the bidi override.
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def make_hostile(db: Path) -> None:
    """Three armies with hostile names (each holding the hostile figure twice and a
    crossbowman); the figure, its expansion and its faction renamed."""
    catalogue = Catalogue.open(db)
    try:
        armies = Armies(catalogue)
        for i in range(len(ARMIES)):
            armies.new(f"army{i}", 200, "standard")
            armies.add(f"army{i}", FIGURE_KEY, count=2)
            armies.add(f"army{i}", "demo:4")
    finally:
        catalogue.close()
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE figure SET name = ?, factions_text = ? WHERE key = ?",
                     (FIGURE, FACTION, FIGURE_KEY))
        conn.execute("UPDATE expansion SET name = ? WHERE slug = 'demo'", (EXPANSION,))
        conn.execute("INSERT INTO faction (name) VALUES (?)", (FACTION,))
        conn.execute("UPDATE figure_faction SET faction = ? WHERE figure_key = ?",
                     (FACTION, FIGURE_KEY))
        conn.execute("UPDATE army_entry SET seen_name = ? WHERE figure_key = ?",
                     (FIGURE, FIGURE_KEY))
        for i, name in enumerate(ARMIES):
            conn.execute("UPDATE army SET name = ?, notes = ? WHERE name = ?",
                         (name, NOTES, f"army{i}"))
    conn.close()


def raw_controls(text: str) -> list[str]:
    return [shown(c) for c in RAW.findall(text)]


__all__ = ["ARMIES", "EXPANSION", "FACTION", "FIGURE", "FIGURE_KEY", "NOTES", "make_hostile",
           "raw_controls", "shown"]
