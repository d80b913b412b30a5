"""World Conquest fortifications fought out by the AI, on the real catalogue, printed.

    .venv/bin/python benchmarks/fortifications.py [games]

Campaign-style battles (campaign/battle.py's numbers: the house rules' fortifications as
``engine_fortification`` sets them up, the "standard" terrain, the 100-round limit that
is "a limit only against a stalemate"): random 200-point armies from the feed
(../shared/data/rebuilt, read at run time like benchmarks/battle.py), player 0 (south
edge) holding the territory with a banner alone, or a banner and an outpost, a fort or a
castle; and without any, for comparison. Heuristic against heuristic, and heuristic
against random (the heuristic holds the territory in even games and attacks it in odd
ones). For each kind: how many games end by the round limit, who wins (the holder, the
attacker, nobody), how often the structure and the banner are destroyed, the mean of the
rounds played and the CPU seconds per game. Asserts nothing.
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
from armybuilder.campaign.battle import engine_fortification
from armybuilder.campaign.house_rules import HouseRules
from armybuilder.engine import Dice, FigureCard, GameSetup, PlayerSetup
from armybuilder.engine.adapter import playable_cards
from armybuilder.engine.fortifications import Fortification
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
RULES = HouseRules()
ROUND_LIMIT = RULES.battle_rounds
PRESET = RULES.terrain
KINDS = ("none", "banner", "outpost", "fort", "castle")
MATCHES = (("heuristic", "heuristic"), ("heuristic", "random"))

_CARDS: list[FigureCard] = []


def load_catalogue() -> list[FigureCard]:
    """The real feed through the product's importer and the engine's adapter."""
    data = read_feed(feed_files(SOURCE), load_abilities(), load_factions())
    return playable_cards(data.figures.values())


def fortifications(kind: str) -> tuple[Fortification, ...]:
    """The holder's (player 0's) banner and structure, as a campaign battle sets them."""
    if kind == "none":
        return ()
    names = ("banner",) if kind == "banner" else (kind, "banner")
    return tuple(engine_fortification(RULES.fortification(n), 0) for n in names)


def game_setup(seed: int, kind: str) -> GameSetup:
    rng = Dice(seed)
    return GameSetup(players=(
        PlayerSetup("Holder", random_army(_CARDS, rng, BUILD_TOTAL), BUILD_TOTAL, "south",
                    terrain=terrain_for(PRESET, 0)),
        PlayerSetup("Attacker", random_army(_CARDS, rng, BUILD_TOTAL), BUILD_TOTAL, "north",
                    terrain=terrain_for(PRESET, 1))),
        seed=seed, round_limit=ROUND_LIMIT, fortifications=fortifications(kind))


class Run(NamedTuple):
    seconds: float
    timed_out: bool  # the game ended by the round limit
    winners: tuple[int, ...]  # engine players: 0 holds, 1 attacks
    rounds: int
    structure_down: bool
    banner_down: bool
    heuristic_seat: int  # the heuristic's seat against random (-1: both heuristic)


def one_game(job: tuple[int, str, str, str]) -> Run:
    seed, kind, first, second = job
    if not _CARDS:
        _CARDS.extend(load_catalogue())
    kinds = (first, second)
    seat = -1
    if first != second:
        # The heuristic holds in even games, attacks in odd ones.
        kinds = (first, second) if seed % 2 == 0 else (second, first)
        seat = kinds.index("heuristic")
    players = [make_player(kinds[0], seed * 2 + 1), make_player(kinds[1], seed * 2 + 2)]
    t0 = time.process_time()
    game = play_game(game_setup(seed, kind), players)
    seconds = time.process_time() - t0
    structure = banner = False
    for w in game.warriors:
        if w.work is not None and w.eliminations:
            if w.work.banner:
                banner = True
            else:
                structure = True
    return Run(seconds, game.outcome.termination is Termination.TIME_LIMIT,
               tuple(game.outcome.winners), game.outcome.round, structure, banner, seat)


def report(kind: str, match: tuple[str, str], runs: list[Run]) -> str:
    n = len(runs)
    limit = sum(r.timed_out for r in runs)
    holder = sum(1 for r in runs if r.winners == (0,))
    attacker = sum(1 for r in runs if r.winners == (1,))
    nobody = n - holder - attacker
    text = (f"{kind:8} {match[0]} v {match[1]}: {n} games, {limit} end by the round limit; "
            f"holder wins {holder}, attacker {attacker}, neither {nobody}; structure "
            f"destroyed {sum(r.structure_down for r in runs)}, banner "
            f"{sum(r.banner_down for r in runs)}; mean "
            f"{statistics.mean(r.rounds for r in runs):.1f} rounds, "
            f"{statistics.mean(r.seconds for r in runs):.1f} s per game")
    if match[0] != match[1]:
        held = [r for r in runs if r.heuristic_seat == 0]
        attacking = [r for r in runs if r.heuristic_seat == 1]
        won_holding = sum(1 for r in held if r.winners == (0,))
        won_attacking = sum(1 for r in attacking if r.winners == (1,))
        text += (f"\n         heuristic wins {won_holding + won_attacking} of {n}: "
                 f"{won_holding} of {len(held)} holding, {won_attacking} of "
                 f"{len(attacking)} attacking")
    return text


def main() -> int:
    if not SOURCE.is_file():
        print(f"skipped: {SOURCE} is not present")
        return 0
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    kinds = sys.argv[2].split(",") if len(sys.argv) > 2 else list(KINDS)
    print(f"{BUILD_TOTAL}-point armies, terrain {PRESET!r}, round limit {ROUND_LIMIT}; "
          f"player 0 holds the territory (banner, and a structure)")
    jobs = [(seed, kind, *match) for kind in kinds for match in MATCHES
            for seed in range(games)]
    with Pool(os.cpu_count() or 1) as pool:
        runs = pool.map(one_game, jobs, chunksize=1)
    for kind in kinds:
        for match in MATCHES:
            mine = [r for (_, k, a, b), r in zip(jobs, runs, strict=True)
                    if k == kind and (a, b) == match]
            print(report(kind, match, mine))
    return 0


if __name__ == "__main__":
    sys.exit(main())
