"""What an attack would do, before the dice are rolled: the figures it strikes, what the
dice must show against each, the exact chances (counted over the 36 rolls of 2d6,
:mod:`armybuilder.engine.odds`) and the clicks the target's abilities take off.

The same rules decide the forecast and the attack itself (``combat.resolve``): the check
that gives the attack's plan and targets, the strikes, the roll modifiers and the defense
values are the engine's own. A player, the app's "chance to hit" and a test all ask here.
A chariot struck is forecast on the section the attack affects (``Strike.section``); on a
borderline its player chooses (``Strike.options``): :meth:`AttackForecast.odds` then
reads the section he would choose, the one that leaves the attack least likely to hit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from armybuilder.engine import close, combat, odds, ranged
from armybuilder.engine.abilities import AttackPlan
from armybuilder.engine.actions import CloseAttack, RangedAttack
from armybuilder.engine.combat import Strike
from armybuilder.engine.state import State, Warrior

# Plain (not frozen) slotted records: a player forecasts every attack it lists, and a
# frozen dataclass sets each field through object.__setattr__.


@dataclass(slots=True)
class StrikeOdds:
    """The exact odds of one figure an attack roll is compared with."""

    strike: Strike
    #: What 2d6 must show to hit (the defense value less the attack value and modifiers).
    needed: int
    #: The chance of an ordinary hit that stands (Dodge and the like taken into account).
    hit: float
    #: The chance of a 12 that stands: a hit whatever is needed, with one click more on a
    #: damaging attack (Rulebook III, Rolling "12"s).
    critical: float
    #: Clicks the figure's abilities take off the attack's damage (Toughness,
    #: Invulnerability; none against Pierce).
    reduction: int


@dataclass(slots=True)
class AttackForecast:
    """What one ranged or close combat action would do."""

    attacker: Warrior
    members: Sequence[Warrior]  # the formation, the attacker first
    plan: AttackPlan
    strikes: Sequence[Strike]
    #: Added to every roll: +1 for each member beyond the first (Rulebook IV).
    bonus: int
    #: The damage value each figure struck takes before criticals and abilities.
    damage: int
    capture: bool = False

    def odds(self, state: State, s: Strike) -> StrikeOdds:
        """The exact odds against one of :attr:`strikes`."""
        if s.options and s.section < 0:
            # Chariot rules, Attacking a Chariot: on a borderline the chariot's player
            # chooses; the forecast expects the section that is harder to hit.
            choices = [self.odds(state, replace(s, section=k, options=())) for k in s.options]
            return min(choices, key=lambda o: (o.hit + o.critical, -o.reduction))
        plan = self.plan
        defense = combat.defense_value(state, plan, s)
        needed = defense - plan.attack - combat.roll_modifier(state, plan, self.bonus, s)
        plain, critical = odds.chances(needed)
        stand = combat.standing_share(s.figure, plan, s.section)
        if stand != 1.0:
            plain *= stand
            critical *= stand
        return StrikeOdds(s, needed, plain, critical,
                          combat.reduction(state, s.figure, plan, s.targeted, s.section))


def forecast(state: State, action: RangedAttack | CloseAttack, follow_up: bool = False,
             checked: tuple[Any, ...] | None = None) -> AttackForecast:
    """The forecast of ``action``; IllegalAction if the rules forbid it. ``checked``: what
    the engine's own check of the action returned, when the caller has it (the listing
    hands it out: :func:`armybuilder.engine.legal.checked`)."""
    if isinstance(action, RangedAttack):
        firer, members, plan, shots = checked or ranged.check_ranged(state, action, follow_up)
        return AttackForecast(firer, members, plan, ranged.strikes_for(state, plan, shots),
                              len(members) - 1, ranged.damage_per_figure(plan, shots))
    a, targets, members, plan = checked or close.check_close(state, action, follow_up)
    return AttackForecast(a, members, plan,
                          close.strikes_for(state, a, targets, members, action.capture, plan,
                                            action.aim),
                          len(members) - 1, plan.damage, action.capture)
