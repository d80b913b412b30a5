"""What the engine remembers to answer faster: every kept answer and every change counter.

The rules ask the same questions again and again between two changes of the battlefield
(which figures touch this one, does it face that one, what stands in the way of a move,
is this move legal): a player weighs hundreds of moves and attacks per decision. The
answers are kept here and nowhere else, each with what it was worked out from; nothing
here is part of the game (a log replays without it), and
``tests/engine/test_engine_memory.py`` checks after random play that every remembered
answer equals one worked out afresh.

What invalidates what
=====================

====================================  ========================  =================================
A change to ...                       is counted by ...         and forgets or re-keys ...
====================================  ========================  =================================
a base placed, moved, turned, taken   ``Memory.arrangement``,   contact lists of the figures
off or put back; a captive taken or   stamped on the warrior    near the change; pair answers
freed; a warrior's side or base       (``Warrior.placed``)      (faces, rear) about it; the
(``PLACING`` fields of a warrior)                               obstacles; the checked moves
a warrior's dial (``DIAL`` fields),   read again at once        checked moves (keyed on the
a passenger boarding or leaving       (``Warrior._read_dial``)  abilities in effect)
(``riding``; leaving the battlefield
is a PLACING write, ``on_table``)
a chariot section's dial              the chariot's summary     nothing: every rule asks the
(``Chariot.clicks``)                  read again at once        section's dial itself; faces
                                      (``chariots.turn_dial``)  and contact read no dial
the list of warriors                  its identity and length   everything kept about figures
the terrain (a feature placed)        ``Terrain.version``       movement stops, checked moves,
                                                                the obstacles
the abilities' rules (register)       ``REGISTRY.generation``   hook lists, action modes,
                                                                checked moves
what a movement hook declares it      the value, in each        the checked moves (a move is
reads (``register(..., reads=)``)     checked move's key        checked afresh when it differs)
anything else                         —                         nothing is kept that reads it
====================================  ========================  =================================

Writes to any other field of a warrior (action tokens, the turn it acted) change nothing
kept here. A hook at a point whose answers are kept (movement, line of fire, targeting)
must declare what it reads beyond its context and its holder's abilities
(:data:`HOOK_READS`); registering one without ``reads=`` is refused.

Pure answers (numbers in, numbers out, whatever game asks) are kept in the memos at the end
of this module.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from armybuilder.engine import geometry as g
from armybuilder.engine.geometry import Disc, Point

if TYPE_CHECKING:
    from armybuilder.engine.state import State, Warrior

_set_slot = object.__setattr__  # a warrior's own write, without Warrior.__setattr__

#: A warrior's fields whose writes move, turn, add or remove a base, or change whose side
#: it is on or whether it is free (Warrior.__setattr__ counts them).
PLACING = frozenset({"x", "y", "facing", "on_table", "controller", "team", "shape"})
#: A warrior's fields its dial readings (stats, abilities showing and in effect) come from
#: (a passenger ignores its speed abilities: ``riding``).
DIAL = frozenset({"card", "click", "cancelled", "controller", "riding"})

#: What a movement, line-of-fire or targeting hook may read besides its context, its
#: holder's abilities in effect and the arrangement of the bases: each name with how to
#: read it for the warrior asked about. A checked move's key holds the values its hooks
#: declared (abilities.AbilityRegistry.register, ``reads=``).
HOOK_READS: dict[str, Callable[[Any, Any], Hashable]] = {
    "turn": lambda state, w: state.turn,
    "round": lambda state, w: state.round,
    "current player": lambda state, w: state.current,
    "tokens": lambda state, w: (w.tokens, w.token_turn),
    "click": lambda state, w: w.click,
    "engaged at start": lambda state, w: w.id in state.engaged_at_start,
}
#: The hook points whose answers are kept (or feed kept answers): their hooks declare
#: what they read.
DECLARED_POINTS = frozenset({"movement", "line_of_fire", "targeting"})

#: At most this many legal moves are remembered for one state of the battlefield (listing
#: every legal action checks a few hundred).
CHECKED_KEPT = 4096
#: At most this many movement stops are remembered for one battlefield.
STOPS_KEPT = 4096


# The entries below are plain tuples, not NamedTuples: the hottest loops of the engine
# unpack them, and Python 3.11 unpacks a tuple subclass through the generic iterator
# (measured: +7% instructions per AI game). Their fields, in order:

#: A figure on the battlefield as the contact lists read it: (warrior, x, y, half length,
#: team, round base, free: not held captive).
Standing = tuple[Any, float, float, float, int, bool, bool]
#: A base a move must keep clear of: (warrior id, discs, x, y, half length).
Obstacle = tuple[int, tuple[Disc, ...], float, float, float]
#: Two discs of two figures in base contact (a path may not pass between them): (first
#: warrior's id, second's, the line between the discs' centres).
TouchingPair = tuple[int, int, tuple[Point, Point]]


Pose = tuple[float, float, float]  # x, y, facing
#: Answers about two bases kept by the first, then the second: (the first's card, both
#: Warrior.placed as they were, the answer).
PairAnswers = dict[Any, dict[Any, tuple[Any, int, int, bool]]]
Obstacles = tuple[list[Obstacle], list[tuple[Point, Point]]]


class Memory:
    """What one game remembers. Every State has one (``state.memory``); every warrior of
    its list reports its placing writes here (:meth:`placed`)."""

    __slots__ = ("arranged", "arrangement", "contact", "contacts_seen", "facing", "moves",
                 "moves_at", "obstacles", "opposing", "rear", "room", "standing",
                 "standing_at", "standing_of", "stops", "stops_at")

    def __init__(self) -> None:
        #: How many times any warrior's base has been placed, moved, turned, taken off or
        #: put back, captured or freed.
        self.arrangement = 0
        self.contacts_seen = -1
        self.standing: list[Standing] = []
        self.standing_at: dict[Any, int] = {}
        self.standing_of: tuple[list[Any], int] | None = None
        self.opposing: dict[Any, list[Any]] = {}
        self.contact: dict[Any, list[Any]] = {}
        self.facing: PairAnswers = {}
        self.rear: PairAnswers = {}
        #: ((arrangement, terrain version), every base, every touching pair, the list's
        #: length, the list).
        self.arranged: tuple[tuple[int, int], list[Obstacle], list[TouchingPair], int,
                             list[Any]] | None = None
        #: Each warrior's obstacles: (arrangement, its captive, the lists).
        self.obstacles: dict[int, tuple[int, int, Obstacles]] = {}
        self.moves_at: tuple[Any, ...] = ()
        self.moves: set[tuple[Any, ...]] = set()
        self.stops: dict[tuple[Any, ...], float | None] = {}
        self.stops_at: tuple[Any, int] | None = None
        #: setup.room_for's last answer in a siege: ((arrangement, terrain version, the
        #: warrior), the spot or None). The arrangement and the terrain are all it reads
        #: besides the warrior (Castle rules: the search covers a whole half).
        self.room: tuple[tuple[int, int, int], Any] | None = None

    # --- a copy of the game -------------------------------------------------------------

    def copy_into(self, new: Memory, state: State, copied: State) -> None:
        """Fill ``new`` (made with ``Memory.__new__``) with this memory for ``copied``, a
        copy of ``state`` (its warriors at the same places in its own list, its own
        terrain): every answer kept, about the copy's own figures. The copy goes on
        remembering on its own from there."""
        them = copied.warriors
        mine = state.warriors
        new.arrangement = self.arrangement
        new.contacts_seen = self.contacts_seen
        new.standing = [(them[entry[0].id], *entry[1:]) for entry in self.standing]
        new.standing_at = {them[o.id]: i for o, i in self.standing_at.items()}
        of = self.standing_of
        new.standing_of = (them, of[1]) if of is not None and of[0] is mine else None
        new.opposing = {them[w.id]: [them[o.id] for o in found]
                        for w, found in self.opposing.items()}
        new.contact = {them[w.id]: [them[o.id] for o in found]
                       for w, found in self.contact.items()}
        new.facing = _copied_pairs(self.facing, them)
        new.rear = _copied_pairs(self.rear, them)
        arranged = self.arranged
        # The obstacle lists are only read, never changed in place (obstacles_of): both
        # games may hand out the same ones.
        new.arranged = None if arranged is None or arranged[4] is not mine else (
            arranged[0], arranged[1], arranged[2], arranged[3], them)
        new.obstacles = dict(self.obstacles)
        # The checked moves are keyed by the terrain and the list of warriors themselves
        # (checked_moves): the copy's own stand in for them.
        at = self.moves_at
        if at and at[3] is state.terrain and at[5] is mine:
            new.moves_at = (*at[:3], copied.terrain, at[4], them, *at[6:])
            new.moves = set(self.moves)
        else:
            new.moves_at = ()
            new.moves = set()
        stops_at = self.stops_at
        if stops_at is not None and stops_at[0] is state.terrain:
            new.stops_at = (copied.terrain, stops_at[1])
            new.stops = dict(self.stops)
        else:
            new.stops_at = None
            new.stops = {}
        new.room = self.room

    # --- the change counter --------------------------------------------------------------

    def adopt(self, warriors: list[Warrior]) -> None:
        """Count the placing writes of these warriors from now on."""
        for w in warriors:
            _set_slot(w, "memory", self)
            _set_slot(w, "placed", 0)

    def placed(self, w: Warrior, writes: int = 1) -> None:
        """``w``'s base was written to (``writes`` placing fields at once)."""
        self.arrangement += writes
        _set_slot(w, "placed", self.arrangement)

    # --- contact lists -------------------------------------------------------------------

    def opposing_contacts(self, state: State, w: Warrior) -> list[Warrior]:
        if self.contacts_seen != self.arrangement:
            self._rearranged(state)
        found = self.opposing.get(w)
        if found is None:
            found = _opposing_contacts(self.standing, state, w)
            if w.on_table:  # what _rearranged looks through to forget lists
                self.opposing[w] = found
        return found[:]  # the caller's own list

    def contacts(self, state: State, w: Warrior) -> list[Warrior]:
        if self.contacts_seen != self.arrangement:
            self._rearranged(state)
        found = self.contact.get(w)
        if found is None:
            found = _contacts(self.standing, state, w)
            if w.on_table:
                self.contact[w] = found
        return found[:]

    def _rearranged(self, state: State) -> None:
        """Some base has been placed, moved, turned or taken off since the contact lists
        were kept: note where every figure on the battlefield stands for the lists asked
        for next, and forget the lists the figures that changed could be in or out of.

        A list is kept only while no changed figure is within reach of touching its
        warrior, before or after: then none of them was in it or can be now, and every
        other figure reads as it did, so the list asked afresh is the same, in the same
        order. (Warrior.placed says which changed: every placing write is counted.)"""
        seen, self.contacts_seen = self.contacts_seen, self.arrangement
        warriors = state.warriors
        old = self.standing
        of = self.standing_of
        if of is None or of[0] is not warriors or of[1] != len(warriors):
            self.standing_of = (warriors, len(warriors))
            self._stand_all(warriors)
            self.opposing = {}
            self.contact = {}
            self.facing = {}
            self.rear = {}
            return
        changed = [o for o in warriors if o.placed > seen]
        if not changed:
            return  # every figure's entry reads as it did
        at = self.standing_at
        stayed = all(o.on_table and o in at for o in changed)
        if stayed:
            # Only figures that stay on the battlefield changed: the others' entries, and
            # every entry's place in the list, stay as they were.
            standing = self.standing = old[:]
            for o in changed:
                standing[at[o]] = _standing(o)
        else:
            self._stand_all(warriors)
        if 3 * len(changed) > len(warriors) or \
                any(k.contact_at_a_distance for k in state.kinds_in_play):
            # Castle rules, Gatehouse: figures on one gatehouse top touch however far
            # apart, so with a castle every list is worked out afresh after a change.
            self.opposing = {}
            self.contact = {}
            return
        # Where each changed figure stood and stands now, when on the battlefield, with its
        # half length: how far its base reaches.
        stale = set(changed)
        if stayed:
            spots = [old[at[o]][1:4] for o in changed]
            spots += [(o.x, o.y, o.half_length) for o in changed]
        else:
            spots = [(x, y, r) for o, x, y, r, _, _, _ in old if o in stale]
            spots += [(o.x, o.y, o.half_length) for o in changed if o.on_table]
        # Only warriors on the battlefield have lists kept: those not changed stand in
        # ``standing`` still. Every base touching another lies within the pair's reach of
        # it along x and y both: a box test (never more than the distance), a hair wider
        # than the reach so that no rounding of the sum keeps a list it should not.
        slack = g.CONTACT_TOLERANCE + 1e-9
        near = []
        for o, ox, oy, orad, _, _, _ in self.standing:
            if o in stale:
                continue
            orad += slack
            for x, y, r in spots:
                reach = r + orad
                if -reach <= x - ox <= reach and -reach <= y - oy <= reach:
                    near.append(o)
                    break
        opposing, contact = self.opposing, self.contact
        for w in (*changed, *near):
            opposing.pop(w, None)
            contact.pop(w, None)

    def _stand_all(self, warriors: list[Warrior]) -> None:
        self.standing = [_standing(o) for o in warriors if o.on_table]
        self.standing_at = {entry[0]: i for i, entry in enumerate(self.standing)}

    # --- pairs of bases ------------------------------------------------------------------

    # Whether one figure faces another, or meets its rear arc, reads those two bases alone
    # and the first one's card (its arcs): an answer is kept while neither base has been
    # written to (Warrior.placed is as it was) and the card is the same.

    def kept_facing(self, a: Warrior, b: Warrior) -> bool | None:
        """Whether ``a`` faces ``b`` (State.faces), if kept; else None."""
        return _kept_pair(self.facing, a, b)

    def keep_facing(self, a: Warrior, b: Warrior, found: bool) -> bool:
        return _keep_pair(self.facing, a, b, found)

    def kept_rear(self, a: Warrior, t: Warrior) -> bool | None:
        """Whether ``a`` meets ``t``'s rear arc (State.at_rear), if kept; else None."""
        return _kept_pair(self.rear, t, a)

    def keep_rear(self, a: Warrior, t: Warrior, found: bool) -> bool:
        return _keep_pair(self.rear, t, a, found)

    # --- obstacles to a move -------------------------------------------------------------

    def kept_obstacles(self, w: Warrior) -> Obstacles | None:
        """:meth:`obstacles_of` ``w`` as last handed out, if still good, else None."""
        kept = self.obstacles.get(w.id)
        if kept is not None and kept[0] == self.arrangement and kept[1] == w.captive:
            return kept[2]
        return None

    def obstacles_of(self, state: State, w: Warrior, poses: dict[int, Pose] | None = None
                     ) -> Obstacles:
        """The bases a move of ``w`` must keep clear of (its captive moves with it), and
        the lines between the centres of touching discs of two of them (Rulebook III,
        Movement: the path may not pass between two figures in base contact). ``poses``
        puts some figures elsewhere (a formation part-way through its moves).

        Without ``poses`` the same lists are handed out again while the arrangement and
        the captive stand (callers only read them)."""
        skip = (w.id, w.captive)
        if not poses:
            kept = self.kept_obstacles(w)
            if kept is not None:
                return kept
        every, every_pair = self.arrangement_of(state)
        if poses:
            every, every_pair = _rearranged_obstacles(state, set(poses), every, every_pair,
                                                      poses)
            return ([o for o in every if o[0] not in skip],
                    [line for i, j, line in every_pair if i not in skip and j not in skip])
        found = ([o for o in every if o[0] not in skip],
                 [line for i, j, line in every_pair if i not in skip and j not in skip])
        self.obstacles[w.id] = (self.arrangement, w.captive, found)
        return found

    def arrangement_of(self, state: State) -> tuple[list[Obstacle], list[TouchingPair]]:
        """Every base on the battlefield and every touching pair of discs: worked out once
        per arrangement; after a move only the pairs of the figures that moved are worked
        out again, the rest are the same numbers as before."""
        cached = self.arranged
        key = (self.arrangement, state.terrain.version)
        if cached is not None and cached[0] == key:
            return cached[1], cached[2]
        warriors = state.warriors
        if cached is None or cached[4] is not warriors or cached[3] != len(warriors) \
                or cached[0][1] != key[1]:
            others, pairs = every_obstacle(warriors, None, state.terrain)
        else:
            seen = cached[0][0]
            moved = {o.id for o in warriors if o.placed > seen}
            if 3 * len(moved) > len(warriors):
                others, pairs = every_obstacle(warriors, None, state.terrain)
            else:
                others, pairs = _rearranged_obstacles(state, moved, cached[1], cached[2])
        self.arranged = (key, others, pairs, len(warriors), warriors)
        return others, pairs

    # --- moves found legal ---------------------------------------------------------------

    def checked_moves(self, state: State, rules: int) -> set[tuple[Any, ...]]:
        """The moves found legal since the last change to anything a move's check reads
        that is not in the move's own key: every base's place, facing, shape and side and
        who holds whom (the arrangement), the battlefield and its terrain, the rules
        registered (the movement hooks; ``rules``: REGISTRY.generation). What the hooks
        declare they read is in each move's key (:func:`move_key`)."""
        terrain = state.terrain
        at = (self.arrangement, rules, state.table, terrain, terrain.version,
              state.warriors, len(state.warriors))
        if self.moves_at != at:
            self.moves_at = at
            self.moves = set()
        elif len(self.moves) >= CHECKED_KEPT:
            self.moves.clear()
        return self.moves

    # --- where terrain stops a path ------------------------------------------------------

    def stops_for(self, terrain: Any) -> dict[tuple[Any, ...], float | None]:
        """The movement stops kept for this battlefield's terrain as it stands."""
        at = (terrain, terrain.version)
        if self.stops_at != at:
            self.stops_at = at
            self.stops = {}
        elif len(self.stops) >= STOPS_KEPT:
            self.stops.clear()
        return self.stops


def move_key(state: State, w: Warrior, reads: tuple[str, ...]) -> tuple[Hashable, ...]:
    """The values of what ``w``'s movement hooks declared they read."""
    return tuple(HOOK_READS[name](state, w) for name in reads)


# --- contact lists, worked out ---------------------------------------------------------


def _standing(o: Warrior) -> Standing:
    return (o, o.x, o.y, o.half_length, o.team, o.round, o.controller == _NOBODY)


_NOBODY = -1  # state.NOBODY: held by nobody


def _opposing_contacts(standing: list[Standing], state: State, w: Warrior) -> list[Warrior]:
    """Opposing figures in base contact with ``w`` (captives ignored, Rulebook III)."""
    out = []
    wx, wy, wr, team, hypot = w.x, w.y, w.half_length, w.team, math.hypot
    tolerance = g.CONTACT_TOLERANCE
    # Two round bases within reach touch, unless a low wall stands between them.
    w_round = w.round and not state.terrain.walls
    for o, ox, oy, orad, oteam, o_round, free in standing:
        if oteam != team and free and hypot(ox - wx, oy - wy) <= wr + orad + tolerance \
                and ((w_round and o_round) or state.touching(w, o)):
            out.append(o)
    for kind in state.kinds_in_play:
        # Castle rules, Gatehouse: figures on one gatehouse top touch (castle_kind).
        out = kind.more_contacts(state, w, out, standing, True)
    return out


def _contacts(standing: list[Standing], state: State, w: Warrior) -> list[Warrior]:
    """Every other figure on the battlefield in base contact with ``w``, captives too."""
    out = []
    wx, wy, wr, hypot = w.x, w.y, w.half_length, math.hypot
    tolerance = g.CONTACT_TOLERANCE
    w_round = w.round and not state.terrain.walls
    for o, ox, oy, orad, _, o_round, _ in standing:
        if o is not w and hypot(ox - wx, oy - wy) <= wr + orad + tolerance \
                and ((w_round and o_round) or state.touching(w, o)):
            out.append(o)
    for kind in state.kinds_in_play:
        out = kind.more_contacts(state, w, out, standing, False)
    return out


def _copied_pairs(cache: PairAnswers, them: list[Any]) -> PairAnswers:
    """Pair answers about the same places in a copy's list of warriors."""
    return {them[a.id]: {them[b.id]: kept for b, kept in row.items()}
            for a, row in cache.items()}


def _kept_pair(cache: PairAnswers, first: Warrior, second: Warrior) -> bool | None:
    row = cache.get(first)
    if row is None:
        return None
    kept = row.get(second)
    if kept is not None and kept[0] is first.card and kept[1] == first.placed \
            and kept[2] == second.placed:
        return kept[3]
    return None


def _keep_pair(cache: PairAnswers, first: Warrior, second: Warrior, found: bool) -> bool:
    row = cache.get(first)
    if row is None:
        row = cache[first] = {}
    row[second] = (first.card, first.placed, second.placed, found)
    return found


# --- obstacles, worked out -------------------------------------------------------------


def _obstacle(o: Warrior, poses: dict[int, Pose] | None) -> Obstacle:
    """``o``'s entry in an obstacle list, where ``poses`` puts it if it does."""
    if poses and o.id in poses:
        ox, oy, of = poses[o.id]
        return (o.id, o.discs_at((ox, oy), of), ox, oy, o.half_length)
    return (o.id, o.discs, o.x, o.y, o.half_length)


def every_obstacle(warriors: list[Warrior], poses: dict[int, Pose] | None = None,
                   terrain: Any = None) -> tuple[list[Obstacle], list[TouchingPair]]:
    """Every base on the battlefield (where ``poses`` puts some) and the lines between the
    centres of every two touching discs of two figures, worked out afresh; two discs on
    opposite sides of one of ``terrain``'s low walls do not touch (FAQ, Pole Arm & Low
    Walls)."""
    walled = terrain is not None and bool(terrain.walls)
    others = [_obstacle(o, poses) for o in warriors if o.on_table]
    pairs: list[TouchingPair] = []
    tolerance, hypot = g.CONTACT_TOLERANCE, math.hypot  # every pair of figures comes here
    for i in range(len(others)):
        ai, ad, ax, ay, ar = others[i]
        for j in range(i + 1, len(others)):
            bi, bd, bx, by, br = others[j]
            if abs(ax - bx) <= ar + br + tolerance and \
                    hypot(ax - bx, ay - by) <= ar + br + tolerance:
                for px, py, pr in ad:
                    for qx, qy, qr in bd:
                        if hypot(px - qx, py - qy) <= pr + qr + tolerance and not (
                                walled and terrain.wall_between((px, py), (qx, qy))):
                            pairs.append((ai, bi, ((px, py), (qx, qy))))
    return others, pairs


_pair_order = operator.itemgetter(0, 1)


def _rearranged_obstacles(state: State, moved: set[int], old_others: list[Obstacle],
                          old_pairs: list[TouchingPair], poses: dict[int, Pose] | None = None
                          ) -> tuple[list[Obstacle], list[TouchingPair]]:
    """every_obstacle(state.warriors, poses), the same lists in the same order, from
    another arrangement's when only the warriors ``moved`` stand elsewhere (all those in
    ``poses`` among them)."""
    if not moved:
        return old_others, old_pairs
    warriors = state.warriors
    # Where the figures that moved stand in ``others``: when each of them was on the
    # battlefield and still is, where they stood in the old list, every other entry kept
    # in its place.
    fresh = [k for k, o in enumerate(old_others) if o[0] in moved]
    if len(fresh) == len(moved) and all(warriors[i].on_table for i in moved):
        others = old_others[:]
        for k in fresh:
            others[k] = _obstacle(warriors[others[k][0]], poses)
    else:
        kept = {o[0]: o for o in old_others if o[0] not in moved}
        others = []
        fresh = []
        for o in warriors:
            if o.on_table:
                entry = kept.get(o.id)
                if entry is None:
                    entry = _obstacle(o, poses)
                    fresh.append(len(others))
                others.append(entry)
    pairs = [p for p in old_pairs if p[0] not in moved and p[1] not in moved]
    found: list[TouchingPair] = []
    tolerance, hypot = g.CONTACT_TOLERANCE, math.hypot
    terrain = state.terrain
    walled = bool(terrain.walls)
    for k in fresh:
        me = others[k]
        _, _, mx, _, mr = me
        # Its pairs, the earlier of the two in the list first as in every_obstacle; a
        # pair of two figures that moved is done once, from the earlier one.
        for m, other in enumerate(others):
            if abs(mx - other[2]) > mr + other[4] + tolerance or m == k:
                continue  # every_obstacle's quick test, the same either way round
            if m < k:
                if other[0] in moved:
                    continue
                (ai, ad, ax, ay, ar), (bi, bd, bx, by, br) = other, me
            else:
                (ai, ad, ax, ay, ar), (bi, bd, bx, by, br) = me, other
            if hypot(ax - bx, ay - by) <= ar + br + tolerance:
                for px, py, pr in ad:
                    for qx, qy, qr in bd:
                        if hypot(px - qx, py - qy) <= pr + qr + tolerance and not (
                                walled and terrain.wall_between((px, py), (qx, qy))):
                            found.append((ai, bi, ((px, py), (qx, qy))))
    if not found:
        return others, pairs
    # Back in every_obstacle's order: by the pair's warriors, in the order they stand in
    # state.warriors (ids are places in that list); a pair's own lines keep their order.
    pairs += found
    pairs.sort(key=_pair_order)
    return others, pairs


# --- pure answers ------------------------------------------------------------------------


def keep(memo: dict[Any, Any], key: Hashable, value: Any, size: int = 4096) -> Any:
    """Keep ``value`` as the answer for ``key`` in a memo of a pure function (numbers in,
    numbers out, the same for every game), emptying the memo when it has grown past
    ``size`` (answers of earlier games or rules are seldom asked again)."""
    if len(memo) >= size:
        memo.clear()
    memo[key] = value
    return value


#: movement's straight move ends on an open table, by (place, half length, table, start,
#: limit, halves).
STRAIGHT_ENDS: dict[tuple[Any, ...], Any] = {}
#: The abilities in effect that a kind of action may name, by (REGISTRY.generation,
#: abilities, kind).
ACTION_MODES: dict[tuple[Any, ...], tuple[str, ...]] = {}
#: Besides these, each AbilityRegistry keeps its hook lists by ability list (``hooks_for``;
#: emptied when rules are registered), and each Terrain its features' bounding boxes and
#: edge normals (worked out when a feature is placed: features never change).
