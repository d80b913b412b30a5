"""The heuristic player in a siege (the castle rules, seed 004): the castle player shuts a
portal an enemy could reach and opens one for its own warriors, its keep fires long range
at a chariot, its shooters begin on the castle's tops and its fighters on the ground; the
besieger strikes a wall with a damage-4 warrior, and a warrior the rules do not list
never aims at a section; the random player plays a siege legally.

The castle is player 0's at the south edge, its outside facing north (+y, toward player
1), on a 48" table; the sections are the project's fixtures (imports/fixtures, invented
dials).
"""

from __future__ import annotations

import math

import pytest
from chariot_cards import chariot
from fixture_figures import fixture_castle_figures
from positions_support import card

from armybuilder.ai import sieges
from armybuilder.ai.heuristic import HeuristicPlayer
from armybuilder.ai.players import RandomPlayer
from armybuilder.engine import (
    CASTLE_MIN_RANGE,
    CastleOptions,
    CloseAttack,
    Game,
    GameSetup,
    PlayerSetup,
    RangedAttack,
    Scenario,
    ScenarioPlayer,
    SetPortal,
    WarriorSpec,
    apply,
    castle_standing_on,
)
from armybuilder.engine.adapter import castle_card
from armybuilder.engine.cards import FigureCard

NORTH, SOUTH = math.pi / 2, -math.pi / 2
TABLE = 48.0


def section(piece: str) -> FigureCard:
    return castle_card(fixture_castle_figures()[piece])


GRUNT = card("Grunt", attack=9, defense=14, damage=2)
BRUTE = card("Brute", attack=10, defense=15, damage=4)
ARCHER = card("Archer", attack=10, defense=15, damage=2, range_=10)


def spec(c: FigureCard, player: int, x: float, y: float, facing: float = 0.0) -> WarriorSpec:
    return WarriorSpec(card=c, player=player, at=(x, y), facing=facing)


def siege(*specs: WarriorSpec, current: int = 0, castle: CastleOptions | None = None
          ) -> Game:
    players = (ScenarioPlayer("castle", "south", 300), ScenarioPlayer("besieger", "north", 300))
    game = Game.from_scenario(Scenario(players=players, warriors=specs, table=TABLE,
                                       current=current, castle=castle, round_limit=5))
    assert game.sections and game.castle_player == 0
    return game


# --- the castle player ------------------------------------------------------------------------

#: The keep's side door (imports/castle_pieces.csv: on its +x face) with the keep at
#: (24, 6) turned 0: the door's middle is at (26.5, 6).
KEEP_AT = (24.0, 6.0)
SIDE_DOOR = (26.5, 6.0)


def test_the_castle_player_shuts_an_open_portal_an_enemy_could_reach() -> None:
    """Castle rules, Portals: opened or closed at the beginning of the castle player's
    command phase; an enemy two inches from the open side door has it shut."""
    game = siege(spec(section("keep"), 0, *KEEP_AT),
                 spec(GRUNT, 1, SIDE_DOOR[0] + 2.5, SIDE_DOOR[1], math.pi),
                 castle=CastleOptions(open=((0, "side door"),)))
    action = HeuristicPlayer(1).choose(game)
    assert action == SetPortal(0, 0, "side door", open=False)


def test_the_castle_player_opens_a_portal_for_its_warrior_when_no_enemy_is_near() -> None:
    """Castle rules, Portals: a closed door is opened to let a warrior of ours through
    (the keep's doors are its access points: Castle rules, Keep), the enemy far away."""
    game = siege(spec(section("keep"), 0, *KEEP_AT),
                 spec(GRUNT, 0, SIDE_DOOR[0] + 2.0, SIDE_DOOR[1], math.pi),
                 spec(GRUNT, 1, 24.0, 44.0, SOUTH))
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, SetPortal) and action.warrior == 0 and action.open
    # Once it stands as wanted, the turn goes on: no second change of the same portal.
    apply(game, action)
    again = HeuristicPlayer(1).choose(game)
    assert not (isinstance(again, SetPortal) and again.portal == action.portal)


def test_the_castle_player_leaves_its_portals_shut_with_an_enemy_at_the_gate() -> None:
    game = siege(spec(section("keep"), 0, *KEEP_AT),
                 spec(GRUNT, 0, SIDE_DOOR[0] + 2.0, SIDE_DOOR[1] - 1.5, math.pi),
                 spec(GRUNT, 1, SIDE_DOOR[0] + 3.0, SIDE_DOOR[1] + 1.5, math.pi))
    assert sieges.portal_choice(game, 0) is None


def test_the_keep_fires_long_range_at_a_chariot() -> None:
    """Castle rules, Long Range Attacks: a chariot 16" away, beyond the keep's range of
    10 but within twice it, is shot at with the range doubled and the damage less 2."""
    keep = section("keep")
    assert keep.range == 10
    game = siege(spec(keep, 0, *KEEP_AT),
                 spec(chariot("War Cart"), 1, KEEP_AT[0], KEEP_AT[1] + 16.0, SOUTH))
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, RangedAttack), action
    assert action.warrior == 0 and action.targets == (1,) and action.long_range


# --- the besieger -------------------------------------------------------------------------------

#: A wall at (24, 6) turned 0: its outer face (+y) at y = 6.625.
WALL_AT = (24.0, 6.0)
OUTSIDE = WALL_AT[1] + 0.625 + 0.5 + 0.005


def test_a_damage_4_warrior_strikes_the_wall_it_touches() -> None:
    """Castle rules, Attacking the Castle: a printed damage value of 4 or more may attack
    a section in close combat, its front arc touching the wall counting as contact; with
    nothing else to strike, the heuristic hits the wall rather than ignore it."""
    game = siege(spec(section("wall"), 0, *WALL_AT),
                 spec(BRUTE, 1, WALL_AT[0], OUTSIDE, SOUTH), current=1)
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, CloseAttack), action
    assert action.warrior == 1 and action.target == 0


def test_a_warrior_the_rules_do_not_list_never_aims_at_a_section() -> None:
    """Castle rules, Attacking the Castle: a damage-2 fighter touching the wall and a
    damage-2 archer in range of the keep may not target them; through a whole turn the
    heuristic gives neither an attack on a section."""
    game = siege(spec(section("wall"), 0, *WALL_AT),
                 spec(section("keep"), 0, WALL_AT[0] + 5.5, WALL_AT[1] + 1.875),
                 spec(GRUNT, 1, WALL_AT[0] - 1.0, OUTSIDE, SOUTH),
                 spec(ARCHER, 1, WALL_AT[0] + 5.5, WALL_AT[1] + 12.0, SOUTH), current=1)
    player = HeuristicPlayer(1)
    sections = set(game.sections)
    while game.current == 1 and not game.over:
        action = player.choose(game)
        if isinstance(action, CloseAttack):
            assert action.target not in sections
        if isinstance(action, RangedAttack):
            assert not sections & set(action.targets)
        apply(game, action)


def test_a_breach_that_opens_a_portal_is_worth_more() -> None:
    """Castle rules, Portals and Victory Points: the clicks that breach a wall with a
    doorway open its portal; the same clicks on a plain wall are worth less."""
    from armybuilder.ai import tactics
    plain = siege(spec(section("wall"), 0, *WALL_AT))
    door = Game.from_scenario(Scenario(
        players=(ScenarioPlayer("castle", "south", 300), ScenarioPlayer("b", "north", 300)),
        warriors=(WarriorSpec(section("wall"), 0, WALL_AT, 0.0, doorway=True),),
        table=TABLE, round_limit=5))
    breach = sieges.breach_click(plain.warriors[0])
    assert breach is not None
    clicks = breach - plain.warriors[0].click
    assert tactics.damage_value(door.warriors[0], clicks) > \
        tactics.damage_value(plain.warriors[0], clicks) > \
        tactics.damage_value(plain.warriors[0], clicks - 1) * 1.5


# --- set-up and the random player ---------------------------------------------------------------


def _siege_setup(seed: int) -> GameSetup:
    keep, wall = section("keep"), section("wall")
    castle = (keep, wall, wall, ARCHER, GRUNT)
    besieger = (BRUTE, GRUNT, GRUNT, ARCHER, ARCHER)
    return GameSetup(players=(
        PlayerSetup("castle", castle, 300, "south"),
        PlayerSetup("besieger", besieger, 300, "north")), seed=seed, round_limit=3,
        table=TABLE)


def test_the_castle_shooters_begin_on_its_tops_and_its_fighters_on_the_ground() -> None:
    """Castle rules, Playing Area and Set-Up: "The castle player's warriors may begin the
    game on top of their castle sections": the archer does; the fighter, who could not
    come down a wall with no access points, begins on the ground."""
    game = Game.new(_siege_setup(3))
    players = [HeuristicPlayer(1), HeuristicPlayer(2)]
    while game.phase != "play":
        apply(game, players[game.to_act].choose(game))
    archer, grunt = game.warriors[3], game.warriors[4]
    assert castle_standing_on(game, archer) is not None
    assert castle_standing_on(game, grunt) is None


def test_the_random_player_plays_a_siege_legally() -> None:
    """Every action the random player picks in a siege is one the engine accepts (apply
    checks it), from set-up to the round limit, against the heuristic."""
    for seed in (1, 2):
        game = Game.new(_siege_setup(seed))
        players = [RandomPlayer(seed), HeuristicPlayer(seed + 10)]
        if seed % 2:
            players.reverse()
        while not game.over:
            apply(game, players[game.to_act].choose(game))
        assert game.round >= 1


# --- access points, the keep's reach and the defender's choice ----------------------------------


def test_the_defender_chooses_the_target_that_loses_least() -> None:
    """Castle rules, Close Combat: "the defender may choose which figure will be the
    target of the attack" (the TargetChoice decision): of two warriors on the keep's top,
    the heuristic offers the one the blow is least likely to hit, whichever is listed
    first."""
    from armybuilder.engine import ChooseTarget, TargetChoice
    tough = card("Tough", attack=9, defense=18, damage=2)
    for order in ((1, 2), (2, 1)):
        game = siege(spec(section("keep"), 0, *KEEP_AT),
                     spec(GRUNT, 0, KEEP_AT[0] + 1.0, KEEP_AT[1]),
                     spec(tough, 0, KEEP_AT[0] - 1.0, KEEP_AT[1]),
                     spec(BRUTE, 1, SIDE_DOOR[0] + 0.6, SIDE_DOOR[1], math.pi), current=1)
        game.pending.append(TargetChoice(warrior=3, options=order, player=0, plan=None,
                                         members=(3,)))
        assert HeuristicPlayer(1).choose(game) == ChooseTarget(0, 2)


def test_a_warrior_on_the_walls_comes_down_by_the_keeps_door() -> None:
    """Castle rules, Access Points: a wall has no access points, but its walkway joins the
    keep's top, whose open doors are; a warrior on the wall gets moves down through a
    door (one path: along the tops, through the door, ending on the ground: Rulebook V,
    Abrupt Elevated Terrain), and the engine accepts them."""
    from armybuilder.ai import manoeuvres
    from armybuilder.engine import Move as MoveAction
    from armybuilder.engine import move_allowance, try_move
    wall_at = (KEEP_AT[0] - 5.5, KEEP_AT[1] + 1.875)
    game = siege(spec(section("keep"), 0, *KEEP_AT), spec(section("wall"), 0, *wall_at),
                 spec(ARCHER, 0, wall_at[0] + 1.5, wall_at[1]),
                 spec(GRUNT, 1, 24.0, 40.0, SOUTH),
                 castle=CastleOptions(open=((0, "side door"), (0, "inner door"))))
    w = game.warriors[2]
    assert castle_standing_on(game, w) is not None
    limit = move_allowance(game, w, None)
    downs = sieges.access_moves(game, w, limit)
    legal = [end for end, path in downs
             if try_move(game, w, MoveAction(w.id, path, None), limit) is not None]
    assert legal and all(game.terrain.elevation(end) is None for end in legal)
    # The weighing offers them, and checking one makes the whole path.
    foes = [o for o in game.warriors if o.owner == 1]
    view = manoeuvres.outlook(game, foes, 0, {})
    weighed = manoeuvres._weigh(game, w, view, ((None, limit),), None)
    k = weighed.ends.index(legal[0])
    assert weighed.gains[k] > sieges.UNREACHED
    assert len(sieges.path_to(w, legal[0])) >= 2


def test_a_top_with_no_access_point_on_the_way_is_never_a_place() -> None:
    """Rulebook V, Abrupt Elevated Terrain, and Castle rules, Access Points: with the
    keep's doors shut a warrior on the ground cannot go up; the heuristic's best places
    for it never lie on the keep's top, however good standing by its defenders would be."""
    from armybuilder.ai import manoeuvres
    game = siege(spec(section("keep"), 0, *KEEP_AT),
                 spec(GRUNT, 0, KEEP_AT[0], KEEP_AT[1] + 1.5),
                 spec(GRUNT, 1, KEEP_AT[0], KEEP_AT[1] + 5.0, SOUTH), current=1)
    w = game.warriors[2]
    foes = [o for o in game.warriors if o.owner == 0]
    view = manoeuvres.outlook(game, foes, 1, {})
    cands = manoeuvres.candidates(game, w, view, lambda: 0.0)
    for k, i in enumerate(cands.order):
        if cands.gains[k] > sieges.UNREACHED / 2:
            assert game.terrain.elevation(cands.weighing.ends[i]) is None


def test_the_keep_threatens_beyond_4_inches_and_not_within() -> None:
    """Castle rules, Attacks: "A castle section may not make a ranged combat attack
    against a target if the range to that target is 4 inches or less": beside the keep's
    face a warrior is out of its fire; 6" from its centre point it is in it, and the
    section's shot weighs more than a warrior's would (it is certain to come)."""
    from armybuilder.ai import positions
    game = siege(spec(section("keep"), 0, *KEEP_AT),
                 spec(GRUNT, 0, KEEP_AT[0] - 16.0, KEEP_AT[1]),
                 spec(GRUNT, 1, KEEP_AT[0] + 12.0, KEEP_AT[1] + 12.0, SOUTH), current=1)
    w = game.warriors[2]
    reading = positions.Reading(game, w, [game.warriors[0], game.warriors[1]])
    beside = reading.value((KEEP_AT[0], KEEP_AT[1] + 3.1), SOUTH)
    in_fire = reading.value((KEEP_AT[0], KEEP_AT[1] + 6.0), SOUTH)
    out = reading.value((KEEP_AT[0], KEEP_AT[1] + 10.6), SOUTH)
    assert beside > in_fire + 2.0 and out > in_fire + 2.0


def test_with_only_sections_left_a_warrior_that_may_not_attack_them_keeps_out_of_fire(
        ) -> None:
    """Castle rules, Attacks and Attacking the Castle: once the castle's warriors are gone
    a damage-2 fighter has nothing to close on (a section is no target for it), but the
    keep still shoots beyond 4": its reading still counts that fire, so it stands beside
    the keep's face or out of range rather than in the fire (it read every place as
    worth nothing, and wandered into the keep's shots while ahead on points)."""
    from armybuilder.ai import positions
    game = siege(spec(section("keep"), 0, *KEEP_AT),
                 spec(GRUNT, 1, KEEP_AT[0] + 12.0, KEEP_AT[1] + 12.0, SOUTH), current=1)
    w = game.warriors[1]
    reading = positions.Reading(game, w, [game.warriors[0]])
    beside = reading.value((KEEP_AT[0], KEEP_AT[1] + 3.1), SOUTH)
    in_fire = reading.value((KEEP_AT[0], KEEP_AT[1] + 6.0), SOUTH)
    out = reading.value((KEEP_AT[0], KEEP_AT[1] + 10.6), SOUTH)
    assert beside > in_fire + 2.0 and out > in_fire + 2.0


# --- ladders in play ------------------------------------------------------------------------

#: Three walls end to end at y = 6 (one ladder per three walls: Castle rules, Planking and
#: Ladders), outer faces north; the middle one at (24, 6).
WALLS = ((18.0, 6.0), (24.0, 6.0), (30.0, 6.0))


def test_a_position_reads_a_sections_threat_as_the_castle_rules_give_it() -> None:
    """Castle rules, Actions and Attacks: a section only shoots (a wall, attack 0, never),
    and never at 4" or less: the expert's reading of a position (ai.standing) counts a
    besieger under the keep's fire as threatened, one at its face or touching a wall not."""
    from armybuilder.ai.figure_play import play_of
    from armybuilder.ai.standing import margin
    wall_at = WALLS[0]
    game = siege(spec(section("keep"), 0, *KEEP_AT), spec(section("wall"), 0, *wall_at),
                 spec(GRUNT, 1, KEEP_AT[0], KEEP_AT[1] + 6.0, SOUTH),
                 spec(GRUNT, 1, KEEP_AT[0], KEEP_AT[1] + 3.1, SOUTH),
                 spec(GRUNT, 1, wall_at[0], wall_at[1] + 1.3, SOUTH), current=1)
    keep, wall, in_fire, beside, at_wall = game.warriors
    assert play_of(keep).threatens(game, keep, in_fire)
    assert not play_of(keep).threatens(game, keep, beside)
    assert not play_of(wall).threatens(game, wall, at_wall)
    # Moved out of the keep's fire, the besieger's side stands better by one threat.
    before = margin(game, 1)
    in_fire.y = KEEP_AT[1] + 30.0
    assert margin(game, 1) > before


def _walls() -> tuple[WarriorSpec, ...]:
    return tuple(spec(section("wall"), 0, *at) for at in WALLS)


def _ladders(game: Game) -> list[tuple[int, int]]:
    """(wall, owner) of each standing ladder."""
    out = []
    for i in game.sections:
        s = game.warriors[i].castle
        assert s is not None
        out += [(i, owner) for owner in s.ladder_owners]
    return out


def test_the_besieger_places_its_ladder_where_the_walls_hold_defenders() -> None:
    """Castle rules, Planking and Ladders: "Ladders may be placed next to castle sections
    to create access points by giving a movement action to a formation": three grunts
    touching the wall under an archer on its walkway (out of their reach: a wall has no
    access points) give the movement action to a formation and place the ladder they
    carry; then a grunt may climb it (a move up through the new access point)."""
    from armybuilder.engine import Ladder, move_allowance
    game = siege(*_walls(), spec(ARCHER, 0, 24.0, 6.0, NORTH),
                 *(spec(GRUNT, 1, x, OUTSIDE, SOUTH) for x in (23.0, 24.0, 25.0)),
                 current=1)
    assert castle_standing_on(game, game.warriors[3]) is not None
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, Ladder) and not action.remove, action
    apply(game, action)
    assert _ladders(game) == [(1, 1)]
    grunt = game.warriors[action.warrior]
    ups = sieges.access_moves(game, grunt, move_allowance(game, grunt, None))
    assert any(game.terrain.elevation(end) is not None for end, _ in ups)


def test_no_ladder_where_climbing_does_not_pay() -> None:
    """With nobody of the enemy's on the walls there is nothing up there to fight: the
    same grunts keep their ladder (and their actions) for later."""
    from armybuilder.engine import Ladder
    game = siege(*_walls(), spec(ARCHER, 0, 24.0, -10.0 + 14.0 - 2.5, NORTH),
                 *(spec(GRUNT, 1, x, OUTSIDE, SOUTH) for x in (23.0, 24.0, 25.0)),
                 current=1)
    assert castle_standing_on(game, game.warriors[3]) is None
    player = HeuristicPlayer(1)
    while game.current == 1 and not game.over:
        action = player.choose(game)
        assert not isinstance(action, Ladder), action
        apply(game, action)


def test_the_castle_player_throws_down_an_enemy_ladder() -> None:
    """Castle rules, Planking and Ladders: "Ladders may be removed by giving a movement
    action to a formation when no enemy is on the access point": three defenders on the
    walkway touching the besieger's ladder, no besieger at its foot, throw it down (out
    of the game, still the besieger's one ladder); with a besieger at its foot they may
    not, and the heuristic does not try."""
    from armybuilder.engine import Ladder
    from armybuilder.engine.castle import refresh
    from armybuilder.engine.castle_setup import place_ladder

    def game_with_ladder(foot: bool) -> Game:
        far = (40.0, 40.0) if not foot else (24.0, OUTSIDE)
        game = siege(*_walls(), *(spec(GRUNT, 0, x, 6.1, NORTH) for x in (23.0, 24.0, 25.0)),
                     spec(GRUNT, 1, *far, SOUTH))
        s = game.warriors[1].castle
        assert s is not None
        place_ladder(game, s, (24.0, 6.7), owner=1)
        refresh(game)
        return game

    game = game_with_ladder(foot=False)
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, Ladder) and action.remove, action
    apply(game, action)
    assert _ladders(game) == []
    s = game.warriors[1].castle
    assert s is not None and s.ladders_down == [1]

    game = game_with_ladder(foot=True)
    player = HeuristicPlayer(1)
    while game.current == 0 and not game.over:
        action = player.choose(game)
        assert not (isinstance(action, Ladder) and action.remove), action
        apply(game, action)


# --- sallying out ----------------------------------------------------------------------------


def behind_late(game: Game) -> None:
    """A round after the sally's first, the castle player (0) far behind: it must go out
    and score (Rulebook VI, Victory!)."""
    game.round = sieges.SALLY_ROUND + 1
    game.players[1].score = 500
    assert sieges.sallying(game, 0)


def best_sally(game: Game, wid: int) -> tuple[float, tuple[float, float]]:
    """The heuristic's weighing of warrior ``wid``'s move against player 1: the best
    gain of a move (not standing still) and where it ends."""
    from armybuilder.ai import manoeuvres
    from armybuilder.engine import move_allowance
    w = game.warriors[wid]
    foes = [o for o in game.warriors if o.owner == 1]
    view = manoeuvres.outlook(game, foes, 0, {})
    weighed = manoeuvres._weigh(game, w, view, ((None, move_allowance(game, w, None)),), None)
    best = max(range(1, len(weighed.gains)), key=weighed.gains.__getitem__)
    return weighed.gains[best], weighed.ends[best]


def test_the_defender_sallies_out_by_the_keeps_door_when_the_enemy_will_not_come() -> None:
    """Rulebook VI, Victory!: a standoff scores nothing, so late in the game, with no enemy
    near the castle and its side not ahead, the castle player goes out to fight: an archer
    at the far end of the walls (which have no access points) walks the walkway to the
    keep's open door rather than pace the wall, where the enemy is nearest in a straight
    line."""
    wall_at = (KEEP_AT[0] - 5.5, KEEP_AT[1] + 1.875)
    start = (wall_at[0] - 2.5, wall_at[1])
    game = siege(spec(section("keep"), 0, *KEEP_AT), spec(section("wall"), 0, *wall_at),
                 spec(ARCHER, 0, *start),
                 spec(GRUNT, 1, 4.0, 40.0, SOUTH), spec(GRUNT, 1, 5.0, 40.0, SOUTH),
                 castle=CastleOptions(open=((0, "side door"), (0, "inner door"))))
    behind_late(game)
    _, end = best_sally(game, 2)
    door = (KEEP_AT[0] + 2.5, KEEP_AT[1])
    assert game.terrain.elevation(end) is None or \
        math.dist(end, door) < math.dist(start, door) - 2.0, end


def test_a_sallying_archer_at_the_top_of_a_ladder_inside_the_walls_climbs_down() -> None:
    """Castle rules, Planking and Ladders: the castle player's ladder stands against a
    wall's inner face, so the way down lands its warriors inside the castle, a little
    farther from the enemy than the wall's top. Sallying out (Rulebook VI, Victory!), an
    archer standing on the wall above the ladder climbs down rather than stay on the wall
    (which has no other access point) for the straight line to the enemy and the
    fortification against the enemy's archer: seed 40 of benchmarks/castles.py, where
    four shooters paced the walls for 25 rounds."""
    inner_face = WALL_AT[1] - 0.625
    game = siege(spec(section("wall"), 0, *WALL_AT), spec(ARCHER, 0, *WALL_AT),
                 spec(ARCHER, 1, 24.0, 40.0, SOUTH), spec(GRUNT, 1, 25.0, 40.0, SOUTH),
                 castle=CastleOptions(ladders=((0, (WALL_AT[0], inner_face - 0.2)),)))
    behind_late(game)
    w = game.warriors[1]
    assert game.terrain.elevation((w.x, w.y)) is not None  # on the wall's top
    gain, end = best_sally(game, 1)
    assert gain > 0.0, gain
    assert game.terrain.elevation(end) is None and end[1] < inner_face, end


def test_a_sallying_archer_inside_the_walls_walks_out_round_their_end() -> None:
    """Castle rules, General Rules: a section can never be moved through, so a warrior
    let down inside the walls (by the castle player's ladder on their inner face) walks
    out round their ends to sally (Rulebook VI, Victory!), though the enemy is nearest
    straight through the walls: seeds 60 and 76 of benchmarks/castles.py, where a
    warrior paced the inside of the walls to the round limit."""
    start = (WALLS[1][0], WALLS[1][1] - 1.5)  # behind the middle wall, on the ground
    game = siege(*_walls(), spec(ARCHER, 0, *start, NORTH),
                 spec(ARCHER, 1, 24.0, 40.0, SOUTH), spec(GRUNT, 1, 25.0, 40.0, SOUTH))
    behind_late(game)
    gain, end = best_sally(game, 3)
    assert gain > 0.0, gain
    assert game.terrain.elevation(end) is None and abs(end[0] - start[0]) >= 6.0, end


def test_the_defender_holds_the_castle_until_it_sallies() -> None:
    """Castle rules, Victory Points: the castle's sections score as survivors, so the castle
    player's warriors wait by the walls for the besieger to come into its fire rather than
    walk out to meet an army far away (round 1, nobody ahead); only a sally (late, far
    behind: Rulebook VI, Victory!) takes them out. Heuristic against heuristic, closing in
    as on an open table lost 53 of 60 sieges (benchmarks/expert.py's castle set-ups)."""
    start = (13.0, 4.5)  # on the ground by the walls' west end, inside their line
    game = siege(*_walls(), spec(ARCHER, 0, *start, NORTH),
                 spec(ARCHER, 1, 24.0, 40.0, SOUTH), spec(GRUNT, 1, 25.0, 40.0, SOUTH))
    gain, end = best_sally(game, 3)
    assert gain <= 0.0 or end[1] < start[1] + 2.0, (gain, end)
    behind_late(game)
    gain, end = best_sally(game, 3)
    assert gain > 0.0 and end[1] > start[1] + 2.0, (gain, end)


def test_the_castle_players_warriors_wait_under_the_keeps_guns(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Castle rules, Attacks: the keep fires from its centre point, beyond 4" and within
    its range. A few warriors against an army, the castle player's stand where an enemy
    touching them is in that fire: a grunt by the walls' far end walks towards the keep
    and stops in the ring, not at its face (out of its fire) nor out on the field. Without
    the guns' pull it stays by the walls (heuristic against heuristic, 240 of
    benchmarks/expert.py's castle set-ups: 29.6% for the castle player without it, 44.0%
    with it)."""
    start = (12.0, 4.5)
    game = siege(spec(section("keep"), 0, *KEEP_AT), *_walls(), spec(GRUNT, 0, *start, NORTH),
                 spec(ARCHER, 1, 24.0, 40.0, SOUTH), spec(GRUNT, 1, 25.0, 40.0, SOUTH))
    keep, grunt = game.warriors[0], game.warriors[4]
    near = CASTLE_MIN_RANGE + 2.0 * grunt.half_length
    far = keep.card.range - 2.0 * grunt.half_length

    def under(d: float) -> float:
        return sieges.under_guns(game, grunt, (KEEP_AT[0], KEEP_AT[1] + d))

    assert under((near + far) / 2) == 1.0
    assert 0.0 < under(near - 2.0) < 1.0 and 0.0 < under(far + 2.0) < 1.0
    assert under(far + 2.0) > under(far + 6.0) > 0.0 == under(far + sieges.GUNS_PULL)
    # The besieger's archer is under no guns of his: the keep is the castle player's.
    assert sieges.under_guns(game, game.warriors[5], (KEEP_AT[0], KEEP_AT[1] + 7.0)) == 0.0
    _, end = best_sally(game, 4)
    assert near <= math.dist(end, (keep.x, keep.y)) <= far, end
    monkeypatch.setattr(sieges, "UNDER_GUNS", 0.0)
    gain, end = best_sally(game, 4)
    assert gain <= 0.0 or math.dist(end, (keep.x, keep.y)) > far, (gain, end)


def test_the_castle_players_warrior_goes_up_onto_the_keeps_top_by_its_open_door(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Castle rules, Attacking Warriors on Castle Sections and Close Combat: on the keep's
    top a warrior adds the fortification value and the height advantage to its defense
    against every shot, is struck only from a connected access point, and a shooter who
    comes within his range of it stands within or near the keep's own; a grunt by the
    keep's open side door goes up onto its top rather than into the field of fire around
    it, where it goes when the top counts no more than the field (heuristic against
    heuristic over 240 of benchmarks/expert.py's sieges: the castle player 54.4% with the
    top, 44.0% with the field alone)."""
    game = siege(spec(section("keep"), 0, *KEEP_AT),
                 spec(GRUNT, 0, SIDE_DOOR[0] + 2.0, SIDE_DOOR[1], math.pi),
                 spec(ARCHER, 1, 24.0, 40.0, SOUTH), spec(GRUNT, 1, 25.0, 40.0, SOUTH),
                 castle=CastleOptions(open=((0, "side door"), (0, "inner door"))))
    keep, grunt = game.warriors[0], game.warriors[1]
    _, end = best_sally(game, 1)
    assert sieges.top_of(game, end) is keep, end
    assert sieges.post(game, grunt, end) == 1.0
    assert sieges.post(game, grunt, (KEEP_AT[0], KEEP_AT[1] + 7.0)) == sieges.FIELD_SHARE
    monkeypatch.setattr(sieges, "post", sieges.under_guns)
    _, end = best_sally(game, 1)
    assert game.terrain.elevation(end) is None, end


def test_the_expert_reads_the_castle_players_warriors_under_its_guns_as_worth_more() -> None:
    """The fire under the keep comes after the searched turn (when the besieger closes in)
    and a move there costs a token where a pass does not (Rulebook III, Pushing): the
    position the expert's search ends on (ai.standing) counts a castle warrior under its
    guns at a share of its clicks, so it walks there as its policy does; not a besieger,
    and not the castle player's warriors once they sally out (Rulebook VI, Victory!)."""
    from armybuilder.ai.standing import margin
    game = siege(spec(section("keep"), 0, *KEEP_AT), *_walls(), spec(GRUNT, 0, 2.0, 4.5, NORTH),
                 spec(ARCHER, 1, 24.0, 40.0, SOUTH), spec(GRUNT, 1, 25.0, 40.0, SOUTH))
    grunt, besieger = game.warriors[4], game.warriors[6]
    far = margin(game, 0)
    grunt.x, grunt.y = KEEP_AT[0], KEEP_AT[1] + 7.0
    assert margin(game, 0) > far + 1.0
    # Above all on the keep's top (sieges.post).
    in_field = margin(game, 0)
    grunt.x, grunt.y = KEEP_AT
    assert margin(game, 0) > in_field + 1.0
    grunt.x, grunt.y = KEEP_AT[0], KEEP_AT[1] + 7.0
    # The besieger's side reads it the other way round; a besieger is under no guns.
    assert margin(game, 1) == -margin(game, 0)
    assert not sieges.holds(game, besieger)
    behind_late(game)
    sallying = margin(game, 0)
    grunt.x, grunt.y = 2.0, 4.5
    assert margin(game, 0) == sallying


def test_a_captive_held_against_the_castle_counts_once_in_the_experts_reading() -> None:
    """Castle rules, Playing Area and Set-Up: the castle player's starting area is "anywhere
    in base contact with any of their castle sections", so a captive its warrior holds
    there scores double at the end (Rulebook VI, Victory!) and the game's scores count it
    in full already; the expert's reading (ai.standing) adds its share only for a captive
    not yet home, so touching the keep it is worth (1 - CAPTIVE_SHARE) of its double points
    more than an inch away, not counted twice."""
    from armybuilder.ai.standing import CAPTIVE_SHARE, margin
    from armybuilder.engine import held_home
    frail = card("Frail", attack=7, defense=10, damage=1)
    game = siege(spec(section("keep"), 0, *KEEP_AT), spec(GRUNT, 0, 24.0, 12.0, SOUTH),
                 WarriorSpec(card=frail, player=1, at=(24.0, 11.0), captive_of=1),
                 spec(ARCHER, 1, 24.0, 40.0, SOUTH))
    holder, captive = game.warriors[1], game.warriors[2]
    r = captive.half_length
    face = KEEP_AT[1] + 2.5  # the keep's north face (imports/castle_pieces.csv)
    holder.x, holder.y = KEEP_AT[0], face + 3 * r
    captive.x, captive.y = KEEP_AT[0], face + r  # touching the keep and its holder
    assert held_home(game, captive)
    home = margin(game, 0)
    captive.y = face + 5 * r  # touching its holder, an inch from the keep
    assert not held_home(game, captive)
    away = margin(game, 0)
    assert home - away == pytest.approx((1 - CAPTIVE_SHARE) * 2 * frail.points)
