"""A batch of battles' defaults, kept apart so the app can show them before it loads the
engine."""

from armybuilder.ai.registry import DEFAULT

#: A sample large enough for a 95% interval about +/-10 points wide.
DEFAULT_GAMES = 100
DEFAULT_SEED = 1
#: Rulebook VII, The Standard Game: a 60-minute time limit. The engine counts rounds, not
#: minutes; a 2-action turn takes a minute or so at the table, so the hour is about 25
#: rounds — enough for two 200-point armies to cross the 36" table and fight it out.
DEFAULT_ROUNDS = 25
#: Rulebook VII, The Standard Game: each player brings two terrain items.
DEFAULT_TERRAIN = "standard"
DEFAULT_PLAYER = DEFAULT
