"""Army lists in and out of the database: export to .xlsx/.csv/.txt, import from any of them."""

from __future__ import annotations

from pathlib import Path

from armybuilder.armies.checks import check, listing
from armybuilder.armies.service import (
    Armies,
    ArmyError,
    SavedArmy,
    SavedEntry,
    army_name,
    check_build_total,
)
from armybuilder.catalogue.store import CatalogueError
from armybuilder.export.army_files import read_army_file, write_army_file
from armybuilder.export.listing import ReadRow
from armybuilder.rules import get_profile


def export_army(armies: Armies, name: str, path: Path, force: bool = False) -> Path:
    checked = check(armies, armies.get(name))
    return write_army_file(listing(checked, armies.catalogue.ability_table()), Path(path),
                           force=force)


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
            # The same checks as `army add`: castle options only for castle sections,
            # passengers only for chariots, counts in range.
            entries.append(armies.entry(figure, row.count, row.castle or None,
                                        row.passenger or None, what="the count"))
        except (CatalogueError, ArmyError) as exc:
            problems.append(f"{row.where}: {exc}")
    if len(problems) == 1:
        raise ArmyError(f"cannot import the army: {problems[0]}")
    if problems:
        raise ArmyError(f"cannot import the army: {len(problems)} rows do not fit:\n  "
                        + "\n  ".join(problems))
    try:
        saved_as = army_name(name or read.name or Path(path).stem)
        check_build_total(total)
    except ArmyError as exc:
        raise ArmyError(f"{Path(path).name}: {exc}") from exc
    return armies.save(SavedArmy(name=saved_as, build_total=total, profile=chosen,
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
