"""The play screen's words: chances, what an action may bring, a chariot's sections, in
the player's terms."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from armybuilder.play.board import Board, Outlook, Piece, Roll, Section, TargetOdds

if TYPE_CHECKING:
    from armybuilder.play.session import PlaySession


#: Why a turn has an extra action, as the status line says it.
EXTRA_WORDS = {"keep": "for the keep", "Command": "Command"}


def extra_words(extra: tuple[str, ...]) -> str:
    """The turn's extra actions and why, after its count: " (+1 for the keep)" (Castle
    rules, Actions, Mage Knight; Command on a 6); "" when there are none."""
    if not extra:
        return ""
    counts: dict[str, int] = {}
    for why in extra:
        counts[why] = counts.get(why, 0) + 1
    return " (" + ", ".join(f"+{n} {EXTRA_WORDS.get(why, why)}"
                            for why, n in counts.items()) + ")"


def pct(p: float) -> str:
    """A chance as a percentage: whole numbers, a decimal near the ends (a 2 or a 12 is
    2.8%), never rounding a possibility to 0% or 100%."""
    if p <= 1e-9:
        return "0%"
    if p >= 1 - 1e-9:
        return "100%"
    return f"{100 * p:.0f}%" if 0.01 <= p <= 0.99 else f"{100 * p:.1f}%"


#: Who chooses a chariot's section, and why, by the choice's purpose (Chariot rules).
_CHOOSES = {"attack": "the attack runs along a borderline (Chariot rules, Attacking a "
                      "Chariot)",
            "pushing": "the pushing click (Chariot rules, Pushing)",
            "damage": "the figure touches two sections (Chariot rules, Attacking a Chariot)"}


def _target_line(text: Text, board: Board, t: TargetOdds) -> None:
    piece = board.pieces[t.warrior]
    text.append(f"{piece.label}: ", style="bold")
    if t.captured:
        text.append(f"captured {pct(t.captured)}")
    else:
        healing = piece.seat == board.to_act
        text.append(f"hit {pct(t.hit)} · {t.clicks:.2f} clicks"
                    f"{' healed' if healing else ''}")
        if t.eliminated:
            text.append(f" · eliminated {pct(t.eliminated)}", style="bold red")
    text.append("\n")


def outlook_text(session: PlaySession, outlook: Outlook, indent: str = "   ") -> Text:
    """Every figure the action affects: chance to hit, expected clicks, to eliminate.
    Where a chariot's player chooses the section, the odds for each section they may
    choose, and which is the worst for you."""
    text = Text()
    board = session.board
    choice = outlook.choice
    if choice is not None:
        chariot = board.pieces[choice.chariot]
        mine = choice.seat == board.to_act
        who = "you choose" if mine else f"{board.sides[choice.seat].name} chooses"
        text.append(f"{indent}{who} the section of {chariot.label}: "
                    f"{_CHOOSES.get(choice.purpose, 'Chariot rules')}\n", style="italic")
        for name, each in choice.sections:
            worst = not mine and name == choice.counted and len(choice.sections) > 1
            text.append(f"{indent}{'▼' if worst else '·'} {name} section"
                        f"{' (the worst for you)' if worst else ''}:\n",
                        style="bold" if worst else "")
            for t in each.targets:
                text.append(f"{indent}    ")
                _target_line(text, board, t)
            for wid, chance, cause in each.own_losses:
                text.append(f"{indent}    ▲ {board.pieces[wid].label} is eliminated "
                            f"{pct(chance)} ({cause})\n", style="bold red")
            if not each.targets and not each.own_losses and each.own_clicks:
                text.append(f"{indent}    your figures take {each.own_clicks:.2f} clicks\n")
    else:
        for t in outlook.targets:
            text.append(indent)
            _target_line(text, board, t)
    if outlook.break_away is not None:
        text.append(f"{indent}breaks away {pct(outlook.break_away)}\n", style="bold")
    if outlook.critical_miss:
        text.append(f"{indent}a 2: critical miss {pct(outlook.critical_miss)}\n", style="dim")
    losses = outlook.own_losses if choice is None else ()  # told section by section
    for wid, chance, cause in losses:
        text.append(f"{indent}▲ {board.pieces[wid].label} is eliminated {pct(chance)} "
                    f"({cause})\n", style="bold red")
    text.append(cost_text(board, outlook, indent))
    return text


def cost_text(board: Board, outlook: Outlook, indent: str = "   ") -> Text:
    """What the action costs before anything is rolled, as the engine's outcomes show
    it: a push (Rulebook III, Pushing: a second action token and a click of damage, and
    the elimination it brings) and an action that uses none of the turn's (Special
    Abilities Card, Quickness)."""
    text = Text()
    dying = {w for w, p, cause in outlook.own_losses if "pushing" in cause}
    for wid, clicks in outlook.pushed:
        label = board.pieces[wid].label
        cost = f", {clicks:.2g} click{'s' if abs(clicks - 1) > 1e-9 else ''} of damage" \
            if clicks > 1e-9 else ""
        end = ", eliminating it" if wid in dying and clicks > 1e-9 and \
            any(w == wid and p > 1 - 1e-9 for w, p, _ in outlook.own_losses) else ""
        text.append(f"{indent}▲ pushes {label}: a second action token{cost}{end} "
                    "(Rulebook III, Pushing)\n", style="bold yellow")
    for wid in outlook.free:
        text.append(f"{indent}free: uses none of the turn's actions, only "
                    f"{board.pieces[wid].label}'s one action this turn (Quickness)\n",
                    style="bold")
    return text


def roll_words(board: Board, roll: Roll) -> str:
    """One roll of the dice: what for, whose (and at whom), the dice: "attack C 3+4",
    "damage C→c 2", "passenger A→B 5"."""
    who = board.pieces[roll.warrior].letter if roll.warrior is not None and \
        0 <= roll.warrior < len(board.pieces) else ""
    if roll.target is not None and 0 <= roll.target < len(board.pieces) and \
            roll.target != roll.warrior:
        who += "→" + board.pieces[roll.target].letter
    dice = "+".join(str(d) for d in roll.dice)
    return " ".join(part for part in (roll.purpose, who, dice) if part)


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


def castle_text(board: Board, piece: Piece) -> Text:
    """A castle section for the warrior panel (Castle rules): its fortification value
    (the Speed slot), its ranged values and long range, breached or not, its portals."""
    c = piece.stats
    text = Text()
    text.append(f"{piece.castle} · click {piece.click + 1}/{len(piece.dial)} · "
                f"fortification {c.speed}\n")
    text.append(f"att {c.attack} def {c.defense} dmg {c.damage}")
    if piece.range and c.attack:
        # Castle rules, Long Range Attacks: at a multiple-dial warrior or an opposing
        # section, double the range and the printed ranged damage less 2.
        text.append(f" rng {piece.range}\" · long {2 * piece.range}\" dmg "
                    f"{max(0, c.damage - 2)}\n")
    else:
        # Castle rules, Actions: "any active castle section that has a range and attack
        # value greater than 0" — a wall never fires.
        text.append(" · never fires\n")
    if c.abilities:
        text.append("abilities: " + ", ".join(c.abilities) + "\n", style="italic")
    section = next((s for s in board.castle if s.warrior == piece.id), None)
    if section is not None:
        # Castle rules, Portals: "A castle section that is showing the Demoralized
        # special ability has been breached" — its portals open for good.
        text.append(Text("breached", style="bold red") if section.breached
                    else Text("not breached", style="green"))
        if section.portals:
            doors = ", ".join(f"{p.name} {'open' if p.open else 'closed'}"
                              for p in section.portals)
            text.append(f" · {doors}")
        if section.ladders:
            # Castle rules, Planking and Ladders: access points against the wall.
            n = len(section.ladders)
            text.append(f" · {n} ladder{'s' if n != 1 else ''}")
        text.append("\n")
    return text
