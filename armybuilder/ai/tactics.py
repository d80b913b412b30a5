"""What an attack is worth, in victory points, before the dice are rolled.

The engine's forecast of each attack says who strikes whom, what the dice must show and
the exact chances (:func:`armybuilder.engine.forecast`), never sampled. Values are victory
points (Rulebook VI, Victory!): an elimination scores the figure's points, a captive held
in the starting area twice its points, and every click short of that is worth a share.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from armybuilder.ai.figure_play import PARTIAL, PLAYS
from armybuilder.engine import (
    Action,
    AttackForecast,
    CloseAttack,
    IllegalAction,
    Move,
    RangedAttack,
    State,
    Strike,
    UseAbility,
    Warrior,
    forecast,
    odds,
    reduction,
)
from armybuilder.engine import break_away_chance as engine_break_away_chance

#: The cause of the click a primary attacker takes on a roll of 2 (Rulebook III, Rolling
#: "2"s), as the engine names it.
CRITICAL_MISS = "critical miss"
#: A capture takes the figure out of the game at once and may score double (Rulebook VI),
#: but the controller must still carry it home and may only move or pass meanwhile.
CAPTURE_SHARE = 0.9
#: Special Abilities Card, Magic Blast and Weapon Master: a die roll for damage.
DIE_AVERAGE = 3.5
#: Special Abilities Card, Regeneration: a die roll less 2, never below 0: 10/6 on average.
REGENERATION_AVERAGE = 10 / 6


def clicks_left(w: Warrior) -> int:
    """Clicks the dial can still take before the figure is eliminated (Rulebook I; a
    kind's own dials: its AI module, ai.figure_play)."""
    return PLAYS[w.kind].clicks_left(w)


def damage_value(w: Warrior, clicks: float, section: int = -1) -> float:
    """Victory points ``clicks`` of damage are worth against ``w`` (a chariot: on
    ``section``, or on the section where they would hurt it least): as its kind is played
    (ai.figure_play)."""
    if clicks <= 0:
        return 0.0
    return PLAYS[w.kind].damage_value(w, clicks, section)


def push_cost(w: Warrior) -> float:
    """What giving ``w`` a non-pass action costs now: Rulebook III, Pushing, a click after
    an action on two consecutive turns. Eliminating yourself is never worth it."""
    if not w.kind.pushing_hurts:
        return 0.0  # Castle rules, Actions: pushed, "but does not take pushing damage"
    return damage_value(w, 1) * 1.5 if pushed(w) else 0.0


def pushed(w: Warrior, turn: int | None = None) -> bool:
    """Would a non-pass action now push ``w``? (It carries a token from its last turn.)"""
    return w.tokens > 0 and (turn is None or w.token_turn < turn)


def break_away_chance(state: State, w: Warrior) -> float:
    """Rulebook III, Breaking Away: the chance that ``w`` breaks away (the engine's)."""
    return engine_break_away_chance(state, w)


def pushing_kills(w: Warrior) -> bool:
    """Would the click a push costs eliminate ``w``? (Castle rules, General Rules: no damage
    from pushing; Chariot rules, Pushing: on the section its player picks.)"""
    return PLAYS[w.kind].pushing_kills(w)


def _strike_value(state: State, f: AttackForecast, s: Strike, damage: float, me: int
                  ) -> float:
    t = s.figure
    plan = f.plan
    chances = f.odds(state, s)
    p_plain, p_crit = chances.hit, chances.critical
    friend = t.team == state.players[me].team
    if f.capture:
        return (p_plain + p_crit) * t.card.points * CAPTURE_SHARE
    if plan.heal:
        left = len(t.card.clicks) - 1 - t.click
        healable = min(t.click - t.card.starting_click, max(1, int(damage)))
        value = t.card.points * PARTIAL * healable / max(1, left + healable)
        return (p_plain + p_crit) * value
    if plan.confuse:
        return (p_plain + p_crit) * 0.1 * t.card.points
    if not plan.damaging:
        return 0.0
    cut = chances.reduction
    plain = max(0.0, damage * s.parts - cut)
    crit = max(0.0, damage * s.parts + 1 - cut)
    # The chariot's section the attack lands on (its player's choice on a borderline), -1
    # for a figure without sections.
    section = chances.strike.section
    value = p_plain * damage_value(t, plain, section) + p_crit * damage_value(t, crit, section)
    if plan.freeze and "Magic Freeze" not in t.kind.refuses:
        value += (p_plain + p_crit) * 0.05 * t.card.points
    return -value if friend else value


def _attack_value(state: State, action: RangedAttack | CloseAttack, me: int,
                  follow_up: bool, checked: tuple[Any, ...] | None) -> float:
    f = forecast(state, action, follow_up, checked)
    # Special Abilities Card, Magic Blast and Weapon Master; Healing by a die roll.
    rolled = f.plan.damage_die or (isinstance(action, CloseAttack) and action.roll_die)
    damage: float = DIE_AVERAGE if rolled else f.damage
    value = 0.0
    for s in f.strikes:
        value += _strike_value(state, f, s, damage, me)
    return value - _costs(f.attacker, f.members, follow_up, state.turn, f.plan.section)


def _costs(attacker: Warrior, members: Sequence[Warrior], follow_up: bool,
           turn: int | None = None, section: int = -1) -> float:
    # Rulebook III, Rolling "2"s: the primary attacker takes a click on a 2 (a chariot's
    # section that attacked).
    # Castle rules, General Rules: a section takes no damage from critical misses.
    cost = odds.MISS_CHANCE * damage_value(attacker, 1, section) \
        if CRITICAL_MISS not in attacker.kind.unharmed_by else 0.0
    if follow_up:
        return cost
    for m in members:
        # A chariot's token from earlier this turn (another section's action) pushes
        # nothing: only one from the turn before does (Chariot rules, Pushing).
        if PLAYS[m.kind].pushed(m, turn):
            if pushing_kills(m):
                return float("inf")
            cost += push_cost(m)
        if m is not attacker:
            cost += 0.5  # a member gives up its own action this turn
    return cost


def attack_value(state: State, action: Action, me: int, follow_up: bool = False,
                 checked: tuple[Any, ...] | None = None) -> float:
    """Expected victory points of an attack, less what it costs the attacker (pushing,
    a critical miss). -inf for one the rules forbid. ``checked``: what the engine's check
    of the action returns, when the listing has it (``checked_actions``)."""
    if not isinstance(action, (RangedAttack, CloseAttack)):
        return 0.0
    try:
        return _attack_value(state, action, me, follow_up, checked)
    except IllegalAction:
        return float("-inf")


def charge_value(state: State, move: Move, me: int) -> float:
    """A Charge or Bound move ends in an attack in the same action: what the best close
    attack from the end of the path would be worth, guessed from the dial."""
    w = state.warriors[move.warrior]
    if not move.path:
        return 0.0
    end = move.path[-1]
    best = 0.0
    for o in state.warriors:
        if not o.on_table or not state.opposing(w, o):
            continue
        gap = ((o.x - end[0]) ** 2 + (o.y - end[1]) ** 2) ** 0.5 - w.half_length - o.half_length
        if gap > 0.06:
            continue
        needed = o.stats.defense - w.stats.attack
        best = max(best, odds.hit_chance(needed) * damage_value(o, max(
            0, w.stats.damage - reduction(state, o))))
    return best


def ability_value(state: State, action: UseAbility) -> float:
    """Regeneration and Necromancy: the clicks or the figure they may bring back."""
    w = state.warriors[action.warrior]
    if action.ability == "Regeneration":
        # Special Abilities Card, Regeneration: a die roll less 2 clicks healed.
        healed = min(w.click - w.card.starting_click, REGENERATION_AVERAGE)
        return damage_value(w, healed) if healed > 0 else 0.0
    if action.ability == "Necromancy" and action.target is not None:
        return state.warriors[action.target].card.points * 0.4
    return 0.0

