"""What the screens show of each kind of figure, registered once, the way the engine's
kinds of figure register their rules (``FigureKind``): :class:`PieceView` is a warrior's
look; a chariot, a castle section and a World Conquest structure override what differs.
The map, the play screen and its dialogs ask :func:`piece_view` (by ``Piece.kind``) and
know nothing of the kinds there are."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text

from armybuilder.play.board import Board, Piece
from armybuilder.tui.play_words import castle_text, section_text


class PieceView:
    """What the screens show of a kind of figure: a warrior's look, which a kind
    overrides."""

    #: The engine's name of the kind (``FigureKind.name``, ``Piece.kind``).
    kind: ClassVar[str] = "warrior"
    #: It turns: its facing and front arc are drawn (False: Castle rules, General Rules:
    #: a 360-degree front arc, and it never turns).
    turns: ClassVar[bool] = True
    #: It is drawn before the figures: one on top of it, or on guard in it, is drawn over
    #: its letter.
    beneath: ClassVar[bool] = False
    #: Its base is of sections, each with its own dial, and its actions are given to them:
    #: a move is driven section by section, a pass names its section (Chariot rules,
    #: Combat Dials; Actions).
    by_sections: ClassVar[bool] = False
    #: Its refusals are told one rule for all the kinds of action it refuses (Castle
    #: rules, Actions: one rule refuses a section every kind but ranged combat and pass).
    refused_at_once: ClassVar[bool] = False

    def dial_text(self, board: Board, p: Piece, reach: str) -> Text:
        """Its dial for the warrior panel (``reach``: its range in words)."""
        stats = p.stats
        text = Text(f"click {p.click + 1}/{len(p.dial)}  spd {stats.speed} att "
                    f"{stats.attack} def {stats.defense} dmg {stats.damage}  {reach}"
                    f"  arc {p.arc}°\n")
        if p.abilities:
            text.append("abilities: " + ", ".join(p.abilities) + "\n", style="italic")
        return text

    def glance(self, p: Piece) -> str:
        """Its click in a one-line panel ("" when its dial says more than a click)."""
        return f"{p.click + 1}/{len(p.dial)} "

    def card_words(self, p: Piece, reach: str, factions: str) -> str:
        """Its base and arc in the figure's card dialog."""
        return f"{reach} · front arc {p.arc}° · {factions}"


class ChariotView(PieceView):
    kind: ClassVar[str] = "chariot"
    by_sections: ClassVar[bool] = True

    def dial_text(self, board: Board, p: Piece, reach: str) -> Text:
        return section_text(p, reach)

    def glance(self, p: Piece) -> str:
        return ""

    def card_words(self, p: Piece, reach: str, factions: str) -> str:
        # Chariot rules, General Rules: no rear arc; each section's outer edge is its
        # front arc.
        return f"{reach} · a chariot: four sections, each with its own dial · {factions}"


class CastleSectionView(PieceView):
    kind: ClassVar[str] = "castle section"
    turns: ClassVar[bool] = False
    beneath: ClassVar[bool] = True
    refused_at_once: ClassVar[bool] = True

    def dial_text(self, board: Board, p: Piece, reach: str) -> Text:
        return castle_text(board, p)  # Castle rules: a section's values

    def glance(self, p: Piece) -> str:
        return ""


class StructureView(CastleSectionView):
    """A World Conquest structure: shown as a castle section is (Upgrading Defenses)."""

    kind: ClassVar[str] = "structure"


WARRIOR = PieceView()
_VIEWS: dict[str, PieceView] = {
    view.kind: view for view in (ChariotView(), CastleSectionView(), StructureView())}


def piece_view(p: Piece) -> PieceView:
    """What the screens show of ``p``, by its kind."""
    return _VIEWS.get(p.kind, WARRIOR)
