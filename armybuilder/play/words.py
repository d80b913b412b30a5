"""Every kind of action in the play screen's words: what it is called where the screen
offers it (an :class:`~armybuilder.play.board.Option`), registered once for each of the
engine's action kinds with :func:`says`. A test fails when an action kind the engine
declares (``armybuilder.engine.ACTION_TYPES``) has no words here.

The words name warriors as the map letters them ("C Demo Crossbowman"), and say what the
chariot and castle rules add: the section given an action or struck (Chariot rules), an
attack across connected access points or a long range shot (Castle rules).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from armybuilder.engine import (
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
    Ladder,
    Move,
    MoveFormation,
    Pass,
    PlaceTerrain,
    RangedAttack,
    SetPortal,
    SetUpFortification,
    UseAbility,
    Withdraw,
    castle_across,
    castle_reachable,
    chariot_close_sections,
    chariot_ranged_sections,
    geometry,
    waiting,
)
from armybuilder.engine import Board as Boarding
from armybuilder.play.board import Option

if TYPE_CHECKING:
    from armybuilder.play.session import PlaySession

A = TypeVar("A")
#: The words of one kind of action: ``(session, action) -> Option``.
Words = Callable[["PlaySession", Any], Option]
#: Every kind of action's words, by the engine's action class.
WORDS: dict[type, Words] = {}


def says(kind: type[A]) -> Callable[[Callable[[PlaySession, A], Option]],
                                    Callable[[PlaySession, A], Option]]:
    """Register the words of the engine's action class ``kind``."""
    def register(words: Callable[[PlaySession, A], Option]) -> Callable[[PlaySession, A],
                                                                         Option]:
        if kind in WORDS:
            raise ValueError(f"the words of {kind.__name__} are registered twice")
        WORDS[kind] = words
        return words
    return register


def option(s: PlaySession, action: Any) -> Option:
    """An engine action as the screen offers it."""
    words = WORDS.get(type(action))
    return Option("other", repr(action), action) if words is None else words(s, action)


# --- compass words --------------------------------------------------------------------------

_POINTS = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")


def heading(angle: float) -> str:
    """A facing as a compass point ("NE"), with its degrees when it lies between two."""
    degrees = math.degrees(angle) % 360.0
    point = round(degrees / 45.0) % 8
    if abs(math.remainder(degrees - point * 45.0, 360.0)) < 0.5:
        return _POINTS[point]
    return f"{degrees:.0f}° ({_POINTS[point]})"


def compass(angle: float) -> str:
    """An angle as a compass direction (north is +y)."""
    names = ("east", "north-east", "north", "north-west", "west", "south-west", "south",
             "south-east")
    return names[round(angle / (math.pi / 4)) % 8]


def _at(point: Any) -> str:
    return f"({point[0]:.1f}, {point[1]:.1f})"


def _formation(s: PlaySession, members: tuple[int, ...]) -> str:
    return " in formation with " + ", ".join(s.marks[m] for m in members) if members else ""


# --- giving actions --------------------------------------------------------------------------


@says(Pass)
def _pass(s: PlaySession, action: Pass) -> Option:
    if action.section is not None:
        return Option("pass", f"{s.label(action.warrior)} passes ({action.section} section)",
                      action, action.warrior, sections=(action.section,))
    return Option("pass", f"{s.label(action.warrior)} passes", action, action.warrior)


@says(Move)
def _move(s: PlaySession, action: Move) -> Option:
    how = f" ({action.ability})" if action.ability else ""
    if not action.path:
        words = f"{s.label(action.warrior)} turns in place{how}"
    else:
        words = f"{s.label(action.warrior)} moves to {_at(action.path[-1])}{how}"
    return Option("move", words, action, action.warrior, ability=action.ability)


@says(RangedAttack)
def _ranged(s: PlaySession, action: RangedAttack) -> Option:
    targets = ", ".join(s.label(t) + _struck(s, action.warrior, t, action.aim, False)
                        for t in action.targets) or "every figure in reach"
    words = f"{_attacker(s, action.warrior, action.section)} fires at {targets}"
    if action.long_range:
        # Castle rules, Long Range Attacks: double range, printed damage -2.
        words += " at long range (double range, damage -2)"
    if action.ability:
        words += f" using {action.ability}"
    words += _formation(s, action.formation)
    return Option("ranged", words, action, action.warrior, tuple(action.targets),
                  tuple(action.formation), action.ability,
                  sections=() if action.section is None else (action.section,))


@says(CloseAttack)
def _close(s: PlaySession, action: CloseAttack) -> Option:
    verb = "tries to capture" if action.capture else "attacks"
    struck = _struck(s, action.warrior, action.target, action.aim, True)
    words = (f"{_attacker(s, action.warrior, action.section)} {verb} "
             f"{s.label(action.target)}{struck}")
    words += _across(s, action)
    if action.ability:
        words += f" using {action.ability}"
        if action.roll_die:
            words += " (healing by a die roll)"
    words += _formation(s, action.formation)
    return Option("close", words, action, action.warrior, (action.target,),
                  tuple(action.formation), action.ability, action.capture,
                  sections=() if action.section is None else (action.section,))


@says(MoveFormation)
def _move_formation(s: PlaySession, action: MoveFormation) -> Option:
    members = ", ".join(s.label(m) for m in action.members)
    return Option("formation", f"{s.label(action.warrior)} leads a movement formation with "
                  f"{members}", action, action.warrior, members=tuple(action.members))


@says(UseAbility)
def _use_ability(s: PlaySession, action: UseAbility) -> Option:
    words = f"{s.label(action.warrior)} uses {action.ability}"
    if action.target is not None:
        words += f" on {s.label(action.target)}"
    if action.at is not None:
        words += f" to {_at(action.at)}"
        if action.facing is not None:
            words += f" facing {heading(action.facing)}"
    return Option("ability", words, action, action.warrior,
                  () if action.target is None else (action.target,), ability=action.ability)


@says(CancelAbility)
def _cancel(s: PlaySession, action: CancelAbility) -> Option:
    # Rulebook III, Special Abilities: cancelling is no action (the engine marks none).
    return Option("cancel", f"{s.label(action.warrior)} cancels {action.ability} for this "
                  "turn (uses no action)", action, action.warrior, ability=action.ability)


@says(Face)
def _face(s: PlaySession, action: Face) -> Option:
    with s.lock:
        owed = waiting(s.game)
    if owed.what == "facing" and owed.warrior == action.warrior:
        return Option("facing", f"{s.label(action.warrior)} faces {heading(action.facing)} "
                      "(set down from the wreck)", action, action.warrior)
    # Special Abilities Card, Nimble: "without an action".
    return Option("facing", f"{s.label(action.warrior)} turns to {heading(action.facing)} "
                  "(Nimble: uses no action)", action, action.warrior)


@says(EndTurn)
def _end_turn(s: PlaySession, action: EndTurn) -> Option:
    return Option("end_turn", f"{s.board.sides[action.player].name} ends the turn", action)


@says(Withdraw)
def _withdraw(s: PlaySession, action: Withdraw) -> Option:
    return Option("withdraw", f"{s.board.sides[action.player].name} withdraws", action)


@says(EndByAgreement)
def _agree(s: PlaySession, action: EndByAgreement) -> Option:
    return Option("agree", "the players agree to end the game", action)


# --- decisions owed ---------------------------------------------------------------------------


@says(FreeSpin)
def _free_spin(s: PlaySession, action: FreeSpin) -> Option:
    if action.facing is None:
        return Option("spin", f"{s.label(action.warrior)} keeps its facing", action,
                      action.warrior)
    return Option("spin", f"{s.label(action.warrior)} turns to face "
                  f"{compass(action.facing)} (free spin)", action, action.warrior)


@says(FormationPlan)
def _formation_plan(s: PlaySession, action: FormationPlan) -> Option:
    return Option("plan", _plan_words(s, action), action,
                  members=tuple(m.warrior for m in action.steps))


def _plan_words(s: PlaySession, plan: FormationPlan) -> str:
    """A movement formation's moves: "the formation moves 3.0\" north" when every
    member goes the same way keeping its facing, else member by member."""
    if not plan.steps:
        return "the formation stays where it is"
    pieces = s.board.pieces
    shifts = [(m.path[-1][0] - pieces[m.warrior].x, m.path[-1][1] - pieces[m.warrior].y)
              if m.path else None for m in plan.steps]
    kept = all(m.facing is None or abs(math.remainder(
        m.facing - pieces[m.warrior].facing, 2 * math.pi)) < 1e-6 for m in plan.steps)
    first = shifts[0]
    if kept and first is not None and \
            all(d is not None and math.dist(d, first) < 1e-6 for d in shifts):
        return (f"the formation moves {math.hypot(*first):.1f}\" "
                f"{compass(math.atan2(first[1], first[0]))}")
    parts = []
    for step in plan.steps:
        p = pieces[step.warrior]
        facing = p.facing if step.facing is None else step.facing
        if not step.path:
            parts.append(f"{p.letter} turns to {heading(facing)}")
            continue
        points = [(p.x, p.y), *step.path]
        length = sum(math.dist(a, b) for a, b in itertools.pairwise(points))
        end = step.path[-1]
        words = f"{p.letter} {length:.1f}\" {compass(math.atan2(end[1] - p.y, end[0] - p.x))}"
        if abs(math.remainder(facing - p.facing, 2 * math.pi)) > 1e-6:
            words += f" facing {heading(facing)}"
        parts.append(words)
    return "the formation moves: " + ", ".join(parts)


# --- setting the scene ------------------------------------------------------------------------


@says(Deploy)
def _deploy(s: PlaySession, action: Deploy) -> Option:
    where = "stays off the battlefield (no room)" if action.at is None else \
        f"is placed at {_at(action.at)}"
    return Option("deploy", f"{s.label(action.warrior)} {where}", action, action.warrior)


@says(PlaceTerrain)
def _place_terrain(s: PlaySession, action: PlaceTerrain) -> Option:
    name = next((p.name for p in s.board.pile if p.index == action.item), action.item)
    return Option("terrain", f"terrain {name} is placed at {_at(action.at)}", action)


@says(SetUpFortification)
def _set_up(s: PlaySession, action: SetUpFortification) -> Option:
    # World Conquest, Troop Movements (battle rule 1).
    kind = s.board.pieces[action.warrior].castle or "fortification"
    return Option("fortification", f"the {kind} is set up at {_at(action.at)}, turned "
                  f"{math.degrees(action.rotation) % 360:.0f} degrees", action, action.warrior)


# --- chariots (the unified chariot rules) -------------------------------------------------------

#: What a section chosen takes, by the choice's purpose (Chariot rules: Attacking a
#: Chariot, Pushing, a figure touching two sections).
_CHOSEN = {"attack": "the attack strikes", "pushing": "the pushing click goes on",
           "damage": "the damage goes on"}


@says(ChariotMove)
def _chariot_move(s: PlaySession, action: ChariotMove) -> Option:
    """Chariot rules, Movement: "<chariot> spins to NE and drives 6.0\" (front+left)"."""
    piece = s.board.pieces[action.warrior]
    facing = piece.facing if action.facing is None else action.facing
    turned = abs(math.remainder(facing - piece.facing, 2 * math.pi)) > 1e-6
    parts = [f"spins to {heading(facing)}"] if turned else []
    if action.distance > 0.0:
        parts.append(f"drives {action.distance:.1f}\"" + ("" if turned else " ahead"))
    what = " and ".join(parts) or "stays where it is"
    return Option("move", f"{piece.label} {what} ({'+'.join(action.sections)})", action,
                  action.warrior, sections=tuple(action.sections))


@says(Boarding)
def _board(s: PlaySession, action: Boarding) -> Option:
    return Option("move", f"{s.label(action.warrior)} boards {s.label(action.chariot)}",
                  action, action.warrior, targets=(action.chariot,))


@says(Disembark)
def _disembark(s: PlaySession, action: Disembark) -> Option:
    riding = s.board.pieces[action.warrior].riding
    chariot = s.label(riding) if riding is not None else "its chariot"
    return Option("move", f"{s.label(action.warrior)} gets off {chariot} at "
                  f"{_at(action.at)} facing {heading(action.facing)}", action, action.warrior)


@says(ChooseSection)
def _choose_section(s: PlaySession, action: ChooseSection) -> Option:
    with s.lock:
        purpose = waiting(s.game).purpose
    what = _CHOSEN.get(purpose, "the section chosen is")
    return Option("section", f"{what} the {action.section} section of "
                  f"{s.label(action.warrior)}", action, action.warrior,
                  sections=(action.section,))


def _attacker(s: PlaySession, wid: int, section: str | None) -> str:
    """Who gives the attack: a chariot's section (Chariot rules, Actions), or a passenger
    from his chariot's compartment."""
    piece = s.board.pieces[wid]
    if section is not None:
        return f"{piece.label} ({section} section)"
    if piece.riding is not None:
        return f"{piece.label} (riding in {s.board.pieces[piece.riding].letter})"
    return piece.label


def _struck(s: PlaySession, wid: int, target: int, aim: str | None, close: bool) -> str:
    """Chariot rules, Attacking a Chariot: the section of a chariot target the attack
    affects: the one crossed or touched, the attacker's ``aim`` when that one is
    inactive, or a borderline where the chariot's player chooses."""
    if not s.board.pieces[target].sections:
        return ""
    if aim is not None:
        return f" ({aim} section: the one in line is inactive)"
    with s.lock:
        game = s.game
        w, t = game.warriors[wid], game.warriors[target]
        found = chariot_close_sections(game, w, t) if close else \
            chariot_ranged_sections(w, t)
    names = [SECTIONS[k] for k in found]
    if len(names) == 1:
        return f" ({names[0]} section)"
    owner = s.board.sides[s.board.pieces[target].seat].name
    return f" (on the {'/'.join(names)} borderline: {owner} chooses)"


# --- castles (the castle rules) -----------------------------------------------------------------


@says(SetPortal)
def _set_portal(s: PlaySession, action: SetPortal) -> Option:
    # Castle rules, Portals: the castle player opens or closes each one.
    verb = "opens" if action.open else "closes"
    return Option("portal", f"{s.board.sides[action.player].name} {verb} the "
                  f"{action.portal} of {s.label(action.warrior)}", action, action.warrior)


@says(ChooseTarget)
def _choose_target(s: PlaySession, action: ChooseTarget) -> Option:
    # Castle rules, Close Combat: the defender chooses the figure attacked.
    return Option("target", f"the attack is made on {s.label(action.target)}", action,
                  action.target, (action.target,))


@says(Ladder)
def _ladder(s: PlaySession, action: Ladder) -> Option:
    """Castle rules, Planking and Ladders: a movement formation places a ladder against a
    wall or removes one, with a movement action each."""
    team = ", ".join(s.marks[m] for m in (action.warrior, *action.members))
    walls = [c for c in s.board.castle if c.piece == "wall" and not c.rubble]
    near = min(walls, key=lambda c: geometry.boundary_distance(action.at, c.footprint),
               default=None)
    where = f" {s.label(near.warrior)}" if near is not None else " a wall"
    spot = _at(action.at)
    if action.remove:
        words = (f"{team} remove the ladder at {spot} from{where} (a movement formation: a "
                 "movement action each)")
    else:
        words = (f"{team} place a ladder against{where} at {spot} (a movement formation: a "
                 "movement action each)")
    return Option("formation", words, action, action.warrior, members=tuple(action.members))


def _across(s: PlaySession, action: CloseAttack) -> str:
    """Castle rules, Close Combat: an attack across connected access points ("the two
    figures fighting on the stairs or ladder"), and the other figures the defender may
    choose as its target instead."""
    with s.lock:
        game = s.game
        if not game.sections or game.phase != "play" or game.pending:
            return ""
        a, t = game.warriors[action.warrior], game.warriors[action.target]
        if not castle_across(game, a, t):
            return ""
        others = [o.id for o in castle_reachable(game, a)
                  if o.owner == t.owner and o.id != t.id]
    words = " across connected access points"
    if others:
        owner = s.board.sides[s.board.pieces[action.target].seat].name
        words += f" ({owner} may choose {' or '.join(s.marks[o] for o in others)} instead)"
    return words
