"""Players that choose engine actions: the heuristic player and the random baseline.

They see the battle only through the engine's public answers (``armybuilder.engine``):
legal actions, contact, arcs and exact attack odds. No database or UI code.
"""

from armybuilder.ai.players import KINDS, Player, RandomPlayer, make_player

__all__ = ["KINDS", "Player", "RandomPlayer", "make_player"]
