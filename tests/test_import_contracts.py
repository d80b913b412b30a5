"""Dependencies point one way (CONTRIBUTING.md, The layers).

import-linter checks the contracts in pyproject.toml (``[tool.importlinter]``) on the
source: every import, at the top of a module, inside a function or under TYPE_CHECKING.
The older check below it imports the pure packages in a fresh interpreter and looks at what
really got loaded, which also catches what no ``import`` line shows (a dynamic import, a
dependency's own imports)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
LINT = ("import sys\n"
        "from importlinter.cli import lint_imports\n"
        "sys.exit(lint_imports(no_cache=True, no_logo=True))")


def lint(root: Path) -> subprocess.CompletedProcess[str]:
    """import-linter on ``root``'s pyproject.toml and package, writing no cache."""
    return subprocess.run([sys.executable, "-c", LINT], cwd=root, capture_output=True,
                          text=True, env={**os.environ, "COLUMNS": "200"})


def test_import_contracts_are_kept() -> None:
    done = lint(REPO)
    report = done.stdout + done.stderr
    assert done.returncode == 0, report
    kept = re.search(r"Contracts: (\d+) kept, 0 broken", report)
    assert kept and int(kept[1]) >= 4, report


def test_a_forbidden_import_breaks_the_contracts(tmp_path: Path) -> None:
    """The contracts have teeth: pandas in the engine, and a saved army reaching up to an
    export, are both reported, with the line that does it."""
    shutil.copytree(REPO / "armybuilder", tmp_path / "armybuilder",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", tmp_path)
    with (tmp_path / "armybuilder" / "engine" / "game.py").open("a") as f:
        f.write("\nimport pandas  # noqa\n")
    with (tmp_path / "armybuilder" / "armies" / "checks.py").open("a") as f:
        f.write("\nimport armybuilder.export.roster  # noqa\n")
    # A player reaching into the engine's modules rather than its public names.
    with (tmp_path / "armybuilder" / "ai" / "players.py").open("a") as f:
        f.write("\nfrom armybuilder.engine.state import State  # noqa\n")
    done = lint(tmp_path)
    report = done.stdout + done.stderr
    assert done.returncode != 0, report
    assert "armybuilder.engine.game -> pandas" in report
    assert "armybuilder.armies.checks -> armybuilder.export.roster" in report
    assert "armybuilder.ai.players -> armybuilder.engine.state" in report


FORBIDDEN = ("textual", "sqlmodel", "sqlalchemy", "pandas", "openpyxl",
             "armybuilder.catalogue", "armybuilder.armies", "armybuilder.collection",
             "armybuilder.importers", "armybuilder.tui", "armybuilder.cli")


@pytest.mark.parametrize("module", ["armybuilder.rules", "armybuilder.engine",
                                    "armybuilder.ai"])
def test_pure_modules_load_nothing_heavy(module: str) -> None:
    code = (f"import json, sys; import {module}; "
            "print(json.dumps(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    loaded = json.loads(done.stdout)
    bad = [m for m in loaded if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]
    assert bad == []
