"""Machine instructions per AI game, counted by valgrind, printed.

    .venv/bin/python benchmarks/instructions.py [games] [terrain] [chariots|castles]

Timings on a shared machine swing by a quarter from one minute to the next; the number
of instructions a game takes does not. This plays the same heuristic-vs-heuristic games
as ``benchmarks/battle.py`` (the real catalogue, random 200-point armies, seeds 0, 1, ...)
under ``valgrind --tool=cachegrind`` twice, once without games, and prints the
difference per game: two versions of the code compared this way (each from its own
checkout) differ only by what they do. Hash randomisation is fixed (PYTHONHASHSEED=0),
so a run repeats to about 0.03%. Needs valgrind; prints why not when it is missing or
when ../shared/data is absent. With ``chariots``, the games of ``benchmarks/chariots.py``
where both armies have a fixture chariot (and its passenger). With ``castles``, the sieges of
``benchmarks/castles.py``: a Heavy fixture keep and three walls with warriors to 300 points
against 300 points of warriors on its 48" table, the castle army's seat alternating with the
seed. Asserts nothing.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()


def play(games: int, preset: str, kind: str = "plain") -> None:
    """The games themselves (run under valgrind by :func:`main`)."""
    sys.path.insert(0, str(HERE.parent))
    import battle as bench

    cards = bench.load_catalogue()
    from armybuilder.ai.players import make_player
    from armybuilder.sim.match import play_game

    setups: Callable[[list[Any], int, str], Any] = bench.game_setup
    if kind == "chariots":
        import chariots as chariot_bench

        chariot_bench._load()
        setups = lambda _, seed, preset: chariot_bench.both_with_chariots(seed, preset)  # noqa: E731
    elif kind == "castles":
        import castles as castle_bench

        castle_bench._load()
        setups = lambda _, seed, preset: castle_bench.siege_setup(  # noqa: E731
            seed, preset, "heavy", seed % 2)
    for seed in range(games):
        players = [make_player("heuristic", seed * 2 + 1), make_player("heuristic", seed * 2 + 2)]
        play_game(setups(cards, seed, preset), players)


def count(games: int, preset: str, kind: str = "plain") -> int:
    """Instructions of this script playing ``games`` games, catalogue loading included."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, str(HERE), "--play", str(games), preset, kind],
        env=env, capture_output=True, text=True, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--play":
        play(int(sys.argv[2]), sys.argv[3], sys.argv[4])
        return 0
    sys.path.insert(0, str(HERE.parent))
    import battle as bench

    if not bench.SOURCE.is_file():
        print(f"skipped: {bench.SOURCE} is not present")
        return 0
    if shutil.which("valgrind") is None:
        print("skipped: valgrind is not installed")
        return 0
    from armybuilder.sim.terrain_presets import PRESETS

    games_arg = sys.argv[1] if len(sys.argv) > 1 else "20"
    preset = sys.argv[2] if len(sys.argv) > 2 else "none"
    kind = sys.argv[3] if len(sys.argv) > 3 else "plain"
    if not games_arg.isdigit() or int(games_arg) < 1 or preset not in PRESETS or \
            kind not in ("plain", "chariots", "castles"):
        print(f"usage: benchmarks/instructions.py [games (a whole number, at least 1)] "
              f"[terrain: {', '.join(PRESETS)}] [chariots|castles]; got "
              f"{' '.join(sys.argv[1:])!r}",
              file=sys.stderr)
        return 2
    games = int(games_arg)
    per_game = (count(games, preset, kind) - count(0, preset, kind)) / games
    what = {"chariots": " with a chariot on each side",
            "castles": " in sieges (a Heavy keep and three walls)"}.get(kind, "")
    print(f"heuristic vs heuristic{what}, terrain {preset!r}: {games} games, "
          f"{per_game / 1e6:.2f} million instructions per game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
