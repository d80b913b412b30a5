"""One game between players, from set-up (or a scenario) to the end."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from armybuilder.ai.players import Player
from armybuilder.engine import Action, Game, GameSetup, Scenario, apply


def play_game(setup: GameSetup | Scenario, players: Sequence[Player],
              before: Callable[[Game, Action], None] | None = None) -> Game:
    """Play ``setup`` to its end; ``players[i]`` decides for player ``i``. The game must
    have a round limit (or another sure end). ``before``: told of each action before it is
    applied (what the game looked like when it was chosen)."""
    if setup.round_limit is None:
        raise ValueError("a played-out game needs a round limit")
    game = Game.new(setup) if isinstance(setup, GameSetup) else Game.from_scenario(setup)
    while not game.over:
        action = players[game.to_act].choose(game)
        if before is not None:
            before(game, action)
        apply(game, action)
    return game
