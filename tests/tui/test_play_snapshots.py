"""SVG snapshots of playing a battle: the play screen at 80 x 24, 120 x 40 (the whole
table) and 200 x 60 (its map takes the room), zoomed in with a ghost base at 160 x 50, in
the 16 ANSI colours; the games kept, the end of a game and a figure's dial at 80 x 24 and
120 x 40 like every screen; a
chariot driven (its four discs, the ghost of the drive, its passenger and dials) and the
choice of its section a push damages, at 120 x 40; a move steered into base contact
(n, the places worth going) at 80 x 24 and 200 x 60.

Update them after a deliberate change with
``.venv/bin/python -m pytest tests/tui/test_play_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from play.play_support import SHOOTER, chariot_game, scenario_game
from textual.pilot import Pilot

from armybuilder.tui.app import create_app
from armybuilder.tui.screens.play import PlayScreen
from tui.test_play_screen import select
from tui.test_snapshots import all_sizes, sizes
from tui.tui_support import settle, started


def picture(snap_compare, db: Path, size: tuple[int, int],  # type: ignore[no-untyped-def]
            keys: tuple[str, ...] = (), ansi: bool = False) -> bool:
    game_id = scenario_game(db, marks=True)

    async def run_before(pilot: Pilot[None]) -> None:
        await started(pilot)
        await settle(pilot)
        if ansi:
            pilot.app.theme = "ansi-dark"
        screen = pilot.app.screen
        assert isinstance(screen, PlayScreen)
        await select(pilot, screen, SHOOTER)
        await pilot.press(*keys)
        await settle(pilot)
        pilot.app.clear_notifications()
        await pilot.pause()

    return snap_compare(create_app(db, play=game_id), terminal_size=size,
                        run_before=run_before)


@all_sizes
def test_the_play_screen(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                         size: tuple[int, int]) -> None:
    assert picture(snap_compare, tui_db, size)


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=["80x24", "200x60"])
def test_moving_into_base_contact(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                                  size: tuple[int, int]) -> None:
    # n: the first place worth going, the ghost in base contact with c, c lit, the odds.
    assert picture(snap_compare, tui_db, size, ("m", "n"))


def test_zoomed_in_with_a_ghost(snap_compare, tui_db: Path) -> None:  # type: ignore[no-untyped-def]
    keys = ("plus", "m", "up", "up", "up", "space", "left", "left", "left", "left",
            "left_square_bracket")
    assert picture(snap_compare, tui_db, (160, 50), keys)


def test_sixteen_colours(snap_compare, tui_db: Path) -> None:  # type: ignore[no-untyped-def]
    assert picture(snap_compare, tui_db, (120, 40), ansi=True)


@sizes
def test_a_figures_dial(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                        size: tuple[int, int]) -> None:
    assert picture(snap_compare, tui_db, size, ("d",))


def chariot_picture(snap_compare, db: Path,  # type: ignore[no-untyped-def]
                    keys: tuple[str, ...]) -> bool:
    game_id = chariot_game(db)

    async def run_before(pilot: Pilot[None]) -> None:
        await started(pilot)
        await settle(pilot)
        await pilot.press(*keys)
        await settle(pilot)
        pilot.app.clear_notifications()
        await pilot.pause()

    return snap_compare(create_app(db, play=game_id), terminal_size=(120, 40),
                        run_before=run_before)


def test_a_chariot_driven(snap_compare, tui_db: Path) -> None:  # type: ignore[no-untyped-def]
    """Chariot rules, Movement: the front and left sections' moves combined, a spin, the
    ghost at the end of its straight line."""
    assert chariot_picture(snap_compare, tui_db, ("m", "2", "left", *["up"] * 8))


def test_a_chariots_section_chosen(snap_compare,  # type: ignore[no-untyped-def]
                                   tui_db: Path) -> None:
    """Chariot rules, Pushing: the click goes on the section the player chooses."""
    assert chariot_picture(snap_compare, tui_db, ("m", "2", *["up"] * 6, "enter", "enter"))


def _finished_game(db: Path) -> int:
    """A one-round game between Rich and Ian played to its end by the random player."""
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.play.games import Games
    from armybuilder.play.new import NewGame, start_session
    from tui.tui_support import battle_armies

    battle_armies(db)
    catalogue = Catalogue.open(db)
    try:
        session, _ = start_session(catalogue, NewGame("Rich", "Ian", seed=2, rounds=1,
                                                      opponent="random"))
        while not session.over:
            session.play(session.ai_choice("random"))
        return Games(catalogue).create(session.names, session.seats.commanders, 2,
                                       "standard", session.progress())
    finally:
        catalogue.close()


@sizes
def test_the_end_of_a_game(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                           size: tuple[int, int]) -> None:
    game_id = _finished_game(tui_db)

    async def run_before(pilot: Pilot[None]) -> None:
        await started(pilot)
        await settle(pilot)
        pilot.app.clear_notifications()
        await pilot.pause()

    assert snap_compare(create_app(tui_db, play=game_id), terminal_size=size,
                        run_before=run_before)


@sizes
def test_the_games_kept(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                        size: tuple[int, int]) -> None:
    import sqlite3

    _finished_game(tui_db)
    scenario_game(tui_db)
    with sqlite3.connect(tui_db) as conn:  # the picture of a moment, not of today
        conn.execute("UPDATE game SET created = '2026-05-01T18:30:00+00:00', "
                     "updated = '2026-05-01T19:45:00+00:00'")
    conn.close()

    async def run_before(pilot: Pilot[None]) -> None:
        await started(pilot)
        await pilot.press("f4")
        await settle(pilot)
        await pilot.press("g")
        await settle(pilot)
        pilot.app.clear_notifications()
        await pilot.pause()

    assert snap_compare(create_app(tui_db, first_run=False), terminal_size=size,
                        run_before=run_before)
