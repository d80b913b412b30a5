"""The play screen's words: chances, what an action may bring, a chariot's sections, in
the player's terms."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from armybuilder.play.board import Outlook, Piece, Section

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


def section_line(section: Section) -> Text:
    """One of a chariot's sections: its click and values, or inactive (Chariot rules,
    Combat Dials), and whether it has had its one action this turn (Actions)."""
    text = Text()
    c = section.stats
    text.append(f"{section.name:<5} ", style="bold")
    text.append(f"{section.click + 1}/{len(section.dial)} ")
    if not section.active:
        text.append("inactive (three skulls)", style="bold red")
        return text
    text.append(f"spd {c.speed} att {c.attack} def {c.defense} dmg {c.damage}")
    if c.skulls:
        text.append(f" {c.skulls} skull{'s' if c.skulls > 1 else ''}", style="yellow")
    if section.acted:
        text.append(" acted", style="dim")
    if c.abilities:
        text.append(" " + ", ".join(c.abilities), style="italic")
    return text


def section_text(piece: Piece, reach: str) -> Text:
    """A chariot's four dials at a glance, for the warrior panel."""
    skulls = sum(s.stats.skulls for s in piece.sections)
    text = Text(f"chariot · {reach} · {skulls} skull{'s' if skulls != 1 else ''} in all\n")
    for section in piece.sections:
        text.append(section_line(section))
        text.append("\n")
    return text
