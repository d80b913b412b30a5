"""Defensive abilities: Aquatic, Battle Armor, Defend, Dodge, Invulnerability, Limited
Invisibility, Stealth, Toughness."""

from __future__ import annotations

from typing import Any

from armybuilder.engine import weather
from armybuilder.engine.abilities import (
    REGISTRY,
    CaptureContext,
    DamageContext,
    DefenseContext,
    DialContext,
    HealContext,
    HitContext,
    LineOfFireContext,
    MoveContext,
    SharedDefenseContext,
    TargetContext,
)
from armybuilder.engine.state import NOBODY, REDUCIBLE

RANGED_BONUS = 2  # Battle Armor, Invulnerability, Aquatic: +2 against ranged attacks


def _pierced(ctx: DefenseContext) -> bool:
    # Special Abilities Card, Pierce; FAQ, Flame/Lightning & Pierce: only for the figures
    # the attack targets, not those it splashes.
    return ctx.plan is not None and ctx.plan.pierce and ctx.targeted


# --- Aquatic (FAQ, Special Ability Update) ----------------------------------------------


def _aquatic_movement(state: Any, w: Any, ctx: MoveContext) -> None:
    # FAQ, Aquatic: neither hindered nor blocked by water; it may end a move in deep water.
    if ctx.stage == "path":
        ctx.ignores_water = True


def _aquatic_defense(state: Any, w: Any, ctx: DefenseContext) -> None:
    # FAQ, Aquatic: +2 against ranged attacks that target or affect it while its centre dot
    # is in water terrain (FAQ, Aquatic and Shockwave / Flame/Lightning / Defend).
    if ctx.role == "target" and ctx.kind == "ranged" and (
            (state.terrain and state.terrain.in_water((w.x, w.y)))
            or (state.weather and weather.in_water(state, (w.x, w.y)))):
        ctx.value += RANGED_BONUS


REGISTRY.register(
    "Aquatic", "FAQ, Special Ability Update: Aquatic; FAQ, Aquatic", optional=True,
    movement=_aquatic_movement, defense=_aquatic_defense, reads=(),
)


# --- Battle Armor -----------------------------------------------------------------------


def _battle_armor(state: Any, w: Any, ctx: DefenseContext) -> None:
    # Special Abilities Card, Battle Armor: +2 against ranged attacks that target or affect
    # it; close combat is unaffected.
    if ctx.role == "target" and ctx.kind == "ranged" and not _pierced(ctx):
        ctx.value += RANGED_BONUS


REGISTRY.register("Battle Armor", "Special Abilities Card, Battle Armor",
                  defense=_battle_armor)


# --- Defend -----------------------------------------------------------------------------


def _defend(state: Any, w: Any, ctx: SharedDefenseContext) -> None:
    # Special Abilities Card, Defend: friendly figures touching this warrior may use its
    # defense value; FAQ, Chain Defend: the value is passed on along Defend warriors, and
    # the lender's own defensive abilities count in it (FAQ, Aquatic and Defend).
    ctx.value = w.stats.defense


REGISTRY.register("Defend", "Special Abilities Card, Defend; FAQ, Chain Defend; FAQ, "
                  "Aquatic and Defend", optional=True, shared_defense=_defend)


# --- Dodge ------------------------------------------------------------------------------


def _dodge(state: Any, w: Any, ctx: HitContext) -> None:
    # Special Abilities Card, Dodge: on a 4, 5 or 6 the attack misses this warrior; FAQ,
    # Dodge & Flame/Lightning: splash can be dodged, figure by figure. Only an opposing
    # figure's attack is dodged (an owner never wants to dodge a friend's healing).
    if ctx.attacker.team == w.team:
        return
    die = state.roll(1, "dodge", warrior=w.id)[0]
    if die >= 4:
        ctx.hit = False


REGISTRY.register("Dodge", "Special Abilities Card, Dodge; FAQ, Dodge & Flame/Lightning",
                  optional=True, hit=_dodge, avoids=3)  # 4, 5 and 6 of a die


# --- Invulnerability --------------------------------------------------------------------


def _invulnerability_defense(state: Any, w: Any, ctx: DefenseContext) -> None:
    # Special Abilities Card, Invulnerability: +2 against ranged attacks.
    if ctx.role == "target" and ctx.kind == "ranged" and not _pierced(ctx):
        ctx.value += RANGED_BONUS


def _invulnerability_damage(state: Any, w: Any, ctx: DamageContext) -> None:
    # Special Abilities Card, Invulnerability: 2 clicks less from attacks and damaging
    # abilities, never from pushing or a critical miss.
    if ctx.role == "target" and ctx.cause in REDUCIBLE and not ctx.pierce:
        ctx.clicks -= 2


def _invulnerability_healing(state: Any, w: Any, ctx: HealContext) -> None:
    # Special Abilities Card, Invulnerability: this warrior cannot be healed.
    ctx.clicks = 0


def _no_captives(name: str) -> Any:
    def hook(state: Any, w: Any, ctx: CaptureContext) -> None:
        # Special Abilities Card: this warrior can neither capture nor be captured.
        ctx.violation = (f"Special Abilities Card, {name}: this warrior can neither capture "
                         "nor be captured")
    return hook


def release_captive(name: str) -> Any:
    def hook(state: Any, w: Any, ctx: DialContext) -> None:
        # Special Abilities Card: a captive held when the ability comes up goes free and may
        # be given actions as usual.
        if w.captive != NOBODY:
            state.emit({"e": "ability_frees_captive", "warrior": w.id, "ability": name})
            state.release(state.warriors[w.captive])
    return hook


REGISTRY.register(
    "Invulnerability", "Special Abilities Card, Invulnerability; FAQ, Invulnerability & "
    "Vampirism", defense=_invulnerability_defense, damage=_invulnerability_damage,
    healing=_invulnerability_healing, capture=_no_captives("Invulnerability"),
    dial=release_captive("Invulnerability"),
)


# --- Limited Invisibility ---------------------------------------------------------------


def _limited_invisibility(state: Any, w: Any, ctx: TargetContext) -> None:
    # Special Abilities Card, Limited Invisibility: never the target of a ranged combat
    # attack. FAQ, Flame/Lightning & Limited Invisibility: splash still affects it; its
    # base still blocks lines of fire (FAQ, Special Abilities and Line of Fire). Its owner
    # cancels it for a friend's Magic Healing, so friends' actions ignore it.
    if ctx.plan.kind == "ranged" and ctx.attacker.team != w.team:
        ctx.violation = ("Special Abilities Card, Limited Invisibility: may not be the target "
                         "of a ranged combat attack")


REGISTRY.register("Limited Invisibility", "Special Abilities Card, Limited Invisibility; "
                  "FAQ, Flame/Lightning & Limited Invisibility", optional=True,
                  targeting=_limited_invisibility, reads=())


# --- Stealth ----------------------------------------------------------------------------


def _stealth(state: Any, w: Any, ctx: LineOfFireContext) -> None:
    # Special Abilities Card, Stealth: a line of fire to it through hindering terrain is
    # blocked. Magic Blast lines are never blocked and Shockwave ignores Stealth (FAQ,
    # Magic Blast & Stealth; Shockwave & Stealth); friends' lines (Magic Healing) are not.
    if ctx.role == "target" and ctx.hindering and ctx.blocked is None \
            and ctx.firer.team != w.team:
        ctx.blocked = ("Special Abilities Card, Stealth: a line of fire through hindering "
                       "terrain to this warrior is blocked")


REGISTRY.register("Stealth", "Special Abilities Card, Stealth; FAQ, Shockwave & Stealth",
                  optional=True, line_of_fire=_stealth, reads=())


# --- Toughness --------------------------------------------------------------------------


def _toughness(state: Any, w: Any, ctx: DamageContext) -> None:
    # Special Abilities Card, Toughness: 1 click less from attacks and damaging abilities
    # (Pole Arm, Ram, Venom, Magic Retaliation), never from pushing or a critical miss.
    if ctx.role == "target" and ctx.cause in REDUCIBLE and not ctx.pierce:
        ctx.clicks -= 1


REGISTRY.register("Toughness", "Special Abilities Card, Toughness", damage=_toughness)
