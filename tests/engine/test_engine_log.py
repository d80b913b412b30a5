"""The seeded dice, the JSON event log and replays; the engine's import contract."""

from __future__ import annotations

import ast
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from engine_helpers import NORTH, SOUTH, card, play_randomly, scenario, w

from armybuilder.engine import (
    CloseAttack,
    Deploy,
    EndByAgreement,
    FormationPlan,
    FreeSpin,
    Game,
    GameSetup,
    IllegalAction,
    Move,
    MoveFormation,
    Pass,
    PlaceTerrain,
    PlayerSetup,
    RangedAttack,
    ReplayMismatch,
    Withdraw,
    action_from_json,
    action_to_json,
    apply,
    replay,
)
from armybuilder.engine.dice import Dice, DiceExhausted

ENGINE = Path(__file__).resolve().parents[2] / "armybuilder" / "engine"


def skirmish(seed: int) -> Game:
    a = card("Archer", 20, attack=8, defense=14, range=8, targets=2)
    b = card("Brute", 30, speed=6, attack=10, defense=16, arc=180)
    specs = []
    for i in range(4):
        specs.append(w(a if i % 2 else b, 0, 14 + 1.2 * i, 14, NORTH))
        specs.append(w(b if i % 2 else a, 1, 14 + 1.2 * i, 19, SOUTH))
    return scenario(*specs, build=200, seed=seed, round_limit=12)


def test_the_dice_are_seeded_and_the_same_on_every_run() -> None:
    assert Dice(seed=42).roll(10) == Dice(seed=42).roll(10)
    assert Dice(seed=42).roll(10) != Dice(seed=43).roll(10)
    rolls = Dice(seed=7).roll(6000)
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert all(800 < rolls.count(face) < 1200 for face in range(1, 7))
    with pytest.raises(DiceExhausted):
        Dice(script=[3]).roll(2)


def test_a_played_game_replays_byte_for_byte() -> None:
    game = skirmish(seed=5)
    play_randomly(game, random.Random(5), 400)
    text = game.log_json()
    again = replay(text)
    assert again.log_json() == text
    assert again.snapshot() == game.snapshot()


def test_the_same_seed_and_choices_give_the_same_log() -> None:
    logs = set()
    for _ in range(2):
        game = skirmish(seed=9)
        play_randomly(game, random.Random(1), 150)
        logs.add(game.log_json())
    assert len(logs) == 1


def test_every_die_is_an_event() -> None:
    game = skirmish(seed=3)
    play_randomly(game, random.Random(3), 300)
    dice = sum(len(ev["dice"]) for e in game.entries for ev in e["events"] if ev["e"] == "roll")
    assert dice == game.dice.used > 0


def test_a_tampered_log_is_refused() -> None:
    game = skirmish(seed=5)
    play_randomly(game, random.Random(5), 60)
    data = json.loads(game.log_json())
    for entry in data["entries"]:
        for ev in entry["events"]:
            if ev["e"] == "roll":
                ev["dice"] = [7 - d for d in ev["dice"]]
    with pytest.raises(ReplayMismatch):
        replay(data)


def test_a_full_setting_of_the_scene_replays_too() -> None:
    army = (card("Grunt", 20), card("Brute", 30))
    setup = GameSetup(players=(PlayerSetup("A", army, 100, "south"),
                               PlayerSetup("B", army, 100, "north")), seed=11, round_limit=3)
    game = Game.new(setup)
    play_randomly(game, random.Random(2), 200)
    assert game.over
    assert replay(game.log_json()).log_json() == game.log_json()


@pytest.mark.parametrize("action", [
    Move(1, ((1.0, 2.0), (3.5, 4.25)), 0.5, stuck_facing=-1.0, captive_at=(2.0, 2.0),
         captive_facing=3.0),
    Move(2),
    RangedAttack(1, (4, 5), formation=(2, 3)),
    CloseAttack(1, 4, capture=True, formation=(2,)),
    Pass(3),
    MoveFormation(1, (2, 3)),
    FormationPlan((Move(1, ((1.0, 1.0),), 0.0), Move(2, (), 1.0))),
    FreeSpin(4, None),
    FreeSpin(4, 1.25),
    Withdraw(1),
    EndByAgreement(),
    PlaceTerrain(0, (10.0, 12.0), 1.5),
    Deploy(3, (10.0, 1.0), 1.57),
])
def test_actions_round_trip_through_json(action) -> None:
    data = json.loads(json.dumps(action_to_json(action)))
    assert action_from_json(data) == action


def test_an_illegal_action_changes_nothing_and_is_not_logged() -> None:
    game = skirmish(seed=1)
    before = (game.snapshot(), len(game.entries), game.dice.used)
    for bad in (Move(0, ((14, 30),)), "move", Pass(99), RangedAttack(0, ())):
        with pytest.raises(IllegalAction, match="Rulebook"):
            apply(game, bad)  # type: ignore[arg-type]
    assert (game.snapshot(), len(game.entries), game.dice.used) == before


def test_the_engine_imports_no_database_ui_or_pandas_code() -> None:
    code = ("import sys, armybuilder.engine, armybuilder.engine.adapter; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "('sqlmodel', 'sqlalchemy', 'textual', 'pandas', 'openpyxl', 'numpy')); "
            "print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


def test_engine_modules_import_only_the_stdlib_the_engine_and_records() -> None:
    allowed_local = {"armybuilder.engine", "armybuilder.figures",
}
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top == "armybuilder":
                    assert any(name == a or name.startswith(a + ".") for a in allowed_local), \
                        f"{path.name} imports {name}"
                    if name.startswith("armybuilder.figures"):
                        assert path.name == "adapter.py", f"{path.name} imports {name}"
                else:
                    assert top in sys.stdlib_module_names or top == "__future__", \
                        f"{path.name} imports {name}"


def test_a_log_with_an_impossible_action_names_the_entry() -> None:
    game = skirmish(seed=5)
    apply(game, Pass(0))
    data = json.loads(game.log_json())
    data["entries"][1]["action"] = {"type": "pass", "warrior": 1}  # player 1's warrior
    with pytest.raises(ReplayMismatch, match="entry 1: the recorded action is illegal"):
        replay(data)
