-- 0007: organized play. Sealed pools (the packs a player opened), drafts (the packs, the
-- seats and every pick) and tournaments (the settings, the registered lists as they were
-- handed in, and every game of every round). Each step is its own transaction: a pick, a
-- pairing, a result; a crash between two steps loses nothing before it.

CREATE TABLE sealed_pool (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
    expansion   TEXT NOT NULL,
    seed        INTEGER NOT NULL,
    model       TEXT NOT NULL,              -- JSON: the pack model the packs were opened by
    packs       TEXT NOT NULL,              -- JSON: each pack a list of figure keys
    figures     TEXT NOT NULL,              -- JSON: {key: name, rank, points, frequency, factions}
    created     TEXT NOT NULL
);

CREATE TABLE draft (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
    start       TEXT NOT NULL,              -- JSON: seats, the opened packs, seed, settings
    picks       INTEGER NOT NULL DEFAULT 0 CHECK (picks >= 0),
    status      TEXT NOT NULL CHECK (status IN ('drafting', 'built', 'playing', 'over')),
    created     TEXT NOT NULL,
    updated     TEXT NOT NULL
);

CREATE TABLE draft_pick (
    draft_id    INTEGER NOT NULL REFERENCES draft(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,           -- 0, 1, ...: pick after pick, seat by seat
    seat        INTEGER NOT NULL,
    pack_round  INTEGER NOT NULL,
    figure_key  TEXT NOT NULL,
    worth       REAL NOT NULL,              -- the valuation the pick was made by
    PRIMARY KEY (draft_id, seq)
);

CREATE TABLE tournament (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
    settings    TEXT NOT NULL,              -- JSON: format, points, rounds, pairing, seed, ...
    created     TEXT NOT NULL,
    updated     TEXT NOT NULL
);

CREATE TABLE tournament_player (
    tournament_id INTEGER NOT NULL REFERENCES tournament(id) ON DELETE CASCADE,
    number      INTEGER NOT NULL,           -- registration order, from 1
    name        TEXT NOT NULL COLLATE NOCASE,
    list        TEXT NOT NULL,              -- JSON: the list as handed in, its versions
    entered     INTEGER NOT NULL,           -- the first round the player is paired in
    dropped     INTEGER,                    -- the last round played before dropping
    PRIMARY KEY (tournament_id, number),
    UNIQUE (tournament_id, name)
);

CREATE TABLE tournament_game (
    tournament_id INTEGER NOT NULL REFERENCES tournament(id) ON DELETE CASCADE,
    round       INTEGER NOT NULL,
    board       INTEGER NOT NULL,           -- the table number, from 1
    a           INTEGER NOT NULL,           -- player numbers; side a sets up first
    b           INTEGER,                    -- NULL: a bye
    result      TEXT NOT NULL DEFAULT '' CHECK (result IN ('', 'a', 'b', 'draw')),
    vp_a        INTEGER NOT NULL DEFAULT 0,
    vp_b        INTEGER NOT NULL DEFAULT 0,
    how         TEXT NOT NULL DEFAULT '',   -- 'hand', 'ai', 'bye', 'bye game'
    detail      TEXT NOT NULL DEFAULT '{}', -- JSON: the played game's seed, rounds, ending
    PRIMARY KEY (tournament_id, round, board)
);
