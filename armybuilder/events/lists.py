"""A tournament list as it was handed in: its figures as they were then, the catalogue and
errata versions it was checked under, and what has changed in the catalogue since.

A list is registered from a saved army or a share code. It is checked by the event's
profile at the event's build total (and, sealed or draft, against the player's pool), and
refused with its findings when it is not legal. What is kept is the list itself: every
figure's engine card as it was checked, so the games play the list handed in, and a
catalogue re-import or a new FAQ that changes one of its figures flags it with what
changed instead of changing it silently.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from armybuilder.armies.checks import check
from armybuilder.armies.service import Armies, ArmyError, SavedArmy
from armybuilder.catalogue.service import Catalogue
from armybuilder.engine import CardError, FigureCard, cards_from_figure
from armybuilder.events.store import EventError
from armybuilder.figures import Figure
from armybuilder.rules import Finding, Profile
from armybuilder.text import shown


def catalogue_version(db: sqlite3.Connection) -> dict[str, Any]:
    """The catalogue as it stands: a digest of every figure's content, and the last import."""
    digest = hashlib.sha256()
    for key, content in db.execute("SELECT key, content_hash FROM figure ORDER BY key"):
        digest.update(f"{key}={content};".encode())
    last = db.execute("SELECT id, at FROM import_run ORDER BY id DESC LIMIT 1").fetchone()
    return {"digest": digest.hexdigest()[:12], "import": last[0] if last else None,
            "at": last[1] if last else ""}


def errata_version(db: sqlite3.Connection) -> dict[str, Any]:
    """The FAQ corrections as the last import applied them: a digest and how many."""
    digest = hashlib.sha256()
    rows = db.execute("SELECT id, field, printed, corrected, status FROM erratum "
                      "ORDER BY id").fetchall()
    for row in rows:
        digest.update("|".join(str(v) for v in row).encode() + b";")
    return {"digest": digest.hexdigest()[:12], "corrections": len(rows)}


def version_text(catalogue: Mapping[str, Any], errata: Mapping[str, Any]) -> str:
    imported = f", import {catalogue['import']} of {catalogue['at']}" if catalogue.get(
        "import") else ""
    return (f"catalogue {catalogue['digest']}{imported}; errata {errata['digest']} "
            f"({errata['corrections']} corrections)")


@dataclass(frozen=True)
class Entry:
    key: str
    name: str
    rank: str
    count: int
    points: int  # each
    castle: str = ""
    passenger: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "rank": self.rank, "count": self.count,
                "points": self.points, "castle": self.castle, "passenger": self.passenger}


@dataclass(frozen=True)
class RegisteredList:
    """A list as handed in."""

    army: str  # the saved army's name, or "share code"
    code: str  # its share code: the list in one line, for the decklist
    build_total: int
    entries: tuple[Entry, ...]
    cards: dict[str, FigureCard]  # every figure as it was checked, by key
    catalogue: dict[str, Any]
    errata: dict[str, Any]
    pool: dict[str, int] | None = None  # sealed and draft: the player's pool
    warnings: tuple[str, ...] = field(default=())

    @property
    def points(self) -> int:
        return sum(e.points * e.count for e in self.entries)

    def army_cards(self) -> tuple[FigureCard, ...]:
        """One card per copy, in the list's order (a unique figure once)."""
        out: list[FigureCard] = []
        for e in self.entries:
            out.extend([self.cards[e.key]] * e.count)
        return tuple(out)

    def to_dict(self) -> dict[str, Any]:
        return {"army": self.army, "code": self.code, "build_total": self.build_total,
                "entries": [e.as_dict() for e in self.entries],
                "cards": {k: c.to_dict() for k, c in sorted(self.cards.items())},
                "catalogue": self.catalogue, "errata": self.errata, "pool": self.pool,
                "warnings": list(self.warnings)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RegisteredList:
        return cls(d["army"], d["code"], d["build_total"],
                   tuple(Entry(**e) for e in d["entries"]),
                   {k: FigureCard.from_dict(c) for k, c in d["cards"].items()},
                   d["catalogue"], d["errata"], d.get("pool"), tuple(d.get("warnings", ())))


class IllegalList(EventError):
    """A list the event's profile refuses; ``findings`` are its errors."""

    def __init__(self, message: str, findings: list[Finding]) -> None:
        super().__init__(message)
        self.findings = findings


def army_from_code(armies: Armies, code: str) -> SavedArmy:
    """The army a share code holds, unsaved, its entries checked as `army add` checks
    them; a damaged code or a figure the catalogue lacks is refused."""
    from armybuilder.armies.share import ShareCodeError, decode

    try:
        shared = decode(code)
    except ShareCodeError as exc:
        raise EventError(f"share code refused: {exc}") from exc
    keys = {e.figure_key for e in shared.entries} | {e.passenger for e in shared.entries
                                                      if e.passenger}
    figures = armies.catalogue.figures(sorted(keys))
    missing = sorted(keys - set(figures))
    if missing:
        raise EventError(f"share code refused: it names {shown(', '.join(missing))}, not "
                         "in this catalogue")
    try:
        entries = [armies.entry(figures[e.figure_key], e.count, e.castle or None,
                                e.passenger or None, what=f"{e.figure_key}: the count")
                   for e in shared.entries]
    except ArmyError as exc:
        raise EventError(f"share code refused: {exc}") from exc
    return SavedArmy(name="share code", build_total=shared.build_total,
                     profile=shared.profile, castle_player=shared.castle_player,
                     entries=entries)


def register_list(catalogue: Catalogue, army: SavedArmy, profile: Profile, points: int,
                  pool: dict[str, int] | None = None) -> RegisteredList:
    """The list checked by the event's ``profile`` at ``points``; refused (IllegalList,
    with its findings) when it is not legal there, or when the engine cannot play it."""
    from armybuilder.armies.share import SharedArmy, SharedEntry, encode

    armies = Armies(catalogue)
    at_event = replace(profile, build_total=points)
    checked = check(armies, army, pool=pool, profile=at_event)
    errors = [f for f in checked.findings() if f.severity == "error"]
    if errors:
        raise IllegalList(f"list {army.name!r} is not legal for the event ({len(errors)} "
                          f"error{'s' if len(errors) != 1 else ''}): "
                          + "; ".join(f.message for f in errors), errors)
    cards: dict[str, FigureCard] = {}
    for key, figure in checked.figures.items():
        try:
            cards[key] = cards_from_figure(figure)
        except CardError as exc:
            raise EventError(f"list {army.name!r}: the engine cannot play "
                             f"{shown(figure.name)} ({key}): {exc}") from exc
    code = encode(SharedArmy(army.build_total, army.profile, army.castle_player, tuple(
        SharedEntry(e.figure_key, e.count, e.castle, e.passenger) for e in army.entries)))
    entries = tuple(Entry(e.figure_key, checked.figures[e.figure_key].name,
                          checked.figures[e.figure_key].rank, e.count,
                          checked.figures[e.figure_key].points, e.castle, e.passenger)
                    for e in army.entries)
    with catalogue.reading() as db:
        cat, errata = catalogue_version(db), errata_version(db)
    warnings = tuple(f.message for f in checked.findings() if f.severity == "warning")
    return RegisteredList(army.name, code, points, entries, cards, cat, errata, pool,
                          warnings)


def changes(registered: RegisteredList, figures: Mapping[str, Figure]) -> list[str]:
    """What the catalogue now says differently about the list's figures, one line each."""
    out: list[str] = []
    for key, then in sorted(registered.cards.items()):
        figure = figures.get(key)
        if figure is None:
            out.append(f"{then.name} ({key}) is no longer in the catalogue")
            continue
        try:
            now = cards_from_figure(figure)
        except CardError as exc:
            out.append(f"{then.name} ({key}) can no longer be played: {exc}")
            continue
        said: list[str] = []
        for what in ("name", "points", "rank", "unique", "range", "targets", "arc",
                     "starting_click"):
            old, new = getattr(then, what), getattr(now, what)
            if old != new:
                said.append(f"{what.replace('_', ' ')} {old} -> {new}")
        if then.factions != now.factions:
            said.append(f"factions {', '.join(then.factions)} -> {', '.join(now.factions)}")
        if len(then.clicks) != len(now.clicks):
            said.append(f"live clicks {len(then.clicks)} -> {len(now.clicks)}")
        for i, (a, b) in enumerate(zip(then.clicks, now.clicks, strict=False), 1):
            for stat in ("speed", "attack", "defense", "damage", "abilities"):
                old, new = getattr(a, stat), getattr(b, stat)
                if old != new:
                    shown_old = ", ".join(old) or "none" if stat == "abilities" else old
                    shown_new = ", ".join(new) or "none" if stat == "abilities" else new
                    said.append(f"click {i} {stat} {shown_old} -> {shown_new}")
        if said:
            out.append(f"{then.name} ({key}): {'; '.join(said)}")
    return out
