"""Playing a siege yourself, through the keyboard (seed 004, "Castle rules"): the castle
player opens a portal at the start of the turn (o), refused in the engine's words once an
action is given; the keep fires with the odds shown; the besieger attacks across the open
door and the defender is asked which guard it attacks; the play screen in a siege as an
SVG snapshot.

Update the snapshot after a deliberate change with
``.venv/bin/python -m pytest tests/tui/test_play_castles.py --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from play.play_support import DOOR_FOOT, GUARDS, KEEP_SECTION, siege_game
from textual.pilot import Pilot
from textual.widgets import Select

from armybuilder.tui.app import create_app
from armybuilder.tui.screens import play as play_screen
from armybuilder.tui.screens.play import PlayScreen
from tui.test_battle_screen import choose
from tui.test_play_screen import SIZE, listed, opened, pick, select, told
from tui.tui_support import battle_armies, settle, shown, started


@pytest.fixture(autouse=True)
def no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_screen, "AI_PAUSE", 0.0)


def said(pilot: Pilot[None]) -> str:
    return "\n".join(n.message for n in pilot.app._notifications)


async def test_a_siege_through_the_keyboard(tui_db: Path) -> None:
    game_id = siege_game(tui_db)  # two players at one keyboard
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        assert screen.mode == "idle" and screen.board.to_act == 0
        # Castle rules, Actions, Mage Knight: the keep's extra action, named by the count.
        assert "0/5 actions (+1 for the keep)" in shown(pilot, "#play-status", 200)
        await select(pilot, screen, KEEP_SECTION)
        # The panel fits its height at its width (44 columns inside the padding).
        assert len(shown(pilot, "#play-warrior", 44).rstrip().splitlines()) <= 11
        panel = shown(pilot, "#play-warrior", 200)
        # Castle rules: the fortification value in the Speed slot; long range (double
        # range, damage -2); ranged combat and pass only, the rule refusing the rest once.
        assert "keep · click 1/9 · fortification 4" in panel
        assert 'att 12 def 19 dmg 4 rng 10" · long 20" dmg 2' in panel
        assert "not breached · inner door closed, side door closed" in panel
        assert "[r] ranged attack" in panel and "[p] pass" in panel
        assert "✖ move, close combat, movement formation: Castle rules, Actions" in panel
        assert "o: open or close the castle's portals" in shown(pilot, "#play-prompt", 200)
        # Castle rules, Portals: the castle player opens the side door.
        await pilot.press("o")
        await settle(pilot)
        assert screen.mode == "choose" and screen.choosing == "portal"
        assert [o.words for o in screen.choices] == [
            "Rich opens the inner door of A Castle Keep",
            "Rich opens the side door of A Castle Keep"]
        await pilot.press("down", "enter")
        await settle(pilot)
        assert screen.mode == "idle"
        assert "Rich opens the side door of A Castle Keep." in told(screen)
        assert screen.board.castle[0].portals[1].open
        # The keep fires, the exact odds listed first.
        await select(pilot, screen, KEEP_SECTION)
        await pilot.press("r")
        await settle(pilot)
        assert "b Footman: hit 92% · 3.69 clicks" in listed(screen)
        await pick(pilot, screen, "fires at b Footman")
        assert "A Castle Keep makes a ranged attack at b Footman." in told(screen)
        # After an action the portals stay as they are: refused in the engine's words.
        await pilot.press("o")
        await settle(pilot)
        assert screen.mode == "idle"
        assert "before any action is given (Castle rules, Portals)" in said(pilot)
        await pilot.press("e", "enter")
        await settle(pilot)
        # Ian's turn: the footman at the open door attacks a guard on the keep's top.
        assert screen.board.to_act == 1 and screen.mode == "idle"
        await select(pilot, screen, DOOR_FOOT)
        await pilot.press("c")
        await settle(pilot)
        assert "a Footman attacks B Guard across connected access points (Rich may choose " \
            "C instead)" in listed(screen)
        await pick(pilot, screen, "attacks B Guard")
        # Castle rules, Close Combat: the defender chooses the figure attacked — asked of
        # Rich, the human whose guards they are, with each one's odds.
        assert screen.mode == "choose" and screen.decision is not None
        assert screen.decision.kind == "target" and screen.board.to_act == 0
        prompt = shown(pilot, "#play-prompt", 200)
        assert "a Footman attacks across connected access points" in prompt
        assert "Rich, choose the figure it attacks" in prompt
        assert "the attack is made on C Guard" in listed(screen)
        await pilot.press("escape")  # a decision owed has to be made
        assert screen.mode == "choose"
        await pilot.press("down", "enter")
        await settle(pilot)
        assert "Rich chooses C Guard as the target of a Footman's attack across the " \
            "access points." in told(screen)
        assert screen.last is not None and screen.last.strikes[0][:2] == (DOOR_FOOT,
                                                                          GUARDS[1])
        assert screen.mode == "idle" and screen.board.to_act == 1


def test_the_play_screen_in_a_siege(snap_compare, tui_db: Path) -> None:  # type: ignore[no-untyped-def]
    game_id = siege_game(tui_db, opponent="random")

    async def run_before(pilot: Pilot[None]) -> None:
        await started(pilot)
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, PlayScreen)
        await pilot.press("o", "down", "enter")  # the side door opens
        await settle(pilot)
        await select(pilot, screen, KEEP_SECTION)
        await pilot.press("r")
        await settle(pilot)
        pilot.app.clear_notifications()
        await pilot.pause()

    assert snap_compare(create_app(tui_db, play=game_id), terminal_size=(120, 40),
                        run_before=run_before)


def castle_armies(db: Path) -> None:
    """Two armies both marked as the castle player, "Fort" with a keep, "Towers" with
    no section yet; and "Rich" and "Ian", neither."""
    from armybuilder.armies.service import Armies
    from armybuilder.catalogue.service import Catalogue

    battle_armies(db)
    catalogue = Catalogue.open(db)
    try:
        armies = Armies(catalogue)
        for name, section in (("Fort", "fixtures:1"), ("Towers", None)):
            armies.new(name, 300, "open", castle_player=True)
            if section is not None:
                armies.add(name, section)
            armies.add(name, "demo:1", 2)
    finally:
        catalogue.close()


async def test_the_battle_screen_asks_who_holds_the_castle(tui_db: Path) -> None:
    """Castle rules, Playing Area and Set-Up: one castle player. F5's "castle:" choice
    shows only when both armies chosen could be it, and the game played yourself starts
    with the one chosen holding the castle."""
    castle_armies(tui_db)
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await choose(pilot, rounds=2)
        castle = screen.query_one("#castle", Select)
        await settle(pilot)
        assert not castle.display  # Rich v Ian: no castle at all
        screen.query_one("#army-a", Select).value = "Fort"
        await settle(pilot)
        assert not castle.display  # only Fort could hold it
        screen.query_one("#army-b", Select).value = "Towers"
        await settle(pilot)
        assert castle.display and castle.value == "a"
        screen.query_one("#play-opponent", Select).value = "human"
        # B holds no section: refused, naming the army (sim.armies.siege).
        castle.value = "b"
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert isinstance(pilot.app.screen, type(screen))
        assert "army 'Towers' has no castle sections to hold" in \
            shown(pilot, "#battle-status", 300)
        castle.value = "a"
        await pilot.press("ctrl+y")
        await settle(pilot)
        play = pilot.app.screen
        assert isinstance(play, PlayScreen), shown(pilot, "#battle-status", 300)
        await settle(pilot)
        assert play.session is not None
        # Fort (seat a, the south edge) holds the castle, on a 4' table.
        holders = {play.board.pieces[c.warrior].seat for c in play.board.castle}
        assert [c.piece for c in play.board.castle] == ["keep"] and holders == {0}
        assert play.board.table == 48.0
