"""Where a move may take a warrior that matters, for a player steering it: base contact
with each opposing figure in reach (its front arc or its rear arc, as the engine's move
listing reaches them), out of every opposing figure's line of fire, the best cover in
reach, and a captive brought back into the starting area. Each
with the engine's own check (the rule that refuses it) and, for base contact, the odds
of the close combat attack it sets up, worked out on the game after the move (the
engine's ``outcomes``: every roll the move makes, a break-away's, counted; then its
``forecast`` of the attack from there). Line of fire and cover are the engine's too: on
the game after the move, the turn ended with the engine's passes (``ending_turn``), each
opposing figure's ranged attack at the warrior checked and forecast.

What a move touches is the engine's answer too: the figures in base contact with the
warrior in the game after it (``State.opposing_contacts``), and on which of their arcs
(``State.faces``: its front arc, else its rear arc)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from armybuilder.engine import (
    CloseAttack,
    Game,
    IllegalAction,
    Move,
    RangedAttack,
    apply,
    contact_spot,
    ending_turn,
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
    #: The best chance an opposing figure's ranged attack would hit it there in their
    #: next turn (0: none could make one), and the modifiers that shot's roll meets.
    shot: float | None = None
    cover: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Shots:
    """What the opposing side's ranged attacks could do to a warrior where a move leaves
    it, in their next turn: the best chance to hit and the modifiers of that shot."""

    best: float
    modifiers: tuple[tuple[str, int], ...]


def _shots(after: Game, wid: int) -> Shots | None:
    """The opposing side's ranged attacks at ``wid`` once the turn is ended (the
    engine's passes, then its check and forecast of each shot); None when the turn
    cannot be ended yet (a decision owed) or no opposing figure has a range."""
    w = after.warriors[wid]
    shooters = [o for o in after.warriors if o.on_table and after.opposing(w, o)
                and o.card.range > 0]
    if not shooters:
        return None
    ends = ending_turn(after)
    if not ends:
        return None
    for action in ends:
        apply(after, action)
    best = 0.0
    modifiers: tuple[tuple[str, int], ...] = ()
    for o in shooters:
        try:
            fc = forecast(after, RangedAttack(o.id, (wid,)), follow_up=True)
        except IllegalAction:
            continue  # no line of fire, out of range, or no shot at all: safe from it
        for strike in fc.strikes:
            if strike.figure.id != wid:
                continue
            odds = fc.odds(after, strike)
            if odds.hit + odds.critical > best:
                best = odds.hit + odds.critical
                modifiers = tuple(strike.defense_why) + tuple(strike.roll_why)
    return Shots(best, modifiers)


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
        sheltered: list[tuple[Shots, float, Destination]] = []
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
            if not touches and chance > 1 - 1e-9:
                shots = _shots(after, wid)
                if shots is not None:
                    sheltered.append((shots, _nearest_foe(after, wid), Destination(
                        "", end, facing, option, None, shot=shots.best,
                        cover=shots.modifiers)))
        if held is not None and not home:
            home = _home(s, wid, seat, before)
        out = [d for _, d in sorted(best.values(), key=lambda e: (
            -e[0], e[1].touches[0].warrior, ARCS.index(e[1].touches[0].arc)))]
        reached = {t.warrior for d in out for t in d.touches}
        out += _out_of_reach(s, wid, reached, ability)
    return out + _shelter(sheltered) + home


def _nearest_foe(after: Game, wid: int) -> float:
    w = after.warriors[wid]
    return min((math.hypot(o.x - w.x, o.y - w.y) for o in after.warriors
                if o.on_table and after.opposing(w, o)), default=math.inf)


def _shelter(found: list[tuple[Shots, float, Destination]]) -> list[Destination]:
    """Out of every opposing figure's line of fire (the one nearest the enemy, to
    advance safely), and the best cover where they can still shoot: the place whose
    best shot at it is the least likely to hit, its modifiers named (Rulebook V,
    hindering terrain and the like, as the engine's forecast names them)."""
    out: list[Destination] = []
    safe = [f for f in found if f[0].best <= 0.0]
    if safe:
        _, _, d = min(safe, key=lambda f: f[1])
        out.append(replace(d, words="out of every opposing figure's line of fire (no "
                                    "ranged attack on it next turn)"))
    covered = [f for f in found if f[0].best > 0.0 and f[0].modifiers]
    if covered:
        shots, _, d = min(covered, key=lambda f: (f[0].best, f[1]))
        named = ", ".join(f"{v:+d} {n}" for n, v in shots.modifiers)
        out.append(replace(d, words=f"the best cover in reach ({named}): the best shot at "
                                    f"it hits {100 * shots.best:.0f}%"))
    return out


def _home(s: PlaySession, wid: int, seat: int, before: int) -> list[Destination]:
    """A captive brought back: straight to the nearest point of the starting area (its
    centre a base's radius inside), checked by the engine."""
    p = s.board.pieces[wid]
    x0, y0, x1, y1 = s.board.sides[seat].area
    r = p.radius
    at = (min(max(p.x, x0 + r), x1 - r), min(max(p.y, y0 + r), y1 - r))
    away = math.hypot(at[0] - p.x, at[1] - p.y)
    if away < 1e-6:
        return []
    limit = s.allowance(wid) or 0.0
    label = s.board.pieces[p.holds].label if p.holds is not None else "the captive"
    words = f"{label} brought home into your starting area"
    if away > limit:
        # Out of reach this turn: as far towards it as the allowance goes.
        share = max(0.0, limit - 1e-3) / away
        at = (p.x + (at[0] - p.x) * share, p.y + (at[1] - p.y) * share)
        words = f"towards your starting area with {label} ({away - limit:.1f}\" short)"
    facing = math.atan2(at[1] - p.y, at[0] - p.x)
    option = s.move(wid, [at], facing)
    why = s.refusal(option.action)
    gained = 0
    if why is None:
        after, _ = _after(s.game, option.action)
        gained = after.scores()[seat].captives - before if after is not None else 0
    return [Destination(words, at, facing, option, why, gains=gained)]


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
