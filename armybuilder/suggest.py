"""Forgiving names: any case, the beginning of just one name, and a small typo taken
when only one name is that close.

A word that fits no name, or is close to several, is refused with "did you mean …?" so the
user never searches for something that silently finds nothing. Names in messages are shown
literally (``repr`` or ``armybuilder.text.shown``: control characters visible).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from armybuilder.text import shown

#: How alike (difflib's ratio) a word and a name must be for a typo to be taken.
TAKEN = 0.8
#: The shortest beginning of a name taken for the one name it begins ("Atlantis" for
#: "Atlantis Guild"): shorter ones are too easily a different word.
PREFIX = 3
#: How alike they must be for the name to be suggested.
SUGGESTED = 0.6


class UnknownName(ValueError):
    """A name that fits nothing; the message lists what the user may have meant."""

    def __init__(self, message: str, suggestions: list[str]) -> None:
        super().__init__(message)
        self.suggestions = suggestions


def _folded(choices: Iterable[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for c in choices:
        out.setdefault(" ".join(c.casefold().split()), c)
    return out


def _ratio(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b).ratio()


def _likeness(word: str, name: str) -> float:
    """How alike a word is to a name, or to the closest single word of it ("flme" is
    like "Flame/Lightning" through "flame")."""
    words = name.replace("/", " ").replace("-", " ").split()
    return max([_ratio(word, name)] + [_ratio(word, w) for w in words if len(words) > 1])


def suggestions(word: str, choices: Iterable[str], n: int = 5) -> list[str]:
    """The names most like ``word``, best first: close spellings, then names containing it."""
    folded = _folded(choices)
    wanted = " ".join(word.casefold().split())
    if not wanted:
        return []
    scored = sorted(((_likeness(wanted, k), k) for k in folded), key=lambda p: (-p[0], p[1]))
    out = [folded[k] for r, k in scored if r >= SUGGESTED][:n]
    for k in sorted(folded):
        if len(out) >= n:
            break
        if wanted in k and folded[k] not in out:
            out.append(folded[k])
    return out


def did_you_mean(names: list[str]) -> str:
    if not names:
        return ""
    if len(names) == 1:
        return f"did you mean {names[0]!r}?"
    return ("did you mean " + ", ".join(repr(n) for n in names[:-1])
            + f" or {names[-1]!r}?")


def choose(word: str, choices: Iterable[str], what: str) -> tuple[str, str]:
    """(the name ``word`` stands for, a note when a typo was taken, else "").

    Raises UnknownName naming ``what`` ("faction", "ability", ...) with suggestions."""
    folded = _folded(choices)
    wanted = " ".join(word.casefold().split())
    if wanted in folded:
        return folded[wanted], ""
    begun = [k for k in folded if k.startswith(wanted)] if len(wanted) >= PREFIX else []
    close = begun or [k for k in folded if _ratio(wanted, k) >= TAKEN]
    if len(close) == 1:
        name = folded[close[0]]
        return name, f"taking {what} {name!r} for {word!r}"
    names = suggestions(word, folded.values())
    hint = did_you_mean(names)
    known = "" if hint else f" (known: {shown(', '.join(sorted(folded.values())[:12]))}" + (
        ", …)" if len(folded) > 12 else ")")
    raise UnknownName(f"unknown {what} {word!r}" + (f"; {hint}" if hint else known), names)


def no_such(what: str, word: str, choices: Iterable[str], plural: str) -> str:
    """"no army named 'Rich Armi'; did you mean 'Rich Army'?", or the names there are when
    none is close ("(armies: Orcs, Rich)")."""
    names = list(choices)
    hint = did_you_mean(suggestions(word, names))
    if hint:
        return f"no {what} named {word!r}; {hint}"
    known = shown(", ".join(names[:12])) + (", …" if len(names) > 12 else "")
    return f"no {what} named {word!r} ({plural}: {known or 'none saved yet'})"


def named(word: str, choices: Iterable[str], what: str, plural: str,
          guess: bool = True) -> tuple[str, str]:
    """(the saved name ``word`` stands for, a note when it was not the name itself): as
    :func:`choose`, refused as "no army named …" (:func:`no_such`). ``guess`` False (a
    deletion): only the name itself in any case, a near one is asked about, never taken."""
    names = list(choices)
    try:
        name, note = choose(word, names, what)
    except UnknownName as exc:
        raise UnknownName(no_such(what, word, names, plural), exc.suggestions) from None
    if note and not guess:
        raise UnknownName(f"no {what} named {word!r}; did you mean {name!r}?", [name])
    return name, note
