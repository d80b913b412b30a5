"""How quick playing a battle yourself is, printed: starting a game, and redrawing the
whole battlefield after a keystroke that steers the ghost base.

    .venv/bin/python benchmarks/play.py

Uses the demo catalogue (always there) in a temporary database. Figures only; it asserts
nothing. Wall-clock times on a shared machine are noisy: each is taken several times and
the median shown, with the CPU time (time.process_time) where the work is in this process.

- start: `armybuilder play Rich Ian` in a pseudo-terminal, from the command to the first
  frame with the battlefield's key on it (the whole program: Python, the database, the
  engine, Textual); then its parts in this process: loading both armies and starting and
  saving the game, and the app opening it until the map is drawn.
- ghost: on the full map (120 x 40 and 160 x 50), an arrow key pressed while steering a
  move, until the engine has checked the new place and every line of the map is drawn
  again; and the same work without Textual: the engine's check, the drawing, the lines.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import re
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
RUNS = 5
KEYS = ["up", "up", "left", "left", "down", "right", "up", "right", "down", "down"] * 3
#: The play screen's status line once the game is on it: setting the scene, or a round.
GAME_STATUS = re.compile(rb"Setting the scene|Round \d")


def _ms(values: list[float]) -> str:
    return (f"median {1000 * statistics.median(values):6.1f} ms, max "
            f"{1000 * max(values):6.1f} ms ({len(values)} runs)")


def make_database(folder: Path) -> Path:
    from armybuilder.armies.service import Armies
    from armybuilder.catalogue.service import Catalogue

    db = folder / "bench.sqlite"
    catalogue = Catalogue.open(db)
    armies = Armies(catalogue)
    armies.new("Rich", 300, "standard")
    for key, count in (("demo:7", 1), ("demo:3", 3), ("demo:6", 2), ("demo:12", 1)):
        armies.add("Rich", key, count)
    armies.new("Ian", 300, "standard")
    for key, count in (("demo:5", 3), ("demo:2", 4), ("demo:9", 1), ("demo:11", 2)):
        armies.add("Ian", key, count)
    catalogue.close()
    return db


def _command() -> list[str]:
    script = Path(sys.executable).with_name("armybuilder")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "armybuilder"]


def start_in_a_terminal(db: Path, seed: int) -> tuple[float, float]:
    """Seconds from running `armybuilder play` to the battlefield on the terminal, wall
    clock and the CPU time the program used to get there."""
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = {**os.environ, "ARMYBUILDER_DB": str(db), "TERM": "xterm-256color"}
    start = time.perf_counter()
    proc = subprocess.Popen([*_command(), "play", "Rich", "Ian", "--seed", str(seed),
                             "--opponent", "random"], stdin=slave, stdout=slave,
                            stderr=slave, env=env, close_fds=True, start_new_session=True)
    os.close(slave)
    seen = b""
    took = float("nan")
    try:
        while time.perf_counter() - start < 30:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    seen += os.read(master, 65536)
                except OSError:
                    break
                # The map's key ("facing") is drawn with the board, beside the game's
                # status: the battlefield is on the screen, whoever acts first.
                if b"facing" in seen and GAME_STATUS.search(seen):
                    took = time.perf_counter() - start
                    break
    finally:
        proc.kill()
        proc.wait()
        os.close(master)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (used.ru_utime + used.ru_stime)
    return took, cpu


def start_in_parts(db: Path, seed: int) -> tuple[float, float, float]:
    """(wall, CPU) seconds to load the armies and start and save the game; then wall
    seconds for the app to open it and draw the map."""
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.play.new import NewGame, new_game
    from armybuilder.tui.app import create_app
    from armybuilder.tui.screens.play import PlayScreen

    wall, cpu = time.perf_counter(), time.process_time()
    catalogue = Catalogue.open(db)
    game_id, _ = new_game(catalogue, NewGame("Rich", "Ian", seed=seed, opponent="random"))
    catalogue.close()
    made, made_cpu = time.perf_counter() - wall, time.process_time() - cpu

    async def open_it() -> float:
        began = time.perf_counter()
        app = create_app(db, play=game_id)
        async with app.run_test(size=(120, 40)):
            while True:
                screen = app.screen
                if isinstance(screen, PlayScreen) and screen.session is not None and \
                        screen.map.canvas() is not None:
                    return time.perf_counter() - began
                await asyncio.sleep(0.001)

    return made, made_cpu, asyncio.run(open_it())


def ghost_keys(db: Path, size: tuple[int, int]) -> tuple[list[float], list[float]]:
    """Per arrow key: wall seconds in the app (key in, the engine's check, the map drawn
    again, every line rendered), and CPU seconds of the same work without Textual."""
    from play.play_support import SHOOTER, scenario_game
    from textual.geometry import Region

    from armybuilder.tui.app import create_app
    from armybuilder.tui.battlefield import View, draw
    from armybuilder.tui.screens.play import PlayScreen

    game_id = scenario_game(db, marks=True)
    timings: list[float] = []

    async def steer() -> None:
        app = create_app(db, play=game_id)
        async with app.run_test(size=size) as pilot:
            while not (isinstance(app.screen, PlayScreen) and app.screen.mode == "idle"):
                await asyncio.sleep(0.01)
            screen = app.screen
            assert isinstance(screen, PlayScreen)
            while screen.selected != SHOOTER:
                await pilot.press("tab")
            await pilot.press("m")
            await pilot.pause(0.2)
            field = screen.map
            for key in KEYS:
                assert screen.steer is not None
                before = screen.steer.at
                t0 = time.perf_counter()
                pressing = asyncio.create_task(pilot.press(key))
                while screen.steer.at == before:
                    await asyncio.sleep(0)
                field.render_lines(Region(0, 0, field.size.width, field.size.height))
                timings.append(time.perf_counter() - t0)
                await pressing

    asyncio.run(steer())
    # The same work by hand: the engine's check of the ghost's place and the whole map.
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.play.games import Games
    from armybuilder.play.session import PlaySession, Seats

    catalogue = Catalogue.open(db)
    games = Games(catalogue)
    saved = games.get(game_id)
    session = PlaySession.resume(games.log(game_id), Seats(saved.commanders, saved.seed))
    catalogue.close()
    from armybuilder.tui.battlefield import Ghost, Overlay, terrain_layer

    board = session.board
    piece = board.pieces[SHOOTER]
    view = View(board.table, size[0] - 48, size[1] - 4)
    ground = terrain_layer(board, view)
    cpu: list[float] = []
    for k in range(len(KEYS)):
        at = (piece.x - 0.5 * (k % 5), piece.y + 1.0 + 0.5 * (k % 3))
        t0 = time.process_time()
        option = session.move(SHOOTER, [at], None)
        legal = session.refusal(option.action) is None
        canvas = draw(board, Overlay(selected=SHOOTER, allowance=session.allowance(SHOOTER),
                                     ghosts=(Ghost(piece, at, piece.facing, (), legal),)),
                      view, ground)
        for row in range(canvas.rows):
            canvas.segments(row)
        cpu.append(time.process_time() - t0)
    return timings, cpu


def main() -> None:
    print(f"benchmarks/play.py, {time.strftime('%Y-%m-%d %H:%M')}, Python "
          f"{sys.version.split()[0]}, {os.cpu_count()} CPUs (shared, load average "
          f"{os.getloadavg()[0]:.2f})")
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        # Part of each start, which an installed copy (its bytecode compiled) does not spend.
        print("(PYTHONDONTWRITEBYTECODE is set: unless their bytecode was compiled "
              "beforehand, every start compiles armybuilder's modules again)")
    with tempfile.TemporaryDirectory() as folder:
        db = make_database(Path(folder))
        terminal = [start_in_a_terminal(db, seed) for seed in range(RUNS)]
        print(f"start, `armybuilder play` to the battlefield on a terminal: "
              f"{_ms([t[0] for t in terminal])}; CPU (the whole program, killed just "
              f"after) {_ms([t[1] for t in terminal])}")
        parts = [start_in_parts(db, 100 + seed) for seed in range(RUNS)]
        print(f"  load both armies, start and save the game: "
              f"{_ms([p[0] for p in parts])}; CPU {_ms([p[1] for p in parts])}")
        print(f"  the app opening it until the map is drawn (headless): "
              f"{_ms([p[2] for p in parts])}")
        for size in ((120, 40), (160, 50)):
            sub = Path(folder) / f"{size[0]}x{size[1]}.sqlite"
            wall, cpu = ghost_keys(_fresh(sub), size)
            print(f"ghost base, one arrow key on the full map at {size[0]}x{size[1]}: "
                  f"{_ms(wall)}")
            print(f"  the same work without Textual (check, draw, every line), CPU: "
                  f"{_ms(cpu)}")


def _fresh(path: Path) -> Path:
    from armybuilder.catalogue.service import Catalogue

    Catalogue.open(path).close()
    return path


if __name__ == "__main__":
    main()
