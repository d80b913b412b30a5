"""Rulebook III, Ranged Combat, Damage, Multiple Targets and Rolling 2s and 12s."""

from __future__ import annotations

import pytest
from engine_helpers import EAST, NORTH, WEST, card, find, scenario, w

from armybuilder.engine import IllegalAction, RangedAttack, apply

ARCHER = card("Archer", 30, attack=7, damage=2, range=10, targets=2)
TARGET = card("Target", 20, defense=15)
TOUGH = card("Tough", 20, defense=16)


def test_2d6_plus_attack_reaching_defense_hits_for_the_damage_value() -> None:
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(TARGET, 1, 10, 18), dice=(4, 4))
    events = apply(game, RangedAttack(0, (1,)))
    assert find(events, "hit")[0]["total"] == 15 and find(events, "hit")[0]["defense"] == 15
    assert find(events, "damage")[0]["clicks"] == 2 and game.warriors[1].click == 2


def test_a_roll_one_short_misses() -> None:
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(TARGET, 1, 10, 18), dice=(4, 3))
    events = apply(game, RangedAttack(0, (1,)))
    assert find(events, "miss") and game.warriors[1].click == 0


def test_range_is_measured_centre_to_centre() -> None:
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(TARGET, 1, 10, 20.01))
    with pytest.raises(IllegalAction, match="no longer than the range"):
        apply(game, RangedAttack(0, (1,)))
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(TARGET, 1, 10, 20), dice=(1, 2))
    apply(game, RangedAttack(0, (1,)))


def test_the_line_of_fire_must_leave_through_the_front_arc() -> None:
    game = scenario(w(ARCHER, 0, 10, 10, EAST), w(TARGET, 1, 10, 18))
    with pytest.raises(IllegalAction, match="front arc"):
        apply(game, RangedAttack(0, (1,)))


def test_any_other_base_blocks_the_line_of_fire() -> None:
    for owner in (0, 1):
        game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(TARGET, 1, 10, 18),
                        w(TARGET, owner, 10.3, 14))
        with pytest.raises(IllegalAction, match="blocked by a figure base"):
            apply(game, RangedAttack(0, (1,)))
    # A base the line only grazes does not block.
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(TARGET, 1, 10, 18), w(TARGET, 1, 10.5, 14),
                    dice=(1, 2))
    apply(game, RangedAttack(0, (1,)))


def test_no_ranged_combat_without_range_or_in_base_contact() -> None:
    brawler = card("Brawler", 20, range=0)
    game = scenario(w(brawler, 0, 10, 10, NORTH), w(TARGET, 1, 10, 14))
    with pytest.raises(IllegalAction, match="greater than 0"):
        apply(game, RangedAttack(0, (1,)))
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(TARGET, 1, 10, 11), w(TARGET, 1, 10, 15))
    with pytest.raises(IllegalAction, match="base contact with an opposing figure"):
        apply(game, RangedAttack(0, (2,)))


def test_no_shooting_at_a_figure_in_contact_with_a_friend_of_the_firer() -> None:
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(TARGET, 1, 12, 18), w(TARGET, 0, 13, 18))
    with pytest.raises(IllegalAction, match="friendly to the firer"):
        apply(game, RangedAttack(0, (1,)))


def test_allies_count_as_friendly() -> None:
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(TARGET, 1, 12, 18), w(TARGET, 2, 13, 18),
                    w(TARGET, 2, 30, 30), players=3, teams=(0, 1, 0))
    with pytest.raises(IllegalAction, match="friendly to the firer"):
        apply(game, RangedAttack(0, (1,)))
    with pytest.raises(IllegalAction, match="friendly figure cannot be the target"):
        apply(game, RangedAttack(0, (2,)))


def test_nobody_targets_himself_or_a_friend() -> None:
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(TARGET, 0, 10, 14), w(TARGET, 1, 30, 30))
    with pytest.raises(IllegalAction, match="never target himself"):
        apply(game, RangedAttack(0, (0,)))
    with pytest.raises(IllegalAction, match="friendly figure"):
        apply(game, RangedAttack(0, (1,)))


def test_multiple_targets_one_roll_one_click_each_never_the_same_twice() -> None:
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(TARGET, 1, 8, 17), w(TOUGH, 1, 12, 17),
                    w(TARGET, 1, 10, 18), dice=(4, 4))
    with pytest.raises(IllegalAction, match="more than once"):
        apply(game, RangedAttack(0, (1, 1)))
    with pytest.raises(IllegalAction, match="as many targets as the arrows"):
        apply(game, RangedAttack(0, (1, 2, 3)))
    events = apply(game, RangedAttack(0, (1, 2)))
    assert len(find(events, "roll")) == 1
    assert [e["target"] for e in find(events, "hit")] == [1]
    assert [e["target"] for e in find(events, "miss")] == [2]
    assert find(events, "damage") == [{"e": "damage", "warrior": 1, "clicks": 1, "click": 1,
                                       "cause": "attack", "source": 0}]


def test_a_critical_miss_misses_and_costs_the_firer_a_click() -> None:
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(card("Paper", 5, defense=1), 1, 10, 18),
                    dice=(1, 1))
    events = apply(game, RangedAttack(0, (1,)))
    assert find(events, "miss")[0]["critical"] is True
    assert find(events, "damage") == [{"e": "damage", "warrior": 0, "clicks": 1, "click": 1,
                                       "cause": "critical miss"}]


def test_a_critical_hit_always_hits_for_one_more_click_two_for_each_of_several() -> None:
    wall = card("Wall", 40, defense=30, clicks=8)
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(wall, 1, 10, 18), dice=(6, 6))
    apply(game, RangedAttack(0, (1,)))
    assert game.warriors[1].click == 3  # damage 2 + 1
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(wall, 1, 8, 17), w(wall, 1, 12, 17),
                    dice=(6, 6))
    events = apply(game, RangedAttack(0, (1, 2)))
    assert [e["clicks"] for e in find(events, "damage")] == [2, 2]


def test_captives_and_their_controllers_cannot_be_shot() -> None:
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(TARGET, 1, 10, 18),
                    w(TARGET, 0, 10, 19, captive_of=1), w(TARGET, 1, 30, 30))
    with pytest.raises(IllegalAction, match="controlling warrior may not be the target"):
        apply(game, RangedAttack(0, (1,)))
    with pytest.raises(IllegalAction, match="captive"):
        apply(game, RangedAttack(0, (2,)))


def test_every_listed_ranged_attack_is_legal() -> None:
    game = scenario(w(ARCHER, 0, 10, 10, NORTH), w(TARGET, 1, 8, 17), w(TOUGH, 1, 12, 17),
                    w(TARGET, 1, 10, 25), w(TARGET, 1, 10, 5, WEST))
    # The fourth foe is out of range, the fifth behind the archer.
    shots = [a for a in game.legal_actions(0) if isinstance(a, RangedAttack)]
    assert set(shots) == {RangedAttack(0, (1,)), RangedAttack(0, (2,)), RangedAttack(0, (1, 2))}
