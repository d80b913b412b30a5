"""Figure cards: everything the engine needs to know about one figure, frozen.

A card is built from a catalogue record by :func:`armybuilder.engine.adapter.cards_from_figure`
or written by hand in tests. It holds one combat dial's live clicks: turning the dial past
the last of them eliminates the warrior (Rulebook I, three skulls).

A chariot's card holds its four section dials instead (``sections``, Chariot rules,
Combat Dials): each section's clicks up to the first one showing three skulls, with the
skulls each click shows (a skull reads 0; six skulls on the four dials together eliminate
the chariot). Its ``clicks`` then hold one click: the best of the sections' starting
values, what the chariot shows at a glance; no rule reads it.
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
    #: A chariot's four section dials (front, left, right, rear): each a tuple of
    #: (click, skulls) up to and including the first click with three or more skulls.
    sections: tuple[tuple[tuple[ClickStats, int], ...], ...] = ()
    #: A castle section's piece ("keep", "round tower", "gatehouse", "wall"; the
    #: catalogue's castle_section), "" for every other figure (Castle rules, Sections).
    castle: str = ""
    ability_names: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    #: The base's shape, made from ``base`` and ``base_radius``.
    shape: Base = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.clicks:
            raise ValueError(f"card {self.key} ({self.name}): a dial needs at least one live click")
        if self.sections:
            self._check_sections()
        elif not 0 <= self.starting_click < len(self.clicks):
            raise ValueError(f"card {self.key} ({self.name}): starting click "
                             f"{self.starting_click} is not a live click")
        if self.arc not in (90, 180, 270, 360):
            raise ValueError(f"card {self.key} ({self.name}): arc must be 90, 180, 270 or 360, "
                             f"got {self.arc}")
        if self.base_radius <= 0:
            raise ValueError(f"card {self.key} ({self.name}): base radius must be positive")
        names = frozenset(a for c in self.clicks for a in c.abilities) | frozenset(
            a for dial in self.sections for c, _ in dial for a in c.abilities)
        object.__setattr__(self, "ability_names", names)
        object.__setattr__(self, "shape", base_for(self.base, self.base_radius))

    @property
    def horseshoe(self) -> bool:
        """Is the horseshoe speed symbol printed on its dial? The catalogue records it as
        the cavalry base: mounted warriors are the ones printed with it."""
        return self.base == "cavalry"

    def _check_sections(self) -> None:
        where = f"card {self.key} ({self.name})"
        if len(self.sections) != 4:
            raise ValueError(f"{where}: a chariot has four section dials (Chariot rules, "
                             f"Combat Dials), got {len(self.sections)}")
        for dial in self.sections:
            if not 0 <= self.starting_click < len(dial) or \
                    dial[self.starting_click][1] >= 3:
                raise ValueError(f"{where}: starting click {self.starting_click} is not an "
                                 "active click of every section")
            if dial[-1][1] < 3:
                raise ValueError(f"{where}: each section's dial ends with three skulls (an "
                                 "inactive section)")

    def to_dict(self) -> dict[str, Any]:
        if self.castle:
            return {**self._to_dict(), "castle": self.castle}
        if self.sections:
            return {**self._to_dict(), "sections": [
                [[c.speed, c.attack, c.defense, c.damage, list(c.abilities), skulls]
                 for c, skulls in dial] for dial in self.sections]}
        return self._to_dict()

    def _to_dict(self) -> dict[str, Any]:
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
            sections=tuple(tuple((ClickStats(s, a, d, g, tuple(ab)), skulls)
                                 for s, a, d, g, ab, skulls in dial)
                           for dial in data.get("sections", ())),
            castle=data.get("castle", ""),
        )

