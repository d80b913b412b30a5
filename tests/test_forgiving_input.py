"""Forgiving input: any case, a small typo taken with a note, anything else refused with
"did you mean …?" — on the command line and in army list imports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder.cli import main
from armybuilder.suggest import UnknownName, choose, suggestions


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


FACTIONS = ["Atlantis Guild", "Black Powder Rebels", "Orc Raiders", "Necropolis Sect"]


def test_choose() -> None:
    assert choose("atlantis GUILD", FACTIONS, "faction") == ("Atlantis Guild", "")
    assert choose("Atlantis Gild", FACTIONS, "faction") == (
        "Atlantis Guild", "taking faction 'Atlantis Guild' for 'Atlantis Gild'")
    with pytest.raises(UnknownName, match=r"unknown faction 'Orcs'; did you mean 'Orc Raiders'"):
        choose("Orcs", FACTIONS, "faction")
    with pytest.raises(UnknownName, match=r"\(known: Atlantis Guild, Black Powder Rebels"):
        choose("Elves", FACTIONS, "faction")


def test_the_beginning_of_just_one_name_is_taken() -> None:
    assert choose("Atlantis", FACTIONS, "faction") == (
        "Atlantis Guild", "taking faction 'Atlantis Guild' for 'Atlantis'")
    assert choose("black POWDER", FACTIONS, "faction")[0] == "Black Powder Rebels"
    with pytest.raises(UnknownName, match="did you mean 'Orc Raiders'"):
        choose("Or", FACTIONS, "faction")  # too short to guess from
    with pytest.raises(UnknownName) as caught:
        choose("Demo", ["Demo Pikeman", "Demo Warlord"], "figure")
    assert caught.value.suggestions == ["Demo Pikeman", "Demo Warlord"]


def test_two_close_names_are_not_guessed_between() -> None:
    with pytest.raises(UnknownName) as caught:
        choose("Demo Pikemen", ["Demo Pikeman", "Demo Pikemon"], "figure")
    assert caught.value.suggestions[:2] == ["Demo Pikeman", "Demo Pikemon"]
    assert suggestions("flme", ["Flame/Lightning", "Flight", "Stealth"])[0] == "Flame/Lightning"


@pytest.mark.parametrize(("argv", "said"), [
    (["--faction", "ATLANTIS guild"], ""),
    (["--faction", "Atlantis Gild"], "taking faction 'Atlantis Guild'"),
    (["--faction", "Atlantis"], "taking faction 'Atlantis Guild' for 'Atlantis'"),
    (["--expansion", "dem"], "taking expansion 'demo' for 'dem'"),
    (["--ability", "pole arm"], ""),
    (["--ability", "Pole Arn"], "taking ability 'Pole Arm'"),
    (["--expansion", "DEMO figures (not real dials)"], ""),
    (["--rank", "TOUGH"], ""),
])
def test_search_filters_forgive(db_path: Path, capsys: pytest.CaptureFixture[str],
                                argv: list[str], said: str) -> None:
    code, out, err = run(capsys, "catalogue", "search", *argv, "--json")
    assert code == 0 and json.loads(out)
    assert (said in err) if said else err == ""


@pytest.mark.parametrize(("argv", "message"), [
    (["--faction", "Elves"], "unknown faction 'Elves'"),
    (["--ability", "flme"], "unknown ability 'flme'; did you mean 'Flame/Lightning'?"),
    (["--expansion", "lancerz"], "unknown expansion 'lancerz'"),
    (["--start-ability", "nothing-like-it"], "unknown ability"),
])
def test_unknown_filters_are_refused(db_path: Path, capsys: pytest.CaptureFixture[str],
                                     argv: list[str], message: str) -> None:
    code, out, err = run(capsys, "catalogue", "search", *argv)
    assert code == 2 and out == "" and message in err


def test_figure_names(db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "catalogue", "show", "DEMO WARLRD")
    assert code == 0 and "Demo Warlord  [demo:7]" in out
    assert "note: taking figure 'Demo Warlord' for 'DEMO WARLRD'" in err
    code, _, err = run(capsys, "catalogue", "show", "Pikemn tuogh")
    assert code == 2 and "did you mean 'Demo Pikeman'?" in err
    code, out, _ = run(capsys, "catalogue", "search", "pikemn")
    assert code == 0 and "No figure's name contains 'pikemn'; did you mean 'Demo Pikeman'?" \
        in out


def test_army_list_import_suggests(db_path: Path, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "list.txt"
    path.write_text("Army: Typo\nBuild total: 100 (open)\n\n2x Demo Pikemn (***)\n"
                    "1x Warlock of Nowhere (unique)\n", encoding="utf-8")
    code, _, err = run(capsys, "army", "import", str(path))
    assert code == 2 and "list.txt, line 5: unknown figure 'Warlock of Nowhere" in err
    path.write_text("Army: Typo\nBuild total: 100 (open)\n\n2x Demo Pikemn (***)\n",
                    encoding="utf-8")
    code, out, err = run(capsys, "army", "import", str(path))
    assert code == 0 and "imported 'Typo'" in out
    assert "list.txt, line 4: taking figure 'Demo Pikeman' for 'Demo Pikemn'" in err
    _, out, _ = run(capsys, "army", "show", "Typo", "--json")
    assert json.loads(out)["entries"][0]["figure"] == "demo:3"


def test_errata_clicks_are_numbered_as_on_the_card(db_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "catalogue", "errata", "--json")
    ram = next(e for e in json.loads(out) if e["id"] == "chariot-2")
    assert (ram["click"], ram["click_index"]) == (8, 7)  # "8th slot of the front dial"
    _, out, _ = run(capsys, "catalogue", "errata")
    assert "damage (click 8)" in out
    _, out, _ = run(capsys, "catalogue", "show", "Atlantean Ram", "--json")
    assert next(e for e in json.loads(out)["errata"] if e["id"] == "chariot-2")["click"] == 8


def test_army_names_forgive_as_figure_names_do(db_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["army", "new", "Rich Army", "--total", "100"],
                 ["army", "new", "Ian", "--total", "100"]):
        assert run(capsys, *argv)[0] == 0
    code, out, err = run(capsys, "army", "add", "rich armi", "Demo Pikemn weak")
    assert code == 0 and out.startswith("Rich Army: 10/100 points"), err
    assert err.splitlines() == ["armybuilder: note: taking figure 'Demo Pikeman' for "
                                "'Demo Pikemn'",
                                "armybuilder: note: taking army 'Rich Army' for 'rich armi'"] \
        or err.splitlines() == ["armybuilder: note: taking army 'Rich Army' for 'rich armi'",
                                "armybuilder: note: taking figure 'Demo Pikeman' for "
                                "'Demo Pikemn'"]
    code, out, err = run(capsys, "army", "show", "Rich")  # the beginning of one name
    assert code == 0 and "taking army 'Rich Army' for 'Rich'" in err and "Demo Pikeman" in out
    code, out, err = run(capsys, "army", "remove", "Rich Army", "Demo Pikemn weak")
    assert code == 0 and "taking figure 'Demo Pikeman' for 'Demo Pikemn'" in err
    # A deletion takes no guess: the name itself, in any case, or a question.
    code, _, err = run(capsys, "army", "delete", "Rich Armi")
    assert code == 2 and err == ("armybuilder: error: no army named 'Rich Armi'; did you mean "
                                 "'Rich Army'?\n")
    code, _, err = run(capsys, "army", "show", "Nobody")
    assert code == 2 and "no army named 'Nobody' (armies: Ian, Rich Army)" in err
    code, _, err = run(capsys, "army", "set", "Ian", "--profile", "standrd")
    assert code == 2 and "unknown profile 'standrd'; did you mean 'standard'?" in err
    assert run(capsys, "army", "delete", "rich army")[0] == 0
    code, out, _ = run(capsys, "army", "list", "--json")
    assert [a["name"] for a in json.loads(out)] == ["Ian"]


def test_counts_read_in_plain_english(db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "army", "new", "One", "--total", "100")
    run(capsys, "army", "add", "One", "Demo Warlord")
    code, out, _ = run(capsys, "army", "code", "One")
    code, out, _ = run(capsys, "army", "import", out.strip(), "--name", "Two")
    assert code == 0 and ": 1 figure, build total 100" in out
    run(capsys, "army", "new", "Three", "--total", "100")
    for figure in ("demo:12", "demo:9", "demo:3"):  # 45 + 40 + 14 points
        run(capsys, "army", "add", "Three", figure)
    _, out, _ = run(capsys, "army", "show", "Three")
    assert "points-left: 1 point left (99 of 100 used)" in out
    _, out, _ = run(capsys, "army", "add", "Three", "demo:1")
    assert "NOT legal (1 error)" in out


def test_version_names_the_catalogue_and_its_errata(db_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.splitlines()[0].startswith("armybuilder ")
    assert "catalogue data: none yet" in out and not db_path.exists()  # nothing made
    run(capsys, "catalogue", "summary")
    code, out, _ = run(capsys, "--version")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3
    assert lines[1].startswith("catalogue data: 18 figures from the demo catalogue, imported ")
    assert lines[2].startswith("errata: Mage Knight: Unlimited Official FAQ, last updated "
                               "3/19/2003 (tournament legal 1 April 2003); 32 corrections (")
