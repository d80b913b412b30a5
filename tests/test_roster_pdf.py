"""The printable roster: a real PDF read back (pages, text) and page 1 rendered to PNG and
compared with a stored picture by a small perceptual difference."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from armybuilder.cli import main

SNAPSHOT = Path(__file__).parent / "export_snapshots" / "roster_page1.png"
#: The page is compared shrunk to this size, in grey: font hinting and anti-aliasing
#: differences between renderer versions vanish, a moved or missing line does not.
THUMB = (120, 170)
#: Mean difference (0-255) allowed, and the share of pixels allowed to differ by more
#: than a quarter of the scale.
MEAN_LIMIT = 3.0
CHANGED_LIMIT = 0.01


def run(*argv: str) -> int:
    return main(list(argv))


@pytest.fixture
def roster(db_path: Path, tmp_path: Path) -> Path:
    assert run("army", "new", "Rich", "--total", "200", "--profile", "open") == 0
    for ref in ("demo:3", "demo:7"):
        assert run("army", "add", "Rich", ref) == 0
    assert run("army", "add", "Rich", "Atlantean Ram", "--passenger", "demo:1") == 0
    path = tmp_path / "rich.pdf"
    assert run("army", "print", "Rich", str(path), "--player", "Rich H",
               "--event", "Saturday league") == 0
    return path


def thumbnail(pdf: Path) -> Image.Image:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(pdf))
    try:
        page = document[0].render(scale=1.0).to_pil()
    finally:
        document.close()
    return page.convert("L").resize(THUMB, Image.Resampling.LANCZOS)


def difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    diff = ImageChops.difference(a, b)
    mean = ImageStat.Stat(diff).mean[0]
    changed = sum(diff.histogram()[65:]) / (diff.width * diff.height)
    return mean, changed


def test_roster_text_and_pages(roster: Path) -> None:
    reader = PdfReader(roster)
    assert len(reader.pages) == 3  # the roster, then dial cards (the chariot's on its own)
    first = reader.pages[0].extract_text()
    for text in ("Mage Knight army roster", "Rich H", "Saturday league", "204 of 200",
                 "4 OVER", "2 per turn", "open", "NO", "Demo Warlord",
                 "Atlantean Ram + Demo Pikeman", "over-build-total"):
        assert text in first, text
    cards = "".join(p.extract_text() for p in reader.pages[1:])
    assert "Dial cards" in cards and "Demo Pikeman  [demo:3]" in cards
    # Every ability's text, the FAQ's updates marked.
    assert "[FAQ update: FAQ, Special Ability Update]" in cards  # Command
    assert "Pole Arm (red defense)" in cards
    assert "front dial" in cards  # the chariot's four dials


def test_letter_paper(db_path: Path, tmp_path: Path) -> None:
    assert run("army", "new", "Solo", "--total", "100") == 0
    assert run("army", "add", "Solo", "demo:1") == 0
    path = tmp_path / "solo.pdf"
    assert run("army", "print", "Solo", str(path), "--paper", "letter") == 0
    page = PdfReader(path).pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (612, 792)


def test_page_one_looks_as_it_did(roster: Path, request: pytest.FixtureRequest) -> None:
    picture = thumbnail(roster)
    if request.config.getoption("--snapshot-update", default=False) or not SNAPSHOT.exists():
        picture.save(SNAPSHOT)
        pytest.skip("stored a new roster snapshot")
    mean, changed = difference(picture, Image.open(SNAPSHOT).convert("L"))
    assert mean < MEAN_LIMIT and changed < CHANGED_LIMIT, (mean, changed)


def test_the_comparison_sees_a_changed_page(roster: Path, tmp_path: Path) -> None:
    # The roster without one figure must not pass for the whole one.
    assert run("army", "remove", "Rich", "demo:7") == 0
    assert run("army", "print", "Rich", str(tmp_path / "less.pdf")) == 0
    _, changed = difference(thumbnail(roster), thumbnail(tmp_path / "less.pdf"))
    assert changed >= CHANGED_LIMIT


def test_a_roster_is_a_pdf_in_an_existing_folder(roster: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert run("army", "print", "Rich", str(tmp_path / "rich.txt")) == 2
    assert "a roster is written as .pdf" in capsys.readouterr().err
    assert run("army", "print", "Rich", str(tmp_path / "nowhere" / "rich.pdf")) == 2
    assert "does not exist" in capsys.readouterr().err


def test_a_long_name_costs_a_few_measurements(db_path: Path, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A figure's name fitted to its table cell is measured a few times, not once per
    character it loses (a 20,000-character name in the database never finished)."""
    import sqlite3

    from fpdf import FPDF

    assert run("army", "new", "Long", "--total", "200") == 0
    assert run("army", "add", "Long", "demo:3") == 0
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE figure SET name = ? WHERE key = 'demo:3'", ("Pikeman " * 250,))
    conn.close()
    measured = [0]
    width = FPDF.get_string_width

    def counted(self: FPDF, text: str, *args: object, **kwargs: object) -> float:
        measured[0] += 1
        return width(self, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(FPDF, "get_string_width", counted)
    assert run("army", "print", "Long", str(tmp_path / "long.pdf")) == 0
    assert measured[0] < 200  # the 2,000-character name alone took about 2,000
    text = PdfReader(tmp_path / "long.pdf").pages[0].extract_text()
    assert "Pikeman Pikeman" in text and "..." in text


def test_a_player_or_event_with_a_control_character_is_refused(
        db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Names shown literally: a new name holding a control character is refused, as an
    army's is, rather than printed escaped on the roster."""
    assert run("army", "new", "Rich", "--total", "200") == 0
    assert run("army", "add", "Rich", "demo:3") == 0
    capsys.readouterr()
    for flag in ("--player", "--event"):
        path = tmp_path / "rich.pdf"
        assert run("army", "print", "Rich", str(path), flag, "Ann\x1b]0;pwned\x07") == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"{flag} 'Ann\\x1b]0;pwned\\x07' holds a control" \
            in err, err
        assert not path.exists()
