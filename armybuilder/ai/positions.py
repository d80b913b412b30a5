"""Where a warrior would like to stand: close enough to strike, out of the enemy's reach,
in hindering terrain for cover and behind blocking terrain (Rulebook V).

A quick reading of a place, in victory points, used to compare the moves a warrior could
make; it guesses the next turn's attacks from the dials and ignores everything subtler.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from armybuilder.ai.figure_play import PLAYS
from armybuilder.ai.tactics import damage_value
from armybuilder.engine import CASTLE_MIN_RANGE as SECTION_MIN_RANGE
from armybuilder.engine import NOBODY, State, Warrior, odds
from armybuilder.engine import geometry as g

#: Points a warrior is worth per inch it closes on the enemy it wants to fight: keeps the
#: game moving towards combat.
APPROACH = 0.35
#: The approach is worth this much more each round: a standoff scores nothing for either
#: side (Rulebook VI, Victory!), so the longer the game, the harder both sides press.
PRESSURE = 0.1
#: How much of the enemy's threat to a place counts (it may not be carried out).
THREAT_SHARE = 0.5
#: A castle section's shot counts this many times a warrior's: it has nothing else to do
#: with its action and never moves out of the way (Castle rules, Actions).
GUN_SHARE = 2.0
DEMORALIZED = "Demoralized"


def enemies(state: State, w: Warrior) -> list[Warrior]:
    return [o for o in state.warriors if o.on_table and state.opposing(w, o)]


def demoralized(w: Warrior) -> bool:
    return DEMORALIZED in w.showing


def home(state: State, w: Warrior) -> tuple[float, float]:
    x0, y0, x1, y1 = state.players[w.owner].area
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def standings(state: State) -> list[int]:
    """Victory points each player would have if the game ended now (Rulebook VI,
    Victory!): points scored so far and the survivors on the battlefield."""
    points = [p.score for p in state.players]
    for w in state.warriors:
        if w.on_table and w.controller == NOBODY:
            points[w.owner] += w.card.points
    return points


def ahead(state: State, player: int) -> bool:
    """Is ``player``'s side strictly ahead of every opposing player? Never with a World
    Conquest fortification on the battlefield: that battle is fought to the death, the
    round limit only a stop against a stalemate (ai.fortifications)."""
    if state.works:
        return False
    points = standings(state)
    team = state.players[player].team
    mine = points[player]
    return all(mine > points[p.index] for p in state.players if p.team != team)


def _line_clear(state: State, a: Warrior, a_at: tuple[float, float], b_at: tuple[float, float],
                b_discs: tuple[g.Disc, ...]) -> tuple[bool, bool]:
    """(terrain leaves a line of fire, hindering) between two places; figures ignored."""
    if not state.terrain:
        return True, False
    blocked, hindering = state.terrain.fire(a_at, a.discs_at(a_at, a.facing), a.facing,
                                            360, b_at, b_discs, None, None)
    return blocked is None, hindering


@dataclass(slots=True)
class DialReading:
    """What one of our dials and one enemy dial make of each other."""

    reach: float  # how far apart the two centre dots stand in base contact, and a hair
    enemy_range: float  # the enemy's range (0 when it cannot shoot: Demoralized)
    enemy_speed: float
    shot: float  # what the enemy's shot at us is worth to him
    shot_cover: float  # the same, at us in hindering terrain (+1 defense)
    blow: float  # what the enemy's blow in close combat is worth
    ours: float  # what our own attack on him is worth to us
    ours_hindered: float  # the same, through hindering terrain


@dataclass(slots=True)
class Threat:
    """A :class:`DialReading` as the open table reads it: nothing but distances matter."""

    far: float  # beyond this the enemy neither threatens us nor is struck by us
    enemy_range: float
    reach: float
    crawl: float  # the enemy reaches us with a move and a blow
    shot: float
    blow: float
    blow_far: float  # a blow after a move: less likely to be carried out
    strike: float  # how far we strike from (our range, or contact)
    ours: float


#: What each pair of dials makes of each other, kept by (our id, our click, our
#: controller), then (his id, his click, his controller): nothing else goes into it, so a
#: game's readings stay good while those stay the same.
Dials = dict[tuple[int, int, int], dict[tuple[int, int, int], tuple[DialReading, Threat]]]


def _read_dials(w: Warrior, o: Warrior, scared: bool) -> DialReading:
    # A castle section, a fortification: read as its kind is played (ai.figure_play).
    own = PLAYS[o.kind].dial_reading(w, o, scared)
    if own is not None:
        return own
    stats, os = w.stats, o.stats
    calm = not demoralized(o)
    # The enemy's answer on his turn: a shot if in range, a blow if in contact.
    hurt = damage_value(w, os.damage) if calm else 0.0
    shot = blow = odds.hit_chance(stats.defense - os.attack) * hurt
    shot_cover = odds.hit_chance(stats.defense + 1 - os.attack) * hurt
    # Our own chance next turn.
    gain = 0.0 if scared else damage_value(o, stats.damage)
    ours = odds.hit_chance(os.defense - stats.attack) * gain
    ours_hindered = odds.hit_chance(os.defense + 1 - stats.attack) * gain
    return DialReading(w.half_length + o.half_length + 0.06,
                       float(o.card.range) if calm else 0.0, float(os.speed), shot,
                       shot_cover, blow, ours, ours_hindered)


class Reading:
    """How a place looks to ``w``: each enemy's dial read once (hit chances both ways, what
    a click is worth), so that many places can be weighed quickly."""

    __slots__ = ("approach", "foes", "guns", "home", "ideal", "open", "scared", "spots",
                 "state", "terrain", "w")

    def __init__(self, state: State, w: Warrior, foes: list[Warrior],
                 dials: Dials | None = None, leading: bool | None = None) -> None:
        """``dials``: a reading of each pair of dials already made in this game (see
        :data:`Dials`), filled in as new pairs are read; ``leading``: :func:`ahead` for
        ``w``'s side, when the caller has it."""
        self.state = state
        self.terrain = state.terrain if state.terrain else None
        self.w = w
        self.scared = demoralized(w)
        self.home = home(state, w) if w.captive != NOBODY else None
        self.ideal = max(w.card.range - 1.0, 0.0) if w.card.range > 0 else 0.0
        if leading is None:
            leading = ahead(state, w.owner)
        self.approach = APPROACH * (1.0 + PRESSURE * state.round * (not leading))
        if state.sections:
            # Castle rules: the castle player's warriors hold the castle (ai.sieges).
            from armybuilder.ai import sieges
            self.approach *= sieges.approach_share(state, w)
        rng = float(w.card.range) if not self.scared else 0.0
        #: Each enemy on an open table: where it stands, how far it threatens, its Threat.
        self.open: list[tuple[float, float, float, Threat]] = []
        #: Each enemy among terrain: the figure, how far it threatens, its DialReading.
        self.foes: list[tuple[Warrior, float, DialReading]] = []
        #: Castle sections ``w`` may not attack (Castle rules, Attacking the Castle): read
        #: for their shots only, never closed on. Empty without a castle.
        self.guns: list[tuple[Warrior, DialReading]] = []
        known: dict[tuple[int, int, int], tuple[DialReading, Threat]] = {}
        if dials is not None:
            known = dials.setdefault((w.id, w.click, w.controller), known)
        for o in foes:
            key = (o.id, o.click, o.controller)
            pair = known.get(key)
            if pair is None:
                dial = _read_dials(w, o, self.scared)
                reach, orange, ospeed, blow = (dial.reach, dial.enemy_range,
                                               dial.enemy_speed, dial.blow)
                # On an open table nothing but distance matters: the distances at which
                # the enemy threatens or is struck, with what each is worth. Beyond the
                # first (``far``) the enemy neither threatens a place nor is struck from it.
                pair = known[key] = (dial, Threat(
                    max(orange, reach + ospeed, rng), orange, reach, reach + ospeed,
                    dial.shot, blow, 0.3 * blow, max(rng, reach), dial.ours))
            dial, threat = pair
            if self.terrain is not None and (play := PLAYS[o.kind]).gun(o):
                # Castle rules, Attacks: a section's shots are read with the guns (never
                # within 4"); it is closed on only by the attackers the rules list.
                self.guns.append((o, dial))
                closed_on = play.closed_on(w, o, dial)
                if closed_on is None:
                    continue
                dial = closed_on
            if self.terrain is None:
                self.open.append((o.x, o.y, threat.far, threat))
            else:
                self.foes.append((o, max(dial.enemy_range, dial.reach + dial.enemy_speed),
                                  dial))
        # Where each enemy stands, for facing_value's terrain and captive readings (an open
        # table's rows carry their own).
        self.spots = [(o.x, o.y) for o in foes] \
            if self.terrain is not None or self.home is not None else []

    def value(self, at: tuple[float, float], facing: float) -> float:
        """How good standing at ``at`` is for ``w`` before the enemy's next turn."""
        return self.facing_value(at, facing)[0]

    def facing_value(self, at: tuple[float, float], facing: float | None,
                     default: float = 0.0) -> tuple[float, float]:
        """(:meth:`value`, the facing) of standing at ``at``; a ``facing`` of None faces
        the nearest enemy (as the engine's move listing does), ``default`` when no enemy
        stands apart from ``at``. Without terrain the facing changes no reading, so the
        nearest enemy is found in the same pass over the enemies."""
        terrain = self.terrain
        if terrain is None and self.home is None and self.open:
            return self._open_values([(at, facing, default)])[0]
        if self.home is not None or not self.foes or terrain is not None:
            if facing is None:
                facing = nearest_facing(self.spots, at, default)
            if self.home is not None:
                # Rulebook VI, Victory!: a captive scores double only inside your starting
                # area.
                return -APPROACH * 2 * math.hypot(at[0] - self.home[0],
                                                  at[1] - self.home[1]), facing
            if not self.foes:
                # Castle rules, Attacks: with no enemy left to close on, the sections it
                # may not attack still shoot (a warrior that does not mind them walks
                # into their fire for nothing).
                return (-THREAT_SHARE * self._gun_threat(at, facing) if self.guns
                        else 0.0), facing
        state, w = self.state, self.w
        apart, near = math.inf, None
        eps = g.EPS
        discs = w.discs_at(at, facing) if terrain is not None and facing is not None else ()
        in_cover = terrain is not None and bool(terrain.in_hindering(discs))
        rng = float(w.card.range) if not self.scared else 0.0
        threat = 0.0
        chance = 0.0
        nearest = math.inf
        ax, ay = at
        hypot = math.hypot
        for o, far, r in self.foes:
            ox, oy = o.x, o.y
            d = hypot(ox - ax, oy - ay)
            if d < nearest:
                nearest = d
            if eps < d < apart:
                apart, near = d, (ox, oy)
            if d > far and d > rng:
                continue  # out of each other's reach: only the distance counts
            orange, reach, blow, ours = r.enemy_range, r.reach, r.blow, r.ours
            if orange > 0 and d <= orange:
                shot, shot_cover = r.shot, r.shot_cover
                if terrain is None or shot_cover == shot == 0.0:
                    threat += shot_cover if in_cover else shot
                else:
                    clear, hindering = _line_clear(state, o, (ox, oy), at, discs)
                    if clear:
                        threat += shot_cover if (hindering or in_cover) else shot
            elif d <= reach:
                threat += blow
            elif d <= reach + r.enemy_speed:
                threat += 0.3 * blow
            if rng > 0 and d <= rng:
                if terrain is None or ours <= chance:
                    # Only the best chance counts and terrain never raises one above
                    # ``ours``: the line of fire is traced only when it could matter.
                    value = ours
                else:
                    clear, hindering = _line_clear(state, w, at, (ox, oy), o.discs)
                    value = (r.ours_hindered if hindering else ours) if clear else 0.0
                if value > chance:
                    chance = value
            elif d <= reach and ours > chance:
                chance = ours
        for o, r in self.guns:
            # Castle rules, Attacks: a section's shot, from its centre point, never at a
            # target 4" away or less.
            if r.enemy_range > 0 and \
                    SECTION_MIN_RANGE < hypot(o.x - ax, o.y - ay) <= r.enemy_range:
                threat += GUN_SHARE * (r.shot_cover if in_cover else r.shot)
        if facing is None:
            # The bearing is taken once, of the nearest only: the same number as taking each.
            facing = default if near is None else math.atan2(near[1] - ay, near[0] - ax)
        if self.scared:
            # Keep it out of harm's way: far from the enemy, never in contact of its own accord.
            return -threat + 0.2 * min(nearest, 12.0), facing
        gap = max(0.0, nearest - self.ideal - w.half_length - 0.5)
        cover = 0.3 if in_cover else 0.0
        return 0.6 * chance - THREAT_SHARE * threat - self.approach * gap + cover, facing

    def _gun_threat(self, at: tuple[float, float], facing: float) -> float:
        """The sections' shots at ``at`` (the guns' part of :meth:`facing_value`)."""
        terrain = self.terrain
        discs = self.w.discs_at(at, facing) if terrain is not None else ()
        in_cover = terrain is not None and bool(terrain.in_hindering(discs))
        threat = 0.0
        for o, r in self.guns:
            if r.enemy_range > 0 and \
                    SECTION_MIN_RANGE < math.hypot(o.x - at[0], o.y - at[1]) <= r.enemy_range:
                threat += GUN_SHARE * (r.shot_cover if in_cover else r.shot)
        return threat

    def facing_values(self, places: list[tuple[tuple[float, float], float | None, float]]
                      ) -> list[tuple[float, float]]:
        """:meth:`facing_value` of each (place, facing, default) of ``places``."""
        if self.terrain is not None or self.home is not None or not self.open:
            return [self.facing_value(at, facing, default) for at, facing, default in places]
        return self._open_values(places)

    def _open_values(self, places: list[tuple[tuple[float, float], float | None, float]]
                     ) -> list[tuple[float, float]]:
        """:meth:`facing_values` on an open table: the same sums, in the same order, with
        the terrain's tests left out (the hottest loop of the heuristic player)."""
        hypot, eps, inf, atan2 = math.hypot, g.EPS, math.inf, math.atan2
        rows, scared, approach = self.open, self.scared, self.approach
        ideal, radius = self.ideal, self.w.half_length
        out = []
        for (ax, ay), facing, default in places:
            nearest = inf
            nx = ny = 0.0
            threat = chance = 0.0
            for ox, oy, far, t in rows:
                d = hypot(ox - ax, oy - ay)
                if d < nearest:
                    nearest, nx, ny = d, ox, oy
                if d > far:
                    continue  # out of each other's reach: only the distance counts
                orange = t.enemy_range
                if orange > 0 and d <= orange:
                    threat += t.shot
                elif d <= t.reach:
                    threat += t.blow
                elif d <= t.crawl:
                    threat += t.blow_far
                if d <= t.strike and t.ours > chance:
                    chance = t.ours
            if facing is None:
                if nearest > eps:
                    # The nearest enemy stands apart: face it.
                    facing = atan2(ny - ay, nx - ax)
                else:
                    facing = nearest_facing([row[:2] for row in rows], (ax, ay), default)
            if scared:
                out.append((-threat + 0.2 * min(nearest, 12.0), facing))
            else:
                gap = max(0.0, nearest - ideal - radius - 0.5)
                out.append((0.6 * chance - THREAT_SHARE * threat - approach * gap, facing))
        return out


def nearest_facing(spots: list[tuple[float, float]], at: tuple[float, float],
                   default: float) -> float:
    """Face the nearest enemy (of those at ``spots``) from ``at``, as the engine's move
    listing does; ``default`` when none stands apart from ``at``."""
    best, near = math.inf, None
    ax, ay = at
    hypot, eps = math.hypot, g.EPS
    for ox, oy in spots:
        d = hypot(ox - ax, oy - ay)
        if eps < d < best:
            best, near = d, (ox, oy)
    # The bearing is taken once, of the nearest only: the same number as taking each.
    return default if near is None else math.atan2(near[1] - ay, near[0] - ax)


def place_value(state: State, w: Warrior, at: tuple[float, float], facing: float,
                foes: list[Warrior], dials: Dials | None = None) -> float:
    """How good standing at ``at`` is for ``w`` before the enemy's next turn."""
    return Reading(state, w, foes, dials).value(at, facing)
