"""Catalogue records become engine cards: live clicks, skulls, abilities, bases."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder.engine.adapter import CardError, cards_from_figure
from armybuilder.engine.cards import FigureCard
from armybuilder.figures import Click, Dial, Figure

REPO = Path(__file__).resolve().parents[2]
REBUILT = REPO.parent / "shared" / "data" / "rebuilt" / "mkstats_rebuilt.json"


def figure(**kwargs: object) -> Figure:
    clicks = [
        Click(0, 8, 9, 16, 2, {"speed": "Flight"}),
        Click(1, 7, 8, 15, 2, {"defense": "Toughness", "speed": "Flight"}),
        Click(2, 6, 0, 14, 0, {"damage": "Demoralized"}),
        Click(3, None, None, None, None),
        Click(4, None, None, None, None),
    ]
    base: dict[str, object] = dict(
        expansion="rebellion", number=7, name="Test Knight", rank="standard", points=24,
        factions=["Atlantis Guild"], rank_stars=2, range=8, targets=2, arc=180,
        base="infantry", dials=[Dial("main", clicks)])
    base.update(kwargs)
    return Figure(**base)  # type: ignore[arg-type]


def test_a_figure_becomes_a_card_with_its_live_clicks() -> None:
    card = cards_from_figure(figure())
    assert card.key == "rebellion:7" and card.name == "Test Knight" and card.points == 24
    assert len(card.clicks) == 3  # the click with three or more skulls eliminates
    first = card.clicks[0]
    assert (first.speed, first.attack, first.defense, first.damage) == (8, 9, 16, 2)
    assert card.clicks[1].abilities == ("Flight", "Toughness")  # slot order
    assert card.clicks[2].abilities == ("Demoralized",)
    assert (card.range, card.targets, card.arc) == (8, 2, 180)
    assert card.base_radius == 0.5 and card.factions == ("Atlantis Guild",)
    assert card.ability_names == {"Flight", "Toughness", "Demoralized"}


def test_cavalry_bases_are_larger_and_starting_clicks_are_kept() -> None:
    card = cards_from_figure(figure(base="cavalry", starting_click=1))
    assert card.base_radius > 0.5 and card.starting_click == 1


def test_a_skull_on_a_live_click_reads_as_zero() -> None:
    clicks = [Click(0, 5, None, 14, 1), Click(1, None, None, None, None)]
    card = cards_from_figure(figure(dials=[Dial("main", clicks)]))
    assert card.clicks[0].attack == 0


@pytest.mark.parametrize(("change", "field"), [
    ({"kind": "chariot", "rank": "weak", "dials": [Dial(p, [Click(0, 5, 5, 5, 5)]) for p in
                                                   ("front", "left", "right", "rear")]},
     "rank"),
    ({"kind": "chariot", "dials": [Dial(p, [Click(0, 5, 5, 5, 5)]) for p in
                                   ("front", "left", "rear")]}, "dials"),
    # Castle rules, Sections: a castle figure must name its piece to become a card.
    ({"kind": "castle"}, "castle_section"),
    ({"dials": [Dial("main", [Click(0, None, None, None, 1)])]}, "dials"),
    ({"starting_click": 5}, "starting_click"),
    ({"base": "castle"}, "base"),
])
def test_figures_the_engine_cannot_play_are_refused_by_name(change: dict, field: str) -> None:
    with pytest.raises(CardError, match=rf"rebellion:7 \(Test Knight\), field {field}"):
        cards_from_figure(figure(**change))


def test_cards_round_trip_through_json() -> None:
    card = cards_from_figure(figure())
    again = FigureCard.from_dict(json.loads(json.dumps(card.to_dict())))
    assert again == card


def test_every_figure_of_the_real_catalogue_becomes_a_card() -> None:
    if not REBUILT.is_file():
        pytest.skip("../shared/data is not present")
    from armybuilder.importers.feed import FeedFiles, read_feed
    from armybuilder.importers.rule_tables import load_abilities, load_factions

    data = read_feed(FeedFiles(stats=json.loads(REBUILT.read_text())), load_abilities(),
                     load_factions())
    cards = [cards_from_figure(f) for f in data.figures.values()]
    assert len(cards) == len(data.figures) > 1000
    assert all(1 <= len(c.clicks) <= 12 for c in cards)
    assert all(min(k.speed, k.attack, k.defense, k.damage) >= 0 for c in cards for k in c.clicks)
    assert sum(1 for c in cards if 'Demoralized' in c.ability_names) > 500


def test_a_fixture_chariot_becomes_a_card_of_four_sections() -> None:
    """Chariot rules, Combat Dials: four dials read to their first three-skull click, a
    skull reading 0; the FAQ's correction of the Atlantean Ram's front dial applied."""
    from chariot_cards import fixture_chariots

    ram = fixture_chariots()["fixtures:6"]
    assert (ram.base, ram.arc, ram.rank, ram.unique) == ("chariot", 360, "standard", False)
    assert [len(dial) for dial in ram.sections] == [9, 9, 9, 9]
    assert all(dial[-1][1] == 3 for dial in ram.sections)  # ends inactive
    front = ram.sections[0]
    assert front[0][0].abilities == ("Ram",)
    assert front[7] == (front[7][0], 0) and front[7][0].damage == 0  # FAQ, Chariot Figures 2
    assert "Ram" in ram.ability_names
    wagon = fixture_chariots()["fixtures:5"]
    assert (wagon.rank, wagon.unique, wagon.range) == ("standard", False, 8)  # FAQ 1
