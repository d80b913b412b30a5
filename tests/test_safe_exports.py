"""Exports: no live formulas in .xlsx or .csv, written whole or not at all, never over a
file without --force, never through a symbolic link."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook

from armybuilder.cli import main
from armybuilder.files import (
    ExportError,
    neutral_cell,
    restored_cell,
    write_atomically,
)
from armybuilder.importers.spreadsheet import read_catalogue

FORMULAS = ["=HYPERLINK(\"http://x\",\"y\")", "+cmd|' /C calc'!A0", "-2+3", "@SUM(1,2)",
            "'=already quoted"]


@pytest.fixture
def army_db(db_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """An army named like a formula, holding figures named like formulas."""
    assert main(["army", "new", "=cmd|' /C calc'!A0", "--total", "200"]) == 0
    for key in ("demo:1", "demo:4", "demo:11", "demo:6", "demo:2"):
        assert main(["army", "add", "=cmd|' /C calc'!A0", key]) == 0
    capsys.readouterr()
    with sqlite3.connect(db_path) as conn:
        for number, name in zip((1, 4, 11, 6, 2), FORMULAS, strict=True):
            conn.execute("UPDATE figure SET name = ? WHERE key = ?", (name, f"demo:{number}"))
    conn.close()
    return db_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_xlsx_holds_text_never_a_formula(army_db: Path, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "army.xlsx"
    assert run(capsys, "army", "export", "=cmd|' /C calc'!A0", str(path))[0] == 0
    book = load_workbook(path)  # formulas as written, not their values
    cells = [c for sheet in book for row in sheet.iter_rows() for c in row
             if isinstance(c.value, str)]
    assert [c.coordinate for c in cells if c.data_type == "f"] == []
    texts = {c.value: c for c in cells}
    for name in [*FORMULAS, "=cmd|' /C calc'!A0"]:
        assert name in texts, name
        if name[0] in "=+-@":
            assert texts[name].quotePrefix, name


def test_the_csv_quotes_formulas_and_reads_them_back(army_db: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "army.csv"
    assert run(capsys, "army", "export", "=cmd|' /C calc'!A0", str(path))[0] == 0
    rows = [line.split(",")[0].strip('"') for line in path.read_text().splitlines()[6:]]
    assert all(cell[:1] not in "=+-@\t\r" for cell in rows), rows
    assert "'=HYPERLINK(" in path.read_text() and "''=already quoted" in path.read_text()
    code, _, err = run(capsys, "army", "import", str(path), "--name", "back")
    assert code == 0, err
    _, out, _ = run(capsys, "army", "show", "back", "--json")
    assert sorted(e["figure"] for e in __import__("json").loads(out)["entries"]) == \
        sorted(["demo:1", "demo:4", "demo:11", "demo:6", "demo:2"])


def test_the_catalogue_csv_round_trips_formula_names(army_db: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "catalogue", "export", str(tmp_path / "cat"))[0] == 0
    figures = (tmp_path / "cat" / "figures.csv").read_text()
    assert "'-2+3" in figures and "\n-2+3" not in figures
    names = {f.name for f in read_catalogue(tmp_path / "cat").figures.values()}
    assert set(FORMULAS) <= names
    assert run(capsys, "catalogue", "export", str(tmp_path / "cat.xlsx"))[0] == 0
    sheet = load_workbook(tmp_path / "cat.xlsx")["Figures"]
    assert [c.coordinate for row in sheet.iter_rows() for c in row if c.data_type == "f"] == []


@pytest.mark.parametrize("value", ["=1", "+1", "-1", "@x", "\tx", "\rx", "'=x", "''+x", "'x",
                                   "x=1", "", "plain", "'"])
def test_neutral_cells_restore_exactly(value: str) -> None:
    cell = neutral_cell(value)
    assert cell[:1] not in ("=", "+", "-", "@", "\t", "\r")
    assert restored_cell(cell) == value
    assert neutral_cell(5) == 5 and neutral_cell(-5) == -5


def test_no_overwrite_without_force(army_db: Path, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    for path, argv in ((tmp_path / "a.txt", ["army", "export", "=cmd|' /C calc'!A0"]),
                       (tmp_path / "c.xlsx", ["catalogue", "export"]),
                       (tmp_path / "c.csv", ["catalogue", "export"])):
        target = path if path.suffix != ".csv" else tmp_path / "c.clicks.csv"
        target.write_text("precious")
        code, out, err = run(capsys, *argv, str(path))
        assert code == 2 and out == "" and err.count("\n") == 1
        assert "already exists; pass --force" in err
        assert target.read_text() == "precious"
        assert run(capsys, *argv, str(path), "--force")[0] == 0
        assert target.read_bytes() != b"precious"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_a_symbolic_link_is_never_followed(army_db: Path, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "bashrc"
    target.write_text("precious")
    link = tmp_path / "army.txt"
    link.symlink_to(target)
    code, _, err = run(capsys, "army", "export", "=cmd|' /C calc'!A0", str(link))
    assert code == 2 and "symbolic link" in err and target.read_text() == "precious"
    assert run(capsys, "army", "export", "=cmd|' /C calc'!A0", str(link), "--force")[0] == 0
    assert not link.is_symlink() and "Army:" in link.read_text()
    assert target.read_text() == "precious"  # the link was replaced, its target untouched
    dangling = tmp_path / "gone.txt"
    dangling.symlink_to(tmp_path / "nowhere" / "file")
    assert run(capsys, "army", "export", "=cmd|' /C calc'!A0", str(dangling))[0] == 2
    assert not (tmp_path / "nowhere").exists()


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "list.txt"
    path.write_text("old")
    real_write = os.write

    def full(fd: int, data: bytes) -> int:
        if len(data) > 10:
            raise OSError(28, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(ExportError, match=r"list.txt: cannot write it \(No space left on "
                                          r"device\); nothing was written"):
        write_atomically(path, "x" * 100, force=True)
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["list.txt"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs Linux's RLIMIT_FSIZE")
def test_a_full_disk_is_one_line_and_leaves_nothing(army_db: Path, tmp_path: Path) -> None:
    """A real write failure: the file size limit makes the kernel refuse the export's
    writes (EFBIG), as a full disk would (ENOSPC)."""
    tmp_path = tmp_path / "out"
    tmp_path.mkdir()
    script = f"""
import resource, signal, sqlite3, sys
from armybuilder.cli import main
keep = sqlite3.connect({str(army_db)!r})  # the WAL files exist before the limit
keep.execute("SELECT count(*) FROM figure").fetchall()
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))
sys.exit(main(["--db", {str(army_db)!r}, "catalogue", "export", {str(tmp_path / "c.xlsx")!r}]))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "c.xlsx: cannot write it (File too large)" \
        in done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_roster_and_the_collection_are_exported_safely(
        army_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The exports issue 21 added keep the same promises: never over a file without
    --force, never through a link, whole or not at all."""
    army = "=cmd|' /C calc'!A0"
    assert run(capsys, "collection", "add", "demo:1", "--count", "2")[0] == 0
    for path, argv in ((tmp_path / "r.pdf", ["army", "print", army]),
                       (tmp_path / "c.csv", ["collection", "export"]),
                       (tmp_path / "c.xlsx", ["collection", "export"])):
        path.write_text("precious")
        code, out, err = run(capsys, *argv, str(path))
        assert code == 2 and out == "" and err.count("\n") == 1, err
        assert "already exists; pass --force" in err and path.read_text() == "precious"
        assert run(capsys, *argv, str(path), "--force")[0] == 0
        assert path.read_bytes() != b"precious"
        target = tmp_path / f"target{path.suffix}"
        target.write_text("precious")
        link = tmp_path / f"link{path.suffix}"
        link.symlink_to(target)
        code, _, err = run(capsys, *argv, str(link))
        assert code == 2 and "symbolic link" in err and target.read_text() == "precious"
        assert run(capsys, *argv, str(link), "--force")[0] == 0
        assert not link.is_symlink() and target.read_text() == "precious"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_the_collection_holds_no_live_formula(army_db: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    for key in ("demo:1", "demo:4", "demo:11", "demo:6", "demo:2"):
        assert run(capsys, "collection", "add", key)[0] == 0
    csv_path, xlsx_path = tmp_path / "c.csv", tmp_path / "c.xlsx"
    assert run(capsys, "collection", "export", str(csv_path))[0] == 0
    names = [line.split(",")[1] for line in csv_path.read_text().splitlines()[1:]]
    assert all(n.strip('"')[:1] not in "=+-@\t\r" for n in names), names
    assert run(capsys, "collection", "export", str(xlsx_path))[0] == 0
    sheet = load_workbook(xlsx_path)["Collection"]
    cells = [c for row in sheet.iter_rows() for c in row]
    assert [c.coordinate for c in cells if c.data_type == "f"] == []
    assert {c.value for c in cells} >= set(FORMULAS)
    for path in (csv_path, xlsx_path):  # read back by key, the counts exactly
        assert run(capsys, "collection", "import", str(path), "--replace")[0] == 0
        _, out, _ = run(capsys, "collection", "show", "--json")
        assert {o["key"]: o["count"] for o in __import__("json").loads(out)} == {
            "demo:1": 1, "demo:4": 1, "demo:11": 1, "demo:6": 1, "demo:2": 1}
