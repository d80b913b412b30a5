"""The expert's foresight: a search over the rest of its turn, on copies of the game.

Mage Knight gives a player one action per 100 points of its army each turn (Rulebook III,
Turns and Actions), and they are worth planning together: a shot that softens a figure
before the close attack that eliminates it, a healer shot before the warrior it would
heal. The search is Monte Carlo tree search over the turn:

- a **decision point** is a position where the searching player gives its next action this
  turn. Its options are the engine's legal listing, ordered by a prior (the heuristic
  player's own choice first, then attacks by their expected victory points, moves by how
  much better the place is, passes last) and **widened progressively**: a point visited
  ``n`` times weighs its first ``WIDTH + sqrt(n)`` options, so a small budget stays on the
  likeliest ones and a large one reaches further;
- an option's **chance node** holds every way the action turns out, with its exact chance
  (the engine's :func:`outcomes`: every 2d6 total, every die); each visit goes to the way
  least visited for its chance (stratified, not sampled), and the option's value is each
  way's mean weighed by its exact chance. An action that turns out more than
  :data:`WAYS_COUNTED` ways (a chariot's volley: each section's roll, then its damage) is
  not counted out: its ways are :data:`SAMPLED_WAYS` rolls of the searcher's dice, each
  as likely;
- after a way that leaves the player another action this turn, a new decision point
  follows (the whole turn planned together); otherwise a **playout** by the fast policy
  (the heuristic player, both sides) runs to the horizon — the start of the searching
  player's next turn, so the opponent's answer is seen — and the position is read as a
  chance of winning (:mod:`armybuilder.ai.standing`).

The copies roll dice of the searcher's own (:class:`Dice`), never the game's: the game's
dice would tell the search what will really be rolled. The ``k``-th playout below every
option rolls the same dice (common random numbers), so options are compared on the same
luck; counted by the option, not by the way it turned out, so an option's visits spread
over its ways still meet different luck (counted by the way, an option seen once in
each of its ways met one opponent's roll, lucky or not, in all of them). Everything is
drawn from the searcher's seed: the same seed and simulation count give the same choice.

The search's work is **bounded by a count**: its playouts may read at most
:data:`LINES_OF_FIRE` lines of fire per simulation asked, after which it stops and chooses
from the simulations done. A simulation usually costs about the same, but the fast policy's
cost swings with the position: a side with three or more fresh warriors in base contact
weighs movement formations at each of its moves (Rulebook IV, Movement Formations), every
member's places read against every enemy's line of fire through the terrain, afresh in
each playout; one such decision read over a hundred times the usual lines and took 5.1 s
of CPU on a loaded machine. The lines read are a count (the same on any machine), so the
bound keeps the same seed and budget giving the same choice; where it never binds,
nothing changes.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from armybuilder.ai import positions, tactics
from armybuilder.ai.figure_play import play_of
from armybuilder.ai.heuristic import HeuristicPlayer
from armybuilder.ai.standing import win_chance
from armybuilder.engine import (
    NOBODY,
    Action,
    CloseAttack,
    Dice,
    EndTurn,
    Game,
    IllegalAction,
    ManyWays,
    Move,
    MoveFormation,
    Pass,
    RangedAttack,
    Terrain,
    UseAbility,
    Warrior,
    legal_actions,
    outcomes,
    waiting,
)
from armybuilder.engine import geometry as g

#: A decision point weighs its first WIDTH + sqrt(visits) options (progressive widening).
WIDTH = 2.0
#: UCB1's exploration weight, times the spread of the options' values at the point: one
#: action seldom moves the chance of winning by more than a few hundredths, and a fixed
#: weight would spread the visits evenly whatever the values.
EXPLORATION = 1.0
#: The least spread the exploration is scaled by.
LEAST_SPREAD = 0.005
#: The choice is the best value among the options simulated at least this share of the
#: most simulated one's count.
TRUSTED = 0.5
#: How much better (in chance of winning) the best option must be than the first (the
#: policy's own choice) to be played instead of it.
MARGIN = 0.01
#: The most decisions a playout makes before it is read, whatever the horizon.
PLAYOUT_LIMIT = 40
#: A way leads to a decision point of its own once visited this often (before: playouts).
EXPAND = 2
#: The kinds of action weighed at a decision point later in the turn (with the policy's
#: own choice, whatever it is).
LATER = frozenset({"close", "ranged", "ability"})
#: The tiers of the options' order (Search.options).
ATTACKS, BEST_MOVES, FORMATIONS_AND_PASSES, MOVES, REST = range(5)
#: Seeds for the searcher's dice are drawn below this.
SEEDS = 1 << 62
#: The most ways an option's action is counted out in (module docstring); one that turns
#: out more is sampled SAMPLED_WAYS times instead. Counting is a copy of the game and the
#: action played on it per way: one attack's 2d6 is 11 ways and with a die of damage 66
#: (the most in two standard games of the expert's), but a chariot's volley of sections
#: rolled some 660, and a position with fifty such options took 16.5 s of CPU to search.
WAYS_COUNTED = 150
SAMPLED_WAYS = 12
#: The most lines of fire the playouts may read per simulation asked, before the search
#: stops early (module docstring). Over the 200 searched decisions of four standard games
#: a simulation read 7 at the median and 186 at most, but for two decisions where the
#: policy weighed movement formations at every move: 841 and 930, taking them to 2.6 and
#: 2.3 s of one core (5.1 s on a loaded machine). 320 leaves the ordinary positions alone
#: and stops those at about a third of their work.
LINES_OF_FIRE = 320


@dataclass(slots=True)
class Way:
    """One way an option turns out: its exact chance and the game after it."""

    chance: float
    game: Game
    visits: int = 0
    total: float = 0.0
    #: The searcher's next decision this turn after this way (made on its second visit).
    point: Point | None = None

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(slots=True)
class Option:
    """One action weighed at a decision point."""

    action: Action
    prior: float
    #: Every way it turns out (None until first tried).
    ways: list[Way] | None = None
    visits: int = 0

    @property
    def value(self) -> float:
        """The chance of winning it gives: each way's mean weighed by its exact chance
        (the ways not yet visited left out)."""
        if not self.ways:
            return 0.0
        weight = total = 0.0
        for way in self.ways:
            if way.visits:
                weight += way.chance
                total += way.chance * way.mean
        return total / weight if weight else 0.0


@dataclass(slots=True)
class Point:
    """A position where the searcher gives its next action this turn."""

    game: Game
    options: list[Option] = field(default_factory=list)
    visits: int = 0


@dataclass(frozen=True, slots=True)
class Weighed:
    """An option as the search left it: the action, its estimated chance of winning and
    the simulations behind the estimate."""

    action: Action
    win_chance: float
    simulations: int


@dataclass(frozen=True, slots=True)
class Foresight:
    """What one search found: the choice and every option tried, most simulated first."""

    choice: Action
    options: tuple[Weighed, ...]
    simulations: int
    seconds: float
    #: The search stopped at its bound (LINES_OF_FIRE) before the simulations asked.
    bounded: bool = False


class CountedTerrain(Terrain):
    """The terrain of the search's copies of the game, counting the lines of fire read
    through it (the search's bound, :data:`LINES_OF_FIRE`). It answers exactly as the
    terrain it was made from, and its copies count too, each from nought: the game's
    copies copy their terrain, and the engine keeps its answers for the copy's own."""

    __slots__ = ("reads",)
    reads: int

    @classmethod
    def of(cls, terrain: Terrain) -> CountedTerrain:
        counted = cls.__new__(cls)
        for name in Terrain.__slots__:
            setattr(counted, name, getattr(terrain, name))
        counted.reads = 0
        return counted

    def copy(self) -> CountedTerrain:
        return CountedTerrain.of(super().copy())

    def fire(self, firer: g.Point, firer_discs: tuple[g.Disc, ...], facing: float, arc: int,
             target: g.Point, target_discs: tuple[g.Disc, ...], firer_high: int | None,
             target_high: int | None) -> tuple[str | None, bool]:
        self.reads += 1
        return super().fire(firer, firer_discs, facing, arc, target, target_discs,
                            firer_high, target_high)


class Search:
    """One search for ``me`` from ``game`` (whose turn it is and who gives an action)."""

    def __init__(self, game: Game, me: int, rng: Dice, policy: list[HeuristicPlayer],
                 *first: Action) -> None:
        self.me = me
        self.rng = rng
        self.policy = policy
        self.turn = game.turn
        root = game.copy()
        # The searcher's own dice: the game's would tell what will really be rolled.
        root.dice = Dice(rng.below(SEEDS))
        # Every copy made from here on counts the lines of fire read (the bound).
        root.terrain = CountedTerrain.of(root.terrain)
        self.root = Point(root)
        self.root.options = self.options(root, *first)
        #: Every playout's dice: the k-th below each way rolls the k-th of these.
        self.luck: list[int] = []
        #: The lines of fire the playouts have read (the bound, LINES_OF_FIRE).
        self.lines_read = 0

    # --- the candidates ------------------------------------------------------------------

    def options(self, game: Game, *first: Action | None,
                kinds: frozenset[str] | None = None) -> list[Option]:
        """The engine's legal listing in the order the search widens to: ``first`` (the
        policy's own choice; in a review, the action played and the policy's), then the
        attacks and abilities by their expected victory points, each warrior's best
        move, the movement formations and passes, the other moves by how much better
        their places are, the rest. ``kinds``: only the actions of those kinds (the
        listing's names) besides ``first``."""
        me = self.me
        foes = [o for o in game.warriors if o.on_table and o.controller == NOBODY
                and o.team != game.players[me].team]
        readings: dict[int, positions.Reading] = {}
        ranked: list[tuple[int, float, int, Action]] = []
        seen: set[Action] = set()
        for k, action in enumerate(legal_actions(game, None, kinds)):
            if action in seen or isinstance(action, EndTurn) or action in first:
                continue
            seen.add(action)
            tier, prior = self._prior(game, action, foes, readings)
            ranked.append((tier, -prior, k, action))
        ranked.sort(key=lambda r: (r[0], r[1], r[2]))
        # Each warrior's best move comes up with the attacks; its other moves wait.
        moved: set[int] = set()
        order: list[tuple[int, float, int, Action]] = []
        for tier, neg, k, action in ranked:
            if tier == MOVES:
                w = action.warrior if isinstance(action, Move) else -1
                if w not in moved:
                    moved.add(w)
                    tier = BEST_MOVES
            order.append((tier, neg, k, action))
        order.sort(key=lambda r: (r[0], r[1], r[2]))
        firsts: list[Action] = []
        for chosen in first:
            if chosen is not None and chosen not in firsts:
                firsts.append(chosen)
        return [*(Option(a, math.inf) for a in firsts),
                *(Option(action, -neg) for _, neg, _, action in order)]

    def _prior(self, game: Game, action: Action, foes: list[Warrior],
               readings: dict[int, positions.Reading]) -> tuple[int, float]:
        """(tier, prior within it) of an action: see :meth:`options`."""
        if isinstance(action, (RangedAttack, CloseAttack)):
            return ATTACKS, tactics.attack_value(game, action, self.me)
        if isinstance(action, UseAbility):
            return ATTACKS, tactics.ability_value(game, action)
        if isinstance(action, Move) and action.path:
            w = game.warriors[action.warrior]
            if w.riding != NOBODY or not play_of(w).moves_alone or not foes:
                return MOVES, 0.0
            reading = readings.get(w.id)
            if reading is None:
                reading = readings[w.id] = positions.Reading(game, w, foes)
            facing = w.facing if action.facing is None else action.facing
            gain = reading.value(action.path[-1], facing) - reading.value((w.x, w.y), w.facing)
            return MOVES, gain + tactics.charge_value(game, action, self.me) \
                - tactics.push_cost(w)
        if isinstance(action, (MoveFormation, Pass)):
            # Rulebook III, Pushing: resting a warrior that acted last turn first.
            rests = isinstance(action, Pass) and tactics.pushed(game.warriors[action.warrior])
            return FORMATIONS_AND_PASSES, 1.0 if rests else 0.0
        return REST, 0.0

    # --- simulations ------------------------------------------------------------------

    def run(self, simulations: int, seconds: float | None,
            progress: Callable[[int, int], None] | None = None) -> Foresight:
        """Simulate ``simulations`` times (or, with ``seconds``, until the time is up, at
        least a handful), then the most simulated option (ties: the better, then the
        earlier).

        A count is a most: once the playouts have read ``simulations`` times
        :data:`LINES_OF_FIRE` lines of fire the search stops (``bounded``), whatever
        count it was told, so a told ``--think 400`` allows four hundred times as many
        lines; the count decides where it stops, so the choice is still the same on any
        machine. A time budget is bounded by its clock alone."""
        start = time.perf_counter()
        done = 0
        bounded = False
        counted = seconds is None
        while True:
            if seconds is None and done >= simulations:
                break
            if seconds is not None and done >= 4 and time.perf_counter() - start >= seconds:
                break
            if counted and self.lines_read >= simulations * LINES_OF_FIRE:
                bounded = True
                break
            if not self.root.options:
                break
            self._simulate(self.root)
            done += 1
            if progress is not None:
                progress(done, simulations if seconds is None else 0)
        tried = [(o, k) for k, o in enumerate(self.root.options) if o.visits]
        tried.sort(key=lambda ok: (-ok[0].visits, -ok[0].value, ok[1]))
        weighed = tuple(Weighed(o.action, o.value, o.visits) for o, _ in tried)
        # The best value among the options simulated nearly as often as the most: a
        # value on a few simulations is not trusted over one on many.
        trusted = [w for w in weighed if w.simulations >= TRUSTED * weighed[0].simulations] \
            if weighed else []
        first = self.root.options[0].action
        choice = max(trusted, key=lambda w: w.win_chance).action if trusted else first
        # The first option (the policy's choice) stands unless another is clearly better:
        # a few simulations' worth of luck is not reason enough to play otherwise.
        kept = next((w for w in trusted if w.action == first), None)
        if kept is not None and choice != first and \
                max(w.win_chance for w in trusted) - kept.win_chance < MARGIN:
            choice = first
        return Foresight(choice, weighed, done, time.perf_counter() - start, bounded)

    def _simulate(self, point: Point) -> float:
        option = self._pick(point)
        if option is None:
            return self._playout(point.game, point.visits)
        if option.ways is None:
            try:
                option.ways = self._ways(point.game, option.action)
            except IllegalAction:
                option.ways = []
            if not option.ways:
                point.options.remove(option)
                return self._simulate(point) if point.options else \
                    self._playout(point.game, point.visits)
        way = self._way(option)
        value = self._follow(way, option.visits)
        way.visits += 1
        way.total += value
        option.visits += 1
        point.visits += 1
        return value

    def _ways(self, game: Game, action: Action) -> list[Way]:
        """Every way ``action`` turns out with its exact chance, or, past WAYS_COUNTED of
        them, SAMPLED_WAYS rolls of the searcher's own dice (module docstring)."""
        try:
            return [Way(b.chance, b.game) for b in outcomes(game, action, most=WAYS_COUNTED)]
        except ManyWays:
            ways = []
            for _ in range(SAMPLED_WAYS):
                probe = game.copy()
                probe.dice = Dice(self.rng.below(SEEDS))
                probe.apply(action)
                ways.append(Way(1.0 / SAMPLED_WAYS, probe))
            return ways

    def _pick(self, point: Point) -> Option | None:
        width = int(WIDTH + math.sqrt(point.visits))
        weighed = point.options[:width]
        for o in weighed:
            if not o.visits:
                return o
        if not weighed:
            return None
        values = [o.value for o in weighed]
        c = EXPLORATION * max(LEAST_SPREAD, max(values) - min(values))
        log_n = math.log(point.visits)
        return max(weighed, key=lambda o: o.value + c * math.sqrt(log_n / o.visits))

    @staticmethod
    def _way(option: Option) -> Way:
        """The way furthest below its share of the visits (stratified by exact chance)."""
        assert option.ways
        n = option.visits + 1
        return max(option.ways, key=lambda w: w.chance - w.visits / n)

    def _follow(self, way: Way, k: int) -> float:
        """The value of one more visit to ``way``, the ``k``-th of its option's."""
        game = way.game
        if way.point is None and way.visits >= EXPAND and self._mine(game):
            # Later in the turn: the policy's choice and every attack, not every move
            # (listing the moves costs more than a playout).
            way.point = Point(game)
            way.point.options = self.options(game, self._policy_choice(game), kinds=LATER)
        if way.point is not None and way.point.options:
            return self._simulate(way.point)
        return self._playout(game, k)

    def _mine(self, game: Game) -> bool:
        """Does ``game`` wait for another action of the searcher's this turn?"""
        if game.over or game.turn != self.turn:
            return False
        now = waiting(game)
        return now.what == "action" and now.player == self.me

    def _policy_choice(self, game: Game) -> Action | None:
        try:
            return self.policy[self.me].choose(game)
        except IllegalAction:
            return None

    def _playout(self, game: Game, k: int) -> float:
        """The fast policy plays both sides from ``game`` to the start of the searcher's
        next turn (or the end); the position then read as a chance of winning."""
        while len(self.luck) <= k:
            self.luck.append(self.rng.below(SEEDS))
        probe = game.copy()
        probe.dice = Dice(self.luck[k])
        terrain = probe.terrain
        assert isinstance(terrain, CountedTerrain)  # a copy of the search's own root
        # Every other player's turn, then the searcher's own again.
        horizon = self.turn + len(probe.players)
        for _ in range(PLAYOUT_LIMIT):
            if probe.over or (probe.turn >= horizon and not probe.pending):
                break
            player = self.policy[probe.to_act]
            player.carry_on(probe)  # a copy of the same battle: its memory holds
            probe.apply(player.choose(probe))
        value = win_chance(probe, self.me)
        self.lines_read += terrain.reads
        return value
