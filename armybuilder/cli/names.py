"""Saved armies and campaigns named on the command line, forgiven as every name is
(``armybuilder.suggest``): any case, the beginning of just one name or a small typo taken
with a note on stderr, anything else refused with "did you mean …?"."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

Command = Callable[[argparse.Namespace], int]


def note(text: str) -> None:
    if text:
        print(f"armybuilder: note: {text}", file=sys.stderr)


def army(db: Path | None, text: str, guess: bool = True) -> str:
    """The saved army ``text`` names (a note said when it was not quite its name)."""
    from armybuilder.armies.service import Armies
    from armybuilder.catalogue.service import Catalogue

    name, said = Armies(Catalogue.open(db)).named(text, guess)
    note(said)
    return name


def campaign(db: Path | None, text: str, guess: bool = True) -> str:
    """The saved campaign ``text`` names (a note said when it was not quite its name)."""
    from armybuilder.campaign.store import Campaigns
    from armybuilder.catalogue.service import Catalogue

    name, said = Campaigns(Catalogue.open(db)).named(text, guess)
    note(said)
    return name


def forgiving(run: Command, kind: Callable[[Path | None, str, bool], str],
              guess: bool = True) -> Command:
    """``run`` with ``args.name`` first taken for the saved name it stands for. ``guess``
    False (a deletion): only the name itself, in any case."""

    def named_first(args: argparse.Namespace) -> int:
        args.name = kind(getattr(args, "db", None), args.name, guess)
        return run(args)

    return named_first
