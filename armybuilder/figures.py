"""Plain records of the figure catalogue.

Importers turn files into these records, errata correct them, the store writes them
to SQLite and reads them back. They carry no database or UI code, so the rules module
and the engine adapter can use them directly.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

#: The four areas of the stat slot, in the order the rulebook names them.
STATS: tuple[str, ...] = ("speed", "attack", "defense", "damage")

#: Dial positions: one ``main`` dial for ordinary warriors and castle sections;
#: chariots have four. (Chariot rules, Combat Dials)
MAIN_DIAL = "main"
CHARIOT_DIALS: tuple[str, ...] = ("front", "left", "right", "rear")

#: Ranks as printed: the number of rank stars, none for uniques. (Rulebook II)
RANK_STARS: dict[str, int] = {"weak": 1, "standard": 2, "tough": 3, "unique": 0}

KINDS: tuple[str, ...] = ("warrior", "chariot", "castle")
BASES: tuple[str, ...] = ("infantry", "cavalry", "chariot", "castle")
ARCS: tuple[int, ...] = (90, 180, 270, 360)


@dataclass(slots=True)
class Expansion:
    slug: str  # "rebellion": the first half of every figure key
    name: str  # "Rebellion"
    set_letter: str = ""  # "R" as in the feed's "R058"; "" when unknown
    feed_id: int | None = None


@dataclass(slots=True)
class Faction:
    name: str  # "Atlantis Guild"
    short_name: str = ""
    feed_id: int | None = None
    rules: str = ""  # faction rules in the project's words (FAQ updates)
    rules_source: str = ""


@dataclass(slots=True)
class Ability:
    name: str  # display name, the stable key: "Flame/Lightning"
    slot: str  # one of STATS, or "any"
    colour: str = ""  # dial colour name: "red", "orange", ...
    symbol: str = "square"  # "square", "circle" or "skull" (the feed's ab_squ/ab_circ/ab_skull)
    optional: bool = False
    text: str = ""
    text_source: str = ""  # where the text comes from: the feed, or "FAQ, Special Ability Update"
    feed_id: int | None = None


@dataclass(slots=True)
class Click:
    """One position of a combat dial. A stat value of ``None`` is a skull."""

    index: int
    speed: int | None
    attack: int | None
    defense: int | None
    damage: int | None
    abilities: dict[str, str] = field(default_factory=dict)  # stat -> ability name

    @property
    def skulls(self) -> int:
        return sum(1 for s in STATS if getattr(self, s) is None)

    @property
    def dead(self) -> bool:
        # Rulebook I: three skulls eliminate a warrior; Chariot rules: three skulls make a
        # section inactive; Castle rules: three broken towers eliminate a section.
        return self.skulls >= 3

    def value(self, stat: str) -> int | None:
        return getattr(self, stat)


@dataclass(slots=True)
class Dial:
    position: str  # MAIN_DIAL or one of CHARIOT_DIALS
    clicks: list[Click] = field(default_factory=list)

    @property
    def live_clicks(self) -> list[Click]:
        return [c for c in self.clicks if not c.dead]


@dataclass(slots=True)
class Figure:
    expansion: str  # expansion slug
    number: int  # collector number
    name: str  # "Altem Guardsman", without the rank marker
    rank: str  # "weak", "standard", "tough", "unique"
    points: int
    factions: list[str] = field(default_factory=list)
    rank_stars: int = 0
    unique: bool = False
    promo: bool = False
    limited_edition: bool = False
    frequency: str = ""  # as published: "1".."6", "PR", "LE 6"
    range: int = 0
    targets: int = 1
    arc: int = 90
    base: str = "infantry"
    kind: str = "warrior"
    castle_section: str = ""  # "keep", "round tower", "gatehouse", "wall" for castle sections
    starting_click: int = 0
    disarm: int | None = None  # Dungeons chests only: the number needed to disarm the trap
    source: str = ""  # where the record came from: "mageknight.net model 9320", a file name
    dials: list[Dial] = field(default_factory=list)

    @property
    def horseshoe(self) -> bool:
        """Is the horseshoe speed symbol printed on its dial? The catalogue records it as
        the cavalry base: mounted warriors are the ones printed with it."""
        return self.base == "cavalry"

    @property
    def key(self) -> str:
        return figure_key(self.expansion, self.number)

    @property
    def main_dial(self) -> Dial:
        return self.dials[0]

    @property
    def multi_dial(self) -> bool:
        return len(self.dials) > 1

    def dial(self, position: str) -> Dial:
        for d in self.dials:
            if d.position == position:
                return d
        raise KeyError(f"{self.key} has no {position} dial")

    def starting(self, position: str = MAIN_DIAL) -> Click:
        dial = self.dial(position) if position != MAIN_DIAL else self.main_dial
        return dial.clicks[self.starting_click]

    def content_hash(self) -> str:
        """A digest of everything a re-import could change; equal digests mean no write."""
        blob = json.dumps(asdict(self), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:32]


@dataclass(slots=True)
class CatalogueData:
    """Everything one import brings: the figures and the tables they refer to."""

    expansions: dict[str, Expansion] = field(default_factory=dict)  # by slug
    factions: dict[str, Faction] = field(default_factory=dict)  # by name
    abilities: dict[str, Ability] = field(default_factory=dict)  # by name
    figures: dict[str, Figure] = field(default_factory=dict)  # by key
    source: str = ""


def figure_key(expansion: str, number: int) -> str:
    return f"{expansion}:{number}"


def expansion_slug(name: str) -> str:
    return "-".join(name.lower().replace(":", " ").split())


@dataclass(slots=True)
class FigureSummary:
    """One row of a figure search: the figure and its starting click's values."""

    key: str
    name: str
    expansion: str
    number: int
    rank: str
    points: int
    factions: str
    range: int
    targets: int
    arc: int
    base: str
    speed: int | None
    attack: int | None
    defense: int | None
    damage: int | None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)
