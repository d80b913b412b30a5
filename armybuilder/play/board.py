"""A battle as the player sees it: plain, frozen records the play session hands the app.

Nothing here imports the engine: the screens and the battlefield map read these records
only, so they never touch a game the AI may be thinking about in another thread.
Distances are inches, angles radians (0 east, counter-clockwise), north is +y.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

Point = tuple[float, float]
#: A disc of a base: centre x, centre y, radius.
Disc = tuple[float, float, float]


@dataclass(frozen=True, slots=True)
class Click:
    """One live click of a combat dial (a chariot section's dial: with its skulls)."""

    speed: int
    attack: int
    defense: int
    damage: int
    abilities: tuple[str, ...] = ()
    skulls: int = 0


@dataclass(frozen=True, slots=True)
class Section:
    """One of a chariot's four sections and its own combat dial (Chariot rules, Combat
    Dials): ``name`` front, left, right or rear."""

    name: str
    dial: tuple[Click, ...]
    click: int
    active: bool  # numbers and at most two skulls: it may be given an action, be attacked
    acted: bool  # given its one action this turn (Chariot rules, Actions)

    @property
    def stats(self) -> Click:
        return self.dial[self.click]


@dataclass(frozen=True, slots=True)
class Piece:
    """One warrior: where it stands and what its dial shows."""

    id: int
    seat: int
    letter: str
    name: str
    key: str
    points: int
    rank: str
    factions: tuple[str, ...]
    x: float
    y: float
    facing: float
    arc: int  # front arc, degrees
    radius: float  # half the base's length: every part of the base is this near the dot
    #: The base's discs where it stands, as the engine keeps them: one, two along the
    #: facing (a double base), or a chariot's four sections (front, left, right, rear).
    base: tuple[Disc, ...]
    #: The same discs with the centre dot at the origin facing east (x ahead, y left):
    #: where they go when the base is set down elsewhere.
    shape: tuple[Disc, ...]
    range: int
    targets: int
    dial: tuple[Click, ...]
    click: int
    starting_click: int
    on_table: bool
    deployed: bool
    eliminated: bool
    tokens: int
    acted: bool  # given an action this turn
    captive_of: int | None
    holds: int | None
    abilities: tuple[str, ...]  # in effect now
    #: A chariot's sections (Chariot rules, Combat Dials); empty for any other figure,
    #: whose ``dial`` is its own (a chariot's ``dial`` is one click: the best its active
    #: sections show, at a glance).
    sections: tuple[Section, ...] = ()
    passenger: int | None = None  # who rides in this chariot (Chariot rules, Passengers)
    riding: int | None = None  # the chariot this warrior rides in
    #: A castle section's piece ("keep", "round tower", "gatehouse", "wall"; Castle rules,
    #: Sections), "" for every other figure: its footprint is in ``Board.castle``.
    castle: str = ""
    #: The castle section (its warrior id) this warrior stands on top of (Castle rules,
    #: Elevation Levels), None on the ground.
    on_castle: int | None = None
    #: The World Conquest structure (its warrior id) this warrior stands on guard in
    #: (World Conquest, Upgrading Defenses: wholly inside, through the entrance), or None.
    on_guard: int | None = None
    #: Its kind of figure, as the engine names it ("warrior", "chariot", "castle section",
    #: "structure"): the screens ask it what the figure looks like (tui/piece_views.py).
    kind: str = "warrior"

    @property
    def stats(self) -> Click:
        return self.dial[self.click]

    @property
    def chariot(self) -> bool:
        return bool(self.sections)

    def section(self, name: str) -> Section:
        return next(s for s in self.sections if s.name == name)

    @property
    def demoralized(self) -> bool:
        return "Demoralized" in self.abilities

    @property
    def label(self) -> str:
        return f"{self.letter} {self.name}"

    def discs(self, at: Point | None = None, facing: float | None = None) -> tuple[Disc, ...]:
        """The base's discs, here (the engine's own) or at ``at`` facing ``facing``."""
        if at is None and facing is None:
            return self.base
        x, y = at if at is not None else (self.x, self.y)
        f = self.facing if facing is None else facing
        c, s = math.cos(f), math.sin(f)
        return tuple((x + a * c - b * s, y + a * s + b * c, r) for a, b, r in self.shape)


@dataclass(frozen=True, slots=True)
class Patch:
    """A terrain feature: its kind (Rulebook V) and outline."""

    kind: str
    polygon: tuple[Point, ...]
    name: str = ""


@dataclass(frozen=True, slots=True)
class Portal:
    """Castle rules, Portals: a door, gate or portcullis of a section, the segment it
    closes, open or closed."""

    name: str
    a: Point
    b: Point
    open: bool


@dataclass(frozen=True, slots=True)
class Ladder:
    """Castle rules, Planking and Ladders: a ladder standing against a wall section, the
    access point it makes (the segment of the wall's edge it leans on) and the seat of
    the player it belongs to (-1: nobody's, a scenario's)."""

    a: Point
    b: Point
    seat: int = -1


@dataclass(frozen=True, slots=True)
class Stronghold:
    """A castle section as the map draws it (Castle rules, Sections): the warrior it is,
    its piece, its footprint where it stands, its portals; breached (Castle rules,
    Portals: Demoralized showing, its portals open for good) and rubble once eliminated
    (Castle rules, Eliminating Castle Sections: hindering rubble of the same shape)."""

    warrior: int
    piece: str
    footprint: tuple[Point, ...]
    #: Its parts on the battlefield: its top or tops (a gatehouse's two, either side of
    #: the archway) and the planking touching it; the rubble's outlines once it fell.
    parts: tuple[tuple[Point, ...], ...] = ()
    portals: tuple[Portal, ...] = ()
    breached: bool = False
    rubble: bool = False
    #: Ladders standing against it (Castle rules, Planking and Ladders: access points).
    ladders: tuple[Ladder, ...] = ()
    #: Its planking's outlines (Castle rules, Planking and Ladders: "considered to be
    #: part of the wall section it is touching"), also among ``parts``.
    planking: tuple[tuple[Point, ...], ...] = ()
    #: A World Conquest fortification (Upgrading Defenses) rather than a castle section:
    #: ``piece`` is "banner", "outpost", "fort" or "castle"; a structure's ``walls`` are
    #: its sides but the entrances (``portals``, always open).
    work: bool = False
    walls: tuple[tuple[Point, Point], ...] = ()

    @property
    def banner(self) -> bool:
        return self.work and self.piece == "banner"

    @property
    def words(self) -> str:
        """The section in plain words: "keep, breached, portals: inner door open"."""
        if self.work:
            entrances = len(self.portals)
            return self.piece + (f", {entrances} entrance{'s' if entrances != 1 else ''}"
                                 if entrances else "")
        state = "rubble" if self.rubble else "breached" if self.breached else "standing"
        doors = ", ".join(f"{p.name} {'open' if p.open else 'closed'}" for p in self.portals)
        ladders = len(self.ladders)
        leaning = (f"; {ladders} ladder{'s' if ladders != 1 else ''}"
                   if ladders and not self.rubble else "")
        return f"{self.piece}, {state}" + (f"; portals: {doors}" if doors and not self.rubble
                                           else "") + leaning


@dataclass(frozen=True, slots=True)
class Side:
    """A player: who commands it and how the victory points stand now."""

    seat: int
    name: str
    commander: str  # "human", "heuristic" or "random"
    called: str  # who commands it, as the screen says (Seats.called)
    edge: str
    area: tuple[float, float, float, float]  # starting area x0, y0, x1, y1
    actions: int  # actions per turn
    eliminations: int
    captives: int
    survivors: int
    withdrawn: bool

    @property
    def human(self) -> bool:
        return self.commander == "human"

    @property
    def vp(self) -> int:
        return self.eliminations + self.captives + self.survivors


@dataclass(frozen=True, slots=True)
class Ending:
    termination: str  # "one side left", "time limit", "agreement"
    round: int
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TerrainPiece:
    """A terrain item still in the pile (Rulebook II, Setting the Scene)."""

    index: int
    name: str
    patches: tuple[Patch, ...]  # outlines around the item's own origin


@dataclass(frozen=True, slots=True)
class Board:
    table: float
    pieces: tuple[Piece, ...]
    patches: tuple[Patch, ...]
    sides: tuple[Side, ...]
    phase: str  # "terrain", "deploy", "play", "over"
    turn: int
    round: int
    round_limit: int | None
    current: int  # whose turn it is
    to_act: int  # who owes the next decision
    actions_used: int
    turn_actions: int
    ending: Ending | None = None
    pile: tuple[TerrainPiece, ...] = ()
    version: int = 0  # the log entries behind this board
    #: The castle's sections, standing or rubble (Castle rules), and the World Conquest
    #: fortifications standing; empty without either.
    castle: tuple[Stronghold, ...] = ()
    #: Why the turn has more actions than the player's own (``turn_actions`` counts
    #: them): one entry an extra action, in words ("the keep A Castle Keep", "Command").
    extra_actions: tuple[str, ...] = ()

    def piece(self, wid: int) -> Piece:
        return self.pieces[wid]

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def on_table(self) -> list[Piece]:
        return [p for p in self.pieces if p.on_table]


@dataclass(frozen=True, slots=True)
class Option:
    """An action the player may give, in words; ``action`` is the engine's own (opaque
    to the app: it is handed back to the session to check or play)."""

    kind: str
    words: str
    action: object = field(compare=False)
    warrior: int | None = None
    targets: tuple[int, ...] = ()
    members: tuple[int, ...] = ()
    ability: str | None = None
    capture: bool = False
    #: The chariot's sections given the action (Chariot rules, Actions): one, or several
    #: move actions combined into one movement.
    sections: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the engine refuses an action: its rule and its reason, in its words."""

    rule: str
    reason: str

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})" if self.rule else self.reason


class Refused(ValueError):
    """An action the engine would not take: ``refusal`` holds its rule and reason."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal


@dataclass(frozen=True, slots=True)
class KindStatus:
    """Whether a warrior may be given one kind of action now, and if not, why."""

    kind: str
    allowed: bool
    why: Refusal | None = None


@dataclass(frozen=True, slots=True)
class TargetOdds:
    """What an attack does to one figure, counted over every roll of the dice."""

    warrior: int
    hit: float  # the chance the attack succeeds against it (a hit not dodged)
    clicks: float  # expected clicks of damage (or healing, for a healer)
    eliminated: float
    captured: float


@dataclass(frozen=True, slots=True)
class Outlook:
    """An action's outcomes counted over every roll of the dice before it is given.

    When the action waits for a chariot's player to choose a section (Chariot rules: an
    attack along a borderline, the pushing click, a touching figure's damage), ``choice``
    holds the outcomes for each section they may choose, and the rest is those of the
    worst section for the player acting (the best, when they choose it themselves)."""

    targets: tuple[TargetOdds, ...] = ()
    critical_miss: float = 0.0
    own_clicks: float = 0.0  # expected clicks the player's own figures take (2s, pushing)
    own_losses: tuple[tuple[int, float, str], ...] = ()  # (warrior, chance, cause)
    break_away: float | None = None  # the chance of breaking away, for a move in contact
    branches: int = 0
    choice: SectionOdds | None = None
    #: Own warriors the action pushes (Rulebook III, Pushing: a second action token), each
    #: with the clicks of pushing damage it takes, as the engine's outcomes count them.
    pushed: tuple[tuple[int, float], ...] = ()
    #: Warriors given the action for free (Special Abilities Card, Quickness: none of the
    #: turn's actions used; the warrior's own action this turn is).
    free: tuple[int, ...] = ()

    @property
    def certain_losses(self) -> list[int]:
        """Own warriors the action is sure to eliminate (a push that kills)."""
        return [w for w, p, _ in self.own_losses if p > 1 - 1e-9]


@dataclass(frozen=True, slots=True)
class SectionOdds:
    """Chariot rules: an action's outcomes for each section the chariot's player may
    choose (``purpose``: "attack", "pushing" or "damage"), counted before it is given."""

    chariot: int
    seat: int  # who chooses: the chariot's player
    purpose: str
    sections: tuple[tuple[str, Outlook], ...]
    #: The section whose outcomes the rest of the outlook shows: the worst for the
    #: player acting when the other side chooses, the best when they choose themselves.
    counted: str


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision owed before play goes on: ``kind`` is "spin" (Rulebook III, Free
    Spin), "plan" (a movement formation's moves), "follow_up" (the attack ending a Charge
    or Bound), "confused" (moving an opposing warrior, Magic Confusion), "section" (the
    chariot's player chooses the section an attack along a borderline, the pushing click
    or a touching figure's damage goes on: Chariot rules), "facing" (the passenger of a
    wrecked chariot faces as his player chooses: Chariot rules, Damaging a Passenger) or
    "target" (the defender chooses the figure an attack across connected access points
    is made on: Castle rules, Close Combat; ``warrior`` is the attacker).
    ``purpose``: a section choice's "attack", "pushing" or "damage", in words. A plan's
    ``members`` are every member of the formation; ``stuck`` those that failed to break
    away (they may only turn: Rulebook IV, Movement Formations)."""

    kind: str
    seat: int
    warrior: int | None
    options: tuple[Option, ...]
    members: tuple[int, ...] = ()
    purpose: str = ""
    stuck: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Roll:
    """One roll of the dice an action made, in the order made: what for (the engine's
    purpose: "attack", "damage", "break away", "passenger", ...), the dice, whose roll and
    the figure it is for (a damage die's target, the passenger a 5-6 throws)."""

    purpose: str
    dice: tuple[int, ...]
    warrior: int | None = None
    target: int | None = None


@dataclass(frozen=True, slots=True)
class Played:
    """One action given, as the screen tells it."""

    seat: int
    words: str
    lines: tuple[str, ...]
    rolls: tuple[Roll, ...]  # every roll, in order
    moves: tuple[tuple[int, Point, Point], ...]  # (warrior, from, to)
    strikes: tuple[tuple[int, int, bool], ...]  # (attacker, target, hit)
    board: Board


@dataclass(frozen=True, slots=True)
class Progress:
    """What a saved game keeps after every action: the log is the save."""

    log: str
    actions: int  # log entries after the set-up entry
    round: int
    over: bool
    result: str  # how it ended, in words, once over


def result_words(board: Board) -> str:
    """How a game ended: the winner, the ending, every side's victory points."""
    if board.ending is None:
        return ""
    names = [s.name for s in board.sides]
    winners = [names[w] for w in board.ending.winners]
    verdict = (f"{winners[0]} wins" if len(winners) == 1
               else "a draw" if winners else "nobody wins")
    scores = ", ".join(f"{s.name} {s.vp} VP" for s in board.sides)
    return (f"{verdict} ({board.ending.termination}, round {board.ending.round}): "
            f"{scores}")
