"""The castle property test's sieges, as many as asked, printed.

    .venv/bin/python benchmarks/castle_sweep.py [sieges] [first seed] [workers] [real]

Each siege is ``tests/engine/castle_sieges.py``'s ``play_siege(seed)``: the project's
fixture castle sections (every piece, walls with and without a doorway, Heavy or Light)
where the engine's default plan puts them along a random edge of a 48" table, hand-made
warriors (cavalry and a fixture chariot among them) deployed at random - the legal
listing's places, and made-up places across the closed portals and near the castle -
(with ``real``: warriors drawn from the real catalogue in ../shared/data instead), then
played at random with the portals, ladders and attacks on the castle favoured; every
rule the property test checks is checked after every action, and the log is replayed.
The test suite plays a few of these seeds in every run (``SET_UP_SIEGES`` in
``tests/engine/test_engine_castle_properties.py``); this plays thousands, and prints what
they played (pieces, edges, deployments, portals) and every rule broken, by the first line
of its message, with the seeds that broke it. Asserts nothing; exits 1 when a rule broke.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO / "tests"), str(REPO / "tests" / "engine")]


_POOL: list[Any] = []  # a worker's real figures, loaded once


def _real(flag: bool) -> None:
    if flag and not _POOL:
        sys.path.insert(0, str(REPO / "benchmarks"))
        import battle as bench  # the sibling benchmark's catalogue
        _POOL.extend(bench.load_catalogue())


def one(job: tuple[int, bool]) -> tuple[int, Counter[str], tuple[str, str]]:
    """Siege ``seed``: what it played, and the rule it broke first (the check's line and
    its message; empty when none)."""
    from castle_sieges import play_siege
    seed, real = job
    _real(real)
    try:
        return seed, play_siege(seed, pool=_POOL), ("", "")
    except AssertionError as exc:
        where = traceback.extract_tb(exc.__traceback__)[-1]
        first = (str(exc).splitlines() or [""])[0][:300]
        return seed, Counter({"sieges": 1}), (
            f"{Path(where.filename).name}:{where.lineno}: {where.line}", first)


def main() -> int:
    sieges = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else (os.cpu_count() or 1)
    real = len(sys.argv) > 4 and sys.argv[4] == "real"
    if real and not (REPO.parent / "shared" / "data").is_dir():
        print("needs ../shared/data (the real catalogue) for real figures")
        return 0
    start = time.perf_counter()
    total: Counter[str] = Counter()
    broken: dict[str, list[int]] = {}
    example: dict[str, str] = {}
    with Pool(workers) as pool:
        jobs = [(seed, real) for seed in range(first, first + sieges)]
        for seed, counts, (check, message) in pool.imap_unordered(one, jobs):
            total += counts
            if check:
                broken.setdefault(check, []).append(seed)
                example.setdefault(check, f"seed {seed}: {message}")
    seconds = time.perf_counter() - start
    print(f"{sieges} sieges (seeds {first}..{first + sieges - 1}), "
          f"{'real figures' if real else 'hand-made warriors'}, {workers} workers, "
          f"{seconds:.0f} s")
    for key, value in sorted(total.items()):
        print(f"  {key}: {value}")
    failed = sum(len(seeds) for seeds in broken.values())
    print(f"  sieges that broke a rule: {failed}")
    for check, seeds in sorted(broken.items(), key=lambda kv: -len(kv[1])):
        print(f"    {len(seeds)} x {check}\n      seeds {sorted(seeds)[:12]}\n"
              f"      e.g. {example[check]}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
