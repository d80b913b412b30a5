"""The Weather Deck (World Conquest, Weather): a deck of standard playing cards.

Every turn a card is drawn (Step 1). Its rank says the effect, its suit how long it lasts
(clubs one turn, diamonds two, spades three, hearts four); two dice say where it starts
(the first the column, the second the row). Every turn each effect on the map rolls a d6
to move: 1-2 it stays, 3 north, 4 east, 5 south, 6 west; Flooding never moves. The
Earthquake (the jokers) happens at once and leaves the map.
"""

from __future__ import annotations

from dataclasses import dataclass

from armybuilder.campaign.house_rules import RANKS, HouseRules, WeatherEffect
from armybuilder.campaign.world import step, territory_name
from armybuilder.engine import Dice

SUITS = ("C", "D", "S", "H")  # clubs, diamonds, spades, hearts
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "S": "spades", "H": "hearts"}
#: World Conquest, Weather: "Clubs last one turn, diamonds last two, spades last three, and
#: hearts last four."
DURATION = {"C": 1, "D": 2, "S": 3, "H": 4}
#: World Conquest, Weather: the movement die.
MOVEMENT = {1: None, 2: None, 3: "north", 4: "east", 5: "south", 6: "west"}
CARD_RANKS = tuple(r for r in RANKS if r != "JOKER")


def full_deck(jokers: int) -> list[str]:
    """Cards as "AC" (ace of clubs), "10H", "JOKER1"."""
    return [f"{r}{s}" for s in SUITS for r in CARD_RANKS] + [f"JOKER{i}" for i in
                                                             range(1, jokers + 1)]


def rank_of(card: str) -> str:
    return "JOKER" if card.startswith("JOKER") else card[:-1]


def suit_of(card: str) -> str | None:
    return None if card.startswith("JOKER") else card[-1]


def card_name(card: str) -> str:
    if card.startswith("JOKER"):
        return "joker"
    names = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
    rank = rank_of(card)
    return f"{names.get(rank, rank)} of {SUIT_NAMES[card[-1]]}"


def shuffle(cards: list[str], dice: Dice) -> list[str]:
    """Fisher-Yates with the campaign's own dice; the top of the deck is the end."""
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = dice.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


@dataclass(slots=True)
class Marker:
    """A weather effect on the map."""

    card: str
    effect: WeatherEffect
    territory: str
    turns_left: int

    def to_dict(self) -> dict[str, object]:
        return {"card": self.card, "name": self.effect.name, "territory": self.territory,
                "turns_left": self.turns_left}


@dataclass(frozen=True, slots=True)
class InForce:
    """The weather over one battle: every effect in its territory together."""

    names: tuple[str, ...] = ()
    range: int = 0
    speed: int = 0
    fog: bool = False
    flooding: bool = False

    @property
    def engine_weather(self) -> tuple[str, ...]:
        """The effects the engine plays on the battlefield itself (engine/weather.py)."""
        return tuple(n for n, on in (("fog", self.fog), ("flooding", self.flooding)) if on)

    def to_dict(self) -> dict[str, object]:
        return {"names": list(self.names), "range": self.range, "speed": self.speed,
                "fog": self.fog, "flooding": self.flooding}


def in_force(markers: list[Marker], territory: str, rules: HouseRules) -> InForce:
    here = [m.effect for m in markers if m.territory == territory]
    if not here:
        return InForce()
    if rules.weather_stacking == "add":
        rng = sum(e.range for e in here)
        spd = sum(e.speed for e in here)
    else:
        rng = min(e.range for e in here)
        spd = min(e.speed for e in here)
    return InForce(tuple(e.name for e in here), rng, spd, any(e.fog for e in here),
                   any(e.flooding for e in here))


def place(dice: Dice) -> tuple[str, list[int]]:
    """World Conquest, Weather: two dice, one at a time: the column, then the row."""
    column, row = dice.d6(), dice.d6()
    return territory_name(column, row), [column, row]


def moved(marker: Marker, die: int, rules: HouseRules) -> str | None:
    """Where a marker goes on ``die``: None to leave the map (house rule), else a
    territory (the same one when it stays)."""
    direction = MOVEMENT[die]
    if direction is None or not marker.effect.moves:
        return marker.territory
    there = step(marker.territory, direction)
    if there is None:
        return marker.territory if rules.weather_at_edge == "stay" else None
    return there
