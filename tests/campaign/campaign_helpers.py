"""Hand-made figures (invented dials, not printed ones) and campaigns built from them
without a database, for the World Conquest tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from armybuilder.campaign.actions import Action, ChooseHQ, Fight, Pass
from armybuilder.campaign.ai import CampaignAI
from armybuilder.campaign.battle import fight
from armybuilder.campaign.game import apply, new_campaign
from armybuilder.campaign.house_rules import HouseRules
from armybuilder.campaign.state import Campaign, CampaignStart, PlayerStart
from armybuilder.campaign.world import WorldMap, parse
from armybuilder.engine import Game, GameSetup, Scenario, ScenarioPlayer, WarriorSpec
from armybuilder.engine.cards import ClickStats, FigureCard

FACTIONS = ("Atlantis Guild", "Necropolis Sect", "Elemental League", "Black Powder Rebels",
            "Knights Immortal", "Orc Raiders", "Mage Spawn", "Shyft", "Draconum")

#: A map drawn by hand: each region in one block.
MAP_TEXT = """
AG AG AG NS NS NS
AG AG AG NS NS NS
EL EL EL BP BP BP
EL EL EL BP BP BP
KI KI KI OR OR OR
MS MS MS SH SH DR
"""
MAP = parse(MAP_TEXT)


def card(key: str, name: str, points: int, faction: str, *, unique: bool = False,
         speed: int = 8, attack: int = 9, defense: int = 15, damage: int = 2,
         clicks: int = 5, reach: int = 0, abilities: dict[int, tuple[str, ...]] | None = None
         ) -> FigureCard:
    abilities = abilities or {}
    dial = tuple(ClickStats(max(0, speed - i // 2), max(0, attack - i), max(0, defense - i),
                            damage, abilities.get(i, ())) for i in range(clicks))
    return FigureCard(key=key, name=name, points=points, clicks=dial, factions=(faction,),
                      rank="unique" if unique else "standard", unique=unique, range=reach)


def faction_cards(faction: str, n: int) -> list[FigureCard]:
    """A General (unique, 60 points) and three kinds of troops for one faction."""
    code = "".join(w[0] for w in faction.split()).lower()
    return [
        card(f"t:{code}{n}0", f"{faction} Warlord {n}", 60, faction, unique=True,
             attack=10, defense=16, clicks=7),
        card(f"t:{code}{n}1", f"{faction} Spear", 30, faction),
        card(f"t:{code}{n}2", f"{faction} Bow", 40, faction, reach=8, attack=8),
        card(f"t:{code}{n}3", f"{faction} Brute", 50, faction, attack=10, damage=3),
    ]


def start(players: int = 4, *, seed: int = 1, rules: HouseRules | None = None,
          world: WorldMap = MAP, seats: tuple[str, ...] | None = None,
          army: tuple[int, ...] = (0, 1, 1, 2, 3)) -> CampaignStart:
    """``players`` armies of the first factions (300 points or less: the General and the
    troops ``army`` lists by index), and a pool of every faction's figures, two of each."""
    figures: dict[str, FigureCard] = {}
    starts = []
    for p in range(players):
        faction = FACTIONS[p]
        cards = faction_cards(faction, 1)
        for c in cards:
            figures[c.key] = c
        keys = tuple(cards[i].key for i in army)
        starts.append(PlayerStart(f"P{p}", seats[p] if seats else "ai", faction, keys,
                                  cards[0].key))
    pool = []
    for faction in FACTIONS:
        for c in faction_cards(faction, 2):
            figures[c.key] = c
            pool += [c.key, c.key] if not c.unique else [c.key]
    return CampaignStart(seed=seed, rules=rules or HouseRules(), world=world,
                         players=tuple(starts), figures=figures, pool=tuple(pool))


def advance(c: Campaign, until: Any = None, limit: int = 10_000) -> Campaign:
    """Play the AI's decisions and the battles until ``until(c)`` is true (or the campaign
    is over)."""
    ai = CampaignAI()
    for _ in range(limit):
        if c.over or (until is not None and until(c)):
            return c
        d = c.decision()
        assert d is not None
        if d.kind == "battle":
            apply(c, Fight(fight(c).result))
        else:
            apply(c, ai.choose(c))
    raise AssertionError("the campaign did not get there")


def hqs(c: Campaign, *territories: str) -> Campaign:
    """Choose the Head Quarters in turn order."""
    for t in territories:
        d = c.decision()
        assert d is not None and d.kind == "hq"
        apply(c, ChooseHQ(d.player, t))
    return c


def fresh(players: int = 4, **kw: Any) -> Campaign:
    return new_campaign(start(players, **kw))


def done(c: Campaign, action: Action | None = None) -> None:
    apply(c, action or Pass(c.decision().player))


def with_rules(**changes: Any) -> HouseRules:
    return replace(HouseRules(), **changes)


#: Head Quarters on the hand-drawn map, one per player in seat order.
HQS = ("A1", "F1", "A4", "F4")


def ready(players: int = 2, **kw: Any) -> Campaign:
    """A campaign with every HQ chosen (HQS, in turn order): the first player's turn has
    begun and it waits for that player's purchases."""
    c = fresh(players, **kw)
    while c.decision().kind == "hq":
        p = c.decision().player
        apply(c, ChooseHQ(p, HQS[p]))
    return c


def band_of(c: Campaign, player: int) -> Any:
    """The player's first band."""
    return sorted(c.bands_of(player), key=lambda b: b.id)[0]


def to_moves(c: Campaign) -> None:
    """Pass the purchases of the player whose turn it is."""
    assert c.decision().kind == "purchase"
    apply(c, Pass(c.decision().player))


def split(c: Campaign, warriors: list[int], territory: str, general: int | None = None,
          owner: int | None = None) -> Any:
    """Take ``warriors`` out of their bands into a new band in ``territory``."""
    from armybuilder.campaign.control import take_out

    who = c.warriors[warriors[0]].owner if owner is None else owner
    for w in warriors:
        take_out(c, w)
    return c.new_band(who, territory, list(warriors), general)


def as_scenario(game: Game, start: GameSetup) -> Scenario:
    """A battle at its first turn (the scene set) as a scenario: as a campaign's older
    battles kept theirs, and for tests to change."""
    return Scenario(
        players=tuple(ScenarioPlayer(p.name, p.edge, p.build_total) for p in start.players),
        warriors=tuple(WarriorSpec(card=w.card, player=w.owner,
                                   at=(w.x, w.y) if w.on_table else None, facing=w.facing,
                                   click=w.click)
                       for w in game.warriors if w.work is None),
        terrain=tuple(game.terrain.features), seed=start.seed,
        first_player=game.first_player, round_limit=start.round_limit, weather=game.weather)

