"""How the heuristic player fights a siege (the castle rules, seed 004: "Castle rules").

The castle player mans its walls and towers (its warriors begin on the sections' tops and
step onto them where a place there pays: the fortification value is added to their
defense against ranged attacks, with the height advantage); while it holds the castle
its warriors take post on the top of a section that shoots (a keep), or else where an
enemy who comes at them stands in its sections' fire (:func:`post`); it opens a portal to
let its warriors through and shuts it when an enemy comes near, and shoots with its sections
(long range at multiple-dial warriors and sections). When the enemy will not come it
sallies out (Rulebook VI, Victory!: a standoff scores nothing): its warriors close in
harder, those on the walls by the way down through a door or ladder, and a formation of
its warriors throws down an enemy ladder it touches. The besieger aims only at what the
rules let it attack: a section is a target only for the attackers the rules list (the
engine's ``castle_attack_violation``), who walk up to it, front arc touching, and hit it
where a breach pays most (a section with portals first); the others go for the castle's
warriors, or climb onto the walls by ladders and open portals; a formation touching a
wall whose walkway holds defenders places the ladder the besieger carries. The engine's listing
checks every action, so no illegal section attack is ever tried: the reading here only
says what each is worth.

Nothing here is asked in a game without a castle (``state.sections`` is empty), so such
games play exactly as before.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

from armybuilder.ai import positions, tactics
from armybuilder.ai.figure_play import PARTIAL, FigurePlay, register
from armybuilder.engine import (
    CASTLE_MIN_RANGE,
    NOBODY,
    ChooseTarget,
    Game,
    Ladder,
    SetPortal,
    State,
    TargetChoice,
    Warrior,
    castle_approach_spots,
    castle_attack_violation,
    castle_breached,
    castle_close_targets,
    castle_fortification,
    castle_ladder_violation,
    castle_multiple_dial,
    castle_standing_on,
    odds,
)
from armybuilder.engine import geometry as g

#: A portal is shut when an enemy could reach it on his next move: his speed and this
#: margin (inches) from the portal's middle (Castle rules, Portals).
PORTAL_THREAT = 3.0
#: A portal is opened for a warrior of ours this near (beyond its speed) who may use it.
PORTAL_USE = 1.0
#: What standing on one of our own sections is worth per point of the fortification value
#: showing (Castle rules, Attacking Warriors on Castle Sections), and the height
#: advantage's share, for a warrior that may be shot at.
FORT_SHARE = 0.12
HEIGHT_SHARE = 0.2
#: What a besieger standing on the castle's walls is worth (Castle rules, Access Points:
#: inside the defences, beside the castle's shooters).
CLIMB = 0.0
#: Of a next-turn attack on a section, the share a place touching it is worth (the same
#: share positions.Reading gives a chance to strike).
STRIKE_SHARE = 0.6
#: The castle player's warriors close on the enemy at this share of the usual pull unless
#: they sally out: they hold the castle, whose sections score as survivors (Castle rules,
#: Victory Points), and let the besieger come into its fire. Heuristic against heuristic
#: (benchmarks/castles.py 40: 80 sieges, seats swapped) the castle army scored 16.2%
#: (9.7%-25.8%) at 1.0, closing in as on an open table, and 30.6% (21.6%-41.4%) at 0;
#: against the random player it won 40 and 38.5 of 40 sieges.
HOLD = 0.0
#: What standing on one of our own sections is worth besides the fortification: out of
#: reach of blows from the ground but across access points (Castle rules, Close Combat).
SAFE = 0.0
#: What standing under the castle's guns is worth to the castle player's warriors
#: (:func:`under_guns`): the garrison is a few warriors against an army, and its sections'
#: guns are what evens a fight, but a section fires only beyond 4" of its centre point and
#: within its range (Castle rules, Attacks), so an enemy who comes to strike a warrior
#: there is under fire. Large: it outweighs an open table's pulls (positions.Reading),
#: and the garrison waits for the besieger there until it sallies out. Heuristic against
#: heuristic over 240 sieges (benchmarks/expert.py's castle set-ups 0 to 239, the castle
#: player's seat by the set-up) the castle player scored 29.6% without it and 44.0% with
#: it (sallying from round 12); pulling even while sallying (from round 4), 43.5%, at
#: half of it 36.7% and at twice 40.8%. benchmarks/castles.py 40 (a heavier keep): 51.2%
#: (40.5%-61.9%) against the heuristic, where HOLD alone made 30.6%; as defender against
#: the random player 91.2% (36.5 of 40: it waits, and a wanderer near the walls keeps it
#: from sallying), where it won all 40.
UNDER_GUNS = 30.0
#: How far outside its guns' field (inches) a place still counts as partly under them.
GUNS_PULL = 12.0
#: Of UNDER_GUNS, the share a place in the guns' field (:func:`under_guns`) is worth to
#: the garrison: the top of a section of ours that shoots is worth it all (:func:`post`).
#: Heuristic against heuristic over the 240 sieges the castle player scored 44.0% with
#: the field alone, 54.4% with the keep's top besides at this share, 53.1% at 0.2, 52.7%
#: at 0.5, 46.7% with the field worth as much as the top and 44.0% with the top alone;
#: benchmarks/castles.py 40 (a heavier keep) 63.1% (52.2%-72.9%), where the field alone
#: made 51.2%, and as defender against the random player 91.2% as before.
FIELD_SHARE = 0.3
#: The castle player's warriors sally out when the enemy will not come (Rulebook VI,
#: Victory!: a standoff scores nothing, so a side not ahead must go and fight): from
#: round SALLY_ROUND, while its side is not ahead and no opposing warrior stands within
#: SALLY_NEAR inches of a standing section of ours, they close on the enemy at
#: SALLY_APPROACH times the usual pull, and a warrior on the castle's tops counts the way
#: down by an access point (its walkway to the nearest, then on to the enemy). Round 12
#: of a 25-round game: sallying from round 4, the garrison left the guns (UNDER_GUNS) to
#: meet a besieger still on his way, and scored 36.0% of the 240 sieges, not 44.0%.
SALLY_ROUND = 12
SALLY_NEAR = 12.0
SALLY_APPROACH = 2.5
#: The gain of a place that no move reaches (a top without an access point on the way).
UNREACHED = -1e6
#: Places along a wall's walkway tried, besides its middle (inches from the middle).
ALONG = (-2.0, 2.0)


# --- what damage to a section is worth: breaches ------------------------------------------

#: Castle rules, Portals: a breach opens the section's portals for good; what each opened
#: portal is worth to the besieger (victory points: the way in it gives).
PORTAL_OPENED = 4.0
#: Castle rules, Victory Points: a breached section not eliminated scores half its points
#: for the breacher; counted at this share (it may still be eliminated, or healed never).
BREACH_SHARE = 0.8
DEMORALIZED = "Demoralized"


def breach_click(w: Warrior) -> int | None:
    """The first click from ``w``'s own on which section ``w`` shows Demoralized (Castle
    rules, Portals: breached), None when it never does or is breached already."""
    section = w.castle
    if section is None or section.breached:
        return None
    for k in range(w.click, len(w.card.clicks)):
        if DEMORALIZED in w.card.clicks[k].abilities:
            return k
    return None


def section_damage_value(w: Warrior, clicks: float) -> float:
    """Victory points ``clicks`` on castle section ``w`` are worth: its points when they
    eliminate it (Castle rules, Victory Points: "as if they were standard warriors"), a
    share by the clicks otherwise, and a breach on top: half its points to the breacher
    (Victory Points) and its portals opened for good (Portals)."""
    left = len(w.card.clicks) - w.click
    if clicks >= left:
        return float(w.card.points)
    value = w.card.points * PARTIAL * clicks / left
    at = breach_click(w)
    if at is not None and w.click + clicks >= at:
        section = w.castle
        assert section is not None
        opened = sum(1 for p in section.portals if not p.open)
        value += BREACH_SHARE * (w.card.points // 2) + PORTAL_OPENED * opened
    return min(value, float(w.card.points))


# --- who may attack a section ---------------------------------------------------------


def breaker(w: Warrior) -> bool:
    """Castle rules, Attacking the Castle: may ``w`` attack a castle section at all, in
    close combat or at range (the listed attackers)?"""
    if castle_attack_violation(w, "close") is None:
        return True
    return w.card.range > 0 and castle_attack_violation(w, "ranged") is None


def section_reach(w: Warrior, o: Warrior) -> float:
    """How far from a section's centre point ``w``'s centre dot stands when its base
    touches the footprint's nearest edge (Castle rules, Attacking the Castle: front arc
    touching)."""
    section = o.castle
    assert section is not None
    inner = g.boundary_distance(section.centre, section.footprint)
    return w.half_length + inner + 0.1


def dial_reading(w: Warrior, o: Warrior, scared: bool) -> positions.DialReading:
    """positions' reading of enemy castle section ``o`` by ``w``: a section never moves
    and never fights in close combat (Castle rules, Actions), its fortification is no
    speed; it is struck only by the attackers
    the rules list (Attacking the Castle), and fires only beyond 4" (Attacks)."""
    stats, os = w.stats, o.stats
    calm = not positions.demoralized(o)
    firing = calm and o.card.range > 0 and os.attack > 0
    hurt = tactics.damage_value(w, os.damage) if firing else 0.0
    shot = odds.hit_chance(stats.defense - os.attack) * hurt
    shot_cover = odds.hit_chance(stats.defense + 1 - os.attack) * hurt
    gain = 0.0 if scared or not breaker(w) else tactics.damage_value(o, stats.damage)
    # The section's defense gets the height advantage against an attacker on the ground
    # (Castle rules, Attacking the Castle).
    ours = odds.hit_chance(os.defense + 1 - stats.attack) * gain
    return positions.DialReading(section_reach(w, o), float(o.card.range) if firing else 0.0,
                                 0.0, shot, shot_cover, 0.0, ours, ours)


def approach_share(state: State, w: Warrior) -> float:
    """The share of positions.APPROACH that draws ``w`` towards the enemy: the castle
    player's warriors hold the castle (HOLD) unless they sally out; the besieger's close
    in as usual."""
    if state.players[w.owner].team != state.players[state.castle_player].team:
        return 1.0
    return SALLY_APPROACH if sallying(state, w.owner) else HOLD


def sallying(state: State, player: int) -> bool:
    """Does ``player``, the castle player's side, sally out (see SALLY_APPROACH): from
    round SALLY_ROUND, not ahead, and no opposing warrior within SALLY_NEAR of a standing
    section of its side?"""
    if state.round < SALLY_ROUND or not state.sections:
        return False
    team = state.players[player].team
    if team != state.players[state.castle_player].team:
        return False
    ours = [state.warriors[i] for i in state.sections]
    ours = [s for s in ours if s.on_table and s.castle is not None and s.team == team]
    for o in state.warriors:
        if not o.on_table or o.castle is not None or o.team == team \
                or o.controller != NOBODY:
            continue
        for s in ours:
            section = s.castle
            assert section is not None
            if g.boundary_distance((o.x, o.y), section.footprint) <= SALLY_NEAR:
                return False
    return not positions.ahead(state, player)


def under_guns(state: State, w: Warrior, at: tuple[float, float]) -> float:
    """How far ``at`` puts the castle player's warrior ``w`` under the guns of its own
    sections: 1 where an enemy touching it (a base the size of its own) stands in a
    section's field of fire, beyond 4" of the section's centre point and within its range
    measured horizontally (Castle rules, Attacks), less a share for each inch outside that
    ring, to nothing at GUNS_PULL. A wall (no range, no attack) and a Demoralized section
    are no gun."""
    contact = 2.0 * w.half_length
    best = 0.0
    for i in state.sections:
        s = state.warriors[i]
        if not s.on_table or s.castle is None or s.team != w.team or s.card.range <= 0 \
                or s.stats.attack <= 0 or positions.demoralized(s):
            continue
        near, far = CASTLE_MIN_RANGE + contact, s.card.range - contact
        if far < near:
            continue
        d = math.hypot(at[0] - s.x, at[1] - s.y)
        if near <= d <= far:
            return 1.0
        best = max(best, 1.0 - min(abs(d - near), abs(d - far)) / GUNS_PULL)
    return best


def post(state: State, w: Warrior, at: tuple[float, float]) -> float:
    """How well ``at`` posts the castle player's warrior ``w`` while it holds the castle:
    1 on the top of a section of its side that has a range (a keep, a tower; a wall has
    none), where every shot at it meets the fortification value and the height advantage
    (Castle rules, Attacking Warriors on Castle Sections), a blow comes only from a
    connected access point (Close Combat), and a shooter who comes within his range of it
    stands within or near the section's own (Attacks); elsewhere FIELD_SHARE of how far
    it stands under the guns (:func:`under_guns`), where the enemy who comes to strike it
    is in their fire but it has neither the walls' nor the height's cover."""
    on = top_of(state, at)
    if on is not None and on.team == w.team and on.card.range > 0:
        return 1.0
    return FIELD_SHARE * under_guns(state, w, at)


def holding_players(state: State) -> frozenset[int]:
    """The players of the castle player's side whose warriors hold the castle: not
    sallying out to fight (none when there is no castle player)."""
    if state.castle_player == NOBODY:
        return frozenset()
    team = state.players[state.castle_player].team
    return frozenset(p.index for p in state.players
                     if p.team == team and not sallying(state, p.index))


def holds(state: State, w: Warrior, holding: frozenset[int] | None = None) -> bool:
    """Is ``w`` a warrior of the castle player's side holding the castle (not a section,
    and its side not sallying out to fight)? ``holding``: :func:`holding_players`, when
    many warriors are asked about one position."""
    if holding is None:
        holding = holding_players(state)
    return w.castle is None and w.owner in holding \
        and w.team == state.players[state.castle_player].team


def unarmed(dial: positions.DialReading) -> positions.DialReading:
    """A section's reading without its shot, for the foes it is closed on: its shots are
    read with the guns (positions.Reading), where the 4" it never fires within counts
    (Castle rules, Attacks)."""
    return dataclasses.replace(dial, enemy_range=0.0, shot=0.0, shot_cover=0.0)


def target_foe(w: Warrior, o: Warrior) -> bool:
    """Is enemy ``o`` one ``w`` wants to close on? A section only for its listed
    attackers (Castle rules, Attacking the Castle); every other figure."""
    return o.castle is None or breaker(w)


# --- the sections -------------------------------------------------------------------------


def reach(game: State, w: Warrior, foes: list[Warrior]) -> float:
    """How far a castle section ``w`` may shoot this turn: twice its range at
    multiple-dial warriors and opposing sections (Castle rules, Long Range Attacks)."""
    far = float(w.card.range)
    if any(castle_multiple_dial(o) for o in foes):
        far *= 2
    return far


def touches_section(game: Game, w: Warrior) -> bool:
    """Does ``w``'s front arc touch an opposing castle section it may attack in close
    combat (Castle rules, Attacking the Castle: "as if they were in base contact")?"""
    if w.castle is not None or castle_attack_violation(w, "close") is not None:
        return False
    return any(game.opposing(w, t) for t in _close_targets(game, w))


def _close_targets(game: Game, w: Warrior) -> list[Warrior]:
    return castle_close_targets(game, w)


def choose_target(game: Game, item: TargetChoice) -> ChooseTarget:
    """Castle rules, Close Combat: "the defender may choose which figure will be the
    target of the attack": the figure that loses least, its chance of being hit times
    what the blow's clicks cost it (the height advantage counted: Rulebook V, Elevated
    Terrain), the first listed on a tie."""
    a = game.warriors[item.warrior]
    bonus = len(item.members) - 1  # Rulebook IV: +1 for each extra member
    high = game.terrain.elevation((a.x, a.y))

    def loss(i: int) -> float:
        t = game.warriors[i]
        up = 1 if high is None and game.terrain.elevation((t.x, t.y)) is not None else 0
        hit = odds.hit_chance(t.stats.defense + up - a.stats.attack - bonus)
        return hit * tactics.damage_value(t, a.stats.damage)

    best = min(item.options, key=lambda i: (loss(i), item.options.index(i)))
    return ChooseTarget(item.player, best)


# --- portals ------------------------------------------------------------------------------


def portal_choice(game: Game, me: int) -> SetPortal | None:
    """Castle rules, Portals: at the beginning of the castle player's command phase, each
    portal opened or closed "for the turn". Shut when an enemy could reach it on his next
    move; open when none could and a warrior of ours near it could pass through (to sally
    out, or to come in); otherwise left as it is. One portal per call, the first that
    wants changing (each wants one change at most, so the choices end)."""
    if me != game.castle_player or game.actions_used:
        return None
    enemies = [o for o in game.warriors if o.on_table and o.castle is None
               and o.controller == NOBODY and o.team != game.players[me].team]
    friends = [o for o in game.warriors if o.on_table and o.castle is None
               and o.owner == me and o.controller == NOBODY]
    for wid in game.sections:
        s = game.warriors[wid]
        section = s.castle
        if section is None or not s.on_table or s.owner != me or castle_breached(s):
            continue  # a breached section's portals stay open
        for p in section.portals:
            mx, my = (p.a[0] + p.b[0]) / 2, (p.a[1] + p.b[1]) / 2
            threat = any(math.hypot(o.x - mx, o.y - my) <= o.stats.speed + PORTAL_THREAT
                         + o.half_length for o in enemies)
            use = any(math.hypot(o.x - mx, o.y - my) <= o.stats.speed + PORTAL_USE
                      + o.half_length for o in friends)
            if threat and p.open:
                want: bool | None = False
            elif use and not threat and not p.open:
                want = True
            else:
                want = None
            if want is None:
                continue
            action = SetPortal(me, wid, p.name, open=want)
            if game.is_legal(action):
                return action
    return None


# --- ladders ---------------------------------------------------------------------------------

#: Of the castle's pieces, the one ladders stand against (Castle rules, Planking and
#: Ladders: "Ladders are used to create additional access points to castle wall sections").
WALL = "wall"


def ladder_choice(game: Game, me: int, ready: list[Warrior]) -> Ladder | None:
    """Castle rules, Planking and Ladders, by a movement formation of ``me``'s warriors
    that are ready and unpushed (Rulebook IV): the castle player throws down an enemy
    ladder a member touches ("when no enemy is on the access point": the engine checks);
    the besieger places its carried ladder against a wall a member touches where climbing
    pays (:func:`climb_pays`). None when neither may or pays."""
    free = [w for w in ready if w.tokens == 0 and w.captive == NOBODY and w.on_table
            and w.kind.no_formation is None and w.controller == NOBODY
            and not positions.demoralized(w)]
    if len(free) < 3:
        return None
    team = game.players[me].team
    castle_side = team == game.players[game.castle_player].team
    for w in free:
        for wid in game.sections:
            t = game.warriors[wid]
            section = t.castle
            if section is None or not t.on_table or section.feature < 0:
                continue
            if castle_side:
                for (a, b), owner in zip(section.ladders, section.ladder_owners,
                                         strict=True):
                    if owner < 0 or game.players[owner].team == team:
                        continue
                    if g.segment_point_distance(a, b, (w.x, w.y)) > \
                            w.half_length + g.CONTACT_TOLERANCE:
                        continue
                    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                    found = _formation_for(game, w, free, mid, True)
                    if found is not None:
                        return found
            elif section.piece == WALL and game.opposing(w, t) and occupies(w) \
                    and g.boundary_distance((w.x, w.y), section.footprint) <= \
                    w.half_length + g.CONTACT_TOLERANCE and climb_pays(game, w, t):
                at = _nearest_on_edge((w.x, w.y), section.footprint)
                found = _formation_for(game, w, free, at, False)
                if found is not None:
                    return found
    return None


def climb_pays(state: State, w: Warrior, wall: Warrior) -> bool:
    """Castle rules, Access Points and Walls ("no access points, though some may be added
    through the use of ladders"): does a ladder against ``wall`` pay ``w``'s side? When
    enemy warriors stand on the walkway it joins (keep, towers and walls touching), out of
    reach from the ground but within it from a ladder's top, and no ladder of ours stands
    against that walkway already (the castle player's doors and ladders open inside its
    walls, not to us)."""
    section = wall.castle
    assert section is not None
    terrain = state.terrain
    walkway = terrain.groups.get(section.feature, (section.feature,))
    team = state.players[w.owner].team
    for i in state.sections:
        other = state.warriors[i].castle
        if other is not None and other.feature in walkway and any(
                owner >= 0 and state.players[owner].team == team
                for owner in other.ladder_owners):
            return False
    for o in state.warriors:
        if o.on_table and o.castle is None and o.controller == NOBODY \
                and state.opposing(w, o) and terrain.elevation((o.x, o.y)) in walkway:
            return True
    return False


def _nearest_on_edge(p: tuple[float, float], poly: tuple[tuple[float, float], ...]
                     ) -> tuple[float, float]:
    """The point of ``poly``'s edge nearest ``p``."""
    best: tuple[float, tuple[float, float]] | None = None
    for a, b in g.polygon_edges(poly):
        dx, dy = b[0] - a[0], b[1] - a[1]
        length2 = dx * dx + dy * dy
        u = 0.0 if length2 <= 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx
                                                        + (p[1] - a[1]) * dy) / length2))
        q = (a[0] + u * dx, a[1] + u * dy)
        d = math.hypot(q[0] - p[0], q[1] - p[1])
        if best is None or d < best[0]:
            best = (d, q)
    assert best is not None
    return best[1]


def _formation_for(game: Game, w: Warrior, free: list[Warrior], at: tuple[float, float],
                   remove: bool) -> Ladder | None:
    """A legal ladder action at ``at`` by a movement formation led by ``w``: three, four
    or five of ``free`` joined to it by touching bases, the fewest first (the others stay
    fresh for next turn: Rulebook III, Pushing), grown from ``w`` by the nearest to it."""
    taken = [w]
    group = [o for o in free if o is not w]
    while len(taken) < 5:
        joining = sorted((o for o in group if any(game.touching(o, t) for t in taken)),
                         key=lambda o: (math.hypot(o.x - w.x, o.y - w.y), o.id))
        if not joining:
            return None
        taken.append(joining[0])
        group.remove(joining[0])
        if len(taken) >= 3:
            members = tuple(o.id for o in taken[1:])
            if castle_ladder_violation(game, w.id, members, at, remove) is None:
                return Ladder(w.id, members, at, remove=remove)
    return None


# --- places ---------------------------------------------------------------------------------


def top_of(state: State, at: tuple[float, float]) -> Warrior | None:
    """The standing castle section whose top ``at`` lies on, if any."""
    top = state.terrain.elevation(at)
    if top is None:
        return None
    for i in state.sections:
        t = state.warriors[i]
        section = t.castle
        if section is not None and t.on_table and section.feature >= 0 \
                and top in section.features:
            return t
    return None


def top_spots(state: State, s: Warrior) -> list[tuple[float, float]]:
    """Places to stand on section ``s``'s top: its middle and, on a long piece, along it."""
    section = s.castle
    assert section is not None
    cx, cy = section.centre
    out = [(cx, cy)]
    ux, uy = math.cos(section.rotation), math.sin(section.rotation)
    for d in ALONG:
        p = (cx + d * ux, cy + d * uy)
        if g.point_in_polygon(p, section.footprint) and top_of(state, p) is s:
            out.append(p)
    return [p for p in out if top_of(state, p) is s]


def occupies(w: Warrior) -> bool:
    """Castle rules, Access Points: mounts, cavalry, peanut-shaped bases and
    multiple-dial warriors "may never occupy a castle section"."""
    return w.round and w.chariot is None and w.castle is None and not w.card.horseshoe


def places(state: State, w: Warrior, foes: list[Warrior], limit: float
           ) -> list[tuple[tuple[float, float], float | None, float]]:
    """Extra places (end, facing, default facing) for ``w``'s move in a siege: touching an
    opposing section it may attack (front arc on the footprint: the engine's approach
    spots), and on the castle's tops within reach (its own to man them, the enemy's to
    climb them). Unchecked: the player checks the best first."""
    out: list[tuple[tuple[float, float], float | None, float]] = []
    if castle_attack_violation(w, "close") is None and not positions.demoralized(w):
        for end, facing in castle_approach_spots(state, w, limit):
            out.append((end, facing, facing))
    if not occupies(w):
        return out
    reach_ = limit + w.half_length
    level = state.terrain.elevation((w.x, w.y))
    walkway = state.terrain.groups.get(level, (level,)) if level is not None else ()
    spots = [(o.x, o.y) for o in foes if o.castle is None]
    for i in state.sections:
        s = state.warriors[i]
        if not s.on_table or s.castle is None:
            continue
        if level is not None and not walkway.count(s.castle.feature):
            continue  # another walkway: reached only down and up again
        for p in top_spots(state, s):
            if math.hypot(p[0] - w.x, p[1] - w.y) <= reach_ and level is not None:
                out.append((p, None, positions.nearest_facing(spots, p, w.facing)))
    # Castle rules, Access Points: up or down by a door or a ladder, the move ending there
    # (Rulebook V, Abrupt Elevated Terrain).
    for end, _path in access_moves(state, w, limit):
        out.append((end, None, positions.nearest_facing(spots, end, w.facing)))
    return out


#: The paths of the moves through access points offered by :func:`places`, by (warrior,
#: where it stands, the end): a move's path has the access point on it
#: (manoeuvres.attempt asks :func:`path_to`).
_VIA: dict[tuple[int, float, float, tuple[float, float]], tuple[tuple[float, float], ...]] = {}


def access_moves(state: State, w: Warrior, limit: float
                 ) -> list[tuple[tuple[float, float], tuple[tuple[float, float], ...]]]:
    """(end, path) of each move of ``w`` through an access point of a castle top (an open
    door, a ladder: the stairs the engine keeps on each top) within ``limit``: from the
    ground up onto the top, ending just inside, or from a top (or a top joined to it)
    down onto the ground, ending just outside (Castle rules, Access Points; Rulebook V,
    Abrupt Elevated Terrain: the move stops on going up or down). Unchecked."""
    out: list[tuple[tuple[float, float], tuple[tuple[float, float], ...]]] = []
    terrain = state.terrain
    level = terrain.elevation((w.x, w.y))
    walkway = terrain.groups.get(level, (level,)) if level is not None else ()
    step = w.half_length
    for i in state.sections:
        section = state.warriors[i].castle
        if section is None or section.feature < 0:
            continue
        for k in section.features:
            if level is not None and k not in walkway:
                continue
            poly = terrain.features[k].polygon
            for a, b in terrain.features[k].stairs:
                mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                dx, dy = b[0] - a[0], b[1] - a[1]
                length = math.hypot(dx, dy)
                if length <= 0:
                    continue
                nx, ny = -dy / length, dx / length
                if g.point_in_polygon((mx + 0.05 * nx, my + 0.05 * ny), poly):
                    nx, ny = -nx, -ny  # (nx, ny) points out of the top
                # The move stops as the base comes wholly on or off the top (Rulebook V,
                # Terrain): its centre dot a base's half length past the edge.
                inner = (mx - step * nx, my - step * ny)
                outer = (mx + step * nx, my + step * ny)
                path: tuple[tuple[float, float], ...] = (outer, inner) if level is None \
                    else (*_along(terrain, (w.x, w.y), level, k), inner, outer)
                end = path[-1]
                length, at = 0.0, (w.x, w.y)
                for p in path:
                    length += math.hypot(p[0] - at[0], p[1] - at[1])
                    at = p
                if length > limit:
                    continue
                if len(_VIA) >= 4096:
                    _VIA.clear()
                _VIA[(w.id, w.x, w.y, end)] = path
                out.append((end, path))
    return out


def _off_top(poly: tuple[tuple[float, float], ...], a: tuple[float, float],
             b: tuple[float, float], step: float) -> tuple[float, float]:
    """The place ``step`` inches out of top ``poly`` square from the middle of its
    access point ``a``-``b`` (the middle itself for an access point of no length)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length <= 0:
        return (mx, my)
    nx, ny = -dy / length, dx / length
    if g.point_in_polygon((mx + 0.05 * nx, my + 0.05 * ny), poly):
        nx, ny = -nx, -ny  # (nx, ny) points out of the top
    return (mx + step * nx, my + step * ny)


def _along(terrain: object, at: tuple[float, float], level: int, k: int
           ) -> tuple[tuple[float, float], ...]:
    """The way along the castle's tops from ``at`` (on top ``level``) onto joined top
    ``k``: first to the nearest point of ``k``'s edge, a little inside it (a narrow walkway
    is left by its end, not its side); nothing when ``at`` is on ``k`` already."""
    if level == k:
        return ()
    poly = terrain.features[k].polygon  # type: ignore[attr-defined]
    q = _nearest_on_edge(at, poly)
    cx = sum(p[0] for p in poly) / len(poly)
    cy = sum(p[1] for p in poly) / len(poly)
    d = math.hypot(cx - q[0], cy - q[1]) or 1.0
    return ((q[0] + 0.6 * (cx - q[0]) / d, q[1] + 0.6 * (cy - q[1]) / d),)


def split(state: State, w: Warrior, o: Warrior) -> bool:
    """Do ``w`` and ``o`` stand on and off a castle top (or on two tops not joined)? No
    base contact then (Rulebook V, Abrupt Elevated Terrain): ``o`` is reached by an
    access point, not by a contact spot."""
    terrain = state.terrain
    return terrain.abrupt_split(terrain.elevation((w.x, w.y)), terrain.elevation((o.x, o.y)))


def path_to(w: Warrior, end: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    """The path of ``w``'s move to ``end``: through the access point :func:`places`
    offered it by, or straight there."""
    return _VIA.get((w.id, w.x, w.y, end), (end,))


def place_bonus(state: State, w: Warrior, at: tuple[float, float],
                shooters: bool, holding: bool) -> float:
    """What standing at ``at`` adds in a siege, beyond positions.Reading: on one of our
    sections, the fortification value and height advantage against the enemy's shots
    (Castle rules, Attacking Warriors on Castle Sections) when the enemy has shooters; on
    an enemy section, a foothold inside the castle; touching an enemy section ``w`` may
    strike in close combat, the blow it could land next turn (Attacking the Castle); for
    the castle player's warrior ``holding`` the castle (:func:`holds`), standing under its
    guns, on a shooting section's top above all (:func:`post`)."""
    bonus = UNDER_GUNS * post(state, w, at) if holding else 0.0
    on = top_of(state, at)
    if on is not None:
        if on.team == w.team:
            bonus += SAFE
            if shooters:
                bonus += FORT_SHARE * max(0, castle_fortification(on)) + HEIGHT_SHARE
        else:
            bonus += CLIMB
    if castle_attack_violation(w, "close") is None and not positions.demoralized(w):
        best = 0.0
        for i in state.sections:
            t = state.warriors[i]
            section = t.castle
            if section is None or not t.on_table or not state.opposing(w, t):
                continue
            if g.boundary_distance(at, section.footprint) > w.half_length + 0.1 \
                    or g.point_in_polygon(at, section.footprint):
                continue
            hit = odds.hit_chance(t.stats.defense + 1 - w.stats.attack)
            best = max(best, hit * tactics.damage_value(t, w.stats.damage))
        bonus += STRIKE_SHARE * best
    return bonus


def adjust(state: State, w: Warrior, foes: list[Warrior],
           ends: list[tuple[float, float]], gains: list[float]) -> None:
    """Add :func:`place_bonus` to each place's gain (``ends[0]``: standing still)."""
    shooters = any(o.card.range > 0 and o.castle is None for o in foes)
    holding = holds(state, w)
    now = place_bonus(state, w, ends[0], shooters, holding)
    terrain = state.terrain
    start = terrain.elevation(ends[0])
    way_down = _way_down(state, w, foes)
    if way_down is not None:
        now -= way_down(ends[0])
    for k in range(1, len(ends)):
        at = ends[k]
        if terrain.abrupt_split(start, terrain.elevation(at)) \
                and (w.id, w.x, w.y, at) not in _VIA:
            # Up or down only by an access point (Castle rules, Access Points): never
            # reached straight, however good.
            gains[k] = UNREACHED
            continue
        if terrain.position_violation(w.discs_at(at, w.facing)) is not None:
            gains[k] = UNREACHED  # astride a top's edge
            continue
        gains[k] += place_bonus(state, w, at, shooters, holding) - now
        if way_down is not None:
            gains[k] -= way_down(at)


def _way_down(state: State, w: Warrior, foes: list[Warrior]
              ) -> Callable[[tuple[float, float]], float] | None:
    """While the castle player's side sallies out (:func:`sallying`), what standing at a
    place costs ``w`` beyond the straight way to the enemy that the reading counts: on the
    castle's tops, the walkway to the nearest access point (an open door, a ladder), the
    step down and on from the ground beyond it (Castle rules, Access Points: a wall has
    none of its own); on the ground, the way round the castle's sections (a warrior let
    down inside the walls walks out round their ends: a section's tops are abrupt
    elevated terrain, reached only by its access points -- Castle rules, Access Points;
    RULES_NOTES.md, Castles, Terrain -- and this reckoning goes round whole footprints,
    an archway's passage too, an estimate that keeps it cheap); at the sally's pull per
    inch. None when not sallying."""
    spots = [(o.x, o.y) for o in foes if o.castle is None]
    if not spots or not sallying(state, w.owner):
        return None
    terrain = state.terrain
    # positions.Reading's pull while not ahead, that the detour is weighed as the way is
    pull = positions.APPROACH * (1.0 + positions.PRESSURE * state.round) * SALLY_APPROACH
    hypot = math.hypot
    ground = _ground_way(state, w, spots)

    def nearest(p: tuple[float, float]) -> float:
        return min(hypot(x - p[0], y - p[1]) for x, y in spots)

    exits: dict[int, list[tuple[tuple[float, float], float]]] = {}
    step = w.half_length
    climbs = occupies(w)

    def cost(at: tuple[float, float]) -> float:
        level = terrain.elevation(at)
        if level is None or not climbs:
            return pull * max(0.0, ground(at) - nearest(at))
        found = exits.get(level)
        if found is None:
            found = exits[level] = []
            for k in terrain.groups.get(level, (level,)):
                poly = terrain.features[k].polygon
                for a, b in terrain.features[k].stairs:
                    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                    # On from the ground just off the top (where access_moves ends the
                    # way down), not from the access point's middle: a ladder against a
                    # wall's inner face lets its warriors down inside the castle, farther
                    # from the enemy than the wall's top, and the step down is a move.
                    out = _off_top(poly, a, b, step)
                    found.append((mid, step + ground(out)))
        if not found:
            return 0.0  # no way down: standing anywhere here is the same
        via = min(hypot(m[0] - at[0], m[1] - at[1]) + on for m, on in found)
        return pull * max(0.0, via - nearest(at))

    return cost


def _ground_way(state: State, w: Warrior, spots: list[tuple[float, float]]
                ) -> Callable[[tuple[float, float]], float]:
    """The length of ``w``'s way on the ground from a place to the nearest of ``spots``,
    round the footprints of the standing castle sections: straight when nothing stands
    in between, else by their corners (set out by ``w``'s base from them)."""
    polys = [s.castle.footprint for s in (state.warriors[i] for i in state.sections)
             if s.on_table and s.castle is not None]
    hypot = math.hypot
    size = state.table
    r = w.half_length + 0.05

    def clear(a: tuple[float, float], b: tuple[float, float]) -> bool:
        return not any(g.segment_enters_polygon(a, b, poly) for poly in polys)

    corners: list[tuple[float, float]] = []
    for poly in polys:
        n = len(poly)
        for k in range(n):
            p, q, o = poly[k - 1], poly[k], poly[(k + 1) % n]
            ox = oy = 0.0
            for a, b in ((p, q), (q, o)):
                dx, dy = b[0] - a[0], b[1] - a[1]
                length = hypot(dx, dy) or 1.0
                nx, ny = dy / length, -dx / length
                if g.point_in_polygon((q[0] + 0.05 * nx + 0.025 * dx / length,
                                       q[1] + 0.05 * ny + 0.025 * dy / length), poly):
                    nx, ny = -nx, -ny  # (nx, ny) points out of the footprint
                ox, oy = ox + nx, oy + ny
            c = (q[0] + r * ox, q[1] + r * oy)
            if 0.0 <= c[0] <= size and 0.0 <= c[1] <= size \
                    and not any(g.point_in_polygon(c, other) for other in polys):
                corners.append(c)
    # The way from each corner to the nearest spot (Dijkstra over the corners).
    far = math.inf
    rest = [min((hypot(x - c[0], y - c[1]) for x, y in spots if clear(c, (x, y))),
                default=far) for c in corners]
    done = [False] * len(corners)
    for _ in corners:
        k = min((j for j in range(len(corners)) if not done[j]), key=rest.__getitem__)
        done[k] = True
        if rest[k] == far:
            break
        for j in range(len(corners)):
            if not done[j]:
                d = rest[k] + hypot(corners[j][0] - corners[k][0],
                                    corners[j][1] - corners[k][1])
                if d < rest[j] and clear(corners[k], corners[j]):
                    rest[j] = d
    found: dict[tuple[float, float], float] = {}

    def way(p: tuple[float, float]) -> float:
        known = found.get(p)
        if known is not None:
            return known
        d, near = min((hypot(x - p[0], y - p[1]), (x, y)) for x, y in spots)
        if not clear(p, near):
            d = min((hypot(c[0] - p[0], c[1] - p[1]) + rest[k]
                     for k, c in enumerate(corners) if rest[k] < far and clear(p, c)),
                    default=d)
            d = min([d, *(hypot(x - p[0], y - p[1]) for x, y in spots
                          if clear(p, (x, y)))])
        found[p] = d
        return d

    return way


# --- deployment -------------------------------------------------------------------------


def deploy_spots(state: State, w: Warrior) -> list[tuple[float, float]]:
    """Castle rules, Playing Area and Set-Up: "The castle player's warriors may begin the
    game on top of their castle sections": a shooter's places there, the outermost
    (nearest the enemy) first; nothing for a warrior that may not occupy a section or
    has no range (it stands in front of the walls, where the default places put it)."""
    if state.castle_player != w.owner or w.card.range <= 0 or not occupies(w):
        return []
    foes = [o for o in state.players if o.team != state.players[w.owner].team]
    if not foes:
        return []
    x0, y0, x1, y1 = foes[0].area
    ex, ey = (x0 + x1) / 2, (y0 + y1) / 2
    spots = []
    for i in state.sections:
        s = state.warriors[i]
        if s.on_table and s.castle is not None:
            spots += top_spots(state, s)
    return sorted(spots, key=lambda p: (math.hypot(p[0] - ex, p[1] - ey), p))


def deploy_here(state: State, w: Warrior, at: tuple[float, float]) -> bool:
    """May ``w`` begin at ``at`` by the siege's plan? A fighter of the castle player
    begins on the ground, where it can sally out (a wall has no access points but
    ladders: Castle rules, Walls); any place serves the others."""
    return state.castle_player != w.owner or w.card.range > 0 or top_of(state, at) is None


def standing_on(state: State, w: Warrior) -> Warrior | None:
    """The section ``w`` stands on (the engine's reading), for the tests and reports."""
    return castle_standing_on(state, w)


# --- the castle section as the AI plays it ---------------------------------------------------


class CastleSectionPlay(FigurePlay):
    """How the AI plays a castle section (ai.figure_play), once the castle stands: it
    never moves, shoots far, is read as a gun, and what a breach is worth."""

    kind = "castle section"
    weighed_by_clicks = False
    # Castle rules, General Rules: a section is in base contact with no one; its places
    # are where a front arc touches it (places).
    contact_places = False
    # Castle rules, General Rules: a section "Can never move or be moved".
    moves_alone = False
    # A siege's playout moves cost up to twice a field battle's (every step is checked
    # against the walls, the ladders, the portals): at the whole default budget its
    # longest decision took 4.2 s of CPU, over the 3 s the expert is allowed.
    search_share = 0.5

    def damage_value(self, w: Warrior, clicks: float, section: int = -1) -> float:
        if w.castle is None:
            return super().damage_value(w, clicks, section)
        return section_damage_value(w, clicks)

    def reach(self, game: State, w: Warrior, foes: list[Warrior]) -> float:
        # Castle rules, Long Range Attacks: a section shoots twice as far at some.
        return super().reach(game, w, foes) if w.castle is None else reach(game, w, foes)

    def dial_reading(self, w: Warrior, o: Warrior, scared: bool
                     ) -> positions.DialReading | None:
        # Castle rules: a section is read as the siege reads it.
        return None if o.castle is None else dial_reading(w, o, scared)

    def gun(self, o: Warrior) -> bool:
        # Castle rules, Attacks: a section's shots are read with the guns (never within
        # 4").
        return o.castle is not None

    def threatens(self, game: State, o: Warrior, w: Warrior) -> bool:
        if o.castle is None:
            return super().threatens(game, o, w)
        # Castle rules, Actions and Attacks: a section only shoots, with a range and an
        # attack above 0 (a wall never), measured horizontally from its centre point,
        # never at a target 4" away or less; twice as far at a multiple-dial warrior or a
        # section (Long Range Attacks). Nothing strikes from it in close combat.
        if o.card.range <= 0 or o.stats.attack <= 0:
            return False
        d = math.hypot(w.x - o.x, w.y - o.y)
        return CASTLE_MIN_RANGE < d <= reach(game, o, [w]) + w.half_length + 0.1

    def closed_on(self, w: Warrior, o: Warrior, dial: positions.DialReading
                  ) -> positions.DialReading | None:
        # Castle rules, Attacking the Castle: closed on only by the attackers the rules
        # list, and without its shots (read with the guns).
        return unarmed(dial) if target_foe(w, o) else None


CASTLE_SECTION = register(CastleSectionPlay())
