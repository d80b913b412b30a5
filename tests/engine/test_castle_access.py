"""Golden scenarios for access points in play (seed 004, "Castle rules": Close Combat,
Access Points, Gatehouse, Planking and Ladders; RULES_NOTES.md, Castles, "Access points in
play").

Player 0 is the castle player at the south edge; the pieces' outer faces point north.
The keep at (24, 5): footprint x 21.5..26.5, y 2.5..7.5; its side door on x = 26.5,
y 4.5..5.5; its inner door on y = 2.5, x 23.5..24.5.
"""

from __future__ import annotations

import math

import pytest
from engine_helpers import NORTH, SOUTH, card, defense_of, find, w

from armybuilder.engine import (
    ChooseTarget,
    CloseAttack,
    Game,
    Ladder,
    Move,
    Scenario,
    ScenarioPlayer,
    TargetChoice,
    castle_access_points,
    castle_across,
    legal_actions,
    replay,
)
from armybuilder.engine.actions import SetPortal, action_from_json, action_to_json
from armybuilder.engine.castle_setup import CastleOptions
from armybuilder.engine.state import IllegalAction

WEST = math.pi


def section(piece: str, points: int = 20):
    return card(f"Castle {piece.title()}", points, speed=3, attack=0, defense=17, damage=0,
                base="castle", arc=360, castle=piece, clicks=6)


KEEP = section("keep", 173)
GATE = section("gatehouse", 112)
WALL = section("wall")
FOOT = card("Footman", 20, speed=8)
GUARD = card("Guard", 20, speed=8, defense=16)


def siege(*specs, options: CastleOptions | None = None, first: int = 1, **kw) -> Game:
    ps = (ScenarioPlayer("Castle", "south", 500), ScenarioPlayer("Siege", "north", 500))
    return Game.from_scenario(Scenario(players=ps, warriors=tuple(specs), table=48.0,
                                       castle=options, first_player=first, current=first,
                                       **kw))


KEEP_AT = (24.0, 5.0)
OPEN_BOTH = CastleOptions(open=((0, "side door"), (0, "inner door")))


# --- Castle rules, Close Combat ------------------------------------------------------------


def test_an_attack_from_an_open_door_reaches_a_figure_on_the_keep_top() -> None:
    # 0 keep, 1 guard on the top, 2 besieger at the side door facing it.
    game = siege(w(KEEP, 0, *KEEP_AT), w(GUARD, 0, 25.0, 5.0, WEST),
                 w(FOOT, 1, 27.0, 5.0, WEST), options=OPEN_BOTH, dice=(5, 5))
    guard, foot = game.warriors[1], game.warriors[2]
    assert castle_across(game, foot, guard)
    assert not game.touching(foot, guard)  # "not in base contact for any other purpose"
    attack = CloseAttack(2, 1)
    assert attack in list(legal_actions(game, 2))
    events = game.apply(attack)
    # "If the target is at a higher elevation than the primary attacker, the target
    # receives the +1 defense height advantage modifier."
    assert defense_of(events, 1) == 17
    assert find(events, "action")[0]["across"] is True
    # No capture across the stairs: base contact is for that attack only.
    assert not any(a.capture for a in legal_actions(game, 2) if isinstance(a, CloseAttack))


def test_a_closed_door_is_no_access_point() -> None:
    game = siege(w(KEEP, 0, *KEEP_AT), w(GUARD, 0, 25.0, 5.0, WEST),
                 w(FOOT, 1, 27.0, 5.0, WEST))
    assert not castle_across(game, game.warriors[2], game.warriors[1])
    with pytest.raises(IllegalAction, match="front arc must be in base contact"):
        game.apply(CloseAttack(2, 1))


def test_the_attackers_front_arc_must_touch_the_access_point() -> None:
    game = siege(w(KEEP, 0, *KEEP_AT), w(GUARD, 0, 25.0, 5.0, WEST),
                 w(FOOT, 1, 27.0, 5.0, 0.0), options=OPEN_BOTH)  # back to the door
    assert castle_access_points(game, game.warriors[2]) != []
    assert castle_access_points(game, game.warriors[2], front=True) == []
    with pytest.raises(IllegalAction):
        game.apply(CloseAttack(2, 1))


def test_the_defender_chooses_among_several_figures_on_connected_access_points() -> None:
    game = siege(w(KEEP, 0, *KEEP_AT), w(GUARD, 0, 25.0, 5.0, WEST),
                 w(GUARD, 0, 23.0, 6.5, WEST), w(FOOT, 1, 27.0, 5.0, WEST),
                 options=OPEN_BOTH, dice=(6, 6))
    game.apply(CloseAttack(3, 1))
    owed = game.pending[0]
    assert isinstance(owed, TargetChoice) and owed.player == 0 and owed.options == (1, 2)
    assert list(legal_actions(game)) == [ChooseTarget(0, 1), ChooseTarget(0, 2)]
    with pytest.raises(IllegalAction, match="defender"):
        game.apply(ChooseTarget(1, 2))
    events = game.apply(ChooseTarget(0, 2))
    assert find(events, "target_chosen")[0]["target"] == 2
    assert [e["target"] for e in events if e["e"] in ("hit", "miss")] == [2]
    assert replay(game.log_json()).log_json() == game.log_json()


def test_gang_up_only_by_warriors_touching_a_connected_access_point() -> None:
    # 3 at the side door, 4 at the inner door (both facing in), 5 beside 3 touching no
    # access point.
    game = siege(w(KEEP, 0, *KEEP_AT), w(GUARD, 0, 25.0, 5.0, WEST),
                 w(FOOT, 0, 40.0, 40.0), w(FOOT, 1, 27.0, 5.0, WEST),
                 w(FOOT, 1, 24.0, 2.0, NORTH), w(FOOT, 1, 27.5, 5.9, WEST),
                 options=OPEN_BOTH, dice=(4, 4))
    listed = [a for a in legal_actions(game, 3) if isinstance(a, CloseAttack)]
    assert CloseAttack(3, 1, formation=(4,)) in listed
    assert all(5 not in a.formation for a in listed)
    with pytest.raises(IllegalAction, match="connected to the target's"):
        game.apply(CloseAttack(3, 1, formation=(5,)))
    events = game.apply(CloseAttack(3, 1, formation=(4,)))
    hit = next(e for e in events if e["e"] in ("hit", "miss"))
    assert dict(hit["roll_modifiers"]).get("formation") == 1


# --- Castle rules, Gatehouse ----------------------------------------------------------------

# Gatehouse at (24, 5): footprint x 21.5..26.5, y 3.5..6.5; archway x 23.25..24.75.


def test_everyone_on_top_of_the_gatehouse_is_in_base_contact() -> None:
    game = siege(w(GATE, 0, 24.0, 5.0), w(GUARD, 0, 22.2, 5.0, 0.0),
                 w(FOOT, 1, 25.8, 5.0, WEST), w(FOOT, 1, 24.0, 20.0))
    guard, foot = game.warriors[1], game.warriors[2]
    assert game.touching(guard, foot)
    assert foot in game.opposing_contacts(guard) and guard in game.contacts(foot)
    assert game.warriors[3] not in game.contacts(guard)
    assert CloseAttack(2, 1) in list(legal_actions(game, 2))


def test_the_gatehouse_top_is_crossed_over_the_archway_never_stopped_on() -> None:
    game = siege(w(GATE, 0, 24.0, 5.0), w(FOOT, 1, 22.2, 5.0, 0.0),
                 w(FOOT, 0, 24.0, 20.0), first=1)
    gate = game.warriors[0].castle
    game.apply(Move(1, ((22.2, 5.0), (25.8, 5.0))))
    foot = game.warriors[1]
    assert foot.pos == (25.8, 5.0) and game.elevation(foot) in gate.features
    # The archway is ground: no move from a top ends over it.
    game2 = siege(w(GATE, 0, 24.0, 5.0), w(FOOT, 1, 22.2, 5.0, 0.0),
                  w(FOOT, 0, 24.0, 20.0), first=1)
    with pytest.raises(IllegalAction, match="stairway or ladder"):
        game2.apply(Move(1, ((22.2, 5.0), (24.0, 5.0))))


def test_the_ground_passes_under_the_gatehouse_top() -> None:
    game = siege(w(GATE, 0, 24.0, 5.0), w(FOOT, 1, 24.0, 8.0, SOUTH),
                 w(FOOT, 0, 40.0, 40.0), options=CastleOptions(
                     open=((0, "portcullis"), (0, "double doors"))))
    game.apply(Move(1, ((24.0, 8.0), (24.0, 2.0))))
    assert game.elevation(game.warriors[1]) is None


def test_from_the_gatehouse_top_onto_the_walls_on_either_side() -> None:
    # Walls touching the gatehouse's sides: x 15.5..21.5 and 26.5..32.5.
    game = siege(w(GATE, 0, 24.0, 5.0), w(WALL, 0, 18.5, 5.0), w(WALL, 0, 29.5, 5.0),
                 w(FOOT, 1, 22.2, 5.0, 0.0), w(FOOT, 0, 24.0, 20.0), first=1)
    game.apply(Move(3, ((22.2, 5.0), (30.0, 5.0))))
    assert game.elevation(game.warriors[3]) == game.warriors[2].castle.feature


def test_a_gatehouse_portal_closes_under_a_figure_on_top_but_not_onto_a_base() -> None:
    game = siege(w(GATE, 0, 24.0, 5.0), w(GUARD, 0, 23.0, 6.1, 0.0),
                 w(FOOT, 1, 24.0, 40.0), options=CastleOptions(open=((0, "portcullis"),)),
                 first=0)
    game.apply(SetPortal(0, 0, "portcullis", open=False))
    assert not game.warriors[0].castle.portals[0].open


# --- Castle rules, Planking and Ladders ----------------------------------------------------

# Three walls along y = 2 (x 9..27, outer face y = 2.625): one ladder for each player.


def ladder_siege(guard: tuple[float, float] = (18.0, 2.1), **kw) -> Game:
    return siege(w(WALL, 0, 12.0, 2.0), w(WALL, 0, 18.0, 2.0), w(WALL, 0, 24.0, 2.0),
                 w(GUARD, 0, *guard, NORTH),
                 w(FOOT, 1, 17.0, 3.13, SOUTH), w(FOOT, 1, 18.0, 3.13, SOUTH),
                 w(FOOT, 1, 19.0, 3.13, SOUTH), **kw)


def test_a_formation_places_a_ladder_with_a_movement_action() -> None:
    game = ladder_siege(dice=(5, 5))
    at = (18.0, 2.625)
    action = Ladder(5, (4, 6), at)
    assert action in list(legal_actions(game, 5))
    events = game.apply(action)
    wall = game.warriors[1].castle
    assert wall.ladders and wall.ladder_owners == [1]
    assert find(events, "action")[0]["kind"] == "place ladder"
    assert all(game.warriors[i].tokens == 1 for i in (4, 5, 6))  # a movement action each
    assert action_from_json(action_to_json(action)) == action
    # The ladder is an access point: its lower end reaches the guard at its upper end.
    assert castle_across(game, game.warriors[5], game.warriors[3])
    assert replay(game.log_json()).log_json() == game.log_json()


def test_one_ladder_per_three_walls_and_a_formation_of_the_rules() -> None:
    game = ladder_siege(options=CastleOptions(ladders=((0, (12.0, 2.625)),)))
    # The scenario's ladder is the castle player's: the besieger still has one.
    game.apply(Ladder(5, (4, 6), (18.0, 2.625)))
    game.current = 1
    for i in (4, 5, 6):
        game.warriors[i].acted_turn = -1
    game.actions_used = 0
    with pytest.raises(IllegalAction, match="one ladder per three wall sections"):
        game.apply(Ladder(5, (4, 6), (17.0, 2.625)))
    with pytest.raises(IllegalAction, match="3, 4 or 5 warriors"):
        game.apply(Ladder(5, (4,), (17.0, 2.625), remove=True))


def test_a_ladder_is_removed_only_when_no_enemy_is_on_the_access_point() -> None:
    game = ladder_siege(options=CastleOptions(ladders=((1, (18.0, 2.625)),)))
    removal = Ladder(5, (4, 6), (18.0, 2.625), remove=True)
    # The guard on the wall touches the ladder's upper end.
    assert removal not in list(legal_actions(game, 5))
    with pytest.raises(IllegalAction, match="no enemy is on the access point"):
        game.apply(removal)
    game = ladder_siege(guard=(12.0, 2.0), options=CastleOptions(
        ladders=((1, (18.0, 2.625)),)))
    assert removal in list(legal_actions(game, 5))
    game.apply(removal)
    wall = game.warriors[1].castle
    # Thrown down by the opponent: gone, still counted as its owner's.
    assert wall.ladders == [] and wall.ladders_down == [0]
    assert game.terrain.features[wall.feature].stairs == ()


# --- Castle rules, Attacking the Castle: a chariot's section ------------------------------


def test_a_chariots_section_touching_a_castle_section_attacks_it_in_close_combat() -> None:
    from engine_helpers import chariot, scenario

    cart = chariot("War Cart")

    def game_at(y: float) -> Game:
        return scenario(w(KEEP, 0, 18.0, 6.0), w(cart, 1, 18.0, y, SOUTH), build=300,
                        current=1)

    probe = game_at(14.0)
    _fx, fy, r = probe.warriors[1].discs[0]
    # The front section's rim on the keep's outer face (y = 8.5).
    game = game_at(14.0 - (fy - r - 8.5) + 0.01)
    action = CloseAttack(1, 0, section="front")
    assert action in list(legal_actions(game, 1))
    events = game.apply(action)
    assert [e["target"] for e in events if e["e"] in ("hit", "miss")] == [0]
    # Not the rear section, which touches nothing.
    far = game_at(14.0 - (fy - r - 8.5) + 0.01)
    with pytest.raises(IllegalAction):
        far.apply(CloseAttack(1, 0, section="rear"))


# --- Castle rules, Planking and Ladders: planking ------------------------------------------


def test_planking_is_placed_parallel_to_a_wall_and_touching_it() -> None:
    from armybuilder.engine import PlayerSetup, SetupError
    from armybuilder.engine.castle_setup import CastlePlacement
    from armybuilder.engine.game import GameSetup

    along = ((15.0, 0.875), (21.0, 0.875), (21.0, 1.375), (15.0, 1.375))
    across = ((15.0, 0.375), (15.5, 0.375), (15.5, 1.375), (15.0, 1.375))
    apart = ((15.0, 0.2), (21.0, 0.2), (21.0, 0.7), (15.0, 0.7))
    game = ladder_siege(options=CastleOptions(planking=(along,)))
    plank = game.terrain.features[-1]
    assert plank.name == "castle planking"
    assert len(game.warriors[1].castle.features) == 2  # part of the wall it touches
    with pytest.raises(SetupError, match="not parallel"):
        ladder_siege(options=CastleOptions(planking=(across,)))
    with pytest.raises(SetupError, match="touches no wall"):
        ladder_siege(options=CastleOptions(planking=(apart,)))
    # The same rule when a castle army is set up.
    plan = tuple(CastlePlacement(k, (12.0 + 6.0 * k, 2.0)) for k in range(3))
    for poly, ok in ((along, True), (across, False)):
        a = PlayerSetup("Castle", (WALL, WALL, WALL), 500, "south", castle=plan,
                        planking=(poly,))
        b = PlayerSetup("Siege", (FOOT,), 500, "north")
        if ok:
            Game.new(GameSetup(players=(a, b), table=48.0, seed=3))
        else:
            with pytest.raises(SetupError, match="parallel"):
                Game.new(GameSetup(players=(a, b), table=48.0, seed=3))


# --- deployment in a siege: the search for room ------------------------------------------


def test_the_search_for_room_skips_only_spots_the_castle_rules_refuse() -> None:
    from armybuilder.engine import GameSetup, PlayerSetup
    from armybuilder.engine import setup as S

    a = PlayerSetup("Castle", (KEEP, WALL, WALL, FOOT), 500, "south")
    b = PlayerSetup("Siege", (FOOT, FOOT), 500, "north")
    game = Game.new(GameSetup(players=(a, b), table=48.0, seed=3))
    for wr in (x for x in game.warriors if x.castle is None):
        x0, y0, x1, y1 = S.castle_setup.deploy_region(game, wr)
        r = wr.half_length
        every = [(x, y) for x in S._steps(max(x0, r), min(x1, game.table - r), S.ROOM_SEARCH)
                 for y in S._steps(max(y0, r), min(y1, game.table - r), S.ROOM_SEARCH)]
        pruned = S.deploy_spots(game, wr, S.ROOM_SEARCH)
        assert len(pruned) < len(every)
        # Every spot left out is refused; the first legal spot is the same.
        kept = set(pruned)
        step = max(1, len(every) // 3000)
        assert all(S.deploy_violation(game, wr, p) is not None
                   for p in every[::step] if p not in kept)
        assert S.room_for(game, wr) == next(
            (p for p in every if S.deploy_violation(game, wr, p) is None), None)


def test_the_answer_about_room_is_kept_until_a_base_moves(monkeypatch) -> None:
    from armybuilder.engine import GameSetup, PlayerSetup
    from armybuilder.engine import setup as S

    a = PlayerSetup("Castle", (KEEP, FOOT), 500, "south")
    b = PlayerSetup("Siege", (FOOT,), 500, "north")
    game = Game.new(GameSetup(players=(a, b), table=48.0, seed=3))
    wr = game.warriors[1]
    first = S.room_for(game, wr)
    calls = []
    monkeypatch.setattr(S, "_room_for", lambda state, x: calls.append(x) or None)
    assert S.room_for(game, wr) == first and calls == []
    game.memory.placed(wr)  # a base written to: asked afresh
    assert S.room_for(game, wr) is None and calls == [wr]
