"""Sieges in AI battles on the real catalogue (../shared/data/rebuilt), printed.

    .venv/bin/python benchmarks/castles.py [games] [terrain] [heavy|light]

The project's fixture castle sections (imports/fixtures: invented dials, read as an
import reads them) make a 300-point castle army: a keep and three walls, at their Heavy
values (or Light: the dial turned the price table's clicks, imports/castle_sections.csv),
and warriors drawn from the real feed to 300 points. The castle stands where the engine's
default plan puts it (castle_default_plan) on a 48" table (Castle rules, Playing Area and
Set-Up: 18" deep at most, 30" from the opponent's starting area, which a 36" table cannot
hold); each side has its ladder, one per three walls (Castle rules, Planking and Ladders):
the castle player's stands against a wall's inner face from the start, the besieger
carries its own ("One ladder (or ladder token) may be carried by a formation without
penalty") and places it in play with a movement formation (the engine's ``Ladder``).
Prints:

- the castle army's win rate against 300 points of warriors, heuristic against heuristic,
  every set-up played twice with the seats swapped;
- the heuristic player's win rate against the random player in sieges, as the defender
  and as the besieger;
- what the heuristic did in its sieges (portals opened and shut, section shots and long
  shots, attacks on sections, breaches, sections eliminated, ladders placed and thrown
  down, warriors on the castle's tops), and the median CPU time of a siege game.

``benchmarks/instructions.py GAMES TERRAIN castles`` counts the instructions of the
heuristic-against-heuristic sieges. Asserts nothing.
"""

from __future__ import annotations

import math
import os
import sys
import time
import traceback
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import NamedTuple

from armybuilder.ai.players import make_player
from armybuilder.engine import (
    Dice,
    FigureCard,
    Game,
    GameSetup,
    LadderPlacement,
    PlayerSetup,
    apply,
    castle_default_plan,
)
from armybuilder.engine.adapter import castle_card
from armybuilder.figures import Figure
from armybuilder.importers import errata, rule_tables, spreadsheet
from armybuilder.paths import imports_dir
from armybuilder.sim.random_armies import random_army
from armybuilder.sim.terrain_presets import terrain_for

sys.path.insert(0, str(Path(__file__).resolve().parent))
import battle as bench  # the sibling benchmark's catalogue
import chariots as chariot_bench  # its scoring and report of a seat's games

BUILD_TOTAL = 300
ROUND_LIMIT = 25
#: Castle rules, Playing Area and Set-Up: the castle within 18" of its edge and 30" from
#: the opponent's starting area (3" deep): 48" leaves room; a 36" table does not.
TABLE = 48.0
WALLS = 3
#: imports/castle_sections.csv, Light: the dial turned 3 clicks.
LIGHT = {"keep": (84, 3), "wall": (12, 3)}
#: A ladder stands this far out from the wall's face (Castle rules, Planking and Ladders;
#: castle_setup.LADDER_REACH allows 0.5").
LADDER_OUT = 0.2
WALL_DEPTH = 1.25  # imports/castle_pieces.csv

_CARDS: list[FigureCard] = []
_SECTIONS: dict[str, Figure] = {}


def fixture_sections() -> dict[str, Figure]:
    """The fixture castle sections by piece ("keep", "wall", ...), read as an import
    reads them (errata included)."""
    data = spreadsheet.read_catalogue(imports_dir() / "fixtures",
                                      known_abilities=rule_tables.load_abilities())
    errata.apply_errata(data, errata.load_errata())
    return {f.castle_section: f for f in sorted(data.figures.values(), key=lambda f: f.key)
            if f.kind == "castle"}


def _load() -> None:
    if not _CARDS:
        _CARDS.extend(bench.load_catalogue())
        _SECTIONS.update(fixture_sections())


def section(piece: str, weight: str) -> FigureCard:
    """A castle section's card, Heavy or Light (Castle rules, Point Value)."""
    if weight == "light":
        points, clicks = LIGHT[piece]
        return castle_card(_SECTIONS[piece], clicks=clicks, points=points)
    return castle_card(_SECTIONS[piece])


def castle_army(rng: Dice, weight: str) -> tuple[FigureCard, ...]:
    """A keep, three walls and warriors to BUILD_TOTAL."""
    sections = (section("keep", weight), *(section("wall", weight) for _ in range(WALLS)))
    left = BUILD_TOTAL - sum(c.points for c in sections)
    return (*sections, *random_army(_CARDS, rng, left))


#: Draws of the besieger's army tried for one worth as much as the castle army.
MATCH_TRIES = 200


def matching_army(rng: Dice, points: int) -> tuple[FigureCard, ...]:
    """Random warriors worth ``points`` (the castle army's total: a random army falls a
    few points short of the build total, and a game where nobody fights is decided by
    those points), or the nearest below of MATCH_TRIES draws."""
    best: tuple[FigureCard, ...] = ()
    for _ in range(MATCH_TRIES):
        army = random_army(_CARDS, rng, points)
        total = sum(c.points for c in army)
        if total > sum(c.points for c in best):
            best = army
        if total == points:
            break
    return best


def ladders(army: tuple[FigureCard, ...], edge: str, outside: bool
            ) -> tuple[LadderPlacement, ...]:
    """One ladder (one per three walls) against the first wall of the default plan: its
    outer face (the besieger's) or inner face (the castle player's)."""
    for spot in castle_default_plan(army, edge, TABLE):
        if army[spot.warrior].castle != "wall":
            continue
        # imports/castle_pieces.csv: +y points out of the castle.
        out = WALL_DEPTH / 2 + LADDER_OUT
        dy = out if outside else -out
        x = spot.at[0] - dy * math.sin(spot.rotation)
        y = spot.at[1] + dy * math.cos(spot.rotation)
        return (LadderPlacement(spot.warrior, (x, y)),)
    return ()


def siege_setup(seed: int, preset: str, weight: str, castle_seat: int) -> GameSetup:
    """A castle army against 300 points of warriors; the castle army in ``castle_seat``.
    The same armies for either seat (the draws come from ``seed`` alone)."""
    rng = Dice(seed)
    castle = castle_army(rng, weight)
    other = matching_army(rng, sum(c.points for c in castle))
    edges = ("south", "north")
    armies = [other, other]
    armies[castle_seat] = castle
    sides = []
    for k in (0, 1):
        defending = k == castle_seat
        sides.append(PlayerSetup(
            "castle" if defending else "besieger", armies[k], BUILD_TOTAL, edges[k],
            terrain=terrain_for(preset, k),
            # The besieger's ladder is carried, not placed at set-up.
            ladders=ladders(castle, edges[castle_seat], outside=False) if defending
            else ()))
    return GameSetup(players=(sides[0], sides[1]), seed=seed, round_limit=ROUND_LIMIT,
                     table=TABLE)


class Run(NamedTuple):
    seconds: float
    score: float  # for the seat watched: 1 a win, 0.5 a shared win, 0 a loss
    doings: Counter  # what the watched seat did
    error: str  # an engine or player failure ("" when the game was played out)


def _doings(game: Game, seat: int, prefix: str = "") -> Counter:
    seen: Counter = Counter()
    warriors = game.warriors
    sections = set(game.sections)
    for entry in game.entries:
        action = entry["action"] or {}
        kind = action.get("type")
        if kind == "set_portal" and action.get("player") == seat:
            seen["portals opened" if action.get("open") else "portals shut"] += 1
        if kind == "ladder" and warriors[action["warrior"]].owner == seat:
            seen["ladders thrown down" if action.get("remove") else "ladders placed"] += 1
        who = action.get("warrior")
        if who is not None and warriors[who].owner == seat and kind in ("ranged", "close"):
            if who in sections:
                seen["section shots"] += 1
                seen["long shots"] += bool(action.get("long_range"))
            elif any(t in sections for t in action.get("targets", ())):
                seen[f"{kind} attacks on sections"] += 1
        for event in entry["events"]:
            e = event["e"]
            if e == "breached" and event.get("by") == seat:
                seen["breaches"] += 1
            elif e == "eliminated" and event.get("warrior") in sections \
                    and warriors[event["warrior"]].owner != seat:
                seen["sections eliminated"] += 1
    seen["warriors on the castle at the end"] += _on_tops(game, seat)
    score = game.outcome.scores[seat]
    seen["points scored"] += score.eliminations + score.captives + score.survivors
    return Counter({prefix + k: v for k, v in seen.items()})


def _on_tops(game: Game, seat: int) -> int:
    """The seat's warriors standing on a castle section's top at the end."""
    from armybuilder.engine import castle_standing_on
    return sum(1 for w in game.warriors if w.owner == seat and w.on_table and w.castle is None
               and castle_standing_on(game, w) is not None)


def _play(setup: GameSetup, kinds: tuple[str, str], seed: int, seat: int) -> Run:
    players = [make_player(kinds[0], seed * 2 + 1), make_player(kinds[1], seed * 2 + 2)]
    t0 = time.process_time()
    game = Game.new(setup)
    try:
        while not game.over:
            apply(game, players[game.to_act].choose(game))
    except Exception as exc:  # reported below, not hidden: the castle engine is growing
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return Run(time.process_time() - t0, 0.5, Counter(),
                   f"{type(exc).__name__}: {exc} ({Path(where.filename).name}:{where.lineno})")
    doings = _doings(game, seat)
    if kinds[0] == kinds[1]:
        doings += _doings(game, 1 - seat, "their ")
    score = chariot_bench._score(game.outcome.winners, seat)
    return Run(time.process_time() - t0, score, doings, "")


def castle_vs_warriors(job: tuple[int, str, str, int]) -> Run:
    """Game ``seed``: the castle army (in seat ``castle_seat``) against warriors, heuristic
    against heuristic; the castle army's result."""
    seed, preset, weight, castle_seat = job
    _load()
    return _play(siege_setup(seed, preset, weight, castle_seat), ("heuristic", "heuristic"),
                 seed, castle_seat)


def heuristic_vs_random(job: tuple[int, str, str, bool]) -> Run:
    """Game ``seed``: the heuristic defending the castle (``defending``) or besieging it,
    against the random player; the heuristic's result. Seats alternate with the seed."""
    seed, preset, weight, defending = job
    _load()
    castle_seat = seed % 2
    seat = castle_seat if defending else 1 - castle_seat
    kinds = ["random", "random"]
    kinds[seat] = "heuristic"
    return _play(siege_setup(seed, preset, weight, castle_seat), (kinds[0], kinds[1]),
                 seed, seat)


def _report(name: str, runs: list[Run]) -> None:
    played = [r for r in runs if not r.error]
    failed = [r for r in runs if r.error]
    if played:
        chariot_bench._report(name, played)
    if failed:
        errors = Counter(r.error for r in failed)
        print(f"  {len(failed)} of {len(runs)} games stopped by an error: "
              + "; ".join(f"{k} (x{v})" for k, v in errors.most_common(3)))


def main() -> int:
    if not bench.SOURCE.is_file():
        print(f"skipped: {bench.SOURCE} is not present")
        return 0
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    preset = sys.argv[2] if len(sys.argv) > 2 else "standard"
    weight = sys.argv[3] if len(sys.argv) > 3 else "heavy"
    cores = os.cpu_count() or 1
    _load()
    castle = sum(section(p, weight).points for p in ("keep", *["wall"] * WALLS))
    print(f"{len(_CARDS)} cards; a {weight} keep and {WALLS} walls ({castle} points) and "
          f"warriors to {BUILD_TOTAL} against {BUILD_TOTAL} points of warriors; {TABLE:.0f}\" "
          f"table, round limit {ROUND_LIMIT}, terrain {preset!r}, {cores} cores")
    with Pool(cores) as pool:
        jobs = [(seed, preset, weight, seat) for seed in range(games) for seat in (0, 1)]
        _report("the castle army against warriors (heuristic vs heuristic, seats swapped)",
                pool.map(castle_vs_warriors, jobs, chunksize=2))
        for defending, role in ((True, "defender"), (False, "besieger")):
            _report(f"heuristic vs random, the heuristic the {role}",
                    pool.map(heuristic_vs_random,
                             [(seed, preset, weight, defending) for seed in range(games)],
                             chunksize=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
