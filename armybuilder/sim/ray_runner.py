"""Chunks of games as Ray tasks: on the cluster ``RAY_ADDRESS`` names, or on a local Ray
started for the run (and stopped after it) when none is named.

The matchups go to the cluster's object store once (``ray.put``); a worker process fetches
them with its first chunk and keeps them for the rest of the run, so the armies are paid
for once per worker, as with local processes. A chunk is one task: a chunk holds up to
16 games (about a second of play), so the few milliseconds a task costs stay small. The
same chunks give the same games as ``--backend local``: a game depends only on its
matchup and index.

Progress and cancel work as locally: the run's source (:class:`~armybuilder.sim.runner.
Source`) hears here of each task as it finishes and is asked for the next chunk; when it
raises, the tasks not yet finished are cancelled.

Connecting to a cluster ships this armybuilder package with the job (Ray's ``py_modules``
runtime environment), so the cluster plays with exactly the rules the results are kept
under; the cluster's nodes need Ray and Python only.
"""

from __future__ import annotations

import logging
import os
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from armybuilder.sim.match import Matchup
from armybuilder.sim.runner import QUEUED_PER_WORKER, Chunk, Source, keep_busy, timed_chunk
from armybuilder.sim.stats import GameResult

_PACKAGE = Path(__file__).resolve().parents[1]

#: In a Ray worker process: the matchups of the run it is playing for.
_RUN: dict[str, Sequence[Matchup]] = {}


class RayMissing(RuntimeError):
    """The Ray backend was asked for without Ray installed."""


def _play_task(run: str, boxed: list[Any], chunk: Chunk
               ) -> tuple[Chunk, list[GameResult], float]:
    # The object reference comes in a list so that Ray does not fetch it for every task.
    matchups = _RUN.get(run)
    if matchups is None:
        import ray

        _RUN.clear()  # a worker serves one run at a time
        matchups = _RUN[run] = ray.get(boxed[0])
    return timed_chunk(matchups, chunk)


def _start(ray: Any, workers: int | None) -> bool:
    """Connect or start Ray unless the caller has; True when this run started it."""
    if ray.is_initialized():
        return False
    address = os.environ.get("RAY_ADDRESS")
    if address:
        ray.init(address=address, runtime_env={"py_modules": [str(_PACKAGE)]},
                 logging_level=logging.WARNING, log_to_driver=False)
    else:
        # address="local": a Ray of its own, not one a file in /tmp/ray says is running;
        # its start-up notices (the token it made for itself) are noise to the player.
        ray.init(address="local", num_cpus=workers or os.cpu_count() or 1,
                 include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
    return True


def cluster_cpus(ray: Any) -> int:
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def play_stream_on_ray(matchups: Sequence[Matchup], source: Source, *,
                       workers: int | None) -> None:
    """Play what ``source`` asks for as Ray tasks; ``workers``: the most chunks running at
    once (None: as many as the cluster has CPUs)."""
    try:
        import ray
    except ImportError as exc:
        raise RayMissing("--backend ray needs Ray: pip install 'armybuilder[ray]'") from exc
    started = _start(ray, workers)
    pending: list[Any] = []
    try:
        task = ray.remote(num_cpus=1, max_retries=0)(_play_task)
        boxed = [ray.put(tuple(matchups))]
        run = uuid.uuid4().hex
        window = (workers or cluster_cpus(ray)) * (1 + QUEUED_PER_WORKER)

        def submit(chunk: Chunk) -> Any:
            return task.remote(run, boxed, chunk)

        keep_busy(source, window, pending, submit)
        while pending:
            done, rest = ray.wait(pending, num_returns=1)
            pending[:] = rest
            source.done(*ray.get(done[0]))
            keep_busy(source, window, pending, submit)
    finally:
        for ref in pending:  # a cancel or an error: stop what is still queued or running
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
