"""World Conquest, Weather: the deck, where a card's effect starts (two dice), how long it
lasts (its suit), how it moves (a d6 each turn; Flooding never), every card's effect, and
the Earthquake."""

from __future__ import annotations

import pytest
from campaign_helpers import band_of, ready, with_rules

from armybuilder.campaign import turns
from armybuilder.campaign import weather as deck
from armybuilder.campaign.house_rules import HouseRuleError, HouseRules, WeatherEffect
from armybuilder.engine.dice import Dice


def test_the_deck_is_a_standard_deck_with_its_jokers() -> None:
    cards = deck.full_deck(2)
    assert len(cards) == 54 and len(set(cards)) == 54
    assert {deck.rank_of(c) for c in cards} == set(HouseRules().to_dict()["weather"])
    assert deck.shuffle(cards, Dice(seed=4)) == deck.shuffle(cards, Dice(seed=4))
    assert sorted(deck.shuffle(cards, Dice(seed=4))) == sorted(cards)


EXPECTED = {
    "A": ("Fog", True, False, 0, 0), "3": ("Flooding", False, True, 0, 0),
    "5": ("Light Rain", False, False, -1, 0), "7": ("Heavy Rain", False, False, -2, 0),
    "9": ("Light Snow", False, False, -1, -1), "J": ("Blizzard", False, False, -1, -1),
}


@pytest.mark.parametrize("rank", ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J",
                                  "Q", "K"])
def test_every_cards_effect(rank: str) -> None:
    effect = HouseRules().effect(rank)
    if rank in EXPECTED:
        assert (effect.name, effect.fog, effect.flooding, effect.range,
                effect.speed) == EXPECTED[rank]
        assert effect.placed
        assert effect.moves == (rank != "3")  # Flooding does not move
    else:
        # Two, four, six, eight, ten, queen: Clear Skies; the king (undefined in the seed)
        # too, by default.
        assert effect.name == "Clear Skies" and not effect.placed


def draw(c, card: str, *dice: int) -> list[dict]:
    """Step 1 with ``card`` on top of the deck and the dice scripted."""
    c.deck = [card]
    c.dice = Dice(script=dice)
    c.events = []
    turns.draw_weather(c)
    return c.events


def test_two_dice_place_it_column_then_row_and_the_suit_says_how_long() -> None:
    c = ready(2)
    c.markers = []
    draw(c, "7C", 3, 5)
    (m,) = c.markers
    assert (m.territory, m.effect.name, m.turns_left) == ("C5", "Heavy Rain", 1)
    for suit, turns_ in (("D", 2), ("S", 3), ("H", 4)):
        c.markers = []
        draw(c, f"5{suit}", 1, 1)
        assert c.markers[0].turns_left == turns_


def test_a_clubs_effect_lasts_one_turn_and_hearts_four() -> None:
    c = ready(2)
    c.markers = []
    draw(c, "5C", 2, 2)
    draw(c, "2H")  # the next turn: clear skies, no dice for it
    assert c.markers == []
    draw(c, "9H", 2, 2)
    for _ in range(3):
        draw(c, "2C", 1)  # the effect rolls a 1: it stays
        assert len(c.markers) == 1
    draw(c, "2C")
    assert c.markers == []


@pytest.mark.parametrize(("die", "to"), [(1, "C3"), (2, "C3"), (3, "C2"), (4, "D3"),
                                         (5, "C4"), (6, "B3")])
def test_a_d6_moves_the_effect_each_turn(die: int, to: str) -> None:
    c = ready(2)
    c.markers = []
    draw(c, "AH", 3, 3)
    draw(c, "2C", die)
    assert c.markers[0].territory == to


def test_flooding_never_moves_and_the_map_edge_stops_an_effect() -> None:
    c = ready(2)
    c.markers = []
    draw(c, "3H", 1, 1)
    draw(c, "2C")  # no movement roll for Flooding
    assert c.markers[0].territory == "A1"
    c.markers = []
    draw(c, "5H", 1, 1)
    draw(c, "2C", 3)  # north of row 1: off the map, so it stays (house rule "stay")
    assert c.markers[0].territory == "A1"
    c = ready(2, rules=with_rules(weather_at_edge="leave"))
    c.markers = []
    draw(c, "5H", 1, 1)
    draw(c, "2C", 6)
    assert c.markers == []


def test_clear_skies_add_nothing() -> None:
    c = ready(2)
    c.markers = []
    events = draw(c, "QS")
    assert c.markers == [] and not [e for e in events if e["e"] == "roll"]


def test_an_earthquake_makes_a_wasteland_and_every_warrior_in_it_takes_a_click() -> None:
    c = ready(2)
    mine = band_of(c, c.current)  # in its HQ, A1
    one_click = mine.warriors[1]
    c.warriors[one_click].click = len(c.card(one_click).clicks) - 1
    before = {i: c.warriors[i].click for i in mine.warriors}
    c.markers = []
    draw(c, "JOKER1", 1, 1)
    assert c.holdings["A1"].wasteland
    assert c.markers == []  # it happens, then leaves the map
    assert c.warriors[one_click].owner is None  # eliminated: back to the pool
    for i in mine.warriors:
        assert c.warriors[i].click == before[i] + 1


def test_an_empty_deck_is_reshuffled() -> None:
    c = ready(2)
    c.deck, c.discard = [], ["2C", "4C"]
    c.dice = Dice(seed=1)
    turns.draw_weather(c)
    assert sorted(c.deck + c.discard) == ["2C", "4C"]


def test_several_effects_in_a_territory_add_up_or_the_strongest_counts() -> None:
    rules = HouseRules()
    rain = deck.Marker("5C", rules.effect("5"), "B2", 1)
    snow = deck.Marker("9C", rules.effect("9"), "B2", 1)
    fog = deck.Marker("AC", rules.effect("A"), "B2", 1)
    f = deck.in_force([rain, snow, fog], "B2", rules)
    assert (f.range, f.speed, f.fog, f.engine_weather) == (-2, -1, True, ("fog",))
    f = deck.in_force([rain, snow], "B2", with_rules(weather_stacking="strongest"))
    assert (f.range, f.speed) == (-1, -1)
    assert deck.in_force([rain], "C2", rules) == deck.InForce()


def test_the_king_is_a_house_rule() -> None:
    rules = HouseRules.from_dict({"weather": {"K": {"name": "Hail", "range": -1,
                                                    "speed": -2}}})
    assert rules.effect("K") == WeatherEffect("Hail", range=-1, speed=-2)
    with pytest.raises(HouseRuleError, match="no card rank 'Z'"):
        HouseRules.from_dict({"weather": {"Z": {"name": "x"}}})
    with pytest.raises(HouseRuleError, match="unknown key 'colour'"):
        HouseRules.from_dict({"weather": {"K": {"name": "x", "colour": 1}}})
