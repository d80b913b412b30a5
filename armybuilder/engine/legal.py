"""Legal actions, generated lazily, and legality checks that change nothing.

Attacks, captures, formations and the special abilities' actions are listed completely
(Shockwave, Sweep, Weapon Master, Healing, Flame/Lightning, Magic Blast, Magic Healing,
Magic Confusion, Regeneration; cancelling optional abilities). Movement happens in
continuous space, so moves are a representative set: turning in place, every reachable
contact point around each opposing figure (front, sides, rear) and straight moves in
eight directions at full and half speed; Necromancy, Magic Levitation and Nimble get a
similar handful of places and facings. Any other move can still be given: ``apply`` and
``is_legal`` check every action exactly (RULES_NOTES.md).

Players that make their own candidate moves use the same helpers as the listing:
:func:`contact_spot` (where to stand to touch a figure), :func:`clip_to_terrain` (where
terrain stops a straight move) and :func:`try_move` (the move if legal, else None).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import combinations
from typing import Any

from armybuilder.engine import (
    ability_actions,
    castle_combat,
    chariot_listing,
    close,
    combat,
    formations,
    fortifications,
    kinds,
    memory,
    movement,
    places,
    ranged,
    setup,
    turns,
)
from armybuilder.engine import geometry as g
from armybuilder.engine.abilities import REGISTRY, FacingContext
from armybuilder.engine.actions import (
    Action,
    CancelAbility,
    ChooseSection,
    ChooseTarget,
    CloseAttack,
    Deploy,
    EndTurn,
    Face,
    FormationPlan,
    FreeSpin,
    Move,
    MoveFormation,
    Pass,
    PlaceTerrain,
    RangedAttack,
    SetUpFortification,
    UseAbility,
)
from armybuilder.engine.bases import SECTIONS
from armybuilder.engine.geometry import Point
from armybuilder.engine.pending import (
    ConfusedMove,
    FollowUp,
    FormationMoving,
    PassengerFacing,
    SectionChoice,
    SpinOffer,
    TargetChoice,
)
from armybuilder.engine.phases import (
    DEPLOY,
    FORTIFICATIONS,
    OVER,
    SETTING_THE_SCENE,
    TERRAIN,
)
from armybuilder.engine.state import NOBODY, IllegalAction, State, Warrior


def to_act(state: State) -> int:
    if state.pending:
        p = state.pending[0]
        # The decision's own player (kinds.DECISIONS: a free spin's figure, the chariot's,
        # the defender); a step the engine carries out, the player whose turn it is.
        kind = kinds.DECISIONS.get(type(p))
        return state.current if kind is None else kind.player(state, p)
    if state.phase in SETTING_THE_SCENE:
        return state.deploying
    return state.current


#: The kinds of action ``legal_actions`` can be narrowed to: "ability" is a move action
#: that does not move the warrior (Regeneration, Necromancy, Magic Levitation), "cancel"
#: cancels an optional ability, "facing" is Nimble's free turn.
KINDS = frozenset({"pass", "move", "close", "ranged", "formation", "ability", "cancel",
                   "facing", "end_turn", "portal"})


def generate(state: State, warrior: int | None = None,
             kinds: frozenset[str] | set[str] | None = None) -> Iterator[Action]:
    if kinds is not None and not KINDS.issuperset(kinds):
        raise ValueError(f"unknown kinds {sorted(set(kinds) - KINDS)}; use {sorted(KINDS)}")
    if state.phase == OVER:
        return
    if state.pending:
        yield from _pending(state)
        return
    if state.phase == FORTIFICATIONS:
        yield from _fortifications(state)
        return
    if state.phase == TERRAIN:
        yield from _terrain(state)
        return
    if state.phase == DEPLOY:
        yield from _deploy(state, warrior)
        return
    wanted = KINDS if kinds is None else kinds
    if warrior is not None:
        yield from _warrior(state, state.warriors[warrior], wanted)
        return
    if "portal" in wanted:
        for figures in state.kinds_in_play:
            # Castle rules, Portals: the castle player opens or closes portals first.
            yield from figures.turn_choices(state)
    for w in state.warriors:
        if w.owner == state.current:
            yield from _warrior(state, w, wanted)
    if "end_turn" in wanted and turns.turn_given(state):
        # Special Abilities Card, Quickness: the turn waits while a free move is left.
        yield EndTurn(state.current)


#: What :func:`close.check_close` or :func:`ranged.check_ranged` returns for an attack.
Checked = tuple[Any, ...]


def checked(state: State, warrior: int, kinds: frozenset[str] | set[str] | None = None
            ) -> Iterator[tuple[Action, Checked | None]]:
    """``generate(state, warrior, kinds)``, each action with what its check returns when
    the listing found all of it out on the way (attacks on one figure, or on several by
    one firer), else None: a player valuing what it lists need not check it again."""
    if kinds is not None and not KINDS.issuperset(kinds):
        raise ValueError(f"unknown kinds {sorted(set(kinds) - KINDS)}; use {sorted(KINDS)}")
    if state.pending or state.phase in SETTING_THE_SCENE or state.phase == OVER:
        for action in generate(state, warrior, kinds):
            yield action, None
        return
    yield from _warrior_checked(state, state.warriors[warrior],
                                KINDS if kinds is None else kinds)


def _warrior(state: State, w: Warrior, kinds: frozenset[str] | set[str]) -> Iterator[Action]:
    for action, _ in _warrior_checked(state, w, kinds):
        yield action


def _warrior_checked(state: State, w: Warrior, kinds: frozenset[str] | set[str]
                     ) -> Iterator[tuple[Action, Checked | None]]:
    if w.owner != state.current or not w.on_table or w.is_captive:
        if w.riding != NOBODY and w.owner == state.current:
            yield from chariot_listing.passenger_actions(state, w, kinds)
        return
    if w.kind.own_listing:
        # Chariot rules, Actions: a chariot's actions, section by section (chariot_kind).
        yield from w.kind.actions(state, w, kinds)
        return
    if "cancel" in kinds:
        for name in w.abilities:
            if REGISTRY.optional(name):
                yield CancelAbility(w.id, name), None
    if "facing" in kinds:
        for action in _faces(state, w):
            yield action, None
    if turns.action_violation(state, w, "pass"):
        return
    if "pass" in kinds:
        yield Pass(w.id), None
    # Asked only when an answer wanted needs it (the AI lists attacks alone).
    can_move = ("move" in kinds or "ability" in kinds or "formation" in kinds) and \
        turns.action_violation(state, w, "move") is None
    if can_move and "move" in kinds:
        for move in _moves(state, w):
            yield move, None
        for figures in state.kinds_in_play:
            # Chariot rules, Boarding & Disembarking: boarding a friendly chariot.
            for board in figures.more_moves(state, w):
                yield board, None
        for mode in _modes(w, "move"):
            if w.id not in state.engaged_at_start:
                for move in _moves(state, w, mode):
                    yield move, None
    if can_move and "ability" in kinds:
        for mode in _modes(w, "special"):
            for use in _special(state, w, mode):
                yield use, None
    if "close" in kinds and turns.action_violation(state, w, "close") is None:
        yield from _close_checked(state, w)
    if "ranged" in kinds and turns.action_violation(state, w, "ranged") is None and \
            ranged.firer_violation(state, w) is None:
        yield from _ranged_checked(state, w)
    if can_move and "formation" in kinds:
        for formation in _move_formations(state, w):
            yield formation, None
            for figures in state.kinds_in_play:
                # Castle rules, Planking and Ladders: a ladder placed or removed instead.
                for instead in figures.formation_moves(state, formation):
                    yield instead, None


def _modes(w: Warrior, kind: str) -> tuple[str, ...]:
    """The abilities in effect that this kind of action may name."""
    key = (REGISTRY.generation, w.abilities, kind)
    found = memory.ACTION_MODES.get(key)
    if found is None:
        found = memory.keep(memory.ACTION_MODES, key, tuple(
            n for n in w.abilities if REGISTRY.action_kind(n) == kind))
    return found


# --- moves ------------------------------------------------------------------------------


def _moves(state: State, w: Warrior, mode: str | None = None, forced: bool = False
           ) -> Iterator[Move]:
    start = (w.x, w.y)
    limit = movement.move_allowance(state, w, mode, forced)
    contacts = state.opposing_contacts(w)
    stuck = g.bearing(start, (contacts[0].x, contacts[0].y)) if contacts else None
    around = movement.obstacles(state, w)
    seen: set[tuple[float, float, float]] = set()

    def fresh(end: Point, facing: float) -> bool:
        key = (round(end[0], 6), round(end[1], 6), round(facing, 6))
        if key in seen:
            return False
        seen.add(key)
        return True

    def attempt(move: Move) -> Move | None:
        return places.try_move(state, w, move, limit, around, forced)

    if stuck is not None and not w.round and \
            attempt(Move(w.id, (), stuck, ability=mode)) is None:
        # Rulebook III, Breaking Away: a double base that cannot turn to face the figure
        # it failed to break away from (its captive, another base or terrain in the way)
        # keeps its facing instead, rather than every move being refused for it.
        stuck = None

    # Turning in place towards each opposing figure in contact, and the nearest one.
    facings = [g.bearing(start, (o.x, o.y)) for o in contacts]
    facings.append(places.nearest_facing(state, w, start, w.facing))
    for f in facings:
        if abs(g.angle_diff(f, w.facing)) > 1e-6 and fresh(start, f):
            found = attempt(Move(w.id, (), f, ability=mode))
            if found:
                yield found
    if limit <= 0:
        return
    # Into base contact with each opposing figure within reach: front, flanks, rear.
    opponents = sorted((o for o in state.warriors if o.on_table and state.opposing(w, o)),
                       key=lambda o: (math.hypot(o.x - w.x, o.y - w.y), o.id))
    if state.kinds_in_play:
        # Castle rules, General Rules: a section is in base contact with no one (a World
        # Conquest structure neither); its attackers stand with their front arcs touching
        # its footprint instead.
        opponents = [o for o in opponents if o.kind.in_base_contact]
        for figures in state.kinds_in_play:
            for end, facing in figures.approach_spots(state, w, limit):
                if fresh(end, facing):
                    found = attempt(Move(w.id, (end,), facing, stuck_facing=stuck,
                                         ability=mode))
                    if found:
                        yield found
    for o in opponents:
        reach = w.half_length + o.half_length + places.CONTACT_GAP
        if math.hypot(o.x - w.x, o.y - w.y) - reach > limit:
            break
        approach = g.bearing((o.x, o.y), start)
        for da in (0.0, math.pi / 3, -math.pi / 3, 2 * math.pi / 3, -2 * math.pi / 3, math.pi):
            end, facing = places.contact_spot(w, o, approach + da)
            if g.distance(start, end) > limit or \
                    places.clip_to_terrain(state, w, start, end) != end:
                continue
            if fresh(end, facing):
                found = attempt(Move(w.id, (end,), facing, stuck_facing=stuck, ability=mode))
                if found:
                    yield found
    if mode == "Charge":
        return  # a charge is only worth making into base contact
    # Alongside a friendly warrior, to form up.
    for friend in state.warriors:
        if friend is w or not friend.on_table or not state.friendly(w, friend) \
                or friend.id == w.captive:
            continue
        reach = w.half_length + friend.half_length + places.CONTACT_GAP
        if math.hypot(friend.x - w.x, friend.y - w.y) - reach > limit \
                or state.touching(w, friend):
            continue
        end, _ = places.contact_spot(w, friend, g.bearing((friend.x, friend.y), start))
        if places.clip_to_terrain(state, w, start, end) != end:
            continue
        facing = places.nearest_facing(state, w, end, w.facing)
        if fresh(end, facing):
            found = attempt(Move(w.id, (end,), facing, stuck_facing=stuck, ability=mode))
            if found:
                yield found
    # Straight moves in eight directions, at full and half speed.
    for end, a in places.straight_move_ends(state, w, start, limit):
        facing = places.nearest_facing(state, w, end, a)
        if fresh(end, facing):
            found = attempt(Move(w.id, (end,), facing, stuck_facing=stuck, ability=mode))
            if found:
                yield found


def _faces(state: State, w: Warrior) -> Iterator[Face]:
    """Nimble: turn to face an opposing figure in contact, or the nearest one."""
    hooks = REGISTRY.hooks_for("free_facing", w.abilities)
    if not hooks:
        return
    ctx = FacingContext()
    for fn in hooks:
        fn(state, w, ctx)
    if not ctx.allowed:
        return
    start = (w.x, w.y)
    facings = [g.bearing(start, (o.x, o.y)) for o in state.opposing_contacts(w)]
    facings.append(places.nearest_facing(state, w, start, w.facing))
    seen: list[float] = []
    for f in facings:
        if abs(g.angle_diff(f, w.facing)) > 1e-6 and all(abs(g.angle_diff(f, s)) > 1e-6
                                                          for s in seen):
            seen.append(f)
            if movement.facing_violation(state, w, f) is None:
                yield Face(w.id, f)


# --- "but do not move him" --------------------------------------------------------------


def _special(state: State, w: Warrior, mode: str) -> Iterator[UseAbility]:
    rule = REGISTRY.rule(mode)
    listing = rule.listing if rule is not None else None
    candidates = [UseAbility(w.id, mode)] if listing is None else list(listing(state, w))
    for action in candidates:
        try:
            ability_actions.check_use(state, action)
        except IllegalAction:
            continue
        yield action


# --- attacks ----------------------------------------------------------------------------


def _plan(state: State, w: Warrior, kind: str, mode: str | None, roll_die: bool = False
          ) -> Any:
    try:
        return combat.make_plan(state, w, kind, mode, roll_die)
    except IllegalAction:
        return None


def _ranged(state: State, w: Warrior) -> Iterator[RangedAttack]:
    for action, _ in _ranged_checked(state, w):
        yield action


def _ranged_checked(state: State, w: Warrior
                    ) -> Iterator[tuple[RangedAttack, Checked | None]]:
    """Every ranged combat action of ``w``; an attack by ``w`` alone with what
    :func:`ranged.check_ranged` would return for it: the same plan, the same shots."""
    for mode in (None, *_modes(w, "ranged")):
        plan = _plan(state, w, "ranged", mode)
        if plan is None:
            continue
        if plan.everyone:
            if state.chariots:
                # A chariot in reach on an inactive section: the attacker names another
                # (Chariot rules, Attacking a Chariot): one action per section named.
                for aim in (None, *SECTIONS):
                    action = RangedAttack(w.id, (), ability=mode, aim=aim)
                    if is_legal(state, action):
                        yield action, None
            elif ranged.everyone_in_reach(state, w, plan):
                yield RangedAttack(w.id, (), ability=mode), None
            continue
        # Out of range first: line_of_fire's own first test, cheaper than targeting's; and
        # before it, what ranged.target_violation refuses at once whatever else holds: a
        # captive (Rulebook III, Capturing), and the side it may not aim at (Rulebook III,
        # Targeting Friendly Figures: friends only for a friendly plan, opponents only for
        # any other).
        reach = plan.range + g.EPS
        friendly, team = plan.friendly, w.team
        shots: list[ranged.Shot] = []
        for t in state.warriors:
            if t.on_table and t.controller == NOBODY and (t.team == team) == friendly \
                    and math.hypot(t.x - w.x, t.y - w.y) <= reach:
                if t.kind.has_sections:
                    # Chariot rules, Attacking a Chariot: the section the line crosses.
                    shots += t.kind.shots_at(state, w, t, plan)
                    continue
                if ranged.target_violation(state, w, t, plan) is None:
                    why, hindering, height = ranged.line_of_fire(state, w, t, plan)
                    if why is None:
                        shots.append(ranged.Shot(t, hindering, height))
        for s in shots:
            yield RangedAttack(w.id, (s.target.id,), ability=mode, aim=s.aim), (w, [w], plan, [s])
        if w.kind.long_range:
            yield from _long_range(state, w, mode)  # Castle rules, Long Range Attacks
        for k in range(2, min(plan.max_targets, len(shots)) + 1):
            for combo in combinations(shots, k):
                if state.chariots and not _one_aim(combo):
                    continue
                aim = next((s.aim for s in combo if s.aim is not None), None)
                yield (RangedAttack(w.id, tuple(s.target.id for s in combo), ability=mode,
                                    aim=aim), (w, [w], plan, list(combo)))
        if plan.formation_ok and plan.damaging:
            for action in _ranged_formations(state, w, [s.target for s in shots
                                                         if s.aim is None], mode):
                yield action, None


def _long_range(state: State, w: Warrior, mode: str | None
                ) -> Iterator[tuple[RangedAttack, Checked | None]]:
    """Castle rules, Long Range Attacks: a castle section's single shots at multiple-dial
    warriors and opposing castle sections with double range and damage less 2."""
    plan = _plan(state, w, "ranged", mode)
    if plan is None:
        return
    castle_combat.make_long(plan)
    reach = plan.range + g.EPS
    for t in state.warriors:
        if not (t.on_table and t.controller == NOBODY and t.team != w.team
                and castle_combat.multiple_dial(t)
                and math.hypot(t.x - w.x, t.y - w.y) <= reach):
            continue
        if t.kind.has_sections:
            shots = t.kind.shots_at(state, w, t, plan)
        elif ranged.target_violation(state, w, t, plan) is None:
            why, hindering, height = ranged.line_of_fire(state, w, t, plan)
            shots = [] if why else [ranged.Shot(t, hindering, height)]
        else:
            shots = []
        for s in shots:
            yield (RangedAttack(w.id, (t.id,), ability=mode, aim=s.aim, long_range=True),
                   (w, [w], plan, [s]))


def _one_aim(combo: tuple[ranged.Shot, ...]) -> bool:
    """Several targets at once: each once, and one section named for all the chariots
    whose own is inactive (RangedAttack.aim)."""
    ids = [s.target.id for s in combo]
    return len(set(ids)) == len(ids) and len({s.aim for s in combo if s.aim}) <= 1


def _ranged_formations(state: State, w: Warrior, targets: list[Warrior], mode: str | None
                       ) -> Iterator[RangedAttack]:
    if not targets or formations.member_violation(state, w, "ranged"):
        return
    # Rulebook IV: each member touches another member (formations.grouped), so a firer
    # near none of its side's warriors leads no formation (the distance test that comes
    # before every contact test, a hair wide).
    x, y, reach, hypot = w.x, w.y, w.half_length + g.CONTACT_TOLERANCE + 1e-9, math.hypot
    if not any(m is not w and m.owner == w.owner
               and hypot(m.x - x, m.y - y) <= reach + m.half_length for m in state.warriors):
        return
    helpers = [m for m in state.warriors
               if m is not w and m.owner == w.owner and turns.action_violation(state, m, "ranged")
               is None and ranged.firer_violation(state, m) is None
               and formations.member_violation(state, m, "ranged") is None]
    if len(helpers) < 2:
        return
    for t in targets:
        able = [m for m in helpers if ranged.target_violation(state, m, t) is None
                and ranged.line_of_fire(state, m, t)[0] is None]
        for k in range(2, min(4, len(able)) + 1):
            for combo in combinations(able, k):
                members = [w, *combo]
                if formations.grouped(state, members) and formations.faction_violation(
                        [m.card for m in members]) is None and not formations.abrupt_split(
                        state, members):
                    yield RangedAttack(w.id, (t.id,), formation=tuple(m.id for m in combo),
                                       ability=mode)


def _close(state: State, w: Warrior, follow_up: bool = False) -> Iterator[CloseAttack]:
    for action, _ in _close_checked(state, w, follow_up):
        yield action


def _close_checked(state: State, w: Warrior, follow_up: bool = False
                   ) -> Iterator[tuple[CloseAttack, Checked | None]]:
    """Every close combat action of ``w``; an attack by ``w`` alone on one figure with
    what :func:`close.check_close` would return for it (when not a follow-up: those are
    checked as one)."""
    for mode in (None, *_modes(w, "close")):
        plan = _plan(state, w, "close", mode)
        if plan is None:
            continue
        # Close combat needs base contact (or a low wall between): without walls only the
        # figures touching ``w`` can be targets (state.contacts, kept per arrangement,
        # asks state.touching(w, t) as close.engaged does, in the order of state.warriors).
        if state.terrain.walls:
            targets = [t for t in state.warriors
                       if t.on_table and close.target_violation(state, w, t, False, plan) is None]
        else:
            targets = [t for t in state.contacts(w)
                       if close.target_violation(state, w, t, False, plan) is None]
            for figures in state.kinds_in_play:
                # Castle rules, Attacking the Castle: the sections its front arc touches;
                # Close Combat: figures touching a connected access point; World Conquest,
                # Upgrading Defenses: the fortifications its front arc touches.
                for t in figures.close_targets(state, w):
                    if t not in targets and \
                            close.target_violation(state, w, t, False, plan) is None:
                        targets.append(t)
        if plan.all_front:
            named = [t for t in targets if not t.kind.has_sections
                     or t.kind.close_aim(state, w, t, plan, None) is None]
            if named:
                yield CloseAttack(w.id, named[0].id, ability=mode), None
            continue
        # Each target has passed close.target_violation's checks for an attack already:
        # a capture attempt on it asks only close.capture_violation's further ones.
        capturable: dict[int, bool] = {}
        aimed: set[int] = set()
        # Castle rules, Close Combat: the targets reached across access points (their
        # attack may wait for the defender's choice: not checked here).
        acr = {t.id for t in targets if close.across(state, w, t)} if state.kinds_in_play \
            else set()
        for t in targets:
            # Checked as close.check_close does, when not a follow-up (it asks otherwise).
            found = None if follow_up or t.id in acr else (w, [t], [w], plan)
            can = capturable[t.id] = plan.capture_ok and close.capture_violation(
                state, w, t, plan) is None
            if t.kind.has_sections:
                # Chariot rules, Attacking a Chariot: the section touched, or the one the
                # attacker names when it is inactive.
                aims = t.kind.aims(state, w, t, plan)
                if aims != [None]:
                    aimed.add(t.id)
                for aim in aims:
                    yield CloseAttack(w.id, t.id, ability=mode, aim=aim), (
                        None if aim is not None else found)
                continue
            if plan.heal:
                yield CloseAttack(w.id, t.id, ability=mode), found
                yield CloseAttack(w.id, t.id, ability=mode, roll_die=True), None
                continue
            yield CloseAttack(w.id, t.id, ability=mode), found
            if can:
                yield CloseAttack(w.id, t.id, capture=True, ability=mode), found
        if follow_up or not targets or not (plan.formation_ok and plan.damaging) or \
                formations.member_violation(state, w, "close"):
            continue
        # A member must be able to attack the target (Rulebook IV, Close Combat
        # Formations): without low walls, only the figures touching it can.
        beside = None if state.terrain.walls else {
            o.id for t in targets for o in state.contacts(t)}
        if beside is not None:
            for figures in state.kinds_in_play:
                # Castle rules: gang-up by front arcs touching a section, or by warriors
                # touching a connected access point.
                beside |= figures.gang_members(state, w, targets, acr)
        helpers = [m for m in state.warriors
                   if m is not w and m.owner == w.owner
                   and (beside is None or m.id in beside)
                   and turns.action_violation(state, m, "close") is None
                   and formations.member_violation(state, m, "close") is None]
        for t in targets:
            if t.id in aimed:
                continue  # a formation names no section (listed by the lone attacker)
            able = [m for m in helpers
                    if (close.gang_across(state, m, t) if t.id in acr else
                        close.target_violation(state, m, t, capture=False) is None)]
            can_capture = capturable[t.id]
            for k in (1, 2):
                for combo in combinations(able, k):
                    if close.formation_violation(state, [w, *combo], t) is None:
                        ids = tuple(m.id for m in combo)
                        yield CloseAttack(w.id, t.id, formation=ids, ability=mode), None
                        if can_capture:
                            yield (CloseAttack(w.id, t.id, capture=True, formation=ids,
                                               ability=mode), None)


# --- movement formations ----------------------------------------------------------------


def _move_formations(state: State, w: Warrior) -> Iterator[MoveFormation]:
    if formations.member_violation(state, w, "move"):
        return
    eligible = [m for m in state.warriors
                if m.owner == w.owner and m is not w and turns.action_violation(state, m, "move")
                is None and formations.member_violation(state, m, "move") is None]
    # Warriors joined to w through chains of touching eligible warriors.
    group, frontier = [w], [w]
    while frontier:
        nxt = []
        for a in frontier:
            for b in eligible:
                if b not in group and state.touching(a, b):
                    group.append(b)
                    nxt.append(b)
        frontier = nxt
    others = sorted(group[1:], key=lambda m: m.id)
    for k in range(2, min(4, len(others)) + 1):
        for combo in combinations(others, k):
            members = [w, *combo]
            if formations.grouped(state, members) and formations.faction_violation(
                    [m.card for m in members]) is None and not formations.abrupt_split(
                    state, members):
                yield MoveFormation(w.id, tuple(m.id for m in combo))


# --- decisions owed ---------------------------------------------------------------------


def _pending(state: State) -> Iterator[Action]:
    p = state.pending[0]
    if isinstance(p, SpinOffer):
        w = state.warriors[p.warrior]
        for mid in p.movers:
            m = state.warriors[mid]
            spin = FreeSpin(w.id, g.bearing((w.x, w.y), (m.x, m.y)))
            try:
                movement.free_spin_violation(state, p, spin)
            except IllegalAction:
                continue
            yield spin
        yield FreeSpin(w.id, None)
        return
    if isinstance(p, FormationMoving):
        yield from _formation_plans(state, p)
        return
    if isinstance(p, FollowUp):
        w = state.warriors[p.warrior]
        if p.kind == "close":
            if turns.action_violation(state, w, "close", follow_up=True) is None:
                yield from _close(state, w, follow_up=True)
        elif turns.action_violation(state, w, "ranged", follow_up=True) is None and \
                ranged.firer_violation(state, w) is None:
            for action in _ranged(state, w):
                if not action.formation:
                    yield action
        yield Pass(w.id)
        return
    if isinstance(p, ConfusedMove):
        w = state.warriors[p.warrior]
        yield Move(w.id)
        yield from _moves(state, w, forced=True)
        return
    if isinstance(p, SectionChoice):
        for k in p.options:
            yield ChooseSection(p.warrior, SECTIONS[k])
        return
    if isinstance(p, TargetChoice):
        for o in p.options:
            yield ChooseTarget(p.player, o)
        return
    if isinstance(p, PassengerFacing):
        w = state.warriors[p.warrior]
        yield Face(w.id, places.nearest_facing(state, w, (w.x, w.y), w.facing))
        for a in places.DIRECTIONS:
            yield Face(w.id, a)


def _formation_plans(state: State, p: FormationMoving) -> Iterator[FormationPlan]:
    yield FormationPlan(())
    seen: set[FormationPlan] = set()
    members = [state.warriors[i] for i in p.members]
    lead = members[0]
    directions = list(places.DIRECTIONS)
    directions.insert(0, places.nearest_facing(state, lead, (lead.x, lead.y), lead.facing))
    # How far each member may go is the same whichever way the formation moves.
    limits = {m.id: movement.member_limit(state, m, p.speed) for m in members
              if m.id not in p.stuck}
    for a in directions:
        for frac in (1.0, 0.5):
            d = p.speed * frac
            if d <= 0:
                continue
            vx, vy = d * math.cos(a), d * math.sin(a)
            steps = []
            for m in sorted(members, key=lambda m: -(m.x * vx + m.y * vy)):
                if m.id in p.stuck:
                    continue
                dist = min(d, limits[m.id])
                end = (m.x + dist * math.cos(a), m.y + dist * math.sin(a))
                end = places.clip_to_terrain(state, m, (m.x, m.y), end)
                if g.distance((m.x, m.y), end) > 1e-6:
                    # A double base keeps its facing so the formation stays together.
                    facing = m.facing if not m.round else places.nearest_facing(state, m, end, a)
                    steps.append(Move(m.id, (end,), facing))
            if not steps:
                continue
            plan = FormationPlan(tuple(steps))
            if plan in seen:
                continue
            seen.add(plan)
            try:
                movement.check_formation_plan(state, p, plan)
            except IllegalAction:
                continue
            yield plan


# --- setting the scene ------------------------------------------------------------------


def _fortifications(state: State) -> Iterator[SetUpFortification]:
    """World Conquest, Troop Movements (battle rule 1): where the holder to set up may
    set up his next fortification, the default place first."""
    w = next(o for o in fortifications.waiting(state) if o.owner == state.deploying)
    for at, rotation in fortifications.setup_spots(state, w):
        if fortifications.setup_violation(state, w, at, rotation) is None:
            yield SetUpFortification(w.id, at, rotation)


def _terrain(state: State) -> Iterator[PlaceTerrain]:
    step = 2.0
    n = int(state.table // step)
    for item, piece in enumerate(state.terrain_pile):
        if piece is None:
            continue
        for rotation in (0.0, math.pi / 2):
            for i in range(n + 1):
                for j in range(n + 1):
                    action = PlaceTerrain(item, (i * step, j * step), rotation)
                    features = setup.placed_features(state, action)
                    if setup.terrain_violation(state, features) is None:
                        yield action


def _deploy(state: State, warrior: int | None) -> Iterator[Deploy]:
    if warrior is None:
        waiting = [w for w in state.warriors if w.owner == state.deploying and not w.deployed]
        if not waiting:
            return
        w = waiting[0]
    else:
        w = state.warriors[warrior]
        if w.owner != state.deploying or w.deployed:
            return
    found = False
    # Bases side by side, just touching, so formations are possible from the start.
    for at in setup.deploy_spots(state, w, w.shape.width + places.CONTACT_GAP):
        facing = setup.face_centre(state, at)
        if setup.deploy_violation(state, w, at, facing) is None:
            found = True
            yield Deploy(w.id, at, facing)
    if not found:
        spot = setup.room_for(state, w)
        if spot is None:
            yield Deploy(w.id, None)
        else:
            yield Deploy(w.id, spot, setup.face_centre(state, spot))


# --- checking without changing anything -------------------------------------------------


def check_decision(state: State, item: Any, action: Any) -> None:
    """Raise IllegalAction unless ``action`` settles the decision ``item``."""
    kind = kinds.DECISIONS[type(item)]
    if not isinstance(action, kind.answers):
        raise IllegalAction("Rulebook III, Turns and Actions",
                            f"finish the current action first: {item!r}")
    kind.check(state, item, action)


def check(state: State, action: Any) -> None:
    """Raise IllegalAction if ``action`` may not be applied now; change nothing."""
    if state.pending and state.phase != OVER:
        check_decision(state, state.pending[0], action)
        return
    kinds.kind_of(state, action).check(state, action)


def is_legal(state: State, action: Any) -> bool:
    try:
        check(state, action)
    except IllegalAction:
        return False
    return True
