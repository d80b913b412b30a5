"""The heuristic player's choices while setting the scene (Rulebook II): where its terrain
goes and where its warriors stand."""

from __future__ import annotations

import math
import random

from armybuilder.engine import setup
from armybuilder.engine.actions import Deploy, PlaceTerrain
from armybuilder.engine.game import Game, legal_actions
from armybuilder.engine.state import State, Warrior

#: Hindering terrain a few inches in front of your own starting area gives your shooters
#: cover (Rulebook V, Hindering Terrain); blocking terrain nearer the middle cuts the
#: enemy's lines of fire into it (Rulebook V, Blocking Terrain).
COVER_DEPTH = 7.0
BLOCK_DEPTH = 12.0
GRID = 2.0


def _inward(state: State, player: int, depth: float) -> tuple[float, float]:
    """A point ``depth`` inches in from the middle of the player's edge."""
    t = state.table
    edge = state.players[player].edge
    mid = t / 2
    return {"south": (mid, depth), "north": (mid, t - depth),
            "west": (depth, mid), "east": (t - depth, mid)}.get(edge, (mid, mid))


def place_terrain(game: Game, rng: random.Random) -> PlaceTerrain:
    me = game.deploying
    items = [(i, item) for i, item in enumerate(game.terrain_pile) if item is not None]
    # Our own items first, blocking before hindering is an arbitrary but fixed order.
    i, item = items[0]
    kinds = {f.kind for f in item.features}
    depth = COVER_DEPTH if "hindering" in kinds and "blocking" not in kinds else BLOCK_DEPTH
    tx, ty = _inward(game, me, depth)
    tx += rng.uniform(-8.0, 8.0)
    ty += rng.uniform(-1.5, 1.5)
    n = int(game.table // GRID)
    spots = [(abs(x * GRID - tx) + abs(y * GRID - ty), x * GRID, y * GRID)
             for x in range(n + 1) for y in range(n + 1)]
    spots.sort()
    rotation = rng.choice((0.0, math.pi / 2))
    for _, x, y in spots:
        for rot in (rotation, math.pi / 2 - rotation):
            action = PlaceTerrain(i, (x, y), rot)
            if game.is_legal(action):
                return action
    for action in legal_actions(game):  # anywhere at all
        return action  # type: ignore[return-value]
    raise RuntimeError(f"no place for terrain item {i}")


def deploy(game: Game) -> Deploy:
    me = game.deploying
    waiting = [w for w in game.warriors if w.owner == me and not w.deployed]
    # Shooters first, to the back row; the fighters stand in front of them.
    w = max(waiting, key=lambda w: (w.card.range > 0, w.card.points, -w.id))
    x0, y0, x1, y1 = game.players[me].area
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    centre = game.table / 2
    back = _back_first(game, w, cx, cy, centre)
    for at in back:
        facing = setup.face_centre(game, at)
        if setup.deploy_violation(game, w, at, facing) is None:
            return Deploy(w.id, at, facing)
    spot = setup.room_for(game, w)
    if spot is None:
        return Deploy(w.id, None)
    return Deploy(w.id, spot, setup.face_centre(game, spot))


def _back_first(game: State, w: Warrior, cx: float, cy: float, centre: float
                ) -> list[tuple[float, float]]:
    """The starting area's spots, nearest the middle of the edge first; shooters take the
    back row, fighters the front (towards the middle of the battlefield)."""
    spots = setup.deploy_spots(game, w, 2 * w.disc_r + 0.01)
    along_x = game.players[w.owner].edge in ("south", "north")
    sign = 1.0 if w.card.range > 0 else -1.0

    def key(at: tuple[float, float]) -> tuple[float, float]:
        lateral = abs(at[0] - cx) if along_x else abs(at[1] - cy)
        forward = -math.hypot(at[0] - centre, at[1] - centre)
        return (round(lateral), sign * forward)

    return sorted(spots, key=key)
