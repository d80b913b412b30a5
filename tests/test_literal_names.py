"""Every command that prints a name prints it literally: markup characters as themselves,
control characters, escape sequences and bidi overrides visible (``\\x1b``), never raw."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile_names import (
    ARMIES,
    EXPANSION,
    FACTION,
    FIGURE,
    FIGURE_KEY,
    NOTES,
    make_hostile,
    raw_controls,
    shown,
)

from armybuilder.cli import main
from armybuilder.text import SafeStream, json_text, shown_lines, whole_number


@pytest.fixture
def hostile(db_path: Path) -> Path:
    make_hostile(db_path)
    return db_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert raw_controls(out) == [] and raw_controls(err) == [], (out, err)
    return code, out, err


@pytest.mark.parametrize(("argv", "wanted"), [
    (["catalogue", "search", "grunt"], [FIGURE, FACTION]),
    (["catalogue", "show", FIGURE_KEY], [FIGURE, EXPANSION, FACTION]),
    (["catalogue", "summary"], []),
    (["army", "list"], [*ARMIES, NOTES.replace("\n", "\\n")]),
    (["army", "show", ARMIES[2]], [ARMIES[2], FIGURE, FACTION]),
    (["army", "validate", ARMIES[0]], [ARMIES[0], FACTION]),
    (["army", "add", ARMIES[2], FIGURE_KEY], [ARMIES[2]]),
    (["army", "remove", ARMIES[1], FIGURE_KEY, "--count", "1"], [ARMIES[1]]),
    (["army", "copy", ARMIES[2], "Copy [of] evil"], [ARMIES[2], "Copy [of] evil"]),
    (["army", "rename", ARMIES[0], "[/]renamed"], [ARMIES[0], "[/]renamed"]),
    (["army", "set", ARMIES[2], "--profile", "casual"], [ARMIES[2], NOTES]),
    (["army", "accept", ARMIES[2]], [ARMIES[2]]),
    (["battle", ARMIES[0], ARMIES[2], "--games", "2", "--workers", "1"],
     [ARMIES[0], ARMIES[2], FIGURE]),
])
def test_every_command_shows_names_literally(hostile: Path, capsys: pytest.CaptureFixture[str],
                                             argv: list[str], wanted: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code in (0, 1), err  # 1: validate's "not legal"
    for name in wanted:
        assert shown(name) in out, (shown(name), out)


@pytest.mark.parametrize("argv", [
    ["catalogue", "search", "grunt", "--json"],
    ["catalogue", "show", FIGURE_KEY, "--json"],
    ["army", "list", "--json"],
    ["army", "show", ARMIES[2], "--json"],
])
def test_json_output_keeps_the_names_exactly(hostile: Path, capsys: pytest.CaptureFixture[str],
                                             argv: list[str]) -> None:
    _, out, _ = run(capsys, *argv)

    def strings(value: object) -> list[str]:
        if isinstance(value, dict):
            return [s for v in value.values() for s in strings(v)]
        if isinstance(value, list):
            return [s for v in value for s in strings(v)]
        return [value] if isinstance(value, str) else []

    # JSON escapes the controls itself (and json_text the C1 and bidi ones): the reader
    # gets the names back exactly.
    assert {FIGURE, ARMIES[2]} & set(strings(json.loads(out)))


def test_errors_naming_hostile_input_are_literal(hostile: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "army", "show", "Nobody\x1b]0;pwned\x07")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "\\x1b]0;pwned\\x07" in err and shown(ARMIES[2]) in err
    code, _, err = run(capsys, "army", "new", "Evil\x1b[2J", "--total", "200")
    assert code == 2 and "control character" in err and "\\x1b" in err


def test_the_game_log_and_its_narration(hostile: Path, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.json"
    code, _, _ = run(capsys, "battle", ARMIES[0], ARMIES[2], "--games", "1", "--log", str(log))
    assert code == 0
    code, out, _ = run(capsys, "battle", "replay", str(log), "--maps", "none")
    assert code == 0 and shown(ARMIES[0]) in out and shown(FIGURE) in out


@pytest.mark.parametrize("suffix", [".txt", ".csv", ".xlsx"])
def test_exports_show_names_literally(hostile: Path, tmp_path: Path, suffix: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"evil{suffix}"
    code, _, err = run(capsys, "army", "export", ARMIES[2], str(path))
    assert code == 0, err
    if suffix == ".xlsx":
        from openpyxl import load_workbook

        book = load_workbook(path)
        text = "\n".join(str(c) for s in book for row in s.iter_rows(values_only=True)
                         for c in row if c is not None)
    else:
        text = path.read_text(encoding="utf-8")
    assert raw_controls(text.replace("\r", "")) == []
    assert shown(ARMIES[2]) in text and shown(FIGURE) in text


def test_the_helpers() -> None:
    assert shown("Bad[/]Army") == "Bad[/]Army"
    assert shown("a\x1b]0;t\x07b\nc\td\x9b\u202e") == "a\\x1b]0;t\\x07b\\nc\\td\\x9b\\u202e"
    assert shown_lines("a\nb\tc\x1b") == "a\nb\tc\\x1b"
    assert shown("\ud800") == "\\ud800"
    assert json.loads(json_text({"n": "a\x1b\x9b\u202e"})) == {"n": "a\x1b\x9b\u202e"}
    assert "\x9b" not in json_text("\x9b") and "\u202e" not in json_text("\u202e")

    class Sink:
        written = ""

        def write(self, text: str) -> int:
            Sink.written += text
            return len(text)

    stream = SafeStream(Sink())  # type: ignore[arg-type]
    stream.write("ok\r\n\x1b[2J\x07")
    assert Sink.written == "ok\r\n\\x1b[2J\\x07"


def test_collection_compare_and_share_codes_show_names_literally(
        hostile: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "collection", "add", FIGURE_KEY, "--count", "2")
    assert code == 0 and shown(FIGURE) in out, err
    code, out, _ = run(capsys, "collection", "show")
    assert code == 0 and shown(FIGURE) in out
    code, out, _ = run(capsys, "collection", "remove", FIGURE_KEY, "--count", "1")
    assert code == 0 and shown(FIGURE) in out
    code, out, _ = run(capsys, "catalogue", "compare", FIGURE_KEY, "demo:4")
    assert code == 0 and shown(FIGURE) in out and shown(FACTION) in out
    code, out, _ = run(capsys, "army", "code", ARMIES[2])
    assert code == 0
    code, out, _ = run(capsys, "army", "import", out.strip(), "--name", "Shared [copy]")
    assert code == 0 and "'Shared [copy]'" in out


def test_the_printed_roster_shows_names_literally(hostile: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from pypdf import PdfReader

    path = tmp_path / "evil.pdf"
    # A new name with a control character is refused (tests/test_roster_pdf.py); markup is
    # a name's own characters, and an older database's army name is printed escaped.
    code, _, err = run(capsys, "army", "print", ARMIES[2], str(path), "--player",
                       "[i]Rich[/i]", "--event", "[b]league[/b]")
    assert code == 0, err
    text = "\n".join(page.extract_text() for page in PdfReader(path).pages)
    assert raw_controls(text) == []
    for name in ("[i]Rich[/i]", "[b]league[/b]", "Evil\\x1b]0;pwned\\x07"):
        assert name in text, (name, text[:400])


def test_the_gauntlet_its_results_and_workbook_show_names_literally(
        hostile: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from openpyxl import load_workbook

    fast = ("--games", "1", "--rounds", "2", "--workers", "1")
    book = tmp_path / "evil.xlsx"
    code, out, err = run(capsys, "battle", "gauntlet", *ARMIES, *fast, "--xlsx", str(book))
    assert code == 0, err
    for name in ARMIES:
        assert shown(name) in out, (shown(name), out)
    code, out, _ = run(capsys, "battle", "gauntlet", *ARMIES, *fast, "--json")
    assert code == 0 and set(json.loads(out)["matrix"]) == set(ARMIES)
    # The three armies hold the same figures: one matchup is kept, under the latest names.
    code, out, _ = run(capsys, "battle", "results", "--json")
    kept = json.loads(out)["matchups"]
    assert code == 0 and len(kept) == 1
    names = [kept[0]["army_a"], kept[0]["army_b"]]
    assert set(names) <= set(ARMIES)
    code, out, _ = run(capsys, "battle", "results")
    assert code == 0 and all(shown(name) in out for name in names), out
    workbook = load_workbook(book)
    text = "\n".join(str(c) for s in workbook for row in s.iter_rows(values_only=True)
                     for c in row if c is not None)
    assert raw_controls(text) == [] and shown(ARMIES[2]) in text and shown(FIGURE) in text
    # A sheet's name may not hold \ [ ] : * ? /: those of the name as shown become _.
    assert "Evil_x1b_0;pwned_x07_x1b_2J" in workbook.sheetnames


def test_play_lists_and_exports_games_with_names_literally(
        hostile: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.play.new import NewGame, new_game

    catalogue = Catalogue.open(hostile)
    try:
        game_id, _ = new_game(catalogue, NewGame(ARMIES[0], ARMIES[2], seed=3,
                                                 terrain="none"))
    finally:
        catalogue.close()
    code, out, _ = run(capsys, "play", "--list")
    assert code == 0 and "Bad[/]Army" in out and shown(ARMIES[2]) in out
    code, out, _ = run(capsys, "play", "--list", "--json")
    assert json.loads(out)[0]["army_b"] == ARMIES[2]  # the name itself, for programs
    log = tmp_path / "evil\x1b]0;x.json"
    code, out, _ = run(capsys, "play", "--export", str(game_id), str(log))
    assert code == 0 and "evil\\x1b]0;x.json" in out and log.exists()


@pytest.mark.parametrize(("text", "low", "high", "number"), [
    ("12", 0, 99, 12), (" 7 ", 1, 9, 7), ("-3", -5, 5, -3), ("0", 0, 0, 0),
    ("٣", 0, 9, None),  # int() reads another script's digits ("٣" is 3)
    ("１２", 0, 99, None),  # full-width digits
    ("10", 0, 9, None), ("0", 1, 9, None), ("", 0, 9, None), ("1e3", 0, 9999, None),
    ("9" * 5000, 0, 2**63 - 1, None),  # refused by its length, never turned into a number
])
def test_a_whole_number_typed_into_the_app(text: str, low: int, high: int,
                                           number: int | None) -> None:
    assert whole_number(text, low, high) == number
