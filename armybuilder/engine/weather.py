"""World Conquest, Weather: weather that covers the whole battlefield.

A World Conquest battle is fought under the weather of its territory. Two effects change
the battlefield itself, and the engine plays them here:

- Fog: "Treat the entire game board as if it were hindering terrain, except for elevated
  terrain. Note: the Stealth special ability does not directly apply to Fog."
- Flooding: "Treat the entire game board as if it were shallow water terrain, except for
  elevated terrain."

Everything else the weather does changes the figures' own values (range, speed, Fog's
+1 defense for Stealth), which the campaign writes on the cards it hands to the engine.
A battle without weather (``State.weather`` empty) never reaches the rules below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.engine.geometry import Point
from armybuilder.engine.terrain import WATER

if TYPE_CHECKING:
    from armybuilder.engine.state import State

FOG = "fog"
FLOODING = "flooding"
KINDS: tuple[str, ...] = (FOG, FLOODING)


def check(names: tuple[str, ...]) -> tuple[str, ...]:
    """``names`` in a fixed order, each once; ValueError for one the engine cannot play."""
    unknown = [n for n in names if n not in KINDS]
    if unknown:
        raise ValueError(f"weather: {', '.join(map(repr, unknown))} is not one of "
                         f"{', '.join(KINDS)}")
    return tuple(k for k in KINDS if k in names)


def _off_elevated(state: State, pos: Point) -> bool:
    # A base stands wholly on or wholly off elevated terrain (Rulebook V), so its centre
    # says which.
    return not state.terrain.elevated or state.terrain.elevation(pos) is None


def hinders_movement(state: State, pos: Point, ignore: frozenset[str]) -> bool:
    """Does the weather halve the speed of a figure starting a move at ``pos``? (Rulebook
    V, Hindering Terrain and Shallow Water: a base starting in it moves at half speed.)
    ``ignore``: the terrain kinds the figure treats as clear (Aquatic: water)."""
    # World Conquest, Weather: Fog is hindering terrain and Flooding shallow water,
    # everywhere but on elevated terrain.
    weather = state.weather
    if FOG not in weather and not (FLOODING in weather and not ignore >= WATER):
        return False
    return _off_elevated(state, pos)


def hinders_fire(state: State, firer_high: int | None, target_high: int | None) -> bool:
    """Does Fog give a line of fire the hindering terrain modifier?"""
    # World Conquest, Weather: Fog is hindering terrain everywhere off elevated terrain. A
    # line of fire between two elevated figures is affected only by elevated hindering
    # terrain; otherwise the one off elevated terrain stands in the fog (Rulebook V,
    # Elevated Terrain). The Stealth special ability does not apply to Fog: the modifier
    # is added after the abilities' line-of-fire rules have looked.
    return FOG in state.weather and (firer_high is None or target_high is None)


def in_water(state: State, pos: Point) -> bool:
    """Does Flooding put a centre dot at ``pos`` in water terrain? (FAQ, Aquatic)"""
    # World Conquest, Weather: Flooding is shallow water everywhere off elevated terrain.
    return FLOODING in state.weather and _off_elevated(state, pos)
