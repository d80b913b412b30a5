"""Army lists in and out of the database: export to .xlsx/.csv/.txt, import from any of them."""

from __future__ import annotations

from pathlib import Path

from armybuilder.armies.army_files import army_file_data, read_army_file, write_army_file
from armybuilder.armies.checks import check, listing
from armybuilder.armies.listing import ReadRow
from armybuilder.armies.service import (
    Armies,
    ArmyError,
    SavedArmy,
    SavedEntry,
    army_name,
    check_build_total,
)
from armybuilder.catalogue.errors import CatalogueError
from armybuilder.rules import default_profile, get_profile
from armybuilder.text import shown


def export_army(armies: Armies, name: str, path: Path, force: bool = False) -> Path:
    checked = check(armies, armies.get(name))
    return write_army_file(listing(checked, armies.catalogue.ability_table()), Path(path),
                           force=force)


def army_file(armies: Armies, name: str, path: Path) -> bytes | str:
    """The content ``export_army`` would write to ``path`` (its suffix chooses the format),
    without writing it: a download in a browser."""
    checked = check(armies, armies.get(name))
    return army_file_data(listing(checked, armies.catalogue.ability_table()), Path(path))


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
            figure = armies.catalogue.figures([key])[key]
            # The same checks as `army add`: castle options only for castle sections,
            # passengers only for chariots, counts in range.
            entries.append(armies.entry(figure, row.count, row.castle or None,
                                        row.passenger or None, what="the count"))
        except (CatalogueError, ArmyError) as exc:
            problems.append(f"{row.where}: {exc}")
            continue
        if note and notes is not None:
            notes.append(f"{row.where}: {note}")
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


# --- share codes ------------------------------------------------------------------------


def share_code(armies: Armies, name: str) -> str:
    """The army's share code; one its reader would refuse (see :func:`unshareable`) is
    refused here first, so every code armybuilder writes reads back."""
    from armybuilder.armies.share import SharedArmy, SharedEntry, encode

    army = armies.get(name)
    why = unshareable(armies, army)
    if why:
        raise ArmyError(f"{shown(army.name)} cannot be shared until it is mended: {why}")
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
        raise ArmyError(f"the share code names {shown(', '.join(missing))}, not in this "
                        "catalogue (import the catalogue it was made with)")
    check_build_total(shared.build_total)
    # A code can be written by hand: its entries get the same checks as `army add`
    # (counts in range, castle options only for castle sections, passengers only for
    # chariots, riders who can ride), then the army as a whole (unshareable).
    entries = []
    for e in shared.entries:
        try:
            entries.append(armies.entry(figures[e.figure_key], e.count, e.castle or None,
                                        e.passenger or None, what="the count"))
        except ArmyError as exc:
            raise ArmyError(f"the share code's entry {shown(e.figure_key)}: {exc}") from None
    chosen = army_name(name) if name and name.strip() else _free_name(armies, SHARED_NAME)
    army = SavedArmy(name=chosen, build_total=shared.build_total, profile=shared.profile,
                     castle_player=shared.castle_player, entries=entries)
    why = unshareable(armies, army)
    if why:
        raise ArmyError(f"the share code's army cannot be played as written: {why}")
    return armies.save(army, replace=replace)


def unshareable(armies: Armies, army: SavedArmy) -> str:
    """Why a share code may not hold ``army`` ("" when it may): castle sections in the
    army of a player who is not the castle player. A code carries the castle player's flag
    with the sections, so such an army is not a draft waiting for its flag: no table plays
    it as written. (Who may ride is checked entry by entry, Armies.entry; points, unique
    figures and the format's limits stay findings, as in any draft.)"""
    figures = armies.figures(army)
    sections = [figures[e.figure_key] for e in army.entries
                if e.figure_key in figures and figures[e.figure_key].kind == "castle"]
    if sections and not army.castle_player:
        names = ", ".join(dict.fromkeys(f"{shown(f.name)} ({f.key})" for f in sections))
        # Castle rules, Playing Area and Set-Up: the players choose one castle player.
        return (f"castle sections ({names}) in the army of a player who is not the castle "
                "player [Castle rules, Playing Area and Set-Up: castle sections belong only "
                "to the game's castle player]")
    return ""


def _free_name(armies: Armies, base: str) -> str:
    taken = {n.casefold() for n in armies.names()}
    if base.casefold() not in taken:
        return base
    n = 2
    while f"{base} {n}".casefold() in taken:
        n += 1
    return f"{base} {n}"
