"""World Conquest fortifications on the battlefield: the banner, the outpost, the fort and
the castle (seed 002, "World Conquest" below; its Upgrading Defenses part).

"Before the start of the battle, each player sets up terrain as normal AND any castle
pieces, banners, outposts, forts, or castles they have in that territory" (World
Conquest, Troop Movements, battle rule 1). The numbers come with the setup
(:class:`Fortification`, given by the caller: the campaign's house rules hold them; the
engine imports no campaign rules).

A fortification is a figure with a dial and a footprint, as a castle section is
(engine/castle.py): a :class:`~armybuilder.engine.state.Warrior` whose ``work`` slot holds
its :class:`Work` (None for every other figure), standing on a
:class:`~armybuilder.engine.bases.FootprintBase` (no discs: it touches nothing, blocks no
line of fire and is in no one's contacts), its dial ``clicks`` live clicks of its
``defense``. It is never given an action, scores no victory points (it is bought with
gold, not points) and does not keep its side in the game. The attacks it takes are the
engine's own (the roll against its defense; damage clicks its dial; its last click
destroys it): who may make them, and how, is decided here (RULES_NOTES.md, "World Conquest
fortifications").

A structure (outpost, fort, castle) is a square whose sides are walls except its
entrances: its holder's warriors enter it only through an entrance, and a warrior wholly
inside is *on guard* (at most ``guards`` at once): +``ranged_defense`` against ranged
attacks and a 360-degree front arc (``Warrior.arc``, kept by :func:`refresh` after every
action). No opposing figure may enter it. The banner is a quarter: a disc no base may
stand on.

Every rule here is asked only when ``state.works`` is non-empty: a game without a
fortification never reaches this code.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from armybuilder.engine import geometry as g
from armybuilder.engine.bases import CASTLE
from armybuilder.engine.cards import ClickStats, FigureCard
from armybuilder.engine.castle_combat import polygon_approach_spots, polygon_front_touches
from armybuilder.engine.geometry import Point, Polygon
from armybuilder.engine.state import State, Warrior

if TYPE_CHECKING:
    from armybuilder.engine.abilities import AttackPlan

RULE = "World Conquest, Upgrading Defenses"
SETUP_RULE = "World Conquest, Troop Movements (battle rule 1)"
NOBODY = -1
BANNER = "banner"
#: The kinds a setup may name (World Conquest, Upgrading Defenses).
KINDS: tuple[str, ...] = ("banner", "outpost", "fort", "castle")
#: The sides of a structure in its own frame: ``back`` faces its holder's edge.
SIDES: tuple[str, ...] = ("back", "right", "front", "left")
#: The key of a fortification's card (its kind follows): its figure is a structure
#: (structure_kind.py).
CARD_KEY = "worldconquest:"
#: World Conquest, Upgrading Defenses: "Represent the banner with a quarter" (a US
#: quarter is 0.955" across).
QUARTER = 0.955
#: Rotation of a holder's fortification by the holder's edge: its back toward the edge.
ROTATION = {"south": 0.0, "north": math.pi, "west": -math.pi / 2, "east": math.pi / 2}
#: The default place: the back wall this far from the holder's edge (a base passes
#: behind it to the back entrance), centred along the edge; the banner beside it.
BACK_GAP = 2.0
BANNER_GAP = 3.0
#: Terrain keeps this far from a fortification (a base's width: no entrance is sealed).
TERRAIN_GAP = 1.0
#: The log's name for the guards' modifier (combat.Strike.defense_why).
ON_GUARD = "on guard"
#: Castle rules, General Rules' list of abilities that cannot affect a castle section:
#: a fortification is a building too (RULES_NOTES.md, World Conquest fortifications).
UNAFFECTED = frozenset({"Healing", "Magic Confusion", "Magic Freeze", "Magic Healing",
                        "Magic Levitation", "Vampirism", "Venom"})


@dataclass(frozen=True)
class Fortification:
    """One banner or structure a player sets up (World Conquest, Upgrading Defenses).

    ``size``: the square's side in inches (the banner: the quarter's diameter);
    ``entrances``: (side, width) pairs, side one of :data:`SIDES`; ``guards``: warriors on
    guard at once; ``ranged_defense``: their bonus against ranged attacks; ``defense``
    and ``clicks``: the structure's defense and the clicks of damage that destroy it (the
    banner: removed on a hit, one click); ``at`` and ``rotation``: where it stands (None:
    :func:`default_place`)."""

    kind: str
    player: int
    size: float
    defense: int
    clicks: int
    entrances: tuple[tuple[str, float], ...] = ()
    guards: int = 0
    ranged_defense: int = 0
    at: Point | None = None
    rotation: float | None = None

    @property
    def banner(self) -> bool:
        return self.kind == BANNER

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind, "player": self.player, "size": self.size,
            "defense": self.defense, "clicks": self.clicks,
            "entrances": [[s, w] for s, w in self.entrances], "guards": self.guards,
            "ranged_defense": self.ranged_defense}
        if self.at is not None:
            out["at"] = [float(self.at[0]), float(self.at[1])]
        if self.rotation is not None:
            out["rotation"] = float(self.rotation)
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Fortification:
        at = d.get("at")
        return cls(kind=d["kind"], player=int(d["player"]), size=float(d["size"]),
                   defense=int(d["defense"]), clicks=int(d["clicks"]),
                   entrances=tuple((str(s), float(w)) for s, w in d.get("entrances", ())),
                   guards=int(d.get("guards", 0)),
                   ranged_defense=int(d.get("ranged_defense", 0)),
                   at=None if at is None else (float(at[0]), float(at[1])),
                   rotation=None if d.get("rotation") is None else float(d["rotation"]))


def check(f: Fortification, players: int, where: str) -> None:
    """ValueError naming ``where`` and the field if ``f`` cannot be set up."""
    if f.kind not in KINDS:
        raise ValueError(f"{where}, field kind: one of {', '.join(KINDS)}, not {f.kind!r}")
    if not 0 <= f.player < players:
        raise ValueError(f"{where}, field player: no player {f.player}")
    if not 0 < f.size <= 12:
        raise ValueError(f"{where}, field size: inches from 0 to 12, not {f.size}")
    if f.defense < 0 or f.clicks < 1:
        raise ValueError(f"{where}: defense 0 or more and at least one click")
    for side, width in f.entrances:
        if side not in SIDES or not 0 < width <= f.size:
            raise ValueError(f"{where}, field entrances: ({side!r}, {width}) is not a side "
                             f"({', '.join(SIDES)}) and a width up to the size")
    if f.banner and (f.entrances or f.guards):
        raise ValueError(f"{where}: a banner has no entrance and no guards")


class Work:
    """A fortification's bookkeeping on the battlefield: ``warrior.work``."""

    __slots__ = ("centre", "footprint", "fort", "openings", "rotation", "walls")

    def __init__(self, fort: Fortification, centre: Point, rotation: float) -> None:
        self.fort = fort
        self.centre = centre
        self.rotation = rotation
        h = fort.size / 2
        if fort.banner:
            local: Polygon = tuple((h * math.cos(2 * math.pi * k / 16),
                                    h * math.sin(2 * math.pi * k / 16)) for k in range(16))
        else:
            local = ((-h, -h), (h, -h), (h, h), (-h, h))
        #: The square (or the quarter) as placed.
        self.footprint: Polygon = g.transform_polygon(local, centre, rotation)
        walls: list[tuple[Point, Point]] = []
        openings: list[tuple[Point, Point]] = []
        gaps = dict(fort.entrances)
        for k in range(len(local)):
            a, b = local[k], local[(k + 1) % len(local)]
            width = gaps.get(SIDES[k], 0.0) if not fort.banner else 0.0
            if width <= 0.0:
                walls.append((a, b))
                continue
            # World Conquest, Upgrading Defenses: the entrance in the middle of its side.
            length = math.hypot(b[0] - a[0], b[1] - a[1])
            lo, hi = (length - width) / 2 / length, (length + width) / 2 / length
            p = (a[0] + (b[0] - a[0]) * lo, a[1] + (b[1] - a[1]) * lo)
            q = (a[0] + (b[0] - a[0]) * hi, a[1] + (b[1] - a[1]) * hi)
            if lo > 1e-9:
                walls.append((a, p))
            if hi < 1 - 1e-9:
                walls.append((q, b))
            openings.append((p, q))
        #: The walls (no base crosses them) and the entrances, placed.
        self.walls = tuple((g.transform_point(a, centre, rotation),
                            g.transform_point(b, centre, rotation)) for a, b in walls)
        self.openings = tuple((g.transform_point(a, centre, rotation),
                               g.transform_point(b, centre, rotation)) for a, b in openings)

    @property
    def banner(self) -> bool:
        return self.fort.banner

    def __repr__(self) -> str:
        return (f"Work({self.fort.kind!r}, at=({self.centre[0]:.3f}, {self.centre[1]:.3f}), "
                f"player={self.fort.player})")


# --- setting up -------------------------------------------------------------------------


def card_for(f: Fortification) -> FigureCard:
    """The dial of a fortification: ``clicks`` live clicks of its defense (World Conquest,
    Upgrading Defenses: "The outpost has a defense of 17 and must be dealt six clicks of
    damage to be destroyed"; the banner "12 defense ... If a hit is obtained, remove the
    banner": one click); no speed, attack, damage or range, no points, all round."""
    name = f.kind.capitalize()
    stats = ClickStats(0, 0, f.defense, 0)
    return FigureCard(key=f"{CARD_KEY}{f.kind}", name=name, points=0,
                      clicks=tuple(stats for _ in range(f.clicks)), arc=360, base=CASTLE,
                      base_radius=0.5)


def default_place(f: Fortification, edge: str, table: float, others: list[Fortification]
                  ) -> tuple[Point, float]:
    """Where the holder sets the fortification up when the setup does not say: a
    structure centred along the holder's edge, its back wall :data:`BACK_GAP` from it
    (its back toward the edge); the banner :data:`BANNER_GAP` beside the structure, or
    centred :data:`BACK_GAP` from the edge without one."""
    rotation = ROTATION[edge]
    structure = next((o for o in others if not o.banner and o.player == f.player), None)
    if f.banner:
        depth = BACK_GAP + f.size / 2
        across = 0.0 if structure is None else structure.size / 2 + BANNER_GAP + f.size / 2
    else:
        depth = BACK_GAP + f.size / 2
        across = 0.0
    # In the frame of a holder at the south edge, then turned to the holder's edge about
    # the table's centre.
    local = (table / 2 + across - table / 2, depth - table / 2)
    c = g.transform_point(local, (table / 2, table / 2), rotation)
    return (round(c[0], 9), round(c[1], 9)), rotation


def warriors_for(forts: tuple[Fortification, ...], teams: list[int], first: int
                 ) -> list[Warrior]:
    """The fortifications as warriors, numbered from ``first`` (after every army)."""
    return [Warrior(first + k, card_for(f), f.player, teams[f.player])
            for k, f in enumerate(forts)]


def install(state: State, forts: tuple[Fortification, ...], first: int,
            by_holders: bool = False) -> None:
    """Set the fortifications (warriors ``first`` on) on the battlefield, each where its
    setup says or at :func:`default_place`: World Conquest, Troop Movements (battle rule
    1): set up before the battle, with the terrain. ``by_holders``: those whose setup
    says no place wait off the battlefield for their holders to set them up
    (:func:`set_up`) while the scene is set."""
    state.works = tuple(range(first, first + len(forts)))
    for k, f in enumerate(forts):
        w = state.warriors[first + k]
        at, rotation = _planned(state, f, forts)
        if by_holders and f.at is None:
            # Where it would stand by default, until its holder sets it up.
            object.__setattr__(w, "work", Work(f, at, g.normalize_angle(rotation)))
            continue
        why = _stand(state, w, f, at, rotation)
        if why:
            raise ValueError(f"fortification {k} ({f.kind}): {why}")


def _planned(state: State, f: Fortification, forts: tuple[Fortification, ...]
             ) -> tuple[Point, float]:
    """Where the setup puts ``f``, or the default place for what it leaves out."""
    if f.at is not None and f.rotation is not None:
        return f.at, f.rotation
    at, rotation = default_place(f, state.players[f.player].edge, state.table, list(forts))
    return (f.at if f.at is not None else at,
            f.rotation if f.rotation is not None else rotation)


def _stand(state: State, w: Warrior, f: Fortification, at: Point, rotation: float
           ) -> str | None:
    """Stand ``w`` (fortification ``f``) at ``at``, turned ``rotation``; what forbids it
    there instead (then nothing has changed)."""
    work = Work(f, (float(at[0]), float(at[1])), g.normalize_angle(rotation))
    for x, y in work.footprint:
        if not (-g.EPS <= x <= state.table + g.EPS and -g.EPS <= y <= state.table + g.EPS):
            return "it would stand off the battlefield"
    for o in standing(state):
        if o is not w and g.polygons_overlap(work.footprint, _work(o).footprint):
            return f"it would stand on {o.label}"
    object.__setattr__(w, "work", work)
    w.place(work.centre[0], work.centre[1], work.rotation)
    w.on_table = True
    w.deployed = True
    return None


# --- set up by the holders ----------------------------------------------------------------


def outline(w: Warrior, at: Point, rotation: float) -> Polygon:
    """Where fortification ``w`` would stand set up at ``at`` turned ``rotation``: its
    square (the banner: its quarter)."""
    return Work(_work(w).fort, at, g.normalize_angle(rotation)).footprint


def waiting(state: State) -> list[Warrior]:
    """The fortifications still to be set up by their holders, in order."""
    return [state.warriors[i] for i in state.works if not state.warriors[i].deployed]


def setup_violation(state: State, w: Warrior, at: Point, rotation: float) -> str | None:
    """Why the holder may not set fortification ``w`` up at ``at`` turned ``rotation``
    (World Conquest, Troop Movements, battle rule 1; RULES_NOTES.md, World Conquest
    fortifications, Setting up), or None."""
    work = Work(_work(w).fort, at, g.normalize_angle(rotation))
    poly = work.footprint
    for x, y in poly:
        if not (-g.EPS <= x <= state.table + g.EPS and -g.EPS <= y <= state.table + g.EPS):
            return f"{SETUP_RULE}: the {work.fort.kind} is set up on the battlefield"
    own = state.players[w.owner]
    if g.polygons_distance(poly, g.rectangle(*own.area)) > g.EPS:
        return (f"{SETUP_RULE}: the {work.fort.kind} is set up touching its holder's "
                "starting area")
    for p in state.players:
        if p.index != w.owner and g.polygons_overlap(poly, g.rectangle(*p.area)):
            return (f"{SETUP_RULE}: the {work.fort.kind} may not be set up in another "
                    "player's starting area")
    for o in standing(state):
        if g.polygons_overlap(poly, _work(o).footprint):
            return f"{SETUP_RULE}: the {work.fort.kind} may not stand on the {_work(o).fort.kind}"
    for f in state.terrain.features:  # a castle's sections, set up before
        if g.polygons_overlap(poly, f.polygon):
            return f"{SETUP_RULE}: the {work.fort.kind} may not stand on {f.name or f.kind}"
    return None


def set_up(state: State, w: Warrior, at: Point, rotation: float) -> None:
    """The holder sets fortification ``w`` up (its place checked by the caller)."""
    why = _stand(state, w, _work(w).fort, at, rotation)
    assert why is None, why


def setup_spots(state: State, w: Warrior) -> list[tuple[Point, float]]:
    """Places (and rotations) to set fortification ``w`` up at, unchecked: the default
    place first (a banner's beside its holder's structure where that stands), then a 1"
    grid of centres along its holder's edge, no deeper than its starting area and the
    square reach, each turned with its back to the edge and then a quarter turn at a
    time."""
    f = _work(w).fort
    edge = state.players[w.owner].edge
    spots = [default_place(f, edge, state.table, [_work(o).fort for o in
                                                  (state.warriors[i] for i in state.works)])]
    base = ROTATION[edge]
    middle = (state.table / 2, state.table / 2)
    structure = next((o for o in standing(state) if o.owner == w.owner and not
                      _work(o).banner), None)
    if f.banner and structure is not None:
        # Beside the structure where its holder set it up, as the default place has it.
        cx, cy = _work(structure).centre
        across, _ = g.transform_point((cx - middle[0], cy - middle[1]), (0.0, 0.0), -base)
        offset = _work(structure).fort.size / 2 + BANNER_GAP + f.size / 2
        local = (across + offset, BACK_GAP + f.size / 2 - middle[1])
        c = g.transform_point(local, middle, base)
        spots.insert(0, ((round(c[0], 9), round(c[1], 9)), base))
    depth_reach = 3.0 + f.size / 2  # Rulebook II: a starting area is 3" deep
    steps = int(state.table)
    for quarter in range(4):
        rotation = g.normalize_angle(base + quarter * math.pi / 2)
        for k in range(1, steps):
            for d in range(1, int(depth_reach) + 1):
                local = (float(k) - middle[0], float(d) - middle[1])
                c = g.transform_point(local, middle, base)
                spots.append(((round(c[0], 9), round(c[1], 9)), rotation))
    return spots


def _work(w: Warrior) -> Work:
    work = w.work
    assert work is not None
    return work


def standing(state: State) -> list[Warrior]:
    """The fortifications still on the battlefield."""
    return [w for w in (state.warriors[i] for i in state.works) if w.on_table]


def terrain_violation(state: State, polygon: Polygon) -> str | None:
    """World Conquest, Troop Movements (battle rule 1): terrain is set up with the
    fortifications standing; it may not overlap one nor come within :data:`TERRAIN_GAP`
    of it (a base's width: an entrance stays open)."""
    for w in standing(state):
        if g.polygons_overlap(polygon, _work(w).footprint) or g.polygons_distance(
                polygon, _work(w).footprint) < TERRAIN_GAP - g.EPS:
            return (f"{SETUP_RULE}: terrain stands clear of the {_work(w).fort.kind} (at "
                    f"least {TERRAIN_GAP:g}\" away)")
    return None


# --- standing, entering, on guard -------------------------------------------------------


def _inside(discs: tuple[g.Disc, ...], poly: Polygon) -> bool:
    """Is the whole base within the square?"""
    return bool(discs) and all(
        g.point_in_polygon((x, y), poly) and g.boundary_distance((x, y), poly) >= r - g.EPS
        for x, y, r in discs)


def _overlaps(discs: tuple[g.Disc, ...], poly: Polygon) -> bool:
    return any(g.point_in_polygon((x, y), poly)
               or g.boundary_distance((x, y), poly) < r - g.EPS for x, y, r in discs)


def guarding(state: State, w: Warrior) -> Warrior | None:
    """The structure ``w`` stands on guard in: its holder's (or an ally's) warrior whose
    base is wholly inside it (World Conquest, Upgrading Defenses: "If you move a warrior
    you control through the entrance into the outpost, it is considered on guard")."""
    if w.work is not None or not w.on_table or w.controller != NOBODY:
        return None
    discs = w.discs
    for s in standing(state):
        work = _work(s)
        if not work.banner and s.team == w.team and _inside(discs, work.footprint):
            return s
    return None


def guards_of(state: State, s: Warrior, but: Warrior | None = None) -> list[Warrior]:
    """The warriors on guard in structure ``s`` (``but`` left out)."""
    poly = _work(s).footprint
    return [o for o in state.warriors
            if o is not but and o.on_table and o.work is None and o.controller == NOBODY
            and o.team == s.team and _inside(o.discs, poly)]


def position_violation(state: State, w: Warrior, discs: tuple[g.Disc, ...]) -> str | None:
    """Why ``w``'s base may not stand here for the fortifications: on a wall or the
    banner; inside an opponent's structure; a guard too many."""
    if w.work is not None:
        return None
    for s in standing(state):
        work = _work(s)
        poly = work.footprint
        x0, y0, x1, y1 = g.polygon_box(poly)
        if all(x + r < x0 or x - r > x1 or y + r < y0 or y - r > y1 for x, y, r in discs):
            continue
        if work.banner:
            if _overlaps(discs, poly):
                # "Represent the banner with a quarter": a marker no base stands on.
                return f"{RULE}: no base may stand on the banner"
            continue
        for a, b in work.walls:
            if any(g.segment_point_distance(a, b, (x, y)) < r - g.EPS for x, y, r in discs):
                return f"{RULE}: a base may not stand on a fortification's wall"
        if not _overlaps(discs, poly):
            continue
        if s.team != w.team:
            return (f"{RULE}: only the holder's warriors enter the {work.fort.kind}, through "
                    "its entrance")
        if _inside(discs, poly) and len(guards_of(state, s, w)) >= work.fort.guards:
            return (f"{RULE}: up to {work.fort.guards} warriors on guard at once in the "
                    f"{work.fort.kind}")
    return None


def path_violation(state: State, w: Warrior, points: tuple[Point, ...]) -> str | None:
    """World Conquest, Upgrading Defenses: the holder's warriors go in and out "through
    the entrance" (no part of a base crosses a wall); an opponent's never go in (every
    side is a wall to them); no base passes over the banner."""
    if w.work is not None:
        return None
    shape, radius = w.shape, w.shape.disc_radius
    for s in standing(state):
        work = _work(s)
        closed = work.walls if s.team == w.team else work.walls + work.openings
        for k in range(len(points) - 1):
            for a, b in shape.tracks(points[k], points[k + 1]):
                for p, q in closed:
                    if g.segments_cross(a, b, p, q) or min(
                            g.segment_point_distance(a, b, p),
                            g.segment_point_distance(a, b, q),
                            g.segment_point_distance(p, q, a),
                            g.segment_point_distance(p, q, b)) < radius - g.EPS:
                        if work.banner:
                            return f"{RULE}: no base passes over the banner"
                        return (f"{RULE}: warriors enter and leave the {work.fort.kind} only "
                                "through its entrance, and only the holder's")
    return None


def deploy_inside(state: State, w: Warrior, discs: tuple[g.Disc, ...]) -> bool:
    """World Conquest, Upgrading Defenses: "During the setup for a battle, you may place
    warriors on guard in an outpost, fort or castle": a base wholly inside its own side's
    structure is placed well, starting area or not (position_violation counts the
    guards)."""
    for s in standing(state):
        work = _work(s)
        if not work.banner and s.team == w.team and w.owner == s.owner \
                and _inside(discs, work.footprint):
            return True
    return False


def guard_spots(state: State, s: Warrior, half_length: float) -> list[Point]:
    """Centres of bases of ``half_length`` wholly inside structure ``s``, on a grid of
    base widths from its corners (for placing guards; unchecked)."""
    work = _work(s)
    size = work.fort.size
    step = 2 * half_length
    n = int((size + 1e-9) // step)
    out = []
    for i in range(n):
        for j in range(n):
            local = (-size / 2 + half_length + i * step, -size / 2 + half_length + j * step)
            out.append(g.transform_point(local, work.centre, work.rotation))
    return out


def refresh(state: State) -> None:
    """Each warrior's front arc as it stands: 360 degrees on guard ("is considered to
    have a 360 degree front arc"), its card's otherwise; ``on_guard`` and ``off_guard``
    events when that changes (after every action and at the start)."""
    for w in state.warriors:
        if w.work is not None:
            continue
        s = guarding(state, w) if w.on_table else None
        arc = 360 if s is not None else w.card.arc
        if w.arc != arc:
            object.__setattr__(w, "arc", arc)
            w.memory.placed(w)  # what was remembered of its arcs no longer holds
        guard = s.id if s is not None else NOBODY
        if w.guarding != guard:
            object.__setattr__(w, "guarding", guard)
            if guard != NOBODY:
                state.emit({"e": "on_guard", "warrior": w.id, "fortification": guard})
            else:
                state.emit({"e": "off_guard", "warrior": w.id})


# --- attacks ----------------------------------------------------------------------------


def ranged_bonus(state: State, t: Warrior) -> int:
    """World Conquest, Upgrading Defenses: a warrior on guard "gains +1 defense against
    ranged attacks" (+2 in a fort, +3 in a castle)."""
    s = guarding(state, t)
    return 0 if s is None else _work(s).fort.ranged_defense


def target_violation(state: State, a: Warrior, t: Warrior, kind: str,
                     plan: AttackPlan | None = None) -> str | None:
    """What forbids ``a``'s attack of ``kind`` ("ranged" or "close") on fortification
    ``t``: the banner is attacked in close combat only ("Opponents' warriors may attack
    the banner with a close combat attack"); a fortification is damaged, never healed,
    captured, moved, frozen or confused (the castle rules' list of abilities, as for a
    castle section: RULES_NOTES.md)."""
    work = _work(t)
    if kind == "ranged" and work.banner:
        return f"{RULE}: the banner is attacked with a close combat attack only"
    if plan is not None:
        if plan.heal or plan.friendly:
            return f"{RULE}: a fortification cannot be healed"
        if plan.mode in UNAFFECTED or (plan.freeze and not plan.damaging):
            return f"{RULE}: a fortification cannot be affected by {plan.mode}"
    if t.team == a.team:
        return ("Rulebook III, Targeting Friendly Figures: a friendly figure cannot be the "
                "target of a damaging attack")
    if kind == "close" and not front_touches(state, a, t):
        return (f"{RULE}: the warrior's front arc must touch the {work.fort.kind} to attack "
                "it in close combat")
    return None


def front_touches(state: State, a: Warrior, t: Warrior) -> bool:
    """A close combat attack on a fortification is made by a warrior whose front arc
    touches its footprint, as if in base contact with it (the castle rules' reading for a
    castle section: castle_combat.front_touches)."""
    return a.on_table and polygon_front_touches(a, _work(t).footprint)


def close_targets(state: State, a: Warrior) -> list[Warrior]:
    """The opposing fortifications ``a``'s front arc touches (close combat candidates)."""
    return [t for t in standing(state) if t.team != a.team and front_touches(state, a, t)]


def approach_spots(state: State, w: Warrior, limit: float) -> list[tuple[Point, float]]:
    """Places within ``limit`` of ``w`` where its front arc would touch an opposing
    fortification from outside (the castle sections' listing, castle_combat)."""
    polys = [_work(t).footprint for t in standing(state) if t.team != w.team]
    return polygon_approach_spots(w, polys, limit)
