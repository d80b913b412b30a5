"""Castles in random legal play (seed 004, "Castle rules"): whatever legal actions are
given in a siege — moves onto and off the castle, portals opened and shut, ladders placed
and removed, attacks on sections and on the warriors on them, the defender's choice of
target — no illegal state ever stands, and the log replays to the same game.

The castle is the project's fixture sections (imports/fixtures, invented dials, read as an
import reads them): a keep, a round tower, a gatehouse and three walls in a line along the
south edge, each Heavy or Light (the dial turned 3 clicks, Castle rules, Point Value), some
already worn, some portals open and a ladder or none at the start. The warriors are
hand-made (every kind the rules name as attackers of a section, cavalry, a fixture
chariot), set on the castle's tops, at its doors and in front of it.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict

import pytest
from engine_helpers import NORTH, SOUTH, card, fixture_chariots, w
from fixture_figures import fixture_castle_figures
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from armybuilder.engine import (
    NOBODY,
    Action,
    ChooseTarget,
    CloseAttack,
    Game,
    IllegalAction,
    Ladder,
    Pass,
    PassengerFacing,
    RangedAttack,
    Scenario,
    ScenarioPlayer,
    SetPortal,
    TargetChoice,
    WarriorSpec,
    apply,
    is_legal,
    replay,
)
from armybuilder.engine import geometry as g
from armybuilder.engine.abilities import DEMORALIZED
from armybuilder.engine.adapter import castle_card
from armybuilder.engine.bases import DoubleBase
from armybuilder.engine.cards import FigureCard
from armybuilder.engine.castle_setup import CastleOptions
from armybuilder.engine.victory import final_scores

TOL = 1e-6
#: Castle rules, Point Value: Light turns the dial 3 clicks (imports/castle_sections.csv).
LIGHT = {"keep": 84, "round tower": 59, "gatehouse": 53, "wall": 12}
LIGHT_CLICKS = 3


def _section(piece: str, light: bool) -> FigureCard:
    figure = fixture_castle_figures()[piece]
    if light:
        return castle_card(figure, LIGHT_CLICKS, LIGHT[piece])
    return castle_card(figure)


# The castle, west to east along y = 5..8 of a 36" table: each piece touches the next but
# the keep and the tower, between which the keep's side door opens onto ground. The piece,
# its centre point, a wall's doorway allowed.
LAYOUT: tuple[tuple[str, tuple[float, float], bool], ...] = (
    ("wall", (4.5, 7.0), False),          # x 1.5..7.5, joins the keep's west face
    ("keep", (10.0, 5.0), False),         # x 7.5..12.5, y 2.5..7.5
    ("round tower", (16.0, 6.0), False),  # x 14.25..17.75
    ("wall", (20.75, 7.0), False),        # x 17.75..23.75
    ("gatehouse", (26.25, 6.5), False),   # x 23.75..28.75, archway x 25.5..27
    ("wall", (31.75, 7.0), True),         # x 28.75..34.75
)
#: Where the castle player's warriors may start: tops (keep, walls) and the ground at the
#: doors, behind the castle and in the gatehouse's archway ("Warriors may be placed in the
#: open archway of the gatehouse"); a flag: on a top (no cavalry or chariot there).
DEFENDER_SPOTS: tuple[tuple[float, float, float, bool], ...] = (
    (10.0, 5.0, NORTH, True), (9.0, 3.6, NORTH, True), (11.6, 6.6, 0.0, True),
    (4.5, 7.0, NORTH, True), (20.75, 7.0, NORTH, True), (33.0, 7.0, NORTH, True),
    (13.02, 5.0, math.pi, False), (10.0, 1.98, NORTH, False), (16.0, 2.0, NORTH, False),
    (26.25, 6.5, NORTH, False), (22.0, 3.0, NORTH, False),
)
#: The castle player's ground places with room for a cavalry base.
ROOMY = ((16.0, 2.0), (22.0, 3.0))
#: The besieger's places: touching the castle's outer faces (facing it), and further out.
BESIEGER_SPOTS: tuple[tuple[float, float, float], ...] = (
    (4.5, 8.15, SOUTH), (10.0, 8.02, SOUTH), (20.75, 8.15, SOUTH), (26.25, 8.52, SOUTH),
    (32.0, 8.15, SOUTH), (16.0, 8.3, SOUTH), (19.72, 8.15, SOUTH), (21.78, 8.15, SOUTH),
    (13.02, 5.0, math.pi), (10.0, 1.98, NORTH), (7.0, 11.0, SOUTH), (13.0, 10.5, SOUTH),
    (23.0, 11.0, SOUTH), (29.5, 10.5, SOUTH), (2.0, 13.0, SOUTH), (34.0, 12.5, SOUTH),
)
#: A drill's places (see _siege).
DRILL_DEFENDERS = ((10.0, 5.0, NORTH, True), (11.6, 6.6, 0.0, True),
                   (26.25, 7.7, NORTH, False))
DRILL_BESIEGERS = ((13.02, 5.0, math.pi), (19.72, 8.15, SOUTH), (20.75, 8.15, SOUTH),
                   (21.78, 8.15, SOUTH))
CHARIOT_SPOTS: tuple[tuple[float, float], ...] = ((18.0, 14.5), (9.0, 15.0))

# Every kind of attacker the castle rules list (Attacking the Castle), and the rest.
DEFENDERS = (
    card("Archer", 20, attack=10, defense=15, damage=2, range=10, clicks=6),
    card("Crossbow", 30, attack=10, defense=16, damage=4, range=8, clicks=6),
    card("Guard", 18, attack=9, defense=16, damage=2, clicks=6),
    card("Healer", 25, attack=8, defense=15, damage=2, clicks=6,
         abilities={i: ("Healing",) for i in range(6)}),
    card("Rider", 30, speed=10, base="cavalry", base_radius=0.875, clicks=5),
    card("Necromancer", 35, attack=8, defense=15, damage=2, range=6, clicks=6,
         abilities={i: ("Necromancy",) for i in range(6)}),
)
BESIEGERS = (
    card("Brute", 40, attack=10, defense=16, damage=4, clicks=6),
    card("Rammer", 30, attack=9, defense=16, damage=2, clicks=6,
         abilities={i: ("Ram",) for i in range(6)}),
    card("Piercer", 30, attack=10, defense=15, damage=2, range=10, clicks=6,
         abilities={i: ("Pierce",) for i in range(6)}),
    card("Blaster", 30, attack=10, defense=15, damage=2, range=10, clicks=6,
         abilities={i: ("Magic Blast",) for i in range(6)}),
    card("Bombard", 40, attack=10, defense=15, damage=4, range=10, clicks=6),
    card("Grunt", 10, attack=9, defense=14, damage=2, clicks=6),
    card("Archer", 20, attack=10, defense=15, damage=2, range=10, clicks=6),
    card("Lancer", 30, speed=10, damage=4, base="cavalry", base_radius=0.875, clicks=5),
    card("Venomous", 25, attack=9, defense=15, damage=2, clicks=6,
         abilities={i: ("Venom",) for i in range(6)}),
    card("Confuser", 30, attack=10, damage=2, range=10, clicks=6,
         abilities={i: ("Magic Confusion",) for i in range(6)}),
)


def _siege(seed: int, pieces: list[bool], light: list[bool], worn: list[int],
           opened: list[bool], ladder: bool, defenders: list[int], besiegers: list[int],
           chariots: int, drill: bool) -> Game:
    """The siege; ``drill``: the keep's side door open, two defenders on the keep's top, a
    besieger at the door (close combat across access points, the defender's choice of
    target) and three in a group against a wall (a ladder)."""
    specs: list[WarriorSpec] = []
    kept: list[int] = []
    for k, (piece, at, doorway) in enumerate(LAYOUT):
        # The keep and the walls always stand (the defender's tops); the tower and the
        # gatehouse may not.
        if piece in ("round tower", "gatehouse") and not pieces[k] and not (
                drill and piece == "gatehouse"):
            continue
        c = _section(piece, light[k])
        # Worn, but not yet breached (a scenario's section starts unbreached).
        whole = next(i for i, stats in enumerate(c.clicks) if DEMORALIZED in stats.abilities)
        click = min(c.starting_click + worn[k], whole - 1)
        kept.append(k)
        specs.append(w(c, 0, *at, 0.0, click=click, doorway=doorway and pieces[k]))
    sections = len(specs)
    open_: list[tuple[int, str]] = []
    for i, spec in enumerate(specs):
        piece = LAYOUT[kept[i]][0]
        names = {"keep": ("inner door", "side door"), "round tower": ("door",),
                 "gatehouse": ("portcullis", "double doors"),
                 "wall": ("door",) if spec.doorway else ()}[piece]
        open_ += [(i, n) for j, n in enumerate(names) if opened[(i + j) % len(opened)]]
    if drill:
        open_.append((1, "side door"))  # the keep: always the second section
        # A defender under the gatehouse's open portcullis: it may not close on him.
        open_.append((kept.index(4), "portcullis"))
    ladders = ((0, (4.5, 6.3)),) if ladder else ()  # inside the west wall
    taken: list[tuple[float, float, float]] = []

    def free(x: float, y: float, r: float) -> bool:
        return all(math.hypot(x - a, y - b) >= r + c + 0.02 for a, b, c in taken)

    for n, pick in enumerate(defenders):
        c = DEFENDERS[pick % len(DEFENDERS)]
        x, y, facing, _top = DEFENDER_SPOTS[(pick * 7 + n) % len(DEFENDER_SPOTS)] \
            if not drill or n >= len(DRILL_DEFENDERS) else DRILL_DEFENDERS[n]
        if drill and n < len(DRILL_DEFENDERS) and c.base == "cavalry":
            c = DEFENDERS[2]
        if (c.base == "cavalry" and (x, y) not in ROOMY) or not free(x, y, c.base_radius):
            continue
        if (x, y) in ((26.25, 6.5), (26.25, 7.7)) and 4 not in kept:
            continue
        taken.append((x, y, c.base_radius))
        specs.append(w(c, 0, x, y, facing))
    for n, pick in enumerate(besiegers):
        c = BESIEGERS[pick % len(BESIEGERS)]
        x, y, facing = BESIEGER_SPOTS[(pick * 5 + n) % len(BESIEGER_SPOTS)] \
            if not drill or n >= len(DRILL_BESIEGERS) else DRILL_BESIEGERS[n]
        if (c.base == "cavalry" and y < 10.0) or not free(x, y, c.base_radius):
            continue
        taken.append((x, y, c.base_radius))
        specs.append(w(c, 1, x, y, facing))
    fixtures = list(fixture_chariots().values())
    for n in range(chariots):
        x, y = CHARIOT_SPOTS[n]
        if free(x, y, 2.6):
            taken.append((x, y, 2.6))
            specs.append(w(fixtures[(seed + n) % len(fixtures)], 1, x, y, SOUTH))
    assert len(specs) > sections
    ps = (ScenarioPlayer("Castle", "south", 600), ScenarioPlayer("Siege", "north", 600))
    return Game.from_scenario(Scenario(
        players=ps, warriors=tuple(specs), table=36.0, seed=seed, round_limit=6,
        castle=CastleOptions(ladders=ladders, open=tuple(open_)),
        first_player=seed % 2, current=seed % 2))


class Watch:
    """What a siege must keep from its start: where the sections stand, and the turns on
    which each was given a ranged combat action (Castle rules, Actions)."""

    def __init__(self, game: Game) -> None:
        self.places = {i: (game.warriors[i].x, game.warriors[i].y, game.warriors[i].facing,
                           game.warriors[i].castle.centre)  # type: ignore[union-attr]
                       for i in game.sections}
        self.own_turns: dict[int, list[int]] = defaultdict(list)  # player -> game turns
        self.fired: dict[int, list[int]] = defaultdict(list)  # section -> own-turn index

    def before(self, game: Game, action: Action) -> None:
        turns = self.own_turns[game.current]
        if not turns or turns[-1] != game.turn:
            turns.append(game.turn)
        if isinstance(action, RangedAttack) and action.warrior in game.sections:
            k = len(self.own_turns[game.warriors[action.warrior].owner]) - 1
            fired = self.fired[action.warrior]
            # "A castle section may not be given an action when it has two action
            # tokens": never on three consecutive turns of its player.
            assert fired[-2:] != [k - 2, k - 1], (action, fired, k)
            if not fired or fired[-1] != k:
                fired.append(k)


def _tops(game: Game) -> list[g.Polygon]:
    out = []
    for i in game.sections:
        s = game.warriors[i].castle
        assert s is not None
        if s.feature >= 0:
            out += [game.terrain.features[f].polygon for f in s.features]
    return out


def _legal_state(game: Game, watch: Watch) -> None:
    """Nothing the rules forbid stands on the battlefield."""
    sections = set(game.sections)
    figures = [x for x in game.warriors if x.on_table and x.castle is None]
    # No bases overlap; every base on the battlefield.
    for i, a in enumerate(figures):
        for x, y, r in a.discs:
            assert r - TOL <= x <= game.table - r + TOL, a
            assert r - TOL <= y <= game.table - r + TOL, a
        for b in figures[i + 1:]:
            assert not g.discs_overlap(a.discs, b.discs), (a, b)
    tops = _tops(game)
    for a in figures:
        no_top = a.chariot is not None or isinstance(a.shape, DoubleBase) or a.card.horseshoe
        for poly in tops:
            parts = [(g.point_in_polygon((x, y), poly), g.boundary_distance((x, y), poly), r)
                     for x, y, r in a.discs]
            over = [inside or d < r - TOL for inside, d, r in parts]
            if not any(over):
                continue
            # Castle rules, Access Points: mounts, cavalry, peanut bases and multiple-dial
            # warriors "may never occupy a castle section".
            assert not no_top, (a, poly)
            # No base astride a top's edge: wholly on it, centre and all.
            assert all(inside and d >= r - TOL for inside, d, r in parts), (a, poly)
    for i, (x, y, facing, centre) in watch.places.items():
        s = game.warriors[i]
        section = s.castle
        assert section is not None
        # Castle rules, General Rules: "Can never move or be moved."
        assert (s.x, s.y, s.facing, section.centre) == (x, y, facing, centre), s
        # "Cannot capture or be captured"; "never considered to be in base contact".
        assert s.captive == NOBODY and s.controller == NOBODY, s
        assert s.riding == NOBODY and s.discs == (), s
        assert 0 <= s.tokens <= 2, s
        if s.on_table:
            assert section.feature >= 0 and section.feature in section.features
            assert not game.contacts(s), s
            assert not any(game.touching(s, o) or game.touching(o, s) for o in figures), s
            # Castle rules, Portals: breached when Demoralized shows, its portals open.
            if DEMORALIZED in s.showing:
                assert section.breached, s
            if section.breached:
                assert all(p.open for p in section.portals), s
            for p in section.portals:
                if p.open:
                    continue
                # "The portals of the gatehouse may not be closed if they would overlap a
                # figure's base once closed" (a closed portal no base crosses).
                for o in figures:
                    if game.terrain.elevation((o.x, o.y)) is None:
                        assert all(g.segment_point_distance(p.a, p.b, (x, y)) >= r - TOL
                                   for x, y, r in o.discs), (s, p, o)
        else:
            # Eliminated: rubble of its shape where it stood (Eliminating Castle Sections).
            assert s.eliminations and section.feature == -1, s
            for k, f in enumerate(section.features):
                rubble = game.terrain.features[f]
                assert rubble.kind == "hindering" and rubble.name == "castle rubble", rubble
                if k == 0:
                    assert rubble.polygon == section.footprint
    for o in game.warriors:
        assert 0 <= o.tokens <= 2, o
        assert o.captive not in sections and o.controller not in sections, o
        if o.controller != NOBODY:
            assert game.warriors[o.controller].captive == o.id
    # The decisions owed go to the right player.
    if game.pending and game.phase == "play":
        item = game.pending[0]
        if isinstance(item, TargetChoice):
            # "the defender may choose which figure will be the target".
            assert all(game.warriors[t].owner == item.player and t not in sections
                       for t in item.options), item
            assert game.to_act == item.player
        elif isinstance(item, PassengerFacing):
            # Rubble: "with their facing determined by their controlling player".
            assert game.to_act == game.warriors[item.warrior].owner
    _scores_consistent(game)


def _scores_consistent(game: Game) -> None:
    """Eliminations score as they happen (the log's score events); a section breached and
    still standing gives half its points to the player whose figure breached it."""
    scored = [0] * len(game.players)
    for entry in game.entries:
        for e in entry["events"]:
            if e["e"] == "score":
                scored[e["player"]] += e["points"]
    assert [p.score for p in game.players] == scored
    half = [0] * len(game.players)
    for i in game.sections:
        s = game.warriors[i]
        section = s.castle
        assert section is not None
        if section.breached and s.on_table and section.breached_by not in (NOBODY, s.owner):
            half[section.breached_by] += s.card.points // 2
    scores = final_scores(game)
    assert [sc.eliminations for sc in scores] == [p.score + h for p, h in
                                                   zip(game.players, half, strict=True)]


def _log_rules(game: Game) -> None:
    """What the log shows of the sections: ranged combat or pass only, never in a
    formation; no damage from pushing or critical misses."""
    sections = set(game.sections)
    for entry in game.entries:
        action = entry["action"] or {}
        if action.get("warrior") in sections:
            assert action.get("type") in ("ranged", "pass", "set_portal"), action
        for key in ("formation", "members"):
            assert not sections & set(action.get(key) or ()), action
        for e in entry["events"]:
            if e["e"] == "damage" and e["warrior"] in sections:
                assert e["cause"] not in ("pushing", "critical miss") or not e["clicks"], e


def _pick(game: Game, rng: random.Random) -> Action:
    actions = list(game.legal_actions())
    assert actions, "a game in play always has a legal action"
    if game.pending:
        return rng.choice(actions)
    sections = set(game.sections)
    portals = [a for a in actions if isinstance(a, SetPortal)]
    shut = [a for a in portals if not a.open]
    if shut and rng.random() < 0.5:
        portals = shut  # closing is where the rules bite (a base under a portal)
    ladders = [a for a in actions if isinstance(a, Ladder)]
    at_castle = [a for a in actions if isinstance(a, (RangedAttack, CloseAttack)) and (
        a.warrior in sections or sections & set(
            a.targets if isinstance(a, RangedAttack) else (a.target,)))]
    fights = [a for a in actions if isinstance(a, (RangedAttack, CloseAttack))]
    roll = rng.random()
    for chosen, share in ((ladders, 0.3), (portals, 0.45), (at_castle, 0.7), (fights, 0.8)):
        if chosen and roll < share:
            return rng.choice(chosen)
    busy = [a for a in actions if not isinstance(a, Pass)]
    return rng.choice(busy if busy and rng.random() < 0.8 else actions)


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          derandomize=True, phases=(Phase.explicit, Phase.generate))
@given(seed=st.integers(0, 2**31),
       pieces=st.lists(st.booleans(), min_size=6, max_size=6),
       light=st.lists(st.booleans(), min_size=6, max_size=6),
       worn=st.lists(st.integers(0, 7), min_size=6, max_size=6),
       opened=st.lists(st.booleans(), min_size=3, max_size=3), ladder=st.booleans(),
       defenders=st.lists(st.integers(0, 60), min_size=3, max_size=5),
       besiegers=st.lists(st.integers(0, 60), min_size=3, max_size=7),
       chariots=st.integers(0, 2), drill=st.booleans())
def test_sieges_in_random_legal_play(seed: int, pieces: list[bool], light: list[bool],
                                     worn: list[int], opened: list[bool], ladder: bool,
                                     defenders: list[int], besiegers: list[int],
                                     chariots: int, drill: bool) -> None:
    game = _siege(seed, pieces, light, worn, opened, ladder, defenders, besiegers, chariots,
                  drill)
    watch = Watch(game)
    _legal_state(game, watch)
    rng = random.Random(seed)
    for step in range(160):
        if game.over:
            break
        if step % 9 == 0:
            _made_up_action(game, watch, rng)
            if game.over:
                break
        action = _pick(game, rng)
        watch.before(game, action)
        apply(game, action)
        _legal_state(game, watch)
    _log_rules(game)
    text = game.log_json()
    again = replay(text)
    assert again.log_json() == text and again.snapshot() == game.snapshot()


def _made_up_action(game: Game, watch: Watch, rng: random.Random) -> None:
    """A portal, a ladder, an attack on or by a section or a choice of target made up at
    random: a refused one leaves the game exactly as it was; an allowed one is played."""
    ids = [x.id for x in game.warriors]
    sections = list(game.sections)
    names = ("inner door", "side door", "door", "portcullis", "double doors")
    action: Action = rng.choice((
        SetPortal(rng.choice((0, 1)), rng.choice(sections), rng.choice(names),
                  open=rng.random() < 0.5),
        Ladder(rng.choice(ids), tuple(rng.sample(ids, 2)),
               (rng.uniform(0, 36), rng.uniform(0, 12)), remove=rng.random() < 0.3),
        RangedAttack(rng.choice(sections), (rng.choice(ids),),
                     long_range=rng.choice((None, True))),
        RangedAttack(rng.choice(ids), (rng.choice(sections),)),
        CloseAttack(rng.choice(ids), rng.choice(sections), capture=rng.random() < 0.3),
        CloseAttack(rng.choice(sections), rng.choice(ids)),
        ChooseTarget(rng.choice((0, 1)), rng.choice(ids))))
    if is_legal(game, action):
        watch.before(game, action)
        apply(game, action)
        _legal_state(game, watch)
        return
    before = (game.snapshot(), game.dice.used, len(game.entries))
    with pytest.raises(IllegalAction):
        apply(game, action)
    assert (game.snapshot(), game.dice.used, len(game.entries)) == before, action
