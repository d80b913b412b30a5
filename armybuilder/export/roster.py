"""A printable army: a roster page a tournament organiser accepts, then a dial card for
every figure, as one PDF (A4 or Letter) written with fpdf2.

The roster names the player, the event, the army, its points of the build total, actions
per turn, the format profile and whether the army is legal, with every finding. Each dial
card shows the figure's card values and every click of every dial, ability cells in the
Special Abilities Card's colours, with a legend giving each ability's text.

The PDF's built-in Helvetica covers Latin-1 only: other characters are written as their
nearest Latin-1 form (curly quotes as straight ones, a skull as an X on black). Names are
written literally, control characters made visible (armybuilder.text). The file is
written whole or not at all, never over a file unasked, never through a link
(armybuilder.files).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.armies.army_files import FILLS
from armybuilder.figures import STATS, Ability, Dial, Expansion, Figure
from armybuilder.files import check_destination, write_atomically
from armybuilder.text import control_in, shown

if TYPE_CHECKING:
    from fpdf import FPDF

    from armybuilder.armies.checks import ArmyCheck

PAPERS = {"a4": "A4", "letter": "Letter"}
MARGIN = 12  # mm
LINE = 5  # mm, one line of body text
STAT_LABEL = {"speed": "Speed", "attack": "Attack", "defense": "Defense", "damage": "Damage"}
SKULL_TEXT = "X"
DARK = ("black", "brown", "blue", "purple", "red")
_PLAIN = {"‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-", "…": "...",
          "☠": SKULL_TEXT, "→": "->", "×": "x", "★": "*", "•": "-", "°": "°"}


class RosterError(ValueError):
    """The roster cannot be written; the message names the file and why."""


@dataclass(frozen=True, slots=True)
class RosterOptions:
    player: str = ""
    event: str = ""
    paper: str = "a4"


def plain(text: str) -> str:
    """``text`` shown literally (control characters visible), in the Latin-1 the PDF's
    core font can show."""
    out = []
    for ch in shown(text):
        ch = _PLAIN.get(ch, ch)
        try:
            ch.encode("latin-1")
        except UnicodeEncodeError:
            ch = unicodedata.normalize("NFKD", ch).encode("latin-1", "ignore").decode(
                "latin-1") or "?"
        out.append(ch)
    return "".join(out)


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return int(hex_colour[0:2], 16), int(hex_colour[2:4], 16), int(hex_colour[4:6], 16)


class _Roster:
    def __init__(self, checked: ArmyCheck, abilities: Mapping[str, Ability],
                 expansions: Mapping[str, Expansion], options: RosterOptions) -> None:
        from fpdf import FPDF

        paper = PAPERS.get(options.paper.lower())
        if paper is None:
            raise RosterError(f"paper must be a4 or letter, not '{shown(options.paper)}'")
        self.checked = checked
        self.abilities = abilities
        self.expansions = expansions
        self.options = options
        self.pdf: FPDF = FPDF(orientation="portrait", unit="mm", format=paper)
        self.pdf.set_margins(MARGIN, MARGIN, MARGIN)
        self.pdf.set_auto_page_break(True, margin=MARGIN)
        self.pdf.set_title(plain(f"{checked.army.name}: army roster"))
        self.pdf.set_author("armybuilder")
        self.pdf.set_creator("armybuilder")

    @property
    def width(self) -> float:
        return self.pdf.w - 2 * MARGIN

    def font(self, size: float, style: str = "") -> None:
        self.pdf.set_font("Helvetica", style, size)

    def text(self, text: str, size: float = 10, style: str = "", h: float = LINE) -> None:
        self.font(size, style)
        self.pdf.multi_cell(0, h, plain(text), new_x="LMARGIN", new_y="NEXT")

    # --- the roster -------------------------------------------------------------------

    def roster(self) -> None:
        pdf, checked = self.pdf, self.checked
        army, report = checked.army, checked.report
        pdf.add_page()
        self.text("Mage Knight army roster", 18, "B", 9)
        pdf.ln(2)
        fields = [("Player", self.options.player or "_" * 30),
                  ("Event", self.options.event or "_" * 30),
                  ("Army", army.name),
                  ("Points", f"{report.points} of {report.build_total} (build total), "
                             + (f"{report.points_left} left" if report.points_left >= 0
                                else f"{-report.points_left} OVER")),
                  ("Actions", f"{report.actions} per turn"),
                  ("Profile", army.profile),
                  ("Legal", "yes" if checked.legal else "NO")]
        for label, value in fields:
            self.font(10, "B")
            pdf.cell(26, 6, plain(label))
            self.font(10, "B" if label in ("Army", "Legal") else "")
            pdf.cell(0, 6, plain(value), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(3)
        self._figures_table()
        pdf.ln(4)
        self.text("Findings", 12, "B", 7)
        findings = checked.findings()
        if not findings:
            self.text("None: nothing to report.", 9)
        for f in findings:
            self.font(9, "B")
            pdf.cell(18, LINE, plain(f.severity))
            self.font(9)
            pdf.multi_cell(0, LINE, plain(f"{f.message} ({f.rule}; {f.source})"),
                           new_x="LMARGIN", new_y="NEXT")

    def _figures_table(self) -> None:
        pdf = self.pdf
        columns: list[tuple[str, float, str]] = [
                   ("Count", 13, "R"), ("Figure", 58, "L"), ("Rank", 17, "L"),
                   ("Set", 24, "L"), ("Factions", 0, "L"), ("Each", 13, "R"),
                   ("Points", 15, "R")]
        fixed = sum(w for _, w, _ in columns)
        columns = [(n, w or self.width - fixed, a) for n, w, a in columns]
        self.font(9, "B")
        pdf.set_fill_color(220, 220, 220)
        for name, w, align in columns:
            pdf.cell(w, 6, name, border=1, align=align, fill=True)
        pdf.ln()
        self.font(9)
        lines = {(ln.key, ln.castle or "", ln.passenger): ln for ln in self.checked.report.lines}
        for e in self.checked.army.entries:
            figure = self.checked.figures.get(e.figure_key)
            line = lines.get((e.figure_key, e.castle or "", e.passenger))
            each = line.points_each if line else (figure.points if figure else e.seen_points)
            name = figure.name if figure else f"{e.seen_name} (not in catalogue)"
            if e.castle:
                name += f" ({e.castle})"
            if e.passenger:
                rider = self.checked.figures.get(e.passenger)
                name += f" + {rider.name if rider else e.passenger}"
            values = [str(e.count), name, figure.rank if figure else "",
                      self._set(figure) if figure else e.figure_key,
                      ", ".join(figure.factions) if figure else "", str(each),
                      str(each * e.count)]
            for (_, w, align), value in zip(columns, values, strict=True):
                pdf.cell(w, 6, self._fit(plain(value), w), border=1, align=align)
            pdf.ln()
        self.font(9, "B")
        total = sum(e.count for e in self.checked.army.entries)
        pdf.cell(columns[0][1], 6, str(total), border=1, align="R")
        pdf.cell(sum(w for _, w, _ in columns[1:-1]), 6, "Total", border=1)
        pdf.cell(columns[-1][1], 6, str(self.checked.report.points), border=1, align="R")
        pdf.ln()

    def _fit(self, text: str, width: float) -> str:
        """``text``, or its longest beginning that fits ``width`` with "..." after it:
        found by halving (a width grows with the text), so a name of any length costs a
        few measurements, not one per character."""
        room = width - 2
        if self.pdf.get_string_width(text) <= room:
            return text
        low, high = 0, len(text)  # text[:low] + "..." fits; text[:high] + "..." does not
        while high - low > 1:
            middle = (low + high) // 2
            if self.pdf.get_string_width(text[:middle] + "...") <= room:
                low = middle
            else:
                high = middle
        return text[:low] + "..."

    def _set(self, figure: Figure) -> str:
        expansion = self.expansions.get(figure.expansion)
        return f"{expansion.name if expansion else figure.expansion} #{figure.number}"

    # --- dial cards -------------------------------------------------------------------

    def cards(self) -> None:
        seen: list[str] = []
        for e in self.checked.army.entries:
            for key in (e.figure_key, e.passenger):
                if key and key not in seen and key in self.checked.figures:
                    seen.append(key)
        if not seen:
            return
        self.pdf.add_page()
        self.text("Dial cards", 16, "B", 8)
        for key in seen:
            self._card(self.checked.figures[key])

    def _card_height(self, figure: Figure, used: Sequence[str]) -> float:
        dials = len(figure.dials) * (5 * 5 + (4 if figure.multi_dial else 0) + 2)
        legend = sum(self._legend_lines(n) for n in used) * 4 + 6
        return 6 + 2 * LINE + dials + legend + 6

    def _legend_lines(self, name: str) -> int:
        ability = self.abilities.get(name)
        text = plain(ability.text) if ability else ""
        self.font(8)
        words = self.pdf.get_string_width(text) / max(self.width - 30, 1)
        return 1 + int(words) + (1 if words else 0)

    def _card(self, figure: Figure) -> None:
        pdf = self.pdf
        used = _abilities_on(figure)
        if pdf.get_y() + self._card_height(figure, used) > pdf.h - MARGIN:
            pdf.add_page()
        top = pdf.get_y() + 2
        pdf.set_y(top + 2)
        pdf.set_x(MARGIN + 2)
        self.font(12, "B")
        pdf.cell(0, 6, plain(f"{figure.name}  [{figure.key}]"), new_x="LMARGIN", new_y="NEXT")
        reach = (f"range {figure.range}, {figure.targets} target"
                 f"{'s' if figure.targets != 1 else ''}" if figure.range else "close combat")
        self.font(9)
        for line in (f"{self._set(figure)} - {figure.rank} - {figure.points} points - {reach} - "
                     f"front arc {figure.arc} deg - {figure.base} base",
                     f"Factions: {', '.join(figure.factions) or 'none'} - starts on click "
                     f"{figure.starting_click + 1}"):
            pdf.set_x(MARGIN + 2)
            pdf.cell(0, LINE, plain(line), new_x="LMARGIN", new_y="NEXT")
        for dial in figure.dials:
            pdf.ln(1)
            if figure.multi_dial:
                pdf.set_x(MARGIN + 2)
                self.font(9, "B")
                pdf.cell(0, 4, plain(f"{dial.position} dial"), new_x="LMARGIN", new_y="NEXT")
            self._dial(figure, dial)
        pdf.ln(1)
        self._legend(used)
        bottom = pdf.get_y() + 1
        pdf.set_draw_color(120, 120, 120)
        pdf.rect(MARGIN, top, self.width, bottom - top)
        pdf.set_draw_color(0, 0, 0)
        pdf.set_y(bottom + 2)

    def _dial(self, figure: Figure, dial: Dial) -> None:
        pdf = self.pdf
        clicks = _to_first_dead(dial)
        label_w = 18
        cell_w = min(12.0, (self.width - 4 - label_w) / max(len(clicks), 1))
        self.font(8, "B")
        pdf.set_x(MARGIN + 2)
        pdf.set_fill_color(235, 235, 235)
        pdf.cell(label_w, 5, "Click", border=1, fill=True)
        for c in clicks:
            mark = ">" if c.index == figure.starting_click else ""
            pdf.cell(cell_w, 5, f"{mark}{c.index + 1}", border=1, align="C", fill=True)
        pdf.ln()
        for stat in STATS:
            pdf.set_x(MARGIN + 2)
            self.font(8, "B")
            pdf.cell(label_w, 5, STAT_LABEL[stat], border=1)
            for c in clicks:
                value = c.value(stat)
                name = c.abilities.get(stat)
                colour = self._colour(name) if name else ""
                if value is None:
                    pdf.set_fill_color(0, 0, 0)
                    pdf.set_text_color(255, 255, 255)
                    fill = True
                elif name:
                    pdf.set_fill_color(*_rgb(FILLS.get(colour, "CE93D8")))
                    pdf.set_text_color(*((255, 255, 255) if colour in DARK else (0, 0, 0)))
                    fill = True
                else:
                    fill = False
                self.font(8, "B" if name or value is None else "")
                pdf.cell(cell_w, 5, SKULL_TEXT if value is None else str(value), border=1,
                         align="C", fill=fill)
                pdf.set_text_color(0, 0, 0)
            pdf.ln()

    def _colour(self, name: str) -> str:
        ability = self.abilities.get(name)
        return ability.colour.lower() if ability else ""

    def _legend(self, used: Sequence[str]) -> None:
        pdf = self.pdf
        for name in used:
            ability = self.abilities.get(name)
            colour = self._colour(name)
            pdf.set_x(MARGIN + 2)
            pdf.set_fill_color(*_rgb(FILLS.get(colour, "CE93D8")))
            pdf.cell(4, 4, "", border=1, fill=True)
            pdf.cell(1, 4, "")
            self.font(8, "B")
            head = name + (f" ({colour} {ability.slot}"
                           f"{', optional' if ability.optional else ''})" if ability else "")
            pdf.cell(pdf.get_string_width(plain(head)) + 2, 4, plain(head))
            self.font(8)
            text = ability.text if ability else "(no rules text in the ability table)"
            if ability and ability.text_source.lower().startswith("faq"):
                text += f" [FAQ update: {ability.text_source}]"
            pdf.multi_cell(0, 4, plain(text), new_x="LMARGIN", new_y="NEXT")
        pdf.set_x(MARGIN + 2)
        self.font(7)
        pdf.cell(0, 4, plain(f"{SKULL_TEXT} on black: a skull.  > marks the starting click."),
                 new_x="LMARGIN", new_y="NEXT")


def _to_first_dead(dial: Dial) -> list[Any]:
    out = []
    for c in dial.clicks:
        out.append(c)
        if c.dead:
            break
    return out


def _abilities_on(figure: Figure) -> list[str]:
    seen: list[str] = []
    for dial in figure.dials:
        for c in _to_first_dead(dial):
            for stat in STATS:
                name = c.abilities.get(stat)
                if name and name not in seen:
                    seen.append(name)
    return seen


def write_roster(checked: ArmyCheck, abilities: Mapping[str, Ability],
                 expansions: Mapping[str, Expansion], path: Path,
                 options: RosterOptions | None = None, force: bool = False) -> Path:
    """Write the roster and dial cards of ``checked`` to ``path`` (a .pdf): never over an
    existing file unless ``force``, never through a symbolic link."""
    path = Path(path)
    if path.suffix.lower() != ".pdf":
        raise RosterError(f"{shown(path)}: a roster is written as .pdf, not "
                          f"{shown(path.suffix) or 'no extension'}")
    if not path.parent.is_dir():
        raise RosterError(f"{shown(path)}: the folder {shown(path.parent)} does not exist")
    options = options or RosterOptions()
    for flag, value in (("--player", options.player), ("--event", options.event)):
        # A name printed for a tournament organiser, held to the rule every new name
        # keeps ("What armybuilder promises", Names shown literally): no control
        # characters; the roster would only show them escaped.
        bad = control_in(value)
        if bad is not None:
            raise RosterError(f"{flag} '{shown(value)[:60]}' holds a control character "
                              f"({shown(bad)}); give the name as it should be printed")
    check_destination(path, force)  # before the work, not after it
    write_atomically(path, roster_pdf(checked, abilities, expansions, options), force)
    return path


def roster_pdf(checked: ArmyCheck, abilities: Mapping[str, Ability],
               expansions: Mapping[str, Expansion],
               options: RosterOptions | None = None) -> bytes:
    """The roster and dial cards of ``checked`` as a PDF file's bytes."""
    roster = _Roster(checked, abilities, expansions, options or RosterOptions())
    roster.roster()
    roster.cards()
    return bytes(roster.pdf.output())
