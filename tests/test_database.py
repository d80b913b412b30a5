"""The SQLite file: pragmas on every connection, migrations, and the ORM matching the schema."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlmodel import SQLModel

# Every module of SQLModel tables, so the comparison below sees them all even when this
# file runs alone (catalogue.tables holds the saved armies' and the collection's too).
import armybuilder.campaign.tables
import armybuilder.catalogue.tables
import armybuilder.play.tables
import armybuilder.sim.kept_tables  # noqa: F401
from armybuilder.catalogue.database import DatabaseError, migrations, open_engine, schema_version


def test_new_database_is_migrated_with_wal_and_foreign_keys(tmp_path: Path) -> None:
    engine = open_engine(tmp_path / "sub" / "a.sqlite")
    assert schema_version(engine) == max(n for n, _ in migrations())
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    # A second connection gets the same settings.
    with engine.connect() as a, engine.connect() as b:
        assert a.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert b.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_sqlmodel_tables_match_the_migrated_schema(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite"
    open_engine(path).dispose()
    raw = sqlite3.connect(path)
    for name, table in SQLModel.metadata.tables.items():
        columns = {row[1] for row in raw.execute(f"PRAGMA table_info({name})")}
        assert columns, f"table {name} is missing from the migrations"
        assert columns == {c.name for c in table.columns}, name


def test_reopening_keeps_data_and_applies_nothing_twice(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite"
    engine = open_engine(path)
    with engine.begin() as conn:
        conn.exec_driver_sql("INSERT INTO expansion(slug, name) VALUES ('x', 'X')")
    engine.dispose()
    engine = open_engine(path)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT name FROM expansion").scalar() == "X"


def test_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(DatabaseError, match="not an armybuilder database"):
        open_engine(path)


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite"
    open_engine(path).dispose()
    raw = sqlite3.connect(path)
    raw.execute("PRAGMA user_version = 999")
    raw.close()
    with pytest.raises(DatabaseError, match="newer than this armybuilder"):
        open_engine(path)


def test_an_older_database_is_migrated_keeping_its_data(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import armybuilder.catalogue.database as database
    every = database.migrations()
    assert len(every) >= 2
    path = tmp_path / "old.sqlite"
    monkeypatch.setattr(database, "migrations", lambda: every[:1])
    engine = open_engine(path)
    with engine.begin() as conn:
        conn.exec_driver_sql("INSERT INTO expansion(slug, name) VALUES ('old', 'Old data')")
    engine.dispose()
    monkeypatch.setattr(database, "migrations", lambda: every)
    engine = open_engine(path)
    assert schema_version(engine) == every[-1][0]
    with engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT name FROM expansion").scalar() == "Old data"
        assert conn.exec_driver_sql("SELECT count(*) FROM army").scalar() == 0


def test_every_write_takes_the_lock_up_front() -> None:
    """Writes go through database.writing (BEGIN IMMEDIATE, which waits out the busy
    timeout); a plain ``engine.begin()`` would start a deferred transaction that fails at
    once with "database is locked" when another program writes (tests/tui/
    test_concurrent_writes.py)."""
    import re

    package = Path(__file__).resolve().parents[1] / "armybuilder"
    found = [f"{p.relative_to(package)}:{n}" for p in package.rglob("*.py")
             if p.name != "database.py"
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1)
             if re.search(r"\bengine\.begin\(\)|\bSession\(", line)]
    assert found == [], "write through armybuilder.catalogue.database.writing: " + \
        ", ".join(found)
