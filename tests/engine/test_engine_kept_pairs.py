"""Answers kept across a change of the battlefield equal the work done afresh.

After a base is placed, moved, turned, taken off or captured the engine forgets only what
the figures that changed could alter (``State._rearranged``): the contact lists of the
warriors within reach of where they stood or stand, whether two figures face each other
or meet a rear arc when one of the two changed, the movement obstacles' pairs of the
figures that moved. Each is compared here with the answer worked out from nothing, after
small moves that make and break contacts, the changes a rule can make, and real play.
"""

from __future__ import annotations

import math
import random

from engine_helpers import card, scenario, w

from armybuilder.engine import Game, apply, combat, geometry, legal, movement, state
from armybuilder.engine.abilities import AttackPlan
from armybuilder.engine.combat import Strike
from armybuilder.engine.state import NOBODY, Warrior

FOOT = card("Footman", 20, speed=8, clicks=5, abilities={1: ("Demoralized",)})
HORSE = card("Rider", 30, speed=10, base="cavalry", base_radius=0.875, clicks=5)
ARCHER = card("Archer", 18, speed=7, range=8, targets=2, clicks=4)
GUARD = card("Guard", 25, speed=6, clicks=4, abilities={0: ("Defend",)})


def _crowd() -> Game:
    """Round and double bases close together, in and out of contact, a Defend lender
    among them and one warrior holding a captive."""
    return scenario(
        w(FOOT, 0, 10.0, 10.0), w(HORSE, 0, 11.4, 10.0), w(ARCHER, 0, 10.0, 11.01),
        w(GUARD, 0, 8.99, 10.0), w(FOOT, 1, 12.0, 11.0, math.pi),
        w(HORSE, 1, 9.0, 12.0, -math.pi / 2), w(ARCHER, 1, 15.0, 14.0),
        w(FOOT, 0, 15.0, 15.0, captive_of=6), w(FOOT, 1, 14.0, 9.0), build=200)


def _touching(game: Game, x: Warrior) -> list[Warrior]:
    return [o for o in game.warriors if o.on_table and o is not x and game.touching(x, o)]


def _opposing(game: Game, x: Warrior) -> list[Warrior]:
    return [o for o in _touching(game, x) if o.team != x.team and o.controller == NOBODY]


def _ask(game: Game) -> None:
    """Fill every kept answer, so that one not forgotten when it should be shows."""
    on = [x for x in game.warriors if x.on_table]
    for x in on:
        game.opposing_contacts(x)
        game.contacts(x)
        for y in on:
            if y is not x:
                game.faces(x, y)
                game.at_rear(x, y)
    movement.arranged(game)


def _agree(game: Game) -> None:
    on = [x for x in game.warriors if x.on_table]
    for x in on:
        assert game.opposing_contacts(x) == _opposing(game, x)
        assert game.contacts(x) == _touching(game, x)
        for y in on:
            if y is not x:
                assert game.faces(x, y) == geometry.faces(x.discs, x.facing, x.card.arc,
                                                          y.discs)
                assert game.at_rear(x, y) == geometry.meets_rear(y.discs, y.facing,
                                                                 y.card.arc, x.discs)
    assert movement.arranged(game) == movement._obstacles(game, (), None, with_ids=True)


def _nudge(game: Game, rng: random.Random) -> None:
    """One change a rule can make, mostly small moves that make or break a contact."""
    x = rng.choice(game.warriors)
    change = rng.choice(("step", "step", "step", "touch", "facing", "on_table", "controller",
                         "same"))
    if change == "step":
        x.x += rng.choice((-0.2, -0.05, 0.05, 0.2))
        x.y += rng.choice((-0.2, 0.0, 0.2))
    elif change == "touch":
        # Into base contact with another figure, as the move listing places it.
        o = rng.choice([o for o in game.warriors if o is not x])
        (x.x, x.y), x.facing = legal.contact_spot(x, o, rng.uniform(-math.pi, math.pi))
    elif change == "facing":
        x.facing = rng.uniform(-math.pi, math.pi)  # turns a double base's discs too
    elif change == "on_table":
        x.on_table = not x.on_table
    elif change == "controller":
        x.controller = NOBODY if x.controller != NOBODY else rng.randrange(len(game.warriors))
    else:
        x.x = x.x  # written, not changed: nothing need be forgotten


def test_kept_answers_follow_small_moves_and_every_kind_of_change() -> None:
    game = _crowd()
    rng = random.Random(17)
    _agree(game)
    for _ in range(400):
        _ask(game)
        _nudge(game, rng)
        _agree(game)


def test_lists_far_from_a_move_are_kept_and_near_ones_forgotten() -> None:
    game = _crowd()
    _ask(game)
    far, mover = game.warriors[6], game.warriors[0]
    kept = game.contact_cache[far]
    near = [o for o in game.warriors if o.on_table and game.touching(mover, o)]
    mover.x += 0.01
    game.contacts(far)
    assert game.contact_cache[far] is kept  # nothing within reach changed
    assert all(o not in game.contact_cache for o in [mover, *near])


def test_a_new_list_of_warriors_forgets_everything() -> None:
    game = _crowd()
    _ask(game)
    game.warriors = list(game.warriors)
    game.warriors[5].x = game.warriors[5].x  # a write: the lists are looked at again
    assert game.contacts(game.warriors[0]) == _touching(game, game.warriors[0])
    assert game.contact_cache.keys() == {game.warriors[0]}


def test_kept_answers_agree_through_random_play() -> None:
    rng = random.Random(5)
    for _ in range(3):
        game = _crowd()
        for _ in range(80):
            if game.over:
                break
            _ask(game)
            apply(game, rng.choice(list(game.legal_actions())))
            _agree(game)


def _lent(game: Game, t: Warrior, plan: AttackPlan) -> int | None:
    """shared_defense as the rules say it, every figure asked (FAQ, Chain Defend)."""
    best, seen, frontier = None, {t.id}, [t]
    while frontier:
        nxt = []
        for node in frontier:
            for o in game.warriors:
                if o.id in seen or not o.on_table or not game.friendly(o, t) or \
                        "Defend" not in o.abilities or not game.touching(node, o):
                    continue
                seen.add(o.id)
                nxt.append(o)
                value = combat.defense_value(game, plan, Strike(o, targeted=False))
                best = value if best is None else max(best, value)
        frontier = nxt
    return best


def test_defend_is_lent_by_the_friends_that_can() -> None:
    game = _crowd()
    rng = random.Random(9)
    lent = 0
    for _ in range(200):
        _nudge(game, rng)
        attacker = rng.choice(game.warriors)
        plan = AttackPlan(kind="close", mode=None, attacker=attacker)
        for t in game.warriors:
            got = combat.shared_defense(game, t, plan)
            assert got == _lent(game, t, plan)
            lent += got is not None
    assert lent > 0  # the Guard did lend its defense


def test_close_targets_are_the_figures_in_front_contact() -> None:
    game = _crowd()
    rng = random.Random(4)
    listed = 0
    for _ in range(150):
        _nudge(game, rng)
        game.current = rng.randrange(2)
        game.turn += 1  # no warrior has acted this turn
        for x in game.warriors:
            got = {a.target for a in legal._close(game, x) if not a.capture}
            plan = legal._plan(game, x, "close", None)
            want = set() if plan is None or not x.on_table else {
                t.id for t in game.warriors if t.on_table and t is not x
                and t.team != x.team and t.controller == NOBODY
                and game.touching(x, t) and game.faces(x, t)}
            assert got >= want, (x, got, want)
            listed += len(want)
    assert listed > 0


def test_plain_writes_neither_place_a_base_nor_turn_the_dial() -> None:
    # turns.mark_action and end_turn store these straight into their slots: were one of
    # them to place a base or be read off the dial, the kept answers would go stale.
    assert not state.PLAIN_WRITES & (state._PLACING | state._DIAL)
    game = _crowd()
    x = game.warriors[0]
    before, placed, stats = state.arrangement, x.placed, x.stats
    for name in sorted(state.PLAIN_WRITES):
        setattr(x, name, 1)
    assert (state.arrangement, x.placed, x.stats) == (before, placed, stats)


def test_place_counts_as_three_placing_writes() -> None:
    game = _crowd()
    a, b = game.warriors[0], game.warriors[1]
    a.x, a.y = 3.0, 4.0
    a.facing = 0.5
    after_writes = state.arrangement
    assert a.placed == after_writes
    b.place(5.0, 6.0, -0.5)
    assert (b.x, b.y, b.facing) == (5.0, 6.0, -0.5)
    assert state.arrangement == after_writes + 3 == b.placed
