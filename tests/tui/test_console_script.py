"""The real `armybuilder` command in a terminal: the app opens and quits on a key; `campaign
play` opens a battle to play."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][A-Za-z0-9]|\x1b[=>NOP\\\]^_]"
                  rb"|\x1b\][^\x07]*\x07")


def _command() -> list[str]:
    script = Path(sys.executable).with_name("armybuilder")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "armybuilder"]


def _read_until(fd: int, wanted: list[bytes], seconds: float) -> bytes:
    """Everything the app wrote, escape codes taken out, once every wanted text is there."""
    raw = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            raw += chunk
            text = ANSI.sub(b"", raw)
            if all(w in text for w in wanted):
                return text
    return ANSI.sub(b"", raw)


@contextmanager
def in_terminal(args: list[str], db: Path, lines: int = 36, columns: int = 120
                ) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """The real command with ``args`` on database ``db`` in a pseudo-terminal of
    ``lines`` x ``columns``: (the terminal's master end, the process); killed if still
    running at the end."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    env = {**os.environ, "ARMYBUILDER_DB": str(db), "TERM": "xterm-256color",
           "COLUMNS": str(columns), "LINES": str(lines)}
    env.pop("TEXTUAL", None)
    proc = subprocess.Popen([*_command(), *args], stdin=slave, stdout=slave, stderr=slave,
                            env=env, close_fds=True, start_new_session=True)
    os.close(slave)
    try:
        yield master, proc
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)


def until_exit(master: int, proc: subprocess.Popen[bytes], seconds: float = 15) -> bytes:
    """What the command writes until it exits, read all along (an app whose terminal
    output is not read blocks on writing it); its exit status must be 0."""
    told = b""
    end = time.monotonic() + seconds
    while proc.poll() is None and time.monotonic() < end:
        told += _read_until(master, [b"\0never"], 0.3)
    assert proc.wait(timeout=1) == 0
    return told + _read_until(master, [b"\0never"], 0.5)


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_armybuilder_opens_in_a_terminal_and_quits(tui_db: Path) -> None:
    with in_terminal([], tui_db) as (master, proc):
        screen = _read_until(master, [b"armybuilder", b"Welcome to armybuilder"], 30)
        assert b"Welcome to armybuilder" in screen, screen[-2000:]
        assert b"Catalogue" in screen
        os.write(master, b"\x11")  # ctrl+q
        until_exit(master, proc)


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_campaign_play_opens_the_battle_to_set_the_scene_in_a_terminal(tui_db: Path) -> None:
    """`armybuilder campaign play NAME`: the battle a human fights opens on the play screen
    at Setting the Scene (World Conquest, battle rule 1: "each player sets up terrain as
    normal"); q leaves it saved for the campaign's screen, and once the app is closed the
    command says how to go on."""
    from tui.test_campaign_screen import human_battle

    human_battle(tui_db)
    with in_terminal(["campaign", "play", "Sat"], tui_db, 40, 140) as (master, proc):
        screen = _read_until(master, [b"Setting the scene", b"Raiders is"], 30)
        assert b"Setting the scene" in screen, screen[-2000:]
        assert b"a new game 1 on the play screen" in screen
        time.sleep(1.0)  # the AI's part, if it places first
        os.write(master, b"q")  # the game left, saved: the campaign's screen
        assert b"Go on with the battle" in _read_until(master, [b"Go on with the battle"], 10)
        os.write(master, b"\x11")  # ctrl+q: back to the command
        told = until_exit(master, proc, 20)
        assert b"game 1 is not over" in told and b"campaign play 'Sat' goes on" in told
