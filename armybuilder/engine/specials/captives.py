"""Abilities about captives: Battle Fury and Berserk (Invulnerability and Command forbid
captures too, with their other rules)."""

from __future__ import annotations

from typing import Any

from armybuilder.engine.abilities import REGISTRY, ActionContext, DialContext
from armybuilder.engine.specials.defense import _no_captives, release_captive
from armybuilder.engine.state import NOBODY

REGISTRY.register(
    "Battle Fury", "Special Abilities Card, Battle Fury",
    capture=_no_captives("Battle Fury"), dial=release_captive("Battle Fury"),
)


def _berserk_actions(state: Any, w: Any, ctx: ActionContext) -> None:
    # Special Abilities Card, Berserk: never a ranged combat action.
    if ctx.kind == "ranged":
        ctx.violation = ("Special Abilities Card, Berserk: this warrior may not be given a "
                         "ranged combat action")


def _berserk_dial(state: Any, w: Any, ctx: DialContext) -> None:
    # Special Abilities Card, Berserk: a captive held when Berserk comes up is eliminated at
    # once; its points go to the Berserk warrior's player (RULES_NOTES.md).
    if w.captive != NOBODY:
        c = state.warriors[w.captive]
        state.emit({"e": "berserk_kills_captive", "warrior": w.id, "captive": c.id})
        state.eliminate(c, w.owner)


REGISTRY.register(
    "Berserk", "Special Abilities Card, Berserk",
    actions=_berserk_actions, capture=_no_captives("Berserk"), dial=_berserk_dial,
)
