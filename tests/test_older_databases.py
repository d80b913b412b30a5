"""What an older database holds still opens: saved games whose logs the engine wrote
before its events were typed and its kinds of figure put behind one interface
(tests/play/older_games.json: a plain battle, a chariot's and a siege on the demo
catalogue, each played to its end by the random player), a campaign, and kept gauntlet
results of an older rules version. The database is written in the test with today's
tables (no database file is kept in the repository)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from campaign.campaign_helpers import advance, start

from armybuilder.campaign.game import new_campaign
from armybuilder.campaign.store import Campaigns
from armybuilder.catalogue.service import Catalogue
from armybuilder.play.board import Progress
from armybuilder.play.games import Games
from armybuilder.play.session import PlaySession, Seats
from armybuilder.sim.kept import KeptResults, MatchupInfo, keep_in
from armybuilder.sim.replay import narrate
from armybuilder.sim.stats import FigureResult, GameResult

OLDER = Path(__file__).resolve().parent / "play" / "older_games.json"
#: What the fixture wrote, to compare with what is read back.
WRITTEN: dict[str, Any] = {}


@pytest.fixture(scope="module")
def older_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database holding the older games, a campaign and older kept results."""
    db = tmp_path_factory.mktemp("older") / "armybuilder.sqlite"
    catalogue = Catalogue.open(db)
    try:
        games = Games(catalogue)
        for name, log in json.loads(OLDER.read_text()).items():
            data = json.loads(log)
            progress = Progress(log=log, actions=len(data["entries"]) - 1, round=3, over=True,
                                result="over")
            games.create((name, "Ian"), ("random", "random"), 11, "standard", progress)
        info = MatchupInfo(key="older-key", army_a="Rich", army_b="Ian", contents_a="a",
                           contents_b="b", terrain="none", rounds=10, seed=1,
                           player_a="heuristic", player_b="random", rules_version="3-older")
        result = GameResult(index=0, seed=1, winner="a", vp_a=30, vp_b=12, rounds=10,
                            termination="time limit", first="a", edge_a="south",
                            figures=(FigureResult("a", "demo:1", "Demo Pikeman", 1, 3, True),))
        with catalogue.engine.begin() as conn:
            keep_in(conn, info, [result])
        # A campaign with a battle fought in it (World Conquest).
        fought = advance(new_campaign(start(2)), until=lambda c: c.battles >= 1)
        WRITTEN["campaign"] = fought.snapshot()
        Campaigns(catalogue).create("Older", fought)
    finally:
        catalogue.close()
    return db


def test_older_saved_games_resume_and_tell_the_same_game(older_db: Path) -> None:
    catalogue = Catalogue.open(older_db)
    try:
        games = Games(catalogue)
        saved = games.list()
        assert len(saved) == 3
        for g in saved:
            log = games.log(g.id)
            session = PlaySession.resume(log, Seats(g.commanders, g.seed))
            assert session.over and session.log_json() == log
            assert any(line.startswith("Game over") for line in narrate(json.loads(log)))
    finally:
        catalogue.close()


def test_older_kept_results_are_listed(older_db: Path) -> None:
    catalogue = Catalogue.open(older_db)
    try:
        listing = KeptResults(catalogue.engine).matchups()
        assert [(m.info.rules_version, m.games, m.wins.get("a")) for m in listing] == [
            ("3-older", 1, 1)]
    finally:
        catalogue.close()


def test_an_older_campaign_is_resumed_as_it_was(older_db: Path) -> None:
    catalogue = Catalogue.open(older_db)
    try:
        c = Campaigns(catalogue).load("Older")
        assert c.battles >= 1 and c.snapshot() == WRITTEN["campaign"]
    finally:
        catalogue.close()
