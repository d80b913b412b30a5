"""Format profiles as data: which findings are errors, and what each format allows."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_rules_support import LEECH_MEDIC, RICH, castle, fig

from armybuilder.rules import (
    Army,
    ArmyEntry,
    ProfileError,
    get_profile,
    load_profiles,
    validate,
)

HERO = fig("Arman Gessep", 40, 960, rank="unique")


def rich(total: int, *extra: ArmyEntry, profile: str = "standard") -> Army:
    return Army("Rich", total, profile, [ArmyEntry(f) for f in RICH] + list(extra))


def test_the_shipped_profiles():
    profiles = load_profiles()
    assert {"casual", "standard", "constructed"} <= set(profiles)
    assert profiles["standard"].build_total == 200
    assert profiles["standard"].source == "Rulebook VII, The Standard Game"
    constructed = profiles["constructed"]
    assert "rebellion" in constructed.expansions
    assert constructed.promos and not constructed.limited_editions and not constructed.castles


def test_an_unknown_profile_names_the_known_ones():
    with pytest.raises(ProfileError, match=r"unknown profile 'tournament'.*casual.*constructed"):
        get_profile("tournament")
    with pytest.raises(ProfileError, match="standard"):
        validate(rich(200, profile="tournament"))


def test_profile_names_ignore_case():
    assert get_profile(" Standard ").name == "standard"


def test_casual_makes_every_error_a_warning():
    army = rich(100, ArmyEntry(HERO, 2), profile="casual")
    report = validate(army)
    assert report.legal
    assert report.errors == ()
    warned = {f.rule for f in report.warnings}
    assert {"unique", "over-build-total"} <= warned
    assert validate(army, "open").legal is False


def test_standard_plays_200_points():
    report = validate(rich(100))
    assert [f.rule for f in report.errors] == ["profile-build-total"]
    assert report.errors[0].source == "Rulebook VII, The Standard Game"
    assert validate(rich(200)).legal
    assert validate(rich(200)).actions == 2


def test_constructed_allows_its_expansions_and_promos_but_not_limited_editions():
    promo = fig("Promo Captain", 30, 200, rank="unique", promo=True)
    limited = fig("LE Champion", 30, 201, rank="unique", promo=True, limited_edition=True)
    foreign = fig("Pyramid Mummy", 20, 50, expansion="pyramid")
    ok = validate(rich(200, ArmyEntry(promo), profile="constructed"))
    assert ok.legal
    bad = validate(rich(200, ArmyEntry(limited), ArmyEntry(foreign), profile="constructed"))
    assert sorted(f.rule for f in bad.errors) == ["expansion", "limited-edition"]
    assert any("'pyramid'" in f.message for f in bad.errors)
    # The same figures are fine where the format does not restrict them.
    assert validate(rich(200, ArmyEntry(limited), ArmyEntry(foreign), profile="standard")).legal


def test_constructed_has_no_castles():
    army = Army("Keep", 200, "constructed", [ArmyEntry(castle("wall", 4))],
                castle_player=True)
    # The fixture castle's expansion is not on the tournament list either.
    assert sorted(f.rule for f in validate(army).errors) == ["castles", "expansion"]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "profiles.toml"
    path.write_text(text)
    return path


def test_a_profile_maps_rules_to_severities(tmp_path: Path):
    profiles = load_profiles(write(tmp_path, """
[league]
build_total = 100
max_severity = "error"

[league.severity]
unique = "warning"
formation-single = "error"
points-left = "off"
"""))
    report = validate(rich(100, profile="league"), profiles=profiles)
    assert not report.legal
    assert [f.rule for f in report.errors] == ["formation-single"]  # the lone Leech Medic
    assert "points-left" not in [f.rule for f in report.findings]
    army = Army("Pair", 100, "league", [ArmyEntry(HERO, 2), ArmyEntry(LEECH_MEDIC)])
    assert "unique" in [f.rule for f in validate(army, profiles=profiles).warnings]


@pytest.mark.parametrize(("text", "expected"), [
    ("[x]\nbuild_totl = 200\n", r"profile 'x', field 'build_totl': unknown field"),
    ("[x]\nbuild_total = 250\n", r"field 'build_total': must be a positive multiple of 100"),
    ("[x]\ncastles = \"yes\"\n", r"field 'castles': expected bool"),
    ("[x]\nmax_severity = \"fatal\"\n", r"field 'max_severity'"),
    ("[x.severity]\nuniq = \"error\"\n", r"field 'severity.uniq': unknown rule"),
    ("[x.severity]\nunique = \"fatal\"\n", r"field 'severity.unique': expected one of"),
    ("[x\n", r"not valid TOML"),
    ("x = 1\n", r"'x' must be a \[table\]"),
])
def test_bad_profile_files_name_the_place(tmp_path: Path, text: str, expected: str):
    path = write(tmp_path, text)
    with pytest.raises(ProfileError, match=expected) as raised:
        load_profiles(path)
    assert str(path) in str(raised.value)
