"""SQLModel tables of kept battle results (schema in db/migrations/0004_battle_results.sql,
mirrored pairs marked since 0008_mirrored_pairs.sql)."""

from __future__ import annotations

from sqlmodel import Field, SQLModel


class BattleMatchupRow(SQLModel, table=True):
    __tablename__ = "battle_matchup"
    id: int | None = Field(default=None, primary_key=True)
    key: str
    army_a: str
    army_b: str
    contents_a: str
    contents_b: str
    terrain: str
    rounds: int
    seed: int
    player_a: str
    player_b: str
    rules_version: str
    roster: str
    updated: str
    pairs: int = 0


class BattleGameRow(SQLModel, table=True):
    __tablename__ = "battle_game"
    matchup_id: int = Field(primary_key=True, foreign_key="battle_matchup.id")
    game: int = Field(primary_key=True)
    seed: int
    winner: str
    vp_a: int
    vp_b: int
    rounds: int
    termination: str
    first: str
    edge_a: str
    figures: str
