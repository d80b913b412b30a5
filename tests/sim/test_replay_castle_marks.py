"""The replay's map and narration for what a siege or a World Conquest battle has besides
sections and portals: ladders standing against a wall (Castle rules, Planking and
Ladders), the keep's extra action named (Castle rules, Actions, Mage Knight), and the
fortifications with their walls, entrances, banner and guards (World Conquest, Upgrading
Defenses), each from a real game's log."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from armybuilder.engine import (
    CastleOptions,
    CloseAttack,
    Game,
    Move,
    Pass,
    RangedAttack,
    Scenario,
    ScenarioPlayer,
    WarriorSpec,
    apply,
)
from armybuilder.engine.fortifications import Fortification
from armybuilder.sim.replay import (
    BANNER_MARK,
    CASTLE_MARK,
    LADDER_MARK,
    OPEN_PORTAL,
    Narrator,
    narrate,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from play.play_support import card, castle_cards

NORTH, SOUTH = math.pi / 2, -math.pi / 2


def siege(db: Path) -> Scenario:
    """Fort's keep (0 A) and wall (1 B) with a ladder against the wall's outer face and
    planking behind it; a guard (2 C); Raid's footman (3 a) far off."""
    keep, wall = castle_cards(db, "fixtures:1", "fixtures:4")
    # The wall spans x 15.5..21.5, y 4.375..5.625, the keep x 21.5..26.5.
    return Scenario(
        players=(ScenarioPlayer("Fort", "south", 400), ScenarioPlayer("Raid", "north", 400)),
        warriors=(WarriorSpec(keep, 0, (24.0, 5.0), 0.0),
                  WarriorSpec(wall, 0, (18.5, 5.0), 0.0),
                  WarriorSpec(card("Guard"), 0, (30.0, 3.0), NORTH),
                  WarriorSpec(card("Footman"), 1, (24.0, 40.0), SOUTH)),
        castle=CastleOptions(ladders=((1, (17.0, 5.7)),),
                             planking=(((16.0, 3.875), (20.0, 3.875), (20.0, 4.375),
                                        (16.0, 4.375)),)),
        table=48.0, seed=3, first_player=0)


def told(game: Game, maps: str = "turn") -> list[str]:
    return list(narrate(json.loads(game.log_json()), maps=maps))


def test_a_ladder_on_the_map_until_it_is_removed(db_path: Path) -> None:
    sc = siege(db_path)
    game = Game.from_scenario(sc)
    apply(game, Pass(2))
    lines = told(game)
    header = next(line for line in lines if line.startswith("Map:"))
    assert f"{LADDER_MARK} ladder" in header
    drawn = "\n".join(lines)
    # Castle rules, Planking and Ladders: the ladder on the wall's outer edge (y 5.625),
    # x 16.5..17.5: the map's columns 12 and 13 (4/3" a column), row 15 (8/3" a row).
    maps = [i for i, line in enumerate(lines) if line.startswith("  +---")]
    rows = [line[3:-1] for line in lines[maps[0] + 1:maps[1]]]
    assert rows[15][11:19] == f"{CASTLE_MARK}{LADDER_MARK}{LADDER_MARK}{CASTLE_MARK * 5}"
    assert drawn.count(LADDER_MARK) == 3  # the header and the map
    # The planking is drawn as part of the wall (Castle rules: "part of the wall section
    # it is touching"): one of the wall's parts.
    n = Narrator(sc.to_dict())
    assert len(n._told.t.castle[1]["parts"]) == 2
    assert "B Castle Wall (wall, click 1/9; 1 ladder)" in " ".join(drawn.split())
    # A ladder set up is in the start state and its event both: one ladder.
    n.entry(None, [{"e": "ladder", "player": 0, "warrior": 1,
                    "at": [[16.5, 5.625], [17.5, 5.625]]}])
    assert len(n._told.t.ladders) == 1
    # A movement formation removes it: gone from the map.
    assert n.entry({"type": "ladder"}, [
        {"e": "action", "kind": "remove ladder", "warrior": 3, "members": [],
         "owner": 0, "at": [[16.5, 5.625], [17.5, 5.625]]}])[0].startswith(
        "  a Footman remove Fort's ladder at (17.0, 5.6)")
    assert LADDER_MARK not in "\n".join(n._told.t.map())
    # ... and placed again against the wall: back on the map.
    n.entry({"type": "ladder"}, [
        {"e": "action", "kind": "place ladder", "warrior": 3, "members": [], "section": 1,
         "at": [[19.5, 5.625], [20.5, 5.625]]}])
    assert LADDER_MARK in "\n".join(n._told.t.map())


def test_the_keeps_extra_action_is_named(db_path: Path) -> None:
    game = Game.from_scenario(siege(db_path))
    lines = told(game, maps="none")
    # Castle rules, Actions, Mage Knight: 400 points give 4 actions, the keep one more.
    assert "Turn 1: Fort, 4 actions." in lines
    assert "  Fort now has 5 actions this turn (+1 for the keep A Castle Keep)." in lines
    n = Narrator(siege(db_path).to_dict())
    assert n.extra_actions == ()
    # Command's extra action on a 6 is told by its roll, and named with the keep's.
    assert n.entry(None, [
        {"e": "turn", "player": 0, "turn": 3, "round": 2, "actions": 4},
        {"e": "roll", "purpose": "command", "warrior": 2, "dice": [6]},
        {"e": "command", "warrior": 2, "extra_action": True},
        {"e": "actions", "player": 0, "actions": 6}])[-1] == (
        "  Fort now has 6 actions this turn (+1 for Command, +1 for the keep A Castle "
        "Keep).")
    assert n.extra_actions == ("Command", "keep")
    # Raid has no keep: its turn has no extra action, and nothing is named.
    n.entry(None, [{"e": "turn", "player": 1, "turn": 4, "round": 2, "actions": 4}])
    assert n.extra_actions == ()


def fortified() -> Game:
    """Rich's outpost (4 B) by the south edge, its entrance the back side (y = 2), and his
    banner (5 C) at (18, 12); his guard (0 A) walks in; Ian's brute (1 a) knocks the
    banner down and his archer (2 b) and bowman (3 c) destroy the outpost."""
    outpost = Fortification("outpost", 0, 2.0, 17, 6, (("back", 2.0),), 4, 1)
    banner = Fortification("banner", 0, 0.955, 12, 1, at=(18.0, 12.0), rotation=0.0)
    shooter = {"attack": 12, "damage": 3, "rng": 10}
    sc = Scenario(
        players=(ScenarioPlayer("Rich", "south", 200), ScenarioPlayer("Ian", "north", 200)),
        warriors=(WarriorSpec(card("Guard"), 0, (18.0, 1.0), NORTH),
                  WarriorSpec(card("Brute", attack=12, damage=3), 1, (18.0, 12.99), SOUTH),
                  WarriorSpec(card("Archer", **shooter), 1, (22.0, 11.0), SOUTH),
                  WarriorSpec(card("Bowman", **shooter), 1, (14.0, 11.0), SOUTH)),
        fortifications=(outpost, banner), dice=(6, 5) * 4, current=0, seed=1)
    game = Game.from_scenario(sc)
    apply(game, Move(0, ((18.0, 3.0),), NORTH))  # through the entrance: on guard
    apply(game, CloseAttack(1, 5))
    apply(game, RangedAttack(2, (4,)))
    while game.current != 1:
        apply(game, Pass(0))
    apply(game, RangedAttack(3, (4,)))
    apply(game, Pass(1))  # Ian's turn ends: a map after it
    return game


def test_fortifications_on_the_map_and_in_the_narration() -> None:
    lines = told(fortified())
    text = "\n".join(lines)
    assert "Fortifications: Rich's outpost B, Rich's banner C." in lines
    header = next(line for line in lines if line.startswith("Map:"))
    assert (f"{CASTLE_MARK} fortification wall, {OPEN_PORTAL} entrance, {BANNER_MARK} "
            "banner") in header
    # The armies deployed: the outpost's front wall (y = 4) on row 16 with its letter
    # in the middle, its entrance (y = 2) on row 17; the banner's quarter at (18, 12).
    first = lines.index("  -- the armies deployed --")
    rows = lines[first + 3:first + 3 + 18]
    assert rows[16][3 + 17:3 + 20] == f"{CASTLE_MARK}B{CASTLE_MARK}"
    assert rows[17][3 + 17:3 + 20] == f"{OPEN_PORTAL}A{OPEN_PORTAL}"  # A waits outside
    assert rows[11][3 + 17] == BANNER_MARK and rows[12][3 + 17] == BANNER_MARK
    # World Conquest, Upgrading Defenses: on guard, the banner knocked down, the outpost
    # destroyed; they score nothing.
    assert ("  A Guard goes on guard in the outpost B (a 360-degree front arc, more defense "
            "against ranged attacks).") in lines
    assert "A Guard (click 1/5, on guard in B), B Outpost (outpost, click 4/6, 1 on guard)" \
        in text
    assert "  C Banner takes 3 clicks (attack)." in lines
    assert "  C Banner is knocked down: Rich's banner is removed." in lines
    assert "  B Outpost is destroyed: Rich's outpost is gone." in lines
    assert "  A Guard is no longer on guard in the outpost B (destroyed)." in lines
    assert "(banner, knocked down)" in text and "(outpost, destroyed)" in text
    assert "Ian scores 0 victory points" not in text
    # The last map: both gone, the guard alone where the outpost stood.
    end = max(i for i, line in enumerate(lines) if line.startswith("  -- "))
    last = "\n".join(lines[end:end + 22])
    assert BANNER_MARK not in last and OPEN_PORTAL not in last and CASTLE_MARK not in last
