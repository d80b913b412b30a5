"""Close combat, capture attempts and close combat formations (Rulebook III, IV, V)."""

from __future__ import annotations

from armybuilder.engine import combat, formations, turns
from armybuilder.engine import geometry as g
from armybuilder.engine.abilities import REGISTRY, CaptureContext
from armybuilder.engine.actions import CloseAttack
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior

CAPTURE_DEFENSE = 2  # Rulebook III, Capturing: the target's defense is increased by two


def engaged(state: State, a: Warrior, t: Warrior) -> bool:
    """Base contact for close combat: touching, or adjacent across a low wall (Rulebook V)."""
    if state.touching(a, t):
        return True
    return bool(state.terrain) and bool(state.terrain.walls) and state.terrain.across_wall(
        (a.x, a.y), a.radius, (t.x, t.y), t.radius)


def front_contact(state: State, a: Warrior, t: Warrior) -> bool:
    """Rulebook III, Close Combat: the front arc of ``a`` is in base contact with ``t``."""
    return engaged(state, a, t) and g.in_front_arc(a.facing, a.card.arc,
                                                  g.bearing((a.x, a.y), (t.x, t.y)))


def at_rear(a: Warrior, t: Warrior) -> bool:
    """Is ``a`` in contact with ``t``'s rear arc?"""
    return g.in_rear_arc(t.facing, t.card.arc, g.bearing((t.x, t.y), (a.x, a.y)))


def target_violation(state: State, a: Warrior, t: Warrior, capture: bool) -> str | None:
    if t is a:
        return "Rulebook III, Targeting Friendly Figures: a warrior may never target himself"
    if not t.on_table:
        return "Rulebook III, Close Combat: the target is not on the battlefield"
    if t.controller != NOBODY:
        return "Rulebook III, Capturing: no warrior may target a captive for any purpose"
    if t.team == a.team:
        return ("Rulebook III, Targeting Friendly Figures: a friendly figure cannot be the "
                "target of a damaging attack")
    if not front_contact(state, a, t):
        return ("Rulebook III, Close Combat: the warrior's front arc must be in base contact "
                "with the target")
    if state.terrain and state.terrain.abrupt_split(state.elevation(a), state.elevation(t)):
        return ("Rulebook V, Abrupt Elevated Terrain: no close combat between figures on and "
                "off such terrain")
    if capture:
        if not state.touching(a, t):
            # Rulebook III, Capturing: a captive is kept in base contact at all times, so
            # no capture across a low wall (RULES_NOTES.md).
            return ("Rulebook III, Capturing: the captive must be in base contact with its "
                    "controlling warrior")
        if t.captive != NOBODY:
            return ("Rulebook III, Capturing: the controlling warrior may not be the target of "
                    "a capture attempt")
        if a.captive != NOBODY:
            return "Rulebook III, Capturing: a warrior may only have one captive"
        for role, holder in (("attacker", a), ("target", t)):
            hooks = REGISTRY.hooks_for("capture", holder.abilities)
            if hooks:
                ctx = CaptureContext(role=role)
                for fn in hooks:
                    fn(state, holder, ctx)
                if ctx.violation:
                    return ctx.violation
    return None


def check_close(state: State, action: CloseAttack) -> tuple[Warrior, Warrior, list[Warrior]]:
    n = len(state.warriors)
    ids = (action.warrior, action.target, *action.formation)
    if any(not 0 <= i < n for i in ids):
        raise IllegalAction("Rulebook III, Close Combat", "no such warrior")
    a = state.warriors[action.warrior]
    t = state.warriors[action.target]
    why = turns.action_violation(state, a, "close")
    if why is None:
        why = target_violation(state, a, t, action.capture)
    if why:
        raise IllegalAction(why, f"{a.label} cannot attack {t.label} in close combat")
    members = [a]
    if action.formation:
        members += [state.warriors[i] for i in action.formation]
        why = formation_violation(state, members, t)
        if why:
            raise IllegalAction(why, "these warriors cannot form a close combat formation")
    return a, t, members


def formation_violation(state: State, members: list[Warrior], t: Warrior) -> str | None:
    """Rulebook IV, Close Combat Formations (with FAQ, Rule Changes 2)."""
    if not 2 <= len(members) <= 3:
        return "Rulebook IV, Close Combat Formations: 2 or 3 warriors"
    if len({m.id for m in members}) != len(members):
        return "Rulebook IV, Close Combat Formations: a warrior is listed twice"
    for m in members:
        why = formations.member_violation(state, m, "close")
        if why is None and m is not members[0]:
            why = turns.action_violation(state, m, "close") or target_violation(
                state, m, t, capture=False)
        if why:
            return why
    why = formations.faction_violation([m.card for m in members])
    if why:
        return why
    if formations.abrupt_split(state, members):
        return ("Rulebook V, Abrupt Elevated Terrain: formations may not have members on and "
                "off such terrain")
    return None


def apply_close(state: State, action: CloseAttack) -> None:
    a, t, members = check_close(state, action)
    state.emit("action", kind="capture" if action.capture else "close", warrior=a.id,
               target=t.id, formation=list(action.formation))
    for m in members:
        # Rulebook IV: every member of a formation counts as having attacked.
        turns.mark_action(state, m, nonpass=True)
    bonus = len(members) - 1  # Rulebook IV: +1 for each extra member
    if any(at_rear(m, t) for m in members):
        # Rulebook III, Close Combat: +1 against the rear arc; Rulebook IV: a single +1 for
        # the whole formation.
        bonus += 1
    defense = 0
    if action.capture:
        defense += CAPTURE_DEFENSE
    if state.terrain and state.elevation(t) is not None and state.elevation(a) is None:
        defense += 1  # Rulebook V, Height Advantage (primary attacker below the target)
    combat.resolve(state, "close", a, [(t, defense)], bonus, a.stats.damage,
                   capture=action.capture)
