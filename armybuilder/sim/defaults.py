"""A batch of battles' defaults, kept apart so the app can show them before it loads the
engine."""

from armybuilder.ai.registry import DEFAULT

#: A sample large enough for a 95% interval about +/-10 points wide.
DEFAULT_GAMES = 100
DEFAULT_SEED = 1
#: The bounds every command and screen takes: a seed the dice hold in 64 bits, as many
#: games and rounds as a loop and SQLite hold with room to spare.
MOST_SEED = 2**63 - 1
MOST_GAMES = 1_000_000
MOST_ROUNDS = 100_000
#: Rulebook VII, The Standard Game: a 60-minute time limit. The engine counts rounds, not
#: minutes; a 2-action turn takes a minute or so at the table, so the hour is about 25
#: rounds — enough for two 200-point armies to cross the 36" table and fight it out.
DEFAULT_ROUNDS = 25
#: Rulebook VII, The Standard Game: each player brings two terrain items.
DEFAULT_TERRAIN = "standard"
DEFAULT_PLAYER = DEFAULT
#: army value: the most games of each version against each opponent, unless told
#: otherwise; enough to tell a figure worth ten points of win rate from nothing.
DEFAULT_VALUE_GAMES = 200
