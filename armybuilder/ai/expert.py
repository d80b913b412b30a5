"""The expert player: it searches its turn on copies of the game (:mod:`foresight`).

On each action of its own turn it plans the rest of the turn over the exact chances of
every roll, plays each line out with the heuristic player on both sides to the start of
its next turn and keeps the action whose lines win most often (:mod:`standing` reads the
positions they end in). Setting the scene and the decisions owed in the middle of an
action (free spins, a formation's moves, a chariot's section, ...) are the heuristic
player's: they follow from the action the search chose.

Its budget (:mod:`think`) is simulations per decision (deterministic) or a time per
decision. It keeps what its last search found (``last``) for a screen to show, and gives
the same for any position on request (``weigh``: a hint for a human player, a review of a
game played).
"""

from __future__ import annotations

from collections.abc import Callable

from armybuilder.ai import think as budgets
from armybuilder.ai.figure_play import play_of
from armybuilder.ai.foresight import Foresight, Search, Weighed
from armybuilder.ai.heuristic import HeuristicPlayer
from armybuilder.ai.think import DEFAULT, Think, parse_think
from armybuilder.engine import Action, Dice, Game, waiting

__all__ = ["ExpertPlayer", "Foresight", "Weighed"]

#: The policy players' seeds are drawn below this.
_SEEDS = 1 << 62


def simulations_for(think: Think, game: Game) -> int:
    """Simulations per decision in ``game``: the count ``think`` names, or the default
    scaled by the least search share among the kinds of figure on the table (a count
    still: the same choice on any machine)."""
    if think.simulations is not None:
        return think.simulations
    share = min((play_of(w).search_share for w in game.warriors if w.on_table), default=1.0)
    return max(budgets.FEWEST, round(budgets.DEFAULT_SIMULATIONS * share))


class ExpertPlayer:
    kind = "expert"

    def __init__(self, seed: int, think: Think | str | None = None) -> None:
        self.rng = Dice(seed)
        self.think = parse_think(think) if isinstance(think, str) else (think or DEFAULT)
        #: Its own choices outside the search (setting the scene, decisions owed) and
        #: the search's first option.
        self.inner = HeuristicPlayer(self.rng.below(_SEEDS))
        #: What the last search found (None: the last choice was not searched).
        self.last: Foresight | None = None
        #: Told (simulations done, simulations in all, 0 for a time budget) as it thinks.
        self.progress: Callable[[int, int], None] | None = None

    def choose(self, game: Game) -> Action:
        now = waiting(game)
        if now.what != "action":
            self.last = None
            return self.inner.choose(game)
        found = self.weigh(game)
        self.last = found
        return found.choice

    def weigh(self, game: Game, played: Action | None = None) -> Foresight:
        """Search the position for the player whose action it is: the choice and the
        options weighed (a hint, a review). ``played``: an action that must be weighed
        (a review's: the one played), first of all. Draws from this player's own dice."""
        me = game.to_act
        first = self.inner.choose(game)
        policy = [HeuristicPlayer(self.rng.below(_SEEDS)) for _ in game.players]
        search = Search(game, me, self.rng, policy, *((played,) if played else ()), first)
        if len(search.root.options) <= 1 and played is None:
            # Nothing to weigh: the only action there is.
            return Foresight(first, (Weighed(first, 0.5, 0),), 0, 0.0)
        return search.run(simulations_for(self.think, game), self.think.seconds, self.progress)
