"""The play screen's words: chances, what an action may bring, in the player's terms."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from armybuilder.play.board import Outlook

if TYPE_CHECKING:
    from armybuilder.play.session import PlaySession


def pct(p: float) -> str:
    """A chance as a percentage: whole numbers, a decimal near the ends (a 2 or a 12 is
    2.8%), never rounding a possibility to 0% or 100%."""
    if p <= 1e-9:
        return "0%"
    if p >= 1 - 1e-9:
        return "100%"
    return f"{100 * p:.0f}%" if 0.01 <= p <= 0.99 else f"{100 * p:.1f}%"


def outlook_text(session: PlaySession, outlook: Outlook, indent: str = "   ") -> Text:
    """Every figure the action affects: chance to hit, expected clicks, to eliminate."""
    text = Text()
    board = session.board
    for t in outlook.targets:
        piece = board.pieces[t.warrior]
        text.append(f"{indent}{piece.label}: ", style="bold")
        if t.captured:
            text.append(f"captured {pct(t.captured)}")
        else:
            healing = piece.seat == board.to_act
            text.append(f"hit {pct(t.hit)} · {t.clicks:.2f} clicks"
                        f"{' healed' if healing else ''}")
            if t.eliminated:
                text.append(f" · eliminated {pct(t.eliminated)}", style="bold red")
        text.append("\n")
    if outlook.break_away is not None:
        text.append(f"{indent}breaks away {pct(outlook.break_away)}\n", style="bold")
    if outlook.critical_miss:
        text.append(f"{indent}a 2: critical miss {pct(outlook.critical_miss)}\n", style="dim")
    for wid, chance, cause in outlook.own_losses:
        text.append(f"{indent}▲ {board.pieces[wid].label} is eliminated {pct(chance)} "
                    f"({cause})\n", style="bold red")
    return text
