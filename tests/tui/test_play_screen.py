"""Playing a battle yourself in the app, through the keyboard: a whole short game against
the random player, setting the scene, saving, quitting and resuming, the AI's turn step by
step, a push that would eliminate, the battle screen's "play it yourself"."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from play.play_support import CAPTOR, FORMATION, SHOOTER, WARLORD, scenario_game
from textual.pilot import Pilot
from textual.widgets import Select, Static

from armybuilder.catalogue.service import Catalogue
from armybuilder.play.games import Games
from armybuilder.play.new import NewGame, new_game
from armybuilder.play.session import PlaySession, Seats
from armybuilder.tui.app import create_app
from armybuilder.tui.screens import play as play_screen
from armybuilder.tui.screens.help import HelpScreen
from armybuilder.tui.screens.play import PlayScreen
from armybuilder.tui.screens.play_dialogs import DialScreen, EndScreen, GamesScreen
from tui.tui_support import battle_armies, place_terrain_by_keys, settle, shown, started

SIZE = (120, 40)


@pytest.fixture(autouse=True)
def no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    """The AI plays without the pause that lets a player follow it."""
    monkeypatch.setattr(play_screen, "AI_PAUSE", 0.0)


async def opened(pilot: Pilot[None]) -> PlayScreen:
    await started(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, PlayScreen)
    await settle(pilot)
    assert screen.session is not None
    return screen


async def select(pilot: Pilot[None], screen: PlayScreen, wid: int) -> None:
    for _ in range(len(screen.board.pieces) + 1):
        if screen.selected == wid:
            return
        await pilot.press("tab")
    raise AssertionError(f"tab never selects warrior {wid}")


async def pick(pilot: Pilot[None], screen: PlayScreen, wanted: str) -> None:
    """In a list of actions, go down to the first whose words hold ``wanted``, take a
    second look (enter) and give it (enter)."""
    assert screen.mode == "choose", screen.mode
    index = next(i for i, o in enumerate(screen.choices) if wanted in o.words)
    for _ in range(index):
        await pilot.press("down")
    await pilot.press("enter")
    assert screen.mode == "confirm"
    await pilot.press("enter")
    await settle(pilot)


def listed(screen: PlayScreen) -> str:
    """The actions offered, with their odds, as the list shows them."""
    listing = screen.option_list
    return "\n".join(str(listing.get_option_at_index(i).prompt)
                     for i in range(listing.option_count))


def told(screen: PlayScreen) -> str:
    assert screen.session is not None
    return "\n".join(screen.session.lines)


async def answer_the_ai(pilot: Pilot[None], screen: PlayScreen) -> None:
    """Whatever the rules hand the human while the AI plays: keep the facing."""
    for _ in range(20):
        await settle(pilot)
        if screen.mode == "choose" and screen.decision is not None:
            await pilot.press("end", "enter")  # the last listed: decline the free spin
            continue
        return


async def test_a_whole_short_game_through_the_keyboard(tui_db: Path) -> None:
    game_id = scenario_game(tui_db)
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        assert screen.mode == "idle" and screen.board.to_act == 0
        # Turn 1, four actions: a capture, close combat, a shot, a movement formation.
        await select(pilot, screen, CAPTOR)
        assert "[c] close combat" in shown(pilot, "#play-warrior", 46)
        await pilot.press("c")
        await settle(pilot)
        # The odds are counted for every choice before anything is given.
        assert sorted(screen.outlooks) == list(range(len(screen.choices)))
        assert "captured 58%" in listed(screen) and "hit 83%" in listed(screen)
        await pick(pilot, screen, "tries to capture")
        await select(pilot, screen, WARLORD)
        await pilot.press("c")
        await settle(pilot)
        await pick(pilot, screen, "attacks")
        await select(pilot, screen, SHOOTER)
        await pilot.press("r")
        await settle(pilot)
        assert "c Demo Crossbowman: hit" in listed(screen) and "clicks" in listed(screen)
        await pick(pilot, screen, "fires at")
        # The dice of the last action in the map's north-west corner, and in words.
        canvas = screen.map.canvas()
        assert canvas is not None and canvas.text(0).startswith(" attack ")
        assert "rolled attack" in shown(pilot, "#play-prompt", 200)
        await select(pilot, screen, FORMATION[0])
        await pilot.press("f")
        await settle(pilot)
        await pick(pilot, screen, "leads a movement formation")
        # The members broke away (nobody was in contact): move them together, 3" north.
        assert screen.mode == "ghost" and screen.steer is not None
        assert screen.steer.purpose == "plan"
        await pilot.press("up", "up", "up", "enter")
        await answer_the_ai(pilot, screen)
        text = told(screen)
        for words in ("tries to capture", "in close combat", "makes a ranged attack",
                      "leads a movement formation", "Turn 2: Ian"):
            assert words in text, words
        # Turn 3: a move steered with a bend and a turn, a pass, then end the turn.
        assert screen.mode == "idle" and screen.board.current == 0
        session = screen.session
        assert session is not None
        mover = next(p.id for p in screen.board.pieces if p.id in FORMATION)
        await select(pilot, screen, mover)
        await pilot.press("m")
        start = screen.board.pieces[mover]
        await pilot.press("up", "up", "space", "left", "left", "left_square_bracket")
        assert screen.steer is not None and len(screen.steer.waypoints) == 1
        await pilot.press("enter")  # the engine checks it: a second look
        assert screen.mode == "confirm", shown(pilot, "#play-prompt", 46)
        await pilot.press("enter")
        await settle(pilot)
        moved = screen.board.pieces[mover]
        assert (moved.x, moved.y) == pytest.approx((start.x - 1.0, start.y + 2.0))
        await select(pilot, screen, next(p.id for p in screen.board.pieces
                                         if screen._may_act(p.id)))
        await pilot.press("p", "enter")
        await settle(pilot)
        assert "passes." in told(screen)
        before = screen.board.turn
        await pilot.press("e")
        assert "End the turn" in shown(pilot, "#play-prompt", 46)
        await pilot.press("enter")
        await answer_the_ai(pilot, screen)
        assert screen.board.turn > before
        # Play on to the time limit (three rounds): end every turn.
        for _ in range(10):
            if screen.board.over:
                break
            await pilot.press("e", "enter")
            await answer_the_ai(pilot, screen)
        assert screen.board.over
        assert isinstance(pilot.app.screen, EndScreen)
        assert "Game over" in shown(pilot, pilot.app.screen.query_one("#end-scroll Static"), 100)  # type: ignore[arg-type]
        # Every action was saved as it was given.
        await settle(pilot)
        saved = Games(Catalogue.open(tui_db)).get(game_id)
        assert saved.over and saved.actions == screen.board.version - 1
        await pilot.press("r")  # the replay viewer
        await settle(pilot)
        assert "Replay" in pilot.app.screen.sub_title
        await pilot.press("end")
        assert "Game over in round 3" in shown(pilot, "#log-text", 120)


async def test_save_quit_and_resume(tui_db: Path) -> None:
    game_id = scenario_game(tui_db)
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await select(pilot, screen, SHOOTER)
        await pilot.press("r")
        await settle(pilot)
        await pick(pilot, screen, "fires at")
        await select(pilot, screen, WARLORD)
        await pilot.press("c")
        await settle(pilot)
        await pick(pilot, screen, "attacks")
        assert screen.session is not None
        log = screen.session.log_json()
        await pilot.press("q")  # leave: the game is kept
        await settle(pilot)
        assert not isinstance(pilot.app.screen, PlayScreen)
    catalogue = Catalogue.open(tui_db)
    try:
        games = Games(catalogue)
        assert games.log(game_id) == log
        assert [g.id for g in games.unfinished()] == [game_id]
    finally:
        catalogue.close()
    # `armybuilder play --resume`: the same game, where it was left.
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        assert screen.session is not None and screen.session.log_json() == log
        assert screen.board.actions_used == 2 and screen.mode == "idle"
        await select(pilot, screen, CAPTOR)
        await pilot.press("p", "enter")
        await settle(pilot)
        assert screen.session.log_json() != log
        # Left again, the armies screen lists it too (from the database), and resumes it.
        await pilot.press("q")
        await settle(pilot)
        assert not isinstance(pilot.app.screen, PlayScreen)
        await pilot.press("f4")
        await settle(pilot)
        assert "Unfinished games (g to resume): game 1" in shown(pilot, "#armies-games", 100)
        await pilot.press("g")
        await settle(pilot)
        assert isinstance(pilot.app.screen, GamesScreen)
        await pilot.press("enter")
        screen = await opened(pilot)
        assert screen.board.actions_used == 3


async def test_setting_the_scene_by_keyboard(tui_db: Path) -> None:
    battle_armies(tui_db)
    catalogue = Catalogue.open(tui_db)
    try:
        game_id, _ = new_game(catalogue, NewGame("Rich", "Ian", seed=4, opponent="random",
                                                 rounds=2))
    finally:
        catalogue.close()
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        # Setting the scene: the starting area of the player to act is marked.
        assert screen.map.overlay.area == screen.board.sides[screen.board.to_act].area
        for _ in range(4):  # each player places two terrain items, in turn
            if screen.board.phase != "terrain":
                break
            await place_terrain_by_keys(pilot, screen, ("tab", "right_square_bracket"))
        assert screen.board.phase == "deploy" and len(screen.board.patches) == 4
        # Each of the player's items was turned clockwise, 15 degrees a key, before it was
        # placed (a refused place is steered again, and may be turned again).
        turns = [int(line.split("turned ")[1].split(" ")[0]) for line in
                 told(screen).splitlines() if line.startswith("Rich places terrain")]
        assert len(turns) == 2 and all(t in (345, 330, 315) for t in turns), turns
        # The first warrior where the ghost stands, steered a little; the rest by the AI.
        assert screen.steer is not None and screen.steer.purpose == "deploy"
        first = screen.steer.warrior
        assert first is not None
        # Deployed by hand, a warrior faces the enemy's edge (Ian's, north) until turned:
        # steered sideways, it still does.
        edge = screen.board.sides[screen.board.pieces[first].seat].edge
        towards = {"south": math.pi / 2, "north": -math.pi / 2}[edge]
        assert screen.steer.facing == pytest.approx(towards)
        assert screen.map.overlay.area == screen.board.sides[screen.board.to_act].area
        await pilot.press("shift+right")
        assert screen.steer.facing == pytest.approx(towards)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.board.pieces[first].on_table
        await pilot.press("o")
        await settle(pilot)
        assert screen.board.phase == "play"
        assert all(p.on_table for p in screen.board.pieces)


async def test_the_ai_turn_step_by_step(tui_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    catalogue = Catalogue.open(tui_db)
    try:
        from play.play_support import scenario

        session = PlaySession.start(scenario(catalogue), Seats(("human", "random"), 11))
        # Hand the turn to the AI: the human's warriors all pass.
        for option in session.end_turn():
            session.play(option)
        from armybuilder.play.new import keep

        game_id = keep(catalogue, session, "none")
        saved = session.board.version  # the actions given before the AI's turn
    finally:
        catalogue.close()
    app = create_app(tui_db, play=game_id)
    monkeypatch.setattr(PlayScreen, "STEPPING", True)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(300):
            await pilot.pause(0.02)
            screen = app.screen
            # The AI has given its first action (at once, without a key).
            if isinstance(screen, PlayScreen) and screen.session is not None and \
                    screen.board.version > saved:
                break
        assert isinstance(screen, PlayScreen) and screen.session is not None
        first = screen.board.version
        assert screen.session.board.sides[screen.board.to_act].commander == "random"
        await pilot.pause(0.4)
        assert screen.board.version == first, "one action, then it waits for a key"
        assert "step by step: space" in shown(pilot, "#play-prompt", 46)
        await pilot.press("space")
        for _ in range(100):
            await pilot.pause(0.02)
            if screen.board.version > first:
                break
        assert screen.board.version == first + 1
        await pilot.press("s")  # and on to the end of its turn
        await settle(pilot)
        assert screen.board.to_act == 0 and screen.mode == "idle"


async def test_a_push_that_would_eliminate_asks_first(tui_db: Path) -> None:
    catalogue = Catalogue.open(tui_db)
    try:
        from dataclasses import replace

        from play.play_support import scenario

        sc = scenario(catalogue)
        warlord = sc.warriors[WARLORD]
        last = len(warlord.card.clicks) - 1
        sc = replace(sc, warriors=(replace(warlord, click=last, tokens=1),
                                   *sc.warriors[1:]))
        from armybuilder.play.new import keep

        game_id = keep(catalogue, PlaySession.start(sc, Seats(("human", "random"), 11)),
                       "none")
    finally:
        catalogue.close()
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await select(pilot, screen, WARLORD)
        # Its last click shows Demoralized (move or pass only): it steps back 2".
        await pilot.press("m", "down", "down", "enter")
        assert screen.mode == "confirm"
        for _ in range(250):  # the odds are counted in a worker
            prompt = shown(pilot, "#play-prompt", 300)
            if "counting the odds" not in prompt:
                break
            await pilot.pause(0.02)
        assert "This push eliminates your own warrior" in prompt
        assert "A Demo Warlord is eliminated 100% (pushing" in prompt
        await pilot.press("enter")  # not enough: nothing given
        await settle(pilot)
        assert screen.board.version == 1 and screen.mode == "confirm"
        await pilot.press("y")
        await settle(pilot)
        assert not screen.board.pieces[WARLORD].on_table


async def test_the_dial_and_what_a_warrior_may_not_do(tui_db: Path) -> None:
    game_id = scenario_game(tui_db)
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await select(pilot, screen, WARLORD)
        panel = shown(pilot, "#play-warrior", 300)
        assert "✖ ranged attack: Rulebook III, Ranged Combat: the warrior's range" in panel
        await pilot.press("r")  # refused, with the rule
        assert screen.mode == "idle"
        await pilot.press("d")
        await settle(pilot)
        dial = pilot.app.screen
        assert isinstance(dial, DialScreen)
        card = shown(pilot, dial.query("Static")[1], 100)  # type: ignore[arg-type]
        assert "►" in card and "Command" in card
        await pilot.press("escape")
        # Any figure can be looked at, the opponent's too.
        await pilot.press("full_stop")
        assert screen.selected is not None
        # F1 in a game starts with the keys of a game.
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(pilot.app.screen, HelpScreen)
        assert str(pilot.app.screen.query(".section").first(Static).content) == \
            "Playing a battle"


async def test_the_battle_screen_offers_to_play_it_yourself(tui_db: Path) -> None:
    battle_armies(tui_db)
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        await started(pilot)
        await pilot.press("f5")
        await settle(pilot)
        battle = pilot.app.screen
        battle.query_one("#army-a", Select).value = "Rich"
        battle.query_one("#army-b", Select).value = "Ian"
        await pilot.press("ctrl+y")
        screen = await opened(pilot)
        assert [s.commander for s in screen.board.sides] == ["human", "heuristic"]
        assert screen.board.phase in ("terrain", "deploy")


async def test_two_players_at_one_keyboard_and_the_mouse(tui_db: Path) -> None:
    game_id = scenario_game(tui_db, opponent="human")
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        # A click on a figure selects it (the map is inside a one-cell border).
        view = screen.map.view
        assert view is not None
        target = screen.board.pieces[SHOOTER]
        col, row = view.cell(target.x, target.y)
        await pilot.click("#play-map", offset=(col + 1, row + 1))
        assert screen.selected == SHOOTER
        await pilot.press("e", "enter")
        await settle(pilot)
        # No AI: the second player takes the keyboard for Ian's turn.
        assert screen.board.current == 1 and screen.mode == "idle"
        assert not screen.thinking
        await pilot.press("tab")
        assert screen.selected is not None and screen.board.pieces[screen.selected].seat == 1
        assert "Ian's turn" in shown(pilot, "#play-prompt", 100)


async def test_ability_actions_by_keyboard(tui_db: Path) -> None:
    from play.play_support import at, card, duel

    from armybuilder.play.new import keep

    session = duel(at(card("Troll", 40, abilities=("Regeneration", "Charge")), 0, 10.0, 10.0,
                      click=2),
                   at(card("Grunt"), 1, 10.0, 30.0))
    catalogue = Catalogue.open(tui_db)
    try:
        game_id = keep(catalogue, session, "none")
    finally:
        catalogue.close()
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("a")
        await settle(pilot)
        # Regeneration is optional too (Special Abilities Card): it can be cancelled.
        assert [o.words for o in screen.choices] == [
            "A Troll uses Regeneration",
            "A Troll cancels Regeneration for this turn (uses no action)",
            "A Troll cancels Charge for this turn (uses no action)"]
        await pick(pilot, screen, "uses Regeneration")
        assert "A Troll uses Regeneration." in told(screen)


async def test_a_formation_may_stay_where_it_is(tui_db: Path) -> None:
    game_id = scenario_game(tui_db)
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await select(pilot, screen, FORMATION[0])
        await pilot.press("f")
        await settle(pilot)
        await pick(pilot, screen, "leads a movement formation")
        assert screen.mode == "ghost"
        await pilot.press("escape")
        await settle(pilot)
        assert screen.mode == "idle" and screen.board.actions_used == 1
        assert [(p.x, p.y) for p in screen.board.pieces if p.id in FORMATION] == [
            (26.0, 4.0), (27.0, 4.0), (28.0, 4.0)]


async def test_end_turn_gives_up_a_quickness_free_move(tui_db: Path) -> None:
    """Special Abilities Card, Quickness: a turn whose one action is given still waits
    while the squire may move for free; `e` ends it with the engine's EndTurn."""
    from play.play_support import at, card, duel

    from armybuilder.play.new import keep

    session = duel(at(card("Squire", abilities=("Quickness",)), 0, 10.0, 4.0),
                   at(card("Other"), 0, 20.0, 4.0), at(card("Grunt"), 1, 10.0, 30.0),
                   builds=(100, 200))
    catalogue = Catalogue.open(tui_db)
    try:
        game_id = keep(catalogue, session, "none")
    finally:
        catalogue.close()
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await select(pilot, screen, 1)
        await pilot.press("p", "enter")  # the turn's one action: the other warrior passes
        await settle(pilot)
        assert screen.board.current == 0 and screen.mode == "idle"  # waiting for the squire
        await pilot.press("e")
        assert "free move left (Quickness) is not taken" in shown(pilot, "#play-prompt", 200)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.board.turn > 1  # Ian's turn came (the random player may be done)
        assert "B Other passes.\n  Rich ends the turn.\nTurn 2: Ian" in told(screen)


async def test_a_holder_sets_up_his_fort_by_keyboard(tui_db: Path) -> None:
    """World Conquest, Troop Movements (battle rule 1): "each player sets up ... any ...
    banners, outposts, forts, or castles they have": the human holder steers his fort's
    square along his edge, turns it and sets it up; o sets his banner up where the AI
    would."""
    from play.play_support import card

    from armybuilder.engine import GameSetup, PlayerSetup
    from armybuilder.engine.fortifications import Fortification
    from armybuilder.play.new import keep

    army = (card("Guard", 20), card("Brute", 30))
    fort = Fortification("fort", 0, 3.0, 19, 10, (("back", 1.0),), 6, 2)
    banner = Fortification("banner", 0, 0.955, 12, 1)
    setup = GameSetup(players=(PlayerSetup("Rich", army, 100, "south"),
                               PlayerSetup("Ian", army, 100, "north")),
                      seed=2, round_limit=3, fortifications=(fort, banner),
                      holders_set_up=True)
    catalogue = Catalogue.open(tui_db)
    try:
        session = PlaySession.start(setup, Seats(("human", "heuristic"), 4))
        game_id = keep(catalogue, session, "none")
    finally:
        catalogue.close()
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        assert screen.board.phase == "fortifications"
        assert "setting up fortifications" in shown(pilot, "#play-status", 120)
        assert screen.steer is not None and screen.steer.purpose == "fortification"
        start = screen.steer.at
        assert "Set up your fort" in shown(pilot, "#play-prompt", 120)
        await pilot.press(*["left"] * 6, "left_square_bracket")
        await settle(pilot)
        assert screen.steer.why == ""
        await pilot.press("enter")
        await settle(pilot)
        fort_piece = next(p for p in screen.board.pieces if p.castle == "fort")
        assert fort_piece.on_table and fort_piece.x < start[0] - 1.0
        assert "sets up the fort at" in told(screen)
        # His banner where the AI would set it; then the scene goes on as normal.
        assert screen.steer is not None and screen.steer.purpose == "fortification"
        await pilot.press("o")
        await settle(pilot)
        assert screen.board.phase == "deploy"
        assert all(p.on_table for p in screen.board.pieces if p.castle)
