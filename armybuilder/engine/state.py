"""The game state: warriors, players and the shared bookkeeping every rule module uses.

Compact mutable objects with ``__slots__``; nothing here is copied per action. The rule
modules (turns, movement, ranged, close, victory) work on a :class:`State`.
"""

from __future__ import annotations

import copy
import math
from typing import TYPE_CHECKING, Any, cast

from armybuilder.engine import geometry as g
from armybuilder.engine.abilities import (
    REGISTRY,
    SPEED_ABILITIES,
    DamageContext,
    DialContext,
    HealContext,
)
from armybuilder.engine.cards import ClickStats, FigureCard
from armybuilder.engine.dice import Dice
from armybuilder.engine.events import (
    Damage,
    Roll,
    Told,
)
from armybuilder.engine.figure_kinds import FigureKind, kind_for, kinds
from armybuilder.engine.geometry import Point
from armybuilder.engine.illegal import IllegalAction as IllegalAction
from armybuilder.engine.memory import DIAL, PLACING, Memory
from armybuilder.engine.phases import SETUP, Phase
from armybuilder.engine.terrain import Terrain

if TYPE_CHECKING:
    from armybuilder.engine.castle import Section
    from armybuilder.engine.fortifications import Work
    from armybuilder.engine.sections import Chariot

#: An event as the log writes it (events.py declares each kind).
Event = dict[str, Any]

#: Rulebook II, Setting the Scene: starting areas are 3" deep and 8" from adjoining edges.
START_DEPTH = 3.0
START_MARGIN = 8.0
EDGES: tuple[str, ...] = ("south", "north", "west", "east")
NOBODY = -1


#: Damage that Toughness and Invulnerability reduce (Special Abilities Card): attacks and
#: damaging special abilities, never pushing or a critical miss.
REDUCIBLE = frozenset({"attack", "ability"})


_set_slot = object.__setattr__


class Warrior:
    __slots__ = (
        "abilities", "acted_turn", "arc", "cancelled", "captive", "card", "castle", "chariot",
        "click", "controller", "deployed", "eliminations", "facing", "guarding", "half_length",
        "id", "kind", "memory", "on_table", "owner", "placed", "riding", "round", "shape",
        "showing", "stats", "team", "token_turn", "tokens", "work", "x", "y",
    )
    #: The special abilities in effect: those showing, less any cancelled (kept up to date
    #: by __setattr__; asked for by nearly every rule).
    abilities: tuple[str, ...]
    #: The special abilities on the dial now, cancelled or not (none for a captive).
    showing: tuple[str, ...]
    #: The click showing in the stat slot.
    stats: ClickStats
    #: The game's memory, told of every write that places the base (memory.PLACING).
    memory: Memory
    #: memory.arrangement as the last write that placed the base left it.
    placed: int
    #: Its kind of figure (figure_kinds.py): what it does differently from a warrior.
    kind: FigureKind
    #: A chariot's sections (Chariot rules); None for every other figure.
    chariot: Chariot | None
    #: A castle section's bookkeeping (Castle rules, Sections; engine/castle.py); None for
    #: every other figure.
    castle: Section | None
    #: A World Conquest fortification's bookkeeping (engine/fortifications.py); None for
    #: every other figure.
    work: Work | None
    #: The front arc in effect, in degrees: the card's, or 360 on guard in a World
    #: Conquest structure (fortifications.refresh keeps it).
    arc: int
    #: The World Conquest structure this warrior stands on guard in, or NOBODY.
    guarding: int
    #: The chariot this warrior rides in as its passenger (Chariot rules, Passengers), or
    #: NOBODY. A passenger is off the battlefield (``on_table`` False): it touches nothing,
    #: blocks no line of fire and is never targeted; it stands at its chariot's centre dot.
    riding: int

    def __init__(self, wid: int, card: FigureCard, owner: int, team: int) -> None:
        _set_slot(self, "memory", _DETACHED)
        _set_slot(self, "riding", NOBODY)
        _set_slot(self, "chariot", None)
        _set_slot(self, "castle", None)
        _set_slot(self, "work", None)
        kind = kind_for(card)
        _set_slot(self, "kind", kind)
        kind.made(self, card)
        _set_slot(self, "arc", card.arc)
        _set_slot(self, "guarding", NOBODY)
        self.id = wid
        self.card = card
        self.owner = owner
        self.team = team
        self.shape = card.shape
        #: Every part of the base is within this of the centre dot.
        self.half_length = card.shape.half_length
        #: Turning in place leaves the base where it was.
        self.round = card.shape.round
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
        # Every write of a field something is remembered from is reported, so no rule can
        # forget to (memory.py, What invalidates what).
        _set_slot(self, name, value)
        if name in PLACING:
            self.memory.placed(self)
        if name in DIAL:
            self._read_dial()

    def __setstate__(self, state: Any) -> None:
        # copy.deepcopy and pickle restore the fields as they were, memory included: no
        # write is reported (there is nothing yet to report it to).
        _, fields = state if isinstance(state, tuple) else (state, None)
        for name, value in (fields or {}).items():
            _set_slot(self, name, value)

    def copied(self, memory: Memory) -> Warrior:
        """This warrior for a copy of the game whose memory is ``memory``: the same fields
        (nothing reported: the copy's memory is this one's, copied), its own chariot
        sections and castle section bookkeeping. Everything else it holds is never changed
        in place (cards, shapes, World Conquest works, tuples and frozen sets)."""
        # Written field by field on a warrior that does not watch its writes, then made a
        # Warrior: a copy is made thousands of times a second by a searching player.
        new: Warrior = _Unwatched.__new__(_Unwatched)
        new.abilities = self.abilities
        new.acted_turn = self.acted_turn
        new.arc = self.arc
        new.cancelled = self.cancelled
        new.captive = self.captive
        new.card = self.card
        new.castle = None if self.castle is None else self.castle.copy()
        new.chariot = None if self.chariot is None else self.chariot.copy()
        new.click = self.click
        new.controller = self.controller
        new.deployed = self.deployed
        new.eliminations = self.eliminations
        new.facing = self.facing
        new.guarding = self.guarding
        new.half_length = self.half_length
        new.id = self.id
        new.kind = self.kind
        new.memory = memory
        new.on_table = self.on_table
        new.owner = self.owner
        new.placed = self.placed
        new.riding = self.riding
        new.round = self.round
        new.shape = self.shape
        new.showing = self.showing
        new.stats = self.stats
        new.team = self.team
        new.token_turn = self.token_turn
        new.tokens = self.tokens
        new.work = self.work
        new.x = self.x
        new.y = self.y
        new.__class__ = Warrior
        return new

    def place(self, x: float, y: float, facing: float) -> None:
        """Set the base down at (x, y) facing ``facing``: the three placing writes a move
        makes, reported at once."""
        _set_slot(self, "x", x)
        _set_slot(self, "y", y)
        _set_slot(self, "facing", facing)
        self.memory.placed(self, 3)

    def _read_dial(self) -> None:
        try:
            card, click, controller, cancelled = (self.card, self.click, self.controller,
                                                  self.cancelled)
        except AttributeError:
            return  # still being built (__init__): the last field reads it
        kind = self.kind
        if kind.own_dial:
            kind.read_dial(self)  # a chariot: its sections' dials (chariot_kind.py)
            return
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
        abilities = tuple(a for a in showing if a not in cancelled) if cancelled else showing
        if self.riding != NOBODY and abilities:
            # Chariot rules, Passengers: a passenger's speed special abilities are ignored.
            abilities = tuple(a for a in abilities if a not in SPEED_ABILITIES)
        _set_slot(self, "abilities", abilities)

    def has(self, name: str) -> bool:
        return name in self.abilities

    @property
    def discs(self) -> tuple[g.Disc, ...]:
        """The parts of the base where it stands."""
        if self.round:
            return ((self.x, self.y, self.half_length),)  # RoundBase.discs_at, without a call
        return self.shape.discs_at(self.x, self.y, self.facing)

    def discs_at(self, pos: Point, facing: float) -> tuple[g.Disc, ...]:
        """The parts of the base if it stood at ``pos`` facing ``facing``."""
        if self.round:
            return ((pos[0], pos[1], self.half_length),)
        return self.shape.discs_at(pos[0], pos[1], facing)

    @property
    def is_captive(self) -> bool:
        return self.controller != NOBODY

    @property
    def label(self) -> str:
        return f"warrior {self.id} ({self.card.name})"

    def __repr__(self) -> str:
        return (f"Warrior({self.id}, {self.card.name!r}, owner={self.owner}, "
                f"at=({self.x:.3f}, {self.y:.3f}), click={self.click})")


#: The memory of warriors not yet in a game's list (State adopts them).
_DETACHED = Memory()


class _Unwatched(Warrior):
    """A warrior whose writes are not reported: what Warrior.copied fills in."""

    __slots__ = ()
    # The plain write, not a function of ours calling it: Python then writes each slot
    # directly.
    __setattr__ = object.__setattr__  # type: ignore[assignment]


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

    def copy(self) -> Player:
        new = Player.__new__(Player)
        new.actions = self.actions
        new.area = self.area
        new.army_points = self.army_points
        new.build_total = self.build_total
        new.edge = self.edge
        new.index = self.index
        new.name = self.name
        new.score = self.score
        new.team = self.team
        new.withdrawn = self.withdrawn
        return new


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


def dealt(event: Damage, ability: str | None, source: Warrior | None) -> Damage:
    """``event`` with the ability that dealt the damage and the figure that did, when
    one did (the figures' statistics)."""
    if ability is not None:
        event["ability"] = ability
    if source is not None:
        event["source"] = source.id
    return event


def in_area(pos: Point, area: tuple[float, float, float, float]) -> bool:
    x0, y0, x1, y1 = area
    return x0 - g.EPS <= pos[0] <= x1 + g.EPS and y0 - g.EPS <= pos[1] <= y1 + g.EPS


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
        #: The chariots among the warriors (Chariot rules): rules that only chariots need
        #: are asked only when there is one.
        self.chariots = tuple(w.id for w in warriors if w.chariot is not None)
        #: The kinds of figure other than the warrior with a figure in this game
        #: (figure_kinds.py): the rules their figures add are asked only then.
        self.kinds_in_play: tuple[FigureKind, ...] = tuple(
            k for k in kinds() if any(w.kind is k for w in warriors))
        #: The castle sections among the warriors and the player who uses them (Castle
        #: rules, Playing Area and Set-Up; engine/castle.py): castle rules are asked only
        #: when there is one. Setup sets them when it places the castle.
        self.sections: tuple[int, ...] = tuple(w.id for w in warriors if w.castle is not None)
        self.castle_player = NOBODY
        #: Castle rules, Playing Area and Set-Up: the grid cells (castle_setup.CELL) of
        #: the battlefield the castle encloses, where no terrain may be placed.
        self.castle_enclosed: frozenset[tuple[int, int]] = frozenset()
        #: World Conquest fortifications among the warriors (engine/fortifications.py):
        #: their rules are asked only when there is one. Setup sets them.
        self.works: tuple[int, ...] = ()
        self.phase: Phase = SETUP
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
        #: World Conquest, Troop Movements: the clicks warriors enter at when not their
        #: starting click (damage carried from an earlier battle; setup.PlayerSetup.clicks).
        self.entry_clicks: dict[int, int] = {}
        #: Warriors of the player whose turn it is that began it in base contact with an
        #: opposing figure (Charge, Bound).
        self.engaged_at_start: frozenset[int] = frozenset()
        self.free_action = False  # the action under way uses none of the turn's actions
        self.action_ended = False  # Pole Arm or Ram ended the action under way
        #: World Conquest, Weather over the whole battlefield (engine/weather.py).
        self.weather: tuple[str, ...] = ()
        #: What this game remembers to answer faster (memory.py); not part of the game.
        self.memory = Memory()
        self.memory.adopt(warriors)

    # --- a copy to try things on ---------------------------------------------------------

    #: How each field that holds something changed in place is copied (State.copy); every
    #: other field holds a value never changed in place (a number, a string, a tuple, a
    #: frozen set or record) and is shared. tests/engine/test_engine_copy.py checks that a
    #: new field is one or the other.
    COPIED: frozenset[str] = frozenset({
        "players", "warriors", "terrain", "dice", "pending", "pushed", "events",
        "terrain_pile", "entry_clicks", "memory"})

    def copy(self) -> State:
        """An independent game at the same point: its warriors, players, terrain, dice (at
        the same place in their sequence), the decisions owed and what it remembers, all
        its own. Actions given to the copy change nothing here, and the same actions give
        the same events on both (python-chess's ``Board.copy``)."""
        new = object.__new__(type(self))
        fields = self.__dict__.copy()
        new.__dict__ = fields
        memory = Memory.__new__(Memory)  # filled in below, once the warriors are copied
        warriors = [w.copied(memory) for w in self.warriors]
        fields["warriors"] = warriors
        fields["players"] = [p.copy() for p in self.players]
        fields["terrain"] = self.terrain.copy()
        fields["dice"] = self.dice.copy()
        fields["pushed"] = self.pushed[:]
        fields["events"] = self.events[:]
        fields["terrain_pile"] = self.terrain_pile[:]
        fields["entry_clicks"] = dict(self.entry_clicks)
        if self.pending:
            # The decisions owed hold the figures they concern (strikes, attack plans):
            # copied with them, each figure standing for its copy.
            seen: dict[int, Any] = {id(w): c for w, c in zip(self.warriors, warriors,
                                                              strict=True)}
            seen.update((id(w.card), w.card) for w in self.warriors)
            fields["pending"] = copy.deepcopy(self.pending, seen)
        else:
            fields["pending"] = []
        self.memory.copy_into(memory, self, new)
        fields["memory"] = memory
        return new

    # --- relations ----------------------------------------------------------------------

    def friendly(self, a: Warrior, b: Warrior) -> bool:
        # Rulebook III, Friendly and Opposing Figures; captives are neither (Capturing).
        return a.team == b.team and a.controller == NOBODY and b.controller == NOBODY

    def opposing(self, a: Warrior, b: Warrior) -> bool:
        return a.team != b.team and a.controller == NOBODY and b.controller == NOBODY

    def touching(self, a: Warrior, b: Warrior) -> bool:
        """Base contact (Glossary, Base Contact; Rulebook VIII, Etiquette 3)."""
        reach = a.half_length + b.half_length + g.CONTACT_TOLERANCE
        if math.hypot(b.x - a.x, b.y - a.y) > reach or (
                not (a.round and b.round) and not g.discs_touch(a.discs, b.discs)):
            # A kind of figure may put bases that do not touch in base contact (Castle
            # rules, Gatehouse).
            # A loop, not any(): asked of every pair within reach whose bases do not touch.
            for kind in self.kinds_in_play:  # noqa: SIM110
                if kind.in_contact(self, a, b):
                    return True
            return False
        # FAQ, Pole Arm & Low Walls: figures on opposite sides of a low wall are not in
        # base contact, however thin the wall.
        return not (self.terrain.walls and self.terrain.separates(a.discs, b.discs))

    def bases_touch(self, a: tuple[g.Disc, ...], b: tuple[g.Disc, ...]) -> bool:
        """:meth:`touching` for two bases given by their discs (wherever they stand)."""
        return g.discs_touch(a, b) and not (self.terrain.walls
                                            and self.terrain.separates(a, b))

    def on_table(self) -> list[Warrior]:
        return [w for w in self.warriors if w.on_table]

    def opposing_contacts(self, w: Warrior) -> list[Warrior]:
        """Opposing figures in base contact with ``w`` (captives ignored, Rulebook III)."""
        memory = self.memory
        if memory.contacts_seen == memory.arrangement:
            # The list kept for this arrangement, without a second call: players and rules
            # ask this of every warrior at every decision.
            found = memory.opposing.get(w)
            if found is not None:
                return found[:]
        return memory.opposing_contacts(self, w)

    def contacts(self, w: Warrior) -> list[Warrior]:
        """Every other figure on the battlefield in base contact with ``w``, captives too."""
        memory = self.memory
        if memory.contacts_seen == memory.arrangement:
            found = memory.contact.get(w)
            if found is not None:
                return found[:]
        return memory.contacts(self, w)

    def faces(self, a: Warrior, b: Warrior, facing: float | None = None) -> bool:
        """Is part of ``a``'s front arc where it meets ``b``'s base?"""
        if facing is not None:
            return g.faces(a.discs_at((a.x, a.y), facing), facing, a.arc, b.discs)
        found = self.memory.kept_facing(a, b)
        if found is None:
            found = self.memory.keep_facing(a, b, g.faces(a.discs, a.facing, a.arc,
                                                          b.discs))
        return found

    def at_rear(self, a: Warrior, t: Warrior) -> bool:
        """Does ``a`` meet ``t``'s rear arc?"""
        found = self.memory.kept_rear(a, t)
        if found is None:
            found = self.memory.keep_rear(a, t, g.meets_rear(t.discs, t.facing, t.arc,
                                                             a.discs))
        return found

    def elevation(self, w: Warrior) -> int | None:
        """The elevated feature ``w`` stands on (its kind says: a castle section is its
        own), or None."""
        return w.kind.elevation(self, w)

    def player_of(self, w: Warrior) -> Player:
        return self.players[w.owner]

    def controller_player(self, w: Warrior) -> int:
        return w.owner

    # --- events and dice ----------------------------------------------------------------

    def emit(self, event: Told) -> None:
        """Tell ``event`` (events.py declares each kind): the log writes it as it is."""
        self.events.append(cast(Event, event))

    def roll(self, count: int, purpose: str, *, warrior: int | None = None,
             target: int | None = None, player: int | None = None,
             passenger: int | None = None) -> list[int]:
        """Roll six-sided dice; every roll is an event, with what it was for and whose."""
        dice = self.dice.roll(count)
        event: Roll = {"e": "roll", "purpose": purpose, "dice": dice}
        if warrior is not None:
            event["warrior"] = warrior
        if target is not None:
            event["target"] = target
        if player is not None:
            event["player"] = player
        if passenger is not None:
            event["passenger"] = passenger
        self.emit(event)
        return dice

    # --- clicks -------------------------------------------------------------------------

    def reduced(self, w: Warrior, names: tuple[str, ...], clicks: int, cause: str,
                source: Warrior | None, ability: str | None, kind: str | None,
                pierce: bool) -> int:
        """The clicks left of ``clicks`` once the damage hooks of ``names`` have acted on
        them (Toughness, Invulnerability, ...: the abilities of the figure, or of a
        chariot's section, taking the damage)."""
        hooks = REGISTRY.hooks_for("damage", names)
        if not hooks:
            return clicks
        ctx = DamageContext(clicks=clicks, cause=cause, source=source, kind=kind,
                            ability=ability, pierce=pierce)
        for fn in hooks:
            fn(self, w, ctx)
        return max(0, ctx.clicks)

    def damage(self, w: Warrior, clicks: int, cause: str, by: int | None,
               source: Warrior | None = None, *, ability: str | None = None,
               kind: str | None = None, pierce: bool = False, plain: bool = False,
               section: int = -1) -> int:
        """Click the dial clockwise; three skulls eliminate (Rulebook I). Returns the clicks
        taken.

        The holder's damage hooks reduce ``clicks`` (FAQ, Applying Damage: reductions come
        after every increase, which the caller has made). ``pierce`` ignores Battle Armor,
        Toughness and Invulnerability; ``plain`` treats the holder as having no special
        abilities (Shockwave). The whole amount turns the dial at once: abilities the dial
        brings up meanwhile change nothing (FAQ, Changing Special Abilities).

        The figure's kind takes it (figure_kinds.py): a chariot's damage is recorded on one
        section's dial (``section``; Chariot rules, Attacking a Chariot), a castle section
        takes none from pushing or a critical miss (Castle rules, General Rules).
        """
        return w.kind.damage(self, w, clicks, cause, by, source, ability=ability, kind=kind,
                             pierce=pierce, plain=plain, section=section)

    def dial_damage(self, w: Warrior, clicks: int, cause: str, by: int | None,
                    source: Warrior | None, *, ability: str | None, kind: str | None,
                    pierce: bool, plain: bool) -> int:
        """:meth:`damage` on the figure's one dial (a warrior's, a castle section's)."""
        if not w.on_table and w.riding == NOBODY:
            return 0
        if w.controller != NOBODY:
            # Rulebook III, Capturing: a captive never takes damage from any source.
            return 0
        if clicks > 0 and not plain:
            clicks = self.reduced(w, w.abilities, clicks, cause, source, ability, kind, pierce)
        if clicks <= 0:
            self.emit(dealt({"e": "damage", "warrior": w.id, "clicks": 0, "click": w.click,
                             "cause": cause}, ability, source))
            return 0
        w.click += clicks
        dead = w.click >= len(w.card.clicks)
        self.emit(dealt({"e": "damage", "warrior": w.id, "clicks": clicks,
                         "click": w.click if not dead else len(w.card.clicks), "cause": cause},
                        ability, source))
        if dead:
            # Castle rules: a section too "is eliminated when 3 broken tower symbols appear
            # in the stat slot" (its kind leaves rubble).
            w.click = len(w.card.clicks) - 1
            self.eliminate(w, by)
        w.kind.damaged(self, w, cause, by, dead)
        return clicks

    def heal(self, w: Warrior, clicks: int, cause: str) -> int:
        """Click the dial counter-clockwise, never past the starting click (Rulebook III,
        Healing and Other Repairing Abilities). Returns the clicks actually healed."""
        if not w.on_table or w.controller != NOBODY or clicks <= 0:
            return 0
        if not w.kind.healable:
            # Chariot rules and Castle rules, General Rules (chariot_kind, castle_kind).
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
        self.emit({"e": "healed", "warrior": w.id, "clicks": healed, "click": w.click,
                   "cause": cause})
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
        self.emit({"e": "eliminated", "warrior": w.id})
        if w.riding != NOBODY:
            # Chariot rules, Passengers: an eliminated passenger leaves its compartment.
            vehicle = self.warriors[w.riding]
            vehicle.kind.passenger_gone(self, vehicle, w)
            w.riding = NOBODY
        if w.controller != NOBODY:
            # An eliminated captive leaves its controller free to take another.
            self.warriors[w.controller].captive = NOBODY
            w.controller = NOBODY
        # Rulebook VI, Victory!: eliminations score as they happen, for the opponent who
        # eliminated the figure; self-inflicted ones score for nobody (RULES_NOTES.md).
        if by is not None and self.players[by].team != w.team:
            self.players[by].score += w.card.points
            self.emit({"e": "score", "player": by, "points": w.card.points,
                       "reason": "eliminated", "warrior": w.id})
        if w.captive != NOBODY:
            self.release(self.warriors[w.captive])

    def release(self, c: Warrior) -> None:
        """Rulebook III, Capturing: a captive goes free when its controller is eliminated."""
        holder = self.warriors[c.controller]
        holder.captive = NOBODY
        c.controller = NOBODY
        self.emit({"e": "released", "warrior": c.id})
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
            # Chariots: each one's sections and passenger (Chariot rules).
            "chariots": {w.id: told for w in self.warriors
                         if (told := w.kind.snapshot(w)) is not None},
            "riding": {w.id: w.riding for w in self.warriors if w.riding != NOBODY},
        }
