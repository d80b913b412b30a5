"""Golden scenarios for the unified chariot rules (seed 003, "Chariot rules"), one group per
rule of issue 16: the chariot as a figure, its general rules, its actions, its movement,
attacking it, its attacks and its passengers (the rules' own worked example among them).

Every scenario is hand-made (tests/engine/engine_helpers.chariot) with scripted dice; the
sections are front, left, right and rear, and a chariot facing east has its left section
to the north.
"""

from __future__ import annotations

import math

import pytest
from engine_helpers import EAST, NORTH, SOUTH, WEST, card, chariot, find, scenario, w

from armybuilder.engine import (
    SECTIONS,
    Board,
    ChariotMove,
    ChooseSection,
    CloseAttack,
    Disembark,
    Face,
    FreeSpin,
    Move,
    MoveFormation,
    Pass,
    PassengerFacing,
    RangedAttack,
    SectionChoice,
    UseAbility,
    WarriorSpec,
    chariot_move_candidates,
    chariot_movement,
    chariot_skulls,
    chariot_stop,
    chariot_turn_violation,
    forecast,
    section_active,
    section_stats,
)
from armybuilder.engine.state import IllegalAction

CART = chariot("War Cart")
#: Chariot rules, Damaging a Passenger, the example: a side section with Toughness.
TOUGH_CART = chariot("Tough Cart", abilities={"left": {i: ("Toughness",) for i in range(7)}})
RAM_CART = chariot("Ram Cart", abilities={"front": {i: ("Ram",) for i in range(4)}})
SHOOTING_CART = chariot("Bow Cart", range=8, targets=2)
FLYING_CART = chariot("Sky Cart", abilities={"rear": {0: ("Flight",)}})
ARCHER = card("Archer", 18, speed=7, attack=10, damage=4, range=8, clicks=6)
LONGBOW = card("Longbow", 30, speed=6, attack=10, damage=2, range=12, clicks=6)
GRUNT = card("Grunt", 10, speed=6, attack=9, defense=14, damage=2, clicks=6)
TOUGH_RIDER = card("Tough Rider", 25, speed=6, clicks=6, abilities={i: ("Toughness",)
                                                                   for i in range(6)})
HORSE = card("Horse", 30, speed=10, base="cavalry", base_radius=0.875, clicks=5)


def rider(c: object, player: int, chariot_index: int) -> WarriorSpec:
    return WarriorSpec(card=c, player=player, at=None, riding=chariot_index)  # type: ignore


def illegal(game: object, action: object, rule: str) -> None:
    with pytest.raises(IllegalAction, match=rule):
        game.apply(action)  # type: ignore[attr-defined]


# --- 1. the chariot as a figure ------------------------------------------------------------


def test_a_chariot_is_one_base_of_four_sections_each_with_its_own_dial() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST), w(GRUNT, 1, 20, 20))
    c = game.warriors[0]
    front, left, right, rear = c.discs
    # The front (the beast) ahead, the wheels to either side, the body behind.
    assert front[0] > 10 and abs(front[1] - 10) < 1e-9
    assert left[1] > 10 and right[1] < 10 and rear[0] < 10
    assert [section_stats(c, k).attack for k in range(4)] == [9, 7, 7, 8]
    # Every section's outer edge is a front arc; there is no rear arc (arc all round).
    assert c.card.arc == 360


def test_each_section_front_arc_touches_and_there_is_no_rear_arc() -> None:
    # A grunt at the chariot's rear section attacks with no rear-arc bonus.
    game = scenario(w(CART, 1, 10, 10, EAST), w(GRUNT, 0, 8.1, 10, EAST), dice=(3, 3))
    assert game.at_rear(game.warriors[1], game.warriors[0]) is False
    events = game.apply(CloseAttack(1, 0))
    hit = find(events, "miss")[0]
    assert hit["section"] == "rear" and hit["total"] == 3 + 3 + 9  # no +1


def test_a_skull_reads_zero_three_make_a_section_inactive_six_eliminate() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST, sections=(4, 5, 0, 0)), w(GRUNT, 1, 20, 20))
    c = game.warriors[0]
    assert section_stats(c, 0).damage == 0  # one skull: damage 0
    assert section_stats(c, 1).attack == 0  # two skulls
    assert section_active(c, 1) and chariot_skulls(c) == 3
    late = scenario(w(CART, 0, 10, 10, EAST, sections=(6, 5, 0, 0)), w(GRUNT, 1, 20, 20))
    assert not section_active(late.warriors[0], 0)
    # One more skull on the left section makes six: the chariot is eliminated.
    shooter = scenario(w(CART, 0, 10, 10, EAST, sections=(6, 5, 0, 0)),
                       w(ARCHER, 1, 10, 16, SOUTH), dice=(6, 6), current=1)
    events = shooter.apply(RangedAttack(1, (0,)))
    assert find(events, "damage")[0]["section"] == "left"
    assert find(events, "eliminated")[0]["warrior"] == 0
    assert find(events, "score")[0]["points"] == CART.points


def test_distances_are_measured_from_the_centre_dot() -> None:
    # The archer's range is 8: the chariot's centre dot 8" away is in range, though its
    # nearest section is closer; 8.1" is out of range.
    for y, legal in ((18.0, True), (18.1, False)):
        game = scenario(w(CART, 0, 10, 10, EAST), w(ARCHER, 1, 10, y, SOUTH), current=1)
        assert game.is_legal(RangedAttack(1, (0,))) is legal


# --- 2. the general rules ------------------------------------------------------------------


def test_a_chariot_cannot_capture_or_be_captured() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST), w(GRUNT, 1, 11.9, 10, WEST))
    illegal(game, CloseAttack(0, 1, capture=True, section="front"), "cannot capture")
    other = scenario(w(CART, 1, 10, 10, EAST), w(GRUNT, 0, 11.9, 10, WEST))
    illegal(other, CloseAttack(1, 0, capture=True), "cannot capture or be captured")


@pytest.mark.parametrize("ability", ["Healing", "Magic Healing", "Magic Confusion"])
def test_healing_magic_healing_and_magic_confusion_cannot_affect_it(ability: str) -> None:
    kind = "close" if ability == "Healing" else "ranged"
    healer = card("Healer", 20, range=0 if kind == "close" else 8, clicks=4,
                  abilities={0: (ability,)})
    team = 0 if "Heal" in ability else 1
    at = (11.9, 10, WEST) if kind == "close" else (10, 16, SOUTH)
    game = scenario(w(CART, 0, 10, 10, EAST, sections=(1, 0, 0, 0)),
                    w(healer, team, *at), w(GRUNT, 1 - team, 30, 30), current=team)
    action = CloseAttack(1, 0, ability=ability) if kind == "close" \
        else RangedAttack(1, (0,), ability=ability)
    illegal(game, action, f"cannot be affected by {ability}")


def test_magic_levitation_venom_and_magic_freeze_do_not_affect_it() -> None:
    lifter = card("Lifter", 20, clicks=4, abilities={0: ("Magic Levitation",)})
    game = scenario(w(CART, 0, 10, 10, EAST), w(lifter, 0, 11.9, 10, WEST),
                    w(GRUNT, 1, 30, 30))
    illegal(game, UseAbility(1, "Magic Levitation", 0, (20.0, 20.0), 0.0),
            "Magic Levitation cannot affect a chariot")
    snake = card("Snake", 20, clicks=4, abilities={0: ("Venom",)})
    venom = scenario(w(CART, 0, 10, 10, EAST), w(snake, 1, 11.9, 10, WEST),
                     w(GRUNT, 0, 30, 30), current=0)
    events = venom.apply(Pass(2))  # the snake's turn begins next
    assert not [e for e in find(events, "damage") if e["warrior"] == 0]
    freezer = card("Freezer", 20, range=8, clicks=4, abilities={0: ("Magic Freeze",)})
    frozen = scenario(w(CART, 0, 10, 10, EAST), w(freezer, 1, 10, 16, SOUTH), current=1)
    illegal(frozen, RangedAttack(1, (0,)), "cannot be affected by Magic Freeze")


def test_necromancy_never_brings_a_chariot_back() -> None:
    necro = card("Necro", 20, clicks=4, abilities={0: ("Necromancy",)})
    game = scenario(w(CART, 0, 10, 10, EAST, sections=(6, 5, 0, 0)), w(necro, 0, 20, 20),
                    w(ARCHER, 1, 10, 16, SOUTH), dice=(6, 6), current=1)
    game.apply(RangedAttack(2, (0,)))
    assert not game.warriors[0].on_table
    illegal(game, UseAbility(1, "Necromancy", 0, (21.5, 20.0), 0.0),
            "cannot be brought back by Necromancy")


def test_a_chariot_is_never_in_a_formation() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST), w(GRUNT, 0, 10, 12.15), w(GRUNT, 0, 11, 13.1),
                    w(GRUNT, 1, 30, 30))
    illegal(game, MoveFormation(0, (1, 2)), "cannot be part of a formation")


def test_it_breaks_away_from_everything_at_once_failing_only_on_a_one() -> None:
    for die, moved in ((1, False), (2, True)):
        game = scenario(w(CART, 0, 10, 10, EAST), w(GRUNT, 1, 11.9, 10, WEST),
                        w(GRUNT, 1, 10, 11.6, SOUTH), dice=(die,))
        events = game.apply(ChariotMove(0, ("front",), WEST, 3.0))
        assert len(find(events, "break_away")) == 1  # one roll for both figures
        c = game.warriors[0]
        assert (c.x < 10) is moved
        # A failed roll: it cannot rotate to a new facing either.
        assert (c.facing == EAST) is not moved


def test_it_never_makes_a_free_spin() -> None:
    game = scenario(w(CART, 1, 10, 10, EAST), w(GRUNT, 0, 14, 10, WEST))
    events = game.apply(Move(1, ((12.0, 10.0),), WEST))
    assert not find(events, "free_spin_offered")
    assert not game.pending


# --- 3. actions ----------------------------------------------------------------------------


def test_each_active_section_takes_one_action_a_turn_and_an_inactive_one_none() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST, sections=(6, 0, 0, 0)), w(GRUNT, 1, 30, 30),
                    build=400)
    illegal(game, Pass(0, section="front"), "an inactive section may not be given an action")
    game.apply(Pass(0, section="left"))
    illegal(game, Pass(0, section="left"), "one action per turn")
    game.apply(Pass(0, section="right"))
    assert game.warriors[0].acted_turn != game.turn  # the rear may still act
    game.apply(Pass(0, section="rear"))
    assert game.turn == 2  # every action given: the turn passed


def test_one_token_after_the_first_action_however_many_sections_act() -> None:
    game = scenario(w(SHOOTING_CART, 0, 10, 10, EAST), w(GRUNT, 1, 15, 10),
                    w(GRUNT, 1, 10, 15), dice=(3, 3, 3, 3), build=300)
    first = game.apply(RangedAttack(0, (1,), section="front"))
    assert [e["tokens"] for e in find(first, "tokens")] == [1]
    second = game.apply(RangedAttack(0, (2,), section="left"))
    assert not find(second, "tokens")
    assert game.warriors[0].tokens == 1


def test_move_actions_combine_into_one_movement_of_the_summed_speeds() -> None:
    # Front speed 6, left 4: two move actions carry it 10", using two of three actions.
    game = scenario(w(CART, 0, 5, 10, EAST), w(GRUNT, 0, 30, 5), w(GRUNT, 1, 30, 30),
                    build=300)
    illegal(game, ChariotMove(0, ("front",), EAST, 7.0), "may move 6")
    game.apply(ChariotMove(0, ("front", "left"), EAST, 10.0))
    assert game.warriors[0].x == pytest.approx(15.0)
    assert game.actions_used == 2
    # All the move actions were given together: no second movement this turn.
    illegal(game, ChariotMove(0, ("rear",), EAST, 1.0), "combined into a single movement")


def test_the_move_comes_before_the_combat_actions_of_the_other_sections() -> None:
    game = scenario(w(SHOOTING_CART, 0, 10, 10, EAST), w(GRUNT, 1, 16, 10),
                    dice=(3, 3), build=300)
    game.apply(RangedAttack(0, (1,), section="front"))
    illegal(game, ChariotMove(0, ("rear",), EAST, 1.0), "before any ranged or close combat")


def test_a_move_of_more_sections_than_actions_left_is_refused() -> None:
    game = scenario(w(CART, 0, 5, 10, EAST), w(GRUNT, 1, 30, 30), build=100)
    illegal(game, ChariotMove(0, ("front", "left"), EAST, 8.0), "2 move actions, 1 left")


def test_pushing_clicks_the_active_section_its_player_chooses() -> None:
    game = scenario(w(CART, 0, 5, 10, EAST, tokens=1), w(GRUNT, 1, 30, 30), build=200)
    events = game.apply(ChariotMove(0, ("front",), EAST, 2.0))
    assert [e["tokens"] for e in find(events, "tokens")] == [2]
    assert isinstance(game.pending[0], SectionChoice) and game.to_act == 0
    illegal(game, Pass(0, section="left"), "finish the current action")
    events = game.apply(ChooseSection(0, "rear"))
    [click] = find(events, "damage")
    assert click["section"] == "rear" and click["cause"] == "pushing"
    # The second section's action this turn pushes no further.
    events = game.apply(Pass(0, section="left"))
    assert not find(events, "damage")


def test_never_actions_on_three_consecutive_turns() -> None:
    game = scenario(w(CART, 0, 5, 10, EAST, tokens=2), w(GRUNT, 1, 30, 30), build=200)
    illegal(game, ChariotMove(0, ("front",), EAST, 2.0), "three consecutive turns")
    game.apply(Pass(0, section="front"))  # a pass is still allowed


# --- 4. movement ---------------------------------------------------------------------------


def test_it_spins_on_its_centre_dot_then_moves_straight_ahead() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST), w(GRUNT, 1, 30, 30))
    game.apply(ChariotMove(0, ("front",), NORTH, 5.0))
    c = game.warriors[0]
    assert (c.x, c.y) == pytest.approx((10.0, 15.0)) and c.facing == pytest.approx(NORTH)


def test_a_chariot_hemmed_in_cannot_turn_where_it_stands_at_any_distance() -> None:
    # A friend touching its left side: facing north its front disc would stand on him.
    game = scenario(w(CART, 0, 10, 10, EAST), w(GRUNT, 0, 10, 11.7), w(GRUNT, 1, 30, 30))
    c = game.warriors[0]
    why = chariot_turn_violation(game, c, ("front",), NORTH)
    assert why is not None and "bases may not overlap" in why
    for distance in (0.0, 2.0, 5.0):
        illegal(game, ChariotMove(0, ("front",), NORTH, distance), "bases may not overlap")
    # Its own facing is no turn; facing west it fits.
    assert chariot_turn_violation(game, c, ("front",), EAST) is None
    assert chariot_turn_violation(game, c, ("front",), WEST) is None
    game.apply(ChariotMove(0, ("front",), EAST, 2.0))


def test_its_line_of_movement_passes_over_single_dial_bases() -> None:
    game = scenario(w(CART, 0, 5, 10, EAST), w(GRUNT, 1, 8, 10), w(HORSE, 1, 8.5, 11.2),
                    w(GRUNT, 1, 30, 30))
    game.apply(ChariotMove(0, ("front",), EAST, 6.0))
    assert game.warriors[0].x == pytest.approx(11.0)
    # It may not end on a base it passed.
    again = scenario(w(CART, 0, 5, 10, EAST), w(GRUNT, 1, 8, 10), w(GRUNT, 1, 30, 30))
    illegal(again, ChariotMove(0, ("front",), EAST, 3.0), "bases may not overlap")


def test_it_stops_at_a_base_of_more_than_one_dial_unless_it_flies() -> None:
    game = scenario(w(CART, 0, 5, 10, EAST), w(CART, 1, 12, 10, NORTH), w(GRUNT, 1, 30, 30))
    # Its front disc reaches the other chariot's left wheel after 7 - 1.4 - 1.1 = 4.5".
    illegal(game, ChariotMove(0, ("front",), EAST, 5.0), "base of more than one combat dial")
    game.apply(ChariotMove(0, ("front",), EAST, 4.5))
    flying = scenario(w(FLYING_CART, 0, 5, 10, EAST), w(CART, 1, 9, 10, NORTH),
                      w(GRUNT, 1, 30, 30), build=200)
    # Flight on the rear section given a move action: every section flies.
    illegal(flying, ChariotMove(0, ("front",), EAST, 6.0), "base of more than one combat dial")
    flying.apply(ChariotMove(0, ("front", "rear"), EAST, 8.0))
    assert flying.warriors[0].x == pytest.approx(13.0)


def test_the_listed_moves_stop_where_each_group_of_sections_must() -> None:
    # The listing works out what stops it at a facing once for the groups that fly alike:
    # the front alone stops at the other chariot, the rear (Flight) flies over it.
    game = scenario(w(FLYING_CART, 0, 5, 10, EAST), w(CART, 1, 9, 10, NORTH),
                    w(GRUNT, 1, 30, 30), build=200)
    cart = game.warriors[0]
    farthest: dict[tuple[str, ...], float] = {}
    for move in chariot_move_candidates(game, cart):
        if move.facing is not None and abs(move.facing - EAST) < 1e-9:
            farthest[move.sections] = max(farthest.get(move.sections, 0.0), move.distance)
        # Each as far as at most what stops it, worked out afresh for its own sections
        # (the edge of the battlefield is left to the move's check).
        ks = tuple(SECTIONS.index(n) for n in move.sections)
        assert move.distance <= chariot_movement.reach(
            game, cart, ks, move.facing, chariot_movement.allowance(game, cart, ks)
        ).distance + 1e-9
    assert farthest[("front",)] == pytest.approx(
        chariot_stop(game, cart, (0,), EAST)[0]) and farthest[("front",)] < 2.0
    assert farthest[("rear",)] == pytest.approx(section_stats(cart, 3).speed)


def test_ram_stops_the_chariot_at_contact_with_one_click_and_the_action_ends() -> None:
    game = scenario(w(RAM_CART, 0, 5, 10, EAST), w(GRUNT, 1, 12, 10, WEST),
                    w(GRUNT, 1, 30, 30))
    # The front reaches the grunt after 12 - 0.5 - 1.4 - 5 = 5.1".
    illegal(game, ChariotMove(0, ("front",), EAST, 6.0), "Ram: the action ends")
    game.apply(ChariotMove(0, ("front",), EAST, 5.1))
    # The grunt's free spin first (the rules' Ram says nothing of it; the warrior's Ram
    # strikes after it), then the click.
    events = game.apply(FreeSpin(1, None))
    ram = [e for e in find(events, "damage") if e.get("ability") == "Ram"]
    assert ram and ram[0]["warrior"] == 1 and ram[0]["clicks"] == 1
    assert find(events, "action_ended")


def test_terrain_rules_apply_to_the_whole_base() -> None:
    from armybuilder.engine import TerrainFeature
    from armybuilder.engine.geometry import rectangle
    woods = TerrainFeature("hindering", rectangle(4.0, 11.0, 8.0, 14.0))
    # The left wheel stands in the woods: speed halved (6 -> 3).
    game = scenario(w(CART, 0, 6, 10, EAST), w(GRUNT, 1, 30, 30), terrain=(woods,))
    illegal(game, ChariotMove(0, ("front",), EAST, 4.0), "may move 3")
    wall = TerrainFeature("blocking", rectangle(12.0, 10.8, 13.0, 12.0))
    blocked = scenario(w(CART, 0, 6, 10, EAST), w(GRUNT, 1, 30, 30), terrain=(wall,))
    # The centre line misses the building; the left wheel does not.
    illegal(blocked, ChariotMove(0, ("front",), EAST, 6.0), "no part of the base")


# --- 5. attacking a chariot ---------------------------------------------------------------


def test_a_ranged_attack_affects_the_section_its_line_crosses() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST), w(ARCHER, 1, 10, 16, SOUTH), dice=(1, 3),
                    current=1)
    events = game.apply(RangedAttack(1, (0,)))
    miss = find(events, "miss")[0]
    assert miss["section"] == "left" and miss["defense"] == 15  # the left section's


def test_a_section_touched_by_a_friend_of_the_firer_cannot_be_shot() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST), w(ARCHER, 1, 10, 17, SOUTH),
                    w(GRUNT, 1, 9.222, 11.278, SOUTH), current=1)
    # The grunt touches the left section: the shot along the left is illegal ...
    illegal(game, RangedAttack(1, (0,)), "friendly to the firer is in contact")
    # ... but a friend touching the rear does not stop a shot at the front.
    other = scenario(w(CART, 0, 10, 10, EAST), w(ARCHER, 1, 17, 10, WEST),
                     w(GRUNT, 1, 8.1, 10, EAST), current=1, dice=(1, 3))
    events = other.apply(RangedAttack(1, (0,)))
    assert find(events, "miss")[0]["section"] == "front"


def test_an_inactive_section_lets_the_attacker_choose_another() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST, sections=(0, 6, 0, 0)),
                    w(ARCHER, 1, 10, 16, SOUTH), dice=(1, 3), current=1)
    illegal(game, RangedAttack(1, (0,)), "inactive; name the active section")
    illegal(game, RangedAttack(1, (0,), aim="left"), "only active sections")
    events = game.apply(RangedAttack(1, (0,), aim="right"))
    assert find(events, "miss")[0]["section"] == "right"


def test_an_attack_along_a_borderline_is_resolved_on_the_section_its_owner_chooses() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST), w(ARCHER, 1, 1, 1, 0.0), dice=(1, 3),
                    current=1)
    c = game.warriors[0]
    # Put the archer on the front-left borderline, 6" out.
    (bx, by), _ = c.shape.border_points(10, 10, EAST)[0]
    a = math.atan2(by - 10, bx - 10)
    archer = game.warriors[1]
    archer.place(10 + 6 * math.cos(a), 10 + 6 * math.sin(a), a + math.pi)
    events = game.apply(RangedAttack(1, (0,)))
    assert not find(events, "roll")  # no roll before the choice
    assert isinstance(game.pending[0], SectionChoice) and game.to_act == 0
    assert {SECTIONS[k] for k in game.pending[0].options} == {"front", "left"}
    events = game.apply(ChooseSection(0, "left"))
    assert find(events, "miss")[0]["section"] == "left"


def test_a_borderline_attack_is_illegal_if_either_section_could_not_be_attacked() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST), w(ARCHER, 1, 1, 1, 0.0),
                    w(GRUNT, 1, 10, 11.6, SOUTH), current=1)
    c = game.warriors[0]
    (bx, by), _ = c.shape.border_points(10, 10, EAST)[0]
    a = math.atan2(by - 10, bx - 10)
    game.warriors[1].place(10 + 7 * math.cos(a), 10 + 7 * math.sin(a), a + math.pi)
    illegal(game, RangedAttack(1, (0,)), "friendly to the firer is in contact")


def test_a_close_attack_affects_the_section_the_attacker_touches() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST), w(GRUNT, 1, 10, 8.4, NORTH), dice=(1, 3),
                    current=1)
    events = game.apply(CloseAttack(1, 0))
    assert find(events, "miss")[0]["section"] == "right"


def test_a_passenger_never_blocks_a_line_of_fire() -> None:
    # A shot across the chariot's middle would have to pass the passenger's base.
    game = scenario(w(CART, 0, 10, 10, EAST), rider(ARCHER, 0, 0),
                    w(ARCHER, 1, 10, 16, SOUTH), current=1, dice=(3, 3))
    assert game.warriors[1].on_table is False
    assert game.is_legal(RangedAttack(2, (0,)))


def test_the_forecast_reads_the_section_struck() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST), w(ARCHER, 1, 10, 16, SOUTH), current=1)
    f = forecast(game, RangedAttack(1, (0,)))
    [s] = f.strikes
    assert SECTIONS[s.section] == "left"
    assert f.odds(game, s).needed == 15 - 10


# --- 6. the chariot attacking --------------------------------------------------------------


def test_a_section_fires_from_the_centre_dot_through_its_own_wedge() -> None:
    game = scenario(w(SHOOTING_CART, 0, 10, 10, EAST), w(GRUNT, 1, 16, 10),
                    dice=(1, 3), build=200)
    illegal(game, RangedAttack(0, (1,), section="left"), "through or along the borderline")
    illegal(game, RangedAttack(0, (1,)), "name a section")
    events = game.apply(RangedAttack(0, (1,), section="front"))
    assert find(events, "miss")[0]["total"] == 4 + 9  # the front section's attack


def test_a_section_touched_by_an_opposing_figure_cannot_fire_but_another_can() -> None:
    game = scenario(w(SHOOTING_CART, 0, 10, 10, EAST), w(GRUNT, 1, 10, 11.6, SOUTH),
                    w(GRUNT, 1, 16, 10), dice=(3, 3), build=200)
    illegal(game, RangedAttack(0, (2,), section="left"), "no portion of the section")
    game.apply(RangedAttack(0, (2,), section="front"))


def test_a_section_attacks_in_close_combat_only_a_figure_touching_it() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST), w(GRUNT, 1, 11.9, 10, WEST), dice=(1, 3),
                    build=200)
    illegal(game, CloseAttack(0, 1, section="left"), "in base contact with the section")
    events = game.apply(CloseAttack(0, 1, section="front"))
    assert find(events, "miss")[0]["total"] == 4 + 9


def test_an_attack_of_the_chariot_clicks_its_own_section_on_a_critical_miss() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST), w(GRUNT, 1, 11.9, 10, WEST), dice=(1, 1),
                    build=200)
    events = game.apply(CloseAttack(0, 1, section="front"))
    assert find(events, "damage")[0]["section"] == "front"


# --- 7. passengers -----------------------------------------------------------------------


def test_boarding_a_move_action_touching_a_side_or_the_rear() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST), w(GRUNT, 0, 8.1, 10, EAST),
                    w(GRUNT, 0, 11.9, 10, WEST), w(GRUNT, 1, 30, 30), build=300)
    illegal(game, Board(2, 0), "either side section or the rear")  # at the front
    events = game.apply(Board(1, 0))
    assert find(events, "boarded")
    p = game.warriors[1]
    assert not p.on_table and p.riding == 0 and (p.x, p.y) == (10.0, 10.0)
    assert game.warriors[0].chariot.passenger == 1
    # One passenger at a time.
    game.warriors[2].place(10.0, 11.6, SOUTH)
    illegal(game, Board(2, 0), "one passenger at a time")


@pytest.mark.parametrize(("spec", "rule"), [
    (dict(c=HORSE, y=12.0), "horseshoe speed symbol"),
    (dict(c=card("Post", 10, speed=0, clicks=3), y=11.6), "speed value must be greater"),
    (dict(c=GRUNT, y=11.6, team=1), "opposing warrior can never be a passenger"),
])
def test_who_may_board(spec: dict, rule: str) -> None:
    team = spec.get("team", 0)
    game = scenario(w(CART, 0, 10, 10, EAST), w(spec["c"], team, 10, spec["y"], NORTH),
                    w(GRUNT, 1 - team, 30, 30), current=team)
    illegal(game, Board(1, 0), rule)


def test_disembarking_places_him_touching_a_side_or_the_rear() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST), rider(GRUNT, 0, 0), w(GRUNT, 1, 30, 30),
                    build=200)
    illegal(game, Disembark(1, (11.9, 10.0), 0.0), "either side section or the rear")
    events = game.apply(Disembark(1, (8.1, 10.0), SOUTH))
    p = game.warriors[1]
    assert find(events, "disembarked") and p.on_table and p.riding == -1
    assert p.facing == pytest.approx(SOUTH)
    assert game.warriors[0].chariot.passenger == -1


def test_a_passenger_has_his_own_tokens_and_ignores_speed_abilities() -> None:
    flier = card("Flier", 20, speed=8, clicks=4, abilities={0: ("Flight", "Toughness")})
    game = scenario(w(CART, 0, 10, 10, EAST), rider(flier, 0, 0), w(GRUNT, 1, 30, 30),
                    build=200)
    p = game.warriors[1]
    assert p.abilities == ("Toughness",) and p.showing == ("Flight", "Toughness")
    game.apply(Disembark(1, (8.1, 10.0), SOUTH))
    assert p.tokens == 1 and game.warriors[0].tokens == 0
    assert p.abilities == ("Flight", "Toughness")


def test_a_passenger_fires_from_the_centre_dot_until_the_chariot_moves() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST), rider(LONGBOW, 0, 0),
                    w(GRUNT, 1, 10, 17.9), w(GRUNT, 1, 10, 1.5), w(GRUNT, 1, 3, 10),
                    dice=(3, 3), build=300)
    # The range of 12 is 8 while he rides: 7.9" from the centre dot is in range ...
    assert game.is_legal(RangedAttack(1, (2,)))
    # ... 8.5" is not, and the front section never lies on his line of fire.
    illegal(game, RangedAttack(1, (3,)), "no longer than the range")
    game.warriors[3].place(17.5, 10, WEST)
    illegal(game, RangedAttack(1, (3,)), "may not pass through the front section")
    game.apply(ChariotMove(0, ("front",), EAST, 0.5))
    illegal(game, RangedAttack(1, (4,)), "has not yet moved this turn")


def test_a_passenger_fires_at_figures_touching_the_chariot_only_with_shockwave() -> None:
    quake = card("Quake", 20, range=8, clicks=4, abilities={0: ("Shockwave",)})
    game = scenario(w(CART, 0, 10, 10, EAST), rider(quake, 0, 0), w(GRUNT, 1, 10, 11.6),
                    dice=(3, 3), build=200)
    illegal(game, RangedAttack(1, (2,)), "unless using Shockwave")
    events = game.apply(RangedAttack(1, (), ability="Shockwave"))
    # Shockwave strikes the grunt and never the passenger's own chariot.
    assert {e["target"] for e in find(events, "miss") + find(events, "hit")} == {2}


def test_a_passenger_attacks_through_one_arc() -> None:
    twin = card("Twin", 20, range=8, targets=2, clicks=4)
    game = scenario(w(CART, 0, 10, 10, EAST), rider(twin, 0, 0), w(GRUNT, 1, 10, 16),
                    w(GRUNT, 1, 10, 4), w(GRUNT, 1, 13, 16), dice=(3, 3), build=200)
    illegal(game, RangedAttack(1, (2, 3)), "only one arc")
    game.apply(RangedAttack(1, (2, 4)))


def test_a_passenger_fights_figures_touching_a_side_or_the_rear_and_captures_none() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST), rider(GRUNT, 0, 0), w(GRUNT, 1, 11.9, 10),
                    w(GRUNT, 1, 10, 11.6, SOUTH), dice=(1, 3), build=200)
    illegal(game, CloseAttack(1, 2), "side or the rear section")
    illegal(game, CloseAttack(1, 3, capture=True), "cannot make a capture attempt")
    events = game.apply(CloseAttack(1, 3))
    assert find(events, "miss")[0]["target"] == 3


def test_a_passenger_is_never_targeted() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST), rider(GRUNT, 0, 0), w(ARCHER, 1, 10, 16),
                    current=1)
    illegal(game, RangedAttack(2, (1,)), "not on the battlefield")


def test_the_rules_example_toughness_on_the_side_and_on_the_passenger() -> None:
    """Chariot rules, Damaging a Passenger: "assume the side section of a chariot with
    Toughness is hit for 4 clicks of damage. That section possesses Toughness, so only 3
    clicks of damage are recorded on that section's combat dial. The attacker rolls a die
    to see if these 3 clicks of damage also affect the passenger. He rolls a 5, so the
    passenger receives 3 clicks of damage. If the passenger also has Toughness, only 2
    clicks would be recorded on the passenger's combat dial.\""""
    game = scenario(w(TOUGH_CART, 0, 10, 10, EAST), rider(TOUGH_RIDER, 0, 0),
                    w(ARCHER, 1, 10, 16, SOUTH), dice=(4, 4, 5), current=1)
    events = game.apply(RangedAttack(2, (0,)))
    section, passenger = find(events, "damage")
    assert (section["warrior"], section["section"], section["clicks"]) == (0, "left", 3)
    roll = [e for e in find(events, "roll") if e["purpose"] == "passenger"]
    assert roll[0]["dice"] == [5]
    assert (passenger["warrior"], passenger["clicks"]) == (1, 2)


def test_no_damage_reaches_the_passenger_on_a_four_or_from_the_front() -> None:
    four = scenario(w(CART, 0, 10, 10, EAST), rider(GRUNT, 0, 0),
                    w(ARCHER, 1, 10, 16, SOUTH), dice=(4, 4, 4), current=1)
    assert [e["warrior"] for e in find(four.apply(RangedAttack(2, (0,))), "damage")] == [0]
    front = scenario(w(CART, 0, 10, 10, EAST), rider(GRUNT, 0, 0),
                     w(ARCHER, 1, 16, 10, WEST), dice=(4, 4), current=1)
    events = front.apply(RangedAttack(2, (0,)))
    assert not [e for e in find(events, "roll") if e["purpose"] == "passenger"]


def test_an_eliminated_chariot_leaves_its_passenger_with_a_die_of_clicks() -> None:
    game = scenario(w(CART, 0, 10, 10, EAST, sections=(6, 5, 0, 0)), rider(GRUNT, 0, 0),
                    w(ARCHER, 1, 10, 16, SOUTH), dice=(6, 6, 2, 2), current=1)
    events = game.apply(RangedAttack(2, (0,)))
    placed = find(events, "passenger_placed")[0]
    assert placed["at"] == [10.0, 10.0]
    p = game.warriors[1]
    assert p.on_table and p.riding == -1 and (p.x, p.y) == (10.0, 10.0)
    # The die (after the attack's 5-or-6 roll of 2) gave 2 clicks.
    assert [e["clicks"] for e in find(events, "damage") if e["warrior"] == 1] == [2]
    assert isinstance(game.pending[0], PassengerFacing) and game.to_act == 0
    game.apply(Face(1, SOUTH))
    assert p.facing == pytest.approx(SOUTH)


def test_a_chariot_may_start_the_game_with_a_passenger_in_a_full_setup() -> None:
    from armybuilder.engine import Game, GameSetup, PlayerSetup
    setup = GameSetup(players=(
        PlayerSetup("A", (CART, GRUNT), 200, "south", passengers=((1, 0),)),
        PlayerSetup("B", (GRUNT,), 200, "north")), seed=3, round_limit=2)
    game = Game.new(setup)
    while game.phase == "deploy":
        game.apply(next(iter(game.legal_actions())))
    c, p = game.warriors[0], game.warriors[1]
    assert c.on_table and p.riding == 0 and (p.x, p.y) == (c.x, c.y)
    assert "passengers" in game.log()["start"]["players"][0]


def test_free_spin_offer_is_declined_the_usual_way() -> None:
    # Figures a chariot moves into contact with get their free spin as usual.
    game = scenario(w(CART, 0, 5, 10, EAST), w(GRUNT, 1, 8, 11.6, SOUTH),
                    w(GRUNT, 1, 30, 30))
    game.apply(ChariotMove(0, ("front",), EAST, 3.0))
    assert game.pending and game.pending[0].warrior == 1
    game.apply(FreeSpin(1, None))


# --- abilities on sections, and damage from figures in contact ------------------------------


def test_a_section_plays_its_own_abilities_and_reports_those_it_cannot() -> None:
    odd = chariot("Odd Cart", abilities={"rear": {0: ("Venom", "Battle Armor")}})
    game = scenario(w(odd, 0, 10, 10, EAST), w(ARCHER, 1, 3.0, 10, EAST), dice=(1, 3),
                    current=1)
    first = game.entries[0]["events"]
    assert [e["names"] for e in find(first, "section_abilities_without_rules")] == [["Venom"]]
    # Battle Armor shows on the rear only: +2 against the shot at the rear.
    events = game.apply(RangedAttack(1, (0,)))
    assert find(events, "miss")[0]["defense"] == 16 + 2


def _in_the_notch(x: float, y: float, facing: float) -> tuple[float, float]:
    """Where a 1" base touches both the front and the left section of a chariot standing
    at (x, y), facing ``facing``: on the line that halves the two discs, just outside."""
    probe = scenario(w(CART, 0, x, y, facing), w(GRUNT, 1, 30, 30))
    front, left = probe.warriors[0].discs[0], probe.warriors[0].discs[1]
    (nx, ny), _ = probe.warriors[0].shape.border_points(x, y, facing)[0]
    ux, uy = nx - (front[0] + left[0]) / 2, ny - (front[1] + left[1]) / 2
    norm = math.hypot(ux, uy)
    ux, uy = ux / norm, uy / norm
    t = 0.0
    while math.hypot(nx + t * ux - front[0], ny + t * uy - front[1]) < 1.1 + 0.001:
        t += 0.0005
    return nx + t * ux, ny + t * uy


def test_a_pole_arm_strikes_the_section_it_touches_its_owner_choosing_on_a_border() -> None:
    pike = card("Pike", 20, clicks=5, abilities={0: ("Pole Arm",)})
    px, py = _in_the_notch(8.6, 10.0, EAST)
    game = scenario(w(CART, 0, 5, 10, EAST), w(pike, 1, px, py, -2.1), w(GRUNT, 1, 30, 30))
    # The chariot drives until its front-left borderline meets the pike's front arc.
    game.apply(ChariotMove(0, ("front",), EAST, 3.6))
    events: list = []
    chosen = []
    while game.pending:
        item = game.pending[0]
        if isinstance(item, SectionChoice):
            assert item.purpose == "damage" and game.to_act == 0
            assert {SECTIONS[k] for k in item.options} == {"front", "left"}
            chosen.append(item)
            events += game.apply(ChooseSection(0, "left"))
        else:
            events += game.apply(FreeSpin(item.warrior, None))
    assert chosen
    hurt = [e for e in find(events, "damage") if e.get("ability") == "Pole Arm"]
    assert hurt and hurt[0]["warrior"] == 0 and hurt[0]["section"] == "left"


def test_flame_splashes_a_chariot_touching_the_target_on_the_section_touching_it() -> None:
    flamer = card("Flamer", 20, range=8, attack=12, clicks=4,
                  abilities={0: ("Flame/Lightning",)})
    game = scenario(w(CART, 0, 10, 10, EAST), w(GRUNT, 0, 10, 8.4, NORTH),
                    w(flamer, 1, 10, 2, NORTH), dice=(5, 5), current=1)
    events = game.apply(RangedAttack(2, (1,), ability="Flame/Lightning"))
    splash = [e for e in find(events, "hit") if e.get("splash")]
    assert splash and splash[0]["target"] == 0 and splash[0]["section"] == "right"


def test_magic_retaliation_on_a_section_strikes_the_attacker() -> None:
    proud = chariot("Proud Cart", abilities={"left": {0: ("Magic Retaliation",)}})
    game = scenario(w(proud, 0, 10, 10, EAST), w(ARCHER, 1, 10, 16, SOUTH), dice=(6, 6),
                    current=1)
    events = game.apply(RangedAttack(1, (0,)))
    back = [e for e in find(events, "damage") if e.get("ability") == "Magic Retaliation"]
    assert back and back[0]["warrior"] == 1


def test_a_log_of_chariot_play_replays() -> None:
    from armybuilder.engine import replay
    game = scenario(w(RAM_CART, 0, 5, 10, EAST), rider(GRUNT, 0, 0),
                    w(GRUNT, 1, 12, 10, WEST), w(ARCHER, 1, 12, 16, SOUTH), build=300)
    game.apply(ChariotMove(0, ("front", "left"), EAST, 5.1))
    while game.pending:
        game.apply(next(iter(game.legal_actions())))
    text = game.log_json()
    assert replay(text).log_json() == text


def test_aquatic_on_a_moving_section_lets_the_whole_chariot_into_deep_water() -> None:
    from armybuilder.engine import TerrainFeature
    from armybuilder.engine.geometry import rectangle
    lake = TerrainFeature("deep_water", rectangle(12.0, 6.0, 20.0, 14.0))
    wet = chariot("Wet Cart", abilities={"left": {0: ("Aquatic",)}})
    game = scenario(w(wet, 0, 6, 10, EAST), w(GRUNT, 1, 30, 30), terrain=(lake,), build=200)
    illegal(game, ChariotMove(0, ("front",), EAST, 6.0), "Deep Water")
    game.apply(ChariotMove(0, ("front", "left"), EAST, 10.0))
    assert game.warriors[0].x == pytest.approx(16.0)


def test_damage_passed_to_the_passenger_is_never_magic() -> None:
    # A Magic Blast on the left section: the passenger's Magic Immunity does not help him.
    mage = card("Mage", 30, range=8, attack=11, clicks=4, abilities={0: ("Magic Blast",)})
    immune = card("Warded", 20, clicks=6, abilities={i: ("Magic Immunity",) for i in range(6)})
    game = scenario(w(CART, 0, 10, 10, EAST), rider(immune, 0, 0),
                    w(mage, 1, 10, 16, SOUTH), dice=(5, 5, 3, 6), current=1)
    events = game.apply(RangedAttack(2, (0,), ability="Magic Blast"))
    hurt = {e["warrior"]: e["clicks"] for e in find(events, "damage")}
    assert hurt == {0: 3, 1: 3}  # the die of damage on the section, and all of it on him
