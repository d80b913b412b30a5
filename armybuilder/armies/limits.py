"""The bounds of an army, in a module of their own so that the command line's parser can
check its flags against them without loading the database layer."""

from __future__ import annotations

#: Most copies of one figure an entry holds: far past any real army, and a number the
#: database and every sum of entries hold with room to spare.
MAX_COUNT = 999
#: The largest build total: a hundred actions a turn.
MAX_BUILD_TOTAL = 10_000
#: The longest army name.
MAX_NAME = 200
