"""Each app test gets its own copy of a database seeded with the demo catalogue only.

tests/tui is a package (it has an __init__.py) so that this conftest is imported as
``tui.conftest`` and does not shadow the ``conftest`` module other test files import.
"""

from __future__ import annotations

import shutil
import sqlite3
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, event

import armybuilder.tui
from armybuilder.catalogue import connection
from armybuilder.catalogue.service import Catalogue


@pytest.fixture(scope="session")
def demo_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database seeded with the demo catalogue only, made once per test session."""
    path = tmp_path_factory.mktemp("tui-template") / "armybuilder.sqlite"
    Catalogue.open(path).close()
    return path


@pytest.fixture
def tui_db(demo_template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh demo database; ARMYBUILDER_DB points at it so nothing touches the real one."""
    path = tmp_path / "armybuilder.sqlite"
    for suffix in ("", "-wal", "-shm"):
        source = demo_template.with_name(demo_template.name + suffix)
        if source.exists():
            shutil.copy(source, path.with_name(path.name + suffix))
    monkeypatch.setenv("ARMYBUILDER_DB", str(path))
    return path


class UiThreadQueries:
    """SQL the app's own code ran on the UI thread (it must run in workers)."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def __call__(self, conn: object, cursor: object, statement: str, *_: object) -> None:
        self.traced(statement)

    def traced(self, statement: str) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        frame = sys._getframe(1)
        while frame is not None:
            if TUI_CODE in frame.f_code.co_filename:
                where = f"{Path(frame.f_code.co_filename).name}:{frame.f_lineno}"
                self.found.append(f"{where}: {statement.splitlines()[0][:80]}")
                return
            frame = frame.f_back


TUI_CODE = str(Path(armybuilder.tui.__file__).parent)


@pytest.fixture(autouse=True)
def ui_thread_queries(monkeypatch: pytest.MonkeyPatch) -> Iterator[UiThreadQueries]:
    """Every app test fails if the app queried the database on the UI thread: through
    SQLAlchemy, or through the plain sqlite3 connections that read without it."""
    watch = UiThreadQueries()
    event.listen(Engine, "before_cursor_execute", watch)
    plain = connection.connect

    def watched(path: Path) -> sqlite3.Connection:
        conn = plain(path)
        conn.set_trace_callback(watch.traced)
        return conn

    monkeypatch.setattr(connection, "connect", watched)
    try:
        yield watch
    finally:
        event.remove(Engine, "before_cursor_execute", watch)
    assert not watch.found, "database work on the UI thread:\n" + "\n".join(watch.found)
