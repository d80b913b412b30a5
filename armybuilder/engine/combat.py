"""Attack rolls, criticals, defense and damage, shared by ranged and close combat
(Rulebook III, Ranged Combat, Close Combat, Rolling "2"s and "12"s, Capturing)."""

from __future__ import annotations

from armybuilder.engine.abilities import REGISTRY, AttackContext, DamageContext, DefenseContext
from armybuilder.engine.state import State, Warrior

CRITICAL_MISS = 2
CRITICAL_HIT = 12


def resolve(state: State, kind: str, attacker: Warrior, targets: list[tuple[Warrior, int]],
            bonus: int, damage: int, capture: bool) -> None:
    """Roll once and compare against every target (Rulebook III, Multiple Ranged Combat
    Targets). ``targets`` pairs each target with its defense modifiers from terrain and
    capture; ``bonus`` adds to the roll (formations, rear arc)."""
    dice = state.roll(2, "attack", warrior=attacker.id)
    roll = dice[0] + dice[1]
    attack = attacker.stats.attack
    hits: list[Warrior] = []
    for t, defense_modifier in targets:
        modifier = bonus
        for role, holder in (("attacker", attacker), ("target", t)):
            hooks = REGISTRY.hooks_for("attack_roll", holder.abilities)
            if hooks:
                actx = AttackContext(role=role, kind=kind, attacker=attacker, target=t,
                                     modifier=modifier)
                for fn in hooks:
                    fn(state, holder, actx)
                modifier = actx.modifier
        defense = t.stats.defense + defense_modifier
        for role, holder in (("target", t), ("attacker", attacker)):
            hooks = REGISTRY.hooks_for("defense", holder.abilities)
            if hooks:
                dctx = DefenseContext(role=role, kind=kind, attacker=attacker, value=defense)
                for fn in hooks:
                    fn(state, holder, dctx)
                defense = dctx.value
        total = roll + attack + modifier
        if roll == CRITICAL_MISS:
            hit = False  # Rulebook III, Rolling "2"s: an automatic miss
        elif roll == CRITICAL_HIT:
            hit = True  # Rulebook III, Rolling "12"s: an automatic hit
        else:
            hit = total >= defense
        state.emit("hit" if hit else "miss", attacker=attacker.id, target=t.id, total=total,
                   defense=defense, critical=roll in (CRITICAL_MISS, CRITICAL_HIT))
        if hit:
            hits.append(t)
    if roll == CRITICAL_MISS:
        # Rulebook III, critical miss: the attacker (only the primary attacker of a
        # formation, Rulebook IV) turns his dial one click.
        state.damage(attacker, 1, "critical miss", None)
        return
    for t in hits:
        if capture:
            capture_figure(state, attacker, t)
            continue
        clicks = damage + (1 if roll == CRITICAL_HIT else 0)  # Rulebook III, critical hit
        hooks = REGISTRY.hooks_for("damage", attacker.abilities)
        if hooks:
            ctx = DamageContext(clicks=clicks, cause="attack", source=t, role="attacker")
            for fn in hooks:
                fn(state, attacker, ctx)
            clicks = ctx.clicks
        state.damage(t, clicks, "attack", attacker.owner, source=attacker)


def capture_figure(state: State, holder: Warrior, t: Warrior) -> None:
    """Rulebook III, Capturing: the target becomes the attacker's captive, undamaged."""
    if not (holder.on_table and t.on_table):
        return
    holder.captive = t.id
    t.controller = holder.id
    state.emit("captured", warrior=t.id, by=holder.id)
