"""The rulebook's example army on the real catalogue (skipped when ../shared/data is absent)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder.cli import main


@pytest.fixture
def real_db(db_path: Path, shared_data: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    assert main(["catalogue", "update", str(shared_data / "rebuilt")]) == 0
    capsys.readouterr()
    return db_path


def validate(capsys: pytest.CaptureFixture[str], name: str) -> tuple[int, dict]:
    code = main(["army", "validate", name, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_rulebook_example_army(real_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Rulebook II, Building Your Army: Rich's 100-point army, 98 points, one action.
    assert main(["army", "new", "Rich", "--total", "100"]) == 0
    for figure in ("Altem Guardsman tough", "Demi-Magus weak", "Utem Crossbowman tough",
                   "Utem Guardsman standard", "Leech Medic tough"):
        assert main(["army", "add", "Rich", figure]) == 0, figure
    capsys.readouterr()
    code, report = validate(capsys, "Rich")
    assert code == 0 and report["legal"] is True
    assert (report["points"], report["build_total"], report["actions"]) == (98, 100, 1)
    assert not [f for f in report["findings"] if f["severity"] == "error"]
    atlantis = next(g for g in report["formations"] if g["faction"] == "Atlantis Guild")
    assert atlantis["count"] == 4 and atlantis["movement_ranged"] and atlantis["close"]


def test_any_second_unique_makes_it_illegal(real_db: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    main(["catalogue", "search", "--unique", "--max-points", "60", "--expansion", "rebellion",
          "--json"])
    uniques = [r["key"] for r in json.loads(capsys.readouterr().out)]
    assert len(uniques) >= 3
    for key in uniques[:3]:
        main(["army", "new", key, "--total", "200", "--profile", "open"])
        main(["army", "add", key, key, "--count", "2"])
        capsys.readouterr()
        code, report = validate(capsys, key)
        assert code == 1 and not report["legal"]
        assert any(f["rule"] == "unique" and f["severity"] == "error"
                   for f in report["findings"])


def test_mixed_army_formation_findings(real_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["army", "new", "Mixed", "--total", "200"])
    for figure, count in (("R058", 3), ("Leech Medic weak", 1), ("Amazon Blademistress weak", 1)):
        main(["army", "add", "Mixed", figure, "--count", str(count)])
    capsys.readouterr()
    _, report = validate(capsys, "Mixed")
    messages = [f["message"] for f in report["findings"] if f["rule"].startswith("formation")]
    assert any("Black Powder Rebels: 2 figures, no movement or ranged formation possible"
               in m for m in messages)
