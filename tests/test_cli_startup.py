"""The command line answers at once: building the parser and --help load no SQLAlchemy,
SQLModel, pydantic, openpyxl, pandas, fpdf, Textual or the engine; the commands that only
read (catalogue show, army validate) and starting a game with `armybuilder play` load no
SQLAlchemy, SQLModel, pydantic, openpyxl or pandas either: they read the database with
plain sqlite3 (benchmarks/cli.py and benchmarks/play.py print the times)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("sqlalchemy", "sqlmodel", "pydantic", "openpyxl", "pandas", "fpdf", "textual",
         "armybuilder.engine", "armybuilder.catalogue.store", "armybuilder.sim.batch")
#: What the database layer and the spreadsheets load: a command that only reads, and the
#: start of a game, do without them.
STORAGE = ("sqlalchemy", "sqlmodel", "pydantic", "openpyxl", "pandas")


def loaded_by(code: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", code + "\nimport json, sys\n"
                           "print(json.dumps(sorted(sys.modules)))"],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def heavy(modules: list[str], names: tuple[str, ...] = HEAVY) -> list[str]:
    return [m for m in modules if any(m == h or m.startswith(h + ".") for h in names)]


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A demo database at the latest schema with two playable armies, Rich and Ian."""
    from armybuilder.armies.service import Armies
    from armybuilder.catalogue.service import Catalogue

    db = tmp_path_factory.mktemp("startup") / "armybuilder.sqlite"
    catalogue = Catalogue.open(db)
    armies = Armies(catalogue)
    for name, keys in (("Rich", (("demo:7", 1), ("demo:3", 3), ("demo:6", 2))),
                       ("Ian", (("demo:5", 3), ("demo:2", 4), ("demo:9", 1)))):
        armies.new(name, 300, "standard")
        for key, count in keys:
            armies.add(name, key, count)
    catalogue.close()
    return db


def reading_commands(db: Path) -> str:
    """Code that runs the commands that only read on ``db``."""
    return ("from armybuilder.cli import main\n"
            f"for argv in (['catalogue', 'show', 'demo:7'], ['army', 'validate', 'Rich'],\n"
            "             ['army', 'validate', 'Ian', '--json', '--collection'],\n"
            "             ['catalogue', 'show', 'demo pikeman tough', '--json']):\n"
            f"    assert main(['--db', {str(db)!r}, *argv]) in (0, 1), argv")


def test_help_loads_nothing_heavy() -> None:
    code = ("from armybuilder.cli import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass")
    assert heavy(loaded_by(code)) == []


def test_every_commands_help_loads_nothing_heavy() -> None:
    code = ("from armybuilder.cli import main\n"
            "for argv in (['army', '--help'], ['catalogue', 'show', '--help'],\n"
            "             ['battle', '--help'], ['collection', '--help'],\n"
            "             ['army', 'validate', '--help'], ['engine', '--help']):\n"
            "    try:\n        main(argv)\n    except SystemExit:\n        pass")
    assert heavy(loaded_by(code)) == []


def test_the_test_sees_heavy_imports() -> None:
    # Writing loads the database layer: the checks here can fail.
    assert "sqlalchemy" in heavy(loaded_by("import armybuilder.catalogue.store"))


def test_commands_that_only_read_load_no_database_layer(saved: Path) -> None:
    loaded = loaded_by(reading_commands(saved))
    found = sorted({m.split(".")[0] for m in heavy(loaded, STORAGE)})
    assert found == [], (f"a command that only reads loaded {', '.join(found)}: read "
                         "through Catalogue.reading() (issue 21)")
    assert "armybuilder.catalogue.reading" in loaded  # they did read the database


def test_a_database_to_create_or_migrate_goes_through_sqlalchemy(saved: Path,
                                                                 tmp_path: Path) -> None:
    # The same commands on a file that is not yet at the latest schema (here: none yet)
    # open it through SQLAlchemy, which migrates: the plain read is what keeps it out.
    fresh = tmp_path / "new.sqlite"
    code = reading_commands(fresh).replace("in (0, 1)", "in (0, 1, 2)")
    assert "sqlalchemy" in heavy(loaded_by(code), STORAGE)


def test_starting_a_game_loads_no_database_layer(saved: Path, tmp_path: Path) -> None:
    """`armybuilder play` checks the armies, starts and saves the game, and the app opens
    it until the battlefield is drawn; then the game is saved, as after every action: all
    without SQLAlchemy, and without the AI players when no AI plays (they load with the
    AI's first choice)."""
    db = tmp_path / "play.sqlite"
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{saved}{suffix}").exists():
            shutil.copy(f"{saved}{suffix}", f"{db}{suffix}")
    code = ("import asyncio\n"
            "from pathlib import Path\n"
            "import armybuilder.cli.play as play\n"
            "from armybuilder.cli import main\n"
            "opened = []\n"
            "play._open = lambda args, game_id, choose=False: opened.append(game_id) or 0\n"
            f"db = Path({str(db)!r})\n"
            "assert main(['--db', str(db), 'play', 'Rich', 'Ian', '--seed', '5',\n"
            "             '--opponent', 'human']) == 0\n"
            "from armybuilder.play.games import Games\n"
            "from armybuilder.tui.app import create_app\n"
            "from armybuilder.tui.screens.play import PlayScreen\n"
            "async def drawn():\n"
            "    app = create_app(db, play=opened[0])\n"
            "    async with app.run_test(size=(120, 40)) as pilot:\n"
            "        for _ in range(3000):\n"
            "            screen = app.screen\n"
            "            if isinstance(screen, PlayScreen) and screen.session is not None \\\n"
            "                    and screen.map.canvas() is not None:\n"
            "                games = Games(app.services.catalogue)\n"
            "                return games.save(opened[0], screen.session.progress())\n"
            "            await pilot.pause(0.01)\n"
            "    raise AssertionError('the battlefield was not drawn')\n"
            "assert asyncio.run(drawn())")
    loaded = loaded_by(code)
    found = sorted({m.split(".")[0] for m in heavy(loaded, STORAGE)})
    assert found == [], (f"starting a game loaded {', '.join(found)} (issue 18: a game "
                         "starts in under 1.5 s; `python -X importtime` shows what did)")
    # The registry of player kinds names them without loading any (armybuilder.ai.registry,
    # with the expert's budget read by armybuilder.ai.think: a parser, no player).
    players = [m for m in loaded if m.startswith("armybuilder.ai.")
               and m not in ("armybuilder.ai.registry", "armybuilder.ai.think")]
    assert players == [], "the AI players load with the AI's first choice"
    assert "armybuilder.engine" in loaded and "textual" in loaded  # it did start a game


def test_the_parsers_names_match_the_battle_package() -> None:
    from armybuilder.cli.battle import MAPS, TERRAIN_NAMES
    from armybuilder.sim import replay
    from armybuilder.sim.terrain_presets import PRESETS

    assert tuple(PRESETS) == TERRAIN_NAMES
    assert tuple(replay.MAPS) == MAPS


def test_a_db_in_a_missing_folder_is_refused(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from armybuilder.cli import main

    missing = tmp_path / "nowhere" / "a.sqlite"
    assert main(["--db", str(missing), "army", "list"]) == 2
    assert "the folder" in capsys.readouterr().err and not missing.parent.exists()
    assert main(["catalogue", "summary", "--db", str(tmp_path)]) == 2
    assert "that is a folder" in capsys.readouterr().err
