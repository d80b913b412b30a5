"""The catalogue as the CLI and the app use it: open, import, search, show, export."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.catalogue import queries, reading
from armybuilder.catalogue.connection import Connections, open_current
from armybuilder.catalogue.errors import CatalogueError
from armybuilder.catalogue.reading import ErratumStatus
from armybuilder.figures import CatalogueData, Figure
from armybuilder.importers.limits import DEFAULT_LIMITS, FEED_URL, FetchLimits
from armybuilder.paths import default_database, imports_dir

if TYPE_CHECKING:
    import sqlite3

    from sqlalchemy import Connection, Engine

    from armybuilder.catalogue.store import ImportSummary
    from armybuilder.importers.sources import Progress

FEED_ORIGIN = "mageknight.net"
DEMO_ORIGIN = "demo"


@dataclass(slots=True)
class FigureErratum:
    """A correction as the catalogue shows it beside a figure."""

    id: str
    field: str
    dial: str
    click: int | None
    printed: str
    corrected: str
    status: str
    source: str
    note: str
    found: str

    def as_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}


class Catalogue:
    """One database file and everything the catalogue does with it.

    Reads go through plain sqlite3 connections (``reading()``), which load no SQLAlchemy:
    a command that only reads answers at once (issue 21). Writes go through SQLAlchemy
    (``engine``), opened the first time one is made."""

    def __init__(self, engine: Engine | None, path: Path,
                 connections: Connections | None = None) -> None:
        self._engine = engine
        self.path = path
        self.connections = connections if connections is not None else Connections(path)
        self._opening = threading.Lock()

    @classmethod
    def open(cls, path: Path | None = None, seed: bool = True) -> Catalogue:
        """Open (creating and migrating) the database; a new one gets the rule tables and
        the demo figures so the app is usable offline at once."""
        path = Path(path) if path is not None else default_database()
        current = open_current(path)
        if current is not None:
            catalogue = cls(None, path, Connections(path, current))
        else:
            # A new file, one to migrate, or one open_engine refuses with the reason.
            from armybuilder.catalogue.database import open_engine

            catalogue = cls(open_engine(path), path)
        if seed:
            catalogue.seed()
        return catalogue

    @property
    def engine(self) -> Engine:
        """SQLAlchemy's engine, for writes: opened the first time one is made."""
        if self._engine is None:
            with self._opening:
                if self._engine is None:
                    from armybuilder.catalogue.database import open_engine

                    self._engine = open_engine(self.path)
        return self._engine

    def reading(self) -> AbstractContextManager[sqlite3.Connection]:
        """One read transaction on a plain sqlite3 connection."""
        return self.connections.reading()

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """One write transaction through SQLAlchemy (``database.writing``)."""
        from armybuilder.catalogue.database import writing

        with writing(self.engine) as conn:
            yield conn

    def close(self) -> None:
        self.connections.close()
        if self._engine is not None:
            self._engine.dispose()

    # --- first run -----------------------------------------------------------------

    def seed(self) -> ImportSummary | None:
        """Load the rule tables when missing, and the demo figures into an empty catalogue."""
        with self.reading() as db:
            has_abilities = reading.has_abilities(db)
            has_figures = queries.count_figures(db) > 0
        if not has_abilities:
            from armybuilder.catalogue import store
            from armybuilder.importers import rule_tables

            with self.writing() as conn:
                store.save_rule_tables(conn, rule_tables.load_abilities().values(),
                                       rule_tables.load_factions().values())
        if has_figures:
            return None
        return self.import_demo()

    def import_demo(self) -> ImportSummary:
        data = self._read_sheet(imports_dir() / "demo")
        fixtures = self._read_sheet(imports_dir() / "fixtures")
        data.figures.update(fixtures.figures)
        data.expansions.update(fixtures.expansions)
        data.source = "the project's demo figures and castle/chariot fixtures"
        return self._save(data, DEMO_ORIGIN)

    # --- imports -------------------------------------------------------------------

    def update_from_feed(self, source: str | Path = FEED_URL, *, allow_removals: bool = False,
                         limits: FetchLimits = DEFAULT_LIMITS,
                         progress: Progress | None = None) -> ImportSummary:
        """Import the mageknight.net feed (file, folder or URL), with the FAQ errata.
        ``limits`` bound what is read (size, time); ``allow_removals`` accepts a feed that
        would remove many figures (see store.save_catalogue)."""
        from armybuilder.importers.feed import read_feed
        from armybuilder.importers.sources import feed_files

        with self.reading() as db:
            abilities = reading.load_abilities(db)
            factions = reading.load_factions(db)
        data = read_feed(feed_files(source, limits, progress), abilities, factions)
        return self._save(data, FEED_ORIGIN, allow_removals)

    def import_path(self, source: str | Path, *, allow_removals: bool = False,
                    limits: FetchLimits = DEFAULT_LIMITS,
                    progress: Progress | None = None) -> ImportSummary:
        """Import a feed or a spreadsheet in the project's layout, by what ``source`` is."""
        if is_feed(source):
            return self.update_from_feed(source, allow_removals=allow_removals, limits=limits,
                                         progress=progress)
        data = self._read_sheet(Path(source))
        return self._save(data, f"spreadsheet {Path(source).name}", allow_removals)

    def _read_sheet(self, path: Path) -> CatalogueData:
        from armybuilder.importers import spreadsheet

        with self.reading() as db:
            known = reading.load_abilities(db)
            factions = set(reading.load_factions(db))
        return spreadsheet.read_catalogue(path, known_abilities=known, known_factions=factions)

    def _save(self, data: CatalogueData, origin: str,
              allow_removals: bool = False) -> ImportSummary:
        from armybuilder.catalogue import store
        from armybuilder.importers import errata as errata_mod

        results = errata_mod.apply_errata(data, errata_mod.load_errata())
        statuses = [_status(r) for r in results]
        return store.save_catalogue(self.engine, data, origin, statuses,
                                    allow_removals=allow_removals)

    # --- reading -------------------------------------------------------------------

    def search(self, f: queries.SearchFilter) -> list[queries.FigureSummary]:
        with self.reading() as db:
            return queries.search(db, f)

    def resolve(self, ref: str) -> str:
        with self.reading() as db:
            return queries.resolve(db, ref)

    def resolve_noted(self, ref: str) -> tuple[str, str]:
        """(key, note): a misspelt name taken for the one figure name that close says so."""
        with self.reading() as db:
            return queries.resolve_noted(db, ref)

    def check_filter(self, f: queries.SearchFilter) -> list[str]:
        """The filter's names as the catalogue spells them; a note per typo taken."""
        with self.reading() as db:
            return queries.check_filter(db, f)

    def name_suggestions(self, text: str) -> list[str]:
        with self.reading() as db:
            return queries.name_suggestions(db, text)

    def figure(self, ref: str) -> Figure:
        with self.reading() as db:
            key = queries.resolve(db, ref)
            return reading.load_figures(db, [key])[key]

    def figures(self, keys: Sequence[str]) -> dict[str, Figure]:
        with self.reading() as db:
            return reading.load_figures(db, list(keys))

    def ability_table(self) -> dict[str, Any]:
        with self.reading() as db:
            return reading.load_abilities(db)

    def factions(self) -> dict[str, Any]:
        with self.reading() as db:
            return reading.load_factions(db)

    def expansions(self) -> dict[str, Any]:
        with self.reading() as db:
            return reading.load_expansions(db)

    def facets(self) -> dict[str, list[str]]:
        with self.reading() as db:
            return queries.facets(db)

    def errata(self) -> list[ErratumStatus]:
        with self.reading() as db:
            return reading.errata(db)

    def figure_errata(self, key: str) -> list[FigureErratum]:
        with self.reading() as db:
            rows = reading.errata(db, key)
        return [FigureErratum(id=r.id, field=r.field, dial=r.dial, click=r.click,
                              printed=r.printed, corrected=r.corrected, status=r.status,
                              source=r.source, note=r.note, found=r.found) for r in rows]

    def summary(self) -> dict[str, Any]:
        with self.reading() as db:
            total = queries.count_figures(db)
            demo = queries.count_figures(db, demo=True)
            last = reading.last_import(db)
            by_expansion = reading.figures_by_expansion(db)
        return {
            "database": str(self.path),
            "figures": total,
            "demo_figures": demo,
            "only_demo": total > 0 and total == demo + by_expansion.get("fixtures", 0),
            "expansions": by_expansion,
            "last_import": last,
        }

    def export(self, path: Path, force: bool = False) -> list[Path]:
        from armybuilder.importers import spreadsheet

        with self.reading() as db:
            data = reading.load_catalogue(db)
        return spreadsheet.write_catalogue(data, Path(path), force=force)

    def workbook(self, name: str = "catalogue.xlsx") -> bytes:
        """The .xlsx file ``export`` writes, as bytes: the catalogue a browser downloads."""
        from armybuilder.importers import spreadsheet

        with self.reading() as db:
            data = reading.load_catalogue(db)
        return spreadsheet.catalogue_workbook(data, Path(name))


def is_feed(source: str | Path) -> bool:
    from armybuilder.importers.sources import is_url

    text = str(source)
    if is_url(text):
        return True
    path = Path(text)
    if path.suffix.lower() == ".json":
        return True
    return path.is_dir() and any("mkstats" in p.name.lower() for p in path.glob("*.json"))


def _status(result: Any) -> ErratumStatus:
    e = result.erratum
    return ErratumStatus(
        id=str(e.id), expansion=e.expansion, number=e.number, name=e.name, dial=e.dial,
        click=e.click, field=e.field, printed=e.printed, corrected=e.corrected,
        source=e.source, note=e.note, status=result.status, figure_key=result.figure_key,
        found=result.found if result.found is not None else "",
    )


__all__ = ["Catalogue", "CatalogueError", "is_feed"]
