"""One game between players, from set-up (or a scenario) to the end; and a matchup: the
games of a batch between two armies, each decided by its index.

Game ``i`` of a matchup is decided by ``game_seed(seed, i)`` alone: the engine's dice use it
and both players' seeds derive from it, so a batch gives the same results whether it runs
in one process or many, in any order, and any one game can be played again from its index.

Fairness: the engine rolls 2d6 for the first player (Rulebook II, Setting the Scene), so
who moves first is already even. Side "a" is always player 0 (the stats read it so), and
the sides swap table edges from game to game (even games: a south, odd games: a north), so
neither army keeps the same side of the table or of any terrain the players lay out.

Everything here decides a game's result, so its source is part of the rules version that
keys kept results (:mod:`armybuilder.sim.keys`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from armybuilder.ai import players as battle_players
from armybuilder.ai.players import Player
from armybuilder.engine import Action, Game, GameSetup, PlayerSetup, Scenario, apply, table_for
from armybuilder.sim.stats import GameResult, summarise_game

EDGES = ("south", "north")


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


def _derive(*parts: object) -> int:
    # A hash, not Python's hash(): the same on every run, machine and process.
    text = "/".join(str(p) for p in parts).encode()
    digest = hashlib.blake2b(text, digest_size=8, person=b"armybuilder").digest()
    return int.from_bytes(digest, "big") >> 1


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch started with ``seed``."""
    return _derive("game", seed, index)


def player_seed(seed_of_game: int, side: str) -> int:
    return _derive("player", seed_of_game, side)


@dataclass(frozen=True)
class Matchup:
    """Everything a worker needs to play any game between two armies; plain engine data
    only (no database), so it travels to worker processes and Ray tasks."""

    a: PlayerSetup  # terrain included; the edge is set per game
    b: PlayerSetup
    seed: int
    rounds: int
    player_a: str
    player_b: str

    def setup(self, index: int) -> GameSetup:
        edge_a, edge_b = EDGES if index % 2 == 0 else EDGES[::-1]
        players = (replace(self.a, edge=edge_a), replace(self.b, edge=edge_b))
        return GameSetup(players=players, table=table_for(players),
                         seed=game_seed(self.seed, index), round_limit=self.rounds)

    def play(self, index: int) -> Game:
        s = game_seed(self.seed, index)
        players = (battle_players.make_player(self.player_a, player_seed(s, "a")),
                   battle_players.make_player(self.player_b, player_seed(s, "b")))
        try:
            return play_game(self.setup(index), players)
        except Exception as exc:
            raise RuntimeError(f"game {index} (seed {s}) failed: {exc}") from exc

    def result(self, index: int) -> GameResult:
        return summarise_game(self.play(index), index, game_seed(self.seed, index))
