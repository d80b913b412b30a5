"""Dependencies point one way: the rules module and the engine import no UI, database or
pandas code (DESIGN.md, Layout)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

FORBIDDEN = ("textual", "sqlmodel", "sqlalchemy", "pandas", "openpyxl",
             "armybuilder.catalogue.service", "armybuilder.catalogue.store",
             "armybuilder.tui", "armybuilder.cli")


@pytest.mark.parametrize("module", ["armybuilder.rules", "armybuilder.engine"])
def test_pure_modules_import_nothing_heavy(module: str) -> None:
    code = (f"import json, sys; import {module}; "
            "print(json.dumps(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    loaded = json.loads(done.stdout)
    bad = [m for m in loaded if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]
    assert bad == []
