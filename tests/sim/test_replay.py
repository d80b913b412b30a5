"""A game's log told turn by turn, and the small map of the table."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from armybuilder.engine import (
    ClickStats,
    CloseAttack,
    EndByAgreement,
    FigureCard,
    Game,
    Scenario,
    ScenarioPlayer,
    TerrainFeature,
    WarriorSpec,
    apply,
)
from armybuilder.sim.armies import BattleError
from armybuilder.sim.replay import MAP_HEIGHT, MAP_WIDTH, narrate, read_log


def _card(name: str, clicks: int) -> FigureCard:
    dial = tuple(ClickStats(speed=7, attack=9, defense=16, damage=2) for _ in range(clicks))
    return FigureCard(key=f"test:{name.lower()}", name=name, points=20, clicks=dial,
                      factions=("Orc Raiders",))


@pytest.fixture
def log(tmp_path: Path) -> Path:
    """Axe (A) eliminates Victim (a) at once; the players then agree to stop."""
    wood = TerrainFeature("hindering", ((20.0, 20.0), (26.0, 20.0), (26.0, 24.0), (20.0, 24.0)),
                          name="wood")
    game = Game.from_scenario(Scenario(
        players=(ScenarioPlayer("Rich", "south"), ScenarioPlayer("Ian", "north")),
        warriors=(WarriorSpec(_card("Axe", 4), 0, (10.0, 10.0), 0.0),
                  WarriorSpec(_card("Scout", 4), 0, (0.6, 0.6), 0.0),
                  WarriorSpec(_card("Victim", 2), 1, (11.0, 10.0), 3.14159),
                  WarriorSpec(_card("Lookout", 4), 1, (35.4, 35.4), 0.0)),
        terrain=(wood,), dice=(6, 5)))
    apply(game, CloseAttack(warrior=0, target=2))
    apply(game, EndByAgreement())
    path = tmp_path / "game.json"
    path.write_text(game.log_json())
    return path


def _maps(lines: list[str]) -> list[list[str]]:
    """The grid rows of every map printed."""
    maps, current = [], None
    for line in lines:
        if line.strip().startswith("+--"):
            if current is None:
                current = []
            else:
                maps.append(current)
                current = None
        elif current is not None:
            current.append(line.strip()[1:-1])
    return maps


def test_the_story_of_a_short_fight(log: Path) -> None:
    lines = list(narrate(read_log(log)))
    text = "\n".join(lines)
    assert "Rich: A Axe (test:axe, 20 pts), B Scout (test:scout, 20 pts)" in text
    assert "Ian: a Victim (test:victim, 20 pts), b Lookout" in text
    assert "A Axe attacks a Victim in close combat." in text
    assert "a Victim: rolled 6+5 + attack 9 = 20 vs defense 16, hit." in text
    assert "a Victim takes 2 clicks (attack)" in text
    assert "a Victim is eliminated." in text
    assert "Rich scores 20 victory points (eliminated)." in text
    assert "Game over in round 1 (agreement): Rich 60 VP" in text
    assert "Ian 20 VP" in text and text.rstrip().endswith("Rich wins.")
    assert ": hindering" in lines[3]  # the legend names the terrain shown


def test_the_map_puts_figures_and_terrain_in_their_cells(log: Path) -> None:
    first, *_, last = _maps(list(narrate(read_log(log))))
    assert len(first) == MAP_HEIGHT and {len(row) for row in first} == {MAP_WIDTH}
    # North is the top line: Lookout at (35.4, 35.4) top right, Scout at (0.6, 0.6) bottom
    # left; Axe at (10, 10) and Victim at (11, 10) in row (36 - 10) / 2 = 13.
    assert first[0][-1] == "b" and first[-1][0] == "B"
    assert first[13][10] == "A" and first[13][11] == "a"
    # The wood covers 20-26" across and 20-24" up: columns 20-25, rows 6 and 7.
    for row in (6, 7):
        assert first[row][20:26] == "::::::"
        assert first[row][19] == "." and first[row][26] == "."
    assert ":" not in first[5] + first[8]
    assert last[13][11] == "."  # eliminated
    assert "a Victim (eliminated)" in "\n".join(narrate(read_log(log)))


def test_maps_can_be_left_out(log: Path) -> None:
    data = read_log(log)
    assert _maps(list(narrate(data, maps="none"))) == []
    with pytest.raises(BattleError, match="--maps must be one of round, turn, none"):
        list(narrate(data, maps="often"))


def test_bad_logs_are_refused(log: Path, tmp_path: Path) -> None:
    data = json.loads(log.read_text())
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([1, 2]))
    with pytest.raises(BattleError, match="not an armybuilder game log"):
        read_log(bad)
    bad.write_text(json.dumps({**data, "version": 1}))
    with pytest.raises(BattleError, match="does not replay: log version 1"):
        read_log(bad)
    data["entries"][1]["events"][-1]["total"] = 3
    bad.write_text(json.dumps(data))
    with pytest.raises(BattleError, match="does not replay: entry 1"):
        read_log(bad)
    del data["start"]["players"]
    bad.write_text(json.dumps(data))
    with pytest.raises(BattleError, match="is damaged: KeyError"):
        read_log(bad)
    with pytest.raises(BattleError, match=r"missing\.json: no such file$"):
        read_log(tmp_path / "missing.json")


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_a_log_holding_nan_is_no_game(log: Path, tmp_path: Path, constant: str) -> None:
    """Python reads NaN as a number, but no game writes one: a log holding it (in a field
    the replay never compares, or anywhere) is refused, not told as a game."""
    text = log.read_text()
    bad = tmp_path / "nan.json"
    bad.write_text(text[:-1] + f', "seconds": {constant}}}')
    with pytest.raises(BattleError, match=f"not a game log \\({constant} is no number"):
        read_log(bad)


def test_ability_events_are_told_in_words(tmp_path: Path) -> None:
    # Special Abilities Card, Command: a 6 at the start of the turn gives one more action.
    commander = FigureCard(key="test:captain", name="Captain", points=20,
                           factions=("Orc Raiders",),
                           clicks=(ClickStats(7, 9, 16, 2, ("Command",)),) * 3)
    game = Game.from_scenario(Scenario(
        players=(ScenarioPlayer("Rich", "south"), ScenarioPlayer("Ian", "north")),
        warriors=(WarriorSpec(commander, 0, (10.0, 10.0), 0.0),
                  WarriorSpec(_card("Lookout", 4), 1, (30.0, 30.0), 0.0)),
        dice=(6, 6, 6, 6)))
    apply(game, EndByAgreement())
    text = "\n".join(narrate(json.loads(game.log_json()), maps="none"))
    assert "Captain rolls" in text and "for Command: one more action this turn." in text
    assert "(command:" not in text  # never the raw event


def test_a_chariot_is_told_section_by_section(tmp_path: Path) -> None:
    """Chariot rules: the replay shows the chariot's facing, its sections' dials, its
    passenger and which section every attack struck."""
    from chariot_cards import chariot

    from armybuilder.engine import ChariotMove, RangedAttack
    cart = chariot("War Cart")
    archer = FigureCard(key="test:archer", name="Archer", points=20, range=8,
                        clicks=tuple(ClickStats(6, 10, 15, 3) for _ in range(4)),
                        factions=("Orc Raiders",))
    game = Game.from_scenario(Scenario(
        players=(ScenarioPlayer("Rich", "south", 200), ScenarioPlayer("Ian", "north")),
        warriors=(WarriorSpec(cart, 0, (10.0, 10.0), 0.0),
                  WarriorSpec(_card("Rider", 4), 0, None, riding=0),
                  WarriorSpec(archer, 1, (10.0, 16.0), -math.pi / 2)),
        dice=(6, 5, 1)))
    apply(game, ChariotMove(0, ("front", "left"), math.pi / 2, 0.0))  # faces north
    apply(game, RangedAttack(2, (0,)))
    apply(game, EndByAgreement())
    path = tmp_path / "chariot.json"
    path.write_text(game.log_json())
    lines = list(narrate(read_log(path)))
    text = " ".join(" ".join(lines).split())
    assert "A War Cart (facing east: front 1/7, left 1/7, right 1/7, rear 1/7; passenger " \
           "B Rider)" in text
    assert "B Rider (riding in A, click 1/4)" in text
    assert "A War Cart is given 2 move actions (front, left)" in text
    assert "A War Cart spins to face north." in text
    # The archer to the north now faces the chariot's front.
    assert "A War Cart (front section): rolled 6+5 + attack 10 = 21 vs defense 16, hit." in text
    assert "A War Cart takes 3 clicks on its front section (attack), now front 4/7" in text
    maps = _maps(lines)
    # Its arrow points north: the cell above the chariot's (row 13, column 10).
    assert maps[-1][12][10] == "^"


def test_roll_lines_name_the_modifiers(tmp_path: Path) -> None:
    # Rulebook III, Close Combat: +1 against the rear arc; Capturing: +2 to the defense;
    # Rulebook V, Height Advantage: +1 to the defense of a target above the attacker.
    hill = TerrainFeature("elevated", ((10.5, 9.0), (13.0, 9.0), (13.0, 11.0), (10.5, 11.0)),
                          name="hill")
    game = Game.from_scenario(Scenario(
        players=(ScenarioPlayer("Rich", "south"), ScenarioPlayer("Ian", "north")),
        warriors=(WarriorSpec(_card("Axe", 4), 0, (10.0, 10.0), 0.0),
                  WarriorSpec(_card("Victim", 4), 1, (11.0, 10.0), 0.0)),
        terrain=(hill,), dice=(3, 4)))
    apply(game, CloseAttack(warrior=0, target=1, capture=True))
    lines = [line.strip() for line in narrate(json.loads(game.log_json()), maps="none")]
    assert ("a Victim: rolled 3+4 + attack 9 (+1 rear arc) = 17 vs defense 19 "
            "(+2 capture attempt, +1 height advantage), miss.") in lines


def test_a_log_without_named_modifiers_tells_the_total(log: Path) -> None:
    # Logs written before the roll lines named their modifiers still read.
    data = read_log(log)
    for entry in data["entries"]:
        for ev in entry.get("events", []):
            ev.pop("attack", None)
    text = "\n".join(narrate(data))
    assert "a Victim: rolled 6+5, 20 vs defense 16, hit." in text
