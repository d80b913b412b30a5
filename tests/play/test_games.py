"""Saved games (the event log is the save) and `armybuilder play` on the command line:
everything but the app, which tests/tui/test_play_screen.py drives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder.catalogue.service import Catalogue
from armybuilder.cli import main
from armybuilder.play.games import GameError, Games
from armybuilder.play.new import NewGame, new_game, start_session
from armybuilder.play.session import PlaySession, Seats
from armybuilder.sim.armies import BattleError
from armybuilder.sim.replay import narrate, read_log
from play.play_support import scenario_game


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


def test_a_new_game_is_saved_at_once(armies_db: Path) -> None:
    catalogue = Catalogue.open(armies_db)
    try:
        game_id, warnings = new_game(catalogue, NewGame("Rich", "Ian", seed=5,
                                                        opponent="random", rounds=4))
        games = Games(catalogue)
        saved = games.get(game_id)
        assert (saved.army_a, saved.army_b, saved.commanders) == ("Rich", "Ian",
                                                                  ("human", "random"))
        assert (saved.seed, saved.terrain, saved.status, saved.actions) == (5, "standard",
                                                                            "playing", 0)
        assert warnings == []
        session = PlaySession.resume(games.log(game_id), Seats(saved.commanders, saved.seed))
        # Setting the scene has begun: the first player is rolled for, terrain comes next.
        assert session.board.phase == "terrain"
        assert [g.id for g in games.unfinished()] == [game_id]
    finally:
        catalogue.close()


def test_new_games_refuse_what_cannot_be_played(armies_db: Path) -> None:
    catalogue = Catalogue.open(armies_db)
    try:
        for request, message in (
                (NewGame("Rich", "Nobody"), "no army named 'Nobody'"),
                (NewGame("Rich", "Empty"), "has no figures"),
                # Castle rules, Playing Area and Set-Up: only the castle player's sections.
                (NewGame("Rich", "Keep", castle="a"),
                 "--castle a: army 'Rich' is not marked as the castle player"),
                (NewGame("Rich", "Ian", terrain="lava"), "--terrain: unknown preset 'lava'"),
                (NewGame("Rich", "Ian", rounds=0), "--rounds"),
                (NewGame("Rich", "Ian", side="c"), "--side"),
                (NewGame("Rich", "Ian", opponent="chess"), "--opponent")):
            with pytest.raises(BattleError, match=message):
                new_game(catalogue, request)
        assert Games(catalogue).list() == []  # nothing half-made
    finally:
        catalogue.close()


def test_a_chariot_army_plays(armies_db: Path) -> None:
    """Chariots play (the unified chariot rules): a game with one is started, saved and
    played to its end, and resumes from its log."""
    catalogue = Catalogue.open(armies_db)
    try:
        game_id, _ = new_game(catalogue, NewGame("Carts", "Rich", seed=3, rounds=1,
                                                 opponent="random"))
        games = Games(catalogue)
        saved = games.get(game_id)
        session = PlaySession.resume(games.log(game_id), Seats(saved.commanders, saved.seed))
        (cart,) = [p for p in session.board.pieces if p.chariot]
        assert cart.name == "Atlantean Ram" and cart.seat == 0
        assert [s.name for s in cart.sections] == ["front", "left", "right", "rear"]
        assert len(cart.base) == 4  # the engine's four discs, one a section
        while not session.over:
            session.play(session.ai_choice("random"))
        assert "Atlantean Ram" in "\n".join(session.lines)
        assert games.save(game_id, session.progress())
        again = PlaySession.resume(games.log(game_id), Seats(saved.commanders, saved.seed))
        assert again.board == session.board
    finally:
        catalogue.close()


def test_saves_never_go_back_and_a_finished_game_exports(armies_db: Path,
                                                         tmp_path: Path) -> None:
    catalogue = Catalogue.open(armies_db)
    try:
        session, _ = start_session(catalogue, NewGame("Rich", "Ian", seed=2, rounds=2,
                                                      opponent="random"))
        games = Games(catalogue)
        game_id = games.create(("Rich", "Ian"), session.seats.commanders, 2, "standard",
                               session.progress())
        early = session.progress()
        while not session.over:
            session.play(session.ai_choice("random"))
        late = session.progress()
        assert games.save(game_id, late)
        # A save that reaches the database after a later one changes nothing.
        assert not games.save(game_id, early)
        saved = games.get(game_id)
        assert saved.over and saved.actions == late.actions
        assert saved.result == late.result and ("wins" in saved.result or "draw" in saved.result)
        assert games.unfinished() == []
        path = games.export(game_id, tmp_path / "game.json")
        lines = list(narrate(read_log(path), maps="none"))
        assert lines[-1].startswith("Game over in round 2")
        with pytest.raises(GameError, match="no saved game 99"):
            games.get(99)
        with pytest.raises(GameError, match="no such folder"):
            games.export(game_id, tmp_path / "missing" / "game.json")
        assert not (tmp_path / "missing").exists()
        # As every export: never over a file unasked, never through a link.
        with pytest.raises(GameError, match="already exists; pass --force"):
            games.export(game_id, path)
        target = tmp_path / "precious.txt"
        target.write_text("precious")
        (tmp_path / "link.json").symlink_to(target)
        with pytest.raises(GameError, match="symbolic link"):
            games.export(game_id, tmp_path / "link.json")
        games.export(game_id, tmp_path / "link.json", force=True)
        assert target.read_text() == "precious" and not (tmp_path / "link.json").is_symlink()
    finally:
        catalogue.close()


def test_play_refuses_bad_input_in_one_line(armies_db: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    for argv, message in (
            (("play", "Rich"), "play needs your army and the opponent's"),
            (("play", "Rich", "Nobody"), "no army named 'Nobody'"),
            (("play", "Rich", "Ian", "--terrain", "lava"), "unknown preset 'lava'"),
            (("play", "Rich", "Ian", "--rounds", "0"), "--rounds: at least 1"),
            (("play", "Rich", "Ian", "--seed", "-4"), "--seed: 0 or more"),
            (("play", "--resume"), "no unfinished games"),
            (("play", "--resume", "seven"), "a game number"),
            # Other scripts' digits, and a number past the database's (an internal error).
            (("play", "--resume", "\u0667"), "a game number"),
            (("play", "--export", "9" * 23, "x.json"), "a game number"),
            (("play", "--resume", "7"), "no saved game 7"),
            (("play", "--export", "1"), "where to write the log is missing"),
            (("play", "--list", "--resume"), "do not go together"),
            (("play", "Rich", "Ian", "--resume"), "no armies are named with it"),
            (("play", "--list", "--force"), "it goes with --export only")):
        code, out, err = run(capsys, *argv)
        assert code == 2, argv
        assert err.count("\n") == 1 and message in err, (argv, err)
        assert out == ""
    code, out, err = run(capsys, "play", "--list")
    assert code == 0 and out.startswith("no games yet")
    # A wrong choice is argparse's own one-line refusal (with the usage), also status 2.
    with pytest.raises(SystemExit) as exited:
        main(["play", "Rich", "Ian", "--opponent", "chess"])
    assert exited.value.code == 2
    assert "invalid choice: 'chess'" in capsys.readouterr().err


def test_play_list_and_export(armies_db: Path, tmp_path: Path,
                             capsys: pytest.CaptureFixture[str]) -> None:
    game_id = scenario_game(armies_db)
    code, out, _ = run(capsys, "play", "--list")
    assert code == 0
    assert "Rich" in out and "human,random" in out and "playing" in out
    code, out, _ = run(capsys, "play", "--list", "--json")
    (row,) = json.loads(out)
    assert row["id"] == game_id and row["status"] == "playing" and row["seed"] == 11
    target = tmp_path / "game.json"
    code, out, err = run(capsys, "play", "--export", str(game_id), str(target))
    assert code == 0, err
    assert f"wrote {target}" in out
    code, out, err = run(capsys, "play", "--export", str(game_id), str(target))
    assert code == 2 and out == "" and "already exists; pass --force" in err
    assert run(capsys, "play", "--export", str(game_id), str(target), "--force")[0] == 0
    code, out, err = run(capsys, "battle", "replay", str(target), "--maps", "none")
    assert code == 0, err
    assert "The battle begins; Rich takes the first turn." in out


def test_resume_refuses_a_finished_game(armies_db: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    catalogue = Catalogue.open(armies_db)
    try:
        session, _ = start_session(catalogue, NewGame("Rich", "Ian", seed=2, rounds=1,
                                                      opponent="random"))
        while not session.over:
            session.play(session.ai_choice("random"))
        game_id = Games(catalogue).create(("Rich", "Ian"), session.seats.commanders, 2,
                                          "standard", session.progress())
    finally:
        catalogue.close()
    code, _, err = run(capsys, "play", "--resume", str(game_id))
    assert code == 2
    assert f"game {game_id} is over" in err and f"--export {game_id}" in err
