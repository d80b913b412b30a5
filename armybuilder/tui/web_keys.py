"""Keys a browser keeps for itself, and what the app offers instead on a web page
(``armybuilder serve``).

Chrome and Firefox never hand a page ctrl+n, ctrl+t or ctrl+w (a new window, a new tab,
closing the tab), Firefox takes ctrl+q on Linux (quit), and F5 (reload), F6 (the address
bar), F7 (caret browsing) and F11 (full screen) are the browser's own on many systems. Of
these the app binds F5 (Battle), F6 (Campaign), F7 (Tournament), ctrl+n (new army),
ctrl+t (the gauntlet and back) and ctrl+q (quit); on a web page each gets an alt key
beside it, first so that the footer shows it, and F1 lists them. The keys stay bound too:
a Mac's browser leaves ctrl+n and ctrl+t to the page (its own shortcuts are on the command
key), and there the alt keys type letters instead (an Option key is not Meta in the page's
terminal).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingType


@dataclass(frozen=True, slots=True)
class WebKey:
    """A binding's keys on a web page."""

    binding: str  # the binding's id
    alternative: str
    key: str  # the key a browser keeps
    does: str  # what the key does
    why: str  # what the browser does with it instead


WEB_KEYS = (
    WebKey("battle", "alt+b", "f5", "Battle screen", "F5 reloads the page"),
    WebKey("campaign", "alt+c", "f6", "Campaign screen", "F6 moves to the address bar"),
    WebKey("tournament", "alt+o", "f7", "Tournament screen",
           "F7 turns caret browsing on"),
    WebKey("new-army", "alt+n", "ctrl+n", "New army", "ctrl+n opens a new window"),
    WebKey("gauntlet", "alt+t", "ctrl+t", "Gauntlet, and back to two armies",
           "ctrl+t opens a new tab"),
    WebKey("two-armies", "alt+t", "ctrl+t", "", "ctrl+t opens a new tab"),
    WebKey("quit", "alt+q", "ctrl+q", "Quit (ends this tab's app)",
           "Firefox quits on ctrl+q"),
)


def web_keymap() -> dict[str, str]:
    """Textual's keymap for a web page: each binding id to its keys, the alternative first
    (the footer shows a binding's first key)."""
    return {k.binding: f"{k.alternative},{k.key}" for k in WEB_KEYS}


def web_help() -> list[BindingType]:
    """The help screen's lines for a web page: each alternative and why it is there."""
    lines: list[BindingType] = [Binding(k.alternative, "", f"{k.does} (for {k.key}: {k.why})")
             for k in WEB_KEYS if k.does]
    lines.append(Binding("alt+backspace", "", "In a text field, delete a word (ctrl+w "
                                              "closes the browser's tab)"))
    lines.append(Binding("mouse", "", "Click or tap any key in the footer"))
    return lines
