"""Golden scenarios for castle sections as figures and the fighting at a castle (seed 004,
"Castle rules"): the section's card, its general rules, its actions, its ranged attacks,
attacking the castle, warriors on the castle (the rules' Steam Mauler example), breaches,
elimination and victory points.

The castle is placed by hand (castle.place_section) on a scenario; the castle player is
player 0 at the south edge, the castle's outside faces north (+y), toward player 1. The
section cards are the project's fixtures (imports/fixtures, invented dials).
"""

from __future__ import annotations

import math
import random

import pytest
from engine_helpers import NORTH, SOUTH, card, chariot, defense_of, find, scenario, w
from fixture_figures import fixture_castle_figures

from armybuilder.engine import (
    CloseAttack,
    Game,
    Move,
    Pass,
    RangedAttack,
    castle_action_violation,
    castle_attack_violation,
    castle_breached,
    castle_fortification,
    castle_fortification_modifier,
    castle_standing_on,
    forecast,
    is_legal,
    legal_actions,
)
from armybuilder.engine.adapter import castle_card
from armybuilder.engine.cards import FigureCard
from armybuilder.engine.state import IllegalAction, State
from armybuilder.engine.victory import final_scores

# Castle rules, Point Value: Light is the dial turned 3 clicks (imports/castle_sections.csv).
LIGHT_CLICKS = 3


def section(piece: str, clicks: int = 0, points: int | None = None) -> FigureCard:
    return castle_card(fixture_castle_figures()[piece], clicks, points)


KEEP = section("keep")
TOWER = section("round tower")
WALL = section("wall")
GATEHOUSE = section("gatehouse")
#: The Steam Mauler and the Skull Golem of the rules' example: the numbers it gives.
STEAM_MAULER = card("Steam Mauler", 40, attack=9, defense=16, damage=2, range=8, clicks=6,
                    factions=("Black Powder Rebels",))
SKULL_GOLEM = card("Skull Golem", 40, attack=9, defense=16, damage=2, clicks=6,
                   factions=("Necropolis Sect",))
ARCHER = card("Archer", 20, attack=10, damage=2, range=10, clicks=6)
BOMBARD = card("Bombard", 40, attack=10, damage=4, range=10, clicks=6)
PIERCER = card("Piercer", 30, attack=10, damage=2, range=10, clicks=6,
               abilities={i: ("Pierce",) for i in range(6)})
BLASTER = card("Blaster", 30, attack=10, damage=2, range=10, clicks=6,
               abilities={i: ("Magic Blast",) for i in range(6)})
CONFUSER = card("Confuser", 30, attack=10, damage=2, range=10, clicks=6,
                abilities={i: ("Magic Confusion",) for i in range(6)})
BRUTE = card("Brute", 40, attack=10, damage=4, clicks=6)
GRUNT = card("Grunt", 10, attack=9, defense=14, damage=2, clicks=6)
RAMMER = card("Rammer", 30, attack=9, damage=2, clicks=6,
              abilities={i: ("Ram",) for i in range(6)})
CART = chariot("War Cart")


def siege(*specs: object, build: int | tuple[int, ...] = 300, **kw: object) -> Game:
    """A scenario whose section WarriorSpecs stand as the castle rules place them (``at``
    the centre point, ``facing`` the rotation): the castle of player 0."""
    game = scenario(*specs, build=build, **kw)  # type: ignore[arg-type]
    assert game.sections and game.castle_player == 0
    return game


def illegal(game: Game, action: object, rule: str) -> None:
    with pytest.raises(IllegalAction, match=rule):
        game.apply(action)  # type: ignore[arg-type]


def defense_of_forecast(state: State, action: RangedAttack) -> int:
    from armybuilder.engine.combat import defense_value
    f = forecast(state, action)
    return defense_value(state, f.plan, f.strikes[0])


# --- the section as a figure ----------------------------------------------------------------


def test_a_castle_figure_becomes_a_card_heavy_or_light() -> None:
    """Castle rules: three broken towers eliminate (the live clicks end before them); the
    speed slot holds the fortification value; Point Value: Light turns the dial 3 clicks
    at the Light price; General Rules: a 360-degree front arc."""
    assert KEEP.castle == "keep" and KEEP.arc == 360 and KEEP.base == "castle"
    assert len(KEEP.clicks) == 9 and KEEP.starting_click == 0 and KEEP.points == 173
    light = section("keep", LIGHT_CLICKS, 84)
    assert light.starting_click == 3 and light.points == 84
    assert light.clicks[light.starting_click].speed == 3  # its fortification value
    assert WALL.clicks[0].attack == 0 and WALL.clicks[0].damage == 0
    assert FigureCard.from_dict(KEEP.to_dict()) == KEEP


def test_a_section_may_be_given_only_ranged_combat_or_pass() -> None:
    """Castle rules, Actions: "Castle sections may not be given move, close combat or
    special actions"; a wall has no attack value, so no ranged combat action either."""
    game = siege(w(KEEP, 0, 18, 6), w(WALL, 0, 10, 6), w(GRUNT, 1, 18, 30))
    keep, wall = game.warriors[0], game.warriors[1]
    assert castle_action_violation(game, keep, "move") is not None
    assert castle_action_violation(game, keep, "close") is not None
    assert castle_action_violation(game, keep, "ranged") is None
    assert castle_action_violation(game, wall, "ranged") is not None
    assert castle_action_violation(game, wall, "pass") is None
    illegal(game, Move(0, ((18, 7),)), "Castle rules, Actions")
    assert list(legal_actions(game, 1)) == [Pass(1)]


def test_pushed_without_damage_and_never_a_third_turn() -> None:
    """Castle rules, Actions: a second consecutive turn marks it pushed "but does not take
    pushing damage"; "may not be given an action when it has two action tokens"."""
    game = siege(w(KEEP, 0, 18, 6, tokens=1), w(ARCHER, 1, 18, 14, SOUTH),
                 dice=(1, 2) * 20)
    game.apply(RangedAttack(0, (1,)))
    keep = game.warriors[0]
    assert keep.tokens == 2 and keep.click == 0
    assert not [e for e in find(game.events, "damage") if e["warrior"] == 0 and e["clicks"]]
    # Round the table: the keep has two tokens on its player's next turn.
    while game.current != 1:
        game.apply(next(a for a in legal_actions(game) if isinstance(a, Pass)))
    while game.current != 0:
        game.apply(Pass(1))
    assert keep.tokens == 2
    assert not is_legal(game, RangedAttack(0, (1,)))
    assert is_legal(game, Pass(0))


def test_critical_miss_does_not_damage_a_section() -> None:
    """Castle rules, General Rules: "Do not take damage from pushing or critical misses"."""
    game = siege(w(KEEP, 0, 18, 6), w(ARCHER, 1, 18, 14, SOUTH), dice=(1, 1))
    game.apply(RangedAttack(0, (1,)))
    assert game.warriors[0].click == 0


def test_the_keep_gives_an_extra_action() -> None:
    """Castle rules, Actions, Mage Knight: 1 extra action per turn while the army contains
    a keep section."""
    game = siege(w(KEEP, 0, 18, 6), w(GRUNT, 0, 10, 3), w(GRUNT, 1, 18, 30))
    assert game.current == 0 and game.turn_actions == 4
    assert game.players[1].actions == 3


def test_sections_cannot_be_affected_by_the_listed_abilities() -> None:
    """Castle rules, General Rules: Magic Confusion (and the rest of the list) cannot
    affect a section; "Cannot be healed"."""
    game = siege(w(KEEP, 0, 18, 6), w(CONFUSER, 1, 18, 14, SOUTH), current=1)
    illegal(game, RangedAttack(1, (0,), ability="Magic Confusion"), "Castle rules, General")
    keep = game.warriors[0]
    keep.click = 2
    assert game.heal(keep, 1, "Healing") == 0 and keep.click == 2


# --- the section firing -------------------------------------------------------------------


def test_a_section_fires_from_its_centre_never_blocked_by_bases() -> None:
    """Castle rules, Attacks: the line of fire from the centre point "is never blocked by
    figure bases"; the centre point is on elevated terrain (a ground target gets no height
    advantage)."""
    game = siege(w(KEEP, 0, 18, 6), w(GRUNT, 0, 18, 10, NORTH), w(ARCHER, 1, 18, 14, SOUTH),
                 dice=(3, 4))
    events = game.apply(RangedAttack(0, (2,)))
    assert defense_of(events, 2) == ARCHER.clicks[0].defense
    assert find(events, "hit")


def test_a_section_fires_at_nothing_within_4_inches() -> None:
    """Castle rules, Attacks: "A castle section may not make a ranged combat attack against
    a target if the range to that target is 4 inches or less"."""
    game = siege(w(KEEP, 0, 18, 6), w(ARCHER, 1, 18, 9.5, SOUTH))
    illegal(game, RangedAttack(0, (1,)), "4 inches")


def test_long_range_doubles_range_and_takes_2_from_damage_against_a_chariot() -> None:
    """Castle rules, Long Range Attacks: against a multiple-dial warrior the firer may
    double the range value and reduce the printed ranged damage by 2; not against an
    ordinary warrior."""
    game = siege(w(KEEP, 0, 18, 6), w(CART, 1, 18, 24, SOUTH), w(ARCHER, 1, 12, 22, SOUTH))
    illegal(game, RangedAttack(0, (1,)), "no longer than the range")
    illegal(game, RangedAttack(0, (2,), long_range=True), "Long Range")
    action = RangedAttack(0, (1,), long_range=True)
    assert is_legal(game, action)
    assert forecast(game, action).plan.damage == KEEP.clicks[0].damage - 2
    assert action in legal_actions(game, 0)


def test_a_long_range_attack_reads_back_from_the_log() -> None:
    """The log writes long_range only when given (older logs read as they did)."""
    from armybuilder.engine.actions import action_from_json, action_to_json
    plain = RangedAttack(0, (1,))
    assert "long_range" not in action_to_json(plain)
    action = RangedAttack(0, (1,), long_range=True)
    assert action_to_json(action)["long_range"] is True
    assert action_from_json(action_to_json(action)) == action


# --- attacking the castle ---------------------------------------------------------------


def test_only_the_listed_attackers_may_fire_at_a_section() -> None:
    """Castle rules, Attacking the Castle: Magic Blast, Pierce, a printed ranged damage of 4
    or more, multiple-dial warriors; others may not target a castle section."""
    game = siege(w(KEEP, 0, 18, 6), w(ARCHER, 1, 12, 14, SOUTH), w(BOMBARD, 1, 16, 14, SOUTH),
                 w(PIERCER, 1, 20, 14, SOUTH), w(BLASTER, 1, 24, 14, SOUTH), current=1)
    assert castle_attack_violation(game.warriors[1], "ranged") is not None
    illegal(game, RangedAttack(1, (0,)), "Attacking the Castle")
    assert is_legal(game, RangedAttack(2, (0,)))
    assert is_legal(game, RangedAttack(3, (0,)))
    assert is_legal(game, RangedAttack(4, (0,), ability="Magic Blast"))
    assert not is_legal(game, RangedAttack(4, (0,)))
    listed = {a for a in legal_actions(game) if isinstance(a, RangedAttack)
              and a.targets == (0,)}
    assert {a.warrior for a in listed} == {2, 3, 4}


def test_a_section_has_height_advantage_against_a_ground_attacker() -> None:
    """Castle rules, Attacking the Castle: "The section will receive the height advantage
    modifier if the attacker is not also on elevated terrain"."""
    game = siege(w(KEEP, 0, 18, 6), w(BOMBARD, 1, 18, 14, SOUTH), current=1, dice=(3, 3))
    events = game.apply(RangedAttack(1, (0,)))
    assert defense_of(events, 0) == KEEP.clicks[0].defense + 1


def test_close_combat_by_a_front_arc_touching_the_section() -> None:
    """Castle rules, Attacking the Castle: figures "whose front arcs are touching a castle
    section may attack it as if they were in base contact with it"; only a printed damage
    of 4 or more or Ram; a front arc turned away does not touch it; no capture."""
    # The keep's footprint is 5" square about (18, 6): its north face is y = 8.5.
    game = siege(w(KEEP, 0, 18, 6), w(BRUTE, 1, 16, 9.01, SOUTH), w(GRUNT, 1, 18, 9.01, SOUTH),
                 w(RAMMER, 1, 20, 9.01, SOUTH), w(BRUTE, 1, 13, 9.01, NORTH), current=1)
    assert is_legal(game, CloseAttack(1, 0))
    illegal(game, CloseAttack(2, 0), "Attacking the Castle")
    assert is_legal(game, CloseAttack(3, 0))
    illegal(game, CloseAttack(4, 0), "front arc must touch")
    illegal(game, CloseAttack(1, 0, capture=True), "cannot capture or be captured")
    assert CloseAttack(1, 0) in legal_actions(game, 1)
    # Gang-up: only warriors who may attack it themselves (the others "may not use gang up
    # against castle sections").
    assert is_legal(game, CloseAttack(1, 0, formation=(3,)))
    assert not is_legal(game, CloseAttack(1, 0, formation=(2,)))


def test_no_attacking_the_section_one_stands_on() -> None:
    """Castle rules, Attacking the Castle: "A warrior may never attack a castle section on
    which they are standing"."""
    game = siege(w(WALL, 0, 18, 10), w(BOMBARD, 1, 18, 10, NORTH), w(KEEP, 0, 10, 6),
                 current=1)
    assert castle_standing_on(game, game.warriors[1]) is game.warriors[0]
    illegal(game, RangedAttack(1, (0,)), "on which he stands")


# --- warriors on the castle -------------------------------------------------------------


def test_the_steam_mauler_and_the_skull_golem() -> None:
    """Castle rules, Attacking Warriors on Castle Sections, the example: the Skull Golem
    (defense 16) on a wall section with a fortification value of 3, the Steam Mauler on the
    ground outside: "16, +1 for the height advantage, +3 for the fortification, for a total
    of 19 (after the rule of 3 is applied)"."""
    game = siege(w(WALL, 0, 18, 10, click=2), w(SKULL_GOLEM, 0, 18, 10, NORTH),
                 w(STEAM_MAULER, 1, 18, 16, SOUTH), current=1, dice=(3, 3))
    assert castle_fortification(game.warriors[0]) == 3
    events = game.apply(RangedAttack(2, (1,)))
    assert defense_of(events, 1) == 19
    miss = find(events, "miss")[0]
    assert dict(map(tuple, miss["defense_modifiers"])) == {"height advantage": 1,
                                                           "fortification": 2}


def test_no_fortification_against_an_attacker_on_a_section() -> None:
    """Castle rules: "The target does not receive the fortification modifier if the
    attacker is also on a castle section" (both on elevated terrain: no height either)."""
    game = siege(w(WALL, 0, 18, 10, click=2), w(SKULL_GOLEM, 0, 18, 10, NORTH),
                 w(TOWER, 0, 26, 10), w(STEAM_MAULER, 1, 26, 10, math.pi), current=1)
    assert castle_fortification_modifier(game, game.warriors[3], game.warriors[1]) == 0
    assert defense_of_forecast(game, RangedAttack(3, (1,))) == 16


def test_no_fortification_on_a_wall_from_inside_the_castle() -> None:
    """Castle rules: none "if they are on a wall section and the attacker's line of fire
    does not cross the outside edge of any section" (opponents who broke into the
    castle)."""
    game = siege(w(WALL, 0, 18, 10, click=2), w(SKULL_GOLEM, 0, 18, 10, SOUTH),
                 w(STEAM_MAULER, 1, 18, 4, NORTH), current=1)
    assert castle_fortification_modifier(game, game.warriors[2], game.warriors[1]) == 0
    assert defense_of_forecast(game, RangedAttack(2, (1,))) == 17  # height only


def test_fortification_of_a_tower_from_any_side() -> None:
    """The fortification modifier on a section other than a wall, whatever the line."""
    game = siege(w(TOWER, 0, 18, 10), w(SKULL_GOLEM, 0, 18, 10, SOUTH),
                 w(STEAM_MAULER, 1, 24, 10, math.pi), current=1)
    # Fortification 4, but with the height advantage the rule of 3 leaves +2.
    assert castle_fortification_modifier(game, game.warriors[2], game.warriors[1], 1) == 2
    assert defense_of_forecast(game, RangedAttack(2, (1,))) == 19


# --- breaches, elimination and victory points -------------------------------------------


def test_a_breach_opens_the_portals_and_scores_half_if_it_survives() -> None:
    """Castle rules, Portals: Demoralized showing breaches it and opens its portals;
    Victory Points: "half the castle section's point value, rounded down" to the player
    whose figure breached it, and the section survives for its owner."""
    game = siege(w(TOWER, 0, 18, 6, click=7), w(BOMBARD, 1, 18, 14, SOUTH), current=1)
    tower = game.warriors[0]
    assert not castle_breached(tower)
    game.damage(tower, 1, "attack", 1, game.warriors[1])
    assert tower.on_table and castle_breached(tower)
    assert tower.castle is not None and tower.castle.breached_by == 1
    assert all(p.open for p in tower.castle.portals)
    assert find(game.events, "breached")
    scores = final_scores(game)
    assert scores[1].eliminations == TOWER.points // 2
    assert scores[0].survivors == TOWER.points


def test_three_broken_towers_eliminate_and_leave_rubble() -> None:
    """Castle rules, Eliminating Castle Sections: eliminated at three broken towers, scored
    as a warrior, and rubble in its place; no half points for the breach then."""
    game = siege(w(TOWER, 0, 18, 6, click=7), w(BOMBARD, 1, 18, 14, SOUTH), current=1)
    tower = game.warriors[0]
    game.damage(tower, 1, "attack", 1, game.warriors[1])
    game.damage(tower, 3, "attack", 1, game.warriors[1])
    assert not tower.on_table
    assert game.players[1].score == TOWER.points
    assert find(game.events, "rubble")
    assert any(f.name == "castle rubble" and f.kind == "hindering"
               for f in game.terrain.features)
    assert final_scores(game)[1].eliminations == TOWER.points


# --- random play in a siege ---------------------------------------------------------------


def test_random_play_in_a_siege_stays_legal() -> None:
    """Random legal play at a castle: every listed action applies (no illegal state); the
    sections never move."""
    game = siege(w(KEEP, 0, 14, 6), w(WALL, 0, 19.5, 7.5), w(TOWER, 0, 24.25, 6),
                 w(GRUNT, 0, 14, 10.5, NORTH), w(BOMBARD, 0, 8, 3, NORTH),
                 w(BRUTE, 1, 14, 20, SOUTH), w(RAMMER, 1, 20, 20, SOUTH),
                 w(ARCHER, 1, 10, 24, SOUTH), w(BLASTER, 1, 26, 24, SOUTH), seed=7)
    places = {i: (game.warriors[i].x, game.warriors[i].y) for i in game.sections}
    rng = random.Random(3)
    seen: list[dict[str, object]] = []
    for _ in range(200):
        if game.over:
            break
        actions = list(legal_actions(game))
        assert actions
        seen += game.apply(rng.choice(actions))
        assert all((game.warriors[i].x, game.warriors[i].y) == p for i, p in places.items())
    assert any(e["e"] == "action" and e["kind"] == "ranged" and e["warrior"] in (0, 2)
               for e in seen)
