"""The app on a web page (``armybuilder serve``), driven by Pilot: every export reaches
the browser as a download (or, for the share code, text in a tab of its own) and nothing
is written on the server's disk; in a terminal the same exports are files beside the
player, as before. The keys a browser keeps have their alternatives, and a page reads no
file on the server's disk. tests/web drives the same app in a real browser."""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, Select, Static

from armybuilder.armies.service import Armies
from armybuilder.armies.transfer import export_army, share_code
from armybuilder.catalogue.service import Catalogue
from armybuilder.tui.app import ArmyBuilderApp, create_app
from armybuilder.tui.screens.battle import BattleScreen
from armybuilder.tui.screens.battle_log import BattleLogScreen
from armybuilder.tui.screens.builder import BuilderScreen
from armybuilder.tui.screens.campaign import CampaignScreen
from armybuilder.tui.screens.confirm import ConfirmScreen
from armybuilder.tui.screens.export_army import ExportArmyScreen
from armybuilder.tui.screens.gauntlet import GauntletScreen
from armybuilder.tui.screens.help import HelpScreen
from armybuilder.tui.screens.new_army import NewArmyScreen
from armybuilder.tui.screens.play_dialogs import EndScreen
from armybuilder.tui.screens.prompt import PromptScreen
from armybuilder.tui.screens.share_code import ShareCodeScreen
from tui.test_gauntlet_screen import three_armies
from tui.test_play_snapshots import _finished_game
from tui.tui_support import SIZE, saved_army, settle, shown, started


@dataclass
class Delivered:
    name: str
    data: bytes
    mime: str
    open_method: str


class Browser:
    """Makes the app believe it runs on a web page, and keeps what it delivers."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch
        self.delivered: list[Delivered] = []

    def open(self) -> None:
        delivered = self.delivered

        def deliver(app: ArmyBuilderApp, file: IO[bytes], *, save_filename: str,
                    open_method: str = "download", mime_type: str = "", **_: Any) -> str:
            delivered.append(Delivered(save_filename, file.read(), mime_type, open_method))
            return "key"

        self.monkeypatch.setattr(ArmyBuilderApp, "is_web", property(lambda app: True))
        self.monkeypatch.setattr(ArmyBuilderApp, "deliver_binary", deliver)

    def close(self) -> None:
        """Back in a terminal (the same app, for a test of both)."""
        self.monkeypatch.setattr(ArmyBuilderApp, "is_web", property(lambda app: False))

    def one(self) -> Delivered:
        assert len(self.delivered) == 1, self.delivered
        return self.delivered.pop()


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Browser]:
    """A browser, and the folder the server runs in (which must stay empty)."""
    here = tmp_path / "server-folder"
    here.mkdir()
    monkeypatch.chdir(here)
    web = Browser(monkeypatch)
    web.open()
    yield web


async def to(pilot: Pilot[None], key: str, screen: type[Screen[Any]]) -> None:
    """``key`` pressed, and the screen it opens."""
    await pilot.press(key)
    await settle(pilot)
    assert isinstance(pilot.app.screen, screen), (key, pilot.app.screen)


async def delivered(pilot: Pilot[None], browser: Browser, key: str) -> Delivered:
    """``key`` pressed, and the one file it sent to the browser."""
    await pilot.press(key)
    await settle(pilot)
    return browser.one()


def sheet_cells(data: bytes, sheet: str) -> list[Any]:
    book = load_workbook(io.BytesIO(data))
    return [c for row in book[sheet].iter_rows(values_only=True) for c in row if c is not None]


async def test_on_a_web_page_every_export_downloads_and_nothing_touches_the_disk(
        tui_db: Path, browser: Browser, tmp_path: Path) -> None:
    saved_army(tui_db)
    catalogue = Catalogue.open(tui_db)
    armies = Armies(catalogue)
    code = share_code(armies, "Rich")
    # A list file on the server's disk, which a page must not read.
    armies.copy("Rich", "Ian")
    list_file = export_army(armies, "Ian", tmp_path / "ian.txt")
    armies.delete("Ian")
    catalogue.close()
    async with create_app(tui_db).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        assert not isinstance(app.screen, ConfirmScreen)  # no first-run dialog on a page

        # The keys a browser keeps: their alternatives in the footer, F1 and at work.
        footer = " ".join(str(k.render()) for k in app.screen.query(Footer).first().children)
        assert "alt+b" in footer and "alt+c" in footer  # not f5, f6: the browser's keys
        # (alt+b and alt+t: the next test.)
        for key, screen in (("alt+c", CampaignScreen), ("alt+n", NewArmyScreen)):
            await to(pilot, key, screen)
        await pilot.press("escape")
        await to(pilot, "f1", HelpScreen)
        said = " ".join(shown(pilot, s, 200) for s in app.screen.query(Static))
        assert "In a browser" in said and "F5 reloads the page" in said
        assert "alt+t" in said and "ctrl+t opens a new tab" in said
        await pilot.press("escape")

        # A page reads no file on the server: no catalogue import, share codes only.
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert type(app.screen).__name__ != "ImportCatalogueScreen"
        await pilot.press("f4")
        await to(pilot, "i", PromptScreen)
        assert "A share code" in str(app.screen.query_one(Label).render())
        app.screen.query_one("#answer", Input).value = str(list_file)
        await pilot.press("enter")
        await settle(pilot)
        assert app.army_names == ["Rich"] and app.services is not None
        assert app.services.armies.names() == ["Rich"]  # the file was not read

        # The catalogue, from its screen's table.
        await pilot.press("f2", "escape")
        got = await delivered(pilot, browser, "e")
        assert got.name == "armybuilder-catalogue.xlsx"
        assert "Demo Warlord" in sheet_cells(got.data, "Figures")

        # The army in every format.
        app.open_army("Rich")
        await settle(pilot)
        for suffix in (".xlsx", ".csv", ".txt", ".pdf"):
            await to(pilot, "e", ExportArmyScreen)
            label = str(app.screen.query(Label)[1].render())
            assert "your browser saves it" in label
            app.screen.query_one("#format", Select).value = suffix
            await settle(pilot)
            got = await delivered(pilot, browser, "enter")
            assert isinstance(app.screen, BuilderScreen)  # the dialog closed itself
            assert got.name == f"Rich{suffix}" and got.open_method == "download"
            if suffix == ".xlsx":
                assert got.mime.startswith("application/vnd.openxmlformats")
                cells = sheet_cells(got.data, "Army")
                assert "Rich" in cells and "Demo Warlord" in cells
            elif suffix == ".pdf":
                text = PdfReader(io.BytesIO(got.data)).pages[0].extract_text()
                assert "Rich" in text and "Demo Warlord" in text
            else:
                assert got.mime.startswith("text/") and "Demo Warlord" in got.data.decode()

        # The share code, as text in a tab of its own (a page's clipboard needs https).
        await to(pilot, "ctrl+k", ShareCodeScreen)
        got = await delivered(pilot, browser, "o")
        assert got.data.decode() == code and got.open_method == "browser"
        assert got.name == "Rich share code.txt" and got.mime.startswith("text/plain")
    assert os.listdir(Path.cwd()) == []


async def test_logs_and_workbooks_download_on_a_page_and_are_files_in_a_terminal(
        tui_db: Path, browser: Browser) -> None:
    three_armies(tui_db)
    async with create_app(tui_db).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        await pilot.press("alt+b", "alt+t")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GauntletScreen)
        for name, value in (("pair-games", 1), ("gauntlet-rounds", 2)):
            screen.query_one(f"#{name}", Input).value = str(value)
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert screen.report is not None
        got = await delivered(pilot, browser, "e")
        assert got.name == "gauntlet-3-armies.xlsx"
        book = load_workbook(io.BytesIO(got.data))
        assert {"Matchups", "Ranking", "Games"} <= set(book.sheetnames)
        assert len(list(book["Games"].iter_rows())) == 1 + 3  # a header, one game a pair

        # A pair's game, told turn by turn: its log.
        await to(pilot, "enter", BattleScreen)
        await to(pilot, "enter", BattleLogScreen)
        got = await delivered(pilot, browser, "x")
        name = f"{app.screen.names[0]} v {app.screen.names[1]} game 1.json"
        assert got.name == name
        log = json.loads(got.data)
        assert log == json.loads(app.screen.game_log) and log["entries"]
        assert os.listdir(Path.cwd()) == []

        # In a terminal: a file beside the player, never over one unasked.
        browser.close()
        await pilot.press("x")
        await settle(pilot)
        written = Path.cwd() / name
        assert json.loads(written.read_text()) == log
        written.write_text("precious")
        await to(pilot, "x", ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        assert written.read_text() == "precious"

        # Back from the pair's games and the gauntlet: alt+t, as ctrl+t in a terminal.
        await pilot.press("escape")
        await to(pilot, "escape", GauntletScreen)
        await to(pilot, "alt+t", BattleScreen)


async def test_a_played_games_log_downloads_or_is_written(tui_db: Path,
                                                          browser: Browser) -> None:
    game_id = _finished_game(tui_db)
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        got = await delivered(pilot, browser, "x")
        assert got.name == f"armybuilder-game-{game_id}.json"
        assert json.loads(got.data)["entries"]
        assert "sent to your browser" in shown(pilot, "#end-said", 200)

        browser.close()
        await pilot.press("x")
        await settle(pilot)
        written = Path.cwd() / f"armybuilder-game-{game_id}.json"
        assert written.read_bytes() == got.data
        assert "armybuilder battle replay" in shown(pilot, "#end-said", 300)
