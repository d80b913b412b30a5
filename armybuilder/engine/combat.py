"""Attack rolls, criticals, defense, hits and what they do, shared by ranged and close
combat (Rulebook III: Ranged Combat, Close Combat, Rolling "2"s and "12"s, Capturing;
FAQ, Applying Damage).

An attack is an :class:`~armybuilder.engine.abilities.AttackPlan` (what the action and the
attacker's abilities make of it) and a list of :class:`Strike` s: every figure the single
attack roll is compared with. All comparisons are made before anything is applied, and
each figure's damage is added up before it turns the dial (FAQ, Changing Special
Abilities; Flame/Lightning & Multiple Attacks).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from armybuilder.engine import chariots
from armybuilder.engine.abilities import (
    REGISTRY,
    AfterAttackContext,
    AttackContext,
    AttackPlan,
    DamageContext,
    DefenseContext,
    EnhanceContext,
    HitContext,
    SharedDefenseContext,
    TargetContext,
    magic_affects,
)
from armybuilder.engine.bases import SECTIONS
from armybuilder.engine.events import Hit, Miss
from armybuilder.engine.pending import AttackStep, ConfusedMove, SectionChoice
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior

CRITICAL_MISS = 2
CRITICAL_HIT = 12
AQUATIC = "Aquatic"
#: Chariot rules, Passenger Combat Actions: a passenger's range is at most 8.
PASSENGER_RANGE = 8


@dataclass(slots=True)
class Strike:
    """One figure an attack roll is compared with."""

    figure: Warrior
    targeted: bool = True  # chosen as a target; False: only splashed (Flame/Lightning)
    parts: int = 1  # parts of the attack that affect it (Flame/Lightning)
    defense_mod: int = 0  # terrain and capture modifiers to its defense
    roll_mod: int = 0  # modifiers to the roll against it alone (rear arc)
    #: ``defense_mod`` and ``roll_mod`` by name, for the log's roll lines ("height
    #: advantage", 1): see :func:`named`.
    defense_why: tuple[tuple[str, int], ...] = ()
    roll_why: tuple[tuple[str, int], ...] = ()
    #: A chariot's section the attack affects (Chariot rules, Attacking a Chariot), or -1;
    #: ``options``: the sections its player chooses from, before the roll, on a borderline.
    section: int = -1
    options: tuple[int, ...] = ()


#: The modifiers a strike may carry, as the log names them.
HINDERING = "hindering terrain"  # Rulebook V, Hindering Terrain
HEIGHT = "height advantage"  # Rulebook V, Height Advantage
REAR = "rear arc"  # Rulebook III, Close Combat
CAPTURING = "capture attempt"  # Rulebook III, Capturing
FORMATION = "formation"  # Rulebook IV, Ranged and Close Combat Formations


def named(*parts: tuple[str, int]) -> tuple[tuple[str, int], ...]:
    """The modifiers that apply, by name (those worth 0 left out)."""
    return tuple(p for p in parts if p[1])


def make_plan(state: State, attacker: Warrior, kind: str, mode: str | None,
              roll_die: bool = False, section: int = -1) -> AttackPlan:
    """What this ranged or close combat action does, from the ability it names (``mode``)
    and the attacker's other abilities; raises IllegalAction for an ability it may not use.
    A chariot attacks with one section (``section``): its values and its abilities
    (Chariot rules, Ranged Combat, Close Combat and Special Abilities).

    FAQ, Special Abilities and Giving Actions: giving the action to use one such ability
    turns off the others that need the same kind of action.
    """
    if section >= 0:
        stats, names = chariots.stats(attacker, section), chariots.abilities(attacker, section)
    else:
        stats, names = attacker.stats, attacker.abilities
    if mode is not None:
        if REGISTRY.action_kind(mode) != kind:
            raise IllegalAction("FAQ, Special Abilities and Giving Actions",
                                f"{mode} is not used with a {kind} combat action")
        if mode not in names:
            raise IllegalAction("Rulebook III, Special Abilities",
                                f"{attacker.label} has no {mode} in effect")
    card = attacker.card
    # kind, mode, attacker, range, max_targets, damage, attack, abilities: AttackPlan's
    # first fields, given in their places (keywords cost more; the AI plans every attack
    # of every warrior).
    plan = AttackPlan(kind, mode, attacker, float(card.range),
                      card.targets if kind == "ranged" else 1, stats.damage, stats.attack,
                      names)
    if section >= 0:
        plan.section = section
    elif attacker.riding != NOBODY and card.range > PASSENGER_RANGE:
        # Chariot rules, Passenger Combat Actions: a range above 8 is 8 while he rides.
        plan.range = float(PASSENGER_RANGE)
    if roll_die:
        plan.roll_die = True
    for fn in REGISTRY.hooks_for("attack_plan", names):
        fn(state, attacker, plan)
    if roll_die and plan.heal != "value":
        raise IllegalAction("Special Abilities Card, Healing",
                            "only Healing may heal by a die roll instead of the damage value")
    if plan.violation:
        raise IllegalAction(plan.violation, f"{attacker.label} cannot attack this way")
    return plan


def target_abilities(t: Warrior, plan: AttackPlan, section: int = -1) -> tuple[str, ...]:
    """The target's abilities this attack respects (a chariot's: the affected section's,
    Chariot rules, Special Abilities)."""
    names = t.abilities
    if section >= 0:
        names = chariots.abilities(t, section)
    if plan.plain_targets:
        # Special Abilities Card, Shockwave: resolved as if the targets had no special
        # abilities, but Aquatic still counts (FAQ, Aquatic and Shockwave).
        return (AQUATIC,) if AQUATIC in names else ()
    return names


def targeting_violation(state: State, attacker: Warrior, t: Warrior, plan: AttackPlan,
                        section: int = -1) -> str | None:
    """Why the target's abilities forbid this attack on it (the targeting hooks: Stealth,
    Limited Invisibility, ...), or None; ``section``: a chariot's section attacked."""
    hooks = REGISTRY.hooks_for("targeting", target_abilities(t, plan, section))
    if not hooks:
        return None
    ctx = TargetContext(attacker=attacker, plan=plan)
    for fn in hooks:
        fn(state, t, ctx)
    return ctx.violation or None


def shared_defense(state: State, t: Warrior, plan: AttackPlan) -> int | None:
    """The best defense value friends with Defend lend ``t``, chains included (FAQ, Chain
    Defend; see :func:`_lent`)."""
    if t.controller != NOBODY:
        return None  # a captive has no friends (Rulebook III, Capturing; state.friendly)
    team, hooks_for = t.team, REGISTRY.hooks_for
    # Every chain starts at a lender touching ``t``: state.contacts(t) are the figures on
    # the battlefield that state.touching(t, o) finds, as the search below asks it first.
    # Without such a friend nobody lends, and the battlefield need not be searched.
    if not any(o.team == team and o.controller == NOBODY and hooks_for("shared_defense",
                                                                        o.abilities)
               for o in state.contacts(t)):
        return None
    # Who could lend at all: friends of ``t`` on the battlefield with a Defend-like hook
    # (nearly always nobody), in the order of state.warriors.
    lenders = [o for o in state.warriors
               if o.team == team and o.on_table and o.controller == NOBODY
               and hooks_for("shared_defense", o.abilities)]
    if not lenders:
        return None
    best: int | None = None
    for o in lenders:
        if state.touching(t, o):
            value = _lent(state, o, plan, lenders, frozenset({t.id, o.id}))
            if value is not None and (best is None or value > best):
                best = value
    return best


def _lent(state: State, o: Warrior, plan: AttackPlan, lenders: list[Warrior],
          path: frozenset[int]) -> int | None:
    """The defense value ``o`` lends: its own, or one a Defend friend it touches lends it
    if higher (FAQ, Chain Defend: "this new defense value may then be used by other
    friendly figures in contact"), with ``o``'s own defense modifiers on top ("figures do
    not lose their defensive special abilities while they have a borrowed defense value";
    an Aquatic lender in water that borrows 18 lends 20). ``path``: the figures the chain
    has passed (none lends twice)."""
    ctx = SharedDefenseContext(kind=plan.kind, plan=plan)
    for fn in REGISTRY.hooks_for("shared_defense", o.abilities):
        fn(state, o, ctx)
    if ctx.value is None:
        return None
    value = ctx.value
    for n in lenders:
        if n.id not in path and state.touching(o, n):
            borrowed = _lent(state, n, plan, lenders, path | {n.id})
            if borrowed is not None and borrowed > value:
                value = borrowed
    dctx = DefenseContext(role="target", kind=plan.kind, attacker=plan.attacker, value=value,
                          plan=plan, targeted=False)
    for fn in REGISTRY.hooks_for("defense", o.abilities):
        fn(state, o, dctx)
    return dctx.value


def struck_stats(s: Strike) -> Any:
    """The values showing where a strike lands: the figure's dial, or a chariot section's
    (Chariot rules, Combat Dials)."""
    if s.section >= 0:
        return chariots.stats(s.figure, s.section)
    return s.figure.stats


def defense_value(state: State, plan: AttackPlan, s: Strike,
                  told: list[tuple[str, int]] | None = None) -> int:
    """The defense value the attack roll must reach against ``s``; ``told``, when given,
    receives each modifier by name (a borrowed value, terrain, abilities) for the log."""
    t = s.figure
    defense = t.stats.defense if s.section < 0 else struck_stats(s).defense
    if not plan.modifiers:
        # Special Abilities Card, Healing and Magic Healing: all modifiers are ignored.
        return defense
    value = defense
    if not plan.plain_targets and t.team != plan.attacker.team:
        lent = shared_defense(state, t, plan)
        if lent is not None and lent > value:
            if told is not None:
                told.append(("Defend", lent - value))
            value = lent
    value += s.defense_mod
    if told is not None:
        told += s.defense_why
    attacker = plan.attacker
    for role, holder, names in (("target", t, target_abilities(t, plan, s.section)),
                                ("attacker", attacker, plan.abilities)):
        hooks = REGISTRY.hooks_for("defense", names)
        if hooks:
            ctx = DefenseContext(role=role, kind=plan.kind, attacker=attacker, value=value,
                                 plan=plan, targeted=s.targeted)
            if told is None:
                for fn in hooks:
                    fn(state, holder, ctx)
            else:
                for name, fn in _named_hooks(names, "defense"):
                    before = ctx.value
                    fn(state, holder, ctx)
                    if ctx.value != before:
                        told.append((name, ctx.value - before))
            value = ctx.value
    return value


def roll_modifier(state: State, plan: AttackPlan, bonus: int, s: Strike,
                  told: list[tuple[str, int]] | None = None) -> int:
    """What is added to the attack roll against ``s``: ``bonus`` (formation members,
    Rulebook IV), the strike's own (rear arc, Rulebook III, Close Combat) and the
    abilities' (the attack_roll hooks); nothing when the action ignores modifiers
    (Special Abilities Card, Healing and Magic Healing). ``told``, when given, receives
    each modifier by name for the log."""
    if not plan.modifiers:
        return 0
    attacker, t = plan.attacker, s.figure
    modifier = bonus + s.roll_mod
    if told is not None:
        told += named((FORMATION, bonus)) + s.roll_why
    for role, holder, names in (("attacker", attacker, plan.abilities),
                                ("target", t, target_abilities(t, plan, s.section))):
        hooks = REGISTRY.hooks_for("attack_roll", names)
        if hooks:
            actx = AttackContext(role=role, kind=plan.kind, attacker=attacker,
                                 target=t, modifier=modifier)
            if told is None:
                for fn in hooks:
                    fn(state, holder, actx)
            else:
                for name, fn in _named_hooks(names, "attack_roll"):
                    before = actx.modifier
                    fn(state, holder, actx)
                    if actx.modifier != before:
                        told.append((name, actx.modifier - before))
            modifier = actx.modifier
    return modifier


def _named_hooks(names: tuple[str, ...], point: str) -> Iterator[tuple[str, Any]]:
    """The hooks at ``point`` with the ability each belongs to, for the log (a registry
    gives each ability at most one hook a point, in the order of ``names``)."""
    for name in names:
        for fn in REGISTRY.hooks_for(point, (name,)):
            yield name, fn


def reduction(state: State, t: Warrior, plan: AttackPlan | None = None,
              targeted: bool = True, section: int = -1) -> int:
    """How many clicks ``t``'s abilities take off the damage of an attack (Toughness,
    Invulnerability): its damage hooks asked about an attack's damage, changing nothing.
    ``plan`` None: an ordinary attack; Pierce's targets lose no clicks (FAQ, Flame/Lightning
    & Pierce: the splashed still do). ``section``: a chariot's section hit."""
    if plan is None:
        names = t.abilities
        if section >= 0:
            names = chariots.abilities(t, section)
    else:
        names = target_abilities(t, plan, section)
    hooks = REGISTRY.hooks_for("damage", names)
    if not hooks:
        return 0
    ctx = DamageContext(clicks=0, cause="attack", source=None if plan is None else plan.attacker,
                        kind=None if plan is None else plan.kind,
                        pierce=plan is not None and plan.pierce and targeted)
    for fn in hooks:
        fn(state, t, ctx)
    return -ctx.clicks


def standing_share(t: Warrior, plan: AttackPlan, section: int = -1) -> float:
    """The share of hits on ``t`` that stand: a hit hook that turns hits into misses on a
    die (Dodge) declares how many faces do (``register(avoids=)``); only an opposing
    figure's attack is avoided."""
    if t.team == plan.attacker.team:
        return 1.0
    names = target_abilities(t, plan, section)
    if not REGISTRY.hooks_for("hit", names):
        return 1.0  # nearly every figure
    share = 1.0
    for name in names:
        rule = REGISTRY.rule(name)
        if rule is not None and rule.avoids:
            share *= (6 - rule.avoids) / 6
    return share


def settle(state: State, plan: AttackPlan, strikes: list[Strike], bonus: int,
           capture: bool = False) -> None:
    """Resolve the attack now, or once the players of the chariots it strikes on a
    borderline have chosen the sections (Chariot rules, Attacking a Chariot: "the
    chariot's player decides which of the sections is attacked"; a decision owed before
    the roll, whose defense value it decides)."""
    choices = [s for s in strikes if s.options]
    if not choices:
        resolve(state, plan, strikes, bonus, capture)
        return
    for s in choices:
        state.pending.append(SectionChoice(warrior=s.figure.id, options=s.options,
                                           purpose="attack", holder=s))
    state.pending.append(AttackStep(plan=plan, strikes=strikes, bonus=bonus, capture=capture))


def resolve_step(state: State, step: AttackStep) -> None:
    """The attack that waited for the sections chosen."""
    for s in step.strikes:
        if s.options and s.section < 0:
            s.section = s.options[0]  # its chariot was gone before its player chose
    resolve(state, step.plan, [s for s in step.strikes if s.figure.on_table], step.bonus,
            step.capture)


def resolve(state: State, plan: AttackPlan, strikes: list[Strike], bonus: int,
            capture: bool = False) -> None:
    """Roll once and compare against every strike (Rulebook III, Multiple Ranged Combat
    Targets); ``bonus`` adds to the roll (formations, rear arc)."""
    attacker = plan.attacker
    dice = state.roll(2, "attack", warrior=attacker.id)
    roll = dice[0] + dice[1]
    attack = plan.attack
    hits: list[Strike] = []
    for s in strikes:
        t = s.figure
        # Rulebook III: the roll, the attack value and every modifier, each told by name
        # in the log's roll line.
        roll_told: list[tuple[str, int]] = []
        defense_told: list[tuple[str, int]] = []
        modifier = roll_modifier(state, plan, bonus, s, roll_told)
        defense = defense_value(state, plan, s, defense_told)
        total = roll + attack + modifier
        if roll == CRITICAL_MISS:
            hit = False  # Rulebook III, Rolling "2"s: an automatic miss
        elif roll == CRITICAL_HIT:
            hit = True  # Rulebook III, Rolling "12"s: an automatic hit
        else:
            hit = total >= defense
        critical = roll in (CRITICAL_MISS, CRITICAL_HIT)
        told: Hit | Miss
        if hit:
            told = {"e": "hit", "attacker": attacker.id, "target": t.id, "total": total,
                    "defense": defense, "critical": critical, "attack": attack}
        else:
            told = {"e": "miss", "attacker": attacker.id, "target": t.id, "total": total,
                    "defense": defense, "critical": critical, "attack": attack}
        if not s.targeted:
            told["splash"] = True
        if s.section >= 0:
            told["section"] = SECTIONS[s.section]
        if roll_told:
            told["roll_modifiers"] = [list(p) for p in roll_told]
        if defense_told:
            told["defense_modifiers"] = [list(p) for p in defense_told]
        state.emit(told)
        if hit:
            hits.append(s)
    if roll == CRITICAL_MISS:
        # Rulebook III, critical miss: the attacker (only the primary attacker of a
        # formation, Rulebook IV) turns his dial one click (a chariot's: the section's
        # that attacked).
        state.damage(attacker, 1, "critical miss", None, section=plan.section)
        return
    landed = [s for s in hits if not _avoided(state, plan, s.figure, s.section)]
    critical = roll == CRITICAL_HIT
    if capture:
        for s in landed:
            capture_figure(state, attacker, s.figure)
        return
    if plan.heal:
        _heal(state, plan, landed, critical)
    elif plan.confuse:
        for s in landed:
            if s.figure.on_table:
                state.pending.append(ConfusedMove(warrior=s.figure.id, attacker=attacker.id))
    elif plan.damaging:
        # The abilities each figure showed when it was hit answer the attack, whatever its
        # dial turns to (FAQ, Changing Special Abilities).
        showing = {s.figure.id: target_abilities(s.figure, plan, s.section) for s in landed}
        _after(state, plan, _damage(state, plan, landed, critical), showing)
    if plan.freeze:
        # FAQ, Magic Freeze & Ranged Combat Special Abilities: after the attack succeeds,
        # whatever else the action did.
        for s in landed:
            freeze(state, attacker, s.figure, plan)


def _avoided(state: State, plan: AttackPlan, t: Warrior, section: int = -1) -> bool:
    """A hit figure's own abilities may still turn the hit into a miss (Dodge)."""
    hooks = REGISTRY.hooks_for("hit", target_abilities(t, plan, section))
    if not hooks:
        return False
    ctx = HitContext(attacker=plan.attacker, plan=plan)
    for fn in hooks:
        fn(state, t, ctx)
    if not ctx.hit:
        state.emit({"e": "dodged", "warrior": t.id, "attacker": plan.attacker.id})
    return not ctx.hit


def _enhancement(state: State, plan: AttackPlan, t: Warrior) -> int:
    """Extra clicks friends touching a ranged attacker add (Magic Enhancement)."""
    attacker = plan.attacker
    bonus = 0
    for o in state.warriors:
        if o is attacker or not o.on_table or not REGISTRY.has_hook("enhance", o.abilities):
            continue
        if state.friendly(o, attacker) and state.touching(o, attacker):
            ctx = EnhanceContext(attacker=attacker, target=t)
            for fn in REGISTRY.hooks_for("enhance", o.abilities):
                fn(state, o, ctx)
            bonus += ctx.bonus
    return bonus


def _damage(state: State, plan: AttackPlan, landed: list[Strike], critical: bool
            ) -> list[tuple[Warrior, int]]:
    attacker = plan.attacker
    totals: list[tuple[Strike, int]] = []
    for s in landed:
        t = s.figure
        value = plan.damage
        if plan.damage_die:
            # Magic Blast, Weapon Master: a die roll in place of the damage value.
            value = state.roll(1, "damage", warrior=attacker.id, target=t.id)[0]
        base = value * s.parts
        ctx = DamageContext(clicks=base, cause="attack", source=attacker, role="attacker",
                            target=t, kind=plan.kind)
        for fn in REGISTRY.hooks_for("damage", plan.abilities):
            fn(state, attacker, ctx)
        # FAQ, Applying Damage: doubling first, then additions (the critical hit, Magic
        # Enhancement), each once however many parts the attack has; reductions come last,
        # in state.damage.
        clicks = base * ctx.multiplier + (ctx.clicks - base)
        if critical:
            clicks += 1  # Rulebook III, Rolling "12"s
        if plan.kind == "ranged" and t.team != attacker.team:
            clicks += _enhancement(state, plan, t)
        totals.append((s, clicks))
    damaged = []
    for s, clicks in totals:
        t = s.figure
        dealt = state.damage(t, clicks, "attack", attacker.owner, attacker, kind=plan.kind,
                             pierce=plan.pierce and s.targeted, plain=plan.plain_targets,
                             section=s.section)
        damaged.append((t, dealt))
    return damaged


def _after(state: State, plan: AttackPlan, damaged: list[tuple[Warrior, int]],
           showing: dict[int, tuple[str, ...]]) -> None:
    """Vampirism first (part of the attacker's own attack), then Magic Retaliation: every
    retaliation at the same time, each applied on its own (FAQ, Magic Retaliation)."""
    attacker = plan.attacker
    ctx = AfterAttackContext(attacker=attacker, plan=plan, damaged=damaged)
    for fn in REGISTRY.hooks_for("after_attack", plan.abilities):
        fn(state, attacker, ctx)
    for t, clicks in damaged:
        if clicks > 0:
            for fn in REGISTRY.hooks_for("after_attack", showing[t.id]):
                fn(state, t, ctx)
    for victim, clicks, ability, by in ctx.damage:
        # Back at the attacker: a chariot takes it on the section that attacked.
        if victim is attacker and plan.section >= 0:
            state.damage(victim, clicks, "ability", by.owner, by, ability=ability,
                         section=plan.section)
        else:
            # A chariot takes it on the section the holder touches (its kind says).
            victim.kind.damage_by_contact(state, victim, by, clicks, ability)


def _heal(state: State, plan: AttackPlan, landed: list[Strike], critical: bool) -> None:
    attacker = plan.attacker
    for s in landed:
        t = s.figure
        if plan.heal == "die" or plan.roll_die:
            # FAQ, Magic Healing & Multiple Targets: a separate roll for each figure.
            amount = state.roll(1, "healing", warrior=attacker.id, target=t.id)[0]
        else:
            amount = plan.damage
        if critical:
            amount += 1  # Rulebook III, Rolling "12"s while healing
        state.heal(t, amount, plan.mode or "healing")


def freeze(state: State, attacker: Warrior, t: Warrior, plan: AttackPlan) -> None:
    """FAQ, Magic Freeze (Special Ability Update): an action token, as if given a nonpass
    action; a second token pushes for 1 click, as does a hit on a figure with two."""
    if not t.on_table or (not plan.plain_targets and not magic_affects(state, t, "Magic Freeze")):
        return
    if "Magic Freeze" in t.kind.refuses:
        return  # Chariot rules and Castle rules, General Rules
    if t.owner == state.current:
        t.acted_turn = state.turn
    if t.tokens >= 2:
        state.emit({"e": "frozen", "warrior": t.id, "tokens": t.tokens})
        state.damage(t, 1, "pushing", attacker.owner, attacker, ability="Magic Freeze")
        return
    t.tokens += 1
    t.token_turn = state.turn
    state.emit({"e": "frozen", "warrior": t.id, "tokens": t.tokens})
    if t.tokens == 2:
        state.damage(t, 1, "pushing", attacker.owner, attacker, ability="Magic Freeze")


def capture_figure(state: State, holder: Warrior, t: Warrior) -> None:
    """Rulebook III, Capturing: the target becomes the attacker's captive, undamaged."""
    if not (holder.on_table and t.on_table) or holder.captive != NOBODY:
        return
    holder.captive = t.id
    t.controller = holder.id
    state.emit({"e": "captured", "warrior": t.id, "by": holder.id})
