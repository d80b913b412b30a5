"""Castle sections as figures, and the fighting at a castle (the castle rules, seed 004,
"Castle rules" below).

A castle section is a :class:`~armybuilder.engine.state.Warrior` whose ``castle`` slot
holds its :class:`~armybuilder.engine.castle.Section` (the terrain side of it is
:mod:`armybuilder.engine.castle`). This module holds what makes it a figure unlike the
others: its general rules (what cannot affect it), its actions (ranged only, pushed
without damage, the keep's extra action), its own ranged attacks (from its centre point,
never blocked by bases, nothing within 4", long range), who may attack it and how (the
attackers the rules list, close combat by a front arc touching it, never the section one
stands on), the fortification modifier of warriors standing on a section, breaches
and their victory points (damage and elimination go through State.damage).

Every rule here is asked only when ``state.sections`` is non-empty: a game without a
castle never reaches this code.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from armybuilder.engine import castle
from armybuilder.engine import geometry as g
from armybuilder.engine.abilities import DEMORALIZED
from armybuilder.engine.castle import KEEP, WALL, Section
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior

if TYPE_CHECKING:
    from armybuilder.engine.abilities import AttackPlan

GENERAL = "Castle rules, General Rules"
ACTIONS = "Castle rules, Actions"
ATTACKS = "Castle rules, Attacks"
LONG_RANGE = "Castle rules, Long Range Attacks"
ATTACKING = "Castle rules, Attacking the Castle"
ON_SECTIONS = "Castle rules, Attacking Warriors on Castle Sections"

#: Castle rules, Attacks: "A castle section may not make a ranged combat attack against a
#: target if the range to that target is 4 inches or less."
MIN_RANGE = 4.0
#: Castle rules, Long Range Attacks: double the range, printed ranged damage less 2.
LONG_RANGE_FACTOR = 2
LONG_RANGE_DAMAGE = 2
#: Castle rules, Attacking the Castle: "Warriors who have a printed damage value of 4 or
#: more" (close combat) and "a printed ranged damage value of 4 or more" (ranged).
HEAVY_DAMAGE = 4
#: Castle rules, Attacking Warriors on Castle Sections: the seed's example totals 16 + 1
#: + 3 as 19 "after the rule of 3 is applied": the height advantage and the fortification
#: together (with the hindering modifier) raise the defense by at most 3 (RULES_NOTES.md,
#: Castles, Attacks).
RULE_OF_THREE = 3
#: Castle rules, General Rules: the abilities of the list that the catalogue carries
#: (Immobilize, Leadership and Life Drain are not on any of its dials).
UNAFFECTED = frozenset({"Healing", "Magic Confusion", "Magic Freeze", "Magic Healing",
                        "Magic Levitation", "Vampirism", "Venom"})
#: Castle rules, Attacking the Castle: the listed abilities the catalogue carries ("Mage
#: Blast" is the catalogue's Magic Blast; Bombardment, Explosive Damage, Crushing Blow,
#: Smite and Thunder Blow are on none of its dials: RULES_NOTES.md, Castles).
RANGED_BREAKERS = frozenset({"Magic Blast"})
PIERCE = "Pierce"
RAM = "Ram"
#: The log's name for the fortification modifier (combat.Strike.defense_why).
FORTIFICATION = "fortification"


def section_of(w: Warrior) -> Section:
    section = w.castle
    if section is None:
        raise IllegalAction(GENERAL, f"{w.label} is not a castle section")
    return section


def sections(state: State) -> list[Warrior]:
    """The castle sections still on the battlefield."""
    return [w for w in (state.warriors[i] for i in state.sections) if w.on_table]


def fortification(w: Warrior) -> int:
    """Castle rules: "For castles, the Speed symbol is replaced by the Fortification
    symbol": the fortification value showing (the speed slot of the dial)."""
    return w.stats.speed


def breached_showing(w: Warrior) -> bool:
    """Castle rules, Portals: "A castle section that is showing the Demoralized special
    ability has been breached. Wall sections are breached when the fortification value
    appears in yellow" (Demoralized's colour, in the wall's speed slot: Castle rules,
    Walls)."""
    return DEMORALIZED in w.showing


def is_breached(w: Warrior) -> bool:
    """Castle rules, Portals: has the section been breached (it stays so)?"""
    return w.castle is not None and w.castle.breached


# --- the general rules -------------------------------------------------------------------


def unaffected(t: Warrior, ability: str | None) -> str | None:
    """Castle rules, General Rules: abilities that cannot affect a castle section."""
    if t.castle is not None and ability in UNAFFECTED:
        return f"{GENERAL}: a castle section cannot be affected by {ability}"
    return None


def standing_on(state: State, w: Warrior) -> Warrior | None:
    """The castle section whose top ``w`` stands on (its centre dot on one of the
    section's tops, planking included: Castle rules, Planking and Ladders), or None."""
    if w.castle is not None or not w.on_table:
        return None
    top = state.terrain.elevation((w.x, w.y))
    if top is None:
        return None
    for s in sections(state):
        section = s.castle
        if section is not None and section.feature >= 0 and top in section.features:
            return s
    return None


# --- actions ------------------------------------------------------------------------------


def action_violation(state: State, w: Warrior, kind: str) -> str | None:
    """Castle rules, Actions: "A ranged combat action can be given to any active castle
    section that has a range and attack value greater than 0. Castle sections may not be
    given move, close combat or special actions." A pass is an action like any other
    (Rulebook III, Action List)."""
    if kind == "pass":
        return None
    if kind != "ranged":
        return f"{ACTIONS}: a castle section may be given only a ranged combat action"
    if w.card.range <= 0 or w.stats.attack <= 0:
        return (f"{ACTIONS}: a ranged combat action needs a section with range and attack "
                "values greater than 0")
    return None


def extra_actions(state: State, player: int) -> int:
    """Castle rules, Actions, Mage Knight: "a player receives 1 extra action per turn as
    long as his army contains a keep section" (a keep still on the battlefield)."""
    for s in sections(state):
        section = s.castle
        if s.owner == player and section is not None and section.piece == KEEP:
            return 1
    return 0


# --- who may attack a section -----------------------------------------------------------


def multiple_dial(w: Warrior) -> bool:
    """A multiple-dial warrior (a chariot), or a castle section, which "may make and be
    targeted by long-range combat attacks as if they were multiple-dial warriors"."""
    return w.chariot is not None or w.castle is not None


def attacker_violation(w: Warrior, kind: str, plan: AttackPlan | None = None) -> str | None:
    """Castle rules, Attacking the Castle: may ``w`` target a castle section with this
    kind of attack (``plan``: the action's; None: a formation member's part in it)?"""
    if multiple_dial(w):
        return None  # "Multiple-dial warriors."
    names = w.abilities if plan is None else plan.abilities
    damage = w.stats.damage  # the value printed on the dial, before any modifier
    if kind == "ranged":
        if plan is not None and plan.mode in RANGED_BREAKERS:
            return None  # "... a ranged combat attack using the Mage Blast ... abilities"
        if (plan.pierce if plan is not None else PIERCE in names):
            return None  # "... using the ... Pierce abilities"
        if damage >= HEAVY_DAMAGE:
            return None  # "... a printed ranged damage value of 4 or more"
        return (f"{ATTACKING}: only multiple-dial warriors, Magic Blast or Pierce, or a "
                "printed damage value of 4 or more may make a ranged attack on a castle "
                "section")
    if damage >= HEAVY_DAMAGE:
        return None  # "... a printed damage value of 4 or more making a close combat attack"
    if RAM in names:
        return None  # "... the Ram special ability making a close combat attack"
    return (f"{ATTACKING}: only multiple-dial warriors, Ram, or a printed damage value of 4 "
            "or more may attack a castle section in close combat")


def target_violation(state: State, a: Warrior, t: Warrior, kind: str,
                     plan: AttackPlan | None = None) -> str | None:
    """What forbids ``a``'s attack of ``kind`` on castle section ``t`` (beyond the
    ordinary rules): the listed attackers only, the abilities that cannot affect it, and
    "A warrior may never attack a castle section on which they are standing"."""
    if plan is not None and plan.mode is not None:
        why = unaffected(t, plan.mode)
        if why:
            return why
    if plan is not None and (plan.heal or plan.friendly):
        # Castle rules, General Rules: "Cannot be healed" (Healing, Magic Healing).
        return f"{GENERAL}: a castle section cannot be healed"
    if plan is not None and plan.freeze and not plan.damaging:
        return f"{GENERAL}: a castle section cannot be affected by Magic Freeze"
    if t.team == a.team:
        return None  # the ordinary rules refuse it (Targeting Friendly Figures)
    why = attacker_violation(a, kind, plan)
    if why:
        return why
    on = standing_on(state, a if a.riding == NOBODY else state.warriors[a.riding])
    if on is t:
        return f"{ATTACKING}: a warrior may never attack a castle section on which he stands"
    return None


def front_touches(state: State, a: Warrior, t: Warrior) -> bool:
    """Castle rules, Attacking the Castle: "opposing figures whose front arcs are touching
    a castle section may attack it as if they were in base contact with it": part of
    ``a``'s front arc is within the contact allowance (Rulebook VIII, Etiquette 3) of the
    section's footprint, where ``a``'s base comes nearest it."""
    section = t.castle
    if section is None or not a.on_table:
        return False
    return polygon_front_touches(a, section.footprint)


def polygon_front_touches(a: Warrior, poly: g.Polygon) -> bool:
    """Is part of ``a``'s front arc within the contact allowance of footprint ``poly``
    (a castle section's; a World Conquest fortification's, engine/fortifications.py)?"""
    discs = a.discs
    for k, (x, y, r) in enumerate(discs):
        if g.boundary_distance((x, y), poly) > r + g.CONTACT_TOLERANCE:
            continue
        q = nearest_on_boundary((x, y), poly)
        d = math.hypot(q[0] - x, q[1] - y)
        rim = (x, y) if d <= 1e-12 else (x + (q[0] - x) * r / d, y + (q[1] - y) * r / d)
        if a.arc >= 360 or (k == 0 and g.rim_in_front_arc(discs, a.facing, a.arc, rim)):
            return True
    return False


def nearest_on_boundary(p: g.Point, poly: g.Polygon) -> g.Point:
    """The point of ``poly``'s boundary nearest ``p``."""
    best, found = math.inf, poly[0]
    n = len(poly)
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 <= 0.0 else max(0.0, min(1.0, ((p[0] - ax) * dx
                                                          + (p[1] - ay) * dy) / length2))
        q = (ax + t * dx, ay + t * dy)
        d = math.hypot(q[0] - p[0], q[1] - p[1])
        if d < best:
            best, found = d, q
    return found


def close_targets(state: State, a: Warrior) -> list[Warrior]:
    """The castle sections ``a``'s front arc touches (close combat candidates)."""
    return [t for t in sections(state) if front_touches(state, a, t)]


# --- a section firing ------------------------------------------------------------------


def range_violation(firer: Warrior, t: Warrior) -> str | None:
    """Castle rules, Attacks: no target within 4" (measured horizontally, as every
    distance on the plane is)."""
    if firer.castle is not None and math.hypot(t.x - firer.x, t.y - firer.y) \
            <= MIN_RANGE + g.EPS:
        return (f"{ATTACKS}: a castle section may not make a ranged combat attack against a "
                "target 4 inches away or less")
    return None


def long_range_violation(firer: Warrior, targets: list[Warrior]) -> str | None:
    """Castle rules, Long Range Attacks: given by a castle section to a ranged combat
    action whose target is a multiple-dial warrior or an opposing castle section (the
    catalogue has no titans)."""
    if firer.castle is None:
        return f"{LONG_RANGE}: only a castle section makes a long-range attack"
    for t in targets:
        if not multiple_dial(t):
            return (f"{LONG_RANGE}: the target must be a multiple-dial warrior, a titan or "
                    "an opposing castle section")
    return None


def make_long(plan: AttackPlan) -> None:
    """Castle rules, Long Range Attacks: "the firer may double the range value of the
    castle section while reducing its printed ranged damage value by 2"."""
    plan.range *= LONG_RANGE_FACTOR
    plan.damage = max(0, plan.damage - LONG_RANGE_DAMAGE)


# --- warriors on sections ---------------------------------------------------------------


def fortification_modifier(state: State, attacker: Warrior, t: Warrior,
                           already: int = 0) -> int:
    """Castle rules, Attacking Warriors on Castle Sections: a ranged attack's target
    standing on a castle section adds the section's fortification value showing to its
    defense; not when the attacker is also on a castle section, nor on a wall section
    when the line of fire crosses no section's outside edge. ``already``: the terrain
    modifiers the target has (hindering, height advantage): with them the defense rises
    by at most 3 (the seed's "rule of 3")."""
    if t.castle is not None:
        return 0
    on = standing_on(state, t)
    if on is None:
        return 0
    origin = attacker if attacker.riding == NOBODY else state.warriors[attacker.riding]
    if attacker.castle is not None or standing_on(state, origin) is not None:
        return 0  # "... if the attacker is also on a castle section"
    section = section_of(on)
    if section.piece == WALL and not crosses_outside(state, (origin.x, origin.y), (t.x, t.y)):
        return 0
    value = max(0, fortification(on))
    return max(0, min(value, RULE_OF_THREE - already))


def outside_edges(section: Section) -> list[tuple[g.Point, g.Point]]:
    """The edges of a section's footprint that face out of the castle: those whose outward
    normal leans toward the piece's +y (imports/castle_pieces.csv: +y points out of the
    castle, toward the enemy)."""
    out = (-math.sin(section.rotation), math.cos(section.rotation))
    return [(a, b) for a, b, (nx, ny) in g.outward_edges(section.footprint)
            if nx * out[0] + ny * out[1] > 0.5]


def crosses_outside(state: State, a: g.Point, b: g.Point) -> bool:
    """Does the line from ``a`` to ``b`` cross the outside edge of any castle section?"""
    for s in (state.warriors[i] for i in state.sections):
        section = s.castle
        if section is None:
            continue
        for p, q in outside_edges(section):
            if g.segments_cross(a, b, p, q):
                return True
    return False


# --- damage, breaches and elimination -------------------------------------------------


def breach(state: State, w: Warrior, by: int | None) -> None:
    """Castle rules, Portals: breached as soon as Demoralized shows; the player whose
    figure caused it scores half its points if it survives (Victory Points)."""
    section = section_of(w)
    if section.breached:
        return
    castle.breach(state, w, NOBODY if by is None else by)


def breach_points(state: State) -> list[int]:
    """Castle rules, Victory Points: "If the castle section has been breached, but not
    eliminated, the player whose figure caused it to become breached gets elimination
    points equal to half the castle section's point value, rounded down." By player."""
    out = [0] * len(state.players)
    for i in state.sections:
        w = state.warriors[i]
        section = w.castle
        if section is None or not section.breached or not w.on_table \
                or w.eliminations or section.breached_by == NOBODY:
            continue
        scorer = state.players[section.breached_by]
        if scorer.team != w.team:
            out[scorer.index] += w.card.points // 2
    return out


# --- the listing's candidates -----------------------------------------------------------

#: How far from a footprint a warrior stands to touch it (within the contact allowance).
APPROACH_GAP = 0.01


def approach_spots(state: State, w: Warrior, limit: float) -> list[tuple[g.Point, float]]:
    """Places (and facings) within ``limit`` of ``w`` where its front arc would touch an
    opposing castle section from outside: three along each edge of its footprint, facing
    the edge (unchecked: the listing checks each move)."""
    return polygon_approach_spots(w, [t.castle.footprint for t in sections(state)
                                      if t.castle is not None and t.team != w.team], limit)


def polygon_approach_spots(w: Warrior, polys: list[g.Polygon], limit: float
                           ) -> list[tuple[g.Point, float]]:
    """approach_spots for footprints ``polys`` (a World Conquest fortification's too)."""
    out: list[tuple[g.Point, float]] = []
    reach = w.half_length + APPROACH_GAP
    for poly in polys:
        if g.boundary_distance((w.x, w.y), poly) > limit + reach + g.EPS:
            continue
        for a, b, (nx, ny) in g.outward_edges(poly):
            dx, dy = b[0] - a[0], b[1] - a[1]
            for f in (0.25, 0.5, 0.75):
                q = (a[0] + f * dx, a[1] + f * dy)
                end = (q[0] + nx * reach, q[1] + ny * reach)
                if math.hypot(end[0] - w.x, end[1] - w.y) <= limit + g.EPS:
                    out.append((end, math.atan2(-ny, -nx)))
    return out
