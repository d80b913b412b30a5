"""AI battle benchmarks on the real catalogue (../shared/data/rebuilt), printed.

    .venv/bin/python benchmarks/battle.py [games]

Random 200-point armies (Rulebook VII, The Standard Game) from the feed, heuristic against
heuristic with no terrain and with the "standard" terrain preset: median time and actions
per game; heuristic against random: the win rate; and games per second on every core.
Asserts nothing.
"""

from __future__ import annotations

import csv
import json
import os
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from armybuilder.battle.match import play_game
from armybuilder.battle.players import make_player
from armybuilder.battle.terrain_presets import terrain_for
from armybuilder.catalogue.records import Click, Dial, Figure
from armybuilder.engine import FigureCard, GameSetup, PlayerSetup
from armybuilder.engine.adapter import cards_from_figure

REPO = Path(__file__).resolve().parents[1]
SOURCE = REPO.parent / "shared" / "data" / "rebuilt" / "mkstats_rebuilt.json"
CLICK = "Model.Dial.Clicks.Click."
STATS = ("speed", "attack", "defense", "damage")
BUILD_TOTAL = 200
ROUND_LIMIT = 25


def ability_names() -> dict[int, str]:
    with (REPO / "imports" / "abilities.csv").open(newline="") as fh:
        return {int(row["feed_id"]): row["name"] for row in csv.DictReader(fh)}


def card_from_model(model: dict[str, Any], names: dict[int, str]) -> FigureCard:
    """Feed model -> catalogue record -> engine card (as tests/bench/bench_engine.py)."""
    clicks = []
    for raw in model["Dials"][0]["Clicks"]:
        values = {}
        abilities = {}
        for stat in STATS:
            text = raw[CLICK + stat.capitalize()]
            values[stat] = None if text == "Dead" else int(text)
            name = names.get(raw[CLICK + stat.capitalize() + "AbilityId"])
            if name:
                abilities[stat] = name
        clicks.append(Click(raw[CLICK + "ClickNumber"], abilities=abilities, **values))
    rng, _, targets = model["Model.Range"].partition("(")
    figure = Figure(
        expansion=model["Model.ExpansionName"].lower(), number=int(model["Model.FigureNumber"]),
        name=model["Model.ShortName"], rank=model["Model.Rank"].lower(),
        points=int(model["Model.UnitCost"]),
        factions=[f.strip() for f in model["Model.Factions"].split(",") if f.strip()],
        range=int(rng), targets=int(targets.split()[0]) if targets else 1,
        arc=int(model["Model.Arc"]), base=model["Model.BaseType"],
        dials=[Dial("main", sorted(clicks, key=lambda c: c.index))])
    return cards_from_figure(figure)


def load_catalogue() -> list[FigureCard]:
    names = ability_names()
    models = json.loads(SOURCE.read_text())["Models"]
    return [card_from_model(m, names) for m in models if len(m["Dials"]) == 1]


def army(cards: list[FigureCard], rng: random.Random, total: int = BUILD_TOTAL
         ) -> tuple[FigureCard, ...]:
    chosen: list[FigureCard] = []
    left = total
    pool = [c for c in cards if not c.unique]
    while left >= 10:
        fits = [c for c in pool if c.points <= left]
        if not fits:
            break
        pick = rng.choice(fits)
        chosen.append(pick)
        left -= pick.points
    return tuple(chosen)


def game_setup(cards: list[FigureCard], seed: int, preset: str) -> GameSetup:
    rng = random.Random(seed)
    return GameSetup(players=(
        PlayerSetup("A", army(cards, rng), BUILD_TOTAL, "south", terrain=terrain_for(preset, 0)),
        PlayerSetup("B", army(cards, rng), BUILD_TOTAL, "north", terrain=terrain_for(preset, 1))),
        seed=seed, round_limit=ROUND_LIMIT)


_CARDS: list[FigureCard] = []


def one_game(job: tuple[int, str, str, str]) -> tuple[float, int, list[int]]:
    """(seconds, actions, winners) of one game; the players swap seats on odd seeds."""
    seed, preset, kind_a, kind_b = job
    if not _CARDS:
        _CARDS.extend(load_catalogue())
    kinds = (kind_a, kind_b) if seed % 2 == 0 else (kind_b, kind_a)
    players = [make_player(kinds[0], seed * 2 + 1), make_player(kinds[1], seed * 2 + 2)]
    setup = game_setup(_CARDS, seed, preset)
    t0 = time.perf_counter()
    game = play_game(setup, players)
    seconds = time.perf_counter() - t0
    winners = [i if seed % 2 == 0 else 1 - i for i in game.outcome.winners]
    return seconds, len(game.entries) - 1, winners


def main() -> int:
    if not SOURCE.is_file():
        print(f"skipped: {SOURCE} is not present")
        return 0
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    _CARDS.extend(load_catalogue())
    print(f"{len(_CARDS)} cards; {BUILD_TOTAL}-point armies, round limit {ROUND_LIMIT}")
    for preset in ("none", "standard"):
        runs = [one_game((seed, preset, "heuristic", "heuristic")) for seed in range(games)]
        secs = [r[0] for r in runs]
        acts = [r[1] for r in runs]
        print(f"heuristic vs heuristic, terrain {preset!r}: {games} games, median "
              f"{1e3 * statistics.median(secs):.1f} ms per game (mean "
              f"{1e3 * statistics.mean(secs):.1f}, max {1e3 * max(secs):.0f}), median "
              f"{statistics.median(acts):.0f} actions per game "
              f"({1e6 * sum(secs) / sum(acts):.0f} µs per action)")
    cores = os.cpu_count() or 1
    versus = max(200, games)
    jobs = [(seed, "none", "heuristic", "random") for seed in range(versus)]
    t0 = time.perf_counter()
    with Pool(cores) as pool:
        runs = pool.map(one_game, jobs, chunksize=4)
    wall = time.perf_counter() - t0
    wins = sum(1 for r in runs if r[2] == [0])
    shared = sum(1 for r in runs if 0 in r[2] and len(r[2]) > 1)
    print(f"heuristic vs random, no terrain: {versus} games, heuristic wins {wins} "
          f"({100 * wins / versus:.1f}%), shares {shared}; {len(runs) / wall:.1f} games/s on "
          f"{cores} cores (catalogue loading included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
