"""The reference games: a fixed set of whole AI games on real-catalogue armies whose event
logs must not change unless a rule does.

    .venv/bin/python tests/engine/reference_games.py          # print each game's hash
    .venv/bin/python tests/engine/reference_games.py --write  # record them (a rule changed)

48 games: without terrain and with the standard terrain, heuristic against heuristic,
heuristic against random (either seat) and random against random. Armies are drawn from
the real feed (../shared/data/rebuilt) with the engine's own dice, so the set-ups are the
same on every Python version. ``test_reference_games.py`` plays them again, compares each
log's SHA-256 with ``reference_logs.json`` and replays every log. A change that is meant to
change play (a rules correction) records the new hashes with ``--write`` and says in its
commit how many games changed.
"""

from __future__ import annotations

import hashlib
import json
import sys
from functools import cache
from pathlib import Path
from typing import NamedTuple

from armybuilder.ai.players import make_player
from armybuilder.engine import FigureCard, Game, GameSetup, PlayerSetup
from armybuilder.engine.adapter import playable_cards
from armybuilder.engine.dice import Dice
from armybuilder.importers.feed import read_feed
from armybuilder.importers.rule_tables import load_abilities, load_factions
from armybuilder.importers.sources import feed_files
from armybuilder.sim.match import play_game
from armybuilder.sim.terrain_presets import terrain_for

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parents[1].parent / "shared" / "data" / "rebuilt" / "mkstats_rebuilt.json"
HASHES = HERE / "reference_logs.json"
BUILD_TOTAL = 200
ROUNDS = 25
#: Games per preset: (player 0's kind, player 1's kind, how many).
MATCHES = (("heuristic", "heuristic", 10), ("heuristic", "random", 4),
           ("random", "heuristic", 4), ("random", "random", 6))
PRESETS = ("none", "standard")


class Reference(NamedTuple):
    name: str
    seed: int
    preset: str
    kinds: tuple[str, str]


def references() -> list[Reference]:
    out = []
    seed = 0
    for preset in PRESETS:
        for a, b, count in MATCHES:
            for _ in range(count):
                out.append(Reference(f"{preset}-{a[0]}{b[0]}-{seed}", seed, preset, (a, b)))
                seed += 1
    return out


def available() -> bool:
    return SOURCE.is_file()


@cache
def catalogue() -> tuple[FigureCard, ...]:
    data = read_feed(feed_files(SOURCE), load_abilities(), load_factions())
    return tuple(sorted(playable_cards(data.figures.values()), key=lambda c: c.key))


def army(dice: Dice) -> tuple[FigureCard, ...]:
    """Figures drawn with ``dice`` while one still fits the build total; no uniques, so
    every draw is legal (Rulebook II, Building Your Army)."""
    pool = [c for c in catalogue() if not c.unique]
    chosen: list[FigureCard] = []
    left = BUILD_TOTAL
    while True:
        fits = [c for c in pool if c.points <= left]
        if not fits:
            return tuple(chosen)
        pick = fits[dice.below(len(fits))]
        chosen.append(pick)
        left -= pick.points


def setup(ref: Reference) -> GameSetup:
    dice = Dice(seed=1_000_003 * (ref.seed + 1))
    return GameSetup(players=(
        PlayerSetup("A", army(dice), BUILD_TOTAL, "south", terrain=terrain_for(ref.preset, 0)),
        PlayerSetup("B", army(dice), BUILD_TOTAL, "north", terrain=terrain_for(ref.preset, 1))),
        seed=ref.seed, round_limit=ROUNDS)


def play(ref: Reference) -> Game:
    players = [make_player(ref.kinds[0], 2 * ref.seed + 1),
               make_player(ref.kinds[1], 2 * ref.seed + 2)]
    return play_game(setup(ref), players)


def digest(game: Game) -> str:
    return hashlib.sha256(game.log_json().encode()).hexdigest()


def recorded() -> dict[str, str]:
    return json.loads(HASHES.read_text())  # type: ignore[no-any-return]


def main() -> int:
    if not available():
        print(f"{SOURCE} is missing: the reference games need the real catalogue")
        return 2
    found = {ref.name: digest(play(ref)) for ref in references()}
    if "--write" in sys.argv[1:]:
        old = recorded() if HASHES.is_file() else {}
        HASHES.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        changed = sorted(n for n in found if old.get(n) != found[n])
        print(f"wrote {HASHES.name}: {len(changed)} of {len(found)} games changed")
        for name in changed:
            print(f"  {name}")
        return 0
    for name, value in found.items():
        print(name, value)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
