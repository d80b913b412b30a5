"""The SQLModel table of played games (schema in db/migrations/0005_games.sql)."""

from __future__ import annotations

from sqlmodel import Field, SQLModel


class GameRow(SQLModel, table=True):
    __tablename__ = "game"
    id: int | None = Field(default=None, primary_key=True)
    army_a: str
    army_b: str
    commanders: str
    seed: int
    terrain: str
    status: str
    round: int = 0
    actions: int = 0
    result: str = ""
    log: str
    created: str
    updated: str
