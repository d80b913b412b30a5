"""Building the armies and setting the scene (Rulebook II), or starting from a scenario.

A :class:`GameSetup` plays Setting the Scene through actions: the first-player roll,
terrain placement from the pile (:class:`~armybuilder.engine.actions.PlaceTerrain`) and
deployment (:class:`~armybuilder.engine.actions.Deploy`). A :class:`Scenario` puts the
figures straight onto the battlefield, for golden tests, puzzles and benchmarks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from armybuilder.engine import (
    castle,
    castle_combat,
    castle_setup,
    fortifications,
    passengers,
    turns,
    weather,
)
from armybuilder.engine import geometry as g
from armybuilder.engine.actions import Deploy, PlaceTerrain, SetUpFortification
from armybuilder.engine.cards import FigureCard
from armybuilder.engine.castle_setup import CastleOptions, CastlePlacement, LadderPlacement
from armybuilder.engine.dice import Dice
from armybuilder.engine.figure_kinds import AS_WARRIOR, AsWarrior
from armybuilder.engine.fortifications import Fortification
from armybuilder.engine.geometry import Point
from armybuilder.engine.phases import DEPLOY, FORTIFICATIONS, PLAY, TERRAIN
from armybuilder.engine.state import (
    EDGES,
    NOBODY,
    START_MARGIN,
    IllegalAction,
    Player,
    State,
    Warrior,
    in_area,
)
from armybuilder.engine.terrain import Terrain, TerrainFeature, TerrainItem

DEFAULT_TABLE = 36.0  # Rulebook VII, The Standard Game: 3' x 3'
#: Castle rules, Playing Area and Set-Up: the castle stands "up to 18 inches away from the
#: castle player's starting edge and at least 30 inches from the opponent's starting
#: area", which a 3' x 3' table leaves 3" of depth for; a siege is played on 4' x 4'
#: (RULES_NOTES.md, Castles, Setting up).
SIEGE_TABLE = 48.0
TERRAIN_SPACING = 2.0  # Rulebook II: terrain at least two inches from other terrain
MAX_TERRAIN_PER_PLAYER = 2  # Rulebook II: zero, one or two items each


class SetupError(ValueError):
    """A setup or scenario that cannot start a game; the message says what and where."""


@dataclass(frozen=True)
class PlayerSetup:
    name: str
    army: tuple[FigureCard, ...]
    build_total: int
    edge: str
    team: int | None = None  # allies share a team; None: a side of one's own
    terrain: tuple[TerrainItem, ...] = ()
    #: Chariot rules, Passengers: "A chariot may start the game with a passenger": pairs
    #: (the passenger's place in ``army``, his chariot's place in ``army``).
    passengers: tuple[tuple[int, int], ...] = ()
    #: Castle rules, Playing Area and Set-Up: where the army's castle sections stand (the
    #: castle player's); empty: castle_setup.default_plan when the army holds sections.
    castle: tuple[CastlePlacement, ...] = ()
    #: Castle rules, Planking and Ladders: this player's ladders against the castle's
    #: walls, and the castle player's planking (polygons touching a wall).
    ladders: tuple[LadderPlacement, ...] = ()
    planking: tuple[tuple[Point, ...], ...] = ()
    #: World Conquest, Troop Movements: damage carries from battle to battle, so a
    #: campaign's warrior enters at its current click: one click per warrior of ``army``
    #: (empty: every dial at its starting click, Rulebook II).
    clicks: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out = {"name": self.name, "build_total": self.build_total, "edge": self.edge,
               "team": self.team, "army": [c.to_dict() for c in self.army],
               "terrain": [t.to_dict() for t in self.terrain]}
        if self.clicks:  # only a campaign's: older logs read the same
            out["clicks"] = list(self.clicks)
        if self.passengers:
            out["passengers"] = [list(pair) for pair in self.passengers]
        if self.castle:  # only with a castle: older logs read the same
            out["castle"] = [c.to_dict() for c in self.castle]
        if self.ladders:
            out["ladders"] = [c.to_dict() for c in self.ladders]
        if self.planking:
            out["planking"] = [[list(p) for p in poly] for poly in self.planking]
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PlayerSetup:
        return cls(name=d["name"], build_total=d["build_total"], edge=d["edge"],
                   team=d["team"], army=tuple(FigureCard.from_dict(c) for c in d["army"]),
                   terrain=tuple(TerrainItem.from_dict(t) for t in d["terrain"]),
                   passengers=tuple((int(p), int(c)) for p, c in d.get("passengers", ())),
                   castle=tuple(CastlePlacement.from_dict(c) for c in d.get("castle", ())),
                   ladders=tuple(LadderPlacement.from_dict(c) for c in d.get("ladders", ())),
                   planking=tuple(tuple((float(x), float(y)) for x, y in poly)
                                  for poly in d.get("planking", ())),
                   clicks=tuple(int(c) for c in d.get("clicks", ())))


@dataclass(frozen=True)
class GameSetup:
    """Players in clockwise seating order; the first player is rolled for."""

    players: tuple[PlayerSetup, ...]
    table: float = DEFAULT_TABLE
    seed: int = 0
    dice: tuple[int, ...] | None = None  # scripted dice instead of the seeded generator
    round_limit: int | None = None  # Rulebook VI, Ending the Game 2, as a number of rounds
    #: World Conquest, Troop Movements (battle rule 1): the banners, outposts, forts and
    #: castles the players set up with the terrain (engine/fortifications.py).
    fortifications: tuple[Fortification, ...] = ()
    #: World Conquest, Weather over the whole battlefield: "fog", "flooding" (weather.py).
    weather: tuple[str, ...] = ()
    #: World Conquest, Troop Movements (battle rule 1): the holders set up their
    #: fortifications that have no place (``at`` None) themselves, first thing while the
    #: scene is set (SetUpFortification); False: at the default place.
    holders_set_up: bool = False

    def to_dict(self) -> dict[str, Any]:
        out = {"kind": "setup", "table": self.table, "round_limit": self.round_limit,
               "dice": _dice(self.seed, self.dice).to_dict(),
               "players": [p.to_dict() for p in self.players]}
        if self.fortifications:  # only with some: older logs read the same
            out["fortifications"] = [f.to_dict() for f in self.fortifications]
        if self.weather:
            out["weather"] = list(self.weather)
        if self.holders_set_up:
            out["holders_set_up"] = True
        return out


@dataclass(frozen=True)
class WarriorSpec:
    card: FigureCard
    player: int
    at: Point | None  # None: not on the battlefield
    facing: float = 0.0
    click: int | None = None  # None: the starting click
    tokens: int = 0  # tokens placed on the owner's previous turn
    captive_of: int | None = None  # index of the warrior holding this one captive
    #: Index of the chariot this warrior rides in as its passenger (``at`` is None).
    riding: int | None = None
    #: A chariot's section clicks (front, left, right, rear); None: the starting click.
    sections: tuple[int, ...] | None = None
    #: A castle wall placed with a doorway (Castle rules, Walls); ``at`` is a castle
    #: section's centre point and ``facing`` its rotation.
    doorway: bool = False

    def to_dict(self) -> dict[str, Any]:
        out = {"card": self.card.to_dict(), "player": self.player,
               "at": None if self.at is None else [float(self.at[0]), float(self.at[1])],
               "facing": float(self.facing), "click": self.click, "tokens": self.tokens,
               "captive_of": self.captive_of}
        if self.riding is not None:
            out["riding"] = self.riding
        if self.sections is not None:
            out["sections"] = list(self.sections)
        if self.doorway:
            out["doorway"] = True
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> WarriorSpec:
        at = d["at"]
        sections = d.get("sections")
        return cls(card=FigureCard.from_dict(d["card"]), player=d["player"],
                   at=None if at is None else (float(at[0]), float(at[1])),
                   facing=d["facing"], click=d["click"], tokens=d["tokens"],
                   captive_of=d["captive_of"], riding=d.get("riding"),
                   sections=None if sections is None else tuple(sections),
                   doorway=bool(d.get("doorway", False)))


@dataclass(frozen=True)
class ScenarioPlayer:
    name: str
    edge: str = "south"
    build_total: int = 100
    team: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "edge": self.edge, "build_total": self.build_total,
                "team": self.team}


@dataclass(frozen=True)
class Scenario:
    """Figures already on the battlefield; play starts with ``current``'s turn."""

    players: tuple[ScenarioPlayer, ...]
    warriors: tuple[WarriorSpec, ...]
    terrain: tuple[TerrainFeature, ...] = ()
    table: float = DEFAULT_TABLE
    seed: int = 0
    dice: tuple[int, ...] | None = None
    first_player: int = 0
    current: int | None = None
    round_limit: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: World Conquest, Weather over the whole battlefield: "fog", "flooding" (weather.py).
    weather: tuple[str, ...] = ()
    #: Castle rules: planking, ladders and open portals (the sections are WarriorSpecs).
    castle: CastleOptions | None = None
    #: World Conquest, Troop Movements (battle rule 1): banners and structures standing
    #: (engine/fortifications.py; numbered after the warriors, at full strength).
    fortifications: tuple[Fortification, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out = {"kind": "scenario", "table": self.table, "round_limit": self.round_limit,
               "dice": _dice(self.seed, self.dice).to_dict(),
               "first_player": self.first_player, "current": self.current,
               "players": [p.to_dict() for p in self.players],
               "warriors": [w.to_dict() for w in self.warriors],
               "terrain": [f.to_dict() for f in self.terrain]}
        if self.weather:  # only when there is weather: older logs read the same
            out["weather"] = list(self.weather)
        if self.castle is not None:
            out["castle"] = self.castle.to_dict()
        if self.fortifications:
            out["fortifications"] = [f.to_dict() for f in self.fortifications]
        return out


def table_for(players: tuple[PlayerSetup, ...]) -> float:
    """The table a battle of these players is played on: a siege's when an army fields
    castle sections (:data:`SIEGE_TABLE`), else the standard game's."""
    return SIEGE_TABLE if any(c.castle for p in players for c in p.army) else DEFAULT_TABLE


def _dice(seed: int, script: tuple[int, ...] | None) -> Dice:
    return Dice(seed=seed, script=script)


def setup_from_dict(d: dict[str, Any]) -> GameSetup | Scenario:
    dice = d["dice"]
    seed = int(dice.get("seed", 0))
    script = tuple(dice["script"]) if "script" in dice else None
    if d["kind"] == "setup":
        return GameSetup(players=tuple(PlayerSetup.from_dict(p) for p in d["players"]),
                         table=d["table"], seed=seed, dice=script, round_limit=d["round_limit"],
                         fortifications=_forts(d), weather=tuple(d.get("weather", ())),
                         holders_set_up=bool(d.get("holders_set_up", False)))
    if d["kind"] == "scenario":
        return Scenario(
            players=tuple(ScenarioPlayer(**p) for p in d["players"]),
            warriors=tuple(WarriorSpec.from_dict(w) for w in d["warriors"]),
            terrain=tuple(TerrainFeature.from_dict(f) for f in d["terrain"]),
            table=d["table"], seed=seed, dice=script, first_player=d["first_player"],
            current=d["current"], round_limit=d["round_limit"],
            weather=tuple(d.get("weather", ())),
            castle=CastleOptions.from_dict(d["castle"]) if "castle" in d else None,
            fortifications=_forts(d))
    raise SetupError(f"log header: unknown kind {d['kind']!r}")


def _forts(d: dict[str, Any]) -> tuple[Fortification, ...]:
    return tuple(Fortification.from_dict(f) for f in d.get("fortifications", ()))


def _add_fortifications(warriors: list[Warrior], players: list[Player],
                        forts: tuple[Fortification, ...]) -> int:
    """World Conquest, Troop Movements (battle rule 1): the fortifications' warriors,
    after every army's; returns the first one's number."""
    first = len(warriors)
    for k, f in enumerate(forts):
        try:
            fortifications.check(f, len(players), f"fortification {k}")
        except ValueError as exc:
            raise SetupError(str(exc)) from None
    warriors.extend(fortifications.warriors_for(forts, [p.team for p in players], first))
    return first


def _install_fortifications(state: State, forts: tuple[Fortification, ...],
                            first: int, by_holders: bool = False) -> None:
    try:
        fortifications.install(state, forts, first, by_holders)
    except ValueError as exc:
        raise SetupError(str(exc)) from None


# --- checks shared by both ways in ------------------------------------------------------


def _check_players(table: float, edges: list[str], totals: list[int]) -> None:
    if not 2 <= len(edges) <= 4:
        raise SetupError(f"players: a battle needs 2 to 4 players (one per edge), got "
                         f"{len(edges)}")
    if table <= 2 * START_MARGIN:
        raise SetupError(f"table: {table}\" leaves no room for starting areas 8\" from the "
                         "adjoining edges (Rulebook II)")
    for i, edge in enumerate(edges):
        if edge not in EDGES:
            raise SetupError(f"player {i}, field edge: {edge!r} is not one of "
                             f"{', '.join(EDGES)}")
    if len(set(edges)) != len(edges):
        raise SetupError("players, field edge: each player selects his own side of the "
                         "battlefield (Rulebook II)")
    for i, total in enumerate(totals):
        if total <= 0 or total % 100:
            raise SetupError(f"player {i}, field build_total: build totals are multiples of "
                             f"100 points (Rulebook II), got {total}")


def _check_army(i: int, army: tuple[FigureCard, ...], build_total: int) -> None:
    if not army:
        raise SetupError(f"player {i}, field army: an army needs at least one warrior")
    points = sum(c.points for c in army)
    if points > build_total:
        raise SetupError(f"player {i}, field army: {points} points exceed the build total of "
                         f"{build_total} (Rulebook II, Building Your Army)")
    seen: set[str] = set()
    for c in army:
        if c.unique and c.key in seen:
            raise SetupError(f"player {i}, field army: unique figure {c.key} ({c.name}) "
                             "appears twice (Rulebook II, Building Your Army)")
        seen.add(c.key)


# --- a full game: setting the scene -----------------------------------------------------


def build_from_setup(setup: GameSetup) -> State:
    players_in = setup.players
    _check_players(setup.table, [p.edge for p in players_in],
                   [p.build_total for p in players_in])
    players: list[Player] = []
    warriors: list[Warrior] = []
    entering: dict[int, int] = {}
    for i, ps in enumerate(players_in):
        _check_army(i, ps.army, ps.build_total)
        if len(ps.terrain) > MAX_TERRAIN_PER_PLAYER:
            raise SetupError(f"player {i}, field terrain: zero, one or two terrain items each "
                             f"(Rulebook II), got {len(ps.terrain)}")
        team = i if ps.team is None else ps.team
        players.append(Player(i, ps.name, team, ps.edge, ps.build_total,
                              sum(c.points for c in ps.army), setup.table))
        first = len(warriors)
        for card in ps.army:
            warriors.append(Warrior(len(warriors), card, i, team))
        entering.update(_entry_clicks(i, ps, first))
        for k, (p, c) in enumerate(ps.passengers):
            where = f"player {i}, field passengers, pair {k}"
            if not (0 <= p < len(ps.army) and 0 <= c < len(ps.army)) or p == c:
                raise SetupError(f"{where}: ({p}, {c}) names no passenger and chariot of "
                                 "the army")
            _board_at_start(where, warriors[first + p], warriors[first + c])
    _check_teams(players)
    for wid, click in entering.items():
        warriors[wid].click = click  # the dial as it stands while the scene is set
    works = _add_fortifications(warriors, players, setup.fortifications)
    state = State(setup.table, players, warriors, Terrain(), _dice(setup.seed, setup.dice),
                  setup.round_limit)
    state.entry_clicks = entering
    try:
        state.weather = weather.check(tuple(setup.weather))
    except ValueError as exc:
        raise SetupError(f"setup, field {exc}") from None
    if setup.fortifications:
        _install_fortifications(state, setup.fortifications, works, setup.holders_set_up)
    state.terrain_pile = [item for ps in players_in for item in ps.terrain]
    if any(castle_setup.is_section(c) for ps in players_in for c in ps.army):
        _place_castle(state, setup)
    return state


def _entry_clicks(i: int, ps: PlayerSetup, first: int) -> dict[int, int]:
    """World Conquest, Troop Movements: the clicks the army's warriors enter at (numbered
    from ``first``), those not at their starting click; SetupError for one no dial has."""
    if not ps.clicks:
        return {}
    where = f"player {i}, field clicks"
    if len(ps.clicks) != len(ps.army):
        raise SetupError(f"{where}: one click per warrior of the army ({len(ps.army)}), "
                         f"got {len(ps.clicks)}")
    out = {}
    for k, (card, click) in enumerate(zip(ps.army, ps.clicks, strict=True)):
        if click == card.starting_click:
            continue
        if card.sections or card.castle:
            # Only a warrior's one dial carries damage (campaign armies have no chariots
            # or castle sections: CAMPAIGN_NOTES.md).
            raise SetupError(f"{where}, warrior {k} ({card.name}): a chariot's or castle "
                             "section's dials start at the starting click")
        if not card.starting_click <= click < len(card.clicks):
            # Rulebook III, Healing: never past the starting click; and a live click.
            raise SetupError(f"{where}, warrior {k} ({card.name}): click {click} is not a "
                             f"live click from the starting click {card.starting_click} on")
        out[first + k] = click
    return out


def _place_castle(state: State, setup: GameSetup) -> None:
    """Castle rules, Playing Area and Set-Up: "Castle sections are placed on the
    battlefield before terrain or warriors", then planking and ladders."""
    firsts = []
    n = 0
    for ps in setup.players:
        firsts.append(n)
        n += len(ps.army)
    holders = [i for i, ps in enumerate(setup.players)
               if any(castle_setup.is_section(c) for c in ps.army)]
    if len(holders) > 1:
        raise SetupError(f"players {holders}, field army: one player is allowed to use "
                         "castle sections (Castle rules, Playing Area and Set-Up)")
    i = holders[0]
    ps = setup.players[i]
    try:
        plan = ps.castle or castle_setup.default_plan(ps.army, ps.edge, setup.table)
        castle_setup.place_castle(state, i, firsts[i], ps.army, plan, ps.planking,
                                  f"player {i}")
        for k, other in enumerate(setup.players):
            castle_setup.place_ladders(state, k, other.ladders, firsts[i], f"player {k}")
    except ValueError as exc:
        raise SetupError(str(exc)) from None
    for k, other in enumerate(setup.players):
        if k != i and (other.castle or other.planking):
            raise SetupError(f"player {k}, field castle: only the castle player places "
                             "castle sections and planking")


def _board_at_start(where: str, passenger: Warrior, c: Warrior) -> None:
    """Chariot rules, Passengers: a chariot may start the game with a passenger."""
    chariot = c.chariot
    if chariot is None:
        raise SetupError(f"{where}: {c.label} is not a chariot")
    why = passengers.rider_violation(passenger)
    if why is None and chariot.passenger != NOBODY:
        why = "Chariot rules, Passengers: a chariot can only have one passenger at a time"
    if why is None and passenger.riding != NOBODY:
        why = "Chariot rules, Passengers: a warrior rides in one chariot"
    if why:
        raise SetupError(f"{where}: {passenger.label}: {why}")
    chariot.passenger = passenger.id
    passenger.riding = c.id
    passenger.deployed = True  # he is set down with his chariot


def _check_teams(players: list[Player]) -> None:
    if len({p.team for p in players}) < 2:
        raise SetupError("players, field team: a battle needs at least two sides")


def begin_setup(state: State) -> None:
    """Roll for the first player, then start setting up fortifications, placing terrain
    or deployment."""
    roll_first_player(state)
    if state.works and fortifications.waiting(state):
        # World Conquest, Troop Movements (battle rule 1): the holders set up their
        # fortifications with the terrain; first, as a castle's sections are (Castle
        # rules, Playing Area and Set-Up), so that terrain is placed clear of them.
        state.phase = FORTIFICATIONS
        state.deploying = _next_holder(state, state.first_player)
        return
    _terrain_or_deployment(state)


def _terrain_or_deployment(state: State) -> None:
    if any(item is not None for item in state.terrain_pile):
        state.phase = TERRAIN
        state.deploying = state.first_player
    else:
        _dials_and_deployment(state)


def roll_first_player(state: State) -> None:
    """Rulebook II, Setting the Scene: each player rolls two dice; ties re-roll."""
    contenders = list(range(len(state.players)))
    while len(contenders) > 1:
        totals = {p: sum(state.roll(2, "first player", player=p)) for p in contenders}
        best = max(totals.values())
        # Only the players tied for the highest roll again (RULES_NOTES.md).
        contenders = [p for p in contenders if totals[p] == best]
    state.first_player = contenders[0]
    state.current = state.first_player
    state.emit({"e": "first_player", "player": state.first_player})


def _next_holder(state: State, start: int) -> int:
    """The first player from ``start`` clockwise with a fortification to set up."""
    waiting = {w.owner for w in fortifications.waiting(state)}
    n = len(state.players)
    return next((start + k) % n for k in range(n) if (start + k) % n in waiting)


def check_set_up_fortification(state: State, action: SetUpFortification) -> Warrior:
    """The fortification set up; IllegalAction if it may not be set up so."""
    rule = fortifications.SETUP_RULE
    if state.phase != FORTIFICATIONS:
        raise IllegalAction(rule, "fortifications are not being set up now")
    if action.warrior not in state.works:
        raise IllegalAction(rule, f"warrior {action.warrior} is not a fortification")
    w = state.warriors[action.warrior]
    if w.owner != state.deploying:
        raise IllegalAction(f"{rule}: each holder sets up his own",
                            f"it is player {state.deploying}'s turn to set up")
    if w.deployed:
        raise IllegalAction(rule, f"{w.label} is already set up")
    why = fortifications.setup_violation(state, w, (float(action.at[0]),
                                                    float(action.at[1])),
                                         float(action.rotation))
    if why:
        raise IllegalAction(why, f"{w.label} cannot be set up there")
    return w


def apply_set_up_fortification(state: State, action: SetUpFortification) -> None:
    w = check_set_up_fortification(state, action)
    at = (float(action.at[0]), float(action.at[1]))
    fortifications.set_up(state, w, at, float(action.rotation))
    state.emit({"e": "fortification_set_up", "player": w.owner, "warrior": w.id, "at": [w.x, w.y],
                "rotation": w.facing})
    if not fortifications.waiting(state):
        _terrain_or_deployment(state)
    elif not any(o.owner == w.owner for o in fortifications.waiting(state)):
        # The next holder clockwise (Rulebook II: "and so on, clockwise").
        state.deploying = _next_holder(state, w.owner)


def placed_features(state: State, action: PlaceTerrain) -> list[TerrainFeature]:
    if not 0 <= action.item < len(state.terrain_pile) or state.terrain_pile[action.item] is None:
        raise IllegalAction("Rulebook II, Setting the Scene",
                            f"terrain item {action.item} is not in the terrain pile")
    item = state.terrain_pile[action.item]
    return [f.placed((float(action.at[0]), float(action.at[1])), float(action.rotation),
                     action.item) for f in item.features]


def terrain_violation(state: State, features: list[TerrainFeature]) -> str | None:
    table = state.table
    for f in features:
        if any(not (-g.EPS <= x <= table + g.EPS and -g.EPS <= y <= table + g.EPS)
               for x, y in f.polygon):
            return "Rulebook II, Setting the Scene: terrain is placed on the battlefield"
        for p in state.players:
            x0, y0, x1, y1 = p.area
            if g.polygons_overlap(f.polygon, g.rectangle(x0, y0, x1, y1)):
                return ("Rulebook II, Setting the Scene: terrain may not be placed in any "
                        "player's starting area")
        kinds = state.kinds_in_play
        for figures in kinds:
            # World Conquest: clear of the fortifications; Castle rules: out of the castle.
            why = figures.terrain_violation(state, f.polygon)
            if why:
                return why
        for other in state.terrain.features:
            if kinds and any(figures.owns_feature(other) for figures in kinds):
                continue  # a castle section's: not a terrain item (its kind keeps clear)
            if g.polygons_distance(f.polygon, other.polygon) < TERRAIN_SPACING - g.EPS:
                return ("Rulebook II, Setting the Scene: each terrain item at least two inches "
                        "from any other")
    return None


def check_place_terrain(state: State, action: PlaceTerrain) -> list[TerrainFeature]:
    """The features the item would place; IllegalAction if it may not go there."""
    if state.phase != TERRAIN:
        raise IllegalAction("Rulebook II, Setting the Scene", "terrain is not being placed now")
    features = placed_features(state, action)
    why = terrain_violation(state, features)
    if why:
        raise IllegalAction(why, f"terrain item {action.item} cannot be placed there")
    return features


def apply_place_terrain(state: State, action: PlaceTerrain) -> None:
    features = check_place_terrain(state, action)
    for f in features:
        state.terrain.add(f)
    state.terrain_pile[action.item] = None
    state.emit({"e": "terrain_placed", "player": state.deploying, "item": action.item,
                "at": [float(action.at[0]), float(action.at[1])],
                "rotation": float(action.rotation)})
    if any(item is not None for item in state.terrain_pile):
        # Rulebook II: the player to the left places the next item, and so on clockwise.
        state.deploying = (state.deploying + 1) % len(state.players)
    else:
        _dials_and_deployment(state)


def _dials_and_deployment(state: State) -> None:
    # Rulebook II: every dial is turned to its starting position before deployment; World
    # Conquest, Troop Movements: a campaign's warrior's to the click it carries.
    for w in state.warriors:
        w.click = state.entry_clicks.get(w.id, w.card.starting_click)
        w.kind.dials_set(w)  # a chariot's sections' dials (chariot_kind)
    state.emit({"e": "dials_set"})
    state.phase = DEPLOY
    state.deploying = state.first_player


def deploy_violation(state: State, w: Warrior, at: Point, facing: float | None = None
                     ) -> str | None:
    p = state.players[w.owner]
    if facing is None:
        facing = face_centre(state, at)
    discs = w.discs_at(at, facing)
    kinds = state.kinds_in_play
    # Castle rules, Playing Area and Set-Up: the starting areas of a siege (its kind says).
    area: str | AsWarrior | None = AS_WARRIOR
    for figures in kinds:
        area = figures.starting_area(state, w, at, discs)
        if not isinstance(area, AsWarrior):
            break
    if not isinstance(area, AsWarrior):
        if area:
            return area
    elif not in_area(at, p.area) and not any(
            figures.deployed_inside(state, w, discs) for figures in kinds):
        # World Conquest, Upgrading Defenses: on guard in a fortification (its kind says).
        return ("Rulebook II, Setting the Scene: each warrior is placed within his starting "
                "area, no more than 3\" from his edge and at least 8\" from adjoining edges")
    for x, y, r in discs:
        if not (r - g.EPS <= x <= state.table - r + g.EPS
                and r - g.EPS <= y <= state.table - r + g.EPS):
            return "Rulebook II, Setting the Scene: the base must stand on the battlefield"
    for o in state.warriors:
        if o.on_table and g.discs_overlap(discs, o.discs):
            return "Rulebook III, Movement: bases may not overlap"
    for figures in kinds:
        why = figures.deploy_violation(state, w, discs)  # a fortification's guards, walls
        if why:
            return why
    if state.terrain:
        return state.terrain.position_violation(discs)
    return None


def deploy_spots(state: State, w: Warrior, spacing: float) -> list[Point]:
    """Candidate centres in the warrior's starting area on a grid of ``spacing`` inches."""
    x0, y0, x1, y1 = state.players[w.owner].area
    for figures in state.kinds_in_play:
        region = figures.deploy_region(state, w)  # a siege's (castle_kind)
        if region is not None:
            x0, y0, x1, y1 = region[0]
            break
    r = w.half_length
    ys = _steps(max(y0, r), min(y1, state.table - r), spacing)
    spots = [(x, y) for x in _steps(max(x0, r), min(x1, state.table - r), spacing) for y in ys]
    for figures in state.kinds_in_play:
        # Castle rules, Playing Area and Set-Up: not the spots its rules refuse for certain.
        spots = figures.deploy_spots(state, w, spots)
    return spots


def _steps(lo: float, hi: float, spacing: float) -> list[float]:
    if hi < lo:
        return []
    count = int((hi - lo) / spacing + 1e-9) + 1
    return [lo + k * spacing for k in range(count)]


#: How finely the starting area is searched before a warrior is found to have no room.
ROOM_SEARCH = 0.1


def room_for(state: State, w: Warrior) -> Point | None:
    if any(figures.deploy_region(state, w) for figures in state.kinds_in_play):
        # Castle rules, Playing Area and Set-Up: a siege's starting areas are large, so the
        # answer is kept while no base has moved (the listing, the check and the action
        # ask it in turn).
        key = (state.memory.arrangement, state.terrain.version, w.id)
        kept = state.memory.room
        if kept is not None and kept[0] == key:
            found: Point | None = kept[1]
            return found
        found = _room_for(state, w)
        state.memory.room = (key, found)
        return found
    return _room_for(state, w)


def _room_for(state: State, w: Warrior) -> Point | None:
    for at in deploy_spots(state, w, ROOM_SEARCH):
        if deploy_violation(state, w, at) is None:
            return at
    return None


def check_deploy(state: State, action: Deploy) -> Warrior:
    """The warrior placed; IllegalAction if it may not be placed so."""
    if state.phase != DEPLOY:
        raise IllegalAction("Rulebook II, Setting the Scene", "armies are not being placed now")
    if not 0 <= action.warrior < len(state.warriors):
        raise IllegalAction("Rulebook II, Setting the Scene", f"no warrior {action.warrior}")
    w = state.warriors[action.warrior]
    if w.owner != state.deploying:
        raise IllegalAction("Rulebook II, Setting the Scene: the first player places his army, "
                            "then the player to his left, and so on",
                            f"it is player {state.deploying}'s turn to place warriors")
    if w.deployed:
        raise IllegalAction("Rulebook II, Setting the Scene", f"{w.label} is already placed")
    if action.at is None:
        if room_for(state, w) is not None:
            raise IllegalAction("Rulebook II, Setting the Scene: each warrior is placed within "
                                "his starting area", f"there is still room for {w.label}")
        return w
    why = deploy_violation(state, w, (float(action.at[0]), float(action.at[1])),
                           float(action.facing))
    if why:
        raise IllegalAction(why, f"{w.label} cannot be placed there")
    return w


def apply_deploy(state: State, action: Deploy) -> None:
    w = check_deploy(state, action)
    if action.at is None:
        w.deployed = True
        state.emit({"e": "no_room", "warrior": w.id})
        w.kind.deployed(state, w, False)  # a chariot's passenger stays off with it
    else:
        at = (float(action.at[0]), float(action.at[1]))
        w.x, w.y = at
        w.facing = g.normalize_angle(float(action.facing))
        w.on_table = True
        w.deployed = True
        state.emit({"e": "deployed", "warrior": w.id, "at": [w.x, w.y], "facing": w.facing})
        w.kind.deployed(state, w, True)  # a chariot's passenger goes aboard
    if all(o.deployed for o in state.warriors if o.owner == w.owner):
        n = len(state.players)
        for step in range(1, n):
            nxt = (state.deploying + step) % n
            if nxt == state.first_player:
                break
            if any(not o.deployed for o in state.warriors if o.owner == nxt):
                state.deploying = nxt
                return
        start_play(state, state.first_player)


def start_play(state: State, player: int) -> None:
    state.phase = PLAY
    state.round = 1
    state.emit({"e": "battle", "first_player": state.first_player})
    turns.start_turn(state, player)


# --- a scenario -------------------------------------------------------------------------


def build_from_scenario(sc: Scenario) -> State:
    _check_players(sc.table, [p.edge for p in sc.players], [p.build_total for p in sc.players])
    players = []
    for i, ps in enumerate(sc.players):
        team = i if ps.team is None else ps.team
        army = tuple(w.card for w in sc.warriors if w.player == i)
        players.append(Player(i, ps.name, team, ps.edge, ps.build_total,
                              sum(c.points for c in army), sc.table))
    _check_teams(players)
    warriors: list[Warrior] = []
    for k, spec in enumerate(sc.warriors):
        where = f"scenario warrior {k} ({spec.card.name})"
        if not 0 <= spec.player < len(players):
            raise SetupError(f"{where}, field player: no player {spec.player}")
        w = Warrior(k, spec.card, spec.player, players[spec.player].team)
        if spec.click is not None:
            if not 0 <= spec.click < len(spec.card.clicks):
                raise SetupError(f"{where}, field click: {spec.click} is not a live click")
            w.click = spec.click
        if spec.tokens not in (0, 1, 2):
            raise SetupError(f"{where}, field tokens: 0, 1 or 2, got {spec.tokens}")
        w.tokens = spec.tokens
        if spec.sections is not None and not w.kind.scenario_sections(w, spec.sections):
            raise SetupError(f"{where}, field sections: one click on each of a "
                             "chariot's four dials")
        if spec.at is not None:
            w.x, w.y = float(spec.at[0]), float(spec.at[1])
            w.facing = g.normalize_angle(float(spec.facing))
            w.on_table = w.deployed = True
            if any(not (r - g.EPS <= x <= sc.table - r + g.EPS
                        and r - g.EPS <= y <= sc.table - r + g.EPS) for x, y, r in w.discs):
                raise SetupError(f"{where}, field at: the base is off the battlefield")
        warriors.append(w)
    for k, spec in enumerate(sc.warriors):
        if spec.captive_of is None:
            continue
        where = f"scenario warrior {k} ({spec.card.name}), field captive_of"
        if not 0 <= spec.captive_of < len(warriors) or spec.captive_of == k:
            raise SetupError(f"{where}: no warrior {spec.captive_of}")
        holder, c = warriors[spec.captive_of], warriors[k]
        if holder.captive != NOBODY or not (holder.on_table and c.on_table):
            raise SetupError(f"{where}: a warrior on the battlefield holds one captive")
        if holder.team == c.team:
            raise SetupError(f"{where}: captives are opposing figures")
        if holder.kind.has_sections or c.kind.has_sections:
            raise SetupError(f"{where}: a chariot cannot capture or be captured (Chariot "
                             "rules, General Rules)")
        if not g.discs_touch(holder.discs, c.discs):
            raise SetupError(f"{where}: the captive must touch its controller")
        holder.captive, c.controller = c.id, holder.id
    for k, spec in enumerate(sc.warriors):
        if spec.riding is None:
            continue
        where = f"scenario warrior {k} ({spec.card.name}), field riding"
        if not 0 <= spec.riding < len(warriors) or spec.riding == k or spec.at is not None:
            raise SetupError(f"{where}: a passenger stands at no place of his own and rides "
                             f"in another warrior, not {spec.riding}")
        c = warriors[spec.riding]
        if c.team != warriors[k].team or not c.on_table:
            raise SetupError(f"{where}: a friendly chariot on the battlefield carries him")
        _board_at_start(where, warriors[k], c)
        warriors[k].x, warriors[k].y = c.x, c.y
    for w in warriors:
        why = w.kind.scenario_violation(w)
        if why:
            raise SetupError(f"scenario warrior {w.id} ({w.card.name}), {why}")
    on = [w for w in warriors if w.on_table]
    for i, a in enumerate(on):
        for b in on[i + 1:]:
            if g.discs_overlap(a.discs, b.discs):
                raise SetupError(f"scenario warriors {a.id} and {b.id}: bases overlap")
    works = _add_fortifications(warriors, players, sc.fortifications)
    state = State(sc.table, players, warriors, Terrain(tuple(sc.terrain)),
                  _dice(sc.seed, sc.dice), sc.round_limit)
    if sc.fortifications:
        _install_fortifications(state, sc.fortifications, works)
        for w in on:
            # World Conquest, Upgrading Defenses: on no wall, in no opponent's structure,
            # a guard too many.
            why = fortifications.position_violation(state, w, w.discs)
            if why:
                raise SetupError(f"scenario warrior {w.id} ({w.card.name}), field at: {why}")
    try:
        state.weather = weather.check(tuple(sc.weather))
    except ValueError as exc:
        raise SetupError(f"scenario, field {exc}") from None
    if any(castle_setup.is_section(spec.card) for spec in sc.warriors):
        _scenario_castle(state, sc)
    if not 0 <= sc.first_player < len(players):
        raise SetupError(f"scenario, field first_player: no player {sc.first_player}")
    state.first_player = sc.first_player
    return state


def _scenario_castle(state: State, sc: Scenario) -> None:
    """Castle rules: a scenario's castle sections stand where their WarriorSpecs say
    (``at`` the centre point, ``facing`` the rotation), with its CastleOptions."""
    owners = set()
    for k, spec in enumerate(sc.warriors):
        if not castle_setup.is_section(spec.card):
            continue
        where = f"scenario warrior {k} ({spec.card.name})"
        if spec.at is None:
            raise SetupError(f"{where}, field at: a castle section stands on the battlefield")
        if spec.doorway and castle_setup.piece_of(spec.card) != castle.WALL:
            raise SetupError(f"{where}, field doorway: only a wall has a doorway")
        try:
            piece = castle_setup.piece_of(spec.card)
        except ValueError as exc:
            raise SetupError(f"{where}: {exc}") from None
        castle.place_section(state, state.warriors[k], piece, spec.at, spec.facing,
                             spec.doorway)
        owners.add(spec.player)
    if len(owners) > 1:
        raise SetupError("scenario: castle sections belong to one player (Castle rules, "
                         "Playing Area and Set-Up)")
    state.castle_player = owners.pop()
    state.sections = tuple(w.id for w in state.warriors if w.castle is not None)
    opts = sc.castle or castle_setup.CastleOptions()
    try:
        for k, poly in enumerate(opts.planking):
            why = castle_setup.planking_violation(state, poly)
            if why:
                raise ValueError(f"plank {k}: {why}")
            castle.add_planking(state, poly)
        for k, (wid, at) in enumerate(opts.ladders):
            s = state.warriors[wid].castle if 0 <= wid < len(state.warriors) else None
            if s is None:
                raise ValueError(f"ladder {k}: warrior {wid} is not a castle section")
            # A scenario's ladders are the castle player's (RULES_NOTES.md, Castles).
            castle_setup.place_ladder(state, s, at, state.castle_player)
        for wid, name in opts.open:
            s = state.warriors[wid].castle if 0 <= wid < len(state.warriors) else None
            if s is None or name not in [p.name for p in s.portals]:
                raise ValueError(f"open: warrior {wid} has no portal {name!r}")
            for p in s.portals:
                if p.name == name:
                    p.open = True
    except ValueError as exc:
        raise SetupError(f"scenario, field castle: {exc}") from None
    for wid in state.sections:
        s = state.warriors[wid].castle
        if s is not None and castle_combat.breached_showing(state.warriors[wid]):
            # Castle rules, Portals: "A castle section that is showing the Demoralized
            # special ability has been breached" — one set at such a click starts so, its
            # portals open, breached by no one's figure.
            s.breached = True
            for p in s.portals:
                p.open = True
    castle.refresh(state)


def begin_scenario(state: State, sc: Scenario) -> None:
    current = sc.first_player if sc.current is None else sc.current
    if not 0 <= current < len(state.players):
        raise SetupError(f"scenario, field current: no player {current}")
    state.current = current
    start_play(state, current)
    if not turns.can_still_act(state, current):
        turns.end_turn(state)
        turns.next_turn(state)


def face_centre(state: State, at: Point) -> float:
    c = state.table / 2.0
    return math.atan2(c - at[1], c - at[0])
