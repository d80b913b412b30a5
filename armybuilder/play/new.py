"""Starting a game to play yourself: your saved army against a saved opponent's.

    game_id, warnings = new_game(catalogue, NewGame("Rich", "Ian", seed=7))

The armies are loaded as test battles load them (a draft plays with a warning; chariots
play, with the passengers their entries name riding from the start; castle sections play
for the army marked as the castle player, or the one ``castle`` names when both are; what
the engine cannot play is refused, naming the figure), the game is started and saved at
once, and the screen then plays it from the database like any resumed game.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from functools import partial

from armybuilder.ai.registry import PLAYERS
from armybuilder.catalogue.service import Catalogue
from armybuilder.play.games import Games
from armybuilder.play.session import COMMANDERS, PlaySession
from armybuilder.sim.armies import BattleError, load_army, siege
from armybuilder.sim.defaults import DEFAULT_ROUNDS, DEFAULT_TERRAIN
from armybuilder.sim.terrain_presets import PRESETS, terrain_for

OPPONENTS = (*tuple(c for c in COMMANDERS if c != "human"), "human")
SIDES = ("a", "b")


def fresh_seed() -> int:
    """A seed for a game nobody asked a seed of: a new battle each time (the seed is kept
    with the game and shown, so ``--seed`` plays it again)."""
    return secrets.randbelow(1_000_000)


@dataclass(frozen=True)
class NewGame:
    """What to play. ``side`` "a": your army is seat a (the south edge), "b": seat b."""

    mine: str
    theirs: str
    terrain: str = DEFAULT_TERRAIN
    seed: int = field(default_factory=fresh_seed)
    opponent: str = "heuristic"
    side: str = "a"
    rounds: int = DEFAULT_ROUNDS
    #: Castle rules, Playing Area and Set-Up: the castle player, "a" (``mine``) or "b"
    #: (``theirs``) when both armies could be; "": the army marked so.
    castle: str = ""

    def check(self) -> None:
        if self.terrain not in PRESETS:
            raise BattleError(f"--terrain: unknown preset {self.terrain!r}; use one of "
                              f"{', '.join(PRESETS)}")
        if self.opponent != "human":
            try:
                PLAYERS.check_choice(self.opponent)  # maybe with a budget: "expert:400"
            except ValueError as exc:
                raise BattleError(f"--opponent: {exc}") from None
        if self.side not in SIDES:
            raise BattleError(f"--side: {self.side!r} is not a or b")
        if self.rounds < 1:
            raise BattleError(f"--rounds: at least 1, not {self.rounds}")
        if self.seed < 0:
            raise BattleError(f"--seed: 0 or more, not {self.seed}")


def start_session(catalogue: Catalogue, request: NewGame) -> tuple[PlaySession, list[str]]:
    """The new game and the armies' warnings; BattleError names what is wrong."""
    request.check()
    mine, theirs = siege(load_army(catalogue, request.mine),
                         load_army(catalogue, request.theirs), request.castle)
    session = PlaySession.battle(
        mine.setup, theirs.setup, side=request.side, seed=request.seed,
        rounds=request.rounds, terrain=partial(terrain_for, request.terrain),
        opponent=request.opponent, names=(mine.name, theirs.name))
    return session, [*mine.warnings, *theirs.warnings]


def new_game(catalogue: Catalogue, request: NewGame) -> tuple[int, list[str]]:
    """Start the game and save it: (its id in the database, the armies' warnings)."""
    session, warnings = start_session(catalogue, request)
    return keep(catalogue, session, request.terrain), warnings


def keep(catalogue: Catalogue, session: PlaySession, terrain: str) -> int:
    """Save a game that has just started (a scenario's too, a campaign's battle of two to
    four sides): its id in the database."""
    return Games(catalogue).create(session.names, session.seats.commanders,
                                   session.seats.seed, terrain, session.progress())
