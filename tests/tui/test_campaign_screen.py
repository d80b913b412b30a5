"""The campaign screen (F6), driven as a player would: open a campaign, run the AI with its
progress, choose a Head Quarters, buy from the pool with the catalogue's filters, move,
auto-resolve a battle a human fights in to see what each player gained and lost, and play
one on the play screen (withdrawing from it) to see the campaign take its result."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList, Select

from armybuilder.armies.service import Armies
from armybuilder.campaign.actions import ChooseHQ, Move, Pass
from armybuilder.campaign.house_rules import HouseRules
from armybuilder.campaign.marching import destinations
from armybuilder.campaign.service import Runner, muster
from armybuilder.campaign.turns import hq_choices
from armybuilder.catalogue.service import Catalogue
from armybuilder.tui.app import create_app
from armybuilder.tui.screens import play as play_screen
from armybuilder.tui.screens.campaign import CampaignScreen
from armybuilder.tui.screens.campaign_dialogs import BattleResultScreen, PoolScreen
from armybuilder.tui.screens.play import PlayScreen
from armybuilder.tui.screens.play_dialogs import EndScreen
from armybuilder.tui.widgets.campaign_map import CampaignMap
from tui.tui_support import SIZE, place_terrain_by_keys, settle, shown, started


def campaign_db(db: Path, name: str = "Sat", seats: tuple[str, ...] = ("human", "ai"),
                seed: int = 3, gold: int = 0) -> Runner:
    """Two Orc Raiders armies of demo figures (invented dials) and a campaign of them."""
    catalogue = Catalogue.open(db)
    armies = Armies(catalogue)
    for army in ("Raiders", "Reavers"):
        armies.new(army, 300, "open")
        for ref in ("demo:7", "demo:4", "demo:5", "demo:6"):
            armies.add(army, ref)
    mustered = muster(catalogue, ["Raiders", "Reavers"], seats=list(seats), seed=seed,
                      rules=HouseRules(starting_gold=gold))
    return Runner.new(catalogue, name, mustered.start)


async def opened(pilot, name: str = "Sat") -> CampaignScreen:  # type: ignore[no-untyped-def]
    await started(pilot)
    await pilot.press("f6")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, CampaignScreen)
    screen.query_one("#campaign-name", Select).value = name
    await settle(pilot)
    return screen


def labels(screen: CampaignScreen) -> list[str]:
    options = screen.query_one("#campaign-choices", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def test_run_the_ai_then_choose_the_hq_and_buy_from_the_pool(tui_db: Path) -> None:
    campaign_db(tui_db, gold=200, seed=1)  # seed 1: the human (Raiders) goes first
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        assert screen.query_one(CampaignMap).data is not None
        assert len(screen.query_one(CampaignMap).data["map"]) == 36
        assert "Raiders chooses a Head Quarters" in shown(pilot, "#campaign-prompt")
        hq_options = labels(screen)
        assert hq_options and all(o.startswith("Head Quarters in") for o in hq_options)
        await pilot.press("enter")
        await settle(pilot)
        # The AI's decisions that follow (its HQ) were taken at once, with their progress.
        assert "a human player decides now" in shown(pilot, "#campaign-status")
        assert "Raiders buys warriors" in screen.view.prompt
        raiders = screen.view.data["players"][0]
        assert raiders["hq"] is not None
        # Buy through the pool's filters (the house rules gave everyone 200 gold).
        gold = screen.runner.campaign.players[0].gold
        assert labels(screen)[0] == "Buy a warrior from the pool…"
        await pilot.press("home", "enter")
        await settle(pilot)
        pool = pilot.app.screen
        assert isinstance(pool, PoolScreen)
        await pilot.press("slash")
        pool.query_one("#text").value = "crossbow"
        await settle(pilot)  # the filter's delay included
        assert pool.rows and all("Crossbow" in r.card.name for r in pool.rows)
        bought = pool.rows[0]
        assert bought.why_not is None
        pool.query_one("#pool-table").focus()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, CampaignScreen)
        c = screen.runner.campaign
        assert c.players[0].gold == gold - bought.card.points
        assert any(c.warriors[i].key == bought.key for b in c.bands_of(0) for i in b.warriors)
        # Done buying: the moves, a band first, then where it goes.
        await pilot.press("end", "enter")
        await settle(pilot)
        assert "moves troops" in screen.view.prompt
        moves = labels(screen)
        assert moves[0].startswith("Move army") and moves[-1] == "End the turn"
        await pilot.press("home", "enter")
        await settle(pilot)
        assert labels(screen)[-1] == "Back to the list"


async def test_a_battle_a_human_fights_is_auto_resolved_with_its_result(
        tui_db: Path) -> None:
    runner = campaign_db(tui_db, seats=("human", "human"), seed=5)
    c = runner.campaign
    while c.decision().kind == "hq":
        d = c.decision()
        runner.act(ChooseHQ(d.player, hq_choices(c, d.player)[0]))
    me = c.current
    runner.act(Pass(me))
    mine = c.armies_of(me)[0]
    theirs = c.armies_of(1 - me)[0]
    assert theirs.territory in destinations(c, mine)
    runner.act(Move(me, mine.id, theirs.territory))
    assert c.decision().kind == "battle"
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        assert labels(screen)[1].startswith("Auto-resolve it")
        await pilot.press("end", "enter")
        await settle(pilot)
        result = pilot.app.screen
        assert isinstance(result, BattleResultScreen)
        assert result.lines[0].startswith("Battle 1 in")
        told = "\n".join(result.lines)
        assert "Raiders" in told and "Reavers" in told and "gold" in told
        await pilot.press("enter")
        await settle(pilot)
        assert screen.runner.campaign.battles == 1


def human_battle(db: Path) -> Runner:
    """A human (Raiders, first to play with seed 1) and the AI: the human's army moves
    into the AI's, and battle 1 waits for the human."""
    from armybuilder.campaign.ai import CampaignAI

    runner = campaign_db(db, seats=("human", "ai"), seed=1)
    c = runner.campaign
    for _ in range(50):
        runner.run()
        d = c.decision()
        if d.kind == "move" and d.player == 0:
            mine, theirs = c.armies_of(0)[0], c.armies_of(1)[0]
            runner.act(Move(0, mine.id, theirs.territory))
            break
        runner.act(CampaignAI().choose(c))  # the human's decisions before, as the AI's
    assert c.decision().kind == "battle" and runner.human_to_decide()
    return runner


def terrain_placed(play: PlayScreen) -> list[dict[str, object]]:
    assert play.session is not None
    return [e for entry in play.session.game.entries for e in entry["events"]
            if e["e"] == "terrain_placed"]


async def test_a_battle_played_on_the_play_screen_and_its_result_taken(
        tui_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_screen, "AI_PAUSE", 0.0)
    human_battle(tui_db)
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        offered = labels(screen)
        assert offered[0].startswith("Play it yourself on the play screen")
        assert offered[1].startswith("Auto-resolve it")
        await pilot.press("home", "enter")  # play it yourself
        await settle(pilot)
        play = pilot.app.screen
        assert isinstance(play, PlayScreen) and play.session is not None
        board = play.session.board
        assert [s.commander for s in board.sides] == ["human", "heuristic"]
        # The AI side is the campaign's commander (it may withdraw), and says so.
        assert [s.called for s in board.sides] == ["human", "campaign commander"]
        # World Conquest, battle rule 1, "each player sets up terrain as normal": the
        # human places his own terrain items and deploys his own warriors by keyboard
        # (Rulebook II, Setting the Scene), the AI its own.
        assert board.phase == "terrain"
        human = [s.commander for s in board.sides].index("human")
        for _ in range(3):  # the human's two items, each in turn
            if play.board.phase != "terrain":
                break
            await place_terrain_by_keys(pilot, play)
        assert play.board.phase == "deploy"
        assert [e["player"] for e in terrain_placed(play)].count(human) == 2
        # His first warrior where he steers it; the rest placed for him (o).
        assert play.steer is not None and play.steer.purpose == "deploy"
        first = play.steer.warrior
        assert first is not None and play.board.pieces[first].seat == human
        listed = play.session.deploy_spot(first)
        assert listed is not None
        await pilot.press("shift+right", "enter")
        await settle(pilot)
        placed = play.board.pieces[first]
        assert placed.on_table and (placed.x, placed.y) != listed[0]
        await pilot.press("o")
        await settle(pilot)
        board = play.session.board
        assert board.phase == "play" and all(p.on_table for p in board.pieces)
        assert board.current == human and play.mode == "idle"  # his turn
        # Leave it half-played (saved): the campaign offers to go on with it.
        await pilot.press("q")
        await settle(pilot)
        assert pilot.app.screen is screen
        assert labels(screen)[0].startswith("Go on with the battle on the play screen "
                                            "(game 1, round 1)")
        assert screen.runner.campaign.decision().kind == "battle"  # not fought yet
        await pilot.press("home", "enter")
        await settle(pilot)
        play = pilot.app.screen
        assert isinstance(play, PlayScreen) and play.game_id == 1
        # The human's own withdrawal (Rulebook VI, Withdrawing; World Conquest, battle
        # rule 2): W, then enter to give it.
        await pilot.press("W")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert play.session.over
        assert isinstance(pilot.app.screen, EndScreen)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        # Back on the campaign: the game's result is the battle's, reported.
        result = pilot.app.screen
        assert isinstance(result, BattleResultScreen)
        told = "\n".join(result.lines)
        assert result.lines[0].startswith("Battle 1 in") and "Reavers wins" in told
        assert "Raiders: " in told and "withdrew" in told
        await pilot.press("enter")
        await settle(pilot)
        c = screen.runner.campaign
        assert c.battles == 1
        fought = next(e for entry in c.log for e in entry["events"]
                      if e["e"] == "battle fought")
        assert fought["game"] == 1 and fought["withdrew"] == [0]
        # The human says where the survivors go (the campaign waits for it).
        assert "Raiders withdraws from" in screen.view.prompt
        assert all(label.startswith("Withdraw to") or "Nowhere" in label
                   for label in labels(screen))


async def test_a_new_campaign_from_the_dialog_and_a_refusal_in_one_line(
        tui_db: Path) -> None:
    campaign_db(tui_db)
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        await started(pilot)
        await pilot.press("f6")
        await settle(pilot)
        screen = pilot.app.screen
        await pilot.press("n")
        await pilot.pause()
        dialog = pilot.app.screen
        dialog.query_one("#name").value = "Sunday"
        dialog.query_one("#armies").value = "raiders, Reavrs"  # names forgive as anywhere
        await pilot.press("enter")
        await settle(pilot)
        assert screen.runner is not None and screen.runner.name == "Sunday"
        assert [p.name for p in screen.runner.campaign.players] == ["Raiders", "Reavers"]
        said = [n.message for n in pilot.app._notifications]
        assert any("taking army 'Reavers' for 'Reavrs'" in m for m in said), said
        assert "Sunday" in screen.query_one("#campaign-name", Select)._legal_values
        await pilot.press("n")
        await pilot.pause()
        dialog = pilot.app.screen
        dialog.query_one("#name").value = "Bad"
        dialog.query_one("#armies").value = "Raiders"
        await pilot.press("enter")
        await settle(pilot)
        assert "for 2, 3, 4 or 6 players" in shown(pilot, "#campaign-status", 300)


async def test_players_with_hostile_names_are_shown_literally(tui_db: Path) -> None:
    import sqlite3

    from hostile_names import ARMIES, raw_controls

    from armybuilder.text import shown as literal_text
    from tui.test_literal_screens import screen_text

    catalogue = Catalogue.open(tui_db)
    armies = Armies(catalogue)
    for army in ("Raiders", "Reavers"):
        armies.new(army, 300, "open")
        for ref in ("demo:7", "demo:4", "demo:5", "demo:6"):
            armies.add(army, ref)
    catalogue.close()
    raw = sqlite3.connect(tui_db)
    # Written as an older version or another program could have: no check on the names.
    raw.execute("UPDATE army SET name = ? WHERE name = 'Raiders'", (ARMIES[0],))
    raw.execute("UPDATE army SET name = ? WHERE name = 'Reavers'", (ARMIES[2],))
    raw.commit()
    raw.close()
    catalogue = Catalogue.open(tui_db)
    mustered = muster(catalogue, [ARMIES[0], ARMIES[2]], seed=2)
    Runner.new(catalogue, "Sat", mustered.start).run(turns=6)
    async with create_app(tui_db, first_run=False).run_test(size=(160, 45)) as pilot:
        screen = await opened(pilot)
        assert screen.view is not None
        text = screen_text(pilot.app)
        assert raw_controls(text) == []
        assert literal_text(ARMIES[0]) in text and literal_text(ARMIES[2]) in text


async def test_q_in_a_battle_opened_by_campaign_play_goes_to_that_campaign(
        tui_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`armybuilder campaign play Sat` opens the battle's game over Sat's campaign screen,
    as playing it from that screen does: q leaves the game (saved) for the campaign, which
    offers to go on with it."""
    monkeypatch.setattr(play_screen, "AI_PAUSE", 0.0)
    game_id = human_battle(tui_db).play_battle()
    app = create_app(tui_db, first_run=False, play=game_id, campaign="Sat")  # as the CLI
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await settle(pilot)
        play = pilot.app.screen
        assert isinstance(play, PlayScreen) and play.game_id == game_id
        await pilot.press("q")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, CampaignScreen) and screen.runner is not None
        assert screen.runner.name == "Sat"
        assert screen.query_one("#campaign-name", Select).value == "Sat"
        assert labels(screen)[0].startswith(f"Go on with the battle on the play screen "
                                            f"(game {game_id}, round 0)")
