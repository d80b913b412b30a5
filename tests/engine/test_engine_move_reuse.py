"""A move checked once is not checked again while nothing the check reads has changed.

Players check a move (legal.try_move), then give it, and giving it checks it again
(movement.check_move_action): movement.check_move remembers the moves it found legal, by
the move, the limit, who makes it and the warrior's abilities, while the battlefield, the
terrain, the rules registered and the turn stand; movement.obstacles hands out the same
lists while the figures stand. Each test here changes one thing the check reads between
two checks of the same move and expects the second answer to follow, as the check worked
out afresh (``movement._check_move``) answers.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pytest
from engine_helpers import NORTH, card, scenario, w

from armybuilder.engine import Game, Move, apply, legal, movement
from armybuilder.engine.abilities import REGISTRY, MoveContext
from armybuilder.engine.geometry import rectangle
from armybuilder.engine.state import NOBODY, IllegalAction, Warrior
from armybuilder.engine.terrain import Terrain, TerrainFeature

RULE = "Test Reuse Rule"  # shown on the flyer's last click; registered only by some tests

FLYER = card("Flyer", 30, speed=8, clicks=4,
             abilities={0: ("Flight",), 1: ("Demoralized",), 3: (RULE,)})
PLAIN = card("Plain", 20, speed=8, clicks=4)
FOE = card("Foe", 20, speed=8, clicks=4)


def _field() -> Game:
    """0: a flyer facing a foe (1) 2" north; 2: a friend 4" east of the flyer; 3 holds
    4 captive; 5: a foe far off."""
    return scenario(
        w(FLYER, 0, 10.0, 10.0, NORTH), w(FOE, 1, 10.0, 12.0), w(PLAIN, 0, 14.0, 10.0),
        w(PLAIN, 0, 25.0, 10.0), w(FOE, 1, 26.0, 10.0, captive_of=3),
        w(FOE, 1, 30.0, 30.0), build=200)


def _answer(check: Callable[[], movement.MovePlan]) -> Any:
    """The plan's numbers (with their types), or the rule the move breaks."""
    try:
        p = check()
    except IllegalAction as exc:
        return exc.rule
    return (p.end, [type(v) for v in p.end], p.facing, p.captive_at, p.captive_facing,
            p.moved)


def _check(game: Game, x: Warrior, move: Move, limit: float = 8.0, forced: bool = False
           ) -> Any:
    """check_move's answer, asked twice (the second time from memory when legal), after
    checking both agree with the check worked out afresh."""
    fresh = _answer(lambda: movement._check_move(game, x, move, limit, None, None, forced))
    for _ in range(2):
        assert _answer(lambda: movement.check_move(game, x, move, limit,
                                                   forced=forced)) == fresh
    return fresh


def _legal(answer: Any) -> bool:
    return not isinstance(answer, str)


def _register_rule(hook: Callable[[Any, Any, MoveContext], None]) -> None:
    REGISTRY.register(RULE, "a test", movement=hook)


def _forbid_at_end(state: Any, x: Any, ctx: MoveContext) -> None:
    if ctx.stage == "end":
        ctx.violation = "a test rule"


def _forbid_on_odd_turns(state: Any, x: Any, ctx: MoveContext) -> None:
    if ctx.stage == "end" and state.turn % 2:
        ctx.violation = "a test rule: not on odd turns"


def _move_mover(game: Game) -> None:
    game.warriors[0].y = 8.0  # 9" from the end: too far


def _block_the_end(game: Game) -> None:
    game.warriors[2].x, game.warriors[2].y = 10.0, 17.0


def _turn_the_dial(game: Game) -> None:
    game.warriors[0].click = 1  # Flight gone: the path crosses the foe's base


def _cancel_flight(game: Game) -> None:
    game.warriors[0].cancelled = frozenset({"Flight"})


def _capture_mover(game: Game) -> None:
    game.warriors[0].controller = 5  # Rulebook III, Capturing: abilities ignored


def _add_terrain(game: Game) -> None:
    game.terrain.add(TerrainFeature("blocking", rectangle(9.0, 16.5, 11.0, 17.5)))


def _shrink_table(game: Game) -> None:
    game.table = 16.0


def _register(game: Game) -> None:
    game.warriors[0].click = 3  # shows RULE, unhooked: a move is legal ...
    assert _legal(_check(game, game.warriors[0], Move(0, ((10.0, 7.0),))))
    _register_rule(_forbid_at_end)  # ... until its rules are registered


#: One change each to what check_move reads, and the move whose answer it changes.
CHANGES: dict[str, tuple[Callable[[Game], None], Move]] = {
    "the mover's place": (_move_mover, Move(0, ((10.0, 17.0),))),
    "a base where it would end": (_block_the_end, Move(0, ((10.0, 17.0),))),
    "the dial turned": (_turn_the_dial, Move(0, ((10.0, 17.0),))),
    "an ability cancelled": (_cancel_flight, Move(0, ((10.0, 17.0),))),
    "the mover captured": (_capture_mover, Move(0, ((10.0, 17.0),))),
    "terrain placed": (_add_terrain, Move(0, ((10.0, 17.0),))),
    "a smaller battlefield": (_shrink_table, Move(0, ((10.0, 17.0),))),
}


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_a_change_to_what_the_check_reads_is_seen(name: str) -> None:
    change, move = CHANGES[name]
    game = _field()
    x = game.warriors[0]
    before = _check(game, x, move)
    assert _legal(before)
    change(game)
    after = _check(game, x, move)
    assert after != before


def test_other_terrain_as_large_is_seen() -> None:
    far = TerrainFeature("hindering", rectangle(30.0, 1.0, 32.0, 3.0))
    game = scenario(w(PLAIN, 0, 10.0, 10.0), w(FOE, 1, 30.0, 30.0), terrain=(far,))
    x = game.warriors[0]
    move = Move(0, ((10.0, 17.0),))
    assert _legal(_check(game, x, move))
    game.terrain = Terrain((TerrainFeature("blocking", rectangle(9.0, 13.0, 11.0, 14.0)),))
    assert "Blocking" in _check(game, x, move)


def test_rules_registered_after_the_check_are_seen() -> None:
    game = _field()
    x = game.warriors[0]
    move = Move(0, ((10.0, 7.0),))
    try:
        _register(game)
        assert _check(game, x, move) == "a test rule"
    finally:
        REGISTRY.unregister(RULE)
    assert _legal(_check(game, x, move))


def test_a_hook_that_reads_the_turn_is_asked_again_next_turn() -> None:
    game = _field()
    x = game.warriors[0]
    x.click = 3
    move = Move(0, ((10.0, 7.0),))
    _register_rule(_forbid_on_odd_turns)
    try:
        game.turn = 2
        assert _legal(_check(game, x, move))
        game.turn = 3
        assert _check(game, x, move) == "a test rule: not on odd turns"
    finally:
        REGISTRY.unregister(RULE)


def test_a_figure_turning_opposing_is_seen_by_demoralized() -> None:
    game = _field()
    x = game.warriors[0]
    x.click = 1  # Demoralized: never moves into base contact with an opposing figure
    move = Move(0, ((13.0, 10.0),))  # into contact with the friend
    assert _legal(_check(game, x, move))
    game.warriors[2].team = 1
    assert "Demoralized" in _check(game, x, move)


def test_who_makes_the_move_and_how_far_it_may_go_are_part_of_the_move() -> None:
    game = _field()
    x = game.warriors[0]
    x.click = 1
    into_contact = Move(0, ((10.0, 11.0),))
    # FAQ, Magic Confusion: a move an opponent makes for it is not voluntary.
    assert _legal(_check(game, x, into_contact, forced=True))
    assert "Demoralized" in _check(game, x, into_contact, forced=False)
    away = Move(0, ((10.0, 4.0),))
    assert _legal(_check(game, x, away, limit=8.0))
    assert "Movement" in _check(game, x, away, limit=5.0)


def test_the_captive_follows_where_it_stands_and_who_holds_it() -> None:
    game = _field()
    holder, captive = game.warriors[3], game.warriors[4]
    move = Move(3, ((21.0, 10.0),))
    assert _check(game, holder, move)[3] == (22.0, 10.0)
    captive.x, captive.y = 25.0, 11.0
    assert _check(game, holder, move)[3] == (21.0, 11.0)
    holder.captive = NOBODY  # the holder alone, as far as the move goes
    assert _check(game, holder, move)[3] is None
    # Held, the captive is no obstacle to its holder's path; let go, it is.
    holder.captive = 4
    through = Move(3, ((25.0, 13.0),))
    assert _legal(_check(game, holder, through))
    holder.captive = NOBODY
    assert "cross" in _check(game, holder, through)


def test_the_facing_kept_is_the_warriors_own() -> None:
    game = _field()
    x = game.warriors[0]
    move = Move(0, ((6.0, 10.0),))  # keeps its facing
    assert _check(game, x, move)[2] == NORTH
    x.facing = 0.0
    assert _check(game, x, move)[2] == 0.0


def test_a_move_equal_to_one_checked_is_planned_from_its_own_numbers() -> None:
    # Move(0, ((6, 10),)) == Move(0, ((6.0, 10.0),)): the plan takes the asked move's
    # numbers, as the check itself does (the log writes what the plan says).
    game = _field()
    x = game.warriors[0]
    assert _legal(_check(game, x, Move(0, ((6.0, 10.0),), 1.0)))
    answer = _check(game, x, Move(0, ((6, 10),), 1))
    assert answer[1] == [int, int]


def test_moves_among_figures_placed_elsewhere_are_always_checked() -> None:
    # Rulebook IV, Movement Formations: members part-way through their moves.
    game = _field()
    x = game.warriors[0]
    move = Move(0, ((6.0, 10.0),))
    assert _legal(_check(game, x, move))
    with pytest.raises(IllegalAction, match="overlap"):
        movement.check_move(game, x, move, 8.0, positions={2: (6.0, 10.0, 0.0)})


def test_obstacles_other_than_the_warriors_own_are_checked_against() -> None:
    game = _field()
    x, friend = game.warriors[0], game.warriors[2]
    move = Move(0, ((6.0, 10.0),))
    elsewhere = movement.obstacles(game, x, {2: (6.0, 10.0, 0.0)})
    assert _legal(_check(game, x, move))
    with pytest.raises(IllegalAction, match="overlap"):
        movement.check_move(game, x, move, 8.0, around=elsewhere)
    # Obstacles handed out before the friend moved are no longer the warrior's own.
    friend.x = 6.0
    stale = movement.obstacles(game, x)
    friend.x = 14.0
    assert _legal(_check(game, x, move))
    with pytest.raises(IllegalAction, match="overlap"):
        movement.check_move(game, x, move, 8.0, around=stale)


def test_obstacles_are_handed_out_again_while_the_figures_stand() -> None:
    game = _field()
    holder = game.warriors[3]
    first = movement.obstacles(game, holder)
    assert movement.obstacles(game, holder) is first
    for change in ("move", "free", "hold"):
        if change == "move":
            game.warriors[1].x += 0.5
        elif change == "free":
            holder.captive = NOBODY  # only the holder is skipped now
        else:
            holder.captive = 4
        again = movement.obstacles(game, holder)
        skip = (holder.id, holder.captive)
        others, pairs = movement._obstacles(game, (), None, with_ids=True)
        assert again == ([o for o in others if o[0] not in skip],
                         [line for i, j, line in pairs if i not in skip and j not in skip])


def test_giving_a_move_just_tried_does_not_check_it_again(monkeypatch: Any) -> None:
    games = [_field(), _field()]
    move = Move(0, ((10.0, 17.0),))
    x = games[0].warriors[0]
    assert legal.try_move(games[0], x, move, movement.move_allowance(games[0], x),
                          movement.obstacles(games[0], x)) == move
    checks = []
    real = movement._check_move

    def counted(*args: Any) -> movement.MovePlan:
        checks.append(args[2])
        return real(*args)

    monkeypatch.setattr(movement, "_check_move", counted)
    apply(games[0], move)
    assert checks == []
    apply(games[1], move)  # never tried: checked in full
    assert checks == [move]
    assert games[0].log_json() == games[1].log_json()


def test_remembered_answers_agree_through_random_changes() -> None:
    game = _field()
    rng = random.Random(17)
    seen = {"legal": 0, "illegal": 0}
    for _ in range(250):
        x = rng.choice([v for v in game.warriors if v.on_table])
        moves = [Move(x.id, ((x.x + rng.uniform(-6, 6), x.y + rng.uniform(-6, 6)),),
                      rng.choice((None, rng.uniform(-math.pi, math.pi))))
                 for _ in range(3)]
        for move in moves:
            answer = _check(game, x, move)
            seen["legal" if _legal(answer) else "illegal"] += 1
        change = rng.choice(("place", "click", "cancel", "team", "none"))
        y = rng.choice(game.warriors)
        if change == "place" and y.controller == NOBODY:
            y.x = min(35.0, max(1.0, y.x + rng.uniform(-2, 2)))
        elif change == "click":
            y.click = rng.randrange(len(y.card.clicks))
        elif change == "cancel":
            y.cancelled = frozenset() if y.cancelled else frozenset({"Flight"})
        elif change == "team":
            y.team = 1 - y.team
        for move in moves:
            _check(game, x, move)
    assert min(seen.values()) > 50, seen
