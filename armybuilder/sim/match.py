"""One game between players, from set-up to the end."""

from __future__ import annotations

from collections.abc import Sequence

from armybuilder.ai.players import Player
from armybuilder.engine import Game, GameSetup, apply


def play_game(setup: GameSetup, players: Sequence[Player]) -> Game:
    """Play ``setup`` to its end; ``players[i]`` decides for player ``i``. The game must
    have a round limit (or another sure end)."""
    if setup.round_limit is None:
        raise ValueError("a played-out game needs a round limit")
    game = Game.new(setup)
    while not game.over:
        apply(game, players[game.to_act].choose(game))
    return game
