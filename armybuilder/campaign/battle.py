"""World Conquest battles fought by the engine: "take your armies over to a game board and
play out a standard Mage Knight game with these special rules".

The battle is an engine ``GameSetup`` (``setup_of``): every warrior enters at its
current click (damage carries between battles) under the territory's weather: Fog and
Flooding over the battlefield (engine/weather.py), range, speed and Fog's Stealth bonus
written on the warriors' cards. The scene is set as in any game (Rulebook II): the players
roll for the first player, place their terrain (house rule ``terrain``; none in a
wasteland) and deploy, each side's commander (the engine's AI) its own. It is fought to
the death by the same commanders, each of which may withdraw while a territory to
withdraw to exists. With more than two players the engine follows the rulebook's
multi-player turn order (clockwise from the first player), the sides seated round the
table in that order.

A battle a human takes part in may be played on the play screen instead
(campaign/played.py): the same start, the human setting his own part of the scene; the
game's result taken the same way.

The territory's banner and outpost, fort or castle stand on the battlefield when their
holder fights there (World Conquest, Troop Movements, battle rule 1: "each player sets up
terrain as normal AND any ... banners, outposts, forts, or castles they have in that
territory"): the engine's fortifications (engine/fortifications.py), with the house
rules' numbers, set up at the holder's edge before the terrain; the holder's AI puts its
shooters on guard at set-up. The result says which were destroyed (``fortifications``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from typing import Any

from armybuilder.ai.commander import Commander
from armybuilder.ai.registry import make_player
from armybuilder.campaign import marching
from armybuilder.campaign.state import Campaign
from armybuilder.campaign.weather import InForce, in_force
from armybuilder.engine import FORTIFICATION_SIDES as SIDES
from armybuilder.engine import (
    NOBODY,
    Action,
    ClickStats,
    FigureCard,
    Fortification,
    Game,
    GameSetup,
    PlayerSetup,
    Scenario,
    Termination,
    Withdraw,
    action_from_json,
    apply,
    setup_from_dict,
)
from armybuilder.sim.match import play_game
from armybuilder.sim.terrain_presets import terrain_for

#: The table's edges clockwise, seen from above with north at the top: the player at the
#: south edge faces north, so the player to his left sits at the west edge, and so on.
#: Rulebook III, Turns and Actions: "The player to his left takes the next turn and so on,
#: clockwise around the table" (Rulebook II, Setting the Scene, the same for terrain and
#: deployment). The engine seats its players clockwise in the order given (GameSetup) and
#: passes play in that order (engine/turns.py): the sides sit at the edges of
#: ``seating(n)`` in the battle's order, so that play goes round the table.
EDGES = ("south", "west", "north", "east")


def seating(sides: int) -> tuple[str, ...]:
    """The edges of a battle of ``sides`` sides, side by side in turn order: two face
    each other (south, north); three or four sit round the table clockwise from the
    south edge (south, west, north[, east])."""
    return ("south", "north") if sides == 2 else EDGES[:sides]
BATTLES = "World Conquest, Troop Movements (battle rules)"


def derive(*parts: object) -> int:
    """A seed from the campaign's seed and a purpose: the same on every run and machine."""
    text = "/".join(str(p) for p in parts).encode()
    digest = hashlib.blake2b(text, digest_size=8, person=b"worldconquest").digest()
    return int.from_bytes(digest, "big") >> 1


# --- the warriors' cards under the weather ----------------------------------------------


def weathered(card: FigureCard, click: int, weather: InForce) -> FigureCard:
    """The card as the weather plays it (World Conquest, Weather): range lowered by rain,
    snow and Blizzard; speed lowered by snow and Blizzard on every click without Flight;
    in Fog, +1 defense for the whole battle to a warrior with Stealth."""
    if not (weather.range or weather.speed or weather.fog):
        return card
    stealthy = weather.fog and "Stealth" in card.clicks[click].abilities

    def click_as(c: ClickStats) -> ClickStats:
        speed = c.speed if "Flight" in c.abilities else max(0, c.speed + weather.speed)
        return replace(c, speed=speed, defense=c.defense + (1 if stealthy else 0))

    return replace(card, range=max(0, card.range + weather.range),
                   clicks=tuple(click_as(c) for c in card.clicks))


# --- the battle's plan ------------------------------------------------------------------


@dataclass(frozen=True)
class Side:
    player: int  # campaign player
    name: str
    warriors: tuple[int, ...]  # campaign warrior ids, in the order the engine numbers them
    may_withdraw: bool


@dataclass(frozen=True)
class BattlePlan:
    number: int
    territory: str
    sides: tuple[Side, ...]
    cards: tuple[FigureCard, ...]  # per engine warrior, weathered
    clicks: tuple[int, ...]
    build_total: tuple[int, ...]
    terrain: str
    weather: InForce
    seed: int
    rounds: int
    #: The territory's banner and structure on the battlefield, ``player`` the holder's
    #: side (World Conquest, Upgrading Defenses); none when its holder does not fight.
    fortifications: tuple[Fortification, ...] = ()
    #: Kept for the results of older campaigns' logs: now always empty.
    unplayed: tuple[str, ...] = ()

    def engine_ids(self) -> dict[int, int]:
        """Campaign warrior id -> engine warrior id."""
        out, k = {}, 0
        for s in self.sides:
            for wid in s.warriors:
                out[wid] = k
                k += 1
        return out


def _round_up(points: int) -> int:
    # Rulebook II, Building Your Army: build totals are multiples of 100.
    return max(100, -(-points // 100) * 100)


def plan_battle(c: Campaign) -> BattlePlan:
    at = c.battle
    assert at is not None
    weather = in_force(c.markers, at.territory, c.rules)
    sides, cards, clicks, points = [], [], [], []
    for player in at.sides:
        ids = tuple(i for b in sorted(c.bands_in(at.territory, player), key=lambda b: b.id)
                    for i in b.warriors)
        sides.append(Side(player, c.players[player].name, ids,
                          bool(marching.retreats(c, player, at.territory))))
        for i in ids:
            w = c.warriors[i]
            cards.append(weathered(c.card(w), w.click, weather))
            clicks.append(w.click)
        points.append(sum(c.card(i).points for i in ids))
    if c.rules.battle_build_total == "largest":
        totals = tuple(_round_up(max(points)) for _ in points)
    else:
        totals = tuple(_round_up(p) for p in points)
    h = c.holdings[at.territory]
    forts: tuple[Fortification, ...] = ()
    if h.owner is not None and h.owner in at.sides:
        # World Conquest, Troop Movements (battle rule 1): the holder sets up "any ...
        # banners, outposts, forts, or castles they have in that territory".
        side = at.sides.index(h.owner)
        forts = tuple(engine_fortification(c.rules.fortification(kind), side)
                      for kind in (h.structure, "banner" if h.banner else None) if kind)
    terrain = "none" if h.wasteland else c.rules.terrain
    return BattlePlan(at.number, at.territory, tuple(sides), tuple(cards), tuple(clicks),
                      totals, terrain, weather, derive(c.start.seed, "battle", at.number),
                      c.rules.battle_rounds, forts)


def engine_fortification(f: Any, side: int) -> Fortification:
    """A house rules' fortification (house_rules.Fortification) as the engine sets it up
    for ``side``: World Conquest, Upgrading Defenses' numbers; the entrances in the middle
    of the back side (toward the holder's edge), then the front, then the flanks
    (CAMPAIGN_NOTES.md)."""
    order = ("back", "front", "right", "left")
    assert set(order) == set(SIDES)
    banner = f.name == "banner"
    return Fortification(
        kind=f.name, player=side, size=f.size if not banner or f.size > 0 else 0.955,
        defense=f.defense, clicks=max(1, f.clicks),
        entrances=() if banner else tuple((s, f.entrance_width)
                                          for s in order[:f.entrance_sides]),
        guards=0 if banner else f.guards, ranged_defense=0 if banner else f.ranged_defense)


# --- the players ------------------------------------------------------------------------


# --- fighting -------------------------------------------------------------------------


@dataclass(frozen=True)
class Fought:
    """A battle played out: the result for the campaign, and the engine's game."""

    result: dict[str, Any]
    start: GameSetup  # the battle as it began: fought again from it, the same game
    game: Game
    sides: list[dict[str, Any]]  # each side's player, seed and whether it may withdraw


def setup_of(plan: BattlePlan) -> GameSetup:
    """The battle as a game whose scene is still to be set (Rulebook II, Setting the
    Scene: the first player, the terrain, the deployment), by the engine's AI or by a
    human on the play screen: each side at its edge with its terrain, every warrior to
    enter at its current click (World Conquest, Troop Movements: damage carries), the
    territory's weather over the battlefield and its holder's fortifications."""
    edges = seating(len(plan.sides))
    players = tuple(
        PlayerSetup(name=s.name, army=plan.cards[_first(plan, k):_first(plan, k + 1)],
                    build_total=plan.build_total[k], edge=edges[k],
                    terrain=terrain_for(plan.terrain, k),
                    clicks=plan.clicks[_first(plan, k):_first(plan, k + 1)])
        for k, s in enumerate(plan.sides))
    # World Conquest, Troop Movements (battle rule 1): "each player sets up terrain as
    # normal AND any ... banners, outposts, forts, or castles": the holder sets his up.
    return GameSetup(players=players, seed=plan.seed, round_limit=plan.rounds,
                     fortifications=plan.fortifications,
                     weather=plan.weather.engine_weather, holders_set_up=True)


def _first(plan: BattlePlan, k: int) -> int:
    return sum(len(s.warriors) for s in plan.sides[:k])


def commanders(plan_sides: list[dict[str, Any]], below: float, ai: str = "heuristic"
               ) -> list[Commander]:
    """The players of a battle: ``plan_sides`` as kept with it, each ``{seed,
    may_withdraw}``; ``ai`` the house rule ``battle_ai``."""
    return [commander(k, s["seed"], bool(s["may_withdraw"]), below, ai)
            for k, s in enumerate(plan_sides)]


def commander(side: int, seed: int, may_withdraw: bool, below: float,
              ai: str = "heuristic") -> Commander:
    """The campaign's commander of ``side`` (the player registry's "commander")."""
    player = make_player("commander", seed, side=side, may_withdraw=may_withdraw,
                         below=below, ai=ai)
    assert isinstance(player, Commander)
    return player


def note_forfeits(game: Game, action: Action, forfeited: dict[int, int]) -> None:
    """Rulebook VI, Withdrawing: the captives a withdrawing player forfeits, with the
    warriors that held them (they are the captors')."""
    if isinstance(action, Withdraw):
        for w in game.warriors:
            if w.owner == action.player and w.on_table and w.controller != NOBODY:
                forfeited[w.id] = w.controller


def play_out(start: GameSetup | Scenario, players: list[Commander]
             ) -> tuple[Game, dict[int, int]]:
    """The battle played to its end from its start (a campaign's older battles kept the
    scene the engine's AI had set, a Scenario), and the captives forfeited by a withdrawal
    with the warriors that held them (Rulebook VI, Withdrawing: they are the captors')."""
    forfeited: dict[int, int] = {}
    game = play_game(start, players, lambda g, a: note_forfeits(g, a, forfeited))
    return game, forfeited


def rebuilt(log: str) -> tuple[Game, dict[int, int]]:
    """A game played on the play screen, rebuilt from its saved log action by action, and
    the captives forfeited by a withdrawal as ``play_out`` finds them. ValueError if the
    log no longer replays to the same events."""
    data = json.loads(log)
    start = setup_from_dict(data["start"])
    game = Game.from_scenario(start) if isinstance(start, Scenario) else Game.new(start)
    forfeited: dict[int, int] = {}
    for entry in data["entries"][1:]:
        action = action_from_json(entry["action"])
        note_forfeits(game, action, forfeited)
        apply(game, action)
    if json.loads(game.log_json())["entries"] != data["entries"]:
        raise ValueError("the played game's log no longer replays to the same events")
    return game, forfeited


def sides_of(plan: BattlePlan) -> list[dict[str, Any]]:
    """Each side's campaign player, the seed of its AI commander and whether it may
    withdraw: what is kept with a battle to fight it again."""
    return [{"player": s.player, "seed": derive(plan.seed, "side", k),
             "may_withdraw": s.may_withdraw} for k, s in enumerate(plan.sides)]


def fight(c: Campaign) -> Fought:
    """Fight the battle the campaign waits for, with the engine's AI on every side."""
    plan = plan_battle(c)
    start = setup_of(plan)
    sides = sides_of(plan)
    # Each side's commander sets its own part of the scene, then fights.
    game, forfeited = play_out(start, commanders(sides, c.rules.withdraw_below,
                                                 c.rules.battle_ai))
    return Fought(result_of(plan, game, forfeited), start, game, sides)


def result_of(plan: BattlePlan, game: Game, forfeited: dict[int, int]) -> dict[str, Any]:
    """What the campaign needs from the finished game (World Conquest battle rules 2-8)."""
    ids = [wid for s in plan.sides for wid in s.warriors]
    removed: set[int] = set()
    eliminations: list[list[Any]] = []
    for entry in game.entries:
        for e in entry["events"]:
            if e.get("warrior", 0) >= len(ids):
                continue  # a fortification (below)
            if e["e"] == "removed":
                removed.add(e["warrior"])
            elif e["e"] == "eliminated":
                eliminations.append([ids[e["warrior"]], None])
            elif e["e"] == "score" and e.get("reason") == "eliminated" and eliminations \
                    and eliminations[-1][0] == ids[e["warrior"]]:
                eliminations[-1][1] = plan.sides[e["player"]].player
    fates = []
    forts = []
    for w in game.warriors:
        if w.work is not None:
            # World Conquest, Upgrading Defenses: destroyed (the banner: removed on a hit)
            # or standing; a withdrawing holder's are taken off, not destroyed.
            forts.append({"kind": w.work.fort.kind, "holder": plan.sides[w.owner].player,
                          "destroyed": bool(w.eliminations),
                          "by": _destroyer(plan, game, w.id)})
            continue
        wid = ids[w.id]
        side = plan.sides[w.owner].player
        if w.on_table and w.controller != NOBODY:
            fate, captor = "captured", ids[w.controller]
        elif w.id in forfeited:
            fate, captor = "captured", ids[forfeited[w.id]]
        elif w.on_table:
            fate, captor = "standing", None
        elif w.id in removed:
            fate, captor = "withdrew", None
        elif w.eliminations:
            fate, captor = "eliminated", None
        else:
            fate, captor = "absent", None  # never found room on the battlefield
        fates.append({"warrior": wid, "side": side, "fate": fate, "click": w.click,
                      "captor": captor})
    outcome = game.outcome
    withdrew = [plan.sides[p.index].player for p in game.players if p.withdrawn]
    standing = {f["side"] for f in fates if f["fate"] == "standing"}
    # Rulebook VI, Ending the Game 1: captives and Demoralized figures keep no side in it.
    counting = {plan.sides[w.owner].player for w in game.warriors
                if w.on_table and w.controller == NOBODY and "Demoralized" not in w.abilities
                and not game.players[w.owner].withdrawn and w.kind.keeps_side}
    winner: int | None
    if outcome.termination == Termination.ONE_SIDE_LEFT:
        winner = next(iter(counting)) if len(counting) == 1 else None
    else:
        # A round limit (a stalemate) or an agreement: the engine's winner on victory
        # points holds the field, if its warriors stand (CAMPAIGN_NOTES.md).
        won = [plan.sides[i].player for i in outcome.winners]
        winner = won[0] if len(won) == 1 and won[0] in standing else None
    return {
        "number": plan.number, "territory": plan.territory,
        "sides": [s.player for s in plan.sides], "fates": fates,
        "eliminations": eliminations, "withdrew": withdrew, "winner": winner,
        "termination": outcome.termination.value, "rounds": outcome.round,
        "weather": plan.weather.to_dict(), "unplayed": list(plan.unplayed),
        "seed": plan.seed,
        **({"fortifications": forts} if forts else {}),
    }


def _destroyer(plan: BattlePlan, game: Game, wid: int) -> int | None:
    """The campaign player whose warrior dealt the fortification's last click, if any."""
    last = None
    for entry in game.entries:
        for e in entry["events"]:
            if e["e"] == "damage" and e["warrior"] == wid and e["clicks"] > 0 \
                    and "source" in e:
                last = game.warriors[e["source"]].owner
    return None if last is None or not game.warriors[wid].eliminations \
        else plan.sides[last].player
