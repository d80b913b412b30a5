-- 0006: World Conquest campaigns. A campaign is its start (the seed, the house rules, the
-- map, the players' armies, the pool: everything as the figures were when it began, so a
-- catalogue re-import never changes it) and its log, one row per step: the action and the
-- events it gave. Replaying the log from the start gives the campaign as it stands; the
-- summary is what `campaign list` shows without replaying. Each battle's scenario is kept
-- so that it can be fought again, event for event, and told turn by turn.

CREATE TABLE campaign (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
    start       TEXT NOT NULL,              -- JSON: campaign.state.CampaignStart
    summary     TEXT NOT NULL DEFAULT '{}', -- JSON: turn, players' gold and territories
    steps       INTEGER NOT NULL DEFAULT 0,
    created     TEXT NOT NULL,
    updated     TEXT NOT NULL
);

CREATE TABLE campaign_step (
    campaign_id INTEGER NOT NULL REFERENCES campaign(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    entry       TEXT NOT NULL,              -- JSON: {"action": ..., "events": [...]}
    PRIMARY KEY (campaign_id, seq)
);

CREATE TABLE campaign_battle (
    campaign_id INTEGER NOT NULL REFERENCES campaign(id) ON DELETE CASCADE,
    number      INTEGER NOT NULL,
    territory   TEXT NOT NULL,
    scenario    TEXT NOT NULL,              -- JSON: the engine Scenario the battle began from
    players     TEXT NOT NULL,              -- JSON: each side's player seed and withdrawal
    PRIMARY KEY (campaign_id, number)
);
