"""How quick the app is with the full catalogue (../shared/data/rebuilt), printed.

    .venv/bin/python benchmarks/tui.py

Imports mkstats_rebuilt.json into a temporary database, then drives the app with Pilot:
how long until the catalogue table is filled after start, and how long a keystroke in the
name filter takes to refill the table (the filter's debounce included). Figures only; it
asserts nothing.
"""

from __future__ import annotations

import asyncio
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


def cold_start(db: Path) -> tuple[float, float]:
    """A fresh interpreter: import the app and open it; seconds to the first screen and
    to the catalogue table filled."""
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
        "        while not app.screen.browser.shown:\n"
        "            await asyncio.sleep(0.001)\n"
        "        print(first, time.perf_counter() - t)\n"
        "asyncio.run(main())\n")
    out = subprocess.run([sys.executable, "-c", code, str(db)], capture_output=True,
                         text=True, check=True)
    first, filled = out.stdout.strip().splitlines()[-1].split()
    return float(first), float(filled)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def main() -> int:
    if not SOURCE.is_file():
        print(f"skipped: {SOURCE} is not present")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        db = build_database(Path(tmp))
        colds = [cold_start(db) for _ in range(3)]
        got = asyncio.run(open_and_type(db))
        refilled, painted = got["refilled"], got["painted"]
        assert isinstance(refilled, list) and isinstance(painted, list)
        print(f"cold start, new interpreter (3 runs): first screen median "
              f"{statistics.median(c[0] for c in colds):.2f} s; table of {got['rows']} "
              f"figures filled median {statistics.median(c[1] for c in colds):.2f} s, "
              f"worst {max(c[1] for c in colds):.2f} s")
        print(f"open in a warm interpreter (create_app to table filled): {got['opened']:.2f} s")
        print(f"filter keystroke -> table refilled ({len(refilled)} keys, 30 ms debounce "
              f"included): median {ms(statistics.median(refilled))}, worst {ms(max(refilled))}")
        print(f"filter keystroke -> refilled table drawn (lines on screen rendered): median "
              f"{ms(statistics.median(painted))}, worst {ms(max(painted))}")
        print(f"cursor down -> next figure's dial shown (80 ms settle included): "
              f"{ms(float(got['card']))}")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
