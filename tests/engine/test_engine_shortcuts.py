"""The engine's shortcuts answer exactly as the rules written out plainly would: Defend
lenders found from the figures touching the target, close combat targets from the contact
lists, another place for a captive only when its own is the trouble, an action used as
given when reading its log form back would change nothing, listed attacks valued from what
their listing found out, and a move just tried not checked again when given.
"""

from __future__ import annotations

import math
import random
from typing import Any

from engine_helpers import NORTH, card, scenario, w

from armybuilder.engine import Game, Move, apply, close, combat, legal, movement, places, ranged
from armybuilder.engine.abilities import AttackPlan
from armybuilder.engine.actions import (
    ACTION_TYPES,
    Board,
    CancelAbility,
    ChariotMove,
    ChooseSection,
    ChooseTarget,
    CloseAttack,
    Deploy,
    Disembark,
    EndByAgreement,
    EndTurn,
    Face,
    FormationPlan,
    FreeSpin,
    Ladder,
    MoveFormation,
    Pass,
    PlaceTerrain,
    RangedAttack,
    SetPortal,
    SetUpFortification,
    UseAbility,
    Withdraw,
    action_from_json,
    action_to_json,
    is_normal,
)
from armybuilder.engine.combat import Strike
from armybuilder.engine.geometry import rectangle
from armybuilder.engine.state import NOBODY, IllegalAction, Warrior
from armybuilder.engine.terrain import TerrainFeature

FOOT = card("Footman", 20, speed=8, clicks=5, abilities={1: ("Demoralized",),
                                                         2: ("Toughness", "Pierce")})
HORSE = card("Rider", 30, speed=10, base="cavalry", base_radius=0.875, clicks=5)
ARCHER = card("Archer", 18, speed=7, range=8, targets=2, clicks=4)
GUARD = card("Guard", 25, speed=6, clicks=4, abilities={0: ("Defend",)})
PLAIN = card("Plain", 20, speed=8, clicks=4)
FOE = card("Foe", 20, speed=8, clicks=4)
FLYER = card("Flyer", 30, speed=8, clicks=4, abilities={0: ("Flight",), 1: ("Demoralized",)})


def _crowd() -> Game:
    """Round and double bases close together, in and out of contact, a Defend lender
    among them and one warrior holding a captive."""
    return scenario(
        w(FOOT, 0, 10.0, 10.0), w(HORSE, 0, 11.4, 10.0), w(ARCHER, 0, 10.0, 11.01),
        w(GUARD, 0, 8.99, 10.0), w(FOOT, 1, 12.0, 11.0, math.pi),
        w(HORSE, 1, 9.0, 12.0, -math.pi / 2), w(ARCHER, 1, 15.0, 14.0),
        w(FOOT, 0, 15.0, 15.0, captive_of=6), w(FOOT, 1, 14.0, 9.0), build=200)


def _field() -> Game:
    return scenario(
        w(FLYER, 0, 10.0, 10.0, NORTH), w(FOE, 1, 10.0, 12.0), w(PLAIN, 0, 14.0, 10.0),
        w(PLAIN, 0, 25.0, 10.0), w(FOE, 1, 26.0, 10.0, captive_of=3),
        w(FOE, 1, 30.0, 30.0), build=200)


def _nudge(game: Game, rng: random.Random) -> None:
    """One change a rule can make, mostly small moves that make or break a contact."""
    x = rng.choice(game.warriors)
    change = rng.choice(("step", "step", "step", "touch", "facing", "on_table", "controller"))
    if change == "step":
        x.x += rng.choice((-0.2, -0.05, 0.05, 0.2))
        x.y += rng.choice((-0.2, 0.0, 0.2))
    elif change == "touch":
        o = rng.choice([o for o in game.warriors if o is not x])
        (end, facing) = places.contact_spot(x, o, rng.uniform(-math.pi, math.pi))
        x.place(end[0], end[1], facing)
    elif change == "facing":
        x.facing = rng.uniform(-math.pi, math.pi)
    elif change == "on_table":
        x.on_table = not x.on_table
    else:
        x.controller = NOBODY if x.controller != NOBODY else rng.randrange(len(game.warriors))


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
    gap = x.half_length + c.half_length + places.CONTACT_GAP
    for a in places.DIRECTIONS:
        at = (end[0] + gap * math.cos(a), end[1] + gap * math.sin(a))
        alt = Move(move.warrior, move.path, move.facing, stuck_facing=move.stuck_facing,
                   captive_at=at, ability=move.ability)
        try:
            movement.check_move(game, x, alt, limit)
            return alt
        except IllegalAction:
            continue
    return None


def test_a_captive_gets_another_place_only_when_its_own_is_the_trouble() -> None:
    game = _crowd()
    holder = game.warriors[6]
    assert holder.captive == 7
    rng = random.Random(11)
    found = {"as asked": 0, "elsewhere": 0, "none": 0}
    for _ in range(400):
        # Next to the others, where the captive's own place is often taken.
        o = rng.choice(game.warriors[:5])
        a = rng.uniform(-math.pi, math.pi)
        end = (o.x + 1.1 * math.cos(a), o.y + 1.1 * math.sin(a))
        move = Move(holder.id, (end,), rng.uniform(-math.pi, math.pi))
        got = places.try_move(game, holder, move, 8.0)
        assert got == _try_every_place(game, holder, move, 8.0)
        found["none" if got is None else "as asked" if got == move else "elsewhere"] += 1
    # Every branch was taken: a legal move, a captive placed elsewhere, no move at all.
    assert min(found.values()) > 0, found

def test_the_log_reads_the_action_as_normalised() -> None:
    actions = [
        Move(3, ((1, 2.5), (3.0, 4)), 1, captive_at=(2, 3), captive_facing=0, ability="Charge"),
        RangedAttack(1, [2, 3], formation=(4,), ability="Magic Blast"),  # type: ignore[arg-type]
        CloseAttack(1, 2, capture=True, formation=(3, 4), ability="Sweep", roll_die=True),
        UseAbility(1, "Magic Levitation", 2, (5, 6), 2, captive_at=(7.5, 8)),
        FormationPlan((Move(1, ((2, 3),), 1), Move(2))),
        PlaceTerrain(0, (4, 6), 1), SetUpFortification(8, (5, 2.5), 0),
        Deploy(2, None, 0), Deploy(2, (1, 2.0), 3),
        Pass(1), MoveFormation(1, (2, 3)), FreeSpin(2, 1), FreeSpin(2), Withdraw(0),
        EndByAgreement(), CancelAbility(1, "Charge"), Face(1, 2), EndTurn(1),
        ChariotMove(1, ["front", "left"], 1, 3), ChariotMove(1, ("rear",)),  # type: ignore
        Board(2, 1), Disembark(2, (3, 4.5), 1), ChooseSection(1, "left"),
        Pass(1, section="front"), RangedAttack(1, (2,), section="left", aim="rear"),
        CloseAttack(1, 2, section="front", aim="left"),
        SetPortal(0, 1, "side door", open=True),
        ChooseTarget(1, 2), Ladder(1, (2, 3), (4, 5.5), remove=True), Ladder(1, [2, 3], (4.0, 5)),
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

def test_giving_a_move_just_tried_does_not_check_it_again(monkeypatch: Any) -> None:
    games = [_field(), _field()]
    move = Move(0, ((10.0, 17.0),))
    x = games[0].warriors[0]
    assert places.try_move(games[0], x, move, movement.move_allowance(games[0], x),
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
