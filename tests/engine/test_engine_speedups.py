"""The engine's shortcuts answer exactly as the work they save would.

Contact lists and movement obstacles are kept per arrangement of the battlefield
(``state.arrangement``, counted by ``Warrior.__setattr__``); a warrior's dial readings
(``abilities``, ``showing``, ``stats``) are kept up to date by the same hook; ``try_move``
skips other places for a captive when the move fails for another reason; ``apply`` writes
the log from the JSON it normalised the action with. Each is compared here with the work
done afresh, after every kind of change a rule can make.
"""

from __future__ import annotations

import math
import random
from typing import Any

from engine_helpers import card, scenario, w

from armybuilder.engine import Game, Move, apply, close, legal, movement, ranged
from armybuilder.engine import state as st
from armybuilder.engine.abilities import REGISTRY
from armybuilder.engine.actions import (
    ACTION_TYPES,
    CancelAbility,
    CloseAttack,
    Deploy,
    EndByAgreement,
    Face,
    FormationPlan,
    FreeSpin,
    MoveFormation,
    Pass,
    PlaceTerrain,
    RangedAttack,
    UseAbility,
    Withdraw,
    action_from_json,
    action_to_json,
    is_normal,
)
from armybuilder.engine.geometry import rectangle
from armybuilder.engine.state import NOBODY, IllegalAction, Warrior
from armybuilder.engine.terrain import TerrainFeature

FOOT = card("Footman", 20, speed=8, clicks=5, abilities={1: ("Demoralized",),
                                                         2: ("Toughness", "Pierce")})
HORSE = card("Rider", 30, speed=10, base="cavalry", base_radius=0.875, clicks=5)
ARCHER = card("Archer", 18, speed=7, range=8, targets=2, clicks=4)


def _crowd() -> Game:
    """Round and double bases in and out of contact, one of them holding a captive."""
    return scenario(
        w(FOOT, 0, 10.0, 10.0), w(HORSE, 0, 11.4, 10.0), w(ARCHER, 0, 10.0, 11.01),
        w(FOOT, 1, 12.0, 11.0, math.pi), w(HORSE, 1, 9.0, 12.0, -math.pi / 2),
        w(ARCHER, 1, 15.0, 14.0), w(FOOT, 0, 15.0, 15.0, captive_of=5),
        w(FOOT, 1, 14.0, 9.0), build=200)


def _dial(x: Warrior) -> tuple[tuple[str, ...], tuple[str, ...], object]:
    """The dial's readings worked out afresh (Rulebook III, Capturing: a captive's
    abilities are ignored; cancelled ones are not in effect)."""
    stats = x.card.clicks[x.click]
    if x.controller != NOBODY:
        return (), (), stats
    return tuple(a for a in stats.abilities if a not in x.cancelled), stats.abilities, stats


def _touching(game: Game, x: Warrior) -> list[Warrior]:
    """Every other figure on the battlefield in base contact with ``x``, asked afresh."""
    return [o for o in game.warriors if o.on_table and o is not x and game.touching(x, o)]


def _opposing(game: Game, x: Warrior) -> list[Warrior]:
    """The opposing figures in contact, asked afresh (captives ignored, Rulebook III)."""
    return [o for o in _touching(game, x) if o.team != x.team and o.controller == NOBODY]


def _agree(game: Game) -> None:
    """Every kept answer equals the work done afresh."""
    for x in game.warriors:
        assert game.opposing_contacts(x) == _opposing(game, x)
        assert game.contacts(x) == _touching(game, x)
        assert (x.abilities, x.showing, x.stats) == _dial(x)
    assert movement.arranged(game) == movement._obstacles(game, (), None, with_ids=True)


def _ask(game: Game) -> None:
    """Fill the kept answers, so a change that is not counted would leave them stale."""
    for x in game.warriors:
        game.opposing_contacts(x)
        game.contacts(x)
    movement.arranged(game)


def test_every_write_that_places_a_base_is_counted() -> None:
    x = _crowd().warriors[0]
    for name in sorted(st._PLACING):
        before = st.arrangement
        setattr(x, name, getattr(x, name))
        assert st.arrangement > before, name


def test_kept_answers_follow_every_kind_of_change() -> None:
    game = _crowd()
    rng = random.Random(7)
    _agree(game)
    for _ in range(300):
        _ask(game)
        x = rng.choice(game.warriors)
        change = rng.choice(("x", "y", "facing", "on_table", "controller", "click",
                             "cancelled", "two"))
        if change in ("x", "y"):
            setattr(x, change, getattr(x, change) + rng.choice((-1.0, -0.3, 0.3, 1.0)))
        elif change == "facing":
            x.facing = rng.uniform(-math.pi, math.pi)  # turns a double base's discs
        elif change == "on_table":
            x.on_table = not x.on_table
        elif change == "controller":
            x.controller = NOBODY if x.controller != NOBODY else rng.randrange(8)
        elif change == "click":
            x.click = rng.randrange(len(x.card.clicks))
        elif change == "cancelled":
            x.cancelled = frozenset(rng.sample(["Toughness", "Pierce"], rng.randint(0, 2)))
        else:
            # Several figures at once: the obstacles are worked out again in full.
            for y in rng.sample(game.warriors, 4):
                y.x, y.y = rng.uniform(1.0, 35.0), rng.uniform(1.0, 35.0)
        _agree(game)


def test_kept_answers_agree_through_random_play() -> None:
    rng = random.Random(3)
    game = _crowd()
    for _ in range(150):
        if game.over:
            break
        _ask(game)
        apply(game, rng.choice(list(game.legal_actions())))
        _agree(game)


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
        assert movement.obstacles(game, x, poses) == movement._obstacles(game, skip, poses)


def test_a_dial_past_its_last_click_keeps_its_readings_until_put_back() -> None:
    x = _crowd().warriors[0]
    x.click = len(x.card.clicks) - 1
    last = _dial(x)
    x.click += 3  # state.damage turns the dial this far, then back to the last click
    assert (x.abilities, x.showing, x.stats) == last
    x.click = 1
    assert x.abilities == ("Demoralized",)


def test_hooks_follow_the_rules_registered() -> None:
    def hook(state: object, warrior: object, ctx: object) -> None:
        return None

    names = ("Toughness", "Test Speedups Ability")
    before = REGISTRY.hooks_for("damage", names)
    REGISTRY.register("Test Speedups Ability", "a test", damage=hook)
    try:
        assert REGISTRY.hooks_for("damage", names) == (*before, hook)
        assert REGISTRY.has_hook("damage", ("Test Speedups Ability",))
        assert REGISTRY.hooks_for("damage", list(names)) == (*before, hook)
    finally:
        REGISTRY.unregister("Test Speedups Ability")
    assert REGISTRY.hooks_for("damage", names) == before
    assert not REGISTRY.has_hook("damage", ("Test Speedups Ability",))


def _try_every_place(game: Game, x: Warrior, move: Move, limit: float) -> Move | None:
    """try_move without its shortcut: every other place for the captive is tried."""
    try:
        movement.check_move(game, x, move, limit)
        return move
    except IllegalAction:
        pass
    if x.captive == NOBODY or not move.path:
        return None
    c = game.warriors[x.captive]
    end = move.path[-1]
    gap = x.radius + c.radius + legal.CONTACT_GAP
    for a in legal.DIRECTIONS:
        at = (end[0] + gap * math.cos(a), end[1] + gap * math.sin(a))
        alt = Move(move.warrior, move.path, move.facing, move.stuck_facing, at, None,
                   move.ability)
        try:
            movement.check_move(game, x, alt, limit)
            return alt
        except IllegalAction:
            continue
    return None


def test_a_captive_gets_another_place_only_when_its_own_is_the_trouble() -> None:
    game = _crowd()
    holder = game.warriors[5]
    assert holder.captive == 6
    rng = random.Random(11)
    found = {"as asked": 0, "elsewhere": 0, "none": 0}
    for _ in range(400):
        # Next to the others, where the captive's own place is often taken.
        o = rng.choice(game.warriors[:5])
        a = rng.uniform(-math.pi, math.pi)
        end = (o.x + 1.1 * math.cos(a), o.y + 1.1 * math.sin(a))
        move = Move(holder.id, (end,), rng.uniform(-math.pi, math.pi))
        got = legal.try_move(game, holder, move, 8.0)
        assert got == _try_every_place(game, holder, move, 8.0)
        found["none" if got is None else "as asked" if got == move else "elsewhere"] += 1
    # Every branch was taken: a legal move, a captive placed elsewhere, no move at all.
    assert min(found.values()) > 0, found


def test_the_log_reads_the_action_as_normalised() -> None:
    actions = [
        Move(3, ((1, 2.5), (3.0, 4)), 1, None, (2, 3), 0, "Charge"),
        RangedAttack(1, [2, 3], (4,), "Magic Blast"),  # type: ignore[arg-type]
        CloseAttack(1, 2, True, (3, 4), "Sweep", True),
        UseAbility(1, "Magic Levitation", 2, (5, 6), 2, (7.5, 8)),
        FormationPlan((Move(1, ((2, 3),), 1), Move(2))),
        PlaceTerrain(0, (4, 6), 1), Deploy(2, None, 0), Deploy(2, (1, 2.0), 3),
        Pass(1), MoveFormation(1, (2, 3)), FreeSpin(2, 1), FreeSpin(2), Withdraw(0),
        EndByAgreement(), CancelAbility(1, "Charge"), Face(1, 2),
    ]
    assert {type(a) for a in actions} == set(ACTION_TYPES.values())
    for action in actions:
        data = action_to_json(action)
        again = action_to_json(action_from_json(data))
        assert again == data
        assert [type(v) for v in again.values()] == [type(v) for v in data.values()]
        # apply uses an action as given only when reading it back would change nothing.
        read = action_from_json(data)
        assert is_normal(read)
        assert is_normal(action) == (read == action and _same_types(read, action)), action


def _same_types(a: Any, b: Any) -> bool:
    """The same types all the way down (1 == 1.0, but the log would read them apart)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_same_types(x, y) for x, y in zip(a, b, strict=True))
    if hasattr(a, "__dataclass_fields__"):
        return all(_same_types(getattr(a, f), getattr(b, f)) for f in a.__dataclass_fields__)
    return True


def _checked_afresh(game: Game, action: object) -> tuple[object, ...]:
    if isinstance(action, RangedAttack):
        return ranged.check_ranged(game, action)
    return close.check_close(game, action)  # type: ignore[arg-type]


def test_listed_attacks_come_with_what_their_check_returns() -> None:
    # A player values each listed attack from what the listing found out on the way
    # (legal.checked) instead of checking it again: the same plan, targets and shots
    # (hindering terrain, two-target archers, healing and captures included).
    medic = card("Medic", 20, speed=7, range=6, abilities={0: ("Magic Healing",)})
    woods = TerrainFeature("hindering", rectangle(13.0, 11.0, 15.0, 13.0), name="woods")
    tables = (_crowd(), scenario(
        w(ARCHER, 0, 10.0, 10.0), w(ARCHER, 0, 10.0, 13.0, 0.3), w(medic, 0, 9.0, 11.5),
        w(FOOT, 0, 16.0, 14.0), w(FOOT, 1, 16.0, 12.0, math.pi), w(HORSE, 1, 17.0, 9.0),
        w(ARCHER, 1, 14.0, 12.0, math.pi), w(FOOT, 1, 17.0, 15.0, math.pi), build=200,
        terrain=(woods,)))
    rng = random.Random(5)
    found = 0
    for game in tables:
        for _ in range(120):
            if game.over:
                break
            if not game.pending and game.phase == "play":
                for x in game.warriors:
                    pairs = list(legal.checked(game, x.id))
                    assert [a for a, _ in pairs] == list(game.legal_actions(warrior=x.id))
                    for action, checked in pairs:
                        if checked is not None:
                            found += 1
                            assert checked == _checked_afresh(game, action), action
            apply(game, rng.choice(list(game.legal_actions())))
    assert found > 100
