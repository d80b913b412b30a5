"""The rules text on the command line, and the builder habits that live outside the app:
an empty army is never legal, a re-import counts only real changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder.catalogue.service import Catalogue
from armybuilder.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_show_gives_every_abilitys_text(db_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "catalogue", "show", "demo:7")
    assert code == 0
    assert "Command (grey, damage)" in out
    assert "[FAQ update: FAQ, Special Ability Update]" in out  # Command's text is the FAQ's
    assert "roll one six-sided die" in out
    code, out, _ = run(capsys, "catalogue", "show", "demo:7", "--json")
    abilities = {a["name"]: a for a in json.loads(out)["abilities"]}
    assert set(abilities) == {"Command", "Weapon Master", "Demoralized"}
    assert abilities["Command"]["faq_update"] is True
    assert abilities["Weapon Master"]["optional"] is True
    assert abilities["Weapon Master"]["text"].startswith("Optional.")
    assert abilities["Demoralized"]["faq_update"] is False


def test_an_empty_army_is_not_legal(db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "army", "new", "Nothing", "--total", "200", "--profile", "casual")[0] == 0
    code, out, _ = run(capsys, "army", "validate", "Nothing", "--json")
    checked = json.loads(out)
    assert code == 1 and checked["legal"] is False
    assert checked["findings"][0]["rule"] == "empty"


def test_a_reimport_of_the_exported_catalogue_updates_nothing(db_path: Path, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]
                                                               ) -> None:
    assert run(capsys, "catalogue", "export", str(tmp_path / "cat.xlsx"))[0] == 0
    code, out, _ = run(capsys, "catalogue", "import", str(tmp_path / "cat.xlsx"), "--json")
    summary = json.loads(out)
    assert code == 0 and summary["updated"] == 0 and summary["added"] == 0
    assert summary["unchanged"] > 0
    # Changed content still counts: one figure's points.
    import openpyxl

    book = openpyxl.load_workbook(tmp_path / "cat.xlsx")
    sheet = book["Figures"]
    header = [c.value for c in sheet[1]]
    sheet.cell(row=2, column=header.index("points") + 1).value = 99
    book.save(tmp_path / "cat2.xlsx")
    code, out, _ = run(capsys, "catalogue", "import", str(tmp_path / "cat2.xlsx"), "--json")
    assert json.loads(out)["updated"] == 1
    catalogue = Catalogue.open(db_path)
    try:
        assert catalogue.summary()["figures"] == summary["unchanged"]
    finally:
        catalogue.close()
