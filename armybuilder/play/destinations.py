"""Where a move may take a warrior that matters, for a player steering it: base contact
with each opposing figure in reach (its front arc or its rear arc, as the engine's move
listing reaches them), and a captive brought back into the starting area. Each
with the engine's own check (the rule that refuses it) and, for base contact, the odds
of the close combat attack it sets up, worked out on the game after the move (the
engine's ``outcomes``: every roll the move makes, a break-away's, counted; then its
``forecast`` of the attack from there).

What a move touches is the engine's answer too: the figures in base contact with the
warrior in the game after it (``State.opposing_contacts``), and on which of their arcs
(``State.faces``: its front arc, else its rear arc)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from armybuilder.engine import (
    CloseAttack,
    Game,
    IllegalAction,
    Move,
    contact_spot,
    forecast,
    legal_actions,
    outcomes,
)
from armybuilder.play.board import Option, Point, Refusal

if TYPE_CHECKING:
    from armybuilder.play.session import PlaySession

#: The arcs of a figure's base a warrior may touch (Rulebook I, the base: its front arc
#: and the rest, its rear arc), in the order a player weighs them.
ARCS = ("front", "rear")


@dataclass(frozen=True, slots=True)
class Touch:
    """An opposing figure a move ends in base contact with: on which of its arcs, and
    the odds of a close combat attack on it from there (None: the engine refuses one,
    ``why`` says which rule)."""

    warrior: int
    arc: str
    hit: float | None = None
    needed: int | None = None
    why: str = ""


@dataclass(frozen=True, slots=True)
class Destination:
    """A place worth moving to: what it is, where, the move (checked by the engine:
    ``refusal`` None when allowed) and what it touches there."""

    words: str
    at: Point
    facing: float
    option: Option
    refusal: Refusal | None
    touches: tuple[Touch, ...] = ()
    #: Victory points a captive brought home adds (Rulebook VI, Victory!).
    gains: int = 0
    #: The chance the move gets away at all (Rulebook III, Breaking Away), when it must.
    reaches: float = 1.0


def _after(game: Game, move: Any) -> tuple[Game | None, float]:
    """The game after ``move`` where the warrior got where it was going (the likeliest
    such way, every roll counted by the engine), and the chance it gets there."""
    end = move.path[-1] if move.path else None
    best: tuple[float, Game] | None = None
    total = 0.0
    for b in outcomes(game, move):
        w = b.game.warriors[move.warrior]
        there = end is None or math.hypot(w.x - end[0], w.y - end[1]) < 1e-6
        if there:
            total += b.chance
            if best is None or b.chance > best[0]:
                best = (b.chance, b.game)
    return (best[1] if best is not None else None), total


def _touches(after: Game, wid: int) -> tuple[Touch, ...]:
    w = after.warriors[wid]
    found = []
    for o in after.opposing_contacts(w):
        arc = "front" if after.faces(o, w) else "rear"
        try:
            fc = forecast(after, CloseAttack(wid, o.id), follow_up=True)
        except IllegalAction as exc:
            found.append(Touch(o.id, arc, why=exc.rule or exc.reason))
            continue
        strike = next((st for st in fc.strikes if st.figure.id == o.id), None)
        if strike is None:
            found.append(Touch(o.id, arc))
            continue
        odds = fc.odds(after, strike)
        found.append(Touch(o.id, arc, odds.hit + odds.critical, odds.needed))
    return tuple(found)


def touched(s: PlaySession, option: Option) -> tuple[tuple[Touch, ...], float]:
    """The opposing figures ``option`` (a move) ends in base contact with, and the
    chance it gets there; nothing when the engine refuses it."""
    action = option.action
    if not isinstance(action, Move) or not action.path:
        return (), 1.0
    with s.lock:
        if not s.game.is_legal(action):
            return (), 1.0
        after, chance = _after(s.game, action)
        return (_touches(after, action.warrior) if after is not None else ()), chance


def destinations(s: PlaySession, wid: int, ability: str | None = None
                 ) -> list[Destination]:
    """The places worth a move for ``wid`` now (with ``ability``: Charge, Bound): for
    every opposing figure in reach, the best contact the engine's listing reaches on each
    of its arcs (the likeliest hit first), or the rule that refuses contact; with a
    captive, back into the starting area."""
    board = s.board
    with s.lock:
        game = s.game
        moves = [a for a in legal_actions(game, wid, {"move"})
                 if isinstance(a, Move) and a.warrior == wid and a.path
                 and a.ability == ability]
        best: dict[tuple[int, str], tuple[float, Destination]] = {}
        home: list[Destination] = []
        seat = board.pieces[wid].seat
        held = board.pieces[wid].holds
        before = game.scores()[seat].captives
        for move in moves:
            after, chance = _after(game, move)
            if after is None:
                continue
            option = s.option(move)
            touches = _touches(after, wid)
            end = move.path[-1]
            facing = move.facing if move.facing is not None else board.pieces[wid].facing
            for t in touches:
                key = (t.warrior, t.arc)
                score = chance * (t.hit or 0.0)
                if key not in best or score > best[key][0]:
                    best[key] = (score, Destination(
                        f"base contact with {board.pieces[t.warrior].label}, its {t.arc} "
                        "arc", end, facing, option, None, (t,), reaches=chance))
            gained = after.scores()[seat].captives - before
            if held is not None and gained > 0 and not home:
                home.append(Destination(
                    f"{board.pieces[held].label} brought home into your starting area",
                    end, facing, option, None, touches, gains=gained,
                    reaches=chance))
        if held is not None and not home:
            home = _home(s, wid, seat, before)
        out = [d for _, d in sorted(best.values(), key=lambda e: (
            -e[0], e[1].touches[0].warrior, ARCS.index(e[1].touches[0].arc)))]
        reached = {t.warrior for d in out for t in d.touches}
        out += _out_of_reach(s, wid, reached, ability)
    return out + home


def _home(s: PlaySession, wid: int, seat: int, before: int) -> list[Destination]:
    """A captive brought back: straight to the nearest point of the starting area (its
    centre a base's radius inside), checked by the engine."""
    p = s.board.pieces[wid]
    x0, y0, x1, y1 = s.board.sides[seat].area
    r = p.radius
    at = (min(max(p.x, x0 + r), x1 - r), min(max(p.y, y0 + r), y1 - r))
    if math.hypot(at[0] - p.x, at[1] - p.y) < 1e-6:
        return []
    facing = math.atan2(at[1] - p.y, at[0] - p.x)
    option = s.move(wid, [at], facing)
    why = s.refusal(option.action)
    gained = 0
    if why is None:
        after, _ = _after(s.game, option.action)
        gained = after.scores()[seat].captives - before if after is not None else 0
    label = s.board.pieces[p.holds].label if p.holds is not None else "the captive"
    return [Destination(f"{label} brought home into your starting area", at, facing,
                        option, why, gains=gained)]


def _out_of_reach(s: PlaySession, wid: int, reached: set[int], ability: str | None
                  ) -> list[Destination]:
    """Each opposing figure within the allowance (and two bases) that no listed move
    touches: the move straight at its front, with the engine's reason it is refused."""
    game, board = s.game, s.board
    limit = s.allowance(wid, ability)
    if limit is None:
        return []
    w = game.warriors[wid]
    out = []
    for o in game.warriors:
        if o.id in reached or not o.on_table or not game.opposing(w, o) or \
                not o.kind.in_base_contact:
            continue
        gap = math.hypot(o.x - w.x, o.y - w.y) - w.half_length - o.half_length
        if gap > limit:
            continue
        end, facing = contact_spot(w, o, o.facing)
        option = s.move(wid, [end], facing, ability)
        why = s.refusal(option.action)
        if why is None:
            continue  # allowed after all: steered to, the engine says what it touches
        out.append(Destination(f"base contact with {board.pieces[o.id].label}", end,
                               facing, option, why))
    return out
