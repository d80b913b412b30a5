"""Where the project's shipped data lives and where the user's database goes."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from armybuilder.text import shown

_PACKAGE = Path(__file__).resolve().parent


def _shipped(name: str) -> Path:
    # A wheel carries db/ and imports/ inside the package (see pyproject's force-include);
    # a source checkout or editable install has them beside the package.
    inside = _PACKAGE / "_data" / name
    return inside if inside.is_dir() else _PACKAGE.parent / name


def imports_dir() -> Path:
    """Data the project ships and applies on import: errata, rule tables, demo figures."""
    return _shipped("imports")


def migrations_dir() -> Path:
    return _shipped("db") / "migrations"


def default_database() -> Path:
    """``ARMYBUILDER_DB`` if set, else armybuilder.sqlite in the user's data directory."""
    chosen = os.environ.get("ARMYBUILDER_DB")
    if chosen:
        return Path(chosen).expanduser()
    return Path(platformdirs.user_data_dir("armybuilder", appauthor=False)) / "armybuilder.sqlite"


def check_database_path(path: Path) -> Path:
    """A database file the user named (``--db``): its folder must already exist.

    Only the default location's folder is created: a mistyped ``--db`` folder would
    otherwise silently start a new, empty database somewhere unexpected."""
    path = Path(path).expanduser()
    if path.is_dir():
        raise ValueError(f"--db {shown(path)}: that is a folder; give the database file's path")
    folder = path.parent
    if not folder.is_dir():
        raise ValueError(f"--db {shown(path)}: the folder {shown(folder)} does not exist")
    return path
