"""The gauntlet: every pair played as `battle` plays it, kept results that replay only what
changed, cancels that keep what was played, shards that add up to the whole."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from armybuilder.armies.service import Armies
from armybuilder.catalogue.service import Catalogue
from armybuilder.sim import keys, shards
from armybuilder.sim.armies import BattleError
from armybuilder.sim.batch import BattleRequest, run_battles
from armybuilder.sim.gauntlet import (
    GauntletProgress,
    GauntletReport,
    GauntletRequest,
    pair_report,
    play_gauntlet,
    prepare_gauntlet,
    run_gauntlet,
)
from armybuilder.sim.kept import KeptResults
from armybuilder.sim.runner import MOST_PER_CHUNK, make_chunks
from armybuilder.sim.shards import (
    ShardError,
    merge_shards,
    read_shard,
    shard_document,
    shard_games,
    write_shard,
)

ARMIES = {
    "Rich": [("demo:1", 2), ("demo:4", 1), ("demo:11", 1)],
    "Ian": [("demo:2", 1), ("demo:9", 1), ("demo:5", 1)],
    "Bob": [("demo:6", 2), ("demo:1", 3)],
    "Zed": [("demo:12", 1), ("demo:3", 2)],
}


def save(db: Path, *names: str) -> None:
    catalogue = Catalogue.open(db)
    try:
        armies = Armies(catalogue)
        for name in names:
            armies.new(name, 100, "open")
            for ref, n in ARMIES[name]:
                armies.add(name, ref, count=n)
    finally:
        catalogue.close()


@pytest.fixture
def three(db_path: Path) -> Path:
    save(db_path, "Rich", "Ian", "Bob")
    return db_path


def small(*armies: str, **kw: object) -> GauntletRequest:
    values: dict[str, object] = {"armies": armies, "games": 4, "seed": 5, "rounds": 3,
                                 "workers": 1}
    values.update(kw)
    return GauntletRequest(**values)  # type: ignore[arg-type]


def games_of(report: GauntletReport) -> dict[str, tuple[object, ...]]:
    return {p.key: p.results for p in report.pairs}


def test_each_pair_plays_the_games_battle_plays(three: Path) -> None:
    report = run_gauntlet(three, small("Rich", "Ian", "Bob"), figures=True)
    assert report.armies == ("Rich", "Ian", "Bob")
    assert len(report.pairs) == 3 and report.played == 12 and report.kept == 0
    for pair in report.pairs:
        battle = run_battles(three, BattleRequest(pair.a, pair.b, games=4, seed=5, rounds=3,
                                                  workers=1))
        assert pair.results == battle.results
    # The detailed report of a pair (as the app opens it) is that battle's, figures and all.
    pair = report.pair("Ian", "Rich")
    detail = pair_report(three, report, "Rich", "Ian")
    assert (detail.army_a, detail.army_b) == (pair.a, pair.b)
    assert detail.results == pair.results and detail.results[0].figures


def test_the_matrix_mirrors_and_the_json_has_its_keys(three: Path) -> None:
    data = run_gauntlet(three, small("Rich", "Ian", "Bob")).as_json()
    assert {"armies", "games_per_pair", "seed", "matrix", "ranking", "seconds"} <= set(data)
    assert data["games_per_pair"] == 4 and data["seed"] == 5
    m = data["matrix"]
    assert set(m) == {"Rich", "Ian", "Bob"} and "Rich" not in m["Rich"]
    for row in m:
        for col, c in m[row].items():
            back = m[col][row]
            assert (c["wins"], c["losses"], c["draws"]) == \
                (back["losses"], back["wins"], back["draws"])
            assert c["rate"] == pytest.approx(1 - back["rate"])
            assert c["ci95"][0] <= c["rate"] <= c["ci95"][1]
            assert c["wins"] + c["losses"] + c["draws"] == 4
    assert sorted(r["rank"] for r in data["ranking"]) == [1, 2, 3]
    undecided = {(u["row"], u["col"]) for u in data["undecided"]}
    for row, col in undecided:
        low, high = m[row][col]["ci95"]
        assert low <= 0.5 <= high


def test_the_order_and_names_given_do_not_change_a_pair(three: Path) -> None:
    one = run_gauntlet(three, small("Rich", "Ian", "Bob"))
    two = run_gauntlet(three, small("Bob", "Ian", "Rich", fresh=True))
    assert games_of(one) == games_of(two)
    assert two.played == 12  # fresh: played again, the same games


def test_kept_results_play_only_what_is_new(three: Path) -> None:
    first = run_gauntlet(three, small("Rich", "Ian"))
    assert (first.played, first.kept) == (4, 0)
    again = run_gauntlet(three, small("Rich", "Ian"))
    assert (again.played, again.kept) == (0, 4)
    assert games_of(again) == games_of(first)
    # A third army: only its two pairs play.
    joined = run_gauntlet(three, small("Rich", "Ian", "Bob"))
    assert (joined.played, joined.kept) == (8, 4)
    # More games: only the extra ones.
    more = run_gauntlet(three, small("Rich", "Ian", "Bob", games=6))
    assert (more.played, more.kept) == (6, 12)
    assert all(len(p.results) == 6 for p in more.pairs)
    # And they are the games a fresh batch of six plays.
    fresh = run_battles(three, BattleRequest(more.pairs[0].a, more.pairs[0].b, games=6,
                                             seed=5, rounds=3, workers=1))
    assert more.pairs[0].results == tuple(replace(r, figures=()) for r in fresh.results)
    # A renamed army keeps its results; a changed one plays its pairs again.
    catalogue = Catalogue.open(three)
    try:
        Armies(catalogue).rename("Bob", "Robert")
        Armies(catalogue).add("Ian", "demo:1")
    finally:
        catalogue.close()
    after = run_gauntlet(three, small("Rich", "Ian", "Robert", games=6))
    assert (after.played, after.kept) == (12, 6)
    assert after.pair("Rich", "Robert").played == 0
    assert after.pair("Rich", "Ian").played == 6 and after.pair("Ian", "Robert").played == 6


class Stop(Exception):
    """Raised from a progress callback: the way the app and ctrl+c cancel a run."""


def stop_after(chunks: int) -> tuple[list[GauntletProgress], Callable[[GauntletProgress], None]]:
    """A progress callback that cancels the run after ``chunks`` chunks, and what it saw."""
    seen: list[GauntletProgress] = []

    def progress(p: GauntletProgress) -> None:
        seen.append(p)
        if len(seen) == chunks:
            raise Stop

    return seen, progress


def test_a_cancel_keeps_what_was_played(three: Path) -> None:
    seen, stop = stop_after(2)
    request = small("Rich", "Ian", "Bob", games=8)
    with pytest.raises(Stop):
        run_gauntlet(three, request, stop)
    done = seen[-1].games_done
    assert 0 < done < 24 and seen[-1].games == 24 and seen[-1].pairs == 3
    rest = run_gauntlet(three, request)
    assert (rest.played, rest.kept) == (24 - done, done)
    whole = run_gauntlet(three, replace(request, fresh=True))
    assert games_of(rest) == games_of(whole)


def test_two_workers_same_games(three: Path) -> None:
    seen: list[GauntletProgress] = []
    one = run_gauntlet(three, small("Rich", "Ian", "Bob", games=6))
    two = run_gauntlet(three, small("Rich", "Ian", "Bob", games=6, workers=2, fresh=True),
                       seen.append)
    assert games_of(one) == games_of(two)
    assert seen[-1] == GauntletProgress(18, 18, 3, 3, seen[-1].last)
    assert [p.games_done for p in seen] == sorted(p.games_done for p in seen)


@pytest.mark.parametrize(("changes", "message"), [
    ({"games": 0}, "--games must be at least 1"),
    ({"workers": 0}, "--workers must be at least 1"),
    ({"rounds": 0}, "--rounds must be at least 1"),
    ({"terrain": "moon"}, "unknown preset 'moon'"),
    ({"backend": "cloud"}, "unknown backend 'cloud'"),
    ({"player": "genius"}, "unknown player kind 'genius'"),
    ({"shard": (3, 2)}, "K must be 1 to N"),
    ({"armies": ("Rich",)}, "at least two armies"),
    ({"armies": ("Rich", "rich")}, "army 'Rich' is named twice"),
    ({"armies": ("Rich", "Nobody")}, "no army named 'Nobody'"),
])
def test_bad_requests_are_refused(three: Path, changes: dict[str, object],
                                  message: str) -> None:
    catalogue = Catalogue.open(three)
    try:
        with pytest.raises(BattleError, match=message):
            prepare_gauntlet(catalogue, replace(small("Rich", "Ian"), **changes))
    finally:
        catalogue.close()


def test_armies_of_different_build_totals_are_named_in_a_warning(three: Path) -> None:
    # Rulebook II, Building Your Army: "Everyone in the game should agree on the build
    # total of each player's army".
    catalogue = Catalogue.open(three)
    try:
        assert not any("build totals" in w for w in
                       prepare_gauntlet(catalogue, small("Rich", "Ian", "Bob")).warnings)
        Armies(catalogue).set("Bob", build_total=200)
        warnings = prepare_gauntlet(catalogue, small("Rich", "Ian", "Bob")).warnings
    finally:
        catalogue.close()
    assert warnings[0].startswith("the armies' build totals differ (100: 'Rich', 'Ian'; "
                                  "200: 'Bob')")


def test_all_leaves_out_what_the_engine_cannot_play(three: Path) -> None:
    catalogue = Catalogue.open(three)
    try:
        armies = Armies(catalogue)
        armies.new("Siege", 300, "open", castle_player=True)
        armies.add("Siege", "fixtures:1")
        armies.new("Empty", 100, "open")
        gauntlet = prepare_gauntlet(catalogue, small("Ian", all_armies=True))
        assert gauntlet.names == ("Ian", "Bob", "Rich")  # the named first, then the rest
        assert any("left out" in w and "Castle Keep" in w for w in gauntlet.warnings)
        assert any("left out" in w and "'Empty' has no figures" in w for w in gauntlet.warnings)
        with pytest.raises(BattleError, match="castle section"):
            prepare_gauntlet(catalogue, small("Ian", "Siege"))
        # The app ticks every army: one the engine cannot play is left out there too.
        lenient = prepare_gauntlet(catalogue, small("Ian", "Siege", "Rich", leave_out=True))
        assert lenient.names == ("Ian", "Rich")
        assert any("left out" in w and "Castle Keep" in w for w in lenient.warnings)
    finally:
        catalogue.close()


def test_keys_follow_the_contents_not_the_name(three: Path) -> None:
    catalogue = Catalogue.open(three)
    try:
        gauntlet = prepare_gauntlet(catalogue, small("Rich", "Ian"))
    finally:
        catalogue.close()
    rich = gauntlet.entrants[0]
    data = keys.army_data(rich.setup)
    assert keys.army_contents(data) == rich.contents
    assert keys.army_contents(keys.army_data(replace(rich.setup, name="Other"))) == rich.contents
    for changed in (replace(rich.setup, build_total=200),
                    replace(rich.setup, army=rich.setup.army[::-1]),
                    replace(rich.setup, army=(replace(rich.setup.army[0], points=11),
                                              *rich.setup.army[1:]))):
        assert keys.army_contents(keys.army_data(changed)) != rich.contents
    base = {"contents_a": "x", "contents_b": "y", "terrain": "none", "terrain_a": [],
            "terrain_b": [], "rounds": 3, "seed": 1, "player_a": "heuristic",
            "player_b": "heuristic"}
    key = keys.matchup_key(**base)  # type: ignore[arg-type]
    for field, value in (("contents_b", "z"), ("terrain", "woods"), ("rounds", 4), ("seed", 2),
                         ("player_b", "random"), ("terrain_a", [{"name": "wood"}])):
        assert keys.matchup_key(**{**base, field: value}) != key  # type: ignore[arg-type]
    assert keys.matchup_key(**base, rules_version="0-000") != key  # type: ignore[arg-type]


def test_the_rules_version_follows_the_engine_source(tmp_path: Path) -> None:
    assert keys.RULES_VERSION.startswith("3-") and len(keys.RULES_VERSION) == 14
    # The digest covers every deciding source, engine and players included.
    names = {p.relative_to(keys._PACKAGE).as_posix() for p in keys._source_files()}
    assert {"engine/game.py", "engine/legal.py", "engine/specials/magic.py",
            "ai/heuristic.py", "sim/match.py", "sim/stats.py"} <= names
    assert "sim/batch.py" not in names
    source = tmp_path / "engine" / "rules.py"
    source.parent.mkdir()
    source.write_bytes(b"x = 1\n")
    before = keys.source_digest([source], tmp_path)
    source.write_bytes(b"x = 1\r\n")  # a Windows checkout: the same
    assert keys.source_digest([source], tmp_path) == before
    source.write_bytes(b"x = 2\n")  # any edit: another version
    assert keys.source_digest([source], tmp_path) != before


def test_shards_add_up_to_the_whole(three: Path, tmp_path: Path, db_path: Path) -> None:
    # Two machines share the folder tmp_path; each has the same armies.
    other = tmp_path / "other.sqlite"
    save(other, "Rich", "Ian", "Bob")
    files = []
    for k, db in ((1, three), (2, other)):
        request = small("Rich", "Ian", "Bob", games=5, shard=(k, 2))
        catalogue = Catalogue.open(db)
        try:
            gauntlet = prepare_gauntlet(catalogue, request)
            report = play_gauntlet(gauntlet, KeptResults(catalogue.engine), figures=True)
        finally:
            catalogue.close()
        assert not report.complete
        path = tmp_path / f"shard-{k}.json"
        write_shard(path, shard_document(gauntlet, report))
        files.append(path)
    played = sum(len(m.results) for f in files for m in read_shard(f))
    assert played == 15
    catalogue = Catalogue.open(three)
    try:
        merged = merge_shards(catalogue.engine, files)
    finally:
        catalogue.close()
    assert (merged.files, merged.added, merged.already) == (2, 8, 7)  # shard 1 was here
    whole = run_gauntlet(three, small("Rich", "Ian", "Bob", games=5))
    assert (whole.played, whole.kept) == (0, 15)
    fresh = run_gauntlet(other, small("Rich", "Ian", "Bob", games=5, fresh=True),
                         figures=True)
    assert games_of(whole) == {k: tuple(replace(r, figures=()) for r in v)
                               for k, v in games_of(fresh).items()}
    # The figure tables came through the file too.
    assert pair_report(three, whole, "Rich", "Ian").results == \
        fresh.pair("Rich", "Ian").results


def test_shard_slices_cover_every_game_once() -> None:
    pair_keys = ["c", "a", "b", "d"]
    for n in (1, 2, 3, 7, 40):
        seen: list[tuple[int, int]] = []
        for k in range(1, n + 1):
            part = shard_games(pair_keys, 9, k, n)
            seen += [(pair, g) for pair, games in part.items() for g in games]
            assert abs(sum(map(len, part.values())) - 36 / n) < 1
        assert sorted(seen) == [(p, g) for p in range(4) for g in range(9)]
    assert shard_games(pair_keys, 9, 1, 4) == {1: list(range(9))}  # key "a" first


@pytest.fixture(scope="module")
def shard_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One small shard file, played once for the module: the tests only read it."""
    folder = tmp_path_factory.mktemp("shard")
    save(folder / "armybuilder.sqlite", "Rich", "Ian")
    request = small("Rich", "Ian", games=3, shard=(1, 1))
    catalogue = Catalogue.open(folder / "armybuilder.sqlite")
    try:
        gauntlet = prepare_gauntlet(catalogue, request)
        report = play_gauntlet(gauntlet, KeptResults(catalogue.engine), figures=True)
    finally:
        catalogue.close()
    path = folder / "shard.json"
    write_shard(path, shard_document(gauntlet, report))
    return path


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.update(format="something else"), "not a gauntlet shard file"),
    (lambda d: d.update(version=99), "shard file version 99"),
    (lambda d: d.update(rules_version="2-abc"), "another version of the engine"),
    (lambda d: d["settings"].update(seed=6), "its key does not match"),
    (lambda d: d["matchups"][0].update(key="0" * 32), "its key does not match"),
    (lambda d: next(iter(d["armies"].values()))["cards"][0].update(points=1),
     "do not match its digest"),
    (lambda d: d["matchups"][0]["games"][1].__setitem__(2, "nobody"), "game row 2"),
    (lambda d: d["matchups"][0]["games"][0].__setitem__(1, 12345), "seed is not"),
    (lambda d: d["matchups"][0]["games"][0].__setitem__(0, 3), "not 0 to 2"),
    (lambda d: d["matchups"][0]["games"][0][9].pop(), "do not match the roster"),
    (lambda d: d["matchups"][0].pop("roster"), "missing 'roster'"),
    (lambda d: d["matchups"][0].update(army_a="Evil\x1b]0;pwned\x07"),
     r"army_a holds a control character \(\\x1b\)"),
    (lambda d: d["matchups"][0]["roster"][0].__setitem__(2, "Grunt\x9b"),
     "a figure's key or name holds a control character"),
    # The sweep's edits: the winner flipped against the victory points, the roster
    # rewritten, the edges swapped, rounds past the limit, points no army is worth.
    (lambda d: _flip_winner(d["matchups"][0]["games"][0]), "won by"),
    (lambda d: d["matchups"][0]["roster"].reverse(), "its roster is not the armies' warriors"),
    (lambda d: d["matchups"][0]["games"][1].__setitem__(8, "south"),
     "side a set up at the south edge, but the batch seats it at the north"),
    (lambda d: d["matchups"][0]["games"][0].__setitem__(5, 10**6),
     "1000000 rounds, but the round limit is 3"),
    (lambda d: d["matchups"][0]["games"][0].__setitem__(3, 2**70),
     r"victory points 1180591620717411303424 and \d+ are not 0 to 1,200"),
    (lambda d: d["matchups"][0]["games"][0][9][0].__setitem__(1, 10**7),
     "the figures do not match the roster"),
    (lambda d: d["matchups"][0]["games"].append(list(d["matchups"][0]["games"][0])),
     "game 0 is given twice"),
    (lambda d: d["matchups"][0]["games"][0].__setitem__(6, "boredom"),
     "the ending 'boredom' is not one"),
    (lambda d: d["settings"].update(seed=2**70), "'seed' is 1180591620717411303424, not 0 to"),
    (lambda d: d["settings"]["terrain_a"].clear(), "not the standard preset's"),
    (lambda d: _reseal(d, lambda army: army["cards"][0].update(points=10**9)),
     "card 1: a number or a name is out of range"),
    (lambda d: _reseal(d, lambda army: army["cards"][0].update(clicks=[])),
     "card 1: not a figure card"),
    (lambda d: _reseal(d, lambda army: army.update(passengers=[[0, 99]])),
     "a passenger is not"),
])
def test_a_damaged_shard_is_refused_and_nothing_is_merged(
        shard_file: Path, tmp_path: Path, edit, message: str) -> None:  # type: ignore[no-untyped-def]
    good = json.loads(shard_file.read_text())
    bad = json.loads(shard_file.read_text())
    edit(bad)
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps(bad))
    fresh_db = tmp_path / "fresh.sqlite"
    catalogue = Catalogue.open(fresh_db)
    try:
        kept = KeptResults(catalogue.engine)
        with pytest.raises(ShardError, match=message) as info:
            merge_shards(catalogue.engine, [shard_file, damaged])
        assert str(damaged) in str(info.value)
        assert kept.matchups() == []  # the good file was not merged either
        assert merge_shards(catalogue.engine, [shard_file]).added == 3
    finally:
        catalogue.close()
    assert good["shard"] == [1, 1]


def _flip_winner(game: list[object]) -> None:
    game[2] = "b" if game[2] != "b" else "a"
    if game[3] == game[4]:
        game[3] = int(game[3]) + 1  # type: ignore[call-overload]


def _reseal(d: dict, edit: Callable[[dict], None]) -> None:  # type: ignore[type-arg]
    """Edit side a's army, then make every digest and key match again, as a forger who
    read the source would: only the checks of what the file holds can refuse it."""
    m = d["matchups"][0]
    army = d["armies"].pop(m["contents_a"])
    edit(army)
    contents = keys.army_contents(army)
    d["armies"][contents] = army
    m["contents_a"] = contents
    st = d["settings"]
    m["key"] = keys.matchup_key(
        contents_a=contents, contents_b=m["contents_b"], terrain=st["terrain"],
        terrain_a=st["terrain_a"], terrain_b=st["terrain_b"], rounds=st["rounds"],
        seed=st["seed"], player_a=st["player"], player_b=st["player"])


def _edited(shard_file: Path, tmp_path: Path, edit: Callable[[dict], None],  # type: ignore[type-arg]
            name: str = "edited.json") -> Path:
    data = json.loads(shard_file.read_text())
    edit(data)
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def _swap_sides(game: list[object]) -> None:
    """A game's result turned round consistently (points, winner): every field in range,
    only playing it again tells."""
    game[3], game[4] = game[4], game[3]
    game[2] = {"a": "b", "b": "a", "draw": "draw"}[str(game[2])]


def _forge_tallies(game: list[object]) -> None:
    figures = game[9]
    assert isinstance(figures, list)
    figures[0][1] += 2  # two more clicks of damage dealt


@pytest.mark.parametrize("edit", [_swap_sides, _forge_tallies])
def test_a_shard_with_one_edited_game_is_refused_by_name(
        shard_file: Path, tmp_path: Path, edit: Callable[[list[object]], None]) -> None:
    """Every field in range, but one game is not what its seed, armies and rules give:
    played again, it is found, the file refused with the game named, nothing merged."""
    def one(d: dict) -> None:  # type: ignore[type-arg]
        game = d["matchups"][0]["games"][2]
        if game[3] == game[4] and edit is _swap_sides:
            game = d["matchups"][0]["games"][1]
        edit(game)
    damaged = _edited(shard_file, tmp_path, one)
    catalogue = Catalogue.open(tmp_path / "fresh.sqlite")
    try:
        with pytest.raises(ShardError, match=r"edited\.json: matchup 1 \(.* v .*\), game \d: "
                                             r"played again, it comes out otherwise") as info:
            merge_shards(catalogue.engine, [damaged])
        assert "nothing was merged" in str(info.value)
        assert KeptResults(catalogue.engine).matchups() == []
    finally:
        catalogue.close()


def test_a_sample_is_seeded_and_a_file_editing_kept_games_is_refused(
        shard_file: Path, tmp_path: Path) -> None:
    catalogue = Catalogue.open(tmp_path / "fresh.sqlite")
    try:
        merged = merge_shards(catalogue.engine, [shard_file], most=2, seed=7)
        assert merged.added == 3 and merged.verified == shards.Verified(2, 3, 7)
        assert shards.sample(read_shard(shard_file), 2, 7) == \
            shards.sample(read_shard(shard_file), 2, 7)
        again = merge_shards(catalogue.engine, [shard_file], most=1)
        assert (again.added, again.already) == (0, 3) and again.verified is not None
        assert again.verified.sample_seed is not None  # a fresh seed, reported
        # The same games with one of them edited: not "0 added", but refused by name.
        edited = _edited(shard_file, tmp_path, lambda d: _forge_tallies(
            d["matchups"][0]["games"][0]))
        with pytest.raises(ShardError, match=r"edited\.json: matchup 1 .*, game \d: the kept "
                                             r"results hold this game otherwise"):
            merge_shards(catalogue.engine, [edited], most=1, seed=1)
        # Two files giving one game two ways are refused before anything is kept, the
        # wrong one named (the game played again).
        other = tmp_path / "other.sqlite"
        catalogue2 = Catalogue.open(other)
        try:
            with pytest.raises(ShardError, match=r"shard\.json: matchup 1 .*, game 0 gives "
                                                 r"this game otherwise; played again, it "
                                                 r"comes out otherwise than \S*edited\.json "
                                                 r"says"):
                merge_shards(catalogue2.engine, [shard_file, edited], most=1, seed=1)
            assert KeptResults(catalogue2.engine).matchups() == []
            # A sample that misses the edited game lets it in; the honest file then finds
            # the kept results wrong, and says so rather than blaming itself.
            missed = next(s for s in range(50)
                          if 0 not in shards.sample(read_shard(edited), 1, s).get(0, []))
            merge_shards(catalogue2.engine, [edited], most=1, seed=missed)
            with pytest.raises(ShardError, match=r"shard\.json: .*, game 0: the kept results "
                                                 r"hold this game otherwise \(the figures' "
                                                 r"tallies differ\), and played again it "
                                                 r"comes out as the file says: the kept "
                                                 r"results are wrong"):
                merge_shards(catalogue2.engine, [shard_file], most=1, seed=1)
        finally:
            catalogue2.close()
    finally:
        catalogue.close()


def test_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("{nope")
    with pytest.raises(ShardError, match="not JSON"):
        read_shard(path)
    with pytest.raises(ShardError, match="cannot read"):
        read_shard(tmp_path / "missing.json")
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ShardError, match="nested too deep"):
        read_shard(path)
    path.write_text("1" * 10_000)
    with pytest.raises(ShardError, match="not a shard file"):
        read_shard(path)


def test_a_shard_file_is_read_within_its_bound(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shards, "MAX_SHARD_BYTES", 1000)
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"format": shards.FORMAT, "padding": "x" * 2000}))
    with pytest.raises(ShardError, match=r"larger than .*; not a shard file"):
        read_shard(path)


def test_results_listing_and_clear(three: Path) -> None:
    run_gauntlet(three, small("Rich", "Ian", "Bob", games=3))
    catalogue = Catalogue.open(three)
    try:
        kept = KeptResults(catalogue.engine)
        listing = kept.matchups()
        assert len(listing) == 3 and all(m.games == 3 for m in listing)
        assert all(sum(m.wins.values()) == 3 for m in listing)
        assert {frozenset((m.info.army_a, m.info.army_b)) for m in listing} == {
            frozenset(p) for p in (("Rich", "Ian"), ("Rich", "Bob"), ("Ian", "Bob"))}
        assert kept.clear() == (3, 9)
        assert kept.matchups() == []
    finally:
        catalogue.close()


def test_chunks_cover_every_game_once_and_shrink_towards_the_end() -> None:
    missing = {0: list(range(50)), 3: [7, 2, 9], 5: list(range(100, 300))}
    chunks = make_chunks(missing, 2)
    assert sorted((c.matchup, g) for c in chunks for g in c.games) == sorted(
        (m, g) for m, games in missing.items() for g in games)
    sizes = [len(c.games) for c in chunks]
    assert max(sizes) == MOST_PER_CHUNK
    assert sizes[-8:] == sorted(sizes[-8:], reverse=True) and max(sizes[-8:]) <= 2  # guided:
    # the last chunks are short, so no worker plays a long one while the others wait
    assert all(list(c.games) == sorted(c.games) for c in chunks)
    assert [len(c.games) for c in make_chunks({0: range(4)}, 2)] == [1, 1, 1, 1]


def test_a_chariot_army_s_passenger_travels_in_the_shard_and_replays(
        three: Path, tmp_path: Path) -> None:
    """Chariot rules, Passengers: who rides decides a game, so the army's contents (its
    digest, the shard file's army) carry the passengers, and merging plays its games
    again the same."""
    catalogue = Catalogue.open(three)
    try:
        armies = Armies(catalogue)
        armies.new("Carts", 200, "open")
        armies.add("Carts", "demo:1")
        armies.add("Carts", "fixtures:6", passenger="demo:1")
        request = small("Rich", "Carts", games=2, rounds=2, shard=(1, 1))
        gauntlet = prepare_gauntlet(catalogue, request)
        carts = next(e for e in gauntlet.entrants if e.name == "Carts")
        assert carts.data["passengers"] == [[0, 1]]
        assert carts.contents != keys.army_contents({**carts.data, "passengers": []})
        report = play_gauntlet(gauntlet, KeptResults(catalogue.engine), figures=True)
    finally:
        catalogue.close()
    path = tmp_path / "carts.json"
    write_shard(path, shard_document(gauntlet, report))
    fresh = Catalogue.open(tmp_path / "fresh.sqlite")
    try:
        merged = merge_shards(fresh.engine, [path])
        assert merged.added == 2 and merged.verified == shards.Verified(2, 2, None)
    finally:
        fresh.close()
