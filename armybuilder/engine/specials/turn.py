"""Abilities at the beginning of the turn: Command and Venom."""

from __future__ import annotations

from typing import Any

from armybuilder.engine.abilities import DEMORALIZED, REGISTRY, CaptureContext, TurnContext

COMMAND = "Command"
VENOM = "Venom"
COMMAND_ROLL = 6


def _command(state: Any, w: Any, ctx: TurnContext) -> None:
    # FAQ, Command (Special Ability Update): at the beginning of your turn you may roll a
    # die for this warrior; on a 6 you have one more action this turn. The engine always
    # rolls: not rolling is only choosing not to use it (FAQ, Command and Beginning of the
    # Turn), and rolling never costs anything.
    die = state.roll(1, "command", warrior=w.id)[0]
    if die == COMMAND_ROLL:
        ctx.extra_actions += 1
        state.emit({"e": "command", "warrior": w.id, "extra_action": True})
    # ... and each Demoralized friendly figure touching it may heal 1 click (a healing
    # ability: FAQ, Changing Special Abilities). Healing always helps, so it is taken.
    for o in state.contacts(w):
        if state.friendly(o, w) and DEMORALIZED in o.abilities:
            state.heal(o, 1, COMMAND)


def _command_capture(state: Any, w: Any, ctx: CaptureContext) -> None:
    # FAQ, Command: this warrior may not be captured.
    if ctx.role == "target":
        ctx.violation = "FAQ, Command (Special Ability Update): may not be captured"


REGISTRY.register("Command", "FAQ, Special Ability Update: Command; FAQ, Command and "
                  "Beginning of the Turn", start_of_turn=_command, capture=_command_capture)


def _venom(state: Any, w: Any, ctx: TurnContext) -> None:
    # Special Abilities Card, Venom: at the beginning of your turn, 1 click to each opposing
    # figure in base contact with its front arc (a damaging ability: Toughness reduces it).
    for o in [o for o in state.opposing_contacts(w) if state.faces(w, o)]:
        if VENOM in o.kind.refuses:
            continue  # Chariot rules, General Rules: Venom cannot affect a chariot
        state.damage(o, 1, "ability", w.owner, w, ability=VENOM)


REGISTRY.register("Venom", "Special Abilities Card, Venom", start_of_turn_damage=_venom)
