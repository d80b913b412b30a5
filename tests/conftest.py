"""Shared test fixtures: the real data folder (skipped when absent) and small hand-made feeds."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"

# No test may reach the player's own database: a test that forgets --db, or undoes its
# ARMYBUILDER_DB, finds an empty data folder of its own (platformdirs reads XDG_DATA_HOME;
# set before any test runs and inherited by the programs tests start).
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="armybuilder-test-data-")


@pytest.fixture
def shared_data() -> Path:
    if not (SHARED_DATA / "rebuilt" / "mkstats_rebuilt.json").is_file():
        pytest.skip("../shared/data is not present")
    return SHARED_DATA


@pytest.fixture
def db_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "armybuilder.sqlite"
    monkeypatch.setenv("ARMYBUILDER_DB", str(path))
    yield path


def feed_click(index: int, speed: Any, attack: Any, defense: Any, damage: Any,
               abilities: tuple[int, int, int, int] = (85, 85, 85, 85)) -> dict[str, Any]:
    p = "Model.Dial.Clicks.Click."
    return {
        p + "ClickNumber": index,
        p + "Attack": attack, p + "AttackAbilityId": abilities[1],
        p + "Damage": damage, p + "DamageAbilityId": abilities[3],
        p + "Defense": defense, p + "DefenseAbilityId": abilities[2],
        p + "Speed": speed, p + "SpeedAbilityId": abilities[0],
    }


def feed_model(model_id: int, name: str, rank: str = "Weak", expansion: str = "Rebellion",
               expansion_id: int = 7, number: int = 1, cost: str = "20", rng: str = "0",
               factions: str = "Orc Raiders", live: int = 5, frequency: str = "2",
               letter: str = "R", base: str = "infantry") -> dict[str, Any]:
    """A hand-made model in the feed's layout: ``live`` clicks, then dead ones up to 12."""
    clicks = []
    for i in range(12):
        if i < live:
            abilities = (98, 85, 85, 95 if i == live - 1 else 85) if i == 0 or i == live - 1 \
                else (85, 85, 85, 85)
            clicks.append(feed_click(i, str(8 - i // 2), str(9 - i), str(16 - i), str(2),
                                     abilities))
        else:
            clicks.append(feed_click(i, "Dead", "Dead", "Dead", "Dead", (93, 93, 93, 93)))
    stars = {"Weak": " - *", "Standard": " - **", "Tough": " - ***"}.get(rank, " - Unique")
    return {
        "Model.ModelId": model_id, "Model.ShortName": name, "Model.Name": name + stars,
        "Model.ExpansionId": expansion_id, "Model.ExpansionName": expansion,
        "Model.Rank": rank, "Model.Frequency": frequency, "Model.UnitCost": cost,
        "Model.FigureNumber": str(number), "Model.Range": rng, "Model.Arc": "90",
        "Model.Factions": factions,
        "Dials": [{"Model.Dial.DialID": model_id, "Clicks": clicks}],
        "Model.CorrectName": name, "Model.BaseType": base,
        "Model.CorrectNameID": f"{letter}{number:03d}",
    }


def tiny_feed_models() -> list[dict[str, Any]]:
    """Three invented figures (not real dials) covering the feed's quirks."""
    return [
        feed_model(1, "Test Grunt", "Weak", number=1, cost="11"),
        feed_model(2, "Test Grunt", "Tough", number=3, cost="17", rng="8 (2 Targets)",
                   factions="Orc Raiders, Necropolis Sect"),
        feed_model(3, "Test Hero", "Promo L6", expansion="Lancers", expansion_id=3,
                   number=160, cost="49", frequency="LE 6", letter="L", base="cavalry",
                   rng="10"),
    ]


def write_feed(folder: Path, models: list[dict[str, Any]] | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "mkstats.json"
    path.write_text(json.dumps({"Models": tiny_feed_models() if models is None else models}))
    return path
