"""The actions a player can give, as frozen dataclasses, and their JSON form.

Warriors are named by their id in the game (their index in ``state.warriors``), players by
their seat index. Points are ``(x, y)`` in inches, facings radians.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, fields
from typing import Any

from armybuilder.engine.geometry import Point


@dataclass(frozen=True, slots=True)
class Move:
    """Rulebook III, Movement. ``path`` lists the points after the start; empty turns in place.

    ``stuck_facing`` is where the warrior faces if it fails to break away (the rulebook lets
    it re-face; the only thing learnt before choosing is the failed roll, so choosing in
    advance is the same choice). ``captive_at``/``captive_facing`` place a captive.
    """

    warrior: int
    path: tuple[Point, ...] = ()
    facing: float | None = None
    _: KW_ONLY
    stuck_facing: float | None = None
    captive_at: Point | None = None
    captive_facing: float | None = None
    #: "Charge" or "Bound": move up to the speed value, then attack in the same action.
    ability: str | None = None


@dataclass(frozen=True, slots=True)
class RangedAttack:
    """Rulebook III, Ranged Combat; ``formation`` lists the other members (Rulebook IV).

    ``ability`` names the special ability the action is given to use (Flame/Lightning,
    Magic Blast, Shockwave, ...); None is an ordinary attack, the other such abilities
    cancelled (FAQ, Special Abilities and Giving Actions). A Shockwave lists no targets:
    it affects every figure it can reach.
    """

    warrior: int
    targets: tuple[int, ...]
    _: KW_ONLY
    formation: tuple[int, ...] = ()
    ability: str | None = None
    #: Chariot rules, Actions: the chariot's section given the action (front, left,
    #: right, rear).
    section: str | None = None
    #: Chariot rules, Attacking a Chariot: the active section the attacker chooses when
    #: the one his line of fire crosses on a chariot target is inactive.
    aim: str | None = None
    #: Castle rules, Long Range Attacks: True when a castle section fires at a
    #: multiple-dial warrior (or an opposing castle section) with double its range and its
    #: damage less 2; None otherwise (the log writes it only when given).
    long_range: bool | None = None


@dataclass(frozen=True, slots=True)
class CloseAttack:
    """Rulebook III, Close Combat and Capturing; ``formation``: the other members.

    ``ability``: Sweep, Weapon Master or Healing; ``roll_die``: Healing heals by a die roll
    instead of the damage value. ``section`` and ``aim`` as for :class:`RangedAttack`.
    """

    warrior: int
    target: int
    _: KW_ONLY
    capture: bool = False
    formation: tuple[int, ...] = ()
    ability: str | None = None
    roll_die: bool = False
    section: str | None = None
    aim: str | None = None


@dataclass(frozen=True, slots=True)
class UseAbility:
    """A move action for an ability that reads "but do not move him" (Rulebook IV):
    Regeneration, Necromancy, Magic Levitation.

    ``target``: the figure levitated, or the eliminated warrior brought back; ``at`` and
    ``facing``: where it is set down; ``captive_at``: where a levitated figure's captive goes.
    """

    warrior: int
    ability: str
    target: int | None = None
    at: Point | None = None
    facing: float | None = None
    _: KW_ONLY
    captive_at: Point | None = None


@dataclass(frozen=True, slots=True)
class CancelAbility:
    """Rulebook III, Special Abilities: cancel an optional ability until the end of the turn.
    No action is used."""

    warrior: int
    ability: str


@dataclass(frozen=True, slots=True)
class Face:
    """Nimble: change facing during your turn without being given an action."""

    warrior: int
    facing: float


@dataclass(frozen=True, slots=True)
class Pass:
    warrior: int
    _: KW_ONLY
    #: Chariot rules, Actions: the chariot's section given the pass.
    section: str | None = None


@dataclass(frozen=True, slots=True)
class ChariotMove:
    """Chariot rules, Movement: move actions given together to the chariot's ``sections``
    and combined into a single movement: a spin on the centre dot to ``facing`` (None
    keeps it), then ``distance`` inches straight ahead, at most the sum of the sections'
    speed values."""

    warrior: int
    sections: tuple[str, ...]
    facing: float | None = None
    distance: float = 0.0


@dataclass(frozen=True, slots=True)
class Board:
    """Chariot rules, Boarding & Disembarking: a move action that puts ``warrior`` in the
    rear compartment of the friendly ``chariot`` he touches."""

    warrior: int
    chariot: int


@dataclass(frozen=True, slots=True)
class Disembark:
    """Chariot rules, Boarding & Disembarking: a move action that places the passenger at
    ``at``, touching a side or the rear section, facing ``facing``."""

    warrior: int
    at: Point
    facing: float = 0.0


@dataclass(frozen=True, slots=True)
class ChooseSection:
    """Chariot rules: the section the chariot's player chooses when a decision is owed
    (an attack along a borderline, the pushing click)."""

    warrior: int
    section: str


@dataclass(frozen=True, slots=True)
class MoveFormation:
    """Rulebook IV, Movement Formations: declare the members; break-away dice are rolled,
    then a :class:`FormationPlan` moves them."""

    warrior: int
    members: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FormationPlan:
    """The moves of a declared movement formation, in the order they are made. Members
    without a step stay where they are."""

    steps: tuple[Move, ...]


@dataclass(frozen=True, slots=True)
class FreeSpin:
    """Rulebook III, Free Spin: ``facing`` None declines the spin."""

    warrior: int
    facing: float | None = None


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End your turn when every action of it has been given but a warrior may still move
    without one (Quickness: "may perform a move action without you having to give him one
    of your actions for the turn"). Until then the turn waits for the player."""

    player: int


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Rulebook VI, Withdrawing."""

    player: int


@dataclass(frozen=True, slots=True)
class EndByAgreement:
    """Rulebook VI, Ending the Game 3: all remaining players agree to end the game."""


@dataclass(frozen=True, slots=True)
class PlaceTerrain:
    """Rulebook II, Setting the Scene: take ``item`` from the pile and place it."""

    item: int
    at: Point
    rotation: float = 0.0


@dataclass(frozen=True, slots=True)
class SetUpFortification:
    """World Conquest, Troop Movements (battle rule 1): "each player sets up terrain as
    normal AND any ... banners, outposts, forts, or castles they have in that territory":
    the holder sets fortification ``warrior`` up at ``at``, turned ``rotation`` (its back
    side, :data:`~armybuilder.engine.fortifications.SIDES`, faces that way turned)."""

    warrior: int
    at: Point
    rotation: float = 0.0


@dataclass(frozen=True, slots=True)
class Deploy:
    """Rulebook II, Setting the Scene: place a warrior in its starting area.

    ``at`` None leaves a warrior that has no room anywhere in the starting area off the
    battlefield (the rules are silent; see RULES_NOTES.md).
    """

    warrior: int
    at: Point | None
    facing: float = 0.0


@dataclass(frozen=True, slots=True)
class SetPortal:
    """Castle rules, Portals: "At the beginning of the castle player's command phase,
    that player declares whether they are opening or closing any of their portals for the
    turn": open (``open`` True) or close one portal of a castle section (engine/castle.py).
    Not an action given to a warrior; before any of the turn's actions."""

    player: int
    warrior: int
    portal: str
    _: KW_ONLY
    open: bool


@dataclass(frozen=True, slots=True)
class ChooseTarget:
    """Castle rules, Close Combat: the defender's choice of the figure an attack across
    connected access points is made on (pending.TargetChoice)."""

    player: int
    target: int


@dataclass(frozen=True, slots=True)
class Ladder:
    """Castle rules, Planking and Ladders: "Ladders may be placed next to castle sections
    to create access points by giving a movement action to a formation. Ladders may be
    removed by giving a movement action to a formation when no enemy is on the access
    point." ``warrior`` and ``members``: the movement formation; ``at``: a point by the
    wall's edge where the ladder goes (or on the ladder removed, ``remove`` True)."""

    warrior: int
    members: tuple[int, ...]
    at: Point
    _: KW_ONLY
    remove: bool = False


Action = (Move | RangedAttack | CloseAttack | Pass | MoveFormation | FormationPlan | FreeSpin
          | Withdraw | EndByAgreement | PlaceTerrain | SetUpFortification | Deploy | UseAbility
          | CancelAbility
          | Face | EndTurn | ChariotMove | Board | Disembark | ChooseSection | SetPortal
          | ChooseTarget | Ladder)

ACTION_TYPES: dict[str, type] = {
    "move": Move, "ranged": RangedAttack, "close": CloseAttack, "pass": Pass,
    "move_formation": MoveFormation, "formation_plan": FormationPlan, "free_spin": FreeSpin,
    "withdraw": Withdraw, "agree": EndByAgreement, "place_terrain": PlaceTerrain,
    "set_up_fortification": SetUpFortification, "deploy": Deploy,
    "use_ability": UseAbility, "cancel": CancelAbility, "face": Face,
    "end_turn": EndTurn, "chariot_move": ChariotMove, "board": Board,
    "disembark": Disembark, "choose_section": ChooseSection, "set_portal": SetPortal,
    "choose_target": ChooseTarget, "ladder": Ladder,
}
_NAMES = {cls: name for name, cls in ACTION_TYPES.items()}
#: Each action type's field names, in order (dataclasses.fields is slow to ask every time).
_FIELDS = {cls: tuple(f.name for f in fields(cls)) for cls in ACTION_TYPES.values()}
_POINT_FIELDS = {"at", "captive_at"}


def _enc(value: Any) -> Any:
    """Tuples become lists, formation steps nested actions; numbers stay as they are."""
    if isinstance(value, tuple):
        return [_enc(v) for v in value]
    if isinstance(value, Move):
        return action_to_json(value)
    return value


_PATH, _POINT, _FLOAT, _OTHER, _STEPS, _OPTIONAL = range(6)
_FLOAT_FIELDS = {"facing", "stuck_facing", "captive_facing", "rotation", "distance"}
#: Fields a log writes only when they are given (a chariot's section, the section aimed
#: at): a log of a game without chariots reads as it always did.
_OPTIONAL_FIELDS = {(Pass, "section"), (RangedAttack, "section"), (RangedAttack, "aim"),
                    (CloseAttack, "section"), (CloseAttack, "aim"),
                    (RangedAttack, "long_range")}


def _codec(name: str) -> int:
    if name == "path":
        return _PATH
    if name in _POINT_FIELDS:
        return _POINT
    if name in _FLOAT_FIELDS:
        return _FLOAT
    return _OTHER


#: Each action type's fields with how each is written and read, worked out once: every
#: action applied is written to the log and read back (normalise).
_CODECS = {cls: tuple((name, _STEPS if name == "steps" else _OPTIONAL
                        if (cls, name) in _OPTIONAL_FIELDS else _codec(name))
                       for name in names)
           for cls, names in _FIELDS.items()}


def action_to_json(action: Action) -> dict[str, Any]:
    """The action as the log writes it: JSON-ready (lists, floats for coordinates)."""
    return encode(action)[0]


def action_from_json(data: dict[str, Any]) -> Action:
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind)  # type: ignore[arg-type]
    if cls is None:
        raise ValueError(f"unknown action type {kind!r}")
    kwargs: dict[str, Any] = {}
    for name, codec in _CODECS[cls]:
        if name not in data:
            continue
        value = data[name]
        if codec == _PATH:
            value = tuple((float(x), float(y)) for x, y in value)
        elif codec == _POINT and value is not None:
            value = (float(value[0]), float(value[1]))
        elif codec == _STEPS:
            value = tuple(action_from_json(s) for s in value)
        elif isinstance(value, list):
            value = tuple(value)
        kwargs[name] = value
    return cls(**kwargs)


_PLAIN = (int, str, bool, float, type(None))


def _is_point(p: Any) -> bool:
    return type(p) is tuple and len(p) == 2 and type(p[0]) is float and type(p[1]) is float


def is_normal(action: Action) -> bool:
    """Does :func:`normalise` give back an equal action with values of the same types?
    (Coordinates and facings already floats, sequences tuples.) Then it can be used as
    it is: reading back what it was written as would only copy it."""
    return encode(action)[1]


def encode(action: Action) -> tuple[dict[str, Any], bool]:
    """``(action_to_json(action), is_normal(action))`` in one pass over the fields: both
    are asked of every action applied (Game.apply logs it and reads it back unless it is
    normal already)."""
    cls = type(action)
    out: dict[str, Any] = {"type": _NAMES[cls]}
    normal = True
    for name, codec in _CODECS[cls]:
        value = getattr(action, name)
        kind = type(value)
        if codec == _OPTIONAL:
            if value is None:
                continue
            if kind is not str:
                normal = False
            out[name] = value
            continue
        if codec == _OTHER:
            if kind is tuple:
                if normal and not all(type(v) in _PLAIN for v in value):
                    normal = False
                value = [_enc(v) for v in value]
            elif kind not in _PLAIN:
                normal = False
                value = _enc(value)
        elif codec == _PATH:
            # _is_point for each point as it is written (a loop: every move has a path).
            normal = normal and kind is tuple
            points = []
            for p in value:
                x, y = p
                if normal and not (type(p) is tuple and type(x) is float and type(y) is float):
                    normal = False
                points.append([float(x), float(y)])
            value = points
        elif codec == _STEPS:
            if kind is tuple:
                steps = []
                for m in value:
                    if type(m) is Move:
                        data, step_normal = encode(m)
                        normal = normal and step_normal
                        steps.append(data)
                    else:
                        normal = False
                        steps.append(_enc(m))
                value = steps
            else:
                normal = False
                value = _enc(value)
        elif value is not None:
            if codec == _FLOAT:
                if kind is not float:
                    normal = False
                value = float(value)
            else:
                if normal and not _is_point(value):
                    normal = False
                value = [float(value[0]), float(value[1])]
        out[name] = value
    return out, normal


def normalise(action: Action) -> Action:
    """The action as the log will read it back (floats for coordinates)."""
    return action_from_json(action_to_json(action))
