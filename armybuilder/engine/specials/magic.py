"""The Magic abilities: Magic Blast, Magic Confusion, Magic Enhancement, Magic Freeze,
Magic Healing, Magic Immunity, Magic Levitation, Magic Retaliation."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from armybuilder.engine import geometry as g
from armybuilder.engine import movement, places
from armybuilder.engine.abilities import (
    REGISTRY,
    AfterAttackContext,
    AttackPlan,
    EnhanceContext,
    MagicContext,
    SpecialActionContext,
    TargetContext,
    magic_affects,
)
from armybuilder.engine.actions import UseAbility
from armybuilder.engine.pending import ContactCheck
from armybuilder.engine.state import NOBODY

MAGIC_BLAST = "Magic Blast"
MAGIC_CONFUSION = "Magic Confusion"
MAGIC_ENHANCEMENT = "Magic Enhancement"
MAGIC_FREEZE = "Magic Freeze"
MAGIC_HEALING = "Magic Healing"
MAGIC_IMMUNITY = "Magic Immunity"
MAGIC_LEVITATION = "Magic Levitation"
MAGIC_RETALIATION = "Magic Retaliation"
LEVITATION_REACH = 10.0


# --- Magic Immunity ---------------------------------------------------------------------


def _immunity_magic(state: Any, w: Any, ctx: MagicContext) -> None:
    # Special Abilities Card, Magic Immunity: no other ability with "Magic" in its name
    # affects this warrior.
    if ctx.ability != MAGIC_IMMUNITY:
        ctx.immune = True


def _immunity_targeting(state: Any, w: Any, ctx: TargetContext) -> None:
    if ctx.plan.magic:
        ctx.violation = (f"Special Abilities Card, Magic Immunity: {ctx.plan.mode} cannot "
                         "affect this warrior")


REGISTRY.register("Magic Immunity", "Special Abilities Card, Magic Immunity",
                  magic=_immunity_magic, targeting=_immunity_targeting, reads=())


# --- Magic Blast ------------------------------------------------------------------------


def _blast(state: Any, w: Any, plan: AttackPlan) -> None:
    # Special Abilities Card, Magic Blast: one target, a line of fire nothing blocks, no
    # terrain modifiers, a die roll for damage. FAQ, Magic Blast: a single target whatever
    # the arrows; Stealth and immune figures' bases do not stop it.
    if plan.mode == MAGIC_BLAST:
        plan.max_targets = 1
        plan.unblockable = True
        plan.terrain_modifiers = False
        plan.damage_die = True
        plan.magic = True


REGISTRY.register("Magic Blast", "Special Abilities Card, Magic Blast; FAQ, Magic Blast",
                  optional=True, action="ranged", attack_plan=_blast)


# --- Magic Confusion (FAQ, Special Ability Update) --------------------------------------


def _confusion(state: Any, w: Any, plan: AttackPlan) -> None:
    # FAQ, Magic Confusion: one opposing target with no more than one action token; no
    # damage; a hit figure is moved by the attacker's player at once, then gets a token.
    if plan.mode == MAGIC_CONFUSION:
        plan.max_targets = 1
        plan.confuse = True
        plan.damaging = False
        plan.magic = True
        plan.max_tokens = 1
        plan.formation_ok = False


REGISTRY.register("Magic Confusion", "FAQ, Special Ability Update: Magic Confusion",
                  optional=True, action="ranged", attack_plan=_confusion)


# --- Magic Enhancement ------------------------------------------------------------------


def _enhancement(state: Any, w: Any, ctx: EnhanceContext) -> None:
    # Special Abilities Card, Magic Enhancement: +1 click to each opposing figure a
    # touching friend's ranged attack hits; FAQ, Magic Enhancement & Multiple Targets: to
    # the damage delivered, not the damage value. Magic Immunity on either side stops it.
    if magic_affects(state, ctx.attacker, MAGIC_ENHANCEMENT) and \
            magic_affects(state, ctx.target, MAGIC_ENHANCEMENT):
        ctx.bonus += 1


REGISTRY.register("Magic Enhancement", "Special Abilities Card, Magic Enhancement; FAQ, "
                  "Magic Enhancement & Multiple Targets", optional=True, enhance=_enhancement)


# --- Magic Freeze (FAQ, Special Ability Update) -----------------------------------------


def _freeze(state: Any, w: Any, plan: AttackPlan) -> None:
    # FAQ, Magic Freeze: any ranged combat action this warrior is given has damage value 0
    # and tokens the figures it hits; it combines with abilities that are given a ranged
    # combat action (FAQ, Magic Freeze & Ranged Combat Special Abilities: Shockwave).
    if plan.kind == "ranged" and not plan.confuse:
        plan.freeze = True
        plan.damage = 0
        plan.damaging = False
        plan.formation_ok = False
        plan.flags.add(MAGIC_FREEZE)


REGISTRY.register("Magic Freeze", "FAQ, Special Ability Update: Magic Freeze; FAQ, Magic "
                  "Freeze & Ranged Combat Special Abilities", optional=True,
                  attack_plan=_freeze)


# --- Magic Healing ----------------------------------------------------------------------


def _magic_healing(state: Any, w: Any, plan: AttackPlan) -> None:
    # Special Abilities Card, Magic Healing: a friendly target not touching an opposing
    # figure (it may touch the healer: FAQ, Magic Healing & Base Contact), no modifiers, a
    # die roll of healing for each figure hit (FAQ, Magic Healing & Multiple Targets).
    if plan.mode == MAGIC_HEALING:
        plan.heal = "die"
        plan.friendly = True
        plan.modifiers = False
        plan.damaging = False
        plan.magic = True
        plan.formation_ok = False


REGISTRY.register("Magic Healing", "Special Abilities Card, Magic Healing; FAQ, Magic Healing",
                  optional=True, action="ranged", attack_plan=_magic_healing)


# --- Magic Retaliation ------------------------------------------------------------------


def _retaliation(state: Any, w: Any, ctx: AfterAttackContext) -> None:
    # Special Abilities Card, Magic Retaliation: damaged by an attack, it deals 1 click to
    # the (primary) attacker. FAQ, Magic Retaliation: only ranged and close combat attacks;
    # once per attack however often it was splashed; Toughness and Invulnerability reduce it.
    attacker = ctx.attacker
    if attacker is w or attacker.team == w.team or not attacker.on_table:
        return
    if any(t is w and clicks > 0 for t, clicks in ctx.damaged) and \
            magic_affects(state, attacker, MAGIC_RETALIATION):
        ctx.damage.append((attacker, 1, MAGIC_RETALIATION, w))


REGISTRY.register("Magic Retaliation", "Special Abilities Card, Magic Retaliation; FAQ, "
                  "Magic Retaliation", after_attack=_retaliation)


# --- Magic Levitation (FAQ, Special Ability Update) -------------------------------------


def _levitation(state: Any, w: Any, ctx: SpecialActionContext) -> None:
    # FAQ, Magic Levitation: a move action, but do not move him; a figure touching him when
    # the action begins goes up to 10" in any direction, over terrain and bases, facing as
    # you choose, not into blocking terrain; it may not be given an action this turn.
    action = ctx.action
    if ctx.stage == "check":
        ctx.violation = _levitation_violation(state, w, action)
        return
    t = state.warriors[action.target]
    before = movement.contact_pairs(state, (t.id,))
    dx, dy = action.at[0] - t.x, action.at[1] - t.y
    t.x, t.y = float(action.at[0]), float(action.at[1])
    if action.facing is not None:
        t.facing = g.normalize_angle(float(action.facing))
    state.emit({"e": "levitated", "warrior": t.id, "by": w.id, "to": [t.x, t.y],
                "facing": t.facing})
    if t.captive != NOBODY:
        c = state.warriors[t.captive]
        at = action.captive_at if action.captive_at is not None else (c.x + dx, c.y + dy)
        c.x, c.y = float(at[0]), float(at[1])
        state.emit({"e": "moved", "warrior": c.id, "to": [c.x, c.y], "facing": c.facing})
    if t.owner == state.current:
        t.acted_turn = state.turn
    movement.offer_free_spins(state, [t.id], given_move=False)
    state.pending.append(ContactCheck(movers=(t.id,), before=before,
                                      carried=frozenset({t.id})))


def _levitation_violation(state: Any, w: Any, action: Any) -> str | None:
    rule = "FAQ, Magic Levitation (Special Ability Update)"
    if action.target is None or action.at is None:
        return f"{rule}: name the figure and where it goes"
    if not 0 <= action.target < len(state.warriors):
        return f"{rule}: there is no such figure"
    t = state.warriors[action.target]
    if t is w:
        return ("Rulebook III, Targeting Friendly Figures: a warrior may never target himself "
                "with a special ability")
    if not t.on_table or t.controller != NOBODY:
        return "Rulebook III, Capturing: no warrior may target a captive for any purpose"
    if not state.touching(w, t):
        return f"{rule}: the figure must be in base contact when the action begins"
    why = t.kind.refuses.get(MAGIC_LEVITATION)  # Chariot rules, General Rules
    if why:
        return why
    if not magic_affects(state, t, MAGIC_LEVITATION):
        return "Special Abilities Card, Magic Immunity: Magic Levitation cannot affect it"
    at = (float(action.at[0]), float(action.at[1]))
    if math.hypot(at[0] - t.x, at[1] - t.y) > LEVITATION_REACH + movement.LENGTH_SLACK:
        return f"{rule}: up to 10 inches"
    facing = t.facing if action.facing is None else g.normalize_angle(float(action.facing))
    rules = movement.path_rules(state, t)
    ignore = movement._ignored(rules)
    skip = (t.captive,) if t.captive != NOBODY else ()
    why = movement.placement_violation(state, t, at, facing, skip=skip, ignore=ignore)
    if why:
        return why
    if t.captive != NOBODY:
        c = state.warriors[t.captive]
        cat = action.captive_at if action.captive_at is not None else (
            c.x + at[0] - t.x, c.y + at[1] - t.y)
        cdiscs = c.discs_at(cat, c.facing)
        tdiscs = t.discs_at(at, facing)
        if not g.discs_touch(tdiscs, cdiscs) or g.discs_overlap(tdiscs, cdiscs):
            return ("Rulebook III, Capturing: the captive must always be kept in base contact "
                    "with its controlling warrior")
        why = movement.placement_violation(state, c, cat, c.facing, skip=(t.id,), ignore=ignore)
        if why:
            return why
    elif action.captive_at is not None:
        return f"Rulebook III, Capturing: {t.label} holds no captive"
    return None


def _levitation_listing(state: Any, w: Any) -> Iterator[UseAbility]:
    for t in state.contacts(w):
        if t.is_captive or MAGIC_LEVITATION in t.kind.refuses:
            continue
        start = (t.x, t.y)
        spots: list[tuple[tuple[float, float], float]] = []
        # Next to the figures it opposes (friends carried into battle)...
        for o in state.warriors:
            if o.on_table and state.opposing(t, o) and math.hypot(o.x - t.x, o.y - t.y) \
                    <= LEVITATION_REACH + t.half_length + o.half_length:
                spots.append(places.contact_spot(t, o, g.bearing((o.x, o.y), start)))
        # ...or straight away, 10" and 5", in eight directions (enemies carried off).
        for a in places.DIRECTIONS:
            for d in (LEVITATION_REACH, LEVITATION_REACH / 2):
                end = (t.x + d * math.cos(a), t.y + d * math.sin(a))
                spots.append((end, places.nearest_facing(state, t, end, t.facing)))
        for end, facing in spots:
            if g.distance(start, end) > LEVITATION_REACH:
                continue
            yield UseAbility(w.id, MAGIC_LEVITATION, t.id, end, facing)


def _levitation_placing(state: Any, w: Any) -> Iterator[tuple[Any, Iterator[UseAbility]]]:
    # FAQ, Magic Levitation: a figure in base contact, never a chariot (Chariot rules,
    # General Rules); where it stands first: the player steers it from there.
    for t in state.contacts(w):
        if MAGIC_LEVITATION not in t.kind.refuses:
            yield t, iter((UseAbility(w.id, MAGIC_LEVITATION, t.id, (t.x, t.y), t.facing),))


REGISTRY.register("Magic Levitation", "FAQ, Special Ability Update: Magic Levitation; FAQ, "
                  "Demoralized & Magic Levitation", optional=True, action="special",
                  special_action=_levitation, listing=_levitation_listing,
                  placing=_levitation_placing)
