"""After a battle (World Conquest, Troop Movements, battle rules 2-8; Armies; Important).

The result (campaign/battle.py) is applied at once: every warrior's click, the eliminated
back to the pool with half their points in gold to whoever eliminated them, +25 gold to
the winner, Generals lost (eliminated or captured) disband their armies. Then the players
decide, in this order: where those who withdrew take their survivors, what becomes of each
captive (it joins the captor's army, or is ransomed for gold the players agree), and
whether the winner buys and places a banner to hold the territory.
"""

from __future__ import annotations

from typing import Any

from armybuilder.campaign import control, economy, marching
from armybuilder.campaign.actions import (
    AcceptRansom,
    CampaignRuleError,
    Fight,
    KeepCaptive,
    OfferRansom,
    PlantBanner,
    Retreat,
)
from armybuilder.campaign.forces import ARMY
from armybuilder.campaign.house_rules import LEVELS
from armybuilder.campaign.state import Campaign, Decision

BATTLE = "World Conquest, Troop Movements"
IMPORTANT = "World Conquest, Important (withdrawing)"
OCCUPYING = "World Conquest, Occupying Territories"
FATES = ("standing", "eliminated", "captured", "withdrew", "absent")


def _check_result(c: Campaign, r: dict[str, Any]) -> None:
    at = c.battle
    if at is None:
        raise CampaignRuleError(BATTLE, "no battle is being fought")
    bad = "the battle's result"
    if not isinstance(r, dict) or r.get("number") != at.number \
            or r.get("territory") != at.territory or r.get("sides") != at.sides:
        raise CampaignRuleError(BATTLE, f"{bad} is not for battle {at.number} in "
                                f"{at.territory} between {at.sides}")
    here = {i for p in at.sides for b in c.bands_in(at.territory, p) for i in b.warriors}
    fates = r.get("fates")
    if not isinstance(fates, list) or sorted(f.get("warrior") for f in fates) != sorted(here):
        raise CampaignRuleError(BATTLE, f"{bad} must tell the fate of every warrior there")
    for f in fates:
        w = c.warriors[f["warrior"]]
        if f.get("fate") not in FATES or f.get("side") != w.owner \
                or not isinstance(f.get("click"), int) \
                or not 0 <= f["click"] < len(c.card(w).clicks):
            raise CampaignRuleError(BATTLE, f"{bad}: warrior {w.id}: {f}")
        if f["fate"] == "captured" and (f.get("captor") not in here
                                        or c.warriors[f["captor"]].owner == w.owner):
            raise CampaignRuleError(BATTLE, f"{bad}: warrior {w.id} is held by an opponent")
    if r.get("winner") is not None and r["winner"] not in at.sides:
        raise CampaignRuleError(BATTLE, f"{bad}: the winner fought in it")
    if not set(r.get("withdrew", [])) <= set(at.sides):
        raise CampaignRuleError(BATTLE, f"{bad}: who withdrew")
    forts = r.get("fortifications", [])
    if not isinstance(forts, list) or any(
            not isinstance(f, dict) or f.get("kind") not in LEVELS
            or f.get("holder") not in at.sides or not isinstance(f.get("destroyed"), bool)
            for f in forts):
        raise CampaignRuleError(BATTLE, f"{bad}: the fortifications on the battlefield")
    game = r.get("game")
    if game is not None and (not isinstance(game, int) or isinstance(game, bool) or game < 1):
        raise CampaignRuleError(BATTLE, f"{bad}: the game it was played as: {game!r}")


def apply_fight(c: Campaign, a: Fight) -> None:
    r = a.result
    _check_result(c, r)
    at = c.battle
    assert at is not None
    territory = at.territory
    h = c.holdings[territory]
    c.emit("battle fought", number=at.number, territory=territory, winner=r["winner"],
           withdrew=r["withdrew"], termination=r["termination"], rounds=r["rounds"],
           weather=r["weather"]["names"], unplayed=r["unplayed"],
           # World Conquest, Upgrading Defenses: the territory's banner and structure on
           # the battlefield (only then, so that other battles' logs read as before).
           **({"fortifications": [f["kind"] for f in r["fortifications"]]}
              if r.get("fortifications") else {}),
           # A battle a human played on the play screen: the saved game it was (only then,
           # so that the logs of auto-resolved battles read as before).
           **({"game": r["game"]} if r.get("game") is not None else {}))
    fates = {f["warrior"]: f for f in r["fates"]}
    for wid, f in fates.items():
        c.warriors[wid].click = f["click"]
    # Battle rule 6: half its point total, rounded down, to the player that eliminated it.
    for wid, by in r["eliminations"]:
        if by is not None:
            gold = c.rules.elimination_gold(c.card(wid).points)
            c.players[by].gold += gold
            c.emit("gold", player=by, gold=gold, reason="eliminated", warrior=wid)
    disbanded = set()
    for wid, f in fates.items():
        band = c.bands.get(c.warriors[wid].band)
        if f["fate"] in ("eliminated", "captured") and band is not None \
                and band.general == wid:
            # World Conquest, Armies: the General eliminated, the army is disbanded at the
            # end of the battle (a captured General is lost to it just the same).
            disbanded.add((band.owner, band.id, wid))
        if f["fate"] == "eliminated":
            control.return_to_pool(c, wid, "eliminated")  # battle rule 7
        elif f["fate"] == "captured":
            control.take_out(c, wid)
            c.captives[wid] = f["captor"]
    for owner, band_id, general in sorted(disbanded):
        c.emit("disbanded", player=owner, band=band_id if band_id in c.bands else None,
               general=general, reason="General lost")
    fell = False
    for f in r.get("fortifications", []):
        if not f["destroyed"] or h.owner != f["holder"]:
            continue
        # World Conquest, Upgrading Defenses: "If a hit is obtained, remove the banner";
        # a structure dealt its clicks is destroyed (CAMPAIGN_NOTES.md): gone for good.
        if f["kind"] == "banner":
            h.banner, fell = False, True
        elif h.structure == f["kind"]:
            h.structure = None
        c.emit("fortification destroyed", player=f["holder"], territory=territory,
               kind=f["kind"], by=f.get("by"))
    winner = r["winner"]
    if winner is not None:
        c.players[winner].gold += c.rules.victory_gold  # battle rule 5
        c.emit("gold", player=winner, gold=c.rules.victory_gold, reason="won the battle")
    leaving = list(r["withdrew"])
    standing = [p for p in at.sides if p not in leaving and c.bands_in(territory, p)]
    holder = winner
    if holder is None and len(standing) > 1:
        # No winner and several sides still there (a round limit on a tie): the
        # territory's holder keeps the field, else the first defender, else the mover.
        holder = h.owner if h.owner in standing else next(
            (p for p in at.sides[1:] if p in standing), at.sides[0])
        c.emit("holds the field", player=holder, territory=territory)
    if holder is not None:
        # Those still on the field when someone else holds it go as if they had
        # withdrawn (CAMPAIGN_NOTES.md).
        leaving += [p for p in standing if p != holder]
    queue: list[Decision] = []
    for p in leaving:
        if h.owner == p and h.fortification:
            # Important: withdrawing removes your banners, outposts, forts and castles from
            # the game permanently.
            c.emit("fortifications lost", player=p, territory=territory,
                   lost=[x for x in ("banner" if h.banner else None, h.structure) if x])
            h.banner, h.structure = False, None
        for b in c.bands_in(territory, p):
            # Armies: an army that withdraws from a battle may not move for a turn.
            b.rests = 2 if p == c.current else 1
        if not c.bands_in(territory, p):
            continue
        if marching.retreats(c, p, territory):
            queue.append(Decision("retreat", p, {"territory": territory}))
        else:
            for b in list(c.bands_in(territory, p)):
                for wid in list(b.warriors):
                    control.return_to_pool(c, wid, "nowhere to withdraw to")
    for wid in sorted(c.captives):
        captor = fates[c.captives[wid]]["side"]
        if c.bands_in(territory, captor):
            queue.append(Decision("captive", captor, {"warrior": wid}))
        else:
            # Its captor's side has no one left on the field to hold it.
            release(c, wid)
    if winner is not None and h.owner == winner and fell:
        # Battle rule 8: the victor holds the territory "as long as they can buy and place
        # a banner there (if they did not have one there already)": the holder's banner
        # fell in the battle, so it buys a new one or the territory is neutral.
        h.owner = None
        c.emit("lost control", player=winner, territory=territory)
    if winner is not None and h.owner != winner:
        before = h.owner
        if before is not None:
            h.owner, h.banner = None, False
            if h.structure and c.rules.captured_structures == "destroy":
                h.structure = None
            c.emit("lost control", player=before, territory=territory)
        if c.players[winner].gold >= c.rules.fortification("banner").gold:
            queue.append(Decision("banner", winner, {"territory": territory}))
        else:
            c.emit("no banner", player=winner, territory=territory)
    queue.append(Decision("battle over", None, {"territory": territory}))
    c.pending[0:1] = queue


def apply_retreat(c: Campaign, a: Retreat) -> None:
    territory = c.pending[0].data["territory"]
    options = marching.retreats(c, a.player, territory)
    if a.territory not in options:
        raise CampaignRuleError(BATTLE, f"battle rule 2: the survivors move to a territory "
                                f"they could legally move to: one of {', '.join(options)}")
    for b in c.bands_in(territory, a.player):
        b.territory = a.territory
    c.emit("withdrew to", player=a.player, territory=territory, to=a.territory)
    c.pending.pop(0)


def nowhere_to_go(c: Campaign) -> None:
    """Pass on a withdrawal: allowed only when no territory can be reached (others may have
    filled the way since the battle ended); the survivors are lost to the pool."""
    d = c.pending[0]
    territory = d.data["territory"]
    assert d.player is not None
    options = marching.retreats(c, d.player, territory)
    if options:
        raise CampaignRuleError(BATTLE, f"battle rule 2: the survivors move to a territory "
                                f"they could legally move to: one of {', '.join(options)}")
    for b in list(c.bands_in(territory, d.player)):
        for wid in list(b.warriors):
            control.return_to_pool(c, wid, "nowhere to withdraw to")
    c.pending.pop(0)


# --- captives ---------------------------------------------------------------------------


def keep_violation(c: Campaign, player: int, wid: int) -> str | None:
    if c.card(wid).unique and economy.holds_unique(c, player, c.card(wid)):
        return (f"you already have {c.card(wid).name}, a unique figure (Rulebook II, "
                "Building Your Army): ransom it, or pass to return it to the pool")
    return None


def _captive(c: Campaign, player: int, wid: int) -> None:
    d = c.pending[0]
    if d.kind != "captive" or d.data["warrior"] != wid or d.player != player:
        raise CampaignRuleError(BATTLE, f"battle rule 4: captive {wid} is not yours to "
                                "decide on now")


def apply_keep(c: Campaign, a: KeepCaptive) -> None:
    _captive(c, a.player, a.warrior)
    why = keep_violation(c, a.player, a.warrior)
    if why:
        raise CampaignRuleError(BATTLE, why)
    _join_captor(c, a.player, a.warrior)
    c.pending.pop(0)


def _join_captor(c: Campaign, player: int, wid: int) -> None:
    # Battle rule 4: captured warriors are added to the army that captured them (or, when
    # the captor fell later in the battle, to its side's strongest band there).
    captor = c.warriors[c.captives.pop(wid)]
    band = c.bands.get(captor.band) if captor.owner == player else None  # type: ignore[arg-type]
    if band is None:
        territory = c.battle.territory if c.battle else None
        here = sorted(c.bands_in(territory, player) if territory else [],
                      key=lambda b: (-c.strength_of(b.warriors), b.id))
        if not here:
            c.captives[wid] = captor.id
            release(c, wid)
            return
        band = here[0]
    w = c.warriors[wid]
    before = w.owner
    w.owner, w.band = player, band.id
    band.warriors.append(wid)
    c.emit("captive joins", player=player, warrior=wid, band=band.id, previous=before)


def release(c: Campaign, wid: int) -> None:
    c.emit("captive released", warrior=wid)
    control.return_to_pool(c, wid, "released captive")


def offer_violation(c: Campaign, a: OfferRansom) -> str | None:
    if a.buyer == a.player or not 0 <= a.buyer < len(c.players) or c.players[a.buyer].out:
        return "a captive is ransomed to another player in the campaign"
    if a.buyer in c.refused.get(a.warrior, []):
        return f"{c.players[a.buyer].name} has refused to ransom this captive"
    if not isinstance(a.gold, int) or isinstance(a.gold, bool) or a.gold < 0:
        return "the ransom is a whole number of gold, 0 or more"
    if a.gold > c.players[a.buyer].gold:
        return f"{c.players[a.buyer].name} has only {c.players[a.buyer].gold} gold"
    return None


def apply_offer(c: Campaign, a: OfferRansom) -> None:
    _captive(c, a.player, a.warrior)
    why = offer_violation(c, a)
    if why:
        raise CampaignRuleError(BATTLE, f"battle rule 4: {why}")
    c.emit("ransom offered", player=a.player, warrior=a.warrior, buyer=a.buyer, gold=a.gold)
    c.pending.insert(0, Decision("ransom", a.buyer, {"warrior": a.warrior,
                                                     "seller": a.player, "gold": a.gold}))


def apply_accept(c: Campaign, a: AcceptRansom) -> None:
    d = c.pending[0]
    if d.kind != "ransom" or d.player != a.player or d.data["warrior"] != a.warrior:
        raise CampaignRuleError(BATTLE, "battle rule 4: no such ransom is offered to you")
    gold, seller = d.data["gold"], d.data["seller"]
    band = c.bands.get(a.army)
    if band is None or band.owner != a.player or band.kind != ARMY:
        raise CampaignRuleError(BATTLE, f"battle rule 4: the ransomed warrior joins an army "
                                f"you control; you have no army {a.army}")
    if gold > c.players[a.player].gold:
        raise CampaignRuleError(BATTLE, f"battle rule 4: the ransom is {gold} gold")
    card = c.card(a.warrior)
    if card.unique and economy.holds_unique(c, a.player, card):
        raise CampaignRuleError("Rulebook II, Building Your Army",
                                f"you already have {card.name}, a unique figure")
    c.players[a.player].gold -= gold
    c.players[seller].gold += gold
    c.captives.pop(a.warrior)
    w = c.warriors[a.warrior]
    before = w.owner
    w.owner, w.band = a.player, band.id
    band.warriors.append(a.warrior)
    c.emit("ransomed", player=a.player, warrior=a.warrior, seller=seller, gold=gold,
           army=band.id, previous=before)
    c.pending.pop(0)  # the offer
    c.pending.pop(0)  # the captor's decision about it


def refuse(c: Campaign) -> None:
    d = c.pending.pop(0)
    c.refused.setdefault(d.data["warrior"], []).append(d.player)  # type: ignore[arg-type]
    c.emit("ransom refused", player=d.player, warrior=d.data["warrior"])


def pass_captive(c: Campaign) -> None:
    """Pass on a captive: it joins the captor's army, or, if it may not (a unique the
    captor already has), it goes back to the pool."""
    wid = c.pending[0].data["warrior"]
    player = c.pending[0].player
    assert player is not None
    if keep_violation(c, player, wid) is None:
        _join_captor(c, player, wid)
    else:
        release(c, wid)
    c.pending.pop(0)


# --- the banner -------------------------------------------------------------------------


def apply_banner(c: Campaign, a: PlantBanner) -> None:
    d = c.pending[0]
    if d.kind != "banner" or d.player != a.player:
        raise CampaignRuleError(OCCUPYING, "no banner is yours to place now")
    price = c.rules.fortification("banner").gold
    if c.players[a.player].gold < price:
        raise CampaignRuleError(OCCUPYING, f"a banner costs {price} gold")
    territory = d.data["territory"]
    c.players[a.player].gold -= price
    h = c.holdings[territory]
    h.owner, h.banner = a.player, True
    c.emit("banner", player=a.player, territory=territory, gold=price)
    c.pending.pop(0)


def no_banner(c: Campaign) -> None:
    d = c.pending.pop(0)
    c.emit("no banner", player=d.player, territory=d.data["territory"])


def battle_over(c: Campaign, territory: str) -> None:
    c.battle = None
    c.refused.clear()
    control.settle(c, territory)
    control.check_players(c)
    control.check_victory(c)
