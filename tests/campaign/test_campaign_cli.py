"""The campaign commands as a group types them, on the demo catalogue: a campaign made,
run, shown and resumed from the database; a human player's decisions; bad input refused
in one line with exit status 2 and nothing saved."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from armybuilder.armies.service import Armies
from armybuilder.catalogue.service import Catalogue
from armybuilder.cli import main

SHOW_KEYS = {"name", "turn", "players", "map", "pool", "log"}
PLAYER_KEYS = {"name", "gold", "hq", "armies", "territories"}
TERRITORY_KEYS = {"faction", "owner", "fortification", "weather"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def raiders(db: Path) -> None:
    """Two legal World Conquest armies of demo figures (invented dials): the Orc Raiders'
    Warlord and crossbowmen; and two that are not."""
    catalogue = Catalogue.open(db)
    armies = Armies(catalogue)
    for name in ("Raiders", "Reavers"):
        armies.new(name, 300, "open")
        for ref in ("demo:7", "demo:4", "demo:5", "demo:6"):
            armies.add(name, ref)
    armies.new("Leaderless", 300, "open")
    armies.add("Leaderless", "demo:4", count=3)
    armies.new("Mixed", 300, "open")
    armies.add("Mixed", "demo:7")
    armies.add("Mixed", "demo:1")
    catalogue.close()


@pytest.fixture
def demo_db(db_path: Path) -> Path:
    raiders(db_path)
    return db_path


def steps(db: Path, name: str) -> list[str]:
    raw = sqlite3.connect(db)
    rows = raw.execute("SELECT entry FROM campaign_step JOIN campaign ON campaign.id = "
                       "campaign_id WHERE campaign.name = ? ORDER BY seq", (name,)).fetchall()
    raw.close()
    return [r[0] for r in rows]


def test_new_run_show_and_the_json_keys(demo_db: Path, capsys) -> None:
    code, out, err = run(capsys, "campaign", "new", "Sat", "--armies", "Raiders,Reavers",
                         "--seed", "5")
    assert code == 0, err
    assert "created campaign 'Sat': 2 players" in out and "Orc Raiders" in out
    assert "goes first" in out and "chooses a Head Quarters" in out
    code, out, _ = run(capsys, "campaign", "run", "Sat", "--turns", "6")
    assert code == 0 and "stopped: the turn limit" in out
    code, out, _ = run(capsys, "campaign", "show", "Sat", "--json")
    data = json.loads(out)
    assert set(data) >= SHOW_KEYS and data["turn"] == 6
    assert all(set(p) >= PLAYER_KEYS for p in data["players"])
    assert len(data["map"]) == 36 and all(set(t) >= TERRITORY_KEYS for t in data["map"])
    assert {t["faction"] for t in data["map"]} >= {"Orc Raiders", "Draconum"}
    armies = [a for p in data["players"] for a in p["armies"]]
    assert armies and all("click" in w for a in armies for w in a["warriors"])
    assert data["log"] and data["pool"]
    code, out, _ = run(capsys, "campaign", "show", "Sat")
    assert code == 0 and "turn 6" in out and "Raiders" in out and "HQ" in out
    code, out, _ = run(capsys, "campaign", "list", "--json")
    assert json.loads(out)[0]["name"] == "Sat"


def test_a_campaign_resumes_exactly(demo_db: Path, capsys) -> None:
    for name in ("One", "Two"):
        assert run(capsys, "campaign", "new", name, "--armies", "Raiders,Reavers", "--seed",
                   "9")[0] == 0
    run(capsys, "campaign", "run", "One", "--turns", "10")
    run(capsys, "campaign", "run", "Two", "--turns", "4")
    run(capsys, "campaign", "run", "Two", "--turns", "6")
    one, two = steps(demo_db, "One"), steps(demo_db, "Two")
    assert len(one) > 20 and one == two


def test_an_all_ai_campaign_runs_to_its_winner_and_battles_can_be_told(
        demo_db: Path, tmp_path: Path, capsys) -> None:
    run(capsys, "campaign", "new", "War", "--armies", "Raiders,Reavers", "--seed", "2")
    code, out, _ = run(capsys, "campaign", "run", "War")
    assert code == 0 and "stopped: the campaign is won" in out
    data = json.loads(run(capsys, "campaign", "show", "War", "--json")[1])
    winner = data["winner"]
    assert winner and all(t["owner"] == winner for t in data["map"])
    if data["battles"]:
        log = tmp_path / "b1.json"
        code, out, _ = run(capsys, "campaign", "battle", "War", "1", "--log", str(log))
        assert code == 0 and "battle 1 in" in out
        code, out, _ = run(capsys, "battle", "replay", str(log), "--maps", "none")
        assert code == 0 and "Round 1" in out


def test_a_human_players_decisions(demo_db: Path, capsys) -> None:
    run(capsys, "campaign", "new", "Mine", "--armies", "Raiders,Reavers", "--seats",
        "human,ai", "--seed", "3")
    code, out, _ = run(capsys, "campaign", "run", "Mine")
    assert code == 0 and "waiting for: Raiders chooses a Head Quarters" in out
    data = json.loads(run(capsys, "campaign", "show", "Mine", "--json")[1])
    orc = [t["territory"] for t in data["map"] if t["faction"] == "Orc Raiders"]
    taken = {p["hq"] for p in data["players"]}
    wrong = next(t["territory"] for t in data["map"] if t["faction"] == "Draconum")
    code, _, err = run(capsys, "campaign", "hq", "Mine", wrong)
    assert code == 2 and "World Conquest, Setup 4" in err
    code, out, _ = run(capsys, "campaign", "hq", "Mine", next(t for t in orc if t not in taken))
    assert code == 0 and "makes" in out
    for _ in range(20):
        run(capsys, "campaign", "run", "Mine")
        data = json.loads(run(capsys, "campaign", "show", "Mine", "--json")[1])
        assert data["waiting_for"]["player"] == "Raiders"
        if data["waiting_for"]["kind"] == "purchase":
            break
        assert run(capsys, "campaign", "pass", "Mine")[0] == 0  # e.g. no response
    code, _, err = run(capsys, "campaign", "move", "Mine", "--army", "1", "A1")
    assert code == 2 and "does not answer it" in err
    assert run(capsys, "campaign", "pass", "Mine")[0] == 0  # purchases done
    army = data["players"][0]["armies"][0]["id"]
    code, _, err = run(capsys, "campaign", "move", "Mine", "--army", str(army),
                       data["players"][0]["hq"])
    assert code == 2 and "another territory" in err
    code, out, _ = run(capsys, "campaign", "pass", "Mine")  # end of the turn
    assert code == 0
    # It is the AI's turn now: the human may not decide for it.
    code, _, err = run(capsys, "campaign", "pass", "Mine")
    assert code == 2 and "an AI player's" in err


@pytest.mark.parametrize(("argv", "message"), [
    (["--armies", "Raiders"], "for 2, 3, 4 or 6 players"),
    (["--armies", "Raiders,Nobody"], "no army named 'Nobody'"),
    (["--armies", "Raiders,Raiders"], "a different saved army"),
    (["--armies", "Raiders,Leaderless"], "exactly one, its General (World Conquest, Setup 1)"),
    (["--armies", "Raiders,Mixed"], "single faction"),
    (["--armies", "Raiders,Reavers", "--seats", "human"], "one seat per army"),
    (["--armies", "Raiders,Reavers", "--seats", "human,robot"], "human or ai"),
    # An empty list of seats is no seats, not "all ai" said quietly.
    (["--armies", "Raiders,Reavers", "--seats", ""], "--seats: one seat per army (2), not 1"),
    (["--armies", "Raiders,Reavers", "--pool", "atlantis"], "neither a saved army nor"),
])
def test_bad_input_is_refused_in_one_line(demo_db: Path, capsys, argv, message) -> None:
    code, _out, err = run(capsys, "campaign", "new", "Bad", *argv)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
    assert run(capsys, "campaign", "list", "--json")[1].strip() == "[]"


def test_army_campaign_and_expansion_names_forgive(demo_db: Path, capsys) -> None:
    code, out, err = run(capsys, "campaign", "new", "Saturday", "--armies", "raiders,Reavrs",
                         "--pool", "dem")
    assert code == 0, err
    assert "armybuilder: note: taking army 'Reavers' for 'Reavrs'" in err
    assert "armybuilder: note: taking expansion 'demo' for 'dem'" in err
    assert "(expansions demo)" in out and "  Reavers (ai)" in out
    code, out, err = run(capsys, "campaign", "show", "Saturdy")
    assert code == 0 and "note: taking campaign 'Saturday' for 'Saturdy'" in err
    code, _, err = run(capsys, "campaign", "delete", "Saturdy")
    assert code == 2 and "no campaign named 'Saturdy'; did you mean 'Saturday'?" in err
    code, out, err = run(capsys, "campaign", "new", "Sunday", "--armies", "Raiders,Reavers",
                         "--pool", "Leaderles")
    assert code == 0 and "taking army 'Leaderless' for 'Leaderles'" in err
    assert "(collection Leaderless)" in out


def test_bad_files_are_refused_in_one_line(demo_db: Path, tmp_path: Path, capsys) -> None:
    bad_map = tmp_path / "map.txt"
    bad_map.write_text("AG AG\n")
    code, _, err = run(capsys, "campaign", "new", "Bad", "--armies", "Raiders,Reavers",
                       "--map", str(bad_map))
    assert code == 2 and "6 territories in a row" in err
    rules = tmp_path / "rules.toml"
    rules.write_text("upkeep = 'lots'\n")
    code, _, err = run(capsys, "campaign", "new", "Bad", "--armies", "Raiders,Reavers",
                       "--house-rules", str(rules))
    assert code == 2 and "upkeep: a whole number" in err
    # Files read within a bound, and parsers' own failures, are one line too.
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    big = tmp_path / "big.txt"
    big.write_text("AG " * 400_000)
    for flag, path, said in (("--house-rules", deep, "not valid JSON"),
                             ("--map", big, "larger than 1024 KB"),
                             ("--map", tmp_path / "missing.txt", "cannot read it")):
        code, out, err = run(capsys, "campaign", "new", "Bad", "--armies",
                             "Raiders,Reavers", flag, str(path))
        assert code == 2 and out == "" and said in err and err.count("\n") == 1, err
    code, _, err = run(capsys, "campaign", "show", "Nothing")
    assert code == 2 and "no campaign named 'Nothing'" in err


def test_a_drawn_map_and_house_rules(demo_db: Path, tmp_path: Path, capsys) -> None:
    run(capsys, "campaign", "new", "First", "--armies", "Raiders,Reavers")
    code, drawn, _ = run(capsys, "campaign", "map", "First")
    path = tmp_path / "map.txt"
    path.write_text(drawn)
    rules = tmp_path / "rules.toml"
    rules.write_text("starting_gold = 100\nupkeep = 10\n[weather.K]\nname = 'Hail'\n"
                     "range = -1\n")
    code, _, err = run(capsys, "campaign", "new", "Second", "--armies", "Raiders,Reavers",
                       "--map", str(path), "--house-rules", str(rules), "--seed", "4")
    assert code == 0, err
    run(capsys, "campaign", "map", "Second")
    assert run(capsys, "campaign", "map", "Second")[1] == drawn
    data = json.loads(run(capsys, "campaign", "show", "Second", "--json")[1])
    assert [p["gold"] for p in data["players"]] == [100, 100]
    assert run(capsys, "campaign", "delete", "Second")[0] == 0
    assert run(capsys, "campaign", "show", "Second")[0] == 2


def test_a_hostile_name_is_shown_literally(demo_db: Path, capsys) -> None:
    code, _, err = run(capsys, "campaign", "new", "bad\x1b[31mname", "--armies",
                       "Raiders,Reavers")
    assert code == 2 and "control character" in err and "\x1b" not in err


def test_a_log_that_no_longer_replays_is_refused(demo_db: Path, capsys) -> None:
    run(capsys, "campaign", "new", "Broken", "--armies", "Raiders,Reavers")
    run(capsys, "campaign", "run", "Broken", "--turns", "2")
    raw = sqlite3.connect(demo_db)
    raw.execute("UPDATE campaign_step SET entry = replace(entry, '\"gold\":15', "
                "'\"gold\":99') WHERE seq = (SELECT max(seq) FROM campaign_step)")
    raw.commit()
    raw.close()
    code, _, err = run(capsys, "campaign", "show", "Broken")
    assert code == 2 and "cannot be resumed" in err


def test_a_human_buys_and_fortifies(demo_db: Path, tmp_path: Path, capsys) -> None:
    rules = tmp_path / "rules.json"
    rules.write_text('{"starting_gold": 200}')
    run(capsys, "campaign", "new", "Shop", "--armies", "Raiders,Reavers", "--seats",
        "human,ai", "--seed", "1", "--house-rules", str(rules))  # seed 1: Raiders first
    data = json.loads(run(capsys, "campaign", "show", "Shop", "--json")[1])
    orc = [t["territory"] for t in data["map"] if t["faction"] == "Orc Raiders"]
    assert run(capsys, "campaign", "hq", "Shop", orc[0].lower())[0] == 0
    run(capsys, "campaign", "run", "Shop")
    data = json.loads(run(capsys, "campaign", "show", "Shop", "--json")[1])
    assert data["waiting_for"]["kind"] == "purchase"
    army = data["players"][0]["armies"][0]["id"]
    code, _, err = run(capsys, "campaign", "buy", "Shop", "Demo Crossbowman", "--army",
                       str(army))
    assert code == 2 and "names several figures" in err
    code, out, _ = run(capsys, "campaign", "buy", "Shop", "Demo Crossbowman standard",
                       "--army", str(army))
    assert code == 0 and "buys Demo Crossbowman" in out and "15 gold" in out
    code, _, err = run(capsys, "campaign", "buy", "Shop", "demo:1", "--army", str(army))
    assert code == 2 and "factions whose territories you control" in err
    code, out, _ = run(capsys, "campaign", "fortify", "Shop", orc[0], "banner")
    assert code == 0 and "builds a banner" in out
    code, _, err = run(capsys, "campaign", "fortify", "Shop", orc[0], "castle")
    assert code == 2 and "castle costs 300 gold" in err
    data = json.loads(run(capsys, "campaign", "show", "Shop", "--json")[1])
    assert data["players"][0]["gold"] == 200 - 15 - 20
    assert next(t for t in data["map"] if t["territory"] == orc[0])["fortification"] == \
        "banner"


def test_the_pool_from_expansions_or_a_collection(demo_db: Path, capsys) -> None:
    code, out, err = run(capsys, "campaign", "new", "All", "--armies", "Raiders,Reavers")
    # The demo's Apocalypse Herald has no region; the fixtures' castle sections never move
    # (they cannot march with an army); their two chariots have four dials the campaign
    # does not carry between battles: all left out, and said.
    assert code == 0 and "pool of 11 warriors (all)" in out
    assert "no region on the map" in err and "4 figures left out (a castle section never " \
        "moves)" in err
    assert "2 figures left out (a chariot's four dials)" in err
    code, out, _ = run(capsys, "campaign", "new", "Demo", "--armies", "Raiders,Reavers",
                       "--pool", "demo")
    assert code == 0 and "pool of 11 warriors (expansions demo)" in out
    code, out, _ = run(capsys, "campaign", "new", "Mine", "--armies", "Raiders,Reavers",
                       "--pool", "Leaderless")
    assert code == 0 and "pool of 3 warriors (collection Leaderless)" in out
    data = json.loads(run(capsys, "campaign", "show", "Mine", "--json")[1])
    assert data["pool"] == [{"figure": "demo:4", "name": "Demo Crossbowman", "points": 13,
                             "factions": ["Orc Raiders"], "unique": False, "count": 3}]


# --- a battle a human plays on the play screen (World Conquest, Troop Movements) ----------


def human_battle(db: Path, name: str = "Field") -> None:
    """A campaign of a human (Raiders, first to play with seed 1) and the AI, the human's
    army moved into the AI's: battle 1 waits for the human. The human's decisions before
    it are made as the AI would."""
    from armybuilder.campaign.actions import Move
    from armybuilder.campaign.ai import CampaignAI
    from armybuilder.campaign.marching import destinations
    from armybuilder.campaign.service import Runner, muster

    catalogue = Catalogue.open(db)
    runner = Runner.new(catalogue, name, muster(catalogue, ["Raiders", "Reavers"],
                                                seats=["human", "ai"], seed=1).start)
    c = runner.campaign
    for _ in range(50):
        runner.run()
        d = c.decision()
        if d.kind == "move" and d.player == 0:
            mine, theirs = c.armies_of(0)[0], c.armies_of(1)[0]
            assert theirs.territory in destinations(c, mine)
            runner.act(Move(0, mine.id, theirs.territory))
            break
        runner.act(CampaignAI().choose(c))
    assert c.decision().kind == "battle"
    catalogue.close()


class FakeApp:
    """``run_app`` as `campaign play` calls it: the play screen's game played by a script
    (``actions`` of them, or to the end) and saved as the screen saves it."""

    def __init__(self, actions: int | None = None) -> None:
        self.actions = actions
        self.opened: list[int | None] = []

    def __call__(self, db_path: Path | None = None, play: int | None = None,
                 choose_game: bool = False, campaign: str | None = None) -> int:
        from armybuilder.campaign.links import played_seats
        from armybuilder.play.games import Games
        from armybuilder.play.session import PlaySession, Seats

        self.opened.append(play)
        catalogue = Catalogue.open(db_path)
        games = Games(catalogue)
        saved = games.get(play)
        log = games.log(play)
        # As the play screen opens it: the AI sides are the campaign's commanders.
        seats = played_seats(catalogue, play, Seats(saved.commanders, saved.seed), log)
        assert seats.players is not None
        session = PlaySession.resume(log, seats)
        given = 0
        while not session.over and (self.actions is None or given < self.actions):
            session.play(session.ai_choice())  # the human's side too: the AI's choice
            given += 1
        games.save(play, session.progress())
        catalogue.close()
        return 0


def test_campaign_play_says_when_no_battle_awaits_a_human(demo_db: Path, capsys) -> None:
    run(capsys, "campaign", "new", "Quiet", "--armies", "Raiders,Reavers", "--seats",
        "human,ai")
    code, out, err = run(capsys, "campaign", "play", "Quiet")
    assert code == 2 and out == ""
    assert "there is no battle awaiting a human player" in err
    assert "chooses a Head Quarters" in err and len(err.strip().splitlines()) == 1


def test_campaign_play_opens_the_battle_and_takes_its_result(
        demo_db: Path, tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    human_battle(demo_db)
    code, out, _ = run(capsys, "campaign", "show", "Field")
    assert "play it yourself: armybuilder campaign play 'Field'" in out
    assert "auto-resolve it: armybuilder campaign fight 'Field'" in out
    app = FakeApp()
    monkeypatch.setattr("armybuilder.tui.app.run_app", app)
    code, out, err = run(capsys, "campaign", "play", "Field")
    assert code == 0, err
    assert app.opened == [1]
    assert "battle 1 in" in out and "a new game 1 on the play screen" in out
    assert "played on the play screen as game 1" in out
    assert "waiting for:" in out or "has won" in out
    fought = next(json.loads(e) for e in steps(demo_db, "Field")
                  if '"type":"fight"' in e)
    assert fought["action"]["result"]["game"] == 1
    assert any(ev["e"] == "battle fought" and ev["game"] == 1 for ev in fought["events"])
    # The campaign replays from its log (the battle's result in it), and the played game
    # is told again from its own log.
    assert run(capsys, "campaign", "show", "Field")[0] == 0
    log = tmp_path / "b1.json"
    code, out, _ = run(capsys, "campaign", "battle", "Field", "1", "--log", str(log))
    assert code == 0 and "played as game 1" in out
    code, out, _ = run(capsys, "battle", "replay", str(log), "--maps", "none")
    assert code == 0 and "Round 1" in out
    # No battle awaits the human now.
    code, _, err = run(capsys, "campaign", "play", "Field")
    assert code == 2 and "no battle awaiting a human" in err


class CampaignScreenApp(FakeApp):
    """``run_app`` as above, the game played to its end and then taken by the campaign's
    screen (q on the play screen goes back to it), before the app is closed."""

    def __call__(self, db_path: Path | None = None, play: int | None = None,
                 choose_game: bool = False, campaign: str | None = None) -> int:
        from armybuilder.campaign.service import Runner

        super().__call__(db_path, play, choose_game, campaign)
        assert campaign is not None
        catalogue = Catalogue.open(db_path)
        assert Runner.open(catalogue, campaign).take_played() is not None
        catalogue.close()
        return 0


def test_campaign_play_tells_the_result_the_campaign_screen_took(
        demo_db: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    human_battle(demo_db)
    monkeypatch.setattr("armybuilder.tui.app.run_app", CampaignScreenApp())
    code, out, err = run(capsys, "campaign", "play", "Field")
    assert code == 0, err
    assert "played on the play screen as game 1" in out and "is not over" not in out
    assert "waiting for:" in out or "has won" in out


def test_a_half_played_battle_goes_on_or_is_finished_by_the_ai(
        demo_db: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    human_battle(demo_db)
    app = FakeApp(actions=3)
    monkeypatch.setattr("armybuilder.tui.app.run_app", app)
    code, out, err = run(capsys, "campaign", "play", "Field")
    assert code == 0, err
    assert "game 1 is not over" in out and "campaign play 'Field' goes on with it" in out
    code, out, _ = run(capsys, "campaign", "show", "Field")
    assert "being played as game 1" in out
    # Opened again: the same game, from where it was left.
    code, out, _ = run(capsys, "campaign", "play", "Field")
    assert code == 0 and "going on with game 1" in out and app.opened == [1, 1]
    from armybuilder.play.games import Games

    catalogue = Catalogue.open(demo_db)
    assert Games(catalogue).get(1).actions == 6
    catalogue.close()
    # Auto-resolved now: the engine's AI finishes that game; its result is the battle's.
    code, out, _ = run(capsys, "campaign", "fight", "Field")
    assert code == 0 and "game 1 (round" in out and "finished by the engine's AI" in out
    assert "played on the play screen as game 1" in out
    catalogue = Catalogue.open(demo_db)
    assert Games(catalogue).get(1).over
    catalogue.close()


def test_a_game_played_to_its_end_in_the_app_is_taken_by_campaign_run(
        demo_db: Path, capsys) -> None:
    from armybuilder.campaign.service import Runner

    human_battle(demo_db)
    catalogue = Catalogue.open(demo_db)
    runner = Runner.open(catalogue, "Field")
    game_id = runner.play_battle()
    assert runner.play_battle() == game_id  # linked: the same game
    assert runner.take_played() is None  # not over yet
    catalogue.close()
    FakeApp()(demo_db, play=game_id)  # played to its end on the play screen
    code, out, _ = run(capsys, "campaign", "run", "Field", "--tail", "40")
    assert code == 0 and f"played on the play screen as game {game_id}" in out


def test_a_played_battles_ai_sides_are_the_campaigns_commanders(demo_db: Path) -> None:
    """The play screen opens a saved game by its number: a campaign battle's gets the
    campaign's commanders for its AI sides (they may withdraw), rebuilt the same from
    the battle's link on every opening; any other game is played as saved."""
    from armybuilder.campaign import played
    from armybuilder.campaign.links import played_seats
    from armybuilder.campaign.service import Runner
    from armybuilder.play.games import Games
    from armybuilder.play.session import PlaySession, Seats

    human_battle(demo_db)
    catalogue = Catalogue.open(demo_db)
    try:
        runner = Runner.open(catalogue, "Field")
        game_id = runner.play_battle()
        games = Games(catalogue)
        saved = games.get(game_id)
        log = games.log(game_id)
        seats = played_seats(catalogue, game_id, Seats(saved.commanders, saved.seed), log)
        assert seats.players is not None and seats == Seats(saved.commanders, saved.seed)
        ai = saved.commanders.index(played.PLAYED_AI)
        commander = seats.players(ai, 5)
        assert isinstance(commander, played.PlayedCommander) and commander.may_withdraw
        assert commander.below == runner.campaign.rules.withdraw_below
        session = PlaySession.resume(log, seats)
        for _ in range(8):
            session.play(session.ai_choice())
        games.save(game_id, session.progress())
        # Opened again half-way: the same commanders, the same choice.
        log = games.log(game_id)
        again = PlaySession.resume(log, played_seats(catalogue, game_id, seats, log))
        assert again.ai_choice() == session.ai_choice()
        # A game that is no campaign's battle keeps its seats as saved.
        other = games.create(("A", "B"), ("human", "heuristic"), 3, "none",
                             session.progress())
        plain = Seats(("human", "heuristic"), 3)
        assert played_seats(catalogue, other, plain, log).players is None
    finally:
        catalogue.close()


def test_the_losing_run_of_two_at_once_says_busy_with_status_1(
        demo_db: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two `campaign run` at once: the one that finds the campaign moved on under it
    exits 1 ("busy", as the README's exit statuses say for a database another program
    holds), not 2 (bad input), and adds nothing of its own."""
    from armybuilder.campaign.store import Campaigns

    assert run(capsys, "campaign", "new", "Sat", "--armies", "Raiders,Reavers",
               "--seed", "5")[0] == 0
    catalogue = Catalogue.open(demo_db)
    try:
        stale = Campaigns(catalogue).load("Sat")  # the loser's start
    finally:
        catalogue.close()
    assert run(capsys, "campaign", "run", "Sat", "--turns", "2")[0] == 0  # the winner
    kept = steps(demo_db, "Sat")
    monkeypatch.setattr(Campaigns, "load", lambda self, name: stale)
    code, _out, err = run(capsys, "campaign", "run", "Sat", "--turns", "3")
    assert code == 1 and err.count("\n") == 1, (code, err)
    assert "has moved on elsewhere" in err and "try again" in err
    assert steps(demo_db, "Sat") == kept
