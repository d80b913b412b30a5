"""Club tournaments: Swiss pairings (the library checked against its own documented
examples), a 16-player, 4-round Swiss checked by hand, byes, drops, late entries, lists
refused with their findings, catalogue changes flagged, printed sheets read back, and a
round played by the AIs."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from pypdf import PdfReader

from armybuilder.armies.service import Armies
from armybuilder.catalogue.service import Catalogue
from armybuilder.cli import main
from armybuilder.events.lists import IllegalList
from armybuilder.events.sheets import sheet
from armybuilder.events.store import EventError
from armybuilder.events.tournament import Settings, Tournaments
from armybuilder.export.event_sheets import write_sheet


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    cat = Catalogue.open(tmp_path_factory.mktemp("tour") / "t.sqlite")
    armies = Armies(cat)
    for n in range(1, 18):
        armies.new(f"P{n:02d}", 100, "standard")
        armies.add(f"P{n:02d}", "demo:1")  # a 10-point pikeman
        armies.add(f"P{n:02d}", "demo:4")  # a 13-point crossbowman
    armies.new("Heavy", 100, "standard")
    armies.add("Heavy", "demo:10")  # 95 points
    armies.add("Heavy", "demo:9")  # 40 more: over 100
    return cat


def _new(catalogue: Catalogue, name: str, rounds: int = 4, **kw: object) -> Tournaments:
    service = Tournaments(catalogue)
    service.create(name, Settings(format="constructed", points=100, rounds=rounds, seed=3,
                                  profile_name="standard", game_rounds=2, **kw))
    return service


# --- the library, against its own documented examples --------------------------------


def test_the_dutch_engine_pairs_its_readme_example():
    # caissify-pairings' README, "Quick start - library": round 3 of four players, two on
    # 2.0 and two on 1.5, 1-3 and 2-4 already played. The leaders meet, and each player
    # gets the colour due after his alternation (1 and 3 are due white).
    from caissify_pairings import generate_pairings

    def player(i: int, score: float, colours: list[str], floats: list[str]) -> dict:
        return {"id": i, "name": str(i), "score": score, "rating": 2830 - 10 * i,
                "starting_number": i, "color_hist": colours, "float_history": floats,
                "bye_count": 0}

    pairs = generate_pairings(system="dutch", players=[
        player(1, 2.0, ["white", "black"], ["none", "none"]),
        player(2, 2.0, ["black", "white"], ["none", "none"]),
        player(3, 1.5, ["white", "black"], ["none", "down"]),
        player(4, 1.5, ["black", "white"], ["none", "up"])],
        previous_pairings={(1, 3), (2, 4)}, round_number=3, total_rounds=9)
    assert [(p["white_id"], p["black_id"], p["table"]) for p in pairs] == [(1, 2, 1),
                                                                          (3, 4, 2)]


def test_the_round_robin_follows_the_fide_berger_tables():
    # The README: "FIDE Berger Tables ... verified to match the published FIDE tables";
    # the published table for four players (FIDE Handbook C.05, Annex 1).
    from caissify_pairings.engines.round_robin import berger_schedule

    assert berger_schedule(4) == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]


# --- a 16-player Swiss, checked by hand ------------------------------------------------


def _hand_result(service: Tournaments, name: str) -> None:
    """Every open game: the lower-numbered player wins 150-minus-number to 50-plus-number;
    round 2's table 3 is a 80-80 draw."""
    t = service.get(name)
    for g in t.open_games:
        assert g.b is not None
        if g.round == 2 and g.board == 3:
            service.result(name, g.board, 80, 80)
            continue
        low, high = sorted((g.a, g.b))
        win, loss = 150 - low, 50 + high
        service.result(name, g.board, *((win, loss) if g.a == low else (loss, win)))


def test_a_sixteen_player_swiss_of_four_rounds(catalogue: Catalogue):
    service = _new(catalogue, "Sixteen")
    for n in range(1, 17):
        service.register("Sixteen", f"P{n:02d}")
    for _ in range(4):
        service.pair("Sixteen")
        _hand_result(service, "Sixteen")
    t = service.get("Sixteen")
    assert t.over
    pairs = [frozenset((g.a, g.b)) for g in t.games]
    assert len(pairs) == 32 and len(set(pairs)) == 32  # no rematch
    assert all(len(t.round_games(r)) == 8 for r in range(1, 5))
    crosstable = {r: [(g.a, g.b, g.result) for g in t.round_games(r)] for r in range(1, 5)}
    # The Dutch system's round 1: the top half against the bottom half.
    assert crosstable[1] == [(1, 9, "a"), (10, 2, "b"), (3, 11, "a"), (12, 4, "b"),
                             (5, 13, "a"), (14, 6, "b"), (7, 15, "a"), (16, 8, "b")]
    # Checked by hand from the rounds (EXPECTED's comment).
    ranked = [(r.number, float(r.score), round(float(r.sos), 4), r.vp)
              for r in t.standings()]
    assert ranked == EXPECTED, crosstable


#: Hand-checked standings of the 16-player Swiss above: (player, score, SOS, VP).
#: The rounds the Dutch system paired (side a first; the lower number won, but the draw):
#:   1: 1-9 10-2 3-11 12-4 5-13 14-6 7-15 16-8
#:   2: 6-1 2-5 8-3 (draw 80-80) 4-7 9-14 13-10 11-16 15-12
#:   3: 1-2 3-4 5-8 10-6 7-11 12-9 16-13 14-15
#:   4: 3-1 2-7 4-6 9-5 8-10 11-14 13-12 15-16
#: Final scores: 1: 4; 2, 4, 5: 3; 3, 8: 2.5; 6, 7, 9, 11, 12: 2; 10, 13, 14, 15: 1; 16: 0.
#: SOS is the mean of the opponents' score / 4 (all played four rounds), e.g.
#:   1 met 9, 6, 2, 3: (2 + 2 + 3 + 2.5) / 16 = 19/32 = 0.59375
#:   4 met 12, 7, 3, 6: (2 + 2 + 2.5 + 2) / 16 = 17/32; 5 met 13, 2, 8, 9: (1 + 3 + 2.5
#:     + 2) / 16 = 17/32 too: victory points part them, 146+146+54+146 = 492 against
#:     145+55+145+145 = 490
#:   3 met 11, 8, 4, 1: 11.5/16 = 0.71875, ahead of 8 (16, 3, 5, 10: 6.5/16) on SOS
#:   6 (14, 1, 10, 4) and 7 (15, 4, 11, 2): both 9/16 and 400 VP: the pairing number
EXPECTED: list[tuple[int, float, float, int]] = [
    (1, 4.0, 0.5938, 596), (2, 3.0, 0.625, 496), (4, 3.0, 0.5312, 492),
    (5, 3.0, 0.5312, 490), (3, 2.5, 0.7188, 427), (8, 2.5, 0.4062, 422),
    (9, 2.0, 0.625, 400), (6, 2.0, 0.5625, 400), (7, 2.0, 0.5625, 400),
    (12, 2.0, 0.4375, 400), (11, 2.0, 0.3438, 400), (10, 1.0, 0.5312, 320),
    (14, 1.0, 0.4375, 328), (13, 1.0, 0.375, 326), (15, 1.0, 0.3125, 330),
    (16, 0.0, 0.4062, 264)]


def test_byes_go_to_the_lowest_and_are_wins(catalogue: Catalogue):
    service = _new(catalogue, "Odd", rounds=3)
    for n in range(1, 6):
        service.register("Odd", f"P{n:02d}")
    byes = []
    for _ in range(3):
        games = service.pair("Odd")
        bye = [g for g in games if g.b is None]
        assert len(bye) == 1 and bye[0].result == "a" and bye[0].vp_a == 50
        byes.append(bye[0].a)
        _hand_result(service, "Odd")
    assert len(set(byes)) == 3  # no second bye
    t = service.get("Odd")
    # Round 1's bye: the last of the field; later ones: a player of the lowest score.
    assert byes[0] == 5
    for r in (2, 3):
        scores = {x.number: x.score for x in _standing_before(t, r)}
        assert scores[byes[r - 1]] == min(scores.values())


def _standing_before(t, round_number):
    from armybuilder.events.standings import Entrant, standings

    return standings([Entrant(p.number, p.name) for p in t.players],
                     [g for g in t.games if g.round < round_number])


def test_a_round_with_no_new_opponent_left_is_refused_not_rematched(catalogue: Catalogue):
    service = _new(catalogue, "Too long", rounds=4)
    for n in range(1, 5):
        service.register("Too long", f"P{n:02d}")
    for _ in range(3):  # four players meet every other in three rounds
        service.pair("Too long")
        _hand_result(service, "Too long")
    with pytest.raises(EventError, match="round 4 cannot be paired without a rematch"):
        service.pair("Too long")
    assert service.get("Too long").round == 3  # nothing half-written


def test_drops_and_late_entries(catalogue: Catalogue):
    service = _new(catalogue, "Comings", rounds=3)
    for n in range(1, 5):
        service.register("Comings", f"P{n:02d}")
    service.pair("Comings")
    late = service.register("Comings", "P05", player="Latecomer")
    assert late.entered == 2
    assert all(5 not in (g.a, g.b) for g in service.get("Comings").games)
    _hand_result(service, "Comings")
    service.drop("Comings", "P01")
    second = service.pair("Comings")
    playing = {g.a for g in second} | {g.b for g in second if g.b is not None}
    assert 1 not in playing and 5 in playing and len(playing) == 4
    t = service.get("Comings")
    assert t.player("P01").dropped == 1
    assert next(r for r in t.standings() if r.number == 1).played == 1


def test_refused_lists_tampered_codes_and_catalogue_changes(catalogue: Catalogue,
                                                            tmp_path: Path):
    from armybuilder.armies.transfer import share_code

    service = _new(catalogue, "Checked", rounds=2)
    with pytest.raises(IllegalList) as refused:
        service.register("Checked", "Heavy")
    assert [f.rule for f in refused.value.findings] == ["over-build-total"]
    code = share_code(Armies(catalogue), "P01")
    tampered = code[:-3] + ("A" if code[-3] != "A" else "B") + code[-2:]
    with pytest.raises(EventError, match="share code refused: damaged share code"):
        service.register("Checked", tampered, player="Mallory")
    entry = service.register("Checked", code, player="By code")
    assert entry.list.code == code and entry.list.catalogue["digest"]
    # The catalogue changes under the list: the crossbowman's points and a click.
    with sqlite3.connect(catalogue.path) as db:
        db.execute("UPDATE figure SET points = 14 WHERE key = 'demo:4'")
        db.execute("UPDATE click SET attack = attack + 1 WHERE dial_id = (SELECT id FROM "
                   "dial WHERE figure_key = 'demo:4') AND idx = 0")
    flags = service.flags(service.get("Checked"))[entry.number]
    assert len(flags) == 1 and flags[0].startswith("Demo Crossbowman (demo:4): points 13 -> 14")
    assert "click 1 attack" in flags[0]


def test_printed_sheets_read_back(catalogue: Catalogue, tmp_path: Path):
    service = _new(catalogue, "Sheets", rounds=2)
    for n in range(1, 9):
        service.register("Sheets", f"P{n:02d}")
    for _ in range(2):
        service.pair("Sheets")
        _hand_result(service, "Sheets")
    t = service.get("Sheets")
    for what in ("pairings", "standings", "decklists"):
        path = write_sheet(sheet(t, what, None, {}), tmp_path / f"{what}.pdf")
        text = "\n".join(page.extract_text() for page in PdfReader(path).pages)
        assert "Sheets: " in text
        if what == "standings":
            first = t.standings()[0]
            assert f"1 {first.name} {float(first.score):g} {first.wins}-{first.losses}-" \
                   f"{first.draws}" in text
        elif what == "pairings":
            assert "round 2 pairings" in text and "P01" in text
        else:
            assert text.count("Demo Pikeman") == 8 and "MK" in text


def test_an_ai_played_bye_against_the_house_army(catalogue: Catalogue):
    service = Tournaments(catalogue)
    with pytest.raises(EventError, match="needs a house army"):
        _new(catalogue, "No house", rounds=1)
        for n in range(1, 4):
            service.register("No house", f"P{n:02d}")
        service.pair("No house", bye_game=True)
    service.create("Housed", Settings(format="constructed", points=100, rounds=1, seed=5,
                                      profile_name="standard", game_rounds=2),
                   house_army="P17")
    for n in range(1, 4):
        service.register("Housed", f"P{n:02d}")
    games = service.pair("Housed", bye_game=True)
    bye = next(g for g in games if g.b is None)
    assert bye.how == "bye game" and bye.result == ""  # to be played, not given
    service.play("Housed")
    t = service.get("Housed")
    played = next(g for g in t.games if g.b is None)
    assert played.result == "a" and played.how == "bye game"  # still the bye's win
    record = next(r for r in t.standings() if r.number == bye.a)
    assert record.byes == 1 and record.vp == played.vp_a  # the points he scored


def test_a_round_played_by_the_ais_and_a_crash_between_games(
        catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch):
    from armybuilder.events import tournament

    service = _new(catalogue, "Played", rounds=1, house=None)
    for n in range(1, 6):
        service.register("Played", f"P{n:02d}")
    service.pair("Played")
    real = tournament.play_game
    calls = []

    def crash_on_second(t, game):
        calls.append(game.board)
        if len(calls) == 2:
            raise KeyboardInterrupt  # the machine goes down in the second game
        return real(t, game)

    monkeypatch.setattr(tournament, "play_game", crash_on_second)
    with pytest.raises(KeyboardInterrupt):
        service.play("Played")
    t = service.get("Played")
    assert [bool(g.result) for g in t.round_games()] == [True, False, True]  # the bye too
    monkeypatch.setattr(tournament, "play_game", real)
    service.play("Played")
    t = service.get("Played")
    assert t.over and all(g.how in ("ai", "bye") for g in t.games)
    assert {g.result for g in t.games} <= {"a", "b", "draw"}


def test_the_cli_from_new_to_standings(catalogue: Catalogue, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]):
    db = ["--db", str(catalogue.path)]
    assert main(["tournament", "new", "Cli", "--rounds", "1", "--points", "100",
                 "--profile", "standard", *db]) == 0
    for n in (1, 2):
        assert main(["tournament", "register", "Cli", f"P{n:02d}", *db]) == 0
    assert main(["tournament", "register", "Cli", "Heavy", *db]) == 2
    err = capsys.readouterr().err
    assert "over-build-total" in err and "Heavy" in err
    assert main(["tournament", "pair", "Cli", "--json", *db]) == 0
    capsys.readouterr()
    assert main(["tournament", "result", "Cli", "1", "120-85", *db]) == 0
    with pytest.raises(SystemExit) as wrong:
        main(["tournament", "result", "Cli", "1", "lots", *db])
    assert wrong.value.code == 2
    capsys.readouterr()
    assert main(["tournament", "standings", "Cli", "--json", *db]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["over"] and data["standings"][0]["victory_points"] == 120
    assert main(["tournament", "print", "Cli", "standings", str(tmp_path / "s.pdf"),
                 *db]) == 0
    assert main(["tournament", "print", "Cli", "standings", str(tmp_path / "s.pdf"),
                 *db]) == 2  # never over a file without --force
