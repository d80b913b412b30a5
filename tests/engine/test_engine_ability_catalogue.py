"""Every special ability of the catalogue has rules in the engine; the registry agrees with
the project's ability table; a battle warns of abilities the engine lacks."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from engine_helpers import card, find, scenario, w

from armybuilder.engine import (
    CATALOGUE_ABILITIES,
    REGISTRY,
    Game,
    GameSetup,
    PlayerSetup,
    apply,
    replay,
    unimplemented_abilities,
)
from armybuilder.engine.adapter import cards_from_figure
from armybuilder.importers.rule_tables import load_abilities

REPO = Path(__file__).resolve().parents[2]
REBUILT = REPO.parent / "shared" / "data" / "rebuilt" / "mkstats_rebuilt.json"


@pytest.fixture(scope="module")
def catalogue_cards() -> list:
    if not REBUILT.is_file():
        pytest.skip("../shared/data is not present")
    from armybuilder.importers.feed import FeedFiles, read_feed
    from armybuilder.importers.rule_tables import load_factions

    data = read_feed(FeedFiles(stats=json.loads(REBUILT.read_text())), load_abilities(),
                     load_factions())
    return [cards_from_figure(f) for f in data.figures.values()]


def test_every_ability_on_the_catalogues_dials_has_rules(catalogue_cards: list) -> None:
    names = set().union(*(c.ability_names for c in catalogue_cards))
    assert len(names) == 39 and names == set(CATALOGUE_ABILITIES)
    assert unimplemented_abilities(catalogue_cards) == []
    assert all(REGISTRY.covered(n) for n in names)


def test_mounted_warriors_get_the_double_base(catalogue_cards: list) -> None:
    cavalry = [c for c in catalogue_cards if c.base == "cavalry"]
    assert cavalry and all(not c.shape.round for c in cavalry)
    assert all(c.shape.round for c in catalogue_cards if c.base == "infantry")


def test_a_battle_between_real_armies_plays_and_replays(catalogue_cards: list) -> None:
    rng = random.Random(6)
    pool = [c for c in catalogue_cards if not c.unique and c.points <= 60]
    armies = []
    for _ in range(2):
        army, left = [], 200
        while left >= 20:
            fits = [c for c in pool if c.points <= left]
            pick = rng.choice(fits)
            army.append(pick)
            left -= pick.points
        armies.append(tuple(army))
    game = Game.new(GameSetup(players=(PlayerSetup("A", armies[0], 200, "south"),
                                       PlayerSetup("B", armies[1], 200, "north")),
                              seed=6, table=24.0, round_limit=6))
    assert not find(game.entries[0]["events"], "abilities_without_rules")
    for _ in range(300):
        if game.over:
            break
        options = list(game.legal_actions())
        fights = [a for a in options if type(a).__name__ in ("CloseAttack", "RangedAttack")]
        apply(game, rng.choice(fights if fights and rng.random() < 0.7 else options))
    assert replay(game.log_json()).log_json() == game.log_json()


def test_optional_flags_match_the_projects_ability_table() -> None:
    table = load_abilities()
    for name in CATALOGUE_ABILITIES:
        assert REGISTRY.optional(name) == table[name].optional, name


def test_every_rule_cites_its_source() -> None:
    for name in CATALOGUE_ABILITIES:
        rule = REGISTRY.rule(name)
        assert rule is not None and rule.source
        assert any(s in rule.source for s in ("Special Abilities Card", "FAQ", "Chariot rules"))


def test_abilities_a_later_expansion_brings_are_named_before_the_battle() -> None:
    frenzied = card("Berserker", 20, abilities={0: ("Frenzy",), 1: ("Toughness",)})
    assert unimplemented_abilities([frenzied, card("Plain", 10)]) == ["Frenzy"]
    game = scenario(w(frenzied, 0, 10, 10), w(card("Foe", 20), 1, 30, 30))
    assert game.entries[0]["events"][0] == {"e": "abilities_without_rules", "names": ["Frenzy"]}
