"""The army commands as a player types them, on a small hand-made feed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import write_feed
from openpyxl import load_workbook

from armybuilder.cli import main

VALIDATE_KEYS = {"legal", "points", "build_total", "actions", "findings", "formations"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def feed_db(db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    assert run(capsys, "catalogue", "update", str(write_feed(tmp_path / "feed")))[0] == 0
    return db_path


def test_build_validate_and_export(feed_db: Path, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "army", "new", "Orcs", "--total", "100")[0] == 0
    code, out, _ = run(capsys, "army", "add", "Orcs", "R001", "--count", "2")
    assert code == 0 and "22/100 points" in out
    run(capsys, "army", "add", "Orcs", "test grunt tough")
    code, out, _ = run(capsys, "army", "validate", "Orcs", "--json")
    report = json.loads(out)
    assert code == 0 and set(report) == VALIDATE_KEYS
    assert (report["legal"], report["points"], report["actions"]) == (True, 39, 1)
    assert all(set(f) == {"severity", "rule", "source", "message", "figures"}
               for f in report["findings"])
    assert {g["faction"] for g in report["formations"]} >= {"Orc Raiders"}
    # Two uniques of the same figure make it illegal: exit status 1.
    run(capsys, "army", "add", "Orcs", "lancers:160", "--count", "2")
    code, out, _ = run(capsys, "army", "validate", "Orcs")
    assert code == 1 and "NOT legal" in out and "unique" in out
    code, out, _ = run(capsys, "army", "export", "Orcs", str(tmp_path / "orcs.xlsx"))
    assert code == 0
    sheet = load_workbook(tmp_path / "orcs.xlsx")["Army"]
    assert sheet["B1"].value == "Orcs" and sheet["B4"].value == "no"
    keys = [sheet.cell(r, 2).value for r in range(7, 10)]
    assert keys == ["rebellion:1", "rebellion:3", "lancers:160"]


@pytest.mark.parametrize("suffix", [".xlsx", ".csv", ".txt"])
def test_export_import_round_trip(feed_db: Path, tmp_path: Path, suffix: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "army", "new", "A", "--total", "200", "--notes", "test")
    run(capsys, "army", "add", "A", "rebellion:1", "--count", "3")
    run(capsys, "army", "add", "A", "lancers:160")
    path = tmp_path / f"a{suffix}"
    assert run(capsys, "army", "export", "A", str(path))[0] == 0
    code, _out, err = run(capsys, "army", "import", str(path), "--name", "B")
    assert code == 0, err
    _, a, _ = run(capsys, "army", "show", "A", "--json")
    _, b, _ = run(capsys, "army", "show", "B", "--json")
    a_json, b_json = json.loads(a), json.loads(b)
    assert a_json["entries"] == b_json["entries"]
    assert (b_json["build_total"], b_json["profile"]) == (200, "standard")


def test_list_copy_rename_delete(feed_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "army", "new", "A", "--total", "100", "--profile", "casual")
    run(capsys, "army", "copy", "A", "B")
    run(capsys, "army", "rename", "B", "C")
    _, out, _ = run(capsys, "army", "list", "--json")
    assert [a["name"] for a in json.loads(out)] == ["A", "C"]
    run(capsys, "army", "delete", "A")
    _, out, _ = run(capsys, "army", "list", "--json")
    assert [a["name"] for a in json.loads(out)] == ["C"]


def test_import_reports_every_unknown_row(feed_db: Path, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "list.txt"
    path.write_text("Army: Mystery\nBuild total: 100 (open)\n\n"
                    "2x Test Grunt (*) [rebellion:1]\n1x Nobody Known (***)\n"
                    "1x Test Grunt (**)\n")
    code, _, err = run(capsys, "army", "import", str(path))
    assert code == 2
    assert "list.txt, line 5: unknown figure" in err
    assert "list.txt, line 6:" in err
    _, out, _ = run(capsys, "army", "list", "--json")
    assert json.loads(out) == []  # nothing half-saved


@pytest.mark.parametrize(("argv", "message"), [
    (["army", "new", "X", "--total", "250"], "positive multiple of 100"),
    (["army", "new", "X", "--total", "200", "--profile", "nope"], "nope"),
    (["army", "add", "Ghost", "R001"], "no army named 'Ghost'"),
    (["army", "show", "Ghost"], "no army named 'Ghost'"),
    (["army", "export", "Ghost", "x.xlsx"], "no army named 'Ghost'"),
    (["army", "import", "/no/such/list.csv"], "no such file"),
])
def test_bad_army_input(feed_db: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
                        message: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err
