"""What the migrations leave in a database, and what a database lacks of it.

A database's ``user_version`` says which migrations ran, but a file made by an unreleased
build may claim a migration whose tables it never got (or lost one since). Every open
checks, from the migration files themselves (``db/migrations``, whatever their number),
that the tables, indexes, views, triggers and added columns the claimed migrations create
are there (:func:`lacking`: one query of ``sqlite_master``, and ``table_info`` for the
columns a migration adds), and ``database.migrate`` adds what is missing or refuses in
one line (:func:`repair_plan`). Plain ``sqlite3`` only: the check is on every command's
way in.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from functools import cache
from pathlib import Path

#: A statement creating a named object: CREATE [UNIQUE] TABLE|INDEX|VIEW|TRIGGER [IF NOT
#: EXISTS] name.
_CREATE = re.compile(r"^\s*CREATE\s+(?:UNIQUE\s+)?(TABLE|INDEX|VIEW|TRIGGER)\s+"
                     r"(?:IF\s+NOT\s+EXISTS\s+)?[\"`\[]?([A-Za-z_][A-Za-z0-9_]*)",
                     re.IGNORECASE)
#: A statement adding a column: ALTER TABLE table ADD [COLUMN] name.
_ADD_COLUMN = re.compile(r"^\s*ALTER\s+TABLE\s+[\"`\[]?([A-Za-z_][A-Za-z0-9_]*)[\"`\]]?\s+"
                         r"ADD\s+(?:COLUMN\s+)?[\"`\[]?([A-Za-z_][A-Za-z0-9_]*)",
                         re.IGNORECASE)


class SchemaError(ValueError):
    """A migration file that cannot be read as statements."""


def _comment_only(text: str) -> bool:
    return all(ln.strip().startswith("--") or not ln.strip() for ln in text.splitlines())


def statements(script: str) -> list[str]:
    """A migration's statements, one by one (comments and blank lines dropped)."""
    out: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statement = buffer.strip()
            if statement and not _comment_only(statement):
                out.append(statement)
            buffer = ""
    if buffer.strip() and not _comment_only(buffer):
        raise SchemaError(f"incomplete SQL statement in migration: {buffer.strip()[:60]}")
    return out


@dataclass(frozen=True, slots=True)
class Thing:
    """An object a statement leaves: ("table", "game"), ("index", ...), or ("column",
    "table.column")."""

    kind: str
    name: str

    def __str__(self) -> str:
        return f"{self.kind} {self.name}"


def _made_by(statement: str) -> Thing | None:
    # Comments before the statement belong to it in the file; the object is named after.
    text = "\n".join(ln for ln in statement.splitlines() if not ln.strip().startswith("--"))
    found = _CREATE.match(text)
    if found:
        return Thing(found.group(1).lower(), found.group(2).lower())
    found = _ADD_COLUMN.match(text)
    if found:
        return Thing("column", f"{found.group(1).lower()}.{found.group(2).lower()}")
    return None


@dataclass(frozen=True)
class Migration:
    """One migration file: its statements and what each leaves (None: a statement that
    names nothing to look for, an INSERT say)."""

    number: int
    path: Path
    steps: tuple[tuple[str, Thing | None], ...]

    @property
    def things(self) -> tuple[Thing, ...]:
        return tuple(t for _, t in self.steps if t is not None)


@cache
def read_migration(number: int, path: Path) -> Migration:
    steps = tuple((s, _made_by(s)) for s in statements(path.read_text(encoding="utf-8")))
    return Migration(number, path, steps)


def present(conn: sqlite3.Connection, columns_of: set[str]) -> set[Thing]:
    """The named objects in the database, and the columns of the tables ``columns_of``."""
    out = {Thing(kind, name.lower()) for kind, name in conn.execute(
        "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")}
    tables = {t.name for t in out if t.kind == "table"}
    for table in sorted(columns_of & tables):
        out |= {Thing("column", f"{table}.{row[1].lower()}")
                for row in conn.execute(f'PRAGMA table_info("{table}")')}
    return out


def lacking(conn: sqlite3.Connection, migrations: list[tuple[int, Path]], version: int
            ) -> list[tuple[Migration, list[Thing]]]:
    """The migrations up to ``version`` (those the database says ran) with what each
    should have left and the database lacks."""
    claimed = [read_migration(n, p) for n, p in migrations if n <= version]
    columns_of = {t.name.split(".")[0] for m in claimed for t in m.things if t.kind == "column"}
    have = present(conn, columns_of)
    out = []
    for m in claimed:
        missing = [t for t in m.things if t not in have]
        if missing:
            out.append((m, missing))
    return out


def repair_plan(migration: Migration, missing: list[Thing]) -> list[str] | str:
    """The statements that add what ``migration`` should have left, or why they cannot be
    found safely: all of it is missing (the whole migration runs again, as if it never
    ran), or only statements that create things are in it (the missing ones run)."""
    if len(missing) == len(migration.things):
        return [s for s, _ in migration.steps]
    if any(t is None for _, t in migration.steps):
        return (f"migration {migration.path.name} also changes rows, and only part of what "
                "it creates is missing")
    wanted = set(missing)
    return [s for s, t in migration.steps if t in wanted]
