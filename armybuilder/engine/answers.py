"""The engine's answers to what a player or a screen asks between two actions, so that
neither re-derives a rule or reads the engine's messages: what the game waits for and
from whom, how far a warrior may move now, where an ability may set a figure down, the
actions that end a turn early, why a warrior may not be given an action of some kind,
the order a movement formation's moves may be made in and where a captive goes. The
odds of what an action may bring are :mod:`armybuilder.engine.chances`.

Every answer here is worked out by the rules' own checks (``legal.check``); none changes
the game.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from dataclasses import dataclass, replace

from armybuilder.engine import legal, movement, places
from armybuilder.engine.abilities import REGISTRY
from armybuilder.engine.actions import (
    Action,
    CloseAttack,
    Disembark,
    EndTurn,
    FormationPlan,
    Move,
    MoveFormation,
    Pass,
    RangedAttack,
    UseAbility,
)
from armybuilder.engine.game import Game, apply
from armybuilder.engine.kinds import DECISIONS
from armybuilder.engine.passengers import disembark_spots
from armybuilder.engine.pending import ConfusedMove, FormationMoving, SectionChoice
from armybuilder.engine.phases import OVER, PLAY, SETTING_THE_SCENE
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior

# --- what the game waits for -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Waiting:
    """What the game waits for, and from whom.

    ``what``: "over" (nothing more), a step of setting the scene ("fortifications",
    "terrain", "deploy"), "action" (the player whose turn it is gives one of its actions),
    or a decision owed mid-action (kinds.DECISIONS' names): "spin" (Rulebook III, Free
    Spin), "plan" (a movement formation's moves, Rulebook IV), "follow_up" (the attack
    ending a Charge or Bound), "confused" (the move of a figure hit by Magic Confusion),
    "section" (a chariot's section, Chariot rules), "facing" (a wrecked chariot's
    passenger), "target" (the defender's choice, Castle rules, Close Combat)."""

    what: str
    #: The player who decides (NOBODY when the game is over).
    player: int
    #: The figure the decision is about: the one turning, the chariot, the attacker (a
    #: target chosen), the figure Magic Confusion moves; None for the rest.
    warrior: int | None = None
    #: A section choice's purpose: "attack", "pushing" or "damage".
    purpose: str = ""
    #: A movement formation's members, and those that failed to break away (they may
    #: only turn).
    members: tuple[int, ...] = ()
    stuck: tuple[int, ...] = ()


def waiting(game: State) -> Waiting:
    """What ``game`` waits for now, and from whom."""
    if game.phase == OVER:
        return Waiting("over", NOBODY)
    if game.pending:
        item = game.pending[0]
        kind = DECISIONS.get(type(item))
        if kind is not None:
            player = kind.player(game, item)
            if isinstance(item, FormationMoving):
                return Waiting(kind.name, player, None, members=tuple(item.members),
                               stuck=tuple(sorted(item.stuck)))
            purpose = item.purpose if isinstance(item, SectionChoice) else ""
            return Waiting(kind.name, player, item.warrior, purpose)
    if game.phase in SETTING_THE_SCENE:
        return Waiting(game.phase, game.deploying)
    return Waiting("action", game.current)


# --- how far, and where -------------------------------------------------------------------


def movement_allowance(game: State, warrior: int, ability: str | None = None
                       ) -> float | None:
    """How far ``warrior`` may move now (None: it cannot be given a move action): the
    speed value with terrain and abilities counted (Rulebook III, Movement; Charge and
    Bound double it, ``ability``); a chariot's as far as its sections that may move take
    it together (Chariot rules, Movement); a figure hit by Magic Confusion, as far as its
    opponent may move it; a member of a movement formation being moved, the formation's
    speed as it counts for him (Rulebook IV: the slowest member's, with terrain and a
    captive). A passenger only gets off: None."""
    w = game.warriors[warrior]
    if game.pending:
        item = game.pending[0]
        if isinstance(item, ConfusedMove) and item.warrior == warrior:
            return movement.move_allowance(game, w, forced=True)
        if isinstance(item, FormationMoving) and warrior in item.members:
            return float(movement.member_limit(game, w, item.speed))
        return None
    if game.phase != PLAY:
        return None
    if w.kind.own_movement:
        return w.kind.allowance(game, w)  # a chariot's (Chariot rules, Movement)
    try:
        movement.check_move_given(game, w, ability)
    except IllegalAction:
        return None
    return movement.move_allowance(game, w, ability)


def placements(game: State, warrior: int) -> list[UseAbility]:
    """The ability actions of ``warrior`` that set a figure down where its player chooses,
    one for each figure it may set down now (FAQ, Magic Levitation: up to 10" in any
    direction; Special Abilities Card, Necromancy: in base contact with this warrior),
    each at a place the engine allows: the first its listing gives, else the first of
    the places the ability tries. The place and facing may then be steered anywhere the
    engine's check allows."""
    if game.phase != PLAY or game.pending:
        return []
    w = game.warriors[warrior]
    out: list[UseAbility] = []
    for name in w.abilities:
        rule = REGISTRY.rule(name)
        if rule is None or rule.placing is None:
            continue
        listed = [a for a in legal.generate(game, warrior, {"ability"})
                  if isinstance(a, UseAbility) and a.ability == name and a.at is not None]
        for figure, tries in rule.placing(game, w):
            first = next((a for a in listed if a.target == figure.id), None)
            if first is None:
                first = next((a for a in tries if legal.is_legal(game, a)), None)
            if first is not None:
                out.append(first)
    return out


def with_captive_placed(game: State, move: Move) -> Move:
    """``move``, or the same move with its captive set down elsewhere beside the warrior
    (Rulebook III, Capturing: the captive is kept in base contact), when only where the
    captive would stand keeps it from being legal."""
    w = game.warriors[move.warrior]
    if not move.path or w.captive == NOBODY or legal.is_legal(game, move):
        return move
    c = game.warriors[w.captive]
    gap = w.half_length + c.half_length + places.CONTACT_GAP
    end = move.path[-1]
    for a in places.DIRECTIONS:
        alt = replace(move, captive_at=(end[0] + gap * math.cos(a), end[1] + gap * math.sin(a)))
        if legal.is_legal(game, alt):
            return alt
    return move


def formation_in_order(game: State, steps: Iterable[Move]) -> FormationPlan:
    """A movement formation's moves in an order the engine allows (Rulebook IV: "each
    warrior is moved in sequence as desired by the player"): the foremost in the way they
    go first, else the first other order allowed (else that one, to be refused)."""
    moves = list(steps)
    ends = {m.warrior: m.path[-1] for m in moves if m.path}
    ws = game.warriors
    dx = sum(e[0] - ws[i].x for i, e in ends.items())
    dy = sum(e[1] - ws[i].y for i, e in ends.items())
    moves.sort(key=lambda m: -(ws[m.warrior].x * dx + ws[m.warrior].y * dy))
    plan = FormationPlan(tuple(moves))
    if len(moves) > 1 and not legal.is_legal(game, plan):
        found = next((FormationPlan(order) for order in itertools.permutations(moves)
                      if legal.is_legal(game, FormationPlan(order))), None)
        return found or plan
    return plan


# --- ending a turn early ------------------------------------------------------------------


def ending_turn(game: Game) -> list[Action]:
    """The actions that end the current turn now, in order: the warriors that have not
    acted pass while actions are left (a chariot section by section, Chariot rules,
    Actions); a turn whose actions are all given but that still waits for a free move
    (Special Abilities Card, Quickness) ends with ``EndTurn``. Tried on a copy."""
    if game.phase != PLAY or game.pending:
        return []
    seat, turn = game.current, game.turn
    actions: list[Action] = []
    probe = game.copy()
    while probe.turn == turn and not probe.pending and probe.actions_used < probe.turn_actions:
        first = next(iter(legal.generate(probe, None, {"pass"})), None)
        if first is None:
            break
        actions.append(first)
        apply(probe, first)
    if probe.turn == turn and not probe.pending and probe.is_legal(EndTurn(seat)):
        actions.append(EndTurn(seat))
    return actions


# --- why not -------------------------------------------------------------------------------

#: The kinds of action a warrior may be given, as :func:`refusal` and a screen name them.
ACTION_KINDS = ("move", "ranged", "close", "formation", "ability", "pass")


def special_abilities(w: Warrior) -> list[str]:
    """The abilities in effect that ``w`` uses with a move action that does not move him
    (Regeneration, Necromancy, Magic Levitation)."""
    return [n for n in w.abilities if REGISTRY.action_kind(n) == "special"]


def refusal(game: State, warrior: int, kind: str) -> IllegalAction | None:
    """Why ``warrior`` may be given no action of ``kind`` (ACTION_KINDS) now, in the rule's
    own words; None when the engine lists one. A handful of such actions are checked
    (a move a hair each way, an attack on the nearest opposing figures, ...) and the
    first one's refusal is the answer."""
    if game.phase == PLAY and not game.pending and \
            next(iter(legal.generate(game, warrior, {kind})), None) is not None:
        return None
    if game.phase != PLAY:
        return IllegalAction("Rulebook III, Turns and Actions",
                             "actions are given once both armies are on the battlefield")
    if game.pending:
        return IllegalAction("Rulebook III, Turns and Actions",
                             "finish the current action first")
    probes = _probes(game, game.warriors[warrior], kind)
    if isinstance(probes, IllegalAction):
        return probes
    first: IllegalAction | None = None
    for probe in probes:
        try:
            legal.check(game, probe)
        except IllegalAction as exc:
            first = first or exc
            continue
        # The probe is allowed, but the engine lists no action of this kind.
        return IllegalAction("", f"no {kind} action the engine lists fits here")
    assert first is not None
    return first


def _nearest(game: State, w: Warrior, opposing: bool) -> list[int]:
    if w.riding != NOBODY:
        w = game.warriors[w.riding]  # a passenger is where his chariot is
    found = [o for o in game.warriors
             if o is not w and o.on_table and not o.is_captive and (o.team != w.team) == opposing]
    found.sort(key=lambda o: (math.hypot(o.x - w.x, o.y - w.y), o.id))
    return [o.id for o in found]


def _probes(game: State, w: Warrior, kind: str) -> list[Action] | IllegalAction:
    """Actions of ``kind`` the engine is asked about for :func:`refusal`."""
    wid = w.id
    # A chariot's actions are given to its sections, the active ones first (Chariot
    # rules, Actions); a passenger's move gets him off (Boarding & Disembarking).
    sections = w.kind.section_names(w)
    if kind == "pass":
        return [Pass(wid, section=k) for k in sections]
    if kind == "move" and w.kind.own_movement:
        return w.kind.move_probes(game, w, sections)
    if kind == "move" and w.riding != NOBODY:
        return [Disembark(wid, at, f) for at, f in disembark_spots(game, w)]
    if kind == "move":
        return [Move(wid, ((w.x + dx, w.y + dy),), w.facing)
                for dx, dy in ((0.3, 0.0), (-0.3, 0.0), (0.0, 0.3), (0.0, -0.3))]
    if kind in ("close", "ranged"):
        enemies = _nearest(game, w, opposing=True)
        if not enemies:
            return IllegalAction("Rulebook III, Targeting",
                                 "no opposing figure is on the battlefield to attack")
        return [CloseAttack(wid, t, section=k) if kind == "close"
                else RangedAttack(wid, (t,), section=k)
                for t in enemies[:3] for k in sections]
    if kind == "formation":
        friends = _nearest(game, w, opposing=False)[:2]
        if w.kind.has_sections or w.riding != NOBODY:
            # Three members, so that the engine names what keeps this one out (Chariot
            # rules, General Rules; Passengers) before counting them.
            friends += [o.id for o in game.warriors
                        if o.id != wid and o.id not in friends][:2 - len(friends)]
        return [MoveFormation(wid, tuple(friends))]
    return [UseAbility(wid, n) for n in special_abilities(w)] or [Pass(wid)]

