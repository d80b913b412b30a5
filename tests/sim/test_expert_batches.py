"""Batches with the expert player run in worker processes as any other batch does: its
budget travels with its name ("expert:2"), and the same seed and budget give the same
games in one process or two. (On Ray: tests/sim/test_ray_backend.py, which shares its
Ray with the other Ray tests; the batches are built here.) Demo armies, a tiny budget."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path

import pytest
from sim.test_gauntlet import save

from armybuilder.cli import main
from armybuilder.sim.batch import BattleRequest, run_battles

#: The expert with a budget of 2 simulations a decision against the heuristic.
EXPERT_BATCH = BattleRequest("Ian", "Zed", games=4, seed=5, rounds=4, workers=1,
                             player_a="expert:2", player_b="heuristic")
GAUNTLET = ("battle", "gauntlet", "Ian", "Zed", "Bob", "--games", "2", "--rounds", "2",
            "--seed", "5", "--json")


@pytest.fixture
def armies_db(db_path: Path) -> Path:
    save(db_path, "Ian", "Zed", "Bob")
    return db_path


def log_digest(log_json: str) -> str:
    """A game's event log, shortened: two games played alike have the same digest."""
    return hashlib.sha256(log_json.encode()).hexdigest()


def test_a_batch_with_the_expert_plays_the_same_games_in_one_process_or_two(
        armies_db: Path) -> None:
    here = run_battles(armies_db, EXPERT_BATCH)
    in_two = run_battles(armies_db, replace(EXPERT_BATCH, workers=2))
    # Winners, victory points, rounds, first player and every figure's clicks dealt,
    # eliminations and captures, game by game.
    assert in_two.results == here.results
    # The expert played its seat with its budget: the heuristic there, or the expert
    # thinking longer, plays other games.
    for other in ("heuristic", "expert:8"):
        assert run_battles(armies_db, replace(EXPERT_BATCH, player_a=other)).results != \
            here.results, other


def test_the_gauntlet_command_with_the_expert(armies_db: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    # In this process: worker processes play these games in the test above, Ray in
    # tests/sim/test_ray_backend.py.
    assert main([*GAUNTLET, "--players", "expert:2", "--workers", "1"]) == 0
    named = json.loads(capsys.readouterr().out)
    assert named["player"] == "expert:2" and named["played"] == 6
    assert [r["army"] for r in named["ranking"]] == ["Ian", "Zed", "Bob"]
    # --think names the same budget: the same player, so the same games (played again).
    assert main([*GAUNTLET, "--players", "expert", "--think", "2", "--workers", "1",
                 "--fresh"]) == 0
    thought = json.loads(capsys.readouterr().out)
    assert thought["player"] == "expert:2" and thought["played"] == 6
    assert thought["matrix"] == named["matrix"] and thought["ranking"] == named["ranking"]
    # Another budget is another player: its games are played, not taken from those kept.
    assert main([*GAUNTLET, "--players", "expert:3", "--workers", "1"]) == 0
    other = json.loads(capsys.readouterr().out)
    assert (other["played"], other["kept"]) == (6, 0)


@pytest.mark.parametrize(("players", "message"), [
    ("expert:0", "at least 1 simulation"),
    ("expert:soon", "think budget 'soon'"),
    ("heuristic:4", "takes no think budget"),
    ("expert:2,heuristic", "one kind of player"),
])
def test_a_gauntlet_refuses_a_bad_budget_before_playing(
        armies_db: Path, capsys: pytest.CaptureFixture[str], players: str,
        message: str) -> None:
    assert main([*GAUNTLET, "--players", players]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("armybuilder: error: ") and message in err, err
    assert err.count("\n") == 1
