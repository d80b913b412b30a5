"""What an attack is worth, in victory points, before the dice are rolled.

The engine's forecast of each attack says who strikes whom, what the dice must show and
the exact chances (:func:`armybuilder.engine.forecast`), never sampled. Values are victory
points (Rulebook VI, Victory!): an elimination scores the figure's points, a captive held
in the starting area twice its points, and every click short of that is worth a share.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from armybuilder.engine import (
    CHARIOT_SKULLS,
    INACTIVE_SKULLS,
    SECTIONS,
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
    section_active,
)
from armybuilder.engine import break_away_chance as engine_break_away_chance

#: A damaged figure fights worse; a click short of elimination is worth this share of the
#: points it would bring.
PARTIAL = 0.5
#: A capture takes the figure out of the game at once and may score double (Rulebook VI),
#: but the controller must still carry it home and may only move or pass meanwhile.
CAPTURE_SHARE = 0.9
#: Special Abilities Card, Magic Blast and Weapon Master: a die roll for damage.
DIE_AVERAGE = 3.5
#: Special Abilities Card, Regeneration: a die roll less 2, never below 0: 10/6 on average.
REGENERATION_AVERAGE = 10 / 6


def clicks_left(w: Warrior) -> int:
    """Clicks the dial can still take before the figure is eliminated (Rulebook I); a
    chariot's: the fewest clicks on its sections that show six skulls (Chariot rules,
    Combat Dials)."""
    if w.chariot is not None:
        return chariot_clicks_left(w)
    return len(w.card.clicks) - w.click


def damage_value(w: Warrior, clicks: float, section: int = -1) -> float:
    """Victory points ``clicks`` of damage are worth against ``w`` (a chariot: on
    ``section``, or on the section where they would hurt it least)."""
    if clicks <= 0:
        return 0.0
    if w.chariot is not None:
        return chariot_damage_value(w, clicks, section)
    if w.castle is not None:
        return section_damage_value(w, clicks)
    if w.work is not None:
        # World Conquest, Upgrading Defenses: what the fortification's loss is worth.
        from armybuilder.ai import fortifications
        return fortifications.damage_value(w, clicks)
    left = clicks_left(w)
    if clicks >= left:
        return float(w.card.points)
    return w.card.points * PARTIAL * clicks / left


def push_cost(w: Warrior) -> float:
    """What giving ``w`` a non-pass action costs now: Rulebook III, Pushing, a click after
    an action on two consecutive turns. Eliminating yourself is never worth it."""
    if w.castle is not None:
        return 0.0  # Castle rules, Actions: pushed, "but does not take pushing damage"
    return damage_value(w, 1) * 1.5 if pushed(w) else 0.0


# --- chariots: six skulls on four dials ------------------------------------------------


def _skulls_after(w: Warrior, section: int, clicks: int) -> tuple[int, int]:
    """(the skulls the chariot shows, the clicks recorded) after ``clicks`` on
    ``section``: the dial stops at three skulls (an inactive section)."""
    assert w.chariot is not None
    dial = w.card.sections[section]
    at = w.chariot.clicks[section]
    recorded = 0
    while recorded < clicks and dial[at][1] < INACTIVE_SKULLS and at + 1 < len(dial):
        at += 1
        recorded += 1
    skulls = sum(w.card.sections[k][c][1] for k, c in enumerate(w.chariot.clicks))
    return skulls - dial[w.chariot.clicks[section]][1] + dial[at][1], recorded


def _section_life(w: Warrior, section: int) -> int:
    """Clicks section ``section`` takes before it shows three skulls."""
    assert w.chariot is not None
    dial = w.card.sections[section]
    at = w.chariot.clicks[section]
    return next((i - at for i in range(at, len(dial)) if dial[i][1] >= INACTIVE_SKULLS),
                len(dial) - 1 - at)


#: chariot_clicks_left's answers by (the card's identity, the section clicks): the card is
#: kept with the answer so that an identity is never read for another card.
_CLICKS_LEFT: dict[tuple[int, tuple[int, ...]], tuple[object, int]] = {}


def chariot_clicks_left(w: Warrior) -> int:
    """The fewest clicks, spread over the sections, that bring six skulls."""
    assert w.chariot is not None
    key = (id(w.card), tuple(w.chariot.clicks))
    kept = _CLICKS_LEFT.get(key)
    if kept is not None and kept[0] is w.card:
        return kept[1]
    if len(_CLICKS_LEFT) >= 4096:
        _CLICKS_LEFT.clear()
    found = _fewest_clicks(w)
    _CLICKS_LEFT[key] = (w.card, found)
    return found


def _fewest_clicks(w: Warrior) -> int:
    assert w.chariot is not None
    best = 99
    lives = [_section_life(w, k) for k in range(len(SECTIONS))]
    # Two sections taken to three skulls, or any mix short of that: few enough to try.
    for k, life in enumerate(lives):
        for j in range(len(SECTIONS)):
            if j == k:
                continue
            for n in range(life + 1):
                skulls, _ = _skulls_after(w, k, n)
                if skulls >= CHARIOT_SKULLS:
                    best = min(best, n)
                    break
                need = CHARIOT_SKULLS - skulls
                dial, at = w.card.sections[j], w.chariot.clicks[j]
                for m in range(1, lives[j] + 1):
                    if dial[at + m][1] - dial[at][1] >= need:
                        best = min(best, n + m)
                        break
    return max(1, best)


def chariot_damage_value(w: Warrior, clicks: float, section: int = -1) -> float:
    """Victory points ``clicks`` on a chariot's section are worth: the chariot's points
    when they bring six skulls, else a share of them by how far they bring it there (the
    skulls, and the clicks towards the next). Without a section: the active section where
    they hurt least (its player picks it when he can)."""
    assert w.chariot is not None
    n = math.ceil(clicks)
    if section < 0:
        active = [k for k in range(len(SECTIONS)) if section_active(w, k)] or [0]
        return min(chariot_damage_value(w, clicks, k) for k in active)
    if not section_active(w, section):
        return 0.0
    skulls, recorded = _skulls_after(w, section, n)
    if skulls >= CHARIOT_SKULLS:
        return float(w.card.points)
    now = sum(w.card.sections[k][c][1] for k, c in enumerate(w.chariot.clicks))
    # The clicks' share of what is left of it, or the skulls' share of the six, whichever
    # says more (a skull costs a value its section's attacks and defense use).
    progress = max(recorded / chariot_clicks_left(w),
                   (skulls - now) / (CHARIOT_SKULLS - now))
    return w.card.points * PARTIAL * min(1.0, progress)


# --- castle sections: breaches -------------------------------------------------------------

#: Castle rules, Portals: a breach opens the section's portals for good; what each opened
#: portal is worth to the besieger (victory points: the way in it gives).
PORTAL_OPENED = 4.0
#: Castle rules, Victory Points: a breached section not eliminated scores half its points
#: for the breacher; counted at this share (it may still be eliminated, or healed never).
BREACH_SHARE = 0.8
DEMORALIZED = "Demoralized"


def breach_click(w: Warrior) -> int | None:
    """The first click from ``w``'s own on which section ``w`` shows Demoralized (Castle
    rules, Portals: breached), None when it never does or is breached already."""
    section = w.castle
    if section is None or section.breached:
        return None
    for k in range(w.click, len(w.card.clicks)):
        if DEMORALIZED in w.card.clicks[k].abilities:
            return k
    return None


def section_damage_value(w: Warrior, clicks: float) -> float:
    """Victory points ``clicks`` on castle section ``w`` are worth: its points when they
    eliminate it (Castle rules, Victory Points: "as if they were standard warriors"), a
    share by the clicks otherwise, and a breach on top: half its points to the breacher
    (Victory Points) and its portals opened for good (Portals)."""
    left = len(w.card.clicks) - w.click
    if clicks >= left:
        return float(w.card.points)
    value = w.card.points * PARTIAL * clicks / left
    at = breach_click(w)
    if at is not None and w.click + clicks >= at:
        section = w.castle
        assert section is not None
        opened = sum(1 for p in section.portals if not p.open)
        value += BREACH_SHARE * (w.card.points // 2) + PORTAL_OPENED * opened
    return min(value, float(w.card.points))


def pushed(w: Warrior, turn: int | None = None) -> bool:
    """Would a non-pass action now push ``w``? (It carries a token from its last turn.)"""
    return w.tokens > 0 and (turn is None or w.token_turn < turn)


def break_away_chance(state: State, w: Warrior) -> float:
    """Rulebook III, Breaking Away: the chance that ``w`` breaks away (the engine's)."""
    return engine_break_away_chance(state, w)


def pushing_kills(w: Warrior) -> bool:
    if w.castle is not None:
        return False  # Castle rules, General Rules: no damage from pushing
    if w.chariot is not None:
        # Chariot rules, Pushing: its player picks the section the click goes on.
        return all(_skulls_after(w, k, 1)[0] >= CHARIOT_SKULLS
                   for k in range(len(SECTIONS)) if section_active(w, k))
    return clicks_left(w) <= 1


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
    if t.chariot is not None:
        # The section the attack lands on (its player's choice on a borderline).
        section = chances.strike.section
        value = p_plain * damage_value(t, plain, section) + \
            p_crit * damage_value(t, crit, section)
        return -value if friend else value
    value = p_plain * damage_value(t, plain) + p_crit * damage_value(t, crit)
    if plan.freeze:
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
        if attacker.castle is None else 0.0
    if follow_up:
        return cost
    for m in members:
        # A chariot's token from earlier this turn (another section's action) pushes
        # nothing: only one from the turn before does (Chariot rules, Pushing).
        if pushed(m, turn if m.chariot is not None else None):
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

