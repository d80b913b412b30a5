"""Rulebook IV, Formations, with the FAQ's rule changes and faction rules."""

from __future__ import annotations

from itertools import combinations

import pytest
from engine_helpers import EAST, NORTH, SOUTH, card, find, kinds, scenario, w

from armybuilder.engine import (
    CloseAttack,
    FormationPlan,
    IllegalAction,
    Move,
    MoveFormation,
    Pass,
    RangedAttack,
    apply,
)

NECRO = ("Necropolis Sect",)
ORC = ("Orc Raiders",)


def line_of(*cards, y: float = 10.0, x0: float = 10.0, facing: float = NORTH):
    """Warriors of player 0 in a touching row."""
    return [w(c, 0, x0 + i, y, facing) for i, c in enumerate(cards)]


# --- movement formations ----------------------------------------------------------------


def test_a_movement_formation_moves_everyone_at_the_slowest_speed_with_one_action() -> None:
    fast = card("Fast", 20, speed=10, factions=NECRO)
    slow = card("Slow", 10, speed=6, factions=NECRO)
    game = scenario(*line_of(fast, fast, slow), w(fast, 1, 30, 30))
    apply(game, MoveFormation(0, (1, 2)))
    assert all(game.warriors[i].tokens == 1 for i in (0, 1, 2))
    too_far = FormationPlan((Move(0, ((10, 16.5),)), Move(1, ((11, 16),)), Move(2, ((12, 16),))))
    with pytest.raises(IllegalAction, match="may move 6"):
        apply(game, too_far)
    events = apply(game, FormationPlan((Move(0, ((10, 16),)), Move(1, ((11, 16),)),
                                        Move(2, ((12, 16),)))))
    assert [e["warrior"] for e in find(events, "moved")] == [0, 1, 2]
    assert game.current == 1  # one action for all three


def test_members_must_still_touch_at_the_end() -> None:
    c = card("Zombie", 10, speed=6, factions=NECRO)
    game = scenario(*line_of(c, c, c), w(c, 1, 30, 30))
    apply(game, MoveFormation(0, (1, 2)))
    with pytest.raises(IllegalAction, match="still touch another member"):
        apply(game, FormationPlan((Move(2, ((16, 10),)),)))
    apply(game, FormationPlan((Move(2, ((11.6, 10.8),)),)))


@pytest.mark.parametrize(("factions", "ok"), [
    ((NECRO, NECRO, NECRO), True),
    ((NECRO, NECRO, ORC), False),
    ((NECRO, ("Necropolis Sect", "Orc Raiders"), ("Orc Raiders", "Necropolis Sect")), True),
    ((NECRO, NECRO, ("Apocalypse",)), True),  # FAQ, Apocalypse Faction Rules
    ((NECRO, NECRO, ("Mage Spawn",)), False),  # Rulebook IV, Restrictions
    ((("Shyft",), ("Shyft",), ("Mage Spawn",)), True),  # FAQ, Shyft Faction Rules
    ((("Mage Spawn",), ("Mage Spawn",), ("Mage Spawn",)), False),
])
def test_formation_members_share_a_faction(factions: tuple, ok: bool) -> None:
    cards = [card(f"M{i}", 10, factions=f) for i, f in enumerate(factions)]
    game = scenario(*line_of(*cards), w(cards[0], 1, 30, 30))
    assert game.is_legal(MoveFormation(0, (1, 2))) is ok


def test_size_and_grouping_rules() -> None:
    c = card("Zombie", 10, factions=NECRO)
    game = scenario(*line_of(c, c), w(c, 0, 20, 10), w(c, 1, 30, 30))
    with pytest.raises(IllegalAction, match="3, 4 or 5"):
        apply(game, MoveFormation(0, (1,)))
    with pytest.raises(IllegalAction, match="touching the base"):
        apply(game, MoveFormation(0, (1, 2)))


def test_pushing_follows_each_members_tokens() -> None:
    c = card("Zombie", 10, factions=NECRO)
    specs = line_of(c, c, c)
    specs[1] = w(c, 0, 11, 10, NORTH, tokens=1)
    game = scenario(*specs, w(c, 1, 30, 30))
    apply(game, MoveFormation(0, (1, 2)))
    events = apply(game, FormationPlan(()))
    assert [e["warrior"] for e in find(events, "damage")] == [1]
    assert [game.warriors[i].tokens for i in (0, 1, 2)] == [1, 2, 1]


def test_a_member_that_fails_to_break_away_stays_but_may_re_face() -> None:
    c = card("Zombie", 10, factions=NECRO)
    game = scenario(*line_of(c, c, c), w(c, 1, 10, 11, SOUTH), w(c, 1, 30, 30), dice=(2,))
    events = apply(game, MoveFormation(0, (1, 2)))
    assert find(events, "break_away") == [{"e": "break_away", "warrior": 0, "success": False}]
    with pytest.raises(IllegalAction, match="fails to break away may not move"):
        apply(game, FormationPlan((Move(0, ((10, 8),)),)))
    apply(game, FormationPlan((Move(0, (), facing=EAST), Move(2, ((11.6, 9.2),)))))
    assert game.warriors[0].facing == EAST and game.warriors[0].pos == (10, 10)


def test_demoralized_warriors_may_join_movement_formations_only() -> None:
    c = card("Zombie", 10, factions=NECRO, range=8)
    shaken = card("Shaken", 10, factions=NECRO, range=8, abilities={0: ("Demoralized",)})
    game = scenario(*line_of(c, c, shaken), w(c, 1, 11, 16, SOUTH))
    assert game.is_legal(MoveFormation(0, (1, 2)))
    with pytest.raises(IllegalAction, match="FAQ, Demoralized & Formations"):
        apply(game, RangedAttack(0, (3,), formation=(1, 2)))


def test_listed_movement_formations_and_plans_are_legal() -> None:
    c = card("Zombie", 10, factions=NECRO)
    game = scenario(*line_of(c, c, c, c), w(c, 1, 30, 30))
    formations = [a for a in game.legal_actions(0) if isinstance(a, MoveFormation)]
    assert MoveFormation(0, (1, 2, 3)) in formations and MoveFormation(0, (1, 2)) in formations
    assert MoveFormation(0, (2, 3)) not in formations  # 0 would touch nobody
    apply(game, MoveFormation(0, (1, 2, 3)))
    plans = list(game.legal_actions())
    assert len(plans) > 4 and all(game.is_legal(p) for p in plans)
    apply(game, plans[2])
    assert game.current == 1


# --- ranged combat formations -----------------------------------------------------------

ELF = ("Elemental League",)


def ranged_trio(dice: tuple[int, ...], defense: int = 20, **kwargs: object):
    priest = card("Priest", 40, attack=9, damage=3, range=10, factions=ELF)
    ranger = card("Ranger", 20, attack=7, damage=1, range=8, factions=ELF)
    target = card("Golem", 50, defense=defense, clicks=6)
    return scenario(*line_of(priest, ranger, ranger), w(target, 1, 11, 17), dice=dice, **kwargs)


def test_a_ranged_formation_adds_one_per_extra_member_and_uses_the_primary_values() -> None:
    game = ranged_trio((4, 5))  # 9 + 9 + 2 = 20
    events = apply(game, RangedAttack(0, (3,), formation=(1, 2)))
    assert find(events, "hit")[0]["total"] == 20
    assert game.warriors[3].click == 3  # the primary's damage, no bonus
    assert all(game.warriors[i].tokens == 1 for i in (0, 1, 2))


def test_a_ranged_formation_has_a_single_target_and_every_member_a_line_of_fire() -> None:
    game = ranged_trio((4, 5))
    with pytest.raises(IllegalAction, match="3, 4 or 5"):
        apply(game, RangedAttack(0, (3,), formation=(1,)))
    priest2 = card("Priest", 40, attack=9, damage=3, range=10, targets=2, factions=ELF)
    ranger = card("Ranger", 20, attack=7, damage=1, range=8, factions=ELF)
    target = card("Golem", 50, defense=20)
    game = scenario(*line_of(priest2, ranger, ranger), w(target, 1, 11, 17),
                    w(target, 1, 13, 17))
    with pytest.raises(IllegalAction, match="single figure"):
        apply(game, RangedAttack(0, (3, 4), formation=(1, 2)))
    # A ranger 8" away cannot reach a target 9" off.
    game = scenario(*line_of(priest2, ranger, ranger), w(target, 1, 10, 18.5))
    with pytest.raises(IllegalAction, match="each member must be able to draw a line of fire"):
        apply(game, RangedAttack(0, (3,), formation=(1, 2)))


def test_a_critical_miss_in_a_formation_clicks_only_the_primary() -> None:
    game = ranged_trio((1, 1))
    events = apply(game, RangedAttack(0, (3,), formation=(1, 2)))
    assert [e["warrior"] for e in find(events, "damage")] == [0]


# --- close combat formations ------------------------------------------------------------


def close_pair(dice: tuple[int, ...], wolf_facing: float = SOUTH, **kwargs: object):
    crusher = card("Crusher", 30, attack=10, damage=3, factions=ORC)
    raider = card("Raider", 15, attack=8, damage=1, factions=ORC)
    wolf = card("Werewolf", 50, defense=18, clicks=6)
    # The crusher below the werewolf, the raider above it.
    return scenario(w(crusher, 0, 10, 9, NORTH), w(raider, 0, 10, 11, SOUTH),
                    w(wolf, 1, 10, 10, wolf_facing), dice=dice, **kwargs)


def test_a_close_formation_gets_one_per_extra_member_and_one_for_the_rear_arc() -> None:
    game = close_pair((3, 3))  # the raider is at the werewolf's back: 10 + 6 + 1 + 1
    events = apply(game, CloseAttack(0, 2, formation=(1,)))
    assert find(events, "hit")[0]["total"] == 18
    assert game.warriors[2].click == 3


def test_only_one_rear_bonus_for_a_whole_formation() -> None:
    crusher = card("Crusher", 30, attack=10, damage=3, factions=ORC)
    raider = card("Raider", 15, attack=8, damage=1, factions=ORC)
    wolf = card("Werewolf", 50, defense=30, clicks=6)
    # The crusher in the werewolf's front arc, both raiders at its back.
    game = scenario(w(crusher, 0, 10, 9, NORTH), w(raider, 0, 10.8661, 10.5, -2.618),
                    w(raider, 0, 9.1339, 10.5, -0.5236), w(wolf, 1, 10, 10, SOUTH), dice=(3, 3))
    events = apply(game, CloseAttack(0, 3, formation=(1, 2)))
    assert find(events, "miss")[0]["total"] == 10 + 6 + 2 + 1


def test_a_capturing_close_formation_makes_the_primary_the_controller() -> None:
    game = close_pair((6, 5))
    apply(game, CloseAttack(0, 2, capture=True, formation=(1,)))
    assert game.warriors[0].captive == 2


def test_close_formation_members_need_their_front_arcs_on_the_target() -> None:
    crusher = card("Crusher", 30, factions=ORC)
    wolf = card("Werewolf", 50, defense=18)
    game = scenario(w(crusher, 0, 10, 9, NORTH), w(crusher, 0, 10, 11, NORTH),
                    w(wolf, 1, 10, 10))
    with pytest.raises(IllegalAction, match="front arc must be in base contact"):
        apply(game, CloseAttack(0, 2, formation=(1,)))
    with pytest.raises(IllegalAction, match="2 or 3"):
        apply(game, CloseAttack(0, 2, formation=(1, 1, 1)))


def test_formations_listed_for_close_combat() -> None:
    game = close_pair((3, 3))
    options = {a for a in game.legal_actions(0) if isinstance(a, CloseAttack)}
    assert CloseAttack(0, 2, formation=(1,)) in options
    assert CloseAttack(0, 2, capture=True, formation=(1,)) in options
    assert all(game.is_legal(a) for a in options)
    assert "turn" in kinds(apply(game, Pass(0)))


def _every_formation_attack(game, attacker: int) -> set:
    """Every ranged and close combat formation ``attacker`` leads, found by asking the
    engine's check of each combination of its side's warriors (no listing involved)."""
    side = [x.id for x in game.warriors if x.owner == game.warriors[attacker].owner
            and x.id != attacker]
    targets = [x.id for x in game.warriors if x.owner != game.warriors[attacker].owner]
    found = set()
    for t in targets:
        for k in (1, 2, 3, 4):
            for combo in combinations(side, k):
                for action in (RangedAttack(attacker, (t,), formation=combo),
                               CloseAttack(attacker, t, formation=combo),
                               CloseAttack(attacker, t, capture=True, formation=combo)):
                    if game.is_legal(action):
                        found.add(action)
    return found


def test_the_listing_leaves_out_no_formation_attack() -> None:
    # The listing passes over warriors that could not be members (none near the others,
    # none touching the target) before asking the rules: it still lists every formation
    # attack the rules allow, for archers in touching rows, stragglers and a melee.
    archer = card("Archer", range=8, targets=1, factions=ORC)
    brute = card("Brute", factions=ORC)
    game = scenario(*line_of(archer, archer, archer, archer, x0=10.0),
                    w(archer, 0, 6.0, 10.0, NORTH), w(archer, 0, 14.6, 10.3, NORTH),
                    w(brute, 0, 20.0, 14.0, NORTH), w(brute, 0, 21.0, 14.0, NORTH),
                    w(brute, 1, 20.5, 14.87, SOUTH), w(brute, 1, 12.0, 16.0, SOUTH))
    listed_any = False
    for attacker in range(8):
        listed = {a for a in game.legal_actions(attacker)
                  if isinstance(a, (RangedAttack, CloseAttack)) and a.formation}
        assert listed == _every_formation_attack(game, attacker), attacker
        listed_any |= bool(listed)
    assert listed_any
