"""Actions that exist because of special abilities: move actions that do not move the
warrior (Regeneration, Necromancy, Magic Levitation), cancelling an optional ability and
Nimble's free change of facing."""

from __future__ import annotations

from armybuilder.engine import geometry as g
from armybuilder.engine import movement, turns
from armybuilder.engine.abilities import REGISTRY, FacingContext, SpecialActionContext
from armybuilder.engine.actions import CancelAbility, Face, UseAbility
from armybuilder.engine.phases import PLAY
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior


def _warrior(state: State, wid: int) -> Warrior:
    if not 0 <= wid < len(state.warriors):
        raise IllegalAction("Rulebook III, Turns and Actions", f"there is no warrior {wid}")
    return state.warriors[wid]


# --- "give this warrior a move action, but do not move him" -----------------------------


def check_use(state: State, action: UseAbility) -> Warrior:
    w = _warrior(state, action.warrior)
    why = turns.action_violation(state, w, "move")
    if why:
        raise IllegalAction(why, f"{w.label} cannot be given a move action")
    rule = REGISTRY.rule(action.ability)
    if rule is None or rule.action != "special":
        raise IllegalAction("Rulebook IV, Movement Formations: abilities that read \"but do not "
                            "move him\"", f"{action.ability} is not used this way")
    if action.ability not in w.abilities:
        raise IllegalAction("Rulebook III, Special Abilities",
                            f"{w.label} has no {action.ability} in effect")
    ctx = SpecialActionContext(stage="check", action=action)
    rule.hooks["special_action"](state, w, ctx)
    if ctx.violation:
        raise IllegalAction(ctx.violation, f"{w.label} cannot use {action.ability} so")
    return w


def apply_use(state: State, action: UseAbility) -> None:
    w = check_use(state, action)
    state.emit({"e": "action", "kind": "move", "warrior": w.id, "ability": action.ability})
    if turns.action_is_free(state, w, "special"):
        state.free_action = True
        state.emit({"e": "free_action", "warrior": w.id})
    turns.mark_action(state, w, nonpass=True)
    rule = REGISTRY.rule(action.ability)
    assert rule is not None
    rule.hooks["special_action"](state, w, SpecialActionContext(stage="apply", action=action))


# --- Rulebook III, Special Abilities: cancelling an optional ability --------------------


def check_cancel(state: State, action: CancelAbility) -> Warrior:
    w = _warrior(state, action.warrior)
    if state.phase != PLAY:
        raise IllegalAction("Rulebook III, Special Abilities", "abilities are cancelled in play")
    if w.owner != state.current:
        raise IllegalAction("Rulebook III, Special Abilities: the owning player may cancel the "
                            "effect", "cancel your own warriors' abilities, during your turn")
    if not w.on_table and w.riding == NOBODY:
        raise IllegalAction("Rulebook III, Special Abilities",
                            f"{w.label} is not on the battlefield")
    if action.ability not in w.showing:
        raise IllegalAction("Rulebook III, Special Abilities",
                            f"{w.label} does not show {action.ability}")
    if not REGISTRY.optional(action.ability):
        raise IllegalAction("Rulebook III, Special Abilities: only optional abilities may be "
                            "cancelled", f"{action.ability} is not optional")
    if action.ability in w.cancelled:
        raise IllegalAction("Rulebook III, Special Abilities",
                            f"{action.ability} is already cancelled this turn")
    return w


def apply_cancel(state: State, action: CancelAbility) -> None:
    w = check_cancel(state, action)
    w.cancelled = w.cancelled | {action.ability}
    state.emit({"e": "cancelled", "warrior": w.id, "ability": action.ability})


# --- Nimble -----------------------------------------------------------------------------


def check_face(state: State, action: Face) -> Warrior:
    w = _warrior(state, action.warrior)
    if state.phase != PLAY or w.owner != state.current:
        raise IllegalAction("Special Abilities Card, Nimble: during your turn",
                            f"{w.label} cannot turn now")
    if not w.on_table or w.is_captive:
        raise IllegalAction("Special Abilities Card, Nimble", f"{w.label} cannot turn now")
    hooks = REGISTRY.hooks_for("free_facing", w.abilities)
    ctx = FacingContext()
    for fn in hooks:
        fn(state, w, ctx)
    if not ctx.allowed:
        raise IllegalAction("Rulebook III, Movement: facing changes with a move action",
                            f"{w.label} has no Nimble in effect")
    why = movement.facing_violation(state, w, action.facing)
    if why:
        raise IllegalAction(why, f"{w.label} cannot turn that way where it stands")
    return w


def apply_face(state: State, action: Face) -> None:
    w = check_face(state, action)
    w.facing = g.normalize_angle(float(action.facing))
    state.emit({"e": "faced", "warrior": w.id, "facing": w.facing, "ability": "Nimble"})
