"""Plain ``sqlite3`` connections to the database: how every connection is set up, the
database's errors, and the transactions of the code that needs no SQLAlchemy.

Importing SQLAlchemy and SQLModel takes most of a command's start (issue 21), and reading
needs neither: a database file already at the latest schema is read through Python's own
sqlite3 here (:func:`open_current`, :class:`Connections`). A file that must be created or
migrated first goes through ``database.open_engine``, which uses the same settings
(:func:`configure`), the same errors and the same migrations list.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.catalogue import schema
from armybuilder.paths import migrations_dir

if TYPE_CHECKING:
    from sqlalchemy import Connection as SQLAlchemyConnection

    #: What the readers take: a plain connection, or a SQLAlchemy one (a write's own
    #: transaction, read through its sqlite3 connection).
    Reader = sqlite3.Connection | SQLAlchemyConnection

#: How long a write waits for another program's write to finish before giving up.
BUSY_TIMEOUT_MS = 5000
#: Idle connections kept for the next read; more threads at once just open more.
KEPT = 4


class DatabaseError(RuntimeError):
    """The database file cannot be opened or migrated."""


class DatabaseBusy(DatabaseError):
    """Another program held the database's write lock for longer than the busy timeout."""


def configure(conn: sqlite3.Connection) -> None:
    """The settings of every connection, plain or SQLAlchemy's."""
    # Foreign keys are off by default in SQLite and are per connection; WAL lets the
    # app read while an import writes. The busy timeout comes first: switching to WAL
    # may itself have to wait for another connection.
    cursor = conn.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_MS)}")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.close()


def is_busy(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite giving up on a lock another connection holds."""
    orig = getattr(exc, "orig", exc)
    return isinstance(orig, sqlite3.OperationalError) and any(
        word in str(orig).lower() for word in ("database is locked", "database is busy"))


def busy_error(path: str | Path) -> DatabaseBusy:
    seconds = BUSY_TIMEOUT_MS / 1000
    return DatabaseBusy(
        f"the database {path} is busy: another program has been writing to "
        f"it for more than {seconds:g} s; nothing was changed, try again")


def migrations() -> list[tuple[int, Path]]:
    files = sorted(migrations_dir().glob("[0-9][0-9][0-9][0-9]_*.sql"))
    return [(int(p.name[:4]), p) for p in files]


def connect(path: Path) -> sqlite3.Connection:
    """A connection to ``path`` (which must exist: sqlite3 would create an empty file)."""
    # No implicit transactions: reading() and writing() begin their own, as database.py
    # has SQLAlchemy do. Any thread may use it, one at a time (Connections hands it out).
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        configure(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def open_current(path: Path) -> sqlite3.Connection | None:
    """A connection to the database at ``path`` when it exists and is at the latest
    schema; None when ``database.open_engine`` must open it (a new file to create, a schema
    to migrate, and every error it reports: not a database, newer than this armybuilder)."""
    if not path.is_file():
        return None
    try:
        conn = connect(path)
    except sqlite3.Error:
        return None
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.Error:
        conn.close()
        return None
    listed = migrations()
    if version != max((n for n, _ in listed), default=0):
        conn.close()
        return None
    try:
        # Every table (index, added column) its migrations leave: a file claiming a
        # migration it lacks goes to database.migrate, which adds it or says why not.
        incomplete = bool(schema.lacking(conn, listed, version))
    except (sqlite3.Error, schema.SchemaError):
        incomplete = True
    if incomplete:
        conn.close()
        return None
    return conn


def dbapi(conn: Reader) -> sqlite3.Connection:
    """The sqlite3 connection under ``conn``: itself, or a SQLAlchemy connection's own, in
    that connection's transaction (begun here if need be, as its own select would)."""
    if isinstance(conn, sqlite3.Connection):
        return conn
    if not conn.in_transaction():
        conn.begin()
    raw: Any = conn.connection.dbapi_connection
    return raw


class Connections:
    """Plain connections to one database file, each used by one thread at a time."""

    def __init__(self, path: Path, first: sqlite3.Connection | None = None) -> None:
        self.path = path
        self._idle: list[sqlite3.Connection] = [] if first is None else [first]
        self._lock = threading.Lock()
        self._closed = False

    def _take(self) -> sqlite3.Connection:
        with self._lock:
            if self._idle:
                return self._idle.pop()
        return connect(self.path)

    def _give(self, conn: sqlite3.Connection) -> None:
        if not _ended(conn):  # an error left it mid-way: never hand that on
            conn.close()
            return
        with self._lock:
            if not self._closed and len(self._idle) < KEPT:
                self._idle.append(conn)
                return
        conn.close()

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: every query in it sees the same state of the database."""
        conn = self._take()
        try:
            conn.execute("BEGIN")
            yield conn
            conn.execute("COMMIT")
        finally:
            self._give(conn)

    @contextmanager
    def writing(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, as ``database.writing``: it waits (up to the busy
        timeout) for the write lock before it reads anything, commits at the end, and
        rolls back on any error."""
        conn = self._take()
        try:
            try:
                conn.execute("BEGIN IMMEDIATE")
                yield conn
                conn.execute("COMMIT")
            except sqlite3.OperationalError as exc:
                if is_busy(exc):
                    raise busy_error(self.path) from exc
                raise
        finally:
            self._give(conn)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()


def _ended(conn: sqlite3.Connection) -> bool:
    """Whether ``conn`` is out of any transaction (one an error left open rolled back)."""
    if not conn.in_transaction:
        return True
    try:
        conn.execute("ROLLBACK")
    except sqlite3.Error:
        return False
    return not conn.in_transaction
