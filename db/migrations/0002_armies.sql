-- 0002: saved armies. Entries point at figure keys, not rows, so a catalogue re-import
-- keeps them; the name and points seen when the figure was added are kept to flag changes.

CREATE TABLE army (
    id             INTEGER PRIMARY KEY,
    name           TEXT NOT NULL UNIQUE COLLATE NOCASE,
    build_total    INTEGER NOT NULL,
    profile        TEXT NOT NULL,
    castle_player  BOOLEAN NOT NULL DEFAULT 0,
    notes          TEXT NOT NULL DEFAULT '',
    created        TEXT NOT NULL,
    updated        TEXT NOT NULL
);

CREATE TABLE army_entry (
    id            INTEGER PRIMARY KEY,
    army_id       INTEGER NOT NULL REFERENCES army(id) ON DELETE CASCADE,
    position      INTEGER NOT NULL,
    figure_key    TEXT NOT NULL,
    count         INTEGER NOT NULL CHECK (count >= 1),
    castle        TEXT NOT NULL DEFAULT '' CHECK (castle IN ('', 'heavy', 'light')),
    passenger     TEXT NOT NULL DEFAULT '',   -- a chariot entry: the key of the figure riding it
    seen_name     TEXT NOT NULL,
    seen_points   INTEGER NOT NULL
);
CREATE INDEX ix_army_entry_army ON army_entry(army_id, position);
