-- 0005: games played on the play screen (`armybuilder play`). The event log is the save:
-- written after every action and replayed by the engine to resume a game; a finished game
-- stays for replay and export (the log format `armybuilder battle replay` reads).

CREATE TABLE game (
    id          INTEGER PRIMARY KEY,
    army_a      TEXT NOT NULL,             -- seat a (player 0), as the log names it
    army_b      TEXT NOT NULL,             -- seat b (player 1)
    commanders  TEXT NOT NULL,             -- who commands each seat: "human,heuristic"
    seed        INTEGER NOT NULL,          -- the dice's and the AI's seed
    terrain     TEXT NOT NULL,             -- the terrain preset
    status      TEXT NOT NULL CHECK (status IN ('playing', 'over')),
    round       INTEGER NOT NULL DEFAULT 0,
    actions     INTEGER NOT NULL DEFAULT 0 CHECK (actions >= 0),  -- log entries after set-up
    result      TEXT NOT NULL DEFAULT '',  -- how it ended, once over
    log         TEXT NOT NULL,             -- the engine's JSON event log
    created     TEXT NOT NULL,
    updated     TEXT NOT NULL
);
CREATE INDEX ix_game_status ON game(status, updated);
