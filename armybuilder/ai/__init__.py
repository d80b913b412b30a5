"""Players that choose engine actions: the heuristic player, the random baseline and the
campaign's commander, registered once (:mod:`armybuilder.ai.registry`).

They see the battle only through the engine's public answers (``armybuilder.engine``):
legal actions, contact, arcs and exact attack odds. No database or UI code. The registry
loads no engine: the command line and the app list the kinds of player without it; the
players themselves load when first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from armybuilder.ai.registry import DEFAULT, PLAYERS, Player, PlayerKind, make_player

if TYPE_CHECKING:
    from armybuilder.ai.players import RandomPlayer

KINDS = PLAYERS.kinds()

__all__ = ["DEFAULT", "KINDS", "PLAYERS", "Player", "PlayerKind", "RandomPlayer",
           "make_player"]


def __getattr__(name: str) -> Any:
    # RandomPlayer loads the engine: only when asked for.
    if name == "RandomPlayer":
        from armybuilder.ai.players import RandomPlayer
        return RandomPlayer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
