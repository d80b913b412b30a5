"""Exports: no live formulas in .xlsx or .csv, written whole or not at all, never over a
file without --force, never through a symbolic link."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hostile_names import ARMIES, EXPANSION, FACTION, FIGURE, FIGURE_KEY, make_hostile, raw_controls
from openpyxl import load_workbook

from armybuilder.cli import main
from armybuilder.files import (
    ExportError,
    neutral_cell,
    restored_cell,
    write_all,
    write_atomically,
)
from armybuilder.importers.spreadsheet import read_catalogue
from armybuilder.text import shown

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


# --- an export of several files is all or none (issue 22) --------------------------------

CATALOGUE_CSVS = ("c.figures.csv", "c.clicks.csv", "c.abilities.csv", "c.expansions.csv")


def _fail_on(monkeypatch: pytest.MonkeyPatch, name: str, calls: int,
             only: Callable[..., bool]) -> None:
    """Make the ``calls``-th call of ``os.name`` that ``only`` picks fail as a full disk."""
    real = getattr(os, name)
    seen = []

    def failing(*args: Any, **kwargs: Any) -> Any:
        if only(*args):
            seen.append(args)
            if len(seen) == calls:
                raise OSError(28, "No space left on device")
        return real(*args, **kwargs)

    monkeypatch.setattr(os, name, failing)


def test_a_second_file_failing_to_write_leaves_no_first_file(
        army_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    out.mkdir()
    _fail_on(monkeypatch, "write", 2, lambda fd, data: True)  # the clicks file's
    code, stdout, err = run(capsys, "catalogue", "export", str(out / "c.csv"))
    assert code == 2 and stdout == "" and err.count("\n") == 1, err
    assert "c.clicks.csv: cannot write it (No space left on device); nothing was written" \
        in err
    assert list(out.iterdir()) == []  # not even c.figures.csv, written first


def test_a_second_file_failing_to_move_in_puts_back_what_force_replaced(
        army_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    out.mkdir()
    for name in CATALOGUE_CSVS[:3]:  # the fourth is new
        (out / name).write_text(f"precious {name}")
    link = out / "c.figures.csv"
    replace = os.replace
    _fail_on(monkeypatch, "replace", 2, lambda source, *_: str(source).endswith(".part"))
    code, _, err = run(capsys, "catalogue", "export", str(out / "c.csv"), "--force")
    assert code == 2 and err.count("\n") == 1, err
    assert "c.clicks.csv: cannot write it (No space left on device); nothing was written" \
        in err
    assert sorted(p.name for p in out.iterdir()) == sorted(CATALOGUE_CSVS[:3])
    for name in CATALOGUE_CSVS[:3]:
        assert (out / name).read_text() == f"precious {name}", name
    # Then it succeeds, and no backup is left behind. (Not monkeypatch.undo(): that would
    # also unset ARMYBUILDER_DB and export the player's own database.)
    monkeypatch.setattr(os, "replace", replace)
    assert run(capsys, "catalogue", "export", str(out / "c.csv"), "--force")[0] == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(CATALOGUE_CSVS)
    assert link.read_text().startswith("key,expansion,number,name")


@pytest.mark.parametrize("hard_links", [True, False])
def test_write_all_takes_back_new_files_and_restores_a_replaced_link(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hard_links: bool) -> None:
    if not hard_links:  # a file system without them (FAT): the old file is moved aside
        def no_link(*_: Any, **__: Any) -> None:
            raise OSError(1, "Operation not permitted")

        monkeypatch.setattr(os, "link", no_link)
    target = tmp_path / "target"
    target.write_text("precious")
    (tmp_path / "b").symlink_to(target)
    files = {tmp_path / "a": "A", tmp_path / "b": "B", tmp_path / "c": "C"}
    _fail_on(monkeypatch, "replace", 3, lambda source, *_: str(source).endswith(".part"))
    with pytest.raises(ExportError, match=r"/c: cannot write it .*; nothing was written$"):
        write_all(files, force=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b", "target"]
    assert (tmp_path / "b").is_symlink() and target.read_text() == "precious"
    monkeypatch.undo()
    assert write_all(files, force=True) == list(files)
    assert [p.read_text() for p in files] == ["A", "B", "C"]
    assert not (tmp_path / "b").is_symlink() and target.read_text() == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b", "c", "target"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs Linux's RLIMIT_FSIZE")
def test_a_full_disk_on_the_second_csv_leaves_no_file(army_db: Path, tmp_path: Path) -> None:
    """A real failure part-way through a CSV catalogue: the file size limit lets the
    figures file be written and refuses the larger clicks file (EFBIG)."""
    out = tmp_path / "out"
    out.mkdir()
    sizes = _csv_sizes(army_db, tmp_path)
    assert sizes[0] + 100 < sizes[1], sizes  # a limit falls between the first two
    limit = (sizes[0] + sizes[1]) // 2
    script = f"""
import resource, signal, sqlite3, sys
from armybuilder.cli import main
keep = sqlite3.connect({str(army_db)!r})  # the WAL files exist before the limit
keep.execute("SELECT count(*) FROM figure").fetchall()
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))
sys.exit(main(["--db", {str(army_db)!r}, "catalogue", "export", {str(out / "c.csv")!r}]))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert "c.clicks.csv: cannot write it (File too large); nothing was written" in done.stderr
    assert list(out.iterdir()) == []


def _csv_sizes(db: Path, tmp_path: Path) -> list[int]:
    """The sizes of the CSV catalogue's files, in the order they are written."""
    whole = tmp_path / "whole"
    whole.mkdir()
    assert main(["--db", str(db), "catalogue", "export", str(whole / "c.csv")]) == 0
    return [(whole / name).stat().st_size for name in CATALOGUE_CSVS]


# --- a name holding a control character: written escaped by every export (issue 22) ------


@pytest.fixture
def hostile_db(db_path: Path) -> Path:
    """Names with control characters, as only an older database can hold them."""
    make_hostile(db_path)
    return db_path


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_the_catalogue_export_writes_control_characters_escaped(
        hostile_db: Path, tmp_path: Path, suffix: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "catalogue", "export", str(tmp_path / f"cat{suffix}"))
    assert code == 0, err
    if suffix == ".xlsx":
        book = load_workbook(tmp_path / "cat.xlsx")
        text = "\n".join(str(c) for s in book for row in s.iter_rows(values_only=True)
                         for c in row if c is not None)
    else:
        text = "\n".join(p.read_text(encoding="utf-8") for p in tmp_path.glob("cat.*.csv"))
    assert raw_controls(text) == []
    assert shown(FIGURE) in text and shown(FACTION) in text and shown(EXPANSION) in text
    # The file reads back: the names as the app shows them.
    back = read_catalogue(tmp_path / f"cat{suffix}")
    assert back.figures[FIGURE_KEY].name == shown(FIGURE)
    assert back.figures[FIGURE_KEY].factions == [shown(FACTION)]
    assert back.expansions["demo"].name == shown(EXPANSION)


@pytest.mark.parametrize("suffix", [".csv", ".xlsx", ".txt"])
def test_the_army_export_writes_control_characters_escaped(
        hostile_db: Path, tmp_path: Path, suffix: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The same names, written the same way as the catalogue export writes them."""
    path = tmp_path / f"army{suffix}"
    code, _, err = run(capsys, "army", "export", ARMIES[2], str(path))
    assert code == 0, err
    if suffix == ".xlsx":
        book = load_workbook(path)
        text = "\n".join(str(c) for s in book for row in s.iter_rows(values_only=True)
                         for c in row if c is not None)
    else:
        text = path.read_text(encoding="utf-8")
    assert raw_controls(text) == []
    assert shown(ARMIES[2]) in text and shown(FIGURE) in text
    if suffix != ".txt":  # the forum list names no factions
        assert shown(FACTION) in text
