"""How the heuristic player fights a siege (the castle rules, seed 004: "Castle rules").

The castle player mans its walls and towers (its warriors begin on the sections' tops and
step onto them where a place there pays: the fortification value is added to their
defense against ranged attacks, with the height advantage), opens a portal to let its
warriors through and shuts it when an enemy comes near, and shoots with its sections
(long range at multiple-dial warriors and sections). The besieger aims only at what the
rules let it attack: a section is a target only for the attackers the rules list (the
engine's ``castle_attack_violation``), who walk up to it, front arc touching, and hit it
where a breach pays most (a section with portals first); the others go for the castle's
warriors, or climb onto the walls by ladders and open portals. The engine's listing
checks every action, so no illegal section attack is ever tried: the reading here only
says what each is worth.

Nothing here is asked in a game without a castle (``state.sections`` is empty), so such
games play exactly as before.
"""

from __future__ import annotations

import math

from armybuilder.ai import positions, tactics
from armybuilder.engine import (
    NOBODY,
    Game,
    SetPortal,
    State,
    Warrior,
    castle_approach_spots,
    castle_attack_violation,
    castle_breached,
    castle_close_targets,
    castle_fortification,
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
CLIMB = 0.6
#: Of a next-turn attack on a section, the share a place touching it is worth (the same
#: share positions.Reading gives a chance to strike).
STRIKE_SHARE = 0.6
#: The castle player's warriors close on the enemy at this share of the usual pull while
#: ahead. 0.3 (with SAFE 0.3) scored 65% of 40 games as the defender against the random
#: player, 1.0 and 0 scored 67.5%: no gain seen, so both are neutral until measured again.
DEFENDER_APPROACH = 1.0
#: What standing on one of our own sections is worth besides the fortification: out of
#: reach of blows from the ground but across access points (Castle rules, Close Combat).
SAFE = 0.0
#: Places along a wall's walkway tried, besides its middle (inches from the middle).
ALONG = (-2.0, 2.0)


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


def approach_share(state: State, w: Warrior, leading: bool) -> float:
    """The share of positions.APPROACH that draws ``w`` towards the enemy: while its side
    is ahead, the castle player's warriors hold the castle (its sections score as
    survivors, Castle rules, Victory Points, and the besieger must come into the
    sections' fire to score), so they close in slowly; otherwise in full."""
    if leading and state.players[w.owner].team == \
            state.players[state.castle_player].team:
        return DEFENDER_APPROACH
    return 1.0


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
            action = SetPortal(me, wid, p.name, want)
            if game.is_legal(action):
                return action
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
    for i in state.sections:
        s = state.warriors[i]
        if not s.on_table or s.castle is None:
            continue
        for p in top_spots(state, s):
            if math.hypot(p[0] - w.x, p[1] - w.y) <= reach_:
                out.append((p, None, positions.nearest_facing(
                    [(o.x, o.y) for o in foes if o.castle is None], p, w.facing)))
    return out


def place_bonus(state: State, w: Warrior, at: tuple[float, float],
                shooters: bool) -> float:
    """What standing at ``at`` adds in a siege, beyond positions.Reading: on one of our
    sections, the fortification value and height advantage against the enemy's shots
    (Castle rules, Attacking Warriors on Castle Sections) when the enemy has shooters; on
    an enemy section, a foothold inside the castle; touching an enemy section ``w`` may
    strike in close combat, the blow it could land next turn (Attacking the Castle)."""
    bonus = 0.0
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
    now = place_bonus(state, w, ends[0], shooters)
    for k in range(1, len(ends)):
        gains[k] += place_bonus(state, w, ends[k], shooters) - now


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
