"""Special abilities as hooks, keyed by ability name, called at fixed points of the rules.

Every special ability is one registration here: its name, where its rules come from,
whether it is optional (Rulebook III, Special Abilities: optional abilities are in effect
until their owner cancels them, for the rest of the turn), which kind of action it needs
when it works through one, and its hooks. The rules themselves live in
:mod:`armybuilder.engine.specials`, one small module per theme; importing
:mod:`armybuilder.engine` registers them all.

An ability with no registration is *unhooked*: the engine reports it
(:func:`unimplemented_abilities`, ``coverage`` and the ``abilities_without_rules`` event at
the start of every game) and never pretends to play it.

A hook is ``fn(state, warrior, ctx)``: ``warrior`` is the figure showing the ability and
``ctx`` the context object of that hook point, which the hook reads and changes. A hook
at a point whose answers the engine remembers (movement, line of fire, targeting) declares
what else it reads with ``reads=`` (names from :data:`armybuilder.engine.memory.HOOK_READS`;
``()`` for nothing else), so that no remembered answer outlives what it was made from.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from armybuilder.engine.memory import DECLARED_POINTS, HOOK_READS

Hook = Callable[[Any, Any, Any], None]

#: Every hook point and what its context carries.
HOOK_POINTS: dict[str, str] = {
    "actions": "ActionContext: may the warrior be given this kind of action",
    "action_cost": "ActionCostContext: does this action use one of the player's actions",
    "formation": "FormationContext: may the warrior join this kind of formation",
    "formation_speed": "FormationSpeedContext: the speed a movement formation moves at",
    "movement": "MoveContext: speed allowance (stage 'speed'), what the path may cross "
                "('path'), the finished move ('end') and an attack after it ('follow_up')",
    "break_away": "BreakAwayContext: the highest roll that fails to break away",
    "free_spin": "SpinContext: whether figures a mover touches get a free spin",
    "contact": "ContactContext: after a movement and its free spins, a pair of figures in "
               "base contact (damage dealt on contact, the action ending)",
    "line_of_fire": "LineOfFireContext: whether a line of fire is blocked or hindered",
    "targeting": "TargetContext: whether the holder may be chosen as a target",
    "attack_plan": "AttackPlan: what the attacker's ranged or close combat action does",
    "attack_roll": "AttackContext: modifiers to an attack total",
    "defense": "DefenseContext: the defense value an attack must reach",
    "shared_defense": "SharedDefenseContext: a defense value the holder lends to friends",
    "hit": "HitContext: an attack has hit the holder; it may still miss",
    "enhance": "EnhanceContext: extra damage the holder adds to a friend's ranged attack",
    "damage": "DamageContext: clicks of damage about to be dealt (role 'attacker') or "
              "taken (role 'target')",
    "after_attack": "AfterAttackContext: an attack is over; who took how much damage",
    "healing": "HealContext: clicks of healing about to be given",
    "capture": "CaptureContext: whether a capture may be attempted",
    "dial": "DialContext: the holder's dial has turned (new abilities show)",
    "special_action": "SpecialActionContext: a move action that does not move the holder",
    "free_facing": "FacingContext: may the holder change facing without an action",
    "magic": "MagicContext: whether a Magic ability may affect the holder",
    "start_of_turn": "TurnContext: the beginning of the controlling player's turn",
    "start_of_turn_damage": "TurnContext: the beginning of the turn, after start_of_turn",
    "end_of_turn": "TurnContext: the end of the controlling player's turn",
}

#: Kinds of action an ability may need (FAQ, Special Abilities and Giving Actions).
ACTION_KINDS = frozenset({"ranged", "close", "move", "special"})
#: The Special Abilities Card's abilities printed in the speed slot (imports/abilities.csv,
#: slot "speed"): a chariot's passenger ignores them (Chariot rules, Passengers).
SPEED_ABILITIES = frozenset({
    "Aquatic", "Bound", "Charge", "Flight", "Forced March", "Magic Levitation", "Nimble",
    "Quickness", "Ram", "Stealth", "Frenzy", "Summon",
})


@dataclass(slots=True)
class ActionContext:
    kind: str  # move, ranged, close, capture, pass
    violation: str | None = None
    follow_up: bool = False  # the attack that ends a Charge or Bound move


@dataclass(slots=True)
class ActionCostContext:
    kind: str  # the action given: move, special (a move action), ranged, close, pass
    free: bool = False


@dataclass(slots=True)
class FormationContext:
    kind: str  # move, ranged, close
    violation: str | None = None


@dataclass(slots=True)
class FormationSpeedContext:
    #: Speed values members offer the whole formation (Forced March); the highest is used.
    offers: list[int] = field(default_factory=list)


@dataclass(slots=True)
class MoveContext:
    stage: str  # "speed", "path", "end" or "follow_up"
    speed: int = 0
    moved: bool = False
    new_contacts: tuple[int, ...] = ()  # opposing figures in contact at the end
    violation: str | None = None
    #: Stage "path": the move may cross figure bases (it must still end clear of them).
    crosses_bases: bool = False
    #: Stage "path": terrain neither slows, stops nor blocks the path (it must still end
    #: where a base may stand).
    ignores_terrain: bool = False
    #: Stage "path": water terrain is clear terrain, and the base may end in deep water.
    ignores_water: bool = False
    #: The ability the move action names (Charge, Bound), or None.
    mode: str | None = None
    #: The move is made for the figure by an opponent (Magic Confusion).
    forced: bool = False
    #: Stage "follow_up": the kind of attack the action goes on to ("close", "ranged").
    follow_up: str | None = None


@dataclass(slots=True)
class BreakAwayContext:
    fails_up_to: int = 3  # Rulebook III, Breaking Away: 1, 2 or 3 fails


@dataclass(slots=True)
class SpinContext:
    given_move: bool  # the mover was given a move action (not carried by another figure)
    allowed: bool = True


@dataclass(slots=True)
class ContactContext:
    other: Any  # the opposing figure in base contact with the holder
    holder_moved: bool
    other_moved: bool
    new: bool  # the two were not in base contact before the movement
    #: The holder was carried by another figure (Magic Levitation), not moved by its own
    #: movement.
    holder_carried: bool = False
    #: Clicks the hook deals: (victim, clicks, ability); applied together afterwards.
    damage: list[tuple[Any, int, str]] = field(default_factory=list)
    ends_action: bool = False


@dataclass(slots=True)
class LineOfFireContext:
    role: str  # "firer" or "target"
    firer: Any
    target: Any
    blocked: str | None = None
    hindering: bool = False
    plan: Any = None  # the AttackPlan, when a line is drawn for an attack


@dataclass(slots=True)
class TargetContext:
    attacker: Any
    plan: Any  # AttackPlan
    violation: str | None = None


@dataclass(slots=True)
class AttackPlan:
    """What one ranged or close combat action does, built from the abilities it uses.

    The action's own ability (``mode``, FAQ: one per action) and the attacker's riders
    (Pierce, Magic Freeze, ...) set these fields through the ``attack_plan`` hook.
    """

    kind: str  # "ranged" or "close"
    mode: str | None
    attacker: Any
    range: float = 0.0
    max_targets: int = 1
    damage: int = 0  # the damage value the attack uses
    attack: int = 0  # the attack value the roll adds
    #: The attacker's abilities in effect for this action (a chariot's: the acting
    #: section's, Chariot rules, Special Abilities).
    abilities: tuple[str, ...] = ()
    damaging: bool = True  # the intent is to damage (criticals, formations)
    damage_die: bool = False  # a die roll replaces the damage value
    splash: bool = False  # also affects every figure touching a target
    everyone: bool = False  # affects every figure in range, all round
    all_front: bool = False  # every opposing figure in front-arc contact
    plain_targets: bool = False  # targets count as having no special abilities but Aquatic
    unblockable: bool = False  # lines of fire are never blocked
    terrain_modifiers: bool = True
    modifiers: bool = True  # any modifier to the roll or the defense
    heal: str | None = None  # "value" or "die": the action heals instead of damaging
    friendly: bool = False  # targets friendly figures
    freeze: bool = False  # Magic Freeze rides along
    confuse: bool = False  # Magic Confusion
    pierce: bool = False
    magic: bool = False  # the action is a Magic ability's (Magic Immunity)
    capture_ok: bool = True
    formation_ok: bool = True
    max_tokens: int | None = None  # targets may carry at most this many action tokens
    roll_die: bool = False  # Healing: heal by a die roll instead of the damage value
    violation: str | None = None
    flags: set[str] = field(default_factory=set)  # riders in effect, for the log
    #: The chariot section given the action (index into bases.SECTIONS), or -1.
    section: int = -1


@dataclass(slots=True)
class AttackContext:
    role: str  # "attacker" or "target"
    kind: str  # ranged or close
    attacker: Any
    target: Any
    modifier: int = 0


@dataclass(slots=True)
class DefenseContext:
    role: str
    kind: str
    attacker: Any
    value: int = 0
    plan: Any = None
    targeted: bool = True  # chosen as a target (not only splashed)


@dataclass(slots=True)
class SharedDefenseContext:
    kind: str
    plan: Any
    value: int | None = None


@dataclass(slots=True)
class HitContext:
    attacker: Any
    plan: Any
    hit: bool = True


@dataclass(slots=True)
class EnhanceContext:
    attacker: Any
    target: Any
    bonus: int = 0


@dataclass(slots=True)
class DamageContext:
    clicks: int
    cause: str  # attack, ability, critical miss, pushing
    source: Any = None  # the attacking warrior, if any
    role: str = "target"  # "target": the holder takes the damage; "attacker": deals it
    target: Any = None  # role "attacker": the figure hit
    kind: str | None = None  # ranged or close, for attack damage
    multiplier: int = 1  # role "attacker": doubling abilities (FAQ, Applying Damage)
    ability: str | None = None  # the ability dealing the damage (Venom, Pole Arm, ...)
    pierce: bool = False  # the holder's Battle Armor, Toughness, Invulnerability are ignored


@dataclass(slots=True)
class AfterAttackContext:
    attacker: Any
    plan: Any
    damaged: list[tuple[Any, int]]  # (figure, clicks it actually took)
    #: Clicks the hook deals back: (victim, clicks, ability, dealt by).
    damage: list[tuple[Any, int, str, Any]] = field(default_factory=list)


@dataclass(slots=True)
class HealContext:
    clicks: int
    cause: str


@dataclass(slots=True)
class CaptureContext:
    role: str  # "attacker" or "target"
    violation: str | None = None


@dataclass(slots=True)
class DialContext:
    cause: str


@dataclass(slots=True)
class SpecialActionContext:
    stage: str  # "check" or "apply"
    action: Any  # the UseAbility action
    violation: str | None = None


@dataclass(slots=True)
class MagicContext:
    ability: str  # the Magic ability that would affect the holder
    immune: bool = False


def magic_affects(state: Any, warrior: Any, ability: str) -> bool:
    """May the Magic ability ``ability`` affect ``warrior``? (Magic Immunity)"""
    hooks = REGISTRY.hooks_for("magic", warrior.abilities)
    if not hooks:
        return True
    ctx = MagicContext(ability=ability)
    for fn in hooks:
        fn(state, warrior, ctx)
    return not ctx.immune


@dataclass(slots=True)
class FacingContext:
    allowed: bool = False


@dataclass(slots=True)
class TurnContext:
    player: int
    extra_actions: int = 0


@dataclass(frozen=True, slots=True)
class AbilityRule:
    name: str
    source: str
    hooks: dict[str, Hook] = field(default_factory=dict)
    optional: bool = False
    action: str | None = None  # the kind of action it needs (ACTION_KINDS), if any
    #: What its movement, line-of-fire and targeting hooks read besides their context,
    #: the holder's abilities and the arrangement of the bases (memory.HOOK_READS).
    reads: tuple[str, ...] = ()
    #: For an ability used with a move action that does not move the holder ("special"):
    #: ``listing(state, warrior)`` gives a representative set of its UseAbility actions,
    #: which the engine's listing then checks. Without one the bare action is listed.
    listing: Callable[[Any, Any], Iterable[Any]] | None = None
    #: For a special action that sets a figure down where its player chooses (Magic
    #: Levitation, Necromancy): ``placing(state, warrior)`` gives, for each figure it may
    #: set down, the UseAbility actions whose place to try first (the engine checks them;
    #: a player then steers the place anywhere: answers.placements).
    placing: Callable[[Any, Any], Iterable[tuple[Any, Iterable[Any]]]] | None = None
    #: For a hit hook that turns a hit into a miss on a die roll: how many of the six
    #: faces do (the exact odds an attack is forecast with).
    avoids: int = 0


class AbilityRegistry:
    def __init__(self) -> None:
        self._rules: dict[str, AbilityRule] = {}
        self._by_point: dict[str, dict[str, Hook]] = {p: {} for p in HOOK_POINTS}
        #: hooks_for's answers, by ability list then hook point (memory.py lists this
        #: among the kept answers): asked for every warrior at every check, and the same
        #: few ability lists come up again and again. Emptied whenever the rules change.
        self._answers: dict[tuple[str, ...], dict[str, tuple[Hook, ...]]] = {}
        #: reads_for's answers the same way.
        self._reads: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}
        #: Counts every change of the rules: answers worked out from the hooks (such as
        #: movement.check_move's) are good while it stays the same.
        self.generation = 0

    def register(self, name: str, source: str, *, optional: bool = False,
                 action: str | None = None, reads: Iterable[str] | None = None,
                 listing: Callable[[Any, Any], Iterable[Any]] | None = None,
                 placing: Callable[[Any, Any], Iterable[tuple[Any, Iterable[Any]]]]
                 | None = None,
                 avoids: int = 0, **hooks: Hook) -> None:
        unknown = sorted(set(hooks) - set(HOOK_POINTS))
        if unknown:
            raise ValueError(f"ability {name}: unknown hook points {unknown}")
        if not hooks:
            raise ValueError(f"ability {name}: register at least one hook")
        if action is not None and action not in ACTION_KINDS:
            raise ValueError(f"ability {name}: unknown action kind {action!r}")
        if (listing is not None or placing is not None) and action != "special":
            raise ValueError(f"ability {name}: only a special action has a listing or "
                             "places figures")
        declared = sorted(DECLARED_POINTS & set(hooks))
        if declared and reads is None:
            raise ValueError(f"ability {name}: a hook at {', '.join(declared)} must declare "
                             "what it reads (reads=..., () for nothing beyond its context)")
        read = tuple(sorted(set(reads or ())))
        strange = [r for r in read if r not in HOOK_READS]
        if strange:
            raise ValueError(f"ability {name}: unknown reads {strange}; use some of "
                             f"{sorted(HOOK_READS)}")
        self.unregister(name)
        self._rules[name] = AbilityRule(name=name, source=source, hooks=dict(hooks),
                                        optional=optional, action=action, reads=read,
                                        listing=listing, placing=placing,
                                        avoids=avoids)
        for point, fn in hooks.items():
            self._by_point[point][name] = fn

    def unregister(self, name: str) -> None:
        self._answers.clear()
        self._reads.clear()
        self.generation += 1
        self._rules.pop(name, None)
        for table in self._by_point.values():
            table.pop(name, None)

    def hooks_for(self, point: str, abilities: tuple[str, ...]) -> tuple[Hook, ...]:
        if not abilities:
            return ()
        try:
            # Asked about every warrior at nearly every rule: an answer kept is one look-up.
            return self._answers[abilities][point]
        except (KeyError, TypeError):  # not asked yet, or not a tuple (a list)
            return self._work_out(abilities)[point]

    def _work_out(self, abilities: tuple[str, ...]) -> dict[str, tuple[Hook, ...]]:
        if type(abilities) is not tuple:
            abilities = tuple(abilities)
        points = self._answers.get(abilities)
        if points is None:
            if len(self._answers) >= 4096:
                self._answers.clear()
            points = self._answers[abilities] = {
                p: tuple(table[n] for n in abilities if n in table)
                for p, table in self._by_point.items()}
        return points

    def reads_for(self, point: str, abilities: tuple[str, ...]) -> tuple[str, ...]:
        """What the hooks of these abilities at ``point`` declared they read, sorted."""
        if not abilities:
            return ()
        key = (point, abilities)
        found = self._reads.get(key)
        if found is None:
            names: set[str] = set()
            for n in abilities:
                rule = self._rules.get(n)
                if rule is not None and point in rule.hooks:
                    names.update(rule.reads)
            found = self._reads[key] = tuple(sorted(names))
        return found

    def has_hook(self, point: str, abilities: tuple[str, ...]) -> bool:
        return bool(self.hooks_for(point, abilities))

    def rule(self, name: str) -> AbilityRule | None:
        return self._rules.get(name)

    def names(self) -> list[str]:
        return sorted(self._rules)

    def covered(self, name: str) -> bool:
        return name in self._rules

    def optional(self, name: str) -> bool:
        rule = self._rules.get(name)
        return rule is not None and rule.optional

    def action_kind(self, name: str) -> str | None:
        rule = self._rules.get(name)
        return None if rule is None else rule.action

    def unhooked(self, names: Iterable[str]) -> list[str]:
        """The abilities among ``names`` that have no rules in the engine, sorted."""
        return sorted({n for n in names if n not in self._rules})

    def coverage(self, names: Iterable[str]) -> dict[str, list[str]]:
        wanted = sorted(set(names))
        return {"with_rules": [n for n in wanted if n in self._rules],
                "without_rules": [n for n in wanted if n not in self._rules]}


REGISTRY = AbilityRegistry()


def unimplemented_abilities(cards: Iterable[Any]) -> list[str]:
    """The abilities on these figure cards' dials that the engine has no rules for, sorted.

    A battle warns of them before it starts (the ``abilities_without_rules`` event of
    ``Game.new`` and ``Game.from_scenario``); a caller can ask first, to tell the player.
    """
    names: set[str] = set()
    for card in cards:
        names |= card.ability_names
    return REGISTRY.unhooked(names)


# --- Demoralized ------------------------------------------------------------------------
# Demoralized stays here: victory.py needs its name and part 1's tests build on it.

DEMORALIZED = "Demoralized"


def _demoralized_actions(state: Any, warrior: Any, ctx: ActionContext) -> None:
    # Special Abilities Card, Demoralized: only a move or a pass action.
    if ctx.kind not in ("move", "pass"):
        ctx.violation = ("Special Abilities Card, Demoralized: may be given only a move or "
                         "pass action")


def _demoralized_formation(state: Any, warrior: Any, ctx: FormationContext) -> None:
    # FAQ, Demoralized & Formations: movement formations only.
    if ctx.kind in ("ranged", "close"):
        ctx.violation = ("FAQ, Demoralized & Formations: a Demoralized warrior may not be part "
                         "of a ranged or close combat formation")


def _demoralized_movement(state: Any, warrior: Any, ctx: MoveContext) -> None:
    # Special Abilities Card, Demoralized: never moves into base contact of its own accord.
    # FAQ, Demoralized & Magic Levitation: being moved by another figure is not voluntary
    # (the same holds for a move an opponent makes for it with Magic Confusion).
    if ctx.stage == "end" and ctx.moved and ctx.new_contacts and not ctx.forced:
        ctx.violation = ("Special Abilities Card, Demoralized: may not move into base contact "
                         "with an opposing figure")


REGISTRY.register(
    DEMORALIZED, "Special Abilities Card; FAQ, Demoralized",
    actions=_demoralized_actions, formation=_demoralized_formation,
    movement=_demoralized_movement, reads=(),
)
