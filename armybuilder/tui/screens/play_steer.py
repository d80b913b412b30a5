"""Steering on the battlefield: a ghost base for a move (straight or bent, turned, the
facing if it fails to break away, Charge or Bound), a chariot's drive (the sections given
move actions, a spin, the distance straight ahead), a passenger getting off, the facing
of a passenger thrown from a wreck, a terrain item or a warrior being placed while
setting the scene, a movement formation (the whole group, then each member to its own
place and facing), and the figure an ability sets down (Magic Levitation, Necromancy) or
Nimble's turn. The engine checks every place the ghost reaches; the play screen gives
the action once it is allowed."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from rich.text import Text

from armybuilder.play.board import Option, Point
from armybuilder.tui.play_words import cost_text

if TYPE_CHECKING:
    from armybuilder.play.board import Board, Decision
    from armybuilder.play.destinations import Destination, Touch
    from armybuilder.play.session import PlaySession
    from armybuilder.tui.widgets.battlefield import Battlefield

#: Degrees a keystroke turns a base being steered.
TURN_STEP = 15.0
FINE_TURN = 1.0  # degrees a shift+arrow spins a chariot
FINE_STEP = 0.1  # inches a shift+arrow steers the ghost
DRIVE_STEP = 0.5  # inches an arrow lengthens or shortens a chariot's drive
#: The keys that give a chariot's sections a move action or take it back (Chariot rules,
#: Movement: several move actions combined into one movement).
SECTION_KEYS = {"front": "1", "left": "2", "right": "3", "rear": "4"}


@dataclass(slots=True)
class MemberPose:
    """One member of a movement formation being steered (Rulebook IV, Movement
    Formations: "move all figures in the formation normally", each to its own place):
    where it ends, the bends on its way, which way it faces. A member that failed to
    break away may only turn."""

    start: Point
    at: Point
    facing: float
    waypoints: list[Point] = field(default_factory=list)
    stuck: bool = False

    @property
    def path(self) -> list[Point]:
        """The points after the start (none: it turns where it stands)."""
        moved = math.hypot(self.at[0] - self.start[0], self.at[1] - self.start[1]) > 1e-6
        return [*self.waypoints, self.at] if moved or self.waypoints else []

    @property
    def length(self) -> float:
        points = [self.start, *self.path]
        return sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(points))


#: The facing towards each edge of the table (facings counter-clockwise from east), and
#: the edge across the table from each.
TOWARDS = {"east": 0.0, "north": math.pi / 2, "west": math.pi, "south": -math.pi / 2}
OPPOSITE = {"east": "west", "west": "east", "north": "south", "south": "north"}

def touch_words(board: Board, touches: tuple[Touch, ...], reaches: float = 1.0) -> str:
    """What a move touches, as the engine has it after the move: each opposing
    figure, on which arc, and the chance a close combat attack on it hits (or the rule
    refusing one); the chance to get there when it must break away first."""
    if not touches:
        return ""
    parts = []
    for t in touches:
        label = board.pieces[t.warrior].label
        if t.hit is not None:
            odds = f"attack hits {100 * t.hit:.0f}% ({t.needed}+ on 2d6)"
        else:
            odds = f"no attack: {t.why}" if t.why else "no attack"
        parts.append(f"{label}, its {t.arc} arc: {odds}")
    gets = f" (breaks away {100 * reaches:.0f}%)" if reaches < 1 - 1e-9 else ""
    return " — touches " + "; ".join(parts) + gets


#: What is steered while the scene is set (Rulebook II; World Conquest's fortifications).
SETUP_STEERS = ("fortification", "terrain", "deploy")


@dataclass(slots=True)
class Steer:
    """A base (or terrain item, or a whole formation) being steered across the map."""

    #: "move", "confused", "deploy", "terrain", "fortification", "plan"; a chariot's
    #: "drive", a passenger's "disembark", a wrecked chariot's passenger's "face"; "place",
    #: the figure an ability sets down; "nimble", Nimble's turn.
    purpose: str
    warrior: int | None
    start: Point
    at: Point
    facing: float
    waypoints: list[Point] = field(default_factory=list)
    turned: bool = False  # the facing was set by hand: it no longer follows the path
    ability: str | None = None  # a move action's ability (Charge, Bound)
    stuck: float | None = None  # where it faces if it fails to break away (None: as it is)
    item: int = 0  # terrain: the pile item
    members: tuple[int, ...] = ()  # plan: the formation's members
    poses: dict[int, MemberPose] = field(default_factory=dict)  # plan: each member's
    focus: int | None = None  # plan: the member steered on its own (None: the group)
    target: int | None = None  # place: the figure set down
    sections: list[str] = field(default_factory=list)  # drive: the sections given moves
    distance: float = 0.0  # drive: inches straight ahead after the spin
    option: Option | None = None
    why: str = ""
    #: move: the places worth going to (n cycles them), which one is shown (-1: none
    #: yet), and what the ghost touches where it stands now, with the chance to get there.
    destinations: list[Destination] | None = None
    destination: int = -1
    touches: tuple[Touch, ...] = ()
    reaches: float = 1.0
    cost: Text | None = None  # what the move costs: a push, a free move (Quickness)

    def drive_end(self) -> Point:
        """Where a chariot's centre dot ends: ``distance`` ahead at ``facing``."""
        return (self.start[0] + self.distance * math.cos(self.facing),
                self.start[1] + self.distance * math.sin(self.facing))


class Steering:
    """The play screen's steering: mixed into :class:`PlayScreen`, whose state it uses."""

    session: PlaySession | None
    steer: Steer | None
    mode: str
    selected: int | None
    queue: list[Option]

    if TYPE_CHECKING:
        @property
        def board(self) -> Board: ...
        @property
        def map(self) -> Battlefield: ...

        def _set_mode(self, mode: str) -> None: ...
        def _confirm(self, option: Option, outlook: Any = None) -> None: ...
        def _give(self, option: Option) -> None: ...
        def _prompt(self, text: Text | str) -> None: ...
        def _mark(self) -> None: ...
        def _next(self) -> None: ...
        def _show_warrior(self) -> None: ...
        def _hide_options(self) -> None: ...
        def _shown(self, played: Any) -> None: ...
        def _list(self, kind: str, options: list[Option], title: str) -> None: ...
        def notify(self, message: str, **kw: Any) -> None: ...

    # --- steering a base -------------------------------------------------------------

    def _begin_move(self, wid: int, purpose: str = "move") -> None:
        p = self.board.pieces[wid]
        self.steer = Steer(purpose, wid, (p.x, p.y), (p.x, p.y), p.facing)
        self._set_mode("ghost")
        self._check_steer()

    def _begin_drive(self, wid: int) -> None:
        """Chariot rules, Movement: choose the sections given move actions, spin on the
        centre dot, then straight ahead. It starts with the fastest section that may
        move, going nowhere."""
        assert self.session is not None
        p = self.board.pieces[wid]
        movable = self.session.movable_sections(wid)
        fastest = max(movable, key=lambda n: p.section(n).stats.speed, default=None)
        self.steer = Steer("drive", wid, (p.x, p.y), (p.x, p.y), p.facing,
                           sections=[fastest] if fastest else [])
        self._set_mode("ghost")
        self._check_steer()

    def _begin_disembark(self, wid: int) -> None:
        """Chariot rules, Boarding & Disembarking: a ghost of the passenger beside his
        chariot, at the first place the engine lists, steered anywhere around it."""
        assert self.session is not None
        spot = self.session.disembark_spot(wid)
        if spot is None:
            return
        at, facing = spot
        self.steer = Steer("disembark", wid, at, at, facing)
        self._set_mode("ghost")
        self._check_steer()

    def _begin_facing(self, wid: int) -> None:
        """Chariot rules, Damaging a Passenger: the passenger of the wreck faces as his
        player chooses."""
        p = self.board.pieces[wid]
        self.selected = wid
        self.steer = Steer("face", wid, (p.x, p.y), (p.x, p.y), p.facing)
        self._set_mode("ghost")
        self._check_steer()

    def _begin_plan(self, decision: Decision) -> None:
        """Rulebook IV, Movement Formations: each member moves up to the formation's
        speed and they end as one group, touching. The whole group is steered first; tab
        takes one member at a time, to its own place and facing. A member that failed to
        break away may only turn."""
        members = decision.members
        poses = {m: MemberPose((p.x, p.y), (p.x, p.y), p.facing, stuck=m in decision.stuck)
                 for m in members for p in (self.board.pieces[m],)}
        lead = self.board.pieces[members[0]]
        self.selected = lead.id
        self.steer = Steer("plan", None, (lead.x, lead.y), (lead.x, lead.y), lead.facing,
                           members=tuple(members), poses=poses)
        self._set_mode("ghost")
        self._show_warrior()
        self._check_steer()

    def _cycle_member(self, step: int) -> None:
        """Tab: the next member steered on its own; after the last, the whole group."""
        steer = self.steer
        assert steer is not None
        order: list[int | None] = [None, *steer.members]
        steer.focus = order[(order.index(steer.focus) + step) % len(order)]
        self.selected = steer.focus if steer.focus is not None else steer.members[0]
        self._show_warrior()
        self._check_steer()

    def _begin_place(self, option: Option) -> None:
        """An ability that sets a figure down where the player chooses (FAQ, Magic
        Levitation; Special Abilities Card, Necromancy) or Nimble's turn: a ghost at the
        place (and facing) the engine offered, steered anywhere, checked by the engine."""
        assert self.session is not None and option.warrior is not None
        found = self.session.placing(option)
        if found is None:
            return
        target, start, at, facing = found
        purpose = "nimble" if option.ability == "Nimble" else "place"
        self._hide_options()  # the arrows steer the ghost now, not the list
        self.selected = option.warrior
        self.steer = Steer(purpose, option.warrior, start, at, facing, turned=True,
                           ability=option.ability, target=target)
        self._set_mode("ghost")
        self._show_warrior()
        self._check_steer()

    def action_toggle_section(self, name: str) -> None:
        """Give the section a move action too, or take it back (Chariot rules, Movement:
        the speeds of the sections given move actions are added)."""
        steer = self.steer
        if self.mode != "ghost" or steer is None or steer.purpose != "drive":
            return
        if name in steer.sections:
            steer.sections.remove(name)
        else:
            steer.sections.append(name)
        self._check_steer()

    def action_list_moves(self) -> None:
        """The moves the engine lists for the warrior being steered (a chariot's drives,
        a passenger's places to get off, a boarding), to choose one from."""
        steer = self.steer
        if self.mode != "ghost" or steer is None or self.session is None or \
                steer.warrior is None or steer.purpose not in ("move", "drive", "disembark"):
            return
        from armybuilder.play.destinations import touched

        options = self.session.options(steer.warrior, "move")
        if not options:
            self.notify("The engine lists no move here.", severity="warning")
            return
        if steer.purpose == "move":
            # What each move touches, as the game after it has it.
            options = [replace(o, words=o.words + touch_words(self.board, *touched(
                self.session, o))) for o in options]
        label = self.board.pieces[steer.warrior].label
        self.steer = None
        self._list("move", options, f"The moves the engine lists for {label}:")

    def action_destination(self, step: int) -> None:
        """The next place worth a move (base contact with each opposing figure in reach,
        a captive brought home), the ghost set there with the engine's check and the odds
        of the attack it sets up."""
        from armybuilder.play.destinations import destinations

        steer = self.steer
        if self.mode != "ghost" or steer is None or self.session is None or \
                steer.warrior is None or steer.purpose != "move":
            return
        if steer.destinations is None:
            steer.destinations = destinations(self.session, steer.warrior, steer.ability)
        if not steer.destinations:
            self.notify("No opposing figure in reach, no captive to bring home: steer the "
                        "ghost with the arrows.", severity="warning")
            return
        steer.destination = (steer.destination + step) % len(steer.destinations)
        d = steer.destinations[steer.destination]
        steer.waypoints = []
        steer.at, steer.facing, steer.turned = d.at, d.facing, True
        self.map.centre_on(d.at)
        self._check_steer()

    def action_drive_to_stop(self) -> None:
        """Straight ahead as far as the line of movement goes (Chariot rules, Movement:
        the sum of the speeds, or where terrain, a base of several dials or Ram stops
        it)."""
        steer = self.steer
        if self.session is None or steer is None or steer.purpose != "drive" or \
                steer.warrior is None:
            return
        steer.distance, _ = self.session.chariot_stop(steer.warrior, steer.sections,
                                                      steer.facing)
        self._check_steer()

    def _drive(self, dx: int, dy: int, fine: bool) -> None:
        """Arrows for a chariot's drive: up and down lengthen and shorten it, left and
        right spin it (Chariot rules, Movement)."""
        steer = self.steer
        assert steer is not None
        if dy:
            step = FINE_STEP if fine else DRIVE_STEP
            steer.distance = max(0.0, round((steer.distance + dy * step) / step) * step)
        if dx:
            self._spin(-dx * (FINE_TURN if fine else TURN_STEP))
            return
        self.map.centre_on(steer.drive_end())
        self._check_steer()

    def _spin(self, degrees: float) -> None:
        steer = self.steer
        assert steer is not None
        steer.facing = (steer.facing + math.radians(degrees)) % (2 * math.pi)
        steer.turned = True
        self._check_steer()

    def action_steer(self, dx: int, dy: int, fine: bool = False) -> None:
        if self.mode != "ghost" or self.steer is None:
            return
        if self.steer.purpose == "drive":
            self._drive(dx, dy, fine)
            return
        if self.steer.purpose in ("face", "nimble"):
            if dx:
                self._spin(-dx * (FINE_TURN if fine else TURN_STEP))
            return
        step = FINE_STEP if fine else self.map.step
        sx, sy = (step, step) if fine else (step, 2 * step)
        at = self._steered_at()
        self._steer_to((at[0] + dx * sx, at[1] + dy * sy))

    def _steered_at(self) -> Point:
        """Where the ghost being steered stands: a formation's member on its own, else
        the ghost (for a whole formation: where its first member would go)."""
        steer = self.steer
        assert steer is not None
        if steer.purpose == "plan" and steer.focus is not None:
            return steer.poses[steer.focus].at
        return steer.at

    def _clamped(self, at: Point) -> Point:
        table = self.board.table
        return (min(table, max(0.0, at[0])), min(table, max(0.0, at[1])))

    def _steer_to(self, at: Point) -> None:
        steer = self.steer
        assert steer is not None
        if steer.purpose in ("face", "nimble"):
            return  # he stands where he is (where the chariot stood)
        if steer.purpose == "plan":
            self._steer_formation(at)
            return
        if steer.purpose == "drive":
            # A click: spin to face it and drive up to it.
            dx, dy = at[0] - steer.start[0], at[1] - steer.start[1]
            if math.hypot(dx, dy) > 1e-6:
                steer.facing = math.atan2(dy, dx) % (2 * math.pi)
                steer.distance = math.hypot(dx, dy)
                steer.turned = True
            self._check_steer()
            return
        table = self.board.table
        steer.destination = -1 if steer.destinations is None else steer.destination
        steer.at = (min(table, max(0.0, at[0])), min(table, max(0.0, at[1])))
        if steer.purpose in ("move", "confused") and not steer.turned:
            last = steer.waypoints[-1] if steer.waypoints else steer.start
            if math.hypot(steer.at[0] - last[0], steer.at[1] - last[1]) > 1e-6:
                steer.facing = math.atan2(steer.at[1] - last[1], steer.at[0] - last[0])
        self.map.centre_on(steer.at)
        self._check_steer()

    def _steer_formation(self, at: Point) -> None:
        """The whole group by the same distance (members that failed to break away
        stay), or the member steered on its own to ``at``."""
        steer = self.steer
        assert steer is not None
        if steer.focus is None:
            dx, dy = at[0] - steer.at[0], at[1] - steer.at[1]
            steer.at = at
            for pose in steer.poses.values():
                if not pose.stuck:
                    pose.at = self._clamped((pose.at[0] + dx, pose.at[1] + dy))
        else:
            pose = steer.poses[steer.focus]
            if pose.stuck:
                self.notify("It failed to break away: it may turn, not move (Rulebook IV, "
                            "Movement Formations).", severity="warning")
                return
            pose.at = self._clamped(at)
        self.map.centre_on(self._steered_at())
        self._check_steer()

    def _turned(self) -> list[int]:
        """The members a turn applies to: the one steered on its own, else every one."""
        steer = self.steer
        assert steer is not None
        return [steer.focus] if steer.focus is not None else list(steer.poses)

    def action_turn(self, way: int) -> None:
        if self.mode != "ghost" or self.steer is None:
            return
        step = way * math.radians(TURN_STEP)
        if self.steer.purpose == "plan":
            for wid in self._turned():
                pose = self.steer.poses[wid]
                pose.facing = (pose.facing + step) % (2 * math.pi)
            self._check_steer()
            return
        # A base's facing, or a terrain item's rotation: radians either way.
        self.steer.facing = (self.steer.facing + step) % (2 * math.pi)
        self.steer.turned = True
        self._check_steer()

    def _nearest_foe_bearing(self, seat: int, at: Point) -> float | None:
        foes = [p for p in self.board.pieces if p.on_table and p.seat != seat
                and p.captive_of is None]
        if not foes:
            return None
        near = min(foes, key=lambda p: math.hypot(p.x - at[0], p.y - at[1]))
        return math.atan2(near.y - at[1], near.x - at[0]) % (2 * math.pi)

    def action_face_nearest(self) -> None:
        steer = self.steer
        if self.mode != "ghost" or steer is None:
            return
        if steer.purpose == "plan":
            for wid in self._turned():
                pose = steer.poses[wid]
                bearing = self._nearest_foe_bearing(self.board.pieces[wid].seat, pose.at)
                pose.facing = pose.facing if bearing is None else bearing
            self._check_steer()
            return
        who = steer.target if steer.target is not None else steer.warrior
        if who is None:
            return
        bearing = self._nearest_foe_bearing(self.board.pieces[who].seat, steer.at)
        if bearing is None:
            return
        steer.facing = bearing
        steer.turned = True
        self._check_steer()

    def _bend(self) -> None:
        """A bend in the path: the ghost (or the member steered on its own) goes on from
        where it is."""
        steer = self.steer
        if steer is not None and steer.purpose == "plan" and steer.focus is not None:
            pose = steer.poses[steer.focus]
            if not pose.stuck and pose.at != (pose.waypoints[-1] if pose.waypoints
                                              else pose.start):
                pose.waypoints.append(pose.at)
                self._check_steer()
            return
        if steer is not None and steer.purpose in ("move", "confused") and \
                steer.at != (steer.waypoints[-1] if steer.waypoints else steer.start):
            steer.waypoints.append(steer.at)
            self._check_steer()

    def action_unbend(self) -> None:
        steer = self.steer
        if self.mode != "ghost" or steer is None:
            return
        bends = steer.poses[steer.focus].waypoints if steer.purpose == "plan" and \
            steer.focus is not None else steer.waypoints
        if bends:
            bends.pop()
            self._check_steer()

    def action_stuck_facing(self) -> None:
        """Rulebook III, Breaking Away: a warrior that fails may still turn; choose now
        where it would face (again: it keeps its facing)."""
        steer = self.steer
        if self.mode != "ghost" or steer is None or steer.purpose != "move":
            return
        steer.stuck = None if steer.stuck is not None else steer.facing
        self._check_steer()

    def action_move_ability(self) -> None:
        steer = self.steer
        if self.mode != "ghost" or steer is None or steer.purpose != "move" or \
                self.session is None or steer.warrior is None:
            return
        modes: list[str | None] = [None, *self.session.move_abilities(steer.warrior)]
        steer.ability = modes[(modes.index(steer.ability) + 1) % len(modes)]
        self._check_steer()

    def _steer_option(self) -> Option:
        assert self.session is not None and self.steer is not None
        steer, session = self.steer, self.session
        if steer.purpose == "terrain":
            return session.place_terrain(steer.item, steer.at, steer.facing)
        if steer.purpose == "fortification":
            assert steer.warrior is not None
            return session.set_up_fortification(steer.warrior, steer.at, steer.facing)
        if steer.purpose == "deploy":
            assert steer.warrior is not None
            return session.deploy(steer.warrior, steer.at, steer.facing)
        if steer.purpose == "plan":
            return session.formation_moves({wid: (pose.path, pose.facing)
                                            for wid, pose in steer.poses.items()})
        assert steer.warrior is not None
        if steer.purpose in ("place", "nimble"):
            assert steer.ability is not None and steer.target is not None
            return session.use_ability(steer.warrior, steer.ability, steer.target, steer.at,
                                       steer.facing)
        if steer.purpose == "drive":
            p = self.board.pieces[steer.warrior]
            spun = abs(math.remainder(steer.facing - p.facing, 2 * math.pi)) > 1e-9
            return session.chariot_move(steer.warrior, steer.sections,
                                        steer.facing if spun else None, steer.distance)
        if steer.purpose == "disembark":
            return session.disembark(steer.warrior, steer.at, steer.facing)
        if steer.purpose == "face":
            return session.face(steer.warrior, steer.facing)
        moved = math.hypot(steer.at[0] - steer.start[0], steer.at[1] - steer.start[1]) > 1e-6
        path = [*steer.waypoints, steer.at] if moved or steer.waypoints else []
        return session.move(steer.warrior, path, steer.facing, steer.ability, steer.stuck)

    def _check_steer(self, give: bool = False) -> None:
        """Ask the engine about the base where it is now; with ``give``, give it."""
        assert self.session is not None and self.steer is not None
        steer = self.steer
        option = self._steer_option()
        why = self.session.refusal(option.action)
        steer.option = option
        steer.why = "" if why is None else str(why)
        if steer.purpose == "move" and why is None:
            from armybuilder.play.destinations import touched

            steer.touches, steer.reaches = touched(self.session, option)
            # A push and a free move are told while steering, not only at the second look.
            # Rulebook III, Pushing: only a warrior that already carries an action token is
            # pushed, and only a move with an ability (Quickness) can be free; any other move
            # costs its action alone, so the engine's count (its odds too) is not run on
            # the screen's thread for every key.
            pushable = steer.warrior is not None and self.board.pieces[steer.warrior].tokens
            if pushable or steer.ability:
                steer.cost = cost_text(self.board, self.session.outlook(option))
            else:
                steer.cost = None
        else:
            steer.touches, steer.reaches, steer.cost = (), 1.0, None
        if give:
            if why is not None:
                self.notify(str(why), severity="error", timeout=8)
            elif steer.purpose in ("move", "confused", "drive", "disembark", "place",
                                   "nimble"):
                self._confirm(option)
                return
            else:
                self._give(option)
                return
        self._steer_prompt()
        self._mark()

    def _steer_prompt(self) -> None:
        assert self.session is not None and self.steer is not None
        steer = self.steer
        text = Text()
        if steer.purpose in ("move", "confused"):
            p = self.board.pieces[steer.warrior] if steer.warrior is not None else None
            points = [steer.start, *steer.waypoints, steer.at]
            length = sum(math.hypot(b[0] - a[0], b[1] - a[1])
                         for a, b in itertools.pairwise(points))
            reach = self.session.allowance(steer.warrior, steer.ability) \
                if steer.warrior is not None else None
            head = "Move" if steer.purpose == "move" else "Move the confused"
            text.append(f"{head} {p.label if p else ''}", style="bold")
            if steer.ability:
                text.append(f" ({steer.ability}: then attack)", style="bold")
            text.append(f"\npath {length:.1f}\"" + (f" of {reach:g}\"" if reach else "") +
                        f" · facing {math.degrees(steer.facing) % 360:.0f}°")
            if steer.stuck is not None:
                text.append(f" · if it fails to break away: "
                            f"{math.degrees(steer.stuck) % 360:.0f}°")
            text.append("\n")
            shown = steer.destinations[steer.destination] \
                if steer.destinations and steer.destination >= 0 else None
            if shown is not None and (steer.at, steer.facing) == (shown.at, shown.facing):
                text.append(f"n {steer.destination + 1}/{len(steer.destinations or ())}: "
                            f"{shown.words}", style="bold")
                if shown.gains:
                    text.append(f" (+{shown.gains} VP)", style="bold")
                text.append("\n")
            if steer.touches:
                text.append("◆ base contact" + touch_words(self.board, steer.touches,
                                                          steer.reaches) + "\n",
                            style="bold cyan")
            if steer.cost is not None:
                text.append(steer.cost)
        elif steer.purpose == "drive":
            self._drive_prompt(text)
        elif steer.purpose in ("disembark", "face"):
            p = self.board.pieces[steer.warrior] if steer.warrior is not None else None
            if steer.purpose == "disembark":
                text.append(f"{p.label if p else ''} gets off: place him touching a side "
                            "or the rear of the chariot", style="bold")
            else:
                text.append(f"{p.label if p else ''} is thrown from the wreck: choose his "
                            "facing (Chariot rules, Damaging a Passenger)", style="bold")
            text.append(f"\nfacing {math.degrees(steer.facing) % 360:.0f}°\n")
        elif steer.purpose == "deploy":
            p = self.board.pieces[steer.warrior] if steer.warrior is not None else None
            text.append(f"Place {p.label if p else ''} in your starting area\n", style="bold")
            text.append("tab: next warrior · o: place the rest as the AI would\n")
        elif steer.purpose == "fortification":
            p = self.board.pieces[steer.warrior] if steer.warrior is not None else None
            text.append(f"Set up your {p.castle if p else 'fortification'} touching your "
                        f"starting area (turned {math.degrees(steer.facing) % 360:.0f}°; "
                        "its back faces your edge at 0°)\n", style="bold")
            text.append("[ ] turn · tab: your other one first · o: set it up where the AI "
                        "would\n")
        elif steer.purpose == "terrain":
            pile = {t.index: t for t in self.board.pile}
            name = pile[steer.item].name if steer.item in pile else steer.item
            text.append(f"Place terrain: {name} (turned {math.degrees(steer.facing):.0f}°)\n",
                        style="bold")
            text.append("tab: next item · o: place it as the AI would\n")
        elif steer.purpose in ("place", "nimble"):
            self._place_prompt(text)
        else:
            self._plan_prompt(text)
        if steer.why:
            text.append(f"✖ {steer.why}\n", style="bold red")
        else:
            text.append("✔ the engine allows this\n", style="bold green")
        text.append(self._steer_keys(steer), style="dim")
        self._prompt(text)

    def _plan_prompt(self, text: Text) -> None:
        """A movement formation: who is steered, and each member's path against its
        allowance and its facing (Rulebook IV, Movement Formations)."""
        assert self.session is not None and self.steer is not None
        steer = self.steer
        text.append("Move the formation: each member up to its allowance, ending as one "
                    "group touching (Rulebook IV)\n", style="bold")
        who = "the whole group" if steer.focus is None else \
            self.board.pieces[steer.focus].label
        text.append(f"steering {who}\n")
        parts = []
        for wid, pose in steer.poses.items():
            p = self.board.pieces[wid]
            mark = "▸" if wid == steer.focus else ""
            if pose.stuck:
                words = f"{mark}{p.letter} failed to break away: turns only"
            else:
                reach = self.session.formation_member_allowance(wid)
                words = f"{mark}{p.letter} {pose.length:.1f}\"" + \
                    (f" of {reach:g}\"" if reach is not None else "")
            if abs(math.remainder(pose.facing - p.facing, 2 * math.pi)) > 1e-9:
                words += f" facing {math.degrees(pose.facing) % 360:.0f}°"
            parts.append(words)
        text.append(" · ".join(parts) + "\n")

    def _place_prompt(self, text: Text) -> None:
        """The figure an ability sets down (FAQ, Magic Levitation: up to 10" away, facing
        as you choose; Special Abilities Card, Necromancy: touching the warrior), or
        Nimble's turn."""
        steer = self.steer
        assert steer is not None and steer.warrior is not None and steer.target is not None
        user = self.board.pieces[steer.warrior]
        figure = self.board.pieces[steer.target]
        facing = f"facing {math.degrees(steer.facing) % 360:.0f}°"
        if steer.purpose == "nimble":
            text.append(f"{user.label} turns (Special Abilities Card, Nimble)\n{facing}\n",
                        style="bold")
        elif steer.ability == "Necromancy":
            text.append(f"Necromancy: {figure.label} returns touching {user.label} (Special "
                        "Abilities Card, Necromancy)\n", style="bold")
            text.append(f"{facing}\n")
        else:
            away = math.hypot(steer.at[0] - steer.start[0], steer.at[1] - steer.start[1])
            text.append(f"{steer.ability}: {user.label} sets {figure.label} down up to 10\" "
                        "away, facing as you choose (FAQ, Magic Levitation)\n", style="bold")
            text.append(f"{away:.1f}\" from where it stands · {facing}\n")

    def _steer_keys(self, steer: Steer) -> str:
        if steer.purpose == "plan":
            return ("arrows steer (shift: 0.1\") · [ ] turn · t face nearest · tab next "
                    "member, then the whole group again · space bend · backspace unbend · "
                    "enter give · esc: the formation stays where it is")
        if steer.purpose == "nimble":
            return "left/right or [ ] turn · t face nearest · enter check · esc back"
        if steer.purpose == "place":
            return ("arrows steer (shift: 0.1\") · [ ] turn · t face nearest · enter check · "
                    "esc back to the places listed")
        if steer.purpose == "drive":
            return ("1-4 sections · up/down distance (shift: 0.1\") · left/right [ ] spin · "
                    "t face nearest · space to where it must stop · l the engine's moves · "
                    "enter check · esc back")
        if steer.purpose == "face":
            return "left/right or [ ] turn · t face nearest · enter give"
        keys = "arrows steer (shift: 0.1\") · [ ] turn · "
        if steer.purpose in ("move", "confused"):
            keys += "space bend · backspace unbend · t face nearest · "
            if steer.purpose == "move":
                keys += "n/N places worth going · g Charge/Bound · b facing if it fails to " \
                    "break away · "
        if steer.purpose == "disembark":
            keys += "t face nearest · "
        if steer.purpose in ("move", "disembark"):
            keys += "l the engine's moves"
            boards = [o.words for o in self.session.boardings(steer.warrior)] \
                if self.session is not None and steer.warrior is not None and \
                steer.purpose == "move" else []
            keys += f" ({'; '.join(boards)})" if boards else ""
            keys += " · "
        keys += "enter place" if steer.purpose in SETUP_STEERS else "enter check"
        if steer.purpose in ("move", "disembark"):
            keys += " · esc back"
        return keys

    def _drive_prompt(self, text: Text) -> None:
        """A chariot's drive: the sections given moves, the allowance their speeds add up
        to, the spin and distance, and where the line of movement stops."""
        assert self.session is not None and self.steer is not None
        steer = self.steer
        assert steer.warrior is not None
        p = self.board.pieces[steer.warrior]
        movable = self.session.movable_sections(steer.warrior)
        text.append(f"Drive {p.label}: spin, then straight ahead\n", style="bold")
        for name in (s.name for s in p.sections):
            key = SECTION_KEYS[name]
            if name in steer.sections:
                text.append(f"[{key}] {name} {p.section(name).stats.speed}\"",
                            style="bold green")
            elif name in movable:
                text.append(f"[{key}] {name}", style="dim")
            else:
                text.append(f"[{key}] {name} ✖", style="dim red")
            text.append(" ")
        reach = self.session.chariot_allowance(steer.warrior, steer.sections)
        stop, why = self.session.chariot_stop(steer.warrior, steer.sections, steer.facing)
        spun = abs(math.remainder(steer.facing - p.facing, 2 * math.pi)) > 1e-9
        text.append(f"\n{'spin to' if spun else 'facing'} {math.degrees(steer.facing) % 360:.0f}°"
                    f" · {steer.distance:.1f}\" of {reach:g}\"")
        if why is not None:
            text.append(f" · it must stop at {stop:.1f}\"", style="yellow")
        text.append("\n")


    # --- setting the scene -----------------------------------------------------------

    def _begin_fortification(self) -> None:
        """World Conquest, Troop Movements (battle rule 1): the holder sets up his banner
        and structure, the ghost starting at the place the engine lists first."""
        assert self.session is not None
        waiting = self.session.waiting_to_set_up()
        if not waiting:
            return
        wid = waiting[0]
        spot = self.session.set_up_spot(wid)
        side = self.board.sides[self.board.to_act]
        x0, y0, x1, y1 = side.area
        at, rotation = spot if spot is not None else (((x0 + x1) / 2, (y0 + y1) / 2), 0.0)
        self.steer = Steer("fortification", wid, at, at, rotation)
        self.selected = None
        self._set_mode("ghost")
        self._check_steer()

    def _begin_terrain(self) -> None:
        pile = self.board.pile
        if not pile:
            return
        centre = (self.board.table / 2, self.board.table / 2)
        self.steer = Steer("terrain", None, centre, centre, 0.0, item=pile[0].index)
        self.selected = None
        self._set_mode("ghost")
        self._check_steer()

    def _begin_deploy(self, wid: int | None = None) -> None:
        assert self.session is not None
        waiting = self.session.waiting_to_deploy()
        if not waiting:
            return
        wid = wid if wid in waiting else waiting[0]
        spot = self.session.deploy_spot(wid)
        at, facing = spot if spot is not None else (self._area_centre(wid), math.pi / 2)
        facing = self._towards_the_enemy(wid, facing)
        self.selected = wid
        self.steer = Steer("deploy", wid, at, at, facing)
        self._set_mode("ghost")
        self._show_warrior()
        self._check_steer()

    def _towards_the_enemy(self, wid: int, otherwise: float) -> float:
        """A warrior deployed by hand faces the enemy's edge (the opposite edge when an
        enemy holds it, else the first enemy's) until the player turns it."""
        sides = self.board.sides
        own = sides[self.board.pieces[wid].seat].edge
        edges = [s.edge for s in sides if s.edge != own]
        edge = OPPOSITE.get(own) if OPPOSITE.get(own) in edges else \
            (edges[0] if edges else None)
        return TOWARDS.get(edge or "", otherwise)

    def _area_centre(self, wid: int) -> Point:
        x0, y0, x1, y1 = self.board.sides[self.board.pieces[wid].seat].area
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    def _cycle_setup(self, step: int) -> None:
        assert self.session is not None and self.steer is not None
        if self.steer.purpose == "fortification":
            # The holder's banner or structure first, as he likes.
            works = self.session.waiting_to_set_up()
            at = works.index(self.steer.warrior) if self.steer.warrior in works else 0
            self.steer.warrior = works[(at + step) % len(works)]
            self._check_steer()
            return
        if self.steer.purpose == "terrain":
            items = [t.index for t in self.board.pile]
            at = items.index(self.steer.item) if self.steer.item in items else 0
            self.steer.item = items[(at + step) % len(items)]
            self._check_steer()
            return
        waiting = self.session.waiting_to_deploy()
        if self.steer.warrior in waiting and len(waiting) > 1:
            at = waiting.index(self.steer.warrior)
            self._begin_deploy(waiting[(at + step) % len(waiting)])

    def action_auto(self) -> None:
        """Setting the scene: let the AI place this terrain item, or the rest of the
        army, for you."""
        if self.session is None or self.mode != "ghost" or self.steer is None or \
                self.steer.purpose not in SETUP_STEERS:
            return
        if self.steer.purpose in ("terrain", "fortification"):
            self._give(self.session.ai_choice("heuristic"))
            return
        seat = self.board.to_act
        self.queue = []
        while self.board.phase == "deploy" and self.board.to_act == seat:
            played = self.session.play(self.session.ai_choice("heuristic"))
            self._shown(played)
        self._next()
