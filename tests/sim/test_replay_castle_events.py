"""The narration of the castle events a siege's log holds besides portals, breaches and
rubble (Castle rules): the castle placed, a ladder set up, close combat across connected
access points, the defender's choice of its target, ladders placed and removed by a
movement formation."""

from __future__ import annotations

import sys
from pathlib import Path

from armybuilder.engine import Scenario, ScenarioPlayer, WarriorSpec
from armybuilder.sim.replay import Narrator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from play.play_support import card, castle_cards


def told(db: Path) -> Narrator:
    keep, wall = castle_cards(db, "fixtures:1", "fixtures:4")
    # 0 A keep, 1 B wall, 2 C and 3 D guards; 4 a, 5 b, 6 c footmen.
    return Narrator(Scenario(
        players=(ScenarioPlayer("Fort", "south", 400), ScenarioPlayer("Raid", "north", 400)),
        warriors=(WarriorSpec(keep, 0, (24.0, 5.0), 0.0),
                  WarriorSpec(wall, 0, (18.5, 5.0), 0.0),
                  WarriorSpec(card("Guard"), 0, (25.0, 5.0), 0.0),
                  WarriorSpec(card("Guard"), 0, (23.0, 6.5), 0.0),
                  WarriorSpec(card("Footman"), 1, (27.0, 5.0), 0.0),
                  WarriorSpec(card("Footman"), 1, (18.0, 6.2), 0.0),
                  WarriorSpec(card("Footman"), 1, (19.0, 6.2), 0.0)),
        table=48.0, seed=3).to_dict())


def test_the_castle_and_its_ladders_set_up(db_path: Path) -> None:
    n = told(db_path)
    assert n.entry(None, [{"e": "castle", "player": 0, "sections": [0, 1]},
                          {"e": "ladder", "player": 1, "warrior": 1,
                           "at": [[17.5, 5.625], [18.5, 5.625]]}]) == [
        "Fort is the castle player; the castle is placed first: A Castle Keep, B Castle "
        "Wall.",
        "Raid places a ladder against B Castle Wall at (18.0, 5.6)."]


def test_close_combat_across_access_points_and_the_defenders_choice(db_path: Path) -> None:
    n = told(db_path)
    lines = n.entry({"type": "close"}, [
        {"e": "action", "kind": "close", "warrior": 4, "target": 2, "formation": [],
         "across": True}])
    # Castle rules, Close Combat: "the two figures fighting on the stairs or ladder".
    assert lines == ["  a Footman attacks C Guard in close combat across connected access "
                     "points."]
    lines = n.entry({"type": "choose_target"}, [
        {"e": "target_chosen", "warrior": 4, "target": 3, "player": 0}])
    # "the defender may choose which figure will be the target of the attack"
    assert lines == ["  Fort chooses D Guard as the target of a Footman's attack across "
                     "the access points."]
    # An ordinary close combat attack says nothing of access points.
    assert n.entry({"type": "close"}, [
        {"e": "action", "kind": "close", "warrior": 4, "target": 2, "formation": []}]) == [
        "  a Footman attacks C Guard in close combat."]


def test_ladders_placed_and_removed_by_a_movement_formation(db_path: Path) -> None:
    n = told(db_path)
    at = [[17.5, 5.625], [18.5, 5.625]]
    assert n.entry({"type": "ladder"}, [
        {"e": "action", "kind": "place ladder", "warrior": 5, "members": [4, 6],
         "section": 1, "at": at}]) == [
        "  b Footman and a, c place a ladder against B Castle Wall at (18.0, 5.6) (a "
        "movement formation)."]
    # Removed by its owner: carried again; by the opponent: thrown down.
    assert n.entry({"type": "ladder"}, [
        {"e": "action", "kind": "remove ladder", "warrior": 5, "members": [4, 6],
         "owner": 1, "at": at}]) == [
        "  b Footman and a, c remove the ladder at (18.0, 5.6) (a movement formation)."]
    assert n.entry({"type": "ladder"}, [
        {"e": "action", "kind": "remove ladder", "warrior": 2, "members": [3, 0],
         "owner": 1, "at": at}]) == [
        "  C Guard and D, A remove Raid's ladder at (18.0, 5.6) (a movement formation); it "
        "is thrown down."]
