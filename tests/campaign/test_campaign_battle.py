"""World Conquest battles fought by the engine: warriors at their current clicks, the
territory's weather on the battlefield and the cards, the scene set by each side's
commander, multi-player battles, and a battle fought again from its kept start."""

from __future__ import annotations

import json

import pytest
from campaign_helpers import as_scenario, band_of, card, ready, split, to_moves

from armybuilder.campaign import battle as wc
from armybuilder.campaign.actions import Fight, Move, Pass
from armybuilder.campaign.game import apply
from armybuilder.campaign.house_rules import HouseRules
from armybuilder.campaign.weather import InForce, Marker
from armybuilder.engine import Game, action_from_json
from armybuilder.engine import apply as engine_apply
from armybuilder.engine.setup import setup_from_dict
from armybuilder.sim.replay import narrate

RULES = HouseRules()


def test_rain_and_snow_lower_range_and_speed_unless_flight() -> None:
    archer = card("t:a", "Archer", 30, "Shyft", reach=8, speed=8,
                  abilities={0: ("Flight",), 2: ("Flight",)})
    rain = wc.weathered(archer, 0, InForce(("Light Rain",), range=-1))
    assert rain.range == 7 and rain.clicks == archer.clicks
    heavy = wc.weathered(archer, 0, InForce(("Heavy Rain",), range=-2))
    assert heavy.range == 6
    short = card("t:s", "Short", 10, "Shyft", reach=1)
    assert wc.weathered(short, 0, InForce(("Heavy Rain",), range=-2)).range == 0
    snow = wc.weathered(archer, 0, InForce(("Light Snow",), range=-1, speed=-1))
    assert snow.range == 7
    assert [c.speed for c in snow.clicks] == [
        c.speed if "Flight" in c.abilities else c.speed - 1 for c in archer.clicks]
    assert snow.clicks[0].speed == archer.clicks[0].speed  # Flight on this click


def test_fog_gives_a_warrior_with_stealth_one_defense_for_the_whole_battle() -> None:
    sneak = card("t:n", "Sneak", 30, "Shyft", abilities={0: ("Stealth",)})
    fog = InForce(("Fog",), fog=True)
    foggy = wc.weathered(sneak, 0, fog)
    assert [c.defense for c in foggy.clicks] == [c.defense + 1 for c in sneak.clicks]
    # Not showing Stealth when the battle begins: no bonus.
    assert wc.weathered(sneak, 1, fog).clicks == sneak.clicks
    plain = card("t:p", "Plain", 30, "Shyft")
    assert wc.weathered(plain, 0, fog) == plain


def at_battle(players: int = 2, territory: str = "C1"):
    c = ready(players)
    to_moves(c)
    band_of(c, 1).territory = territory
    apply(c, Move(0, band_of(c, 0).id, territory))
    while c.decision().kind == "respond":
        apply(c, Pass(c.decision().player))
    assert c.decision().kind == "battle"
    return c


def scene_of(game: Game) -> Game:
    """The game as it stood when the battle began (Rulebook II: the scene set)."""
    began = next(k for k, e in enumerate(game.entries)
                 if any(ev["e"] == "battle" for ev in e["events"]))
    scene = Game.new(setup_from_dict(json.loads(game.log_json())["start"]))
    for entry in game.entries[1:began + 1]:
        engine_apply(scene, action_from_json(entry["action"]))
    return scene


def test_every_warrior_enters_at_its_current_click_under_the_territorys_weather() -> None:
    c = at_battle()
    hurt = band_of(c, 1).warriors[2]
    c.warriors[hurt].click = 2
    c.markers = [Marker("AH", RULES.effect("A"), "C1", 4),
                 Marker("5H", RULES.effect("5"), "C1", 4),
                 Marker("3H", RULES.effect("3"), "D1", 4)]
    plan = wc.plan_battle(c)
    assert plan.weather.engine_weather == ("fog",)  # Flooding is in D1, not here
    ids = plan.engine_ids()
    assert plan.clicks[ids[hurt]] == 2
    bow = next(i for i in ids if c.card(i).range)
    assert plan.cards[ids[bow]].range == c.card(bow).range - 1
    start = wc.setup_of(plan)
    assert start.weather == ("fog",)
    assert [k for p in start.players for k in p.clicks] == list(plan.clicks)
    # Each side on its own edge, the mover first, with its terrain to set up as normal
    # (house rule: the standard preset).
    assert [p.edge for p in start.players] == ["south", "north"]
    assert all(p.terrain for p in start.players)
    # The scene set by the commanders: the battle begins with every warrior deployed at
    # its current click, the terrain placed, under the fog.
    scene = scene_of(wc.fight(c).game)
    assert scene.weather == ("fog",) and scene.phase == "play"
    assert [w.click for w in scene.warriors] == list(plan.clicks)
    assert all(w.on_table for w in scene.warriors)
    assert len(scene.terrain.features) >= 2
    # The battle told (`campaign battle NAME N`, `battle replay`): the damage carried in.
    told = list(narrate(json.loads(scene.log_json()), maps="none"))
    hurt_card = plan.cards[ids[hurt]]
    assert f"{hurt_card.key}, {hurt_card.points} pts, enters at click 3/" \
        f"{len(hurt_card.clicks)})" in "\n".join(told[:4])
    assert sum(", enters at click" in line for line in told[:4]) == 1


def test_a_wasteland_has_no_terrain_and_the_holders_fortifications_stand() -> None:
    c = at_battle()
    h = c.holdings["C1"]
    h.wasteland, h.owner, h.banner, h.structure = True, 1, True, "fort"
    plan = wc.plan_battle(c)
    start = wc.setup_of(plan)
    assert plan.terrain == "none" and not any(p.terrain for p in start.players)
    assert plan.unplayed == ()
    # World Conquest, Troop Movements (battle rule 1): the holder (side 1) sets up its fort
    # and banner, with the house rules' numbers.
    assert [(f.kind, f.player, f.defense, f.clicks, f.guards, f.ranged_defense)
            for f in plan.fortifications] == [("fort", 1, 19, 10, 6, 2), ("banner", 1, 12, 1,
                                                                          0, 0)]
    assert plan.fortifications[0].entrances == (("back", 1.0),)
    assert start.fortifications == plan.fortifications
    scene = scene_of(wc.fight(c).game)
    assert not scene.terrain.features
    assert [w.work.fort.kind for w in scene.warriors if w.work is not None] == ["fort",
                                                                               "banner"]


def test_a_territory_held_by_no_side_here_sets_up_nothing() -> None:
    c = at_battle()
    h = c.holdings["C1"]
    h.owner, h.banner, h.structure = None, False, "castle"
    assert wc.plan_battle(c).fortifications == ()


def test_a_battle_with_a_fort_played_through_the_engine() -> None:
    """The holder's fort and banner on the battlefield, its shooters on guard at set-up;
    the battle fought to its end by the engine's AI; the result names the fortifications;
    fought again from the kept start it is the same, event for event."""
    c = at_battle()
    h = c.holdings["C1"]
    h.owner, h.banner, h.structure = 1, True, "fort"
    fought = wc.fight(c)
    game = fought.game
    assert game.over
    works = [w for w in game.warriors if w.work is not None]
    assert [w.work.fort.kind for w in works] == ["fort", "banner"]
    assert all(w.owner == 1 for w in works)
    began = next(k for k, e in enumerate(game.entries)
                 if any(ev["e"] == "battle" for ev in e["events"]))
    start = [ev for e in game.entries[:began + 1] for ev in e["events"]]  # the set-up
    shooters = [w for w in game.warriors if w.owner == 1 and w.work is None
                and w.card.range > 0]
    if shooters:
        assert any(e["e"] == "on_guard" for e in start)
    r = fought.result
    assert [(f["kind"], f["holder"]) for f in r["fortifications"]] == [("fort", 1),
                                                                      ("banner", 1)]
    here = {i for p in (0, 1) for b in c.bands_in("C1", p) for i in b.warriors}
    assert {f["warrior"] for f in r["fates"]} == here
    apply(c, Fight(r))
    told = [e for entry in c.log for e in entry["events"] if e["e"] == "battle fought"]
    assert told[-1]["fortifications"] == ["fort", "banner"]
    for f in r["fortifications"]:
        if f["destroyed"]:
            assert (h.structure if f["kind"] == "fort" else h.banner) in (None, False) \
                or h.owner != 1
    kept = json.loads(json.dumps(fought.start.to_dict()))
    again, _ = wc.play_out(setup_from_dict(kept), wc.commanders(fought.sides,
                                                                RULES.withdraw_below))
    assert again.log_json() == game.log_json()
    # The same campaign position fights the same battle.
    c2 = at_battle()
    c2.holdings["C1"].owner, c2.holdings["C1"].banner = 1, True
    c2.holdings["C1"].structure = "fort"
    assert wc.fight(c2).game.log_json() == game.log_json()


def test_a_battle_fought_by_the_engine_and_its_result_applied() -> None:
    c = at_battle()
    fought = wc.fight(c)
    r = fought.result
    here = {i for p in (0, 1) for b in c.bands_in("C1", p) for i in b.warriors}
    assert {f["warrior"] for f in r["fates"]} == here
    assert fought.game.over
    apply(c, Fight(r))
    assert c.battle is not None or c.decision().kind in ("move", "captive", "banner",
                                                         "retreat")
    # Fought again from the kept start, the battle is the same, event for event.
    kept = json.loads(json.dumps(fought.start.to_dict()))
    again, _ = wc.play_out(setup_from_dict(kept), wc.commanders(fought.sides, RULES.withdraw_below))
    assert again.log_json() == fought.game.log_json()


def test_an_older_campaigns_battle_fought_again_from_the_scene_it_kept() -> None:
    """Campaigns from before kept each auto-resolved battle's scene (a Scenario, set by
    the engine's AI) rather than its start: `campaign battle NAME N` fights it again from
    that, the same game each time, every warrior at the click it was kept at."""
    c = at_battle()
    hurt = band_of(c, 1).warriors[2]
    c.warriors[hurt].click = 2
    plan = wc.plan_battle(c)
    kept = as_scenario(scene_of(wc.fight(c).game), wc.setup_of(plan)).to_dict()
    sides = wc.sides_of(plan)
    first, _ = wc.play_out(setup_from_dict(json.loads(json.dumps(kept))),
                           wc.commanders(sides, RULES.withdraw_below))
    again, _ = wc.play_out(setup_from_dict(kept), wc.commanders(sides, RULES.withdraw_below))
    assert first.over and again.log_json() == first.log_json()
    assert json.loads(first.log_json())["start"]["kind"] == "scenario"
    assert Game.from_scenario(setup_from_dict(kept)).warriors[plan.engine_ids()[hurt]].click == 2


#: Where each edge lies round the table, seen from above with north at the top (degrees).
BEARING = {"east": 0, "north": 90, "west": 180, "south": 270}


def clockwise_steps(edges: list[str]) -> list[int]:
    """From each edge to the next in the list (and from the last back to the first), how
    many quarter turns clockwise round the table."""
    return [(BEARING[a] - BEARING[b]) % 360 // 90
            for a, b in zip(edges, edges[1:] + edges[:1], strict=True)]


def test_clockwise_steps_tell_the_old_seating_from_the_new() -> None:
    # The old seating (south, north, west) went across the table and back: twice round.
    assert sum(clockwise_steps(["south", "north", "west"])) == 8
    assert sum(clockwise_steps(["south", "north", "west", "east"])) == 8
    assert clockwise_steps(["south", "west", "north", "east"]) == [1, 1, 1, 1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_multi_player_battles_seat_the_sides_round_the_table_in_turn_order(
        players: int) -> None:
    c = ready(players)
    mover = c.current
    to_moves(c)
    others = [(mover + k) % players for k in range(1, players)]
    for p in others[1:]:
        split(c, band_of(c, p).warriors[:3], "B2")
    band_of(c, others[0]).territory = "B2"
    band_of(c, mover).territory = "A2"
    apply(c, Move(mover, band_of(c, mover).id, "B2"))
    while c.decision().kind == "respond":
        apply(c, Pass(c.decision().player))
    assert c.battle.sides == [mover, *others]  # the mover first, then clockwise
    fought = wc.fight(c)
    edges = [p.edge for p in fought.start.players]
    assert edges == list(wc.seating(players))
    # Rulebook III, Turns and Actions: "The first player takes the first turn. The player
    # to his left takes the next turn and so on, clockwise around the table." The first
    # round's turns as the engine played them, and each side's edge: once round the
    # table, a step clockwise each turn (two sides face each other across it).
    order = [e["player"] for entry in fought.game.entries for e in entry["events"]
             if e["e"] == "turn"][:players]
    assert sorted(order) == list(range(players))
    steps = clockwise_steps([edges[p] for p in order])
    assert sum(steps) == 4 and all(steps), (order, edges)
    if players == 2:
        assert set(edges) == {"south", "north"}
    apply(c, Fight(fought.result))


@pytest.mark.parametrize(("rank", "range_", "speed", "weather"), [
    ("A", 0, 0, ("fog",)), ("3", 0, 0, ("flooding",)), ("5", -1, 0, ()),
    ("7", -2, 0, ()), ("9", -1, -1, ()), ("J", -1, -1, ()), ("K", 0, 0, ()),
])
def test_each_weather_card_on_a_battle(rank: str, range_: int, speed: int,
                                       weather: tuple[str, ...]) -> None:
    c = at_battle()
    effect = RULES.effect(rank)
    if effect.placed:
        c.markers = [Marker(f"{rank}H", effect, "C1", 4)]
    plan = wc.plan_battle(c)
    ids = plan.engine_ids()
    for wid, k in ids.items():
        printed = c.card(wid)
        played = plan.cards[k]
        assert played.range == max(0, printed.range + range_)
        assert [x.speed for x in played.clicks] == [max(0, x.speed + speed)
                                                    for x in printed.clicks]
    assert plan.weather.engine_weather == weather
    assert wc.setup_of(plan).weather == weather
