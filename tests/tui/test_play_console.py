"""`armybuilder play` in a real terminal: it opens the app straight on the battlefield."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from tui.test_console_script import _command, _read_until
from tui.tui_support import battle_armies


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_play_opens_on_the_battlefield(tui_db: Path) -> None:
    battle_armies(tui_db)
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = {**os.environ, "ARMYBUILDER_DB": str(tui_db), "TERM": "xterm-256color",
           "COLUMNS": "120", "LINES": "40"}
    env.pop("TEXTUAL", None)
    proc = subprocess.Popen([*_command(), "play", "Rich", "Ian", "--seed", "3", "--opponent",
                             "random", "--terrain", "standard"],
                            stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
                            start_new_session=True)
    os.close(slave)
    try:
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
        end = time.monotonic() + 15
        while proc.poll() is None and time.monotonic() < end:
            _read_until(master, [b"\0never"], 0.3)
        assert proc.wait(timeout=1) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
