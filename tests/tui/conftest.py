"""Each app test gets its own copy of a database seeded with the demo catalogue only.

tests/tui is a package (it has an __init__.py) so that this conftest is imported as
``tui.conftest`` and does not shadow the ``conftest`` module other test files import.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from armybuilder.catalogue.service import Catalogue


@pytest.fixture(scope="session")
def demo_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database seeded with the demo catalogue only, made once per test session."""
    path = tmp_path_factory.mktemp("tui-template") / "armybuilder.sqlite"
    Catalogue.open(path).close()
    return path


@pytest.fixture
def tui_db(demo_template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh demo database; ARMYBUILDER_DB points at it so nothing touches the real one."""
    path = tmp_path / "armybuilder.sqlite"
    for suffix in ("", "-wal", "-shm"):
        source = demo_template.with_name(demo_template.name + suffix)
        if source.exists():
            shutil.copy(source, path.with_name(path.name + suffix))
    monkeypatch.setenv("ARMYBUILDER_DB", str(path))
    return path
