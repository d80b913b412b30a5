-- 0003: the player's collection: how many of each figure they own. Like army entries it
-- points at figure keys, so a catalogue re-import keeps it; the name seen when the figure
-- was added names it should the figure leave the catalogue.

CREATE TABLE collection_entry (
    figure_key  TEXT PRIMARY KEY,
    count       INTEGER NOT NULL CHECK (count >= 1),
    seen_name   TEXT NOT NULL DEFAULT ''
);
