"""`armybuilder play` in a real terminal: it opens the app straight on the battlefield."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from tui.test_console_script import _read_until, in_terminal, until_exit
from tui.tui_support import battle_armies


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_play_opens_on_the_battlefield(tui_db: Path) -> None:
    battle_armies(tui_db)
    args = ["play", "Rich", "Ian", "--seed", "3", "--opponent", "random", "--terrain",
            "standard"]
    with in_terminal(args, tui_db, 40, 120) as (master, proc):
        # Setting the scene: the player places a terrain item; the map and its key show.
        wanted = [b"Play \xc2\xb7 game 1", b"Setting the scene", b"facing",
                  b"Place terrain"]
        screen = _read_until(master, wanted, 40)
        for text in wanted:
            assert text in screen, (text, screen[-3000:])
        # The terrain the opponent placed first is drawn in its pattern (Rulebook II:
        # players take turns placing terrain, the first player's roll decides who starts).
        assert "░".encode() in screen or "▓".encode() in screen
        os.write(master, b"q")  # leave the game: it is saved
        time.sleep(0.5)
        os.write(master, b"\x11")  # ctrl+q
        until_exit(master, proc)
