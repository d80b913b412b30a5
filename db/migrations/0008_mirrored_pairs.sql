-- 0008: kept battle results played as mirrored pairs (armybuilder/sim/match.py): games
-- 2k and 2k+1 share their dice seed and terrain with the armies' seats and edges swapped.
-- Whether a matchup's games are paired is part of its key already; the column says it in
-- `battle results`. Rows kept before pairs were independent games.

ALTER TABLE battle_matchup ADD COLUMN pairs INTEGER NOT NULL DEFAULT 0;
