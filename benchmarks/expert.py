"""The expert player against the heuristic player, in mirrored game pairs, printed.

    .venv/bin/python benchmarks/expert.py [pairs] [budgets] [scenarios] [workers] [first]

    .venv/bin/python benchmarks/expert.py 200 192           # the target: default budget
    .venv/bin/python benchmarks/expert.py 40 24,48,96,192   # strength against budget
    .venv/bin/python benchmarks/expert.py 20 default castle,besieger,chariots,fortified

A budget is simulations per decision, or ``default``: the expert's own (192, the share a
kind of figure on the table leaves: a siege's is 96; ``sims`` prints what each row ran).

A pair is two games on the same set-up and dice seed with the seats (and so the armies
and table edges) swapped: the expert plays each side once against the heuristic player.
The expert's score (a win 1, a shared win 0.5) is printed with its 95% Wilson interval,
per budget, with its median and longest time per searched decision, in wall clock and in
the process's CPU time (which a shared machine's load does not stretch), how many
searched decisions stopped at the search's bound before their budget (``bound``: of all
searched; ``ai.foresight.LINES_OF_FIRE``), and the machine's load average.

Scenarios: ``standard`` (two random 200-point armies from the real catalogue,
../shared/data/rebuilt, on the standard terrain; benchmarks/battle.py's set-ups),
``castle`` and ``besieger`` (benchmarks/castles.py's sieges, the expert's score in that
seat), ``chariots`` (both armies with a fixture chariot, benchmarks/chariots.py) and
``fortified`` (a World Conquest battle for a fort, benchmarks/fortifications.py).
``first``: the first set-up's number (0 unless told): every game is the same whatever
else runs (its set-up, seats and budget decide it), so a long row may be played in parts,
``... 40 48`` then ``... 160 48 standard 2 40``, and the parts' games added up.
Asserts nothing.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import NamedTuple

from armybuilder.ai.expert import ExpertPlayer
from armybuilder.ai.heuristic import HeuristicPlayer
from armybuilder.engine import Game, GameSetup, apply
from armybuilder.sim.stats import wilson

sys.path.insert(0, str(Path(__file__).resolve().parent))
import battle as bench
import castles
import chariots
import fortifications

SCENARIOS = ("standard", "castle", "besieger", "chariots", "fortified")


def setup_for(scenario: str, seed: int) -> tuple[GameSetup, int | None]:
    """The set-up, and the seat the expert must take in it (None: both, mirrored)."""
    if scenario == "standard":
        if not bench._CARDS:
            bench._CARDS.extend(bench.load_catalogue())
        return bench.game_setup(bench._CARDS, seed, "standard"), None
    if scenario in ("castle", "besieger"):
        castles._load()
        # The castle army sits in seat 0 or 1 by the seed; the expert takes the scenario's.
        castle_seat = seed % 2
        setup = castles.siege_setup(seed, "standard", "medium", castle_seat)
        return setup, castle_seat if scenario == "castle" else 1 - castle_seat
    if scenario == "chariots":
        chariots._load()
        return chariots.both_with_chariots(seed, "standard"), None
    if scenario == "fortified":
        if not fortifications._CARDS:
            fortifications._CARDS.extend(fortifications.load_catalogue())
        return fortifications.game_setup(seed, "fort"), None
    raise SystemExit(f"unknown scenario {scenario!r}; use one of {', '.join(SCENARIOS)}")


class Game1(NamedTuple):
    seed: int  # the set-up's
    seat: int  # the expert's
    score: float  # the expert's: 1 a win, 0.5 a shared win, 0 a loss
    seconds: list[float]  # each searched decision's wall time
    cpu: list[float]  # each searched decision's CPU time (this process's: the load aside)
    simulations: list[int]  # each searched decision's (a default budget is by the game)
    bounded: int  # searched decisions stopped at the search's bound before their budget
    #: each searched decision's entry in the game's log (its action's; entry 0 is the
    #: set-up): the longest can be played again alone (a CPU time that is the machine's,
    #: not the search's, comes out shorter; the choices are the same).
    at: list[int]


def play(job: tuple[str, int, str, int]) -> Game1:
    scenario, seed, budget, seat = job
    setup, _ = setup_for(scenario, seed)
    expert = ExpertPlayer(seed * 2 + 1 + seat, None if budget == "default" else budget)
    players: list[ExpertPlayer | HeuristicPlayer] = [
        expert if k == seat else HeuristicPlayer(seed * 2 + 2 - seat) for k in (0, 1)]
    game = Game.new(setup)
    seconds: list[float] = []
    cpu: list[float] = []
    simulations: list[int] = []
    bounded = 0
    at: list[int] = []
    while not game.over:
        t0, c0 = time.perf_counter(), time.process_time()
        action = players[game.to_act].choose(game)
        if players[game.to_act] is expert and expert.last is not None:
            seconds.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            simulations.append(expert.last.simulations)
            bounded += expert.last.bounded
            at.append(len(game.entries))
        apply(game, action)
    assert game.outcome is not None
    won = game.outcome.winners
    score = 0.0 if seat not in won else (1.0 if len(won) == 1 else 0.5)
    return Game1(seed, seat, score, seconds, cpu, simulations, bounded, at)


def jobs(scenario: str, pairs: int, budget: str, first: int = 0
         ) -> list[tuple[str, int, str, int]]:
    out = []
    for seed in range(first, first + pairs):
        _, seat = setup_for(scenario, seed)
        # Mirrored: both seats on the same set-up; a siege's scenario names one seat, its
        # mirror is the next seed's set-up with the castle in the other seat.
        for s in ((0, 1) if seat is None else (seat,)):
            out.append((scenario, seed, budget, s))
    return out


def main() -> int:
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    budgets = (sys.argv[2] if len(sys.argv) > 2 else "48").split(",")
    scenarios = (sys.argv[3] if len(sys.argv) > 3 else "standard").split(",")
    workers = int(sys.argv[4]) if len(sys.argv) > 4 else (os.cpu_count() or 1)
    first = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    print(f"expert against heuristic, {pairs} set-ups per row from set-up {first}, "
          f"{workers} workers, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'scenario':<10} {'budget':>7} {'games':>6} {'score':>7} {'95% interval':>16} "
          f"{'median s':>9} {'max s':>7} {'cpu med':>8} {'cpu max':>8} {'sims':>8} "
          f"{'bound':>10}")
    with Pool(workers) as pool:
        for scenario in scenarios:
            for budget in budgets:
                t0 = time.time()
                runs = []
                row = jobs(scenario, pairs, budget, first)
                for k, run in enumerate(pool.imap_unordered(play, row), 1):
                    runs.append(run)
                    # A running count on stderr: a long row is not lost if stopped.
                    cpu = [s for r in runs for s in r.cpu]
                    print(f"  {scenario} {budget}: {k} games, expert "
                          f"{sum(r.score for r in runs):g} (set-up {run.seed} seat {run.seat}: "
                          f"{run.score:g}), cpu median "
                          f"{statistics.median(cpu) if cpu else 0:.2f} max "
                          f"{max(cpu, default=0):.2f}, bound "
                          f"{sum(r.bounded for r in runs)}", file=sys.stderr, flush=True)
                n = len(runs)
                won = sum(r.score for r in runs)
                low, high = wilson(won, n)
                times = [s for r in runs for s in r.seconds]
                cpu = [s for r in runs for s in r.cpu]
                # A decision with one action to take is not searched (0 simulations).
                sims = [s for r in runs for s in r.simulations if s]
                bound = f"{sum(r.bounded for r in runs)}/{len(sims)}"
                print(f"{scenario:<10} {budget:>7} {n:>6} {won / n:>7.1%} "
                      f"{f'{low:.1%}-{high:.1%}':>16} "
                      f"{statistics.median(times) if times else 0:>9.2f} "
                      f"{max(times, default=0):>7.2f} "
                      f"{statistics.median(cpu) if cpu else 0:>8.2f} "
                      f"{max(cpu, default=0):>8.2f} "
                      f"{f'{min(sims, default=0)}-{max(sims, default=0)}':>8} "
                      f"{bound:>10}   "
                      f"({time.time() - t0:.0f}s, load {os.getloadavg()[0]:.1f})",
                      flush=True)
                if cpu:
                    r, k = max(((r, k) for r in runs for k in range(len(r.cpu))),
                               key=lambda rk: rk[0].cpu[rk[1]])
                    print(f"{'':<10} longest: set-up {r.seed} seat {r.seat}, the game's "
                          f"entry {r.at[k]} ({r.cpu[k]:.2f} s CPU, {r.simulations[k]} "
                          f"simulations)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
