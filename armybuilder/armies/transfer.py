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
                replace: bool = False, notes: list[str] | None = None) -> SavedArmy:
    """Read a list and save it as one army; every unknown row is reported, nothing saved.

    A misspelt name taken for the one figure that close to it adds a line to ``notes``."""
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
            key, note = armies.catalogue.resolve_noted(_reference(row, armies))
        except CatalogueError as exc:
            problems.append(f"{row.where}: {exc}")
            continue
        figure = armies.catalogue.figures([key])[key]
        if note and notes is not None:
            notes.append(f"{row.where}: {note}")
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


# --- share codes ------------------------------------------------------------------------


def share_code(armies: Armies, name: str) -> str:
    from armybuilder.armies.share import SharedArmy, SharedEntry, encode

    army = armies.get(name)
    return encode(SharedArmy(army.build_total, army.profile, army.castle_player, tuple(
        SharedEntry(e.figure_key, e.count, e.castle, e.passenger) for e in army.entries)))


SHARED_NAME = "Shared army"


def import_code(armies: Armies, code: str, name: str | None = None,
                replace: bool = False) -> SavedArmy:
    """Rebuild the army a share code holds; a figure the catalogue lacks, or an unknown
    profile, refuses it with nothing saved."""
    from armybuilder.armies.share import decode

    shared = decode(code)
    get_profile(shared.profile)
    keys = {e.figure_key for e in shared.entries} | {e.passenger for e in shared.entries
                                                      if e.passenger}
    figures = armies.catalogue.figures(sorted(keys))
    missing = sorted(keys - set(figures))
    if missing:
        raise ArmyError(f"the share code names {', '.join(missing)}, not in this catalogue "
                        "(import the catalogue it was made with)")
    entries = [SavedEntry(e.figure_key, e.count, e.castle, e.passenger,
                          figures[e.figure_key].name, figures[e.figure_key].points)
               for e in shared.entries]
    chosen = (name or "").strip() or _free_name(armies, SHARED_NAME)
    return armies.save(SavedArmy(name=chosen, build_total=shared.build_total,
                                 profile=shared.profile, castle_player=shared.castle_player,
                                 entries=entries), replace=replace)


def _free_name(armies: Armies, base: str) -> str:
    taken = {n.casefold() for n in armies.names()}
    if base.casefold() not in taken:
        return base
    n = 2
    while f"{base} {n}".casefold() in taken:
        n += 1
    return f"{base} {n}"
