"""Chariots in AI battles on the real catalogue (../shared/data/rebuilt), printed.

    .venv/bin/python benchmarks/chariots.py [games] [terrain]

The project's fixture chariots (imports/fixtures: invented dials, the FAQ's corrections
applied by the product's importer) join 200-point armies drawn from the real feed
(Rulebook VII, The Standard Game); a chariot starts with a passenger when one of its
army's warriors may ride (Chariot rules, Passengers). Prints:

- a chariot army's win rate against the same points without it (heuristic against
  heuristic): both armies share the same figures, one adds a chariot, the other random
  figures worth as much; every set-up is played twice with the seats swapped;
- the heuristic player's win rate against the random player with chariots on both sides;
- what the heuristic did with its chariots (combined moves, rams, boardings, passengers
  getting off, sections chosen, passes), and the median CPU time of a chariot game.

``benchmarks/instructions.py GAMES TERRAIN chariots`` counts the instructions of the same
chariot games. Asserts nothing.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import NamedTuple

from armybuilder.ai.players import make_player
from armybuilder.engine import Dice, FigureCard, GameSetup, PlayerSetup
from armybuilder.engine.adapter import cards_from_figure
from armybuilder.importers import errata, rule_tables, spreadsheet
from armybuilder.paths import imports_dir
from armybuilder.sim.match import play_game
from armybuilder.sim.random_armies import random_army
from armybuilder.sim.stats import wilson
from armybuilder.sim.terrain_presets import terrain_for

sys.path.insert(0, str(Path(__file__).resolve().parent))
import battle as bench  # the sibling benchmark's catalogue

BUILD_TOTAL = 200
ROUND_LIMIT = 25

_CARDS: list[FigureCard] = []
_CHARIOTS: list[FigureCard] = []


def fixture_chariots() -> list[FigureCard]:
    """The fixture chariots, read as an import reads them (errata included)."""
    data = spreadsheet.read_catalogue(imports_dir() / "fixtures",
                                      known_abilities=rule_tables.load_abilities())
    errata.apply_errata(data, errata.load_errata())
    return [cards_from_figure(f) for f in sorted(data.figures.values(), key=lambda f: f.key)
            if f.kind == "chariot"]


def _load() -> None:
    if not _CARDS:
        _CARDS.extend(bench.load_catalogue())
        _CHARIOTS.extend(fixture_chariots())


def with_chariot(rng: Dice, filler: tuple[FigureCard, ...], chariot: FigureCard
                 ) -> PlayerSetup:
    """``chariot`` and ``filler``, the first warrior that may ride aboard."""
    army = (chariot, *filler)
    riders = [i for i, c in enumerate(army) if i and c.base != "cavalry" and not c.sections]
    return PlayerSetup("chariot", army, BUILD_TOTAL, "south",
                       passengers=((riders[0], 0),) if riders else ())


def paired_setups(seed: int, preset: str) -> tuple[GameSetup, GameSetup]:
    """The same set-up twice, seats swapped: a chariot army, and the same figures with
    random figures worth the chariot's points instead of it."""
    rng = Dice(seed)
    chariot = rng.choice(_CHARIOTS)
    filler = random_army(_CARDS, rng, BUILD_TOTAL - chariot.points)
    extra = random_army(_CARDS, rng, chariot.points)
    a = with_chariot(rng, filler, chariot)
    b = PlayerSetup("without", (*filler, *extra), BUILD_TOTAL, "north")
    out = []
    for first, second in ((a, b), (b, a)):
        out.append(GameSetup(players=(
            PlayerSetup(first.name, first.army, BUILD_TOTAL, "south",
                        terrain=terrain_for(preset, 0), passengers=first.passengers),
            PlayerSetup(second.name, second.army, BUILD_TOTAL, "north",
                        terrain=terrain_for(preset, 1), passengers=second.passengers)),
            seed=seed, round_limit=ROUND_LIMIT))
    return out[0], out[1]


def both_with_chariots(seed: int, preset: str) -> GameSetup:
    """Two armies, each with a chariot (and its passenger) and random figures."""
    rng = Dice(seed)
    sides = []
    for k, edge in enumerate(("south", "north")):
        chariot = rng.choice(_CHARIOTS)
        army = with_chariot(rng, random_army(_CARDS, rng, BUILD_TOTAL - chariot.points),
                            chariot)
        sides.append(PlayerSetup(f"side {k}", army.army, BUILD_TOTAL, edge,
                                 terrain=terrain_for(preset, k), passengers=army.passengers))
    return GameSetup(players=(sides[0], sides[1]), seed=seed, round_limit=ROUND_LIMIT)


class Run(NamedTuple):
    seconds: float
    score: float  # for the seat watched: 1 a win, 0.5 a shared win, 0 a loss
    doings: Counter  # what the watched seat's chariots did


def _score(winners: tuple[int, ...], seat: int) -> float:
    if seat not in winners:
        return 0.0
    return 1.0 if len(winners) == 1 else 0.5


def _doings(game: object, seat: int) -> Counter:
    seen: Counter = Counter()
    warriors = game.warriors  # type: ignore[attr-defined]
    for entry in game.entries:  # type: ignore[attr-defined]
        action = entry["action"] or {}
        kind = action.get("type")
        who = action.get("warrior")
        if who is None or warriors[who].owner != seat:
            continue
        if kind == "chariot_move":
            seen["chariot moves"] += 1
            seen["combined moves"] += len(action["sections"]) > 1
            seen["spins without moving"] += action.get("distance", 0.0) == 0.0
        elif kind in ("ranged", "close") and action.get("section"):
            seen["section attacks"] += 1
        elif kind == "pass" and action.get("section"):
            seen["section passes"] += 1
        elif kind == "board":
            seen["boardings"] += 1
        elif kind == "disembark":
            seen["passengers off"] += 1
        elif kind in ("ranged", "close") and warriors[who].riding != -1:
            seen["passenger attacks"] += 1
        elif kind == "choose_section":
            seen["sections chosen"] += 1
        for event in entry["events"]:
            if event["e"] == "damage" and event.get("ability") == "Ram":
                seen["rams"] += 1
    return seen


def versus_without(job: tuple[int, str, int]) -> Run:
    """Game ``seed`` of the chariot army against the same points without it; ``swap``
    puts the chariot army in the second seat."""
    seed, preset, swap = job
    _load()
    setup = paired_setups(seed, preset)[swap]
    players = [make_player("heuristic", seed * 2 + 1), make_player("heuristic", seed * 2 + 2)]
    t0 = time.process_time()
    game = play_game(setup, players)
    seat = swap  # the chariot army's seat
    return Run(time.process_time() - t0, _score(game.outcome.winners, seat),
               _doings(game, seat))


def heuristic_vs_random(job: tuple[int, str]) -> Run:
    seed, preset = job
    _load()
    seat = seed % 2
    players = [make_player("random", seed * 2 + 1), make_player("random", seed * 2 + 2)]
    players[seat] = make_player("heuristic", seed * 2 + 1 + seat)
    t0 = time.process_time()
    game = play_game(both_with_chariots(seed, preset), players)
    return Run(time.process_time() - t0, _score(game.outcome.winners, seat),
               _doings(game, seat))


def _report(name: str, runs: list[Run]) -> None:
    n = len(runs)
    score = sum(r.score for r in runs)
    lo, hi = wilson(score, n)
    cpu = statistics.median(r.seconds for r in runs)
    print(f"{name}: {n} games, score {100 * score / n:.1f}% (95% interval "
          f"{100 * lo:.1f}-{100 * hi:.1f}%), median {1e3 * cpu:.0f} ms CPU per game")
    doings: Counter = Counter()
    for r in runs:
        doings.update(r.doings)
    print("  per game: " + ", ".join(f"{k} {v / n:.2f}" for k, v in sorted(doings.items())))


def main() -> int:
    if not bench.SOURCE.is_file():
        print(f"skipped: {bench.SOURCE} is not present")
        return 0
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    preset = sys.argv[2] if len(sys.argv) > 2 else "standard"
    cores = os.cpu_count() or 1
    _load()
    print(f"{len(_CARDS)} cards and {len(_CHARIOTS)} fixture chariots; {BUILD_TOTAL}-point "
          f"armies, round limit {ROUND_LIMIT}, terrain {preset!r}, {cores} cores")
    with Pool(cores) as pool:
        jobs = [(seed, preset, swap) for seed in range(games) for swap in (0, 1)]
        _report("a chariot army against the same points without it (heuristic vs "
                "heuristic)", pool.map(versus_without, jobs, chunksize=2))
        _report("heuristic vs random, chariots on both sides",
                pool.map(heuristic_vs_random, [(seed, preset) for seed in range(games)],
                         chunksize=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
