"""Gold: income, upkeep, purchases and fortifications; and regrouping warriors (transfers,
new armies). World Conquest, Turn Structure Steps 3-5; Armies; Upgrading Defenses."""

from __future__ import annotations

from armybuilder.campaign.actions import (
    Buy,
    CampaignRuleError,
    FormArmy,
    Fortify,
    Transfer,
)
from armybuilder.campaign.forces import ARMY
from armybuilder.campaign.house_rules import LEVELS, STRUCTURES
from armybuilder.campaign.state import Campaign
from armybuilder.engine import FigureCard

STEP_3 = "World Conquest, Turn Structure, Step 3"
STEP_4 = "World Conquest, Turn Structure, Step 4"
STEP_5 = "World Conquest, Turn Structure, Step 5"
DEFENSES = "World Conquest, Upgrading Defenses"
OCCUPYING = "World Conquest, Occupying Territories"
ARMIES = "World Conquest, Armies"
UNIQUE = "Rulebook II, Building Your Army"


def income(c: Campaign, player: int) -> tuple[int, int, int]:
    """(gold, territories, territories in whole regions): fifteen gold for each territory,
    twenty for each territory of a region you control (Step 3)."""
    whole = {t for f in c.whole_regions(player) for t in c.world.regions[f]}
    held = c.territories_of(player)
    in_whole = sum(1 for t in held if t in whole)
    gold = (len(held) - in_whole) * c.rules.territory_income + in_whole * c.rules.region_income
    return gold, len(held), in_whole


def collect_income(c: Campaign, player: int) -> None:
    gold, held, in_whole = income(c, player)
    c.players[player].gold += gold
    c.emit("income", player=player, gold=gold, territories=held, whole_region=in_whole)


def pay_upkeep(c: Campaign, player: int) -> None:
    """Step 4: fifteen gold per army. An army its owner cannot pay for is disbanded (house
    rule ``unpaid_upkeep``: "disband"; "debt" lets the gold go below zero)."""
    p = c.players[player]
    for b in c.bands_of(player):
        b.unpaid = False
    armies = sorted(c.armies_of(player), key=lambda b: (-c.strength_of(b.warriors), b.id))
    paid = 0
    for b in armies:
        if p.gold - paid >= c.rules.upkeep or c.rules.unpaid_upkeep == "debt":
            paid += c.rules.upkeep
            continue
        general = b.general
        b.general = None
        b.unpaid = True
        c.emit("disbanded", player=player, band=b.id, general=general,
               reason="upkeep not paid")
    p.gold -= paid
    c.emit("upkeep", player=player, gold=paid, armies=paid // max(1, c.rules.upkeep))


# --- purchases --------------------------------------------------------------------------


def buyable(c: Campaign, player: int, card: FigureCard) -> tuple[str, str] | None:
    """(the rule, why) ``player`` may not buy this figure now, or None."""
    factions = c.factions_controlled(player)
    if not factions & set(card.factions):
        return (STEP_5, f"warriors only from factions whose territories you control "
                f"({', '.join(sorted(factions)) or 'none'}); {card.name} is "
                f"{', '.join(card.factions) or 'of no faction'}")
    if card.points > c.players[player].gold:
        return STEP_5, f"{card.name} costs {card.points} gold; you have " \
                       f"{c.players[player].gold}"
    if card.unique and holds_unique(c, player, card):
        return UNIQUE, f"a unique figure appears at most once; you already have {card.name}"
    return None


def holds_unique(c: Campaign, player: int, card: FigureCard) -> bool:
    # Rulebook II, Building Your Army: one of each unique figure, by its name (a reprint is
    # the same figure); the engine holds each battle's army to it.
    name = card.name.strip().casefold()
    return any(c.card(i).unique and c.card(i).name.strip().casefold() == name
               for i in c.warriors_of(player))


def check_buy(c: Campaign, a: Buy) -> int:
    """The pool warrior bought."""
    card = c.figures.get(a.figure)
    stock = [w for w in c.pool() if w.key == a.figure]
    if card is None or not stock:
        raise CampaignRuleError(STEP_5, f"{a.figure} is not in the pool")
    band = c.bands.get(a.army)
    if band is None or band.owner != a.player or band.kind != ARMY:
        raise CampaignRuleError(STEP_5, f"a purchase is added to an army you control; "
                                f"{c.players[a.player].name} has no army {a.army}")
    why = buyable(c, a.player, card)
    if why:
        raise CampaignRuleError(*why)
    return stock[0].id


def apply_buy(c: Campaign, a: Buy) -> None:
    wid = check_buy(c, a)
    w = c.warriors[wid]
    card = c.card(w)
    c.players[a.player].gold -= card.points
    w.owner, w.band, w.click = a.player, a.army, card.starting_click
    c.bands[a.army].warriors.append(wid)
    c.emit("bought", player=a.player, warrior=wid, figure=w.key, gold=card.points,
           army=a.army)


def fortification_price(c: Campaign, territory: str, level: str) -> int:
    price = c.rules.fortification(level).gold
    have = c.holdings[territory].structure
    if level in STRUCTURES and have and c.rules.upgrade_cost == "difference":
        price -= c.rules.fortification(have).gold
    return max(0, price)


def fortify_violation(c: Campaign, player: int, territory: str,
                      level: str) -> tuple[str, str] | None:
    h = c.holdings.get(territory)
    if h is None:
        return DEFENSES, f"no territory {territory!r}"
    if level not in LEVELS:
        return DEFENSES, f"a banner, outpost, fort or castle, not {level!r}"
    if h.owner != player:
        return OCCUPYING, "you fortify a territory you control"
    if level == "banner":
        if h.banner:
            return DEFENSES, f"{territory} already has your banner"
    else:
        if not h.banner:
            return DEFENSES, "once you have a standard banner in place, you may upgrade"
        if h.structure and STRUCTURES.index(level) <= STRUCTURES.index(h.structure):
            return DEFENSES, f"{territory} already has a {h.structure}"
    price = fortification_price(c, territory, level)
    if price > c.players[player].gold:
        return DEFENSES, f"a {level} costs {price} gold; you have {c.players[player].gold}"
    return None


def apply_fortify(c: Campaign, a: Fortify) -> None:
    why = fortify_violation(c, a.player, a.territory, a.level)
    if why:
        raise CampaignRuleError(*why)
    price = fortification_price(c, a.territory, a.level)
    c.players[a.player].gold -= price
    h = c.holdings[a.territory]
    if a.level == "banner":
        h.banner = True
    else:
        h.structure = a.level
    c.emit("fortified", player=a.player, territory=a.territory, level=a.level, gold=price)


# --- regrouping -------------------------------------------------------------------------


def _own_here(c: Campaign, player: int, ids: tuple[int, ...], territory: str) -> None:
    if len(set(ids)) != len(ids):
        raise CampaignRuleError(ARMIES, "a warrior is named twice")
    for i in ids:
        if not 0 <= i < len(c.warriors) or c.warriors[i].owner != player \
                or c.warriors[i].band is None:
            raise CampaignRuleError(ARMIES, f"warrior {i} is not one of yours on the map")
        if c.bands[c.warriors[i].band].territory != territory:  # type: ignore[index]
            raise CampaignRuleError(ARMIES, f"to transfer troops between armies, move them "
                                    f"into the same territory: {c.label(i)} is not in "
                                    f"{territory}")


def _leave(c: Campaign, ids: tuple[int, ...]) -> None:
    for i in ids:
        band = c.bands[c.warriors[i].band]  # type: ignore[index]
        if band.general == i and len(band.warriors) > 1:
            raise CampaignRuleError(ARMIES, f"{c.label(i)} is the General of army {band.id}; "
                                    "an army keeps its General")
    for i in ids:
        band = c.bands[c.warriors[i].band]  # type: ignore[index]
        band.warriors.remove(i)
        if band.general == i:
            band.general = None
        if not band.warriors:
            del c.bands[band.id]


def apply_transfer(c: Campaign, a: Transfer) -> None:
    band = c.bands.get(a.band)
    if band is None or band.owner != a.player:
        raise CampaignRuleError(ARMIES, f"{c.players[a.player].name} has no band {a.band}")
    if not a.warriors:
        raise CampaignRuleError(ARMIES, "name the warriors to transfer")
    _own_here(c, a.player, a.warriors, band.territory)
    if any(c.warriors[i].band == band.id for i in a.warriors):
        raise CampaignRuleError(ARMIES, f"a warrior is already in band {band.id}")
    if band.unpaid:
        raise CampaignRuleError(STEP_4, f"band {band.id} was disbanded this turn for want "
                                "of upkeep")
    _leave(c, a.warriors)
    for i in a.warriors:
        band.warriors.append(i)
        c.warriors[i].band = band.id
    c.emit("transferred", player=a.player, warriors=list(a.warriors), band=band.id)


def apply_form_army(c: Campaign, a: FormArmy) -> None:
    """World Conquest, Armies: "move a unique warrior into a territory with them and simply
    declare them an army"; also a unique warrior leaving an army with troops of its own."""
    if a.general in a.warriors:
        raise CampaignRuleError(ARMIES, "the General is not listed among its troops")
    ids = (a.general, *a.warriors)
    if not 0 <= a.general < len(c.warriors) or c.warriors[a.general].band is None \
            or c.warriors[a.general].owner != a.player:
        raise CampaignRuleError(ARMIES, f"warrior {a.general} is not one of yours on the map")
    territory = c.bands[c.warriors[a.general].band].territory  # type: ignore[index]
    _own_here(c, a.player, ids, territory)
    if not c.card(a.general).unique:
        raise CampaignRuleError(ARMIES, f"each army must have one unique warrior in it that "
                                f"is its General; {c.label(a.general)} is not unique")
    if not a.warriors:
        raise CampaignRuleError(ARMIES, "a unique warrior alone is not considered an army")
    for i in ids:
        band = c.bands[c.warriors[i].band]  # type: ignore[index]
        if band.unpaid:
            raise CampaignRuleError(STEP_4, f"band {band.id} was disbanded this turn for "
                                    "want of upkeep")
    _leave(c, ids)
    band = c.new_band(a.player, territory, list(ids), a.general)
    c.emit("army formed", player=a.player, band=band.id, general=a.general,
           warriors=list(a.warriors), territory=territory)
