"""The heuristic player and World Conquest fortifications (engine/fortifications.py).

- **Setting up**: the holder sets its banner and structure up where the engine's default
  place is (centred at its edge, the back toward it, so that its army walks in from its
  starting area), and puts its shooters on guard ("During the setup for a battle,
  you may place warriors on guard in an outpost, fort or castle"): the warriors with the
  longest range first, as many as the structure takes; there they shoot all round (a
  360-degree front arc) with +1 to +3 defense against the enemy's shooting. Fighters go
  out to fight: a guard adds nothing in close combat.
- **Attacking**: a fortification is worth what its loss costs its holder, spread over its
  clicks as a warrior's points are (:func:`damage_value`): the banner the 20 gold of a new
  one, a structure its price's share for what it gives its guards. A warrior's points are
  worth more, so the attacker shoots and strikes the guards and the army first, and the
  structure when nothing better is in reach (the listing offers the moves that touch it).
- **Fought out** ("battles are to the death", World Conquest, Troop Movements): with a
  fortification on the battlefield no side is ever *ahead* for the approach's pressure
  (positions.ahead): a side leading on victory points does not wait for the round limit,
  which is "a limit only against a stalemate" (campaign house rules).
- **Moving** (:func:`places`, :func:`adjust`, :func:`path_to`; manoeuvres asks them):
  the attacker weighs the places where its front arc touches an opposing structure or
  banner (the engine's approach spots) and what a blow there is worth; the holder
  weighs the places on guard in its structures, reached through an entrance, and what
  the bonus against the enemy's shots is worth there (:func:`guard_bonus`), and the way
  out through an entrance for a guard.
"""

from __future__ import annotations

import itertools
import math

from armybuilder.ai import positions, tactics
from armybuilder.ai.figure_play import FigurePlay, register
from armybuilder.engine import (
    NOBODY,
    Action,
    Deploy,
    Game,
    State,
    Warrior,
    Work,
    deploy_violation,
    face_centre,
    guarding,
    guards_of,
    legal_actions,
    odds,
)
from armybuilder.engine import fortification_approach_spots as approach_spots
from armybuilder.engine import fortification_guard_spots as guard_spots
from armybuilder.engine import fortifications_standing as standing
from armybuilder.engine import geometry as g

#: What the banner's loss is worth, in victory points: the 20 gold of a new one (World
#: Conquest, Upgrading Defenses).
BANNER_WORTH = 20.0
#: A structure's worth: a base and a share for each point of ranged defense it gives its
#: guards (outpost 25, fort 40, castle 55).
STRUCTURE_BASE = 10.0
PER_RANGED_DEFENSE = 15.0
#: tactics.PARTIAL's share for damage short of destroying it.
PARTIAL = 0.6
#: How much of the guards' bonus against the enemy's shots counts (positions.THREAT_SHARE,
#: times the turns it keeps paying).
GUARD_SHARE = 1.0
#: How much of the blow a place touching an opposing fortification lets ``w`` strike
#: next turn counts (positions.Reading's share of its own chance).
STRIKE_SHARE = 0.6
#: How far beyond its range (and a move) an enemy shooter is still counted a threat to a
#: guard.
THREAT_REACH = 2.0
#: What each inch toward an enemy holding a captive of ours is worth (positions.APPROACH).
CAPTOR_PULL = 0.35


def worth(w: Warrior) -> float:
    work = w.work
    assert work is not None
    if work.banner:
        return BANNER_WORTH
    return STRUCTURE_BASE + PER_RANGED_DEFENSE * work.fort.ranged_defense


def damage_value(w: Warrior, clicks: float) -> float:
    """What ``clicks`` of damage on fortification ``w`` are worth to its attacker."""
    left = len(w.card.clicks) - w.click
    if clicks >= left:
        return worth(w)
    return worth(w) * PARTIAL * clicks / left


def dial_reading(w: Warrior, o: Warrior, scared: bool) -> positions.DialReading:
    """What ``w`` makes of fortification ``o`` (ai.positions.Reading): it never strikes
    back; ``w`` strikes it with its front arc on the wall, so it is reached at the wall
    (half the square's side from its centre, and a base); the banner only in close
    combat."""
    work = o.work
    assert work is not None
    gain = 0.0 if scared else damage_value(o, w.stats.damage)
    defense = o.stats.defense
    ours = odds.hit_chance(defense - w.stats.attack) * gain
    hindered = odds.hit_chance(defense + 1 - w.stats.attack) * gain
    return positions.DialReading(work.fort.size / 2 + w.half_length + 0.06, 0.0, 0.0, 0.0, 0.0, 0.0,
                       ours, hindered)


def set_up(game: Game) -> Action:
    """World Conquest, Troop Movements (battle rule 1): the holder's next fortification
    at the first place the engine lists, its default place when that is free."""
    return next(iter(legal_actions(game)))


def guard_deploy(game: Game, player: int) -> Deploy | None:
    """The next warrior ``player`` sets on guard, or None: its undeployed shooters, the
    longest range first (then the most points), in a structure of its with room."""
    if not game.works:
        return None
    mine = [s for s in standing(game) if s.owner == player and s.work is not None
            and not s.work.banner]
    if not mine:
        return None
    shooters = sorted((w for w in game.warriors
                       if w.owner == player and not w.deployed and w.work is None
                       and w.card.range > 0 and w.round),
                      key=lambda w: (-w.card.range, -w.card.points, w.id))
    for s in mine:
        work = s.work
        assert work is not None
        if len(guards_of(game, s)) >= work.fort.guards:
            continue
        for w in shooters:
            for at in guard_spots(game, s, w.half_length):
                facing = face_centre(game, at)
                if deploy_violation(game, w, at, facing) is None:
                    return Deploy(w.id, at, facing)
    return None


# --- fighting it out ----------------------------------------------------------------------


Place = tuple[tuple[float, float], float | None, float]

#: The paths of the moves through an entrance offered by :func:`places`, by (warrior,
#: where it stands, the end) (manoeuvres.attempt asks :func:`path_to`).
_VIA: dict[tuple[int, float, float, tuple[float, float]], tuple[tuple[float, float], ...]] = {}


def _doors(s: Warrior, half_length: float
           ) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """(just outside, just inside) each entrance of structure ``s``, on the line through
    its middle square to the wall, for a base of ``half_length``."""
    work = s.work
    assert work is not None
    cx, cy = work.centre
    out = []
    for p, q in work.openings:
        mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
        d = math.hypot(mx - cx, my - cy)
        if d <= g.EPS:
            continue
        nx, ny = (mx - cx) / d, (my - cy) / d
        gap = half_length + 0.05
        out.append(((round(mx + nx * gap, 9), round(my + ny * gap, 9)),
                    (round(mx - nx * gap, 9), round(my - ny * gap, 9))))
    return out


def _length(points: list[tuple[float, float]]) -> float:
    return sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(points))


def _clear(a: tuple[float, float], b: tuple[float, float], poly: g.Polygon, r: float
           ) -> bool:
    """Does a base of radius ``r`` go straight from ``a`` to ``b`` clear of ``poly``?"""
    n = len(poly)
    for k in range(n):
        p, q = poly[k], poly[(k + 1) % n]
        if g.segments_cross(a, b, p, q) or min(
                g.segment_point_distance(a, b, p), g.segment_point_distance(p, q, a),
                g.segment_point_distance(p, q, b)) < r:
            return False
    return not g.point_in_polygon(a, poly) and not g.point_in_polygon(b, poly)


def _around(work: Work, a: tuple[float, float], b: tuple[float, float], r: float
            ) -> list[tuple[float, float]] | None:
    """The corners (just off the square) a base of radius ``r`` goes round from ``a`` to
    ``b`` outside structure ``work`` (none, one or two of them: the square is convex), the
    shortest way; None when there is none."""
    poly = work.footprint
    cx, cy = work.centre
    off = r + 0.15
    corners = []
    for x, y in poly:
        d = math.hypot(x - cx, y - cy)
        corners.append((round(x + (x - cx) / d * off * math.sqrt(2), 9),
                        round(y + (y - cy) / d * off * math.sqrt(2), 9)))
    routes: list[list[tuple[float, float]]] = [[]]
    n = len(corners)
    for k in range(n):
        routes.append([corners[k]])
        routes.append([corners[k], corners[(k + 1) % n]])
        routes.append([corners[k], corners[(k - 1) % n]])
    best: list[tuple[float, float]] | None = None
    best_length = math.inf
    for route in routes:
        points = [a, *route, b]
        length = _length(points)
        if length < best_length and all(_clear(p, q, poly, r - 1e-6)
                                        for p, q in itertools.pairwise(points)):
            best, best_length = route, length
    return best


#: The directions a guard walking out looks, and the shares of what is left of its move.
OUT_DIRECTIONS = 12
OUT_SHARES = (1.0, 0.5)


def places(state: State, w: Warrior, foes: list[Warrior], limit: float) -> list[Place]:
    """Extra places (end, facing, default facing) for ``w``'s move with fortifications on
    the battlefield: touching an opposing one (front arc on its footprint: the engine's
    approach spots); on guard in one of its side's structures, through an entrance (round
    the walls if need be); out of the structure it guards, through an entrance and on
    every way round. Unchecked: the player checks the best first."""
    out: list[Place] = []
    if w.work is not None or w.captive != NOBODY or w.controller != NOBODY:
        return out
    for end, facing in approach_spots(state, w, limit):
        out.append((end, facing, facing))
    spots = [(o.x, o.y) for o in foes if o.work is None]
    start = (w.x, w.y)
    inside = guarding(state, w)
    r = w.shape.disc_radius
    if len(_VIA) >= 4096:
        _VIA.clear()
    for s in standing(state):
        work = s.work
        assert work is not None
        if work.banner or s.team != w.team:
            continue
        doors = _doors(s, w.half_length)
        if s is inside:
            # Out through an entrance, and on round the walls.
            for outside, within in doors:
                used = _length([start, within, outside])
                if used > limit:
                    continue
                left = limit - used
                for k in range(OUT_DIRECTIONS):
                    a = 2 * math.pi * k / OUT_DIRECTIONS
                    for share in OUT_SHARES:
                        step = left * share
                        end = (round(outside[0] + step * math.cos(a), 9),
                               round(outside[1] + step * math.sin(a), 9))
                        if step < 0.5 or not (0 <= end[0] <= state.table
                                              and 0 <= end[1] <= state.table):
                            continue
                        route = _around(work, outside, end, r)
                        if route is None:
                            continue
                        path = [start, within, outside, *route, end]
                        if _length(path) <= limit:
                            _VIA[(w.id, w.x, w.y, end)] = tuple(path[1:])
                            out.append((end, None, w.facing))
                if used > 0:
                    _VIA[(w.id, w.x, w.y, outside)] = (within, outside)
                    out.append((outside, None, w.facing))
            continue
        if inside is not None or len(guards_of(state, s, w)) >= work.fort.guards:
            continue
        if math.hypot(work.centre[0] - w.x, work.centre[1] - w.y) > limit + work.fort.size:
            continue
        ways = []
        for outside, within in doors:
            route = _around(work, start, outside, r)
            if route is not None:
                ways.append([start, *route, outside, within])
        for spot in guard_spots(state, s, w.half_length):
            best: list[tuple[float, float]] | None = None
            for way in ways:
                path = [*way, spot]
                if _length(path) <= limit and (best is None or _length(path) < _length(best)):
                    best = path
            if best is not None:
                _VIA[(w.id, w.x, w.y, spot)] = tuple(best[1:])
                out.append((spot, None, positions_facing(spots, spot, w.facing)))
    return out


def positions_facing(spots: list[tuple[float, float]], at: tuple[float, float],
                     default: float) -> float:
    return positions.nearest_facing(spots, at, default)


def path_to(w: Warrior, end: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    """The path of ``w``'s move to ``end``: through the entrance :func:`places` offered it
    by, or straight there."""
    return _VIA.get((w.id, w.x, w.y, end), (end,))


def guard_bonus(state: State, w: Warrior, s: Warrior, at: tuple[float, float],
                foes: list[Warrior]) -> float:
    """What standing on guard in structure ``s`` at ``at`` is worth to ``w`` against the
    enemy's shooters within reach (World Conquest, Upgrading Defenses: "+1 defense
    against ranged attacks", +2 in a fort, +3 in a castle): the hits it takes away."""
    work = s.work
    assert work is not None
    bonus = work.fort.ranged_defense
    defense = w.stats.defense
    saved = 0.0
    for o in foes:
        if o.work is not None or o.card.range <= 0 or positions.demoralized(o) \
                or o.controller != NOBODY:
            continue
        if math.hypot(o.x - at[0], o.y - at[1]) > o.card.range + o.stats.speed + THREAT_REACH:
            continue
        hurt = tactics.damage_value(w, o.stats.damage)
        saved += (odds.hit_chance(defense - o.stats.attack)
                  - odds.hit_chance(defense + bonus - o.stats.attack)) * hurt
    return GUARD_SHARE * saved


def place_bonus(state: State, w: Warrior, at: tuple[float, float], foes: list[Warrior]
                ) -> float:
    """What standing at ``at`` adds with fortifications, beyond positions.Reading: on
    guard, :func:`guard_bonus`; touching an opposing fortification from outside, the blow
    ``w`` could strike at it next turn."""
    bonus = 0.0
    if not positions.demoralized(w) and w.captive == NOBODY:
        bonus += captor_bonus(state, w, at, foes)
    for s in standing(state):
        work = s.work
        assert work is not None
        poly = work.footprint
        if s.team == w.team:
            if not work.banner and g.point_in_polygon(at, poly) and \
                    g.boundary_distance(at, poly) >= w.half_length - 0.01:
                bonus += guard_bonus(state, w, s, at, foes)
            continue
        if positions.demoralized(w) or g.point_in_polygon(at, poly) or \
                g.boundary_distance(at, poly) > w.half_length + 0.1:
            continue
        bonus += STRIKE_SHARE * odds.hit_chance(s.stats.defense - w.stats.attack) * \
            damage_value(s, w.stats.damage)
    return bonus


def captor_bonus(state: State, w: Warrior, at: tuple[float, float], foes: list[Warrior]
                 ) -> float:
    """The enemy warriors holding one of our side's figures captive are never shot (it
    touches them: a ranged attack may not target a figure in base contact with a friend)
    and sit at home: they are fought in close combat or never (the battle would run to
    its round limit). At ``at``: the blow ``w`` strikes there in base contact with one,
    else a pull toward the nearest."""
    pull = math.inf
    blow = 0.0
    for o in foes:
        if o.work is not None or o.captive == NOBODY or o.controller != NOBODY \
                or state.warriors[o.captive].team != w.team:
            continue
        d = math.hypot(o.x - at[0], o.y - at[1]) - w.half_length - o.half_length
        if d <= 0.1:
            blow = max(blow, odds.hit_chance(o.stats.defense - w.stats.attack)
                       * tactics.damage_value(o, w.stats.damage))
        pull = min(pull, d)
    if blow > 0:
        return STRIKE_SHARE * blow
    return 0.0 if pull == math.inf else -CAPTOR_PULL * pull


def adjust(state: State, w: Warrior, foes: list[Warrior],
           ends: list[tuple[float, float]], gains: list[float]) -> None:
    """Add :func:`place_bonus` to each place's gain (``ends[0]``: standing still)."""
    if w.work is not None:
        return
    now = place_bonus(state, w, ends[0], foes)
    for k in range(1, len(ends)):
        gains[k] += place_bonus(state, w, ends[k], foes) - now


# --- the fortification as the AI plays it ----------------------------------------------------


class StructurePlay(FigurePlay):
    """How the AI plays a World Conquest fortification (ai.figure_play): what its loss is
    worth to its holder, and how an attacker reads it."""

    kind = "structure"
    weighed_by_clicks = False

    def damage_value(self, w: Warrior, clicks: float, section: int = -1) -> float:
        # World Conquest, Upgrading Defenses: what the fortification's loss is worth.
        return damage_value(w, clicks)

    def dial_reading(self, w: Warrior, o: Warrior, scared: bool
                     ) -> positions.DialReading | None:
        return dial_reading(w, o, scared)


STRUCTURE = register(StructurePlay())
