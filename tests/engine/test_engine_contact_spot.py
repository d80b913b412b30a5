"""places.contact_spot fits double bases with its own copy of the gap arithmetic; the places
it finds must be the very floats the plain geometry calls give (the AI's moves, and so
every game's log, are built from them)."""

from __future__ import annotations

import math
import random

from engine_helpers import card, scenario, w

from armybuilder.engine import geometry as g
from armybuilder.engine import places
from armybuilder.engine.geometry import Point
from armybuilder.engine.state import Warrior

FOOT = card("Footman", 20, speed=8, clicks=5)
HORSE = card("Rider", 30, speed=10, base="cavalry", base_radius=0.875, clicks=5)


def _reference(w: Warrior, o: Warrior, angle: float, gap: float = places.CONTACT_GAP
               ) -> tuple[Point, float]:
    """contact_spot's Newton steps written with g.discs_gap and Warrior.discs_at."""
    ux, uy = math.cos(angle), math.sin(angle)
    facing = g.normalize_angle(angle + math.pi)
    s = w.half_length + o.half_length + gap
    end = (o.x + s * ux, o.y + s * uy)
    for _ in range(8):
        d = g.discs_gap(w.discs_at(end, facing), o.discs)
        if abs(d - gap) < 1e-7:
            break
        s -= d - gap
        end = (o.x + s * ux, o.y + s * uy)
    return end, facing


def test_contact_spot_matches_the_geometry_exactly() -> None:
    game = scenario(w(FOOT, 0, 10.0, 10.0), w(HORSE, 0, 20.0, 10.0, 0.7),
                    w(FOOT, 1, 10.0, 20.0), w(HORSE, 1, 20.0, 20.0, -2.1))
    rng = random.Random(5)
    pairs = [(a, b) for a in game.warriors for b in game.warriors
             if a is not b and not (a.round and b.round)]
    assert pairs
    for _ in range(200):
        a, b = rng.choice(pairs)
        angle = rng.uniform(-math.pi, math.pi)
        gap = rng.choice((places.CONTACT_GAP, 0.0, 0.3))
        assert places.contact_spot(a, b, angle, gap) == _reference(a, b, angle, gap)
