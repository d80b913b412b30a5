"""Golden scenarios for the castle as terrain and the setting up (seed 004, "Castle
rules": Playing Area and Set-Up, Planking and Ladders, Access Points, Portals, Eliminating
Castle Sections; RULES_NOTES.md, Castles).

Player 0 is the castle player at the south edge; the pieces' outer faces point north.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from engine_helpers import NORTH, card, w

from armybuilder.engine import (
    Game,
    GameSetup,
    Move,
    PlayerSetup,
    Scenario,
    ScenarioPlayer,
    TerrainFeature,
    castle,
    castle_setup,
)
from armybuilder.engine import geometry as g
from armybuilder.engine.actions import SetPortal
from armybuilder.engine.castle_pieces import PiecesError, load_pieces
from armybuilder.engine.castle_setup import CastleOptions, CastlePlacement, LadderPlacement
from armybuilder.engine.pending import PassengerFacing
from armybuilder.engine.setup import SetupError
from armybuilder.engine.state import IllegalAction


def section(piece: str, points: int = 20) -> object:
    return card(f"Castle {piece.title()}", points, speed=3, attack=0, defense=17, damage=0,
                base="castle", arc=360, castle=piece, clicks=6)


KEEP = section("keep", 173)
TOWER = section("round tower", 113)
GATE = section("gatehouse", 112)
WALL = section("wall")
FOOT = card("Footman", 20, speed=8)
RIDER = card("Rider", 20, speed=10, base="cavalry", base_radius=0.875)


def siege(*specs, table: float = 48.0, options: CastleOptions | None = None, **kw) -> Game:
    ps = (ScenarioPlayer("Castle", "south", 500), ScenarioPlayer("Siege", "north", 500))
    return Game.from_scenario(Scenario(players=ps, warriors=tuple(specs), table=table,
                                       castle=options, **kw))


# --- the pieces --------------------------------------------------------------------------


def test_the_pieces_ship_as_data_with_the_chosen_dimensions() -> None:
    pieces = load_pieces()
    assert set(pieces) == {"keep", "round tower", "gatehouse", "wall"}
    keep = pieces["keep"]
    assert [p[0] for p in keep.portals] == ["inner door", "side door"]
    xs = [p[0] for p in keep.footprint]
    assert max(xs) - min(xs) == 5.0
    assert pieces["gatehouse"].archway is not None and not pieces["gatehouse"].access
    assert pieces["wall"].doorway_portal is not None and not pieces["wall"].portals


def test_a_bad_pieces_file_names_file_row_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "pieces.csv"
    bad.write_text("section,part,name,geometry\nkeep,footprint,,0 0;1 x;1 1\n")
    with pytest.raises(PiecesError, match=r"row 2, field geometry: point 2"):
        load_pieces(bad)
    bad.write_text("section,part,name,geometry\nmoat,footprint,,0 0;1 0;1 1\n")
    with pytest.raises(PiecesError, match=r"row 2, field section"):
        load_pieces(bad)


# --- setting up ---------------------------------------------------------------------------


def castle_game(army: tuple, plan: tuple = (), table: float = 48.0, **kw) -> Game:
    a = PlayerSetup("Castle", army, 500, "south", castle=plan, **kw.pop("castle_kw", {}))
    b = PlayerSetup("Siege", (FOOT, FOOT), 500, "north", **kw.pop("siege_kw", {}))
    return Game.new(GameSetup(players=(a, b), table=table, seed=3))


def test_a_default_castle_stands_before_terrain_and_warriors_several_walls_allowed() -> None:
    game = castle_game((KEEP, WALL, WALL, WALL, FOOT))
    assert game.castle_player == 0
    assert len(game.sections) == 4  # castle sections are not unique figures
    for wid in game.sections:
        s = game.warriors[wid].castle
        f = game.terrain.features[s.feature]
        # Castle rules, Sections: abrupt elevated terrain.
        assert f.kind == "elevated" and f.abrupt
        assert game.warriors[wid].on_table and game.warriors[wid].pos == s.centre
        assert all(y <= 18.0 for _, y in s.footprint)
        # Castle rules, Portals: all closed at the start.
        assert all(not p.open for p in s.portals)
    assert game.phase == "deploy"


def test_sections_stand_within_18_inches_of_the_edge_and_30_from_the_opponent() -> None:
    with pytest.raises(SetupError, match="up to 18 inches"):
        castle_game((KEEP,), (CastlePlacement(0, (24.0, 16.0)),))
    with pytest.raises(SetupError, match="at least 30 inches"):
        castle_game((KEEP,), (CastlePlacement(0, (24.0, 14.0)),), table=44.0)
    with pytest.raises(SetupError, match="not overlap"):
        castle_game((KEEP, WALL), (CastlePlacement(0, (24.0, 5.0)),
                                   CastlePlacement(1, (27.0, 5.0))))
    # Touching is fine, and so is the battlefield's edge ("do not have to be placed 3
    # inches apart from other castle sections or ... the edges").
    game = castle_game((KEEP, WALL), (CastlePlacement(0, (24.0, 2.5)),
                                      CastlePlacement(1, (29.5, 2.5))))
    assert len(game.sections) == 2


def test_ladders_one_per_three_walls_for_each_player() -> None:
    walls = (WALL, WALL, WALL)
    plan = tuple(CastlePlacement(k, (12.0 + 6.0 * k, 2.0)) for k in range(3))
    game = castle_game(walls, plan, siege_kw={"ladders": (LadderPlacement(1, (18.0, 2.7)),)})
    s = game.warriors[1].castle
    assert len(s.ladders) == 1
    assert s.ladders[0] in game.terrain.features[s.feature].stairs
    with pytest.raises(SetupError, match="one per three wall sections"):
        castle_game(walls, plan, siege_kw={"ladders": (LadderPlacement(1, (18.0, 2.7)),
                                                       LadderPlacement(0, (12.0, 2.7)))})


def ring(doorway: bool) -> tuple[tuple, tuple]:
    # Four walls around a 6" square: west, east (turned), south and north.
    army = (WALL, WALL, WALL, WALL)
    plan = (CastlePlacement(0, (24.0, 3.625)),
            CastlePlacement(1, (24.0, 10.375), doorway=doorway),
            CastlePlacement(2, (20.375, 7.0), math.pi / 2),
            CastlePlacement(3, (27.625, 7.0), math.pi / 2))
    return army, plan


def test_an_enclosure_needs_a_portal_and_keeps_terrain_out() -> None:
    army, plan = ring(doorway=False)
    with pytest.raises(SetupError, match="encloses part of the battlefield"):
        castle_game(army, plan)
    army, plan = ring(doorway=True)
    game = castle_game(army, plan)
    assert game.castle_enclosed
    from armybuilder.engine.setup import terrain_violation
    from armybuilder.engine.terrain import TerrainFeature
    inside = TerrainFeature("hindering", ((23.0, 6.0), (25.0, 6.0), (25.0, 8.0), (23.0, 8.0)))
    outside = TerrainFeature("hindering", ((23.0, 20.0), (25.0, 20.0), (25.0, 22.0),
                                           (23.0, 22.0)))
    assert "encloses" in (terrain_violation(game, [inside]) or "")
    assert terrain_violation(game, [outside]) is None


def test_starting_areas_in_a_siege() -> None:
    game = castle_game((KEEP, FOOT), (CastlePlacement(0, (24.0, 5.0)),))
    from armybuilder.engine.setup import deploy_violation
    foot = game.warriors[1]
    # Castle player: anywhere in base contact with a section, on top of it too.
    assert deploy_violation(game, foot, (24.0, 8.0), NORTH) is None
    assert deploy_violation(game, foot, (24.0, 5.0), NORTH) is None
    assert "base contact" in deploy_violation(game, foot, (24.0, 12.0), NORTH)
    # The opponent: on their side, more than 30" from the castle.
    foe = game.warriors[2]
    assert deploy_violation(game, foe, (24.0, 38.0), -NORTH) is None
    assert "30" in deploy_violation(game, foe, (24.0, 36.0), -NORTH)
    assert "own side" in deploy_violation(game, foe, (24.0, 20.0), -NORTH)


def test_the_default_plan_leaves_the_keeps_doors_on_open_ground() -> None:
    # The keep is the way onto the walls (Castle rules, Keep; Walls: no access points of
    # their own): a 1" base fits outside each of its doors, on the battlefield.
    game = castle_game((KEEP, WALL, WALL, WALL, FOOT))
    keep = next(game.warriors[i].castle for i in game.sections
                if game.warriors[i].castle.piece == "keep")
    cx, cy = keep.centre
    for door in keep.portals:
        mx, my = (door.a[0] + door.b[0]) / 2, (door.a[1] + door.b[1]) / 2
        dx, dy = mx - cx, my - cy
        n = math.hypot(dx, dy)
        spot = (mx + dx / n * 0.55, my + dy / n * 0.55)
        assert 0.5 <= spot[0] <= 47.5 and 0.5 <= spot[1] <= 47.5, door.name
        assert all(not g.discs_overlap(((*spot, 0.5),), ((*p, 0.0),)) for p in
                   (game.warriors[i].castle.centre for i in game.sections)), door.name
        assert game.terrain.position_violation(((*spot, 0.5),)) is None, door.name


def test_a_setup_with_a_castle_replays_from_its_header() -> None:
    game = castle_game((KEEP, WALL, FOOT))
    from armybuilder.engine.setup import setup_from_dict
    back = setup_from_dict(game.header)
    assert isinstance(back, GameSetup) and back.players[0].castle == ()


# --- the castle as terrain ----------------------------------------------------------------


KEEP_AT = (24.0, 5.0)  # footprint x 21.5..26.5, y 2.5..7.5; side door x=26.5, y 4.5..5.5


def test_closed_portals_block_movement_and_the_castle_player_opens_them() -> None:
    game = siege(w(KEEP, 0, *KEEP_AT, 0.0), w(FOOT, 0, 28.0, 5.0, math.pi),
                 w(FOOT, 1, 24.0, 40.0, -NORTH))
    path = ((28.0, 5.0), (26.0, 5.0))
    with pytest.raises(IllegalAction, match="Portals"):
        game.apply(Move(1, path))
    # At the start of the castle player's turn, the side door opens.
    game.apply(SetPortal(0, 0, "side door", open=True))
    assert game.warriors[0].castle.portals[1].open
    game.apply(Move(1, path))
    assert game.elevation(game.warriors[1]) == game.warriors[0].castle.feature
    # Not once an action has been given this turn.
    with pytest.raises(IllegalAction, match="beginning of the castle player's command"):
        game.apply(SetPortal(0, 0, "inner door", open=True))


def test_only_through_an_access_point_onto_the_keep() -> None:
    game = siege(w(KEEP, 0, *KEEP_AT, 0.0), w(FOOT, 0, 24.0, 9.0, -NORTH),
                 w(FOOT, 1, 24.0, 40.0, -NORTH), options=CastleOptions(
                     open=((0, "side door"), (0, "inner door"))))
    with pytest.raises(IllegalAction, match="stairway or ladder"):
        game.apply(Move(1, ((24.0, 9.0), (24.0, 6.0))))


def test_a_closed_portal_blocks_lines_of_fire_at_its_foot() -> None:
    # Castle rules, Portals: "Warriors may not ... draw a line of fire through a closed
    # portal": the gatehouse's portcullis shuts the archway to a line along the ground.
    game = siege(w(GATE, 0, 24.0, 5.0, 0.0), w(FOOT, 1, 24.0, 40.0, -NORTH))
    t, gate = game.terrain, game.warriors[0].castle
    outside, archway = (24.0, 9.0), (24.0, 5.0)
    blocked, _ = t.fire(outside, ((*outside, 0.5),), -NORTH, 90, archway,
                        ((*archway, 0.5),), None, None)
    assert blocked and "Portals" in blocked
    game.apply(SetPortal(0, 0, "portcullis", open=True))
    assert t.fire(outside, ((*outside, 0.5),), -NORTH, 90, archway, ((*archway, 0.5),),
                  None, None)[0] is None
    # A portal is at the foot of its section: a line to a figure on the section's own
    # top passes over it, and so does one between two figures on elevated terrain.
    game.apply(SetPortal(0, 0, "portcullis", open=False))
    top = gate.features[0]
    assert t.fire(outside, ((*outside, 0.5),), -NORTH, 90, (23.0, 6.0), ((23.0, 6.0, 0.5),),
                  None, top)[0] is None
    hill = TerrainFeature("elevated", ((27.0, 8.0), (30.0, 8.0), (30.0, 10.0), (27.0, 10.0)))
    game = siege(w(GATE, 0, 24.0, 5.0, 0.0), w(WALL, 0, 18.0, 3.5, 0.0),
                 w(FOOT, 1, 24.0, 40.0, -NORTH), terrain=(hill,))
    t = game.terrain
    on_hill, on_wall = t.elevation((28.0, 9.0)), game.warriors[1].castle.feature
    assert on_hill is not None and on_wall is not None
    # From the hill to the wall's top, straight over the closed portcullis.
    assert g.segments_cross((28.0, 9.0), (18.0, 3.5), *t.portals[0])
    assert t.fire((28.0, 9.0), ((28.0, 9.0, 0.5),), math.pi, 90, (18.0, 3.5),
                  ((18.0, 3.5, 0.5),), on_hill, on_wall)[0] is None


def test_walls_and_tops_join_free_movement_without_stopping() -> None:
    game = siege(w(KEEP, 0, *KEEP_AT, 0.0), w(WALL, 0, 29.5, 3.5, 0.0),
                 w(WALL, 0, 35.5, 3.5, 0.0), w(FOOT, 0, 24.0, 3.5, 0.0),
                 w(FOOT, 1, 24.0, 40.0, -NORTH))
    game.apply(Move(3, ((24.0, 3.5), (31.5, 3.5))))
    foot = game.warriors[3]
    assert foot.pos == (31.5, 3.5)  # over the keep's edge and a wall's, no stop
    assert game.elevation(foot) == game.warriors[1].castle.feature
    # Castle rules, Access Points: joined tops are one level (not split for close combat).
    assert not game.terrain.abrupt_split(game.warriors[0].castle.feature,
                                         game.warriors[2].castle.feature)


def test_cavalry_may_never_occupy_a_section() -> None:
    game = siege(w(KEEP, 0, *KEEP_AT, 0.0), w(RIDER, 0, 28.5, 5.0, math.pi),
                 w(FOOT, 1, 24.0, 40.0, -NORTH), options=CastleOptions(
                     open=((0, "side door"),)))
    with pytest.raises(IllegalAction, match="may never occupy"):
        game.apply(Move(1, ((28.5, 5.0), (25.625, 5.0))))


def test_the_gatehouse_archway_is_ground_and_its_portals_cannot_close_on_a_base() -> None:
    game = siege(w(GATE, 0, 24.0, 5.0, 0.0), w(FOOT, 0, 24.0, 5.0, NORTH),
                 w(FOOT, 1, 24.0, 40.0, -NORTH))
    gate = game.warriors[0].castle
    assert len(gate.features) == 2  # the top on either side of the archway
    assert game.elevation(game.warriors[1]) is None
    with pytest.raises(IllegalAction, match="Portals"):
        game.apply(Move(1, ((24.0, 5.0), (24.0, 8.0))))
    game.apply(SetPortal(0, 0, "portcullis", open=True))
    game.apply(Move(1, ((24.0, 5.0), (24.0, 6.2))))  # under the portcullis
    game2 = siege(w(GATE, 0, 24.0, 5.0, 0.0), w(FOOT, 0, 24.0, 6.3, NORTH),
                  w(FOOT, 1, 24.0, 40.0, -NORTH),
                  options=CastleOptions(open=((0, "portcullis"),)))
    with pytest.raises(IllegalAction, match="closed onto a figure's base"):
        game2.apply(SetPortal(0, 0, "portcullis", open=False))


def test_a_breach_opens_the_portals_for_good() -> None:
    game = siege(w(KEEP, 0, *KEEP_AT, 0.0), w(FOOT, 1, 24.0, 40.0, -NORTH))
    keep = game.warriors[0]
    castle.breach(game, keep, 1)
    assert keep.castle.breached and keep.castle.breached_by == 1
    assert all(p.open for p in keep.castle.portals)
    f = game.terrain.features[keep.castle.feature]
    assert len(f.stairs) == 2  # the doors are access points now
    with pytest.raises(IllegalAction, match="may not be closed"):
        game.apply(SetPortal(0, 0, "side door", open=False))


def test_an_eliminated_section_becomes_rubble_and_its_figures_take_a_die_of_clicks() -> None:
    game = siege(w(KEEP, 0, *KEEP_AT, 0.0), w(FOOT, 0, 24.0, 5.0, 0.0),
                 w(FOOT, 1, 24.0, 40.0, -NORTH), dice=(3,))
    keep, foot = game.warriors[0], game.warriors[1]
    i = keep.castle.feature
    keep.on_table = False
    castle.collapse(game, keep)
    f = game.terrain.features[i]
    assert f.kind == "hindering" and f.polygon == keep.castle.footprint
    assert keep.castle.feature == -1
    assert foot.on_table and foot.pos == (24.0, 5.0) and foot.click == 3
    assert isinstance(game.pending[-1], PassengerFacing)
    assert game.elevation(foot) is None


def test_scenario_castle_options_and_sections_round_trip() -> None:
    game = siege(w(WALL, 0, 24.0, 3.0, 0.0, doorway=True),
                 w(FOOT, 1, 24.0, 40.0, -NORTH),
                 options=CastleOptions(ladders=((0, (26.0, 3.7)),), open=((0, "door"),)))
    s = game.warriors[0].castle
    assert s.doorway and s.portals[0].open and len(s.ladders) == 1
    from armybuilder.engine.setup import setup_from_dict
    back = setup_from_dict(game.header)
    assert isinstance(back, Scenario) and back.castle is not None
    assert back.warriors[0].doorway
    assert castle_setup.piece_of(WALL) == "wall"
