"""What an exported army list holds, independent of the file format."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from armybuilder.figures import Ability, Figure


@dataclass(slots=True)
class ListedEntry:
    figure: Figure
    count: int
    points: int  # one figure's points as fielded (a castle section's Heavy or Light price)
    castle: str = ""  # "heavy" / "light" for castle sections
    passenger: str = ""  # a chariot's passenger, by figure key


@dataclass(slots=True)
class ArmyListing:
    name: str
    build_total: int
    profile: str
    points: int
    actions: int
    legal: bool
    entries: list[ListedEntry] = field(default_factory=list)
    findings: list[dict[str, Any]] = field(default_factory=list)  # severity, rule, source, ...
    notes: str = ""
    abilities: dict[str, Ability] = field(default_factory=dict)  # for the dial colours


@dataclass(slots=True)
class ReadRow:
    """One figure line read back from an exported list, before it is matched."""

    where: str  # "army.xlsx, sheet Army, row 7" — for error messages
    key: str = ""
    name: str = ""
    rank: str = ""
    count: int = 1
    castle: str = ""
    passenger: str = ""


@dataclass(slots=True)
class ReadArmy:
    name: str = ""
    build_total: int | None = None
    profile: str = ""
    notes: str = ""
    rows: list[ReadRow] = field(default_factory=list)


class ListFormatError(ValueError):
    """An army list file that cannot be read; the message names file, row and column."""
