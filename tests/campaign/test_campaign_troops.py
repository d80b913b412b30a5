"""World Conquest, Troop Movements, Occupying Territories, Armies and the battle rules:
movements through friendly or neutral territories, responses and their cost, occupation,
and what a battle's result does (gold, the pool, captives and ransom, withdrawals, Generals,
banners), ending with the win."""

from __future__ import annotations

import pytest
from campaign_helpers import band_of, ready, split, to_moves, with_rules

from armybuilder.campaign import marching
from armybuilder.campaign.actions import (
    AcceptRansom,
    CampaignRuleError,
    Fight,
    KeepCaptive,
    Move,
    OfferRansom,
    Pass,
    PlantBanner,
    Respond,
    Retreat,
)
from armybuilder.campaign.forces import TROOPS
from armybuilder.campaign.game import apply


def moving(players: int = 2, **kw):
    """Player 0's turn, purchases done: its army in A1 (HQ), player 1's in F1."""
    c = ready(players, **kw)
    assert c.current == 0
    to_moves(c)
    return c, band_of(c, 0), band_of(c, 1)


def test_an_army_moves_any_distance_through_friendly_or_neutral_territories() -> None:
    c, mine, _theirs = moving()
    apply(c, Move(0, mine.id, "C3"))
    # Player 1 may respond: its army could reach C3 legally.
    assert c.decision().kind == "respond" and c.decision().player == 1
    apply(c, Pass(1))
    assert mine.territory == "C3" and c.holdings["C3"].owner == 0
    # Moving away from the HQ without a banner loses it.
    assert c.holdings["A1"].owner is None
    assert c.decision().kind == "move" and c.decision().player == 0


def test_one_movement_per_army_a_turn() -> None:
    c, mine, _ = moving()
    apply(c, Move(0, mine.id, "B1"))
    apply(c, Pass(1))
    with pytest.raises(CampaignRuleError, match="one movement for each army"):
        apply(c, Move(0, mine.id, "C1"))


def test_enemy_territory_is_a_destination_but_not_a_way_through() -> None:
    c, mine, theirs = moving()
    for t in ("A3", "B3", "C3", "C2", "C1"):
        c.holdings[t].owner = 1
    assert "C2" in marching.destinations(c, mine)  # next to B2, which is neutral
    assert "D1" not in marching.destinations(c, mine)  # only through C1 or C2
    with pytest.raises(CampaignRuleError, match="friendly or neutral"):
        apply(c, Move(0, mine.id, "D1"))
    # Opposing warriors in a neutral territory block the way too.
    c.holdings["C1"].owner = None
    split(c, [theirs.warriors[-1]], "C1")
    assert "D1" not in marching.destinations(c, mine)


def test_disbanded_troops_cannot_move_between_territories() -> None:
    c, mine, _ = moving()
    troops = split(c, [mine.warriors[-1]], "A1")
    assert troops.kind == TROOPS
    with pytest.raises(CampaignRuleError, match="disbanded troops cannot move"):
        apply(c, Move(0, troops.id, "B1"))


def test_a_unique_warrior_alone_moves_but_no_one_responds_and_it_starts_no_battle() -> None:
    c, mine, _theirs = moving()
    lone = split(c, [mine.general], "A1", mine.general)
    apply(c, Move(0, lone.id, "D3"))
    assert c.decision().kind == "move"  # no response was offered
    assert lone.territory == "D3" and c.holdings["D3"].owner == 0
    c.holdings["D4"].owner = 1
    with pytest.raises(CampaignRuleError, match="not an army"):
        lone.moved = False
        apply(c, Move(0, lone.id, "D4"))


def test_a_response_pays_five_gold_per_territory_unless_adjacent_or_in_it() -> None:
    c, _mine, theirs = moving()
    assert marching.response_cost(c, theirs, "E1") == 0  # adjacent
    assert marching.response_cost(c, theirs, "F1") == 0  # in it
    # F1 -> E1 -> D1 -> C1: three territories entered.
    assert marching.response_cost(c, theirs, "C1") == 15
    c = moving(rules=with_rules(response_count="between"))[0]
    assert marching.response_cost(c, band_of(c, 1), "C1") == 10


def test_responding_moves_the_army_pays_and_starts_the_battle() -> None:
    c, mine, theirs = moving()
    c.players[1].gold = 40
    apply(c, Move(0, mine.id, "C1"))
    apply(c, Respond(1, (theirs.id,)))
    assert c.players[1].gold == 25 and theirs.territory == "C1"
    assert c.decision().kind == "battle"
    assert c.battle is not None and c.battle.sides == [0, 1]


def test_a_response_needs_the_gold() -> None:
    c, mine, theirs = moving()
    c.players[1].gold = 10
    apply(c, Move(0, mine.id, "C1"))
    with pytest.raises(CampaignRuleError, match="costs 15 gold"):
        apply(c, Respond(1, (theirs.id,)))
    apply(c, Pass(1))
    assert c.holdings["C1"].owner == 0


def test_the_engine_seats_at_most_four_players_house_rule_fewer() -> None:
    c, mine, theirs = moving(3, rules=with_rules(battle_players=2))
    c.players[1].gold = 100
    split(c, [band_of(c, 2).warriors[-1]], "B2")
    apply(c, Move(0, mine.id, "B2"))  # player 2 is already there: a battle of two
    assert [d.kind for d in c.pending[:1]] == ["respond"]
    with pytest.raises(CampaignRuleError, match="at most 2 players"):
        apply(c, Respond(1, (theirs.id,)))


def test_occupying_an_opponents_territory_unopposed_takes_it_and_its_banner_comes_down(
        ) -> None:
    c, mine, _ = moving()
    c.holdings["B2"].owner = 1
    c.holdings["B2"].banner = True
    c.holdings["B2"].structure = "fort"
    apply(c, Move(0, mine.id, "B2"))
    apply(c, Pass(1))
    h = c.holdings["B2"]
    assert (h.owner, h.banner, h.structure) == (0, False, "fort")


def test_a_banner_keeps_a_territory_after_the_army_moves_away() -> None:
    c, mine, _ = moving()
    c.holdings["A1"].banner = True
    apply(c, Move(0, mine.id, "B1"))
    apply(c, Pass(1))
    assert c.holdings["A1"].owner == 0


# --- battles --------------------------------------------------------------------------


def battle(c, mine, theirs, territory="C1"):
    """Player 1's army stands in ``territory``; player 0's army moves in: the battle."""
    theirs.territory = territory
    apply(c, Move(0, mine.id, territory))
    assert c.decision().kind == "battle"
    return c


def result(c, winner, fates, eliminations=(), withdrew=()):
    at = c.battle
    here = [i for p in at.sides for b in c.bands_in(at.territory, p) for i in b.warriors]
    out = []
    for i in here:
        fate, click, captor = fates.get(i, ("standing", c.warriors[i].click, None))
        out.append({"warrior": i, "side": c.warriors[i].owner, "fate": fate, "click": click,
                    "captor": captor})
    return Fight({"number": at.number, "territory": at.territory, "sides": at.sides,
                  "fates": out, "eliminations": [list(e) for e in eliminations],
                  "withdrew": list(withdrew), "winner": winner, "termination": "one side left",
                  "rounds": 5, "weather": {"names": []}, "unplayed": [], "seed": 1})


def test_after_a_battle_gold_the_pool_generals_captives_and_the_banner() -> None:
    c, mine, theirs = moving()
    battle(c, mine, theirs)
    general, spear, *rest = theirs.warriors
    pts = {i: c.card(i).points for i in theirs.warriors}
    my_loss = mine.warriors[-1]
    fates = {general: ("eliminated", 6, None), spear: ("captured", 2, mine.general),
             my_loss: ("eliminated", 4, None), mine.warriors[1]: ("standing", 3, None)}
    fates.update({i: ("eliminated", 4, None) for i in rest})
    elims = [(general, 0), (my_loss, 1), *[(i, 0) for i in rest]]
    apply(c, result(c, 0, fates, elims))
    # Half the points, rounded down, to whoever eliminated it; 25 to the winner.
    assert c.players[0].gold == 25 + sum(pts[i] // 2 for i in (general, *rest))
    assert c.players[1].gold == c.card(my_loss).points // 2
    # The eliminated go back to the pool, their dials reset; damage carries for the rest.
    assert c.warriors[general].owner is None and c.warriors[general].click == 0
    assert c.warriors[mine.warriors[1]].click == 3
    # The captive waits for its captor's decision, then joins the captor's army.
    assert c.decision().kind == "captive" and c.decision().player == 0
    apply(c, KeepCaptive(0, spear))
    assert spear in mine.warriors and c.warriors[spear].owner == 0
    assert c.warriors[spear].click == 2
    # The victor holds the territory only by buying and placing a banner there.
    assert c.decision().kind == "banner"
    gold = c.players[0].gold
    apply(c, PlantBanner(0))
    assert c.holdings["C1"].owner == 0 and c.holdings["C1"].banner
    assert c.players[0].gold == gold - 20
    assert c.decision().kind == "move" and c.battle is None


def test_no_banner_leaves_the_territory_neutral() -> None:
    c, mine, theirs = moving()
    c.holdings["C1"].owner, c.holdings["C1"].banner = 1, True
    battle(c, mine, theirs)
    fates = {i: ("eliminated", 4, None) for i in theirs.warriors}
    apply(c, result(c, 0, fates, [(i, 0) for i in theirs.warriors]))
    assert c.holdings["C1"].owner is None and not c.holdings["C1"].banner
    apply(c, Pass(0))
    assert c.holdings["C1"].owner is None


def test_a_general_eliminated_or_captured_disbands_its_army() -> None:
    c, mine, theirs = moving()
    battle(c, mine, theirs)
    fates = {theirs.general: ("captured", 1, mine.general)}
    apply(c, result(c, None, fates))
    assert theirs.general is None and theirs.kind == TROOPS
    assert any(e["e"] == "disbanded" for e in c.log[-1]["events"])


def test_withdrawing_loses_the_fortifications_and_the_army_rests_a_turn() -> None:
    c, mine, theirs = moving()
    h = c.holdings["C1"]
    h.owner, h.banner, h.structure = 1, True, "outpost"
    battle(c, mine, theirs)
    fates = {i: ("withdrew", 1, None) for i in theirs.warriors}
    apply(c, result(c, 0, fates, withdrew=[1]))
    assert (h.banner, h.structure) == (False, None)
    assert c.decision().kind == "retreat" and c.decision().player == 1
    c.holdings["D1"].owner = 0
    with pytest.raises(CampaignRuleError, match="could legally move to"):
        apply(c, Retreat(1, "D1"))  # player 0's: no friendly or neutral ground
    c.holdings["D1"].owner = None
    apply(c, Retreat(1, "D1"))
    assert theirs.territory == "D1" and theirs.rests == 1
    apply(c, Pass(0))  # no banner for player 0
    apply(c, Pass(0))  # end of player 0's turn
    apply(c, Pass(1))  # player 1's purchases
    with pytest.raises(CampaignRuleError, match="may not move for a turn"):
        apply(c, Move(1, theirs.id, "E1"))
    apply(c, Pass(1))
    assert theirs.rests == 0  # free again from its owner's next turn


def captured(c, theirs, captive, captor):
    """Player 0 wins: ``captive`` taken by ``captor``, the rest of player 1 withdrawn."""
    fates = {i: ("withdrew", 0, None) for i in theirs.warriors}
    fates[captive] = ("captured", 0, captor)
    return result(c, 0, fates, withdrew=[1])


def test_a_captive_ransomed_for_agreed_gold() -> None:
    c, mine, theirs = moving()
    c.players[1].gold = 100
    battle(c, mine, theirs)
    captive = theirs.warriors[1]
    apply(c, captured(c, theirs, captive, mine.general))
    apply(c, Retreat(1, "D1"))
    apply(c, OfferRansom(0, captive, 1, 60))
    assert c.decision().kind == "ransom" and c.decision().player == 1
    apply(c, Pass(1))  # refused
    assert c.decision().kind == "captive"
    with pytest.raises(CampaignRuleError, match="refused"):
        apply(c, OfferRansom(0, captive, 1, 50))


def test_a_ransom_accepted_moves_the_gold_and_the_warrior() -> None:
    c, mine, theirs = moving()
    c.players[1].gold = 100
    battle(c, mine, theirs)
    captive = theirs.warriors[1]
    apply(c, captured(c, theirs, captive, mine.general))
    apply(c, Retreat(1, "D1"))
    with pytest.raises(CampaignRuleError, match="only 100 gold"):
        apply(c, OfferRansom(0, captive, 1, 101))
    apply(c, OfferRansom(0, captive, 1, 40))
    apply(c, AcceptRansom(1, captive, theirs.id))
    assert c.players[1].gold == 60 and c.players[0].gold == 25 + 40  # won, then paid
    assert captive in theirs.warriors and c.warriors[captive].owner == 1


def test_controlling_every_territory_wins() -> None:
    c, mine, _ = moving()
    for t, h in c.holdings.items():
        h.owner, h.banner = (0, True) if t != "B1" else (None, False)
    apply(c, Move(0, mine.id, "B1"))
    if c.decision() is not None and c.decision().kind == "respond":
        apply(c, Pass(1))
    assert c.over and c.winner == 0
    with pytest.raises(CampaignRuleError, match="over"):
        apply(c, Pass(0))


def test_a_refused_action_changes_nothing() -> None:
    c, mine, _ = moving()
    before = c.snapshot()
    c.holdings["F6"].owner = 1
    before = c.snapshot()
    for bad in (Move(0, mine.id, "A1"), Move(1, mine.id, "B1"), KeepCaptive(0, 3),
                Move(0, 99, "B1")):
        with pytest.raises(CampaignRuleError):
            apply(c, bad)
    assert c.snapshot() == before


def test_a_stalemate_with_no_winner_leaves_one_side_on_the_field() -> None:
    c, mine, theirs = moving()
    c.holdings["C1"].owner = 1
    battle(c, mine, theirs)
    fight = result(c, None, {})
    fight.result["termination"] = "time limit"
    apply(c, fight)
    # Player 1 held C1: it keeps the field; player 0 goes as if it had withdrawn.
    assert c.decision().kind == "retreat" and c.decision().player == 0
    apply(c, Retreat(0, "B1"))
    assert c.occupants("C1") == [1] and mine.territory == "B1" and mine.rests == 2
