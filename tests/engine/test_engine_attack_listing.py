"""The attack listing's shortcuts list what the full checks allow.

A listed close combat target's capture attempt is checked with the capture rules alone
(``close.capture_violation``), and the abilities an action may name are kept per ability
list and registry generation (``legal._modes``). Each is compared here with the work done
afresh.
"""

from __future__ import annotations

import math
import random

from engine_helpers import card, scenario, w

from armybuilder.engine import legal, places
from armybuilder.engine.abilities import REGISTRY
from armybuilder.engine.actions import CloseAttack
from armybuilder.engine.state import NOBODY

FOOT = card("Footman", 20, speed=8, clicks=5)
HORSE = card("Rider", 30, speed=10, base="cavalry", base_radius=0.875, clicks=5)
MASTER = card("Blade Master", 40, speed=8, clicks=4, abilities={0: ("Weapon Master",)})
GUARD = card("Guard", 25, speed=6, clicks=4)


def test_listed_capture_attempts_are_those_the_rules_allow() -> None:
    game = scenario(
        w(FOOT, 0, 10.0, 10.0), w(HORSE, 0, 11.4, 10.0), w(MASTER, 0, 10.0, 11.01),
        w(GUARD, 0, 8.99, 10.0), w(FOOT, 1, 12.0, 11.0, math.pi),
        w(HORSE, 1, 8.0, 12.5, -math.pi / 2), w(MASTER, 1, 11.0, 8.9, math.pi / 2),
        w(FOOT, 1, 10.0, 12.02, captive_of=2), build=200)
    rng = random.Random(3)
    listed = 0
    for _ in range(150):
        x = rng.choice(game.warriors)
        change = rng.choice(("step", "touch", "facing", "controller"))
        if change == "step":
            x.x += rng.choice((-0.2, -0.05, 0.05, 0.2))
        elif change == "touch":
            o = rng.choice([o for o in game.warriors if o is not x])
            (x.x, x.y), x.facing = places.contact_spot(x, o, rng.uniform(-math.pi, math.pi))
        elif change == "facing":
            x.facing = rng.uniform(-math.pi, math.pi)
        else:
            x.controller = NOBODY if x.controller != NOBODY else rng.randrange(len(game.warriors))
        game.current = rng.randrange(2)
        game.turn += 1  # no warrior has acted this turn
        for a in game.warriors:
            got = {(c.target, c.ability) for c in legal.generate(game, a.id, {"close"})
                   if isinstance(c, CloseAttack) and c.capture and not c.formation}
            want = {(t.id, mode) for t in game.warriors for mode in (None, "Weapon Master")
                    if legal.is_legal(game, CloseAttack(a.id, t.id, capture=True, ability=mode))}
            assert got == want, (a, got, want)
            listed += len(want)
    assert listed > 0


def test_the_abilities_an_action_may_name_follow_the_rules_registered() -> None:
    name = "Test Listing Ability"
    x = scenario(w(card("Tester", 20, abilities={0: (name,)}), 0, 10.0, 10.0)).warriors[0]

    def hook(state: object, warrior: object, plan: object) -> None:
        return None

    assert legal._modes(x, "close") == ()  # not registered: no rules, names no action
    REGISTRY.register(name, "a test", action="close", attack_plan=hook)
    try:
        assert legal._modes(x, "close") == (name,)
        REGISTRY.register(name, "a test", action="ranged", attack_plan=hook)
        assert legal._modes(x, "close") == ()
        assert legal._modes(x, "ranged") == (name,)
    finally:
        REGISTRY.unregister(name)
    assert legal._modes(x, "ranged") == ()
