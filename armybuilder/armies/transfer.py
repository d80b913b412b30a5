"""Army lists in and out of the database: export to .xlsx/.csv/.txt, import from any of them."""

from __future__ import annotations

from pathlib import Path

from armybuilder.armies.checks import check, listing
from armybuilder.armies.service import Armies, ArmyError, SavedArmy, SavedEntry
from armybuilder.catalogue.store import CatalogueError
from armybuilder.export.army_files import read_army_file, write_army_file
from armybuilder.export.listing import ReadRow
from armybuilder.rules import get_profile


def export_army(armies: Armies, name: str, path: Path) -> Path:
    checked = check(armies, armies.get(name))
    return write_army_file(listing(checked, armies.catalogue.ability_table()), Path(path))


def default_profile(build_total: int) -> str:
    # The standard game is 200 points (Rulebook VII); other totals play the rulebook's
    # rules without the standard game's fixed total.
    return "standard" if build_total == 200 else "open"


def import_army(armies: Armies, path: Path, name: str | None = None,
                build_total: int | None = None, profile: str | None = None,
                replace: bool = False) -> SavedArmy:
    """Read a list and save it as one army; every unknown row is reported, nothing saved."""
    read = read_army_file(Path(path))
    total = build_total or read.build_total
    if total is None:
        raise ArmyError(f"{Path(path).name}: no build total in the file; give --total")
    chosen = profile or read.profile or default_profile(total)
    get_profile(chosen)  # an unknown profile is refused before anything is written
    entries: list[SavedEntry] = []
    problems: list[str] = []
    for row in read.rows:
        try:
            figure = armies.catalogue.figure(_reference(row, armies))
        except CatalogueError as exc:
            problems.append(f"{row.where}: {exc}")
            continue
        if row.castle and row.castle not in ("heavy", "light"):
            problems.append(f"{row.where}: castle must be heavy or light, not {row.castle!r}")
            continue
        rider = ""
        if row.passenger:
            try:
                rider = armies.catalogue.resolve(row.passenger)
            except CatalogueError as exc:
                problems.append(f"{row.where}, passenger: {exc}")
                continue
        entries.append(SavedEntry(figure.key, row.count,
                                  row.castle or ("heavy" if figure.kind == "castle" else ""),
                                  rider, figure.name, figure.points))
    if problems:
        raise ArmyError("cannot import the army:\n  " + "\n  ".join(problems))
    army_name = (name or read.name or Path(path).stem).strip()
    return armies.save(SavedArmy(name=army_name, build_total=total, profile=chosen,
                                 notes=read.notes, entries=entries), replace=replace)


def _reference(row: ReadRow, armies: Armies) -> str:
    """A row's figure: its key when the catalogue has it, else its name and rank."""
    if row.key:
        try:
            return armies.catalogue.resolve(row.key)
        except CatalogueError:
            if not row.name:
                raise
    return f"{row.name} {row.rank}".strip() if row.rank else row.name
