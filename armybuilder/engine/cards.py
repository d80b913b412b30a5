"""Figure cards: everything the engine needs to know about one figure, frozen.

A card is built from a catalogue record by :func:`armybuilder.engine.adapter.cards_from_figure`
or written by hand in tests. It holds one combat dial's live clicks: turning the dial past
the last of them eliminates the warrior (Rulebook I, three skulls).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from armybuilder.engine.bases import Base, base_for


@dataclass(frozen=True, slots=True)
class ClickStats:
    """One live click: the four values in the stat slot and the abilities showing."""

    speed: int
    attack: int
    defense: int
    damage: int
    abilities: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class FigureCard:
    key: str  # "rebellion:58"
    name: str
    points: int
    clicks: tuple[ClickStats, ...]
    factions: tuple[str, ...] = ()
    rank: str = "standard"
    unique: bool = False
    range: int = 0
    targets: int = 1
    arc: int = 90  # front arc in degrees
    base: str = "infantry"  # the catalogue's base name (bases.HALF_LENGTHS)
    base_radius: float = 0.5  # half the base's length
    starting_click: int = 0
    ability_names: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    #: The base's shape, made from ``base`` and ``base_radius``.
    shape: Base = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.clicks:
            raise ValueError(f"card {self.key} ({self.name}): a dial needs at least one live click")
        if not 0 <= self.starting_click < len(self.clicks):
            raise ValueError(f"card {self.key} ({self.name}): starting click "
                             f"{self.starting_click} is not a live click")
        if self.arc not in (90, 180, 270, 360):
            raise ValueError(f"card {self.key} ({self.name}): arc must be 90, 180, 270 or 360, "
                             f"got {self.arc}")
        if self.base_radius <= 0:
            raise ValueError(f"card {self.key} ({self.name}): base radius must be positive")
        names = frozenset(a for c in self.clicks for a in c.abilities)
        object.__setattr__(self, "ability_names", names)
        object.__setattr__(self, "shape", base_for(self.base, self.base_radius))

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key, "name": self.name, "points": self.points,
            "factions": list(self.factions), "rank": self.rank, "unique": self.unique,
            "range": self.range, "targets": self.targets, "arc": self.arc, "base": self.base,
            "base_radius": self.base_radius, "starting_click": self.starting_click,
            "clicks": [[c.speed, c.attack, c.defense, c.damage, list(c.abilities)]
                       for c in self.clicks],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FigureCard:
        return cls(
            key=data["key"], name=data["name"], points=data["points"],
            factions=tuple(data["factions"]), rank=data["rank"], unique=data["unique"],
            range=data["range"], targets=data["targets"], arc=data["arc"], base=data["base"],
            base_radius=data["base_radius"], starting_click=data["starting_click"],
            clicks=tuple(ClickStats(s, a, d, g, tuple(ab)) for s, a, d, g, ab in data["clicks"]),
        )

