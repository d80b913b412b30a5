"""SQLModel tables of World Conquest campaigns (schema in db/migrations/0006_campaigns.sql)."""

from __future__ import annotations

from sqlmodel import Field, SQLModel


class CampaignRow(SQLModel, table=True):
    __tablename__ = "campaign"
    id: int | None = Field(default=None, primary_key=True)
    name: str
    start: str
    summary: str = "{}"
    steps: int = 0
    created: str
    updated: str


class CampaignStepRow(SQLModel, table=True):
    __tablename__ = "campaign_step"
    campaign_id: int = Field(foreign_key="campaign.id", primary_key=True)
    seq: int = Field(primary_key=True)
    entry: str


class CampaignBattleRow(SQLModel, table=True):
    __tablename__ = "campaign_battle"
    campaign_id: int = Field(foreign_key="campaign.id", primary_key=True)
    number: int = Field(primary_key=True)
    territory: str
    scenario: str
    players: str
