"""Sealed pools shown like a collection and the sealed profile; drafts of AI seats and a
human seat, armies from the picks and the event after them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder.armies.service import Armies
from armybuilder.catalogue.service import Catalogue
from armybuilder.cli import main
from armybuilder.events.draft import Drafts
from armybuilder.events.store import EventError
from armybuilder.events.tournament import Tournaments
from tests.events.event_helpers import boosters_file, make_catalogue


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> tuple[Catalogue, Path]:
    folder = tmp_path_factory.mktemp("sealed")
    return make_catalogue(folder / "t.sqlite"), boosters_file(folder)


def test_a_sealed_pool_shown_like_a_collection_and_armies_only_from_it(
        setup: tuple[Catalogue, Path], capsys: pytest.CaptureFixture[str]):
    catalogue, boosters = setup
    db = ["--db", str(catalogue.path)]
    assert main(["sealed", "new", "Box", "--packs", "4", "--expansion", "testset",
                 "--seed", "7", "--boosters", str(boosters), *db]) == 0
    out = capsys.readouterr().out
    assert "pack 4:" in out and "12 figures" in out
    assert main(["sealed", "show", "Box", "--json", *db]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["total"] == 12 and len(shown["packs"]) == 4
    assert sum(f["count"] for f in shown["figures"]) == 12
    assert {"key", "name", "rank", "points", "frequency", "count"} <= set(shown["figures"][0])
    # the same seed, the same packs
    assert main(["sealed", "new", "Box again", "--packs", "4", "--expansion", "testset",
                 "--seed", "7", "--boosters", str(boosters), *db]) == 0
    capsys.readouterr()
    assert main(["sealed", "show", "Box again", "--json", *db]) == 0
    assert json.loads(capsys.readouterr().out)["packs"] == shown["packs"]

    assert main(["sealed", "build", "Box", "Boxed", "--total", "100", *db]) == 0
    capsys.readouterr()
    assert main(["sealed", "check", "Box", "Boxed", *db]) == 0
    outside = next(f"testset:{n}" for n in range(1, 37)
                   if f"testset:{n}" not in {f["key"] for f in shown["figures"]}
                   and not catalogue.figure(f"testset:{n}").unique)
    Armies(catalogue).add("Boxed", outside)
    capsys.readouterr()
    assert main(["sealed", "check", "Box", "Boxed", "--json", *db]) == 1
    findings = json.loads(capsys.readouterr().out)["findings"]
    pool = [f for f in findings if f["rule"] == "pool"]
    assert len(pool) == 1 and pool[0]["figures"] == [outside]
    assert pool[0]["message"].endswith(f"({outside}) is not in the pool")


def test_six_ai_seats_draft_build_legal_armies_and_play_their_event(
        setup: tuple[Catalogue, Path]):
    catalogue, boosters = setup
    drafts = Drafts(catalogue)
    drafts.new("Six", seats=6, packs=2, expansion="testset", seed=3, points=100,
               event="swiss", rounds=2, game_rounds=2, boosters=boosters)
    draft = drafts.advance("Six")
    assert draft.done and len(draft.picks) == 6 * 2 * 3
    # Pack 1 passed left: at the second pick, seat 1 holds what seat 6 opened, less
    # seat 6's first pick; pack 2 passed right: seat 1 holds seat 2's pack.
    first = {p.seat: p.key for p in draft.picks if p.seq < 6}
    left = list(draft.start.opened[0][5])
    left.remove(first[6])
    assert draft.pack_in_hand(1, step=1) == left
    second_round = {p.seat: p.key for p in draft.picks if 18 <= p.seq < 24}
    right = list(draft.start.opened[1][1])
    right.remove(second_round[2])
    assert draft.pack_in_hand(1, step=4) == right
    for seat in range(1, 7):
        assert sorted(draft.picked(seat)) == sorted(
            k for k, n in draft.pool(seat).items() for _ in range(n))
    drafts.build("Six")
    t = Tournaments(catalogue).get("Six")
    assert len(t.players) == 6
    for p in t.players:
        pool = draft.pool(int(p.name.split()[1]))
        assert p.list.points <= 100 and p.list.entries
        for e in p.list.entries:
            assert e.count <= pool[e.key]  # only the seat's own picks
    drafts.play("Six")
    t = Tournaments(catalogue).get("Six")
    assert t.over and len(t.games) == 6 and drafts.get("Six").status == "over"


def test_a_human_seat_waits_and_picks_from_its_pack(setup: tuple[Catalogue, Path]):
    catalogue, boosters = setup
    drafts = Drafts(catalogue)
    drafts.new("Mine", seats=3, packs=1, expansion="testset", seed=5, points=100,
               humans=(2,), boosters=boosters)
    draft = drafts.advance("Mine")
    assert draft.waiting_for() == 2 and len(draft.picks) == 2
    pack = draft.pack_in_hand(2)
    with pytest.raises(EventError, match="is not in the pack"):
        drafts.pick("Mine", 2, "demo:1")
    with pytest.raises(EventError, match="AI seat"):
        drafts.pick("Mine", 1, pack[0])
    drafts.pick("Mine", 2, pack[-1])
    draft = drafts.advance("Mine")
    assert pack[-1] in draft.picked(2) and draft.waiting_for() == 2
    assert draft.summary(2)["points"] == draft.start.figures[pack[-1]]["points"]
