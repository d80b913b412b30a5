"""The mageknight.net feed reader on hand-made feeds: every quirk and every bad input."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import feed_click, tiny_feed_models, write_feed

from armybuilder.figures import Ability, Faction
from armybuilder.importers.feed import FeedError, FeedFiles, read_feed
from armybuilder.importers.sources import SourceError, feed_files

ABILITIES = {
    "Flight": Ability(name="Flight", slot="speed", feed_id=98),
    "Demoralized": Ability(name="Demoralized", slot="damage", feed_id=95),
}
FACTIONS = {n: Faction(name=n) for n in ("Orc Raiders", "Necropolis Sect", "Atlantis Guild")}


def read(models: list[dict[str, Any]]) -> Any:
    return read_feed(FeedFiles(stats={"Models": models}), ABILITIES, FACTIONS)


def test_reads_keys_ranks_ranges_and_dead_clicks() -> None:
    data = read(tiny_feed_models())
    assert sorted(data.figures) == ["lancers:160", "rebellion:1", "rebellion:3"]
    grunt = data.figures["rebellion:3"]
    assert (grunt.rank, grunt.rank_stars, grunt.unique) == ("tough", 3, False)
    assert (grunt.range, grunt.targets) == (8, 2)
    assert grunt.factions == ["Orc Raiders", "Necropolis Sect"]
    assert len(grunt.main_dial.clicks) == 12
    assert [c.dead for c in grunt.main_dial.clicks] == [False] * 5 + [True] * 7
    assert grunt.main_dial.clicks[5].speed is None  # a skull
    assert grunt.main_dial.clicks[0].abilities == {"speed": "Flight"}
    assert grunt.main_dial.clicks[4].abilities == {"speed": "Flight", "damage": "Demoralized"}
    hero = data.figures["lancers:160"]
    assert (hero.rank, hero.unique, hero.promo) == ("unique", True, True)
    assert hero.limited_edition
    assert hero.base == "cavalry"
    assert data.expansions["lancers"].set_letter == "L"
    assert set(data.abilities) == {"Flight", "Demoralized"}


@pytest.mark.parametrize(("text", "expected"), [
    ("10", (10, 1)), ("10 (2 Targets)", (10, 2)), ("6 (2 Targets )", (6, 2)),
    ("8 (1 Target)", (8, 1)), (" 12 (3 Targets)", (12, 3)),
])
def test_range_texts(text: str, expected: tuple[int, int]) -> None:
    models = tiny_feed_models()
    models[0]["Model.Range"] = text
    grunt = read(models).figures["rebellion:1"]
    assert (grunt.range, grunt.targets) == expected


def test_zero_stat_dead_click_quirk_is_dead() -> None:
    models = tiny_feed_models()
    models[0]["Dials"][0]["Clicks"][6] = feed_click(6, "0", "0", "0", "0", (93, 93, 93, 93))
    clicks = read(models).figures["rebellion:1"].main_dial.clicks
    assert clicks[6].dead and clicks[6].attack is None


def _bad(mutate: Any) -> str:
    models = copy.deepcopy(tiny_feed_models())
    mutate(models)
    with pytest.raises(FeedError) as err:
        read(models)
    return str(err.value)


C = "Model.Dial.Clicks.Click."


@pytest.mark.parametrize(("mutate", "expected"), [
    (lambda m: m[0].pop("Model.UnitCost"), "field Model.UnitCost: missing key"),
    (lambda m: m[0].update({"Model.UnitCost": 20}), "expected a string"),
    (lambda m: m[0].update({"Model.UnitCost": "-3"}), "points cannot be negative"),
    (lambda m: m[0].update({"Model.Range": "ten"}), "field Model.Range"),
    (lambda m: m[0].update({"Model.Rank": "Legendary"}), "unknown rank"),
    (lambda m: m[0].update({"Model.Factions": "Gnomes"}), "unknown faction 'Gnomes'"),
    (lambda m: m[0].update({"Model.ModelId": "1"}), "field Model.ModelId"),
    (lambda m: m.append(copy.deepcopy(m[0])), "duplicate model id 1"),
    (lambda m: m.append({**copy.deepcopy(m[0]), "Model.ModelId": 99}),
     "duplicate figure rebellion:1"),
    (lambda m: m[0]["Dials"][0]["Clicks"][1].update({C + "AttackAbilityId": 555}),
     "unknown ability id 555"),
    (lambda m: m[0]["Dials"][0]["Clicks"][2].update({C + "Defense": 15}),
     "Dials[0].Clicks[2].Defense"),
    (lambda m: m[0]["Dials"][0]["Clicks"].__setitem__(
        7, feed_click(7, "5", "5", "5", "1")), "live click 7 after a dead click"),
    (lambda m: m[0]["Dials"][0]["Clicks"][3].update({C + "Speed": "Dead"}),
     "dead in all four areas or in none"),
    (lambda m: m[0]["Dials"][0]["Clicks"][3].pop(C + "Damage"), "missing key"),
    (lambda m: m[0].update({"Dials": []}), "non-empty list of dials"),
    (lambda m: m[0].update({"Model.Arc": "45"}), "front arc"),
])
def test_bad_models_name_model_and_field(mutate: Any, expected: str) -> None:
    message = _bad(mutate)
    assert expected in message
    assert "mkstats.json, model" in message


def test_not_a_feed_at_all() -> None:
    with pytest.raises(FeedError, match='"Models" list'):
        read_feed(FeedFiles(stats=[1, 2]), ABILITIES, FACTIONS)


def test_truncated_json_file(tmp_path: Path) -> None:
    path = write_feed(tmp_path)
    path.write_text(path.read_text()[:500])
    with pytest.raises(FeedError, match=r"mkstats.json: not valid JSON"):
        feed_files(path)


def test_folder_and_companions(tmp_path: Path) -> None:
    write_feed(tmp_path)
    (tmp_path / "specialabilities.json").write_text(json.dumps({"SpecialAbilityTypes": [
        {"SpecialAbilityTypeKey": 98, "SpecialAbilityShortName": "FLIGHT", "Stat": "Speed"},
        {"SpecialAbilityTypeKey": 95, "SpecialAbilityShortName": "DEMORALIZED", "Stat": "Damage"},
    ]}))
    files = feed_files(tmp_path)
    assert files.abilities is not None and files.expansions is None
    data = read_feed(files, ABILITIES, FACTIONS)
    assert len(data.figures) == 3


def test_missing_source(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match=r"no such file"):
        feed_files(tmp_path / "nope.json")
    with pytest.raises(SourceError, match=r"no mkstats\.json"):
        feed_files(tmp_path)
