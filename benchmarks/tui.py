"""How quick the app is with the full catalogue (../shared/data/rebuilt), printed.

    .venv/bin/python benchmarks/tui.py

Imports mkstats_rebuilt.json into a temporary database, then drives the app with Pilot:
how long until the catalogue table is filled after start, and how long a keystroke in the
name filter takes to refill the table (the filter's debounce included). Figures only; it
asserts nothing.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
SOURCE = SHARED_DATA / "rebuilt" / "mkstats_rebuilt.json"
SIZE = (160, 48)
#: Typed one key at a time into the name filter, then taken back.
TYPED = ["g", "u", "a", "r", "d", "backspace", "backspace", "backspace", "backspace",
         "backspace", "s", "h", "backspace", "backspace"]


def build_database(folder: Path) -> Path:
    from armybuilder.catalogue.service import Catalogue

    db = folder / "bench.sqlite"
    catalogue = Catalogue.open(db)
    summary = catalogue.update_from_feed(SOURCE)
    print(f"catalogue: {catalogue.summary()['figures']} figures "
          f"({len(summary.added)} from the feed)")
    catalogue.close()
    return db


async def _until(condition, timeout: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    end = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > end:
            raise TimeoutError("the app did not get there in time")
        await asyncio.sleep(0.001)


async def open_and_type(db: Path) -> dict[str, object]:
    from textual.geometry import Region

    from armybuilder.tui.app import create_app
    from armybuilder.tui.screens.catalogue import CatalogueScreen

    start = time.perf_counter()
    app = create_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await _until(lambda: isinstance(app.screen, CatalogueScreen)
                     and app.screen.browser.shown >= 1)
        opened = time.perf_counter() - start
        screen = app.screen
        assert isinstance(screen, CatalogueScreen)
        rows = screen.browser.table.row_count
        await pilot.pause(0.3)
        await pilot.press("slash")
        table = screen.browser.table
        refilled: list[float] = []
        painted: list[float] = []
        for key in TYPED:
            before = screen.browser.shown
            t0 = time.perf_counter()
            # The key goes in at t0; Pilot's own waiting for idle is not the app's time.
            pressing = asyncio.create_task(pilot.press(key))
            await _until(lambda b=before: screen.browser.shown > b)
            t1 = time.perf_counter()
            refilled.append(t1 - t0)
            # What the compositor does next for the table: draw every line on screen.
            # (A headless app does not paint, so this is timed by hand.)
            table.render_lines(Region(0, 0, table.size.width, table.size.height))
            painted.append(time.perf_counter() - t0)
            await pressing
            await pilot.pause(0.15)
        # Cursor to another figure: its dial shown (after the card's settle delay).
        await pilot.press("escape")
        await pilot.pause(0.3)
        card = screen.card
        wanted = table.key_at(table.cursor_row + 1)
        t0 = time.perf_counter()
        pressing = asyncio.create_task(pilot.press("down"))
        await _until(lambda: card.view is not None and card.view.figure.key == wanted)
        card_s = time.perf_counter() - t0
        await pressing
    return {"opened": opened, "rows": rows, "refilled": refilled, "painted": painted,
            "card": card_s}


def cold_start(db: Path, pycache: Path | None = None) -> tuple[float, float, float, float]:
    """A fresh interpreter: import the app and open it. Seconds to the first screen, to
    the table filled (the first look, plain sqlite3), to the real search shown (filters
    work) and to the first figure's card shown."""
    code = (
        "import asyncio, sys, time\n"
        "t = time.perf_counter()\n"
        "from armybuilder.tui.app import create_app\n"
        "from armybuilder.tui.screens.catalogue import CatalogueScreen\n"
        "async def main():\n"
        "    app = create_app(sys.argv[1])\n"
        f"    async with app.run_test(size={SIZE}) as pilot:\n"
        "        while not isinstance(app.screen, CatalogueScreen):\n"
        "            await asyncio.sleep(0.001)\n"
        "        first = time.perf_counter() - t\n"
        "        screen = app.screen\n"
        "        while not screen.browser.table.row_count:\n"
        "            await asyncio.sleep(0.001)\n"
        "        filled = time.perf_counter() - t\n"
        "        while not screen.browser.shown:\n"
        "            await asyncio.sleep(0.001)\n"
        "        searched = time.perf_counter() - t\n"
        "        while screen.card.view is None:\n"
        "            await asyncio.sleep(0.001)\n"
        "        print(first, filled, searched, time.perf_counter() - t)\n"
        "asyncio.run(main())\n")
    env = dict(os.environ)
    if pycache is not None:
        # As installed: compiled bytecode kept between runs (this environment may set
        # PYTHONDONTWRITEBYTECODE, which makes every start compile the project's modules).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    out = subprocess.run([sys.executable, "-c", code, str(db)], capture_output=True,
                         text=True, check=True, env=env)
    first, filled, searched, card = out.stdout.strip().splitlines()[-1].split()
    return float(first), float(filled), float(searched), float(card)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def main() -> int:
    if not SOURCE.is_file():
        print(f"skipped: {SOURCE} is not present")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        db = build_database(Path(tmp))
        colds = [cold_start(db) for _ in range(3)]
        pycache = Path(tmp) / "pycache"
        cold_start(db, pycache)  # fills the bytecode cache
        cached = [cold_start(db, pycache) for _ in range(3)]
        got = asyncio.run(open_and_type(db))
        refilled, painted = got["refilled"], got["painted"]
        assert isinstance(refilled, list) and isinstance(painted, list)
        for label, runs in (("no bytecode cache", colds), ("bytecode cached", cached)):
            def median(i: int, runs: list[tuple[float, ...]] = runs) -> str:
                return f"{statistics.median(c[i] for c in runs):.2f} s"

            print(f"cold start, new interpreter, {label} (3 runs, medians): first screen "
                  f"{median(0)}; table of {got['rows']} figures filled {median(1)} (worst "
                  f"{max(c[1] for c in runs):.2f} s); filters live {median(2)}; first card "
                  f"shown {median(3)}")
        print(f"open in a warm interpreter (create_app to table filled): {got['opened']:.2f} s")
        worst = max(range(len(refilled)), key=refilled.__getitem__)
        print(f"filter keystroke -> table refilled ({len(refilled)} keys, 30 ms debounce "
              f"included): median {ms(statistics.median(refilled))}, worst {ms(max(refilled))}"
              f" (key {worst + 1}, {TYPED[worst]!r})")
        print(f"filter keystroke -> refilled table drawn (lines on screen rendered): median "
              f"{ms(statistics.median(painted))}, worst {ms(max(painted))}")
        print(f"cursor down -> next figure's dial shown (80 ms settle included): "
              f"{ms(float(got['card']))}")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
