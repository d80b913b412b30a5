"""A game reviewed by the expert AI, the way chess tools flag blunders: every action a
player gave on its turn is weighed again on the position it was given in (the action
played among the expert's own options), and each side's decisions that lost the most
estimated chance of winning are marked, with what the expert would have done.

    slips = review(read_log(path), think="48")

The estimates are the expert's (:mod:`armybuilder.ai.foresight`): a chance of winning
after each option on its simulations, so small differences are noise; only a loss of at
least ``FLOOR`` is marked. The same log, seed and budget give the same review.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from armybuilder.ai.registry import make_player
from armybuilder.engine import GameSetup, action_from_json, setup_from_dict, waiting
from armybuilder.play.session import PlaySession, Seats
from armybuilder.sim.match import player_seed

if TYPE_CHECKING:
    from armybuilder.ai.expert import ExpertPlayer

#: A decision is marked when the expert's best option wins at least this much more often
#: than the action played (estimated).
FLOOR = 0.03
#: The most decisions marked for each side.
MARKED = 3


@dataclass(frozen=True, slots=True)
class Slip:
    """One decision that lost estimated chances of winning."""

    entry: int  # the log entry of the action played
    seat: int
    side: str
    round: int
    played: str
    played_chance: float
    better: str
    better_chance: float
    simulations: int

    @property
    def lost(self) -> float:
        return self.better_chance - self.played_chance

    def words(self) -> str:
        return (f"round {self.round}, {self.side}: played “{self.played}” (wins "
                f"{self.played_chance:.0%}); the expert: “{self.better}” (wins "
                f"{self.better_chance:.0%}), −{self.lost:.0%} "
                f"[{self.simulations} simulations, entry {self.entry}]")


@dataclass(frozen=True, slots=True)
class Review:
    """Each side's worst decisions (most estimated chance lost first) and how many
    decisions were weighed."""

    slips: tuple[tuple[Slip, ...], ...]
    weighed: int

    def lines(self, sides: tuple[str, ...]) -> list[str]:
        out = [f"The expert AI weighed {self.weighed} decisions again."]
        for seat, slips in enumerate(self.slips):
            out.append(f"{sides[seat]}: " + ("no decision lost more than "
                                             f"{FLOOR:.0%}" if not slips else
                                             f"the {len(slips)} costliest decisions"))
            out += [f"  {s.words()}" for s in slips]
        return out


def review(data: dict[str, Any], think: str | None = None,
           progress: Callable[[int, int], None] | None = None) -> Review:
    """The review of a checked log (``sim.replay.read_log``'s). ``progress``: told
    (actions of the log gone through, actions in all)."""
    start = setup_from_dict(data["start"])
    seed = start.seed if isinstance(start, GameSetup) else 0
    session = PlaySession.start(start, Seats(("human",) * len(start.players), seed))
    entries = data["entries"][1:]
    found: list[list[Slip]] = [[] for _ in start.players]
    weighed = 0
    for k, entry in enumerate(entries, start=1):
        action = action_from_json(entry["action"])
        game = session.game
        now = waiting(game)
        if now.what == "action" and entry["action"].get("type") not in _NOT_WEIGHED:
            slip = _weigh(session, action, now.player, k, think, seed)
            weighed += 1
            if slip is not None and slip.lost >= FLOOR:
                found[slip.seat].append(slip)
        session.play(session.option(action))
        if progress is not None:
            progress(k, len(entries))
    worst = tuple(tuple(sorted(s, key=lambda x: (-x.lost, x.entry))[:MARKED]) for s in found)
    return Review(worst, weighed)


#: Actions a review does not weigh: they are not choices of what to do with the turn.
_NOT_WEIGHED = ("withdraw", "end_by_agreement")


def _weigh(session: PlaySession, action: Any, seat: int, entry: int, think: str | None,
           seed: int) -> Slip | None:
    game = session.game
    player: ExpertPlayer = make_player(  # type: ignore[assignment]
        "expert", player_seed(seed, f"review {entry}"), think=think)
    found = player.weigh(game.copy(), played=action)
    played = next((w for w in found.options if w.action == action), None)
    best = next((w for w in found.options if w.action == found.choice), None)
    if played is None or best is None or best.action == action:
        return None
    return Slip(entry, seat, game.players[seat].name, game.round,
                session.option(action).words, played.win_chance,
                session.option(best.action).words, best.win_chance,
                found.simulations)

