"""The SQLite database through SQLAlchemy: engine, write transactions and migrations.

The settings every connection gets, the errors and the migrations list are in
``connection.py``, shared with the plain sqlite3 connections that read without SQLAlchemy.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Connection, Engine, event
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, create_engine

from armybuilder.catalogue import connection, schema
from armybuilder.catalogue.connection import (
    DatabaseBusy,
    DatabaseError,
    is_busy,
    migrations,
)

#: The execution option that marks a connection's transaction as a write (see ``writing``).
_WRITE = "armybuilder_write"


def _on_connect(dbapi_connection: sqlite3.Connection, _record: object) -> None:
    connection.configure(dbapi_connection)


def _sqlite_driver_transactions(engine: Engine) -> None:
    # pysqlite's own implicit BEGIN does not cover DDL, so a failed migration could leave
    # half a schema; let SQLAlchemy issue BEGIN itself (SQLAlchemy docs, "Serializable
    # isolation / Savepoints / Transactional DDL").
    @event.listens_for(engine, "connect")
    def _no_implicit_begin(dbapi_connection: sqlite3.Connection, _record: object) -> None:
        dbapi_connection.isolation_level = None

    @event.listens_for(engine, "begin")
    def _begin(conn) -> None:  # type: ignore[no-untyped-def]
        # A write takes the write lock as it begins (BEGIN IMMEDIATE), where the busy
        # timeout applies. A deferred transaction that reads first and then writes cannot
        # wait in WAL mode: SQLite fails it at once with "database is locked", as its
        # snapshot may be stale (SQLite docs, "Transaction" and "busy_timeout").
        immediate = conn.get_execution_options().get(_WRITE, False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def busy_error(engine: Engine) -> DatabaseBusy:
    return connection.busy_error(engine.url.database or "")


@contextmanager
def writing(engine: Engine) -> Iterator[Connection]:
    """One write transaction: it waits (up to the busy timeout) for the write lock before
    it reads anything, commits at the end, rolls back on any error. Every write through
    SQLAlchemy goes through here (plain sqlite3 writes: ``Connections.writing``, the same
    transaction); reads use ``Catalogue.reading()``, or ``engine.connect()``."""
    try:
        with engine.connect() as conn:
            conn.execution_options(**{_WRITE: True})
            with conn.begin():
                yield conn
    except OperationalError as exc:
        if is_busy(exc):
            raise busy_error(engine) from exc
        raise


def open_engine(path: Path) -> Engine:
    """An engine on ``path`` with every pragma set and the schema migrated."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(f"cannot create the folder for {path}: {exc}") from exc
    engine = create_engine(f"sqlite:///{path}")
    event.listen(engine, "connect", _on_connect)
    _sqlite_driver_transactions(engine)
    try:
        migrate(engine)
    except DatabaseError:
        raise
    except Exception as exc:
        if is_busy(exc):
            raise busy_error(engine) from exc
        if isinstance(exc, sqlite3.DatabaseError):
            raise DatabaseError(f"{path} is not an armybuilder database: {exc}") from exc
        orig = getattr(exc, "orig", None)
        if isinstance(orig, sqlite3.DatabaseError):
            raise DatabaseError(f"{path} is not an armybuilder database: {orig}") from exc
        raise
    return engine


def schema_version(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.exec_driver_sql("PRAGMA user_version").scalar() or 0)


def migrate(engine: Engine) -> list[int]:
    """Add what the migrations the database claims left and it lacks (:func:`repair`),
    then apply every migration newer than the database, each in its own transaction."""
    applied: list[int] = []
    current = schema_version(engine)
    latest = max((n for n, _ in migrations()), default=0)
    if current > latest:
        raise DatabaseError(
            f"the database is at schema {current}, newer than this armybuilder ({latest})"
        )
    repair(engine)
    for number, file in migrations():
        if number <= current:
            continue
        with writing(engine) as conn:
            # Another program may have migrated while this one waited for the lock.
            if int(conn.exec_driver_sql("PRAGMA user_version").scalar() or 0) >= number:
                continue
            _run(conn, _statements(file.read_text(encoding="utf-8")))
            _raw(conn).execute(f"PRAGMA user_version = {number}")
        applied.append(number)
    return applied


def repair(engine: Engine) -> list[int]:
    """A database whose ``user_version`` claims migrations it lacks the tables of (made
    by an unreleased build, say): what is missing is added, in one transaction, when the
    migration's own statements can add it (schema.repair_plan); otherwise it is refused in
    one line, naming what is missing. The migrations repaired."""
    path = engine.url.database or "the database"
    repaired: list[int] = []
    with writing(engine) as conn:
        version = int(conn.exec_driver_sql("PRAGMA user_version").scalar() or 0)
        for migration, missing in schema.lacking(_raw(conn), migrations(), version):
            plan = schema.repair_plan(migration, missing)
            if isinstance(plan, str):
                raise DatabaseError(_lacks(path, version, missing, plan))
            _run(conn, plan)
            repaired.append(migration.number)
        still = schema.lacking(_raw(conn), migrations(), version)
        if still:
            raise DatabaseError(_lacks(path, version, still[0][1], "adding it failed"))
    return repaired


def _lacks(path: str, version: int, missing: list[schema.Thing], why: str) -> str:
    named = ", ".join(str(t) for t in missing[:5]) + (" ..." if len(missing) > 5 else "")
    return (f"{path}: the database says it is at schema {version} but lacks {named} "
            f"(made by another build of armybuilder?); it cannot be mended here: {why}")


def _raw(conn: Connection) -> sqlite3.Connection:
    raw = conn.connection.dbapi_connection
    assert raw is not None
    return raw  # type: ignore[return-value]


def _run(conn: Connection, statements: list[str]) -> None:
    # executescript would COMMIT; run the statements one by one inside our BEGIN.
    raw = _raw(conn)
    for statement in statements:
        raw.execute(statement)


def _statements(script: str) -> list[str]:
    try:
        return schema.statements(script)
    except schema.SchemaError as exc:
        raise DatabaseError(str(exc)) from None


def session(engine: Engine) -> Session:
    return Session(engine, expire_on_commit=False)
