"""Batches of games between saved demo armies: same seed, same answer, whatever the workers."""

from __future__ import annotations

from pathlib import Path

import pytest

from armybuilder.armies.service import Armies
from armybuilder.catalogue.service import Catalogue
from armybuilder.sim import armies as battle_armies
from armybuilder.sim.armies import BattleError, load_army
from armybuilder.sim.batch import (
    BattleRequest,
    game_seed,
    player_seed,
    prepare,
    replay_game,
    run_battles,
)
from armybuilder.sim.stats import summarise_game

JSON_KEYS = {"games", "seed", "wins", "win_rate_a", "ci95", "victory_points", "rounds",
             "figures", "seconds", "paired", "pairs"}


def make_armies(db: Path) -> None:
    """Two small armies of demo figures (invented dials) and a few broken ones."""
    catalogue = Catalogue.open(db)
    armies = Armies(catalogue)
    armies.new("Rich", 100, "open")
    for ref, n in (("demo:1", 2), ("demo:4", 1), ("demo:11", 1)):
        armies.add("Rich", ref, count=n)
    armies.new("Ian", 100, "open")
    for ref in ("demo:2", "demo:9", "demo:5"):
        armies.add("Ian", ref)
    armies.new("Empty", 100, "open")
    armies.new("Siege", 300, "open", castle_player=True)
    armies.add("Siege", "demo:1")
    armies.add("Siege", "fixtures:1")
    armies.add("Siege", "fixtures:6")
    armies.new("Draft", 100, "open")  # over its build total, and two of a unique
    armies.add("Draft", "demo:10", count=2)
    # Chariot rules, Passengers: a chariot starting with one of the army's warriors aboard.
    armies.new("Chariots", 200, "open")
    armies.add("Chariots", "demo:1")
    armies.add("Chariots", "fixtures:6", passenger="demo:1")
    catalogue.close()


@pytest.fixture
def demo_db(db_path: Path) -> Path:
    make_armies(db_path)
    return db_path


def tiny(**kw: object) -> BattleRequest:
    values: dict[str, object] = {"army_a": "Rich", "army_b": "Ian", "games": 4, "seed": 5,
                                 "rounds": 4, "workers": 1}
    values.update(kw)
    return BattleRequest(**values)  # type: ignore[arg-type]


def test_same_seed_same_answer_whatever_the_workers(demo_db: Path) -> None:
    one = run_battles(demo_db, tiny(workers=1))
    two = run_battles(demo_db, tiny(workers=2))
    assert one.results == two.results
    assert {k: v for k, v in one.as_json().items() if k != "seconds"} == \
        {k: v for k, v in two.as_json().items() if k != "seconds"}
    assert [r.index for r in one.results] == [0, 1, 2, 3]
    # Mirrored pairs: games 0 and 1 on one pair's dice, 2 and 3 on the next's.
    assert [r.seed for r in one.results] == [game_seed(5, i // 2) for i in range(4)]
    # Another seed is another batch.
    other = run_battles(demo_db, tiny(seed=6))
    assert [r.seed for r in other.results] != [r.seed for r in one.results]


def test_report_keys_and_counts(demo_db: Path) -> None:
    seen: list[tuple[int, int]] = []
    report = run_battles(demo_db, tiny(games=3, player_a="random", player_b="heuristic"),
                         progress=lambda done, total: seen.append((done, total)))
    data = report.as_json()
    assert set(data) == JSON_KEYS
    assert set(data["wins"]) == {"a", "b", "draw"}
    assert sum(data["wins"].values()) == data["games"] == 3
    assert data["seed"] == 5 and len(data["ci95"]) == 2
    assert data["ci95"][0] <= data["win_rate_a"] <= data["ci95"][1]
    assert set(data["victory_points"]) == {"a", "b"}
    assert [f["key"] for f in data["figures"]["a"]] == ["demo:1", "demo:4", "demo:11"]
    assert data["figures"]["a"][0]["count"] == 2
    assert seen[-1] == (3, 3) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    # The sides swap edges game by game (and seats within a mirrored pair).
    assert [r.edge_a for r in report.results] == ["south", "north", "south"]
    assert all(r.rounds <= 4 for r in report.results)
    assert (report.army_a, report.army_b) == ("Rich", "Ian")


def test_one_game_played_again_is_the_same_game(demo_db: Path) -> None:
    request = tiny(games=3)
    report = run_battles(demo_db, request)
    game = replay_game(demo_db, request, 2)
    assert game.over
    assert summarise_game(game, 2, report.results[2].seed) == report.results[2]
    assert game.header["dice"] == {"seed": game_seed(5, 1)}  # the second pair's
    mirrored = replay_game(demo_db, request, 1)  # Ian sits in seat 0 on pair 0's dice
    assert [p["name"] for p in mirrored.header["players"]] == ["Ian", "Rich"]
    assert summarise_game(mirrored, 1, report.results[1].seed, a_seat=1) == report.results[1]
    with pytest.raises(BattleError, match="games 0 to 2"):
        replay_game(demo_db, request, 3)


def test_player_seeds_differ_by_side() -> None:
    s = game_seed(1, 0)
    assert player_seed(s, "a") != player_seed(s, "b")
    assert game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1) != game_seed(2, 1)


@pytest.mark.parametrize(("changes", "message"), [
    ({"games": 0}, "--games must be at least 1"),
    ({"workers": 0}, "--workers must be at least 1"),
    ({"rounds": 0}, "--rounds must be at least 1"),
    ({"terrain": "moon"}, "unknown preset 'moon'"),
    ({"player_b": "genius"}, "army B: unknown player kind 'genius'"),
    ({"army_a": "Nobody"}, "no army named 'Nobody'"),
    ({"army_b": "Empty"}, "army 'Empty' has no figures"),
])
def test_bad_requests_are_refused(demo_db: Path, changes: dict[str, object],
                                  message: str) -> None:
    with pytest.raises(BattleError, match=message):
        prepare(demo_db, tiny(**changes))


def test_castle_sections_play_for_the_castle_player_only(demo_db: Path) -> None:
    """Castle rules, Point Value: a section's card costs its Heavy or Light value and a
    Light one starts its dial turned on; Playing Area and Set-Up: one castle player, the
    army marked so, or the one --castle names when both are; anyone else's sections are
    refused in one line."""
    from armybuilder.sim.armies import siege

    catalogue = Catalogue.open(demo_db)
    try:
        armies = Armies(catalogue)
        armies.new("Fort", 300, "open", castle_player=True)
        armies.add("Fort", "fixtures:1")
        armies.add("Fort", "demo:1")
        armies.add("Fort", "fixtures:4", castle="light")
        armies.new("Walls", 100, "open")  # sections, but not the castle player
        armies.add("Walls", "fixtures:4")
        armies.new("Towers", 300, "open", castle_player=True)
        armies.add("Towers", "fixtures:2")
        siege_army = load_army(catalogue, "Fort")
        walls, towers = load_army(catalogue, "Walls"), load_army(catalogue, "Towers")
        rich = load_army(catalogue, "Rich")
    finally:
        catalogue.close()
    keep, wall = siege_army.cards[0], siege_army.cards[2]
    assert (keep.key, keep.points, keep.starting_click) == ("fixtures:1", 173, 0)
    assert (wall.key, wall.points, wall.starting_click) == ("fixtures:4", 12, 3)
    assert siege_army.castle_player and siege_army.sections == (
        "Castle Keep (fixtures:1)", "Castle Wall (fixtures:4)")
    assert siege(rich, siege_army) == (rich, siege_army)
    assert rich.setup.castle == () and not rich.sections  # other armies as they were
    with pytest.raises(BattleError, match="^army 'Walls' is not marked as the castle "
                       "player, so it cannot field its castle sections: Castle Wall "
                       r"\(fixtures:4\)$"):
        siege(walls, rich)
    with pytest.raises(BattleError, match="choose it with --castle a or --castle b"):
        siege(siege_army, towers)
    with pytest.raises(BattleError, match="'Towers' is not the castle player \\('Fort' is\\)"):
        siege(siege_army, towers, "a")
    with pytest.raises(BattleError, match="--castle b: army 'Rich' is not marked"):
        siege(siege_army, rich, "b")


def test_a_chariot_army_plays_with_its_passenger_aboard(demo_db: Path) -> None:
    catalogue = Catalogue.open(demo_db)
    try:
        army = load_army(catalogue, "Chariots")
    finally:
        catalogue.close()
    keys = [c.key for c in army.cards]
    assert keys == ["demo:1", "fixtures:6"]
    assert army.setup.passengers == ((0, 1),)  # the demo warrior rides in the Ram
    report = run_battles(demo_db, tiny(army_a="Chariots", games=2))
    assert len(report.results) == 2
    rows = report.summary()["figures"]["a"]
    # Per-figure statistics count the chariot once, as one figure.
    assert [r["key"] for r in rows].count("fixtures:6") == 1
    game = replay_game(demo_db, tiny(army_a="Chariots", games=2), 0)
    assert any(e["e"] == "aboard" for e in game.entries[0]["events"] + [
        ev for entry in game.entries for ev in entry["events"]])


def test_a_draft_plays_with_warnings(demo_db: Path) -> None:
    catalogue = Catalogue.open(demo_db)
    try:
        draft = load_army(catalogue, "Draft")
    finally:
        catalogue.close()
    # Two of the unique Demo Herald (95 points each): one plays, at 100 points.
    assert [c.key for c in draft.cards] == ["demo:10"]
    assert draft.setup.build_total == 100
    assert any("is not legal" in w for w in draft.warnings)
    assert any("unique Demo Herald (demo:10) appears more than once" in w
               for w in draft.warnings)
    battle = prepare(demo_db, tiny(army_b="Draft"))
    assert battle.warnings == draft.warnings


def test_over_the_build_total_is_refused_with_the_fix(demo_db: Path) -> None:
    catalogue = Catalogue.open(demo_db)
    try:
        armies = Armies(catalogue)
        armies.new("Big", 100, "open")
        armies.add("Big", "demo:10")
        armies.add("Big", "demo:12")
        with pytest.raises(BattleError, match=r"'Big': 140 points exceed its build total of "
                           r"100; .*army set 'Big' --total 200"):
            load_army(catalogue, "Big")
    finally:
        catalogue.close()


def test_abilities_without_rules_warn(demo_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(battle_armies, "unimplemented_abilities",
                        lambda cards: ["Mind Control"])
    battle = prepare(demo_db, tiny())
    assert any("no rules for, played as if absent: Mind Control" in w
               for w in battle.warnings)
