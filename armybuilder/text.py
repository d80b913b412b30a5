"""Names shown literally, wherever armybuilder shows them.

A figure, army, expansion or faction name comes from somewhere armybuilder does not
control: a feed, a spreadsheet, an army list, a database another version wrote. Shown as
it is, a name could carry an escape sequence to the terminal (retitle it, clear it) or,
in the app, Rich/Textual markup (``Bad[/]Army`` would crash a screen, ``Orcs [draft]``
would lose its last word). So every name is shown through this module:

- ``shown(name)``: one value on one line; every control character, lone surrogate and
  bidirectional-text control becomes visible as a Python-style escape (``\\x1b``,
  ``\\n``, ``\\u202e``). Markup characters are left as they are: the app puts names in
  plain ``Text`` (``literal``), never in markup.
- ``shown_lines(text)``: composed text (a message, a narration): the same, but line
  breaks and tabs stay.
- ``literal(name)``: a Rich ``Text`` of ``shown(name)``, for the app's widgets.
- ``json_text(value)``: JSON for the terminal, with the characters JSON itself leaves raw
  (DEL, the C1 controls, bidi controls) written as ``\\u`` escapes.
- ``SafeStream``: wraps the command line's stdout/stderr so that nothing else reaches the
  terminal raw either.
"""

from __future__ import annotations

import json
import unicodedata
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from rich.text import Text

#: Characters that are not control characters (category Cc) but still rearrange or hide
#: text on a terminal: bidirectional controls, line and paragraph separators, BOM.
FORMAT_CONTROLS = ("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                   "\u2066\u2067\u2068\u2069\u2028\u2029\ufeff")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(code: int) -> str:
    char = chr(code)
    if char in _NAMED:
        return _NAMED[char]
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def _hostile_codes() -> list[int]:
    codes = [c for c in range(0x100) if unicodedata.category(chr(c)) == "Cc"]
    codes += [ord(c) for c in FORMAT_CONTROLS]
    codes += list(range(0xD800, 0xE000))  # lone surrogates: not even encodable as UTF-8
    return codes


_ONE_LINE = {code: _escape(code) for code in _hostile_codes()}
_LINES = {code: text for code, text in _ONE_LINE.items() if chr(code) not in "\n\t"}
_TERMINAL = {code: text for code, text in _LINES.items() if chr(code) != "\r"}
_JSON_RAW = {code: f"\\u{code:04x}" for code in _hostile_codes() if code >= 0x7F}


def shown(value: object) -> str:
    """``value`` as one line of literal text: control characters visible."""
    return str(value).translate(_ONE_LINE)


def shown_lines(value: object) -> str:
    """Like ``shown``, keeping line breaks and tabs (for messages and narration)."""
    return str(value).translate(_LINES)


#: The most characters of one line of a message: a refusal quotes an excerpt of what it
#: refuses, never megabytes of it.
MOST_IN_A_LINE = 600


def excerpt(text: str, most: int = MOST_IN_A_LINE) -> str:
    """``text`` whole when it is short, else its beginning and how long it was."""
    if len(text) <= most:
        return text
    return f"{text[:most]}... ({len(text):,} characters in all)"


def control_in(text: str) -> str | None:
    """The first control character (Unicode category Cc) or lone surrogate in ``text``, or
    None: what a name may not hold. (Bidi controls are allowed in names: right-to-left
    scripts use them; ``shown`` still makes them visible.)"""
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cs"):
            return char
    return None


def literal(value: object, style: str = "") -> Text:
    """A Rich ``Text`` showing ``value`` literally: no markup, controls visible."""
    from rich.text import Text

    return Text(shown(value), style=style)


def literal_lines(value: object, style: str = "") -> Text:
    from rich.text import Text

    return Text(shown_lines(value), style=style)


def json_text(value: Any, indent: int | None = 2) -> str:
    """JSON as the command line prints it: UTF-8 text, and nothing a terminal acts on."""
    return json.dumps(value, indent=indent, ensure_ascii=False).translate(_JSON_RAW)


class SafeStream:
    """A text stream that makes every control character visible on its way to the
    terminal, except line breaks, tabs and carriage returns (a progress bar's)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(text.translate(_TERMINAL))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def counted(n: int, word: str, many: str = "") -> str:
    """A count in plain English: "1 figure", "2 figures", "1,054 figures" ("1 army",
    "3 armies" with ``many``)."""
    return f"{n:,} {word if n == 1 else (many or word + 's')}"


def whole_number(text: str, low: int, high: int) -> int | None:
    """``text`` as a whole number from ``low`` to ``high``, or None: ASCII digits only
    (``int`` takes other scripts' digits too, "٣" for 3), and at most as many digits as
    ``high`` has (a thousand-digit paste is never turned into a number)."""
    value = text.strip()
    digits = value.removeprefix("-")
    if not digits.isascii() or not digits.isdigit() or len(digits) > len(str(abs(high))):
        return None
    number = int(value)
    return number if low <= number <= high else None
