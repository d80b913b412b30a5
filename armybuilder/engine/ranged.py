"""Ranged combat and ranged combat formations (Rulebook III and IV, Rulebook V modifiers),
with the abilities that work through a ranged combat action."""

from __future__ import annotations

from dataclasses import dataclass

from armybuilder.engine import (
    castle_combat,
    combat,
    formations,
    passengers,
    turns,
    weather,
)
from armybuilder.engine import geometry as g
from armybuilder.engine.abilities import REGISTRY, AttackPlan, LineOfFireContext
from armybuilder.engine.actions import RangedAttack
from armybuilder.engine.events import ActionGiven
from armybuilder.engine.figure_kinds import AsWarrior
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior


@dataclass(slots=True)
class Shot:
    target: Warrior
    hindering: bool  # Rulebook V, Hindering Terrain modifier
    height: bool  # Rulebook V, Height Advantage modifier
    #: A chariot target's section the shot affects, or -1; ``options``: on a borderline,
    #: the sections its player chooses from (Chariot rules, Attacking a Chariot).
    section: int = -1
    options: tuple[int, ...] = ()
    #: The section the attacker named for it (its natural section being inactive).
    aim: str | None = None


def firer_violation(state: State, w: Warrior) -> str | None:
    """Rulebook III, Ranged Combat: range above 0 and no opposing figure in base contact."""
    if w.card.range <= 0:
        return "Rulebook III, Ranged Combat: the warrior's range value must be greater than 0"
    if state.opposing_contacts(w):
        return ("Rulebook III, Ranged Combat: a warrior in base contact with an opposing figure "
                "cannot be given a ranged combat action")
    return None


def target_violation(state: State, firer: Warrior, t: Warrior,
                     plan: AttackPlan | None = None) -> str | None:
    if t is firer:
        return ("Rulebook III, Targeting Friendly Figures: a warrior may never target "
                "himself")
    kind = t.kind
    if kind.targeted_otherwise:
        # Chariot rules, Attacking a Chariot: which section, and whether it may be
        # attacked, follow from the line of fire (chariot_kind).
        found = kind.ranged_targeting(state, firer, t, plan)
        if not isinstance(found, AsWarrior):
            return found
    if not t.on_table:
        return "Rulebook III, Ranged Combat: the target is not on the battlefield"
    if t.controller != NOBODY:
        return "Rulebook III, Capturing: no warrior may target a captive for any purpose"
    if kind.targeted_otherwise:
        # Castle rules, Attacking the Castle; World Conquest, Upgrading Defenses: who may
        # attack it, and how (castle_kind, structure_kind).
        why = kind.ranged_target_check(state, firer, t, plan)
        if why:
            return why
    if plan is not None and plan.friendly:
        if t.team != firer.team:
            return (f"Special Abilities Card, {plan.mode}: the target must be a friendly "
                    "figure")
        if state.opposing_contacts(t):
            return (f"Special Abilities Card, {plan.mode}: the target may not be in base "
                    "contact with an opposing figure")
    else:
        if t.team == firer.team:
            return ("Rulebook III, Targeting Friendly Figures: a friendly figure cannot be the "
                    "target of a damaging attack")
        if t.captive != NOBODY:
            return ("Rulebook III, Capturing: the controlling warrior may not be the target of "
                    "a ranged combat action")
        if firer.controller == NOBODY:  # captives have no friends (state.friendly)
            tx, ty, reach = t.x, t.y, t.half_length + g.CONTACT_TOLERANCE + g.CLEAR_MARGIN
            for o in state.warriors:
                # state.friendly and state.touching, with a quick distance test first.
                if o.on_table and o.team == firer.team and o.controller == NOBODY \
                        and o is not t and abs(o.x - tx) <= reach + o.half_length \
                        and abs(o.y - ty) <= reach + o.half_length and state.touching(o, t):
                    return ("Rulebook III, Ranged Combat: the target is in base contact with "
                            "a figure friendly to the firer")
    if plan is not None and plan.max_tokens is not None and t.tokens > plan.max_tokens:
        return (f"FAQ, {plan.mode} (Special Ability Update): the target may have at most "
                f"{plan.max_tokens} action token")
    if plan is None:
        plan = AttackPlan(kind="ranged", mode=None, attacker=firer)
    return combat.targeting_violation(state, firer, t, plan)


def line_of_fire(state: State, firer: Warrior, t: Warrior, plan: AttackPlan | None = None,
                 target_names: tuple[str, ...] | None = None,
                 firer_view: tuple[tuple[g.Disc, ...], float, int] | None = None,
                 beside: Warrior | None = None) -> tuple[str | None, bool, bool]:
    """(why there is no line of fire or None, hindering modifier, height advantage).

    For chariots (chariot_combat): ``target_names`` are the abilities the target's hooks
    read (a section's), ``firer_view`` the discs, facing and arc that fire (a section's
    edge), ``beside`` a base that does not block (a passenger's own chariot)."""
    a, b = (firer.x, firer.y), (t.x, t.y)
    reach = firer.card.range if plan is None else plan.range
    if g.distance(a, b) > reach + g.EPS:
        return ("Rulebook III, Ranged Combat: the line of fire may be no longer than the range "
                "value"), False, False
    # Castle rules, Attacks and Attacking the Castle: a line of fire from or to a castle
    # section's centre point is never blocked by figure bases; a section fires at nothing
    # within 4". World Conquest, Upgrading Defenses: a line of fire to a fortification is
    # drawn to its centre point over the figures round it (RULES_NOTES.md). Their kinds say.
    over = firer.kind.line_to_centre or t.kind.line_to_centre
    if over:
        why = firer.kind.firing_range_violation(firer, t)
        if why:
            return why, False, False
    everyone = plan is not None and plan.everyone
    # A chariot's section and a passenger fire through arcs of their own, which
    # chariot_combat checks (``firer_view`` is theirs).
    if not everyone and firer_view is None and not g.fires_through_front_arc(
            firer.discs, a, firer.facing, firer.arc, b):
        return ("Rulebook III, Ranged Combat: the line of fire must pass through the firer's "
                "front arc"), False, False
    if plan is not None and plan.unblockable:
        # Special Abilities Card, Magic Blast: never blocked, no terrain modifiers (FAQ,
        # Magic Blast & Magic Immunity: not even by immune figures' bases).
        return None, False, False
    terrain = state.terrain if state.terrain.features else None  # Terrain.__bool__
    high_f = terrain.elevation(a) if terrain else None
    high_t = terrain.elevation(b) if terrain else None
    if over:
        # Castle rules, Attacks: a section's centre point is on elevated terrain (its kind
        # says where each stands).
        high_f = state.elevation(firer)
        high_t = state.elevation(t)
    blocked: str | None = None
    lo_x, hi_x = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
    lo_y, hi_y = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
    for o in () if over else state.warriors:
        if not o.on_table or o is firer or o is t:
            continue
        # Quick test: a base whose every part lies beyond the line's bounding box cannot
        # block it.
        reach = o.half_length + g.CLEAR_MARGIN
        if o.x + reach < lo_x or o.x - reach > hi_x or o.y + reach < lo_y or \
                o.y - reach > hi_y:
            continue
        # Rulebook V, Elevated Terrain: with an elevated firer or target only elevated
        # figure bases block; off elevated terrain every base blocks (Rulebook III). FAQ,
        # Special Abilities and Line of Fire: the bases of figures that cannot be targeted
        # block too.
        if terrain is not None and (high_f is not None or high_t is not None) \
                and terrain.elevation((o.x, o.y)) is None:
            continue
        if g.segment_crosses_discs(a, b, o.discs) and o is not beside:
            blocked = ("Rulebook III, Ranged Combat: the line of fire is blocked by a figure "
                       "base")
            break
    hindering = False
    if blocked is None and terrain:
        discs, facing, arc = (firer.discs, firer.facing, firer.arc) if firer_view is None \
            else firer_view
        if not discs:
            # Castle rules, Attacks: a castle section (no base) fires from its centre point.
            discs = ((a[0], a[1], 0.0),)
        # Castle rules, Attacking the Castle: the line of fire to a section (no base) is
        # drawn to its centre point.
        target_discs = t.discs or ((b[0], b[1], 0.0),)
        blocked, hindering = terrain.fire(a, discs, facing, arc, b, target_discs, high_f,
                                          high_t)
    height = high_f is None and high_t is not None
    if target_names is None:
        target_names = t.abilities if plan is None else combat.target_abilities(t, plan)
    firer_names = firer.abilities if plan is None else plan.abilities
    for role, holder, names in (("firer", firer, firer_names), ("target", t, target_names)):
        hooks = REGISTRY.hooks_for("line_of_fire", names)
        if hooks:
            ctx = LineOfFireContext(role=role, firer=firer, target=t, blocked=blocked,
                                    hindering=hindering, plan=plan)
            for fn in hooks:
                fn(state, holder, ctx)
            blocked, hindering = ctx.blocked, ctx.hindering
    if state.weather and not hindering:
        hindering = weather.hinders_fire(state, high_f, high_t)
    if plan is not None and not plan.terrain_modifiers:
        hindering = height = False
    return blocked, hindering, height


def everyone_in_reach(state: State, firer: Warrior, plan: AttackPlan,
                      aim: str | None = None) -> list[Shot]:
    """Shockwave: every figure but captives within the halved range, all round, that a
    clear line of fire reaches, friendly and opposing alike (a chariot's section and a
    passenger fire only through their own arcs: chariot_combat)."""
    for kind in state.kinds_in_play:
        found = kind.everyone_in_reach(state, firer, plan, aim)
        if found is not None:
            return found  # a chariot in the game (chariot_kind)
    shots = []
    for t in state.warriors:
        if t is firer or not t.on_table or t.controller != NOBODY:
            continue
        if t.kind.targeted_otherwise and t.kind.ranged_target_check(state, firer, t, plan):
            # Castle rules, Attacking the Castle: only the listed attackers; World
            # Conquest, Upgrading Defenses: the banner, close combat only.
            continue
        why, hindering, height = line_of_fire(state, firer, t, plan)
        if why is None:
            shots.append(Shot(t, hindering, height))
    return shots


def check_ranged(state: State, action: RangedAttack, follow_up: bool = False
                 ) -> tuple[Warrior, list[Warrior], AttackPlan, list[Shot]]:
    n = len(state.warriors)
    ids = (action.warrior, *action.formation, *action.targets)
    if any(not 0 <= i < n for i in ids):
        raise IllegalAction("Rulebook III, Ranged Combat", "no such warrior")
    firer = state.warriors[action.warrior]
    if action.long_range is not None:
        # Castle rules, Long Range Attacks: a castle section's option, at multiple-dial
        # warriors and opposing castle sections only.
        why = castle_combat.long_range_violation(
            firer, [state.warriors[i] for i in action.targets]) if action.long_range else (
            f"{castle_combat.LONG_RANGE}: long_range is True or not given")
        if why:
            raise IllegalAction(why, f"{firer.label} cannot make this long-range attack")
    if firer.riding != NOBODY or action.section is not None or firer.kind.fights_otherwise:
        # A chariot's section or its passenger: the chariot's rules (its kind's).
        mount = firer if firer.riding == NOBODY else state.warriors[firer.riding]
        return mount.kind.check_ranged(state, action, follow_up)
    why = turns.action_violation(state, firer, "ranged", follow_up) or firer_violation(
        state, firer)
    if why:
        raise IllegalAction(why, f"{firer.label} cannot be given a ranged combat action")
    plan = combat.make_plan(state, firer, "ranged", action.ability)
    if action.long_range:
        castle_combat.make_long(plan)
    return _aimed(state, action, firer, plan, follow_up)


def _aimed(state: State, action: RangedAttack, firer: Warrior, plan: AttackPlan,
           follow_up: bool) -> tuple[Warrior, list[Warrior], AttackPlan, list[Shot]]:
    """The targets and formation of a ranged combat action whose firer may fire."""
    if plan.everyone:
        if action.targets or action.formation:
            raise IllegalAction(f"Special Abilities Card, {plan.mode}: the attack affects "
                                "every figure in reach; name no targets",
                                "a Shockwave lists no targets")
        shots = everyone_in_reach(state, firer, plan, action.aim)
        if not shots:
            raise IllegalAction(f"Special Abilities Card, {plan.mode}",
                                "no figure is within reach")
        return firer, [firer], plan, shots
    if not action.targets:
        raise IllegalAction("Rulebook III, Ranged Combat", "choose at least one target")
    if len(set(action.targets)) != len(action.targets):
        raise IllegalAction("Rulebook III, Multiple Ranged Combat Targets: never target a "
                            "figure more than once in one action", "a target is listed twice")
    if len(action.targets) > plan.max_targets:
        rule = ("Rulebook III, Multiple Ranged Combat Targets: at most as many targets as the "
                "arrows") if plan.max_targets == firer.card.targets else (
                f"FAQ, {plan.mode}: a single target")
        raise IllegalAction(rule, f"{firer.label} has {plan.max_targets} target(s)")
    shots = []
    # A chariot's section or a passenger firing: the chariot's rules (its kind's).
    mount = None if plan.section < 0 and firer.riding == NOBODY else (
        firer if firer.riding == NOBODY else state.warriors[firer.riding]).kind
    for tid in action.targets:
        t = state.warriors[tid]
        if mount is not None or t.kind.has_sections:
            # ... or a chariot fired at.
            shot = (mount or t.kind).ranged_shot(state, firer, t, plan, action.aim)
            if isinstance(shot, str):
                raise IllegalAction(shot, f"{firer.label} cannot fire at {t.label}")
            shots.append(shot)
            continue
        why = target_violation(state, firer, t, plan)
        if why is None:
            why, hindering, height = line_of_fire(state, firer, t, plan)
        if why:
            raise IllegalAction(why, f"{firer.label} cannot fire at {t.label}")
        shots.append(Shot(t, hindering, height))
    if action.aim is not None and not any(s.aim for s in shots):
        raise IllegalAction("Chariot rules, Attacking a Chariot: the attacker chooses a "
                            "section only when the one affected is inactive",
                            f"no target needs the section {action.aim!r} named")
    if firer.riding != NOBODY:
        why = passengers.one_arc(state, firer, shots)
        if why:
            raise IllegalAction(why, f"{firer.label} cannot fire at these targets together")
    members = [firer]
    if action.formation:
        if follow_up:
            raise IllegalAction("Special Abilities Card, Bound: the warrior may not be part "
                                "of any formation", "no formation after a Bound move")
        members += [state.warriors[i] for i in action.formation]
        why = formation_violation(state, members, shots, plan)
        if why:
            raise IllegalAction(why, "these warriors cannot form a ranged combat formation")
    return firer, members, plan, shots


def formation_violation(state: State, members: list[Warrior], shots: list[Shot],
                        plan: AttackPlan | None = None) -> str | None:
    """Rulebook IV, Ranged Combat Formations (with FAQ, Rule Changes 1)."""
    if not 3 <= len(members) <= 5:
        return "Rulebook IV, Ranged Combat Formations: 3, 4 or 5 warriors"
    if len({m.id for m in members}) != len(members):
        return "Rulebook IV, Ranged Combat Formations: a warrior is listed twice"
    if len(shots) != 1 or (plan is not None and not (plan.formation_ok and plan.damaging)):
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
    if not formations.grouped(state, members):
        return ("Rulebook IV, Ranged Combat Formations: the warriors are grouped so that each "
                "one is touching the base of another")
    why = formations.faction_violation([m.card for m in members])
    if why:
        return why
    if formations.abrupt_split(state, members):
        return ("Rulebook V, Abrupt Elevated Terrain: formations may not have members on and "
                "off such terrain")
    return None


def strikes_for(state: State, plan: AttackPlan, shots: list[Shot]) -> list[combat.Strike]:
    """Every figure the attack roll is compared with, and how often the attack affects it."""
    strikes: dict[int, combat.Strike] = {}
    for s in shots:
        terrain = int(s.hindering) + int(s.height)
        # Castle rules, Attacking Warriors on Castle Sections: the fortification modifier;
        # World Conquest, Upgrading Defenses: a warrior on guard, +1 to +3 against ranged
        # attacks (the kinds of figure in play say).
        more: tuple[tuple[str, int], ...] = ()
        for kind in state.kinds_in_play:
            more += kind.defense_modifiers(state, plan.attacker, s.target, terrain)
        extra = sum(m for _, m in more)
        strikes[s.target.id] = combat.Strike(
            s.target, targeted=True, parts=1, defense_mod=terrain + extra,
            section=s.section, options=s.options,
            defense_why=combat.named((combat.HINDERING, int(s.hindering)),
                                     (combat.HEIGHT, int(s.height)), *more)
            if terrain or any(m for _, m in more) else ())
    if plan.splash:
        # Special Abilities Card, Flame/Lightning: every figure in base contact with a
        # target, once per target it touches (FAQ, Flame/Lightning & Multiple Attacks); no
        # terrain modifiers for the splashed (FAQ, Flame/Lightning & Lines of Fire).
        for s in shots:
            for o in state.contacts(s.target):
                if o.controller != NOBODY or o is plan.attacker:
                    continue  # Rulebook III, Capturing: captives never take damage
                kind = o.kind
                if kind.has_sections and not kind.splashed(state, o, s.target, plan):
                    continue  # a chariot: only its active sections touching the target
                hit = strikes.get(o.id)
                if hit is None:
                    strikes[o.id] = kind.splash_strike(state, o, s.target) \
                        if kind.has_sections else combat.Strike(o, targeted=False, parts=1)
                    more = ()
                    for figures in state.kinds_in_play:
                        more += figures.splash_modifiers(state, o)
                    guard = sum(m for _, m in more)
                    if guard:
                        # World Conquest, Upgrading Defenses: on guard against every
                        # ranged attack, a splash too (no terrain modifier: FAQ).
                        strikes[o.id].defense_mod += guard
                        strikes[o.id].defense_why = combat.named(*more)
                else:
                    hit.parts += 1
    return list(strikes.values())


def damage_per_figure(plan: AttackPlan, shots: list[Shot]) -> int:
    """The damage value each figure the attack affects takes, before the critical hit and
    abilities."""
    if plan.everyone:
        # Special Abilities Card, Shockwave: 1 click each when two or more figures are in
        # reach, the normal damage when only one is.
        return plan.damage if len(shots) == 1 else 1
    if len(shots) > 1 or plan.splash:
        # Rulebook III, Multiple Ranged Combat Targets: several targets take 1 click each.
        return 1
    return plan.damage


def apply_ranged(state: State, action: RangedAttack, follow_up: bool = False) -> None:
    firer, members, plan, shots = check_ranged(state, action, follow_up)
    given: ActionGiven = {
        "e": "action", "kind": "ranged", "warrior": firer.id,
        "targets": [s.target.id for s in shots] if plan.everyone else list(action.targets),
        "formation": list(action.formation)}
    if plan.mode is not None:
        given["ability"] = plan.mode
    if plan.flags:
        given["riders"] = sorted(plan.flags)  # Pierce, Magic Freeze
    if action.long_range:
        given["long_range"] = True  # Castle rules, Long Range Attacks
    if action.section is not None:
        given["section"] = action.section
    state.emit(given)
    if not follow_up:
        if plan.section >= 0:
            firer.kind.section_fought(state, firer, plan.section)
        else:
            for m in members:
                # Rulebook IV: every member of a formation counts as having fired.
                turns.mark_action(state, m, nonpass=True)
    plan.damage = damage_per_figure(plan, shots)
    bonus = len(members) - 1  # Rulebook IV: +1 per extra member
    combat.settle(state, plan, strikes_for(state, plan, shots), bonus)
