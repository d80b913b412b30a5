"""Saved armies: create, change, copy, rename, delete and list them in the database.

Entries point at figure keys. After a catalogue re-import an entry whose figure is gone,
or whose points changed, is flagged with what changed; nothing is changed silently.

Reading an army is plain SQL (``Catalogue.reading()``, no SQLAlchemy loaded); changing
one goes through SQLAlchemy (``armies.store`` inside ``Catalogue.writing()``), whose reads
in the same transaction use the same functions here.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from armybuilder.armies.limits import MAX_BUILD_TOTAL, MAX_COUNT, MAX_NAME
from armybuilder.catalogue.connection import dbapi
from armybuilder.catalogue.errors import CatalogueError
from armybuilder.catalogue.reading import load_figures
from armybuilder.catalogue.service import Catalogue
from armybuilder.figures import Figure
from armybuilder.text import control_in, shown

if TYPE_CHECKING:

    from armybuilder.catalogue.connection import Reader

CASTLE_MODES = ("heavy", "light")


class ArmyError(ValueError):
    """An army operation that cannot be done; the message says which army and why."""


@dataclass(slots=True)
class SavedEntry:
    figure_key: str
    count: int
    castle: str = ""  # "heavy" or "light" for a castle section
    passenger: str = ""  # a chariot's passenger, by figure key
    seen_name: str = ""
    seen_points: int = 0


@dataclass(slots=True)
class EntryFlag:
    figure_key: str
    problem: str  # "missing" or "points"
    message: str


@dataclass(slots=True)
class SavedArmy:
    name: str
    build_total: int
    profile: str
    castle_player: bool = False
    notes: str = ""
    entries: list[SavedEntry] = field(default_factory=list)
    id: int | None = None
    created: str = ""
    updated: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "build_total": self.build_total, "profile": self.profile,
            "castle_player": self.castle_player, "notes": self.notes,
            "created": self.created, "updated": self.updated,
            "entries": [{"figure": e.figure_key, "count": e.count, "castle": e.castle,
                         "passenger": e.passenger} for e in self.entries],
        }


def check_build_total(total: int) -> None:
    # Rulebook II, Building Your Army: build totals are always in multiples of 100.
    if not isinstance(total, int) or isinstance(total, bool) or total <= 0 or total % 100:
        raise ArmyError(f"build total must be a positive multiple of 100, not {total!r}")
    if total > MAX_BUILD_TOTAL:
        raise ArmyError(f"build total must be at most {MAX_BUILD_TOTAL:,}, not {total:,}")


def check_count(count: object, what: str = "--count") -> int:
    """A number of copies: a whole number from 1 to MAX_COUNT."""
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_COUNT:
        raise ArmyError(f"{what} must be at least 1 and at most {MAX_COUNT}, not {count!r}")
    return count


def army_name(name: object) -> str:
    """A name an army can be saved under: one line of text, not empty, not too long."""
    if not isinstance(name, str):
        raise ArmyError(f"an army name is text, not {type(name).__name__}")
    name = name.strip()
    if not name:
        raise ArmyError("an army needs a name")
    bad = control_in(name)
    if bad is not None:
        raise ArmyError(f"army name '{shown(name)}' holds a control character "
                        f"({shown(bad)}); a name is one line of plain text")
    if len(name) > MAX_NAME:
        raise ArmyError(f"an army name has at most {MAX_NAME} characters, not {len(name):,}")
    return name


class Armies:
    """Saved armies in the catalogue's database."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue

    # --- reading -------------------------------------------------------------------

    def names(self) -> list[str]:
        with self.catalogue.reading() as db:
            return [name for name, in db.execute("SELECT name FROM army ORDER BY name")]

    def list(self) -> list[SavedArmy]:
        with self.catalogue.reading() as db:
            ids = [i for i, in db.execute("SELECT id FROM army ORDER BY name").fetchall()]
            return [self._load(db, i) for i in ids]

    def get(self, name: str) -> SavedArmy:
        with self.catalogue.reading() as db:
            return self._load(db, self._id(db, name))

    def named(self, text: str, guess: bool = True) -> tuple[str, str]:
        """(the saved army's name, a note when ``text`` was not quite it): any case, the
        beginning of one name or a small typo taken (suggest.named), anything else refused
        with "did you mean …?". ``guess`` False: only the name itself (a deletion)."""
        from armybuilder.suggest import UnknownName, named

        try:
            return named(text, self.names(), "army", "armies", guess)
        except UnknownName as exc:
            raise ArmyError(str(exc)) from None

    def _id(self, conn: Reader, name: str) -> int:
        db = dbapi(conn)
        found = db.execute("SELECT id FROM army WHERE name = ?", (name.strip(),)).fetchone()
        if found is None:
            from armybuilder.suggest import no_such

            known = [n for n, in db.execute("SELECT name FROM army ORDER BY name")]
            raise ArmyError(no_such("army", name, known, "armies"))
        return int(found[0])

    def _load(self, conn: Reader, army_id: int) -> SavedArmy:
        db = dbapi(conn)
        (name, build_total, profile, castle_player, notes, created,
         updated) = db.execute("SELECT name, build_total, profile, castle_player, notes, "
                               "created, updated FROM army WHERE id = ?",
                               (army_id,)).fetchone()
        entries = [SavedEntry(*row) for row in db.execute(
            "SELECT figure_key, count, castle, passenger, seen_name, seen_points FROM "
            "army_entry WHERE army_id = ? ORDER BY position", (army_id,))]
        return SavedArmy(id=army_id, name=name, build_total=build_total, profile=profile,
                         castle_player=bool(castle_player), notes=notes, entries=entries,
                         created=created, updated=updated)

    def figures(self, army: SavedArmy) -> dict[str, Figure]:
        keys = {e.figure_key for e in army.entries} | {e.passenger for e in army.entries
                                                        if e.passenger}
        return self.catalogue.figures(sorted(keys))

    def flags(self, army: SavedArmy,
              figures: dict[str, Figure] | None = None) -> builtins.list[EntryFlag]:
        """Entries whose figure left the catalogue or changed points since it was added."""
        figures = self.figures(army) if figures is None else figures
        out: builtins.list[EntryFlag] = []
        for e in army.entries:
            figure = figures.get(e.figure_key)
            if figure is None:
                out.append(EntryFlag(e.figure_key, "missing",
                                     f"{e.seen_name} ({e.figure_key}) is no longer in the "
                                     "catalogue"))
            elif figure.points != e.seen_points and not e.castle:
                out.append(EntryFlag(e.figure_key, "points",
                                     f"{figure.name} ({e.figure_key}) now costs "
                                     f"{figure.points} points, {e.seen_points} when added"))
        return out

    # --- writing -------------------------------------------------------------------

    def new(self, name: str, build_total: int, profile: str, notes: str = "",
            castle_player: bool = False) -> SavedArmy:
        from armybuilder.armies import store

        name = army_name(name)
        check_build_total(build_total)
        with self.catalogue.writing() as conn:
            self._free(conn, name)
            now = store.now()
            store.insert_army(conn, name=name, build_total=build_total, profile=profile,
                              castle_player=castle_player, notes=notes, created=now,
                              updated=now)
        return self.get(name)

    def _free(self, conn: Reader, name: str) -> None:
        clash = dbapi(conn).execute("SELECT name FROM army WHERE name = ?", (name,)).fetchone()
        if clash is not None:
            raise ArmyError(f"an army named {clash[0]!r} already exists")

    def set(self, name: str, *, build_total: int | None = None, profile: str | None = None,
            notes: str | None = None, castle_player: bool | None = None) -> SavedArmy:
        from armybuilder.armies import store

        values: dict[str, Any] = {}
        if build_total is not None:
            check_build_total(build_total)
            values["build_total"] = build_total
        if profile is not None:
            values["profile"] = profile
        if notes is not None:
            values["notes"] = notes
        if castle_player is not None:
            values["castle_player"] = castle_player
        with self.catalogue.writing() as conn:
            store.touch(conn, self._id(conn, name), **values)
        return self.get(name)

    def rename(self, old: str, new: str) -> SavedArmy:
        from armybuilder.armies import store

        new = army_name(new)
        with self.catalogue.writing() as conn:
            army_id = self._id(conn, old)
            if new.lower() != old.strip().lower():
                self._free(conn, new)
            store.touch(conn, army_id, name=new)
        return self.get(new)

    def copy(self, source: str, new: str) -> SavedArmy:
        army = self.get(source)
        return self.save(SavedArmy(name=new, build_total=army.build_total, profile=army.profile,
                                   castle_player=army.castle_player, notes=army.notes,
                                   entries=list(army.entries)))

    def delete(self, name: str) -> None:
        from armybuilder.armies import store

        with self.catalogue.writing() as conn:
            store.delete_army(conn, self._id(conn, name))

    def save(self, army: SavedArmy, replace: bool = False) -> SavedArmy:
        """Store a whole army (an import, a copy) in one transaction."""
        from armybuilder.armies import store

        name = army_name(army.name)
        check_build_total(army.build_total)
        for e in army.entries:
            check_count(e.count, f"{e.figure_key}: the count")
        with self.catalogue.writing() as conn:
            existing = dbapi(conn).execute("SELECT id FROM army WHERE name = ?",
                                           (name,)).fetchone()
            if existing is not None:
                if not replace:
                    raise ArmyError(f"an army named {name!r} already exists")
                store.delete_army(conn, existing[0])
            now = store.now()
            army_id = store.insert_army(
                conn, name=name, build_total=army.build_total, profile=army.profile,
                castle_player=army.castle_player, notes=army.notes,
                created=army.created or now, updated=now)
            store.write_entries(conn, army_id, army.entries)
        return self.get(name)

    def entry(self, figure: Figure, count: int = 1, castle: str | None = None,
              passenger: str | None = None, what: str = "--count") -> SavedEntry:
        """An entry of ``count`` of ``figure``, checked as `army add` and `army import`
        both check it: a castle option only for a castle section, a passenger only for a
        chariot, and only one who can ride."""
        check_count(count, what)
        mode = (castle or "").strip().lower()
        if figure.kind == "castle":
            mode = mode or "heavy"  # Castle rules, Point Value: Heavy is the dial as printed
            if mode not in CASTLE_MODES:
                raise ArmyError(f"--castle must be heavy or light, not {castle!r}")
        elif mode:
            raise ArmyError(f"{shown(figure.name)} ({figure.key}) is not a castle section; "
                            "--castle is for castle sections")
        rider = ""
        if passenger:
            # Chariot rules, Passengers: only a chariot carries a passenger.
            if figure.kind != "chariot":
                raise ArmyError(f"{shown(figure.name)} ({figure.key}) is not a chariot; only "
                                "a chariot carries a passenger")
            try:
                rider = self.catalogue.resolve(passenger)
            except CatalogueError as exc:
                raise ArmyError(f"passenger: {exc}") from exc
            from armybuilder.rules.chariots import rider_problem
            # Chariot rules, Passengers: a rider who can never ride (mounted, several
            # dials, a chariot, a castle section) is no passenger at all.
            why = rider_problem(self.catalogue.figures([rider])[rider])
            if why is not None:
                raise ArmyError(f"passenger: {why[0]} [{why[1]}]")
        return SavedEntry(figure.key, count, mode, rider, figure.name, figure.points)

    def add(self, name: str, figure_ref: str, count: int = 1, castle: str | None = None,
            passenger: str | None = None) -> SavedArmy:
        """Add ``count`` of a figure; the same figure (and castle option) adds up."""
        from armybuilder.armies import store

        check_count(count)
        try:
            figure = self.catalogue.figure(figure_ref)
        except CatalogueError as exc:
            raise ArmyError(str(exc)) from exc
        new = self.entry(figure, count, castle, passenger)
        with self.catalogue.writing() as conn:
            army_id = self._id(conn, name)
            army = self._load(conn, army_id)
            for e in army.entries:
                if e.figure_key == new.figure_key and e.castle == new.castle \
                        and not new.passenger and not e.passenger:
                    if e.count + count > MAX_COUNT:
                        raise ArmyError(f"{shown(figure.name)} ({figure.key}): at most "
                                        f"{MAX_COUNT} in one entry; the army has {e.count}")
                    e.count += count
                    break
            else:
                army.entries.append(new)
            store.write_entries(conn, army_id, army.entries)
            store.touch(conn, army_id)
        return self.get(name)

    def edit_entries(self, name: str,
                     change: Callable[[builtins.list[SavedEntry]], builtins.list[SavedEntry]],
                     ) -> SavedArmy:
        """Change the army's entries as ``change`` says, reading them and writing them back
        in one write transaction, so that no other program's change in between is lost."""
        from armybuilder.armies import store

        with self.catalogue.writing() as conn:
            army_id = self._id(conn, name)
            entries = change(self._load(conn, army_id).entries)
            for e in entries:
                check_count(e.count, f"{e.figure_key}: the count")
            store.write_entries(conn, army_id, entries)
            store.touch(conn, army_id)
        return self.get(name)

    def remove(self, name: str, figure_ref: str, count: int | None = None) -> SavedArmy:
        """Take ``count`` (default: all) of a figure out of the army."""
        from armybuilder.armies import store

        if count is not None:
            check_count(count)
        with self.catalogue.writing() as conn:
            army_id = self._id(conn, name)
            army = self._load(conn, army_id)
            key = self._key_in_army(conn, army, figure_ref)
            kept: builtins.list[SavedEntry] = []
            for e in army.entries:
                if e.figure_key == key and (count is None or e.count <= count):
                    if count is not None:
                        count -= e.count
                    continue
                if e.figure_key == key and count:
                    e.count -= count
                    count = 0
                kept.append(e)
            store.write_entries(conn, army_id, kept)
            store.touch(conn, army_id)
        return self.get(name)

    def _key_in_army(self, conn: Reader, army: SavedArmy, ref: str) -> str:
        keys = {e.figure_key for e in army.entries}
        if ref.strip().lower() in keys:
            return ref.strip().lower()
        try:
            from armybuilder.catalogue import queries
            key = queries.resolve(conn, ref)
        except CatalogueError:
            # The figure may have left the catalogue: match the name seen when added.
            seen = [e.figure_key for e in army.entries if e.seen_name.lower() == ref.lower()]
            if len(seen) == 1:
                return seen[0]
            raise
        if key not in keys:
            raise ArmyError(f"{ref!r} ({key}) is not in army {army.name!r}")
        return key

    def accept_changes(self, name: str) -> SavedArmy:
        """Take the catalogue's current names and points for every entry (after a re-import);
        entries whose figure is gone stay flagged."""
        from armybuilder.armies import store

        army = self.get(name)
        figures = self.figures(army)
        for e in army.entries:
            figure = figures.get(e.figure_key)
            if figure is not None:
                e.seen_name, e.seen_points = figure.name, figure.points
        with self.catalogue.writing() as conn:
            army_id = self._id(conn, name)
            store.write_entries(conn, army_id, army.entries)
            store.touch(conn, army_id)
        return self.get(name)

    def count(self) -> int:
        with self.catalogue.reading() as db:
            return int(db.execute("SELECT count(*) FROM army").fetchone()[0])


__all__ = ["Armies", "ArmyError", "EntryFlag", "SavedArmy", "SavedEntry", "load_figures"]
