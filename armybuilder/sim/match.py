"""One game between players, from set-up (or a scenario) to the end; and a matchup: the
games of a batch between two armies, each decided by its index.

Game ``i`` of a matchup is decided by ``game_seed(seed, i)`` alone: the engine's dice use it
and both players' seeds derive from it, so a batch gives the same results whether it runs
in one process or many, in any order, and any one game can be played again from its index.

Fairness: the engine rolls 2d6 for the first player (Rulebook II, Setting the Scene), so
who moves first is already even, and the sides swap table edges from game to game (even
games: a south, odd games: a north), so neither army keeps the same side of the table or
of any terrain the players lay out.

Mirrored pairs (``pairs=True``, as chess engines are tested): games ``2k`` and ``2k + 1``
are one pair, played with the same dice seed and the same terrain, the armies' seats and
edges swapped. In the first, side a is player 0 at the south edge; in the second, side b
is player 0 at the south edge and side a player 1 at the north, and the terrain the
players laid in the first is laid again where it lay, so each army meets the other's
luck: the same first-player roll, the same dice in the same order for the same seat, the
same ground. Whatever happens in a game is reported by side (``GameResult``: side a is
army a whichever seat it took). Without pairs side a is always player 0 and every game has
a seed of its own.

Everything here decides a game's result, so its source is part of the rules version that
keys kept results (:mod:`armybuilder.sim.keys`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from armybuilder.ai import players as battle_players
from armybuilder.ai.players import Player
from armybuilder.engine import (
    Action,
    Game,
    GameSetup,
    PlaceTerrain,
    PlayerSetup,
    Scenario,
    apply,
    table_for,
)
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
    """A player's seed: ``side`` "a" for the player in seat 0, "b" for seat 1."""
    return _derive("player", seed_of_game, side)


def seed_of_game(seed: int, index: int, pairs: bool) -> int:
    """Game ``index``'s seed: its own, or its mirrored pair's (one for both games)."""
    return game_seed(seed, index // 2 if pairs else index)


class _SameTerrain:
    """A player who lays the terrain as the pair's first game laid it, item by item, and
    otherwise chooses as ``player`` does. A placement the table no longer allows (a
    castle now stands at the other edge) ends the copying: the players lay the rest."""

    def __init__(self, player: Player, placements: list[PlaceTerrain]) -> None:
        self.player = player
        self.kind = player.kind
        self.placements = placements  # shared by both seats, in the order laid

    def choose(self, game: Game) -> Action:
        if game.phase == "terrain" and self.placements:
            copied = self.placements.pop(0)
            if game.is_legal(copied):
                return copied
            self.placements.clear()
        return self.player.choose(game)


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
    #: Mirrored pairs (see the module's notes); False: side a is always player 0.
    pairs: bool = False

    def seat_of_a(self, index: int) -> int:
        """Side a's seat (player index) in game ``index``: 1 in a pair's second game."""
        return 1 if self.pairs and index % 2 else 0

    def seed_of(self, index: int) -> int:
        return seed_of_game(self.seed, index, self.pairs)

    def setup(self, index: int) -> GameSetup:
        edge_a, edge_b = EDGES if index % 2 == 0 else EDGES[::-1]
        a, b = replace(self.a, edge=edge_a), replace(self.b, edge=edge_b)
        players = (b, a) if self.seat_of_a(index) else (a, b)
        return GameSetup(players=players, table=table_for(players),
                         seed=self.seed_of(index), round_limit=self.rounds)

    def _players(self, index: int) -> tuple[Player, Player]:
        s = self.seed_of(index)
        kinds = (self.player_b, self.player_a) if self.seat_of_a(index) else \
            (self.player_a, self.player_b)
        return (battle_players.make_player(kinds[0], player_seed(s, "a")),
                battle_players.make_player(kinds[1], player_seed(s, "b")))

    def terrain_laid(self, index: int) -> list[PlaceTerrain]:
        """The terrain placements of game ``index``, in the order laid: its scene is set
        again (a few choices, no battle) up to the deployment."""
        game = Game.new(self.setup(index))
        players = self._players(index)
        laid: list[PlaceTerrain] = []
        while game.phase in ("setup", "fortifications", "terrain") and not game.over:
            action = players[game.to_act].choose(game)
            if isinstance(action, PlaceTerrain):
                laid.append(action)
            apply(game, action)
        return laid

    def play(self, index: int, laid: list[PlaceTerrain] | None = None,
             lay: list[PlaceTerrain] | None = None) -> Game:
        """Game ``index``. A pair's second game lays the first's terrain: ``laid``, when
        the caller has it, else found by setting the first's scene again; ``lay`` is
        told the terrain this game's players lay (a pair's first game, for its second)."""
        players: Sequence[Player] = self._players(index)

        def laying(_game: Game, action: Action) -> None:
            if lay is not None and isinstance(action, PlaceTerrain):
                lay.append(action)

        try:
            if self.seat_of_a(index):
                same = list(laid) if laid is not None else self.terrain_laid(index - 1)
                players = [_SameTerrain(p, same) for p in players]
            return play_game(self.setup(index), players, laying if lay is not None else None)
        except Exception as exc:
            raise RuntimeError(f"game {index} (seed {self.seed_of(index)}) failed: "
                               f"{exc}") from exc

    def result(self, index: int, laid: list[PlaceTerrain] | None = None,
               lay: list[PlaceTerrain] | None = None) -> GameResult:
        return summarise_game(self.play(index, laid, lay), index, self.seed_of(index),
                              a_seat=self.seat_of_a(index))

    def results(self, indices: Sequence[int]) -> list[GameResult]:
        """Games ``indices`` in order; a pair's second game right after its first lays
        the terrain the first laid without setting its scene again."""
        out: list[GameResult] = []
        laid: dict[int, list[PlaceTerrain]] = {}
        for i in indices:
            lay: list[PlaceTerrain] | None = None
            if self.pairs and i % 2 == 0:
                lay = laid[i] = []
            out.append(self.result(i, laid.pop(i - 1, None) if self.seat_of_a(i) else None,
                                   lay))
        return out
