"""Played games in the database: the event log is the save.

A game is written when it starts and again after every action; resuming replays its log
in the engine. A finished game stays, to be told again or exported to the log format
``armybuilder battle replay`` reads. Each write is one statement in a write transaction
that takes the write lock up front: nothing is half-saved.

Games are read and written with plain SQL on the catalogue's sqlite3 connections
(``Catalogue.reading()`` and ``connections.writing()``, the same transaction as
``database.writing``): starting a game, and saving it after every action, load no
SQLAlchemy (issue 18: a game starts in under 1.5 s).
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from armybuilder.catalogue.service import Catalogue
from armybuilder.play.board import Progress

PLAYING, OVER = "playing", "over"


class GameError(ValueError):
    """A saved game that cannot be found, resumed or exported; the message says which."""


@dataclass(frozen=True, slots=True)
class SavedGame:
    id: int
    army_a: str
    army_b: str
    commanders: tuple[str, ...]
    seed: int
    terrain: str
    status: str
    round: int
    actions: int
    result: str
    created: str
    updated: str

    @property
    def over(self) -> bool:
        return self.status == OVER

    @property
    def title(self) -> str:
        if len(self.commanders) > 2:
            # Three or four sides (a World Conquest battle): seat b holds the others' names.
            return (f"game {self.id}: {self.army_a} ({self.commanders[0]}) v {self.army_b} "
                    f"({', '.join(self.commanders[1:])})")
        who = " v ".join(f"{army} ({c})" for army, c in zip((self.army_a, self.army_b),
                                                            self.commanders, strict=False))
        return f"game {self.id}: {who}"

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "army_a": self.army_a, "army_b": self.army_b,
                "commanders": list(self.commanders), "seed": self.seed,
                "terrain": self.terrain, "status": self.status, "round": self.round,
                "actions": self.actions, "result": self.result, "created": self.created,
                "updated": self.updated}


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


#: A game's columns but its log (db/migrations/0005_games.sql), as SavedGame holds them.
_LISTED = ("SELECT id, army_a, army_b, commanders, seed, terrain, status, round, actions, "
           "result, created, updated FROM game")


def _saved(row: tuple[Any, ...]) -> SavedGame:
    (game_id, army_a, army_b, commanders, seed, terrain, status, round_, actions, result,
     created, updated) = row
    return SavedGame(id=game_id, army_a=army_a, army_b=army_b,
                     commanders=tuple(commanders.split(",")), seed=seed, terrain=terrain,
                     status=status, round=round_, actions=actions, result=result,
                     created=created, updated=updated)


class Games:
    """The played games in the catalogue's database."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue

    def create(self, names: tuple[str, ...], commanders: tuple[str, ...], seed: int,
               terrain: str, progress: Progress) -> int:
        """Save a game that has just started: its id. ``names``: one per seat; with more
        than two (a campaign's battle of three or four sides), seat b's column holds every
        name after the first, separated by commas."""
        if len(names) < 2:
            raise GameError(f"a game has two to four sides, not {len(names)}")
        now = _now()
        with self.catalogue.connections.writing() as db:
            found = db.execute(
                "INSERT INTO game (army_a, army_b, commanders, seed, terrain, status, round, "
                "actions, result, log, created, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (names[0], ", ".join(names[1:]), ",".join(commanders), seed, terrain,
                 OVER if progress.over else PLAYING, progress.round, progress.actions,
                 progress.result, progress.log, now, now))
            assert found.lastrowid is not None  # an INSERT's row
            return int(found.lastrowid)

    def save(self, game_id: int, progress: Progress) -> bool:
        """Write the game as it stands. A save never goes back: one that reaches the
        database after a later one (saves run in workers) changes nothing. False when
        nothing was written."""
        with self.catalogue.connections.writing() as db:
            done = db.execute(
                "UPDATE game SET log = ?, actions = ?, round = ?, status = ?, result = ?, "
                "updated = ? WHERE id = ? AND actions <= ?",
                (progress.log, progress.actions, progress.round,
                 OVER if progress.over else PLAYING, progress.result, _now(), game_id,
                 progress.actions))
            return done.rowcount > 0

    def get(self, game_id: int) -> SavedGame:
        with self.catalogue.reading() as db:
            row = db.execute(f"{_LISTED} WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise GameError(f"no saved game {game_id} (see `armybuilder play --list`)")
        return _saved(row)

    def log(self, game_id: int) -> str:
        with self.catalogue.reading() as db:
            found = db.execute("SELECT log FROM game WHERE id = ?", (game_id,)).fetchone()
        if found is None:
            raise GameError(f"no saved game {game_id} (see `armybuilder play --list`)")
        return str(found[0])

    def list(self, status: str | None = None) -> list[SavedGame]:
        """The games, the most recently played first."""
        where, params = ("", ()) if status is None else (" WHERE status = ?", (status,))
        with self.catalogue.reading() as db:
            return [_saved(row) for row in db.execute(
                f"{_LISTED}{where} ORDER BY updated DESC, id DESC", params)]

    def unfinished(self) -> builtins.list[SavedGame]:
        return self.list(PLAYING)

    def delete(self, game_id: int) -> None:
        with self.catalogue.connections.writing() as db:
            if not db.execute("DELETE FROM game WHERE id = ?", (game_id,)).rowcount:
                raise GameError(f"no saved game {game_id}")

    def export(self, game_id: int, path: Path, force: bool = False) -> Path:
        """Write the game's log where ``battle replay`` reads it, as every export is
        (export/atomic.py): whole or not at all, never over a file without ``force``,
        never through a symbolic link."""
        from armybuilder.export.atomic import ExportError, write_atomically

        text = self.log(game_id)
        try:
            return write_atomically(Path(path), text, force)
        except ExportError as exc:
            raise GameError(str(exc)) from None
