"""Sealed pools: packs opened once, with the seeded dice, and kept; armies built for the
event may use only the pool (the "sealed" profile, ``rules.pool``)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from armybuilder.ai.valuation import valuer
from armybuilder.armies.checks import ArmyCheck, check
from armybuilder.armies.service import Armies, SavedArmy, SavedEntry
from armybuilder.catalogue.service import Catalogue
from armybuilder.engine import Dice
from armybuilder.events.boosters import PackModel, load_models, model_for, open_packs
from armybuilder.events.builder import build_from_pool
from armybuilder.events.store import EventError, dumps, event_name, free, now, row_id
from armybuilder.figures import Figure
from armybuilder.rules import get_profile

SEALED_PROFILE = "sealed"
MAX_PACKS = 48


@dataclass(frozen=True, slots=True)
class PoolFigure:
    """One figure of a pool, shown as a collection shows it."""

    key: str
    name: str
    rank: str
    points: int
    frequency: str
    factions: tuple[str, ...]
    count: int

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "rank": self.rank,
                "points": self.points, "frequency": self.frequency,
                "factions": list(self.factions), "count": self.count}


@dataclass(frozen=True)
class SealedPool:
    name: str
    expansion: str
    seed: int
    model: PackModel
    packs: tuple[tuple[str, ...], ...]
    figures: dict[str, dict[str, Any]] = field(default_factory=dict)
    created: str = ""

    def counts(self) -> dict[str, int]:
        """Figure key -> copies opened."""
        return dict(Counter(k for pack in self.packs for k in pack))

    def listing(self) -> list[PoolFigure]:
        """The pool as a collection shows it: one line per figure, by name and rank."""
        out = []
        for key, count in self.counts().items():
            f = self.figures.get(key, {})
            out.append(PoolFigure(key, f.get("name", key), f.get("rank", ""),
                                  int(f.get("points", 0)), f.get("frequency", ""),
                                  tuple(f.get("factions", ())), count))
        return sorted(out, key=lambda p: (p.name.casefold(), p.rank, p.key))

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "expansion": self.expansion, "seed": self.seed,
                "pack": self.model.as_dict(), "packs": [list(p) for p in self.packs],
                "figures": [p.as_dict() for p in self.listing()],
                "total": sum(len(p) for p in self.packs), "created": self.created}


def figure_summary(f: Figure) -> dict[str, Any]:
    return {"name": f.name, "rank": f.rank, "points": f.points, "frequency": f.frequency,
            "factions": list(f.factions), "unique": f.unique}


def expansion_figures(catalogue: Catalogue, expansion: str) -> tuple[str, list[Figure]]:
    """The expansion's slug (matched by slug or name, any case) and its figures."""
    known = catalogue.expansions()
    wanted = expansion.strip().casefold()
    slug = next((s for s, e in known.items() if wanted in (s.casefold(), e.name.casefold())
                 or (e.set_letter and wanted == e.set_letter.casefold())), None)
    if slug is None:
        raise EventError(f"no expansion {expansion!r} in the catalogue (expansions: "
                         f"{', '.join(sorted(known)) or 'none'}; load the real catalogue "
                         "with `armybuilder catalogue update`)")
    with catalogue.reading() as db:
        keys = [k for k, in db.execute("SELECT key FROM figure WHERE expansion = ? "
                                       "ORDER BY number", (slug,))]
    return slug, list(catalogue.figures(keys).values())


class SealedPools:
    """Sealed pools in the catalogue's database."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue

    def open(self, name: str, expansion: str, packs: int, seed: int,
             boosters: Path | str | None = None) -> SealedPool:
        """Open ``packs`` packs of ``expansion`` with the seeded dice and keep the pool."""
        name = event_name(name, "a sealed pool")
        if not 1 <= packs <= MAX_PACKS:
            raise EventError(f"--packs: from 1 to {MAX_PACKS}, not {packs}")
        slug, figures = expansion_figures(self.catalogue, expansion)
        model = model_for(slug, load_models(boosters))
        opened = open_packs(model, figures, Dice(seed), packs)
        summary = {f.key: figure_summary(f) for pack in opened for f in pack}
        with self.catalogue.connections.writing() as db:
            free(db, "sealed_pool", name, "sealed pool")
            db.execute("INSERT INTO sealed_pool (name, expansion, seed, model, packs, "
                       "figures, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (name, slug, seed, dumps(model.as_dict()),
                        dumps([[f.key for f in pack] for pack in opened]), dumps(summary),
                        now()))
        return self.get(name)

    def get(self, name: str) -> SealedPool:
        with self.catalogue.reading() as db:
            pool_id = row_id(db, "sealed_pool", name, "sealed pool")
            row = db.execute("SELECT name, expansion, seed, model, packs, figures, created "
                             "FROM sealed_pool WHERE id = ?", (pool_id,)).fetchone()
        return SealedPool(row[0], row[1], row[2], PackModel.from_dict(json.loads(row[3])),
                          tuple(tuple(p) for p in json.loads(row[4])), json.loads(row[5]),
                          row[6])

    def names(self) -> list[str]:
        with self.catalogue.reading() as db:
            return [n for n, in db.execute("SELECT name FROM sealed_pool ORDER BY name")]

    def delete(self, name: str) -> None:
        with self.catalogue.connections.writing() as db:
            db.execute("DELETE FROM sealed_pool WHERE id = ?",
                       (row_id(db, "sealed_pool", name, "sealed pool"),))

    def check(self, name: str, army: str) -> ArmyCheck:
        """The saved army checked against the pool, by the sealed profile."""
        pool = self.get(name)
        armies = Armies(self.catalogue)
        return check(armies, armies.get(army), pool=pool.counts(),
                     profile=get_profile(SEALED_PROFILE))

    def build(self, name: str, army: str, total: int, valuation: str = "heuristic"
              ) -> SavedArmy:
        """The army of greatest worth the pool allows, saved as ``army``."""
        pool = self.get(name)
        counts = pool.counts()
        figures = self.catalogue.figures(sorted(counts))
        built = build_from_pool(counts, figures, total, valuer(valuation))
        entries = [SavedEntry(k, n, "", "", figures[k].name, figures[k].points)
                   for k, n in built.counts.items()]
        return Armies(self.catalogue).save(SavedArmy(
            name=army, build_total=total, profile=SEALED_PROFILE,
            notes=f"built from sealed pool {pool.name}", entries=entries))
