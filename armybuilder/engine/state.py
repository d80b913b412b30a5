"""The game state: warriors, players and the shared bookkeeping every rule module uses.

Compact mutable objects with ``__slots__``; nothing here is copied per action. The rule
modules (turns, movement, ranged, close, victory) work on a :class:`State`.
"""

from __future__ import annotations

import math
from typing import Any

from armybuilder.engine import geometry as g
from armybuilder.engine.abilities import REGISTRY, DamageContext, DialContext, HealContext
from armybuilder.engine.cards import ClickStats, FigureCard
from armybuilder.engine.dice import Dice
from armybuilder.engine.geometry import Point
from armybuilder.engine.terrain import Terrain

Event = dict[str, Any]

#: Rulebook II, Setting the Scene: starting areas are 3" deep and 8" from adjoining edges.
START_DEPTH = 3.0
START_MARGIN = 8.0
EDGES: tuple[str, ...] = ("south", "north", "west", "east")
NOBODY = -1


class IllegalAction(ValueError):
    """An action the rules forbid; ``rule`` cites the rule it breaks."""

    #: Set when a move fails only because its captive cannot stand where it would end
    #: (movement.check_move): another place for the captive may still do.
    captive_placement = False

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.reason = message


#: Damage that Toughness and Invulnerability reduce (Special Abilities Card): attacks and
#: damaging special abilities, never pushing or a critical miss.
REDUCIBLE = frozenset({"attack", "ability"})


#: How many times any warrior's base has been placed, moved, turned, taken off or put back,
#: captured or freed: the contact lists a State keeps are good while this stays the same.
#: Warrior.__setattr__ counts every write of these fields, so no rule can forget to.
arrangement = 0
_PLACING = frozenset({"x", "y", "facing", "on_table", "controller", "team", "radius", "disc_r",
                      "offset"})
#: The fields the dial's readings (stats, abilities showing and in effect) are made from.
_DIAL = frozenset({"card", "click", "cancelled", "controller"})
_set_slot = object.__setattr__
#: The action-token bookkeeping: fields that neither place a base nor are read off the dial
#: (in neither _PLACING nor _DIAL), so Warrior.__setattr__ would only store them. Written
#: after every action and at every turn's end, they go straight into their slots with
#: :data:`write_plain` (tests/engine/test_engine_kept_pairs.py checks they stay plain).
PLAIN_WRITES = frozenset({"acted_turn", "tokens", "token_turn"})
write_plain = _set_slot


class Warrior:
    __slots__ = (
        "abilities", "acted_turn", "cancelled", "captive", "card", "click", "controller",
        "deployed", "disc_r", "eliminations", "facing", "id", "offset", "on_table", "owner",
        "placed", "radius", "showing", "stats", "team", "token_turn", "tokens", "x", "y",
    )
    #: The special abilities in effect: those showing, less any cancelled (kept up to date
    #: by __setattr__; asked for by nearly every rule).
    abilities: tuple[str, ...]
    #: The special abilities on the dial now, cancelled or not (none for a captive).
    showing: tuple[str, ...]
    #: The click showing in the stat slot.
    stats: ClickStats
    #: ``arrangement`` as the last write that places its base left it.
    placed: int

    def __init__(self, wid: int, card: FigureCard, owner: int, team: int) -> None:
        self.id = wid
        self.card = card
        self.owner = owner
        self.team = team
        #: Half the base's length: every part of the base is within this of the centre dot.
        self.radius = card.base_radius
        self.disc_r = card.disc_radius
        self.offset = card.disc_offset  # 0 for a round base
        #: Optional abilities its owner cancelled for the rest of the turn (Rulebook III).
        self.cancelled: frozenset[str] = frozenset()
        self.x = 0.0
        self.y = 0.0
        self.facing = 0.0
        self.click = card.starting_click
        self.tokens = 0
        self.token_turn = 0  # the turn on which the tokens were placed
        self.acted_turn = 0  # the last turn this warrior was given an action (pass included)
        self.captive = NOBODY  # the warrior this one holds captive
        self.controller = NOBODY  # the warrior holding this one captive
        self.on_table = False
        self.deployed = False
        self.eliminations = 0

    @property
    def pos(self) -> Point:
        return (self.x, self.y)

    def __setattr__(self, name: str, value: Any) -> None:
        _set_slot(self, name, value)
        if name in _PLACING:
            global arrangement
            arrangement += 1
            _set_slot(self, "placed", arrangement)
        if name in _DIAL:
            self._read_dial()

    def place(self, x: float, y: float, facing: float) -> None:
        """``self.x, self.y, self.facing = x, y, facing``: three placing writes, counted
        as __setattr__ counts them, stored at once (every move made writes all three)."""
        global arrangement
        _set_slot(self, "x", x)
        _set_slot(self, "y", y)
        _set_slot(self, "facing", facing)
        arrangement += 3
        _set_slot(self, "placed", arrangement)

    def _read_dial(self) -> None:
        try:
            card, click, controller, cancelled = (self.card, self.click, self.controller,
                                                  self.cancelled)
        except AttributeError:
            return  # still being built (__init__, copy.deepcopy): the last field reads it
        if not 0 <= click < len(card.clicks):
            return  # past the last live click: state.damage puts it back on that click
        stats = card.clicks[click]
        _set_slot(self, "stats", stats)
        if controller != NOBODY:
            # Rulebook III, Capturing: all of a captive's special abilities are ignored.
            _set_slot(self, "showing", ())
            _set_slot(self, "abilities", ())
            return
        showing = stats.abilities
        _set_slot(self, "showing", showing)
        _set_slot(self, "abilities", tuple(a for a in showing if a not in cancelled)
                  if cancelled else showing)

    def has(self, name: str) -> bool:
        return name in self.abilities

    @property
    def discs(self) -> tuple[g.Disc, ...]:
        if self.offset <= 0.0:
            return ((self.x, self.y, self.disc_r),)  # g.discs_at's round base, without a call
        return g.discs_at(self.x, self.y, self.facing, self.disc_r, self.offset)

    def discs_at(self, pos: Point, facing: float) -> tuple[g.Disc, ...]:
        if self.offset <= 0.0:
            return ((pos[0], pos[1], self.disc_r),)
        return g.discs_at(pos[0], pos[1], facing, self.disc_r, self.offset)

    @property
    def round(self) -> bool:
        return self.offset <= 0.0

    @property
    def is_captive(self) -> bool:
        return self.controller != NOBODY

    @property
    def label(self) -> str:
        return f"warrior {self.id} ({self.card.name})"

    def __repr__(self) -> str:
        return (f"Warrior({self.id}, {self.card.name!r}, owner={self.owner}, "
                f"at=({self.x:.3f}, {self.y:.3f}), click={self.click})")


class Player:
    __slots__ = ("actions", "area", "army_points", "build_total", "edge", "index", "name",
                 "score", "team", "withdrawn")

    def __init__(self, index: int, name: str, team: int, edge: str, build_total: int,
                 army_points: int, table: float) -> None:
        self.index = index
        self.name = name
        self.team = team
        self.edge = edge
        self.build_total = build_total
        self.army_points = army_points
        # Rulebook III, Turns and Actions: 1 action per 100 points of build total.
        self.actions = build_total // 100
        self.area = starting_area(edge, table)
        self.withdrawn = False
        self.score = 0  # victory points scored during the game (eliminations, forfeits)


def starting_area(edge: str, table: float) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the starting area along an edge. (Rulebook II, Setting the Scene)"""
    lo, hi = START_MARGIN, table - START_MARGIN
    if edge == "south":
        return (lo, 0.0, hi, START_DEPTH)
    if edge == "north":
        return (lo, table - START_DEPTH, hi, table)
    if edge == "west":
        return (0.0, lo, START_DEPTH, hi)
    if edge == "east":
        return (table - START_DEPTH, lo, table, hi)
    raise ValueError(f"unknown edge {edge!r} (one of {', '.join(EDGES)})")


def in_area(pos: Point, area: tuple[float, float, float, float]) -> bool:
    x0, y0, x1, y1 = area
    return x0 - g.EPS <= pos[0] <= x1 + g.EPS and y0 - g.EPS <= pos[1] <= y1 + g.EPS


#: Answers about two bases kept by the first, then the second (State.faces, State.at_rear):
#: (the first's card, both Warrior.placed as they were, the answer).
PairAnswers = dict[Warrior, dict[Warrior, tuple[Any, int, int, bool]]]


class State:
    """Everything about one battle that changes as it is played."""

    def __init__(self, table: float, players: list[Player], warriors: list[Warrior],
                 terrain: Terrain, dice: Dice, round_limit: int | None) -> None:
        self.table = table
        self.players = players
        self.warriors = warriors
        self.terrain = terrain
        self.dice = dice
        self.round_limit = round_limit
        self.phase = "setup"  # setup (terrain, deployment), play, over
        self.turn = 0  # turns started so far, all players together
        self.round = 0
        self.current = 0  # the player whose turn it is
        self.first_player = 0
        self.actions_used = 0
        self.turn_actions = 0  # actions available this turn (abilities may change it)
        self.pending: list[Any] = []  # decisions owed before the current action is over
        self.pushed: list[int] = []
        self.events: list[Event] = []
        self.outcome: Any = None
        self.terrain_pile: list[Any] = []
        self.deploying = 0  # setup: the player placing terrain or warriors
        #: Warriors of the player whose turn it is that began it in base contact with an
        #: opposing figure (Charge, Bound).
        self.engaged_at_start: frozenset[int] = frozenset()
        self.free_action = False  # the action under way uses none of the turn's actions
        self.action_ended = False  # Pole Arm or Ram ended the action under way
        #: movement.arranged's work for one arrangement of the figures (see
        #: ``arrangement``), kept to work out the next one's from. Not part of the game.
        self.obstacle_cache: Any = None
        #: opposing_contacts' and contacts' answers for the arrangement numbered
        #: ``contacts_seen`` (see ``arrangement``): the AI and the rules ask the same
        #: question many times between two moves. Not part of the game.
        self.contacts_seen = -1
        self.opposing_cache: dict[Warrior, list[Warrior]] = {}
        self.contact_cache: dict[Warrior, list[Warrior]] = {}
        #: faces(a, b)'s answers by a then b, with a's card and both Warrior.placed as
        #: they were; at_rear(a, t)'s by t then a, with t's card and t's then a's placed.
        self.facing_cache: PairAnswers = {}
        self.rear_cache: PairAnswers = {}
        #: Every figure on the battlefield as the contact lists read it, for the same
        #: arrangement: (warrior, x, y, half length, team, round base, not held captive).
        self.standing: list[tuple[Warrior, float, float, float, int, bool, bool]] = []
        #: Where each warrior stands in ``standing``: a figure that moved is written over
        #: in its place, the others' entries kept.
        self.standing_at: dict[Warrior, int] = {}
        #: The warriors list ``standing`` was made from, and its length.
        self.standing_of: tuple[list[Warrior], int] | None = None
        #: movement.obstacles' answer for each warrior, with the arrangement and captive it
        #: was worked out for: the same lists are handed out again while those stand.
        self.obstacles_kept: dict[int, tuple[int, int, Any]] = {}
        #: The moves movement.check_move found legal while everything it reads stood as
        #: ``moves_checked_at`` says: a player checks a move, then gives it. Not part of
        #: the game.
        self.moves_checked_at: tuple[Any, ...] = ()
        self.moves_checked: set[tuple[Any, ...]] = set()

    # --- relations ----------------------------------------------------------------------

    def friendly(self, a: Warrior, b: Warrior) -> bool:
        # Rulebook III, Friendly and Opposing Figures; captives are neither (Capturing).
        return a.team == b.team and a.controller == NOBODY and b.controller == NOBODY

    def opposing(self, a: Warrior, b: Warrior) -> bool:
        return a.team != b.team and a.controller == NOBODY and b.controller == NOBODY

    def touching(self, a: Warrior, b: Warrior) -> bool:
        if a.offset <= 0.0 and b.offset <= 0.0:
            return math.hypot(b.x - a.x, b.y - a.y) <= a.radius + b.radius + g.CONTACT_TOLERANCE
        if math.hypot(b.x - a.x, b.y - a.y) > a.radius + b.radius + g.CONTACT_TOLERANCE:
            return False
        return g.discs_touch(a.discs, b.discs)

    def on_table(self) -> list[Warrior]:
        return [w for w in self.warriors if w.on_table]

    def opposing_contacts(self, w: Warrior) -> list[Warrior]:
        """Opposing figures in base contact with ``w`` (captives ignored, Rulebook III)."""
        if self.contacts_seen != arrangement:
            self._rearranged()
        found = self.opposing_cache.get(w)
        if found is None:
            found = self._opposing_contacts(w)
            if w.on_table:  # what _rearranged looks through to forget lists
                self.opposing_cache[w] = found
        return found[:]  # the caller's own list

    def _opposing_contacts(self, w: Warrior) -> list[Warrior]:
        out = []
        wx, wy, wr, team, hypot = w.x, w.y, w.radius, w.team, math.hypot
        tolerance = g.CONTACT_TOLERANCE
        w_round = w.offset <= 0.0
        for o, ox, oy, orad, oteam, o_round, free in self.standing:
            if oteam != team and free and hypot(ox - wx, oy - wy) <= wr + orad + tolerance \
                    and ((w_round and o_round) or self.touching(w, o)):
                out.append(o)
        return out

    def contacts(self, w: Warrior) -> list[Warrior]:
        """Every other figure on the battlefield in base contact with ``w``, captives too."""
        if self.contacts_seen != arrangement:
            self._rearranged()
        found = self.contact_cache.get(w)
        if found is None:
            found = self._contacts(w)
            if w.on_table:
                self.contact_cache[w] = found
        return found[:]

    def _contacts(self, w: Warrior) -> list[Warrior]:
        # self.touching inlined for two round bases (nearly every pair): asked for every
        # warrior at every action.
        out = []
        wx, wy, wr, hypot = w.x, w.y, w.radius, math.hypot
        tolerance = g.CONTACT_TOLERANCE
        w_round = w.offset <= 0.0
        for o, ox, oy, orad, _, o_round, _ in self.standing:
            if o is not w and hypot(ox - wx, oy - wy) <= wr + orad + tolerance \
                    and ((w_round and o_round) or self.touching(w, o)):
                out.append(o)
        return out

    def _rearranged(self) -> None:
        """Some base has been placed, moved, turned or taken off since the contact lists
        were kept: note where every figure on the battlefield stands (its base, side and
        whether it is free) for the lists asked for next, and forget the lists the figures
        that changed could be in or out of.

        A list is kept only while no changed figure is within reach of touching its
        warrior, before or after: then none of them was in it or can be now, and every
        other figure reads as it did, so the list asked afresh is the same, in the same
        order. (Warrior.placed says which changed: every write is counted.)"""
        seen, self.contacts_seen = self.contacts_seen, arrangement
        warriors = self.warriors
        old = self.standing
        of = self.standing_of
        if of is None or of[0] is not warriors or of[1] != len(warriors):
            self.standing_of = (warriors, len(warriors))
            self._stand_all()
            self.opposing_cache = {}
            self.contact_cache = {}
            self.facing_cache = {}
            self.rear_cache = {}
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
                standing[at[o]] = (o, o.x, o.y, o.radius, o.team, o.offset <= 0.0,
                                   o.controller == NOBODY)
        else:
            self._stand_all()
        if 3 * len(changed) > len(warriors):
            self.opposing_cache = {}
            self.contact_cache = {}
            return
        # Where each changed figure stood and stands now, when on the battlefield, with its
        # half length: how far its base reaches.
        stale = set(changed)
        if stayed:
            spots = [old[at[o]][1:4] for o in changed]
            spots += [(o.x, o.y, o.radius) for o in changed]
        else:
            spots = [(x, y, r) for o, x, y, r, _, _, _ in old if o in stale]
            spots += [(o.x, o.y, o.radius) for o in changed if o.on_table]
        # Only warriors on the battlefield have lists kept (see opposing_contacts): those
        # not changed stand in ``standing`` still. Every base touching another lies within
        # the pair's reach of it along x and y both: a box test (never more than the
        # distance), a hair wider than the reach so that no rounding of the sum keeps a
        # list it should not.
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
        opposing, contact = self.opposing_cache, self.contact_cache
        for w in (*changed, *near):
            opposing.pop(w, None)
            contact.pop(w, None)

    def _stand_all(self) -> None:
        """``standing`` and ``standing_at`` made afresh from every warrior."""
        self.standing = [(o, o.x, o.y, o.radius, o.team, o.offset <= 0.0, o.controller == NOBODY)
                         for o in self.warriors if o.on_table]
        self.standing_at = {entry[0]: i for i, entry in enumerate(self.standing)}

    # Whether one figure faces another, or meets its rear arc, reads those two bases alone
    # and the first one's card (its arcs): an answer is kept while neither base has been
    # written to (Warrior.placed is as it was) and the card is the same. Close combat asks
    # it of the same pair again and again while the figures stand still.

    def faces(self, a: Warrior, b: Warrior, facing: float | None = None) -> bool:
        """Is part of ``a``'s front arc where it meets ``b``'s base?"""
        if facing is not None:
            return g.faces(a.discs_at((a.x, a.y), facing), facing, a.card.arc, b.discs)
        found = _kept_pair(self.facing_cache, a, b)
        if found is None:
            found = _keep_pair(self.facing_cache, a, b,
                               g.faces(a.discs, a.facing, a.card.arc, b.discs))
        return found

    def at_rear(self, a: Warrior, t: Warrior) -> bool:
        """Does ``a`` meet ``t``'s rear arc?"""
        found = _kept_pair(self.rear_cache, t, a)
        if found is None:
            found = _keep_pair(self.rear_cache, t, a,
                               g.meets_rear(t.discs, t.facing, t.card.arc, a.discs))
        return found

    def elevation(self, w: Warrior) -> int | None:
        return self.terrain.elevation((w.x, w.y)) if self.terrain else None

    def player_of(self, w: Warrior) -> Player:
        return self.players[w.owner]

    def controller_player(self, w: Warrior) -> int:
        return w.owner

    # --- events and dice ----------------------------------------------------------------

    def emit(self, event: str, /, **data: Any) -> None:
        data["e"] = event
        self.events.append(data)

    def roll(self, count: int, purpose: str, **info: Any) -> list[int]:
        """Roll six-sided dice; every roll is an event."""
        dice = self.dice.roll(count)
        self.emit("roll", purpose=purpose, dice=dice, **info)
        return dice

    # --- clicks -------------------------------------------------------------------------

    def damage(self, w: Warrior, clicks: int, cause: str, by: int | None,
               source: Warrior | None = None, *, ability: str | None = None,
               kind: str | None = None, pierce: bool = False, plain: bool = False) -> int:
        """Click the dial clockwise; three skulls eliminate (Rulebook I). Returns the clicks
        taken.

        The holder's damage hooks reduce ``clicks`` (FAQ, Applying Damage: reductions come
        after every increase, which the caller has made). ``pierce`` ignores Battle Armor,
        Toughness and Invulnerability; ``plain`` treats the holder as having no special
        abilities (Shockwave). The whole amount turns the dial at once: abilities the dial
        brings up meanwhile change nothing (FAQ, Changing Special Abilities).
        """
        if not w.on_table:
            return 0
        if w.controller != NOBODY:
            # Rulebook III, Capturing: a captive never takes damage from any source.
            return 0
        if clicks > 0 and not plain:
            hooks = REGISTRY.hooks_for("damage", w.abilities)
            if hooks:
                ctx = DamageContext(clicks=clicks, cause=cause, source=source, kind=kind,
                                    ability=ability, pierce=pierce)
                for fn in hooks:
                    fn(self, w, ctx)
                clicks = max(0, ctx.clicks)
        extra: dict[str, Any] = {} if ability is None else {"ability": ability}
        if source is not None:
            extra["source"] = source.id  # who dealt it, for the figures' statistics
        if clicks <= 0:
            self.emit("damage", warrior=w.id, clicks=0, click=w.click, cause=cause, **extra)
            return 0
        w.click += clicks
        dead = w.click >= len(w.card.clicks)
        self.emit("damage", warrior=w.id, clicks=clicks,
                  click=w.click if not dead else len(w.card.clicks), cause=cause, **extra)
        if dead:
            w.click = len(w.card.clicks) - 1
            self.eliminate(w, by)
        else:
            self.dial_turned(w, cause)
        return clicks

    def heal(self, w: Warrior, clicks: int, cause: str) -> int:
        """Click the dial counter-clockwise, never past the starting click (Rulebook III,
        Healing and Other Repairing Abilities). Returns the clicks actually healed."""
        if not w.on_table or w.controller != NOBODY or clicks <= 0:
            return 0
        hooks = REGISTRY.hooks_for("healing", w.abilities)
        if hooks:
            ctx = HealContext(clicks=clicks, cause=cause)
            for fn in hooks:
                fn(self, w, ctx)
            clicks = max(0, ctx.clicks)
        new = max(w.card.starting_click, w.click - clicks)
        healed = w.click - new
        w.click = new
        self.emit("healed", warrior=w.id, clicks=healed, click=w.click, cause=cause)
        if healed:
            self.dial_turned(w, cause)
        return healed

    def dial_turned(self, w: Warrior, cause: str) -> None:
        """New abilities showing may act at once (Battle Fury, Berserk, Invulnerability)."""
        hooks = REGISTRY.hooks_for("dial", w.abilities)
        if hooks:
            ctx = DialContext(cause=cause)
            for fn in hooks:
                fn(self, w, ctx)

    def eliminate(self, w: Warrior, by: int | None) -> None:
        w.on_table = False
        w.eliminations += 1
        w.cancelled = frozenset()
        self.emit("eliminated", warrior=w.id)
        if w.controller != NOBODY:
            # An eliminated captive leaves its controller free to take another.
            self.warriors[w.controller].captive = NOBODY
            w.controller = NOBODY
        # Rulebook VI, Victory!: eliminations score as they happen, for the opponent who
        # eliminated the figure; self-inflicted ones score for nobody (RULES_NOTES.md).
        if by is not None and self.players[by].team != w.team:
            self.players[by].score += w.card.points
            self.emit("score", player=by, points=w.card.points, reason="eliminated",
                      warrior=w.id)
        if w.captive != NOBODY:
            self.release(self.warriors[w.captive])

    def release(self, c: Warrior) -> None:
        """Rulebook III, Capturing: a captive goes free when its controller is eliminated."""
        holder = self.warriors[c.controller]
        holder.captive = NOBODY
        c.controller = NOBODY
        self.emit("released", warrior=c.id)
        if self.terrain:
            for i in self.terrain.blocking:
                if any(g.disc_overlaps_polygon((x, y), r, self.terrain.features[i].polygon)
                       for x, y, r in c.discs):
                    # Rulebook III, Capturing: released inside blocking terrain.
                    self.eliminate(c, None)
                    return

    # --- a snapshot for tests and replays -----------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        return {
            "phase": self.phase, "turn": self.turn, "round": self.round,
            "current": self.current, "actions_used": self.actions_used,
            "scores": [p.score for p in self.players],
            "withdrawn": [p.withdrawn for p in self.players],
            "warriors": [
                [w.id, w.on_table, w.x, w.y, w.facing, w.click, w.tokens, w.token_turn,
                 w.acted_turn, w.captive, w.controller, w.eliminations, sorted(w.cancelled)]
                for w in self.warriors
            ],
            "pending": [repr(p) for p in self.pending],
            "terrain": [f.to_dict() for f in self.terrain.features],
        }


def _kept_pair(cache: PairAnswers, first: Warrior, second: Warrior) -> bool | None:
    """The answer kept about two bases and ``first``'s card (State.faces, State.at_rear),
    if neither base has been written to since and the card is the same; else None."""
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
