"""Keystrokes a whole battle takes on the play screen, per round, printed: a scripted
player at the keyboard plays a 10-round battle against the random player, twice: moving
into base contact by steering the ghost with the arrow keys (the only way before the
places worth going, as a player did it: coarse steps, then shift+arrows 0.1" at a time,
then t to face the nearest figure), and with n (the places worth going, the engine's
check and odds shown). Every other decision is the same: set the scene with o, attack
when an attack is allowed (c or r, a second look, give it), else move into base contact
with the likeliest hit in reach, else out of every line of fire nearest the enemy (or the
best cover), else 3" towards the nearest opposing figure (the arrows, both times), else end
the turn (e).

    .venv/bin/python benchmarks/keystrokes.py [--seed 3] [--rounds 10]

Uses the demo catalogue in a temporary database (the armies of benchmarks/play.py). The
two battles differ a little where a steered base stands a hair from where n puts it, so
each is told whole: rounds played, keystrokes, keystrokes per round and per move into
contact. Figures only; it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
#: Most keys a scripted player spends on one move by the arrows before it gives up on it.
MOST_STEERING_KEYS = 80


@dataclass
class Tally:
    keys: int = 0
    contact_moves: int = 0
    contact_keys: int = 0
    rounds: set[int] = field(default_factory=set)
    #: Keystrokes by what they were for.
    spent: dict[str, int] = field(default_factory=dict)
    doing: str = "other"


async def _press(pilot: object, tally: Tally, *keys: str) -> None:
    from tui.tui_support import settle

    screen = pilot.app.screen  # type: ignore[attr-defined]
    for key in keys:
        tally.keys += 1
        tally.spent[tally.doing] = tally.spent.get(tally.doing, 0) + 1
        board = getattr(screen, "session", None) and screen.board
        if board is not None and board.phase == "play":
            tally.rounds.add(board.round)
        await pilot.press(key)  # type: ignore[attr-defined]
        await settle(pilot)  # type: ignore[arg-type]


async def _steer_by_arrows(pilot: object, screen: object, tally: Tally,
                           at: tuple[float, float]) -> None:
    """The arrows towards ``at``: whole steps while a step brings it nearer, then 0.1"
    steps (shift); t faces the nearest figure."""
    used = 0
    step = screen.map.step  # type: ignore[attr-defined]
    for fine, sx, sy in ((False, step, 2 * step), (True, 0.1, 0.1)):
        while used < MOST_STEERING_KEYS:
            steer = screen.steer  # type: ignore[attr-defined]
            dx, dy = at[0] - steer.at[0], at[1] - steer.at[1]
            if abs(dx) > sx / 2:
                key = "right" if dx > 0 else "left"
            elif abs(dy) > sy / 2:
                key = "up" if dy > 0 else "down"
            else:
                break
            await _press(pilot, tally, f"shift+{key}" if fine else key)
            used += 1
    await _press(pilot, tally, "t")


async def _move(pilot: object, screen: object, tally: Tally, wid: int, intent: bool) -> bool:
    """A move into base contact (n, or the arrows), else 3" towards the nearest opposing
    figure; False when neither is allowed."""
    from armybuilder.play.destinations import destinations

    session = screen.session  # type: ignore[attr-defined]
    places = destinations(session, wid)
    found = [d for d in places if d.touches and d.refusal is None]
    # No contact in reach: the place out of every line of fire nearest the enemy, or the
    # best cover, when there is one (n, with intent; by the arrows, before).
    shelter = next((d for d in places if d.refusal is None and d.shot is not None), None)
    before = tally.keys
    tally.doing = "move into contact" if found else "other move"
    await _press(pilot, tally, "m")
    if found:
        tally.contact_moves += 1
        if intent:
            await _press(pilot, tally, "n")
        else:
            await _steer_by_arrows(pilot, screen, tally, found[0].at)
    elif shelter is not None:
        if intent:
            for _ in range(places.index(shelter) + 1):
                await _press(pilot, tally, "n")
        else:
            await _steer_by_arrows(pilot, screen, tally, shelter.at)
    else:
        p = screen.board.pieces[wid]  # type: ignore[attr-defined]
        foes = [o for o in screen.board.pieces  # type: ignore[attr-defined]
                if o.on_table and o.seat != p.seat and o.captive_of is None]
        if not foes:
            await _press(pilot, tally, "escape")
            return False
        near = min(foes, key=lambda o: math.hypot(o.x - p.x, o.y - p.y))
        away = math.hypot(near.x - p.x, near.y - p.y)
        share = min(1.0, 3.0 / away) if away > 0 else 0.0
        await _steer_by_arrows(pilot, screen, tally,
                               (p.x + (near.x - p.x) * share, p.y + (near.y - p.y) * share))
    await _press(pilot, tally, "enter")  # the engine's check: the second look
    if screen.mode != "confirm":  # type: ignore[attr-defined]
        await _press(pilot, tally, "escape")  # refused where it ended: not moved
        return False
    await _press(pilot, tally, "enter")
    if found:
        tally.contact_keys += tally.keys - before
    return True


async def _turn(pilot: object, screen: object, tally: Tally, intent: bool) -> None:
    """The player's turn: each warrior that may act, in tab order."""
    tried: set[int] = set()
    while screen.mode == "idle" and not screen.board.over:  # type: ignore[attr-defined]
        ready = [p.id for p in screen.board.pieces  # type: ignore[attr-defined]
                 if screen._may_act(p.id) and p.id not in tried]  # type: ignore[attr-defined]
        if not ready:
            tally.doing = "end the turn"
            await _press(pilot, tally, "e", "enter")
            return
        wid = ready[0]
        tally.doing = "choose the warrior"
        while screen.selected != wid:  # type: ignore[attr-defined]
            await _press(pilot, tally, "tab")
        tried.add(wid)
        allowed = {s.kind for s in screen.session.status(wid)  # type: ignore[attr-defined]
                   if s.allowed}
        kind = next((k for k in ("close", "ranged") if k in allowed), None)
        if kind is not None:
            tally.doing = "attack"
            await _press(pilot, tally, kind[0], "enter", "enter")
            if screen.mode == "confirm":  # type: ignore[attr-defined]
                await _press(pilot, tally, "y")  # a push that eliminates: given anyway
            continue
        if "move" in allowed and await _move(pilot, screen, tally, wid, intent):
            continue


async def battle(db: Path, seed: int, rounds: int, intent: bool) -> Tally:
    from tui.test_play_screen import opened

    from armybuilder.catalogue.service import Catalogue
    from armybuilder.play.new import NewGame, new_game
    from armybuilder.tui.app import create_app
    from armybuilder.tui.screens import play as play_screen

    play_screen.AI_PAUSE = 0.0
    catalogue = Catalogue.open(db)
    game_id, _ = new_game(catalogue, NewGame("Rich", "Ian", seed=seed, opponent="random",
                                             rounds=rounds))
    catalogue.close()
    tally = Tally()
    app = create_app(db, play=game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        for _ in range(5000):
            if screen.board.over or not app.is_running:
                break
            mode = screen.mode
            tally.doing = "set the scene" if screen.board.phase != "play" else "a decision owed"
            if mode == "ghost" and screen.steer is not None and \
                    screen.steer.purpose in ("terrain", "deploy", "fortification"):
                await _press(pilot, tally, "o")  # placed as the AI would
            elif mode == "idle":
                await _turn(pilot, screen, tally, intent)
            elif mode in ("choose", "confirm"):
                await _press(pilot, tally, "enter")
            elif mode == "ghost":
                await _press(pilot, tally, "enter")  # a decision owed: as it stands
            else:
                await pilot.pause(0.05)
    return tally


def main() -> None:
    import importlib.util

    # benchmarks/play.py's armies (its name is the tests' play package's too).
    spec = importlib.util.spec_from_file_location("play_bench", REPO / "benchmarks" / "play.py")
    assert spec is not None and spec.loader is not None
    play_bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(play_bench)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = play_bench.make_database(Path(folder))
        for intent in (False, True):
            how = "n, the places worth going" if intent else "the arrow keys (before)"
            t = asyncio.run(battle(db, args.seed, args.rounds, intent))
            played = max(len(t.rounds), 1)
            per_move = t.contact_keys / t.contact_moves if t.contact_moves else float("nan")
            print(f"{how}: {len(t.rounds)} rounds, {t.keys} keystrokes, "
                  f"{t.keys / played:.1f} per round; {t.contact_moves} moves into base "
                  f"contact, {per_move:.1f} keys each")
            print("   " + ", ".join(f"{what} {n}" for what, n in sorted(
                t.spent.items(), key=lambda e: -e[1])))


if __name__ == "__main__":
    main()
