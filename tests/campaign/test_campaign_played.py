"""World Conquest battles a human plays on the play screen (World Conquest, Troop
Movements: "play out a standard Mage Knight game"): the game opened from the same start as
an auto-resolved battle, the human seated at his side setting his own part of the scene
(his terrain, his deployment, on guard in his fort); its result read as an auto-resolved
battle's and changing the campaign the same way; the human's own withdrawal; a
half-played game finished by the engine's AI."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest
from campaign_helpers import as_scenario, band_of, fresh, to_moves, with_rules

from armybuilder.campaign import battle as wc
from armybuilder.campaign import played
from armybuilder.campaign.actions import ChooseHQ, Fight, Move, Pass, Retreat
from armybuilder.campaign.ai import CampaignAI
from armybuilder.campaign.choices import FIGHT, PLAY, choices
from armybuilder.campaign.game import apply, replay
from armybuilder.campaign.state import Campaign
from armybuilder.engine import (
    SETTING_THE_SCENE,
    Deploy,
    Game,
    Scenario,
    SetupError,
    Withdraw,
    action_from_json,
)
from armybuilder.engine import apply as engine_apply
from armybuilder.engine.fortifications import guard_spots
from armybuilder.play.session import PlaySession, Seats


def at_battle(seats: tuple[str, ...] = ("human", "ai"), **kw: object) -> Campaign:
    """Two players with neighbouring Head Quarters (C1, D1 on the hand-drawn map); the
    first player's army moves into the other's: battle 1, every step in the log."""
    c = fresh(2, seats=seats, **kw)
    while c.decision().kind == "hq":
        p = c.decision().player
        apply(c, ChooseHQ(p, ("C1", "D1")[p]))
    to_moves(c)
    mover = c.current
    apply(c, Move(mover, band_of(c, mover).id, ("C1", "D1")[1 - mover]))
    while c.decision().kind == "respond":
        apply(c, Pass(c.decision().player))
    assert c.decision().kind == "battle"
    return c


def test_a_human_chooses_to_play_the_battle_or_have_it_auto_resolved() -> None:
    c = at_battle()
    offered = choices(c)
    assert [ch.needs for ch in offered] == [PLAY, FIGHT]
    assert offered[0].label.startswith("Play it yourself on the play screen")
    assert "auto-resolve" in offered[1].label.lower()
    going_on = choices(c, playing=(4, 3))
    assert [ch.needs for ch in going_on] == [PLAY, FIGHT]
    assert "game 4, round 3" in going_on[0].label
    assert played.human_sides(c) == [0]
    assert played.human_sides(at_battle(seats=("ai", "human"))) == [1]
    assert played.human_sides(at_battle(seats=("ai", "ai"))) == []


def through_the_scene(session: PlaySession) -> None:
    """Rulebook II, Setting the Scene, every side's part (the human's too) by the AI's
    choice: the game is then at its first turn."""
    while session.board.phase in SETTING_THE_SCENE:
        session.play(session.ai_choice())


def test_the_human_sets_his_own_part_of_the_scene_and_his_warriors_carry_their_damage(
        ) -> None:
    c = at_battle()
    hurt = band_of(c, 0).warriors[1]
    c.warriors[hurt].click = 2  # damage carries between battles
    opened = played.open_game(c)
    plan = wc.plan_battle(c)
    assert opened.start == wc.setup_of(plan)
    sides = [s.player for s in plan.sides]
    assert opened.session.seats.commanders == tuple(
        "human" if c.players[p].seat == "human" else played.PLAYED_AI for p in sides)
    session = opened.session
    human = session.seats.commanders.index("human")
    # World Conquest, Troop Movements (battle rule 1): "each player sets up terrain as
    # normal": the scene is still to be set, each side's terrain in the pile.
    assert session.board.phase == "terrain"
    mine = [p.id for p in session.board.pieces if p.seat == human]
    placed, deployed = [], []
    while session.board.phase in ("terrain", "deploy"):
        if session.board.to_act != human:
            session.play(session.ai_choice())
            continue
        if session.board.phase == "terrain":
            # The human's own item, at the last place the engine lists for it (not the
            # AI's choice).
            option = session.setup_options()[-1]
            placed.append(option.action.at)
        else:
            wid = session.waiting_to_deploy()[-1]  # the last first: the human's order
            spot = session.deploy_spot(wid)
            assert spot is not None
            (x, y), facing = spot
            # Steered along the edge from the first place listed, as far as it goes.
            option = next(o for o in (session.deploy(wid, (x + dx, y), facing)
                                      for dx in range(12, -1, -1))
                          if session.allowed(o.action))
            deployed.append((wid, option.action.at))
        session.play(option)
    assert len(placed) == len(opened.start.players[human].terrain) == 2
    assert [d[0] for d in deployed] == sorted(mine, reverse=True)
    game = session.game
    assert [(w.x, w.y) for w in (game.warriors[wid] for wid, _ in deployed)] == \
        [tuple(at) for _, at in deployed]
    assert {f.item for f in game.terrain.features if f.item is not None} == {0, 1, 2, 3}
    # Every warrior enters at its current click: the human's hurt one two clicks down.
    board = session.board
    assert board.phase == "play" and [s.name for s in board.sides] == \
        [c.players[p].name for p in sides]
    assert [p.click for p in board.pieces] == list(plan.clicks)
    assert board.pieces[plan.engine_ids()[hurt]].click == 2
    with pytest.raises(played.PlayedError, match="no battle a human"):
        played.open_game(at_battle(seats=("ai", "ai")))


def test_the_holder_sets_up_his_fort_and_puts_warriors_on_guard_himself() -> None:
    """World Conquest, Troop Movements (battle rule 1): "each player sets up terrain as
    normal AND any ... banners, outposts, forts, or castles they have in that territory";
    Upgrading Defenses: "During the setup for a battle, you may place warriors on guard
    in an outpost, fort or castle" — the human holder, by hand."""
    c = at_battle(seats=("ai", "human"))
    h = c.holdings["D1"]
    h.owner, h.banner, h.structure = 1, True, "fort"
    opened = played.open_game(c)
    session = opened.session
    human = session.seats.commanders.index("human")
    assert opened.plan.sides[human].player == 1
    # The holder sets his fort and banner up first, whoever the first player is.
    assert session.board.phase == "fortifications" and session.board.to_act == human
    works = session.waiting_to_set_up()
    fort = session.game.warriors[works[0]]
    assert fort.work is not None and fort.work.fort.kind == "fort" and not fort.on_table
    default = session.set_up_spot(fort.id)
    assert default is not None
    (x, y), rotation = default
    # Off to one side of his edge, turned a quarter (an entrance to the flank).
    mine = session.set_up_fortification(fort.id, (x - 6.0, y), rotation + math.pi / 2)
    assert "the fort is set up at" in mine.words
    session.play(mine)
    assert fort.on_table and (fort.x, fort.y) == pytest.approx((x - 6.0, y))
    session.play(session.ai_choice())  # his banner where the AI would set it
    guards = []
    while session.board.phase in SETTING_THE_SCENE:
        if session.board.to_act != human or session.board.phase == "terrain":
            session.play(session.ai_choice())
            continue
        wid = session.waiting_to_deploy()[0]
        w = session.game.warriors[wid]
        spots = [s for s in guard_spots(session.game, fort, w.half_length)
                 if session.allowed(Deploy(wid, s, math.pi / 2))]
        if spots and len(guards) < 2:
            session.play(session.deploy(wid, spots[0], math.pi / 2))
            guards.append(wid)
        else:
            session.play(session.ai_choice())
    assert len(guards) == 2
    assert all(session.game.warriors[g].guarding == fort.id for g in guards)
    told = [e for entry in session.game.entries for e in entry["events"]
            if e["e"] == "on_guard" and e["warrior"] in guards]
    assert len(told) == 2
    # The campaign reads the battle's result with the fort where he set it up.
    while not session.over:
        session.play(session.ai_choice())
    result = played.played_result(c, session.log_json(), 9)
    assert [f["kind"] for f in result["fortifications"]] == ["fort", "banner"]


def test_a_played_battle_changes_the_campaign_as_the_same_battle_auto_resolved() -> None:
    auto = at_battle()
    mine = replay(auto.start, auto.log)
    fought = wc.fight(auto)
    # The same game, action for action, played on the play screen's session.
    opened = played.open_game(mine)
    game = opened.session.game
    for entry in fought.game.entries[1:]:
        engine_apply(game, action_from_json(entry["action"]))
    assert game.log_json() == fought.game.log_json()
    result = played.played_result(mine, game.log_json(), 7)
    assert result == {**fought.result, "game": 7}
    told_auto = apply(auto, Fight(fought.result))
    told_mine = apply(mine, Fight(result))
    assert mine.snapshot() == auto.snapshot()
    # The campaign's log keeps the result and the game it was played as.
    assert [{k: v for k, v in e.items() if k != "game"} for e in told_mine] == told_auto
    fought_event = next(e for e in told_mine if e["e"] == "battle fought")
    assert fought_event["game"] == 7
    assert "game" not in next(e for e in told_auto if e["e"] == "battle fought")
    assert mine.log[-1]["action"]["result"]["game"] == 7
    # It replays exactly, without the game.
    again = replay(mine.start, mine.log)
    assert again.snapshot() == mine.snapshot() and again.log == mine.log


def test_the_humans_withdrawal_is_his_own_and_he_says_where_to() -> None:
    c = at_battle()
    opened = played.open_game(c)
    session = opened.session
    human = opened.session.seats.commanders.index("human")
    through_the_scene(session)
    while session.board.current != human:
        session.play(session.ai_choice())
    session.play(session.withdraw(human))  # the play screen's W
    assert session.over
    result = played.played_result(c, session.log_json(), 3)
    me = opened.plan.sides[human].player
    assert result["withdrew"] == [me] and result["winner"] == 1 - me
    assert {f["fate"] for f in result["fates"] if f["side"] == me} == {"withdrew"}
    apply(c, Fight(result))
    d = c.decision()
    # World Conquest, battle rule 2: "move them (on the map) to any territory that they
    # could legally move to": the human's decision, not the AI's.
    assert d.kind == "retreat" and d.player == me


def test_a_game_not_over_or_of_another_battle_is_not_the_result() -> None:
    c = at_battle()
    opened = played.open_game(c)
    log = opened.session.log_json()
    with pytest.raises(played.PlayedError, match="not over"):
        played.played_result(c, log, 2)
    session = opened.session
    while not session.over:
        session.play(session.ai_choice())
    band_of(c, 0).warriors.pop()  # the campaign is no longer where the game began
    with pytest.raises(played.PlayedError, match="is not battle 1 in"):
        played.played_result(c, session.log_json(), 2)


def test_a_half_played_game_finished_by_the_ai_from_where_it_stands() -> None:
    c = at_battle()
    session = played.open_game(c).session
    for _ in range(6):
        session.play(session.ai_choice())
    half = json.loads(session.log_json())["entries"]
    game, result = played.finish(c, session.log_json(), 5)
    assert game.over and result["game"] == 5
    # The actions already given are kept: the finished game goes on from them.
    assert json.loads(game.log_json())["entries"][:len(half)] == half
    before = replay(c.start, c.log)
    apply(c, Fight(result))
    assert c.battles == 1
    # The finished game read from its log gives the same result.
    assert played.played_result(before, game.log_json(), 5) == result


def scene_as_scenario(opened: played.Opened) -> Scenario:
    """The battle's scene, set by the AI on every side, as a scenario to change."""
    through_the_scene(opened.session)
    return as_scenario(opened.session.game, opened.start)


def test_a_withdrawal_forfeits_the_captives_as_an_auto_resolved_battle_does() -> None:
    """Rulebook VI, Withdrawing: the captives a withdrawing player forfeits are their
    captors' (battle.play_out watches for them; a played game's log is read for them)."""
    c = at_battle()
    opened = played.open_game(c)
    sc = scene_as_scenario(opened)
    human = opened.session.seats.commanders.index("human")
    mine = next(k for k, w in enumerate(sc.warriors) if w.player == human)
    captor = next(k for k, w in enumerate(sc.warriors) if w.player != human)
    held = None
    x, y = sc.warriors[captor].at
    for step in range(12):  # the captive set down touching its captor, where there is room
        angle = step * math.pi / 6
        warriors = list(sc.warriors)
        warriors[mine] = replace(warriors[mine], at=(x + math.cos(angle), y + math.sin(angle)),
                                 captive_of=captor)
        try:
            held = replace(sc, warriors=tuple(warriors), current=human)
            Game.from_scenario(held)
            break
        except SetupError:
            held = None
    assert held is not None
    session = PlaySession.start(held, opened.session.seats)
    session.play(session.withdraw(human))
    assert session.over
    _, forfeited = wc.rebuilt(session.log_json())
    assert forfeited == {mine: captor}
    result = played.played_result(c, session.log_json(), 1)
    ids = [wid for s in opened.plan.sides for wid in s.warriors]
    fate = next(f for f in result["fates"] if f["warrior"] == ids[mine])
    assert fate["fate"] == "captured" and fate["captor"] == ids[captor]
    apply(c, Fight(result))
    assert c.captives[ids[mine]] == ids[captor]


# --- the AI sides on the play screen: the campaign's commanders ---------------------------


def losing_early() -> Campaign:
    """Battle 1 with the house rule ``withdraw_below`` so high that the AI's commander
    withdraws as soon as it may (from the second round)."""
    return at_battle(rules=with_rules(withdraw_below=0.9))


def played_out(session: PlaySession) -> list[str]:
    """Every side played by the AI's choice (the human's too) to the end: the words of
    each action given."""
    words = []
    while not session.over:
        option = session.ai_choice()
        session.play(option)
        words.append(option.words)
    return words


def test_the_ai_side_withdraws_on_the_play_screen_as_its_commander_would() -> None:
    c = losing_early()
    opened = played.open_game(c)
    session = opened.session
    ai = session.seats.commanders.index(played.PLAYED_AI)
    me = opened.plan.sides[ai].player
    words = played_out(session)
    # Shown and logged as a human's withdrawal (the play screen's W).
    name = session.board.sides[ai].name
    assert words[-1] == f"{name} withdraws"
    assert session.board.sides[ai].withdrawn
    assert f"{name} withdraws." in session.lines
    log = json.loads(session.log_json())["entries"]
    assert log[-1]["action"] == {"type": "withdraw", "player": ai}
    # The same decision as the side's commander in an auto-resolved battle: at the start
    # of its turn in the second round, losing by the house rule.
    before = Game.new(opened.start)
    for entry in log[1:-1]:
        engine_apply(before, action_from_json(entry["action"]))
    assert before.round >= 2 and before.current == ai and before.actions_used == 0
    side = opened.sides[ai]
    auto = wc.commander(ai, side["seed"], side["may_withdraw"], c.rules.withdraw_below)
    assert auto.choose(before) == Withdraw(ai)
    # The engine's AI player alone (the seats as saved, no commanders) fights on.
    plain = PlaySession(before, Seats(session.seats.commanders, session.seats.seed))
    assert plain.ai_choice().action != Withdraw(ai)
    # The result: the survivors withdrew; the campaign's AI says where to, as after an
    # auto-resolved battle (World Conquest, battle rule 2).
    result = played.played_result(c, session.log_json(), 4)
    assert result["withdrew"] == [me] and result["winner"] == 1 - me
    apply(c, Fight(result))
    d = c.decision()
    assert d.kind == "retreat" and d.player == me
    retreat = CampaignAI().choose(c)
    assert isinstance(retreat, Retreat)
    apply(c, retreat)
    assert c.decision().kind != "retreat"


def test_a_played_battle_resumed_anywhere_is_the_same_game() -> None:
    c = losing_early()
    opened = played.open_game(c)
    whole = opened.session
    played_out(whole)
    entries = json.loads(whole.log_json())["entries"]
    link = opened.link(c.rules.withdraw_below, 1)  # as service.Runner.play_battle keeps it
    saved = Seats(whole.seats.commanders, whole.seats.seed)
    for k in range(1, len(entries)):
        data = json.loads(whole.log_json())
        data["entries"] = entries[:k]
        log = json.dumps(data)
        seats = played.seats_for(link, saved, log)
        assert seats.players is not None and seats.title == played.COMMANDER
        again = PlaySession.resume(log, seats)
        played_out(again)
        assert again.log_json() == whole.log_json(), k
    # Another game's seats (another start, or other seats) are left as saved.
    other = json.loads(whole.log_json())
    other["start"]["round_limit"] += 1
    assert played.seats_for(link, saved, json.dumps(other)).players is None
    assert played.seats_for(link, Seats(("heuristic", "human"), 1),
                            whole.log_json()).players is None
