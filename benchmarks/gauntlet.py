"""Gauntlet benchmarks on the real catalogue (../shared/data/rebuilt), printed.

    .venv/bin/python benchmarks/gauntlet.py [games per pair] [games for the 20-army run]

(defaults 20 and 10; 0 for the 20-army run leaves it out)

Random 200-point armies (Rulebook VII, The Standard Game) drawn from the real catalogue and
saved in a scratch database, heuristic players, the "standard" terrain preset:

1. A batch of one pair (``battle``) with 1 and 2 local worker processes: games per second
   of wall time, the speed-up, and CPU time (this process and its workers) per game.
   The start-up before the first game: opening the catalogue and loading the armies (once
   per run), and starting a worker process that receives them (once per worker).
2. A 6-army gauntlet (15 pairs) with 1 and 2 local workers and with Ray at 2 workers,
   taking turns (a shared machine's load changes from minute to minute): the Ray
   backend's overhead against local at the same worker count, turn by turn; then a Ray
   started for the run and stopped after it, as the command does, and that fixed cost.
3. A 20-army gauntlet's kept results (190 pairs): the database's bytes per game, and the
   memory and time to load them (the table's results without figure tables, as the report
   holds them, and with every figure's numbers, as the workbook reads them pair by pair),
   per game and scaled to 100 and 1000 games a pair.

Every run is ``fresh`` (kept results are not reused: each plays its games). The machine
may be shared: the load average is printed with the figures, and CPU time says what the
games cost whatever else runs. Asserts nothing.
"""

from __future__ import annotations

import gc
import os
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from dataclasses import replace
from pathlib import Path

from armybuilder.armies.service import Armies
from armybuilder.catalogue.queries import SearchFilter
from armybuilder.catalogue.service import Catalogue
from armybuilder.engine.adapter import playable_cards
from armybuilder.sim.batch import BattleRequest, play, prepare
from armybuilder.sim.gauntlet import GauntletRequest, play_gauntlet, prepare_gauntlet
from armybuilder.sim.kept import KeptResults
from armybuilder.sim.random_armies import random_army
from armybuilder.sim.runner import Chunk, play_chunks

REPO = Path(__file__).resolve().parents[1]
SOURCE = REPO.parent / "shared" / "data" / "rebuilt"
BUILD_TOTAL = 200
#: Turns of the one-pair batch at 1 and 2 workers.
REPEATS = 3


def cpu_seconds() -> float:
    """This process's CPU time and that of its finished child processes (on Windows, this
    process's only)."""
    try:
        import resource
    except ImportError:
        return time.process_time()
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def load() -> str:
    if not hasattr(os, "getloadavg"):  # Windows
        return f"{os.cpu_count()} CPUs"
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (5 min {five:.2f}) on {os.cpu_count()} CPUs"


def make_database(folder: Path, armies: int, seed: int = 2026) -> tuple[Path, list[str]]:
    """A scratch database with the real catalogue and ``armies`` random 200-point armies."""
    db = folder / "bench.sqlite"
    catalogue = Catalogue.open(db)
    try:
        catalogue.update_from_feed(SOURCE)
        keys = [s.key for s in catalogue.search(SearchFilter(kind="warrior"))]
        cards = playable_cards(catalogue.figures(keys).values())
        saved = Armies(catalogue)
        rng = random.Random(seed)
        names = []
        for i in range(armies):
            name = f"Army {i + 1:02d}"
            saved.new(name, BUILD_TOTAL, "open")
            for card in random_army(cards, rng, BUILD_TOTAL):
                saved.add(name, card.key)
            names.append(name)
    finally:
        catalogue.close()
    return db, names


def timed_gauntlet(db: Path, request: GauntletRequest) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, games) of a fresh gauntlet, start-up included."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    catalogue = Catalogue.open(db)
    try:
        gauntlet = prepare_gauntlet(catalogue, request)
        report = play_gauntlet(gauntlet, KeptResults(catalogue.engine))
    finally:
        catalogue.close()
    return time.perf_counter() - wall, cpu_seconds() - cpu, report.played


def start_up(db: Path, names: list[str]) -> None:
    wall = time.perf_counter()
    catalogue = Catalogue.open(db)
    try:
        gauntlet = prepare_gauntlet(catalogue, GauntletRequest(tuple(names)))
    finally:
        catalogue.close()
    prepared = time.perf_counter() - wall
    wall = time.perf_counter()
    # Two workers start, receive every matchup and answer an empty chunk.
    play_chunks([p.matchup for p in gauntlet.pairings], [Chunk(0, ()), Chunk(0, ())],
                workers=2, on_chunk=lambda chunk, results: None)
    workers = time.perf_counter() - wall
    print(f"  start-up: catalogue opened and {len(names)} armies loaded in {prepared:.2f} s "
          f"(once a run); 2 worker processes started with every matchup in {workers:.2f} s "
          f"(in parallel, once a run)")


def batch_speedup(db: Path, names: list[str], games: int) -> None:
    print(f"1. A batch of one pair ({names[0]} v {names[1]}), {games} games, 1 and 2 workers "
          f"taking turns {REPEATS} times (the best of each is the least disturbed); {load()}")
    walls: dict[int, list[float]] = {1: [], 2: []}
    cpus: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(REPEATS):
        for workers in (1, 2):
            battle = prepare(db, BattleRequest(names[0], names[1], games=games,
                                               workers=workers))
            wall, cpu = time.perf_counter(), cpu_seconds()
            play(battle)
            walls[workers].append(time.perf_counter() - wall)
            cpus[workers].append(cpu_seconds() - cpu)
    for workers in (1, 2):
        best, median = min(walls[workers]), statistics.median(walls[workers])
        print(f"  {workers} worker{'s' if workers > 1 else ' '}: best {games / best:5.1f} "
              f"games/s, median {games / median:5.1f} ({best:.1f} s / {median:.1f} s wall; "
              f"{1e3 * statistics.median(cpus[workers]) / games:.0f} ms CPU a game, worker "
              "start-up included)")
    print(f"  2 workers against 1: {min(walls[1]) / min(walls[2]):.2f}x the games per second "
          f"(best runs), {statistics.median(walls[1]) / statistics.median(walls[2]):.2f}x "
          f"(medians); {load()}")


def six_army(db: Path, names: list[str], games: int) -> None:
    armies = tuple(names[:6])
    request = GauntletRequest(armies, games=games, fresh=True)
    pairs = len(armies) * (len(armies) - 1) // 2
    print(f"2. A 6-army gauntlet: {pairs} pairs x {games} games = {pairs * games} games, "
          f"local 1 worker, local 2 workers and Ray at 2 workers taking turns {REPEATS} times; "
          f"{load()}")
    try:
        import ray
    except ImportError:
        ray = None
        print("  Ray: not installed (pip install 'armybuilder[ray]'); left out")
    runs: dict[str, list[tuple[float, float, int]]] = {}
    started = time.perf_counter()
    if ray is not None:
        ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
                 logging_level="ERROR")
        ray_start = time.perf_counter() - started
        timed_gauntlet(db, replace(request, workers=2, backend="ray", games=2))  # warm up
    try:
        for _ in range(REPEATS):
            for label, changes in (("local, 1 worker", {"workers": 1}),
                                   ("local, 2 workers", {"workers": 2}),
                                   ("Ray, 2 workers, running", {"workers": 2,
                                                                "backend": "ray"})):
                if "Ray" in label and ray is None:
                    continue
                runs.setdefault(label, []).append(
                    timed_gauntlet(db, replace(request, **changes)))
    finally:
        if ray is not None:
            stopped = time.perf_counter()
            ray.shutdown()
            ray_stop = time.perf_counter() - stopped
    for label, done in runs.items():
        walls = [w for w, _, _ in done]
        played = done[0][2]
        cpu = ("CPU in Ray's own processes" if "Ray" in label else
               f"{1e3 * statistics.median(c for _, c, _ in done) / played:.0f} ms CPU a game")
        print(f"  {label:28}: best {played / min(walls):5.1f} games/s, median "
              f"{played / statistics.median(walls):5.1f} ({min(walls):.1f} s best wall; {cpu})")
    one, two = ([w for w, _, _ in runs[k]] for k in ("local, 1 worker", "local, 2 workers"))
    print(f"  2 local workers against 1: {min(one) / min(two):.2f}x (best runs), "
          f"{statistics.median(a / b for a, b in zip(one, two, strict=True)):.2f}x (median of "
          "the turns)")
    if ray is None:
        return
    on_ray = [w for w, _, _ in runs["Ray, 2 workers, running"]]
    extra = [100 * (r - t) / t for r, t in zip(on_ray, two, strict=True)]
    print(f"  Ray's overhead against local at 2 workers, turn by turn: "
          f"{', '.join(f'{x:+.1f}%' for x in extra)} (median {statistics.median(extra):+.1f}%)")
    wall, _, played = timed_gauntlet(db, replace(request, workers=2, backend="ray"))
    print(f"  Ray started for the run and stopped after it, as the command does: "
          f"{played / wall:.1f} games/s ({wall:.1f} s wall); Ray's start takes about "
          f"{ray_start:.1f} s and its stop {ray_stop:.1f} s, a fixed cost: "
          f"{100 * (ray_start + ray_stop) / statistics.median(two):.0f}% of this gauntlet's "
          "local time at 2 workers")


def kept_memory(db: Path, names: list[str], games: int, workers: int) -> None:
    armies = tuple(names[:20])
    pairs = len(armies) * (len(armies) - 1) // 2
    print(f"3. A 20-army gauntlet's kept results: {pairs} pairs x {games} games = "
          f"{pairs * games} games (played here with {workers} workers); {load()}")
    before = db.stat().st_size + _wal(db)
    wall, _, played = timed_gauntlet(db, GauntletRequest(armies, games=games, workers=workers,
                                                         fresh=True))
    catalogue = Catalogue.open(db)
    try:
        with catalogue.engine.begin() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        grown = db.stat().st_size + _wal(db) - before
        gauntlet = prepare_gauntlet(catalogue, GauntletRequest(armies, games=games))
        keys = [p.key for p in gauntlet.pairings]
        kept = KeptResults(catalogue.engine)
        for label, figures in (("the table's results (no figure tables)", False),
                               ("with every figure's numbers", True)):
            gc.collect()
            tracemalloc.start()
            started = time.perf_counter()
            loaded = kept.results(keys, below=games, figures=figures)
            seconds = time.perf_counter() - started
            size, _ = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            count = sum(len(v) for v in loaded.values())
            del loaded
            print(f"  loaded {label}: {size / count:.0f} bytes a game in memory "
                  f"({size / 2**20:.1f} MiB for {count} games; {1e6 * seconds / count:.0f} µs "
                  f"a game to read) -> {size / count * pairs * 100 / 2**20:.0f} MiB at 100 "
                  f"games a pair, {size / count * pairs * 1000 / 2**20:.0f} MiB at 1000")
    finally:
        catalogue.close()
    print(f"  database: {grown / played:.0f} bytes a game ({grown / 2**20:.1f} MiB for "
          f"{played} games) -> {grown / played * pairs * 100 / 2**20:.0f} MiB at 100 games a "
          f"pair, {grown / played * pairs * 1000 / 2**20:.0f} MiB at 1000; played at "
          f"{played / wall:.1f} games/s")


def _wal(db: Path) -> int:
    wal = db.with_name(db.name + "-wal")
    return wal.stat().st_size if wal.exists() else 0


def main() -> int:
    if not (SOURCE / "mkstats_rebuilt.json").is_file():
        print(f"skipped: {SOURCE} is not present")
        return 0
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    big = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        db, names = make_database(Path(folder), 20)
        print(f"{time.strftime('%Y-%m-%d %H:%M')}: real catalogue imported and 20 random "
              f"{BUILD_TOTAL}-point armies saved in {time.perf_counter() - started:.1f} s; "
              "heuristic players, terrain 'standard', 25 rounds")
        start_up(db, names[:6])
        batch_speedup(db, names, 10 * games)
        six_army(db, names, games)
        if big:
            kept_memory(db, names, big, 2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
