"""The campaign's commander: the heuristic player (or the expert, the house rule
``battle_ai``) leading one side of a World Conquest
battle, who also decides to withdraw (Rulebook VI, Withdrawing; the campaign's house rule
``withdraw_below``)."""

from __future__ import annotations

from armybuilder.ai.registry import Player, make_player
from armybuilder.engine import NOBODY, Action, Game, Withdraw


class Commander:
    """The engine's heuristic player (or the expert, ``ai``) for one side, who also
    decides to withdraw: at the
    start of its own turn, from the second round on, when what it has left is less than
    ``below`` of its own and its strongest opponent's strength together."""

    kind = "commander"

    def __init__(self, seed: int, *, side: int, may_withdraw: bool, below: float,
                 ai: str = "heuristic") -> None:
        self.side = side
        #: Who fights the battle for it: the heuristic player, or the expert ("expert:48").
        self.inner: Player = make_player(ai, seed)
        self.may_withdraw = may_withdraw
        self.below = below
        self._looked = -1

    def choose(self, game: Game) -> Action:
        if self.may_withdraw and game.phase == "play" and not game.pending \
                and game.current == self.side and game.turn != self._looked:
            self._looked = game.turn
            if game.round >= 2 and self._losing(game):
                return Withdraw(self.side)
        return self.inner.choose(game)

    def _losing(self, game: Game) -> bool:
        worth = [0.0] * len(game.players)
        for w in game.warriors:
            if w.on_table and w.controller == NOBODY:
                live = len(w.card.clicks) - w.card.starting_click
                worth[w.owner] += w.card.points * (len(w.card.clicks) - w.click) / max(1, live)
        mine = worth[self.side]
        foe = max((v for i, v in enumerate(worth) if i != self.side
                   and not game.players[i].withdrawn), default=0.0)
        return foe > 0 and mine < self.below * (mine + foe)
