"""Writing catalogue records to the database, through SQLAlchemy.

One import is one transaction: everything in it is written, or nothing. A figure whose
content hash is unchanged is not touched, so an unchanged re-import writes next to nothing.
Reading them back is ``reading.py`` (plain SQL, no SQLAlchemy); its loaders keep their
names here too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, delete, func, insert, select, update

from armybuilder.catalogue.database import writing
from armybuilder.catalogue.errors import RemovalRefused
from armybuilder.catalogue.reading import ErratumStatus
from armybuilder.catalogue.reading import chunks as _chunks
from armybuilder.catalogue.tables import (
    AbilityRow,
    ArmyEntryRow,
    ArmyRow,
    ClickRow,
    DialRow,
    ErratumRow,
    ExpansionRow,
    FactionRow,
    FigureAbilityRow,
    FigureFactionRow,
    FigureRow,
    ImportRunRow,
)
from armybuilder.figures import (
    STATS,
    Ability,
    CatalogueData,
    Expansion,
    Faction,
    Figure,
)
from armybuilder.text import shown

T_EXPANSION = ExpansionRow.__table__  # type: ignore[attr-defined]
T_FACTION = FactionRow.__table__  # type: ignore[attr-defined]
T_ABILITY = AbilityRow.__table__  # type: ignore[attr-defined]
T_FIGURE = FigureRow.__table__  # type: ignore[attr-defined]
T_FIGURE_FACTION = FigureFactionRow.__table__  # type: ignore[attr-defined]
T_DIAL = DialRow.__table__  # type: ignore[attr-defined]
T_CLICK = ClickRow.__table__  # type: ignore[attr-defined]
T_FIGURE_ABILITY = FigureAbilityRow.__table__  # type: ignore[attr-defined]
T_ERRATUM = ErratumRow.__table__  # type: ignore[attr-defined]
T_IMPORT_RUN = ImportRunRow.__table__  # type: ignore[attr-defined]


#: An import may remove at most this share of the figures its source brought before
#: (and always a few) without --allow-removals: a feed update drops a figure or two, a
#: broken mirror or a truncated file drops hundreds.
REMOVAL_SHARE = 0.05
REMOVAL_FEW = 2


@dataclass(slots=True)
class ImportSummary:
    origin: str
    source: str
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: int = 0
    removed: list[str] = field(default_factory=list)
    errata: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "origin": self.origin,
            "source": self.source,
            "added": len(self.added),
            "updated": len(self.updated),
            "unchanged": self.unchanged,
            "removed": len(self.removed),
            "errata": dict(sorted(self.errata.items())),
            "problems": list(self.problems),
        }


# --- rule tables -------------------------------------------------------------------


def _ability_row(a: Ability) -> dict[str, Any]:
    return {"name": a.name, "slot": a.slot, "colour": a.colour, "symbol": a.symbol,
            "optional": a.optional, "text": a.text, "text_source": a.text_source,
            "feed_id": a.feed_id}


def _faction_row(f: Faction) -> dict[str, Any]:
    return {"name": f.name, "short_name": f.short_name, "feed_id": f.feed_id,
            "rules": f.rules, "rules_source": f.rules_source}


def _expansion_row(e: Expansion) -> dict[str, Any]:
    return {"slug": e.slug, "name": e.name, "set_letter": e.set_letter, "feed_id": e.feed_id}


def _sync_rows(conn: Connection, table: Any, key: str, rows: Iterable[dict[str, Any]],
               keep: Sequence[str] = ()) -> None:
    """Insert new rows and update changed ones; ``keep`` columns are never overwritten
    with an empty value (a feed without companions must not wipe what we know)."""
    existing = {r._mapping[key]: dict(r._mapping) for r in conn.execute(select(table))}
    for row in rows:
        old = existing.get(row[key])
        if old is None:
            conn.execute(insert(table), [row])
            continue
        merged = dict(row)
        for column in keep:
            if merged.get(column) in (None, "") and old.get(column) not in (None, ""):
                merged[column] = old[column]
        if any(old.get(k) != v for k, v in merged.items()):
            conn.execute(update(table).where(table.c[key] == row[key]).values(**merged))


def save_rule_tables(conn: Connection, abilities: Iterable[Ability],
                     factions: Iterable[Faction]) -> None:
    _sync_rows(conn, T_ABILITY, "name", (_ability_row(a) for a in abilities))
    _sync_rows(conn, T_FACTION, "name", (_faction_row(f) for f in factions))


def _add_missing_abilities(conn: Connection, abilities: Iterable[Ability]) -> None:
    """Abilities the import brings that the database lacks; known ones keep the project's text."""
    known = set(conn.execute(select(T_ABILITY.c.name)).scalars())
    new = [_ability_row(a) for a in abilities if a.name not in known]
    if new:
        conn.execute(insert(T_ABILITY), new)


def _add_missing_factions(conn: Connection, factions: Iterable[Faction]) -> None:
    known = set(conn.execute(select(T_FACTION.c.name)).scalars())
    new = [_faction_row(f) for f in factions if f.name not in known]
    if new:
        conn.execute(insert(T_FACTION), new)


# --- figures -------------------------------------------------------------------------


def _figure_row(f: Figure, origin: str, digest: str) -> dict[str, Any]:
    start = f.main_dial.clicks[f.starting_click] if f.dials else None
    return {
        "key": f.key, "expansion": f.expansion, "number": f.number, "name": f.name,
        "rank": f.rank, "rank_stars": f.rank_stars, "is_unique": f.unique, "promo": f.promo,
        "limited_edition": f.limited_edition, "frequency": f.frequency, "points": f.points,
        "range": f.range, "targets": f.targets, "arc": f.arc, "base": f.base, "kind": f.kind,
        "castle_section": f.castle_section, "starting_click": f.starting_click,
        "disarm": f.disarm, "source": f.source, "origin": origin, "content_hash": digest,
        "factions_text": ", ".join(f.factions),
        "start_speed": start.speed if start else None,
        "start_attack": start.attack if start else None,
        "start_defense": start.defense if start else None,
        "start_damage": start.damage if start else None,
    }


def _insert_figures(conn: Connection, figures: Sequence[Figure], origin: str,
                    digests: dict[str, str]) -> None:
    if not figures:
        return
    conn.execute(insert(T_FIGURE), [_figure_row(f, origin, digests[f.key]) for f in figures])
    memberships = [{"figure_key": f.key, "faction": name, "position": i}
                   for f in figures for i, name in enumerate(f.factions)]
    # Castle sections belong to no faction: an import of nothing else has no rows here
    # (and an INSERT of no rows would be an INSERT of one row of defaults).
    if memberships:
        conn.execute(insert(T_FIGURE_FACTION), memberships)
    next_id = (conn.execute(select(func.max(T_DIAL.c.id))).scalar() or 0) + 1
    dial_rows: list[dict[str, Any]] = []
    click_rows: list[dict[str, Any]] = []
    ability_rows: list[dict[str, Any]] = []
    for f in figures:
        on_start: dict[str, bool] = {}
        for dial in f.dials:
            dial_rows.append({"id": next_id, "figure_key": f.key, "position": dial.position})
            for c in dial.clicks:
                click_rows.append({
                    "dial_id": next_id, "idx": c.index, "speed": c.speed, "attack": c.attack,
                    "defense": c.defense, "damage": c.damage, "dead": c.dead,
                    **{f"{s}_ability": c.abilities.get(s) for s in STATS},
                })
                starting = c.index == f.starting_click
                for name in c.abilities.values():
                    on_start[name] = on_start.get(name, False) or starting
            next_id += 1
        ability_rows.extend({"figure_key": f.key, "ability": name, "on_start": start}
                            for name, start in on_start.items())
    if dial_rows:
        conn.execute(insert(T_DIAL), dial_rows)
    if click_rows:
        conn.execute(insert(T_CLICK), click_rows)
    if ability_rows:
        conn.execute(insert(T_FIGURE_ABILITY), ability_rows)


def _delete_figures(conn: Connection, keys: Sequence[str]) -> None:
    for chunk in _chunks(keys, 500):
        # ON DELETE CASCADE takes dials, clicks, factions and ability summaries with them.
        conn.execute(delete(T_FIGURE).where(T_FIGURE.c.key.in_(chunk)))


def save_catalogue(
    engine: Engine,
    data: CatalogueData,
    origin: str,
    errata: Sequence[ErratumStatus] = (),
    prune: bool = True,
    allow_removals: bool = False,
) -> ImportSummary:
    """Write one import in a single transaction and say what changed.

    With ``prune``, figures this origin brought before and no longer brings are removed;
    figures of other origins (the demo set, a player's own spreadsheet) are never touched.
    Unless ``allow_removals``, an import that would remove more than a small share of
    them, every figure of an expansion, or any figure a saved army holds is refused with
    the numbers (``RemovalRefused``) before anything is written.
    """
    summary = ImportSummary(origin=origin, source=data.source)
    digests = {key: f.content_hash() for key, f in data.figures.items()}
    with writing(engine) as conn:
        _sync_rows(conn, T_EXPANSION, "slug", (_expansion_row(e) for e in data.expansions.values()),
                   keep=("set_letter", "feed_id"))
        _add_missing_factions(conn, data.factions.values())
        _add_missing_abilities(conn, data.abilities.values())
        existing = {r.key: (r.content_hash, r.origin)
                    for r in conn.execute(select(T_FIGURE.c.key, T_FIGURE.c.content_hash,
                                                 T_FIGURE.c.origin))}
        replace: list[str] = []
        fresh: list[Figure] = []
        adopted: list[str] = []
        for key, figure in data.figures.items():
            old = existing.get(key)
            if old is None:
                summary.added.append(key)
                fresh.append(figure)
            elif old[0] != digests[key]:
                summary.updated.append(key)
                replace.append(key)
                fresh.append(figure)
            else:
                # Same content from another import (the catalogue exported and read back):
                # not an update, though this import now owns the figure for pruning.
                summary.unchanged += 1
                if old[1] != origin:
                    adopted.append(key)
        if prune:
            summary.removed = sorted(k for k, (_, o) in existing.items()
                                     if o == origin and k not in data.figures)
            if summary.removed and not allow_removals:
                _check_removals(conn, data, summary.removed,
                                sorted(k for k, (_, o) in existing.items() if o == origin))
        _delete_figures(conn, replace + summary.removed)
        _insert_figures(conn, fresh, origin, digests)
        for chunk in _chunks(adopted, 500):
            conn.execute(update(T_FIGURE).where(T_FIGURE.c.key.in_(chunk)).values(origin=origin))
        _save_errata(conn, errata, summary)
        if summary.added or summary.updated or summary.removed:
            conn.execute(insert(T_IMPORT_RUN), [{
                "at": datetime.now(UTC).isoformat(timespec="seconds"), "origin": origin,
                "source": data.source, "added": len(summary.added),
                "updated": len(summary.updated), "unchanged": summary.unchanged,
                "removed": len(summary.removed),
            }])
    return summary


def _check_removals(conn: Connection, data: CatalogueData, removed: list[str],
                    before: list[str]) -> None:
    """Refuse an import that would remove too much; the message gives the numbers."""
    reasons: list[str] = []
    allowed = max(REMOVAL_FEW, int(len(before) * REMOVAL_SHARE))
    if len(removed) > allowed:
        reasons.append(f"more than {REMOVAL_SHARE:.0%} of what it brought before")
    # An expansion this source filled, that it would now leave empty.
    kept = {key.split(":", 1)[0] for key in data.figures}
    emptied = sorted({key.split(":", 1)[0] for key in removed} - kept)
    emptied = [slug for slug in emptied
               if all(k in removed for k in before if k.split(":", 1)[0] == slug)]
    if emptied:
        names: dict[str, str] = dict(
            conn.execute(select(T_EXPANSION.c.slug, T_EXPANSION.c.name)).tuples().all())
        shown_names = ", ".join(shown(names.get(slug, slug)) for slug in emptied[:5])
        more = f" and {len(emptied) - 5} more" if len(emptied) > 5 else ""
        reasons.append(f"all of {shown_names}{more}")
    used = _used_by_armies(conn, removed)
    if used:
        armies = sorted({army for army, _ in used})
        listed = ", ".join(f"'{shown(a)}'" for a in armies[:5])
        reasons.append(f"{len({key for _, key in used}):,} figure"
                       f"{'s' if len({key for _, key in used}) != 1 else ''} saved armies "
                       f"hold ({listed}{' and more' if len(armies) > 5 else ''})")
    if reasons:
        raise RemovalRefused(
            f"{shown(data.source)}: this import would remove {len(removed):,} of "
            f"{len(before):,} figures ({'; '.join(reasons)}); nothing was changed; pass "
            "--allow-removals to accept")


def _used_by_armies(conn: Connection, keys: Sequence[str]) -> list[tuple[str, str]]:
    """(army name, figure key) for every removed figure a saved army holds or carries."""
    army, entry = ArmyRow.__table__, ArmyEntryRow.__table__  # type: ignore[attr-defined]
    found: set[tuple[str, str]] = set()
    for chunk in _chunks(list(keys), 500):
        for column in (entry.c.figure_key, entry.c.passenger):
            found.update(conn.execute(
                select(army.c.name, column).join(army, army.c.id == entry.c.army_id)
                .where(column.in_(chunk))).all())
    return sorted(found)


def _save_errata(conn: Connection, errata: Sequence[ErratumStatus],
                 summary: ImportSummary) -> None:
    """Keep each correction's status from the last import that saw its figure."""
    if not errata:
        return
    figure_keys = set(conn.execute(select(T_FIGURE.c.key)).scalars())
    old = {r.id: r for r in conn.execute(select(T_ERRATUM))}
    for e in errata:
        row = asdict(e)
        previous = old.get(e.id)
        if (e.status == "not in catalogue" and previous is not None
                and previous.figure_key in figure_keys):
            row.update(status=previous.status, figure_key=previous.figure_key,
                       found=previous.found)
        summary.errata[row["status"]] += 1
        if row["status"] == "conflicting":
            summary.problems.append(
                f"erratum {e.id} ({e.source}): {row['figure_key']} {e.field} shows "
                f"{row['found']!r}, neither the printed {e.printed!r} nor the corrected "
                f"{e.corrected!r}")
        if previous is None:
            conn.execute(insert(T_ERRATUM), [row])
        elif any(getattr(previous, k) != v for k, v in row.items()):
            conn.execute(update(T_ERRATUM).where(T_ERRATUM.c.id == e.id).values(**row))
