"""SQLModel tables of saved armies (schema in db/migrations/0002_armies.sql)."""

from __future__ import annotations

from sqlmodel import Field, SQLModel


class ArmyRow(SQLModel, table=True):
    __tablename__ = "army"
    id: int | None = Field(default=None, primary_key=True)
    name: str
    build_total: int
    profile: str
    castle_player: bool = False
    notes: str = ""
    created: str
    updated: str


class ArmyEntryRow(SQLModel, table=True):
    __tablename__ = "army_entry"
    id: int | None = Field(default=None, primary_key=True)
    army_id: int = Field(foreign_key="army.id")
    position: int
    figure_key: str
    count: int
    castle: str = ""
    passenger: str = ""
    seen_name: str
    seen_points: int
