"""Ranged combat and ranged combat formations (Rulebook III and IV, Rulebook V modifiers)."""

from __future__ import annotations

from dataclasses import dataclass

from armybuilder.engine import combat, formations, turns
from armybuilder.engine import geometry as g
from armybuilder.engine.abilities import REGISTRY, LineOfFireContext
from armybuilder.engine.actions import RangedAttack
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior


@dataclass(slots=True)
class Shot:
    target: Warrior
    hindering: bool  # Rulebook V, Hindering Terrain modifier
    height: bool  # Rulebook V, Height Advantage modifier


def firer_violation(state: State, w: Warrior) -> str | None:
    """Rulebook III, Ranged Combat: range above 0 and no opposing figure in base contact."""
    if w.card.range <= 0:
        return "Rulebook III, Ranged Combat: the warrior's range value must be greater than 0"
    if state.opposing_contacts(w):
        return ("Rulebook III, Ranged Combat: a warrior in base contact with an opposing figure "
                "cannot be given a ranged combat action")
    return None


def target_violation(state: State, firer: Warrior, t: Warrior) -> str | None:
    if t is firer:
        return ("Rulebook III, Targeting Friendly Figures: a warrior may never target "
                "himself")
    if not t.on_table:
        return "Rulebook III, Ranged Combat: the target is not on the battlefield"
    if t.controller != NOBODY:
        return "Rulebook III, Capturing: no warrior may target a captive for any purpose"
    if t.team == firer.team:
        return ("Rulebook III, Targeting Friendly Figures: a friendly figure cannot be the "
                "target of a damaging attack")
    if t.captive != NOBODY:
        return ("Rulebook III, Capturing: the controlling warrior may not be the target of a "
                "ranged combat action")
    for o in state.warriors:
        if o.on_table and o is not t and state.friendly(o, firer) and state.touching(o, t):
            return ("Rulebook III, Ranged Combat: the target is in base contact with a figure "
                    "friendly to the firer")
    return None


def line_of_fire(state: State, firer: Warrior, t: Warrior) -> tuple[str | None, bool, bool]:
    """(why there is no line of fire or None, hindering modifier, height advantage)."""
    a, b = (firer.x, firer.y), (t.x, t.y)
    if g.distance(a, b) > firer.card.range + g.EPS:
        return ("Rulebook III, Ranged Combat: the line of fire may be no longer than the range "
                "value"), False, False
    if not g.in_front_arc(firer.facing, firer.card.arc, g.bearing(a, b)):
        return ("Rulebook III, Ranged Combat: the line of fire must pass through the firer's "
                "front arc"), False, False
    terrain = state.terrain
    high_f = terrain.elevation(a) if terrain else None
    high_t = terrain.elevation(b) if terrain else None
    blocked: str | None = None
    for o in state.warriors:
        if not o.on_table or o is firer or o is t:
            continue
        # Rulebook V, Elevated Terrain: with an elevated firer or target only elevated
        # figure bases block; off elevated terrain every base blocks (Rulebook III).
        if (high_f is not None or high_t is not None) and terrain.elevation((o.x, o.y)) is None:
            continue
        if g.segment_crosses_disc(a, b, (o.x, o.y), o.radius):
            blocked = ("Rulebook III, Ranged Combat: the line of fire is blocked by a figure "
                       "base")
            break
    hindering = False
    if blocked is None and terrain:
        blocked, hindering = terrain.fire(a, firer.radius, firer.facing, firer.card.arc, b,
                                          t.radius, high_f, high_t)
    height = high_f is None and high_t is not None
    for role, holder in (("firer", firer), ("target", t)):
        hooks = REGISTRY.hooks_for("line_of_fire", holder.abilities)
        if hooks:
            ctx = LineOfFireContext(role=role, firer=firer, target=t, blocked=blocked,
                                    hindering=hindering)
            for fn in hooks:
                fn(state, holder, ctx)
            blocked, hindering = ctx.blocked, ctx.hindering
    return blocked, hindering, height


def check_ranged(state: State, action: RangedAttack) -> tuple[Warrior, list[Warrior], list[Shot]]:
    n = len(state.warriors)
    ids = (action.warrior, *action.formation, *action.targets)
    if any(not 0 <= i < n for i in ids):
        raise IllegalAction("Rulebook III, Ranged Combat", "no such warrior")
    firer = state.warriors[action.warrior]
    why = turns.action_violation(state, firer, "ranged") or firer_violation(state, firer)
    if why:
        raise IllegalAction(why, f"{firer.label} cannot be given a ranged combat action")
    if not action.targets:
        raise IllegalAction("Rulebook III, Ranged Combat", "choose at least one target")
    if len(set(action.targets)) != len(action.targets):
        raise IllegalAction("Rulebook III, Multiple Ranged Combat Targets: never target a "
                            "figure more than once in one action", "a target is listed twice")
    if len(action.targets) > firer.card.targets:
        raise IllegalAction("Rulebook III, Multiple Ranged Combat Targets: at most as many "
                            "targets as the arrows",
                            f"{firer.label} has {firer.card.targets} target(s)")
    shots = []
    for tid in action.targets:
        t = state.warriors[tid]
        why = target_violation(state, firer, t)
        if why is None:
            why, hindering, height = line_of_fire(state, firer, t)
        if why:
            raise IllegalAction(why, f"{firer.label} cannot fire at {t.label}")
        shots.append(Shot(t, hindering, height))
    members = [firer]
    if action.formation:
        members += [state.warriors[i] for i in action.formation]
        why = formation_violation(state, members, shots)
        if why:
            raise IllegalAction(why, "these warriors cannot form a ranged combat formation")
    return firer, members, shots


def formation_violation(state: State, members: list[Warrior], shots: list[Shot]) -> str | None:
    """Rulebook IV, Ranged Combat Formations (with FAQ, Rule Changes 1)."""
    if not 3 <= len(members) <= 5:
        return "Rulebook IV, Ranged Combat Formations: 3, 4 or 5 warriors"
    if len({m.id for m in members}) != len(members):
        return "Rulebook IV, Ranged Combat Formations: a warrior is listed twice"
    if len(shots) != 1:
        return ("FAQ, Rule Changes 1: ranged combat formations only attack a single figure, to "
                "damage it")
    t = shots[0].target
    for m in members[1:]:
        why = (formations.member_violation(state, m, "ranged")
               or turns.action_violation(state, m, "ranged") or firer_violation(state, m))
        if why is None:
            why = target_violation(state, m, t) or line_of_fire(state, m, t)[0]
            if why:
                why = ("Rulebook IV, Ranged Combat Formations: each member must be able to draw a "
                       f"line of fire to the target ({why})")
        if why:
            return why
    why = formations.member_violation(state, members[0], "ranged")
    if why:
        return why
    if not formations.grouped(members):
        return ("Rulebook IV, Ranged Combat Formations: each warrior touches the base of "
                "another")
    why = formations.faction_violation([m.card for m in members])
    if why:
        return why
    if formations.abrupt_split(state, members):
        return ("Rulebook V, Abrupt Elevated Terrain: formations may not have members on and "
                "off such terrain")
    return None


def apply_ranged(state: State, action: RangedAttack) -> None:
    firer, members, shots = check_ranged(state, action)
    state.emit("action", kind="ranged", warrior=firer.id, targets=list(action.targets),
               formation=list(action.formation))
    for m in members:
        # Rulebook IV: every member of a formation counts as having fired.
        turns.mark_action(state, m, nonpass=True)
    # Rulebook III, Multiple Ranged Combat Targets: several targets take 1 click each.
    damage = firer.stats.damage if len(shots) == 1 else 1
    bonus = len(members) - 1  # Rulebook IV: +1 per extra member
    combat.resolve(state, "ranged", firer, [(s.target, int(s.hindering) + int(s.height))
                                            for s in shots], bonus, damage, capture=False)
