"""The command line answers at once: building the parser and --help load no SQLAlchemy,
SQLModel, pydantic, openpyxl, pandas, fpdf, Textual or the engine (benchmarks/cli.py
prints the times)."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("sqlalchemy", "sqlmodel", "pydantic", "openpyxl", "pandas", "fpdf", "textual",
         "armybuilder.engine", "armybuilder.catalogue.store", "armybuilder.sim.batch")


def loaded_by(code: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", code + "\nimport json, sys\n"
                           "print(json.dumps(sorted(sys.modules)))"],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]


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
    # A command that runs loads the database layer: the check above can fail.
    assert "sqlalchemy" in heavy(loaded_by("import armybuilder.catalogue.service"))


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
