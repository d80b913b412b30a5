"""Every screen, table and dialog shows hostile names literally: markup as itself (no
crash, nothing lost), control characters and escape sequences visible, never sent to the
terminal. The walk goes through every screen with a database of hostile names; the last
test runs the real app in a pseudo-terminal and reads what reaches the terminal."""

from __future__ import annotations

import html
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hostile_names import ARMIES, EXPANSION, FACTION, FIGURE, make_hostile, raw_controls
from textual.widgets import DataTable, Input, Select, TabbedContent

from armybuilder.text import shown
from armybuilder.tui.app import ArmyBuilderApp, create_app
from armybuilder.tui.screens.armies import ArmiesScreen
from armybuilder.tui.screens.battle import BattleScreen
from armybuilder.tui.screens.battle_log import BattleLogScreen
from armybuilder.tui.screens.builder import BuilderScreen
from armybuilder.tui.screens.confirm import ConfirmScreen
from armybuilder.tui.screens.export_army import ExportArmyScreen
from armybuilder.tui.screens.figure import FigureScreen
from armybuilder.tui.screens.import_catalogue import ImportCatalogueScreen
from armybuilder.tui.screens.prompt import PromptScreen
from tui.tui_support import search, settle, started

WIDE = (180, 50)


def screen_text(app: ArmyBuilderApp) -> str:
    """Everything on the screen (dialogs, toasts and all), as the player reads it."""
    svg = app.export_screenshot()
    return html.unescape("".join(re.findall(r"<text[^>]*>([^<]*)</text>", svg))) \
        .replace("\xa0", " ")


def looks_right(app: ArmyBuilderApp, *fragments: str) -> str:
    text = screen_text(app)
    assert raw_controls(text) == [], type(app.screen).__name__
    for fragment in fragments:
        assert fragment in text, (fragment, type(app.screen).__name__, text[-3000:])
    return text


async def test_every_screen_shows_hostile_names_literally(tui_db: Path) -> None:
    make_hostile(tui_db)
    evil = shown(ARMIES[2])
    async with create_app(tui_db, first_run=False).run_test(size=WIDE) as pilot:
        app = await started(pilot)

        # F2: the figure table, the card, the card's dialog, the filters' options.
        await search(pilot, "grunt")
        looks_right(app, "Grunt[/] [bold]x\\x1b]0", shown(FIGURE), shown(EXPANSION),
                    shown(FACTION))
        app.screen.query_one("#expansion", Select).focus()
        await pilot.press("enter")
        await settle(pilot)
        looks_right(app, shown(EXPANSION))
        await pilot.press("escape")
        app.view_figure("demo:1")
        await settle(pilot)
        assert isinstance(app.screen, FigureScreen)
        looks_right(app, shown(FIGURE), shown(EXPANSION), shown(FACTION))
        await pilot.press("escape")

        # F4: the armies, their summaries and notes; every dialog with a name in it.
        await pilot.press("f4")
        await settle(pilot)
        assert isinstance(app.screen, ArmiesScreen)
        looks_right(app, "Bad[/]Army", "Orcs [draft]", "Evil\\x1b]0;pwned")
        table = app.screen.query_one("#armies-table", DataTable)
        table.move_cursor(row=table.get_row_index(ARMIES[2]))
        await settle(pilot)
        looks_right(app, evil, "Grunt[/] [bold]", "\\x1b]0;pwned\\x07[/]")
        for key, dialog in (("r", PromptScreen), ("c", PromptScreen), ("d", ConfirmScreen),
                            ("e", ExportArmyScreen)):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, dialog)
            looks_right(app, evil)
            await pilot.press("escape")
            await settle(pilot)
        await pilot.press("r")  # the rename prompt offers the name as shown: taking it
        await pilot.press("enter")  # unchanged changes nothing
        await settle(pilot)
        assert app.services is not None and ARMIES[2] in app.services.armies.names()

        # F3: the army in the builder: name, entries, findings, formations, sub-title.
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, BuilderScreen)
        looks_right(app, evil, "Grunt[/] [bold]", shown(FACTION)[:12])
        app.screen.query_one("#text", Input).value = "grunt"
        await settle(pilot)
        await pilot.press("a")  # from the catalogue screen a notification names both
        await pilot.press("f2")
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        said = [f"{n.title} {n.message}" for n in app._notifications]
        assert any(shown(FIGURE) in s and evil in s for s in said), said
        assert all(raw_controls(s) == [] for s in said)
        looks_right(app)

        # The command palette lists the armies by name.
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"open")
        await settle(pilot)
        looks_right(app, "Bad[/]Army")
        await pilot.press("escape")
        await settle(pilot)

        # F5: a battle between two of them, the results and a game's log.
        await pilot.press("f5")
        await settle(pilot)
        assert isinstance(app.screen, BattleScreen)
        app.screen.query_one("#army-a", Select).value = ARMIES[0]
        app.screen.query_one("#army-b", Select).value = ARMIES[2]
        app.screen.query_one("#games", Input).value = "1"
        app.screen.query_one("#army-b", Select).focus()
        await pilot.press("enter")
        await settle(pilot)
        looks_right(app, "Bad[/]Army", evil)
        await pilot.press("escape")
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert app.screen.report is not None
        looks_right(app, "Bad[/]Army", "Evil\\x1b]0")
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, BattleLogScreen)
        await pilot.press("w")
        await settle(pilot)
        looks_right(app, "Grunt[/] [bold]x\\x1b]0;pwned")
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("t")  # the figures tab (issue 21)
        await settle(pilot)
        assert app.screen.query_one("#battle-tabs", TabbedContent).active == "figures"
        looks_right(app, "Grunt[/] [bold]")

        # The import dialog: a path full of markup and escapes, told back literally.
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert isinstance(app.screen, ImportCatalogueScreen)
        field = app.screen.query_one("#path", Input)
        field.value = "/no/[/]such\x1b[2J"  # as if pasted
        await pilot.press("enter")
        await settle(pilot)
        field.value = ""  # (the field shows what the player typed, as typed)
        await settle(pilot)
        looks_right(app, "/no/[/]such\\x1b[2J: no such file or folder")
        assert app.is_running


async def test_the_builders_new_views_show_hostile_names_literally(tui_db: Path) -> None:
    """The views issue 21 added: the compare dialog, a dial cell's rules text, the share
    code, the builder's one-line status on a narrow terminal, the search's "did you mean",
    the battle's figure table."""
    from armybuilder.tui.screens.ability import AbilityScreen
    from armybuilder.tui.screens.compare import CompareScreen
    from armybuilder.tui.screens.share_code import ShareCodeScreen

    make_hostile(tui_db)
    evil = shown(ARMIES[2])
    async with create_app(tui_db, first_run=False).run_test(size=WIDE) as pilot:
        app = await started(pilot)
        await search(pilot, "grunt")
        await pilot.press("m")  # the one grunt marked; k compares it with the highlighted
        await search(pilot, "crossbow")
        await pilot.press("k")
        await settle(pilot)
        assert isinstance(app.screen, CompareScreen)
        looks_right(app, shown(FIGURE), shown(FACTION))
        await pilot.press("escape")
        app.view_figure("demo:1")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, AbilityScreen)
        looks_right(app, "Grunt[/] [bold]x\\x1b]0")
        await pilot.press("escape", "escape")
        await search(pilot, "Grunt[/] [bold]xx")  # the hint names the search and the figure
        looks_right(app, "No figure's name contains 'Grunt[/] [bold]xx'; did you mean",
                    "Grunt[/] [bold]x\\x1b]0")
        await search(pilot, "")

        app.open_army(ARMIES[2])
        await settle(pilot)
        assert isinstance(app.screen, BuilderScreen)
        await pilot.press("ctrl+k")
        await settle(pilot)
        assert isinstance(app.screen, ShareCodeScreen)
        looks_right(app, f"Share code for “{evil}”")
        await pilot.press("escape")
        await settle(pilot)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        looks_right(app, evil)  # the one-line status over the catalogue
        # (The battle's figure table: test_every_screen_shows_hostile_names_literally.)
        assert app.is_running


async def test_the_gauntlet_shows_hostile_names_literally(tui_db: Path) -> None:
    """The gauntlet mode issue 20 added: the armies to tick, the progress line, the heat
    map's rows, the highlighted pair, the ranking and the undecided pairs."""
    from textual.widgets import SelectionList

    from armybuilder.tui.screens.gauntlet import GauntletScreen

    make_hostile(tui_db)
    async with create_app(tui_db, first_run=False).run_test(size=WIDE) as pilot:
        app = await started(pilot)
        await pilot.press("f5")
        await settle(pilot)
        await pilot.press("ctrl+t")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GauntletScreen)
        assert sorted(screen.query_one("#gauntlet-armies", SelectionList).selected) == \
            sorted(ARMIES)
        looks_right(app, "Bad[/]Army", "Orcs [draft]", "Evil\\x1b]0;pwned")
        for name, value in (("pair-games", 1), ("gauntlet-rounds", 2)):
            screen.query_one(f"#{name}", Input).value = str(value)
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert screen.report is not None
        text = looks_right(app, "Bad[/]Army", "Orcs [draft]", "Evil\\x1b]0;pwned",
                           "Ranking")
        assert text.count("Evil\\x1b]0;pwned") >= 2, text  # the table's row and the ranking
        assert app.is_running


async def test_playing_a_battle_shows_hostile_names_literally(tui_db: Path) -> None:
    """Issue 18's screens: the battlefield's panels and log, the dial, the unfinished games
    on the armies screen and the games kept."""
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.play.new import NewGame, new_game
    from armybuilder.tui.screens.play import PlayScreen
    from armybuilder.tui.screens.play_dialogs import DialScreen, GamesScreen

    make_hostile(tui_db)
    catalogue = Catalogue.open(tui_db)
    try:
        game_id, _ = new_game(catalogue, NewGame(ARMIES[0], ARMIES[2], seed=3, rounds=2,
                                                 terrain="none", opponent="random"))
    finally:
        catalogue.close()
    async with create_app(tui_db, play=game_id).run_test(size=WIDE) as pilot:
        app = await started(pilot)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen) and screen.session is not None
        for _ in range(40):  # through setting the scene: the AI places and deploys
            if screen.mode == "idle":
                break
            await pilot.press("o")
            await settle(pilot)
        looks_right(app, "Bad[/]Army", "Evil\\x1b]0;pwned")
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, DialScreen)
        looks_right(app, "Grunt[/] [bold]x\\x1b]0")
        await pilot.press("escape")
        await pilot.press("q")
        await settle(pilot)
        await pilot.press("f4")
        await settle(pilot)
        looks_right(app, "Unfinished games", "Bad[/]Army")
        await pilot.press("g")
        await settle(pilot)
        assert isinstance(app.screen, GamesScreen)
        looks_right(app, "Bad[/]Army", "Evil\\x1b]0;pwned")
        assert app.is_running


async def test_the_campaign_shows_hostile_names_literally(tui_db: Path) -> None:
    """Issue 19's screen: the players (named after their armies), the map's legend, the
    log and a battle's result, with armies an older version could have named so."""
    import sqlite3

    from textual.widgets import Select

    from armybuilder.armies.service import Armies
    from armybuilder.campaign.house_rules import HouseRules
    from armybuilder.campaign.service import Runner, muster
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.tui.screens.campaign import CampaignScreen

    catalogue = Catalogue.open(tui_db)
    try:
        for army in ("Raiders", "Reavers"):
            Armies(catalogue).new(army, 300, "open")
            for ref in ("demo:7", "demo:4", "demo:5", "demo:6"):
                Armies(catalogue).add(army, ref)
    finally:
        catalogue.close()
    with sqlite3.connect(tui_db) as conn:
        conn.execute("UPDATE army SET name = ? WHERE name = 'Raiders'", (ARMIES[0],))
        conn.execute("UPDATE army SET name = ? WHERE name = 'Reavers'", (ARMIES[2],))
    conn.close()
    catalogue = Catalogue.open(tui_db)
    try:
        mustered = muster(catalogue, [ARMIES[0], ARMIES[2]], seats=["ai", "ai"], seed=2,
                          rules=HouseRules(starting_gold=100))
        Runner.new(catalogue, "Sat", mustered.start).run(turns=16)
    finally:
        catalogue.close()
    async with create_app(tui_db, first_run=False).run_test(size=WIDE) as pilot:
        app = await started(pilot)
        await pilot.press("f6")
        await settle(pilot)
        assert isinstance(app.screen, CampaignScreen)
        app.screen.query_one("#campaign-name", Select).value = "Sat"
        await settle(pilot)
        looks_right(app, "Bad[/]Army", "Evil\\x1b]0;pwned")
        await pilot.press("b")
        await settle(pilot)
        looks_right(app)
        assert app.is_running


def _command() -> list[str]:
    script = Path(sys.executable).with_name("armybuilder")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "armybuilder"]


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_no_escape_sequence_from_a_name_reaches_the_terminal(tui_db: Path) -> None:
    import fcntl
    import pty
    import struct
    import termios

    make_hostile(tui_db)
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 160, 0, 0))
    env = {**os.environ, "ARMYBUILDER_DB": str(tui_db), "TERM": "xterm-256color"}
    env.pop("TEXTUAL", None)
    proc = subprocess.Popen(_command(), stdin=slave, stdout=slave, stderr=slave, env=env,
                            close_fds=True, start_new_session=True)
    os.close(slave)
    raw = b""

    def read_until(wanted: bytes, seconds: float) -> bool:
        nonlocal raw
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if wanted in raw:
                return True
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    return False
                if not chunk:
                    return False
                raw += chunk
        return wanted in raw

    try:
        assert read_until(b"Welcome to armybuilder", 30), raw[-2000:]
        os.write(master, b"\r")  # continue with the demo figures
        assert read_until(b"Grunt[/] [bold]", 15), raw[-2000:]
        for _ in range(10):  # F4 (the armies), once the welcome screen has gone
            read_until(b"\0never", 0.5)
            os.write(master, b"\x1bOS")
            if read_until(b"Bad[/]Army", 2):
                break
        assert b"Bad[/]Army" in raw, raw[-2000:]
        assert read_until(b"Evil\\x1b]0;pwned\\x07", 15), raw[-3000:]
        os.write(master, b"\x11")  # ctrl+q
        end = time.monotonic() + 15
        while proc.poll() is None and time.monotonic() < end:
            read_until(b"\0never", 0.3)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    assert b"pwned\x07" not in raw and b"\x1b]0;pwned" not in raw
    assert "\u202e".encode() not in raw and "\x9b".encode() not in raw
    assert proc.returncode == 0
