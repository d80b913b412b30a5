"""What each kind of figure looks like to the play screen, registered once, the way the
engine's kinds of figure register their rules (``FigureKind``).

:class:`FigureView` is the interface, and its answer is a warrior's: its card's dial and
the click it shows. A kind that looks otherwise subclasses it in its view module and calls
:func:`register`: :mod:`~armybuilder.play.chariot_view` (a chariot's four dials and its
passenger) and :mod:`~armybuilder.play.castle_view` (a castle section's piece, a World
Conquest structure's kind). The session asks :func:`view_of` and knows nothing of the
kinds there are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from armybuilder.engine import KindTable
from armybuilder.play.board import Click, Section
from armybuilder.text import shown


@dataclass(frozen=True, slots=True)
class Looks:
    """What a figure's kind puts on its :class:`~armybuilder.play.board.Piece`."""

    dial: tuple[Click, ...]
    click: int
    starting_click: int
    sections: tuple[Section, ...] = ()
    passenger: int | None = None
    #: The piece it stands for on the battlefield (a castle section's, a structure's
    #: kind), "" for a figure that is no piece of a castle or fortification.
    piece: str = ""


def dial_of(clicks: Any) -> tuple[Click, ...]:
    """A card's clicks (or one section's) as the screens show them."""
    return tuple(Click(c.speed, c.attack, c.defense, c.damage, tuple(map(shown, c.abilities)))
                 for c in clicks)


class FigureView:
    """What a kind of figure looks like: a warrior's look, which a kind overrides."""

    #: The engine's name of the kind (``FigureKind.name``).
    kind: ClassVar[str] = "warrior"

    def looks(self, w: Any, turn: int) -> Looks:
        """Its dial, the click it shows and what else its kind shows, on ``turn``."""
        return Looks(dial_of(w.card.clicks), w.click, w.card.starting_click)


#: The warrior's look: every figure of a kind no view module registered.
WARRIOR = FigureView()


def _load() -> None:
    # The view modules register themselves on import (they import this module for the
    # interface): loaded when a kind is first asked about.
    from armybuilder.play import castle_view, chariot_view  # noqa: F401


_VIEWS: KindTable[FigureView] = KindTable("the look", WARRIOR, _load)


def register(view: FigureView) -> FigureView:
    """Register what a kind of figure looks like (its view module does, once)."""
    return _VIEWS.register(view.kind, view)


def view_of(w: Any) -> FigureView:
    """What ``w`` (an engine figure) looks like, by its kind."""
    return _VIEWS[w.kind]
