"""What the app needs from the database, opened once and used from worker threads only.

The UI thread never calls these methods: screens run them in ``@work(thread=True)``
workers and post the results back as messages.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from armybuilder.armies.checks import ArmyCheck, check
from armybuilder.armies.service import Armies, SavedArmy, SavedEntry
from armybuilder.catalogue.queries import FigureSummary, SearchFilter
from armybuilder.catalogue.service import Catalogue, FigureErratum
from armybuilder.collection.service import Collection
from armybuilder.figures import Ability, Expansion, Figure
from armybuilder.rules import Profile, load_profiles


@dataclass(frozen=True, slots=True)
class FigureView:
    """A figure as its card shows it: the record and the FAQ corrections about it."""

    figure: Figure
    errata: tuple[FigureErratum, ...]


@dataclass(slots=True)
class Services:
    catalogue: Catalogue
    armies: Armies
    abilities: dict[str, Ability]
    expansions: dict[str, Expansion]
    facets: dict[str, list[str]]
    summary: dict[str, Any]
    profiles: dict[str, Profile]
    collection: Collection | None = None
    owned: dict[str, int] = field(default_factory=dict)  # the collection, by figure key
    _figures: dict[str, FigureView] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def open(cls, path: Path | None) -> Services:
        catalogue = Catalogue.open(path)
        services = cls(catalogue, Armies(catalogue), {}, {}, {}, {}, load_profiles(),
                       Collection(catalogue))
        services.reload_tables()
        return services

    def close(self) -> None:
        self.catalogue.close()

    def reload_tables(self) -> None:
        """Read the tables the filters and cards use; again after every import."""
        self.abilities = self.catalogue.ability_table()
        self.expansions = self.catalogue.expansions()
        self.facets = self.catalogue.facets()
        self.summary = self.catalogue.summary()
        self.reload_owned()
        with self._lock:
            self._figures.clear()

    def reload_owned(self) -> dict[str, int]:
        if self.collection is not None:
            self.owned = self.collection.owned()
        return self.owned

    # --- catalogue ----------------------------------------------------------------

    def search(self, f: SearchFilter) -> list[FigureSummary]:
        return self.catalogue.search(f)

    def name_suggestions(self, text: str) -> list[str]:
        return self.catalogue.name_suggestions(text)

    def figure_view(self, key: str) -> FigureView:
        with self._lock:
            cached = self._figures.get(key)
        if cached is not None:
            return cached
        figure = self.catalogue.figure(key)
        view = FigureView(figure, tuple(self.catalogue.figure_errata(figure.key)))
        with self._lock:
            self._figures[key] = view
        return view

    def expansion_name(self, slug: str) -> str:
        found = self.expansions.get(slug)
        return found.name if found else slug

    # --- armies -------------------------------------------------------------------

    def check(self, name: str) -> ArmyCheck:
        return check(self.armies, self.armies.get(name))

    def replace_entries(self, army: SavedArmy, entries: list[SavedEntry]) -> SavedArmy:
        """Store an army with its entries changed, same name and notes; entries that are
        the same figure, castle option and passenger are merged."""
        army.entries = merged(entries)
        return self.armies.save(army, replace=True)


def merged(entries: list[SavedEntry]) -> list[SavedEntry]:
    """Entries of the same figure, castle option and passenger as one."""
    out: list[SavedEntry] = []
    for e in entries:
        for m in out:
            if (m.figure_key, m.castle, m.passenger) == (e.figure_key, e.castle, e.passenger):
                m.count += e.count
                break
        else:
            out.append(e)
    return out
