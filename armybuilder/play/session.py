"""A battle being played: the app's one door into the match engine.

Every question the play screen and the ``play`` command ask of a game goes through a
:class:`PlaySession`: whose turn it is, what a warrior may do now and why not (the
engine's own rule text), the legal actions of a kind, giving an action, the events in
words (the replay narration's wording), the exact odds of an attack, the decisions the
rules hand a player (free spins, a formation's moves, the attack after a Charge, a
chariot's section, a wrecked chariot's passenger's facing), the AI's choice and the log.
It answers in the plain records of :mod:`armybuilder.play.board`. Chariots (the unified
chariot rules) are given their actions section by section: a drive (the sections' move
actions combined, a spin, a distance straight ahead), a section's attack or pass, and a
passenger boards and gets off with a move action.

Only names :mod:`armybuilder.engine` exports are used: the engine answers every question
asked here (what an action may bring, counted over every roll of the dice on copies of the
game; how far a warrior may move; where an ability may set a figure down; what the game
waits for and from whom; the actions that end a turn early; why a warrior may not be given
an action of some kind), and the session puts those answers in the screen's words. Its
parts: :mod:`armybuilder.play.words` (each kind of action in words, registered once),
:mod:`armybuilder.play.outlook` (what an action may bring, figure by figure),
:mod:`armybuilder.play.steering` (the actions a player steers and where they may go) and
:mod:`armybuilder.play.destinations` (the places worth a move, and what a move touches).

One lock keeps every engine call on one thread at a time: the engine is not written for
threads (it remembers answers as it goes), and the AI and the odds work in worker threads,
each on its own copy of the game.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from armybuilder.ai.registry import DEFAULT, PLAYERS, make_player, with_default_first
from armybuilder.engine import (
    ACTION_KINDS,
    NOBODY,
    Game,
    GameSetup,
    IllegalAction,
    PlayerSetup,
    Scenario,
    action_to_json,
    apply,
    castle_standing_on,
    check,
    kind_refusal,
    legal_actions,
    replay,
    special_abilities,
    table_for,
    waiting,
)
from armybuilder.play import advice, outlook, words
from armybuilder.play.board import (
    Board,
    Decision,
    Ending,
    KindStatus,
    Option,
    Outlook,
    Patch,
    Piece,
    Played,
    Point,
    Progress,
    Refusal,
    Refused,
    Roll,
    Side,
    TerrainPiece,
    result_words,
)
from armybuilder.play.castle_view import castle_records
from armybuilder.play.figure_views import view_of
from armybuilder.play.steering import Steering
from armybuilder.sim.replay import Narrator, narrate
from armybuilder.text import shown

#: Who may command a seat: a person at the keyboard, or a kind of player the registry
#: offers (armybuilder.ai.registry), the default first.
COMMANDERS = ("human", *with_default_first(PLAYERS.kinds()))
#: Makes the AI player of a seat for one choice: ``(seat, seed) -> player`` (Seats).
AIPlayers = Callable[[int, int], Any]
#: The kinds of action a warrior may be given, in the order the screen offers them.
KINDS = ACTION_KINDS
#: How the engine names a warrior in its reasons: "warrior 3 (Demo Pikeman)".
_WARRIOR = re.compile(r"warrior (\d+)(?: \([^()]*\)|(?='s ))")


def derive(*parts: object) -> int:
    """A seed made from ``parts``: the same on every run, machine and Python version."""
    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8, person=b"armybuilder"
                                          ).digest(), "big") >> 1


@dataclass(frozen=True, slots=True)
class Seats:
    """Who commands each seat, and the seed the AI's choices derive from.

    ``players``, if given, makes the AI player of a seat not "human" for each of its
    choices: ``players(seat, seed)``, the seed derived as :meth:`PlaySession.ai_choice`
    says, an object whose ``choose(game)`` gives the action (as the engine's AI players
    do). The caller provides it (a World Conquest battle's commanders, who may withdraw:
    campaign/played.py), so that the play layer knows nothing of who they are; it is not
    saved, and a resumed game is given it again by its caller. None: the engine's AI
    player named by ``commanders``."""

    commanders: tuple[str, ...]
    seed: int
    players: AIPlayers | None = field(default=None, compare=False)
    #: What the screen calls the AI players ``players`` gives ("campaign commander"); None:
    #: the engine's AI player's name in ``commanders``.
    title: str | None = field(default=None, compare=False)

    def called(self, seat: int) -> str:
        """Who commands ``seat``, in the screen's words."""
        commander = self.commanders[seat]
        if commander != "human" and self.players is not None and self.title:
            return self.title
        return commander

    def __post_init__(self) -> None:
        for c in self.commanders:
            if c == "human":
                continue
            try:
                # A kind of player the registry offers, maybe with its budget
                # ("expert:400").
                PLAYERS.check_choice(c)
            except ValueError as exc:
                raise ValueError(f"unknown commander {c!r}: {exc}") from None


class PlaySession(Steering):
    """One game in progress: the engine's game, who commands each seat, the log in words."""

    def __init__(self, game: Game, seats: Seats) -> None:
        if len(seats.commanders) != len(game.players):
            raise ValueError(f"{len(game.players)} players but {len(seats.commanders)} "
                             "commanders")
        self.game = game
        self.seats = seats
        self._lock = threading.RLock()
        self._narrator = Narrator(game.header)
        self.marks = self._narrator.marks
        self.lines: list[str] = []
        for entry in game.entries:
            self.lines += self._narrator.entry(entry["action"], entry["events"])
        self._board = self._make_board()
        #: What the expert weighed for the AI's last action (None: not searched).
        self.weighed: advice.Advice | None = None

    # --- starting and resuming -------------------------------------------------------

    @classmethod
    def start(cls, start: GameSetup | Scenario, seats: Seats) -> PlaySession:
        game = Game.new(start) if isinstance(start, GameSetup) else Game.from_scenario(start)
        return cls(game, seats)

    @classmethod
    def battle(cls, mine: PlayerSetup, theirs: PlayerSetup, *, side: str, seed: int,
               rounds: int | None, terrain: Callable[[int], tuple[Any, ...]],
               opponent: str, names: tuple[str, str] | None = None) -> PlaySession:
        """A new game between two armies (Rulebook II, Setting the Scene: terrain, the
        first player's roll and deployment are played out in the game). ``side`` "a" seats
        ``mine`` first, at the south edge; "b" second, at the north edge. ``terrain(i)``:
        the items player ``i`` brings."""
        if side not in ("a", "b"):
            raise ValueError(f"--side must be a or b, not {side!r}")
        order = (mine, theirs) if side == "a" else (theirs, mine)
        players = tuple(replace(p, edge=edge, terrain=terrain(i))
                        for i, (p, edge) in enumerate(zip(order, ("south", "north"),
                                                          strict=True)))
        if names is not None and names[0] == names[1]:
            # The same army on both sides: the log and the screen tell them apart.
            players = (replace(players[0], name=f"{players[0].name} (a)"),
                       replace(players[1], name=f"{players[1].name} (b)"))
        commanders = ("human", opponent) if side == "a" else (opponent, "human")
        return cls.start(GameSetup(players=players, table=table_for(players), seed=seed,
                                   round_limit=rounds),
                         Seats(commanders, seed))

    @classmethod
    def resume(cls, log: str | dict[str, Any], seats: Seats) -> PlaySession:
        """The game of a saved log, rebuilt by replaying it (every event checked)."""
        return cls(replay(log), seats)

    def log_json(self) -> str:
        with self._lock:
            return self.game.log_json()

    def progress(self) -> Progress:
        """What a save keeps: the log, how far the game is, how it ended."""
        with self._lock:
            log = self.game.log_json()
            board = self._board
        return Progress(log=log, actions=board.version - 1, round=board.round,
                        over=board.over, result=result_words(board))

    # --- the board ---------------------------------------------------------------------

    @property
    def board(self) -> Board:
        """The game as the screen shows it: every name on it literal (armybuilder.text)."""
        return self._board

    @property
    def names(self) -> tuple[str, ...]:
        """The sides' names as they are (the board's are shown literally)."""
        return tuple(p.name for p in self.game.players)

    def _make_board(self) -> Board:
        game = self.game
        scores = game.scores()
        sides = tuple(
            Side(seat=p.index, name=shown(p.name), commander=self.seats.commanders[p.index],
                 called=self.seats.called(p.index), edge=p.edge,
                 area=tuple(p.area),  # type: ignore[arg-type]
                 actions=p.actions, eliminations=s.eliminations, captives=s.captives,
                 survivors=s.survivors, withdrawn=p.withdrawn)
            for p, s in zip(game.players, scores, strict=True))
        pieces = tuple(self._piece(w) for w in game.warriors)
        patches = tuple(Patch(f.kind, tuple(f.polygon), f.name)
                        for f in game.terrain.features)
        ending = None
        if game.over and game.outcome is not None:
            out = game.outcome
            ending = Ending(out.termination.value, out.round, tuple(out.winners))
        pile = tuple(
            TerrainPiece(i, item.name, tuple(Patch(f.kind, tuple(f.polygon), f.name)
                                             for f in item.features))
            for i, item in enumerate(game.terrain_pile) if item is not None)
        phase = game.phase if game.phase != "setup" else "play"
        return Board(table=game.table, pieces=pieces, patches=patches, sides=sides,
                     phase=phase, turn=game.turn, round=game.round,
                     round_limit=game.round_limit, current=game.current, to_act=game.to_act,
                     actions_used=game.actions_used, turn_actions=game.turn_actions,
                     ending=ending, pile=pile, version=len(game.entries),
                     castle=castle_records(game),
                     extra_actions=self._narrator.extra_actions if phase == "play" else ())

    def _on_castle(self, w: Any) -> int | None:
        """The castle section whose top ``w`` stands on (Castle rules, Elevation Levels),
        or None."""
        if not self.game.sections:
            return None
        on = castle_standing_on(self.game, w)
        return None if on is None else on.id

    def _piece(self, w: Any) -> Piece:
        card, game = w.card, self.game
        turn = game.turn
        # Its dial and what else its kind shows (play.figure_views).
        looks = view_of(w).looks(w, turn)
        return Piece(
            id=w.id, seat=w.owner, letter=self.marks[w.id], name=shown(card.name),
            key=shown(card.key), points=card.points, rank=card.rank,
            factions=tuple(map(shown, card.factions)),
            # The arc in effect: 360 on guard in a World Conquest structure.
            x=w.x, y=w.y, facing=w.facing, arc=w.arc, radius=w.half_length,
            # The engine's own discs, here and around the centre dot facing east.
            base=tuple(w.discs), shape=tuple(w.discs_at((0.0, 0.0), 0.0)),
            range=card.range, targets=card.targets, dial=looks.dial,
            click=looks.click, starting_click=looks.starting_click, on_table=w.on_table,
            deployed=w.deployed, eliminated=w.eliminations > 0 and not w.on_table,
            tokens=w.tokens, acted=w.acted_turn == turn and turn > 0,
            captive_of=None if w.controller < 0 else w.controller,
            holds=None if w.captive < 0 else w.captive,
            abilities=tuple(map(shown, w.abilities)), sections=looks.sections,
            passenger=looks.passenger, riding=None if w.riding == NOBODY else w.riding,
            castle=looks.piece,
            on_castle=self._on_castle(w),
            # World Conquest, Upgrading Defenses: on guard in a structure.
            on_guard=None if w.guarding == NOBODY else w.guarding, kind=w.kind.name)

    def pile_outline(self, item: int, at: Point, rotation: float) -> tuple[Patch, ...]:
        """Where terrain item ``item`` of the pile would lie, placed at ``at``."""
        with self._lock:
            piece = self.game.terrain_pile[item]
            if piece is None:
                return ()
            return tuple(Patch(f.kind, tuple(f.placed(at, rotation, item).polygon), f.name)
                         for f in piece.features)

    # --- whose decision ----------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self._board.over

    @property
    def to_act(self) -> int:
        return self._board.to_act

    def commander(self, seat: int) -> str:
        return self.seats.commanders[seat]

    @property
    def human_to_act(self) -> bool:
        return not self.over and self.commander(self.to_act) == "human"

    # --- checking ----------------------------------------------------------------------

    def refusal(self, action: Any) -> Refusal | None:
        """None when the engine allows ``action`` now; else its rule and reason, as the
        engine's own check (``check``, which changes nothing) names them."""
        with self._lock:
            try:
                check(self.game, action)
            except IllegalAction as exc:
                return Refusal(exc.rule, self._named(exc.reason))
            return None

    def _named(self, words: str) -> str:
        """The engine's words with its warriors named as the map letters them."""
        def name(found: re.Match[str]) -> str:
            wid = int(found.group(1))
            return self.label(wid) if 0 <= wid < len(self.marks) else found.group(0)

        return _WARRIOR.sub(name, words)

    def allowed(self, action: Any) -> bool:
        with self._lock:
            return self.game.is_legal(action)

    # --- what a warrior may do ---------------------------------------------------------

    def status(self, wid: int) -> tuple[KindStatus, ...]:
        """For each kind of action (KINDS), whether ``wid`` may be given one now and, if
        not, the engine's reason."""
        with self._lock:
            out = []
            w = self.game.warriors[wid]
            for kind in KINDS:
                if kind == "ability" and not special_abilities(w):
                    continue
                why = kind_refusal(self.game, wid, kind)
                out.append(KindStatus(kind, True) if why is None else
                           KindStatus(kind, False, Refusal(why.rule, self._named(why.reason))))
            return tuple(out)

    def options(self, wid: int | None, kind: str) -> list[Option]:
        """The legal actions of ``kind`` for ``wid`` as the engine lists them ("move"
        lists its representative moves only; any other move is checked when given)."""
        with self._lock:
            if kind == "ability":
                kinds = {"ability"}
            elif kind in ("capture",):
                kinds = {"close"}
            else:
                kinds = {kind}
            found = [self.option(a) for a in legal_actions(self.game, wid, kinds)]
        if kind == "capture":
            return [o for o in found if o.capture]
        return found

    def extra_options(self, wid: int) -> list[Option]:
        """Actions that use none of the turn's actions: cancelling an optional ability
        (Rulebook III, Special Abilities) and Nimble's turn."""
        with self._lock:
            return [self.option(a) for a in legal_actions(self.game, wid, {"cancel", "facing"})]

    # --- words -------------------------------------------------------------------------

    def label(self, wid: int) -> str:
        return self._board.pieces[wid].label

    def option(self, action: Any) -> Option:
        """An engine action as the screen offers it (armybuilder.play.words)."""
        return words.option(self, action)

    @property
    def lock(self) -> threading.RLock:
        """The one lock every engine call is made under (see the module's note)."""
        return self._lock

    # --- outcomes ----------------------------------------------------------------------

    def outcomes(self, option: Option, sections: Mapping[int, str] | None = None
                 ) -> list[tuple[float, list[dict[str, Any]]]]:
        """Every way ``option`` can turn out, with its chance, as the engine counts it
        (``outcomes``: every roll of the dice, each on a copy of the game). Where it
        waits for a chariot's section to be chosen, ``sections`` names the one chosen for
        each chariot (else the first the engine lists)."""
        return outlook.count(self, option, sections or {})[0]

    def outlook(self, option: Option) -> Outlook:
        """The chance to hit, expected clicks and chance to eliminate for every figure the
        action affects, what it costs the player's own figures, the chance to break away
        (armybuilder.play.outlook)."""
        return outlook.outlook(self, option)

    # --- decisions owed ----------------------------------------------------------------

    def decision(self) -> Decision | None:
        """The decision the rules hand a player before play goes on, if one is owed, as
        the engine says what it waits for and from whom."""
        with self._lock:
            if self.game.over or not self.game.pending:
                return None
            owed = waiting(self.game)
            listed = list(legal_actions(self.game))
        opts = tuple(self.option(a) for a in listed)
        if owed.what == "plan":
            # Rulebook IV, Movement Formations: every member may move (or turn, one that
            # failed to break away), each to its own place.
            return Decision("plan", owed.player, None, opts, owed.members, stuck=owed.stuck)
        return Decision(owed.what, owed.player, owed.warrior, opts, purpose=owed.purpose)

    # --- giving actions ----------------------------------------------------------------

    def play(self, option: Option) -> Played:
        """Give the action; :class:`Refused` (the engine's rule and reason) if the engine
        will not take it, and then nothing has changed."""
        with self._lock:
            seat = self.game.to_act
            before = {p.id: (p.x, p.y) for p in self._board.pieces}
            try:
                events = apply(self.game, option.action)  # type: ignore[arg-type]
            except IllegalAction as exc:
                raise Refused(Refusal(exc.rule, self._named(exc.reason))) from exc
            entry = self.game.entries[-1]
            lines = tuple(self._narrator.entry(entry["action"], events))
            self.lines += lines
            self._board = self._make_board()
        # Every roll of the action, in order, with what it was for and whose it was: the
        # attack's 2d6, a damage die, a break-away, a passenger's 5-6 (Chariot rules).
        rolls = tuple(Roll(ev.get("purpose", ""), tuple(ev["dice"]), ev.get("warrior"),
                           ev.get("target", ev.get("passenger")))
                      for ev in events if ev["e"] == "roll")
        moves = tuple((ev["warrior"], before[ev["warrior"]],
                       (ev["to" if ev["e"] == "moved" else "at"][0],
                        ev["to" if ev["e"] == "moved" else "at"][1]))
                      for ev in events if ev["e"] in ("moved", "disembarked"))
        strikes = tuple((ev["attacker"], ev["target"], ev["e"] == "hit") for ev in events
                        if ev["e"] in ("hit", "miss"))
        return Played(seat, option.words, lines, rolls, moves, strikes, self._board)

    # --- the AI ------------------------------------------------------------------------

    def ai_choice(self, commander: str | None = None,
                  progress: Callable[[int, int], None] | None = None) -> Option:
        """The AI's choice for the player to act, made on a copy of the game. Its seed
        comes from the game's and the number of actions so far, so a resumed game makes
        the same choices as one never interrupted. An AI seat's player is the seats' own
        (``Seats.players``) unless ``commander`` names the engine's AI player to ask.
        ``progress``: told (simulations done, in all) while a player that searches
        thinks; what it weighed is kept as ``weighed`` (play.advice)."""
        # The player's class loads with its first choice (the registry imports it), made
        # in a worker after the battlefield is on the screen (a quick start).
        with self._lock:
            seat = self.game.to_act
            kind = commander or self.commander(seat)
            if kind == "human":
                kind = DEFAULT
            probe = self.game.copy()
            seed = derive(self.seats.seed, "ai", seat, len(self.game.entries))
            if commander is None and self.seats.players is not None and \
                    self.commander(seat) != "human":
                player = self.seats.players(seat, seed)
            else:
                player = make_player(kind, seed)
        return self._searched(player, probe, seat, progress)

    def _searched(self, player: Any, probe: Game, seat: int,
                  progress: Callable[[int, int], None] | None) -> Option:
        """``player``'s choice in ``probe``; what a searching player weighed kept as
        ``weighed`` (the screen's "why" key), in words read before the choice is given."""
        if progress is not None and hasattr(player, "progress"):
            player.progress = progress
        action = player.choose(probe)
        found = getattr(player, "last", None)
        with self._lock:
            self.weighed = None if found is None else advice.advice_of(self, seat, found)
        return self.option(action)

    def scored(self) -> tuple[tuple[int, int, str, int], ...]:
        """Victory points scored as they happened (Rulebook VI, Victory!: an eliminated
        figure's points to the player who eliminated it; a withdrawing player's captives
        to their holders): (player, points, why, the figure), as the engine told them."""
        with self._lock:
            return tuple((ev["player"], ev["points"], ev["reason"], ev["warrior"])
                         for entry in self.game.entries for ev in entry["events"]
                         if ev["e"] == "score")

    # --- the record --------------------------------------------------------------------

    def entries(self) -> int:
        return self._board.version

    def json_of(self, option: Option) -> dict[str, Any]:
        return action_to_json(option.action)  # type: ignore[arg-type]


def tell(log: str) -> list[str]:
    """A whole game told turn by turn, with the table's map after every turn, as
    ``armybuilder battle replay --maps turn`` tells it (the log replayed first)."""
    return list(narrate(json.loads(log), maps="turn"))
