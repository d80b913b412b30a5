"""SQLModel tables of the catalogue, and of the saved armies and the collection that the
catalogue's own code reads (an import that would remove figures a saved army holds is
refused; the search filters by the figures owned): storage tables live in the storage
layer. ``armybuilder.armies.tables`` and ``armybuilder.collection.tables`` give the same
classes by their packages' names.

The schema itself is made by the SQL files under ``db/migrations`` (so a later change
can migrate users' data); these classes map onto it and a test keeps the two in step.
"""

from __future__ import annotations

from sqlmodel import Field, SQLModel


class ExpansionRow(SQLModel, table=True):
    __tablename__ = "expansion"
    slug: str = Field(primary_key=True)
    name: str
    set_letter: str = ""
    feed_id: int | None = None


class FactionRow(SQLModel, table=True):
    __tablename__ = "faction"
    name: str = Field(primary_key=True)
    short_name: str = ""
    feed_id: int | None = None
    rules: str = ""
    rules_source: str = ""


class AbilityRow(SQLModel, table=True):
    __tablename__ = "ability"
    name: str = Field(primary_key=True)
    slot: str
    colour: str = ""
    symbol: str = "square"
    optional: bool = False
    text: str = ""
    text_source: str = ""
    feed_id: int | None = None


class FigureRow(SQLModel, table=True):
    __tablename__ = "figure"
    key: str = Field(primary_key=True)
    expansion: str = Field(foreign_key="expansion.slug")
    number: int
    name: str
    rank: str
    rank_stars: int
    is_unique: bool
    promo: bool
    limited_edition: bool
    frequency: str = ""
    points: int
    range: int
    targets: int
    arc: int
    base: str
    kind: str
    castle_section: str = ""
    starting_click: int = 0
    disarm: int | None = None
    source: str = ""
    origin: str
    content_hash: str
    factions_text: str = ""
    start_speed: int | None = None
    start_attack: int | None = None
    start_defense: int | None = None
    start_damage: int | None = None


class FigureFactionRow(SQLModel, table=True):
    __tablename__ = "figure_faction"
    figure_key: str = Field(primary_key=True, foreign_key="figure.key")
    faction: str = Field(primary_key=True, foreign_key="faction.name")
    position: int


class DialRow(SQLModel, table=True):
    __tablename__ = "dial"
    id: int | None = Field(default=None, primary_key=True)
    figure_key: str = Field(foreign_key="figure.key")
    position: str


class ClickRow(SQLModel, table=True):
    __tablename__ = "click"
    dial_id: int = Field(primary_key=True, foreign_key="dial.id")
    idx: int = Field(primary_key=True)
    speed: int | None = None
    attack: int | None = None
    defense: int | None = None
    damage: int | None = None
    speed_ability: str | None = None
    attack_ability: str | None = None
    defense_ability: str | None = None
    damage_ability: str | None = None
    dead: bool


class FigureAbilityRow(SQLModel, table=True):
    __tablename__ = "figure_ability"
    figure_key: str = Field(primary_key=True, foreign_key="figure.key")
    ability: str = Field(primary_key=True, foreign_key="ability.name")
    on_start: bool


class ErratumRow(SQLModel, table=True):
    __tablename__ = "erratum"
    id: str = Field(primary_key=True)
    expansion: str
    number: int | None = None
    name: str
    dial: str = "main"
    click: int | None = None
    field: str
    printed: str
    corrected: str
    source: str
    note: str = ""
    status: str
    figure_key: str | None = None
    found: str = ""


class ImportRunRow(SQLModel, table=True):
    __tablename__ = "import_run"
    id: int | None = Field(default=None, primary_key=True)
    at: str
    origin: str
    source: str
    added: int
    updated: int
    unchanged: int
    removed: int


# --- saved armies (db/migrations/0002_armies.sql) ----------------------------------------


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


# --- the collection (db/migrations/0003_collections.sql) ---------------------------------


class CollectionEntryRow(SQLModel, table=True):
    __tablename__ = "collection_entry"
    figure_key: str = Field(primary_key=True)
    count: int
    seen_name: str = ""
