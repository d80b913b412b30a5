"""Terrain piles for test battles.

Rulebook VII, The Standard Game 4 and 5: each player contributes two identical terrain
items to the terrain pile, and no elevated terrain is used. Rulebook II lets each player
bring zero, one or two items; "none" brings nothing.

"standard" gives each player a wood (hindering terrain, Rulebook V: "brush, light woods")
and a ruin (blocking terrain: "high walls and buildings"): two identical items each, as
table-top sizes go: a 6" x 4" wood and a 3" x 3" ruin.
"""

from __future__ import annotations

from armybuilder.engine import TerrainFeature, TerrainItem


def _rect(w: float, h: float) -> tuple[tuple[float, float], ...]:
    """A rectangle centred on the item's origin."""
    return ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))


WOOD = TerrainItem("wood", (TerrainFeature("hindering", _rect(6.0, 4.0), name="wood"),))
RUIN = TerrainItem("ruin", (TerrainFeature("blocking", _rect(3.0, 3.0), name="ruin"),))

#: Preset name -> what each player brings. Rulebook VII: the items are identical for
#: every player, so the seat does not change them.
PRESETS: dict[str, tuple[TerrainItem, ...]] = {
    "none": (),
    "standard": (WOOD, RUIN),
    "woods": (WOOD, WOOD),
    "ruins": (RUIN, RUIN),
}


def terrain_for(preset: str, player_index: int) -> tuple[TerrainItem, ...]:
    """The terrain items player ``player_index`` contributes to the pile."""
    if preset not in PRESETS:
        raise ValueError(f"unknown terrain preset {preset!r}; use one of: "
                         f"{', '.join(PRESETS)}")
    if player_index < 0:
        raise ValueError(f"player index must be 0 or more, got {player_index}")
    return PRESETS[preset]
