"""The README's Python examples run as written, as scripts, worker processes and all
(a script needs no ``if __name__ == "__main__":`` guard to play a batch in processes)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sim.test_gauntlet import save

README = Path(__file__).resolve().parents[2] / "README.md"


def python_examples() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def run_script(folder: Path, db: Path, text: str) -> subprocess.CompletedProcess[str]:
    script = folder / "example.py"
    script.write_text(text, encoding="utf-8")
    env = {**os.environ, "ARMYBUILDER_DB": str(db)}
    return subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          cwd=folder, env=env, timeout=120)


@pytest.fixture
def saved(db_path: Path) -> Path:
    save(db_path, "Rich", "Ian", "Bob")
    return db_path


def test_the_readme_has_its_examples() -> None:
    texts = python_examples()
    assert len(texts) >= 3
    assert any("run_battles" in t for t in texts) and any("run_gauntlet" in t for t in texts)


@pytest.mark.parametrize("index", range(len(python_examples())))
def test_each_readme_example_runs_as_written(saved: Path, tmp_path: Path, index: int) -> None:
    done = run_script(tmp_path, saved, python_examples()[index])
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip()  # every example prints what it found


def test_a_script_without_a_main_guard_plays_in_worker_processes(saved: Path,
                                                                 tmp_path: Path) -> None:
    done = run_script(tmp_path, saved, (
        "from armybuilder.sim.batch import BattleRequest, run_battles\n"
        "print('script started')\n"
        "report = run_battles(None, BattleRequest('Rich', 'Ian', games=6, rounds=3,"
        " workers=2))\n"
        "print('games', len(report.results))\n"))
    assert done.returncode == 0, done.stderr[-3000:]
    # The workers did not run the script again: it started once and printed once.
    assert done.stdout.splitlines() == ["script started", "games 6"]
