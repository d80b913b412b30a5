"""Playing a chariot army yourself, through the keyboard (the unified chariot rules,
"Chariot rules" below): driving with several sections' move actions combined, the choice
of the section a push damages, a section's ranged attack, a passenger getting off, the
chariot's dials, a wreck's passenger set down facing as the player chooses, and a short
game played to its end against the random player."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from chariot_cards import chariot
from play.play_support import RIDER, WAGON, at, card, chariot_game, duel
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from armybuilder.catalogue.service import Catalogue
from armybuilder.engine import WarriorSpec
from armybuilder.play.games import Games
from armybuilder.play.new import keep
from armybuilder.tui.app import create_app
from armybuilder.tui.screens import play as play_screen
from armybuilder.tui.screens.play import PlayScreen
from armybuilder.tui.screens.play_dialogs import DialScreen, EndScreen, SectionScreen
from tui.test_play_screen import SIZE, opened, pick, select, told
from tui.tui_support import settle, shown


@pytest.fixture(autouse=True)
def no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_screen, "AI_PAUSE", 0.0)


def map_text(screen: PlayScreen) -> str:
    canvas = screen.map.canvas()
    assert canvas is not None
    return "\n".join(canvas.text(r) for r in range(canvas.rows))


async def answer_the_ai(pilot: Pilot[None], screen: PlayScreen) -> None:
    """Whatever the rules hand the human while the AI plays: the first section offered,
    and keep the facing of a free spin (a chariot makes none)."""
    for _ in range(30):
        await settle(pilot)
        if isinstance(pilot.app.screen, SectionScreen):
            await pilot.press("enter")
            continue
        if screen.mode == "choose" and screen.decision is not None:
            await pilot.press("end", "enter")
            continue
        return


async def test_a_chariot_army_through_the_keyboard(tui_db: Path) -> None:
    game_id = chariot_game(tui_db)
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        assert screen.mode == "idle" and screen.selected == WAGON
        panel = shown(pilot, "#play-warrior", 46)
        # Chariot rules, Combat Dials: each section's dial in the panel; the passenger.
        assert "front 1/9 spd 8 att 10 def 17 dmg 3" in panel
        assert "rear  1/9 spd 8 att 9 def 17 dmg 2" in panel
        assert "carries B Demo Pikeman" in panel and "[m] move 32\"" in panel
        assert "A+B1" in map_text(screen)  # the passenger's mark, the action token
        # The drive: the fastest section first, the left one added (Chariot rules,
        # Movement: the speeds added), a spin there and back, 3" straight ahead.
        await pilot.press("m")
        assert screen.mode == "ghost" and screen.steer is not None
        assert screen.steer.purpose == "drive" and screen.steer.sections == ["front"]
        await pilot.press("2", "right_square_bracket", "left_square_bracket",
                          *["up"] * 6)
        prompt = shown(pilot, "#play-prompt", 200)
        assert '[1] front 8"' in prompt and '[2] left 8"' in prompt
        assert 'facing 90° · 3.0" of 16"' in prompt and "✔ the engine allows this" in prompt
        assert "▒" in map_text(screen)  # the ghost where the drive ends
        await pilot.press("enter")
        assert screen.mode == "confirm"
        assert 'A Black Powder War Wagon drives 3.0" ahead (front+left)' in \
            shown(pilot, "#play-prompt", 200)
        await pilot.press("enter")
        await settle(pilot)
        # It was given an action last turn: the push's click goes on the section the
        # human chooses (Chariot rules, Pushing), asked in a dialog with the dials.
        dialog = pilot.app.screen
        assert isinstance(dialog, SectionScreen)
        words = "\n".join(shown(pilot, s, 100) for s in dialog.query(Static))
        assert "one click of damage goes on the active section of your choice" in words
        options = dialog.query_one(OptionList)
        assert options.option_count == 4
        await pilot.press("escape")  # the choice is the human's to make: it stays
        assert isinstance(pilot.app.screen, SectionScreen)
        await pilot.press("down", "down", "down", "enter")
        await settle(pilot)
        assert pilot.app.screen is screen and screen.mode == "idle"
        text = told(screen)
        assert 'A Black Powder War Wagon drives 3.0" straight to (10.0, 11.0).' in text
        assert "Rich takes the pushing click on the rear section of A Black Powder " \
            "War Wagon." in text
        wagon = screen.board.pieces[WAGON]
        assert wagon.section("rear").click == 1 and wagon.tokens == 2
        # A section not yet given an action fires: the right one faces b.
        assert screen.selected == WAGON
        panel = shown(pilot, "#play-warrior", 46)
        assert "front 1/9 spd 8 att 10 def 17 dmg 3 acted" in panel
        await pilot.press("r")
        await settle(pilot)
        assert [o.words for o in screen.choices] == [
            "A Black Powder War Wagon (right section) fires at b Demo Pikeman"]
        await pick(pilot, screen, "(right section) fires at")
        assert "The right section of A Black Powder War Wagon makes a ranged attack" in \
            told(screen)
        # The passenger gets off beside the rear, turned to face the nearest foe.
        await select(pilot, screen, RIDER)
        panel = shown(pilot, "#play-warrior", 46)
        assert "riding in A Black Powder War Wagon" in panel and "[m] get off" in panel
        await pilot.press("m")
        assert screen.steer is not None and screen.steer.purpose == "disembark"
        await pilot.press("t", "enter")
        assert screen.mode == "confirm", shown(pilot, "#play-prompt", 200)
        await pilot.press("enter")
        await answer_the_ai(pilot, screen)
        assert "B Demo Pikeman gets off A Black Powder War Wagon at" in told(screen)
        rider = screen.board.pieces[RIDER]
        assert rider.on_table and rider.riding is None
        assert screen.board.pieces[WAGON].passenger is None
        # Round 2: the turn ended; a chariot passes section by section, four actions.
        assert screen.board.current == 0 and screen.mode == "idle"
        await pilot.press("e")
        assert "End the turn: A pass" in shown(pilot, "#play-prompt", 200)
        assert screen.chosen is not None and [o.words for o in (screen.chosen,
                                                                *screen.queue)] == [
            f"A Black Powder War Wagon passes ({name} section)"
            for name in ("front", "left", "right", "rear")]
        await pilot.press("enter")
        await answer_the_ai(pilot, screen)
        for _ in range(6):
            if screen.board.over:
                break
            await pilot.press("e", "enter")
            await answer_the_ai(pilot, screen)
        assert screen.board.over and isinstance(pilot.app.screen, EndScreen)
        await settle(pilot)
        saved = Games(Catalogue.open(tui_db)).get(game_id)
        assert saved.over and saved.actions == screen.board.version - 1


async def test_the_chariots_dials_and_the_engines_listed_drives(tui_db: Path) -> None:
    game_id = chariot_game(tui_db, tokens=0)
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("d")
        await settle(pilot)
        dial = pilot.app.screen
        assert isinstance(dial, DialScreen)
        card_text = "\n".join(shown(pilot, s, 100) for s in dial.query(Static))
        for name in ("front section", "left section", "right section", "rear section"):
            assert name in card_text
        assert "four sections, each with its own dial" in card_text
        await pilot.press("escape")
        # The drives the engine lists, to choose from (l), the sections given with each.
        await pilot.press("m", "l")
        await settle(pilot)
        assert screen.mode == "choose"
        assert all(o.kind == "move" and o.sections for o in screen.choices)
        assert any("(front+left+right+rear)" in o.words for o in screen.choices)
        # A drive the engine refuses is told in its words: past the battlefield's edge.
        await pilot.press("escape", "m", "left_square_bracket", *["left"] * 5)
        assert screen.steer is not None
        assert screen.steer.facing == pytest.approx(math.pi)  # spun to face west
        await pilot.press(*["up"] * 24)
        assert "✖" in shown(pilot, "#play-prompt", 200)
        assert screen.steer.why == ("A Black Powder War Wagon may move 8\" (the sum of the "
                                    "sections' speeds), not 12.000\" (Chariot rules, "
                                    "Movement)")
        await pilot.press("space")  # as far as it goes: the whole allowance
        assert screen.steer.distance == pytest.approx(8.0) and screen.steer.why == ""
        # With the other three sections, as far as the battlefield's edge.
        await pilot.press("2", "3", "4", "space")
        assert screen.steer.distance == pytest.approx(10.0 - 1.4, abs=1e-3)
        assert screen.steer.why == ""
        assert "it must stop at 8.6\"" in shown(pilot, "#play-prompt", 200)
        await pilot.press("escape")
        assert screen.mode == "idle" and screen.board.version == 1


async def test_a_wrecks_passenger_faces_as_the_player_chooses(tui_db: Path) -> None:
    # Five skulls (the front inactive, the left showing two): the push's click on the
    # left makes six and eliminates the cart (Chariot rules, Combat Dials); its passenger
    # is set down where it stood, facing as his player chooses (Damaging a Passenger).
    session = duel(at(chariot("War Cart"), 0, 10.0, 10.0, tokens=1, sections=(6, 5, 0, 0)),
                   WarriorSpec(card("Rider", 10, clicks=9), 0, None, riding=0),
                   at(card("Grunt"), 1, 10.0, 30.0), builds=(200, 200))
    catalogue = Catalogue.open(tui_db)
    try:
        game_id = keep(catalogue, session, "none")
    finally:
        catalogue.close()
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("m")
        assert screen.steer is not None and screen.steer.sections == ["right"]
        assert "[1] front ✖" in shown(pilot, "#play-prompt", 200)
        await pilot.press("up", "up", "enter", "enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, SectionScreen)
        await pilot.press("enter")  # the left section, the first offered
        await settle(pilot)
        assert not screen.board.pieces[0].on_table
        assert screen.mode == "ghost" and screen.steer is not None
        assert screen.steer.purpose == "face" and screen.selected == 1
        assert "thrown from the wreck" in shown(pilot, "#play-prompt", 200)
        before = screen.steer.facing
        await pilot.press("left_square_bracket", "left_square_bracket", "enter")
        await settle(pilot)
        assert screen.board.pieces[1].facing == pytest.approx(before + math.radians(30))
        assert "B Rider turns to face" in told(screen)


async def test_boarding_from_the_engines_listed_moves(tui_db: Path) -> None:
    # Chariot rules, Boarding & Disembarking: a warrior touching a friendly chariot's side
    # boards it with a move action, listed with his moves (l).
    session = duel(at(chariot("War Cart"), 0, 10.0, 10.0),
                   at(card("Walker", 10), 0, 8.399, 10.0, facing=0.0),
                   at(card("Grunt"), 1, 10.0, 30.0), builds=(200, 200))
    catalogue = Catalogue.open(tui_db)
    try:
        game_id = keep(catalogue, session, "none")
    finally:
        catalogue.close()
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await select(pilot, screen, 1)
        assert "[m] move 8\" or board" in shown(pilot, "#play-warrior", 46)
        await pilot.press("m")
        assert "(B Walker boards A War Cart)" in " ".join(shown(pilot, "#play-prompt",
                                                                200).split())
        await pilot.press("l")
        await settle(pilot)
        await pick(pilot, screen, "boards A War Cart")
        assert "B Walker boards A War Cart." in told(screen)
        assert screen.board.pieces[0].passenger == 1
        assert "A+B" in map_text(screen)
