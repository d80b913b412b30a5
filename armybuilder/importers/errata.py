"""The official FAQ's Figure Corrections as data, applied to an imported catalogue.

Each row of ``imports/errata.csv`` is one corrected value: a figure field (points, range,
name...) or one slot of one click. Applying a row looks at what the source shows:

- the printed value: it becomes the corrected one ("applied");
- the corrected value already: nothing to do ("already correct");
- anything else: left alone and reported ("conflicting");
- no such figure, dial or click: "not in catalogue".

A printed value of ``*`` means the FAQ does not say what was printed, so any value but
the corrected one is taken as the misprint. Applying the same errata twice therefore
gives "already correct" the second time, which keeps re-imports idempotent.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from armybuilder.figures import (
    CHARIOT_DIALS,
    MAIN_DIAL,
    RANK_STARS,
    STATS,
    CatalogueData,
    Click,
    Figure,
    figure_key,
)
from armybuilder.importers.rule_tables import (
    RuleTableError,
    TableRow,
    optional_int,
    read_table,
    required,
)
from armybuilder.paths import imports_dir

ERRATA_COLUMNS = ("id", "expansion", "number", "name", "dial", "click", "field", "printed",
                  "corrected", "source", "note")

#: The edition of the FAQ whose Figure Corrections imports/errata.csv holds (its cover
#: and page footers): the errata's version.
FAQ_EDITION = ("Mage Knight: Unlimited Official FAQ, last updated 3/19/2003 (tournament "
               "legal 1 April 2003)")
APPLIED = "applied"
ALREADY_CORRECT = "already correct"
CONFLICTING = "conflicting"
NOT_IN_CATALOGUE = "not in catalogue"
STATUSES = (APPLIED, ALREADY_CORRECT, CONFLICTING, NOT_IN_CATALOGUE)

ANY_EXPANSION = "*"  # the FAQ does not name the set (the chariots)
UNKNOWN_PRINTED = "*"  # the FAQ does not say what was printed
SKULL = "skull"  # a stat value of None in the records

#: Fields of the figure as a whole, and what kind of value each holds.
FIGURE_FIELDS: dict[str, str] = {
    "points": "count", "range": "count", "targets": "positive", "name": "name",
    "rank": "rank", "rank_stars": "stars", "unique": "boolean", "factions": "factions",
    "starting_click": "count", "disarm": "disarm",
}
#: Fields of one click: a stat value, or the ability shown in that area of the stat slot.
CLICK_FIELDS: dict[str, str] = {
    **dict.fromkeys(STATS, "stat"),
    **{f"{stat}_ability": "ability" for stat in STATS},
}
FIELDS = (*FIGURE_FIELDS, *CLICK_FIELDS)
DIALS = (MAIN_DIAL, *CHARIOT_DIALS)
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_SKELETON = re.compile(r"\s*\(skeleton\)$")


class ErrataError(RuleTableError):
    """``errata.csv`` cannot be read; the message names file, row and column."""


@dataclass(frozen=True, slots=True)
class Erratum:
    """One corrected value from the FAQ's Figure Corrections."""

    id: str
    expansion: str  # expansion slug, or "*" when the FAQ does not say
    number: int | None  # collector number; None when the FAQ gives none
    name: str  # always given, and always checked
    dial: str  # "main" or a chariot position
    click: int | None  # 0-based click index for click fields, None for figure fields
    field: str
    printed: str  # "*" when the FAQ does not say
    corrected: str
    source: str
    note: str = ""

    @property
    def kind(self) -> str:
        return FIGURE_FIELDS.get(self.field) or CLICK_FIELDS[self.field]


@dataclass(frozen=True, slots=True)
class ErratumResult:
    """What one erratum did: its status, the figure it found and the value the source had."""

    erratum: Erratum
    status: str
    figure_key: str | None = None
    found: str | None = None  # the source's value as text; None when nothing was looked at

    @property
    def printed_to_corrected(self) -> str:
        e = self.erratum
        return f"{e.printed or 'blank'} → {e.corrected or 'blank'}"


# --- reading errata.csv -------------------------------------------------------------------


def load_errata(path: Path | None = None) -> list[Erratum]:
    """Every row of ``imports/errata.csv`` (unless told otherwise), checked."""
    path = Path(path) if path is not None else imports_dir() / "errata.csv"
    out: list[Erratum] = []
    ids: dict[str, int] = {}
    for row in read_table(path, ERRATA_COLUMNS, ErrataError):
        erratum = _erratum(row)
        if erratum.id in ids:
            raise row.fail("id", f"{erratum.id!r} is already used in row {ids[erratum.id]}")
        ids[erratum.id] = row.row
        out.append(erratum)
    return out


def _erratum(row: TableRow) -> Erratum:
    ident = required(row, "id")
    if not _ID.fullmatch(ident):
        raise row.fail("id", f"use letters, digits, '-', '_' or '.', got {ident!r}")
    expansion = required(row, "expansion")
    if expansion != ANY_EXPANSION and not _SLUG.fullmatch(expansion):
        raise row.fail("expansion", f"expected an expansion slug such as 'rebellion' or '*', "
                       f"got {expansion!r}")
    number = optional_int(row, "number", minimum=1)
    name = required(row, "name")
    field = row["field"]
    if field not in FIELDS:
        raise row.fail("field", f"expected one of {', '.join(FIELDS)}, got {field!r}")
    dial = row["dial"] or MAIN_DIAL
    if dial not in DIALS:
        raise row.fail("dial", f"expected one of {', '.join(DIALS)}, got {dial!r}")
    click = optional_int(row, "click", minimum=0)
    if field in CLICK_FIELDS and click is None:
        raise row.fail("click", f"{field} is a value of one click: give its 0-based index")
    if field in FIGURE_FIELDS:
        if click is not None:
            raise row.fail("click", f"{field} belongs to the whole figure: leave click empty")
        if dial != MAIN_DIAL:
            raise row.fail("dial", f"{field} belongs to the whole figure: use dial main")
    erratum = Erratum(id=ident, expansion=expansion, number=number, name=name, dial=dial,
                      click=click, field=field, printed=row["printed"],
                      corrected=row["corrected"], source=required(row, "source"),
                      note=row["note"])
    if erratum.corrected == UNKNOWN_PRINTED:
        raise row.fail("corrected", "the corrected value must be given ('*' is only for "
                       "printed)")
    corrected = _parse(erratum.kind, erratum.corrected, row, "corrected")
    if erratum.printed != UNKNOWN_PRINTED:
        printed = _parse(erratum.kind, erratum.printed, row, "printed")
        if _same(erratum.kind, printed, corrected):
            raise row.fail("printed", "printed and corrected are the same value")
    return erratum


def _parse(kind: str, text: str, row: TableRow | None = None, column: str = "") -> Any:
    """A value of the given kind from its text; raises ValueError (or the row's error)."""
    try:
        return _PARSERS[kind](text)
    except ValueError as exc:
        if row is None:
            raise
        raise row.fail(column, str(exc)) from None


def _whole(text: str, minimum: int, what: str) -> int:
    if not re.fullmatch(r"-?[0-9]+", text):
        raise ValueError(f"expected {what}, got {text!r}")
    value = int(text)
    if value < minimum:
        raise ValueError(f"expected {what} (at least {minimum}), got {value}")
    return value


def _stat(text: str) -> int | None:
    if text.lower() == SKULL:
        return None
    return _whole(text, 0, "a stat value or 'skull'")


def _rank(text: str) -> str:
    if text.lower() not in RANK_STARS:
        raise ValueError(f"expected one of {', '.join(RANK_STARS)}, got {text!r}")
    return text.lower()


def _stars(text: str) -> int:
    value = _whole(text, 0, "a number of rank stars")
    if value > 3:
        raise ValueError(f"a base shows at most 3 rank stars, got {value}")
    return value


def _boolean(text: str) -> bool:
    if text.lower() not in ("true", "false"):
        raise ValueError(f"expected true or false, got {text!r}")
    return text.lower() == "true"


def _name(text: str) -> str:
    if not text:
        raise ValueError("a figure name must not be empty")
    return " ".join(text.split())


def _disarm(text: str) -> int | None:
    return None if not text else _whole(text, 0, "a disarm number")


def _factions(text: str) -> tuple[str, ...]:
    return tuple(f.strip() for f in text.split(",") if f.strip())


_PARSERS = {
    "count": lambda t: _whole(t, 0, "a whole number"),
    "positive": lambda t: _whole(t, 1, "a whole number"),
    "name": _name,
    "rank": _rank,
    "stars": _stars,
    "boolean": _boolean,
    "factions": _factions,
    "disarm": _disarm,
    "stat": _stat,
    "ability": lambda t: " ".join(t.split()),  # "" is a blank slot
}


def _same(kind: str, a: Any, b: Any) -> bool:
    if kind in ("name", "ability"):
        return str(a).casefold() == str(b).casefold()
    if kind == "factions":
        return sorted(f.casefold() for f in a) == sorted(f.casefold() for f in b)
    return bool(a == b)


def _as_text(kind: str, value: Any) -> str:
    if kind == "stat":
        return SKULL if value is None else str(value)
    if kind == "boolean":
        return "true" if value else "false"
    if kind == "factions":
        return ", ".join(value)
    if value is None:
        return ""
    return str(value)


# --- finding the figure -------------------------------------------------------------------


def _plain_name(name: str) -> str:
    # FAQ: some names gain "(Skeleton)"; a figure is the same before and after.
    return _SKELETON.sub("", " ".join(name.split()).casefold())


def names_match(erratum_name: str, figure: Figure) -> bool:
    """Case-insensitive, ignoring a trailing "(Skeleton)"; the FAQ may also put the
    figure's faction in front ("Black Powder War Wagon", "Elemental League Living
    Ballista"), so a leading start of one of its faction names may be left off."""
    wanted, have = _plain_name(erratum_name), _plain_name(figure.name)
    if wanted == have:
        return True
    if not wanted.endswith(" " + have):
        return False
    prefix = wanted[: -len(have) - 1]
    return any(f.casefold() == prefix or f.casefold().startswith(prefix + " ")
               for f in (" ".join(x.split()) for x in figure.factions))


def _candidates(data: CatalogueData, e: Erratum) -> list[Figure]:
    if e.expansion != ANY_EXPANSION and e.number is not None:
        figure = data.figures.get(figure_key(e.expansion, e.number))
        return [figure] if figure is not None and names_match(e.name, figure) else []
    return [f for f in data.figures.values()
            if (e.expansion == ANY_EXPANSION or f.expansion == e.expansion)
            and (e.number is None or f.number == e.number)
            and names_match(e.name, f)]


def _click(figure: Figure, e: Erratum) -> Click | None:
    for dial in figure.dials:
        if dial.position == e.dial:
            return next((c for c in dial.clicks if c.index == e.click), None)
    return None


def _read(figure: Figure, click: Click | None, e: Erratum) -> Any:
    if e.field == "factions":
        return tuple(figure.factions)
    if e.field in FIGURE_FIELDS:
        return getattr(figure, e.field)
    assert click is not None
    if e.field in STATS:
        return click.value(e.field)
    return click.abilities.get(e.field.removesuffix("_ability"), "")


def _write(figure: Figure, click: Click | None, e: Erratum, value: Any) -> None:
    if e.field == "factions":
        figure.factions = list(value)
    elif e.field in FIGURE_FIELDS:
        setattr(figure, e.field, value)
    elif e.field in STATS:
        assert click is not None
        setattr(click, e.field, value)
    else:
        assert click is not None
        stat = e.field.removesuffix("_ability")
        if value:
            click.abilities[stat] = value
        else:
            click.abilities.pop(stat, None)


# --- applying -----------------------------------------------------------------------------


def apply_errata(data: CatalogueData, errata: Iterable[Erratum]) -> list[ErratumResult]:
    """Correct the figures of ``data`` in place; one result per erratum, in order."""
    return [_apply(data, e) for e in errata]


def _apply(data: CatalogueData, e: Erratum) -> ErratumResult:
    found_figures = _candidates(data, e)
    if not found_figures:
        return ErratumResult(e, NOT_IN_CATALOGUE)
    if len(found_figures) > 1:
        # Without a number the name must pick out one figure; guessing could correct
        # the wrong rank of a figure, so touch none of them.
        keys = ", ".join(sorted(f.key for f in found_figures))
        return ErratumResult(e, CONFLICTING, None, f"several figures match: {keys}")
    figure = found_figures[0]
    click = None
    if e.field in CLICK_FIELDS:
        click = _click(figure, e)
        if click is None:
            return ErratumResult(e, NOT_IN_CATALOGUE, figure.key)
    kind = e.kind
    corrected = _parse(kind, e.corrected)
    current = _read(figure, click, e)
    found = _as_text(kind, current)
    if _same(kind, current, corrected):
        return ErratumResult(e, ALREADY_CORRECT, figure.key, found)
    if e.printed != UNKNOWN_PRINTED and not _same(kind, current, _parse(kind, e.printed)):
        return ErratumResult(e, CONFLICTING, figure.key, found)
    _write(figure, click, e, corrected)
    return ErratumResult(e, APPLIED, figure.key, found)


def corrected_fields(results: Iterable[ErratumResult]) -> dict[str, list[ErratumResult]]:
    """The results that found their figure, by figure key, to show "printed → corrected"
    beside it (every status but "not in catalogue"; filter on ``status`` as needed)."""
    out: dict[str, list[ErratumResult]] = {}
    for result in results:
        if result.figure_key is not None and result.status != NOT_IN_CATALOGUE:
            out.setdefault(result.figure_key, []).append(result)
    return out
