"""`armybuilder battle` as a player types it: a batch, bad input, a logged game replayed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder.cli import main

JSON_KEYS = {"games", "seed", "wins", "win_rate_a", "ci95", "victory_points", "rounds",
             "figures", "seconds", "paired", "pairs"}
FAST = ("--games", "2", "--rounds", "3", "--workers", "1")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def armies_db(db_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    for argv in (["army", "new", "Rich", "--total", "100"],
                 ["army", "add", "Rich", "demo:1", "--count", "2"],
                 ["army", "add", "Rich", "demo:4"],
                 ["army", "new", "Ian", "--total", "100"],
                 ["army", "add", "Ian", "demo:2"],
                 ["army", "add", "Ian", "demo:9"],
                 ["army", "new", "Empty", "--total", "100"],
                 ["army", "new", "Carts", "--total", "200"],
                 ["army", "add", "Carts", "Atlantean Ram"],
                 ["army", "new", "Keep", "--total", "200", "--castle-player"],
                 ["army", "add", "Keep", "Castle Keep"]):
        assert main(argv) == 0, argv
    capsys.readouterr()
    return db_path


def test_batch_json_and_text(armies_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "battle", "Rich", "Ian", *FAST, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert set(data) == JSON_KEYS and data["games"] == 2 and data["seed"] == 1
    assert sum(data["wins"].values()) == 2
    # No progress bar when stderr is not a terminal.
    assert "games" not in err
    code, out, _ = run(capsys, "battle", "Rich", "Ian", *FAST, "--players", "random")
    assert code == 0
    assert "Rich (A) against Ian (B): 2 games, seed 1, 3 rounds, terrain standard" in out
    assert "A's win rate:" in out and "95% interval" in out
    assert "Demo Pikeman" in out and "clicks dealt/game" in out


def test_the_same_seed_gives_the_same_json(armies_db: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for workers in ("1", "2"):
        code, out, _ = run(capsys, "battle", "Rich", "Ian", "--games", "3", "--rounds", "3",
                           "--seed", "9", "--workers", workers, "--json")
        assert code == 0
        data = json.loads(out)
        del data["seconds"]
        runs.append(data)
    assert runs[0] == runs[1]


@pytest.mark.parametrize(("argv", "message"), [
    (("battle", "Rich", "Nobody"), "no army named 'Nobody'"),
    (("battle", "Rich", "Empty"), "army 'Empty' has no figures"),
    (("battle", "Rich", "Keep", "--castle", "a"),
     "--castle a: army 'Rich' is not marked as the castle player"),
    (("battle", "replay", "x.json", "--castle", "a"), "--castle chooses the castle player"),
    (("battle", "Rich", "Ian", "--terrain", "moon"), "--terrain: unknown preset 'moon'"),
    (("battle", "Rich", "Ian", "--games", "0"), "--games must be at least 1"),
    (("battle", "Rich", "Ian", "--workers", "0"), "--workers must be at least 1"),
    (("battle", "Rich", "Ian", "--players", "a,b,c"), "--players takes one kind or two"),
    (("battle", "Rich", "Ian", "--players", "heuristic,genius"), "unknown player kind"),
    (("battle", "Rich", "Ian", "--games", "3", "--log", "x.json"), "use it with --games 1"),
    (("battle", "Rich"), "a battle needs two saved armies"),
    (("battle", "replay"), "battle replay needs the log's path"),
    (("battle", "replay", "no-such-log.json"), "log no-such-log.json: no such file"),
])
def test_bad_input_exits_2(armies_db: Path, capsys: pytest.CaptureFixture[str],
                           argv: tuple[str, ...], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith("armybuilder: error: ") and message in err, err
    assert out == ""


def test_log_one_game_then_replay_it(armies_db: Path, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.json"
    code, out, err = run(capsys, "battle", "Rich", "Ian", "--games", "1", "--rounds", "3",
                         "--log", str(log), "--json")
    assert code == 0 and json.loads(out)["games"] == 1
    assert f"wrote {log}" in err
    assert json.loads(log.read_text())["start"]["round_limit"] == 3
    code, out, err = run(capsys, "battle", "replay", str(log))
    assert code == 0, err
    for round_ in (1, 2, 3):
        assert f"=== Round {round_} ===" in out
    assert out.count("+------------------------------------+") >= 2 * 4  # deployed, 3 rounds
    assert "-- the armies deployed --" in out and "-- the end --" in out
    assert "A Demo Pikeman" in out and "a Demo Pikeman" in out
    assert "Game over in round 3" in out
    code, quiet, _ = run(capsys, "battle", "replay", str(log), "--maps", "none")
    assert code == 0 and "+---" not in quiet and "Game over" in quiet


def test_replay_refuses_a_tampered_log(armies_db: Path, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.json"
    assert run(capsys, "battle", "Rich", "Ian", "--games", "1", "--rounds", "2",
               "--log", str(log))[0] == 0
    data = json.loads(log.read_text())
    data["entries"][0]["events"][0]["dice"] = [6, 6]  # a first-player roll never made
    log.write_text(json.dumps(data))
    code, _, err = run(capsys, "battle", "replay", str(log))
    assert code == 2 and "does not replay" in err and "entry 0" in err
    log.write_text("{not json")
    code, _, err = run(capsys, "battle", "replay", str(log))
    assert code == 2 and "not JSON" in err


def test_army_names_forgive_and_different_build_totals_are_named(
        armies_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    quick = ("--games", "1", "--rounds", "1")
    code, _, err = run(capsys, "battle", "rich", "Iann", *quick)
    assert code == 0 and err == "armybuilder: note: taking army 'Ian' for 'Iann'\n", err
    code, _, err = run(capsys, "battle", "Rich", "Cart", *quick)
    assert code == 0, err
    assert err.splitlines() == [
        "armybuilder: note: taking army 'Carts' for 'Cart'",
        "armybuilder: warning: the armies' build totals differ (100: 'Rich'; 200: 'Carts'); "
        "the bigger total brings more points and more actions a turn (Rulebook II: the "
        "players agree on one)"]


def test_replay_of_what_is_no_game_log_says_so_in_one_line(
        armies_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "picture.png").write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe\x00")
    (tmp_path / "notes.txt").write_text("Saturday: Rich against Ian\n", encoding="utf-8")
    for name, said in (("missing.json", "no such file"), ("", "a folder, not a game log"),
                       ("picture.png", "not a game log (not text)"),
                       ("notes.txt", "not a game log (not JSON")):
        code, out, err = run(capsys, "battle", "replay", str(tmp_path / name))
        assert code == 2 and out == "" and said in err, err
        assert err.count("\n") == 1 and "codec" not in err and "Errno" not in err, err


@pytest.fixture
def real_db(db_path: Path, shared_data: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    assert main(["catalogue", "update", str(shared_data / "rebuilt")]) == 0
    capsys.readouterr()
    return db_path


@pytest.mark.shared
def test_real_armies_fight(real_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Rulebook II's example army against two of R058 and a Leech Medic.
    main(["army", "new", "Rich", "--total", "100"])
    for figure in ("Altem Guardsman tough", "Demi-Magus weak", "Utem Crossbowman tough",
                   "Utem Guardsman standard", "Leech Medic tough"):
        assert main(["army", "add", "Rich", figure]) == 0, figure
    main(["army", "new", "Amazons", "--total", "100"])
    assert main(["army", "add", "Amazons", "R058", "--count", "2"]) == 0
    assert main(["army", "add", "Amazons", "Leech Medic weak"]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, "battle", "Rich", "Amazons", "--games", "2", "--rounds", "4",
                         "--workers", "1", "--terrain", "standard", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert sum(data["wins"].values()) == 2
    assert len(data["figures"]["a"]) == 5 and data["figures"]["b"][0]["count"] == 2
    # What each figure is worth, and the advisor, on the real catalogue (the same import):
    # every figure measured; the changes bring in the catalogue's own figures, within
    # the build total (98 of 100 points spent) and never a second copy of a unique.
    fast = ("--rounds", "3", "--workers", "1", "--terrain", "none", "--json")
    code, out, err = run(capsys, "army", "value", "Rich", "--against", "Amazons",
                         "--max-games", "2", *fast)
    assert code == 0, err
    assert sorted(f["key"] for f in json.loads(out)["figures"]) == [
        "rebellion:10", "rebellion:3", "rebellion:45", "rebellion:5", "rebellion:60"]
    code, out, err = run(capsys, "army", "improve", "Rich", "--against", "Amazons",
                         "--games-budget", "12", *fast)
    assert code == 0, err
    data = json.loads(out)
    assert data["legal"] > 3 and data["proposals"] and data["games_used"] <= 12
    for p in data["proposals"]:
        assert p["points"] <= 2, p
        assert p["in"] is None or not p["in"].startswith("demo:"), p
    code, out, _ = run(capsys, "catalogue", "show", data["proposals"][0]["in"], "--json")
    assert code == 0 and json.loads(out)["key"] == data["proposals"][0]["in"]
