"""World Conquest battles a human plays on the play screen.

"Then take your armies over to a game board and play out a standard Mage Knight game with
these special rules" (World Conquest, Troop Movements): a battle a human takes part in is
played by that human on the play screen (armybuilder/play), or auto-resolved by the
engine's AI if the human chooses (campaign/battle.py). Both start the same way, from the
battle's ``GameSetup`` (battle.setup_of: every warrior at its current click, the
territory's weather and fortifications, each player's terrain), seated round the table
in the battle's order; on the play screen the human sets his own part of the scene
(Rulebook II: places his terrain, deploys his warriors, on guard in his fort if he has
one), the AI sides theirs.

    opened = open_game(c)                       # a play session of the battle waited for
    ...                                         # played on the play screen, saved
    result = played_result(c, log, game_id)     # the finished game's result: Fight(result)

The human sides are seated "human", the others are played by the campaign's commanders
as in an auto-resolved battle (the player registry's commander, ai/commander.py: the
engine's heuristic player, who withdraws when losing badly, house rule
``withdraw_below``), given to the play screen as
its seats' AI players (``Seats.players``): a withdrawal is shown and logged as a human's,
and the survivors go where the campaign sends an AI player's withdrawing warriors. The
saved game keeps the seats as "heuristic"; whoever opens it again asks ``seats_for`` for
the commanders (the battle's sides and house rule, kept with the battle's link). The result is
read from the finished game exactly as an auto-resolved one (``battle.result_of``), with
the number of the game it was played as: the campaign's log keeps both, and the game's
own log is kept with the saved games, so the campaign replays without the game and the
game can be told again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from armybuilder.ai.registry import PLAYERS
from armybuilder.campaign.battle import (
    BattlePlan,
    Commander,
    commanders,
    derive,
    note_forfeits,
    plan_battle,
    rebuilt,
    result_of,
    setup_of,
    sides_of,
)
from armybuilder.campaign.state import Campaign
from armybuilder.engine import Action, Game, GameSetup, apply
from armybuilder.play.session import PlaySession, Seats

#: How an AI player's side is seated in the saved game: the engine's heuristic player,
#: the one the campaign's commander plays with (``ai_players``: the commanders).
PLAYED_AI = "heuristic"
#: What the play screen calls them: the heuristic player who also withdraws (the player
#: registry's "commander").
COMMANDER = PLAYERS.title("commander")


class PlayedError(ValueError):
    """A played game that cannot be taken as the battle's result; the message says why."""


def human_sides(c: Campaign) -> list[int]:
    """The human players taking part in the battle the campaign waits for."""
    d = c.decision()
    if d is None or d.kind != "battle" or c.battle is None or c.over:
        return []
    return [p for p in c.battle.sides if c.players[p].seat == "human"]


def seats_of(c: Campaign, plan: BattlePlan) -> tuple[str, ...]:
    """Who commands each side of the game: the humans, and the AI for the others."""
    return tuple("human" if c.players[s.player].seat == "human" else PLAYED_AI
                 for s in plan.sides)


class PlayedCommander(Commander):
    """A side's commander on the play screen. The play screen makes its AI player afresh
    for every choice, seeded from the game's seed and the actions so far, so that a
    resumed game chooses as one never interrupted: the commander knows the start of its
    turn from the game itself (no action given yet), not from having looked before, and
    looks at withdrawing there, as in an auto-resolved battle."""

    def choose(self, game: Game) -> Action:
        if game.actions_used:
            self._looked = game.turn
        return super().choose(game)


def ai_players(sides: list[dict[str, Any]], below: float, ai: str = "heuristic"
               ) -> Callable[[int, int], PlayedCommander]:
    """The play screen's AI players of a battle (``Seats.players``): ``sides`` as kept
    with it (battle.sides_of), ``below`` the house rule ``withdraw_below``, ``ai`` the
    house rule ``battle_ai``."""
    def make(seat: int, seed: int) -> PlayedCommander:
        return PlayedCommander(seed, side=seat, may_withdraw=bool(sides[seat]["may_withdraw"]),
                               below=below, ai=ai)

    return make


def seats_for(link: dict[str, Any], seats: Seats, log: str) -> Seats:
    """The seats of a saved game given the campaign's commanders, if the game is the
    battle ``link`` (the players kept with the battle's row, its start in ``scenario``)
    keeps: the same seats and the same start. Otherwise the seats as they were."""
    players = link.get("players", {})
    try:
        start = json.loads(log)["start"]
    except (ValueError, KeyError, TypeError):
        return seats
    if players.get("seats") != list(seats.commanders) or \
            len(players.get("sides", ())) != len(seats.commanders) or \
            link.get("scenario") != start:
        return seats
    return replace(seats, players=ai_players(players["sides"],
                                             float(players["withdraw_below"]),
                                             str(players.get("ai", "heuristic"))),
                   title=COMMANDER)


@dataclass(frozen=True)
class Opened:
    """A battle opened as a game to play: the session, and what the campaign keeps of it."""

    session: PlaySession
    plan: BattlePlan
    start: GameSetup
    sides: list[dict[str, Any]]  # as battle.fight keeps them

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.plan.sides)

    def link(self, withdraw_below: float, game_id: int, ai: str = "heuristic"
             ) -> dict[str, Any]:
        """What the campaign keeps with the battle once it is saved as game ``game_id``
        (its row's ``scenario`` and ``players``), as ``links.battle_of_game`` reads it
        back and ``seats_for`` takes it."""
        return {"scenario": self.start.to_dict(),
                "players": {"sides": self.sides, "withdraw_below": withdraw_below,
                            "seats": list(self.session.seats.commanders), "game": game_id,
                            **ai_kept(ai)}}


def open_game(c: Campaign) -> Opened:
    """The battle the campaign waits for as a game to play on the play screen, from the
    start an auto-resolved battle's has, the humans seated at their sides to set their own
    part of the scene."""
    if not human_sides(c):
        raise PlayedError("no battle a human takes part in waits to be fought")
    plan = plan_battle(c)
    # World Conquest, Troop Movements: "take your armies over to a game board" and battle
    # rule 1, "each player sets up terrain as normal": the same start as an auto-resolved
    # battle's, the humans at their own sides.
    start = setup_of(plan)
    sides = sides_of(plan)
    seats = Seats(seats_of(c, plan), derive(plan.seed, "play"),
                  ai_players(sides, c.rules.withdraw_below, c.rules.battle_ai), COMMANDER)
    return Opened(PlaySession.start(start, seats), plan, start, sides)


def _same_battle(plan: BattlePlan, game: Game) -> None:
    """The game is the battle planned: the same warriors, on the same sides."""
    ids = [(k, wid) for k, s in enumerate(plan.sides) for wid in s.warriors]
    # The territory's fortifications come after the warriors (engine/setup.py).
    found = [(w.owner, w.card.key) for w in game.warriors if w.work is None]
    wanted = [(k, plan.cards[i].key) for i, (k, _) in enumerate(ids)]
    if found != wanted or [p.name for p in game.players] != [s.name for s in plan.sides]:
        raise PlayedError(f"the game is not battle {plan.number} in {plan.territory} as it "
                          "stands in the campaign")


def _the_battles_game(c: Campaign, log: str, game_id: int) -> tuple[Any, Game, Any]:
    """The battle the campaign waits for and game ``game_id`` rebuilt from its log, checked
    to be that battle: (the plan, the game, the forfeits)."""
    plan = plan_battle(c)
    try:
        game, forfeited = rebuilt(log)
    except (ValueError, KeyError) as exc:
        raise PlayedError(f"game {game_id}: {exc}") from exc
    _same_battle(plan, game)
    return plan, game, forfeited


def played_result(c: Campaign, log: str, game_id: int) -> dict[str, Any]:
    """The result of the battle the campaign waits for, from the finished game of the
    play screen: read as an auto-resolved battle's is (battle.result_of), with the game's
    number."""
    plan, game, forfeited = _the_battles_game(c, log, game_id)
    if not game.over:
        raise PlayedError(f"game {game_id} is not over yet")
    result = result_of(plan, game, forfeited)
    result["game"] = game_id
    return result


def finish(c: Campaign, log: str, game_id: int) -> tuple[Game, dict[str, Any]]:
    """A half-played game finished by the engine's AI on every side, as an auto-resolved
    battle is fought (each side's commander may withdraw): the game and its result."""
    plan, game, forfeited = _the_battles_game(c, log, game_id)
    players: list[Commander] = commanders(sides_of(plan), c.rules.withdraw_below,
                                          c.rules.battle_ai)
    while not game.over:  # the battle's round limit ends it
        action = players[game.to_act].choose(game)
        note_forfeits(game, action, forfeited)
        apply(game, action)
    result = result_of(plan, game, forfeited)
    result["game"] = game_id
    return game, result


def ai_kept(ai: str) -> dict[str, str]:
    """The house rule ``battle_ai`` as a battle keeps it: only when it is not the
    heuristic, so that battles kept before it was a rule read the same."""
    return {} if ai == "heuristic" else {"ai": ai}
