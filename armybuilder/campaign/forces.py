"""Warriors on the map and the bands they stand in: armies, disbanded troops and unique
warriors alone (World Conquest, Armies).

- An **army** has a General: a unique warrior in it. It takes one troop movement a turn,
  pays upkeep, and opponents may respond to its movements.
- Troops whose General was eliminated are **disbanded**: they cannot move between
  territories (they still fight where they are) until a unique warrior joins them and is
  declared their General.
- A **unique warrior alone** takes troop movements but "is not considered an army": no
  upkeep, and opponents may not respond to its movement.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from armybuilder.engine import FigureCard

ARMY = "army"
TROOPS = "troops"
LONE = "unique alone"


@dataclass(slots=True)
class Warrior:
    """One figure in the campaign: in the pool (``owner`` None) or in a band on the map."""

    id: int
    key: str  # the figure key; its card is the campaign's ``figures[key]``
    click: int  # the dial's current click (damage carries between battles)
    owner: int | None = None
    band: int | None = None

    def to_dict(self) -> list[Any]:
        return [self.id, self.key, self.click, self.owner, self.band]


@dataclass(slots=True)
class Band:
    """Warriors of one player standing together in one territory."""

    id: int
    owner: int
    territory: str
    warriors: list[int] = field(default_factory=list)
    general: int | None = None
    moved: bool = False  # took its troop movement this turn
    #: World Conquest, Armies: "If an army withdraws from a battle it may not move for a
    #: turn": the owner's turns still to end before it may move again.
    rests: int = 0
    #: Disbanded this turn because its upkeep went unpaid: not declared an army again
    #: until its owner's next turn (CAMPAIGN_NOTES.md).
    unpaid: bool = False

    @property
    def kind(self) -> str:
        if self.general is None:
            return TROOPS
        return LONE if len(self.warriors) == 1 else ARMY

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "owner": self.owner, "territory": self.territory,
                "warriors": list(self.warriors), "general": self.general,
                "moved": self.moved, "rests": self.rests, "unpaid": self.unpaid, "kind": self.kind}


def strength(card: FigureCard, click: int) -> float:
    """A rough worth of a warrior as it stands: its points times the share of its live
    clicks still ahead of it (what the AI weighs; no rule reads it)."""
    live = len(card.clicks) - card.starting_click
    left = len(card.clicks) - click
    return card.points * max(0, left) / max(1, live)
