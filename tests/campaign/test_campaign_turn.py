"""World Conquest, Setup and Turn Structure: the first player by two dice, HQs clockwise,
healing in the HQ, income with and without whole regions, upkeep, purchases and upgrades."""

from __future__ import annotations

from dataclasses import replace

import pytest
from campaign_helpers import band_of, fresh, ready, split, start, to_moves, with_rules

from armybuilder.campaign import economy, turns
from armybuilder.campaign.actions import (
    Buy,
    CampaignRuleError,
    ChooseHQ,
    FormArmy,
    Fortify,
    Pass,
    Transfer,
)
from armybuilder.campaign.forces import ARMY, LONE, TROOPS
from armybuilder.campaign.game import apply, new_campaign


def rolls(c, purpose="first player"):
    return [e for e in c.log[0]["events"] if e["e"] == "roll" and e["purpose"] == purpose]


def test_the_first_player_rolls_highest_on_two_dice_and_ties_roll_again() -> None:
    c = fresh(4, seed=1)
    first = rolls(c)[:4]
    totals = {e["player"]: sum(e["dice"]) for e in first}
    best = max(totals.values())
    tied = sorted(p for p, t in totals.items() if t == best)
    assert len(tied) == 2  # seed 1: a tie at the top
    again = rolls(c)[4:]
    assert sorted(e["player"] for e in again) == tied  # only those tied roll again
    winner = max(again, key=lambda e: sum(e["dice"]))["player"]
    assert c.first_player == winner
    # HQs are chosen from the winner clockwise.
    assert [d.player for d in c.pending] == [(winner + k) % 4 for k in range(4)]


def test_hq_is_a_territory_of_the_armys_faction_not_already_chosen() -> None:
    c = fresh(2, seed=3)
    p = c.decision().player
    with pytest.raises(CampaignRuleError, match="Setup 4"):
        apply(c, ChooseHQ(p, "A3"))  # an Elemental League territory: the army is not
    mine = "A1" if p == 0 else "D1"
    apply(c, ChooseHQ(p, mine))
    q = c.decision().player
    assert q != p
    theirs = "D2" if q == 1 else "B1"
    apply(c, ChooseHQ(q, theirs))
    # Every army begins in its HQ, its unique warrior its General, the HQ occupied.
    for player, hq in ((p, mine), (q, theirs)):
        band = band_of(c, player)
        assert band.territory == hq and band.kind == ARMY
        assert c.card(band.general).unique
        assert c.holdings[hq].owner == player
    assert c.turn == 1 and c.current == c.first_player


def test_two_players_of_one_faction_may_not_share_an_hq() -> None:
    s = start(2, seed=3)
    same = replace(s, players=(s.players[0], replace(s.players[1], faction="Atlantis Guild",
                                                     army=s.players[0].army,
                                                     general=s.players[0].general)))
    c = new_campaign(same)
    apply(c, ChooseHQ(c.decision().player, "B1"))
    with pytest.raises(CampaignRuleError, match="no one has chosen"):
        apply(c, ChooseHQ(c.decision().player, "B1"))


def test_warriors_in_the_hq_heal_one_click_never_past_the_start() -> None:
    c = ready(2)
    me = c.current
    band = band_of(c, me)
    hurt, fine = band.warriors[0], band.warriors[1]
    c.warriors[hurt].click = 3
    away = split(c, [band.warriors[2]], "C3")
    c.warriors[away.warriors[0]].click = 2
    turns.heal_hq(c, me)
    assert c.warriors[hurt].click == 2
    assert c.warriors[fine].click == 0  # already at its starting click
    assert c.warriors[away.warriors[0]].click == 2  # not in the HQ


def test_income_fifteen_a_territory_twenty_in_a_whole_region() -> None:
    c = ready(2)
    me = c.current
    for t in list(c.holdings):
        c.holdings[t].owner = None
    c.holdings["A1"].owner = me
    c.holdings["D3"].owner = me
    assert economy.income(c, me) == (30, 2, 0)
    # Draconum is one territory: holding it is holding the region.
    c.holdings["F6"].owner = me
    assert economy.income(c, me) == (50, 3, 1)
    # The whole Shyft region (two territories): twenty for each.
    c.holdings["D6"].owner = me
    c.holdings["E6"].owner = me
    assert economy.income(c, me) == (15 * 2 + 20 * 3, 5, 3)


def test_upkeep_fifteen_per_army_and_not_for_a_unique_warrior_alone_or_troops() -> None:
    c = ready(2)
    me = c.current
    c.players[me].gold = 100
    army = band_of(c, me)
    split(c, [army.warriors[-1]], "C3")  # troops: no General
    general = army.general
    lone = split(c, [general], "C4", general)
    assert [b.kind for b in c.bands_of(me)].count(ARMY) == 0
    assert lone.kind == LONE
    economy.pay_upkeep(c, me)
    assert c.players[me].gold == 100
    split(c, [general, army.warriors[-1]], "C4", general)
    economy.pay_upkeep(c, me)
    assert c.players[me].gold == 85


def test_an_army_that_cannot_be_paid_is_disbanded() -> None:
    c = ready(2)
    me = c.current
    c.players[me].gold = 0
    economy.pay_upkeep(c, me)
    assert c.players[me].gold == 0
    assert band_of(c, me).kind == TROOPS
    # The house rule "debt" lets the gold go below zero instead.
    c = ready(2, rules=with_rules(unpaid_upkeep="debt"))
    me = c.current
    c.players[me].gold = 0
    economy.pay_upkeep(c, me)
    assert c.players[me].gold == -15 and band_of(c, me).kind == ARMY


def test_step_3_and_4_happen_at_the_start_of_each_turn() -> None:
    c = ready(2)
    me = c.current
    events = [e["e"] for e in c.log[-1]["events"]]
    assert events.index("weather") < events.index("healed") < events.index("income") \
        < events.index("upkeep")
    assert c.players[me].gold == 0  # 15 for the HQ, 15 for the army


# --- Step 5: purchases --------------------------------------------------------------------


def buyer(gold: int = 500):
    c = ready(2)
    me = c.current
    c.players[me].gold = gold
    return c, me, band_of(c, me)


def test_buying_a_warrior_from_the_pool_into_an_army() -> None:
    c, me, army = buyer()
    faction = c.players[me].faction
    key = next(w.key for w in c.pool() if faction in c.card(w).factions
               and not c.card(w).unique)
    in_pool = sum(1 for w in c.pool() if w.key == key)
    apply(c, Buy(me, key, army.id))
    assert c.players[me].gold == 500 - c.figures[key].points
    assert sum(1 for w in c.pool() if w.key == key) == in_pool - 1
    bought = c.warriors[army.warriors[-1]]
    assert bought.key == key and bought.owner == me and bought.click == 0


def test_warriors_only_from_factions_whose_territories_you_control() -> None:
    c, me, army = buyer()
    other = next(w.key for w in c.pool()
                 if c.players[me].faction not in c.card(w).factions)
    with pytest.raises(CampaignRuleError, match="factions whose territories you control"):
        apply(c, Buy(me, other, army.id))
    territory = next(t for t in c.holdings if c.world.faction(t) in c.figures[other].factions)
    c.holdings[territory].owner = me
    apply(c, Buy(me, other, army.id))


def test_a_purchase_needs_the_gold_and_an_army() -> None:
    c, me, army = buyer(gold=10)
    key = next(w.key for w in c.pool() if c.players[me].faction in c.card(w).factions)
    with pytest.raises(CampaignRuleError, match="costs"):
        apply(c, Buy(me, key, army.id))
    c.players[me].gold = 500
    troops = split(c, [army.warriors[-1]], "A1")
    with pytest.raises(CampaignRuleError, match="army you control"):
        apply(c, Buy(me, key, troops.id))


def test_one_of_each_unique_figure() -> None:
    c, me, army = buyer()
    general = c.card(army.general)
    twin = replace(general, key="t:twin")
    c.figures["t:twin"] = twin
    c.warriors[len(c.warriors) - 1].key = "t:twin"  # a reprint of the General in the pool
    with pytest.raises(CampaignRuleError, match="unique figure appears at most once"):
        apply(c, Buy(me, "t:twin", army.id))


def test_banner_twenty_gold_then_upgrades() -> None:
    c, me, _army = buyer(gold=1000)
    with pytest.raises(CampaignRuleError, match="once you have a standard banner"):
        apply(c, Fortify(me, "A1", "outpost"))
    with pytest.raises(CampaignRuleError, match="territory you control"):
        apply(c, Fortify(me, "C3", "banner"))
    apply(c, Fortify(me, "A1", "banner"))
    assert c.players[me].gold == 980 and c.holdings["A1"].banner
    apply(c, Fortify(me, "A1", "outpost"))
    assert c.players[me].gold == 905
    apply(c, Fortify(me, "A1", "castle"))  # any greater establishment, at its full price
    assert c.players[me].gold == 605 and c.holdings["A1"].fortification == "castle"
    with pytest.raises(CampaignRuleError, match="already has a castle"):
        apply(c, Fortify(me, "A1", "fort"))


def test_upgrade_price_house_rule_pays_the_difference() -> None:
    c = ready(2, rules=with_rules(upgrade_cost="difference"))
    me = c.current
    c.players[me].gold = 1000
    for level in ("banner", "outpost", "fort"):
        apply(c, Fortify(me, "A1", level))
    assert c.players[me].gold == 1000 - 20 - 75 - (150 - 75)


def test_fortification_numbers_are_the_seeds() -> None:
    rules = with_rules()
    banner, outpost, fort, castle = (rules.fortification(n) for n in
                                     ("banner", "outpost", "fort", "castle"))
    assert (banner.gold, banner.defense, banner.clicks) == (20, 12, 1)
    assert (outpost.gold, outpost.size, outpost.guards, outpost.ranged_defense,
            outpost.defense, outpost.clicks) == (75, 2.0, 4, 1, 17, 6)
    assert (fort.gold, fort.size, fort.guards, fort.ranged_defense, fort.defense,
            fort.clicks) == (150, 3.0, 6, 2, 19, 10)
    assert (castle.gold, castle.size, castle.guards, castle.ranged_defense, castle.defense,
            castle.clicks) == (300, 4.0, 6, 3, 20, 16)
    assert "two sides" in castle.entrances and "one inch" in fort.entrances


# --- armies and generals ------------------------------------------------------------------


def test_transfers_between_bands_in_one_territory() -> None:
    c, me, army = buyer()
    troops = split(c, [army.warriors[-1]], "A1")
    moving = army.warriors[-1]
    apply(c, Transfer(me, (moving,), troops.id))
    assert moving in c.bands[troops.id].warriors
    with pytest.raises(CampaignRuleError, match="keeps its General"):
        apply(c, Transfer(me, (army.general,), troops.id))
    elsewhere = split(c, [army.warriors[-1]], "B2")
    with pytest.raises(CampaignRuleError, match="same territory"):
        apply(c, Transfer(me, (army.warriors[-1],), elsewhere.id))


def test_a_unique_warrior_declared_general_makes_troops_an_army() -> None:
    c, me, army = buyer()
    general = army.general
    split(c, [general], "A1", general)  # the old army is now disbanded troops
    assert army.kind == TROOPS
    troops = list(army.warriors)
    with pytest.raises(CampaignRuleError, match="is not unique"):
        apply(c, FormArmy(me, troops[0], tuple(troops[1:])))
    with pytest.raises(CampaignRuleError, match="alone is not considered an army"):
        apply(c, FormArmy(me, general, ()))
    apply(c, FormArmy(me, general, tuple(troops)))
    formed = c.bands[c.warriors[general].band]
    assert formed.kind == ARMY and formed.general == general
    assert sorted(formed.warriors) == sorted([general, *troops])


def test_pass_ends_the_purchases_then_the_turn() -> None:
    c = ready(2)
    me = c.current
    to_moves(c)
    assert c.decision().kind == "move"
    apply(c, Pass(me))
    assert c.current != me and c.decision().kind == "purchase" and c.turn == 2
