"""The SQLite file: pragmas on every connection, migrations, and the ORM matching the schema."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from sqlmodel import SQLModel

# Every module of SQLModel tables, so the comparison below sees them all even when this
# file runs alone (catalogue.tables holds the saved armies' and the collection's too).
import armybuilder.campaign.tables
import armybuilder.catalogue.tables
import armybuilder.play.tables
import armybuilder.sim.kept_tables  # noqa: F401
from armybuilder.catalogue import connection, queries, reading
from armybuilder.catalogue.connection import Connections, DatabaseBusy, open_current
from armybuilder.catalogue.database import DatabaseError, migrations, open_engine, schema_version
from armybuilder.catalogue.service import Catalogue


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
    """Writes go through database.writing, or Connections.writing on a plain connection
    (BEGIN IMMEDIATE, which waits out the busy timeout); a plain ``engine.begin()`` or a
    BEGIN of one's own would start a deferred transaction that fails at once with
    "database is locked" when another program writes (tests/tui/
    test_concurrent_writes.py)."""
    import re

    package = Path(__file__).resolve().parents[1] / "armybuilder"
    found = [f"{p.relative_to(package)}:{n}" for p in package.rglob("*.py")
             if p.name not in ("database.py", "connection.py")
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1)
             if re.search(r"\bengine\.begin\(\)|\bSession\(|execute\(\s*[\"']BEGIN", line)]
    assert found == [], "write through armybuilder.catalogue.database.writing: " + \
        ", ".join(found)


# --- plain sqlite3 connections (catalogue/connection.py) ---------------------------------


def test_a_database_at_the_latest_schema_opens_without_sqlalchemy(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite"
    assert open_current(path) is None and not path.exists()  # never creates a file
    open_engine(path).dispose()
    conn = open_current(path)
    assert conn is not None
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert conn.execute("PRAGMA busy_timeout").fetchone()[0] == connection.BUSY_TIMEOUT_MS
    conn.close()


@pytest.mark.parametrize("version", [1, 999])
def test_an_older_or_newer_schema_is_left_to_open_engine(tmp_path: Path, version: int) -> None:
    path = tmp_path / "a.sqlite"
    open_engine(path).dispose()
    raw = sqlite3.connect(path)
    raw.execute(f"PRAGMA user_version = {version}")
    raw.close()
    assert open_current(path) is None


def test_a_file_that_is_no_database_is_left_to_open_engine(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite"
    path.write_bytes(b"this is not sqlite" * 100)
    assert open_current(path) is None
    with pytest.raises(DatabaseError, match="not an armybuilder database"):
        Catalogue.open(path)


def test_a_read_sees_one_state_of_the_database(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite"
    open_engine(path).dispose()
    connections = Connections(path)
    with connections.reading() as db:
        before = db.execute("SELECT count(*) FROM expansion").fetchone()[0]
        with connections.writing() as other:  # another connection writes meanwhile
            other.execute("INSERT INTO expansion(slug, name) VALUES ('x', 'X')")
        assert db.execute("SELECT count(*) FROM expansion").fetchone()[0] == before
    with connections.reading() as db:
        assert db.execute("SELECT count(*) FROM expansion").fetchone()[0] == before + 1
    connections.close()


def test_a_plain_write_is_all_or_nothing_and_waits_for_the_lock(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "a.sqlite"
    open_engine(path).dispose()
    connections = Connections(path)
    with pytest.raises(sqlite3.IntegrityError), connections.writing() as db:
        db.execute("INSERT INTO expansion(slug, name) VALUES ('x', 'X')")
        db.execute("INSERT INTO expansion(slug, name) VALUES ('x', 'again')")
    with connections.reading() as db:
        assert db.execute("SELECT count(*) FROM expansion").fetchone()[0] == 0
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_MS", 200)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    fresh = Connections(path)  # its connections take the short timeout
    started = time.monotonic()
    with pytest.raises(DatabaseBusy, match=r"is busy.*nothing was changed"), \
            fresh.writing() as db:
        db.execute("INSERT INTO expansion(slug, name) VALUES ('y', 'Y')")
    assert time.monotonic() - started >= 0.2
    holder.execute("ROLLBACK")
    with fresh.writing() as db:  # the connection is usable again
        db.execute("INSERT INTO expansion(slug, name) VALUES ('y', 'Y')")
    holder.close()
    fresh.close()
    connections.close()


def test_the_loaders_read_the_same_through_sqlalchemy(tmp_path: Path) -> None:
    """One loader for both: a write's SQLAlchemy connection is read through its own
    sqlite3 connection, in its transaction."""
    catalogue = Catalogue.open(tmp_path / "a.sqlite")
    try:
        with catalogue.reading() as db:
            plain = (reading.load_catalogue(db), queries.resolve(db, "demo pikeman tough"),
                     queries.search(db, queries.SearchFilter(text="demo")))
        with catalogue.writing() as conn:
            conn.exec_driver_sql("UPDATE figure SET name = 'Renamed' WHERE key = 'demo:7'")
            through = (reading.load_catalogue(conn),
                       queries.resolve(conn, "demo pikeman tough"),
                       queries.search(conn, queries.SearchFilter(text="demo")))
            assert through[0].figures["demo:7"].name == "Renamed"  # its own transaction
            conn.exec_driver_sql("UPDATE figure SET name = 'Demo Warlord' WHERE key = "
                                 "'demo:7'")
            through = (reading.load_catalogue(conn),
                       queries.resolve(conn, "demo pikeman tough"),
                       queries.search(conn, queries.SearchFilter(text="demo")))
        assert through == plain
        with catalogue.engine.connect() as conn:  # outside a write as well
            assert reading.load_figures(conn, ["demo:7"]) == {"demo:7": plain[0].figures[
                "demo:7"]}
    finally:
        catalogue.close()


# --- a database claiming migrations it lacks -----------------------------------------------


def _tables(path: Path) -> set[str]:
    raw = sqlite3.connect(path)
    try:
        return {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        raw.close()


def test_a_database_lacking_tables_its_version_claims_gets_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file whose user_version claims every migration but lacks some of their tables
    (made by an unreleased build): several commands ended in an internal error (no such
    table). Opening it adds what is missing, whole migrations or single tables."""
    from armybuilder.cli import main

    path = tmp_path / "a.sqlite"
    open_engine(path).dispose()
    every = _tables(path)
    raw = sqlite3.connect(path)
    for table in ("campaign_step", "campaign_battle", "campaign", "battle_game"):
        raw.execute(f"DROP TABLE {table}")
    raw.commit()
    raw.close()
    assert open_current(path) is None  # not taken as current: open_engine mends it
    for argv in (["campaign", "list"], ["battle", "results"]):
        assert main(["--db", str(path), *argv]) == 0, capsys.readouterr().err
    assert _tables(path) == every
    conn = open_current(path)
    assert conn is not None
    conn.close()


MIGRATION_9 = """-- a later migration, as another helper would write one
CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE INDEX ix_note_text ON note(text);
ALTER TABLE army ADD COLUMN colour TEXT NOT NULL DEFAULT '';
"""


@pytest.fixture
def later_migrations(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The project's migrations and a 0009 of a test's own, read where armybuilder
    reads them."""
    import shutil

    from armybuilder.paths import migrations_dir

    folder = tmp_path / "migrations"
    shutil.copytree(migrations_dir(), folder)
    monkeypatch.setattr(connection, "migrations_dir", lambda: folder)
    return folder


def test_the_check_reads_whatever_migrations_there_are(
        tmp_path: Path, later_migrations: Path) -> None:
    path = tmp_path / "a.sqlite"
    open_engine(path).dispose()  # at the project's latest
    (later_migrations / "0009_notes.sql").write_text(MIGRATION_9, encoding="utf-8")
    raw = sqlite3.connect(path)
    raw.execute("PRAGMA user_version = 9")  # claims 0009, has none of it
    raw.close()
    assert open_current(path) is None
    engine = open_engine(path)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT count(*) FROM note").scalar() == 0
        columns = [r[1] for r in conn.exec_driver_sql("PRAGMA table_info(army)")]
        assert "colour" in columns
    engine.dispose()
    # Only the added column lost (a table rebuilt by hand without it): it alone is added.
    raw = sqlite3.connect(path)
    raw.execute("ALTER TABLE army DROP COLUMN colour")
    raw.commit()
    raw.close()
    open_engine(path).dispose()
    conn = open_current(path)
    assert conn is not None
    assert "colour" in [r[1] for r in conn.execute("PRAGMA table_info(army)")]
    conn.close()


def test_what_cannot_be_mended_is_refused_in_one_line(
        tmp_path: Path, later_migrations: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Half of a migration that also writes rows is missing: running its statements again
    could write them twice, so the database is refused, naming what it lacks."""
    from armybuilder.cli import main

    (later_migrations / "0009_notes.sql").write_text(
        MIGRATION_9 + "INSERT INTO note(text) VALUES ('first');\n", encoding="utf-8")
    path = tmp_path / "a.sqlite"
    open_engine(path).dispose()
    raw = sqlite3.connect(path)
    raw.execute("DROP INDEX ix_note_text")
    raw.commit()
    raw.close()
    before = _tables(path)
    assert main(["--db", str(path), "army", "list"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert "says it is at schema 9 but lacks index ix_note_text" in err
    assert "0009_notes.sql also changes rows" in err
    assert _tables(path) == before
