"""The catalogue commands as a player types them: output, --json, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import write_feed

from armybuilder.cli import main

SHOW_KEYS = {"key", "name", "expansion", "number", "rank", "points", "unique", "factions",
             "range", "targets", "arc", "base", "starting_click", "dials", "abilities", "errata"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_update_show_and_search(db_path: Path, tmp_path: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    feed = write_feed(tmp_path / "feed")
    code, out, _ = run(capsys, "catalogue", "update", str(feed.parent))
    assert code == 0 and "3 added" in out
    code, out, _ = run(capsys, "catalogue", "show", "R003", "--json")
    shown = json.loads(out)
    assert set(shown) == SHOW_KEYS
    assert shown["key"] == "rebellion:3" and shown["targets"] == 2
    dial = shown["dials"][0]
    assert dial["position"] == "main" and len(dial["clicks"]) == 12
    first = dial["clicks"][0]
    assert set(first) == {"index", "speed", "attack", "defense", "damage", "dead", "abilities"}
    assert first["abilities"] == {"speed": "Flight"}
    assert dial["clicks"][11]["dead"] is True and dial["clicks"][11]["speed"] is None
    code, out, _ = run(capsys, "catalogue", "show", "Rebellion:3")
    assert code == 0 and "Test Grunt" in out and "Flight" in out and "☠" in out
    code, out, _ = run(capsys, "catalogue", "search", "grunt", "--rank", "weak", "--json")
    assert [r["key"] for r in json.loads(out)] == ["rebellion:1"]
    code, out, _ = run(capsys, "catalogue", "search", "--faction", "Orc Raiders",
                       "--expansion", "R")
    assert code == 0 and "2 figures" in out


def test_errata_listing(db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "catalogue", "errata", "--json")
    rows = json.loads(out)
    assert code == 0 and {r["status"] for r in rows} >= {"not in catalogue"}
    assert any(r["id"] == "chariot-2" and r["field"] == "damage" for r in rows)


@pytest.mark.parametrize(("argv", "message"), [
    (["catalogue", "show", "nobody:1"], "unknown figure 'nobody:1'"),
    (["catalogue", "show", "Demo"], "fits"),
    (["catalogue", "update", "/no/such/feed.json"], "no such file"),
    (["catalogue", "import", "/no/such/sheet.xlsx"], "sheet.xlsx"),
    (["catalogue", "search", "--rank", "elite"], "unknown rank"),
])
def test_bad_input_exits_2_with_a_message(db_path: Path, capsys: pytest.CaptureFixture[str],
                                          argv: list[str], message: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err and err.startswith("armybuilder: error:")


def test_wrong_flag_is_a_usage_error(db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["catalogue", "search", "--colour", "red"])
    assert exit_.value.code == 2
    assert "unrecognized arguments: --colour" in capsys.readouterr().err


def test_module_entry_point_and_db_flag(tmp_path: Path) -> None:
    db = tmp_path / "chosen.sqlite"
    done = subprocess.run([sys.executable, "-m", "armybuilder", "--db", str(db), "catalogue",
                           "summary", "--json"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["database"] == str(db)
    assert db.is_file()


@pytest.mark.parametrize("name", ["whole.xlsx", "whole.csv"])
def test_catalogue_export_import_round_trip(db_path: Path, tmp_path: Path, name: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "catalogue", "update", str(write_feed(tmp_path / "feed")))
    assert run(capsys, "catalogue", "export", str(tmp_path / name))[0] == 0
    _, before, _ = run(capsys, "catalogue", "show", "R003", "--json")
    other = tmp_path / "other.sqlite"
    code, _, err = run(capsys, "--db", str(other), "catalogue", "import", str(tmp_path / name))
    assert code == 0, err
    _, after, _ = run(capsys, "--db", str(other), "catalogue", "show", "R003", "--json")
    assert json.loads(after)["dials"] == json.loads(before)["dials"]
    _, a, _ = run(capsys, "catalogue", "search", "--json")
    _, b, _ = run(capsys, "--db", str(other), "catalogue", "search", "--json")
    assert json.loads(a) == json.loads(b)


def test_chariot_errata_applied_to_the_fixture(db_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "catalogue", "show", "Atlantean Ram", "--json")
    ram = json.loads(out)
    front = next(d for d in ram["dials"] if d["position"] == "front")
    assert front["clicks"][7]["damage"] == 0  # FAQ, Chariot Figures 2: a 0, not a skull
    assert any(e["id"] == "chariot-2" and e["status"] == "applied" for e in ram["errata"])
    _, out, _ = run(capsys, "catalogue", "show", "Black Powder War Wagon", "--json")
    wagon = json.loads(out)
    assert (wagon["unique"], wagon["rank"]) == (False, "standard")


def test_bad_spreadsheet_import_leaves_database_untouched(db_path: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    run(capsys, "catalogue", "export", str(tmp_path / "cat"))
    figures = tmp_path / "cat" / "figures.csv"
    figures.write_text(figures.read_text().replace("Orc Raiders", "Gnome Tinkers", 1))
    _, before, _ = run(capsys, "catalogue", "search", "--json")
    code, _, err = run(capsys, "catalogue", "import", str(tmp_path / "cat"))
    assert code == 2
    assert "figures.csv, row" in err and "column factions: unknown faction 'Gnome Tinkers'" in err
    _, after, _ = run(capsys, "catalogue", "search", "--json")
    assert after == before
