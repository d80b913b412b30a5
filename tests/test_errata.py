"""The FAQ's figure corrections: the shipped rows, applying them, and bad errata files.

Fixtures are small invented catalogues built from the records; only the names the FAQ
itself prints (Living Ballista, War Wagon...) are used, never real dials.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from armybuilder.figures import (
    CHARIOT_DIALS,
    MAIN_DIAL,
    STATS,
    CatalogueData,
    Click,
    Dial,
    Figure,
    expansion_slug,
)
from armybuilder.importers.errata import (
    ALREADY_CORRECT,
    APPLIED,
    CONFLICTING,
    ERRATA_COLUMNS,
    NOT_IN_CATALOGUE,
    ErrataError,
    Erratum,
    apply_errata,
    corrected_fields,
    load_errata,
    names_match,
)
from armybuilder.importers.rule_tables import (
    RuleTableError,
    abilities_by_feed_id,
    load_abilities,
    load_factions,
)

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


# --- hand-made fixtures ---------------------------------------------------------------------


def clicks(live: int, total: int = 12, **abilities: dict[int, str]) -> list[Click]:
    """``live`` invented clicks then dead ones; ``abilities`` maps stat -> {index: name}."""
    out = []
    for i in range(total):
        if i < live:
            c = Click(i, 8 - i // 2, 9 - i // 2, 16 - i // 2, 2 if i < 4 else 1)
        else:
            c = Click(i, None, None, None, None)
        out.append(c)
    for stat, where in abilities.items():
        for index, name in where.items():
            out[index].abilities[stat] = name
    return out


def figure(expansion: str, number: int, name: str, rank: str = "weak", points: int = 20,
           factions: tuple[str, ...] = ("Orc Raiders",), **kw: Any) -> Figure:
    stars = {"weak": 1, "standard": 2, "tough": 3, "unique": 0}[rank]
    kw.setdefault("dials", [Dial(MAIN_DIAL, clicks(6))])
    return Figure(expansion=expansion, number=number, name=name, rank=rank, points=points,
                  factions=list(factions), rank_stars=stars, unique=stars == 0, **kw)


def catalogue(*figures: Figure) -> CatalogueData:
    return CatalogueData(figures={f.key: f for f in figures}, source="test")


def erratum(**kw: Any) -> Erratum:
    base: dict[str, Any] = dict(id="t-1", expansion="pyramid", number=7, name="Test Archer",
                                dial=MAIN_DIAL, click=None, field="range", printed="*",
                                corrected="10", source="FAQ, test", note="")
    base.update(kw)
    return Erratum(**base)


def shipped(*ids: str) -> list[Erratum]:
    rows = {e.id: e for e in load_errata()}
    return [rows[i] for i in ids]


def by_id(results: list[Any]) -> dict[str, Any]:
    return {r.erratum.id: r for r in results}


# --- every status ------------------------------------------------------------------------------


def test_a_misprinted_value_is_corrected() -> None:
    data = catalogue(figure("pyramid", 7, "Test Archer"))
    [result] = apply_errata(data, [erratum()])
    assert (result.status, result.figure_key, result.found) == (APPLIED, "pyramid:7", "0")
    assert data.figures["pyramid:7"].range == 10


def test_a_value_already_corrected_is_left_alone() -> None:
    data = catalogue(figure("pyramid", 7, "Test Archer", range=10))
    [result] = apply_errata(data, [erratum(printed="8")])
    assert (result.status, result.found) == (ALREADY_CORRECT, "10")


def test_a_value_that_is_neither_printed_nor_corrected_is_conflicting() -> None:
    data = catalogue(figure("pyramid", 7, "Test Archer", range=6))
    [result] = apply_errata(data, [erratum(printed="8")])
    assert (result.status, result.figure_key, result.found) == (CONFLICTING, "pyramid:7", "6")
    assert data.figures["pyramid:7"].range == 6


def test_with_an_unknown_printed_value_anything_else_is_the_misprint() -> None:
    data = catalogue(figure("pyramid", 7, "Test Archer", range=6))
    [result] = apply_errata(data, [erratum(printed="*")])
    assert (result.status, result.found) == (APPLIED, "6")


def test_figures_the_catalogue_lacks_are_reported() -> None:
    data = catalogue(figure("rebellion", 6, "Utem Guardsman", "tough", 14))
    results = apply_errata(data, shipped("unlimited-1a", "pyramid-1"))
    assert [r.status for r in results] == [NOT_IN_CATALOGUE, NOT_IN_CATALOGUE]
    assert results[0].figure_key is None and results[0].found is None
    assert data.figures["rebellion:6"].points == 14  # Rebellion is not Unlimited


def test_a_number_alone_does_not_pick_the_figure() -> None:
    # The Chest is Dungeons #116 to the FAQ, but another figure may carry that number.
    data = catalogue(figure("dungeons", 116, "Test Promo", "unique"))
    [result] = apply_errata(data, shipped("dungeons-2"))
    assert result.status == NOT_IN_CATALOGUE
    assert data.figures["dungeons:116"].disarm is None


def test_the_chest_gets_its_disarm_number() -> None:
    data = catalogue(figure("dungeons", 116, "Chest", "unique", 0, ()))
    [result] = apply_errata(data, shipped("dungeons-2"))
    assert (result.status, result.found) == (APPLIED, "")
    assert data.figures["dungeons:116"].disarm == 10


def test_a_missing_click_or_dial_is_not_in_catalogue() -> None:
    short = figure("rebellion", 15, "Woodland Scout", "tough",
                   dials=[Dial(MAIN_DIAL, clicks(3, total=3))])
    results = apply_errata(catalogue(short), shipped("rebellion-1a", "rebellion-1b"))
    assert [r.status for r in results] == [ALREADY_CORRECT, NOT_IN_CATALOGUE]
    assert results[1].figure_key == "rebellion:15"
    chariot_on_one_dial = figure("lancers", 1, "Atlantean Ram", "standard")
    [result] = apply_errata(catalogue(chariot_on_one_dial), shipped("chariot-2"))
    assert (result.status, result.figure_key) == (NOT_IN_CATALOGUE, "lancers:1")


def test_a_name_that_fits_several_figures_touches_none() -> None:
    data = catalogue(figure("dungeons", 1, "Young Rich"), figure("dungeons", 2, "Young Rich"))
    [result] = apply_errata(data, shipped("dungeons-4"))
    assert result.status == CONFLICTING
    assert "dungeons:1" in result.found and "dungeons:2" in result.found
    assert {f.name for f in data.figures.values()} == {"Young Rich"}


# --- the FAQ's corrections as a player knows them ----------------------------------------------


def test_living_ballista_has_regeneration_on_defense_not_necromancy_on_damage() -> None:
    necromancy = dict.fromkeys((9, 10, 11), "Necromancy")
    ballista = figure("conquest", 40, "Living Ballista", "standard",
                      factions=("Elemental League",),
                      dials=[Dial(MAIN_DIAL, clicks(12, damage={8: "Magic Blast", **necromancy}))])
    results = apply_errata(catalogue(ballista), load_errata())
    moved = [r for r in results if r.erratum.id.startswith("conquest-1")]
    assert len(moved) == 6 and {r.status for r in moved} == {APPLIED}
    dial = ballista.main_dial.clicks
    for i in (9, 10, 11):
        assert dial[i].abilities == {"defense": "Regeneration"}
    assert dial[8].abilities == {"damage": "Magic Blast"}  # the 9th slot is not touched
    assert all("Necromancy" not in c.abilities.values() for c in dial)


def test_hammerskald_is_berserk_on_damage_in_the_ninth_slot() -> None:
    hammer = figure("unlimited", 151, "Dwarven Hammerskald", "unique", 97,
                    ("Black Powder Rebels",),
                    dials=[Dial(MAIN_DIAL, clicks(10, defense={8: "Pole Arm"}))])
    results = by_id(apply_errata(catalogue(hammer), shipped("unlimited-4a", "unlimited-4b")))
    assert results["unlimited-4a"].status == APPLIED
    assert results["unlimited-4b"].status == APPLIED
    assert hammer.main_dial.clicks[8].abilities == {"damage": "Berserk"}


def war_wagon(rank: str = "unique", factions: tuple[str, ...] = ("Black Powder Rebels",)
              ) -> Figure:
    dials = [Dial(position, clicks(8)) for position in CHARIOT_DIALS]
    return figure("unlimited", 200, "War Wagon", rank, 120, factions, kind="chariot",
                  base="chariot", dials=dials)


def test_war_wagon_has_two_rank_stars_and_is_not_unique() -> None:
    wagon = war_wagon()
    results = by_id(apply_errata(catalogue(wagon), load_errata()))
    for rid in ("chariot-1a", "chariot-1b", "chariot-1c"):
        assert results[rid].status == APPLIED, rid
        assert results[rid].figure_key == wagon.key
    assert (wagon.rank, wagon.rank_stars, wagon.unique) == ("standard", 2, False)


def test_faction_in_front_of_the_name_must_be_the_figures_own() -> None:
    assert names_match("Black Powder War Wagon", war_wagon())
    assert names_match("black powder war wagon", war_wagon())
    assert not names_match("Black Powder War Wagon", war_wagon(factions=("Atlantis Guild",)))
    assert not names_match("Orc War Wagon", war_wagon())
    wagon = war_wagon(factions=("Atlantis Guild",))
    [result] = apply_errata(catalogue(wagon), shipped("chariot-1b"))
    assert result.status == NOT_IN_CATALOGUE and wagon.rank_stars == 0


def test_atlantean_ram_front_dial_shows_0_not_a_skull() -> None:
    dials = [Dial(p, clicks(7 if p == "front" else 8)) for p in CHARIOT_DIALS]
    dials[0].clicks[7] = Click(7, 0, 0, 0, None)  # a chariot section can show one skull
    ram = figure("unlimited", 201, "Atlantean Ram", "standard", 150, ("Atlantis Guild",),
                 kind="chariot", base="chariot", dials=dials)
    [result] = apply_errata(catalogue(ram), shipped("chariot-2"))
    assert (result.status, result.found) == (APPLIED, "skull")
    assert ram.dial("front").clicks[7].damage == 0
    assert ram.dial("rear").clicks[7].damage == 1  # other dials untouched


def test_skeleton_names_and_a_second_import() -> None:
    marrow = figure("minions", 107, "Marrow", "unique", 28, ("Mage Spawn",))
    jenkins = figure("dungeons", 103, "Jawless Jenkins", "unique", 24, ("Mage Spawn",))
    data = catalogue(marrow, jenkins)
    first = by_id(apply_errata(data, shipped("minions-1", "dungeons-3")))
    assert first["minions-1"].status == APPLIED and first["dungeons-3"].status == APPLIED
    assert (marrow.name, jenkins.name) == ("Marrow (Skeleton)", "Jawless Jenkins (Skeleton)")
    again = by_id(apply_errata(data, shipped("minions-1", "dungeons-3")))
    assert again["minions-1"].status == ALREADY_CORRECT
    assert again["minions-1"].found == "Marrow (Skeleton)"


def test_pyre_spirit_is_mage_spawn_and_arman_gessep_starts_at_level_five() -> None:
    pyre = figure("unlimited", 155, "Pyre Spirit", "unique", 87, ("Draconum",))
    arman = figure("dungeons", 72, "Arman Gessep", "unique", 65, ("Heroes",),
                   dials=[Dial(MAIN_DIAL, clicks(11))])
    results = by_id(apply_errata(catalogue(pyre, arman), shipped("unlimited-5", "dungeons-1")))
    assert results["unlimited-5"].status == APPLIED and pyre.factions == ["Mage Spawn"]
    assert results["dungeons-1"].status == APPLIED and arman.starting_click == 4
    assert arman.starting().index == 4


def test_woodland_scout_demoralized_moves_from_third_to_fifth_slot() -> None:
    scout = figure("rebellion", 15, "Woodland Scout", "tough", 14, ("Elemental League",),
                   dials=[Dial(MAIN_DIAL, clicks(5, damage={2: "Demoralized"}))])
    results = apply_errata(catalogue(scout), shipped("rebellion-1a", "rebellion-1b"))
    assert [r.status for r in results] == [APPLIED, APPLIED]
    assert [c.abilities.get("damage", "") for c in scout.main_dial.clicks[:5]] == [
        "", "", "", "", "Demoralized"]


def test_unlimited_point_values_per_rank() -> None:
    data = catalogue(*(figure("unlimited", n, "Technomancer", r, 1)
                       for n, r in ((52, "weak"), (53, "standard"), (54, "tough"))))
    apply_errata(data, load_errata())
    assert [data.figures[f"unlimited:{n}"].points for n in (52, 53, 54)] == [25, 27, 29]


def test_applying_twice_changes_nothing_more() -> None:
    def build() -> CatalogueData:
        return catalogue(
            war_wagon(),
            figure("whirlwind", 16, "Rancid Bloodsucker", "weak", 28, ("Necropolis Sect",)),
            figure("whirlwind", 166, "Sig Eightfingers", "unique", 53, range=6),
            figure("pyramid", 64, "Hooded Assassin", "unique", 58, ("Mage Spawn",)),
            figure("unlimited", 6, "Utem Guardsman", "weak", 9, ("Atlantis Guild",)),
        )

    data = build()
    first = apply_errata(data, load_errata())
    hashes = {k: f.content_hash() for k, f in data.figures.items()}
    second = apply_errata(data, load_errata())
    assert {k: f.content_hash() for k, f in data.figures.items()} == hashes
    for a, b in zip(first, second, strict=True):
        expected = ALREADY_CORRECT if a.status == APPLIED else a.status
        assert b.status == expected, a.erratum.id
    assert sum(r.status == APPLIED for r in first) == 7  # 3 War Wagon + 4 single rows
    assert not any(r.status == APPLIED for r in second)
    assert data.figures["whirlwind:16"].main_dial.clicks[2].abilities["speed"] == "Flight"


def test_corrected_fields_by_figure_for_display() -> None:
    data = catalogue(figure("pyramid", 64, "Hooded Assassin", "unique", 58, ("Mage Spawn",)),
                     war_wagon())
    results = apply_errata(data, load_errata())
    shown = corrected_fields(results)
    assert set(shown) == {"pyramid:64", "unlimited:200"}
    assert [r.erratum.field for r in shown["unlimited:200"]] == ["rank", "rank_stars", "unique"]
    [assassin] = shown["pyramid:64"]
    assert (assassin.found, assassin.erratum.corrected) == ("0", "10")
    assert assassin.printed_to_corrected == "* → 10"


# --- the shipped errata file ----------------------------------------------------------------------


def test_every_faq_figure_correction_is_a_row() -> None:
    errata = load_errata()
    assert len(errata) == 32
    sections = {re.sub(r" \d+$", "", e.source) for e in errata}
    assert sections == {f"FAQ, Figure Corrections, {s}" for s in (
        "Chariot", "Conquest", "Dungeons", "Rebellion", "Unlimited", "Whirlwind", "Minions",
        "Pyramids")}
    points = {(e.number, e.corrected) for e in errata if e.field == "points"}
    assert points == {(6, "11"), (7, "13"), (8, "14"), (52, "25"), (53, "27"), (54, "29"),
                      (85, "20"), (86, "26"), (87, "30")}
    assert all(e.expansion == "*" for e in errata if e.source.endswith(("Chariot 1",
                                                                        "Chariot 2")))


def test_shipped_errata_use_known_abilities_factions_and_slugs() -> None:
    abilities, factions = load_abilities(), load_factions()
    for e in load_errata():
        if e.field.endswith("_ability"):
            for value in (e.printed, e.corrected):
                assert value in ("", "*") or value in abilities, (e.id, value)
        if e.field == "factions":
            assert e.corrected in factions and e.printed in factions
        if e.expansion != "*":
            assert e.expansion == expansion_slug(e.expansion)
        assert e.name and e.source.startswith("FAQ, Figure Corrections, ")


# --- bad errata files -----------------------------------------------------------------------------

GOOD = {"id": "x-1", "expansion": "pyramid", "number": "64", "name": "Hooded Assassin",
        "dial": "main", "click": "", "field": "range", "printed": "*", "corrected": "10",
        "source": "FAQ, test", "note": ""}


def write_errata(path: Path, rows: list[dict[str, str]]) -> Path:
    def cell(v: str) -> str:
        return '"' + v.replace('"', '""') + '"' if ("," in v or '"' in v) else v

    lines = [",".join(ERRATA_COLUMNS)]
    lines += [",".join(cell(r[c]) for c in ERRATA_COLUMNS) for r in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(("changes", "column", "message"), [
    ({"id": ""}, "id", "must not be empty"),
    ({"id": "x-1"}, "id", "already used in row 1"),
    ({"id": "two words"}, "id", "use letters"),
    ({"expansion": "Pyramid"}, "expansion", "expansion slug"),
    ({"number": "#64"}, "number", "whole number"),
    ({"number": "0"}, "number", "at least 1"),
    ({"name": ""}, "name", "must not be empty"),
    ({"dial": "side"}, "dial", "expected one of main, front, left, right, rear"),
    ({"field": "cost"}, "field", "expected one of points"),
    ({"field": "speed"}, "click", "0-based index"),
    ({"click": "3"}, "click", "leave click empty"),
    ({"click": "-1", "field": "attack"}, "click", "at least 0"),
    ({"dial": "front"}, "dial", "use dial main"),
    ({"corrected": "*"}, "corrected", "only for printed"),
    ({"corrected": "ten"}, "corrected", "expected a whole number"),
    ({"printed": "10"}, "printed", "same value"),
    ({"field": "damage", "click": "7", "corrected": "dead"}, "corrected", "'skull'"),
    ({"field": "unique", "corrected": "no"}, "corrected", "true or false"),
    ({"field": "rank", "corrected": "elite"}, "corrected", "weak, standard, tough, unique"),
    ({"field": "rank_stars", "corrected": "4"}, "corrected", "at most 3"),
    ({"field": "name", "printed": "Hooded Assassin", "corrected": ""}, "corrected",
     "must not be empty"),
    ({"field": "defense_ability", "click": "2", "printed": "Pole Arm",
      "corrected": "pole arm"}, "printed", "same value"),
    ({"source": ""}, "source", "must not be empty"),
])
def test_bad_errata_rows_name_row_and_column(tmp_path: Path, changes: dict[str, str],
                                             column: str, message: str) -> None:
    path = write_errata(tmp_path / "errata.csv", [GOOD, {**GOOD, "id": "x-2", **changes}])
    with pytest.raises(ErrataError) as err:
        load_errata(path)
    text = str(err.value)
    assert "errata.csv, row 2 (line 3)" in text
    assert f"column {column}:" in text
    assert message in text
    assert isinstance(err.value, RuleTableError)


def test_errata_header_must_have_every_column(tmp_path: Path) -> None:
    path = tmp_path / "errata.csv"
    path.write_text(",".join(c for c in ERRATA_COLUMNS if c != "printed") + "\n")
    with pytest.raises(ErrataError, match=r"errata\.csv, column printed: missing"):
        load_errata(path)


def test_good_rows_load_with_their_types(tmp_path: Path) -> None:
    path = write_errata(tmp_path / "errata.csv", [
        GOOD,
        {**GOOD, "id": "x-2", "number": "", "dial": "", "click": "0", "field": "damage",
         "printed": "skull", "corrected": "0"},
    ])
    first, second = load_errata(path)
    assert (first.number, first.click, first.dial) == (64, None, MAIN_DIAL)
    assert (second.number, second.click, second.dial) == (None, 0, MAIN_DIAL)
    assert replace(first, id="x-2", number=None, click=0, field="damage", printed="skull",
                   corrected="0") == second


# --- the real catalogue (skipped without ../shared/data) ------------------------------------------

_P = "Model.Dial.Clicks.Click."


def _from_model(model: dict[str, Any], by_feed_id: dict[int, Any]) -> Figure:
    """Just enough of one published model for the errata: no feed reader involved."""
    rank = model["Model.Rank"].lower()
    rank = rank if rank in ("weak", "standard", "tough") else "unique"
    clicks = []
    for c in model["Dials"][0]["Clicks"]:
        values = {s: None if c[_P + s.capitalize()] == "Dead" else int(c[_P + s.capitalize()])
                  for s in STATS}
        abilities = {s: by_feed_id[c[_P + s.capitalize() + "AbilityId"]].name for s in STATS
                     if c[_P + s.capitalize() + "AbilityId"] in by_feed_id}
        clicks.append(Click(c[_P + "ClickNumber"], abilities=abilities, **values))
    return Figure(
        expansion=expansion_slug(model["Model.ExpansionName"]),
        number=int(model["Model.FigureNumber"]),
        name=model["Model.CorrectName"], rank=rank, points=int(model["Model.UnitCost"]),
        factions=[f.strip() for f in model["Model.Factions"].split(",") if f.strip()],
        range=int(model["Model.Range"].split()[0]),
        dials=[Dial(MAIN_DIAL, clicks)],
    )


@pytest.mark.shared
def test_errata_against_the_real_catalogue() -> None:
    path = SHARED_DATA / "rebuilt" / "mkstats_rebuilt.json"
    if not path.is_file():
        pytest.skip("../shared/data is not present")
    models = json.loads(path.read_text())["Models"]
    wanted = {("Pyramid", "64"), ("Whirlwind", "166"), ("Rebellion", "15"),
              ("Rebellion", "6"), ("Dungeons", "116")}
    by_feed_id = abilities_by_feed_id(load_abilities())
    figures = [_from_model(m, by_feed_id) for m in models
               if (m["Model.ExpansionName"], m["Model.FigureNumber"]) in wanted]
    data = catalogue(*figures)
    assert len(data.figures) == len(wanted)
    results = by_id(apply_errata(data, load_errata()))

    assert (results["pyramid-1"].status, results["pyramid-1"].found) == (APPLIED, "0")
    assert data.figures["pyramid:64"].range == 10
    assert results["whirlwind-2"].status == ALREADY_CORRECT
    assert results["whirlwind-2"].figure_key == "whirlwind:166"
    assert results["rebellion-1a"].status == ALREADY_CORRECT
    assert results["rebellion-1b"].status == ALREADY_CORRECT
    assert results["unlimited-1a"].status == NOT_IN_CATALOGUE  # only Rebellion's Guardsman
    assert results["dungeons-2"].status == NOT_IN_CATALOGUE  # #116 there is not the Chest
