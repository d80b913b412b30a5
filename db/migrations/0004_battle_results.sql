-- 0004: kept battle results. Every finished game of a gauntlet is kept, keyed by what
-- decides it (armybuilder/sim/keys.py): its matchup's key (a digest of both armies'
-- contents, the terrain, the round limit, the batch seed, both player kinds and the rules
-- version) and its game index. A changed army or engine makes new keys; the old rows stay
-- until `armybuilder battle results --clear`.

CREATE TABLE battle_matchup (
    id             INTEGER PRIMARY KEY,
    key            TEXT NOT NULL UNIQUE,
    army_a         TEXT NOT NULL,           -- the armies' names when last played (labels only)
    army_b         TEXT NOT NULL,
    contents_a     TEXT NOT NULL,           -- digests of the armies' contents
    contents_b     TEXT NOT NULL,
    terrain        TEXT NOT NULL,           -- the preset's name
    rounds         INTEGER NOT NULL,
    seed           INTEGER NOT NULL,        -- the batch seed; game i's own seed derives from it
    player_a       TEXT NOT NULL,
    player_b       TEXT NOT NULL,
    rules_version  TEXT NOT NULL,
    roster         TEXT NOT NULL,           -- JSON: [[side, figure key, name], ...] per warrior
    updated        TEXT NOT NULL
);

CREATE TABLE battle_game (
    matchup_id   INTEGER NOT NULL REFERENCES battle_matchup(id) ON DELETE CASCADE,
    game         INTEGER NOT NULL CHECK (game >= 0),
    seed         INTEGER NOT NULL,
    winner       TEXT NOT NULL CHECK (winner IN ('a', 'b', 'draw')),
    vp_a         INTEGER NOT NULL,
    vp_b         INTEGER NOT NULL,
    rounds       INTEGER NOT NULL,
    termination  TEXT NOT NULL,
    first        TEXT NOT NULL CHECK (first IN ('a', 'b')),
    edge_a       TEXT NOT NULL,
    figures      TEXT NOT NULL,             -- JSON: per warrior of the roster
                                            -- [eliminations, clicks dealt, survived, captures]
    PRIMARY KEY (matchup_id, game)
) WITHOUT ROWID;
