"""A campaign's state: the players, the map's holdings, the warriors and their bands, the
weather, and the decisions it waits for. The rules that change it are in the modules named
after them (economy, marching, turns, aftermath); ``game.apply`` dispatches to them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from armybuilder.campaign.forces import ARMY, LONE, Band, Warrior, strength
from armybuilder.campaign.house_rules import HouseRules
from armybuilder.campaign.weather import Marker
from armybuilder.campaign.world import ALL_TERRITORIES, WorldMap, neighbours
from armybuilder.engine import Dice, FigureCard

SEATS = ("human", "ai")


@dataclass(frozen=True, slots=True)
class PlayerStart:
    name: str  # the player's name: the saved army's
    seat: str  # "human" or "ai"
    faction: str  # the army's faction (World Conquest, Setup 1)
    army: tuple[str, ...]  # figure keys of the starting army, one per warrior
    general: str  # the key of its unique warrior

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "seat": self.seat, "faction": self.faction,
                "army": list(self.army), "general": self.general}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PlayerStart:
        return cls(d["name"], d["seat"], d["faction"], tuple(d["army"]), d["general"])


@dataclass(frozen=True)
class CampaignStart:
    """Everything a campaign starts from; with its actions, the whole save."""

    seed: int
    rules: HouseRules
    world: WorldMap
    players: tuple[PlayerStart, ...]
    figures: dict[str, FigureCard]  # every figure in an army or the pool, by key
    pool: tuple[str, ...]  # figure keys, one per warrior in the buying pool
    pool_source: str = "all"

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "rules": self.rules.to_dict(),
                "map": [list(row) for row in self.world.rows()],
                "players": [p.to_dict() for p in self.players],
                "figures": {k: c.to_dict() for k, c in sorted(self.figures.items())},
                "pool": list(self.pool), "pool_source": self.pool_source}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CampaignStart:
        return cls(seed=int(d["seed"]), rules=HouseRules.from_dict(d["rules"]),
                   world=WorldMap(tuple(f for row in d["map"] for f in row)),
                   players=tuple(PlayerStart.from_dict(p) for p in d["players"]),
                   figures={k: FigureCard.from_dict(c) for k, c in d["figures"].items()},
                   pool=tuple(d["pool"]), pool_source=d.get("pool_source", "all"))


@dataclass(slots=True)
class PlayerState:
    index: int
    name: str
    seat: str
    faction: str
    gold: int = 0
    hq: str | None = None
    out: bool = False  # no warriors and no territories left

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "name": self.name, "seat": self.seat,
                "faction": self.faction, "gold": self.gold, "hq": self.hq, "out": self.out}


@dataclass(slots=True)
class Holding:
    """One territory as the players hold it."""

    owner: int | None = None
    banner: bool = False  # the owner's banner
    structure: str | None = None  # outpost, fort or castle
    wasteland: bool = False  # an Earthquake made it so

    @property
    def fortification(self) -> str | None:
        return self.structure or ("banner" if self.banner else None)

    def to_dict(self) -> dict[str, Any]:
        return {"owner": self.owner, "banner": self.banner, "structure": self.structure,
                "wasteland": self.wasteland}


@dataclass(slots=True)
class Decision:
    """What the campaign waits for. ``player`` None: nobody's choice (the battle's result,
    or a step the campaign takes by itself)."""

    kind: str
    player: int | None
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "data": dict(self.data)}


#: Decisions the campaign carries out itself as soon as they come up.
AUTOMATIC = frozenset({"arrive", "battle over", "next turn"})


@dataclass(slots=True)
class BattleAt:
    """A battle about to be fought or being wound up."""

    number: int
    territory: str
    mover: int
    sides: list[int]  # campaign players, the mover first, then clockwise


class Campaign:
    """The campaign as it stands. Made by ``game.new_campaign``; changed only by
    ``game.apply``."""

    def __init__(self, start: CampaignStart) -> None:
        self.start = start
        self.rules = start.rules
        self.world = start.world
        self.figures = start.figures
        self.players = [PlayerState(i, p.name, p.seat, p.faction, start.rules.starting_gold)
                        for i, p in enumerate(start.players)]
        self.warriors: list[Warrior] = []
        self.bands: dict[int, Band] = {}
        self.next_band = 1
        self.holdings = {t: Holding() for t in ALL_TERRITORIES}
        self.markers: list[Marker] = []
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.dice = Dice(seed=start.seed)
        self.turn = 0  # player turns begun (World Conquest's "turn" is one player's)
        self.round = 0
        self.current = 0
        self.first_player = 0
        self.pending: list[Decision] = []
        self.battle: BattleAt | None = None
        self.battles = 0
        self.captives: dict[int, int] = {}  # captive warrior -> the warrior holding it
        self.refused: dict[int, list[int]] = {}  # captive -> players who refused a ransom
        self.winner: int | None = None
        self.log: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []

    # --- events -------------------------------------------------------------------------

    def emit(self, event: str, /, **data: Any) -> None:
        data["e"] = event
        self.events.append(data)

    def roll(self, count: int, purpose: str, **info: Any) -> list[int]:
        dice = self.dice.roll(count)
        self.emit("roll", purpose=purpose, dice=dice, **info)
        return dice

    # --- the decision -------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.winner is not None

    def decision(self) -> Decision | None:
        return self.pending[0] if self.pending else None

    # --- figures and warriors -----------------------------------------------------------

    def card(self, warrior: int | Warrior) -> FigureCard:
        w = self.warriors[warrior] if isinstance(warrior, int) else warrior
        return self.figures[w.key]

    def label(self, warrior: int) -> str:
        return f"{self.card(warrior).name} (#{warrior})"

    def strength_of(self, warrior_ids: list[int]) -> float:
        return sum(strength(self.card(i), self.warriors[i].click) for i in warrior_ids)

    def pool(self) -> list[Warrior]:
        return [w for w in self.warriors if w.owner is None and w.id not in self.captives]

    # --- bands --------------------------------------------------------------------------

    def bands_of(self, player: int) -> list[Band]:
        return [b for b in self.bands.values() if b.owner == player]

    def bands_in(self, territory: str, player: int | None = None) -> list[Band]:
        return [b for b in self.bands.values() if b.territory == territory
                and (player is None or b.owner == player)]

    def armies_of(self, player: int) -> list[Band]:
        return [b for b in self.bands_of(player) if b.kind == ARMY]

    def movers_of(self, player: int) -> list[Band]:
        """Bands that take troop movements: armies and unique warriors alone."""
        return [b for b in self.bands_of(player) if b.kind in (ARMY, LONE)]

    def new_band(self, owner: int, territory: str, warriors: list[int],
                 general: int | None) -> Band:
        band = Band(self.next_band, owner, territory, list(warriors), general)
        self.next_band += 1
        self.bands[band.id] = band
        for i in warriors:
            self.warriors[i].owner = owner
            self.warriors[i].band = band.id
        return band

    def occupants(self, territory: str) -> list[int]:
        """Players with warriors in ``territory``, in seat order."""
        return sorted({b.owner for b in self.bands.values() if b.territory == territory})

    def warriors_of(self, player: int) -> list[int]:
        return [i for b in self.bands_of(player) for i in b.warriors]

    # --- territories --------------------------------------------------------------------

    def adjacent(self, territory: str) -> tuple[str, ...]:
        return neighbours(territory, self.rules.adjacency == "diagonal")

    def territories_of(self, player: int) -> list[str]:
        return [t for t, h in self.holdings.items() if h.owner == player]

    def whole_regions(self, player: int) -> list[str]:
        """Factions whose every territory ``player`` controls."""
        return [f for f, ts in self.world.regions.items()
                if all(self.holdings[t].owner == player for t in ts)]

    def factions_controlled(self, player: int) -> set[str]:
        return {self.world.faction(t) for t in self.territories_of(player)}

    def turn_order(self) -> list[int]:
        """Players clockwise from the first player (World Conquest, Setup 4)."""
        n = len(self.players)
        return [(self.first_player + k) % n for k in range(n)]

    def clockwise_from(self, player: int) -> list[int]:
        n = len(self.players)
        return [(player + k) % n for k in range(1, n)]

    # --- a snapshot ---------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """Everything that can change, as plain data: equal snapshots, equal campaigns."""
        return {
            "turn": self.turn, "round": self.round, "current": self.current,
            "first_player": self.first_player, "winner": self.winner,
            "players": [p.to_dict() for p in self.players],
            "warriors": [w.to_dict() for w in self.warriors],
            "bands": [b.to_dict() for b in sorted(self.bands.values(), key=lambda b: b.id)],
            "next_band": self.next_band,
            "holdings": {t: h.to_dict() for t, h in self.holdings.items()},
            "markers": [m.to_dict() for m in self.markers],
            "deck": list(self.deck), "discard": list(self.discard),
            "pending": [d.to_dict() for d in self.pending],
            "battles": self.battles, "captives": sorted(self.captives.items()),
            "dice_used": self.dice.used,
        }
