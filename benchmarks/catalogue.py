"""Catalogue benchmarks on the full-size catalogue (../shared/data/rebuilt), printed.

    .venv/bin/python benchmarks/catalogue.py
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from armybuilder.catalogue.queries import SearchFilter
from armybuilder.catalogue.service import Catalogue

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
SOURCE = SHARED_DATA / "rebuilt" / "mkstats_rebuilt.json"

SEARCHES = [
    SearchFilter(faction="Atlantis Guild", min_points=20, max_points=60),
    SearchFilter(text="guard"),
    SearchFilter(ability="Flight", min_range=6),
    SearchFilter(expansion="lancers", rank="tough", start_ability="Battle Armor"),
    SearchFilter(min_attack=10, min_defense=16, unique=True),
]


def main() -> int:
    if not SOURCE.is_file():
        print(f"skipped: {SOURCE} is not present")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite"
        cat = Catalogue.open(db, seed=True)
        start = time.perf_counter()
        first = cat.update_from_feed(SOURCE)
        import_s = time.perf_counter() - start
        start = time.perf_counter()
        again = cat.update_from_feed(SOURCE)
        reimport_s = time.perf_counter() - start
        timings: list[float] = []
        for _ in range(40):
            for f in SEARCHES:
                start = time.perf_counter()
                cat.search(f)
                timings.append(time.perf_counter() - start)
        start = time.perf_counter()
        cat.figure("rebellion:58")
        show_s = time.perf_counter() - start
        cat.close()
        size = db.stat().st_size
    print(f"import {len(first.added)} figures into an empty database: {import_s:.2f} s")
    print(f"unchanged re-import ({again.unchanged} unchanged): {reimport_s:.2f} s")
    print(f"filtered search: median {statistics.median(timings) * 1000:.2f} ms, "
          f"max {max(timings) * 1000:.2f} ms over {len(timings)} searches")
    print(f"show one figure with its dial: {show_s * 1000:.2f} ms")
    print(f"database size: {size / 1024 / 1024:.2f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
