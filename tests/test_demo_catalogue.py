"""The shipped demo catalogue and the castle/chariot fixtures: marked as invented, loadable,
and shaped like real dials."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder.figures import CHARIOT_DIALS, Ability, CatalogueData, Figure
from armybuilder.importers.errata import apply_errata, load_errata
from armybuilder.importers.rule_tables import load_factions
from armybuilder.importers.spreadsheet import read_catalogue
from armybuilder.paths import imports_dir

DEMO_SOURCE = "demo: invented values, not a printed dial"
FIXTURE_SOURCE = "fixture: invented values for castle/chariot rules, not a printed dial"
#: The ability names the demo may use (the Special Abilities Card).
CARD = ("Aquatic", "Battle Armor", "Battle Fury", "Berserk", "Bound", "Charge", "Command",
        "Defend", "Demoralized", "Dodge", "Flame/Lightning", "Flight", "Forced March",
        "Healing", "Invulnerability", "Limited Invisibility", "Magic Blast",
        "Magic Confusion", "Magic Enhancement", "Magic Freeze", "Magic Healing",
        "Magic Immunity", "Magic Levitation", "Magic Retaliation", "Necromancy", "Nimble",
        "Pierce", "Pole Arm", "Quickness", "Ram", "Regeneration", "Shockwave", "Sneak Attack",
        "Stealth", "Sweep", "Toughness", "Vampirism", "Venom", "Weapon Master")
# Castle rules, Point Value: the Heavy column.
HEAVY_POINTS = {"keep": 173, "round tower": 113, "gatehouse": 112, "wall": 20}


def known_abilities() -> dict[str, Ability]:
    """The project's ability table, or a stand-in built from the card's names."""
    if (imports_dir() / "abilities.csv").is_file():
        from armybuilder.importers.rule_tables import load_abilities
        return load_abilities()
    return {n: Ability(n, "any") for n in CARD}


@pytest.fixture(scope="module")
def demo() -> CatalogueData:
    return read_catalogue(imports_dir() / "demo", known_abilities=known_abilities(),
                          known_factions=set(load_factions()))


@pytest.fixture(scope="module")
def fixtures() -> CatalogueData:
    return read_catalogue(imports_dir() / "fixtures", known_abilities=known_abilities(),
                          known_factions=set(load_factions()))


def _fixture(data: CatalogueData, name: str) -> Figure:
    return next(f for f in data.figures.values() if f.name == name)


# --- the demo catalogue ------------------------------------------------------------------


def test_demo_is_only_two_files() -> None:
    assert sorted(p.name for p in (imports_dir() / "demo").iterdir()) == ["clicks.csv",
                                                                         "figures.csv"]


def test_every_demo_figure_is_marked_as_invented(demo: CatalogueData) -> None:
    assert 10 <= len(demo.figures) <= 14
    assert demo.expansions["demo"].name == "Demo figures (not real dials)"
    for f in demo.figures.values():
        assert (f.expansion, f.source) == ("demo", DEMO_SOURCE), f.key
        assert f.name.startswith("Demo "), f.key
        assert f.kind == "warrior" and not f.promo and not f.limited_edition


@pytest.mark.shared
def test_demo_names_are_not_real_figure_names(demo: CatalogueData, shared_data: Path) -> None:
    feed = json.loads((shared_data / "rebuilt" / "mkstats_rebuilt.json").read_text())
    real = {m.get(k, "").lower() for m in feed["Models"]
            for k in ("Model.ShortName", "Model.CorrectName")}
    assert len(real) > 300
    assert not [f.name for f in demo.figures.values() if f.name.lower() in real]


def test_demo_dials_look_like_real_dials(demo: CatalogueData) -> None:
    for f in demo.figures.values():
        (dial,) = f.dials
        clicks = dial.clicks
        live = dial.live_clicks
        assert len(clicks) == 12, f.key
        # Live clicks first, then dead ones showing four skulls (Rulebook I: three eliminate).
        assert clicks[: len(live)] == live and len(live) >= 4, f.key
        assert all(c.skulls == 4 for c in clicks[len(live):]), f.key
        assert len(clicks) > len(live), f.key
        assert not any(c.skulls for c in live), f.key
        # Demoralized in the damage slot of the last live click, as printed dials do.
        demoralized = [(c.index, s) for c in clicks for s, a in c.abilities.items()
                       if a == "Demoralized"]
        assert demoralized == [(len(live) - 1, "damage")], f.key
        assert not clicks[f.starting_click].dead


def test_demo_uses_only_card_abilities_and_some_on_clicks(demo: CatalogueData) -> None:
    used = {a for f in demo.figures.values() for c in f.main_dial.clicks
            for a in c.abilities.values()}
    assert used <= set(CARD)
    assert len(used - {"Demoralized"}) >= 5
    # Ability slots match the card (Flight is a speed ability, Toughness a defense one...).
    table = known_abilities()
    for f in demo.figures.values():
        for c in f.main_dial.clicks:
            for slot, name in c.abilities.items():
                assert table[name].slot in (slot, "any"), (f.key, c.index, name)


def test_demo_covers_the_factions_ranks_and_a_ranged_multi_target_figure(
        demo: CatalogueData) -> None:
    figures = list(demo.figures.values())
    factions = {name for f in figures for name in f.factions}
    assert {"Atlantis Guild", "Orc Raiders", "Mage Spawn", "Shyft", "Apocalypse",
            "Elemental League"} <= factions
    assert any(len(f.factions) > 1 for f in figures)
    uniques = [f for f in figures if f.rank == "unique"]
    assert uniques and all(f.unique and f.rank_stars == 0 for f in uniques)
    assert any(f.range > 0 and f.targets >= 2 for f in figures)
    by_name: dict[str, dict[str, Figure]] = {}
    for f in figures:
        by_name.setdefault(f.name, {})[f.rank] = f
    versions = [v for v in by_name.values() if set(v) == {"weak", "standard", "tough"}]
    assert len(versions) >= 2
    for v in versions:
        weak, standard, tough = v["weak"], v["standard"], v["tough"]
        assert (weak.rank_stars, standard.rank_stars, tough.rank_stars) == (1, 2, 3)
        # A tougher version costs more and lasts at least as long.
        assert weak.points < standard.points < tough.points
        assert (len(weak.main_dial.live_clicks) <= len(standard.main_dial.live_clicks)
                <= len(tough.main_dial.live_clicks))


def test_demo_points_are_plausible(demo: CatalogueData) -> None:
    figures = list(demo.figures.values())
    assert all(5 <= f.points <= 150 for f in figures)
    ranked = [f.points for f in figures if f.rank != "unique"]
    assert all(f.points > max(ranked) for f in figures if f.rank == "unique")


def test_a_new_database_shows_the_demo_expansion_as_not_real(tmp_path: Path) -> None:
    from armybuilder.catalogue.service import Catalogue
    cat = Catalogue.open(tmp_path / "cat.sqlite")
    try:
        expansions = cat.expansions()
        assert expansions["demo"].name == "Demo figures (not real dials)"
        assert "not real dials" in expansions["fixtures"].name
    finally:
        cat.close()


# --- the castle and chariot fixtures -----------------------------------------------------


def test_fixtures_are_marked_and_explained(fixtures: CatalogueData) -> None:
    assert all((f.expansion, f.source) == ("fixtures", FIXTURE_SOURCE)
               for f in fixtures.figures.values())
    readme = (imports_dir() / "fixtures" / "README.md").read_text()
    assert "No public feed carries castle sections or chariots" in readme


def test_castle_sections_have_their_heavy_points(fixtures: CatalogueData) -> None:
    from armybuilder.rules.castles import load_castle_prices
    castles = {f.castle_section: f for f in fixtures.figures.values() if f.kind == "castle"}
    assert {s: f.points for s, f in castles.items()} == HEAVY_POINTS
    prices = load_castle_prices()
    for section, f in castles.items():
        assert f.points == prices[section].heavy_points
        # Castle rules, Planking and Ladders: a castle holds several walls and towers (one
        # ladder per three wall sections), so a section is not a unique figure.
        assert (f.base, f.arc, f.unique, f.starting_click) == ("castle", 360, False, 0)
        dial = f.main_dial
        # Light play turns the dial from the Starting Position; that click must be live.
        assert not dial.clicks[prices[section].light_clicks].dead
        # Three broken towers (speed = fortification, attack, defense) eliminate a section.
        dead = [c for c in dial.clicks if c.dead]
        assert dead and all(c.speed is c.attack is c.defense is None for c in dead)
        assert dial.clicks[-len(dead):] == dead


def test_the_wall_has_no_attack_and_is_breached_in_its_fortification_slot(
        fixtures: CatalogueData) -> None:
    wall = next(f for f in fixtures.figures.values() if f.castle_section == "wall")
    live = wall.main_dial.live_clicks
    assert all(c.attack == 0 and c.damage == 0 for c in live)
    breached = [c.index for c in live if c.abilities.get("speed") == "Demoralized"]
    assert breached and breached == list(range(breached[0], len(live)))
    assert not live[0].abilities


def test_chariots_have_four_dials_with_sections_going_inactive(
        fixtures: CatalogueData) -> None:
    chariots = [f for f in fixtures.figures.values() if f.kind == "chariot"]
    assert {f.name for f in chariots} == {"Black Powder War Wagon", "Atlantean Ram"}
    for f in chariots:
        assert tuple(d.position for d in f.dials) == CHARIOT_DIALS
        assert f.base == "chariot"
        for dial in f.dials:
            first_dead = next(i for i, c in enumerate(dial.clicks) if c.dead)
            # Chariot rules, Combat Dials: an active section may show one or two skulls.
            assert any(1 <= c.skulls <= 2 for c in dial.clicks[:first_dead]), (f.key, dial)
    ram = _fixture(fixtures, "Atlantean Ram")
    assert all(c.abilities == {"speed": "Ram"} for c in ram.dial("front").clicks[:3])
    assert not any(c.abilities for p in ("left", "right", "rear") for c in ram.dial(p).clicks)


def test_chariots_carry_the_faq_misprints(fixtures: CatalogueData) -> None:
    wagon = _fixture(fixtures, "Black Powder War Wagon")
    assert (wagon.rank, wagon.rank_stars, wagon.unique) == ("unique", 0, True)
    eighth = _fixture(fixtures, "Atlantean Ram").dial("front").clicks[7]
    assert eighth.damage is None and None not in (eighth.speed, eighth.attack, eighth.defense)


def test_the_faq_corrects_the_chariot_fixtures(fixtures: CatalogueData) -> None:
    data = read_catalogue(imports_dir() / "fixtures", known_abilities=known_abilities())
    results = apply_errata(data, load_errata())
    chariot = {r.erratum.id: r.status for r in results if r.erratum.id.startswith("chariot")}
    assert chariot and set(chariot.values()) == {"applied"}
    wagon = _fixture(data, "Black Powder War Wagon")
    assert (wagon.rank, wagon.rank_stars, wagon.unique) == ("standard", 2, False)
    assert _fixture(data, "Atlantean Ram").dial("front").clicks[7].damage == 0
