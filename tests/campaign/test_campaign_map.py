"""World Conquest, Setup 3: 36 territories, nine factions' regions of 6, 6, 6, 6, 3, 3, 3,
2 and 1 territories, each region's territories adjacent; generated or drawn by a group."""

from __future__ import annotations

import pytest
from campaign_helpers import MAP, MAP_TEXT
from hypothesis import given, settings
from hypothesis import strategies as st

from armybuilder.campaign import world
from armybuilder.campaign.world import MapError, generate, neighbours, parse
from armybuilder.engine.dice import Dice


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**63 - 1))
def test_a_generated_map_follows_setup_3(seed: int) -> None:
    m = generate(Dice(seed=seed))
    for _code, name, size in world.FACTIONS:
        cells = m.regions[name]
        assert len(cells) == size
        assert world._connected(list(cells))
    assert generate(Dice(seed=seed)) == m  # the same seed, the same map


def test_a_drawn_map_is_read_and_written_back() -> None:
    assert parse(MAP.to_text()) == MAP
    assert MAP.faction("A1") == "Atlantis Guild" and MAP.faction("F6") == "Draconum"
    assert MAP.regions["Shyft"] == ("D6", "E6")


@pytest.mark.parametrize(("text", "message"), [
    (MAP_TEXT.replace("DR", "XX"), r"line 7, column F: unknown faction code 'XX'"),
    (MAP_TEXT.replace("SH SH DR", "SH DR"), r"line 7: 6 territories in a row, not 5"),
    (MAP_TEXT.replace("MS MS MS SH SH DR", ""), r"6 rows of territories, not 5"),
    (MAP_TEXT.replace("KI KI KI OR OR OR", "KI KI OR OR OR OR"),
     r"Knights Immortal has 2 territories"),
    (MAP_TEXT.replace("AG AG AG NS NS NS\nEL", "AG AG AG NS NS NS\nEL").replace(
        "EL EL EL BP BP BP\nKI", "EL EL BP EL BP BP\nKI"),
     r"Elemental League territories .* are not all adjacent"),
])
def test_a_map_that_breaks_setup_3_is_refused_in_one_line(text: str, message: str) -> None:
    with pytest.raises(MapError, match=message):
        parse(text, "map")


def test_territories_sharing_a_side_are_adjacent_diagonals_by_house_rule() -> None:
    assert sorted(neighbours("A1")) == ["A2", "B1"]
    assert sorted(neighbours("C3")) == ["B3", "C2", "C4", "D3"]
    assert sorted(neighbours("A1", diagonal=True)) == ["A2", "B1", "B2"]
