"""AI battle benchmarks on the real catalogue (../shared/data/rebuilt), printed.

    .venv/bin/python benchmarks/battle.py [games]

Random 200-point armies (Rulebook VII, The Standard Game) from the feed (read by the
product's importer, turned into cards by the engine's adapter), heuristic against heuristic
with no terrain and with the "standard" terrain preset: median CPU time and actions per game
(and the median of each game's fastest of three runs, steadier on a shared machine),
and how much fighting there was (eliminations per game, games where both sides lose
figures, games over before the round limit, passes, attacks and movement formations per
game); heuristic against random (no terrain and standard terrain): the win rate; and games
per second on every core (heuristic against random, and heuristic against heuristic).
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

from armybuilder.ai.players import make_player
from armybuilder.engine import Dice, FigureCard, GameSetup, PlayerSetup
from armybuilder.engine.adapter import playable_cards
from armybuilder.engine.victory import Termination
from armybuilder.importers.feed import read_feed
from armybuilder.importers.rule_tables import load_abilities, load_factions
from armybuilder.importers.sources import feed_files
from armybuilder.sim.match import play_game
from armybuilder.sim.random_armies import random_army
from armybuilder.sim.terrain_presets import terrain_for

REPO = Path(__file__).resolve().parents[1]
SOURCE = REPO.parent / "shared" / "data" / "rebuilt" / "mkstats_rebuilt.json"
BUILD_TOTAL = 200
ROUND_LIMIT = 25
#: Runs of each heuristic-vs-heuristic game, for the fastest-run median.
REPEATS = 3


def load_catalogue() -> list[FigureCard]:
    """The real feed through the product's importer and the engine's adapter."""
    data = read_feed(feed_files(SOURCE), load_abilities(), load_factions())
    return playable_cards(data.figures.values())


def game_setup(cards: list[FigureCard], seed: int, preset: str) -> GameSetup:
    rng = Dice(seed)
    return GameSetup(players=(
        PlayerSetup("A", random_army(cards, rng, BUILD_TOTAL), BUILD_TOTAL, "south",
                    terrain=terrain_for(preset, 0)),
        PlayerSetup("B", random_army(cards, rng, BUILD_TOTAL), BUILD_TOTAL, "north",
                    terrain=terrain_for(preset, 1))),
        seed=seed, round_limit=ROUND_LIMIT)


_CARDS: list[FigureCard] = []


class Run(NamedTuple):
    """What one game came to, seen from the seat of the first kind of player."""

    seconds: float  # CPU time (the machine may be shared)
    actions: int
    winners: list[int]
    eliminated: tuple[int, int]  # figures eliminated from each side
    early: bool  # the game ended before the round limit
    passes: int
    attacks: int  # ranged and close combat actions, follow-ups included
    formations: int  # movement formations declared
    still: int  # movement formations in which nobody moved


def one_game(job: tuple[int, str, str, str]) -> Run:
    """One game; the players swap seats on odd seeds."""
    seed, preset, kind_a, kind_b = job
    if not _CARDS:
        _CARDS.extend(load_catalogue())
    swap = seed % 2 == 1
    kinds = (kind_b, kind_a) if swap else (kind_a, kind_b)
    players = [make_player(kinds[0], seed * 2 + 1), make_player(kinds[1], seed * 2 + 2)]
    setup = game_setup(_CARDS, seed, preset)
    t0 = time.process_time()
    game = play_game(setup, players)
    seconds = time.process_time() - t0
    seat = (lambda i: 1 - i) if swap else (lambda i: i)
    lost = [0, 0]
    passes = attacks = formations = still = 0
    for entry in game.entries:
        kind = entry["action"].get("type") if entry["action"] is not None else None
        passes += kind == "pass"
        attacks += kind in ("ranged", "close")
        formations += kind == "move_formation"
        if kind == "formation_plan" and not entry["action"]["steps"]:
            still += 1
        for event in entry["events"]:
            if event["e"] == "eliminated":
                lost[seat(game.warriors[event["warrior"]].owner)] += 1
    return Run(seconds, len(game.entries) - 1, [seat(i) for i in game.outcome.winners],
               (lost[0], lost[1]), game.outcome.termination is not Termination.TIME_LIMIT,
               passes, attacks, formations, still)


def engagement(runs: list[Run]) -> str:
    both = sum(1 for r in runs if min(r.eliminated) > 0)
    return (f"{statistics.mean(sum(r.eliminated) for r in runs):.1f} eliminations per game, "
            f"both sides lose figures in {100 * both / len(runs):.0f}%, "
            f"{100 * sum(r.early for r in runs) / len(runs):.0f}% end before the round limit, "
            f"{statistics.mean(r.passes for r in runs):.1f} passes, "
            f"{statistics.mean(r.attacks for r in runs):.1f} attacks, "
            f"{statistics.mean(r.formations for r in runs):.1f} movement formations "
            f"({sum(r.still for r in runs)} standing still in all) per game")


def on_every_core(games: int, preset: str, opponent: str, cores: int
                  ) -> tuple[list[Run], float]:
    """``games`` games of the heuristic against ``opponent`` in a pool of ``cores``
    processes: the runs and the games per second of wall time."""
    jobs = [(seed, preset, "heuristic", opponent) for seed in range(games)]
    t0 = time.perf_counter()
    with Pool(cores) as pool:
        runs = pool.map(one_game, jobs, chunksize=4)
    return runs, len(runs) / (time.perf_counter() - t0)


def main() -> int:
    if not SOURCE.is_file():
        print(f"skipped: {SOURCE} is not present")
        return 0
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    _CARDS.extend(load_catalogue())
    print(f"{len(_CARDS)} cards; {BUILD_TOTAL}-point armies, round limit {ROUND_LIMIT}")
    for preset in ("none", "standard"):
        runs = [one_game((seed, preset, "heuristic", "heuristic")) for seed in range(games)]
        secs = [r.seconds for r in runs]
        # The same games again (the same logs): each game's fastest of REPEATS runs, the
        # figure least disturbed by other work on a shared machine.
        fastest = list(secs)
        for _ in range(REPEATS - 1):
            again = [one_game((seed, preset, "heuristic", "heuristic")).seconds
                     for seed in range(games)]
            fastest = [min(a, b) for a, b in zip(fastest, again, strict=True)]
        acts = [r.actions for r in runs]
        print(f"heuristic vs heuristic, terrain {preset!r}: {games} games, median "
              f"{1e3 * statistics.median(secs):.1f} ms per game (mean "
              f"{1e3 * statistics.mean(secs):.1f}, max {1e3 * max(secs):.0f}), median "
              f"{statistics.median(acts):.0f} actions per game "
              f"({1e6 * sum(secs) / sum(acts):.0f} µs per action); fastest of {REPEATS} runs "
              f"of each game: median {1e3 * statistics.median(fastest):.1f} ms")
        print(f"  {engagement(runs)}")
    cores = os.cpu_count() or 1
    versus = max(200, games)
    for preset in ("none", "standard"):
        runs, rate = on_every_core(versus, preset, "random", cores)
        wins = sum(1 for r in runs if r.winners == [0])
        shared = sum(1 for r in runs if 0 in r.winners and len(r.winners) > 1)
        print(f"heuristic vs random, terrain {preset!r}: {versus} games, heuristic wins {wins} "
              f"({100 * wins / versus:.1f}%), shares {shared}; {rate:.1f} games/s "
              f"on {cores} cores (catalogue loading included)")
        print(f"  {engagement(runs)}")
    for preset in ("none", "standard"):
        # Heuristic against heuristic on every core: batch battles' own case.
        _, rate = on_every_core(versus, preset, "heuristic", cores)
        print(f"heuristic vs heuristic, terrain {preset!r}: {versus} games, "
              f"{rate:.1f} games/s on {cores} cores (catalogue loading included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
