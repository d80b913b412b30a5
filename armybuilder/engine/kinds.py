"""Every kind of action and every decision the rules owe a player, each declared once: what
it is, when it may be given, how it is checked (changing nothing) and how it is carried
out. :func:`armybuilder.engine.legal.check` and :func:`armybuilder.engine.game.apply` both
read this table, so a new action is one entry here plus its rules.

The checks raise :class:`~armybuilder.engine.state.IllegalAction` naming the rule broken;
every ``apply`` checks again before it changes anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from armybuilder.engine import (
    ability_actions,
    castle,
    castle_access,
    chariot_movement,
    chariots,
    close,
    combat,
    movement,
    passengers,
    ranged,
    setup,
    turns,
    victory,
)
from armybuilder.engine import geometry as g
from armybuilder.engine.actions import (
    Action,
    Board,
    CancelAbility,
    ChariotMove,
    ChooseSection,
    ChooseTarget,
    CloseAttack,
    Deploy,
    Disembark,
    EndByAgreement,
    EndTurn,
    Face,
    FormationPlan,
    FreeSpin,
    Ladder,
    Move,
    MoveFormation,
    Pass,
    PlaceTerrain,
    RangedAttack,
    SetPortal,
    SetUpFortification,
    UseAbility,
    Withdraw,
)
from armybuilder.engine.pending import (
    AttackStep,
    ConfusedMove,
    ContactDamage,
    FollowUp,
    FormationMoving,
    PassengerFacing,
    PushClick,
    SectionChoice,
    SpinOffer,
    TargetChoice,
)
from armybuilder.engine.phases import DEPLOY, FORTIFICATIONS, OVER, PLAY, TERRAIN, Phase
from armybuilder.engine.state import IllegalAction, State

#: The phase of the game (State.phase) in which actions are given, with what a player
#: is told who gives another kind then.
PHASES: dict[Phase, tuple[str, str]] = {
    FORTIFICATIONS: ("World Conquest, Troop Movements (battle rule 1)",
                     "fortifications are being set up"),
    TERRAIN: ("Rulebook II, Setting the Scene", "terrain is being placed"),
    DEPLOY: ("Rulebook II, Setting the Scene", "armies are being placed"),
}


@dataclass(frozen=True, slots=True)
class ActionKind:
    """A kind of action a player gives."""

    action: type
    #: The phase in which it is given (fortifications, terrain, deploy or play).
    phase: Phase
    check: Callable[[State, Any], object]
    apply: Callable[[State, Any], None]
    #: It is a whole action: afterwards the steps it owes are carried out and the action
    #: is closed (pushing, the end of the turn). Setting the scene, cancelling, Nimble's
    #: turn, withdrawing and agreeing are not given to warriors as their actions.
    settles: bool = True


@dataclass(frozen=True, slots=True)
class DecisionKind:
    """A decision the rules owe before the action under way is over (``state.pending``)."""

    owed: type
    #: The actions that may settle it.
    answers: tuple[type, ...]
    check: Callable[[State, Any, Any], object]
    apply: Callable[[State, Any, Any], None]
    #: What the game waits for, in a word (answers.Waiting.what).
    name: str
    #: The player who decides; by default the player whose turn it is.
    decider: Callable[[State, Any], int] | None = None

    def player(self, state: State, item: Any) -> int:
        return state.current if self.decider is None else self.decider(state, item)


def _figure_owner(state: State, item: Any) -> int:
    # Rulebook III, Free Spin: the figure's player turns it; Chariot rules: the chariot's
    # player chooses its section and sets down its passenger.
    return state.warriors[item.warrior].owner


def _defender(state: State, item: TargetChoice) -> int:
    # Castle rules, Close Combat: "the defender may choose which figure will be the target".
    return item.player


# --- withdrawing ends the turn -----------------------------------------------------------


def _apply_cancel(state: State, action: CancelAbility) -> None:
    ability_actions.apply_cancel(state, action)
    turns.end_if_given(state)  # cancelling Quickness may leave no free move to wait for


def _apply_face(state: State, action: Face) -> None:
    ability_actions.apply_face(state, action)
    turns.end_if_given(state)


def _apply_withdraw(state: State, action: Withdraw) -> None:
    # Rulebook VI, Withdrawing: during your own turn; play passes on unless it is over.
    victory.check_withdraw(state, action)
    victory.withdraw(state, action.player)
    if not victory.check_end(state):
        turns.end_turn(state)
        turns.next_turn(state)


# --- Charge and Bound: the attack that ends the move ------------------------------------


def _check_follow_up(state: State, item: FollowUp, action: Any) -> None:
    # Special Abilities Card, Charge and Bound: the warrior that moved attacks, or not.
    if getattr(action, "warrior", None) == item.warrior:
        if isinstance(action, Pass):
            return
        if item.kind == "close" and isinstance(action, CloseAttack):
            close.check_close(state, action, follow_up=True)
            return
        if item.kind == "ranged" and isinstance(action, RangedAttack):
            ranged.check_ranged(state, action, follow_up=True)
            return
    raise _unfinished(item)


def _apply_follow_up(state: State, item: FollowUp, action: Any) -> None:
    if isinstance(action, Pass):
        state.emit({"e": "follow_up_declined", "warrior": item.warrior})
    elif isinstance(action, CloseAttack):
        close.apply_close(state, action, follow_up=True)
    else:
        ranged.apply_ranged(state, action, follow_up=True)


# --- a chariot's passenger set down facing as his player chooses ------------------------


def _check_passenger_facing(state: State, item: PassengerFacing, action: Face) -> None:
    # Chariot rules, Damaging a Passenger: "The warrior may have any facing, as determined
    # by his controlling player."
    if action.warrior != item.warrior:
        raise _unfinished(item)


def _apply_passenger_facing(state: State, item: PassengerFacing, action: Face) -> None:
    _check_passenger_facing(state, item, action)
    w = state.warriors[item.warrior]
    w.facing = g.normalize_angle(float(action.facing))
    state.emit({"e": "faced", "warrior": w.id, "facing": w.facing})


# --- ladders in play ----------------------------------------------------------------------


def _check_ladder(state: State, action: Ladder) -> None:
    # Castle rules, Planking and Ladders: a movement action given to a formation.
    why = castle_access.ladder_violation(state, action.warrior, tuple(action.members),
                                         (float(action.at[0]), float(action.at[1])),
                                         bool(action.remove))
    if why:
        rule, _, message = why.partition(": ")
        raise IllegalAction(rule, message or why)


def _apply_ladder(state: State, action: Ladder) -> None:
    _check_ladder(state, action)
    castle_access.apply_ladder(state, action.warrior, tuple(action.members),
                               (float(action.at[0]), float(action.at[1])), bool(action.remove))


def _unfinished(item: object) -> IllegalAction:
    return IllegalAction("Rulebook III, Turns and Actions",
                         f"finish the current action first: {item!r}")


ACTIONS: dict[type, ActionKind] = {k.action: k for k in (
    ActionKind(SetUpFortification, FORTIFICATIONS, setup.check_set_up_fortification,
               setup.apply_set_up_fortification, settles=False),
    ActionKind(PlaceTerrain, TERRAIN, setup.check_place_terrain, setup.apply_place_terrain,
               settles=False),
    ActionKind(Deploy, DEPLOY, setup.check_deploy, setup.apply_deploy, settles=False),
    ActionKind(Pass, PLAY, turns.check_pass, turns.apply_pass),
    ActionKind(Move, PLAY, movement.check_move_action, movement.apply_move),
    ActionKind(RangedAttack, PLAY, ranged.check_ranged, ranged.apply_ranged),
    ActionKind(CloseAttack, PLAY, close.check_close, close.apply_close),
    ActionKind(MoveFormation, PLAY, movement.check_move_formation,
               movement.apply_move_formation),
    ActionKind(UseAbility, PLAY, ability_actions.check_use, ability_actions.apply_use),
    ActionKind(CancelAbility, PLAY, ability_actions.check_cancel, _apply_cancel,
               settles=False),
    ActionKind(Face, PLAY, ability_actions.check_face, _apply_face, settles=False),
    ActionKind(EndTurn, PLAY, turns.check_end_turn, turns.apply_end_turn, settles=False),
    ActionKind(ChariotMove, PLAY, chariot_movement.check_chariot_move,
               chariot_movement.apply_chariot_move),
    ActionKind(Board, PLAY, passengers.check_board, passengers.apply_board),
    ActionKind(Disembark, PLAY, passengers.check_disembark, passengers.apply_disembark),
    ActionKind(Withdraw, PLAY, victory.check_withdraw, _apply_withdraw, settles=False),
    ActionKind(EndByAgreement, PLAY, victory.check_agreement, victory.apply_agreement,
               settles=False),
    # Castle rules, Portals: the castle player's choice at the start of the turn.
    ActionKind(SetPortal, PLAY, castle.check_set_portal, castle.apply_set_portal,
               settles=False),
    # Castle rules, Planking and Ladders: placing or removing a ladder.
    ActionKind(Ladder, PLAY, _check_ladder, _apply_ladder),
)}

DECISIONS: dict[type, DecisionKind] = {k.owed: k for k in (
    DecisionKind(SpinOffer, (FreeSpin,), movement.free_spin_violation,
                 movement.apply_free_spin, "spin", _figure_owner),
    DecisionKind(FormationMoving, (FormationPlan,), movement.check_formation_plan,
                 movement.apply_formation_plan, "plan"),
    DecisionKind(FollowUp, (Pass, CloseAttack, RangedAttack), _check_follow_up,
                 _apply_follow_up, "follow_up"),
    # FAQ, Magic Confusion: the attacker's player moves the figure hit.
    DecisionKind(ConfusedMove, (Move,), movement.check_confused_move,
                 movement.apply_confused_move, "confused"),
    DecisionKind(SectionChoice, (ChooseSection,), chariots.check_choice,
                 chariots.apply_choice, "section", _figure_owner),
    DecisionKind(PassengerFacing, (Face,), _check_passenger_facing, _apply_passenger_facing,
                 "facing", _figure_owner),
    # Castle rules, Close Combat: the defender chooses the target.
    DecisionKind(TargetChoice, (ChooseTarget,), close.check_target_choice,
                 close.apply_target_choice, "target", _defender),
)}

#: The steps owed (pending.STEPS but the contact check, which movement resolves) and how
#: each is carried out.
STEP_RUNS: dict[type, Callable[[State, Any], None]] = {
    AttackStep: combat.resolve_step,
    PushClick: chariots.apply_push,
    ContactDamage: chariots.apply_contact_damage,
}


def kind_of(state: State, action: Action) -> ActionKind:
    """The kind of ``action`` if it may be given in this phase of the game; else
    IllegalAction (no decision may be owed: see :func:`decision_for`)."""
    if state.phase == OVER:
        raise IllegalAction("Rulebook VI, Ending the Game", "the game is over")
    kind = ACTIONS.get(type(action))
    if kind is not None and kind.phase == state.phase:
        return kind
    if state.phase in PHASES:
        rule, message = PHASES[state.phase]
        raise IllegalAction(rule, message)
    raise IllegalAction("Rulebook III, Action List",
                        f"{type(action).__name__} is not an action now")


def decision_for(state: State, action: Action) -> DecisionKind:
    """The decision owed first, if ``action`` is of a kind that may settle it; else
    IllegalAction."""
    item = state.pending[0]
    kind = DECISIONS[type(item)]
    if not isinstance(action, kind.answers):
        raise _unfinished(item)
    return kind
