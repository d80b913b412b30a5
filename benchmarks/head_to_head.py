"""The heuristic player against an earlier version of itself, printed.

    .venv/bin/python benchmarks/head_to_head.py REV [games] [terrain]

Is a change to the AI a change for the better? The AI package (``armybuilder/ai``, called
``armybuilder/battle`` before it was split from the batch runner) as it was
at git revision REV is loaded beside the current one (both play on the current engine),
and the two heuristic players meet on random 200-point armies from the real catalogue
(as in ``benchmarks/battle.py``). Every set-up is played twice with the players' seats
and seeds swapped, so two identical players score exactly 50%. Prints the current
player's score (a draw counts half) with its 95% interval, and each player's median CPU
time per game. Asserts nothing. An earlier player that calls engine functions the current
engine no longer has cannot be played (it says so).
"""

from __future__ import annotations

import importlib
import statistics
import subprocess
import sys
import tempfile
import time
from multiprocessing import Pool
from pathlib import Path

from armybuilder.ai.heuristic import HeuristicPlayer
from armybuilder.engine import Game, apply
from armybuilder.sim.stats import wilson

# The sibling benchmark's catalogue and set-ups.
sys.path.insert(0, str(Path(__file__).resolve().parent))
import battle as bench

REPO = Path(__file__).resolve().parents[1]
THEN = "battle_then"  # the package name the earlier version is loaded under

_CARDS: list = []
_THEN: type | None = None


def extract(rev: str, into: Path) -> None:
    """Write the AI package at ``rev`` into ``into/THEN``, its own imports of the package
    pointed at the copy."""
    for folder in ("armybuilder/ai", "armybuilder/battle"):
        names = subprocess.run(["git", "-C", str(REPO), "ls-tree", "--name-only", rev,
                                f"{folder}/"], check=True, capture_output=True,
                               text=True).stdout.split()
        if f"{folder}/heuristic.py" in names:
            break
    else:
        raise subprocess.CalledProcessError(1, "git ls-tree", stderr="it has no heuristic player")
    package = into / THEN
    package.mkdir()
    for name in names:
        if not name.endswith(".py"):
            continue
        text = subprocess.run(["git", "-C", str(REPO), "show", f"{rev}:{name}"], check=True,
                              capture_output=True, text=True).stdout
        text = text.replace("armybuilder.battle", THEN).replace("armybuilder.ai", THEN)
        (package / Path(name).name).write_text(text)


def _start(folder: str) -> None:
    global _THEN
    sys.path.insert(0, folder)
    _THEN = importlib.import_module(f"{THEN}.heuristic").HeuristicPlayer
    _CARDS.extend(bench.load_catalogue())


def one_game(job: tuple[int, str, int]) -> tuple[float, float, float]:
    """(the current player's score, its CPU seconds, the earlier player's CPU seconds)."""
    seed, preset, seat = job
    assert _THEN is not None
    players = [None, None]
    players[seat] = HeuristicPlayer(seed * 2 + 1 + seat)
    players[1 - seat] = _THEN(seed * 2 + 2 - seat)
    game = Game.new(bench.game_setup(_CARDS, seed, preset))
    cpu = [0.0, 0.0]
    while not game.over:
        p = game.to_act
        t0 = time.process_time()
        action = players[p].choose(game)  # type: ignore[attr-defined]
        cpu[p] += time.process_time() - t0
        apply(game, action)
    winners = list(game.outcome.winners)
    score = 1.0 if winners == [seat] else 0.5 if seat in winners else 0.0
    return score, cpu[seat], cpu[1 - seat]


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    if not bench.SOURCE.is_file():
        print(f"skipped: {bench.SOURCE} is not present")
        return 0
    rev = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    preset = sys.argv[3] if len(sys.argv) > 3 else "none"
    with tempfile.TemporaryDirectory() as folder:
        try:
            extract(rev, Path(folder))
        except subprocess.CalledProcessError as exc:
            print(f"head_to_head: no battle package at revision {rev!r} in {REPO}: "
                  f"{exc.stderr.strip() or 'git failed'}", file=sys.stderr)
            return 2
        jobs = [(1000 + i // 2, preset, i % 2) for i in range(games)]
        with Pool(initializer=_start, initargs=(folder,)) as pool:
            try:
                runs = pool.map(one_game, jobs, chunksize=4)
            except (AttributeError, ImportError) as exc:
                # Both players play on the current engine: an old one may call engine
                # functions that have since gone.
                print(f"head_to_head: the player at {rev!r} does not run on the current "
                      f"engine ({exc})", file=sys.stderr)
                return 2
    score = sum(r[0] for r in runs)
    low, high = wilson(score, games)
    print(f"current heuristic vs {rev}, terrain {preset!r}: {score:g}/{games} = "
          f"{100 * score / games:.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%); "
          f"median AI CPU per game {1e3 * statistics.median(r[1] for r in runs):.1f} ms "
          f"against {1e3 * statistics.median(r[2] for r in runs):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
