"""SQLModel table of the collection (schema in db/migrations/0003_collections.sql)."""

from __future__ import annotations

from sqlmodel import Field, SQLModel


class CollectionEntryRow(SQLModel, table=True):
    __tablename__ = "collection_entry"
    figure_key: str = Field(primary_key=True)
    count: int
    seen_name: str = ""
