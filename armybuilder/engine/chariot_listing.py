"""The legal actions of a chariot and of a passenger, for :mod:`armybuilder.engine.legal`.

Every attack, pass and boarding is listed; moves, as everywhere, are a representative set
(RULES_NOTES.md, Legal actions): for each section alone and for all the sections that may
move together, a spin to face each opposing figure near it, or to each of eight
directions, then straight ahead to where the move must stop, half way, to base contact
with the figure faced, or not at all.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from armybuilder.engine import (
    chariot_combat,
    chariot_movement,
    chariots,
    combat,
    passengers,
    places,
    ranged,
    turns,
)
from armybuilder.engine import geometry as g
from armybuilder.engine import kinds as action_kinds
from armybuilder.engine.abilities import REGISTRY, AttackPlan
from armybuilder.engine.actions import (
    Action,
    Board,
    CancelAbility,
    ChariotMove,
    CloseAttack,
    Disembark,
    Pass,
    UseAbility,
)
from armybuilder.engine.bases import FRONT, SECTIONS
from armybuilder.engine.state import IllegalAction, State, Warrior

#: How many of the nearest opposing figures a chariot's listed moves turn to face.
FACED = 4
Listed = Iterator[tuple[Action, Any]]


def _modes(names: tuple[str, ...], kind: str) -> tuple[str, ...]:
    return tuple(n for n in names if REGISTRY.action_kind(n) == kind)


def _plan(state: State, w: Warrior, kind: str, mode: str | None, section: int = -1,
          roll_die: bool = False) -> AttackPlan | None:
    try:
        return combat.make_plan(state, w, kind, mode, roll_die, section=section)
    except IllegalAction:
        return None


def _legal(state: State, action: Action) -> bool:
    """legal.is_legal, as it reads when no decision is owed (the listing is asked only
    then), through the action kinds' own checks (legal lists these)."""
    try:
        action_kinds.kind_of(state, action).check(state, action)
    except IllegalAction:
        return False
    return True


# --- a chariot ---------------------------------------------------------------------------


def chariot_actions(state: State, w: Warrior, kinds: frozenset[str] | set[str]) -> Listed:
    if "cancel" in kinds:
        for name in w.showing:
            if REGISTRY.optional(name) and name not in w.cancelled:
                yield CancelAbility(w.id, name), None
    if turns.action_violation(state, w, "pass"):
        return
    free = [k for k in range(len(SECTIONS))
            if chariots.section_violation(state, w, k, "pass") is None]
    if "pass" in kinds:
        for k in free:
            yield Pass(w.id, section=SECTIONS[k]), None
    if "move" in kinds and turns.action_violation(state, w, "move") is None:
        movable = [k for k in free if chariots.section_violation(state, w, k, "move") is None]
        for move in chariot_moves(state, w, movable):
            yield move, None
    if "close" in kinds and turns.action_violation(state, w, "close") is None:
        for k in free:
            if chariots.section_violation(state, w, k, "close") is None:
                yield from _section_close(state, w, k)
    if "ranged" in kinds and turns.action_violation(state, w, "ranged") is None:
        for k in free:
            if chariots.section_violation(state, w, k, "ranged") is None:
                for action in chariot_combat.ranged_actions(
                        state, w, lambda mode, s: _plan(state, w, "ranged", mode, s),
                        (None, *_modes(chariots.abilities(w, k), "ranged")), SECTIONS[k]):
                    yield action, None


def _section_close(state: State, w: Warrior, k: int) -> Listed:
    for mode in (None, *_modes(chariots.abilities(w, k), "close")):
        plan = _plan(state, w, "close", mode, k)
        if plan is None:
            continue
        for t in chariot_combat.close_targets(state, w, plan):
            for aim in chariot_combat.aims_for(state, w, t, plan):
                action = CloseAttack(w.id, t.id, ability=mode, section=SECTIONS[k], aim=aim)
                if _legal(state, action):
                    yield action, None
                    if plan.all_front:
                        break
            if plan.all_front:
                break


def move_sets(state: State, w: Warrior, movable: list[int]) -> list[tuple[int, ...]]:
    """The groups of sections a listing gives move actions together: each alone, and all
    of them (as many as the turn's actions left allow, fastest first)."""
    left = state.turn_actions - state.actions_used
    if left <= 0 or not movable:
        return []
    out: list[tuple[int, ...]] = [(k,) for k in movable]
    if len(movable) > 1 and left > 1:
        fastest = sorted(movable, key=lambda k: (-chariots.stats(w, k).speed, k))[:left]
        out.append(tuple(sorted(fastest)))
    return out


def move_candidates(state: State, w: Warrior, movable: list[int] | None = None
                    ) -> Iterator[ChariotMove]:
    """The listing's moves for chariot ``w`` before they are checked (each is a quick,
    unchecked candidate: give it to ``is_legal``/``apply``, which check it exactly).
    ``movable``: the sections that may be given a move action (asked when None)."""
    if movable is None:
        if turns.action_violation(state, w, "move") is not None:
            return
        movable = [k for k in range(len(SECTIONS))
                   if chariots.section_violation(state, w, k, "move") is None]
    seen: set[tuple[tuple[int, ...], float, float]] = set()
    foes = sorted((o for o in state.warriors if o.on_table and state.opposing(w, o)),
                  key=lambda o: (math.hypot(o.x - w.x, o.y - w.y), o.id))[:FACED]
    facings: list[tuple[float, Warrior | None]] = [(w.facing, None)]
    facings += [(g.bearing((w.x, w.y), (o.x, o.y)), o) for o in foes]
    facings += [(a, None) for a in places.DIRECTIONS]
    facings = [(g.normalize_angle(facing), faced) for facing, faced in facings]
    # What stops it at a facing whatever its allowance (bases, Ram) is the same for every
    # group of sections moving with Flight and Aquatic alike: worked out once for each.
    heads: dict[tuple[int, bool, bool], chariot_movement.Heading] = {}
    for ks in move_sets(state, w, movable):
        names = tuple(SECTIONS[k] for k in ks)
        limit = chariot_movement.allowance(state, w, ks)
        moving = chariot_movement.moving_abilities(w, ks)
        for i, (facing, faced) in enumerate(facings):
            alike = (i, *moving)
            head = heads.get(alike)
            if head is None:
                head = heads[alike] = chariot_movement.heading(state, w, facing, *moving)
            stop = chariot_movement.reach(state, w, ks, facing, limit, head)
            distances = [stop.distance, stop.distance / 2, 0.0]
            if faced is not None:
                front = (head.discs[FRONT],)
                s = chariot_movement._first_contact(front, head.unit, faced.discs)
                if s is not None and s <= stop.distance:
                    distances.insert(0, max(0.0, s - places.CONTACT_GAP / 2))
            for d in distances:
                key = (ks, round(facing, 6), round(d, 6))
                if key in seen or (d <= 0.0 and abs(g.angle_diff(facing, w.facing)) < 1e-9):
                    continue
                seen.add(key)
                yield ChariotMove(w.id, names, facing, d)


def chariot_moves(state: State, w: Warrior, movable: list[int]) -> Iterator[ChariotMove]:
    for move in move_candidates(state, w, movable):
        try:
            chariot_movement.check_chariot_move(state, move)
        except IllegalAction:
            continue
        yield move


# --- a passenger -------------------------------------------------------------------------


def passenger_actions(state: State, w: Warrior, kinds: frozenset[str] | set[str]) -> Listed:
    if "cancel" in kinds:
        for name in w.abilities:
            if REGISTRY.optional(name):
                yield CancelAbility(w.id, name), None
    if turns.action_violation(state, w, "pass"):
        return
    if "pass" in kinds:
        yield Pass(w.id), None
    can_move = turns.action_violation(state, w, "move") is None
    if can_move and "move" in kinds:
        for at, facing in passengers.disembark_spots(state, w):
            leave = Disembark(w.id, at, facing)
            if _legal(state, leave):
                yield leave, None
    if can_move and "ability" in kinds:
        for special in _modes(w.abilities, "special"):
            use = UseAbility(w.id, special)
            if _legal(state, use):
                yield use, None
    if "close" in kinds and turns.action_violation(state, w, "close") is None:
        for mode in (None, *_modes(w.abilities, "close")):
            plan = _plan(state, w, "close", mode)
            if plan is None:
                continue
            for t in chariot_combat.close_targets(state, w, plan):
                for aim in chariot_combat.aims_for(state, w, t, plan):
                    blow = CloseAttack(w.id, t.id, ability=mode, aim=aim)
                    if _legal(state, blow):
                        yield blow, None
    if "ranged" in kinds and turns.action_violation(state, w, "ranged") is None and \
            ranged.firer_violation(state, w) is None and \
            passengers.fire_violation(state, w) is None:
        for shot in chariot_combat.ranged_actions(
                state, w, lambda mode, s: _plan(state, w, "ranged", mode),
                (None, *_modes(w.abilities, "ranged")), None):
            yield shot, None


def boardings(state: State, w: Warrior) -> Iterator[Board]:
    """Chariot rules, Boarding & Disembarking: each friendly chariot ``w`` may board."""
    for c in state.contacts(w):
        if c.chariot is not None and passengers.board_violation(state, w, c) is None:
            yield Board(w.id, c.id)

