"""The collection commands on the demo catalogue, and an army checked against it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openpyxl import load_workbook

from armybuilder.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def owned(capsys: pytest.CaptureFixture[str]) -> dict[str, int]:
    code, out, _ = run(capsys, "collection", "show", "--json")
    assert code == 0
    return {o["key"]: o["count"] for o in json.loads(out)}


def test_add_remove_show(db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "collection", "add", "demo:3", "--count", "3")[0] == 0
    code, out, err = run(capsys, "collection", "add", "demo warlrd")  # a typo, taken
    assert code == 0 and "Demo Warlord (demo:7): 1 owned" in out
    assert "taking figure 'Demo Warlord' for 'demo warlrd'" in err
    assert owned(capsys) == {"demo:3": 3, "demo:7": 1}
    assert run(capsys, "collection", "remove", "demo:3", "--count", "2")[0] == 0
    assert owned(capsys) == {"demo:3": 1, "demo:7": 1}
    code, out, _ = run(capsys, "collection", "remove", "demo:7")
    assert code == 0 and "none owned now" in out
    assert owned(capsys) == {"demo:3": 1}
    code, _, err = run(capsys, "collection", "remove", "demo:1")
    assert code == 2 and "not in your collection" in err
    code, out, _ = run(capsys, "collection", "show")
    assert "Demo Pikeman" in out and "1 figure, 1 different" in out


def test_import_export_round_trip(db_path: Path, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "mine.csv"
    mine.write_text("figure,rank,count\nDemo Pikeman,tough,2\nDemo Warlord,,1\n,,\n",
                    encoding="utf-8")
    code, out, _ = run(capsys, "collection", "import", str(mine))
    assert code == 0 and "added 3 figures (2 rows)" in out
    assert owned(capsys) == {"demo:3": 2, "demo:7": 1}
    book = tmp_path / "mine.xlsx"
    assert run(capsys, "collection", "export", str(book))[0] == 0
    sheet = load_workbook(book)["Collection"]
    assert [c.value for c in sheet[1]] == ["key", "figure", "rank", "count"]
    assert run(capsys, "collection", "import", str(book))[0] == 0
    assert owned(capsys) == {"demo:3": 4, "demo:7": 2}  # import adds
    assert run(capsys, "collection", "import", str(book), "--replace")[0] == 0
    assert owned(capsys) == {"demo:3": 2, "demo:7": 1}


def test_import_from_an_army_list(db_path: Path, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "army", "new", "Carts", "--total", "200")[0] == 0
    assert run(capsys, "army", "add", "Carts", "demo:1", "--count", "2")[0] == 0
    assert run(capsys, "army", "add", "Carts", "Atlantean Ram", "--passenger", "demo:2")[0] == 0
    for suffix in (".txt", ".csv", ".xlsx"):
        path = tmp_path / f"carts{suffix}"
        assert run(capsys, "army", "export", "Carts", str(path))[0] == 0
        assert run(capsys, "collection", "import", str(path), "--replace")[0] == 0
        assert owned(capsys) == {"demo:1": 2, "fixtures:6": 1, "demo:2": 1}, suffix


def test_a_bad_file_changes_nothing(db_path: Path, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "collection", "add", "demo:1")[0] == 0
    bad = tmp_path / "bad.csv"
    bad.write_text("key,count\ndemo:1,2\nnobody:9,1\nDemo Pikman,1\n", encoding="utf-8")
    code, _, err = run(capsys, "collection", "import", str(bad), "--replace")
    assert code == 2 and "bad.csv, line 3" in err and "unknown figure 'nobody:9'" in err
    assert owned(capsys) == {"demo:1": 1}
    for text, message in (("figure,count\nDemo Pikeman,two\n", "column count"),
                          ("name,qty\nx,1\n", "expected a header with count")):
        bad.write_text(text, encoding="utf-8")
        code, _, err = run(capsys, "collection", "import", str(bad))
        assert code == 2 and message in err and err.count("\n") == 1
    code, _, err = run(capsys, "collection", "export", str(tmp_path / "c.json"))
    assert code == 2 and "a collection file is .csv, .xlsx or .txt" in err


@pytest.mark.parametrize(("text", "message"), [
    # int() reads other scripts' digits ("٣" is 3): a count is ASCII digits.
    ("key,count\ndemo:1,\u0663\n", "line 2, column count: expected a whole number"),
    # An unbalanced quote ran on to the end of the file, and the row was taken (count 1).
    ('figure,count\nDemo Pikeman,2\n"Demo Ranger\n',
     "line 3: a quote opened on this line is never closed"),
    ('key,count\n"demo:1,2\ndemo:2",1\n', "line 2: a quote opened on this line is not closed"),
    ('key,count\n"demo:1"x,2\n', "line 2: not readable as CSV"),
])
def test_a_quiet_acceptance_is_a_refusal(db_path: Path, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str], text: str,
                                          message: str) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "collection", "import", str(bad))
    assert code == 2 and message in err and err.count("\n") == 1, err
    assert owned(capsys) == {}


def test_validate_against_the_collection(db_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "army", "new", "Rich", "--total", "200")[0] == 0
    assert run(capsys, "army", "add", "Rich", "demo:3", "--count", "3")[0] == 0
    assert run(capsys, "army", "validate", "Rich")[0] == 0
    assert run(capsys, "collection", "add", "demo:3", "--count", "2")[0] == 0
    code, out, _ = run(capsys, "army", "validate", "Rich", "--collection", "--json")
    assert code == 1
    found = [f for f in json.loads(out)["findings"] if f["rule"] == "collection"]
    assert [f["message"] for f in found] == [
        "tough Demo Pikeman (demo:3): the army holds 3, your collection has 2"]
    assert run(capsys, "collection", "add", "demo:3")[0] == 0
    assert run(capsys, "army", "validate", "Rich", "--collection")[0] == 0


def test_search_owned_only(db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "collection", "add", "demo:3")[0] == 0
    code, out, _ = run(capsys, "catalogue", "search", "--owned", "--json")
    assert code == 0 and [r["key"] for r in json.loads(out)] == ["demo:3"]
