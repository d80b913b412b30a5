"""The project's own catalogue spreadsheet layout, as .xlsx or .csv.

Two tables are required, two more make a whole-catalogue round trip exact:

- **Figures**: key, expansion, number, name, rank, rank_stars, unique, promo,
  limited_edition, frequency, points, range, targets, arc, base, kind, castle_section,
  factions (", "-separated), starting_click (0-based), disarm, source
- **Clicks**: key, dial (main / front / left / right / rear), click (0-based), speed,
  attack, defense, damage (a whole number or the word ``skull``), speed_ability,
  attack_ability, defense_ability, damage_ability (ability names; blank = none)
- Abilities (optional): name, slot, colour, symbol, optional, text, text_source
- Expansions (optional): slug, name, set_letter

An ``.xlsx`` workbook holds them as sheets named Figures, Clicks, Abilities, Expansions.
As CSV, a folder holds ``figures.csv``, ``clicks.csv``, ``abilities.csv`` and
``expansions.csv``; a path ``NAME.csv`` stands for ``NAME.figures.csv``,
``NAME.clicks.csv`` and so on beside it. Booleans read true/false, yes/no or 1/0.
Rows are counted as a spreadsheet counts them: the header is row 1.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openpyxl import Workbook, load_workbook
from openpyxl.styles import Font

from armybuilder.catalogue.records import (
    ARCS,
    BASES,
    CHARIOT_DIALS,
    KINDS,
    MAIN_DIAL,
    RANK_STARS,
    STATS,
    Ability,
    CatalogueData,
    Click,
    Dial,
    Expansion,
    Figure,
    figure_key,
)

FIGURE_COLUMNS = ("key", "expansion", "number", "name", "rank", "rank_stars", "unique",
                  "promo", "limited_edition", "frequency", "points", "range", "targets", "arc",
                  "base", "kind", "castle_section", "factions", "starting_click", "disarm",
                  "source")
CLICK_COLUMNS = ("key", "dial", "click", *STATS, *(f"{s}_ability" for s in STATS))
ABILITY_COLUMNS = ("name", "slot", "colour", "symbol", "optional", "text", "text_source")
EXPANSION_COLUMNS = ("slug", "name", "set_letter")
TABLES = {"Figures": FIGURE_COLUMNS, "Clicks": CLICK_COLUMNS, "Abilities": ABILITY_COLUMNS,
          "Expansions": EXPANSION_COLUMNS}
SKULL = "skull"
DIAL_POSITIONS = (MAIN_DIAL, *CHARIOT_DIALS)
_TRUE, _FALSE = {"true", "yes", "1", "y"}, {"false", "no", "0", "n", ""}


class SpreadsheetError(ValueError):
    """A spreadsheet that cannot be imported; the message names file, sheet, row, column."""


@dataclass(slots=True)
class _Row:
    file: str
    sheet: str
    row: int
    values: dict[str, str]

    def fail(self, column: str, message: str) -> SpreadsheetError:
        sheet = f", sheet {self.sheet}" if self.sheet else ""
        return SpreadsheetError(f"{self.file}{sheet}, row {self.row}, column {column}: {message}")

    def text(self, column: str) -> str:
        return self.values.get(column, "").strip()

    def required(self, column: str) -> str:
        value = self.text(column)
        if not value:
            raise self.fail(column, "must not be empty")
        return value

    def whole(self, column: str, minimum: int = 0, blank: int | None = None) -> int:
        value = self.text(column)
        if not value and blank is not None:
            return blank
        if not re.fullmatch(r"-?\d+", value):
            raise self.fail(column, f"expected a whole number, got {value!r}")
        if int(value) < minimum:
            raise self.fail(column, f"must be at least {minimum}, got {value}")
        return int(value)

    def maybe_whole(self, column: str) -> int | None:
        return None if not self.text(column) else self.whole(column)

    def flag(self, column: str) -> bool:
        value = self.text(column).lower()
        if value in _TRUE:
            return True
        if value in _FALSE:
            return False
        raise self.fail(column, f"expected true or false, got {value!r}")

    def choice(self, column: str, options: tuple[Any, ...]) -> str:
        value = self.text(column).lower()
        if value not in {str(o) for o in options}:
            raise self.fail(column, f"expected one of {', '.join(map(str, options))}, "
                            f"got {value!r}")
        return value


# --- writing ---------------------------------------------------------------------------


def _cell(value: Any) -> Any:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else value


def _tables(data: CatalogueData) -> dict[str, list[list[Any]]]:
    figures, clicks = [], []
    for f in data.figures.values():
        figures.append([f.key, f.expansion, f.number, f.name, f.rank, f.rank_stars, f.unique,
                        f.promo, f.limited_edition, f.frequency, f.points, f.range, f.targets,
                        f.arc, f.base, f.kind, f.castle_section, ", ".join(f.factions),
                        f.starting_click, f.disarm, f.source])
        for dial in f.dials:
            for c in dial.clicks:
                clicks.append([f.key, dial.position, c.index,
                               *(SKULL if c.value(s) is None else c.value(s) for s in STATS),
                               *(c.abilities.get(s, "") for s in STATS)])
    abilities = [[a.name, a.slot, a.colour, a.symbol, a.optional, a.text, a.text_source]
                 for a in data.abilities.values()]
    expansions = [[e.slug, e.name, e.set_letter] for e in data.expansions.values()]
    return {"Figures": figures, "Clicks": clicks, "Abilities": abilities,
            "Expansions": expansions}


def csv_paths(path: Path) -> dict[str, Path]:
    """Where each table lives for a CSV path: a folder, or NAME.csv for NAME.<table>.csv."""
    if path.suffix.lower() == ".csv":
        stem = path.name[: -len(".csv")]
        for table in TABLES:
            if stem.lower().endswith("." + table.lower()):
                stem = stem[: -len(table) - 1]
        if stem.lower() in {t.lower() for t in TABLES}:
            return {t: path.with_name(f"{t.lower()}.csv") for t in TABLES}
        return {t: path.with_name(f"{stem}.{t.lower()}.csv") for t in TABLES}
    return {t: path / f"{t.lower()}.csv" for t in TABLES}


def write_catalogue(data: CatalogueData, path: Path) -> list[Path]:
    """Write the whole catalogue; returns the files written."""
    path = Path(path)
    tables = _tables(data)
    if path.suffix.lower() == ".xlsx":
        book = Workbook()
        first = book.active
        assert first is not None
        book.remove(first)
        for name, columns in TABLES.items():
            sheet = book.create_sheet(name)
            sheet.append(list(columns))
            for cell in sheet[1]:
                cell.font = Font(bold=True)
            sheet.freeze_panes = "A2"
            for row in tables[name]:
                sheet.append([_cell(v) for v in row])
        path.parent.mkdir(parents=True, exist_ok=True)
        book.save(path)
        return [path]
    if path.suffix and path.suffix.lower() != ".csv":
        raise SpreadsheetError(f"{path}: a catalogue spreadsheet is .xlsx, .csv or a folder")
    targets = csv_paths(path)
    next(iter(targets.values())).parent.mkdir(parents=True, exist_ok=True)
    for name, columns in TABLES.items():
        with targets[name].open("w", encoding="utf-8", newline="") as out:
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(columns)
            writer.writerows([_cell(v) for v in row] for row in tables[name])
    return list(targets.values())


# --- reading ---------------------------------------------------------------------------


def _read_tables(path: Path) -> dict[str, list[_Row] | None]:
    if path.suffix.lower() == ".xlsx":
        return _read_xlsx(path)
    if path.suffix and path.suffix.lower() != ".csv":
        raise SpreadsheetError(f"{path}: a catalogue spreadsheet is .xlsx, .csv or a folder")
    if not path.suffix and not path.is_dir():
        raise SpreadsheetError(f"{path}: no such file or folder")
    out: dict[str, list[_Row] | None] = {}
    for name, file in csv_paths(path).items():
        if not file.is_file():
            if name in ("Figures", "Clicks"):
                raise SpreadsheetError(f"{file}: no such file (a catalogue in CSV needs "
                                       "figures and clicks files)")
            out[name] = None
            continue
        with file.open(encoding="utf-8-sig", newline="") as handle:
            out[name] = list(_rows(file.name, "", csv.reader(handle), TABLES[name]))
    return out


def _read_xlsx(path: Path) -> dict[str, list[_Row] | None]:
    if not path.is_file():
        raise SpreadsheetError(f"{path}: no such file")
    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a broken file
        raise SpreadsheetError(f"{path.name}: not a readable .xlsx workbook ({exc})") from exc
    out: dict[str, list[_Row] | None] = {}
    try:
        for name, columns in TABLES.items():
            if name not in book.sheetnames:
                if name in ("Figures", "Clicks"):
                    raise SpreadsheetError(f"{path.name}: no sheet named {name}")
                out[name] = None
                continue
            rows = ([_text(v) for v in row] for row in book[name].iter_rows(values_only=True))
            out[name] = list(_rows(path.name, name, rows, columns))
    finally:
        book.close()
    return out


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _rows(file: str, sheet: str, rows: Any, columns: tuple[str, ...]) -> Iterator[_Row]:
    header: list[str] | None = None
    for number, row in enumerate(rows, start=1):
        if header is None:
            header = [h.strip().lower() for h in row]
            missing = [c for c in columns if c not in header
                       and c not in ("disarm", "source", "text_source", "set_letter")]
            if missing:
                where = f"{file}, sheet {sheet}" if sheet else file
                raise SpreadsheetError(f"{where}, row 1: missing column {missing[0]}")
            continue
        if not any(cell.strip() for cell in row):
            continue
        yield _Row(file, sheet, number, dict(zip(header, row, strict=False)))


def read_catalogue(path: Path, known_abilities: Mapping[str, Ability] | None = None,
                   known_factions: Collection[str] | None = None) -> CatalogueData:
    """Read and check a whole spreadsheet; the first problem stops it, nothing is kept.

    With ``known_factions`` every faction named must be one of them."""
    path = Path(path)
    tables = _read_tables(path)
    data = CatalogueData(source=str(path))
    abilities = dict(known_abilities or {})
    for row in tables["Abilities"] or []:
        ability = Ability(name=row.required("name"),
                          slot=row.choice("slot", (*STATS, "any")),
                          colour=row.text("colour"), symbol=row.text("symbol") or "square",
                          optional=row.flag("optional"), text=row.text("text"),
                          text_source=row.text("text_source"))
        abilities.setdefault(ability.name, ability)
        data.abilities[ability.name] = abilities[ability.name]
    for row in tables["Expansions"] or []:
        slug = row.required("slug").lower()
        data.expansions[slug] = Expansion(slug=slug, name=row.required("name"),
                                          set_letter=row.text("set_letter").upper())
    lowered = {name.lower(): name for name in abilities}
    figures_rows = tables["Figures"] or []
    for row in figures_rows:
        figure = _figure(row)
        if known_factions is not None:
            unknown = [f for f in figure.factions if f not in known_factions]
            if unknown:
                raise row.fail("factions", f"unknown faction {unknown[0]!r} (known: "
                               f"{', '.join(sorted(known_factions))})")
        if figure.key in data.figures:
            raise row.fail("key", f"duplicate key {figure.key}")
        data.figures[figure.key] = figure
        if figure.expansion not in data.expansions:
            data.expansions[figure.expansion] = Expansion(
                slug=figure.expansion, name=figure.expansion.replace("-", " ").title())
    clicks: dict[str, dict[str, dict[int, Click]]] = {}
    for row in tables["Clicks"] or []:
        key = row.required("key").lower()
        if key not in data.figures:
            raise row.fail("key", f"{key} is not in the Figures table")
        dial = row.choice("dial", DIAL_POSITIONS)
        index = row.whole("click")
        click = _click(row, index, lowered, data)
        dial_clicks = clicks.setdefault(key, {}).setdefault(dial, {})
        if index in dial_clicks:
            raise row.fail("click", f"{key} {dial} dial has click {index} twice")
        dial_clicks[index] = click
    for row in figures_rows:
        _attach_dials(row, data.figures[row.required("key").lower()], clicks)
    return data


def _figure(row: _Row) -> Figure:
    key = row.required("key").lower()
    expansion = row.required("expansion").lower()
    number = row.whole("number", minimum=0)
    if key != figure_key(expansion, number):
        raise row.fail("key", f"{key} does not match expansion:number "
                       f"({figure_key(expansion, number)})")
    rank = row.choice("rank", tuple(RANK_STARS))
    factions = [f.strip() for f in row.text("factions").split(",") if f.strip()]
    return Figure(
        expansion=expansion, number=number, name=row.required("name"), rank=rank,
        points=row.whole("points"), factions=factions,
        rank_stars=row.whole("rank_stars", blank=RANK_STARS[rank]),
        unique=row.flag("unique"), promo=row.flag("promo"),
        limited_edition=row.flag("limited_edition"), frequency=row.text("frequency"),
        range=row.whole("range", blank=0), targets=row.whole("targets", minimum=1, blank=1),
        arc=int(row.choice("arc", ARCS)), base=row.choice("base", BASES),
        kind=row.choice("kind", KINDS), castle_section=row.text("castle_section").lower(),
        starting_click=row.whole("starting_click", blank=0),
        disarm=row.maybe_whole("disarm"), source=row.text("source"),
    )


def _click(row: _Row, index: int, abilities: Mapping[str, str],
           data: CatalogueData) -> Click:
    values: dict[str, int | None] = {}
    for stat in STATS:
        text = row.text(stat).lower()
        if text == SKULL:
            values[stat] = None
        else:
            values[stat] = row.whole(stat)
    slots: dict[str, str] = {}
    for stat in STATS:
        name = row.text(f"{stat}_ability")
        if not name:
            continue
        known = abilities.get(name.lower())
        if known is None:
            raise row.fail(f"{stat}_ability", f"unknown ability {name!r}")
        slots[stat] = known
    return Click(index=index, abilities=slots, **values)


def _attach_dials(row: _Row, figure: Figure,
                  clicks: dict[str, dict[str, dict[int, Click]]]) -> None:
    dials = clicks.get(figure.key)
    if not dials:
        raise row.fail("key", f"{figure.key} has no clicks in the Clicks table")
    if figure.kind == "chariot":
        if sorted(dials) != sorted(CHARIOT_DIALS):
            raise row.fail("kind", f"a chariot has exactly front, left, right and rear dials; "
                           f"{figure.key} has {', '.join(sorted(dials))}")
        order: tuple[str, ...] = CHARIOT_DIALS
    else:
        if set(dials) != {MAIN_DIAL}:
            raise row.fail("kind", f"a {figure.kind} has one dial named main; {figure.key} has "
                           f"{', '.join(sorted(dials))}")
        order = (MAIN_DIAL,)
    for position in order:
        by_index = dials[position]
        ordered = [by_index[i] for i in sorted(by_index)]
        for expected, click in enumerate(ordered):
            if click.index != expected:
                raise row.fail("key", f"{figure.key} {position} dial: click {expected} is "
                               "missing (clicks count from 0 without gaps)")
        if position == MAIN_DIAL:
            seen_dead = False
            for click in ordered:
                if click.dead:
                    seen_dead = True
                elif seen_dead:
                    raise row.fail("key", f"{figure.key}: live click {click.index} after a "
                                   "dead click")
        figure.dials.append(Dial(position=position, clicks=ordered))
    size = len(figure.main_dial.clicks)
    if not 0 <= figure.starting_click < size or figure.main_dial.clicks[
            figure.starting_click].dead:
        raise row.fail("starting_click", f"{figure.starting_click} is not a live click of "
                       f"{figure.key}'s dial")
