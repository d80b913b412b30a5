"""``armybuilder engine coverage``: the catalogue's abilities and whether the engine plays
them, on small hand-made feeds."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from armybuilder.catalogue.service import Catalogue
from armybuilder.cli import engine as cli_engine

FLIGHT_ID, FRENZY_ID, BLANK, DEAD = 98, 127, 85, 93  # mageknight.net ability ids
CLICK = "Model.Dial.Clicks.Click."


def feed_model(model_id: int, name: str, number: int, speed_ability: int) -> dict:
    """An invented figure in the feed's layout: four live clicks, the first showing
    ``speed_ability``."""
    clicks = []
    for i in range(12):
        live = i < 4
        value = str(8 - i) if live else "Dead"
        ability = (speed_ability if i == 0 else BLANK) if live else DEAD
        clicks.append({CLICK + "ClickNumber": i, CLICK + "Speed": value,
                       CLICK + "Attack": value, CLICK + "Defense": value,
                       CLICK + "Damage": "1" if live else "Dead",
                       CLICK + "SpeedAbilityId": ability,
                       CLICK + "AttackAbilityId": BLANK if live else DEAD,
                       CLICK + "DefenseAbilityId": BLANK if live else DEAD,
                       CLICK + "DamageAbilityId": BLANK if live else DEAD})
    return {"Model.ModelId": model_id, "Model.ShortName": name, "Model.Name": name + " - *",
            "Model.ExpansionId": 7, "Model.ExpansionName": "Rebellion", "Model.Rank": "Weak",
            "Model.Frequency": "2", "Model.UnitCost": "20", "Model.FigureNumber": str(number),
            "Model.Range": "0", "Model.Arc": "90", "Model.Factions": "Orc Raiders",
            "Dials": [{"Model.Dial.DialID": model_id, "Clicks": clicks}],
            "Model.CorrectName": name, "Model.BaseType": "infantry",
            "Model.CorrectNameID": f"R{number:03d}"}


def write_feed(folder: Path, models: list[dict]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "mkstats.json"
    path.write_text(json.dumps({"Models": models}))
    return path


def run(db: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    parser = argparse.ArgumentParser(prog="armybuilder")
    parser.add_argument("--db", type=Path, default=None)
    commands = parser.add_subparsers(dest="command")
    cli_engine.add_commands(commands, lambda p: p.add_argument(
        "--db", type=Path, default=argparse.SUPPRESS))
    args = parser.parse_args([*argv, "--db", str(db)])
    code = args.run(args)
    return code, capsys.readouterr().out


def catalogue_from(tmp_path: Path, models: list[dict]) -> Path:
    db = tmp_path / "catalogue.sqlite"
    catalogue = Catalogue.open(db, seed=False)
    catalogue.seed()
    catalogue.update_from_feed(write_feed(tmp_path / "feed", models))
    catalogue.close()
    return db


def test_coverage_lists_each_ability_with_its_figures(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    db = catalogue_from(tmp_path, [feed_model(1, "Flyer", 1, FLIGHT_ID),
                                   feed_model(2, "Other Flyer", 2, FLIGHT_ID)])
    code, out = run(db, capsys, "engine", "coverage", "--json")
    report = json.loads(out)
    assert code == 0 and report["implemented"] == report["total"]
    flight = next(a for a in report["abilities"] if a["name"] == "Flight")
    assert flight["implemented"] and flight["figures"] >= 2
    assert "Special Abilities Card, Flight" in flight["source"]
    assert {"name": "Frenzy", "implemented": False} in report["not_on_figures"]
    code, out = run(db, capsys, "engine", "coverage")
    assert code == 0 and "Flight" in out and "abilities on catalogue figures are implemented" \
        in out


def test_an_ability_without_rules_is_shown_and_fails_the_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = catalogue_from(tmp_path, [feed_model(7, "Berserker", 7, FRENZY_ID)])
    code, out = run(db, capsys, "engine", "coverage")
    assert code == cli_engine.EXIT_MISSING
    assert "Frenzy" in out and "NOT implemented" in out
    total = len(json.loads(run(db, capsys, "engine", "coverage", "--json")[1])["abilities"])
    assert f"{total - 1} of {total} abilities" in out
