"""Two writers at once: four programs and the app change armies in one database file.

Every write takes SQLite's write lock as it begins (BEGIN IMMEDIATE) and waits out the busy
timeout for it, so concurrent writers queue instead of failing, and no read-modify-write of
an army's entries can lose another program's change. A lock held past the timeout is one
clear line from the command line (exit 1) and a message in the app, which keeps running.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from textual.widgets import Input

import armybuilder.catalogue.connection as connection
from armybuilder.armies.service import Armies
from armybuilder.catalogue.service import Catalogue
from armybuilder.cli import main
from armybuilder.tui.app import create_app
from armybuilder.tui.screens.builder import BuilderScreen
from tui.tui_support import SIZE, settle, started

PROCESSES = 4
OPERATIONS = 220  # each process's adds and removes
SHARED, COMMON = "Shared", "demo:5"
APP_KEY = "demo:11"  # Demo Ranger, the app's own figure in the shared army

#: One writing program: adds and removes its own figure in the shared army and in its
#: own army, and adds the figure every process adds to the shared army. It counts what it
#: did; any exception at all is a failure.
WORKER = r"""
import json, random, sys
from armybuilder.armies.service import Armies
from armybuilder.catalogue.service import Catalogue

db, me, operations, shared, common = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), \
    sys.argv[4], sys.argv[5]
armies = Armies(Catalogue.open(db, seed=False))
rng = random.Random(me)
own, mine = f"demo:{me + 1}", f"P{me}"
done = {shared: {own: 0, common: 0}, mine: {own: 0}}
failures = []
for i in range(operations):
    army = rng.choice((shared, mine))
    key = common if army == shared and rng.random() < 0.3 else own
    remove = key == own and done[army][own] > 0 and rng.random() < 0.4
    try:
        if remove:
            armies.remove(army, own, count=1)
            done[army][own] -= 1
        else:
            armies.add(army, key)
            done[army][key] += 1
    except Exception as exc:
        failures.append(f"operation {i}: {type(exc).__name__}: {exc}")
print(json.dumps({"done": done, "failures": failures}))
"""


def counts(db: Path) -> dict[str, Counter[str]]:
    catalogue = Catalogue.open(db, seed=False)
    try:
        out: dict[str, Counter[str]] = {}
        for army in Armies(catalogue).list():
            out[army.name] = Counter()
            for e in army.entries:
                out[army.name][e.figure_key] += e.count
        return out
    finally:
        catalogue.close()


def prepare(db: Path) -> None:
    catalogue = Catalogue.open(db)
    try:
        armies = Armies(catalogue)
        for name in (SHARED, *(f"P{i}" for i in range(PROCESSES))):
            armies.new(name, 10_000, "casual")
    finally:
        catalogue.close()


async def test_four_programs_and_the_app_write_at_once(tui_db: Path) -> None:
    prepare(tui_db)
    workers = [subprocess.Popen([sys.executable, "-c", WORKER, str(tui_db), str(i),
                                 str(OPERATIONS), SHARED, COMMON],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for i in range(PROCESSES)]
    app_added = app_removed = 0
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        app.open_army(SHARED)
        await settle(pilot)
        assert isinstance(app.screen, BuilderScreen)
        app.screen.query_one("#text", Input).value = "ranger"
        await settle(pilot)
        assert app.screen.browser.table.highlighted_key == APP_KEY
        # The app edits for as long as the four programs write (and at least 30 times).
        step = 0
        while step < 30 or any(w.poll() is None for w in workers):
            if step % 3 == 2:
                await pilot.press("minus")
                app_removed += 1
            else:
                await pilot.press("a")
                app_added += 1
            await settle(pilot)
            step += 1
        failed = [n.message for n in app._notifications if n.title == "Army not changed"]
        assert failed == []
    results = []
    for w in workers:
        out, err = w.communicate(timeout=120)
        assert w.returncode == 0, err
        results.append(json.loads(out))
    assert [f for r in results for f in r["failures"]] == []

    expected: dict[str, Counter[str]] = {}
    for r in results:
        for army, done in r["done"].items():
            expected.setdefault(army, Counter()).update(done)
    expected[SHARED][APP_KEY] += app_added - app_removed
    # Nothing lost: every add and remove of every writer is in the database.
    found = counts(tui_db)
    assert {a: +c for a, c in found.items()} == {a: +c for a, c in expected.items()}
    assert sum(found[SHARED].values()) > PROCESSES * 20


@pytest.fixture
def locked(tui_db: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Another program holds the write lock; writes here give up after 0.2 s."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_MS", 200)
    prepare(tui_db)
    holder = sqlite3.connect(tui_db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    yield holder
    if holder.in_transaction:
        holder.execute("ROLLBACK")
    holder.close()


def test_a_lock_held_too_long_is_one_line_and_exit_1(
        locked: sqlite3.Connection, tui_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    started_at = time.monotonic()
    code = main(["army", "add", SHARED, "demo:1"])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith("armybuilder: error: the database ")
    assert "is busy" in err and "nothing was changed" in err
    assert time.monotonic() - started_at >= 0.2  # it waited for the lock first
    locked.execute("ROLLBACK")
    assert main(["army", "add", SHARED, "demo:1"]) == 0
    assert counts(tui_db)[SHARED] == Counter({"demo:1": 1})


async def test_the_app_says_the_database_is_busy_and_carries_on(
        locked: sqlite3.Connection, tui_db: Path) -> None:
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        app.open_army(SHARED)
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        said = [n.message for n in app._notifications if n.title == "Army not changed"]
        assert len(said) == 1 and "is busy" in said[0]
        assert app.is_running and isinstance(app.screen, BuilderScreen)
        locked.execute("ROLLBACK")
        await pilot.press("a")
        await settle(pilot)
        assert app.army_check is not None and len(app.army_check.army.entries) == 1
