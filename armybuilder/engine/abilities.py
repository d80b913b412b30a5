"""Special abilities as hooks, keyed by ability name, called at fixed points of the rules.

Part 1 of the engine implements Demoralized (it is on almost every dial); part 2 registers
the other abilities here. An ability with no registration is *unhooked*: the engine
reports it (``unhooked``, ``coverage`` and the ``abilities_without_rules`` event at the
start of every game) and never pretends to play it.

A hook is ``fn(state, warrior, ctx)``: ``warrior`` is the figure showing the ability and
``ctx`` the context object of that hook point, which the hook reads and changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

Hook = Callable[[Any, Any, Any], None]

#: Every hook point and what its context carries.
HOOK_POINTS: dict[str, str] = {
    "actions": "ActionContext: may the warrior be given this kind of action",
    "formation": "FormationContext: may the warrior join this kind of formation",
    "movement": "MoveContext: speed allowance (stage 'speed'), what the path may cross "
                "('path') and the finished move ('end')",
    "break_away": "BreakAwayContext: the highest roll that fails to break away",
    "line_of_fire": "LineOfFireContext: whether a line of fire is blocked or hindered",
    "attack_roll": "AttackContext: modifiers to an attack total",
    "defense": "DefenseContext: the defense value an attack must reach",
    "damage": "DamageContext: clicks of damage about to be taken",
    "healing": "HealContext: clicks of healing about to be given",
    "capture": "CaptureContext: whether a capture may be attempted",
    "start_of_turn": "TurnContext: the beginning of the controlling player's turn",
    "end_of_turn": "TurnContext: the end of the controlling player's turn",
}


@dataclass(slots=True)
class ActionContext:
    kind: str  # move, ranged, close, capture, pass
    violation: str | None = None


@dataclass(slots=True)
class FormationContext:
    kind: str  # move, ranged, close
    violation: str | None = None


@dataclass(slots=True)
class MoveContext:
    stage: str  # "speed", "path" or "end"
    speed: int = 0
    moved: bool = False
    new_contacts: tuple[int, ...] = ()  # opposing figures in contact at the end
    violation: str | None = None
    #: Stage "path": the move may cross figure bases (it must still end clear of them).
    crosses_bases: bool = False
    #: Stage "path": terrain neither slows, stops nor blocks the path (it must still end
    #: where a base may stand).
    ignores_terrain: bool = False


@dataclass(slots=True)
class BreakAwayContext:
    fails_up_to: int = 3  # Rulebook III, Breaking Away: 1, 2 or 3 fails


@dataclass(slots=True)
class LineOfFireContext:
    role: str  # "firer" or "target"
    firer: Any
    target: Any
    blocked: str | None = None
    hindering: bool = False


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


@dataclass(slots=True)
class DamageContext:
    clicks: int
    cause: str  # attack, critical miss, pushing
    source: Any = None  # the attacking warrior, if any
    role: str = "target"  # "target": the holder takes the damage; "attacker": deals it


@dataclass(slots=True)
class HealContext:
    clicks: int
    cause: str


@dataclass(slots=True)
class CaptureContext:
    role: str  # "attacker" or "target"
    violation: str | None = None


@dataclass(slots=True)
class TurnContext:
    player: int
    extra_actions: int = 0


@dataclass(frozen=True, slots=True)
class AbilityRule:
    name: str
    source: str
    hooks: dict[str, Hook] = field(default_factory=dict)


class AbilityRegistry:
    def __init__(self) -> None:
        self._rules: dict[str, AbilityRule] = {}
        self._by_point: dict[str, dict[str, Hook]] = {p: {} for p in HOOK_POINTS}

    def register(self, name: str, source: str, **hooks: Hook) -> None:
        unknown = sorted(set(hooks) - set(HOOK_POINTS))
        if unknown:
            raise ValueError(f"ability {name}: unknown hook points {unknown}")
        if not hooks:
            raise ValueError(f"ability {name}: register at least one hook")
        self._rules[name] = AbilityRule(name=name, source=source, hooks=dict(hooks))
        for point, fn in hooks.items():
            self._by_point[point][name] = fn

    def unregister(self, name: str) -> None:
        self._rules.pop(name, None)
        for table in self._by_point.values():
            table.pop(name, None)

    def hooks_for(self, point: str, abilities: tuple[str, ...]) -> list[Hook]:
        if not abilities:
            return []
        table = self._by_point[point]
        return [table[n] for n in abilities if n in table]

    def rule(self, name: str) -> AbilityRule | None:
        return self._rules.get(name)

    def covered(self, name: str) -> bool:
        return name in self._rules

    def unhooked(self, names: Iterable[str]) -> list[str]:
        """The abilities among ``names`` that have no rules in the engine, sorted."""
        return sorted({n for n in names if n not in self._rules})

    def coverage(self, names: Iterable[str]) -> dict[str, list[str]]:
        wanted = sorted(set(names))
        return {"with_rules": [n for n in wanted if n in self._rules],
                "without_rules": [n for n in wanted if n not in self._rules]}


REGISTRY = AbilityRegistry()


# --- Demoralized ------------------------------------------------------------------------

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
    if ctx.stage == "end" and ctx.moved and ctx.new_contacts:
        ctx.violation = ("Special Abilities Card, Demoralized: may not move into base contact "
                         "with an opposing figure")


REGISTRY.register(
    DEMORALIZED, "Special Abilities Card; FAQ, Demoralized",
    actions=_demoralized_actions, formation=_demoralized_formation,
    movement=_demoralized_movement,
)
