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
an action of some kind), and the session puts those answers in the screen's words.

One lock keeps every engine call on one thread at a time: the engine is not written for
threads (it remembers answers as it goes), and the AI and the odds work in worker threads,
each on its own copy of the game.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import re
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from armybuilder.ai.registry import DEFAULT, PLAYERS, make_player, with_default_first
from armybuilder.engine import (
    ACTION_KINDS,
    MAX_BRANCHES,
    NOBODY,
    REGISTRY,
    SECTIONS,
    CancelAbility,
    ChariotMove,
    ChooseSection,
    ChooseTarget,
    CloseAttack,
    Deploy,
    Disembark,
    EndByAgreement,
    EndTurn,
    Face,
    FormationPlan,
    FreeSpin,
    Game,
    GameSetup,
    IllegalAction,
    Ladder,
    Move,
    MoveFormation,
    Pass,
    PlaceTerrain,
    PlayerSetup,
    RangedAttack,
    Scenario,
    SetPortal,
    SetUpFortification,
    UseAbility,
    Withdraw,
    action_to_json,
    apply,
    castle_across,
    castle_portal_switches,
    castle_reachable,
    castle_standing_on,
    chariot_allowance,
    chariot_close_sections,
    chariot_movable_sections,
    chariot_ranged_sections,
    chariot_stop,
    check,
    disembark_spots,
    ending_turn,
    formation_in_order,
    fortification_outline,
    fortifications_waiting,
    geometry,
    kind_refusal,
    legal_actions,
    movement_allowance,
    outcomes,
    placements,
    replay,
    section_active,
    special_abilities,
    table_for,
    waiting,
    with_captive_placed,
)
from armybuilder.engine import Board as Boarding
from armybuilder.play.board import (
    Board,
    Click,
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
    Section,
    SectionOdds,
    Side,
    TargetOdds,
    TerrainPiece,
    result_words,
)
from armybuilder.play.castle_view import castle_records
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
#: Facings tried for a turn that may go any way (Nimble): every 15 degrees.
_BEARINGS = tuple(math.radians(d) for d in range(0, 360, 15))


def derive(*parts: object) -> int:
    """A seed made from ``parts``: the same on every run, machine and Python version."""
    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8, person=b"armybuilder"
                                          ).digest(), "big") >> 1


@dataclass(frozen=True, slots=True)
class _Choice:
    """A section choice an action waited for (Chariot rules): the chariot, its player,
    what for, and the sections listed."""

    chariot: int
    seat: int
    purpose: str
    names: tuple[str, ...]


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
            if c not in COMMANDERS:
                raise ValueError(f"unknown commander {c!r}; use one of {', '.join(COMMANDERS)}")


class PlaySession:
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
        chariot = w.chariot
        sections: tuple[Section, ...] = ()
        dial: tuple[Click, ...]
        passenger = None
        if chariot is not None:
            # Chariot rules, Combat Dials: each section's own dial, where it stands; the
            # chariot's one click is the engine's glance at its active sections.
            sections = tuple(
                Section(name, tuple(Click(c.speed, c.attack, c.defense, c.damage,
                                          tuple(map(shown, c.abilities)), skulls)
                                    for c, skulls in card.sections[k]),
                        chariot.clicks[k], section_active(w, k),
                        chariot.acted[k] == turn and turn > 0)
                for k, name in enumerate(SECTIONS))
            s = w.stats
            dial = (Click(s.speed, s.attack, s.defense, s.damage,
                          tuple(map(shown, w.showing))),)
            click = starting = 0
            passenger = None if chariot.passenger == NOBODY else chariot.passenger
        else:
            dial = tuple(Click(c.speed, c.attack, c.defense, c.damage,
                               tuple(map(shown, c.abilities))) for c in card.clicks)
            click, starting = w.click, card.starting_click
        return Piece(
            id=w.id, seat=w.owner, letter=self.marks[w.id], name=shown(card.name),
            key=shown(card.key), points=card.points, rank=card.rank,
            factions=tuple(map(shown, card.factions)),
            # The arc in effect: 360 on guard in a World Conquest structure.
            x=w.x, y=w.y, facing=w.facing, arc=w.arc, radius=w.half_length,
            # The engine's own discs, here and around the centre dot facing east.
            base=tuple(w.discs), shape=tuple(w.discs_at((0.0, 0.0), 0.0)),
            range=card.range, targets=card.targets, dial=dial,
            click=click, starting_click=starting, on_table=w.on_table,
            deployed=w.deployed, eliminated=w.eliminations > 0 and not w.on_table,
            tokens=w.tokens, acted=w.acted_turn == turn and turn > 0,
            captive_of=None if w.controller < 0 else w.controller,
            holds=None if w.captive < 0 else w.captive,
            abilities=tuple(map(shown, w.abilities)), sections=sections,
            passenger=passenger, riding=None if w.riding == NOBODY else w.riding,
            castle=w.castle.piece if w.castle is not None else (
                w.work.fort.kind if w.work is not None else ""),
            on_castle=self._on_castle(w),
            # World Conquest, Upgrading Defenses: on guard in a structure.
            on_guard=None if w.guarding == NOBODY else w.guarding)

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
        """An engine action as the screen offers it."""
        lab = self.label
        if isinstance(action, Pass):
            if action.section is not None:
                return Option("pass", f"{lab(action.warrior)} passes ({action.section} "
                              "section)", action, action.warrior, sections=(action.section,))
            return Option("pass", f"{lab(action.warrior)} passes", action, action.warrior)
        if isinstance(action, ChariotMove):
            return Option("move", self._drive_words(action), action, action.warrior,
                          sections=tuple(action.sections))
        if isinstance(action, Boarding):
            return Option("move", f"{lab(action.warrior)} boards {lab(action.chariot)}",
                          action, action.warrior, targets=(action.chariot,))
        if isinstance(action, Disembark):
            riding = self._board.pieces[action.warrior].riding
            chariot = lab(riding) if riding is not None else "its chariot"
            return Option("move", f"{lab(action.warrior)} gets off {chariot} at "
                          f"({action.at[0]:.1f}, {action.at[1]:.1f}) facing "
                          f"{_heading(action.facing)}", action, action.warrior)
        if isinstance(action, ChooseSection):
            with self._lock:
                purpose = waiting(self.game).purpose
            what = _CHOSEN.get(purpose, "the section chosen is")
            return Option("section", f"{what} the {action.section} section of "
                          f"{lab(action.warrior)}", action, action.warrior,
                          sections=(action.section,))
        if isinstance(action, Move):
            how = f" ({action.ability})" if action.ability else ""
            if not action.path:
                words = f"{lab(action.warrior)} turns in place{how}"
            else:
                end = action.path[-1]
                words = f"{lab(action.warrior)} moves to ({end[0]:.1f}, {end[1]:.1f}){how}"
            return Option("move", words, action, action.warrior, ability=action.ability)
        if isinstance(action, RangedAttack):
            targets = ", ".join(lab(t) + self._struck(action.warrior, t, action.aim, False)
                                for t in action.targets) or "every figure in reach"
            words = f"{self._attacker(action.warrior, action.section)} fires at {targets}"
            if action.long_range:
                # Castle rules, Long Range Attacks: double range, printed damage -2.
                words += " at long range (double range, damage -2)"
            if action.ability:
                words += f" using {action.ability}"
            if action.formation:
                words += " in formation with " + ", ".join(
                    self.marks[m] for m in action.formation)
            return Option("ranged", words, action, action.warrior, tuple(action.targets),
                          tuple(action.formation), action.ability,
                          sections=() if action.section is None else (action.section,))
        if isinstance(action, CloseAttack):
            verb = "tries to capture" if action.capture else "attacks"
            words = (f"{self._attacker(action.warrior, action.section)} {verb} "
                     f"{lab(action.target)}"
                     f"{self._struck(action.warrior, action.target, action.aim, True)}")
            words += self._across(action)
            if action.ability:
                words += f" using {action.ability}"
                if action.roll_die:
                    words += " (healing by a die roll)"
            if action.formation:
                words += " in formation with " + ", ".join(
                    self.marks[m] for m in action.formation)
            return Option("close", words, action, action.warrior, (action.target,),
                          tuple(action.formation), action.ability, action.capture,
                          sections=() if action.section is None else (action.section,))
        if isinstance(action, MoveFormation):
            members = ", ".join(lab(m) for m in action.members)
            return Option("formation", f"{lab(action.warrior)} leads a movement formation "
                          f"with {members}", action, action.warrior,
                          members=tuple(action.members))
        if isinstance(action, FormationPlan):
            return Option("plan", self._plan_words(action), action,
                          members=tuple(s.warrior for s in action.steps))
        if isinstance(action, UseAbility):
            words = f"{lab(action.warrior)} uses {action.ability}"
            if action.target is not None:
                words += f" on {lab(action.target)}"
            if action.at is not None:
                words += f" to ({action.at[0]:.1f}, {action.at[1]:.1f})"
                if action.facing is not None:
                    words += f" facing {_heading(action.facing)}"
            return Option("ability", words, action, action.warrior,
                          () if action.target is None else (action.target,),
                          ability=action.ability)
        if isinstance(action, CancelAbility):
            return Option("cancel", f"{lab(action.warrior)} cancels {action.ability} for "
                          "this turn", action, action.warrior, ability=action.ability)
        if isinstance(action, Face):
            with self._lock:
                owed = waiting(self.game)
            if owed.what == "facing" and owed.warrior == action.warrior:
                return Option("facing", f"{lab(action.warrior)} faces "
                              f"{_heading(action.facing)} (set down from the wreck)",
                              action, action.warrior)
            return Option("facing", f"{lab(action.warrior)} turns to "
                          f"{_heading(action.facing)} (Nimble)", action, action.warrior)
        if isinstance(action, FreeSpin):
            if action.facing is None:
                return Option("spin", f"{lab(action.warrior)} keeps its facing", action,
                              action.warrior)
            return Option("spin", f"{lab(action.warrior)} turns to face "
                          f"{_compass(action.facing)} (free spin)", action, action.warrior)
        if isinstance(action, Deploy):
            where = "stays off the battlefield (no room)" if action.at is None else \
                f"is placed at ({action.at[0]:.1f}, {action.at[1]:.1f})"
            return Option("deploy", f"{lab(action.warrior)} {where}", action, action.warrior)
        if isinstance(action, SetUpFortification):
            # World Conquest, Troop Movements (battle rule 1).
            kind = self._board.pieces[action.warrior].castle or "fortification"
            return Option("fortification", f"the {kind} is set up at ({action.at[0]:.1f}, "
                          f"{action.at[1]:.1f}), turned "
                          f"{math.degrees(action.rotation) % 360:.0f} degrees", action,
                          action.warrior)
        if isinstance(action, PlaceTerrain):
            name = next((p.name for p in self._board.pile if p.index == action.item),
                        action.item)
            return Option("terrain", f"terrain {name} is placed "
                          f"at ({action.at[0]:.1f}, {action.at[1]:.1f})", action)
        if isinstance(action, Withdraw):
            return Option("withdraw", f"{self._board.sides[action.player].name} withdraws",
                          action)
        if isinstance(action, EndByAgreement):
            return Option("agree", "the players agree to end the game", action)
        if isinstance(action, EndTurn):
            return Option("end_turn", f"{self._board.sides[action.player].name} ends the turn",
                          action)
        if isinstance(action, SetPortal):
            # Castle rules, Portals: the castle player opens or closes each one.
            verb = "opens" if action.open else "closes"
            return Option("portal", f"{self._board.sides[action.player].name} {verb} the "
                          f"{action.portal} of {lab(action.warrior)}", action, action.warrior)
        if isinstance(action, ChooseTarget):
            # Castle rules, Close Combat: the defender chooses the figure attacked.
            return Option("target", f"the attack is made on {lab(action.target)}", action,
                          action.target, (action.target,))
        if isinstance(action, Ladder):
            return Option("formation", self._ladder_words(action), action, action.warrior,
                          members=tuple(action.members))
        return Option("other", repr(action), action)

    def _across(self, action: CloseAttack) -> str:
        """Castle rules, Close Combat: an attack across connected access points ("the two
        figures fighting on the stairs or ladder"), and the other figures the defender may
        choose as its target instead."""
        with self._lock:
            game = self.game
            if not game.sections or game.phase != "play" or game.pending:
                return ""
            a, t = game.warriors[action.warrior], game.warriors[action.target]
            if not castle_across(game, a, t):
                return ""
            others = [o.id for o in castle_reachable(game, a)
                      if o.owner == t.owner and o.id != t.id]
        words = " across connected access points"
        if others:
            owner = self._board.sides[self._board.pieces[action.target].seat].name
            words += (f" ({owner} may choose "
                      f"{' or '.join(self.marks[o] for o in others)} instead)")
        return words

    def _ladder_words(self, action: Ladder) -> str:
        """Castle rules, Planking and Ladders: a movement formation places a ladder
        against a wall or removes one, with a movement action each."""
        team = ", ".join(self.marks[m] for m in (action.warrior, *action.members))
        walls = [c for c in self._board.castle if c.piece == "wall" and not c.rubble]
        near = min(walls, key=lambda c: geometry.boundary_distance(action.at, c.footprint),
                   default=None)
        where = f" {self.label(near.warrior)}" if near is not None else " a wall"
        spot = f"({action.at[0]:.1f}, {action.at[1]:.1f})"
        if action.remove:
            return (f"{team} remove the ladder at {spot} from{where} (a movement "
                    "formation: a movement action each)")
        return (f"{team} place a ladder against{where} at {spot} (a movement formation: "
                "a movement action each)")

    def _attacker(self, wid: int, section: str | None) -> str:
        """Who gives the attack: a chariot's section (Chariot rules, Actions), or a
        passenger from his chariot's compartment."""
        piece = self._board.pieces[wid]
        if section is not None:
            return f"{piece.label} ({section} section)"
        if piece.riding is not None:
            return f"{piece.label} (riding in {self._board.pieces[piece.riding].letter})"
        return piece.label

    def _struck(self, wid: int, target: int, aim: str | None, close: bool) -> str:
        """Chariot rules, Attacking a Chariot: the section of a chariot target the attack
        affects: the one crossed or touched, the attacker's ``aim`` when that one is
        inactive, or a borderline where the chariot's player chooses."""
        if not self._board.pieces[target].chariot:
            return ""
        if aim is not None:
            return f" ({aim} section: the one in line is inactive)"
        with self._lock:
            game = self.game
            w, t = game.warriors[wid], game.warriors[target]
            found = chariot_close_sections(game, w, t) if close else \
                chariot_ranged_sections(w, t)
        names = [SECTIONS[k] for k in found]
        if len(names) == 1:
            return f" ({names[0]} section)"
        owner = self._board.sides[self._board.pieces[target].seat].name
        return f" (on the {'/'.join(names)} borderline: {owner} chooses)"

    def _plan_words(self, plan: Any) -> str:
        """A movement formation's moves: "the formation moves 3.0\" north" when every
        member goes the same way keeping its facing, else member by member."""
        if not plan.steps:
            return "the formation stays where it is"
        pieces = self._board.pieces
        shifts = [(s.path[-1][0] - pieces[s.warrior].x, s.path[-1][1] - pieces[s.warrior].y)
                  if s.path else None for s in plan.steps]
        kept = all(s.facing is None or abs(math.remainder(
            s.facing - pieces[s.warrior].facing, 2 * math.pi)) < 1e-6 for s in plan.steps)
        first = shifts[0]
        if kept and first is not None and \
                all(d is not None and math.dist(d, first) < 1e-6 for d in shifts):
            return (f"the formation moves {math.hypot(*first):.1f}\" "
                    f"{_compass(math.atan2(first[1], first[0]))}")
        parts = []
        for step in plan.steps:
            p = pieces[step.warrior]
            facing = p.facing if step.facing is None else step.facing
            if not step.path:
                parts.append(f"{p.letter} turns to {_heading(facing)}")
                continue
            points = [(p.x, p.y), *step.path]
            length = sum(math.dist(a, b) for a, b in itertools.pairwise(points))
            end = step.path[-1]
            words = f"{p.letter} {length:.1f}\" {_compass(math.atan2(end[1] - p.y, end[0] - p.x))}"
            if abs(math.remainder(facing - p.facing, 2 * math.pi)) > 1e-6:
                words += f" facing {_heading(facing)}"
            parts.append(words)
        return "the formation moves: " + ", ".join(parts)

    def _drive_words(self, move: Any) -> str:
        """Chariot rules, Movement: "<chariot> spins to NE and drives 6.0\" (front+left)"."""
        piece = self._board.pieces[move.warrior]
        facing = piece.facing if move.facing is None else move.facing
        turned = abs(math.remainder(facing - piece.facing, 2 * math.pi)) > 1e-6
        parts = [f"spins to {_heading(facing)}"] if turned else []
        if move.distance > 0.0:
            parts.append(f"drives {move.distance:.1f}\"" + ("" if turned else " ahead"))
        what = " and ".join(parts) or "stays where it is"
        return f"{piece.label} {what} ({'+'.join(move.sections)})"

    # --- making actions ----------------------------------------------------------------

    def move(self, wid: int, path: Iterable[Point], facing: float | None,
             ability: str | None = None, stuck_facing: float | None = None) -> Option:
        """A move along ``path`` (the points after the start; none: turn in place)."""
        pts = tuple((float(x), float(y)) for x, y in path)
        move = Move(wid, pts, None if facing is None else float(facing),
                    stuck_facing=None if stuck_facing is None else float(stuck_facing),
                    ability=ability)
        with self._lock:
            # The captive goes where it can stand beside its controller, as the engine
            # finds it (its own place moved along, else one around).
            move = with_captive_placed(self.game, move)
        return self.option(move)

    def formation_plan(self, members: Iterable[int], offset: Point) -> Option:
        """Every member moves by ``offset``, keeping its facing."""
        dx, dy = offset
        pieces = [self._board.pieces[m] for m in members]
        return self.formation_moves({p.id: ([(p.x + dx, p.y + dy)], p.facing)
                                     for p in pieces})

    def formation_moves(self, poses: Mapping[int, tuple[Sequence[Point], float]]) -> Option:
        """A movement formation's moves (Rulebook IV, Movement Formations: each member
        moves up to the formation's speed, and they end as one group touching): each
        member along its own path (the points after its start; none: it turns where it
        stands) to its own facing. Members left as they stand take no step.

        "Each warrior is moved in sequence as desired by the player": the engine checks
        the moves in the order given, so the foremost go first, and if the engine refuses
        that order, the first other order it allows is given."""
        steps: list[Move] = []
        for wid, (path, facing) in poses.items():
            p = self._board.pieces[wid]
            pts = tuple((float(x), float(y)) for x, y in path)
            turned = abs(math.remainder(facing - p.facing, 2 * math.pi)) > 1e-9
            if pts or turned:
                steps.append(Move(wid, pts, float(facing) % (2 * math.pi)))
        if not steps:
            return self.option(FormationPlan(()))
        with self._lock:
            plan = formation_in_order(self.game, steps)
        return self.option(plan)

    def formation_member_allowance(self, wid: int) -> float | None:
        """How far member ``wid`` of the formation being moved may go (Rulebook IV: the
        speed reduced to the slowest member's, as the engine counts it with terrain and a
        captive); None when no formation is being moved."""
        with self._lock:
            owed = waiting(self.game)
            if owed.what != "plan" or wid not in owed.members:
                return None
            return movement_allowance(self.game, wid)

    def deploy(self, wid: int, at: Point | None, facing: float = 0.0) -> Option:
        return self.option(Deploy(wid, at, float(facing)))

    def place_terrain(self, item: int, at: Point, rotation: float) -> Option:
        return self.option(PlaceTerrain(item, (float(at[0]), float(at[1])), float(rotation)))

    def set_up_fortification(self, wid: int, at: Point, rotation: float) -> Option:
        return self.option(SetUpFortification(wid, (float(at[0]), float(at[1])),
                                              float(rotation)))

    def withdraw(self, seat: int) -> Option:
        return self.option(Withdraw(seat))

    def agree_to_end(self) -> Option:
        return self.option(EndByAgreement())

    def allowance(self, wid: int, ability: str | None = None) -> float | None:
        """How far ``wid`` may move now with a move action (None: it cannot be given
        one), as the engine counts it: terrain and abilities (Charge, Bound) counted, a
        chariot's sections that may move together (Chariot rules, Movement)."""
        with self._lock:
            if waiting(self.game).what == "plan":
                return None  # a formation's member: formation_member_allowance
            return movement_allowance(self.game, wid, ability)

    # --- chariots ----------------------------------------------------------------------

    def movable_sections(self, wid: int) -> list[str]:
        """The sections of chariot ``wid`` that may be given a move action now (Chariot
        rules, Actions and Movement), in the order the rules name them."""
        with self._lock:
            w = self.game.warriors[wid]
            if w.chariot is None:
                return []
            return [SECTIONS[k] for k in chariot_movable_sections(self.game, w)]

    def chariot_allowance(self, wid: int, sections: Iterable[str]) -> float:
        """Chariot rules, Movement: the speed values of ``sections`` added (halved in
        hindering terrain, Rulebook V), as the engine counts them."""
        with self._lock:
            w = self.game.warriors[wid]
            ks = tuple(SECTIONS.index(n) for n in sections)
            return float(chariot_allowance(self.game, w, ks)) if ks else 0.0

    def chariot_stop(self, wid: int, sections: Iterable[str], facing: float
                     ) -> tuple[float, str | None]:
        """How far straight ahead at ``facing`` chariot ``wid`` may drive with
        ``sections``' move actions, and the rule that stops it short (terrain, a base of
        several dials, Ram), as the engine's movement finds it; and short of the
        battlefield's edge, which its base may not cross (Rulebook III, Movement)."""
        with self._lock:
            w = self.game.warriors[wid]
            ks = tuple(SECTIONS.index(n) for n in SECTIONS if n in set(sections))
            return chariot_stop(self.game, w, ks, float(facing))

    def chariot_move(self, wid: int, sections: Iterable[str], facing: float | None,
                     distance: float) -> Option:
        """Chariot rules, Movement: move actions given to ``sections`` together, a spin
        to ``facing`` (None keeps it) and ``distance`` inches straight ahead."""
        names = tuple(n for n in SECTIONS if n in set(sections))
        return self.option(ChariotMove(wid, names, None if facing is None else float(facing),
                                       max(0.0, float(distance))))

    def board_chariot(self, wid: int, chariot: int) -> Option:
        """Chariot rules, Boarding & Disembarking: ``wid`` boards ``chariot``."""
        return self.option(Boarding(wid, chariot))

    def disembark(self, wid: int, at: Point, facing: float) -> Option:
        """Chariot rules, Boarding & Disembarking: the passenger is set down at ``at``."""
        return self.option(Disembark(wid, (float(at[0]), float(at[1])), float(facing)))

    def disembark_spot(self, wid: int) -> tuple[Point, float] | None:
        """The first place the engine lists for passenger ``wid`` to get off at (where a
        ghost base can start from), else beside the chariot's rear."""
        with self._lock:
            w = self.game.warriors[wid]
            if w.riding == NOBODY:
                return None
            for action in legal_actions(self.game, wid, {"move"}):
                if isinstance(action, Disembark):
                    return (float(action.at[0]), float(action.at[1])), float(action.facing)
            spots = disembark_spots(self.game, w)
            return ((float(spots[0][0][0]), float(spots[0][0][1])), float(spots[0][1])) \
                if spots else None

    def boardings(self, wid: int) -> list[Option]:
        """The chariots ``wid`` may board now (Chariot rules, Boarding & Disembarking: a
        move action while touching a friendly chariot's side or rear section), each
        checked by the engine."""
        with self._lock:
            game = self.game
            if game.phase != "play" or game.pending or not game.chariots:
                return []
            found = [Boarding(wid, c) for c in game.chariots if c != wid]
            return [self.option(a) for a in found if game.is_legal(a)]

    def face(self, wid: int, facing: float) -> Option:
        """The facing of a passenger thrown from a wrecked chariot (Chariot rules,
        Damaging a Passenger: "as determined by his controlling player")."""
        return self.option(Face(wid, float(facing)))

    def move_abilities(self, wid: int) -> list[str]:
        """Abilities a move action may name (Charge, Bound)."""
        with self._lock:
            w = self.game.warriors[wid]
            return [n for n in w.abilities if REGISTRY.action_kind(n) == "move"]

    # --- abilities that set a figure down ------------------------------------------------

    def placements(self, wid: int) -> list[Option]:
        """The ability actions of ``wid`` whose place and facing the player steers, one
        for each figure they may set down, as the engine answers them (FAQ, Magic
        Levitation; Special Abilities Card, Necromancy), each starting at a place the
        engine allows; and a turn by Nimble (any facing, during your turn) when the
        engine allows one."""
        with self._lock:
            game = self.game
            if game.phase != "play" or game.pending:
                return []
            w = game.warriors[wid]
            pieces = self._board.pieces
            # A figure on the battlefield goes somewhere (levitated); one off it returns.
            out = [Option("place", f"{self.label(wid)} uses {a.ability} on "
                          f"{self.label(a.target)}: steer where it "
                          f"{'goes' if pieces[a.target].on_table else 'returns'}…",
                          a, wid, (a.target,), ability=a.ability)
                   for a in placements(game, wid) if a.target is not None]
            if any(game.is_legal(Face(wid, f)) for f in _BEARINGS):
                out.append(Option("place", f"{self.label(wid)} turns (Nimble): steer the "
                                  "facing…", Face(wid, float(w.facing)), wid,
                                  ability="Nimble"))
            return out

    def placing(self, option: Option) -> tuple[int, Point, Point, float] | None:
        """Where a placement (:meth:`placements`) starts: the figure set down, where it
        stands now (or the place offered, for a warrior off the battlefield), the place
        offered and its facing."""
        a = option.action
        pieces = self._board.pieces
        if isinstance(a, UseAbility) and a.target is not None and a.at is not None:
            t = pieces[a.target]
            at = (float(a.at[0]), float(a.at[1]))
            return (a.target, (t.x, t.y) if t.on_table else at, at,
                    t.facing if a.facing is None else float(a.facing))
        if isinstance(a, Face):
            p = pieces[a.warrior]
            return a.warrior, (p.x, p.y), (p.x, p.y), float(a.facing)
        return None

    def use_ability(self, wid: int, ability: str, target: int, at: Point, facing: float
                    ) -> Option:
        """``wid`` uses ``ability`` to set ``target`` down at ``at`` facing ``facing``
        (Magic Levitation, Necromancy), or turns to ``facing`` (Nimble)."""
        if ability == "Nimble":
            return self.option(Face(wid, float(facing) % (2 * math.pi)))
        return self.option(UseAbility(wid, ability, target, (float(at[0]), float(at[1])),
                                      float(facing) % (2 * math.pi)))

    # --- outcomes ----------------------------------------------------------------------

    def outcomes(self, option: Option, sections: Mapping[int, str] | None = None
                 ) -> list[tuple[float, list[dict[str, Any]]]]:
        """Every way ``option`` can turn out, with its chance, as the engine counts it
        (``outcomes``: every roll of the dice, each on a copy of the game). Where it
        waits for a chariot's section to be chosen, ``sections`` names the one chosen for
        each chariot (else the first the engine lists)."""
        return self._count(option, sections or {})[0]

    def _count(self, option: Option, sections: Mapping[int, str]
               ) -> tuple[list[tuple[float, list[dict[str, Any]]]], _Choice | None]:
        """The outcomes, and the first section choice the action waited for (if any)."""
        seen: list[_Choice] = []

        def decide(probe: Game) -> Any:
            # The choices made mid-action on each copy: a chariot's section (Chariot
            # rules: the one ``sections`` names, else the first listed) and the
            # defender's target (Castle rules, Close Combat: the one the attacker named,
            # whose odds are shown, else the first listed).
            owed = waiting(probe)
            listed = list(legal_actions(probe)) if owed.what in ("section", "target") else []
            if owed.what == "section":
                names = tuple(a.section for a in listed if isinstance(a, ChooseSection))
                assert owed.warrior is not None
                seen.append(_Choice(owed.warrior, owed.player, owed.purpose, names))
                name = sections.get(owed.warrior)
                return ChooseSection(owed.warrior, name if name in names else names[0])
            if owed.what == "target":
                named = getattr(option.action, "target", None)
                targets = [a.target for a in listed if isinstance(a, ChooseTarget)]
                return ChooseTarget(owed.player, named if named in targets else targets[0])
            return None

        with self._lock:
            if not self.game.is_legal(option.action):  # type: ignore[arg-type]
                return [], None
            try:
                branches = outcomes(self.game, option.action,  # type: ignore[arg-type]
                                    decide)
            except RuntimeError as exc:
                raise RuntimeError(f"{option.words}: more than {MAX_BRANCHES} ways to turn "
                                   "out") from exc
        return [(b.chance, list(b.events)) for b in branches], (seen[0] if seen else None)

    def outlook(self, option: Option) -> Outlook:
        """The chance to hit, expected clicks and chance to eliminate for every figure the
        action affects; what it costs the player's own figures; the chance to break away.
        Where a chariot's player chooses a section, the odds for each section they may
        choose, and the worst of them for the player acting (Chariot rules)."""
        seat = self._board.to_act
        branches, choice = self._count(option, {})
        found = self._tally(branches, seat)
        if choice is None:
            return found
        each = [(choice.names[0], found)]  # the first listed: what was counted already
        for name in choice.names[1:]:
            each.append((name, self._tally(self._count(option, {choice.chariot: name})[0],
                                           seat)))
        # The player acting chooses for their own chariot (the pushing click): the best
        # for them; the other side chooses: the worst.
        pick = max if choice.seat == seat else min
        counted, outlook = pick(each, key=lambda e: self._gain(e[1], seat))
        return replace(outlook, choice=SectionOdds(choice.chariot, choice.seat,
                                                   choice.purpose, tuple(each), counted))

    def _gain(self, outlook: Outlook, seat: int) -> tuple[float, float, float, float]:
        """How good an outcome is for ``seat``: opposing figures taken out, the clicks
        they take, then its own figures lost and the clicks they take (the fewer the
        better)."""
        foes = [t for t in outlook.targets if self._board.pieces[t.warrior].seat != seat]
        return (sum(t.eliminated + t.captured for t in foes), sum(t.clicks for t in foes),
                -sum(p for _, p, _ in outlook.own_losses), -outlook.own_clicks)

    def _tally(self, branches: list[tuple[float, list[dict[str, Any]]]], seat: int
               ) -> Outlook:
        """The outcomes counted for the player ``seat``, figure by figure."""
        targets: dict[int, list[float]] = {}
        own: dict[tuple[int, str], float] = {}
        critical = own_clicks = 0.0
        breaks: list[float] = []
        for chance, events in branches:
            hit: set[int] = set()
            dodged: set[int] = set()
            captured: set[int] = set()
            dead: set[int] = set()
            clicks: dict[int, int] = {}
            cause_of: dict[int, str] = {}
            broke = None
            for ev in events:
                kind = ev["e"]
                if kind in ("hit", "miss"):
                    targets.setdefault(ev["target"], [0.0, 0.0, 0.0, 0.0])
                    if kind == "hit":
                        hit.add(ev["target"])
                elif kind == "dodged":
                    dodged.add(ev["warrior"])
                elif kind == "captured":
                    captured.add(ev["warrior"])
                elif kind == "damage":
                    wid = ev["warrior"]
                    if self._board.pieces[wid].seat == seat:
                        own_clicks += chance * ev["clicks"]
                        cause_of[wid] = ev.get("ability") or ev["cause"]
                        if ev["cause"] == "critical miss":
                            critical += chance
                    else:
                        clicks[wid] = clicks.get(wid, 0) + ev["clicks"]
                elif kind == "healed":
                    clicks[ev["warrior"]] = clicks.get(ev["warrior"], 0) + ev["clicks"]
                elif kind == "eliminated":
                    dead.add(ev["warrior"])
                elif kind == "break_away" and broke is None:
                    broke = bool(ev["success"])
            if broke is not None:
                breaks.append(chance if broke else 0.0)
            for wid, row in targets.items():
                landed = (wid in hit and wid not in dodged) or wid in captured
                row[0] += chance * landed
                row[1] += chance * clicks.get(wid, 0)
                row[2] += chance * (wid in dead)
                row[3] += chance * (wid in captured)
            for wid in dead:
                if self._board.pieces[wid].seat == seat:
                    key = (wid, cause_of.get(wid, "damage"))
                    own[key] = own.get(key, 0.0) + chance
        losses: dict[int, list[tuple[float, str]]] = {}
        for (wid, cause), p in own.items():
            losses.setdefault(wid, []).append((p, cause))
        return Outlook(
            targets=tuple(TargetOdds(w, r[0], r[1], r[2], r[3]) for w, r in targets.items()),
            critical_miss=critical, own_clicks=own_clicks,
            # Each own warrior the action may eliminate, with what would do it, the likeliest
            # first ("pushing, critical miss": a push kills it unless a 2 does first).
            own_losses=tuple((w, sum(p for p, _ in found),
                              ", ".join(c for _, c in sorted(found, key=lambda f: -f[0])))
                             for w, found in losses.items()),
            break_away=sum(breaks) if breaks else None, branches=len(branches))

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

    def setup_options(self) -> list[Option]:
        """Setting the scene: the places the engine lists for the next terrain item or
        warrior of the player to act."""
        with self._lock:
            return [self.option(a) for a in legal_actions(self.game)]

    def deploy_spot(self, wid: int) -> tuple[Point, float] | None:
        """The first place (and facing) the engine lists for ``wid`` in its starting area
        (Rulebook II, Setting the Scene), where a ghost base can start from."""
        with self._lock:
            if self.game.phase != "deploy":
                return None
            for action in legal_actions(self.game, wid):
                if isinstance(action, Deploy) and action.warrior == wid and \
                        action.at is not None:
                    return (float(action.at[0]), float(action.at[1])), float(action.facing)
        return None

    def waiting_to_set_up(self) -> list[int]:
        """World Conquest, Troop Movements (battle rule 1): the fortifications the player
        to act has still to set up, in order."""
        with self._lock:
            if self.game.phase != "fortifications":
                return []
            return [w.id for w in fortifications_waiting(self.game)
                    if w.owner == self.game.to_act]

    def set_up_spot(self, wid: int) -> tuple[Point, float] | None:
        """The first place (and rotation) the engine lists for fortification ``wid``: its
        default place when free, where a ghost can start from."""
        with self._lock:
            if self.game.phase != "fortifications":
                return None
            for action in legal_actions(self.game):
                if isinstance(action, SetUpFortification) and action.warrior == wid:
                    return (float(action.at[0]), float(action.at[1])), float(action.rotation)
        return None

    def fortification_outline(self, wid: int, at: Point, rotation: float
                              ) -> tuple[Patch, ...]:
        """Where fortification ``wid`` would stand, set up at ``at`` turned ``rotation``:
        its square (or quarter)."""
        with self._lock:
            if wid not in self.game.works:
                return ()
            kind = self._board.pieces[wid].castle
            square = fortification_outline(self.game.warriors[wid],
                                           (float(at[0]), float(at[1])), float(rotation))
            return (Patch("blocking", tuple(square), kind),)

    def waiting_to_deploy(self) -> list[int]:
        with self._lock:
            if self.game.phase != "deploy":
                return []
            seat = self.game.to_act
            return [w.id for w in self.game.warriors if w.owner == seat and not w.deployed]

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

    def end_turn(self) -> list[Option]:
        """The actions that end the current turn now, in order, as the engine answers
        them (the warriors that have not acted pass while actions are left; a turn that
        still waits for a free move, Quickness, ends with ``EndTurn``)."""
        with self._lock:
            return [self.option(a) for a in ending_turn(self.game)]

    # --- castles ------------------------------------------------------------------------

    def portals(self) -> list[tuple[Option, Refusal | None]]:
        """Castle rules, Portals: "At the beginning of the castle player's command phase,
        that player declares whether they are opening or closing any of their portals for
        the turn": every portal of the castle player's standing sections, opened when
        closed and closed when open, each with the engine's reason if it may not be now
        (empty without a castle)."""
        with self._lock:
            found = castle_portal_switches(self.game)
        return [(self.option(a), self.refusal(a)) for a in found]

    def may_set_portals(self) -> bool:
        """Whether the player to act may open or close a portal now."""
        with self._lock:
            game = self.game
            return bool(game.sections) and game.phase == "play" and not game.pending and \
                game.current == game.castle_player and \
                next(iter(legal_actions(game, None, {"portal"})), None) is not None

    # --- the AI ------------------------------------------------------------------------

    def ai_choice(self, commander: str | None = None) -> Option:
        """The AI's choice for the player to act, made on a copy of the game. Its seed
        comes from the game's and the number of actions so far, so a resumed game makes
        the same choices as one never interrupted. An AI seat's player is the seats' own
        (``Seats.players``) unless ``commander`` names the engine's AI player to ask."""
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
        return self.option(player.choose(probe))

    # --- the record --------------------------------------------------------------------

    def entries(self) -> int:
        return self._board.version

    def json_of(self, option: Option) -> dict[str, Any]:
        return action_to_json(option.action)  # type: ignore[arg-type]


#: What a section chosen takes, by the choice's purpose (Chariot rules: Attacking a
#: Chariot, Pushing, a figure touching two sections).
_CHOSEN = {"attack": "the attack strikes", "pushing": "the pushing click goes on",
           "damage": "the damage goes on"}
_POINTS = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")


def _heading(angle: float) -> str:
    """A facing as a compass point ("NE"), with its degrees when it lies between two."""
    degrees = math.degrees(angle) % 360.0
    point = round(degrees / 45.0) % 8
    if abs(math.remainder(degrees - point * 45.0, 360.0)) < 0.5:
        return _POINTS[point]
    return f"{degrees:.0f}° ({_POINTS[point]})"


def _compass(angle: float) -> str:
    """An angle as a compass direction (north is +y)."""
    names = ("east", "north-east", "north", "north-west", "west", "south-west", "south",
             "south-east")
    return names[round(angle / (math.pi / 4)) % 8]


def tell(log: str) -> list[str]:
    """A whole game told turn by turn, with the table's map after every turn, as
    ``armybuilder battle replay --maps turn`` tells it (the log replayed first)."""
    return list(narrate(json.loads(log), maps="turn"))
