"""The kinds of player, registered once: every place a player is chosen or made reads them
(``armybuilder battle --players``, ``armybuilder play --opponent``, the battle and play
screens, batch battles and gauntlets, the World Conquest campaign).

A kind is a name, what the screens call it, a line for ``--help`` and where its class is
(``"module:Class"``, made with ``Class(seed, **options)``): the class is imported when a
player is first made, so the command line and the app show the choices without loading
the engine. A new player is one module in ``armybuilder/ai`` and one registration below.

    player = make_player("heuristic", seed=7)
    action = player.choose(game)                 # legal for game.to_act
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from armybuilder.ai.think import parse_think, split_kind, with_think

if TYPE_CHECKING:
    from armybuilder.engine import Action, Game


class Player(Protocol):
    #: The kind's name, shown in reports ("random", "heuristic").
    kind: str

    def choose(self, game: Game) -> Action:
        """An action that is legal in ``game`` for ``game.to_act``."""
        ...


@dataclass(frozen=True, slots=True)
class PlayerKind:
    name: str
    #: What the screens call it ("heuristic AI").
    title: str
    #: Where its class is: "module:Class", made with ``Class(seed, **options)``.
    where: str
    #: One line for --help and the docs.
    about: str
    #: Offered wherever a player is chosen; False: made only by its own caller, with
    #: options of its own (the campaign's commander: its side and house rule).
    choosable: bool = True
    #: It thinks for a budget (``--think``; armybuilder.ai.think), named with the kind as
    #: ``expert:400`` and made with ``think=`` that budget.
    thinks: bool = False


class Players:
    """The registry of player kinds, in the order they were registered."""

    def __init__(self) -> None:
        self._kinds: dict[str, PlayerKind] = {}

    def register(self, kind: PlayerKind) -> None:
        if ":" not in kind.where:
            raise ValueError(f"player kind {kind.name}: where is 'module:Class', not "
                             f"{kind.where!r}")
        self._kinds[kind.name] = kind

    def kinds(self) -> tuple[str, ...]:
        """The kinds a user may choose, in the order registered."""
        return tuple(k.name for k in self._kinds.values() if k.choosable)

    def kind(self, name: str) -> PlayerKind:
        """ValueError naming the kinds to choose from if ``name`` is not one. A kind that
        thinks may be named with its budget ("expert:400", "expert:1s")."""
        bare, budget = split_kind(name)
        found = self._kinds.get(bare)
        if found is None:
            raise ValueError(f"unknown player kind {bare!r}; use one of: "
                             f"{', '.join(self.kinds())}")
        if budget is not None:
            if not found.thinks:
                raise ValueError(f"player kind {bare!r} takes no think budget "
                                 f"({name!r}); the kinds that think: {', '.join(self.thinkers())}")
            parse_think(budget)
        return found

    def check_choice(self, name: str) -> None:
        """ValueError unless ``name`` is a kind a user may choose (with a budget that
        parses, if it names one)."""
        found = self.kind(name)
        if not found.choosable:
            raise ValueError(f"player kind {found.name!r} is not chosen here; use one of: "
                             f"{', '.join(self.kinds())}")

    def thinkers(self) -> tuple[str, ...]:
        """The kinds that take a think budget."""
        return tuple(k.name for k in self._kinds.values() if k.thinks)

    def with_think(self, name: str, think: str | None) -> str:
        """``name`` with the budget ``think`` ("400", "1s") if its kind thinks and it names
        no budget of its own: how ``--think`` reaches the players it applies to (a
        player's name travels to worker processes and Ray tasks as it is)."""
        if think is not None:
            parse_think(think)  # ValueError naming what is wrong
        return with_think(name, think, frozenset(self.thinkers()))

    def title(self, name: str) -> str:
        _, budget = split_kind(name)
        title = self.kind(name).title
        return title if budget is None else f"{title} ({budget})"

    def make(self, name: str, seed: int, **options: Any) -> Player:
        """A player of kind ``name`` with its own seed (and the kind's own options; a
        budget named with the kind is its ``think``)."""
        _, budget = split_kind(name)
        if budget is not None:
            options = {"think": budget, **options}
        module, _, cls = self.kind(name).where.partition(":")
        player: Player = getattr(importlib.import_module(module), cls)(seed, **options)
        return player


PLAYERS = Players()
PLAYERS.register(PlayerKind(
    "random", "random player", "armybuilder.ai.players:RandomPlayer",
    "any legal action, uniformly: the baseline"))
PLAYERS.register(PlayerKind(
    "heuristic", "heuristic AI", "armybuilder.ai.heuristic:HeuristicPlayer",
    "weighs every attack's exact odds and the moves the engine lists"))
PLAYERS.register(PlayerKind(
    "expert", "expert AI", "armybuilder.ai.expert:ExpertPlayer",
    "searches its whole turn on copies of the game over every roll's exact chances "
    "(--think: simulations or a time per decision)", thinks=True))
PLAYERS.register(PlayerKind(
    "commander", "campaign commander", "armybuilder.ai.commander:Commander",
    "the heuristic AI leading a World Conquest side, who withdraws when losing badly "
    "(options: side, may_withdraw, below)", choosable=False))

#: The player a battle is played by unless another is chosen.
DEFAULT = "heuristic"


def make_player(kind: str, seed: int, **options: Any) -> Player:
    """A player of ``kind`` (:data:`PLAYERS`) with its own seed."""
    return PLAYERS.make(kind, seed, **options)


def with_default_first(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """``kinds`` with :data:`DEFAULT` first, as the choices are offered."""
    return (*(k for k in kinds if k == DEFAULT), *(k for k in kinds if k != DEFAULT))
