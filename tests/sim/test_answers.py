"""Test battles that answer a question: mirrored pairs, runs until the answer is clear
(battle and gauntlet, kept games counting, the same verdict on any number of workers),
what each figure is worth, and the army advisor."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import feed_click, feed_model, write_feed

from armybuilder.armies.service import Armies
from armybuilder.catalogue.service import Catalogue
from armybuilder.cli import main
from armybuilder.sim.advisor import ImproveRequest, candidates, pool, run_improve
from armybuilder.sim.batch import BattleRequest, prepare, run_battles
from armybuilder.sim.field import FieldSettings
from armybuilder.sim.gauntlet import GauntletRequest, run_gauntlet
from armybuilder.sim.stopping import StopRule
from armybuilder.sim.value import HURTS, UNTOLD, WITHIN, ValueRequest, run_value

#: Short games on a bare table: the figures close in and fight within four rounds.
FAST = FieldSettings(rounds=4, terrain="none", workers=1)


def dummy_feed(folder: Path) -> Path:
    """A figure that adds nothing: no points, no speed, attack or defense, one click."""
    dummy = feed_model(900, "Test Dummy", "Weak", cost="0", expansion="Test Set",
                       expansion_id=99, letter="T")
    dead = ("Dead",) * 4
    dummy["Dials"][0]["Clicks"] = [feed_click(0, "0", "0", "0", "0")] + [
        feed_click(i, *dead, abilities=(93, 93, 93, 93)) for i in range(1, 12)]
    return write_feed(folder, [dummy])


ARMIES = {
    # A lancer and a figure that adds nothing.
    "Lancer": [("demo:12", 1), ("Test Dummy", 1)],
    # 100 points holding a weak pikeman and the dummy: 90 points unspent.
    "Weak": [("demo:1", 1), ("Test Dummy", 1)],
    "Foe": [("demo:9", 1), ("demo:5", 1)],
    "Rich": [("demo:1", 2), ("demo:4", 1), ("demo:11", 1)],
}


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("answers")
    db = folder / "armybuilder.sqlite"
    catalogue = Catalogue.open(db)
    try:
        catalogue.update_from_feed(dummy_feed(folder / "feed"))
        armies = Armies(catalogue)
        for name, entries in ARMIES.items():
            armies.new(name, 100, "open")
            for ref, count in entries:
                armies.add(name, catalogue.resolve_noted(ref)[0], count=count)
    finally:
        catalogue.close()
    return db


@pytest.fixture
def db(template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "armybuilder.sqlite"
    for suffix in ("", "-wal", "-shm"):
        source = template.with_name(template.name + suffix)
        if source.exists():
            shutil.copy(source, path.with_name(path.name + suffix))
    monkeypatch.setenv("ARMYBUILDER_DB", str(path))
    yield path


def test_a_mirrored_pair_shares_dice_and_terrain_with_the_seats_swapped(db: Path) -> None:
    battle = prepare(db, BattleRequest("Rich", "Foe", games=2, seed=3, rounds=3))
    first, second = battle.matchup.play(0), battle.matchup.play(1)
    assert first.header["dice"] == second.header["dice"]
    assert [p["name"] for p in first.header["players"]] == ["Rich", "Foe"]
    assert [p["name"] for p in second.header["players"]] == ["Foe", "Rich"]
    assert first.players[0].edge == second.players[0].edge == "south"
    assert sorted(f.polygon for f in first.terrain.features) == \
        sorted(f.polygon for f in second.terrain.features) != []
    # Read by side: Rich is side a in both, its warriors listed first.
    a, b = (battle.matchup.result(i) for i in (0, 1))
    assert [f.key for f in a.figures] == [f.key for f in b.figures]
    assert (a.edge_a, b.edge_a) == ("south", "north")
    assert {a.first, b.first} == {"a", "b"}  # the same roll: the seat, not the army


def test_a_battle_until_clear_stops_the_same_on_any_workers_and_a_rerun_continues(
        db: Path) -> None:
    request = BattleRequest("Lancer", "Weak", rounds=4, terrain="none", workers=1,
                            until_clear=StopRule(margin=0.2, max_games=60))
    one = run_battles(db, request)
    answer = one.answer
    assert answer is not None and answer.verdict == "better"  # 45 points against 10
    assert answer.games == len(one.results) < 60 and answer.kept == 0
    again = run_battles(db, replace(request, workers=2))
    assert again.results == one.results and again.answer is not None
    assert again.answer.played == 0 and again.answer.kept >= answer.games
    # A narrower margin goes on from the kept games.
    closer = run_battles(db, replace(request, until_clear=StopRule(margin=0.1,
                                                                   max_games=60)))
    assert closer.answer is not None and closer.answer.kept >= answer.games
    assert closer.results[:answer.games] == one.results


def test_a_gauntlet_until_clear_answers_every_pair(db: Path) -> None:
    request = GauntletRequest(("Lancer", "Weak", "Foe"), rounds=4, terrain="none",
                              workers=1, until_clear=StopRule(margin=0.2, max_games=40))
    report = run_gauntlet(db, request)
    data = report.as_json()
    assert data["paired"] and len(data["until_clear"]["pairs"]) == 3
    # A pair told apart stops there; the games go to the pairs still close.
    decided = [p for p in report.pairs if p.verdict]
    assert decided and all(len(p.results) < 40 for p in decided)
    assert all(len(p.results) == 40 for p in report.pairs if not p.verdict)
    assert all(len(p.results) % 2 == 0 for p in report.pairs)
    rerun = run_gauntlet(db, request)
    assert rerun.played == 0 and rerun.as_json()["matrix"] == data["matrix"]


def test_a_figure_that_adds_nothing_is_found_worthless(db: Path) -> None:
    report = run_value(db, ValueRequest("Lancer", ("Foe",), FAST,
                                        StopRule(margin=0.2, max_games=200)))
    by_name = {f.name: f for f in report.figures}
    assert report.figures[0].name == "Demo Lancer On Charger"
    assert by_name["Demo Lancer On Charger"].finding == "adds"
    dummy = by_name["Test Dummy"]
    assert dummy.finding in (WITHIN, UNTOLD) and dummy.finding != HURTS
    assert dummy.ci95[0] <= 0 <= dummy.ci95[1] and abs(dummy.value) < 0.1
    assert dummy.verdict == "even"  # within 20 points of nothing, as the test says


def test_the_advisor_finds_the_change_a_weak_army_obviously_needs(db: Path) -> None:
    request = ImproveRequest("Weak", ("Foe",), FAST, margin=0.2, games_budget=120)
    report = run_improve(db, request)
    best = report.best
    assert best is not None and best.measured and best.gain > 0.2
    assert best.change.into and best.change.points > 0  # 90 points were left unspent
    assert report.planned <= 120 and report.considered >= 5
    # The same proposals on two worker processes.
    two = run_improve(db, replace(request, settings=replace(FAST, workers=2)))
    assert [p.as_dict() for p in two.proposals] == [p.as_dict() for p in report.proposals]
    assert two.played == 0  # every game was kept


def test_the_changes_keep_to_the_rules_and_the_collection(db: Path) -> None:
    catalogue = Catalogue.open(db)
    try:
        armies = Armies(catalogue)
        weak = armies.get("Weak")
        changes = candidates(armies, weak, pool(catalogue, weak, None), None, 4)
        words = [c.words for c in changes]
        assert "take out Demo Pikeman (demo:1)" in words
        for change in changes:
            checked_points = sum(e.count for e in change.apply(weak).entries)
            assert checked_points >= 1
        # Never a second copy of a unique, never over the build total.
        assert not any(c.into == "demo:7" and c.out != "" and "demo:7" in
                       {e.figure_key for e in weak.entries} for c in changes)
        assert all(c.points <= 90 for c in changes)
        # With the collection: only what the player owns comes in.
        owned = {"demo:2": 1}
        mine = candidates(armies, weak, pool(catalogue, weak, owned), owned, 4)
        assert {c.into for c in mine if c.into} == {"demo:2"}
    finally:
        catalogue.close()


def test_the_commands(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fast = ["--rounds", "4", "--terrain", "none", "--workers", "1", "--margin", "20"]
    assert main(["battle", "Lancer", "Weak", "--until-clear", "--max-games", "40",
                 *fast]) == 0
    out = capsys.readouterr().out
    assert "Clear after" in out and "Lancer (A) is better than Weak (B)" in out
    assert "Mirrored pairs:" in out and "Stopping rule: a margin of 20 points" in out
    assert main(["battle", "gauntlet", "Lancer", "Weak", "Foe", "--until-clear",
                 "--max-games", "8", *fast]) == 0
    out = capsys.readouterr().out
    assert "3 pairs, until clear (at most 8 games a pair), seed 1" in out
    assert "Until clear, pair by pair" in out
    assert main(["army", "value", "Lancer", "--against", "Foe", "--max-games", "8",
                 "--json", *fast]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [f["name"] for f in data["figures"]] and data["until_clear"]["max_games"] == 8
    assert main(["army", "improve", "Weak", "--against", "Foe", "--games-budget", "40",
                 "--save", "Better", *fast]) in (0, 1)
    out, err = capsys.readouterr()
    assert "Changes to Weak against Foe" in out
    assert ("Saved Better" in out) != ("was not saved" in err)


@pytest.mark.parametrize(("argv", "message"), [
    (["battle", "Lancer", "Weak", "--margin", "5"], "--margin goes with --until-clear"),
    (["battle", "Lancer", "Weak", "--until-clear", "--margin", "60"], "less than 50"),
    (["battle", "Lancer", "Weak", "--until-clear", "--log", "x.json", "--games", "1"],
     "not with --until-clear"),
    (["battle", "gauntlet", "Lancer", "Weak", "--until-clear", "--shard", "1/2"],
     "--shard plays a fixed slice"),
    (["army", "value", "Lancer"], "--against"),
    (["army", "value", "Lancer", "--against", "Lancer"], "is the army measured"),
    (["army", "improve", "Weak", "--against", "Foe", "--save", "a\x1bb"],
     "control character"),
])
def test_bad_questions_are_refused(db: Path, capsys: pytest.CaptureFixture[str],
                                   argv: list[str], message: str) -> None:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own refusals
        code = exc.code  # type: ignore[assignment]
    assert code == 2
    _, err = capsys.readouterr()
    assert message in err, err
