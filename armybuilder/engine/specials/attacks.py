"""Attack abilities: Flame/Lightning, Shockwave, Pierce (ranged); Sweep, Weapon Master,
Sneak Attack, Vampirism (close)."""

from __future__ import annotations

from typing import Any

from armybuilder.engine.abilities import (
    REGISTRY,
    AfterAttackContext,
    AttackPlan,
    DamageContext,
    SpinContext,
)

FLAME_LIGHTNING = "Flame/Lightning"
SHOCKWAVE = "Shockwave"
SWEEP = "Sweep"
WEAPON_MASTER = "Weapon Master"


def _flame_lightning(state: Any, w: Any, plan: AttackPlan) -> None:
    # Special Abilities Card, Flame/Lightning: damage value 1; the single roll is compared
    # with the target and every figure touching it, each hit taking 1 click per part of the
    # attack that affects it (FAQ, Flame/Lightning & Multiple Attacks). It may affect more
    # than one figure, so no formation (FAQ, Rule Changes 1).
    if plan.mode == FLAME_LIGHTNING:
        plan.splash = True
        plan.damage = 1
        plan.formation_ok = False


REGISTRY.register("Flame/Lightning", "Special Abilities Card, Flame/Lightning; FAQ, "
                  "Flame/Lightning", optional=True, action="ranged",
                  attack_plan=_flame_lightning)


def _shockwave(state: Any, w: Any, plan: AttackPlan) -> None:
    # Special Abilities Card, Shockwave: half the range (measured in inches, not rounded),
    # every direction, every figure but captives, friend and foe, as if they had no
    # special abilities but Aquatic; FAQ, Shockwave & Friendly Figures / Targeting.
    if plan.mode == SHOCKWAVE:
        plan.range /= 2.0
        plan.everyone = True
        plan.plain_targets = True
        plan.formation_ok = False


REGISTRY.register("Shockwave", "Special Abilities Card, Shockwave; FAQ, Shockwave",
                  optional=True, action="ranged", attack_plan=_shockwave)


def _pierce(state: Any, w: Any, plan: AttackPlan) -> None:
    # Special Abilities Card, Pierce: ranged attacks ignore the targets' Battle Armor,
    # Toughness and Invulnerability (FAQ, Flame/Lightning & Pierce: not the splashed).
    if plan.kind == "ranged":
        plan.pierce = True
        plan.flags.add("Pierce")


REGISTRY.register("Pierce", "Special Abilities Card, Pierce; FAQ, Flame/Lightning & Pierce",
                  optional=True, attack_plan=_pierce)


def _sweep(state: Any, w: Any, plan: AttackPlan) -> None:
    # Special Abilities Card, Sweep: one roll against every opposing figure in base contact
    # with the front arc, normal damage to each hit; no capture attempt, no formation.
    if plan.mode == SWEEP:
        plan.all_front = True
        plan.capture_ok = False
        plan.formation_ok = False


REGISTRY.register("Sweep", "Special Abilities Card, Sweep", optional=True, action="close",
                  attack_plan=_sweep)


def _weapon_master(state: Any, w: Any, plan: AttackPlan) -> None:
    # Special Abilities Card, Weapon Master: on a hit, a die roll replaces the damage value.
    # A capture does no damage, so it is made without Weapon Master.
    if plan.mode == WEAPON_MASTER:
        plan.damage_die = True
        plan.capture_ok = False


REGISTRY.register("Weapon Master", "Special Abilities Card, Weapon Master", optional=True,
                  action="close", attack_plan=_weapon_master)


def _sneak_attack_damage(state: Any, w: Any, ctx: DamageContext) -> None:
    # Special Abilities Card, Sneak Attack: double the damage value of a close combat attack
    # made in contact with the target's rear arc; FAQ, Applying Damage: doubling comes
    # before anything is added.
    if ctx.role == "attacker" and ctx.kind == "close" and state.at_rear(w, ctx.target):
        ctx.multiplier *= 2


def _sneak_attack_spin(state: Any, w: Any, ctx: SpinContext) -> None:
    # Special Abilities Card, Sneak Attack: figures it moves into contact with get no free
    # spin when it was given a move action.
    if ctx.given_move:
        ctx.allowed = False


REGISTRY.register("Sneak Attack", "Special Abilities Card, Sneak Attack; FAQ, Applying Damage",
                  optional=True, damage=_sneak_attack_damage, free_spin=_sneak_attack_spin)


def _vampirism(state: Any, w: Any, ctx: AfterAttackContext) -> None:
    # Special Abilities Card, Vampirism: 1 click healed each time it damages a target in
    # close combat; FAQ, Invulnerability & Vampirism: damage reduced to 0 heals nothing.
    if ctx.attacker is not w or ctx.plan.kind != "close":
        return
    for t, clicks in ctx.damaged:
        # Castle rules, General Rules: a castle section cannot be affected by Vampirism.
        # World Conquest, Upgrading Defenses: nor by damage to a fortification.
        if clicks > 0 and w.on_table and "Vampirism" not in t.kind.refuses:
            state.heal(w, 1, "Vampirism")


REGISTRY.register("Vampirism", "Special Abilities Card, Vampirism; FAQ, Invulnerability & "
                  "Vampirism", after_attack=_vampirism)
