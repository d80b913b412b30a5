"""An army as the rules see it: figure records, how many of each, and their options."""

from __future__ import annotations

from dataclasses import dataclass, field

from armybuilder.figures import CHARIOT_DIALS, Figure

#: Castle rules, Point Value: a section plays at its Heavy or its Light point value.
CASTLE_MODES: tuple[str, ...] = ("heavy", "light")


@dataclass(slots=True)
class ArmyEntry:
    figure: Figure
    count: int = 1
    castle: str = ""  # "heavy" or "light" for a castle section; "" means heavy
    passenger: str = ""  # figure key of the warrior riding in each chariot of this entry

    @property
    def key(self) -> str:
        return self.figure.key


@dataclass(slots=True)
class Army:
    name: str
    build_total: int
    profile: str = "standard"
    entries: list[ArmyEntry] = field(default_factory=list)
    castle_player: bool = False  # Castle rules, Playing Area and Set-Up: one castle player

    def figures(self) -> dict[str, Figure]:
        """Every figure in the army by key."""
        return {e.key: e.figure for e in self.entries}

    def count(self, key: str) -> int:
        """How many of a figure the army holds, over all its entries."""
        return sum(e.count for e in self.entries if e.key == key and e.count > 0)


def is_castle_section(figure: Figure) -> bool:
    return figure.kind == "castle" and bool(figure.castle_section)


def is_chariot(figure: Figure) -> bool:
    # Chariot rules, Combat Dials: a chariot's base holds four combat dials.
    return figure.kind == "chariot" and len(figure.dials) == len(CHARIOT_DIALS)


def label(figure: Figure) -> str:
    """How a finding names a figure: rank and name, then its key."""
    rank = "" if figure.rank in ("unique", "") else f"{figure.rank} "
    return f"{rank}{figure.name} ({figure.key})"
