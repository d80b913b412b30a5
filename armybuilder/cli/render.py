"""Plain-text and JSON views of figures for the command line."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from armybuilder.figures import STATS, Ability, Expansion, Figure
from armybuilder.text import shown

SKULL = "☠"
RANK_LABEL = {"weak": "weak *", "standard": "standard **", "tough": "tough ***", "unique": "unique"}


def table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    # Every cell shown literally: a name with a line break or an escape sequence stays on
    # its line and never reaches the terminal raw.
    body = [["" if v is None else shown(v) for v in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in body:
        widths = [max(w, len(v)) for w, v in zip(widths, row, strict=True)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)).rstrip(),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip()
              for row in body]
    return "\n".join(lines)


def summary_table(rows: Sequence[Any]) -> str:
    return table(
        ["key", "name", "rank", "pts", "factions", "rng", "arc", "spd", "att", "def", "dmg"],
        [[r.key, r.name, r.rank, r.points, r.factions,
          f"{r.range}" + (f"x{r.targets}" if r.targets > 1 else ""), r.arc,
          _v(r.speed), _v(r.attack), _v(r.defense), _v(r.damage)] for r in rows])


def _v(value: int | None) -> str:
    return SKULL if value is None else str(value)


def rank_label(figure: Figure) -> str:
    label = RANK_LABEL.get(figure.rank, figure.rank)
    if figure.limited_edition:
        return f"{label}, limited edition"
    if figure.promo:
        return f"{label}, promo"
    return label


def dial_table(figure: Figure, errata: Sequence[Any], abilities: Mapping[str, Ability],
               expansions: Mapping[str, Expansion]) -> str:
    """The figure card and every click of every dial, corrected cells marked with '*'."""
    expansion = expansions.get(figure.expansion)
    applied = {(e.dial, e.click, e.field) for e in errata if e.status == "applied"}
    lines = [
        f"{shown(figure.name)}  [{shown(figure.key)}]",
        f"  {shown(expansion.name if expansion else figure.expansion)} #{figure.number}, "
        f"{rank_label(figure)}, {figure.points} points",
        f"  factions: {shown(', '.join(figure.factions)) or 'none'}",
        f"  range {figure.range}, targets {figure.targets}, front arc {figure.arc}°, "
        f"base {shown(figure.base)}" + (f", castle section: {shown(figure.castle_section)}"
                                        if figure.castle_section else ""),
        f"  starting click {figure.starting_click + 1}; source: {shown(figure.source)}",
    ]
    used: set[str] = set()
    for dial in figure.dials:
        lines.append("")
        if figure.multi_dial:
            lines.append(f"{shown(dial.position)} dial")
        rows = []
        for c in dial.clicks:
            cells: list[str] = [f"{c.index + 1}" + (" start" if c.index == figure.starting_click
                                                    else "")]
            for stat in STATS:
                value = _v(c.value(stat))
                ability = c.abilities.get(stat, "")
                if ability:
                    used.add(ability)
                mark = "*" if ((dial.position, c.index, stat) in applied
                               or (dial.position, c.index, f"{stat}_ability") in applied) else ""
                cells.append(f"{value}{mark}" + (f" {ability}" if ability else ""))
            rows.append(cells)
        lines.append(table(["click", "speed", "attack", "defense", "damage"], rows))
    if used:
        lines.append("")
        lines.append("Abilities:")
        for name in sorted(used):
            a = abilities.get(name)
            detail = f" ({a.colour}, {a.slot}{', optional' if a.optional else ''})" if a else ""
            lines.append(f"  {shown(name)}{detail}")
            if a and a.text:
                lines += textwrap.wrap(shown(a.text), width=88, initial_indent="    ",
                                       subsequent_indent="    ")
                lines.append(f"    [{shown(ability_source(a))}]")
    if errata:
        lines.append("")
        lines.append("FAQ corrections:")
        for e in errata:
            where = f"{e.field}" + (f" click {e.click + 1}" if e.click is not None else "")
            if e.dial != "main":
                where = f"{e.dial} dial {where}"
            # "*" means the FAQ does not say what was printed: show what the source had.
            printed = e.found if e.printed == "*" and e.status == "applied" else e.printed
            lines.append(shown(f"  {where}: printed {printed or 'blank'} -> "
                               f"{e.corrected or 'blank'} [{e.status}] ({e.source})"))
    return "\n".join(lines)


def is_faq_update(ability: Ability) -> bool:
    """The ability's text is the FAQ's Special Ability Update, not the card's."""
    return ability.text_source.strip().lower().startswith("faq")


def ability_source(ability: Ability) -> str:
    return f"FAQ update: {ability.text_source}" if is_faq_update(ability) \
        else ability.text_source


def abilities_on(figure: Figure) -> list[str]:
    """The abilities on a figure's dials, in the order they first appear."""
    seen: list[str] = []
    for dial in figure.dials:
        for click in dial.clicks:
            for stat in STATS:
                name = click.abilities.get(stat)
                if name and name not in seen:
                    seen.append(name)
    return seen


def ability_json(name: str, ability: Ability | None) -> dict[str, Any]:
    if ability is None:
        return {"name": name, "slot": None, "colour": None, "optional": None, "text": "",
                "source": "", "faq_update": False}
    return {"name": name, "slot": ability.slot, "colour": ability.colour,
            "optional": ability.optional, "text": ability.text, "source": ability.text_source,
            "faq_update": is_faq_update(ability)}


def erratum_json(e: Any) -> dict[str, Any]:
    """An erratum with its click numbered as the card numbers it (1-based); ``click_index``
    is the dial's 0-based ``index``."""
    out = e.as_dict() if hasattr(e, "as_dict") else {k: getattr(e, k) for k in e.__slots__}
    out["click_index"] = out["click"]
    out["click"] = None if out["click"] is None else out["click"] + 1
    return out


def figure_json(figure: Figure, errata: Sequence[Any],
                expansions: Mapping[str, Expansion],
                abilities: Mapping[str, Ability] | None = None) -> dict[str, Any]:
    expansion = expansions.get(figure.expansion)
    known = abilities or {}
    return {
        "key": figure.key,
        "name": figure.name,
        "expansion": expansion.name if expansion else figure.expansion,
        "number": figure.number,
        "rank": figure.rank,
        "points": figure.points,
        "unique": figure.unique,
        "factions": list(figure.factions),
        "range": figure.range,
        "targets": figure.targets,
        "arc": figure.arc,
        "base": figure.base,
        "starting_click": figure.starting_click,
        "dials": [
            {"position": d.position,
             "clicks": [{"index": c.index, "speed": c.speed, "attack": c.attack,
                         "defense": c.defense, "damage": c.damage, "dead": c.dead,
                         "abilities": dict(c.abilities)} for c in d.clicks]}
            for d in figure.dials
        ],
        "abilities": [ability_json(n, known.get(n)) for n in abilities_on(figure)],
        "errata": [erratum_json(e) for e in errata],
    }


def ability_marks(names: Iterable[str]) -> dict[str, str]:
    """A short mark for each ability (its initials: Battle Armor -> BA), unique in the set."""
    marks: dict[str, str] = {}
    for name in names:
        base = "".join(w[0] for w in name.replace("/", " ").replace("-", " ").split()).upper()
        mark, n = base, 2
        while mark in marks.values():
            mark, n = f"{base}{n}", n + 1
        marks[name] = mark
    return marks


def _shown_clicks(figure: Figure) -> int:
    """Clicks to the first dead one, that one included."""
    clicks = figure.main_dial.clicks
    return next((i + 1 for i, c in enumerate(clicks) if c.dead), len(clicks))


def compare_table(figures: Sequence[Figure], abilities: Mapping[str, Ability]) -> str:
    """Two to four figures' main dials side by side, one row per click number."""
    letters = "ABCD"
    lines = []
    for letter, f in zip(letters, figures, strict=False):
        lines.append(f"{letter}  {shown(f.name)} [{shown(f.key)}], {rank_label(f)}, "
                     f"{f.points} pts, range {f.range}x{f.targets}, arc {f.arc}, "
                     f"{shown(', '.join(f.factions)) or 'no faction'}")
    used: list[str] = []
    for f in figures:
        used += [n for n in abilities_on(f) if n not in used]
    marks = ability_marks(used)
    heads = {"speed": "spd", "attack": "att", "defense": "def", "damage": "dmg"}
    headers = ["click"] + [f"{letter} {heads[s]}" for letter, _ in zip(letters, figures,
                                                                         strict=False)
                           for s in STATS]
    depth = max(_shown_clicks(f) for f in figures)
    rows = []
    for i in range(depth):
        row: list[str] = [str(i + 1)]
        for f in figures:
            clicks = f.main_dial.clicks
            if i >= _shown_clicks(f):
                row += [""] * len(STATS)
                continue
            c = clicks[i]
            for stat in STATS:
                ability = c.abilities.get(stat)
                start = ">" if i == f.starting_click and stat == "speed" else ""
                row.append(start + _v(c.value(stat)) + (f" {marks[ability]}" if ability else ""))
        rows.append(row)
    lines += ["", table(headers, rows)]
    if marks:
        lines += ["", "Abilities: " + "; ".join(
            shown(f"{m} {n}") + (f" ({shown(abilities[n].colour)})" if n in abilities else "")
            for n, m in marks.items())]
    lines.append("> marks each figure's starting click.")
    return "\n".join(lines)
