"""Played games in the database: the event log is the save.

A game is written when it starts and again after every action; resuming replays its log
in the engine. A finished game stays, to be told again or exported to the log format
``armybuilder battle replay`` reads. Each write is one statement through
``database.writing`` (the write lock taken up front): nothing is half-saved.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import delete, insert, select, update

from armybuilder.catalogue.database import writing
from armybuilder.catalogue.service import Catalogue
from armybuilder.play.board import Progress
from armybuilder.play.tables import GameRow

T_GAME = GameRow.__table__  # type: ignore[attr-defined]
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


def _saved(r: Any) -> SavedGame:
    return SavedGame(id=r.id, army_a=r.army_a, army_b=r.army_b,
                     commanders=tuple(r.commanders.split(",")), seed=r.seed,
                     terrain=r.terrain, status=r.status, round=r.round, actions=r.actions,
                     result=r.result, created=r.created, updated=r.updated)


_LISTED = [c for c in T_GAME.c if c.name != "log"]


class Games:
    """The played games in the catalogue's database."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.engine = catalogue.engine

    def create(self, names: tuple[str, ...], commanders: tuple[str, ...], seed: int,
               terrain: str, progress: Progress) -> int:
        """Save a game that has just started: its id. ``names``: one per seat; with more
        than two (a campaign's battle of three or four sides), seat b's column holds every
        name after the first, separated by commas."""
        if len(names) < 2:
            raise GameError(f"a game has two to four sides, not {len(names)}")
        now = _now()
        with writing(self.engine) as conn:
            found = conn.execute(insert(T_GAME).values(
                army_a=names[0], army_b=", ".join(names[1:]),
                commanders=",".join(commanders),
                seed=seed, terrain=terrain, status=OVER if progress.over else PLAYING,
                round=progress.round, actions=progress.actions, result=progress.result,
                log=progress.log, created=now, updated=now))
            return int(found.inserted_primary_key[0])

    def save(self, game_id: int, progress: Progress) -> bool:
        """Write the game as it stands. A save never goes back: one that reaches the
        database after a later one (saves run in workers) changes nothing. False when
        nothing was written."""
        with writing(self.engine) as conn:
            done = conn.execute(
                update(T_GAME)
                .where(T_GAME.c.id == game_id, T_GAME.c.actions <= progress.actions)
                .values(log=progress.log, actions=progress.actions, round=progress.round,
                        status=OVER if progress.over else PLAYING, result=progress.result,
                        updated=_now()))
            return bool(done.rowcount)

    def get(self, game_id: int) -> SavedGame:
        with self.engine.connect() as conn:
            r = conn.execute(select(*_LISTED).where(T_GAME.c.id == game_id)).first()
        if r is None:
            raise GameError(f"no saved game {game_id} (see `armybuilder play --list`)")
        return _saved(r)

    def log(self, game_id: int) -> str:
        with self.engine.connect() as conn:
            found = conn.execute(select(T_GAME.c.log).where(T_GAME.c.id == game_id)).scalar()
        if found is None:
            raise GameError(f"no saved game {game_id} (see `armybuilder play --list`)")
        return str(found)

    def list(self, status: str | None = None) -> list[SavedGame]:
        """The games, the most recently played first."""
        query = select(*_LISTED).order_by(T_GAME.c.updated.desc(), T_GAME.c.id.desc())
        if status is not None:
            query = query.where(T_GAME.c.status == status)
        with self.engine.connect() as conn:
            return [_saved(r) for r in conn.execute(query)]

    def unfinished(self) -> list[SavedGame]:
        return self.list(PLAYING)

    def delete(self, game_id: int) -> None:
        with writing(self.engine) as conn:
            if not conn.execute(delete(T_GAME).where(T_GAME.c.id == game_id)).rowcount:
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
