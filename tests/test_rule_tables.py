"""The shipped ability and faction tables, and how bad rows in them are refused."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from armybuilder.importers.rule_tables import (
    ABILITY_COLUMNS,
    FACTION_COLUMNS,
    RuleTableError,
    abilities_by_feed_id,
    load_abilities,
    load_factions,
)

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

CARD_NAMES = [
    "Aquatic", "Battle Armor", "Battle Fury", "Berserk", "Bound", "Charge", "Command",
    "Defend", "Demoralized", "Dodge", "Flame/Lightning", "Flight", "Forced March", "Healing",
    "Invulnerability", "Limited Invisibility", "Magic Blast", "Magic Confusion",
    "Magic Enhancement", "Magic Freeze", "Magic Healing", "Magic Immunity", "Magic Levitation",
    "Magic Retaliation", "Necromancy", "Nimble", "Pierce", "Pole Arm", "Quickness", "Ram",
    "Regeneration", "Shockwave", "Sneak Attack", "Stealth", "Sweep", "Toughness", "Vampirism",
    "Venom", "Weapon Master", "Frenzy", "Summon", "Cursed", "Terrify",
]
FACTION_NAMES = [
    "Apocalypse", "Atlantis Guild", "Black Powder Rebels", "Draconum", "Elemental League",
    "Heroes", "Knights Immortal", "Mage Spawn", "Necropolis Sect", "Orc Raiders", "Shyft",
    "Solonavi",
]


# --- the shipped tables ----------------------------------------------------------------


def test_every_special_ability_of_the_card_is_in_the_table() -> None:
    abilities = load_abilities()
    assert sorted(abilities) == sorted(CARD_NAMES)
    # The feed's dial markers are not abilities: blank (85), dead (93), start (120).
    expected_ids = {*range(86, 93), *range(94, 120), *range(121, 131)}
    assert set(abilities_by_feed_id(abilities)) == expected_ids


def test_abilities_sit_where_the_dial_shows_them() -> None:
    abilities = load_abilities()
    flame = abilities_by_feed_id(abilities)[97]
    assert (flame.name, flame.slot, flame.colour, flame.symbol) == (
        "Flame/Lightning", "attack", "orange", "square")
    assert abilities["Dodge"].symbol == "circle" and abilities["Dodge"].optional
    assert not abilities["Toughness"].optional
    # The card gives Demoralized no "(Optional)": a player cannot cancel it to attack.
    assert not abilities["Demoralized"].optional
    assert abilities["Ram"].slot == "speed" and abilities["Ram"].colour == "black"


def test_faq_updates_replace_the_card_text() -> None:
    abilities = load_abilities()
    for name in ("Aquatic", "Magic Freeze", "Magic Confusion", "Magic Levitation", "Command"):
        assert abilities[name].text_source == "FAQ, Special Ability Update", name
    others = set(CARD_NAMES) - {"Aquatic", "Magic Freeze", "Magic Confusion",
                                "Magic Levitation", "Command"}
    assert {abilities[n].text_source for n in others} == {
        "Special Abilities Card (project's words)"}
    # The updated effects, as a player would check them:
    assert "0" in abilities["Magic Freeze"].text  # damage value becomes 0, not 1
    assert "deep water" in abilities["Aquatic"].text
    assert "10 inches" in abilities["Magic Levitation"].text
    assert "may roll" in abilities["Command"].text
    # Ram on a warrior is the card's (the chariot rules' Ram is a chariot's).
    assert "movement formation" in abilities["Ram"].text
    assert "free spins" in abilities["Ram"].text


def test_every_ability_has_a_full_text() -> None:
    for ability in load_abilities().values():
        assert len(ability.text.split()) >= 8, ability.name
        assert ability.text.rstrip().endswith("."), ability.name
        # The card marks optional abilities; the project's text says so too.
        assert ability.text.startswith("Optional.") == ability.optional, ability.name


def test_factions_carry_the_faq_faction_rules() -> None:
    factions = load_factions()
    assert sorted(factions) == FACTION_NAMES
    assert [factions[n].feed_id for n in FACTION_NAMES] == list(range(1, 13))
    assert factions["Apocalypse"].rules_source == "FAQ, Faction Ability Update"
    assert "formation" in factions["Apocalypse"].rules
    assert factions["Shyft"].rules_source == "FAQ, Faction Ability Update"
    assert "Mage Spawn" in factions["Shyft"].rules
    assert "Shyft" in factions["Mage Spawn"].rules
    assert factions["Mage Spawn"].rules_source.startswith("Rulebook IV, Restrictions")
    assert factions["Orc Raiders"].rules == "" and factions["Orc Raiders"].rules_source == ""


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def _longest_shared_run(a: str, b: str) -> int:
    wa, wb = _words(a), _words(b)
    best = 0
    for n in range(1, len(wa) + 1):
        grams = {tuple(wb[i:i + n]) for i in range(len(wb) - n + 1)}
        if not any(tuple(wa[i:i + n]) in grams for i in range(len(wa) - n + 1)):
            break
        best = n
    return best


@pytest.mark.shared
def test_table_agrees_with_the_feed_but_words_are_our_own() -> None:
    path = SHARED_DATA / "mageknight_net" / "specialabilities.json"
    if not path.is_file():
        pytest.skip("../shared/data is not present")
    feed = {a["SpecialAbilityTypeKey"]: a
            for a in json.loads(path.read_text())["SpecialAbilityTypes"]}
    colours = {"1.0,0.582,0.0,1.0": "orange"}
    symbols = {"ab_squ": "square", "ab_circ": "circle"}
    for feed_id, ability in abilities_by_feed_id(load_abilities()).items():
        entry = feed[feed_id]
        assert ability.slot == entry["Stat"].lower(), ability.name
        assert ability.colour == colours.get(entry["AbilityColor"], entry["AbilityColor"])
        assert ability.symbol == symbols[entry["AbilitySymbol"]], ability.name
        if ability.name != "Demoralized":  # the feed marks it optional; the card does not
            assert ability.optional == entry["IsOptional"], ability.name
        assert _longest_shared_run(ability.text, entry["SpecialAbilityDescription"]) < 13, (
            f"{ability.name}: text follows the feed's wording too closely")


# --- bad tables ----------------------------------------------------------------------------

GOOD_ABILITY = {
    "feed_id": "98", "name": "Flight", "slot": "speed", "colour": "orange",
    "symbol": "square", "optional": "true", "text": "Optional. Flies over things.",
    "text_source": "Special Abilities Card (project's words)",
}
GOOD_FACTION = {"feed_id": "10", "name": "Orc Raiders", "short_name": "OrcRaiders",
                "rules": "", "rules_source": ""}


def _csv(path: Path, columns: tuple[str, ...], rows: list[dict[str, str]]) -> Path:
    def cell(v: str) -> str:
        return '"' + v.replace('"', '""') + '"' if ("," in v or '"' in v) else v

    lines = [",".join(columns)] + [",".join(cell(r[c]) for c in columns) for r in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _second_row_bad(tmp_path: Path, columns: tuple[str, ...], good: dict[str, str],
                    column: str, value: str) -> Path:
    other = {**good, "name": "Other", "feed_id": "99"}
    bad = {**other, column: value}
    return _csv(tmp_path / "table.csv", columns, [good, bad])


@pytest.mark.parametrize(("column", "value", "message"), [
    ("slot", "movement", "expected one of speed, attack, defense, damage, any"),
    ("colour", "1.0,0.582,0.0,1.0", "plain lower-case colour name"),
    ("colour", "", "must not be empty"),
    ("symbol", "ab_squ", "expected one of square, circle, skull"),
    ("optional", "yes", "expected true or false"),
    ("text", "", "must not be empty"),
    ("text_source", "", "must not be empty"),
    ("feed_id", "ninety", "expected a whole number"),
    ("feed_id", "98", "already used in row 1"),
    ("name", "Flight", "already used in row 1"),
    ("name", "", "must not be empty"),
])
def test_bad_ability_rows_name_row_and_column(tmp_path: Path, column: str, value: str,
                                              message: str) -> None:
    path = _second_row_bad(tmp_path, ABILITY_COLUMNS, GOOD_ABILITY, column, value)
    with pytest.raises(RuleTableError) as err:
        load_abilities(path)
    text = str(err.value)
    assert "table.csv, row 2 (line 3)" in text
    assert f"column {column}:" in text
    assert message in text
    assert (err.value.row, err.value.column) == (2, column)


@pytest.mark.parametrize(("column", "value", "message"), [
    ("rules_source", "", "faction rules need a source"),
    ("name", "Orc Raiders", "already used in row 1"),
    ("feed_id", "10", "already used in row 1"),
    ("feed_id", "-3", "at least 1"),
])
def test_bad_faction_rows_name_row_and_column(tmp_path: Path, column: str, value: str,
                                              message: str) -> None:
    good = dict(GOOD_FACTION)
    other = {**good, "name": "Shyft", "feed_id": "11", "rules": "Shyft rules.",
             "rules_source": "FAQ"}
    path = _csv(tmp_path / "table.csv", FACTION_COLUMNS, [good, {**other, column: value}])
    with pytest.raises(RuleTableError) as err:
        load_factions(path)
    assert "row 2 (line 3)" in str(err.value)
    assert f"column {column}:" in str(err.value)
    assert message in str(err.value)


def test_rules_without_source_and_source_without_rules(tmp_path: Path) -> None:
    path = _csv(tmp_path / "f.csv", FACTION_COLUMNS, [{**GOOD_FACTION, "rules_source": "FAQ"}])
    with pytest.raises(RuleTableError, match=r"row 1 \(line 2\), column rules: "):
        load_factions(path)


def test_header_problems_name_the_column(tmp_path: Path) -> None:
    path = tmp_path / "abilities.csv"
    path.write_text("feed_id,name,slot,colour,symbol,optional,text\n98,Flight,speed,orange,"
                    "square,true,Flies.\n")
    with pytest.raises(RuleTableError, match=r"abilities\.csv, column text_source: missing"):
        load_abilities(path)
    path.write_text(",".join(ABILITY_COLUMNS) + ",colour_hex\n")
    with pytest.raises(RuleTableError, match=r"column colour_hex: unknown column"):
        load_abilities(path)


def test_short_and_long_rows_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "factions.csv"
    path.write_text(",".join(FACTION_COLUMNS) + "\n10,Orc Raiders,OrcRaiders\n")
    with pytest.raises(RuleTableError, match=r"row 1 \(line 2\), column rules: 3 fields"):
        load_factions(path)
    path.write_text(",".join(FACTION_COLUMNS) + "\n\n10,Orc Raiders,OrcRaiders,,,x\n")
    with pytest.raises(RuleTableError, match=r"row 1 \(line 3\), column \(extra\): 6 fields"):
        load_factions(path)


def test_missing_empty_and_non_utf8_files(tmp_path: Path) -> None:
    with pytest.raises(RuleTableError, match=r"nope\.csv: no such file"):
        load_abilities(tmp_path / "nope.csv")
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    with pytest.raises(RuleTableError, match="empty file"):
        load_factions(empty)
    latin = tmp_path / "latin.csv"
    latin.write_bytes(",".join(FACTION_COLUMNS).encode() + b"\n1,Caf\xe9,,,\n")
    with pytest.raises(RuleTableError, match="not UTF-8"):
        load_factions(latin)


def test_blank_lines_are_skipped_and_counted_in_lines(tmp_path: Path) -> None:
    path = tmp_path / "a.csv"
    path.write_text(",".join(ABILITY_COLUMNS) + "\n\n98,Flight,speed,orange,square,true,"
                    "Optional. Flies.,card\n\n99,Bad,speed,orange,square,maybe,x,card\n")
    with pytest.raises(RuleTableError, match=r"row 2 \(line 5\), column optional"):
        load_abilities(path)
