-- 0001: the figure catalogue. Applied once; PRAGMA user_version records the last applied file.

CREATE TABLE expansion (
    slug        TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    set_letter  TEXT NOT NULL DEFAULT '',
    feed_id     INTEGER
);

CREATE TABLE faction (
    name          TEXT PRIMARY KEY,
    short_name    TEXT NOT NULL DEFAULT '',
    feed_id       INTEGER,
    rules         TEXT NOT NULL DEFAULT '',
    rules_source  TEXT NOT NULL DEFAULT ''
);

CREATE TABLE ability (
    name         TEXT PRIMARY KEY,
    slot         TEXT NOT NULL,
    colour       TEXT NOT NULL DEFAULT '',
    symbol       TEXT NOT NULL DEFAULT 'square',
    optional     BOOLEAN NOT NULL DEFAULT 0,
    text         TEXT NOT NULL DEFAULT '',
    text_source  TEXT NOT NULL DEFAULT '',
    feed_id      INTEGER
);

CREATE TABLE figure (
    key              TEXT PRIMARY KEY,          -- "rebellion:58"
    expansion        TEXT NOT NULL REFERENCES expansion(slug),
    number           INTEGER NOT NULL,
    name             TEXT NOT NULL,
    rank             TEXT NOT NULL,
    rank_stars       INTEGER NOT NULL,
    is_unique        BOOLEAN NOT NULL,
    promo            BOOLEAN NOT NULL,
    limited_edition  BOOLEAN NOT NULL,
    frequency        TEXT NOT NULL DEFAULT '',
    points           INTEGER NOT NULL CHECK (points >= 0),
    range            INTEGER NOT NULL CHECK (range >= 0),
    targets          INTEGER NOT NULL CHECK (targets >= 1),
    arc              INTEGER NOT NULL,
    base             TEXT NOT NULL,
    kind             TEXT NOT NULL,
    castle_section   TEXT NOT NULL DEFAULT '',
    starting_click   INTEGER NOT NULL DEFAULT 0,
    disarm           INTEGER,
    source           TEXT NOT NULL DEFAULT '',
    origin           TEXT NOT NULL,             -- which import owns the row: "mageknight.net", "demo", a file
    content_hash     TEXT NOT NULL,             -- equal hash on re-import means nothing to write
    factions_text    TEXT NOT NULL DEFAULT '',  -- ", "-joined, for display and quick filtering
    start_speed      INTEGER,
    start_attack     INTEGER,
    start_defense    INTEGER,
    start_damage     INTEGER,
    UNIQUE (expansion, number)
);
CREATE INDEX ix_figure_name ON figure(name COLLATE NOCASE);
CREATE INDEX ix_figure_points ON figure(points);
CREATE INDEX ix_figure_rank ON figure(rank);
CREATE INDEX ix_figure_range ON figure(range);

CREATE TABLE figure_faction (
    figure_key  TEXT NOT NULL REFERENCES figure(key) ON DELETE CASCADE,
    faction     TEXT NOT NULL REFERENCES faction(name),
    position    INTEGER NOT NULL,
    PRIMARY KEY (figure_key, faction)
);
CREATE INDEX ix_figure_faction_faction ON figure_faction(faction);

CREATE TABLE dial (
    id          INTEGER PRIMARY KEY,
    figure_key  TEXT NOT NULL REFERENCES figure(key) ON DELETE CASCADE,
    position    TEXT NOT NULL,                  -- main, or front/left/right/rear for chariots
    UNIQUE (figure_key, position)
);

CREATE TABLE click (
    dial_id          INTEGER NOT NULL REFERENCES dial(id) ON DELETE CASCADE,
    idx              INTEGER NOT NULL,
    speed            INTEGER,                   -- NULL is a skull
    attack           INTEGER,
    defense          INTEGER,
    damage           INTEGER,
    speed_ability    TEXT REFERENCES ability(name),
    attack_ability   TEXT REFERENCES ability(name),
    defense_ability  TEXT REFERENCES ability(name),
    damage_ability   TEXT REFERENCES ability(name),
    dead             BOOLEAN NOT NULL,
    PRIMARY KEY (dial_id, idx)
);

-- Which abilities a figure shows anywhere on its dials, and on its starting click:
-- filled on import so the ability filters need no scan of every click.
CREATE TABLE figure_ability (
    figure_key  TEXT NOT NULL REFERENCES figure(key) ON DELETE CASCADE,
    ability     TEXT NOT NULL REFERENCES ability(name),
    on_start    BOOLEAN NOT NULL,
    PRIMARY KEY (figure_key, ability)
);
CREATE INDEX ix_figure_ability_ability ON figure_ability(ability);

-- FAQ errata: the shipped rows with the status the last import that saw the figure gave them.
CREATE TABLE erratum (
    id          TEXT PRIMARY KEY,
    expansion   TEXT NOT NULL,
    number      INTEGER,
    name        TEXT NOT NULL,
    dial        TEXT NOT NULL DEFAULT 'main',
    click       INTEGER,
    field       TEXT NOT NULL,
    printed     TEXT NOT NULL,
    corrected   TEXT NOT NULL,
    source      TEXT NOT NULL,
    note        TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL,                 -- applied, already correct, conflicting, not in catalogue
    figure_key  TEXT,                          -- no foreign key: the figure may go and come back
    found       TEXT NOT NULL DEFAULT ''
);
CREATE INDEX ix_erratum_figure ON erratum(figure_key);

CREATE TABLE import_run (
    id          INTEGER PRIMARY KEY,
    at          TEXT NOT NULL,
    origin      TEXT NOT NULL,
    source      TEXT NOT NULL,
    added       INTEGER NOT NULL,
    updated     INTEGER NOT NULL,
    unchanged   INTEGER NOT NULL,
    removed     INTEGER NOT NULL
);
