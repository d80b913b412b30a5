"""The catalogue as the CLI and the app use it: open, import, search, show, export."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, func, select

from armybuilder.catalogue import queries, store
from armybuilder.catalogue.database import open_engine, writing
from armybuilder.catalogue.store import (
    T_ERRATUM,
    T_IMPORT_RUN,
    CatalogueError,
    ErratumStatus,
    ImportSummary,
)
from armybuilder.figures import CatalogueData, Figure
from armybuilder.importers import errata as errata_mod
from armybuilder.importers import rule_tables, spreadsheet
from armybuilder.importers.feed import read_feed
from armybuilder.importers.sources import (
    DEFAULT_LIMITS,
    FEED_URL,
    FetchLimits,
    Progress,
    feed_files,
    is_url,
)
from armybuilder.paths import default_database, imports_dir

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
        return {k: getattr(self, k) for k in self.__slots__}  # type: ignore[attr-defined]


class Catalogue:
    """One database file and everything the catalogue does with it."""

    def __init__(self, engine: Engine, path: Path) -> None:
        self.engine = engine
        self.path = path

    @classmethod
    def open(cls, path: Path | None = None, seed: bool = True) -> Catalogue:
        """Open (creating and migrating) the database; a new one gets the rule tables and
        the demo figures so the app is usable offline at once."""
        path = Path(path) if path is not None else default_database()
        catalogue = cls(open_engine(path), path)
        if seed:
            catalogue.seed()
        return catalogue

    def close(self) -> None:
        self.engine.dispose()

    # --- first run -----------------------------------------------------------------

    def seed(self) -> ImportSummary | None:
        """Load the rule tables when missing, and the demo figures into an empty catalogue."""
        with self.engine.connect() as conn:
            has_abilities = bool(conn.execute(select(store.T_ABILITY.c.name).limit(1)).first())
            has_figures = queries.count_figures(conn) > 0
        if not has_abilities:
            with writing(self.engine) as conn:
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
        with self.engine.connect() as conn:
            abilities = store.load_abilities(conn)
            factions = store.load_factions(conn)
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
        with self.engine.connect() as conn:
            known = store.load_abilities(conn)
            factions = set(store.load_factions(conn))
        return spreadsheet.read_catalogue(path, known_abilities=known, known_factions=factions)

    def _save(self, data: CatalogueData, origin: str,
              allow_removals: bool = False) -> ImportSummary:
        results = errata_mod.apply_errata(data, errata_mod.load_errata())
        statuses = [_status(r) for r in results]
        return store.save_catalogue(self.engine, data, origin, statuses,
                                    allow_removals=allow_removals)

    # --- reading -------------------------------------------------------------------

    def search(self, f: queries.SearchFilter) -> list[queries.FigureSummary]:
        with self.engine.connect() as conn:
            return queries.search(conn, f)

    def resolve(self, ref: str) -> str:
        with self.engine.connect() as conn:
            return queries.resolve(conn, ref)

    def resolve_noted(self, ref: str) -> tuple[str, str]:
        """(key, note): a misspelt name taken for the one figure name that close says so."""
        with self.engine.connect() as conn:
            return queries.resolve_noted(conn, ref)

    def check_filter(self, f: queries.SearchFilter) -> list[str]:
        """The filter's names as the catalogue spells them; a note per typo taken."""
        with self.engine.connect() as conn:
            return queries.check_filter(conn, f)

    def name_suggestions(self, text: str) -> list[str]:
        with self.engine.connect() as conn:
            return queries.name_suggestions(conn, text)

    def figure(self, ref: str) -> Figure:
        with self.engine.connect() as conn:
            key = queries.resolve(conn, ref)
            return store.load_figures(conn, [key])[key]

    def figures(self, keys: Sequence[str]) -> dict[str, Figure]:
        with self.engine.connect() as conn:
            return store.load_figures(conn, list(keys))

    def ability_table(self) -> dict[str, Any]:
        with self.engine.connect() as conn:
            return store.load_abilities(conn)

    def factions(self) -> dict[str, Any]:
        with self.engine.connect() as conn:
            return store.load_factions(conn)

    def expansions(self) -> dict[str, Any]:
        with self.engine.connect() as conn:
            return store.load_expansions(conn)

    def facets(self) -> dict[str, list[str]]:
        with self.engine.connect() as conn:
            return queries.facets(conn)

    def errata(self) -> list[ErratumStatus]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(T_ERRATUM).order_by(T_ERRATUM.c.id)).all()
        return [ErratumStatus(**r._mapping) for r in rows]

    def figure_errata(self, key: str) -> list[FigureErratum]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(T_ERRATUM).where(T_ERRATUM.c.figure_key == key)
                                .order_by(T_ERRATUM.c.id)).all()
        return [FigureErratum(id=r.id, field=r.field, dial=r.dial, click=r.click,
                              printed=r.printed, corrected=r.corrected, status=r.status,
                              source=r.source, note=r.note, found=r.found) for r in rows]

    def summary(self) -> dict[str, Any]:
        with self.engine.connect() as conn:
            total = queries.count_figures(conn)
            demo = queries.count_figures(conn, demo=True)
            runs = conn.execute(select(T_IMPORT_RUN).order_by(T_IMPORT_RUN.c.id.desc())
                                .limit(1)).first()
            by_expansion = dict(conn.execute(
                select(store.T_FIGURE.c.expansion, func.count())
                .group_by(store.T_FIGURE.c.expansion)).all())
        return {
            "database": str(self.path),
            "figures": total,
            "demo_figures": demo,
            "only_demo": total > 0 and total == demo + by_expansion.get("fixtures", 0),
            "expansions": by_expansion,
            "last_import": dict(runs._mapping) if runs else None,
        }

    def export(self, path: Path, force: bool = False) -> list[Path]:
        with self.engine.connect() as conn:
            data = store.load_catalogue(conn)
        return spreadsheet.write_catalogue(data, Path(path), force=force)


def is_feed(source: str | Path) -> bool:
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
