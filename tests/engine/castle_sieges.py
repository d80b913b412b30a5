"""What every siege must keep, whatever is played (seed 004, "Castle rules"), and the
sieges the castle property tests play: the hand-made warriors, the checks made after every
action (:func:`legal_state`), and whole sieges set up from scratch (:func:`set_up_siege`,
:func:`play_siege`) with the project's fixture castle sections - every piece, walls with and
without doorways, along any edge - and deployed at random, the random player's deployments
and made-up ones at the castle's portals.

``tests/engine/test_engine_castle_properties.py`` plays a few of them in every run;
``benchmarks/castle_sweep.py`` plays as many as it is asked and prints the counts.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter, defaultdict
from collections.abc import Sequence

from engine_helpers import card, fixture_chariots
from fixture_figures import fixture_castle_figures

from armybuilder.engine import (
    NOBODY,
    Action,
    ChooseTarget,
    CloseAttack,
    Deploy,
    Game,
    GameSetup,
    IllegalAction,
    Ladder,
    LadderPlacement,
    Pass,
    PassengerFacing,
    PlaceTerrain,
    PlayerSetup,
    RangedAttack,
    SetPortal,
    TargetChoice,
    apply,
    castle_default_plan,
    is_legal,
    replay,
)
from armybuilder.engine import geometry as g
from armybuilder.engine.abilities import DEMORALIZED
from armybuilder.engine.adapter import castle_card
from armybuilder.engine.bases import DoubleBase
from armybuilder.engine.cards import FigureCard
from armybuilder.engine.victory import final_scores

TOL = 1e-6
#: Castle rules, Point Value: Light turns the dial 3 clicks (imports/castle_sections.csv).
LIGHT = {"keep": 84, "round tower": 59, "gatehouse": 53, "wall": 12}
LIGHT_CLICKS = 3


def section(piece: str, light: bool) -> FigureCard:
    figure = fixture_castle_figures()[piece]
    if light:
        return castle_card(figure, LIGHT_CLICKS, LIGHT[piece])
    return castle_card(figure)


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


def section_tops(game: Game) -> list[g.Polygon]:
    out = []
    for i in game.sections:
        s = game.warriors[i].castle
        assert s is not None
        if s.feature >= 0:
            out += [game.terrain.features[f].polygon for f in s.features]
    return out


def legal_state(game: Game, watch: Watch) -> None:
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
    tops = section_tops(game)
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
    scores_consistent(game)


def scores_consistent(game: Game) -> None:
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


def log_rules(game: Game) -> None:
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


def pick(game: Game, rng: random.Random) -> Action:
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


def made_up_action(game: Game, watch: Watch, rng: random.Random) -> None:
    """A portal, a ladder, an attack on or by a section or a choice of target made up at
    random: a refused one leaves the game exactly as it was; an allowed one is played."""
    ids = [x.id for x in game.warriors]
    sections = list(game.sections)
    names = ("inner door", "side door", "door", "portcullis", "double doors")
    action: Action = rng.choice((
        SetPortal(rng.choice((0, 1)), rng.choice(sections), rng.choice(names),
                  open=rng.random() < 0.5),
        Ladder(rng.choice(ids), tuple(rng.sample(ids, 2)), near_castle(game, rng, 6.0),
               remove=rng.random() < 0.3),
        RangedAttack(rng.choice(sections), (rng.choice(ids),),
                     long_range=rng.choice((None, True))),
        RangedAttack(rng.choice(ids), (rng.choice(sections),)),
        CloseAttack(rng.choice(ids), rng.choice(sections), capture=rng.random() < 0.3),
        CloseAttack(rng.choice(sections), rng.choice(ids)),
        ChooseTarget(rng.choice((0, 1)), rng.choice(ids))))
    played_or_refused(game, watch, action)


def played_or_refused(game: Game, watch: Watch, action: Action) -> bool:
    """Play ``action`` if it is legal (True), checking the state after it; else check that
    applying it is refused and leaves the game exactly as it was (False)."""
    if is_legal(game, action):
        watch.before(game, action)
        apply(game, action)
        legal_state(game, watch)
        return True
    before = (game.snapshot(), game.dice.used, len(game.entries))
    try:
        apply(game, action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{action} was played though is_legal refused it")
    assert (game.snapshot(), game.dice.used, len(game.entries)) == before, action
    return False


def near_castle(game: Game, rng: random.Random, reach: float) -> tuple[float, float]:
    """A point within ``reach`` inches (each way) of a section's centre point, on the
    battlefield."""
    s = game.warriors[rng.choice(game.sections)].castle
    assert s is not None
    x, y = s.centre
    return (min(game.table, max(0.0, x + rng.uniform(-reach, reach))),
            min(game.table, max(0.0, y + rng.uniform(-reach, reach))))



# --- sieges set up from scratch ----------------------------------------------------------

#: Castle rules, Playing Area and Set-Up: the castle within 18" of its edge and 30" from the
#: opponent's starting area (3" deep) needs a 48" table.
TABLE = 48.0
#: The least build total (Castle rules: a 600-point army's castle is a big one).
BUILD_TOTAL = 300
#: The castle player's edge, and the opponent's across the table.
EDGES = (("south", "north"), ("north", "south"), ("west", "east"), ("east", "west"))
TERRAIN = ("none", "standard", "woods", "ruins")
#: A ladder stands this far out from a wall's inner face (castle_setup.LADDER_REACH: 0.5").
LADDER_OUT = 0.2
WALL_DEPTH = 1.25  # imports/castle_pieces.csv


def castle_pieces(rng: random.Random) -> list[str]:
    """Every castle piece may stand: the gatehouse (two portals and an archway warriors may
    stand in) most often, walls from none to four."""
    pieces = (["keep"] * rng.choice((0, 1, 1)) + ["round tower"] * rng.choice((0, 1, 2))
              + ["gatehouse"] * rng.choice((0, 1, 1, 2)) + ["wall"] * rng.randint(0, 4))
    return pieces or ["gatehouse"]


def set_up_siege(seed: int, round_limit: int = 3,
                 pool: Sequence[FigureCard] = ()) -> GameSetup:
    """A siege to be set up from scratch: the castle player's sections where the default
    plan puts them along a random edge (walls with or without a doorway, Heavy or Light),
    its ladder against a wall's inner face now and then, hand-made warriors (cavalry and a
    fixture chariot among them) on both sides - or figures drawn from ``pool`` (the real
    catalogue's, say) - a terrain preset; both armies in a random order, so the line of
    pieces differs from siege to siege."""
    from armybuilder.sim.terrain_presets import terrain_for
    rng = random.Random(seed)
    castle_edge, other_edge = rng.choice(EDGES)
    chariots = list(fixture_chariots().values())
    army: list[FigureCard] = [section(p, rng.random() < 0.4) for p in castle_pieces(rng)]
    army += _draw(rng, pool or DEFENDERS, rng.randint(2, 5))
    if rng.random() < 0.2:
        army.append(rng.choice(chariots))
    rng.shuffle(army)
    plan = tuple(dataclasses.replace(spot, doorway=army[spot.warrior].castle == "wall"
                                     and rng.random() < 0.5)
                 for spot in castle_default_plan(tuple(army), castle_edge, TABLE))
    ladders: tuple[LadderPlacement, ...] = ()
    walls = [spot for spot in plan if army[spot.warrior].castle == "wall"]
    if len(walls) >= 3 and rng.random() < 0.5:
        # One ladder per three walls (Castle rules, Planking and Ladders), inside the castle
        # (imports/castle_pieces.csv: +y points out of it).
        spot = rng.choice(walls)
        out = -(WALL_DEPTH / 2 + LADDER_OUT)
        ladders = (LadderPlacement(spot.warrior, (spot.at[0] - out * math.sin(spot.rotation),
                                                  spot.at[1] + out * math.cos(spot.rotation))),)
    besieger = _draw(rng, pool or BESIEGERS, rng.randint(2, 6))
    if rng.random() < 0.4:
        besieger.append(rng.choice(chariots))
    preset = rng.choice(TERRAIN)
    castle_seat = rng.randint(0, 1)
    # The build total both armies fit (Rulebook II: a multiple of 100).
    total = max(BUILD_TOTAL, *(-(-sum(c.points for c in a) // 100) * 100
                               for a in (army, besieger)))
    sides = [PlayerSetup("castle", tuple(army), total, castle_edge,
                         terrain=terrain_for(preset, castle_seat), castle=plan, ladders=ladders),
             PlayerSetup("besieger", tuple(besieger), total, other_edge,
                         terrain=terrain_for(preset, 1 - castle_seat))]
    if castle_seat:
        sides.reverse()
    return GameSetup(players=(sides[0], sides[1]), table=TABLE, seed=seed,
                     round_limit=round_limit)


def _draw(rng: random.Random, cards: Sequence[FigureCard], n: int) -> list[FigureCard]:
    """``n`` cards drawn at random, a unique figure at most once (Rulebook II, Building
    Your Army): a real catalogue's pool holds unique figures, the hand-made ones none."""
    out: list[FigureCard] = []
    for _ in range(n):
        card = rng.choice(cards)
        while card.unique and any(c.key == card.key for c in out):
            card = rng.choice(cards)
        out.append(card)
    return out


def deploy_made_up(game: Game, watch: Watch, rng: random.Random) -> str:
    """A warrior of the player deploying set down at a place made up at random: across a
    closed portal (the door's ground, where no base may stand) or near the castle; played
    if legal, else refused with nothing changed. What was tried, for the counts."""
    waiting = [w for w in game.warriors if w.owner == game.deploying and not w.deployed]
    closed = [p for i in game.sections for p in game.warriors[i].castle.portals  # type: ignore[union-attr]
              if not p.open and game.warriors[i].castle.feature >= 0]  # type: ignore[union-attr]
    if not waiting:
        return "nothing to deploy"
    w = rng.choice(waiting)
    facing = rng.uniform(-math.pi, math.pi)
    if closed and rng.random() < 0.7:
        p = rng.choice(closed)
        t = rng.random()
        (ax, ay), (bx, by) = p.a, p.b
        length = math.hypot(bx - ax, by - ay)
        off = rng.uniform(-1.0, 1.0) * w.shape.disc_radius
        at = (ax + (bx - ax) * t - (by - ay) / length * off,
              ay + (by - ay) * t + (bx - ax) / length * off)
        tried = "at a closed portal"
    else:
        at = near_castle(game, rng, 4.0)
        tried = "near the castle"
    played = played_or_refused(game, watch, Deploy(w.id, at, facing))
    return f"made-up deployments {tried}: {'played' if played else 'refused'}"


def place_terrain(game: Game, rng: random.Random) -> Action:
    """A terrain item placed at random: the first of a few random places that is legal
    (listing every place of every item costs more than the rest of a short siege), or one
    the legal listing offers."""
    items = [k for k, piece in enumerate(game.terrain_pile) if piece is not None]
    for _ in range(30):
        action = PlaceTerrain(rng.choice(items), (rng.uniform(0.0, game.table),
                                                  rng.uniform(0.0, game.table)),
                              rng.choice((0.0, math.pi / 2)))
        if is_legal(game, action):
            return action
    return rng.choice(list(game.legal_actions()))


def play_siege(seed: int, steps: int = 60, round_limit: int = 3,
               pool: Sequence[FigureCard] = ()) -> Counter[str]:
    """One siege set up from scratch and played at random for at most ``steps`` actions,
    every action checked (legal_state), then replayed from its log; what it played, as
    counts. An AssertionError names the first rule broken."""
    setup = set_up_siege(seed, round_limit, pool)
    game = Game.new(setup)
    counts: Counter[str] = Counter({"sieges": 1})
    for i in game.sections:
        s = game.warriors[i].castle
        assert s is not None
        counts[f"pieces: {s.piece}" + (" with a doorway" if s.doorway else "")] += 1
    counts[f"castle edge: {setup.players[game.castle_player].edge}"] += 1
    watch = Watch(game)
    legal_state(game, watch)
    rng = random.Random(seed)
    while not game.over and counts["actions"] < steps:
        if game.phase == "deploy" and rng.random() < 0.5:
            counts[deploy_made_up(game, watch, rng)] += 1
        elif game.phase == "play" and counts["actions"] % 9 == 0:
            made_up_action(game, watch, rng)
        if game.over:
            break
        if game.phase == "play":
            action = pick(game, rng)
        elif game.phase == "terrain":
            action = place_terrain(game, rng)
        else:
            action = rng.choice(list(game.legal_actions()))
        watch.before(game, action)
        apply(game, action)
        legal_state(game, watch)
        counts["actions"] += 1
        if isinstance(action, Deploy):
            counts["deployments listed and played" if action.at is not None
                   else "warriors with no room"] += 1
        elif isinstance(action, SetPortal):
            counts["portals opened" if action.open else "portals shut"] += 1
    log_rules(game)
    text = game.log_json()
    again = replay(text)
    assert again.log_json() == text and again.snapshot() == game.snapshot()
    counts["replays identical"] += 1
    return counts
