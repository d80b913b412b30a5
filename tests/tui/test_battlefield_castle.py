"""The castle on the battlefield map (Castle rules): each section's parts, its portals open
or closed, warriors on top, rubble where a section fell; legible in the 16 ANSI colours.

The castle stands in a hand-made scenario (the engine places its sections); the board is the
play session's, read again after the engine's own portal, elimination and rubble steps.

Update the snapshot after a deliberate change with
``.venv/bin/python -m pytest tests/tui/test_battlefield_castle.py --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path

from play.play_support import at, card, duel
from rich.color import ColorType
from textual.app import App, ComposeResult

from armybuilder.catalogue.service import Catalogue
from armybuilder.engine import castle
from armybuilder.engine.adapter import castle_card
from armybuilder.play.board import Board
from armybuilder.play.session import PlaySession
from armybuilder.tui.battlefield import (
    BANNER_MARK,
    CASTLE_MARK,
    CLOSED_PORTAL,
    LADDER_MARK,
    ON_CASTLE_MARK,
    ON_GUARD_MARK,
    OPEN_PORTAL,
    RUBBLE_MARK,
    Overlay,
    View,
    draw,
    legend,
)
from armybuilder.tui.widgets.battlefield import Battlefield

KEEP, WALL, GATE, ARCHER, GRUNT = range(5)


def siege(db: Path, **kw: object) -> PlaySession:
    """A keep between a wall with a doorway and a gatehouse on the south side, an archer
    of the castle player on the keep, a grunt of the besieger to the north (``kw``: the
    scenario's castle options)."""
    catalogue = Catalogue.open(db)
    try:
        keep = castle_card(catalogue.figure("fixtures:1"))
        wall = castle_card(catalogue.figure("fixtures:4"), clicks=3, points=12)
        gate = castle_card(catalogue.figure("fixtures:3"))
    finally:
        catalogue.close()
    # Castle rules, Playing Area and Set-Up: the scenario places the sections (the
    # castle player's) before the warriors; sections face their rotation.
    s = duel(at(keep, 0, 18.0, 5.0, 0.0), at(wall, 0, 12.5, 5.0, 0.0, doorway=True),
             at(gate, 0, 23.0, 5.0, 0.0), at(card("Archer"), 0, 18.0, 5.5),
             at(card("Grunt"), 1, 18.0, 30.0), **kw)
    assert s.game.sections == (KEEP, WALL, GATE) and s.game.castle_player == 0
    return s


def again(s: PlaySession) -> PlaySession:
    s._board = s._make_board()  # the board the session shows after an action
    return s


def text(canvas: object) -> str:
    return "\n".join(canvas.text(r) for r in range(canvas.rows))  # type: ignore[attr-defined]


def at_cell(canvas: object, view: View, x: float, y: float) -> str:
    col, row = view.cell(x, y)
    return canvas.chars[row][col]  # type: ignore[attr-defined]


def test_the_castle_its_portals_and_the_warrior_on_top(tui_db: Path) -> None:
    s = siege(tui_db)
    board = s.board
    assert [c.piece for c in board.castle] == ["keep", "wall", "gatehouse"]
    assert board.pieces[ARCHER].on_castle == KEEP  # Castle rules, Elevation Levels
    assert board.pieces[GRUNT].on_castle is None
    view = View(board.table, 72, 36, zoom=3.0, cx=18.0, cy=6.0)
    canvas = draw(board, Overlay(), view)
    drawn = text(canvas)
    assert f"D{ON_CASTLE_MARK}" in drawn  # the archer, on top of the keep
    assert at_cell(canvas, view, 16.0, 6.5) == CASTLE_MARK
    # Castle rules, Portals: all closed at the start; the keep's inner door, the
    # gatehouse's portcullis.
    assert at_cell(canvas, view, 18.0, 2.5) == CLOSED_PORTAL
    assert at_cell(canvas, view, 23.0, 6.5) == CLOSED_PORTAL
    # The gatehouse's archway is ground between its two tops: its letter stands there.
    assert at_cell(canvas, view, 23.0, 5.0) == "C"
    for row in range(canvas.rows):
        for style in canvas.styles[row]:
            for colour in (style.color, style.bgcolor):
                assert colour is None or colour.type == ColorType.STANDARD, style
    words = "".join(chunk for chunk, _ in legend(board))
    assert "castle" in words and "closed" in words and "open portal" in words
    assert "rubble" not in words


def test_an_open_portal_and_rubble(tui_db: Path) -> None:
    s = siege(tui_db)
    game = s.game
    castle.set_portal(game, KEEP, "inner door", True)
    board = again(s).board
    view = View(board.table, 72, 36, zoom=3.0, cx=18.0, cy=6.0)
    assert at_cell(draw(board, Overlay(), view), view, 18.0, 2.5) == OPEN_PORTAL
    assert "inner door open, side door closed" in board.castle[0].words
    # Castle rules, Eliminating Castle Sections: rubble of its shape; the archer stays.
    keep = game.warriors[KEEP]
    game.eliminate(keep, 1)
    castle.collapse(game, keep)
    board = again(s).board
    assert board.castle[0].rubble and board.castle[0].words.startswith("keep, rubble")
    assert board.pieces[ARCHER].on_castle is None
    canvas = draw(board, Overlay(), view)
    assert at_cell(canvas, view, 16.0, 6.5) == RUBBLE_MARK
    assert CLOSED_PORTAL not in text(canvas).split("\n")[view.cell(18.0, 2.5)[1]][30:42]
    assert "rubble" in "".join(chunk for chunk, _ in legend(board))


def only_16_colours(canvas: object) -> None:
    for row in range(canvas.rows):  # type: ignore[attr-defined]
        for style in canvas.styles[row]:  # type: ignore[attr-defined]
            for colour in (style.color, style.bgcolor):
                assert colour is None or colour.type == ColorType.STANDARD, style


def test_a_ladder_and_planking_on_the_map(tui_db: Path) -> None:
    """Castle rules, Planking and Ladders: a ladder against the wall's outer face (an
    access point, in its player's colour) and planking behind it (part of the wall)."""
    from armybuilder.engine import CastleOptions

    # The wall spans x 9.5..15.5, y 4.375..5.625.
    plank = ((10.0, 3.875), (12.0, 3.875), (12.0, 4.375), (10.0, 4.375))
    s = siege(tui_db, castle=CastleOptions(ladders=((WALL, (11.0, 5.7)),), planking=(plank,)))
    board = s.board
    wall = next(c for c in board.castle if c.warrior == WALL)
    (ladder,) = wall.ladders
    assert ladder.seat == 0 and {ladder.a[1], ladder.b[1]} == {5.625}
    assert wall.planking == (plank,) and plank in wall.parts
    assert wall.words == "wall, standing; portals: door closed; 1 ladder"
    view = View(board.table, 72, 36, zoom=3.0, cx=14.0, cy=6.0)
    canvas = draw(board, Overlay(), view)
    assert at_cell(canvas, view, 11.0, 5.6) == LADDER_MARK
    assert at_cell(canvas, view, 11.0, 4.1) == CASTLE_MARK  # the planking
    only_16_colours(canvas)
    words = "".join(chunk for chunk, _ in legend(board))
    assert f"{LADDER_MARK}ladder" in words
    # Gone when the wall falls to rubble.
    game = s.game
    game.eliminate(game.warriors[WALL], 1)
    castle.collapse(game, game.warriors[WALL])
    board = again(s).board
    assert LADDER_MARK not in text(draw(board, Overlay(), view))


def test_fortifications_on_the_map(tui_db: Path) -> None:
    """World Conquest, Upgrading Defenses: the outpost's walls and entrance, a warrior on
    guard in it marked, the banner in its holder's colour; each in the key."""
    from armybuilder.engine.fortifications import Fortification

    outpost = Fortification("outpost", 0, 2.0, 17, 6, (("back", 2.0),), 4, 1)
    banner = Fortification("banner", 0, 0.955, 12, 1, at=(21.5, 3.0), rotation=0.0)
    # The outpost spans x 17..19, y 2..4, its entrance the whole south side.
    s = duel(at(card("Guard"), 0, 18.0, 3.0), at(card("Grunt"), 1, 18.0, 30.0),
             fortifications=(outpost, banner))
    board = s.board
    fort, flag = (c for c in board.castle if c.work)
    assert (fort.piece, flag.piece, flag.banner) == ("outpost", "banner", True)
    assert len(fort.walls) == 3 and fort.words == "outpost, 1 entrance"
    assert board.pieces[0].on_guard == fort.warrior
    view = View(board.table, 72, 36, zoom=4.0, cx=18.0, cy=4.0)
    canvas = draw(board, Overlay(), view)
    assert at_cell(canvas, view, 17.0, 3.0) == CASTLE_MARK  # the west wall
    assert at_cell(canvas, view, 17.6, 2.0) == OPEN_PORTAL  # the entrance
    assert at_cell(canvas, view, 21.3, 3.0) == BANNER_MARK
    assert f"A{ON_GUARD_MARK}" in text(canvas)
    only_16_colours(canvas)
    words = "".join(chunk for chunk, _ in legend(board))
    assert "fort wall" in words and "entrance" in words
    assert f"{ON_GUARD_MARK}on guard" in words and f"{BANNER_MARK}banner" in words
    assert "closed" not in words  # no castle section


class MapApp(App[None]):
    """The battlefield widget alone, showing a board."""

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.board = board

    def compose(self) -> ComposeResult:
        yield Battlefield(id="map")

    def on_mount(self) -> None:
        self.theme = "ansi-dark"
        self.query_one(Battlefield).show(self.board)


def test_snapshot_of_a_castle(snap_compare, tui_db: Path) -> None:  # type: ignore[no-untyped-def]
    s = siege(tui_db)
    castle.set_portal(s.game, GATE, "portcullis", True)
    board = again(s).board

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.pause()
        field = pilot.app.query_one(Battlefield)
        field.zoom(3.0)
        field.centre_on((18.0, 6.0))
        await pilot.pause()

    assert snap_compare(MapApp(board), terminal_size=(80, 30),
                        run_before=run_before)
