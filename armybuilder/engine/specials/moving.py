"""Movement abilities: Bound, Charge, Flight, Forced March, Nimble, Quickness; and the
abilities that strike on base contact after a move: Pole Arm and Ram."""

from __future__ import annotations

from typing import Any

from armybuilder.engine.abilities import (
    REGISTRY,
    ActionCostContext,
    BreakAwayContext,
    ContactContext,
    FacingContext,
    FormationContext,
    FormationSpeedContext,
    MoveContext,
)

ONLY_ON_A_ONE = 1  # fails to break away only on a roll of 1


def _break_away_on_a_one(state: Any, w: Any, ctx: BreakAwayContext) -> None:
    ctx.fails_up_to = min(ctx.fails_up_to, ONLY_ON_A_ONE)


def _no_formation(name: str, kinds: tuple[str, ...]) -> Any:
    def hook(state: Any, w: Any, ctx: FormationContext) -> None:
        if ctx.kind in kinds:
            which = "any formation" if len(kinds) > 1 else "a movement formation"
            ctx.violation = f"Special Abilities Card, {name}: may not be part of {which}"
    return hook


ANY_FORMATION = ("move", "ranged", "close")


# --- Charge and Bound -------------------------------------------------------------------


def _move_then(name: str, attack: str) -> Any:
    def hook(state: Any, w: Any, ctx: MoveContext) -> None:
        if ctx.stage == "speed" and ctx.mode != name:
            # Special Abilities Card: a move action takes it up to twice its speed value
            # (after hindering terrain has halved it: the speed value is halved, Rulebook V).
            ctx.speed *= 2
        elif ctx.stage == "follow_up" and ctx.mode == name:
            # ... or up to its speed value, then an attack as if given that action, in the
            # same action, when it did not start the turn in base contact with an opposing
            # figure (checked when the move is given).
            ctx.follow_up = attack
    return hook


REGISTRY.register(
    "Charge", "Special Abilities Card, Charge", optional=True, action="move",
    movement=_move_then("Charge", "close"), break_away=_break_away_on_a_one,
    formation=_no_formation("Charge", ANY_FORMATION), reads=(),
)
REGISTRY.register(
    "Bound", "Special Abilities Card, Bound", optional=True, action="move",
    movement=_move_then("Bound", "ranged"), break_away=_break_away_on_a_one,
    formation=_no_formation("Bound", ANY_FORMATION), reads=(),
)


# --- Flight -----------------------------------------------------------------------------


def _flight(state: Any, w: Any, ctx: MoveContext) -> None:
    # Special Abilities Card, Flight: through figure bases and blocking terrain (ending
    # clear of both), hindering terrain neither slows nor stops it, no stop on going up or
    # down elevated terrain; Rulebook V, Abrupt Elevated Terrain: no stairs needed.
    if ctx.stage == "path":
        ctx.crosses_bases = True
        ctx.ignores_terrain = True


REGISTRY.register(
    "Flight", "Special Abilities Card, Flight; Rulebook V, Abrupt Elevated Terrain",
    optional=True, movement=_flight, break_away=_break_away_on_a_one,
    formation=_no_formation("Flight", ("move",)), reads=(),
)


# --- Forced March -----------------------------------------------------------------------


def _forced_march(state: Any, w: Any, ctx: FormationSpeedContext) -> None:
    # Special Abilities Card, Forced March: every member of its movement formation uses
    # this warrior's speed value.
    ctx.offers.append(w.stats.speed)


REGISTRY.register("Forced March", "Special Abilities Card, Forced March", optional=True,
                  formation_speed=_forced_march)


# --- Nimble -----------------------------------------------------------------------------


def _nimble(state: Any, w: Any, ctx: FacingContext) -> None:
    # Special Abilities Card, Nimble: change facing any time during your turn without an
    # action, but not while an attack or another ability is being resolved.
    ctx.allowed = True


REGISTRY.register("Nimble", "Special Abilities Card, Nimble", optional=True,
                  free_facing=_nimble)


# --- Quickness --------------------------------------------------------------------------


def _quickness(state: Any, w: Any, ctx: ActionCostContext) -> None:
    # Special Abilities Card, Quickness: a move action uses none of your actions; in every
    # other way it is an action (token, pushing, one action per turn).
    if ctx.kind in ("move", "special"):
        ctx.free = True


REGISTRY.register(
    "Quickness", "Special Abilities Card, Quickness", optional=True,
    action_cost=_quickness, formation=_no_formation("Quickness", ("move",)),
)


# --- Pole Arm and Ram -------------------------------------------------------------------


def _pole_arm(state: Any, w: Any, ctx: ContactContext) -> None:
    # Special Abilities Card, Pole Arm: an opposing figure that moved and, after the free
    # spins, touches this warrior's front arc takes 1 click and its action ends. FAQ, Pole
    # Arm & Low Walls: across a wall is not base contact (never reaches this hook).
    if ctx.other_moved and state.faces(w, ctx.other):
        ctx.damage.append((ctx.other, 1, "Pole Arm"))
        ctx.ends_action = True


REGISTRY.register("Pole Arm", "Special Abilities Card, Pole Arm; FAQ, Pole Arm",
                  contact=_pole_arm)


def _ram(state: Any, w: Any, ctx: ContactContext) -> None:
    # Special Abilities Card, Ram: "When this warrior moves, and his front arc is in base
    # contact with one or more opposing figures at the end of that movement, he inflicts 1
    # click of damage on each of those opposing figures after the free spin opportunity":
    # its own movement only, never when a figure is moved into it or it is carried (Magic
    # Levitation); the action goes on. FAQ, Pole Arm & Ram: at the same time as Pole Arm.
    # (The chariot rules' Ram, which ends the action, is a chariot's.)
    if ctx.holder_moved and not ctx.holder_carried and state.faces(w, ctx.other):
        ctx.damage.append((ctx.other, 1, "Ram"))


REGISTRY.register("Ram", "Special Abilities Card, Ram; FAQ, Pole Arm & Ram", optional=True,
                  contact=_ram, formation=_no_formation("Ram", ("move",)))
