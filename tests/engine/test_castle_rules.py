"""Golden scenarios for the castle rules (seed 004) that the other castle tests leave out:
one scenario per rule of issue 17's items 1 to 8, so that each rule has a test that fails
when the rule breaks.

Where each rule of the issue is tested (file::test; "rules" is this file):

1. Setting up a siege
   - one castle player: rules::test_only_one_player_may_use_castle_sections
   - sections before terrain and warriors: test_castle_terrain::
     test_a_default_castle_stands_before_terrain_and_warriors_several_walls_allowed
   - 18" from the edge, 30" from the opponent; no 3" spacing: test_castle_terrain::
     test_sections_stand_within_18_inches_of_the_edge_and_30_from_the_opponent
   - no terrain inside an enclosure; an enclosure needs a portal: test_castle_terrain::
     test_an_enclosure_needs_a_portal_and_keeps_terrain_out
   - planking and ladders: test_castle_access::
     test_planking_is_placed_parallel_to_a_wall_and_touching_it, test_castle_terrain::
     test_ladders_one_per_three_walls_for_each_player
   - starting areas: test_castle_terrain::test_starting_areas_in_a_siege,
     rules::test_no_castle_warrior_starts_within_30_inches_of_the_opponents_area
   - Heavy or Light: test_castle_combat::test_a_castle_figure_becomes_a_card_heavy_or_light,
     tests/test_rules_castles.py (the point table)
   - not unique: tests/test_rules_castles.py::
     test_a_castle_holds_several_walls_and_towers_of_the_project_fixtures
2. The section as a figure
   - 360 degrees, no rear arc: rules::test_a_section_fires_all_round_and_has_no_rear_arc
   - never moves or is moved: test_castle_combat::
     test_a_section_may_be_given_only_ranged_combat_or_pass,
     rules::test_magic_levitation_cannot_move_a_section
   - no free spins: rules::test_a_section_makes_no_free_spin
   - never in base contact: rules::test_a_section_is_never_in_base_contact
   - no capture: test_castle_combat::test_close_combat_by_a_front_arc_touching_the_section
   - the listed abilities: rules::test_healing_and_magic_healing_cannot_target_a_section,
     rules::test_magic_freeze_cannot_target_a_section, rules::test_venom_never_reaches_a_section,
     rules::test_vampirism_heals_nothing_from_a_section, test_castle_combat::
     test_sections_cannot_be_affected_by_the_listed_abilities (Magic Confusion, healed)
   - cannot be reanimated: rules::test_necromancy_cannot_reanimate_a_section
   - no damage from pushing or critical misses: test_castle_combat::
     test_pushed_without_damage_and_never_a_third_turn, test_critical_miss_does_not_damage_a_section
   - never in a formation: rules::test_a_section_is_never_in_a_formation
   - three broken towers: test_castle_combat::test_three_broken_towers_eliminate_and_leave_rubble,
     rules::test_an_attack_that_eliminates_a_section_leaves_rubble_and_figures_on_it
3. The section as terrain
   - abrupt elevated: test_castle_terrain::test_a_default_castle_stands_before_terrain_...;
     the same height: rules::test_every_section_is_the_same_height
   - access points, free movement: test_castle_access, test_castle_terrain::
     test_walls_and_tops_join_free_movement_without_stopping
   - contact between a top and an adjacent wall from above:
     rules::test_a_keep_top_and_an_adjacent_wall_are_in_base_contact
   - cavalry, double bases, multi-dial warriors: test_castle_terrain::
     test_cavalry_may_never_occupy_a_section, rules::test_a_chariot_may_never_occupy_a_section
   - close combat across access points: test_castle_access (every test of Close Combat)
4. Portals
   - closed at the start, opened by the castle player at the start of the turn:
     test_castle_terrain::test_closed_portals_block_movement_and_the_castle_player_opens_them,
     rules::test_only_the_castle_player_opens_portals_one_at_a_time
   - no movement or line of fire through a closed portal: test_castle_terrain (the same test,
     test_a_closed_portal_blocks_lines_of_fire_at_its_foot)
   - breached sections: test_castle_terrain::test_a_breach_opens_the_portals_for_good,
     rules::test_a_wall_is_breached_when_its_fortification_shows_yellow
   - gatehouse portals: test_castle_terrain::
     test_the_gatehouse_archway_is_ground_and_its_portals_cannot_close_on_a_base
5. Actions and attacks
   - ranged only: test_castle_combat::test_a_section_may_be_given_only_ranged_combat_or_pass;
     one per turn: rules::test_one_action_per_section_per_turn
   - pushed without damage, never a third: test_castle_combat::
     test_pushed_without_damage_and_never_a_third_turn
   - the keep's extra action: test_castle_combat::test_the_keep_gives_an_extra_action,
     rules::test_the_keeps_extra_action_goes_with_the_keep
   - line of fire from the centre point, never blocked by bases, on elevated terrain:
     test_castle_combat::test_a_section_fires_from_its_centre_never_blocked_by_bases
   - nothing within 4": test_castle_combat::test_a_section_fires_at_nothing_within_4_inches
   - long range: test_castle_combat::test_long_range_doubles_range_and_takes_2_from_damage_...
6. Attacking the castle
   - the listed attackers: test_castle_combat::test_only_the_listed_attackers_may_fire_at_a_section,
     test_close_combat_by_a_front_arc_touching_the_section (gang-up too);
     rules::test_no_ranged_formation_at_a_section_with_a_member_not_listed
   - line of fire never blocked by bases: rules::test_a_line_of_fire_to_a_section_passes_over_bases
   - height advantage: test_castle_combat::test_a_section_has_height_advantage_against_a_ground_...,
     rules::test_no_height_advantage_for_a_section_against_an_elevated_attacker
   - front arc touching: test_castle_combat::test_close_combat_by_a_front_arc_touching_the_section
   - not the section one stands on: test_castle_combat::test_no_attacking_the_section_one_stands_on,
     rules::test_no_close_attack_on_the_section_one_stands_on
7. Warriors on the castle: test_castle_combat::test_the_steam_mauler_and_the_skull_golem and
   the three tests after it.
8. Rubble and victory
   - rubble, figures stay, owner's facing, a d6 of clicks: test_castle_terrain::
     test_an_eliminated_section_becomes_rubble_and_its_figures_take_a_die_of_clicks,
     rules::test_an_attack_that_eliminates_a_section_leaves_rubble_and_figures_on_it
   - victory points: test_castle_combat::test_three_broken_towers_eliminate_and_leave_rubble,
     test_a_breach_opens_the_portals_and_scores_half_if_it_survives,
     rules::test_a_breach_by_a_figure_scores_half_for_its_player_only_while_it_stands

The castle player is player 0 at the south edge; sections are the project's fixtures
(imports/fixtures, invented dials). The keep at (18, 6): footprint x 15.5..20.5, y 3.5..8.5,
its side door on x = 20.5, y 5.5..6.5.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from engine_helpers import EAST, NORTH, SOUTH, card, chariot, defense_of, find, scenario, w
from test_castle_combat import KEEP, TOWER, WALL, section

from armybuilder.engine import (
    CloseAttack,
    Face,
    Game,
    GameSetup,
    Move,
    Pass,
    PassengerFacing,
    PlayerSetup,
    RangedAttack,
    SetPortal,
    SetupError,
    SpinOffer,
    TerrainFeature,
    UseAbility,
    castle_front_touches,
    is_legal,
    legal_actions,
    replay,
)
from armybuilder.engine.cards import FigureCard
from armybuilder.engine.castle import Section
from armybuilder.engine.castle_setup import CastlePlacement, occupy_violation
from armybuilder.engine.state import IllegalAction
from armybuilder.engine.victory import final_scores

WEST = -math.pi
GUARD = card("Guard", 20, attack=9, defense=16, damage=2, clicks=6)
ARCHER = card("Archer", 20, attack=10, defense=15, damage=2, range=10, clicks=6)
BOMBARD = card("Bombard", 40, attack=10, defense=15, damage=4, range=10, clicks=6)
BRUTE = card("Brute", 40, attack=10, defense=15, damage=4, clicks=8)


def ability_card(name: str, ability: str, **kw: Any) -> FigureCard:
    """A warrior showing ``ability`` on every click of its six."""
    return card(name, 30, clicks=6, abilities={i: (ability,) for i in range(6)}, **kw)


def section_of(game: Game, wid: int) -> Section:
    s = game.warriors[wid].castle
    assert s is not None
    return s


def illegal(game: Game, action: object, rule: str) -> None:
    with pytest.raises(IllegalAction, match=rule):
        game.apply(action)  # type: ignore[arg-type]


def pass_round(game: Game, until: int) -> None:
    """Pass every action until it is ``until``'s turn again (after another's)."""
    while game.current == until:
        game.apply(next(a for a in legal_actions(game) if isinstance(a, Pass)))
    while game.current != until:
        game.apply(next(a for a in legal_actions(game) if isinstance(a, Pass)))


# --- 1. Setting up a siege --------------------------------------------------------------


def test_only_one_player_may_use_castle_sections() -> None:
    """Castle rules, Playing Area and Set-Up: all players "choose which player will be
    allowed to use them": one castle player."""
    a = PlayerSetup("A", (WALL, GUARD), 500, "south")
    b = PlayerSetup("B", (WALL, GUARD), 500, "north")
    with pytest.raises(SetupError, match="one player is allowed to use castle sections"):
        Game.new(GameSetup(players=(a, b), table=48.0, seed=1))


def test_no_castle_warrior_starts_within_30_inches_of_the_opponents_area() -> None:
    """Castle rules, Playing Area and Set-Up: "None of the castle player's warriors may be
    placed within 30 inches of the opponent's starting area", even touching a section.
    The keep's outer face stands exactly 30" from the opponent's area (y = 45 on 48")."""
    from armybuilder.engine.setup import deploy_violation
    a = PlayerSetup("Castle", (KEEP, GUARD), 500, "south",
                    castle=(CastlePlacement(0, (24.0, 12.5)),))
    b = PlayerSetup("Siege", (GUARD,), 500, "north")
    game = Game.new(GameSetup(players=(a, b), table=48.0, seed=1))
    guard = game.warriors[1]
    assert deploy_violation(game, guard, (24.0, 9.48), SOUTH) is None  # the inner face
    assert "within 30 inches" in (deploy_violation(game, guard, (24.0, 15.52), NORTH) or "")


# --- 2. The section as a figure ---------------------------------------------------------


def test_a_section_fires_all_round_and_has_no_rear_arc() -> None:
    """Castle rules, General Rules: "Have a 360-degree front arc and no rear arc": the keep
    (its rotation faces east) fires behind it, and an attacker at its west face has no rear
    arc bonus."""
    game = scenario(w(KEEP, 0, 18, 6), w(ARCHER, 1, 11, 6, EAST),
                    w(BRUTE, 1, 14.99, 3.0, EAST), w(GUARD, 1, 18, 30), build=300, current=0)
    assert is_legal(game, RangedAttack(0, (1,)))  # due west, 7" away
    game = scenario(w(KEEP, 0, 18, 6), w(BRUTE, 1, 14.99, 6.0, EAST), w(GUARD, 1, 18, 30),
                    build=300, current=1, dice=(4, 4))
    events = game.apply(CloseAttack(1, 0))
    roll = next(e for e in events if e["e"] in ("hit", "miss"))
    assert "rear arc" not in dict(map(tuple, roll.get("roll_modifiers", ())))


def test_magic_levitation_cannot_move_a_section() -> None:
    """Castle rules, General Rules: "Can never move or be moved" (Magic Levitation)."""
    lifter = ability_card("Lifter", "Magic Levitation", speed=6)
    game = scenario(w(KEEP, 0, 18, 6), w(lifter, 0, 18, 9.01, SOUTH), w(GUARD, 1, 18, 30),
                    build=300, current=0)
    action = UseAbility(1, "Magic Levitation", 0, (18.0, 12.0), 0.0)
    assert not is_legal(game, action)
    assert not any(isinstance(a, UseAbility) and a.target == 0 for a in legal_actions(game))


def test_a_section_makes_no_free_spin() -> None:
    """Castle rules, General Rules: "Cannot make free spins": a warrior moving up to the
    keep's face owes it none."""
    game = scenario(w(KEEP, 0, 18, 6), w(BRUTE, 1, 18, 12, SOUTH), w(GUARD, 0, 3, 3),
                    build=300, current=1)
    events = game.apply(Move(1, ((18.0, 12.0), (18.0, 9.01)), SOUTH))
    assert not find(events, "free_spin_offered")
    assert not any(isinstance(p, SpinOffer) for p in game.pending)
    assert castle_front_touches(game, game.warriors[1], game.warriors[0])


def test_a_section_is_never_in_base_contact() -> None:
    """Castle rules, General Rules: "Are never considered to be in base contact with any
    figure, friendly or opposing": neither a figure at its face nor one on its top."""
    game = scenario(w(KEEP, 0, 18, 6), w(BRUTE, 1, 18, 9.01, SOUTH), w(GUARD, 0, 18, 6),
                    build=300, current=1)
    keep = game.warriors[0]
    for o in game.warriors[1:]:
        assert not game.touching(keep, o) and not game.touching(o, keep)
        assert keep not in game.contacts(o)
    assert game.contacts(keep) == [] and game.opposing_contacts(keep) == []


def test_healing_and_magic_healing_cannot_target_a_section() -> None:
    """Castle rules, General Rules: not affected by Healing or Magic Healing; "Cannot be
    healed"."""
    healer = ability_card("Healer", "Healing")
    mender = ability_card("Mender", "Magic Healing", range=8)
    game = scenario(w(KEEP, 0, 18, 6, click=3), w(healer, 0, 18, 9.01, SOUTH),
                    w(mender, 0, 24, 12, WEST), w(GUARD, 1, 18, 30), build=300, current=0)
    illegal(game, CloseAttack(1, 0, ability="Healing"), "Castle rules, General Rules")
    illegal(game, RangedAttack(2, (0,), ability="Magic Healing"), "Castle rules, General Rules")
    assert game.warriors[0].click == 3


def test_magic_freeze_cannot_target_a_section() -> None:
    """Castle rules, General Rules: not affected by Magic Freeze."""
    freezer = ability_card("Freezer", "Magic Freeze", attack=10, damage=4, range=10)
    game = scenario(w(KEEP, 0, 18, 6), w(freezer, 1, 18, 14, SOUTH), build=300, current=1)
    illegal(game, RangedAttack(1, (0,), ability="Magic Freeze"), "Magic Freeze")


def test_venom_never_reaches_a_section() -> None:
    """Castle rules, General Rules: not affected by Venom (it strikes the opposing figures
    in base contact at the beginning of the turn, and a section touches no one)."""
    viper = ability_card("Viper", "Venom", damage=4)
    game = scenario(w(KEEP, 0, 18, 6), w(viper, 1, 18, 9.01, SOUTH), w(GUARD, 1, 30, 30),
                    w(GUARD, 0, 3, 3), build=300, current=0)
    pass_round(game, 1)
    assert game.warriors[0].click == 0
    assert not [e for e in game.events if e["e"] == "damage" and e["warrior"] == 0]


def test_vampirism_heals_nothing_from_a_section() -> None:
    """Castle rules, General Rules: not affected by Vampirism: damaging a section heals no
    vampire."""
    vampire = ability_card("Vampire", "Vampirism", damage=4, attack=12)
    game = scenario(w(KEEP, 0, 18, 6), w(vampire, 1, 18, 9.01, SOUTH, click=2),
                    w(GUARD, 0, 3, 3), build=300, current=1, dice=(5, 5))
    events = game.apply(CloseAttack(1, 0))
    assert find(events, "hit") and game.warriors[0].click > 0
    assert game.warriors[1].click == 2
    assert not [e for e in events if e["e"] == "healed"]


def test_necromancy_cannot_reanimate_a_section() -> None:
    """Castle rules, General Rules: "Cannot be reanimated"."""
    necro = ability_card("Necromancer", "Necromancy")
    game = scenario(w(TOWER, 0, 18, 6), w(necro, 0, 18, 9.01, NORTH), w(BOMBARD, 1, 18, 30),
                    w(GUARD, 0, 3, 3), build=300, current=0)
    tower = game.warriors[0]
    game.damage(tower, 20, "attack", 1, game.warriors[2])
    assert not tower.on_table and tower.eliminations
    illegal(game, UseAbility(1, "Necromancy", 0, (18.0, 10.02), 0.0), "cannot be reanimated")
    assert not any(isinstance(a, UseAbility) and a.ability == "Necromancy"
                   for a in legal_actions(game))


def test_a_section_is_never_in_a_formation() -> None:
    """Castle rules, General Rules: "Cannot be part of a formation" (ranged combat
    formations: the keep and the tower together, or a warrior with the keep)."""
    game = scenario(w(KEEP, 0, 18, 6), w(TOWER, 0, 23.0, 6.0), w(ARCHER, 0, 18, 9.01, NORTH),
                    w(ARCHER, 0, 19.01, 9.01, NORTH), w(ARCHER, 1, 19, 14.5, SOUTH), build=300,
                    current=0)
    illegal(game, RangedAttack(0, (4,), formation=(1, 2)), "cannot be part of a formation")
    illegal(game, RangedAttack(2, (4,), formation=(3, 0)), "cannot be part of a formation")
    assert not any(isinstance(a, RangedAttack) and ({0, 1} & set(a.formation))
                   for a in legal_actions(game))


# --- 3. The section as terrain ----------------------------------------------------------


def test_every_section_is_the_same_height() -> None:
    """Castle rules, Elevation Levels: "all castle sections are considered to be the same
    height": a warrior on the keep fires at one on a wall with no height advantage (and no
    fortification: the attacker is on a castle section)."""
    game = scenario(w(KEEP, 0, 18, 6), w(WALL, 0, 27, 7), w(GUARD, 0, 26, 7, WEST),
                    w(ARCHER, 1, 19.5, 6, EAST), build=300, current=1, dice=(3, 3))
    assert game.elevation(game.warriors[3]) is not None
    events = game.apply(RangedAttack(3, (2,)))
    assert defense_of(events, 2) == GUARD.clicks[0].defense


def test_a_keep_top_and_an_adjacent_wall_are_in_base_contact() -> None:
    """Castle rules, Access Points: "Warriors on top of castle sections may be in base
    contact with warriors on adjacent wall sections" (judged from above)."""
    game = scenario(w(KEEP, 0, 18, 6), w(WALL, 0, 23.5, 6.0), w(GUARD, 0, 20.0, 6.0, EAST),
                    w(BRUTE, 1, 21.01, 6.0, WEST), build=300, current=1)
    guard, brute = game.warriors[2], game.warriors[3]
    assert game.elevation(guard) == section_of(game, 0).feature
    assert game.elevation(brute) == section_of(game, 1).feature
    assert game.touching(guard, brute)
    assert CloseAttack(3, 2) in list(legal_actions(game, 3))


def test_a_chariot_may_never_occupy_a_section() -> None:
    """Castle rules, Access Points: "multiple-dial warriors ... may never occupy a castle
    section" (the double-based cavalry: test_castle_terrain)."""
    cart = chariot("War Cart")
    game = scenario(w(KEEP, 0, 18, 6), w(cart, 1, 18, 20, SOUTH), w(GUARD, 0, 3, 3),
                    build=300, current=1)
    c = game.warriors[1]
    assert "may never occupy" in (occupy_violation(game, c, c.discs_at((18.0, 7.0), SOUTH))
                                  or "")
    assert occupy_violation(game, c, c.discs_at((18.0, 12.0), SOUTH)) is None


# --- 4. Portals ---------------------------------------------------------------------------


def test_only_the_castle_player_opens_portals_one_at_a_time() -> None:
    """Castle rules, Portals: "that player declares whether they are opening or closing any
    of their portals"; "the player may choose to open or close each one individually"."""
    game = scenario(w(KEEP, 0, 18, 6), w(GUARD, 1, 18, 30), build=300, current=1)
    illegal(game, SetPortal(1, 0, "side door", open=True), "only the castle player")
    game = scenario(w(KEEP, 0, 18, 6), w(GUARD, 1, 18, 30), build=300, current=0)
    game.apply(SetPortal(0, 0, "side door", open=True))
    doors = {p.name: p.open for p in section_of(game, 0).portals}
    assert doors == {"inner door": False, "side door": True}


def test_a_wall_is_breached_when_its_fortification_shows_yellow() -> None:
    """Castle rules, Walls: "They are Demoralized and breached when a yellow square appears
    in the fortification slot": its door opens for good."""
    game = scenario(w(WALL, 0, 18, 6, click=5, doorway=True), w(BOMBARD, 1, 18, 14, SOUTH),
                    w(GUARD, 0, 3, 3), build=300, current=1)
    wall, door = game.warriors[0], section_of(game, 0).portals[0]
    assert not section_of(game, 0).breached and not door.open
    game.damage(wall, 1, "attack", 1, game.warriors[1])
    assert wall.on_table and section_of(game, 0).breached and door.open
    pass_round(game, 0)
    illegal(game, SetPortal(0, 0, "door", open=False), "may not be closed")


def test_a_section_set_at_a_demoralized_click_starts_breached() -> None:
    """Castle rules, Portals: "A castle section that is showing the Demoralized special
    ability has been breached": a scenario's wall at its yellow click starts with its
    door open for good, breached by no one."""
    game = scenario(w(WALL, 0, 18, 6, click=6, doorway=True), w(BOMBARD, 1, 18, 14, SOUTH),
                    w(GUARD, 0, 3, 3), build=300)
    wall = section_of(game, 0)
    assert wall.breached and wall.breached_by == -1 and wall.portals[0].open
    illegal(game, SetPortal(0, 0, "door", open=False), "may not be closed")


# --- 5. Actions and attacks -------------------------------------------------------------


def test_one_action_per_section_per_turn() -> None:
    """Castle rules, Actions: "Each section of a castle may only be given 1 action per
    turn"."""
    game = scenario(w(KEEP, 0, 18, 6), w(GUARD, 0, 3, 3), w(ARCHER, 1, 18, 14, SOUTH),
                    w(ARCHER, 1, 24, 13, SOUTH), build=300, current=0, dice=(1, 2) * 4)
    game.apply(RangedAttack(0, (2,)))
    assert not is_legal(game, RangedAttack(0, (3,)))
    assert not any(getattr(a, "warrior", None) == 0 for a in legal_actions(game))


def test_the_keeps_extra_action_goes_with_the_keep() -> None:
    """Castle rules, Actions, Mage Knight: the extra action "as long as his army contains a
    keep section": none once the keep is eliminated."""
    game = scenario(w(KEEP, 0, 18, 6), w(GUARD, 0, 3, 3), w(GUARD, 0, 6, 3),
                    w(BOMBARD, 1, 18, 30), build=300, current=0)
    assert game.turn_actions == 4
    game.damage(game.warriors[0], 20, "attack", 1, game.warriors[3])
    pass_round(game, 0)
    assert game.turn_actions == 3


# --- 6. Attacking the castle ------------------------------------------------------------


def test_no_ranged_formation_at_a_section_with_a_member_not_listed() -> None:
    """Castle rules, Attacking the Castle: warriors not listed "may not be part of ranged
    combat formations that target castle sections"."""
    game = scenario(w(KEEP, 0, 18, 6), w(BOMBARD, 1, 18, 14, SOUTH),
                    w(ARCHER, 1, 19.01, 14, SOUTH), w(BOMBARD, 1, 16.99, 14, SOUTH),
                    w(BOMBARD, 1, 15.98, 14, SOUTH), build=300, current=1)
    illegal(game, RangedAttack(1, (0,), formation=(2, 3)), "Attacking the Castle")
    assert is_legal(game, RangedAttack(1, (0,), formation=(3, 4)))


def test_a_line_of_fire_to_a_section_passes_over_bases() -> None:
    """Castle rules, Attacking the Castle: the line of fire to a section "is never blocked
    by figure bases"."""
    game = scenario(w(KEEP, 0, 18, 6), w(GUARD, 0, 18, 11, NORTH), w(GUARD, 1, 18, 13, SOUTH),
                    w(BOMBARD, 1, 18, 15.5, SOUTH), build=300, current=1)
    assert is_legal(game, RangedAttack(3, (0,)))
    assert not is_legal(game, RangedAttack(3, (1,)))  # a base in the way of a warrior


def test_no_height_advantage_for_a_section_against_an_elevated_attacker() -> None:
    """Castle rules, Attacking the Castle: the section receives the height advantage "if the
    attacker is not also on elevated terrain"."""
    hill = TerrainFeature("elevated", ((16.0, 13.0), (20.0, 13.0), (20.0, 16.0), (16.0, 16.0)))
    game = scenario(w(KEEP, 0, 18, 6), w(BOMBARD, 1, 18, 14.5, SOUTH), build=300, current=1,
                    terrain=(hill,), dice=(3, 3))
    events = game.apply(RangedAttack(1, (0,)))
    assert defense_of(events, 0) == KEEP.clicks[0].defense


def test_no_close_attack_on_the_section_one_stands_on() -> None:
    """Castle rules, Attacking the Castle: "A warrior may never attack a castle section on
    which they are standing" (in close combat too)."""
    game = scenario(w(WALL, 0, 18, 10), w(BRUTE, 1, 18, 10, NORTH), w(KEEP, 0, 10, 6),
                    build=300, current=1)
    illegal(game, CloseAttack(1, 0), "on which he stands")


# --- 8. Rubble and victory --------------------------------------------------------------


def test_an_attack_that_eliminates_a_section_leaves_rubble_and_figures_on_it() -> None:
    """Castle rules, Eliminating Castle Sections: at three broken towers the section goes;
    rubble "the same size and shape" in its place; the figures on it stay "in the same
    locations", "their facing determined by their controlling player"; then "1 six-sided
    die for each of these figures and deliver that many clicks of damage"."""
    game = scenario(w(KEEP, 0, 18, 6, click=7), w(GUARD, 0, 18, 6, NORTH),
                    w(BOMBARD, 1, 18, 14, SOUTH), w(GUARD, 0, 3, 3), build=300, current=1,
                    dice=(4, 4, 3))
    keep, guard = game.warriors[0], game.warriors[1]
    events = game.apply(RangedAttack(2, (0,)))
    assert not keep.on_table and find(events, "rubble")
    rubble = game.terrain.features[section_of(game, 0).features[0]]
    assert rubble.kind == "hindering" and rubble.polygon == section_of(game, 0).footprint
    assert guard.on_table and guard.pos == (18.0, 6.0) and game.elevation(guard) is None
    assert guard.click == 3  # the die
    assert [e["cause"] for e in events if e["e"] == "damage" and e["warrior"] == 1] == ["rubble"]
    owed = game.pending[0]
    assert isinstance(owed, PassengerFacing) and owed.warrior == 1 and game.to_act == 0
    game.apply(Face(1, WEST))
    assert guard.facing == WEST
    assert game.players[1].score == KEEP.points  # the keep scores; the rubble's die does not
    assert replay(game.log_json()).log_json() == game.log_json()


def test_a_breach_by_a_figure_scores_half_for_its_player_only_while_it_stands() -> None:
    """Castle rules, Victory Points: half "rounded down" to "the player whose figure caused
    it to become breached" — a Light section at its Light price; nothing for a breach the
    castle player's own figure caused."""
    light = section("round tower", 3, 59)
    game = scenario(w(light, 0, 18, 6, click=7), w(BOMBARD, 1, 18, 14, SOUTH),
                    w(GUARD, 0, 3, 3), build=300, current=1)
    game.damage(game.warriors[0], 1, "attack", 1, game.warriors[1])
    assert final_scores(game)[1].eliminations == 59 // 2 == 29
    own = scenario(w(light, 0, 18, 6, click=7), w(BOMBARD, 1, 18, 14, SOUTH),
                   w(GUARD, 0, 3, 3), build=300, current=1)
    own.damage(own.warriors[0], 1, "attack", 0, own.warriors[2])
    assert section_of(own, 0).breached
    assert final_scores(own)[0].eliminations == 0 and final_scores(own)[1].eliminations == 0


def test_a_captive_touching_the_castle_is_in_its_starting_area_and_scores_double() -> None:
    """Castle rules, Playing Area and Set-Up: "The castle player's starting area is
    considered to be anywhere in base contact with any of their castle sections": a captive
    held there at the end scores double (Rulebook VI, Victory!); one held away from the
    castle scores nothing, and the castle is no starting area of the besieger's. The keep
    at (18, 14): its north face at y = 16.5, far from the 3" area (y 0..3)."""
    frail = card("Frail", 15, defense=10, clicks=2)

    def captives(held_at: float, holder: int = 0) -> list[int]:
        game = scenario(w(KEEP, 0, 18, 14), w(GUARD, holder, 18, held_at + 1.0, SOUTH),
                        w(frail, 1 - holder, 18, held_at, captive_of=1),
                        w(GUARD, 1 - holder, 30, 30), build=300)
        return [s.captives for s in final_scores(game)]

    assert captives(17.0) == [2 * 15, 0]  # the captive's base touches the keep
    assert captives(18.0) == [0, 0]  # an inch away
    assert captives(17.0, holder=1) == [0, 0]  # not the besieger's starting area
