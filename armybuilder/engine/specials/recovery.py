"""Abilities that repair or return warriors: Healing, Regeneration, Necromancy (Magic
Healing is with the Magic abilities, Vampirism with the attacks, Command with the turn)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from typing import Any

from armybuilder.engine import geometry as g
from armybuilder.engine import movement, places
from armybuilder.engine.abilities import REGISTRY, AttackPlan, SpecialActionContext
from armybuilder.engine.actions import UseAbility

HEALING = "Healing"
REGENERATION = "Regeneration"
NECROMANCY = "Necromancy"
REGENERATION_LESS = 2
#: Special Abilities Card, Necromancy: these come back at full strength, without a roll.
UNDYING = re.compile(r"\b(zombie|skeleton)\b", re.IGNORECASE)


def _healing(state: Any, w: Any, plan: AttackPlan) -> None:
    # Special Abilities Card, Healing: a close combat action at a friendly figure, neither
    # touching an opposing figure, no modifiers; heal the damage value or a die roll.
    if plan.mode == HEALING:
        plan.heal = "value"
        plan.friendly = True
        plan.modifiers = False
        plan.damaging = False
        plan.capture_ok = False
        plan.formation_ok = False


REGISTRY.register("Healing", "Special Abilities Card, Healing", optional=True,
                  action="close", attack_plan=_healing)


def _regeneration(state: Any, w: Any, ctx: SpecialActionContext) -> None:
    # Special Abilities Card, Regeneration: a move action, but do not move him; heal a die
    # roll less 2 (never below 0). FAQ, Regeneration & Base Contact: allowed in contact.
    if ctx.stage == "apply":
        die = state.roll(1, "regeneration", warrior=w.id)[0]
        state.heal(w, max(0, die - REGENERATION_LESS), REGENERATION)


REGISTRY.register("Regeneration", "Special Abilities Card, Regeneration; FAQ, Regeneration "
                  "& Base Contact", optional=True, action="special",
                  special_action=_regeneration)


def _necromancy(state: Any, w: Any, ctx: SpecialActionContext) -> None:
    # Special Abilities Card, Necromancy: a move action, but do not move him, and not in
    # base contact with an opposing figure; one of your eliminated warriors is turned to its
    # starting position, then clicked a die roll's worth like damage; unless that shows
    # three skulls it returns touching this warrior. Zombies and Skeletons need no roll.
    action = ctx.action
    if ctx.stage == "check":
        ctx.violation = _necromancy_violation(state, w, action)
        return
    e = state.warriors[action.target]
    e.click = e.card.starting_click
    if not UNDYING.search(e.card.name):
        die = state.roll(1, "necromancy", warrior=w.id, target=e.id)[0]
        if e.click + die >= len(e.card.clicks):
            e.click = len(e.card.clicks) - 1
            state.emit({"e": "necromancy_failed", "warrior": e.id, "by": w.id})
            return
        e.click += die
    e.x, e.y = float(action.at[0]), float(action.at[1])
    e.facing = g.normalize_angle(float(action.facing if action.facing is not None else 0.0))
    e.on_table = True
    e.tokens = 0
    e.token_turn = 0
    e.cancelled = frozenset()
    state.emit({"e": "returned", "warrior": e.id, "by": w.id, "at": [e.x, e.y],
                "facing": e.facing, "click": e.click})


def _necromancy_violation(state: Any, w: Any, action: Any) -> str | None:
    rule = "Special Abilities Card, Necromancy"
    if state.opposing_contacts(w):
        return f"{rule}: this warrior may not be in base contact with an opposing figure"
    if action.target is None or action.at is None:
        return f"{rule}: name the eliminated warrior and where it returns"
    if not 0 <= action.target < len(state.warriors):
        return f"{rule}: there is no such warrior"
    e = state.warriors[action.target]
    if e.owner != w.owner or e.on_table or not e.eliminations:
        return f"{rule}: choose one of your eliminated warriors"
    # Chariot rules and Castle rules, General Rules; World Conquest, Upgrading Defenses.
    why = e.kind.refuses.get(NECROMANCY)
    if why:
        return why
    at = (float(action.at[0]), float(action.at[1]))
    facing = g.normalize_angle(float(action.facing if action.facing is not None else 0.0))
    if not g.discs_touch(e.discs_at(at, facing), w.discs):
        return f"{rule}: it returns in base contact with this warrior"
    return movement.placement_violation(state, e, at, facing)


def _necromancy_listing(state: Any, w: Any) -> Iterator[UseAbility]:
    # Each eliminated warrior of the owner, returned at the first of eight places around
    # this warrior where it may stand.
    for e in state.warriors:
        if e.owner != w.owner or e.on_table or not e.eliminations \
                or NECROMANCY in e.kind.refuses:
            continue  # Chariot rules and Castle rules, General Rules: never reanimated
        for a in places.DIRECTIONS:
            at, _ = places.contact_spot(e, w, a)
            facing = places.nearest_facing(state, w, at, w.facing)
            action = UseAbility(w.id, NECROMANCY, e.id, at, facing)
            if _necromancy_violation(state, w, action) is None:
                yield action
                break


#: Bearings tried around the necromancer for a place beside him: every 15 degrees.
_AROUND = tuple(math.radians(d) for d in range(0, 360, 15))


def _necromancy_placing(state: Any, w: Any) -> Iterator[tuple[Any, Iterator[UseAbility]]]:
    # Special Abilities Card, Necromancy: one of your eliminated warriors, "in base contact
    # with this warrior": tried beside him all round.
    for e in state.warriors:
        if e.owner == w.owner and not e.on_table and e.eliminations \
                and NECROMANCY not in e.kind.refuses:
            yield e, (UseAbility(w.id, NECROMANCY, e.id, places.contact_spot(e, w, a)[0],
                                 w.facing) for a in _AROUND)


REGISTRY.register("Necromancy", "Special Abilities Card, Necromancy", optional=True,
                  action="special", special_action=_necromancy, listing=_necromancy_listing,
                  placing=_necromancy_placing)
