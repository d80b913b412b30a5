"""The gauntlet's Ray backend on a real local Ray: the same games as local processes,
progress as it goes, and a cancel that keeps what was played. Skipped without Ray.

Every test here shares one local Ray (its start is the costliest part): they are one
xdist group, run by one worker (pytest's ``--dist loadgroup``), so it starts once."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from sim.test_expert_batches import EXPERT_BATCH, GAUNTLET, log_digest
from sim.test_gauntlet import Stop, games_of, save, small, stop_after

from armybuilder.cli import main
from armybuilder.sim.batch import prepare, replay_game, run_battles
from armybuilder.sim.gauntlet import GauntletProgress, run_gauntlet
from armybuilder.sim.match import Matchup
from armybuilder.sim.runner import make_chunks, play_chunks
from armybuilder.sim.stats import GameResult

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.xdist_group("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.fixture
def four(db_path: Path) -> Path:
    save(db_path, "Rich", "Ian", "Bob", "Zed")
    return db_path


@pytest.mark.usefixtures("local_ray")
def test_ray_plays_the_same_games_as_local_processes(four: Path) -> None:
    request = small("Rich", "Ian", "Bob", "Zed", games=6, workers=2)
    local = run_gauntlet(four, request, figures=True)
    seen: list[GauntletProgress] = []
    on_ray = run_gauntlet(four, replace(request, backend="ray", fresh=True), seen.append,
                          figures=True)
    assert on_ray.played == 36
    assert games_of(on_ray) == games_of(local)  # figure tables included
    assert on_ray.as_json()["matrix"] == local.as_json()["matrix"]
    assert seen[-1].games_done == seen[-1].games == 36 and seen[-1].pairs_done == 6
    assert [p.games_done for p in seen] == sorted(p.games_done for p in seen)
    assert ray.is_initialized()  # the caller's Ray is left running


@pytest.mark.usefixtures("local_ray")
def test_a_cancel_on_ray_keeps_what_was_played(four: Path) -> None:
    seen, stop = stop_after(2)
    request = small("Rich", "Ian", "Bob", "Zed", games=8, workers=2, backend="ray")
    with pytest.raises(Stop):
        run_gauntlet(four, request, stop)
    done = seen[-1].games_done
    assert 0 < done < 48
    rest = run_gauntlet(four, request)
    assert (rest.played, rest.kept) == (48 - done, done)
    local = run_gauntlet(four, replace(request, backend="local", fresh=True))
    assert games_of(rest) == games_of(local)


@pytest.mark.usefixtures("local_ray")
def test_the_command_on_ray(four: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["battle", "gauntlet", "Rich", "Ian", "Bob", "--games", "4", "--rounds", "3",
            "--json"]
    assert main([*argv, "--backend", "ray"]) == 0
    on_ray = json.loads(capsys.readouterr().out)
    assert main([*argv, "--fresh", "--workers", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert on_ray["played"] == local["played"] == 12
    assert on_ray["matrix"] == local["matrix"] and on_ray["ranking"] == local["ranking"]


@pytest.mark.usefixtures("local_ray")
def test_the_advisor_on_ray_proposes_what_it_proposes_locally(four: Path) -> None:
    """Its screening stages and its finalists' sequential test, as Ray tasks: the same
    games, so the same proposals."""
    from armybuilder.sim.advisor import ImproveRequest, run_improve
    from armybuilder.sim.field import FieldSettings

    settings = FieldSettings(rounds=3, terrain="none", workers=2)
    request = ImproveRequest("Zed", ("Rich", "Ian"), settings, margin=0.2, games_budget=60)
    local = run_improve(four, request)
    on_ray = run_improve(four, replace(request, settings=replace(
        settings, backend="ray", fresh=True)))
    assert on_ray.planned == local.planned > 0 and on_ray.played >= on_ray.planned
    assert [p.as_dict() for p in on_ray.proposals] == [p.as_dict() for p in local.proposals]


@pytest.mark.usefixtures("local_ray")
def test_a_batch_with_the_expert_on_ray_plays_the_games_played_here(four: Path) -> None:
    """The expert (2 simulations a decision) against the heuristic, its games as Ray
    tasks: the same results as in this process, and the same event logs."""
    here = run_battles(four, EXPERT_BATCH)
    matchup = prepare(four, EXPERT_BATCH).matchup
    on_ray: list[GameResult] = []
    play_chunks((matchup,), make_chunks({0: range(4)}, 2, unit=2), workers=2,
                on_chunk=lambda _chunk, results: on_ray.extend(results), backend="ray")
    assert sorted(on_ray, key=lambda r: r.index) == list(here.results)
    # A Ray worker plays a game move for move as this process replays it. (A function
    # of its own, sent whole: a Ray worker cannot import the tests' modules.)
    def digest_of(played: Matchup, index: int) -> str:
        import hashlib

        return hashlib.sha256(played.play(index).log_json().encode()).hexdigest()

    digest = ray.remote(num_cpus=1)(digest_of)
    assert ray.get([digest.remote(matchup, i) for i in range(4)]) == \
        [log_digest(replay_game(four, EXPERT_BATCH, i).log_json()) for i in range(4)]


@pytest.mark.usefixtures("local_ray")
def test_the_gauntlet_command_with_the_expert_on_ray(
        four: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*GAUNTLET, "--players", "expert:2", "--backend", "ray"]) == 0
    on_ray = json.loads(capsys.readouterr().out)
    assert main([*GAUNTLET, "--players", "expert:2", "--workers", "1", "--fresh"]) == 0
    here = json.loads(capsys.readouterr().out)
    assert on_ray["player"] == "expert:2" and on_ray["played"] == here["played"] == 6
    assert on_ray["matrix"] == here["matrix"] and on_ray["ranking"] == here["ranking"]
