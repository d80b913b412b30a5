"""What an attack is worth, in victory points, before the dice are rolled.

The engine's own checks say who strikes whom and with which modifiers; the dice are then
counted out exactly (:mod:`armybuilder.engine.odds`), never sampled. Values are victory
points (Rulebook VI, Victory!): an elimination scores the figure's points, a captive held
in the starting area twice its points, and every click short of that is worth a share.
"""

from __future__ import annotations

from typing import Any

from armybuilder.engine import close, combat, odds, ranged
from armybuilder.engine.abilities import REGISTRY, AttackContext, BreakAwayContext
from armybuilder.engine.actions import Action, CloseAttack, Move, RangedAttack, UseAbility
from armybuilder.engine.state import IllegalAction, State, Warrior

#: A damaged figure fights worse; a click short of elimination is worth this share of the
#: points it would bring.
PARTIAL = 0.5
#: A capture takes the figure out of the game at once and may score double (Rulebook VI),
#: but the controller must still carry it home and may only move or pass meanwhile.
CAPTURE_SHARE = 0.9
#: Special Abilities Card, Dodge: on a 4, 5 or 6 the attack misses.
DODGE_MISS = 0.5
#: Special Abilities Card, Toughness and Invulnerability: clicks taken off each attack.
REDUCTION = {"Toughness": 1, "Invulnerability": 2}
#: Special Abilities Card, Magic Blast and Weapon Master: a die roll for damage.
DIE_AVERAGE = 3.5
#: Special Abilities Card, Regeneration: a die roll less 2, never below 0: 10/6 on average.
REGENERATION_AVERAGE = 10 / 6


def clicks_left(w: Warrior) -> int:
    """Clicks the dial can still take before the figure is eliminated (Rulebook I)."""
    return len(w.card.clicks) - w.click


def damage_value(w: Warrior, clicks: float) -> float:
    """Victory points ``clicks`` of damage are worth against ``w``."""
    if clicks <= 0:
        return 0.0
    left = clicks_left(w)
    if clicks >= left:
        return float(w.card.points)
    return w.card.points * PARTIAL * clicks / left


def push_cost(w: Warrior) -> float:
    """What giving ``w`` a non-pass action costs now: Rulebook III, Pushing, a click after
    an action on two consecutive turns. Eliminating yourself is never worth it."""
    return damage_value(w, 1) * 1.5 if pushed(w) else 0.0


def pushed(w: Warrior, turn: int | None = None) -> bool:
    """Would a non-pass action now push ``w``? (It carries a token from its last turn.)"""
    return w.tokens > 0 and (turn is None or w.token_turn < turn)


def break_away_chance(state: State, w: Warrior) -> float:
    """Rulebook III, Breaking Away: the chance that ``w`` breaks away (1-3 fails on a die,
    less with Charge, Bound or Flight)."""
    ctx = BreakAwayContext()
    for fn in REGISTRY.hooks_for("break_away", w.abilities):
        fn(state, w, ctx)
    return (6 - ctx.fails_up_to) / 6


def pushing_kills(w: Warrior) -> bool:
    return clicks_left(w) <= 1


def _reduction(t: Warrior, plan: object, targeted: bool) -> int:
    if getattr(plan, "pierce", False) and targeted:
        return 0
    names = combat.target_abilities(t, plan)  # type: ignore[arg-type]
    return sum(REDUCTION.get(n, 0) for n in names)


def _roll_modifier(state: State, plan: object, bonus: int, s: combat.Strike) -> int:
    """The modifiers to the attack roll against one figure, as combat.resolve adds them."""
    if not plan.modifiers:  # type: ignore[attr-defined]
        return 0
    attacker: Warrior = plan.attacker  # type: ignore[attr-defined]
    t = s.figure
    modifier = bonus + s.roll_mod
    for role, holder, names in (("attacker", attacker, attacker.abilities),
                                ("target", t, combat.target_abilities(t, plan))):  # type: ignore[arg-type]
        hooks = REGISTRY.hooks_for("attack_roll", names)
        if hooks:
            ctx = AttackContext(role=role, kind=plan.kind, attacker=attacker,  # type: ignore[attr-defined]
                                target=t, modifier=modifier)
            for fn in hooks:
                fn(state, holder, ctx)
            modifier = ctx.modifier
    return modifier


def _strike_value(state: State, plan: object, s: combat.Strike, bonus: int, damage: float,
                  capture: bool, me: int) -> float:
    t = s.figure
    attacker: Warrior = plan.attacker  # type: ignore[attr-defined]
    defense = combat.defense_value(state, plan, s)  # type: ignore[arg-type]
    needed = defense - attacker.stats.attack - _roll_modifier(state, plan, bonus, s)
    p_plain, p_crit = odds.chances(needed)
    friend = t.team == state.players[me].team
    if "Dodge" in combat.target_abilities(t, plan) and not friend:  # type: ignore[arg-type]
        p_plain *= DODGE_MISS
        p_crit *= DODGE_MISS
    if capture:
        return (p_plain + p_crit) * t.card.points * CAPTURE_SHARE
    if plan.heal:  # type: ignore[attr-defined]
        left = len(t.card.clicks) - 1 - t.click
        healable = min(t.click - t.card.starting_click, max(1, int(damage)))
        value = t.card.points * PARTIAL * healable / max(1, left + healable)
        return (p_plain + p_crit) * value
    if plan.confuse:  # type: ignore[attr-defined]
        return (p_plain + p_crit) * 0.1 * t.card.points
    if not plan.damaging:  # type: ignore[attr-defined]
        return 0.0
    cut = _reduction(t, plan, s.targeted)
    plain = max(0.0, damage * s.parts - cut)
    crit = max(0.0, damage * s.parts + 1 - cut)
    value = p_plain * damage_value(t, plain) + p_crit * damage_value(t, crit)
    if plan.freeze:  # type: ignore[attr-defined]
        value += (p_plain + p_crit) * 0.05 * t.card.points
    return -value if friend else value


def ranged_value(state: State, action: RangedAttack, me: int, follow_up: bool = False,
                 checked: tuple[Any, ...] | None = None) -> float:
    firer, members, plan, shots = checked or ranged.check_ranged(state, action, follow_up)
    damage: float = plan.damage
    if plan.everyone:
        damage = damage if len(shots) == 1 else 1
    elif len(shots) > 1 or plan.splash:
        damage = 1  # Rulebook III, Multiple Ranged Combat Targets
    if plan.damage_die:
        damage = DIE_AVERAGE
    bonus = len(members) - 1  # Rulebook IV: +1 per extra member
    value = sum(_strike_value(state, plan, s, bonus, damage, False, me)
                for s in ranged.strikes_for(state, plan, shots))
    return value - _costs(firer, members, follow_up)


def close_value(state: State, action: CloseAttack, me: int, follow_up: bool = False,
                checked: tuple[Any, ...] | None = None) -> float:
    a, targets, members, plan = checked or close.check_close(state, action, follow_up)
    damage: float = DIE_AVERAGE if plan.damage_die or action.roll_die else plan.damage
    bonus = len(members) - 1  # Rulebook IV: +1 for each extra member
    value = 0.0
    for t in targets:
        rear = 0
        for m in members:
            if close.at_rear(state, m, t):
                rear = 1  # Rulebook IV: a single +1 for the whole formation
                break
        defense = close.CAPTURE_DEFENSE if action.capture else 0
        if state.terrain and state.elevation(t) is not None and state.elevation(a) is None:
            defense += 1  # Rulebook V, Height Advantage
        s = combat.Strike(t, defense_mod=defense, roll_mod=rear)
        value += _strike_value(state, plan, s, bonus, damage, action.capture, me)
    return value - _costs(a, members, follow_up)


def _costs(attacker: Warrior, members: list[Warrior], follow_up: bool) -> float:
    # Rulebook III, Rolling "2"s: the primary attacker takes a click on a 2.
    cost = odds.MISS_CHANCE * damage_value(attacker, 1)
    if follow_up:
        return cost
    for m in members:
        if pushed(m):
            if pushing_kills(m):
                return float("inf")
            cost += push_cost(m)
        if m is not attacker:
            cost += 0.5  # a member gives up its own action this turn
    return cost


def attack_value(state: State, action: Action, me: int, follow_up: bool = False,
                 checked: tuple[Any, ...] | None = None) -> float:
    """Expected victory points of an attack, less what it costs the attacker (pushing,
    a critical miss). -inf for one the rules forbid. ``checked``: what the engine's check
    of the action returns, when the listing has it (``legal.checked``)."""
    try:
        if isinstance(action, RangedAttack):
            return ranged_value(state, action, me, follow_up, checked)
        if isinstance(action, CloseAttack):
            return close_value(state, action, me, follow_up, checked)
    except IllegalAction:
        return float("-inf")
    return 0.0


def charge_value(state: State, move: Move, me: int) -> float:
    """A Charge or Bound move ends in an attack in the same action: what the best close
    attack from the end of the path would be worth, guessed from the dial."""
    w = state.warriors[move.warrior]
    if not move.path:
        return 0.0
    end = move.path[-1]
    best = 0.0
    for o in state.warriors:
        if not o.on_table or not state.opposing(w, o):
            continue
        gap = ((o.x - end[0]) ** 2 + (o.y - end[1]) ** 2) ** 0.5 - w.half_length - o.half_length
        if gap > 0.06:
            continue
        needed = o.stats.defense - w.stats.attack
        best = max(best, odds.hit_chance(needed) * damage_value(o, max(
            0, w.stats.damage - _reduction(o, _PlainPlan(w), True))))
    return best


class _PlainPlan:
    """Just enough of an attack plan to read a target's abilities."""

    plain_targets = False
    pierce = False

    def __init__(self, attacker: Warrior) -> None:
        self.attacker = attacker


def ability_value(state: State, action: UseAbility) -> float:
    """Regeneration and Necromancy: the clicks or the figure they may bring back."""
    w = state.warriors[action.warrior]
    if action.ability == "Regeneration":
        # Special Abilities Card, Regeneration: a die roll less 2 clicks healed.
        healed = min(w.click - w.card.starting_click, REGENERATION_AVERAGE)
        return damage_value(w, healed) if healed > 0 else 0.0
    if action.ability == "Necromancy" and action.target is not None:
        return state.warriors[action.target].card.points * 0.4
    return 0.0

