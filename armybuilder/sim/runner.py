"""Playing the games of one or more matchups: in this process, in a pool of local
processes, or as Ray tasks (:mod:`armybuilder.sim.ray_runner`).

Work goes out in chunks (one matchup's games, a few at a time) and comes back in any order;
``on_chunk`` hears of each finished chunk in this process and thread, and stops the run by
raising (a cancel). The workers get every matchup once, when they start (the armies are
loaded from the database once, by the caller), never per chunk or per matchup.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import sys
import threading
import types
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass

from armybuilder.sim.match import Matchup
from armybuilder.sim.stats import GameResult

BACKENDS = ("local", "ray")
#: The most games in a chunk: a chunk of games is under a second of play, so progress
#: moves often and a cancel is quick, while the cost of sending a chunk stays negligible.
MOST_PER_CHUNK = 16
#: Chunks per worker, at least: an even load at the end of a run.
CHUNKS_PER_WORKER = 4


@dataclass(frozen=True, slots=True)
class Chunk:
    """Some games of one matchup: ``matchup`` indexes the run's matchups."""

    matchup: int
    games: tuple[int, ...]


OnChunk = Callable[[Chunk, list[GameResult]], None]


def chunk_size(games: int, workers: int) -> int:
    return max(1, min(MOST_PER_CHUNK, math.ceil(games / (workers * CHUNKS_PER_WORKER))))


def make_chunks(missing: Mapping[int, Sequence[int]], workers: int) -> list[Chunk]:
    """The games to play (matchup -> game indices) cut into chunks, matchup by matchup.

    Each chunk is sized by the games still to cut (guided scheduling): full chunks while
    much is left, smaller ones towards the end, so no worker is left playing a long last
    chunk while the others wait."""
    left = sum(len(games) for games in missing.values())
    out: list[Chunk] = []
    for matchup, games in missing.items():
        ordered = sorted(games)
        start = 0
        while start < len(ordered):
            part = tuple(ordered[start:start + chunk_size(left, workers)])
            out.append(Chunk(matchup, part))
            start += len(part)
            left -= len(part)
    return out


def play_chunk(matchups: Sequence[Matchup], chunk: Chunk) -> list[GameResult]:
    matchup = matchups[chunk.matchup]
    return [matchup.result(i) for i in chunk.games]


def play_chunks(matchups: Sequence[Matchup], chunks: Sequence[Chunk], *,
                workers: int | None, on_chunk: OnChunk, backend: str = "local") -> None:
    """Play every chunk; ``on_chunk(chunk, results)`` as each finishes (in any order).
    ``workers``: processes (None: one per CPU; 1: this process), or for Ray the most
    chunks at once (None: as many as the cluster runs)."""
    if workers is None and backend != "ray":
        workers = os.cpu_count() or 1
    if backend == "ray":
        from armybuilder.sim.ray_runner import play_chunks_on_ray
        play_chunks_on_ray(matchups, chunks, workers=workers, on_chunk=on_chunk)
    elif backend != "local":
        raise ValueError(f"unknown backend {backend!r}; use one of: {', '.join(BACKENDS)}")
    elif workers is None or workers <= 1 or len(chunks) <= 1:
        for chunk in chunks:
            on_chunk(chunk, play_chunk(matchups, chunk))
    else:
        # closing(): a cancel (on_chunk raising) stops the pool now, not when the
        # traceback holding the generator is let go.
        with closing(_in_processes(matchups, chunks, workers)) as finished:
            for chunk, results in finished:
                on_chunk(chunk, results)


# --- a pool of local processes -------------------------------------------------------

_WORKER_MATCHUPS: Sequence[Matchup] = ()


def _init_worker(matchups: Sequence[Matchup]) -> None:
    global _WORKER_MATCHUPS
    _WORKER_MATCHUPS = matchups
    # ctrl+c is the parent's to handle (it stops the pool); a worker would only print a
    # traceback of its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_in_worker(chunk: Chunk) -> tuple[Chunk, list[GameResult]]:
    return chunk, play_chunk(_WORKER_MATCHUPS, chunk)


def _in_processes(matchups: Sequence[Matchup], chunks: Sequence[Chunk],
                  workers: int) -> Generator[tuple[Chunk, list[GameResult]], None, None]:
    # Spawned, not forked: safe beside the app's threads and the same on every platform.
    context = multiprocessing.get_context("spawn")
    with _workers_skip_main():
        pool = context.Pool(min(workers, len(chunks)), initializer=_init_worker,
                            initargs=(tuple(matchups),))
    # Leaving the block early (a cancel, an error) terminates the pool at once.
    with pool:
        yield from pool.imap_unordered(_play_in_worker, chunks)


_MAIN_LOCK = threading.Lock()


@contextmanager
def _workers_skip_main() -> Iterator[None]:
    """Start worker processes without running the caller's main script in them.

    A spawned process first runs the parent's ``__main__`` file again (as ``__mp_main__``)
    so that functions defined there can be unpickled; a script without an
    ``if __name__ == "__main__":`` guard would then start its batch again in every worker
    and fail. The workers here run only armybuilder's own functions, so while they start
    the parent's ``__main__`` is shown to multiprocessing as an empty module, and a script
    can run a batch at its top level (as loky, joblib's process pool, does by default).
    """
    with _MAIN_LOCK:
        main = sys.modules.get("__main__")
        sys.modules["__main__"] = types.ModuleType("__main__")
        try:
            yield
        finally:
            if main is not None:
                sys.modules["__main__"] = main
