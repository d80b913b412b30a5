"""Golden scenarios for World Conquest fortifications on the battlefield (seed 002, "World
Conquest", Upgrading Defenses; engine/fortifications.py): each one's numbers (defense
12/17/19/20, destroyed by a hit / 6 / 10 / 16 clicks, +1/+2/+3 against ranged attacks on
guard, 4/6/6 guards), the 360-degree front arc on guard, entering through the entrance
only, no opponent inside, the banner attacked in close combat only, a destroyed
structure, the end of the game, setting up and warriors starting on guard.

Player 0 (south edge) holds the fortification; at its default place it stands centred on
the south edge, its back wall 2" from it, the back toward the edge. Dice are scripted.
"""

from __future__ import annotations

import json

import pytest
from engine_helpers import NORTH, SOUTH, card, defense_of, find, scenario, w

from armybuilder.engine import (
    CloseAttack,
    Game,
    GameSetup,
    Move,
    Pass,
    PlayerSetup,
    RangedAttack,
    Scenario,
    SetUpFortification,
    apply,
    is_legal,
    legal_actions,
    replay,
)
from armybuilder.engine.fortifications import Fortification, guarding, ranged_bonus
from armybuilder.engine.setup import SetupError, setup_from_dict
from armybuilder.engine.state import IllegalAction

#: World Conquest, Upgrading Defenses: the seed's numbers (the campaign's house rules
#: hold the same: campaign/house_rules.py).
SEED = {
    "banner": dict(size=0.955, defense=12, clicks=1),
    "outpost": dict(size=2.0, defense=17, clicks=6, entrances=(("back", 2.0),), guards=4,
                    ranged_defense=1),
    "fort": dict(size=3.0, defense=19, clicks=10, entrances=(("back", 1.0),), guards=6,
                 ranged_defense=2),
    "castle": dict(size=4.0, defense=20, clicks=16,
                   entrances=(("back", 2.0), ("front", 2.0)), guards=6, ranged_defense=3),
}


def fort(kind: str, player: int = 0, **kw: object) -> Fortification:
    return Fortification(kind=kind, player=player, **{**SEED[kind], **kw})  # type: ignore[arg-type]


def centre(kind: str) -> tuple[float, float]:
    # The default place on the 36" table: centred on the south edge, back wall at y = 2.
    return (18.0, 2.0 + SEED[kind]["size"] / 2)  # type: ignore[operator]


GUARD = card("Guard", 20, speed=8, attack=9, defense=16, damage=2, clicks=6)
ARCHER = card("Archer", 30, speed=8, attack=12, defense=16, damage=3, clicks=6, range=10)
BRUTE = card("Brute", 30, speed=8, attack=12, defense=16, damage=3, clicks=6)


def work_of(game: Game) -> int:
    return game.works[0]


def again(game: Game, attacker: int) -> None:
    """Player 0's warrior 0 passes until it is player 1's turn again; the attacker's
    tokens are cleared (no pushing in these tests)."""
    while game.current != 1 and not game.over:
        apply(game, Pass(0))
    game.warriors[attacker].tokens = 0


# --- the numbers ------------------------------------------------------------------------


@pytest.mark.parametrize("kind,defense,clicks", [
    ("banner", 12, 1), ("outpost", 17, 6), ("fort", 19, 10), ("castle", 20, 16)])
def test_defense_and_clicks(kind: str, defense: int, clicks: int) -> None:
    """"The outpost has a defense of 17 and must be dealt six clicks of damage to be
    destroyed" (fort 19 and 10, castle 20 and 16); the banner "12 defense. If a hit is
    obtained, remove the banner"."""
    x, y = centre(kind) if kind != "banner" else (18.0, 2.0 + 0.4775)
    size = SEED[kind]["size"]
    # A brute whose front arc touches the structure's front wall (north side).
    by = y + size / 2 + 0.5 + 0.01  # type: ignore[operator]
    hits = clicks if kind != "banner" else 1
    dice = (6, 5) * hits  # 12 + 11 hits a defense of 20; no critical hit
    game = scenario(w(GUARD, 0, 30, 1, NORTH), w(BRUTE, 1, x, by, SOUTH),
                    fortifications=(fort(kind),), dice=dice, current=1)
    t = work_of(game)
    assert game.warriors[t].card.clicks[0].defense == defense
    assert len(game.warriors[t].card.clicks) == clicks
    events = apply(game, CloseAttack(1, t))
    assert defense_of(events, t) == defense
    brute_damage = 3
    dealt = brute_damage
    while game.warriors[t].on_table:
        assert dealt < clicks
        again(game, 1)
        apply(game, CloseAttack(1, t))
        dealt += brute_damage
    assert dealt >= clicks and dealt - brute_damage < clicks
    assert any(e["e"] == "eliminated" and e["warrior"] == t for e in game.entries[-1]["events"])


@pytest.mark.parametrize("kind,bonus", [("outpost", 1), ("fort", 2), ("castle", 3)])
def test_on_guard_against_ranged(kind: str, bonus: int) -> None:
    """"It gains +1 defense against ranged attacks" (+2 fort, +3 castle): the log names the
    modifier; not in close combat."""
    x, y = centre(kind)
    game = scenario(w(GUARD, 0, x, y, NORTH), w(ARCHER, 1, x, y + 8, SOUTH),
                    fortifications=(fort(kind),), dice=(2, 2), current=1)
    assert guarding(game, game.warriors[0]) is not None
    assert ranged_bonus(game, game.warriors[0]) == bonus
    events = apply(game, RangedAttack(1, (0,)))
    assert defense_of(events, 0) == 16 + bonus
    miss = find(events, "miss")[0]
    assert ["on guard", bonus] in [list(m) for m in miss["defense_modifiers"]]


def test_guard_arc_is_all_round() -> None:
    """"...and is considered to have a 360 degree front arc": a guard facing away attacks
    a brute touching it (across the wall); off guard it could not."""
    x, y = centre("outpost")
    # The guard in the outpost's north-west corner facing south; a brute outside the
    # north wall touching it.
    gx, gy = x - 0.5, y + 0.5
    game = scenario(w(GUARD, 0, gx, gy, SOUTH), w(BRUTE, 1, gx, gy + 1.0, SOUTH),
                    fortifications=(fort("outpost"),), dice=(6, 6))
    assert game.warriors[0].arc == 360
    assert is_legal(game, CloseAttack(0, 1))
    plain = scenario(w(GUARD, 0, gx, gy, SOUTH), w(BRUTE, 1, gx, gy + 1.0, SOUTH))
    assert not is_legal(plain, CloseAttack(0, 1))


@pytest.mark.parametrize("kind,limit", [("outpost", 4), ("fort", 6), ("castle", 6)])
def test_guard_limits(kind: str, limit: int) -> None:
    """"There may be up to four warriors on guard at once" (six in a fort or castle): one
    more may not be set inside."""
    # The outpost's 2" square holds four 1" bases and no more: the limit is shown on one
    # grown to 3" (nine bases would fit).
    size = 3.0 if kind == "outpost" else SEED[kind]["size"]
    x, y = 18.0, 2.0 + size / 2  # type: ignore[operator]
    h = size / 2  # type: ignore[operator]
    spots = [(x - h + 0.5 + i, y - h + 0.5 + j) for j in range(int(2 * h)) for i in
             range(int(2 * h))]
    inside = [w(GUARD, 0, sx, sy, NORTH) for sx, sy in spots[:limit]]
    game = scenario(*inside, w(BRUTE, 1, 18, 30, SOUTH),
                    fortifications=(fort(kind, size=size),))
    assert sum(guarding(game, o) is not None for o in game.warriors) == limit
    with pytest.raises(SetupError, match="up to"):
        scenario(*[w(GUARD, 0, sx, sy, NORTH) for sx, sy in spots[:limit + 1]],
                 w(BRUTE, 1, 18, 30, SOUTH), fortifications=(fort(kind, size=size),))


def test_entering_through_the_entrance_only() -> None:
    """"If you move a warrior you control through the entrance into the outpost, it is
    considered on guard": through the fort's 1" back entrance, yes; over a wall, no."""
    # The fort spans x 16.5-19.5, y 2-5; its entrance: x 17.5-18.5 on y = 2.
    game = scenario(w(GUARD, 0, 18, 1, NORTH), w(GUARD, 0, 12, 4, NORTH),
                    w(BRUTE, 1, 18, 30, SOUTH), fortifications=(fort("fort"),))
    assert is_legal(game, Move(0, ((18.0, 3.0),), NORTH))
    with pytest.raises(IllegalAction, match="entrance"):
        game.apply(Move(1, ((17.0, 4.0),), NORTH))  # straight through the west wall
    apply(game, Move(0, ((18.0, 3.0),), NORTH))
    assert guarding(game, game.warriors[0]) is not None
    assert game.warriors[0].arc == 360
    assert any(e["e"] == "on_guard" for e in game.entries[-1]["events"])


def test_opponents_never_enter() -> None:
    """Only the holder's warriors go in (the entrance is a wall to an opponent), and no
    base stands on a wall or on the banner."""
    # The outpost spans x 17-19, y 2-4; its whole back side (y = 2) is the entrance.
    game = scenario(w(GUARD, 0, 30, 1, NORTH), w(BRUTE, 1, 22, 1.2, NORTH),
                    fortifications=(fort("outpost"), fort("banner", at=(18.0, 7.0),
                                                          rotation=0.0)),
                    current=1)
    with pytest.raises(IllegalAction, match="only the holder"):
        game.apply(Move(1, ((18.0, 3.0),), NORTH))  # through the entrance
    with pytest.raises(IllegalAction, match="only the holder"):
        game.apply(Move(1, ((18.0, 2.0),), NORTH))  # onto the entrance
    from armybuilder.engine.fortifications import position_violation
    brute = game.warriors[1]
    assert "wall" in (position_violation(game, brute, brute.discs_at((16.8, 2.5), 0.0))
                      or "")
    with pytest.raises(IllegalAction, match="banner"):
        game.apply(Move(1, ((18.0, 7.0),), NORTH))


def test_banner_close_combat_only() -> None:
    """"Opponents' warriors may attack the banner with a close combat attack": not a ranged
    one."""
    banner = fort("banner", at=(18.0, 12.0), rotation=0.0)
    game = scenario(w(GUARD, 0, 30, 1, NORTH), w(ARCHER, 1, 18, 18, SOUTH),
                    fortifications=(banner,), current=1)
    t = work_of(game)
    assert not is_legal(game, RangedAttack(1, (t,)))
    assert all(not (isinstance(a, RangedAttack) and t in a.targets)
               for a in legal_actions(game))


def test_structure_at_range_and_destroyed() -> None:
    """A structure may be shot (its centre point, over its guards); destroyed, it leaves
    nothing and its guards are on guard no more."""
    x, y = centre("outpost")
    # Eight hits of 3 clicks: six clicks destroy the outpost on the second.
    game = scenario(w(GUARD, 0, x - 0.5, y + 0.5, NORTH), w(ARCHER, 1, x, y + 8, SOUTH),
                    fortifications=(fort("outpost"),), dice=(6, 5, 6, 5), current=1)
    t = work_of(game)
    events = apply(game, RangedAttack(1, (t,)))
    assert defense_of(events, t) == 17
    again(game, 1)
    events = apply(game, RangedAttack(1, (t,)))
    assert not game.warriors[t].on_table
    assert game.warriors[0].arc == GUARD.arc
    assert any(e["e"] == "off_guard" for e in events)
    assert not game.over  # the structure kept no side in the game; the guard does


def test_a_fortification_keeps_no_side_in_the_game() -> None:
    """Rulebook VI, Ending the Game 1 counts warriors: the last warrior of the holder
    eliminated ends the game even with its fort standing; a fortification takes no
    action and scores nothing."""
    game = scenario(w(GUARD, 0, 18, 20, NORTH, click=5), w(BRUTE, 1, 18, 21.01, SOUTH),
                    fortifications=(fort("fort"),), dice=(6, 6), current=1)
    apply(game, CloseAttack(1, 0))
    assert game.over
    assert game.outcome.winners == (1,)
    assert game.outcome.scores[0].survivors == 0


def test_fortification_given_no_action() -> None:
    game = scenario(w(GUARD, 0, 18, 20, NORTH), w(BRUTE, 1, 18, 30, SOUTH),
                    fortifications=(fort("fort"),))
    t = work_of(game)
    with pytest.raises(IllegalAction, match="no action"):
        game.apply(Pass(t))
    assert all(getattr(a, "warrior", None) != t for a in legal_actions(game))


# --- setting up -------------------------------------------------------------------------


def _setup(*forts: Fortification) -> GameSetup:
    army = (GUARD, card("Guard 2", 20), card("Guard 3", 20), card("Guard 4", 20))
    return GameSetup(players=(PlayerSetup("A", army, 100, "south"),
                              PlayerSetup("B", (BRUTE, ARCHER), 100, "north")),
                     seed=3, fortifications=forts)


def test_warriors_start_on_guard() -> None:
    """"During the setup for a battle, you may place warriors on guard in an outpost, fort
    or castle": inside the structure, beyond the 3" starting area."""
    from armybuilder.engine import Deploy
    game = Game.new(_setup(fort("castle"), fort("banner")))
    while game.phase != "deploy":
        apply(game, next(iter(legal_actions(game))))
    while game.deploying != 0:
        apply(game, next(iter(legal_actions(game))))
    x, y = centre("castle")  # the castle spans y 2-6
    apply(game, Deploy(0, (x + 1.0, y + 1.5), NORTH))
    assert game.warriors[0].on_table and game.warriors[0].y > 3.0
    with pytest.raises(IllegalAction):
        game.apply(Deploy(1, (x - 8.0, y + 1.5), NORTH))  # outside: not a starting area
    banner = next(o for o in game.warriors if o.work is not None and o.work.banner)
    assert banner.x > x + 2.0  # beside the castle


def test_setup_and_log_round_trip() -> None:
    """A setup with fortifications writes them to the log's header and replays; a setup
    without them writes what it always did."""
    setup = _setup(fort("fort"), fort("banner"))
    data = setup.to_dict()
    assert setup_from_dict(data) == setup
    assert "fortifications" not in _setup().to_dict()
    sc = Scenario(players=(), warriors=())
    assert "fortifications" not in sc.to_dict()
    game = Game.new(setup)
    rng_moves = 0
    while not game.over and rng_moves < 60:
        apply(game, next(iter(legal_actions(game))))
        rng_moves += 1
    assert replay(game.log_json()).log_json() == game.log_json()


def test_terrain_stays_clear() -> None:
    from armybuilder.engine.setup import terrain_violation
    from armybuilder.engine.terrain import TerrainFeature
    game = Game.new(_setup(fort("fort")))
    x, y = centre("fort")
    near = TerrainFeature("hindering", ((x - 1, y + 2.0), (x + 1, y + 2.0), (x + 1, y + 4),
                                        (x - 1, y + 4)))
    assert "clear of the fort" in (terrain_violation(game, [near]) or "")
    far = TerrainFeature("hindering", ((x - 1, y + 4.0), (x + 1, y + 4.0), (x + 1, y + 6),
                                       (x - 1, y + 6)))
    assert terrain_violation(game, [far]) is None


def test_the_board_draws_them() -> None:
    """The play screen's map reads a standing fortification as a footprint with its
    entrances (play/castle_view.py), and a guard's arc as 360 degrees."""
    from armybuilder.play.castle_view import castle_records
    x, y = centre("fort")
    game = scenario(w(GUARD, 0, x, y, NORTH), w(BRUTE, 1, 18, 30, SOUTH),
                    fortifications=(fort("fort"), fort("banner")))
    records = castle_records(game)
    assert [r.piece for r in records] == ["fort", "banner"]
    assert len(records[0].footprint) == 4 and len(records[0].portals) == 1
    assert records[1].portals == ()
    assert game.warriors[0].arc == 360


# --- set up by the holder (World Conquest, Troop Movements, battle rule 1) ---------------


def _by_holders(*forts: Fortification, first: tuple[int, ...] = (1, 1, 6, 6)) -> Game:
    """Player 1 (north) rolls the higher and is the first player; player 0 holds forts."""
    setup = _setup(*forts)
    return Game.new(GameSetup(players=setup.players, dice=first, fortifications=forts,
                              holders_set_up=True))


def test_the_holder_sets_up_first_then_terrain_and_deployment_as_normal() -> None:
    """"Each player sets up terrain as normal AND any ... banners, outposts, forts, or
    castles they have in that territory": the holder sets his up first (before terrain,
    as a castle's sections are), even when he is not the first player."""
    game = _by_holders(fort("fort"), fort("banner"))
    assert game.first_player == 1
    assert game.phase == "fortifications" and game.to_act == 0
    works = [game.warriors[i] for i in game.works]
    assert not any(o.on_table for o in works)  # nothing stands until he sets it up
    listed = list(legal_actions(game))
    assert all(isinstance(a, SetUpFortification) and a.warrior == works[0].id
               for a in listed)
    # The first place listed is the default one: centred, back wall 2" from his edge.
    assert listed[0].at == pytest.approx(centre("fort")) and listed[0].rotation == 0.0
    # He chooses another: further along his edge, turned a quarter.
    chosen = next(a for a in listed if a.at[0] < 10 and a.rotation != 0.0)
    events = apply(game, chosen)
    assert find(events, "fortification_set_up")[0]["warrior"] == works[0].id
    assert works[0].on_table and (works[0].x, works[0].y) == pytest.approx(chosen.at)
    assert game.phase == "fortifications" and game.to_act == 0  # his banner next
    # The banner's first place: 3" beside the fort where it was set up.
    beside = next(iter(legal_actions(game)))
    assert beside.at == pytest.approx((chosen.at[0] + 1.5 + 3.0 + 0.955 / 2,
                                       2.0 + 0.955 / 2))
    apply(game, beside)
    # Rulebook II: then the deployment begins with the first player (no terrain here).
    assert game.phase == "deploy" and game.deploying == 1


def test_where_a_holder_may_set_up() -> None:
    game = _by_holders(fort("fort"), fort("banner"))
    f = game.works[0]

    def refused(at: tuple[float, float], rotation: float = 0.0) -> str:
        with pytest.raises(IllegalAction) as exc:
            apply(game, SetUpFortification(f, at, rotation))
        return str(exc.value)

    assert "touching its holder's starting area" in refused((18.0, 12.0))
    assert "set up on the battlefield" in refused((0.5, 2.0))
    apply(game, SetUpFortification(f, (12.0, 4.0), 0.0))  # its front edge 5.5" out
    with pytest.raises(IllegalAction, match="already set up"):
        apply(game, SetUpFortification(f, (24.0, 4.0), 0.0))
    banner = game.works[1]
    with pytest.raises(IllegalAction, match="may not stand on the fort"):
        apply(game, SetUpFortification(banner, (12.5, 3.0), 0.0))


def test_each_holder_sets_up_his_own_clockwise_from_the_first_player() -> None:
    game = _by_holders(fort("fort"), fort("fort", player=1))
    assert game.to_act == 1  # the first player holds one too: he sets up first
    with pytest.raises(IllegalAction, match="each holder sets up his own"):
        apply(game, SetUpFortification(game.works[0], (18.0, 3.5), 0.0))
    apply(game, next(iter(legal_actions(game))))
    assert game.phase == "fortifications" and game.to_act == 0


def test_not_in_another_players_starting_area() -> None:
    """As terrain may not be (Rulebook II), a fortification is not set up in another
    player's starting area: a large one by a corner, touching its holder's area (south)
    and reaching into the west player's."""
    big = Fortification("castle", 0, 12.0, 20, 16, (("back", 2.0),), 6, 3)
    setup = _setup()
    third = PlayerSetup("C", (card("Scout", 20),), 100, "west")
    game = Game.new(GameSetup(players=(setup.players[0], third, setup.players[1]),
                              dice=(6, 6, 1, 1, 1, 1), fortifications=(big,),
                              holders_set_up=True))
    with pytest.raises(IllegalAction, match="another player's starting area"):
        apply(game, SetUpFortification(game.works[0], (8.0, 7.0), 0.0))


def test_terrain_is_placed_clear_of_where_the_holder_set_up() -> None:
    from armybuilder.engine.setup import terrain_violation
    from armybuilder.engine.terrain import TerrainFeature
    game = _by_holders(fort("fort"))
    apply(game, SetUpFortification(game.works[0], (10.0, 3.5), 0.0))
    near = TerrainFeature("hindering", ((9.0, 5.5), (11.0, 5.5), (11.0, 7.0), (9.0, 7.0)))
    assert "clear of the fort" in (terrain_violation(game, [near]) or "")
    moved = TerrainFeature("hindering", ((17.0, 5.5), (19.0, 5.5), (19.0, 7.0), (17.0, 7.0)))
    assert terrain_violation(game, [moved]) is None  # where the default place would be


def test_the_ai_sets_up_at_the_default_place_and_the_game_replays() -> None:
    """The heuristic player sets its fortifications up where a setup without
    ``holders_set_up`` puts them, and the log (with its header flag) replays."""
    from armybuilder.ai.players import HeuristicPlayer
    game = _by_holders(fort("castle"), fort("banner"))
    ai = HeuristicPlayer(5)
    while game.phase == "fortifications":
        apply(game, ai.choose(game))
    placed = Game.new(GameSetup(players=_setup().players, dice=(1, 1, 6, 6),
                                fortifications=(fort("castle"), fort("banner"))))
    assert [(w.x, w.y, w.facing) for w in game.warriors if w.work is not None] == \
        [(w.x, w.y, w.facing) for w in placed.warriors if w.work is not None]
    while not game.over and game.phase != "play":
        apply(game, ai.choose(game))
    text = game.log_json()
    assert replay(text).log_json() == text
    header = json.loads(text)["start"]
    assert header["holders_set_up"] is True
    assert "holders_set_up" not in _setup(fort("fort")).to_dict()
    assert setup_from_dict(header).holders_set_up
