"""Players that choose engine actions, and the names the rest of the package knew them by.

A player is made with its own seed and answers ``choose(game)`` whenever ``game.to_act``
is its index: set-up (terrain, deployment), its turns, and decisions owed on the other
player's turn (free spins). The same seed and the same game give the same choice. The
kinds of player are registered once, in :mod:`armybuilder.ai.registry`; ``KINDS`` and
``make_player`` here read that registry.
"""

from __future__ import annotations

from armybuilder.ai.heuristic import HeuristicPlayer
from armybuilder.ai.registry import PLAYERS, Player, make_player
from armybuilder.engine import Action, Dice, Game, legal_actions


class RandomPlayer:
    """The baseline: any legal action, uniformly."""

    kind = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Dice(seed)

    def choose(self, game: Game) -> Action:
        return self.rng.choice(list(legal_actions(game)))


#: The kinds a user may choose (the registry's, in the order registered).
KINDS = PLAYERS.kinds()

__all__ = ["KINDS", "HeuristicPlayer", "Player", "RandomPlayer", "make_player"]
