"""`armybuilder battle gauntlet`, `battle results` and `battle merge` as a player types them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest
from sim.test_gauntlet import save

from armybuilder.cli import main
from armybuilder.sim import keys

FAST = ("--games", "4", "--rounds", "3", "--workers", "1")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def armies_db(db_path: Path) -> Path:
    save(db_path, "Rich", "Ian", "Bob")
    return db_path


def test_gauntlet_json_text_and_kept(armies_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "battle", "gauntlet", "Rich", "Ian", "Bob", *FAST, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert {"armies", "games_per_pair", "seed", "matrix", "ranking", "seconds"} <= set(data)
    assert data["armies"] == ["Rich", "Ian", "Bob"] and data["games_per_pair"] == 4
    assert set(data["matrix"]["Rich"]) == {"Ian", "Bob"}
    cell = data["matrix"]["Rich"]["Ian"]
    assert set(cell) == {"wins", "losses", "draws", "rate", "ci95"}
    assert data["played"] == 12 and data["kept"] == 0
    assert "games" not in err  # no progress bar unless stderr is a terminal
    # Text, from the kept results: nothing played again.
    code, out, _ = run(capsys, "battle", "gauntlet", "Rich", "Ian", "Bob", *FAST)
    assert code == 0
    assert "Gauntlet of 3 armies: 3 pairs, 4 games a pair, seed 1" in out
    assert "Played 0 games, 12 kept from earlier runs" in out
    assert "1 Rich" in out and "Ranking: a Bradley–Terry fit" in out
    assert f"{round(100 * cell['rate'])}% " in out
    # One more army (--all adds every saved one) plays only its pairs.
    save(armies_db, "Zed")
    code, out, _ = run(capsys, "battle", "gauntlet", "--all", *FAST, "--json")
    data = json.loads(out)
    assert data["armies"] == ["Bob", "Ian", "Rich", "Zed"]
    assert (data["played"], data["kept"]) == (12, 12)
    code, out, _ = run(capsys, "battle", "results")
    assert code == 0 and "24 games of 6 matchups" in out and "current" in out
    code, out, _ = run(capsys, "battle", "results", "--json")
    listing = json.loads(out)
    assert listing["games"] == 24 and len(listing["matchups"]) == 6
    assert all(m["state"] == "current" for m in listing["matchups"])
    # An army changed since: its pairs are marked.
    assert main(["army", "add", "Zed", "demo:1"]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, "battle", "results")
    assert out.count("changed since: Zed") == 3
    code, out, _ = run(capsys, "battle", "results", "--clear")
    assert code == 0 and "Forgot 24 kept games of 6 matchups" in out
    code, out, _ = run(capsys, "battle", "results")
    assert "No kept results" in out


def test_shards_then_merge(armies_db: Path, tmp_path: Path,
                           capsys: pytest.CaptureFixture[str]) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    for k in (1, 2, 3):
        code, out, err = run(capsys, "battle", "gauntlet", "Rich", "Ian", "Bob", *FAST,
                             "--fresh", "--shard", f"{k}/3", "--out",
                             str(shared / f"part{k}.json"))
        assert code == 0, err
        assert f"Shard {k} of 3: 4 games" in out
    code, out, err = run(capsys, "battle", "results", "--clear")
    files = sorted(str(p) for p in shared.glob("*.json"))
    code, out, err = run(capsys, "battle", "merge", *files, "--workers", "1")
    assert code == 0, err
    assert "Merged 3 shard files: 12 games added to the kept results, 0 already kept" in out
    assert "Played 12 of their 12 games again: each came out as its file says." in out
    code, out, _ = run(capsys, "battle", "gauntlet", "Rich", "Ian", "Bob", *FAST, "--json")
    assert json.loads(out)["played"] == 0
    code, out, _ = run(capsys, "battle", "merge", *files, "--json", "--workers", "1")
    assert json.loads(out) == {"files": 3, "matchups": 3, "added": 0, "already_kept": 12,
                               "verified": 12, "games": 12, "sample_seed": None}


def test_the_workbook(armies_db: Path, tmp_path: Path,
                      capsys: pytest.CaptureFixture[str]) -> None:
    book = tmp_path / "gauntlet.xlsx"
    code, out, err = run(capsys, "battle", "gauntlet", "Rich", "Ian", "Bob", *FAST, "--json",
                         "--xlsx", str(book))
    assert code == 0, err
    data = json.loads(out)
    wb = openpyxl.load_workbook(book)
    assert wb.sheetnames == ["Matchups", "Ranking", "Rich", "Ian", "Bob", "Games"]
    m = wb["Matchups"]
    assert [c.value for c in m[2]][:4] == ["army", "Rich", "Ian", "Bob"]
    assert m["C3"].value == pytest.approx(data["matrix"]["Rich"]["Ian"]["rate"])
    assert m["B3"].value is None and m["C3"].number_format == "0%"
    rules = [r for cf in m.conditional_formatting for r in cf.rules]
    assert rules and rules[0].type == "colorScale"
    assert [float(v.val) for v in rules[0].colorScale.cfvo] == [0.0, 0.5, 1.0]
    ranking = [row for row in wb["Ranking"].iter_rows(min_row=2, values_only=True)]
    assert [r[1] for r in ranking] == [x["army"] for x in data["ranking"]]
    rich = wb["Rich"]
    assert rich["A1"].value == "Rich: its record against each opponent"
    assert [c.value for c in rich[3]][:3] == ["Ian", 4, data["matrix"]["Rich"]["Ian"]["wins"]]
    assert rich["A7"].value == "key"
    figures = [row for row in rich.iter_rows(min_row=8, values_only=True) if row[0]]
    assert [r[0] for r in figures] == ["demo:1", "demo:4", "demo:11"]
    assert figures[0][2] == 2  # two pikemen
    games = list(wb["Games"].iter_rows(min_row=2, values_only=True))
    assert len(games) == 12 and all(isinstance(g[3], str) for g in games)  # seeds whole


@pytest.mark.parametrize(("argv", "message"), [
    (("battle", "gauntlet", "Rich"), "at least two armies"),
    (("battle", "gauntlet", "Rich", "Nobody"), "no army named 'Nobody'"),
    (("battle", "gauntlet", "Rich", "Ian", "--shard", "2"), "--shard takes K/N"),
    (("battle", "gauntlet", "Rich", "Ian", "--shard", "0/2"), "K must be 1 to N"),
    (("battle", "gauntlet", "Rich", "Ian", "--shard", "\u0661/\u0662"), "--shard takes K/N"),
    (("battle", "gauntlet", "Rich", "Ian", "--out", "x.json"), "use it with --shard"),
    (("battle", "gauntlet", "Rich", "Ian", "--players", "heuristic,random"),
     "one kind of player"),
    (("battle", "gauntlet", "Rich", "Ian", "--xlsx", "x.csv"), "must end in .xlsx"),
    (("battle", "gauntlet", "Rich", "Ian", "--xlsx", "no/such/folder/x.xlsx"),
     "does not exist"),
    (("battle", "gauntlet", "Rich", "Ian", "--clear"), "--clear does not go with battle "
                                                       "gauntlet"),
    (("battle", "Rich", "Ian", "--all"), "--all is for battle gauntlet"),
    (("battle", "Rich", "Ian", "Bob"), "a battle needs two saved armies"),
    (("battle", "results", "Rich"), "takes no names"),
    (("battle", "merge"), "needs one or more shard files"),
    (("battle", "merge", "missing.json"), "cannot read the shard file missing.json"),
    (("battle", "merge", "x.json", "--verify", "0"), "--verify takes all or a number"),
    (("battle", "merge", "x.json", "--verify", "9" * 40), "--verify takes all or a number"),
    (("battle", "merge", "x.json", "--verify", "\u0663"), "--verify takes all or a number"),
    (("battle", "merge", "x.json", "--verify-seed", "3"), "--verify-seed draws the sample"),
    (("battle", "Rich", "Ian", "--verify", "3"), "--verify is for battle gauntlet"),
    (("battle", "gauntlet", "Rich", "Ian", "--verify", "3"), "--verify does not go with"),
])
def test_bad_input_exits_2(armies_db: Path, capsys: pytest.CaptureFixture[str],
                           argv: tuple[str, ...], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith("armybuilder: error: ") and message in err, err
    assert out == ""


def test_the_workbook_and_the_shard_file_are_written_safely(
        armies_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As every export (armybuilder/files.py): an existing file or a symbolic link is refused
    before the first game unless --force, a link is replaced and never followed, and no
    temporary file is left."""
    def kept() -> int:
        return int(json.loads(run(capsys, "battle", "results", "--json")[1])["games"])

    for flag, name, extra in (("--xlsx", "g.xlsx", ()), ("--out", "part.json",
                                                          ("--shard", "1/2"))):
        argv = ("battle", "gauntlet", "Rich", "Ian", *FAST, *extra, flag)
        before = kept()
        path = tmp_path / name
        path.write_text("precious")
        code, out, err = run(capsys, *argv, str(path))
        assert code == 2 and out == "" and err.count("\n") == 1, err
        assert "already exists; pass --force" in err and path.read_text() == "precious"
        target = tmp_path / f"target-{name}"
        target.write_text("precious")
        link = tmp_path / f"link-{name}"
        link.symlink_to(target)
        code, _, err = run(capsys, *argv, str(link))
        assert code == 2 and "symbolic link" in err and err.count("\n") == 1, err
        assert kept() == before  # refused before any game was played
        assert run(capsys, *argv, str(link), "--force")[0] == 0
        assert not link.is_symlink() and target.read_text() == "precious"
        assert run(capsys, *argv, str(path), "--force")[0] == 0
        assert path.read_bytes() != b"precious"
    assert run(capsys, "battle", "merge", str(tmp_path / "part.json"),
               "--workers", "1")[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
    code, _, err = run(capsys, "battle", "results", "--force")
    assert code == 2 and "--force does not go with battle results" in err


def test_the_workbook_holds_no_live_formula(armies_db: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    formula = "=cmd|' /C calc'!A0"
    assert main(["army", "rename", "Bob", formula]) == 0
    book = tmp_path / "g.xlsx"
    code, _, err = run(capsys, "battle", "gauntlet", "Rich", formula, *FAST, "--xlsx",
                       str(book))
    assert code == 0, err
    wb = openpyxl.load_workbook(book)
    cells = [c for sheet in wb for row in sheet.iter_rows() for c in row
             if isinstance(c.value, str) and formula in c.value]
    assert len(cells) > 5 and all(c.data_type == "s" for c in cells)
    assert any(c.value == formula and c.quotePrefix for c in cells)


def test_pandas_waits_for_the_workbook(armies_db: Path, tmp_path: Path) -> None:
    """The CLI's start-up and a gauntlet without --xlsx never import pandas; one with
    --xlsx does (both in one process, in that order: one start-up instead of two)."""
    code = ("import json, sys; from armybuilder.cli import main; "
            "seen = ['pandas' in sys.modules]; "
            "argv = sys.argv[1:-2]; "
            "main(argv); seen.append('pandas' in sys.modules); "
            "main(argv + sys.argv[-2:]); seen.append('pandas' in sys.modules); "
            "print(json.dumps(seen))")
    argv = ["battle", "gauntlet", "Rich", "Ian", *FAST, "--xlsx", str(tmp_path / "g.xlsx")]
    env = {**os.environ, "ARMYBUILDER_DB": str(armies_db)}
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True,
                          text=True, check=True, env=env)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [False, False, True], \
        done.stderr
    assert (tmp_path / "g.xlsx").is_file()


def test_the_app_never_loads_pandas() -> None:
    """The app's modules, the gauntlet and its ranking load no pandas (only --xlsx does)."""
    code = ("import json, sys; import armybuilder.tui.app, armybuilder.tui.services, "
            "armybuilder.tui.screens.gauntlet, armybuilder.sim.gauntlet, "
            "armybuilder.sim.ranking, armybuilder.sim.shards; "
            "print(json.dumps('pandas' in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert json.loads(done.stdout) is False


def test_results_from_older_rules_are_marked(armies_db: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    with monkeypatch.context() as older:
        older.setattr(keys, "RULES_VERSION", "2-000000000000")
        assert run(capsys, "battle", "gauntlet", "Rich", "Ian", *FAST)[0] == 0
        code, out, _ = run(capsys, "battle", "results")
        assert "current" in out
    code, out, _ = run(capsys, "battle", "results")
    assert code == 0 and "older rules" in out
    # Not used: the gauntlet plays its games again under the current rules.
    code, out, _ = run(capsys, "battle", "gauntlet", "Rich", "Ian", *FAST, "--json")
    assert json.loads(out)["played"] == 4


def test_a_shard_with_huge_victory_points_is_refused_in_one_line(
        armies_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """2^70 victory points (more than SQLite's integers hold) ended in an internal error:
    now a refusal naming file, matchup and game, exit 2, nothing kept."""
    path = tmp_path / "part.json"
    assert run(capsys, "battle", "gauntlet", "Rich", "Ian", *FAST, "--shard", "1/1",
               "--out", str(path))[0] == 0
    run(capsys, "battle", "results", "--clear")
    data = json.loads(path.read_text())
    data["matchups"][0]["games"][0][3] = 2**70
    path.write_text(json.dumps(data))
    code, out, err = run(capsys, "battle", "merge", str(path), "--workers", "1")
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert "part.json: matchup 1 (" in err and "game 0: victory points" in err
    assert "No kept results" in run(capsys, "battle", "results")[1]
