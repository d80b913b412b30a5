"""Castle sections as terrain: where the pieces stand, their portals and their rubble.

Castle rules, Sections: "All castle sections are considered to be abrupt elevated terrain,
as well as being considered warriors." A section is a :class:`~armybuilder.engine.state.
Warrior` whose ``castle`` slot holds a :class:`Section` (None for every other figure),
standing on a :class:`~armybuilder.engine.bases.FootprintBase` that touches nothing; its
footprint is an abrupt elevated :class:`~armybuilder.engine.terrain.TerrainFeature` in
``state.terrain`` (``Section.feature``). ``state.sections`` lists the section warriors and
``state.castle_player`` the player who uses them (NOBODY when there is no castle), so the
rules here are asked only when ``state.sections`` is non-empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from armybuilder.engine import geometry as g
from armybuilder.engine.actions import SetPortal
from armybuilder.engine.castle_pieces import Piece, load_pieces
from armybuilder.engine.geometry import Point, Polygon
from armybuilder.engine.illegal import IllegalAction
from armybuilder.engine.pending import PassengerFacing
from armybuilder.engine.phases import PLAY
from armybuilder.engine.terrain import TerrainFeature

if TYPE_CHECKING:
    from armybuilder.engine.state import State, Warrior

NOBODY = -1
#: The catalogue's castle_section values (imports/castle_sections.csv).
KEEP, ROUND_TOWER, GATEHOUSE, WALL = "keep", "round tower", "gatehouse", "wall"
PIECES: tuple[str, ...] = (KEEP, ROUND_TOWER, GATEHOUSE, WALL)


@dataclass(slots=True)
class Portal:
    """Castle rules, Portals: a door, gate or portcullis of a section, as the segment it
    closes (on the footprint's edge, or across the gatehouse's archway)."""

    name: str
    a: Point
    b: Point
    #: Castle rules, Portals: "All portals are considered closed at the start of the game."
    open: bool = False


class Section:
    """A castle section's bookkeeping: ``warrior.castle`` (None for every other figure)."""

    __slots__ = ("access", "acted", "breached", "breached_by", "centre", "doorway",
                 "feature", "features", "footprint", "ladder_owners", "ladders",
                 "ladders_down", "piece", "portals", "rotation")

    def __init__(self, piece: str, centre: Point, rotation: float, footprint: Polygon,
                 feature: int = -1, portals: list[Portal] | None = None,
                 doorway: bool = False) -> None:
        #: "keep", "round tower", "gatehouse" or "wall".
        self.piece = piece
        #: Castle rules, Attacks: the section's center point.
        self.centre = centre
        self.rotation = rotation
        #: The placed footprint polygon.
        self.footprint = footprint
        #: Index of its elevated feature in state.terrain (-1: rubble now, or not placed).
        self.feature = feature
        self.portals: list[Portal] = portals if portals is not None else []
        #: A wall section with a doorway (Castle rules, Walls).
        self.doorway = doorway
        #: Every elevated feature of the section in state.terrain: its top (two for a
        #: piece with a passage through it) and the planking touching it.
        self.features: list[int] = [] if feature < 0 else [feature]
        #: Its access points as placed (Castle rules, Access Points), portals apart.
        self.access: list[tuple[Point, Point]] = []
        #: Ladders standing against it (Castle rules, Planking and Ladders): access points.
        self.ladders: list[tuple[Point, Point]] = []
        #: The player each of ``ladders`` belongs to, and the owners of ladders an
        #: opponent removed from it (Castle rules, Planking and Ladders: "one ladder per
        #: three wall sections" each; engine/castle_access.py).
        self.ladder_owners: list[int] = []
        self.ladders_down: list[int] = []
        #: Castle rules, Portals: breached (Demoralized showing; a wall's yellow square).
        self.breached = False
        #: The player whose figure breached it (Castle rules, Victory Points), or NOBODY.
        self.breached_by = NOBODY
        #: The turns it was given an action (Castle rules, Actions: consecutive turns).
        self.acted: list[int] = []

    def copy(self) -> Section:
        """Its own portals and lists: a copy of the game opens, breaches and ladders its
        sections without touching these."""
        new = Section.__new__(Section)
        for name in _SECTION_VALUES:
            object.__setattr__(new, name, getattr(self, name))
        new.portals = [Portal(p.name, p.a, p.b, p.open) for p in self.portals]
        new.features = self.features[:]
        new.access = self.access[:]
        new.ladders = self.ladders[:]
        new.ladder_owners = self.ladder_owners[:]
        new.ladders_down = self.ladders_down[:]
        new.acted = self.acted[:]
        return new

    def __repr__(self) -> str:
        doors = ",".join(f"{p.name}:{'open' if p.open else 'closed'}" for p in self.portals)
        return (f"Section({self.piece!r}, at=({self.centre[0]:.3f}, {self.centre[1]:.3f}), "
                f"feature={self.feature}, portals=[{doors}], breached={self.breached})")


#: A section's slots whose values are never changed in place (numbers, points, flags).
_SECTION_VALUES = ("breached", "breached_by", "centre", "doorway", "feature", "footprint",
                   "piece", "rotation")


# --- the pieces on the battlefield -------------------------------------------------------

#: Castle sections whose footprints come this near join: their tops are one walkway
#: (Castle rules, Access Points: "Warriors may move freely between wall sections and the
#: tops of castle sections"; RULES_NOTES.md, Castles, Terrain). Etiquette 3's allowance.
JOIN_GAP = 0.05
#: A ladder's width along the edge it stands against (inches; RULES_NOTES.md, Castles).
LADDER_WIDTH = 1.0
#: The pieces whose portals are their access points (Castle rules, Keep; Round Tower:
#: "The two doors and the entire top surface of the keep are connected access points").
DOOR_ACCESS = frozenset({KEEP, ROUND_TOWER})


def _clip(poly: Polygon, keep_left_of: float | None, keep_right_of: float | None) -> Polygon:
    """The part of ``poly`` (in the piece's frame) with x <= keep_left_of or x >=
    keep_right_of (Sutherland-Hodgman against one vertical line)."""
    if keep_left_of is not None:
        inside = (lambda p: p[0] <= keep_left_of + 1e-12)  # noqa: E731
        line = keep_left_of
    else:
        assert keep_right_of is not None
        inside = (lambda p: p[0] >= keep_right_of - 1e-12)  # noqa: E731
        line = keep_right_of
    out: list[Point] = []
    n = len(poly)
    for k in range(n):
        p, q = poly[k], poly[(k + 1) % n]
        if inside(p):
            out.append(p)
        if inside(p) != inside(q):
            t = (line - p[0]) / (q[0] - p[0])
            out.append((line, p[1] + (q[1] - p[1]) * t))
    return tuple(out)


def tops(piece: Piece, doorway: bool) -> tuple[Polygon, ...]:
    """The elevated surfaces of a piece in its own frame: the footprint, or for a piece
    with a ground-level passage through it (the gatehouse's archway, a wall's doorway) the
    footprint on either side of the passage (RULES_NOTES.md, Castles, Terrain)."""
    passage = piece.archway if piece.archway is not None else (
        piece.doorway if doorway else None)
    if passage is None:
        return (piece.footprint,)
    lo = min(p[0] for p in passage)
    hi = max(p[0] for p in passage)
    return tuple(part for part in (_clip(piece.footprint, lo, None),
                                   _clip(piece.footprint, None, hi)) if len(part) >= 3)


def portals_of(piece: Piece, doorway: bool) -> list[tuple[str, Point, Point]]:
    """The piece's portals in its own frame (Castle rules, Castle Section Rules)."""
    out = list(piece.portals)
    if doorway and piece.doorway_portal is not None:
        out.append(piece.doorway_portal)
    return out


def _seg(a: Point, b: Point, at: Point, rotation: float) -> tuple[Point, Point]:
    return g.transform_point(a, at, rotation), g.transform_point(b, at, rotation)


def place_section(state: State, w: Warrior, piece_name: str, at: Point, rotation: float,
                  doorway: bool = False) -> Section:
    """Put the section ``w`` on the battlefield at ``at`` turned ``rotation``: its tops
    become abrupt elevated terrain (Castle rules, Sections), its centre dot its centre
    point. Checks nothing: setup.place_castle checks the placing rules."""
    piece = load_pieces()[piece_name]
    rot = g.normalize_angle(rotation)
    footprint = g.transform_polygon(piece.footprint, at, rot)
    portals = [Portal(name, *_seg(a, b, at, rot)) for name, a, b in
               portals_of(piece, doorway)]
    section = Section(piece_name, (float(at[0]), float(at[1])), rot, footprint,
                      portals=portals, doorway=doorway)
    section.access = [_seg(a, b, at, rot) for a, b in piece.access]
    for k, top in enumerate(tops(piece, doorway)):
        i = len(state.terrain.features)
        # Castle rules, Sections: "All castle sections are considered to be abrupt
        # elevated terrain"; Elevation Levels: all at the same height.
        state.terrain.add(TerrainFeature(
            "elevated", g.transform_polygon(top, at, rot), abrupt=True,
            name=f"castle {piece_name}" + (f" {k + 1}" if k else "")))
        section.features.append(i)
    section.feature = section.features[0]
    w.castle = section
    w.place(section.centre[0], section.centre[1], rot)
    w.on_table = True
    w.deployed = True
    return section


def add_planking(state: State, polygon: Polygon) -> int:
    """Castle rules, Planking and Ladders: planking "is considered to be part of the wall
    section it is touching": an elevated top of its own, part of every wall it touches."""
    i = len(state.terrain.features)
    state.terrain.add(TerrainFeature("elevated", polygon, abrupt=True, name="castle planking"))
    for s in sections(state):
        if s.piece == WALL and s.feature >= 0 and g.polygons_distance(
                polygon, s.footprint) <= JOIN_GAP:
            s.features.append(i)
    return i


def sections(state: State) -> list[Section]:
    """The castle sections of the game, eliminated ones too."""
    out = []
    for wid in state.sections:
        s = state.warriors[wid].castle
        if s is not None:
            out.append(s)
    return out


def section_at(state: State, feature: int | None) -> Section | None:
    """The standing section whose top ``feature`` is (state.elevation's answer), if any."""
    if feature is None or not state.sections:
        return None
    for s in sections(state):
        if feature in s.features and s.feature >= 0:
            return s
    return None


def joined_tops(state: State) -> dict[int, tuple[int, ...]]:
    """For each standing castle top, the tops it joins: those within JOIN_GAP of it and the
    other parts of its own section (Castle rules, Access Points: free movement between
    wall sections and the tops of castle sections)."""
    tops_of: list[tuple[int, int]] = []  # (feature, section warrior)
    for wid in state.sections:
        s = state.warriors[wid].castle
        if s is not None and s.feature >= 0:
            tops_of.extend((i, wid) for i in s.features)
    features = state.terrain.features
    out: dict[int, set[int]] = {}
    for k, (i, wi) in enumerate(tops_of):
        for j, wj in tops_of[k + 1:]:
            if i == j:
                continue
            if wi == wj or g.polygons_distance(features[i].polygon,
                                               features[j].polygon) <= JOIN_GAP:
                out.setdefault(i, set()).add(j)
                out.setdefault(j, set()).add(i)
    return {i: tuple(sorted(js)) for i, js in sorted(out.items())}


def refresh(state: State) -> None:
    """Tell the terrain where the castle's access points and closed portals are now
    (after setup, a portal opened or closed, a ladder, a collapse)."""
    closed: list[tuple[Point, Point]] = []
    owners: list[tuple[int, ...]] = []
    stairs: dict[int, tuple[tuple[Point, Point], ...]] = {}
    bridges: list[tuple[Polygon, tuple[int, ...]]] = []
    for s in sections(state):
        if s.feature < 0:
            continue
        passage = _passage(s)
        if passage is not None:
            # Castle rules, Gatehouse: its top is one top over the archway, crossed from
            # top to top (a wall's walkway over its doorway likewise; RULES_NOTES.md,
            # Castles, "The gatehouse").
            bridges.append((passage, tuple(s.features)))
        # Castle rules, Portals: "A closed portal is not considered connected to any other
        # access points"; warriors "may not move or draw a line of fire through" it.
        shut = [(p.a, p.b) for p in s.portals if not p.open]
        closed.extend(shut)
        owners.extend(tuple(s.features) for _ in shut)
        points = list(s.access) + list(s.ladders)
        if s.piece in DOOR_ACCESS:
            # Castle rules, Keep; Round Tower: the doors are access points.
            points.extend((p.a, p.b) for p in s.portals if p.open)
        for i in s.features:
            stairs[i] = tuple(points)
    state.terrain.set_castle(stairs, joined_tops(state), tuple(closed), tuple(bridges),
                             tuple(owners))


def _passage(s: Section) -> Polygon | None:
    """The ground-level passage through a standing section, placed (None: none)."""
    piece = load_pieces()[s.piece]
    passage = piece.archway if piece.archway is not None else (
        piece.doorway if s.doorway else None)
    if passage is None:
        return None
    return g.transform_polygon(passage, s.centre, s.rotation)


# --- portals ------------------------------------------------------------------------------


def portal_violation(state: State, player: int, wid: int, portal: str, open_: bool
                     ) -> str | None:
    """Why the castle player may not set this portal so now, or None."""
    rule = "Castle rules, Portals"
    if not state.sections or player != state.castle_player:
        return f"{rule}: only the castle player opens and closes portals"
    if state.phase != PLAY or state.current != player:
        return f"{rule}: portals are opened or closed at the beginning of the castle " \
               "player's command phase"
    if state.pending or state.actions_used or any(
            w.owner == player and w.acted_turn == state.turn for w in state.warriors):
        return (f"{rule}: at the beginning of the castle player's command phase, before "
                "any action is given")
    if wid not in state.sections:
        return f"{rule}: warrior {wid} is not a castle section"
    w = state.warriors[wid]
    s = w.castle
    if s is None or s.feature < 0 or not w.on_table:
        return f"{rule}: the section is no longer on the battlefield"
    if w.owner != player:
        return f"{rule}: the castle player opens and closes their own portals"
    found = [p for p in s.portals if p.name == portal]
    if not found:
        names = ", ".join(p.name for p in s.portals) or "none"
        return f"{rule}: {w.label} has no portal {portal!r} (its portals: {names})"
    p = found[0]
    if not open_ and s.breached:
        return (f"{rule}: a breached section's portals are opened and \"may not be closed "
                "for the remainder of the game\"")
    if not open_:
        for o in state.warriors:
            # Castle rules, Gatehouse: its portals "may not be closed if they would overlap
            # a figure's base once closed" (every portal: RULES_NOTES.md, Castles).
            # A figure on a top stands above it (RULES_NOTES.md, Castles, "The gatehouse").
            if o.on_table and o.castle is None and state.terrain.elevation(
                    (o.x, o.y)) is None and any(
                    g.segment_point_distance(p.a, p.b, (x, y)) < r - g.EPS
                    for x, y, r in o.discs):
                return (f"{rule}; Gatehouse: a portal may not be closed onto a figure's "
                        f"base ({o.label})")
    return None


def set_portal(state: State, wid: int, portal: str, open_: bool) -> None:
    """Open or close one portal (checked by the caller): the terrain changes with it."""
    s = state.warriors[wid].castle
    assert s is not None
    for p in s.portals:
        if p.name == portal and p.open != open_:
            p.open = open_
            state.emit({"e": "portal", "warrior": wid, "portal": portal, "open": open_})
            refresh(state)


def breach(state: State, w: Warrior, by: int) -> None:
    """Castle rules, Portals: "As soon as a section is breached, all of its portals are
    immediately opened. They may not be closed for the remainder of the game." ``by``: the
    player whose figure breached it (Victory Points), or NOBODY. A section breaches once."""
    s = w.castle
    if s is None or s.breached:
        return
    s.breached = True
    s.breached_by = by
    state.emit({"e": "breached", "warrior": w.id, "by": by})
    changed = False
    for p in s.portals:
        if not p.open:
            p.open = True
            changed = True
            state.emit({"e": "portal", "warrior": w.id, "portal": p.name, "open": True})
    if changed and s.feature >= 0:
        refresh(state)


# --- rubble -------------------------------------------------------------------------------


def collapse(state: State, w: Warrior) -> None:
    """Castle rules, Eliminating Castle Sections: the eliminated section becomes a
    "Rubble" hindering terrain template "the same size and shape as the eliminated castle
    section and its planking"; figures on it stay where they stood, their controlling
    player sets their facing, then each takes 1d6 clicks of damage. Call after the
    section is taken off the battlefield (state.eliminate)."""
    s = w.castle
    if s is None or s.feature < 0:
        return
    terrain = state.terrain
    standing = [o for o in state.warriors if o.on_table and o.castle is None
                and terrain.elevation((o.x, o.y)) in s.features]
    for k, i in enumerate(s.features):
        polygon = s.footprint if k == 0 else terrain.features[i].polygon
        terrain.replace(i, TerrainFeature("hindering", polygon, name="castle rubble"))
    gone = set(s.features)
    s.feature = -1
    for other in sections(state):
        if other is not s:
            # Planking touching this section and another stays with the other (Castle
            # rules: players may replace planking "so that the wall sections left standing
            # retain their portions of the walkway"): it is rubble now either way.
            other.features = [i for i in other.features if i not in gone] or other.features
    refresh(state)
    state.emit({"e": "rubble", "warrior": w.id, "figures": [o.id for o in standing]})
    for o in standing:
        # "Finally, roll 1 six-sided die for each of these figures and deliver that many
        # clicks of damage": no one's attack, so it scores for no one (RULES_NOTES.md).
        if o.on_table:
            clicks = state.roll(1, "rubble", warrior=o.id)[0]
            state.damage(o, clicks, "rubble", None)
    for o in standing:
        if o.on_table:
            # "with their facing determined by their controlling player": the same
            # decision as a wrecked chariot's passenger's (pending.PassengerFacing).
            state.pending.append(PassengerFacing(warrior=o.id))


def check_set_portal(state: State, action: SetPortal) -> None:
    """The SetPortal action (kinds.py): IllegalAction naming the rule if it may not."""
    why = portal_violation(state, action.player, action.warrior, action.portal, action.open)
    if why:
        rule, _, message = why.partition(": ")
        raise IllegalAction(rule, message or why)


def apply_set_portal(state: State, action: SetPortal) -> None:
    check_set_portal(state, action)
    set_portal(state, action.warrior, action.portal, action.open)


def portal_switches(state: State) -> list[SetPortal]:
    """Castle rules, Portals: every portal of the castle player's standing sections, opened
    when closed and closed when open, allowed now or not (each is checked when given);
    none without a castle. A section turned to rubble has no portals left (Eliminating
    Castle Sections)."""
    out: list[SetPortal] = []
    if not state.sections or state.castle_player < 0:
        return out
    for wid in state.sections:
        w = state.warriors[wid]
        s = w.castle
        if s is None or s.feature < 0 or not w.on_table:
            continue
        out += [SetPortal(state.castle_player, wid, p.name, open=not p.open) for p in s.portals]
    return out


def portal_choices(state: State) -> list[SetPortal]:
    """The SetPortal actions open to the player whose turn it is (the legal listing)."""
    out: list[SetPortal] = []
    if not state.sections or state.current != state.castle_player:
        return out
    for wid in state.sections:
        s = state.warriors[wid].castle
        if s is None:
            continue
        for p in s.portals:
            if portal_violation(state, state.current, wid, p.name, not p.open) is None:
                out.append(SetPortal(state.current, wid, p.name, open=not p.open))
    return out
