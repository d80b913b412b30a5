"""Close combat, capture attempts and close combat formations (Rulebook III, IV, V), with
the abilities that work through a close combat action."""

from __future__ import annotations

from armybuilder.engine import (
    combat,
    formations,
    turns,
)
from armybuilder.engine.abilities import REGISTRY, AttackPlan, CaptureContext
from armybuilder.engine.actions import ChooseTarget, CloseAttack
from armybuilder.engine.events import ActionGiven
from armybuilder.engine.figure_kinds import AsWarrior
from armybuilder.engine.pending import TargetChoice
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior

#: Castle rules, Close Combat: attacks across connected access points (castle_kind).
CASTLE_CLOSE = "Castle rules, Close Combat"
CAPTURE_DEFENSE = 2  # Rulebook III, Capturing: the target's defense is increased by two


def engaged(state: State, a: Warrior, t: Warrior) -> bool:
    """Base contact for close combat: touching, or adjacent across a low wall (Rulebook V)."""
    if state.touching(a, t):
        return True
    # A battlefield without low walls (nearly every one) has nothing to ask: walls empty.
    return bool(state.terrain.walls) and state.terrain.across_wall(
        a.discs, t.discs)


def front_contact(state: State, a: Warrior, t: Warrior) -> bool:
    """Rulebook III, Close Combat: the front arc of ``a`` is in base contact with ``t``."""
    return engaged(state, a, t) and state.faces(a, t)


def at_rear(state: State, a: Warrior, t: Warrior) -> bool:
    """Is ``a`` in contact with ``t``'s rear arc?"""
    return state.at_rear(a, t)


def across(state: State, a: Warrior, t: Warrior) -> bool:
    """Castle rules, Close Combat: may ``a`` reach ``t`` only across connected access
    points (not in base contact on one level)? False in a game without a castle (the
    kinds of figure in play say)."""
    if not state.kinds_in_play or not reached_across(state, a, t):
        return False
    return not (front_contact(state, a, t) and not (
        state.terrain.features and state.terrain.abrupt_split(state.elevation(a),
                                                              state.elevation(t))))


def reached_across(state: State, a: Warrior, t: Warrior) -> bool:
    """May ``a`` attack ``t`` by a kind's rules although not in base contact (Castle rules,
    Close Combat: across connected access points)?"""
    for kind in state.kinds_in_play:  # noqa: SIM110 (a loop, not any(): asked often)
        if kind.reaches_across(state, a, t):
            return True
    return False


def gang_across(state: State, m: Warrior, t: Warrior) -> bool:
    """May ``m`` join an attack on ``t`` made across (Castle rules, Close Combat)?"""
    return any(kind.gang_across_ok(state, m, t) for kind in state.kinds_in_play)


def target_violation(state: State, a: Warrior, t: Warrior, capture: bool,
                     plan: AttackPlan | None = None, access: bool = True) -> str | None:
    """What forbids ``a``'s close combat attack (or capture) on ``t``; ``access`` False
    leaves out attacks across connected access points (Castle rules, Close Combat)."""
    if t is a:
        return "Rulebook III, Targeting Friendly Figures: a warrior may never target himself"
    if not t.on_table:
        return "Rulebook III, Close Combat: the target is not on the battlefield"
    if t.controller != NOBODY:
        return "Rulebook III, Capturing: no warrior may target a captive for any purpose"
    kind = t.kind
    if kind.targeted_otherwise:
        # Its kind's own rules (a castle section or a World Conquest structure: attacked by
        # a front arc touching it; the abilities that cannot affect a chariot).
        why = kind.close_targeting(state, a, t, capture, plan)
        if not isinstance(why, AsWarrior):
            return why
    if plan is not None and plan.friendly:
        if t.team != a.team:
            return (f"Special Abilities Card, {plan.mode}: the target must be a friendly "
                    "figure")
        if state.opposing_contacts(t) or state.opposing_contacts(a):
            return (f"Special Abilities Card, {plan.mode}: neither warrior may be in base "
                    "contact with an opposing figure")
    elif t.team == a.team:
        return ("Rulebook III, Targeting Friendly Figures: a friendly figure cannot be the "
                "target of a damaging attack")
    why = None
    if not front_contact(state, a, t):
        why = ("Rulebook III, Close Combat: the warrior's front arc must be in base contact "
               "with the target")
    elif state.terrain.features and state.terrain.abrupt_split(state.elevation(a),
                                                               state.elevation(t)):
        why = ("Rulebook V, Abrupt Elevated Terrain: no close combat between figures on and "
               "off such terrain")
    # Castle rules, Close Combat: "A warrior whose front arc is in contact with an access
    # point may make a close combat attack against a figure touching a connected access
    # point" (in base contact for that attack only: no capture).
    if why is not None and not (access and not capture and state.kinds_in_play
                                and reached_across(state, a, t)):
        return why
    if plan is not None:
        why = combat.targeting_violation(state, a, t, plan)
        if why:
            return why
    if capture:
        return capture_violation(state, a, t, plan)
    return None


def capture_violation(state: State, a: Warrior, t: Warrior, plan: AttackPlan | None = None
                      ) -> str | None:
    """Rulebook III, Capturing: what forbids ``a``'s capture attempt on ``t`` beyond
    :func:`target_violation`'s close combat checks (which it asks for ``capture=True``
    after those)."""
    if plan is not None and not plan.capture_ok:
        return f"Special Abilities Card, {plan.mode}: no capture attempt"
    # Chariot rules, Castle rules, General Rules; World Conquest, Upgrading Defenses.
    why = a.kind.no_capture or t.kind.no_capture
    if why:
        return why
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


def swept(state: State, a: Warrior, plan: AttackPlan) -> list[Warrior]:
    """Sweep: every opposing figure in base contact with the attacker's front arc."""
    return [t for t in state.warriors
            if t.on_table and t.team != a.team and t.controller == NOBODY
            and target_violation(state, a, t, False, plan, access=False) is None]


def check_close(state: State, action: CloseAttack, follow_up: bool = False
                ) -> tuple[Warrior, list[Warrior], list[Warrior], AttackPlan]:
    """(attacker, targets, formation members, plan) or IllegalAction."""
    n = len(state.warriors)
    ids = (action.warrior, action.target, *action.formation)
    if any(not 0 <= i < n for i in ids):
        raise IllegalAction("Rulebook III, Close Combat", "no such warrior")
    a = state.warriors[action.warrior]
    t = state.warriors[action.target]
    if a.riding != NOBODY or action.section is not None or a.kind.fights_otherwise:
        # A chariot's section or its passenger: the chariot's rules (its kind's).
        mount = a if a.riding == NOBODY else state.warriors[a.riding]
        return mount.kind.check_close(state, action, follow_up)
    why = turns.action_violation(state, a, "close", follow_up)
    if why:
        raise IllegalAction(why, f"{a.label} cannot attack {t.label} in close combat")
    plan = combat.make_plan(state, a, "close", action.ability, action.roll_die)
    if action.capture and not plan.damaging and plan.heal:
        raise IllegalAction(f"Special Abilities Card, {plan.mode}",
                            "a healing action captures nobody")
    why = target_violation(state, a, t, action.capture, plan)
    if why is None and (action.aim is not None or t.kind.has_sections):
        # Chariot rules, Attacking a Chariot: the section affected (its kind's rules).
        why = t.kind.close_aim(state, a, t, plan, action.aim)
    if why:
        raise IllegalAction(why, f"{a.label} cannot attack {t.label} in close combat")
    if plan.all_front and across(state, a, t):
        raise IllegalAction(f"{CASTLE_CLOSE}: an attack across connected access points is "
                            "made against one figure (RULES_NOTES.md, Castles)",
                            f"{a.label} cannot sweep across access points")
    targets = [t]
    if plan.all_front:
        targets = [o for o in swept(state, a, plan)
                   if not o.kind.has_sections or o.kind.close_aim(state, a, o, plan, None)
                   is None]
        targets.sort(key=lambda o: (o is not t, o.id))
    members = [a]
    if action.formation:
        if follow_up:
            raise IllegalAction("Special Abilities Card, Charge: the warrior may not be part "
                                "of any formation", "no formation after a Charge move")
        if not (plan.formation_ok and plan.damaging) or len(targets) > 1:
            raise IllegalAction("FAQ, Rule Changes 2: close combat formations only attack a "
                                "single figure, to damage it",
                                "this attack cannot be made by a formation")
        members += [state.warriors[i] for i in action.formation]
        why = formation_violation(state, members, t)
        if why:
            raise IllegalAction(why, "these warriors cannot form a close combat formation")
    return a, targets, members, plan


def formation_violation(state: State, members: list[Warrior], t: Warrior) -> str | None:
    """Rulebook IV, Close Combat Formations (with FAQ, Rule Changes 2)."""
    if not 2 <= len(members) <= 3:
        return "Rulebook IV, Close Combat Formations: 2 or 3 warriors"
    if len({m.id for m in members}) != len(members):
        return "Rulebook IV, Close Combat Formations: a warrior is listed twice"
    # Castle rules, Close Combat: "Gang up may be used as long as all warriors using gang
    # up are touching an access point connected to the target's access point" (when the
    # primary attacker reaches the target across access points; the rule replaces base
    # contact and the abrupt terrain rule for the members).
    gang = across(state, members[0], t)
    for m in members:
        why = formations.member_violation(state, m, "close")
        if why is None and m is not members[0]:
            why = turns.action_violation(state, m, "close")
            if why is None and gang:
                if not gang_across(state, m, t):
                    why = (f"{CASTLE_CLOSE}: gang-up members touch an access point "
                           "connected to the target's")
            elif why is None:
                why = target_violation(state, m, t, capture=False, access=False)
        if why:
            return why
    why = formations.faction_violation([m.card for m in members])
    if why:
        return why
    if not gang and formations.abrupt_split(state, members):
        return ("Rulebook V, Abrupt Elevated Terrain: formations may not have members on and "
                "off such terrain")
    return None


def apply_close(state: State, action: CloseAttack, follow_up: bool = False) -> None:
    a, targets, members, plan = check_close(state, action, follow_up)
    given: ActionGiven = {"e": "action", "kind": "capture" if action.capture else "close",
                          "warrior": a.id, "target": action.target,
                          "formation": list(action.formation)}
    if plan.mode is not None:
        given["ability"] = plan.mode
    if plan.all_front:
        given["targets"] = [t.id for t in targets]
    if action.section is not None:
        given["section"] = action.section
    reached = across(state, a, targets[0])
    if reached:
        given["across"] = True  # Castle rules, Close Combat: across access points
    state.emit(given)
    if not follow_up:
        if plan.section >= 0:
            a.kind.section_fought(state, a, plan.section)
        else:
            for m in members:
                # Rulebook IV: every member of a formation counts as having attacked.
                turns.mark_action(state, m, nonpass=True)
    bonus = len(members) - 1  # Rulebook IV: +1 for each extra member
    if reached:
        # Castle rules, Close Combat: "If there is more than one opposing figure touching
        # a connected access point, the defender may choose which figure will be the
        # target of the attack" (among those the same attack could be made on).
        t = targets[0]
        options = tuple(o.id for kind in state.kinds_in_play
                        for o in kind.across_targets(state, a)
                        if o.owner == t.owner and o.controller == NOBODY
                        and _access_target_ok(state, a, o, members, plan))
        if len(options) > 1:
            state.pending.append(TargetChoice(warrior=a.id, options=options, player=t.owner,
                                              plan=plan, members=tuple(m.id for m in members)))
            return
        combat.settle(state, plan, strikes_for(state, a, [t], members, False, plan,
                                               across=True), bonus)
        return
    combat.settle(state, plan, strikes_for(state, a, targets, members, action.capture, plan,
                                           action.aim), bonus, capture=action.capture)


def _access_target_ok(state: State, a: Warrior, o: Warrior, members: list[Warrior],
                      plan: AttackPlan) -> bool:
    """Could the same attack (the same formation) be made on ``o`` across access points?"""
    if target_violation(state, a, o, False, plan) is not None or not across(state, a, o):
        return False
    return len(members) == 1 or formation_violation(state, members, o) is None


def check_target_choice(state: State, item: TargetChoice, action: ChooseTarget) -> None:
    """Castle rules, Close Combat: the defender chooses the target among ``options``."""
    if action.player != item.player:
        raise IllegalAction(f"{CASTLE_CLOSE}: the defender may choose which figure will be "
                            "the target", f"player {item.player} chooses")
    if action.target not in item.options:
        raise IllegalAction(CASTLE_CLOSE, "choose one of warriors "
                            + ", ".join(str(i) for i in item.options))


def apply_target_choice(state: State, item: TargetChoice, action: ChooseTarget) -> None:
    check_target_choice(state, item, action)
    a = state.warriors[item.warrior]
    t = state.warriors[action.target]
    state.emit({"e": "target_chosen", "warrior": a.id, "target": t.id, "player": item.player})
    members = [state.warriors[i] for i in item.members]
    combat.settle(state, item.plan, strikes_for(state, a, [t], members, False, item.plan,
                                                across=True), len(members) - 1)


def strikes_for(state: State, a: Warrior, targets: list[Warrior], members: list[Warrior],
                capture: bool, plan: AttackPlan | None = None, aim: str | None = None,
                across: bool = False) -> list[combat.Strike]:
    """Every figure a close combat attack by ``a`` (with ``members``) is compared with; a
    chariot on the section affected (``plan``, ``aim``: Chariot rules, Attacking a
    Chariot)."""
    strikes = []
    for t in targets:
        rear = 0
        # Castle rules, Close Combat: across access points the bases do not meet, so no
        # rear arc is met (RULES_NOTES.md, Castles); "If the target is at a higher
        # elevation than the primary attacker, the target receives the +1 defense height
        # advantage modifier" (the height advantage below, as for any close combat).
        for m in () if across else members:
            # A passenger fights from his chariot (Chariot rules, Passenger Combat Actions).
            if at_rear(state, m if m.riding == NOBODY else state.warriors[m.riding], t):
                # Rulebook III, Close Combat: +1 against the rear arc; Rulebook IV: a single
                # +1 for the whole formation.
                rear = 1
                break
        # Rulebook V, Height Advantage: the primary attacker below the target.
        height = int(bool(state.terrain) and state.elevation(t) is not None
                     and state.elevation(a) is None)
        guard = CAPTURE_DEFENSE if capture else 0
        defense = combat.named((combat.CAPTURING, guard), (combat.HEIGHT, height)) \
            if guard or height else ()
        roll = ((combat.REAR, rear),) if rear else ()
        if t.kind.has_sections and plan is not None:
            strikes.append(t.kind.close_strike(state, a, t, plan,
                                               aim if t is targets[0] else None, defense,
                                               roll))
            continue
        strikes.append(combat.Strike(t, defense_mod=guard + height, roll_mod=rear,
                                     defense_why=defense, roll_why=roll))
    return strikes
