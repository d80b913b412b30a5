"""Every way an action can turn out, with its chance: the engine's chance nodes.

The action is given to copies of the game (``Game.copy``) whose dice are forced to each
value they can show, so every ability, formation, modifier and choice plays exactly as it
would in the game itself, never a re-derivation. A die is counted out six ways; two dice
by their total, eleven ways with their chances out of 36 (Rulebook III, Rolling the
Dice: the rules read only the total of a 2d6 roll, never the dice apart). Dice rolled
once the turn has ended belong to the next turn (a Command roll at its start): they are
not counted, the copy rolls them from its own dice.

A player that searches (a chance node for each roll) or a screen showing the odds of an
attack asks :func:`outcomes`; what a decision owed in the middle of the action is
answered with (a chariot's section, the defender's choice of target) is the caller's
``decide``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from armybuilder.engine import odds
from armybuilder.engine.actions import Action
from armybuilder.engine.dice import Dice
from armybuilder.engine.game import Game, apply
from armybuilder.engine.state import Event

#: The most copies of the game one action's outcomes are counted on: more means an
#: action that rolls far more dice than any rule asks for.
MAX_BRANCHES = 5000


@dataclass(frozen=True, slots=True)
class Branch:
    """One way the action turns out."""

    #: The dice forced, in the order they were rolled (two dice: a pair with that total).
    dice: tuple[int, ...]
    #: Its chance: the product of each roll's.
    chance: float
    #: The events, the action's and those of the decisions ``decide`` answered.
    events: tuple[Event, ...]
    #: The game after it: a copy of its own, to look at or play on.
    game: Game


class ManyWays(RuntimeError):
    """The action turns out more ways than :func:`outcomes` was asked to count."""


class MoreDice(Exception):
    """A copy asked for dice the count has not forced yet."""

    def __init__(self, count: int) -> None:
        super().__init__(count)
        self.count = count


class ForcedDice(Dice):
    """The values given, then :class:`MoreDice`; once the turn has ended (``over``
    says so), the dice of the game copied, from the place they stood."""

    __slots__ = ("forced", "over")

    def __init__(self, dice: Dice, forced: tuple[int, ...], over: Callable[[], bool]
                 ) -> None:
        copied = dice.copy()
        for name in Dice.__slots__:
            setattr(self, name, getattr(copied, name))
        self.forced = list(forced)
        self.over = over

    def settled(self) -> Dice:
        """Plain dice from where these stand: the branch's game rolls on from there."""
        plain = Dice.__new__(Dice)
        for name in Dice.__slots__:
            setattr(plain, name, getattr(self, name))
        return plain.copy()

    def roll(self, count: int) -> list[int]:
        if len(self.forced) >= count:
            out = self.forced[:count]
            del self.forced[:count]
            self.used += count
            return out
        if self.over():
            return super().roll(count)
        raise MoreDice(count)


def faces(count: int) -> list[tuple[tuple[int, ...], float]]:
    """The dice a roll of ``count`` can show, each with its chance: one die six ways, two
    by their total (:data:`odds.WAYS`)."""
    if count == 1:
        return [((d,), 1 / 6) for d in range(1, 7)]
    if count == 2:
        return [((max(1, total - 6), total - max(1, total - 6)), ways / 36)
                for total, ways in odds.WAYS.items()]
    raise ValueError(f"no outcome count for a roll of {count} dice")


def outcomes(game: Game, action: Action,
             decide: Callable[[Game], Action | None] | None = None,
             most: int = MAX_BRANCHES) -> list[Branch]:
    """Every way ``action`` can turn out in ``game``, with its chance (they add up to 1);
    the game itself is not touched. IllegalAction if the action may not be given now;
    :class:`ManyWays` as soon as it is known to turn out more than ``most`` ways.

    ``decide(copy)``, if given, answers the decisions the action leaves owed (asked
    until it returns None): what it gives is applied to the same copy, its dice counted
    the same way. Without it a branch's game may still wait for a decision."""
    game.check(action)
    out: list[Branch] = []
    stack: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
    while stack:
        # Every roll still to count is one way at least: known before they are played.
        if len(out) + len(stack) > most:
            raise ManyWays(f"{action!r}: more than {most} ways to turn out")
        forced, chance = stack.pop()
        probe = game.copy()
        dice = probe.dice = ForcedDice(game.dice, forced, _turn_over(probe))
        try:
            events = list(apply(probe, action))
            while decide is not None and not probe.over:
                answer = decide(probe)
                if answer is None:
                    break
                events += apply(probe, answer)
        except MoreDice as more:
            stack.extend((forced + values, chance * p)
                         for values, p in reversed(faces(more.count)))
            continue
        probe.dice = dice.settled()
        out.append(Branch(forced, chance, tuple(events), probe))
    return out


def _turn_over(game: Game) -> Callable[[], bool]:
    """Whether the action under way in ``game`` has ended the turn."""
    return lambda: any(e["e"] == "turn_end" for e in game.events)
