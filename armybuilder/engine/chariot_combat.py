"""Attacking a chariot, and a chariot's sections attacking (Chariot rules, Attacking a
Chariot, Ranged Combat, Close Combat; FAQ, Chariot Combat Actions for passengers).

"When a chariot is the target of an attack, only one section will be affected by that
attack": the one the (primary) attacker's line of fire crosses as it is drawn to the
chariot's centre dot, or the one the (primary) attacker is in base contact with. An
inactive section lets the attacker choose another active one (``aim`` in the action); a
borderline leaves the choice to the chariot's player (a decision owed before the roll),
and either section that could not legally be attacked forbids the attack.

A section given a ranged combat action fires from the centre dot through (or along the
borderline of) its own wedge of the base, while no opposing figure touches it; one given a
close combat action attacks a figure touching it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from armybuilder.engine import castle_combat, chariots, combat, passengers, ranged, turns
from armybuilder.engine import geometry as g
from armybuilder.engine.abilities import REGISTRY, AttackPlan, LineOfFireContext
from armybuilder.engine.actions import CloseAttack, RangedAttack
from armybuilder.engine.bases import SECTIONS
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior

if TYPE_CHECKING:
    from armybuilder.engine.ranged import Shot

ATTACKING = "Chariot rules, Attacking a Chariot"
RANGED = "Chariot rules, Ranged Combat"
CLOSE = "Chariot rules, Close Combat"
#: Chariot rules, Special Abilities: the section firing shows its edge as its front arc.
SECTION_ARC = 180

Resolved = tuple[int, tuple[int, ...], str | None]  # section, options, the aim used


# --- which section an attack affects -------------------------------------------------------


def ranged_sections(firer: Warrior, t: Warrior) -> tuple[int, ...]:
    """Chariot rules, Attacking a Chariot: the section the line of fire from ``firer``'s
    centre dot crosses as it is drawn to ``t``'s centre dot; the two it divides when the
    line runs along a borderline (within the contact allowance of where the borderline
    meets the outside of the base: Rulebook VIII, Etiquette 3)."""
    shape = chariots.shape(t)
    a, c = (firer.x, firer.y), (t.x, t.y)
    for point, pair in shape.border_points(t.x, t.y, t.facing):
        if g.segment_point_distance(a, c, point) <= g.CONTACT_TOLERANCE:
            return pair
    return (shape.section_toward(g.bearing(c, a) - t.facing),)


def close_sections(state: State, a: Warrior, t: Warrior) -> tuple[int, ...]:
    """Chariot rules, Attacking a Chariot: the sections of ``t`` in base contact with the
    attacker (or, across a low wall, the one nearest it); two on a borderline."""
    geo = _geometry(state, a)
    touched = tuple(chariots.touching_sections(state, t, geo))
    if touched:
        return touched
    discs = t.discs
    return (min(range(len(SECTIONS)), key=lambda k: g.discs_gap((discs[k],), geo.discs)),)


def _geometry(state: State, a: Warrior) -> Warrior:
    """The figure whose base stands for ``a``: a passenger fights from his chariot."""
    return state.warriors[a.riding] if a.riding != NOBODY else a


def resolve(t: Warrior, natural: tuple[int, ...], aim: str | None,
            legal: Callable[[int], str | None]) -> Resolved | str:
    """The section an attack on chariot ``t`` affects, from the ``natural`` one(s):
    (section, options for its player on a borderline, the aim used) or why it cannot be
    made (Chariot rules, Attacking a Chariot)."""
    live = tuple(k for k in natural if chariots.active(t, k))
    if not live:
        # "If the section that would be affected by an attack is inactive, the attacker can
        # choose any other active section to resolve his attack against (provided that the
        # attack would otherwise be legal)."
        if aim is None:
            return (f"{ATTACKING}: the {'/'.join(SECTIONS[k] for k in natural)} section is "
                    "inactive; name the active section attacked instead")
        k = chariots.section_index(aim)
        if not chariots.active(t, k):
            return f"{ATTACKING}: only active sections can be affected by attacks"
        why = legal(k)
        return why if why else (k, (), aim)
    if aim is not None:
        return (f"{ATTACKING}: the attacker chooses the section only when the one affected "
                "is inactive")
    for k in live:
        # "If either or both of these two sections could not legally be attacked ... the
        # attack cannot be made."
        why = legal(k)
        if why:
            return why
    if len(live) == 1:
        return live[0], (), None
    return -1, live, None


# --- a chariot fired at ------------------------------------------------------------------


def ranged_target_violation(state: State, firer: Warrior, t: Warrior,
                            plan: AttackPlan | None) -> str | None:
    """What forbids firing at chariot ``t`` at all, whatever section is affected."""
    if not t.on_table:
        return "Rulebook III, Ranged Combat: the target is not on the battlefield"
    if firer.riding == t.id:
        return ("Chariot rules, Passenger Combat Actions: a passenger cannot target his "
                "chariot for any purpose")
    mode = None if plan is None else plan.mode
    why = chariots.unaffected(t, mode)
    if why:
        return why
    if plan is not None and plan.freeze and not plan.damaging and not plan.everyone:
        return chariots.unaffected(t, "Magic Freeze")
    if plan is not None and plan.friendly:
        return (f"Special Abilities Card, {plan.mode}: the target must be a friendly figure "
                "it can affect")
    if t.team == firer.team:
        return ("Rulebook III, Targeting Friendly Figures: a friendly figure cannot be the "
                "target of a damaging attack")
    return None


def _section_legal(state: State, firer: Warrior, t: Warrior, plan: AttackPlan,
                   blocked: str | None, hindering: bool) -> Callable[[int], str | None]:
    """Whether section ``k`` of ``t`` may be attacked by this ranged combat action."""
    def legal(k: int) -> str | None:
        if not plan.everyone and firer.controller == NOBODY:
            disc = (t.discs[k],)
            for o in state.warriors:
                if o.on_table and o.team == firer.team and o.controller == NOBODY \
                        and o is not t and state.bases_touch(disc, o.discs):
                    return (f"{ATTACKING}: a section cannot be attacked by a ranged combat "
                            "action if a figure friendly to the firer is in contact with it")
        why = combat.targeting_violation(state, firer, t, plan, k)
        if why:
            return why
        hooks = REGISTRY.hooks_for("line_of_fire", combat.target_abilities(t, plan, k))
        if hooks and not plan.unblockable:
            lctx = LineOfFireContext(role="target", firer=firer, target=t, blocked=blocked,
                                     hindering=hindering, plan=plan)
            for fn in hooks:
                fn(state, t, lctx)
            if lctx.blocked:
                return lctx.blocked
        return None
    return legal


def shot(state: State, firer: Warrior, t: Warrior, plan: AttackPlan, aim: str | None
         ) -> Shot | str:
    """The shot at ``t`` of a ranged combat action (a chariot fired at, a chariot's section
    or a passenger firing), or why it may not be made."""
    why = firing_violation(state, firer, t, plan)
    if why is None:
        if t.chariot is None:
            why = ranged.target_violation(state, firer, t, plan)
        else:
            why = ranged_target_violation(state, firer, t, plan)
    if why:
        return why
    blocked, hindering, height = ranged.line_of_fire(
        state, firer, t, plan, target_names=() if t.chariot is not None else None,
        firer_view=_view(firer, plan), beside=_mount(state, firer))
    if blocked:
        return blocked
    if t.chariot is None:
        return ranged.Shot(t, hindering, height)
    found = resolve(t, ranged_sections(firer, t), aim,
                    _section_legal(state, firer, t, plan, blocked, hindering))
    if isinstance(found, str):
        return found
    section, options, used = found
    return ranged.Shot(t, hindering, height, section, options, used)


def shots_at(state: State, firer: Warrior, t: Warrior, plan: AttackPlan) -> list[Shot]:
    """Every shot a ranged combat action may make at ``t``: one, or when its natural
    section is inactive, one for each other active section the attacker may name."""
    first = shot(state, firer, t, plan, None)
    if not isinstance(first, str):
        return [first]
    if t.chariot is None or any(chariots.active(t, k) for k in ranged_sections(firer, t)):
        return []
    out = []
    for name in SECTIONS:
        found = shot(state, firer, t, plan, name)
        if not isinstance(found, str):
            out.append(found)
    return out


def _view(firer: Warrior, plan: AttackPlan) -> tuple[tuple[g.Disc, ...], float, int] | None:
    """A chariot's section fires from its own edge (its front arc); a passenger's facing
    is unimportant (Chariot rules, Passenger Combat Actions: his front arc covers the side
    and rear sections, which passengers.shot_violation checks)."""
    if plan.section >= 0:
        return (firer.discs[plan.section],), chariots.outward(firer, plan.section), \
            SECTION_ARC
    if firer.riding != NOBODY:
        return firer.discs, firer.facing, 360
    return None


def _mount(state: State, firer: Warrior) -> Warrior | None:
    """Chariot rules, Passenger Combat Actions: the passenger's own chariot (and his own
    base) never blocks his line of fire."""
    return state.warriors[firer.riding] if firer.riding != NOBODY else None


def firing_violation(state: State, firer: Warrior, t: Warrior, plan: AttackPlan
                     ) -> str | None:
    """What a chariot's section or a passenger may not fire at (nothing for others)."""
    if plan.section >= 0:
        if not through(firer, plan.section, (t.x, t.y)):
            return (f"{RANGED}: the line of fire is drawn from the centre dot and passes "
                    "through or along the borderline of the section given the action")
        return None
    if firer.riding != NOBODY:
        return passengers.shot_violation(state, firer, t, plan)
    return None


def through(w: Warrior, k: int, target: g.Point) -> bool:
    """Does the line from chariot ``w``'s centre dot to ``target`` pass through section
    ``k`` or along one of its borderlines?"""
    return k in chariots.sections_crossed(w, target)


# --- Shockwave and splash ----------------------------------------------------------------


def everyone_in_reach(state: State, firer: Warrior, plan: AttackPlan,
                      aim: str | None) -> list[Shot]:
    """Shockwave among chariots: every figure in reach with a clear line of fire, a
    chariot's section firing only through its own wedge and a passenger never through his
    chariot's front section (nor at it); a chariot in reach is affected on the section the
    line of fire crosses."""
    out = []
    mount = _mount(state, firer)
    for t in state.warriors:
        if t is firer or not t.on_table or t.controller != NOBODY or t is mount:
            continue
        if firing_violation(state, firer, t, plan):
            continue
        blocked, hindering, height = ranged.line_of_fire(
            state, firer, t, plan, target_names=() if t.chariot is not None else None,
            firer_view=_view(firer, plan), beside=mount)
        if blocked:
            continue
        if t.chariot is None:
            out.append(ranged.Shot(t, hindering, height))
            continue
        if chariots.unaffected(t, plan.mode):
            continue
        found = resolve(t, ranged_sections(firer, t), aim if not any(
            chariots.active(t, k) for k in ranged_sections(firer, t)) else None,
            _section_legal(state, firer, t, plan, blocked, hindering))
        if isinstance(found, str):
            raise IllegalAction(found, f"{firer.label}'s Shockwave cannot affect {t.label}")
        section, options, used = found
        out.append(ranged.Shot(t, hindering, height, section, options, used))
    return out


def splashed(state: State, o: Warrior, target: Warrior) -> bool:
    """Special Abilities Card, Flame/Lightning, against a chariot touching a target: only
    its active sections in contact are affected (RULES_NOTES.md, Chariots)."""
    return any(chariots.active(o, k) for k in chariots.touching_sections(state, o, target))


def splash_strike(state: State, o: Warrior, target: Warrior) -> combat.Strike:
    live = tuple(k for k in chariots.touching_sections(state, o, target)
                 if chariots.active(o, k))
    if len(live) == 1:
        return combat.Strike(o, targeted=False, parts=1, section=live[0])
    return combat.Strike(o, targeted=False, parts=1, options=live)


# --- a chariot's section or a passenger given a ranged combat action -----------------------


def _given(state: State, w: Warrior, action: RangedAttack | CloseAttack, kind: str,
           follow_up: bool) -> int:
    """Who is given a combat action: a chariot's section (its index) or a passenger (-1);
    IllegalAction when neither may be (Chariot rules, Actions, Ranged and Close Combat;
    Passenger Combat Actions; General Rules: no formation)."""
    if action.formation:
        raise IllegalAction("Chariot rules, General Rules: a chariot cannot be part of a "
                            "formation; a passenger touches no one to form up with",
                            "no formation")
    what = "a ranged" if kind == "ranged" else "a close"
    if w.chariot is not None:
        k = chariots.section_index(action.section)
        why = turns.action_violation(state, w, kind, follow_up) or \
            chariots.section_violation(state, w, k, kind)
        if why:
            raise IllegalAction(why, f"the {SECTIONS[k]} section of {w.label} cannot be "
                                f"given {what} combat action")
        return k
    if w.riding == NOBODY:
        raise IllegalAction(chariots.ACTIONS, f"{w.label} is not a chariot: it has no sections")
    if action.section is not None:
        raise IllegalAction("Chariot rules, Passenger Combat Actions",
                            "a passenger is given the action himself, not a section")
    why = turns.action_violation(state, w, kind, follow_up)
    if why is None and kind == "ranged":
        why = ranged.firer_violation(state, w) or passengers.fire_violation(state, w)
    if why:
        raise IllegalAction(why, f"{w.label} cannot be given {what} combat action")
    return -1


def check_ranged(state: State, action: RangedAttack, follow_up: bool = False
                 ) -> tuple[Warrior, list[Warrior], AttackPlan, list[Shot]]:
    """ranged.check_ranged for a chariot's section or a passenger."""
    firer = state.warriors[action.warrior]
    k = _given(state, firer, action, "ranged", follow_up)
    plan = combat.make_plan(state, firer, "ranged", action.ability, section=k)
    return ranged._aimed(state, action, firer, plan, follow_up)


def mark(state: State, w: Warrior, k: int) -> None:
    """A section given a ranged or close combat action: its action, the chariot's token,
    and no move for the chariot after it this turn (Chariot rules, Movement)."""
    chariots.mark_action(state, w, (k,), nonpass=True)
    chariots.chariot_of(w).fought = state.turn


# --- close combat ------------------------------------------------------------------------


def close_target(state: State, a: Warrior, t: Warrior, plan: AttackPlan, aim: str | None
                 ) -> Resolved | str:
    """The section of chariot ``t`` a close combat action by ``a`` affects."""
    why = chariots.unaffected(t, plan.mode)
    if why:
        return why

    def legal(k: int) -> str | None:
        return combat.targeting_violation(state, a, t, plan, k)

    if plan.section >= 0:
        # A section attacks: the enemy sections touching it.
        mine = (a.discs[plan.section],)
        natural = tuple(k for k in range(len(SECTIONS))
                        if state.bases_touch(mine, (t.discs[k],)))
    else:
        natural = close_sections(state, a, t)
    return resolve(t, natural or close_sections(state, a, t), aim, legal)


def close_targets(state: State, a: Warrior, plan: AttackPlan) -> list[Warrior]:
    """The figures a chariot's section (``plan.section``) or a passenger may attack in
    close combat: touching that section; for a passenger, opposing warriors touching a
    side or the rear section of his chariot."""
    if plan.section >= 0:
        disc = (a.discs[plan.section],)
        found = [o for o in state.contacts(a) if o.on_table and o.controller == NOBODY
                 and state.bases_touch(disc, o.discs)]
        if state.sections:
            # Castle rules, Attacking the Castle: "opposing figures whose front arcs are
            # touching a castle section may attack it as if they were in base contact with
            # it" (a chariot's section: its base touching the footprint, as it attacks the
            # figures its base touches; RULES_NOTES.md, Castles).
            x, y, r = disc[0]
            found += [o for o in castle_combat.sections(state) if o.team != a.team
                      and o.castle is not None and (g.point_in_polygon((x, y), o.castle.footprint)
                                                    or g.boundary_distance(
                          (x, y), o.castle.footprint) <= r + g.CONTACT_TOLERANCE)]
        return found
    return passengers.close_targets(state, a)


def close_violation(state: State, a: Warrior, t: Warrior, plan: AttackPlan,
                    capture: bool) -> str | None:
    """close.target_violation for a chariot's section or a passenger attacking."""
    if capture:
        return f"{chariots.GENERAL}: a chariot cannot capture; Chariot rules, Passenger " \
               "Combat Actions: a passenger cannot make a capture attempt"
    if t is a or t.id == a.riding:
        return ("Chariot rules, Passenger Combat Actions: a passenger cannot target his "
                "chariot for any purpose")
    if not t.on_table or t.controller != NOBODY:
        return "Rulebook III, Close Combat: the target is not on the battlefield"
    if plan.friendly:
        if t.team != a.team:
            return f"Special Abilities Card, {plan.mode}: the target must be a friendly figure"
    elif t.team == a.team:
        return ("Rulebook III, Targeting Friendly Figures: a friendly figure cannot be the "
                "target of a damaging attack")
    if t not in close_targets(state, a, plan):
        if plan.section >= 0:
            return f"{CLOSE}: the target must be in base contact with the section"
        return ("Chariot rules, Passenger Combat Actions: the target must be in base contact "
                "with a side or the rear section of the chariot")
    if t.castle is not None:
        # Castle rules, Attacking the Castle: the section is attacked as if in base contact,
        # whatever the elevations; only the attackers the rules list (multiple-dial
        # warriors are among them).
        return castle_combat.target_violation(state, a, t, "close", plan) or \
            combat.targeting_violation(state, a, t, plan)
    geo = _geometry(state, a)
    if state.terrain.features and state.terrain.abrupt_split(state.elevation(geo),
                                                             state.elevation(t)):
        return ("Rulebook V, Abrupt Elevated Terrain: no close combat between figures on and "
                "off such terrain")
    if t.chariot is None:
        return combat.targeting_violation(state, a, t, plan)
    return None


def check_close(state: State, action: CloseAttack, follow_up: bool = False
                ) -> tuple[Warrior, list[Warrior], list[Warrior], AttackPlan]:
    """close.check_close for a chariot's section or a passenger."""
    a = state.warriors[action.warrior]
    t = state.warriors[action.target]
    k = _given(state, a, action, "close", follow_up)
    plan = combat.make_plan(state, a, "close", action.ability, action.roll_die, section=k)
    why = close_violation(state, a, t, plan, action.capture)
    if why:
        raise IllegalAction(why, f"{a.label} cannot attack {t.label} in close combat")
    if t.chariot is not None:
        found = close_target(state, a, t, plan, action.aim)
        if isinstance(found, str):
            raise IllegalAction(found, f"{a.label} cannot attack {t.label} in close combat")
    elif action.aim is not None:
        raise IllegalAction(ATTACKING, "only a chariot target has sections to aim at")
    targets = [t]
    if plan.all_front:
        # Sweep: every opposing figure the attack can reach (through one arc for a
        # passenger: FAQ, Chariot Combat Actions).
        targets = [o for o in close_targets(state, a, plan)
                   if o.team != a.team and close_violation(state, a, o, plan, False) is None
                   and (o.chariot is None or not isinstance(
                       close_target(state, a, o, plan, None), str))]
        if a.riding != NOBODY:
            arc = passengers.arc_of(state, a, t)
            targets = [o for o in targets if passengers.arc_of(state, a, o) & arc]
        targets.sort(key=lambda o: (o is not t, o.id))
    return a, targets, [a], plan


def close_strike(state: State, a: Warrior, t: Warrior, plan: AttackPlan, aim: str | None,
                 defense: tuple[tuple[str, int], ...], roll: tuple[tuple[str, int], ...]
                 ) -> combat.Strike:
    """The strike of a close combat attack on ``t`` with its named modifiers (defense and
    roll); a chariot's on its section."""
    strike = combat.Strike(t, defense_mod=sum(v for _, v in defense),
                           roll_mod=sum(v for _, v in roll), defense_why=defense, roll_why=roll)
    if t.chariot is None:
        return strike
    found = close_target(state, a, t, plan, aim)
    if isinstance(found, str):
        raise IllegalAction(found, f"{a.label} cannot attack {t.label} in close combat")
    strike.section, strike.options, _ = found
    return strike


# --- listing --------------------------------------------------------------------------------


def ranged_actions(state: State, w: Warrior, plan_for: Callable[[str | None, int], AttackPlan
                                                                  | None], modes: tuple[
                                                                      str | None, ...],
                   section: str | None) -> Iterator[RangedAttack]:
    """Every ranged combat action of a chariot's section (``section``) or a passenger."""
    k = -1 if section is None else chariots.section_index(section)
    for mode in modes:
        plan = plan_for(mode, k)
        if plan is None:
            continue
        if plan.everyone:
            for aim in (None, *SECTIONS):
                action = RangedAttack(w.id, (), ability=mode, section=section, aim=aim)
                try:
                    ranged.check_ranged(state, action)
                except IllegalAction:
                    continue
                yield action
            continue
        shots: list[Shot] = []
        for t in state.warriors:
            if t is w or not t.on_table or t.controller != NOBODY or \
                    (t.team == w.team) != plan.friendly or \
                    math.hypot(t.x - w.x, t.y - w.y) > plan.range + g.EPS:
                continue
            for s in shots_at(state, w, t, plan):
                shots.append(s)
        for s in shots:
            yield RangedAttack(w.id, (s.target.id,), ability=mode, section=section, aim=s.aim)
        # Several targets (each at most once, one aim for all those that need one).
        for n in range(2, min(plan.max_targets, len(shots)) + 1):
            for combo in combinations(shots, n):
                ids = [s.target.id for s in combo]
                aims = {s.aim for s in combo if s.aim is not None}
                if len(set(ids)) != len(ids) or len(aims) > 1:
                    continue
                action = RangedAttack(w.id, tuple(ids), ability=mode, section=section,
                                      aim=next(iter(aims)) if aims else None)
                try:
                    ranged.check_ranged(state, action)
                except IllegalAction:
                    continue
                yield action


def aims_for(state: State, a: Warrior, t: Warrior, plan: AttackPlan) -> list[str | None]:
    """The ``aim`` values a close combat action on ``t`` may carry."""
    if t.chariot is None:
        return [None]
    found = close_target(state, a, t, plan, None)
    if not isinstance(found, str):
        return [None]
    return [name for name in SECTIONS
            if not isinstance(close_target(state, a, t, plan, name), str)]

