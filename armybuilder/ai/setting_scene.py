"""The heuristic player's choices while setting the scene (Rulebook II): where its terrain
goes and where its warriors stand.

Terrain goes to the flanks of the middle of the battlefield, where the armies will meet:
woods there give cover to whoever fights from them, a ruin there cuts the enemy's lines of
fire across the flank (Rulebook V); the lane straight ahead of its own starting area stays
open, so its own army is not slowed by its own woods or pinned by its own ruins.

The army deploys in the clearest lane towards the enemy, in groups of 3 to 5 warriors of a
shared faction standing in base contact (Rulebook IV: such a group may use movement
formations), fighters in front of shooters, groups in the middle and the fastest single
warriors on the flanks.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator

from armybuilder.ai import sieges
from armybuilder.engine import (
    Deploy,
    Dice,
    Game,
    PlaceTerrain,
    State,
    Warrior,
    deploy_spots,
    deploy_violation,
    face_centre,
    is_mage_spawn,
    legal_actions,
    placed_features,
    room_for,
)
from armybuilder.engine import geometry as g

#: How far in from its own edge (inches) a player puts woods (Rulebook V, Hindering
#: Terrain: cover where the fighting will be) and ruins (Blocking Terrain: a screen).
COVER_DEPTH = 15.0
BLOCK_DEPTH = 12.0
#: How far to either side of the middle the terrain goes, leaving the middle lane open.
FLANK = (6.0, 10.0)
GRID = 2.0
#: Half the width of the lane an army advances along, and how far ahead it is kept clear.
LANE_HALF = 3.5
LANE_REACH = 14.0
#: How far apart (inches, along the edge) groups and single warriors are set.
SLOT = 4.5
#: A gap left between bases set in contact (within the rules' contact allowance).
GAP = 0.001
#: Rulebook IV: a movement formation has 3, 4 or 5 warriors.
GROUP_SIZES = (3, 4, 5)


def _axes(state: State, player: int) -> tuple[tuple[float, float], tuple[float, float],
                                              tuple[float, float]]:
    """(the middle of the player's edge, forward, along the edge) as unit vectors."""
    t = state.table
    mid = t / 2
    return {"south": ((mid, 0.0), (0.0, 1.0), (1.0, 0.0)),
            "north": ((mid, t), (0.0, -1.0), (-1.0, 0.0)),
            "west": ((0.0, mid), (1.0, 0.0), (0.0, -1.0)),
            "east": ((t, mid), (-1.0, 0.0), (0.0, 1.0))}.get(
        state.players[player].edge, ((mid, 0.0), (0.0, 1.0), (1.0, 0.0)))


def _point(state: State, player: int, depth: float, lateral: float) -> tuple[float, float]:
    (ox, oy), (fx, fy), (lx, ly) = _axes(state, player)
    return (ox + depth * fx + lateral * lx, oy + depth * fy + lateral * ly)


def place_terrain(game: Game, rng: Dice) -> PlaceTerrain:
    me = game.deploying
    items = [(i, item) for i, item in enumerate(game.terrain_pile) if item is not None]
    # Blocking terrain first: it matters more where it stands.
    i, item = min(items, key=lambda it: (
        not any(f.kind == "blocking" for f in it[1].features), it[0]))
    kinds = {f.kind for f in item.features}
    depth = COVER_DEPTH if "blocking" not in kinds else BLOCK_DEPTH
    side = _open_side(game, me) or rng.choice((-1.0, 1.0))
    tx, ty = _point(game, me, depth + rng.uniform(-1.5, 1.5), side * rng.uniform(*FLANK))
    n = int(game.table // GRID)
    spots = [(abs(x * GRID - tx) + abs(y * GRID - ty), x * GRID, y * GRID)
             for x in range(n + 1) for y in range(n + 1)]
    spots.sort()
    rotation = rng.choice((0.0, math.pi / 2))
    for _, x, y in spots:
        for rot in (rotation, math.pi / 2 - rotation):
            action = PlaceTerrain(i, (x, y), rot)
            if game.is_legal(action) and not _blocks_lane(game, me, action):
                return action
    for placing in legal_actions(game):  # anywhere at all
        if isinstance(placing, PlaceTerrain):
            return placing
    raise RuntimeError(f"no place for terrain item {i}")


def _open_side(state: State, player: int) -> float | None:
    """The flank (-1 or +1 along the edge) with less terrain on it already, if either."""
    (ox, oy), _, (lx, ly) = _axes(state, player)
    weight = 0.0
    for f in state.terrain.features:
        xs = [p[0] for p in f.polygon]
        ys = [p[1] for p in f.polygon]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        weight += (cx - ox) * lx + (cy - oy) * ly
    if abs(weight) < 1.0:
        return None
    return -1.0 if weight > 0 else 1.0


def _lane(state: State, player: int, lateral: float) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) an army advancing straight ahead from ``lateral`` crosses."""
    a = _point(state, player, 0.0, lateral - LANE_HALF)
    b = _point(state, player, LANE_REACH, lateral + LANE_HALF)
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))


def _overlaps(box: tuple[float, float, float, float], poly: g.Polygon) -> bool:
    x0, y0, x1, y1 = g.polygon_box(poly)
    return x0 < box[2] and box[0] < x1 and y0 < box[3] and box[1] < y1


def _blocks_lane(state: State, player: int, action: PlaceTerrain) -> bool:
    """Would the item stand in the lane straight ahead of the middle of our own edge?"""
    box = _lane(state, player, 0.0)
    return any(_overlaps(box, f.polygon) for f in placed_features(state, action))


def _lane_cost(state: State, player: int, lateral: float) -> float:
    box = _lane(state, player, lateral)
    cost = 0.0
    for f in state.terrain.features:
        if _overlaps(box, f.polygon):
            cost += 2.0 if f.kind in ("blocking", "deep_water") else 1.0
    return cost


# --- deployment -------------------------------------------------------------------------


def _factions(w: Warrior) -> tuple[str, ...]:
    # Rulebook IV, Restrictions: Mage Spawn never use formations; nor does a figure its
    # kind keeps out of them (Chariot rules, General Rules: a chariot).
    return () if is_mage_spawn(w.card) or w.kind.no_formation is not None \
        else w.card.factions


def _split(n: int) -> list[int]:
    """Sizes of movement-formation groups for ``n`` warriors of one faction (3 to 5 each)."""
    if n < 3:
        return []
    parts = math.ceil(n / 5)
    while parts > 1 and n // parts < 3:
        parts -= 1
    base, extra = divmod(n, parts)
    return [min(5, base + (1 if k < extra else 0)) for k in range(parts)]


def army_plan(warriors: list[Warrior]) -> list[list[Warrior]]:
    """The army split into groups that share a faction (3 to 5 warriors each) and single
    warriors (lists of one), groups first."""
    left = sorted(warriors, key=lambda w: w.id)
    groups: list[list[Warrior]] = []
    while True:
        counts = Counter(f for w in left for f in _factions(w))
        if not counts or max(counts.values()) < 3:
            break
        faction = max(sorted(counts), key=lambda f: counts[f])
        members = [w for w in left if faction in _factions(w)]
        # Fighters first, so that each group's front is made of them.
        members.sort(key=lambda w: (w.card.range > 0, -w.card.points, w.id))
        at = 0
        for size in _split(len(members)):
            groups.append(members[at:at + size])
            at += size
        taken = {w.id for grp in groups for w in grp}
        left = [w for w in left if w.id not in taken]
    singles = [[w] for w in left]
    return groups + singles


class Deployment:
    """Where each warrior of one army is meant to stand: a lateral slot per group."""

    def __init__(self, state: State, player: int) -> None:
        mine = [w for w in state.warriors if w.owner == player and not w.deployed]
        self.player = player
        self.units = army_plan(mine)
        x0, y0, x1, y1 = state.players[player].area
        half = (abs(x1 - x0) if _axes(state, player)[2][0] else abs(y1 - y0)) / 2
        width = half - 1.0
        centre = min((k * 1.0 for k in range(-int(width), int(width) + 1)),
                     key=lambda lat: (_lane_cost(state, player, lat), abs(lat)))
        groups = [u for u in self.units if len(u) > 1]
        singles = [u for u in self.units if len(u) == 1]
        # Groups in the middle; single warriors outside them, the fastest outermost.
        singles.sort(key=lambda u: (u[0].card.clicks[0].speed, u[0].id))
        slots: list[float] = []
        for k in range(len(groups) + len(singles)):
            step = (k + 1) // 2 * (1 if k % 2 else -1)
            slots.append(step * SLOT)
        order = groups + singles
        self.slot: dict[int, float] = {}
        self.unit: dict[int, list[Warrior]] = {}
        for unit, lat in zip(order, slots, strict=True):
            lateral = max(-width, min(width, centre + lat))
            for w in unit:
                self.slot[w.id] = lateral
                self.unit[w.id] = unit
        self.order = [w for unit in order for w in unit]


def deploy(game: Game, plan: Deployment | None = None) -> Deploy:
    me = game.deploying
    waiting = [w for w in game.warriors if w.owner == me and not w.deployed]
    if plan is None or plan.player != me:
        plan = Deployment(game, me)
    ordered = [w for w in plan.order if not w.deployed]
    w = ordered[0] if ordered else waiting[0]
    lateral = plan.slot.get(w.id, 0.0)
    mates = [m for m in plan.unit.get(w.id, []) if m.deployed and m.on_table]
    if game.sections:
        # Castle rules, Playing Area and Set-Up: the castle's shooters begin on its tops.
        for at in sieges.deploy_spots(game, w):
            facing = face_centre(game, at)
            if deploy_violation(game, w, at, facing) is None:
                return Deploy(w.id, at, facing)
    for at in _spots(game, w, lateral, mates):
        if game.sections and not sieges.deploy_here(game, w, at):
            continue
        facing = face_centre(game, at)
        if deploy_violation(game, w, at, facing) is None:
            return Deploy(w.id, at, facing)
    spot = room_for(game, w)
    if spot is None:
        return Deploy(w.id, None)
    return Deploy(w.id, spot, face_centre(game, spot))


def _spots(game: State, w: Warrior, lateral: float, mates: list[Warrior]
           ) -> Iterator[tuple[float, float]]:
    """Places for ``w``, best first: in base contact with a group mate already placed
    (fighters in front, shooters behind), else the starting area's spots nearest its slot,
    at the front for a fighter and at the back for a shooter. Lazily: the first place
    next to a mate usually serves, and then the area's grid is never sorted."""
    me = w.owner
    (ox, oy), (fx, fy), (lx, ly) = _axes(game, me)
    sign = 1.0 if w.card.range <= 0 else -1.0
    out: list[tuple[float, tuple[float, float]]] = []
    for m in mates:
        reach = w.half_length + m.half_length + GAP
        for k in range(12):
            a = k * math.pi / 6
            at = (m.x + reach * math.cos(a), m.y + reach * math.sin(a))
            if not g.discs_touch(w.discs_at(at, face_centre(game, at)), m.discs):
                continue
            forward = (at[0] - ox) * fx + (at[1] - oy) * fy
            side = (at[0] - ox) * lx + (at[1] - oy) * ly
            out.append((abs(side - lateral) - sign * 0.8 * forward, at))
    out.sort()
    for _, at in out:
        yield at
    # Nearest the slot first, then the front (a fighter) or the back (a shooter); ties in
    # the grid's order.
    grid = sorted((round(abs((x - ox) * lx + (y - oy) * ly - lateral)),
                   -sign * ((x - ox) * fx + (y - oy) * fy), k, (x, y))
                  for k, (x, y) in enumerate(deploy_spots(game, w, w.shape.width + 0.01)))
    for *_, at in grid:
        yield at
