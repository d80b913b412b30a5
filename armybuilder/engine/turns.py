"""Turns, actions, action tokens and pushing (Rulebook III, Turns and Actions)."""

from __future__ import annotations

from armybuilder.engine import victory
from armybuilder.engine.abilities import REGISTRY, ActionContext, ActionCostContext, TurnContext
from armybuilder.engine.actions import EndTurn, Pass
from armybuilder.engine.phases import PLAY
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior


def action_violation(state: State, w: Warrior, kind: str, follow_up: bool = False
                     ) -> str | None:
    """Why ``w`` cannot be given an action of ``kind`` now (move, ranged, close, pass).

    ``follow_up``: the attack that ends a Charge or Bound move, part of an action already
    given (so the one-action and pushing limits were checked then).
    """
    if state.phase != PLAY:
        return "Rulebook III, Turns and Actions: actions are given during a player's turn"
    if w.owner != state.current:
        return "Rulebook III, Turns and Actions: you give actions to your own warriors"
    if not w.on_table and w.riding == NOBODY:
        # A passenger may be given an action normally (Chariot rules, Passengers).
        return "Rulebook III, Turns and Actions: the warrior is not on the battlefield"
    if w.controller != NOBODY:
        return "Rulebook III, Capturing: a captive cannot be given an action"
    figure = w.kind
    if figure.no_actions is not None:
        return figure.no_actions  # World Conquest, Upgrading Defenses: not a warrior
    if w.acted_turn == state.turn and not follow_up:
        return ("Rulebook III, Turns and Actions: no warrior may be given more than one action "
                "per turn")
    if state.actions_used >= state.turn_actions and not follow_up \
            and not action_is_free(state, w, kind):
        # Special Abilities Card, Quickness: only a warrior that moves without using one of
        # the turn's actions may still act once they have all been given.
        return ("Rulebook III, Turns and Actions: every action of this turn has been given")
    if kind != "pass":
        # Tokens placed this turn are a chariot's, whose sections act one after another
        # (Chariot rules, Pushing): only those of the turn before forbid a third turn.
        if w.tokens >= 2 and not follow_up and w.token_turn < state.turn:
            return ("Rulebook III, Pushing: no warrior may be given an action other than pass "
                    "on three consecutive turns")
        if w.captive != NOBODY and kind != "move":
            return ("Rulebook III, Capturing: the controlling warrior may only be given a move "
                    "or pass action")
    if figure.limits_actions:
        # Castle rules, Actions: a section is given ranged combat actions only.
        why = figure.action_violation(state, w, kind)
        if why:
            return why
    hooks = REGISTRY.hooks_for("actions", w.abilities)
    if hooks:
        ctx = ActionContext(kind=kind, follow_up=follow_up)
        for fn in hooks:
            fn(state, w, ctx)
        if ctx.violation:
            return ctx.violation
    return None


def check_pass(state: State, action: Pass) -> Warrior:
    """Rulebook III, Turns and Actions: a pass is an action given to a warrior."""
    if not 0 <= action.warrior < len(state.warriors):
        raise IllegalAction("Rulebook III, Turns and Actions",
                            f"there is no warrior {action.warrior}")
    w = state.warriors[action.warrior]
    why = action_violation(state, w, "pass")
    if why:
        raise IllegalAction(why, f"{w.label} cannot be given a pass action")
    w.kind.check_pass(state, w, action)
    return w


def apply_pass(state: State, action: Pass) -> None:
    w = check_pass(state, action)
    if w.kind.give_pass(state, w, action):
        return  # a chariot's section's pass (Chariot rules, Actions)
    mark_action(state, w, nonpass=False)
    state.emit({"e": "action", "kind": "pass", "warrior": w.id})


def mark_action(state: State, w: Warrior, nonpass: bool) -> None:
    """Rulebook III, Marking Figures with Actions and Pushing."""
    w.acted_turn = state.turn
    if nonpass:
        take_token(state, w)


def take_token(state: State, w: Warrior) -> None:
    """Rulebook III, Marking Figures with Actions: an action token; on two consecutive
    turns a second one, and a click of damage once the action is fully resolved
    (Pushing: ``state.pushed``)."""
    if w.tokens and w.token_turn < state.turn:
        w.tokens = 2
        if w.kind.pushing_hurts:
            # Not a castle section's (castle_kind: pushed without pushing damage).
            state.pushed.append(w.id)
    else:
        w.tokens = 1
    w.token_turn = state.turn
    state.emit({"e": "tokens", "warrior": w.id, "tokens": w.tokens})


def can_still_act(state: State, player: int) -> bool:
    turn = state.turn
    for w in state.warriors:  # a loop, not any(): asked after every action
        if w.owner == player and (w.on_table or w.riding != NOBODY) \
                and w.controller == NOBODY and w.acted_turn != turn \
                and w.kind.no_actions is None:
            return True  # not a World Conquest fortification: given no action
    return False


def in_the_game(state: State, player: int) -> bool:
    """A player keeps taking turns while he has a warrior on the battlefield that is not
    held captive (Rulebook III, Turns and Actions: eliminated players are skipped)."""
    if state.players[player].withdrawn:
        return False
    for w in state.warriors:  # a loop, not any(): asked at every turn
        if w.owner == player and w.on_table and w.controller == NOBODY and w.kind.keeps_side:
            return True  # a World Conquest fortification takes no turn
    return False


def action_is_free(state: State, w: Warrior, kind: str) -> bool:
    """Does giving ``w`` this action use none of the turn's actions? (Quickness)"""
    hooks = REGISTRY.hooks_for("action_cost", w.abilities)
    if not hooks:
        return False
    ctx = ActionCostContext(kind=kind)
    for fn in hooks:
        fn(state, w, ctx)
    return ctx.free


def free_move_left(state: State, player: int) -> bool:
    """May one of ``player``'s warriors still be given a move action that uses none of the
    turn's actions (Special Abilities Card, Quickness)? Then the turn waits for the player
    to move it or end the turn."""
    for w in state.warriors:
        if w.owner == player and w.on_table and w.controller == NOBODY \
                and w.acted_turn != state.turn and w.abilities \
                and action_is_free(state, w, "move") \
                and action_violation(state, w, "move") is None:
            return True
    return False


def turn_given(state: State) -> bool:
    """Has every action of the turn been given (or is no warrior left to give one to)?"""
    return state.actions_used >= state.turn_actions or not can_still_act(state, state.current)


def end_if_given(state: State) -> None:
    """End the turn when its actions are all given and no warrior may still move without
    one: after an ability is cancelled or Nimble turns a warrior, say, which give no
    action but may leave nothing to wait for."""
    if state.phase == PLAY and not state.pending and turn_given(state) \
            and not free_move_left(state, state.current):
        end_turn(state)
        next_turn(state)


def check_end_turn(state: State, action: EndTurn) -> None:
    if action.player != state.current:
        raise IllegalAction("Rulebook III, Turns and Actions", "end your own turn")
    if not turn_given(state):
        raise IllegalAction("Rulebook III, Turns and Actions: actions must be chosen and given "
                            "to your warriors (a pass is an action)",
                            "the turn still has actions to give")


def apply_end_turn(state: State, action: EndTurn) -> None:
    check_end_turn(state, action)
    state.emit({"e": "turn_ended", "player": action.player})
    end_turn(state)
    next_turn(state)


def start_turn(state: State, player: int) -> None:
    state.turn += 1
    state.current = player
    state.actions_used = 0
    state.turn_actions = state.players[player].actions
    state.emit({"e": "turn", "player": player, "turn": state.turn, "round": state.round,
                "actions": state.turn_actions})
    # Charge and Bound: who began the turn in base contact with an opposing figure.
    engaged = []
    for w in state.warriors:
        if w.owner == player and w.on_table and w.controller == NOBODY \
                and state.opposing_contacts(w):
            engaged.append(w.id)
    state.engaged_at_start = frozenset(engaged)
    # FAQ, Special Abilities and Beginning of the Turn: the player may take these in any
    # order; the engine takes Command (extra actions, healing) before the damage of Venom,
    # so a figure healed back to Venom strikes at once (RULES_NOTES.md).
    ctx = TurnContext(player=player)
    for point in ("start_of_turn", "start_of_turn_damage"):
        for w in state.warriors:
            # A warrior with no abilities in effect has no hooks: not asked (every turn).
            # A passenger's abilities work from his compartment (Chariot rules, Passengers).
            if w.owner == player and (w.on_table or w.riding != NOBODY) and w.abilities:
                for fn in REGISTRY.hooks_for(point, w.abilities):
                    if w.on_table or w.riding != NOBODY:
                        fn(state, w, ctx)
    for figures in state.kinds_in_play:
        # Castle rules, Actions, Mage Knight: 1 extra action while the army has a keep.
        ctx.extra_actions += figures.turn_begins(state, player)
    if ctx.extra_actions:
        state.turn_actions += ctx.extra_actions
        state.emit({"e": "actions", "player": player, "actions": state.turn_actions})


def end_turn(state: State) -> None:
    player = state.current
    ctx = TurnContext(player=player)
    for w in state.warriors:
        if w.owner == player and (w.on_table or w.riding != NOBODY) and w.abilities:
            for fn in REGISTRY.hooks_for("end_of_turn", w.abilities):
                fn(state, w, ctx)
    # Rulebook III, Marking Figures with Actions: at the end of your turn remove the tokens
    # placed the turn before, but leave those placed this turn.
    for w in state.warriors:
        if w.owner == player and w.tokens and w.token_turn < state.turn:
            w.tokens = 0
        if w.cancelled:
            # Rulebook III, Special Abilities: cancelled until the end of the current turn.
            w.cancelled = frozenset()
    state.emit({"e": "turn_end", "player": player, "turn": state.turn})


def next_turn(state: State) -> None:
    """Pass play clockwise to the next player still in the game; count rounds and stop at
    the time limit (Rulebook VI, Ending the Game 2)."""
    n = len(state.players)
    order = [(state.first_player + k) % n for k in range(n)]
    for _ in range(2 * n + 2):
        pos = order.index(state.current)
        for step in range(1, n + 1):
            idx = pos + step
            if idx == n:
                # Play is back at the first player's seat: a round is complete.
                if state.round_limit is not None and state.round >= state.round_limit:
                    victory.end_game(state, victory.Termination.TIME_LIMIT)
                    return
                state.round += 1
            seat = order[idx % n]
            if in_the_game(state, seat):
                start_turn(state, seat)
                break
        else:
            victory.check_end(state)
            return
        if victory.check_end(state):
            return  # start-of-turn damage (Venom) may leave one side alone
        if (state.turn_actions > 0 and can_still_act(state, state.current)) \
                or free_move_left(state, state.current):
            return
        end_turn(state)
    victory.check_end(state)


def finish_action(state: State) -> None:
    """The current action is fully resolved: pushing damage, the end of the game, the turn.
    A chariot pushed first owes its player's choice of section (the action goes on until
    it is made)."""
    if state.pushed:
        for figures in state.kinds_in_play:
            if figures.owes_before_pushing(state):
                return  # Chariot rules, Pushing: the section the click goes on
    for wid in state.pushed:
        # Rulebook III, Pushing: one click after fully resolving the action.
        w = state.warriors[wid]
        w.kind.pushed(state, w)
    state.pushed = []
    if state.free_action:
        state.free_action = False  # Quickness: no action used
    else:
        state.actions_used += 1
    state.action_ended = False
    if victory.check_end(state):
        return
    if (state.actions_used >= state.turn_actions or not can_still_act(state, state.current)) \
            and not free_move_left(state, state.current):
        # Special Abilities Card, Quickness: while a warrior may still move without an
        # action, the turn waits for the player (EndTurn).
        end_turn(state)
        next_turn(state)
