"""The expert's advice on the play screen, in the screen's words: the options it weighed
most for the AI's last action, and a hint (its top three) for the player whose turn it is.

Each option carries the expert's estimate of the chance of winning after it and the
simulations behind that estimate (:mod:`armybuilder.ai.foresight`). A hint is thought on
a copy of the game, outside the session's lock, so the screen stays free meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from armybuilder.ai.registry import make_player
from armybuilder.ai.think import Think

if TYPE_CHECKING:
    from armybuilder.ai.expert import ExpertPlayer
    from armybuilder.ai.foresight import Foresight
    from armybuilder.play.session import PlaySession

#: How many options the screen shows.
TOP = 3
#: A hint's budget unless one is given (None: the expert's default).
HINT_THINK: Think | str | None = None


@dataclass(frozen=True, slots=True)
class Weighing:
    """One option as the expert left it, in words."""

    words: str
    win_chance: float
    simulations: int


@dataclass(frozen=True, slots=True)
class Advice:
    """The options the expert weighed most for ``seat``, best first."""

    seat: int
    options: tuple[Weighing, ...]
    simulations: int
    #: Wall time: not part of what the advice is.
    seconds: float = field(compare=False)

    def lines(self) -> list[str]:
        """The advice as the screen shows it, a line an option."""
        out = [f"{k}. {o.words} — wins {o.win_chance:.0%} ({o.simulations} simulations)"
               for k, o in enumerate(self.options, 1)]
        return out or ["nothing to weigh: there was one action only"]


def advice_of(session: PlaySession, seat: int, found: Foresight) -> Advice:
    """``found`` in the screen's words (the options' words read from the game as it
    stands before the choice is given)."""
    best = sorted(found.options, key=lambda w: (w.action != found.choice, -w.simulations))
    shown = tuple(Weighing(session.option(w.action).words, w.win_chance, w.simulations)
                  for w in best[:TOP] if w.simulations)
    return Advice(seat, shown, found.simulations, found.seconds)


def hint(session: PlaySession, think: Think | str | None = None,
         progress: Callable[[int, int], None] | None = None) -> Advice | None:
    """The expert's top three for the player to act (None when the game waits for no
    action of a player's turn: setting the scene, a decision owed, the end)."""
    # Here, not at the top: batch battles' module loads the AI players, which a game
    # without an AI never needs (the screen opens without them).
    from armybuilder.sim.match import player_seed

    with session.lock:
        game = session.game
        if game.over or game.phase != "play" or game.pending:
            return None
        seat = game.to_act
        probe = game.copy()
        seed = player_seed(session.seats.seed, f"hint {seat} {len(game.entries)}")
    # The registry loads the expert with its first hint, not with the screen.
    player: ExpertPlayer = make_player(  # type: ignore[assignment]
        "expert", seed, think=think if think is not None else HINT_THINK)
    player.progress = progress
    found = player.weigh(probe)
    with session.lock:
        return advice_of(session, seat, found)
