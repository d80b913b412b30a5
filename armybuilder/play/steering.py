"""The actions a player steers on the play screen, made and checked by the engine: a move
along a path (its captive set down where it may stand), a movement formation's moves,
setting the scene (terrain, deployment, World Conquest fortifications), a chariot's drive
and its passenger, the abilities that set a figure down (Magic Levitation, Necromancy,
Nimble), ending a turn early and the castle's portals. A mixin of
:class:`armybuilder.play.session.PlaySession`: every answer is the engine's."""

from __future__ import annotations

import math
import threading
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from armybuilder.engine import (
    NOBODY,
    REGISTRY,
    SECTIONS,
    ChariotMove,
    Deploy,
    Disembark,
    EndByAgreement,
    Face,
    FormationPlan,
    Game,
    Move,
    PlaceTerrain,
    SetUpFortification,
    UseAbility,
    Withdraw,
    castle_portal_switches,
    chariot_allowance,
    chariot_movable_sections,
    chariot_stop,
    disembark_spots,
    ending_turn,
    formation_in_order,
    fortification_outline,
    fortifications_waiting,
    legal_actions,
    movement_allowance,
    placements,
    waiting,
    with_captive_placed,
)
from armybuilder.engine import Board as Boarding
from armybuilder.play.board import Board, Option, Patch, Point, Refusal

#: Facings tried for a turn that may go any way (Nimble): every 15 degrees.
_BEARINGS = tuple(math.radians(d) for d in range(0, 360, 15))


class Steering(ABC):
    """The actions a player steers, and where they may go. What it asks of the session
    it is part of (PlaySession) is declared here."""

    game: Game

    @property
    @abstractmethod
    def lock(self) -> threading.RLock:
        """The one lock every engine call is made under."""

    @property
    @abstractmethod
    def board(self) -> Board:
        """The game as the screen shows it."""

    @abstractmethod
    def option(self, action: Any) -> Option:
        """An engine action in the screen's words."""

    @abstractmethod
    def label(self, wid: int) -> str:
        """A warrior as the map letters it."""

    @abstractmethod
    def refusal(self, action: Any) -> Refusal | None:
        """The engine's reason ``action`` may not be given now, or None."""

    def move(self, wid: int, path: Iterable[Point], facing: float | None,
             ability: str | None = None, stuck_facing: float | None = None) -> Option:
        """A move along ``path`` (the points after the start; none: turn in place)."""
        pts = tuple((float(x), float(y)) for x, y in path)
        move = Move(wid, pts, None if facing is None else float(facing),
                    stuck_facing=None if stuck_facing is None else float(stuck_facing),
                    ability=ability)
        with self.lock:
            # The captive goes where it can stand beside its controller, as the engine
            # finds it (its own place moved along, else one around).
            move = with_captive_placed(self.game, move)
        return self.option(move)

    def formation_plan(self, members: Iterable[int], offset: Point) -> Option:
        """Every member moves by ``offset``, keeping its facing."""
        dx, dy = offset
        pieces = [self.board.pieces[m] for m in members]
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
            p = self.board.pieces[wid]
            pts = tuple((float(x), float(y)) for x, y in path)
            turned = abs(math.remainder(facing - p.facing, 2 * math.pi)) > 1e-9
            if pts or turned:
                steps.append(Move(wid, pts, float(facing) % (2 * math.pi)))
        if not steps:
            return self.option(FormationPlan(()))
        with self.lock:
            plan = formation_in_order(self.game, steps)
        return self.option(plan)

    def formation_member_allowance(self, wid: int) -> float | None:
        """How far member ``wid`` of the formation being moved may go (Rulebook IV: the
        speed reduced to the slowest member's, as the engine counts it with terrain and a
        captive); None when no formation is being moved."""
        with self.lock:
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
        with self.lock:
            if waiting(self.game).what == "plan":
                return None  # a formation's member: formation_member_allowance
            return movement_allowance(self.game, wid, ability)

    # --- chariots ----------------------------------------------------------------------

    def movable_sections(self, wid: int) -> list[str]:
        """The sections of chariot ``wid`` that may be given a move action now (Chariot
        rules, Actions and Movement), in the order the rules name them."""
        with self.lock:
            w = self.game.warriors[wid]
            if not w.kind.has_sections:
                return []
            return [SECTIONS[k] for k in chariot_movable_sections(self.game, w)]

    def chariot_allowance(self, wid: int, sections: Iterable[str]) -> float:
        """Chariot rules, Movement: the speed values of ``sections`` added (halved in
        hindering terrain, Rulebook V), as the engine counts them."""
        with self.lock:
            w = self.game.warriors[wid]
            ks = tuple(SECTIONS.index(n) for n in sections)
            return float(chariot_allowance(self.game, w, ks)) if ks else 0.0

    def chariot_stop(self, wid: int, sections: Iterable[str], facing: float
                     ) -> tuple[float, str | None]:
        """How far straight ahead at ``facing`` chariot ``wid`` may drive with
        ``sections``' move actions, and the rule that stops it short (terrain, a base of
        several dials, Ram), as the engine's movement finds it; and short of the
        battlefield's edge, which its base may not cross (Rulebook III, Movement)."""
        with self.lock:
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
        with self.lock:
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
        with self.lock:
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
        with self.lock:
            w = self.game.warriors[wid]
            return [n for n in w.abilities if REGISTRY.action_kind(n) == "move"]

    # --- abilities that set a figure down ------------------------------------------------

    def placements(self, wid: int) -> list[Option]:
        """The ability actions of ``wid`` whose place and facing the player steers, one
        for each figure they may set down, as the engine answers them (FAQ, Magic
        Levitation; Special Abilities Card, Necromancy), each starting at a place the
        engine allows; and a turn by Nimble (any facing, during your turn) when the
        engine allows one."""
        with self.lock:
            game = self.game
            if game.phase != "play" or game.pending:
                return []
            w = game.warriors[wid]
            pieces = self.board.pieces
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
        pieces = self.board.pieces
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

    def setup_options(self) -> list[Option]:
        """Setting the scene: the places the engine lists for the next terrain item or
        warrior of the player to act."""
        with self.lock:
            return [self.option(a) for a in legal_actions(self.game)]

    def deploy_spot(self, wid: int) -> tuple[Point, float] | None:
        """The first place (and facing) the engine lists for ``wid`` in its starting area
        (Rulebook II, Setting the Scene), where a ghost base can start from."""
        with self.lock:
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
        with self.lock:
            if self.game.phase != "fortifications":
                return []
            return [w.id for w in fortifications_waiting(self.game)
                    if w.owner == self.game.to_act]

    def set_up_spot(self, wid: int) -> tuple[Point, float] | None:
        """The first place (and rotation) the engine lists for fortification ``wid``: its
        default place when free, where a ghost can start from."""
        with self.lock:
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
        with self.lock:
            if wid not in self.game.works:
                return ()
            kind = self.board.pieces[wid].castle
            square = fortification_outline(self.game.warriors[wid],
                                           (float(at[0]), float(at[1])), float(rotation))
            return (Patch("blocking", tuple(square), kind),)

    def waiting_to_deploy(self) -> list[int]:
        with self.lock:
            if self.game.phase != "deploy":
                return []
            seat = self.game.to_act
            return [w.id for w in self.game.warriors if w.owner == seat and not w.deployed]

    def end_turn(self) -> list[Option]:
        """The actions that end the current turn now, in order, as the engine answers
        them (the warriors that have not acted pass while actions are left; a turn that
        still waits for a free move, Quickness, ends with ``EndTurn``)."""
        with self.lock:
            return [self.option(a) for a in ending_turn(self.game)]

    # --- castles ------------------------------------------------------------------------

    def portals(self) -> list[tuple[Option, Refusal | None]]:
        """Castle rules, Portals: "At the beginning of the castle player's command phase,
        that player declares whether they are opening or closing any of their portals for
        the turn": every portal of the castle player's standing sections, opened when
        closed and closed when open, each with the engine's reason if it may not be now
        (empty without a castle)."""
        with self.lock:
            found = castle_portal_switches(self.game)
        return [(self.option(a), self.refusal(a)) for a in found]

    def may_set_portals(self) -> bool:
        """Whether the player to act may open or close a portal now."""
        with self.lock:
            game = self.game
            return bool(game.sections) and game.phase == "play" and not game.pending and \
                game.current == game.castle_player and \
                next(iter(legal_actions(game, None, {"portal"})), None) is not None
