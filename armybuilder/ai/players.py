"""Players that choose engine actions.

A player is made with its own seed and answers ``choose(game)`` whenever ``game.to_act``
is its index: set-up (terrain, deployment), its turns, and decisions owed on the other
player's turn (free spins). The same seed and the same game give the same choice.
"""

from __future__ import annotations

from typing import Protocol

from armybuilder.ai.heuristic import HeuristicPlayer
from armybuilder.engine import Action, Dice, Game, legal_actions


class Player(Protocol):
    #: Shown in reports ("random", "heuristic").
    kind: str

    def choose(self, game: Game) -> Action:
        """An action that is legal in ``game`` for ``game.to_act``."""
        ...


class RandomPlayer:
    """The baseline: any legal action, uniformly."""

    kind = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Dice(seed)

    def choose(self, game: Game) -> Action:
        return self.rng.choice(list(legal_actions(game)))


KINDS = ("random", "heuristic")


def make_player(kind: str, seed: int) -> Player:
    """A player of ``kind`` ("random" or "heuristic") with its own seed."""
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "heuristic":
        return HeuristicPlayer(seed)
    raise ValueError(f"unknown player kind {kind!r}; use one of: {', '.join(KINDS)}")
