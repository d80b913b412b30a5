"""Every number and reading of World Conquest a group might choose otherwise, as data.

The defaults are the seed's own numbers and, where the seed is silent or unclear, the
readings written in CAMPAIGN_NOTES.md. A group changes them with a TOML or JSON file
(`armybuilder campaign new ... --house-rules FILE`): the keys are the field names below,
weather cards under ``[weather.K]`` (any rank: A, 2-10, J, Q, K, JOKER).
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from armybuilder.ai.think import split_kind

#: Fortifications in the order they are built up (World Conquest, Upgrading Defenses).
LEVELS: tuple[str, ...] = ("banner", "outpost", "fort", "castle")
STRUCTURES: tuple[str, ...] = LEVELS[1:]


#: A group's house rules or map is a page of text, read whole but never more than this (so
#: that /dev/zero or a wrong path to a large file is one line, not a hang).
MOST_FILE_BYTES = 1024 * 1024


def read_small(path: Path, where: str) -> str:
    """The UTF-8 text of a small file the players wrote; ValueError names ``where``."""
    from armybuilder.text import shown

    try:
        with Path(path).open("rb") as handle:
            raw = handle.read(MOST_FILE_BYTES + 1)
    except OSError as exc:
        raise ValueError(f"{where}: cannot read it: {shown(exc.strerror or exc)}") from None
    if len(raw) > MOST_FILE_BYTES:
        raise ValueError(f"{where}: larger than {MOST_FILE_BYTES // 1024} KB; not a file a "
                         "group writes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{where}: cannot read it: not UTF-8 text ({exc.reason} at byte "
                         f"{exc.start})") from None


class HouseRuleError(ValueError):
    """A house-rules file that cannot be read; the message names the key."""


@dataclass(frozen=True, slots=True)
class Fortification:
    """One upgrade as World Conquest, Upgrading Defenses prices and describes it."""

    name: str
    gold: int
    size: float = 0.0  # inches square on the battlefield (the banner: a quarter)
    entrances: str = ""
    guards: int = 0  # warriors on guard at once
    ranged_defense: int = 0  # added to an on-guard warrior's defense against ranged attacks
    defense: int = 0
    clicks: int = 0  # clicks of damage that destroy it (the banner: removed on a hit)
    # The entrances as the battlefield plays them (engine/fortifications.py): each this
    # wide, in the middle of this many sides (the back first, toward the holder's edge;
    # then the front; CAMPAIGN_NOTES.md).
    entrance_width: float = 0.0
    entrance_sides: int = 0


@dataclass(frozen=True, slots=True)
class WeatherEffect:
    """What one weather card does (World Conquest, Weather)."""

    name: str
    placed: bool = True  # Clear Skies: "do not add a weather effect to the board"
    moves: bool = True  # Flooding: "does not move between territories"
    range: int = 0  # added to every warrior's range value
    speed: int = 0  # added to every warrior's speed value, unless it has Flight
    fog: bool = False
    flooding: bool = False
    earthquake: bool = False  # happens at once and leaves the map

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str) -> WeatherEffect:
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(d) - known)
        if unknown:
            raise HouseRuleError(f"{where}: unknown key {unknown[0]!r} (keys: "
                                 f"{', '.join(sorted(known))})")
        if not isinstance(d.get("name"), str) or not d["name"].strip():
            raise HouseRuleError(f"{where}: a weather effect needs a name")
        for k in ("range", "speed"):
            if k in d and (not isinstance(d[k], int) or isinstance(d[k], bool)
                           or not -12 <= d[k] <= 12):
                raise HouseRuleError(f"{where}, {k}: a whole number from -12 to 12")
        for k in ("placed", "moves", "fog", "flooding", "earthquake"):
            if k in d and not isinstance(d[k], bool):
                raise HouseRuleError(f"{where}, {k}: true or false")
        return cls(**d)


CLEAR = WeatherEffect("Clear Skies", placed=False)
#: World Conquest, Weather: the card ranks and their effects, as the seed lists them.
SEED_WEATHER: dict[str, WeatherEffect] = {
    "A": WeatherEffect("Fog", fog=True),
    "2": CLEAR,
    "3": WeatherEffect("Flooding", flooding=True, moves=False),
    "4": CLEAR,
    "5": WeatherEffect("Light Rain", range=-1),
    "6": CLEAR,
    "7": WeatherEffect("Heavy Rain", range=-2),
    "8": CLEAR,
    "9": WeatherEffect("Light Snow", range=-1, speed=-1),
    "10": CLEAR,
    # The seed's Blizzard reads word for word as Light Snow (CAMPAIGN_NOTES.md).
    "J": WeatherEffect("Blizzard", range=-1, speed=-1),
    "Q": CLEAR,
    # "King: Haven't thought of anything yet": Clear Skies (CAMPAIGN_NOTES.md).
    "K": CLEAR,
    "JOKER": WeatherEffect("Earthquake", moves=False, earthquake=True),
}
RANKS: tuple[str, ...] = tuple(SEED_WEATHER)


def _seed_fortifications() -> tuple[Fortification, ...]:
    # World Conquest, Upgrading Defenses.
    return (
        Fortification("banner", 20, defense=12, clicks=1),
        # "A 2" x 2" square. One side is the entrance": the whole side.
        Fortification("outpost", 75, 2.0, "one side", 4, 1, 17, 6, 2.0, 1),
        Fortification("fort", 150, 3.0, "one inch on one side", 6, 2, 19, 10, 1.0, 1),
        Fortification("castle", 300, 4.0, "two inches on two sides", 6, 3, 20, 16, 2.0, 2),
    )


CHOICES: dict[str, tuple[str, ...]] = {
    "upgrade_cost": ("full", "difference"),
    "response_count": ("entered", "between"),
    "unpaid_upkeep": ("disband", "debt"),
    "weather_stacking": ("add", "strongest"),
    "weather_at_edge": ("stay", "leave"),
    "captured_structures": ("keep", "destroy"),
    "battle_build_total": ("largest", "own"),
    "terrain": ("standard", "none", "woods", "ruins"),
    "adjacency": ("orthogonal", "diagonal"),
}


@dataclass(frozen=True, slots=True)
class HouseRules:
    # --- World Conquest, Setup
    army_points: int = 300  # Setup 1: "a 300 point army from a single faction"
    starting_gold: int = 0  # the seed gives none
    # --- World Conquest, Turn Structure
    hq_heal: int = 1  # Step 2
    territory_income: int = 15  # Step 3
    region_income: int = 20  # Step 3, for each territory of a region you control
    upkeep: int = 15  # Step 4, per army
    unpaid_upkeep: str = "disband"  # an army its owner cannot pay for is disbanded
    # --- Troop movements and battles
    response_gold: int = 5  # per territory moved through
    response_count: str = "entered"  # which territories a response pays for
    victory_gold: int = 25  # Battle rule 5
    elimination_share: int = 2  # Battle rule 6: points // 2 to the eliminating player
    battle_rounds: int = 100  # "battles are to the death": a limit only against a stalemate
    battle_players: int = 4  # the engine seats at most one player per table edge
    battle_build_total: str = "largest"  # every side's actions from the largest force
    terrain: str = "standard"  # the terrain preset each player brings to a battle
    withdraw_below: float = 0.35  # AI: withdraw with less than this share of the strength
    # The AI commanders' player: "heuristic", or "expert" with simulations per decision
    # ("expert:48"), never a time (a campaign replays exactly).
    battle_ai: str = "heuristic"
    # --- Upgrading Defenses
    fortifications: tuple[Fortification, ...] = field(default_factory=_seed_fortifications)
    upgrade_cost: str = "full"  # an upgrade costs its full price
    captured_structures: str = "keep"  # an outpost, fort or castle stays for the new owner
    # --- Weather
    weather: tuple[tuple[str, WeatherEffect], ...] = field(
        default_factory=lambda: tuple(SEED_WEATHER.items()))
    jokers: int = 2
    weather_stacking: str = "add"  # two effects in one territory both apply
    weather_at_edge: str = "stay"  # an effect that would move off the map does not move
    # --- The map
    adjacency: str = "orthogonal"  # territories sharing a side are adjacent

    # --- lookups ------------------------------------------------------------------------

    def fortification(self, name: str) -> Fortification:
        for f in self.fortifications:
            if f.name == name:
                return f
        raise KeyError(name)

    def effect(self, rank: str) -> WeatherEffect:
        return dict(self.weather)[rank]

    def elimination_gold(self, points: int) -> int:
        # World Conquest, battle rule 6: half its point total, rounded down.
        return points // self.elimination_share

    # --- reading and writing ------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        if self.battle_ai == "heuristic":
            # Unchanged, it is left out: campaigns begun before it was a rule are kept
            # (and keyed) as they were written.
            del out["battle_ai"]
        out["fortifications"] = {f.name: asdict(f) for f in self.fortifications}
        out["weather"] = {rank: asdict(e) for rank, e in self.weather}
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any], where: str = "house rules") -> HouseRules:
        if not isinstance(data, dict):
            raise HouseRuleError(f"{where}: a table of keys and values")
        base = cls()
        known = {f.name: f for f in fields(cls)}
        changes: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise HouseRuleError(f"{where}: unknown key {key!r} (keys: "
                                     f"{', '.join(sorted(known))})")
            if key == "weather":
                changes[key] = _weather(value, base, where)
            elif key == "fortifications":
                changes[key] = _fortifications(value, base, where)
            else:
                changes[key] = _scalar(key, value, getattr(base, key), where)
        return replace(base, **changes)

    @classmethod
    def read(cls, path: Path) -> HouseRules:
        try:
            text = read_small(path, f"house rules {path}")
        except ValueError as exc:
            raise HouseRuleError(str(exc)) from None
        try:
            data = json.loads(text) if Path(path).suffix.lower() == ".json" \
                else tomllib.loads(text)
        except (ValueError, RecursionError, tomllib.TOMLDecodeError) as exc:
            # RecursionError: JSON nested too deep for Python's parser.
            raise HouseRuleError(f"house rules {path}: not valid "
                                 f"{'JSON' if str(path).endswith('.json') else 'TOML'}: "
                                 f"{str(exc) or 'nested too deep'}") from None
        return cls.from_dict(data, f"house rules {path}")


def _scalar(key: str, value: Any, default: Any, where: str) -> Any:
    if key == "battle_ai":
        return battle_ai(value, where)
    if key in CHOICES:
        if value not in CHOICES[key]:
            raise HouseRuleError(f"{where}, {key}: one of {', '.join(CHOICES[key])}, not "
                                 f"{value!r}")
        return value
    if isinstance(default, float):
        if not isinstance(value, (int, float)) or isinstance(value, bool) \
                or not 0.0 <= value <= 1.0:
            raise HouseRuleError(f"{where}, {key}: a number from 0 to 1, not {value!r}")
        return float(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise HouseRuleError(f"{where}, {key}: a whole number, not {value!r}")
    low = {"elimination_share": 1, "battle_rounds": 1, "battle_players": 2,
           "army_points": 100}.get(key, 0)
    high = {"battle_players": 4, "battle_rounds": 1000, "jokers": 8}.get(key, 100_000)
    if not low <= value <= high:
        raise HouseRuleError(f"{where}, {key}: from {low} to {high}, not {value}")
    return value


def _weather(value: Any, base: HouseRules, where: str) -> tuple[tuple[str, WeatherEffect], ...]:
    if not isinstance(value, dict):
        raise HouseRuleError(f"{where}, weather: a table of card ranks")
    cards = dict(base.weather)
    for rank, effect in value.items():
        rank_key = str(rank).upper()
        if rank_key not in cards:
            raise HouseRuleError(f"{where}, weather: no card rank {rank!r} (ranks: "
                                 f"{', '.join(RANKS)})")
        if not isinstance(effect, dict):
            raise HouseRuleError(f"{where}, weather.{rank}: a table")
        cards[rank_key] = WeatherEffect.from_dict(effect, f"{where}, weather.{rank}")
    return tuple(cards.items())


def _fortifications(value: Any, base: HouseRules, where: str) -> tuple[Fortification, ...]:
    if not isinstance(value, dict):
        raise HouseRuleError(f"{where}, fortifications: a table by name "
                             f"({', '.join(LEVELS)})")
    unknown = sorted(set(value) - set(LEVELS))
    if unknown:
        raise HouseRuleError(f"{where}, fortifications: unknown {unknown[0]!r}")
    out = []
    for f in base.fortifications:
        change = dict(value.get(f.name, {})) if isinstance(value.get(f.name, {}), dict) \
            else None
        if change is None:
            raise HouseRuleError(f"{where}, fortifications.{f.name}: a table")
        if change.pop("name", f.name) != f.name:
            raise HouseRuleError(f"{where}, fortifications.{f.name}: its name is its key")
        for k, v in change.items():
            what = f"{where}, fortifications.{f.name}.{k}"
            if k == "entrances":
                if not isinstance(v, str):
                    raise HouseRuleError(f"{what}: text")
            elif k in ("size", "entrance_width"):
                if not isinstance(v, (int, float)) or isinstance(v, bool) or not 0 <= v <= 12:
                    raise HouseRuleError(f"{what}: inches from 0 to 12")
                change[k] = float(v)
            elif k == "entrance_sides":
                if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 4:
                    raise HouseRuleError(f"{what}: a number of sides from 0 to 4")
            elif k in ("gold", "guards", "ranged_defense", "defense", "clicks"):
                if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 100_000:
                    raise HouseRuleError(f"{what}: a whole number")
            else:
                raise HouseRuleError(f"{where}, fortifications.{f.name}: unknown key {k!r}")
        made = replace(f, **change)
        if made.name != "banner" and (made.size <= 0 or made.entrance_width > made.size
                                      or made.clicks < 1):
            raise HouseRuleError(f"{where}, fortifications.{f.name}: a size above 0, an "
                                 "entrance no wider than it and at least one click")
        out.append(made)
    return tuple(out)


def battle_ai(value: Any, where: str = "house rules") -> str:
    """The commanders' player: "heuristic", "expert" or "expert:N" (N simulations per
    decision; a time budget would make a campaign replay differently)."""
    kind, budget = split_kind(value) if isinstance(value, str) else ("", None)
    if kind == "heuristic" and budget is None:
        return "heuristic"
    if kind == "expert" and (budget is None or (budget.isdigit() and int(budget) >= 1)):
        return f"expert:{int(budget)}" if budget is not None else "expert"
    raise HouseRuleError(f"{where}, battle_ai: heuristic, expert or expert:N (N simulations "
                         f"per decision; no time budget, so the campaign replays exactly), "
                         f"not {value!r}")
