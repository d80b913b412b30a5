"""Playing the games of one or more matchups: in this process, in a pool of local
processes, or as Ray tasks (:mod:`armybuilder.sim.ray_runner`).

Work goes out in chunks (one matchup's games, a few at a time) and comes back in any order;
``on_chunk`` hears of each finished chunk in this process and thread, and stops the run by
raising (a cancel). The workers get every matchup once, when they start (the armies are
loaded from the database once, by the caller), never per chunk or per matchup.

A run's work is a fixed list of chunks (:func:`play_chunks`), or a :class:`Source` that is
asked for the next chunk whenever a worker is free and told of every chunk that comes back
(:func:`play_stream`): a sequential test decides from what came back which games to play
next, and plays them on the workers it already has. Each finished chunk comes back with
the seconds its worker spent on it, so a source can size its chunks to take at least
:data:`MIN_TASK_SECONDS` (a task's overhead, a few milliseconds with Ray, stays small).
"""

from __future__ import annotations

import math
import multiprocessing
import os
import queue
import signal
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from armybuilder.sim.match import Matchup
from armybuilder.sim.stats import GameResult

BACKENDS = ("local", "ray")
#: The most games in a chunk: a chunk of games is under a second of play, so progress
#: moves often and a cancel is quick, while the cost of sending a chunk stays negligible.
MOST_PER_CHUNK = 16
#: Chunks per worker, at least: an even load at the end of a run.
CHUNKS_PER_WORKER = 4
#: The least time a task should take: below it, a source puts more games in a chunk.
MIN_TASK_SECONDS = 0.1
#: Chunks queued per worker beyond those running: the workers never wait for work, and a
#: cancel has little to call back (or a sequential test little played beyond its verdict).
QUEUED_PER_WORKER = 1


@dataclass(frozen=True, slots=True)
class Chunk:
    """Some games of one matchup: ``matchup`` indexes the run's matchups."""

    matchup: int
    games: tuple[int, ...]


OnChunk = Callable[[Chunk, list[GameResult]], None]


class Source(Protocol):
    """The work of a run, decided as it goes."""

    def next_chunk(self) -> Chunk | None:
        """The next chunk to play, or None: nothing more until a chunk comes back (the run
        ends when nothing is out and the source still has nothing)."""
        ...

    def done(self, chunk: Chunk, results: list[GameResult], seconds: float) -> None:
        """A chunk came back: its results by game and the seconds its worker spent."""
        ...


class Listed:
    """A fixed list of chunks as a source."""

    def __init__(self, chunks: Sequence[Chunk], on_chunk: OnChunk) -> None:
        self.chunks = iter(chunks)
        self.on_chunk = on_chunk

    def next_chunk(self) -> Chunk | None:
        return next(self.chunks, None)

    def done(self, chunk: Chunk, results: list[GameResult], seconds: float) -> None:
        self.on_chunk(chunk, results)


def chunk_size(games: int, workers: int) -> int:
    return max(1, min(MOST_PER_CHUNK, math.ceil(games / (workers * CHUNKS_PER_WORKER))))


def make_chunks(missing: Mapping[int, Sequence[int]], workers: int, unit: int = 1
                ) -> list[Chunk]:
    """The games to play (matchup -> game indices) cut into chunks, matchup by matchup.

    Each chunk is sized by the games still to cut (guided scheduling): full chunks while
    much is left, smaller ones towards the end, so no worker is left playing a long last
    chunk while the others wait. ``unit``: chunks hold whole runs of that many games (2:
    a mirrored pair's games stay together, so a cancel never keeps half a pair)."""
    left = sum(len(games) for games in missing.values())
    out: list[Chunk] = []
    for matchup, games in missing.items():
        ordered = sorted(games)
        start = 0
        while start < len(ordered):
            size = -(-chunk_size(left, workers) // unit) * unit
            part = tuple(ordered[start:start + size])
            out.append(Chunk(matchup, part))
            start += len(part)
            left -= len(part)
    return out


def play_chunk(matchups: Sequence[Matchup], chunk: Chunk) -> list[GameResult]:
    return matchups[chunk.matchup].results(chunk.games)


def timed_chunk(matchups: Sequence[Matchup], chunk: Chunk
                ) -> tuple[Chunk, list[GameResult], float]:
    started = time.perf_counter()
    results = play_chunk(matchups, chunk)
    return chunk, results, time.perf_counter() - started


def play_chunks(matchups: Sequence[Matchup], chunks: Sequence[Chunk], *,
                workers: int | None, on_chunk: OnChunk, backend: str = "local") -> None:
    """Play every chunk; ``on_chunk(chunk, results)`` as each finishes (in any order).
    ``workers``: processes (None: one per CPU; 1: this process), or for Ray the most
    chunks at once (None: as many as the cluster runs)."""
    if workers is not None and backend == "local":
        workers = min(workers, len(chunks))  # no process started for nothing to play
    play_stream(matchups, Listed(chunks, on_chunk), workers=workers, backend=backend,
                single=len(chunks) <= 1)


def play_stream(matchups: Sequence[Matchup], source: Source, *, workers: int | None,
                backend: str = "local", single: bool = False) -> None:
    """Play what ``source`` asks for until it asks for nothing more and nothing is out.
    ``single``: the work is too small for worker processes; play it here."""
    if workers is None and backend != "ray":
        workers = os.cpu_count() or 1
    if backend == "ray":
        from armybuilder.sim.ray_runner import play_stream_on_ray
        play_stream_on_ray(matchups, source, workers=workers)
    elif backend != "local":
        raise ValueError(f"unknown backend {backend!r}; use one of: {', '.join(BACKENDS)}")
    elif workers is None or workers <= 1 or single:
        while (chunk := source.next_chunk()) is not None:
            source.done(*timed_chunk(matchups, chunk))
    else:
        _in_processes(matchups, source, workers)


def keep_busy(source: Source, window: int, out: list[Any],
              submit: Callable[[Chunk], Any]) -> None:
    """Submit the source's chunks until ``window`` are out (or it has none for now)."""
    while len(out) < window:
        chunk = source.next_chunk()
        if chunk is None:
            return
        out.append(submit(chunk))


# --- a pool of local processes -------------------------------------------------------

_WORKER_MATCHUPS: Sequence[Matchup] = ()


def _init_worker(matchups: Sequence[Matchup]) -> None:
    global _WORKER_MATCHUPS
    _WORKER_MATCHUPS = matchups
    # ctrl+c is the parent's to handle (it stops the pool); a worker would only print a
    # traceback of its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_in_worker(chunk: Chunk) -> tuple[Chunk, list[GameResult], float]:
    return timed_chunk(_WORKER_MATCHUPS, chunk)


def _in_processes(matchups: Sequence[Matchup], source: Source, workers: int) -> None:
    # Spawned, not forked: safe beside the app's threads and the same on every platform.
    context = multiprocessing.get_context("spawn")
    with _workers_skip_main():
        pool = context.Pool(workers, initializer=_init_worker, initargs=(tuple(matchups),))
    finished: queue.Queue[tuple[bool, Any]] = queue.Queue()
    out: list[Any] = []

    def submit(chunk: Chunk) -> Any:
        return pool.apply_async(_play_in_worker, (chunk,),
                                callback=lambda r: finished.put((True, r)),
                                error_callback=lambda e: finished.put((False, e)))

    # Leaving the block early (a cancel: the source raising; an error) terminates the
    # pool at once, its running games with it.
    with pool:
        keep_busy(source, workers * (1 + QUEUED_PER_WORKER), out, submit)
        while out:
            ok, value = finished.get()
            out.pop()
            if not ok:
                raise value
            source.done(*value)
            keep_busy(source, workers * (1 + QUEUED_PER_WORKER), out, submit)


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
