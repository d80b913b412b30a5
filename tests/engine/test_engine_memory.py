"""What the engine remembers (armybuilder/engine/memory.py) always equals what it would
work out afresh.

The property test plays random legal actions with real catalogue figures, on an open
table and among terrain, and after every action compares every remembered answer with
one worked out from nothing. The other tests make one change of each kind in memory.py's
table ("What invalidates what") between two questions and expect the second answer to
follow.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pytest
import reference_games as ref
from engine_helpers import NORTH, card, fixture_chariots, scenario, w
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from armybuilder.engine import (
    Game,
    GameSetup,
    Move,
    PlayerSetup,
    apply,
    memory,
    movement,
    places,
)
from armybuilder.engine import geometry as g
from armybuilder.engine.abilities import HOOK_POINTS, REGISTRY, SPEED_ABILITIES, MoveContext
from armybuilder.engine.geometry import rectangle
from armybuilder.engine.memory import every_obstacle
from armybuilder.engine.sections import summary
from armybuilder.engine.state import NOBODY, IllegalAction, Warrior
from armybuilder.engine.terrain import Terrain, TerrainFeature
from armybuilder.sim.terrain_presets import terrain_for

FOOT = card("Footman", 20, speed=8, clicks=5, abilities={1: ("Demoralized",),
                                                         2: ("Toughness", "Pierce")})
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


# --- every remembered answer against one worked out afresh ---------------------------


def _touching(game: Game, x: Warrior) -> list[Warrior]:
    return [o for o in game.warriors if o.on_table and o is not x and game.touching(x, o)]


def _opposing(game: Game, x: Warrior) -> list[Warrior]:
    return [o for o in _touching(game, x) if o.team != x.team and o.controller == NOBODY]


def _ask(game: Game) -> None:
    """Fill every kind of remembered answer, so that one kept when it should have been
    forgotten shows at the next comparison."""
    on = [x for x in game.warriors if x.on_table]
    for x in on:
        game.opposing_contacts(x)
        game.contacts(x)
        movement.obstacles(game, x)
        for y in on:
            if y is not x:
                game.faces(x, y)
                game.at_rear(x, y)
    game.memory.arrangement_of(game)


def _plan(p: movement.MovePlan) -> tuple[Any, ...]:
    return (p.end, p.facing, p.captive_at, p.captive_facing, p.moved)


def _agree(game: Game) -> int:
    """Every remembered answer equals the work done afresh; how many were compared."""
    mem = game.memory
    compared = 0
    on = [x for x in game.warriors if x.on_table]
    for x in game.warriors:
        # The dial's readings (kept by Warrior.__setattr__; Rulebook III, Capturing: a
        # captive's abilities are ignored; cancelled ones are not in effect; Chariot rules:
        # a chariot shows its active sections' best at a glance and plays no ability as a
        # whole, a passenger ignores his speed abilities).
        if x.chariot is not None:
            glance, names = summary(x.card, x.chariot)
            assert (x.abilities, x.showing, x.stats) == ((), names, glance)
        else:
            stats = x.card.clicks[x.click]
            want: tuple[Any, ...] = ((), (), stats) if x.controller != NOBODY else (
                tuple(a for a in stats.abilities if a not in x.cancelled
                      and (x.riding == NOBODY or a not in SPEED_ABILITIES)),
                stats.abilities, stats)
            assert (x.abilities, x.showing, x.stats) == want
        assert game.opposing_contacts(x) == _opposing(game, x)
        assert game.contacts(x) == _touching(game, x)
        compared += 2
    for x in on:
        for y in on:
            if y is not x:
                assert game.faces(x, y) == g.faces(x.discs, x.facing, x.card.arc, y.discs)
                assert game.at_rear(x, y) == g.meets_rear(y.discs, y.facing, y.card.arc,
                                                          x.discs)
                compared += 2
    others, pairs = every_obstacle(game.warriors, None, game.terrain)
    assert mem.arrangement_of(game) == (others, pairs)
    for x in on:
        skip = (x.id, x.captive)
        assert movement.obstacles(game, x) == (
            [o for o in others if o[0] not in skip],
            [line for i, j, line in pairs if i not in skip and j not in skip])
        compared += 1
    # The moves found legal, while what they were found with still stands.
    if mem.moves_at:
        checked = mem.checked_moves(game, REGISTRY.generation)
        for move, limit, forced, wid, captive, abilities, *reads in list(checked):
            x = game.warriors[wid]
            if (x.captive, x.abilities) != (captive, abilities) or tuple(reads) != \
                    memory.move_key(game, x, REGISTRY.reads_for("movement", abilities)):
                continue  # a key this warrior can no longer be asked with
            movement._check_move(game, x, move, limit, None, None, forced)  # still legal
            compared += 1
    # Where terrain stops a path.
    if game.terrain.features:
        stops = mem.stops_for(game.terrain)
        seen = _stops_seen(stops, tuple(game.terrain.features))
        for (points, shape, ignore, facing), stop in stops.items():
            if (points, shape, ignore, facing) in seen:
                continue  # compared already, on this same ground
            assert game.terrain._movement_stop(points, shape, ignore, facing) == stop
            seen.add((points, shape, ignore, facing))
            compared += 1
    # Pure answers kept for every game: each a function of its key (and of the rules
    # registered), so each is compared once. (The tables are the process's: compared in
    # full at every step, the thousands the rest of the suite leaves in them cost a
    # minute.)
    for key, ends in list(memory.STRAIGHT_ENDS.items()):
        if _first_look("ends", key, ends):
            assert places._straight_ends(*key) == ends
    for (generation, abilities, kind), modes in list(memory.ACTION_MODES.items()):
        if generation == REGISTRY.generation and _first_look(
                "modes", (generation, abilities, kind), modes):
            assert modes == tuple(n for n in abilities if REGISTRY.action_kind(n) == kind)
    for abilities, points in list(REGISTRY._answers.items()):
        if not _first_look("hooks", (REGISTRY.generation, abilities), points):
            continue
        for point in HOOK_POINTS:
            assert points[point] == tuple(REGISTRY._by_point[point][n] for n in abilities
                                          if n in REGISTRY._by_point[point])
    return compared


#: The stops last compared: the table, the ground they were worked out on, the keys.
_STOPS: list[Any] = [None, (), set()]


def _stops_seen(stops: Any, features: tuple[Any, ...]) -> set[Any]:
    """The keys of ``stops`` compared already: none when the table or its ground is another
    (a stop is a function of the ground under it, so one kept after the ground changed
    must be compared again)."""
    if _STOPS[0] is not stops or _STOPS[1] != features:
        _STOPS[:] = [stops, features, set()]
    seen: set[Any] = _STOPS[2]
    return seen


#: The pure answers compared so far: (table, key) -> the answer compared.
_LOOKED: dict[tuple[str, Any], Any] = {}


def _first_look(table: str, key: Any, answer: Any) -> bool:
    """Whether this answer under this key is new to the comparison (a key answered again
    with another object is compared again)."""
    seen = _LOOKED.get((table, key))
    _LOOKED[(table, key)] = answer  # kept, so that no other object takes its identity
    return seen is not answer


def _army(cards: tuple[Any, ...], picks: list[int]) -> tuple[Any, ...]:
    pool = [c for c in cards if not c.unique]  # any draw is legal (Rulebook II)
    return tuple(pool[k % len(pool)] for k in picks)


def _total(army: tuple[Any, ...]) -> int:
    return max(100, -(-sum(c.points for c in army) // 100) * 100)


@pytest.mark.shared
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          derandomize=True, phases=(Phase.explicit, Phase.generate))
@given(data=st.data(), preset=st.sampled_from(("none", "standard")),
       seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 10**6), min_size=8,
                                                  max_size=14))
def test_remembered_answers_equal_fresh_ones_through_random_play(
        data: st.DataObject, preset: str, seed: int, picks: list[int]) -> None:
    if not ref.available():
        pytest.skip("../shared/data is not present")
    # Real figures: cavalry among them (double bases), abilities of every kind.
    cards = ref.catalogue()
    half = len(picks) // 2
    a, b = _army(cards, picks[:half]), _army(cards, picks[half:])
    # A fixture chariot in one army or both, with a passenger aboard when one may ride
    # (Chariot rules, Passengers).
    chariots = list(fixture_chariots().values())
    riders: list[tuple[tuple[int, int], ...]] = [(), ()]
    armies = [a, b]
    for side in range(2):
        if picks[side] % 3:
            army = (chariots[picks[side] % len(chariots)], *armies[side])
            ride = [i for i, c in enumerate(army) if i and c.base != "cavalry"]
            riders[side] = ((ride[0], 0),) if ride and picks[side] % 2 else ()
            armies[side] = army
    a, b = armies
    setup = GameSetup(players=(
        PlayerSetup("A", a, _total(a), "south", terrain=terrain_for(preset, 0),
                    passengers=riders[0]),
        PlayerSetup("B", b, _total(b), "north", terrain=terrain_for(preset, 1),
                    passengers=riders[1])),
        table=24.0, seed=seed, round_limit=8)
    game = Game.new(setup)
    compared = 0
    for _ in range(120):
        if game.over:
            break
        actions = list(game.legal_actions())
        _ask(game)
        apply(game, actions[data.draw(st.integers(0, len(actions) - 1), label="action")])
        compared += _agree(game)
    assert compared > 0


def _nudge(game: Game, rng: random.Random) -> None:
    """One change a rule can make, mostly small moves that make or break a contact."""
    x = rng.choice(game.warriors)
    change = rng.choice(("step", "step", "step", "touch", "facing", "on_table", "controller",
                         "click", "cancelled", "team", "same", "several"))
    if change == "step":
        x.x += rng.choice((-0.2, -0.05, 0.05, 0.2))
        x.y += rng.choice((-0.2, 0.0, 0.2))
    elif change == "touch":
        # Into base contact with another figure, as the move listing places it.
        o = rng.choice([o for o in game.warriors if o is not x])
        (end, facing) = places.contact_spot(x, o, rng.uniform(-math.pi, math.pi))
        x.place(end[0], end[1], facing)
    elif change == "facing":
        x.facing = rng.uniform(-math.pi, math.pi)  # turns a double base's discs too
    elif change == "on_table":
        x.on_table = not x.on_table
    elif change == "controller":
        x.controller = NOBODY if x.controller != NOBODY else rng.randrange(len(game.warriors))
    elif change == "click":
        x.click = rng.randrange(len(x.card.clicks))
    elif change == "cancelled":
        x.cancelled = frozenset(rng.sample(["Toughness", "Pierce"], rng.randint(0, 2)))
    elif change == "team":
        x.team = 1 - x.team
    elif change == "several":
        # Several figures at once: the obstacles are worked out again in full.
        for y in rng.sample(game.warriors, 4):
            y.x, y.y = rng.uniform(1.0, 23.0), rng.uniform(1.0, 23.0)
    else:
        x.x = x.x  # written, not changed: nothing need be forgotten


def test_remembered_answers_follow_every_kind_of_change() -> None:
    game = _crowd()
    rng = random.Random(17)
    _agree(game)
    for _ in range(300):
        _ask(game)
        _nudge(game, rng)
        _agree(game)


def test_remembered_answers_agree_through_random_play_without_real_data() -> None:
    rng = random.Random(5)
    for _ in range(2):
        game = _crowd()
        for _ in range(60):
            if game.over:
                break
            _ask(game)
            apply(game, rng.choice(list(game.legal_actions())))
            _agree(game)


# --- the change counter -------------------------------------------------------------


def test_every_placing_write_is_counted_by_the_games_own_memory() -> None:
    game, other = _crowd(), _crowd()
    x = game.warriors[0]
    for name in sorted(memory.PLACING):
        before, elsewhere = game.memory.arrangement, other.memory.arrangement
        setattr(x, name, getattr(x, name))
        assert game.memory.arrangement > before, name
        assert x.placed == game.memory.arrangement
        assert other.memory.arrangement == elsewhere  # one game's writes are its own


def test_other_writes_count_nothing() -> None:
    game = _crowd()
    x = game.warriors[0]
    before, placed, stats = game.memory.arrangement, x.placed, x.stats
    for name in ("tokens", "token_turn", "acted_turn", "deployed", "eliminations"):
        setattr(x, name, 1)
    assert (game.memory.arrangement, x.placed, x.stats) == (before, placed, stats)


def test_place_counts_as_three_placing_writes() -> None:
    game = _crowd()
    b = game.warriors[1]
    before = game.memory.arrangement
    b.place(5.0, 6.0, -0.5)
    assert (b.x, b.y, b.facing) == (5.0, 6.0, -0.5)
    assert game.memory.arrangement == before + 3 == b.placed


def test_a_dial_past_its_last_click_keeps_its_readings_until_put_back() -> None:
    x = _crowd().warriors[0]
    x.click = len(x.card.clicks) - 1
    last = (x.abilities, x.showing, x.stats)
    x.click += 3  # state.damage turns the dial this far, then back to the last click
    assert (x.abilities, x.showing, x.stats) == last
    x.click = 1
    assert x.abilities == ("Demoralized",)


def test_lists_far_from_a_move_are_kept_and_near_ones_forgotten() -> None:
    game = _crowd()
    _ask(game)
    far, mover = game.warriors[6], game.warriors[0]
    kept = game.memory.contact[far]
    near = [o for o in game.warriors if o.on_table and game.touching(mover, o)]
    mover.x += 0.01
    game.contacts(far)
    assert game.memory.contact[far] is kept  # nothing within reach changed
    assert all(o not in game.memory.contact for o in [mover, *near])


def test_a_new_list_of_warriors_forgets_everything() -> None:
    game = _crowd()
    _ask(game)
    game.warriors = list(game.warriors)
    game.warriors[5].x = game.warriors[5].x  # a write: the lists are looked at again
    assert game.contacts(game.warriors[0]) == _touching(game, game.warriors[0])
    assert game.memory.contact.keys() == {game.warriors[0]}


def test_obstacles_with_figures_placed_elsewhere_are_worked_out_as_from_scratch() -> None:
    # A movement formation part-way through its moves (Rulebook IV): some members stand
    # at their new places, round and double bases, touching others or not.
    game = _crowd()
    rng = random.Random(5)
    for _ in range(200):
        _ask(game)
        poses = {}
        for y in rng.sample(game.warriors, rng.randint(1, 4)):
            poses[y.id] = (y.x + rng.uniform(-1.5, 1.5), y.y + rng.uniform(-1.5, 1.5),
                           rng.uniform(-math.pi, math.pi))
        x = rng.choice(game.warriors)
        skip = (x.id, x.captive)
        others, pairs = every_obstacle(game.warriors, poses, game.terrain)
        assert movement.obstacles(game, x, poses) == (
            [o for o in others if o[0] not in skip],
            [line for i, j, line in pairs if i not in skip and j not in skip])


def test_obstacles_are_handed_out_again_while_the_figures_stand() -> None:
    game = _crowd()
    holder = game.warriors[6]  # it holds warrior 7 captive
    first = movement.obstacles(game, holder)
    assert movement.obstacles(game, holder) is first
    game.warriors[1].x += 0.5
    assert movement.obstacles(game, holder) is not first


# --- checked moves: each thing the check reads --------------------------------------

RULE = "Test Memory Rule"  # shown on the flyer's last click; registered only by some tests

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


def _forbid_at_end(state: Any, x: Any, ctx: MoveContext) -> None:
    if ctx.stage == "end":
        ctx.violation = "a test rule"


def _forbid_on_odd_turns(state: Any, x: Any, ctx: MoveContext) -> None:
    if ctx.stage == "end" and state.turn % 2:
        ctx.violation = "a test rule: not on odd turns"


def _register(game: Game) -> None:
    game.warriors[0].click = 3  # shows RULE, unhooked: a move is legal ...
    assert _legal(_check(game, game.warriors[0], Move(0, ((10.0, 7.0),))))
    REGISTRY.register(RULE, "a test", movement=_forbid_at_end, reads=())  # ... until now


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


def test_a_hook_that_declares_it_reads_the_turn_is_asked_again_next_turn() -> None:
    game = _field()
    x = game.warriors[0]
    x.click = 3
    move = Move(0, ((10.0, 7.0),))
    REGISTRY.register(RULE, "a test", movement=_forbid_on_odd_turns, reads=("turn",))
    try:
        game.turn = 2
        assert _legal(_check(game, x, move))
        game.turn = 3
        assert _check(game, x, move) == "a test rule: not on odd turns"
    finally:
        REGISTRY.unregister(RULE)


def test_a_hook_whose_answers_are_remembered_must_say_what_it_reads() -> None:
    for point in sorted(memory.DECLARED_POINTS):
        with pytest.raises(ValueError, match="must declare what it reads"):
            REGISTRY.register(RULE, "a test", **{point: _forbid_at_end})
    with pytest.raises(ValueError, match="unknown reads"):
        REGISTRY.register(RULE, "a test", movement=_forbid_at_end, reads=("the weather",))
    assert not REGISTRY.covered(RULE)


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


def test_remembered_moves_agree_through_random_changes() -> None:
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


def test_hook_lists_follow_the_rules_registered() -> None:
    def hook(state: object, warrior: object, ctx: object) -> None:
        return None

    names = ("Toughness", "Test Memory Ability")
    before = REGISTRY.hooks_for("damage", names)
    REGISTRY.register("Test Memory Ability", "a test", damage=hook)
    try:
        assert REGISTRY.hooks_for("damage", names) == (*before, hook)
        assert REGISTRY.has_hook("damage", ("Test Memory Ability",))
        assert REGISTRY.hooks_for("damage", list(names)) == (*before, hook)  # type: ignore[arg-type]
    finally:
        REGISTRY.unregister("Test Memory Ability")
    assert REGISTRY.hooks_for("damage", names) == before
    assert not REGISTRY.has_hook("damage", ("Test Memory Ability",))


def test_a_copied_game_plays_on_as_the_original_with_its_own_memory() -> None:
    import copy
    import pickle

    rng = random.Random(8)
    game = _crowd()
    for _ in range(10):
        apply(game, rng.choice(list(game.legal_actions())))
    _ask(game)
    for copied in (copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert copied.memory is not game.memory
        assert all(w.memory is copied.memory for w in copied.warriors)
        choices = random.Random(9)
        original = copy.deepcopy(game)
        for _ in range(20):
            if copied.over:
                break
            listed = list(copied.legal_actions())
            assert listed == list(original.legal_actions())
            action = choices.choice(listed)
            apply(copied, action)
            apply(original, action)
            _agree(copied)
        assert copied.log_json() == original.log_json()
