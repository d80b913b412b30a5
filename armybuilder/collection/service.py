"""The player's collection in the database: add, remove, import, export, show.

Counts are per figure key, so a catalogue re-import keeps them. An import is one
transaction: every row is matched first, and nothing changes unless all of them match.
Reading the collection is plain SQL (no SQLAlchemy loaded); changing it goes through
``collection.store``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.catalogue.errors import CatalogueError
from armybuilder.catalogue.service import Catalogue
from armybuilder.collection.files import (
    MAX_ROW_COUNT,
    read_collection_file,
    write_collection_file,
)
from armybuilder.text import shown

if TYPE_CHECKING:
    from sqlalchemy import Connection

#: Most copies of one figure a collection counts: far past any real collection, and a
#: number every sum of counts holds with room to spare.
MAX_OWNED = MAX_ROW_COUNT


class CollectionError(ValueError):
    """A collection change that cannot be made; the message says which figure and why."""


@dataclass(frozen=True, slots=True)
class Owned:
    key: str
    name: str
    rank: str
    points: int
    count: int
    in_catalogue: bool

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "rank": self.rank, "points": self.points,
                "count": self.count, "in_catalogue": self.in_catalogue}


@dataclass(slots=True)
class CollectionImport:
    rows: int  # figure rows read
    figures: int  # copies they add up to
    notes: list[str]  # misspelt names taken for the figure meant


class Collection:
    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue

    def owned(self) -> dict[str, int]:
        """Copies owned of each figure, by key."""
        with self.catalogue.reading() as db:
            return dict(db.execute("SELECT figure_key, count FROM collection_entry"))

    def show(self) -> list[Owned]:
        """Every owned figure with its catalogue name, by name."""
        with self.catalogue.reading() as db:
            rows = db.execute("SELECT figure_key, count, seen_name FROM "
                              "collection_entry").fetchall()
        figures = self.catalogue.figures([key for key, _, _ in rows])
        out = []
        for key, count, seen_name in rows:
            f = figures.get(key)
            out.append(Owned(key, f.name if f else seen_name, f.rank if f else "",
                             f.points if f else 0, count, f is not None))
        return sorted(out, key=lambda o: (o.name.casefold(), o.key))

    def add(self, ref: str, count: int = 1) -> tuple[Owned, str]:
        """Own ``count`` more of a figure; (the entry now, a note when a typo was taken)."""
        _check_count(count)
        key, note = self.catalogue.resolve_noted(ref)
        figure = self.catalogue.figures([key])[key]
        with self.catalogue.writing() as conn:
            self._add(conn, key, figure.name, count)
        return self._entry(key), note

    @staticmethod
    def _add(conn: Connection, key: str, name: str, count: int) -> None:
        from armybuilder.collection import store

        have = store.owned_count(conn, key)
        if (have or 0) + count > MAX_OWNED:
            raise CollectionError(f"'{shown(name)}' ({key}): a collection counts at most "
                                  f"{MAX_OWNED:,} of a figure, not {(have or 0) + count:,}")
        if have is None:
            store.add_entry(conn, key, count, name)
        else:
            store.set_owned(conn, key, have + count, name)

    def remove(self, ref: str, count: int | None = None) -> tuple[Owned | None, str]:
        """Own ``count`` fewer (default: none at all) of a figure."""
        if count is not None:
            _check_count(count)
        owned = self.owned()
        key = ref.strip().lower()
        note = ""
        if key not in owned:
            try:
                key, note = self.catalogue.resolve_noted(ref)
            except CatalogueError:
                # The figure may have left the catalogue: match the name seen when added.
                seen = [o.key for o in self.show() if o.name.casefold() == ref.casefold()]
                if len(seen) != 1:
                    raise
                key = seen[0]
        if key not in owned:
            raise CollectionError(f"'{shown(ref)}' ({shown(key)}) is not in your collection")
        from armybuilder.collection import store

        with self.catalogue.writing() as conn:
            # Read again inside the write: another program may have changed it since.
            have = store.owned_count(conn, key)
            if have is None:
                raise CollectionError(f"'{shown(ref)}' ({shown(key)}) is not in your "
                                      "collection")
            if count is None or count >= have:
                store.forget(conn, key)
            else:
                store.set_owned(conn, key, have - count)
        return (self._entry(key) if count is not None and count < have else None), note

    def _entry(self, key: str) -> Owned:
        return next(o for o in self.show() if o.key == key)

    def import_file(self, path: Path, replace: bool = False) -> CollectionImport:
        """Add every figure of a collection file (or an army list) to the collection; with
        ``replace`` the file becomes the whole collection."""
        rows = read_collection_file(Path(path))
        problems: list[str] = []
        notes: list[str] = []
        found: list[tuple[str, str, int]] = []
        for row in rows:
            try:
                key, note = self.catalogue.resolve_noted(row.reference())
            except CatalogueError as exc:
                problems.append(f"{row.where}: {exc}")
                continue
            if note:
                notes.append(f"{row.where}: {note}")
            found.append((key, self.catalogue.figures([key])[key].name, row.count))
        if len(problems) == 1:
            raise CollectionError(f"cannot import the collection: {problems[0]}")
        if problems:
            raise CollectionError(f"cannot import the collection: {len(problems)} rows do "
                                  "not fit:\n  " + "\n  ".join(problems))
        from armybuilder.collection import store

        with self.catalogue.writing() as conn:
            if replace:
                store.forget(conn)
            for key, name, count in found:
                self._add(conn, key, name, count)
        return CollectionImport(len(found), sum(c for _, _, c in found), notes)

    def export_file(self, path: Path, force: bool = False) -> Path:
        return write_collection_file(self.show(), Path(path), force=force)


def _check_count(count: object) -> int:
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_OWNED:
        raise CollectionError(f"--count must be at least 1 and at most {MAX_OWNED:,}, not "
                              f"{count!r}")
    return count
