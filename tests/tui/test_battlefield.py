"""The battlefield drawing: every figure and terrain feature on it, only the 16 ANSI
colours, zoom and pan that keep the table in view."""

from __future__ import annotations

from pathlib import Path

from play.play_support import CAPTOR, SHOOTER, WARLORD, scenario
from rich.color import ColorType

from armybuilder.catalogue.service import Catalogue
from armybuilder.play.session import PlaySession, Seats
from armybuilder.tui.battlefield import (
    ARROWS,
    GHOST_BAD,
    TERRAIN_LOOK,
    Ghost,
    Overlay,
    View,
    draw,
    legend,
)


def session(db: Path) -> PlaySession:
    catalogue = Catalogue.open(db)
    try:
        return PlaySession.start(scenario(catalogue, marks=True), Seats(("human", "random"), 1))
    finally:
        catalogue.close()


def text(canvas: object) -> str:
    return "\n".join(canvas.text(r) for r in range(canvas.rows))  # type: ignore[attr-defined]


def test_the_whole_table_fits_72_by_36_with_everything_on_it(tui_db: Path) -> None:
    s = session(tui_db)
    board = s.board
    view = View(board.table, 72, 36)
    assert view.scale == 0.5  # half an inch a column, an inch a row
    canvas = draw(board, Overlay(selected=SHOOTER, allowance=s.allowance(SHOOTER),
                                 reach=True), view)
    drawn = text(canvas)
    for piece in board.pieces:
        assert piece.letter in drawn
    for kind, (char, _) in TERRAIN_LOOK.items():
        assert char in drawn, kind  # the low wall too, thinner than a cell
    assert "A!" in drawn  # the warlord shows Demoralized
    assert "a×" in drawn  # the captive
    assert "C1" in drawn  # an action token
    assert any(arrow in drawn for arrow in ARROWS)


def test_only_the_sixteen_ansi_colours(tui_db: Path) -> None:
    s = session(tui_db)
    board = s.board
    view = View(board.table, 90, 40)
    canvas = draw(board, Overlay(selected=WARLORD, allowance=9.0, reach=True,
                                 targets=frozenset({7}),
                                 ghosts=(Ghost(board.pieces[CAPTOR], (14.0, 6.0), 0.0,
                                               ((14.0, 10.0),), False),)), view)
    for row in range(canvas.rows):
        for style in canvas.styles[row]:
            for colour in (style.color, style.bgcolor):
                assert colour is None or colour.type == ColorType.STANDARD, style
    # The ghost of B where it would end, in the refused colour.
    col, row = view.cell(14.0, 6.0)
    assert canvas.chars[row][col] == "B"
    assert canvas.styles[row][col] == GHOST_BAD
    assert all(style.color is None or style.color.type == ColorType.STANDARD
               for _, style in legend(board))


def test_zoom_and_pan_keep_the_table_in_view() -> None:
    view = View(36.0, 72, 36)
    view.pan(1, 1)
    assert (view.cx, view.cy) == (18.0, 18.0)  # the whole table shows: nothing to pan
    view.zoom_by(2)
    assert view.scale == 0.25
    view.pan(-4, -4)
    assert view.cx == 72 * 0.25 / 2 and view.cy == 36 * 0.25  # the south-west corner
    col, row = view.cell(0.1, 0.1)
    assert col == 0 and row == 35
    view.zoom_by(100)
    assert view.zoom == 8.0
    view.zoom_by(0.001)
    assert view.zoom == 1.0 and (view.cx, view.cy) == (18.0, 18.0)


def test_a_chariot_is_drawn_as_its_four_discs() -> None:
    """Chariot rules, Combat Dials: a chariot's base is four sections, each a disc of the
    engine's; an inactive one is marked, the passenger rides as a mark on it."""
    from chariot_cards import chariot
    from play.play_support import at, card, duel

    from armybuilder.engine import WarriorSpec
    from armybuilder.tui.battlefield import INACTIVE_MARK, INACTIVE_STYLE, LIT_STYLE

    s = duel(at(chariot("War Cart"), 0, 10.0, 10.0, sections=(6, 0, 0, 0)),
             WarriorSpec(card("Rider"), 0, None, riding=0),
             at(card("Grunt"), 1, 10.0, 30.0))
    board = s.board
    cart = board.pieces[0]
    assert len(cart.base) == 4 and not cart.section("front").active
    view = View(board.table, 72, 36, zoom=4.0, cx=10.0, cy=10.0)
    canvas = draw(board, Overlay(lit=((0, "rear"),)), view)
    drawn = text(canvas)
    assert "A+B" in drawn and "B" not in drawn.replace("A+B", "")
    # The front disc's own cells (north of the dot) are marked inactive, the rear's lit.
    col, row = view.cell(10.0, 11.2)
    assert (canvas.chars[row][col], canvas.styles[row][col]) == (INACTIVE_MARK, INACTIVE_STYLE)
    col, row = view.cell(10.0, 8.8)
    assert canvas.styles[row][col] == LIT_STYLE
    # Every cell the four discs cover is the cart's: none of the ground shows through.
    for x, y, r in cart.base:
        col, row = view.cell(x + r * 0.7, y)
        assert canvas.styles[row][col].bgcolor is not None
    assert any("passenger" in chunk for chunk, _ in legend(board))
