"""Copying text for the player: to the system's clipboard when a clipboard program takes
it (so "copied" is only said when it is true), else through the terminal (OSC 52, which
many terminals ignore) with a word on how to copy it by hand."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.app import App

#: How to copy what is on the screen when no clipboard took it.
BY_HAND = ("select it with the mouse (shift+drag in most terminals) and copy it as your "
           "terminal does")


def _programs() -> list[list[str]]:
    """The clipboard programs that may reach the player's clipboard here, best first."""
    if sys.platform == "darwin":
        return [["pbcopy"]]
    if sys.platform == "win32":
        return [["clip"]]
    found: list[list[str]] = []
    if os.environ.get("WAYLAND_DISPLAY"):
        found.append(["wl-copy"])
    if os.environ.get("DISPLAY"):
        found += [["xclip", "-selection", "clipboard"], ["xsel", "--clipboard", "--input"]]
    return found


def to_system(text: str) -> bool:
    """Did a clipboard program take ``text``? (False when there is none to ask.)"""
    for argv in _programs():
        if shutil.which(argv[0]) is None:
            continue
        try:
            done = subprocess.run(argv, input=text.encode("utf-8"), timeout=3,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  check=False)
        except (OSError, subprocess.SubprocessError):
            continue
        if done.returncode == 0:
            return True
    return False


def copy(app: App[object], text: str, what: str) -> tuple[str, bool]:
    """Copy ``text`` (``what`` names it: "Share code") and say what happened: (the words for
    the player, whether it is known to be copied)."""
    if to_system(text):
        return f"{what} copied to the clipboard.", True
    # The terminal may take it; no terminal says whether it did.
    app.copy_to_clipboard(text)
    return (f"No clipboard program took the {what.lower()}, so it may not be copied: "
            f"{BY_HAND}.", False)
