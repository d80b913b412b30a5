"""Giving actions by hand on the play screen, beyond the engine's listed choices: each
member of a movement formation steered to its own place and facing, the figure Magic
Levitation or Necromancy sets down and Nimble's turn steered anywhere the engine allows,
the odds of the second look counted in a worker, every roll of an action on the map, and
the odds for each section of the AI's chariot an attack along a borderline may strike."""

from __future__ import annotations

import math
import threading
from pathlib import Path

import pytest
from chariot_cards import chariot
from play.play_support import FORMATION, NORTH, SOUTH, at, card, duel, scenario_game
from textual.pilot import Pilot

from armybuilder.catalogue.service import Catalogue
from armybuilder.engine import WarriorSpec
from armybuilder.engine.odds import chances
from armybuilder.play.new import keep
from armybuilder.play.session import PlaySession
from armybuilder.tui.app import create_app
from armybuilder.tui.screens import play as play_screen
from armybuilder.tui.screens.play import PlayScreen
from tui.test_play_screen import SIZE, listed, opened, pick, select, told
from tui.tui_support import settle, shown


@pytest.fixture(autouse=True)
def no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_screen, "AI_PAUSE", 0.0)


def kept(db: Path, session: PlaySession) -> int:
    catalogue = Catalogue.open(db)
    try:
        return keep(catalogue, session, "none")
    finally:
        catalogue.close()


def prompt(pilot: Pilot[None]) -> str:
    return shown(pilot, "#play-prompt", 300)


async def click_map(pilot: Pilot[None], screen: PlayScreen, x: float, y: float
                    ) -> tuple[float, float]:
    """Click the map's cell at table point (x, y); the point the cell's centre stands for."""
    view = screen.map.view
    assert view is not None
    col, row = view.cell(x, y)
    await pilot.click("#play-map", offset=(col + 1, row + 1))  # inside a one-cell border
    return view.point(col, row)


async def test_each_member_of_a_formation_to_its_own_place_and_facing(tui_db: Path) -> None:
    # Rulebook IV, Movement Formations: each member moves up to the formation's speed and
    # they end as one group, touching. D, E, F stand side by side at y=4, facing north.
    game_id = scenario_game(tui_db)
    d, e, f = FORMATION
    async with create_app(tui_db, play=game_id).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await select(pilot, screen, d)
        await pilot.press("f")
        await settle(pilot)
        await pick(pilot, screen, "leads a movement formation")
        steer = screen.steer
        assert screen.mode == "ghost" and steer is not None and steer.purpose == "plan"
        assert steer.focus is None and "steering the whole group" in prompt(pilot)
        await pilot.press("up", "up", "up")  # the whole group 3" north
        await pilot.press("tab")  # D on its own: turned 30 degrees anticlockwise
        assert steer.focus == d and "steering D Demo Pikeman" in prompt(pilot)
        await pilot.press("left_square_bracket", "left_square_bracket")
        await pilot.press("tab", "tab")  # F on its own: 1" back, apart from the rest
        assert steer.focus == f
        await pilot.press("down")
        assert steer.why == ("the formation would come apart (Rulebook IV, Movement "
                             "Formations: at the end of the action each warrior's base must "
                             "still touch another member's, all one group)")
        assert "✖ the formation would come apart" in prompt(pilot)
        await pilot.press("left", "left")  # under E: touching it again
        assert steer.why == "" and "✔ the engine allows this" in prompt(pilot)
        assert 'F 2.2" of' in prompt(pilot) and "facing 120°" in prompt(pilot)
        await pilot.press("tab")  # after the last member, the whole group again
        assert steer.focus is None
        await pilot.press("enter")
        await settle(pilot)
        pieces = screen.board.pieces
        assert (pieces[d].x, pieces[d].y) == pytest.approx((26.0, 7.0))
        assert pieces[d].facing == pytest.approx(math.radians(120))
        assert (pieces[e].x, pieces[e].y, pieces[e].facing) == pytest.approx((27.0, 7.0, NORTH))
        assert (pieces[f].x, pieces[f].y, pieces[f].facing) == pytest.approx((27.0, 6.0, NORTH))
        assert "leads a movement formation" in told(screen)


async def test_levitation_steered_anywhere_by_keyboard_and_mouse(tui_db: Path) -> None:
    # FAQ, Magic Levitation: a figure touching the mage goes up to 10" in any direction,
    # facing as you choose; the engine lists a handful of places, any other may be steered.
    session = duel(at(card("Mage", abilities=("Magic Levitation",)), 0, 10.0, 10.0),
                   at(card("Friend"), 0, 11.0, 10.0), at(card("Grunt"), 1, 10.0, 30.0))
    async with create_app(tui_db, play=kept(tui_db, session)).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("a")
        await settle(pilot)
        words = [o.words for o in screen.choices]
        assert words[-1] == "A Mage uses Magic Levitation on B Friend: steer where it goes…"
        assert sum("uses Magic Levitation on B Friend to (" in w for w in words) > 1
        await pilot.press("end", "enter")
        steer = screen.steer
        assert screen.mode == "ghost" and steer is not None and steer.purpose == "place"
        assert steer.why == ""  # the first place listed, where the ghost starts
        await click_map(pilot, screen, 24.0, 24.0)  # too far
        assert "✖" in prompt(pilot) and steer.why.endswith("up to 10 inches)")
        spot = await click_map(pilot, screen, 14.25, 15.5)  # listed nowhere
        assert steer.at == spot and steer.why == ""
        await pilot.press("right_square_bracket")  # facing as you choose
        facing = steer.facing
        assert "✔ the engine allows this" in prompt(pilot)
        await pilot.press("enter")
        assert screen.mode == "confirm"
        await pilot.press("enter")
        await settle(pilot)
        friend = screen.board.pieces[1]
        assert (friend.x, friend.y, friend.facing) == pytest.approx((*spot, facing))
        assert "Magic Levitation" in told(screen)


async def test_necromancy_and_nimble_steered(tui_db: Path) -> None:
    # C, on its last click with a token, is pushed to its elimination by a move; A brings
    # it back touching it anywhere (Special Abilities Card, Necromancy); B turns any way
    # (Nimble).
    session = duel(at(card("Necro", abilities=("Necromancy",)), 0, 10.0, 10.0),
                   at(card("Elf", abilities=("Nimble",)), 0, 20.0, 10.0),
                   at(card("Doomed", clicks=9), 0, 20.0, 14.0, tokens=1, click=8),
                   at(card("Grunt"), 1, 10.0, 30.0), builds=(300, 200))
    session.play(session.move(2, [(20.0, 15.0)], NORTH))
    async with create_app(tui_db, play=kept(tui_db, session)).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await select(pilot, screen, 0)
        await pilot.press("a")
        await settle(pilot)
        assert screen.choices[-1].words == \
            "A Necro uses Necromancy on C Doomed: steer where it returns…"
        await pilot.press("end", "enter")
        steer = screen.steer
        assert steer is not None and steer.purpose == "place" and steer.why == ""
        await pilot.press("up")  # 1" north of the place listed: apart from A
        assert "in base contact with this warrior" in steer.why
        await pilot.press("left", "left", "left_square_bracket")  # north of A, touching
        assert steer.why == ""
        spot, facing = steer.at, steer.facing
        await pilot.press("enter", "enter")
        await settle(pilot)
        doomed = screen.board.pieces[2]
        assert doomed.on_table
        assert (doomed.x, doomed.y, doomed.facing) == pytest.approx((*spot, facing))
        # Its die, with what it was for, on the map and in the prompt (Necromancy).
        canvas = screen.map.canvas()
        assert canvas is not None and canvas.text(0).startswith(" necromancy A→C ")
        assert "rolled necromancy A→C " in prompt(pilot)
        # Nimble: any facing, not only those the engine lists.
        await select(pilot, screen, 1)
        await pilot.press("a")
        await settle(pilot)
        listed_facings = [o.action.facing for o in screen.choices  # type: ignore[attr-defined]
                          if o.kind == "facing"]
        assert screen.choices[-1].words == "B Elf turns (Nimble): steer the facing…"
        await pilot.press("end", "enter")
        assert screen.steer is not None and screen.steer.purpose == "nimble"
        await pilot.press("right")  # 15 degrees clockwise
        assert "✔ the engine allows this" in prompt(pilot)
        await pilot.press("enter", "enter")
        await settle(pilot)
        turned = NORTH - math.radians(15)
        assert screen.board.pieces[1].facing == pytest.approx(turned)
        assert all(abs(f - turned) > 1e-6 for f in listed_facings)


async def test_the_second_look_counts_the_odds_in_a_worker(
        tui_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A moves away from a, which touches it: the break-away roll (Rulebook III, Breaking
    # Away: 4, 5 or 6) is counted in a worker while the screen goes on answering.
    session = duel(at(card("Brute"), 0, 10.0, 10.0), at(card("Grunt"), 1, 10.0, 11.0),
                   at(card("Other"), 0, 30.0, 4.0))  # so that the turn waits after A's move
    gates = [threading.Event()]
    counted = PlaySession.outlook

    def held(self: PlaySession, option: object) -> object:
        gates[-1].wait(10)  # a count on the screen's own thread would stop the screen here
        return counted(self, option)  # type: ignore[arg-type]

    monkeypatch.setattr(PlaySession, "outlook", held)
    async with create_app(tui_db, play=kept(tui_db, session)).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("m", "down", "down", "enter")
        assert screen.mode == "confirm" and "counting the odds…" in prompt(pilot)
        zoom = screen.map.view.zoom  # type: ignore[union-attr]
        await pilot.press("plus")  # the screen answers meanwhile
        assert screen.map.view.zoom > zoom  # type: ignore[union-attr]
        await pilot.press("enter")  # given once counted
        assert "given once the odds are counted" in prompt(pilot)
        assert screen.board.version == 1
        gates[-1].set()
        await settle(pilot)
        assert screen.board.version == 2 and screen.board.pieces[0].acted
        assert "A Brute" in told(screen).splitlines()[-1]
    # Counted, the second look shows the exact odds before anything is given.
    # A gate of its own: the first app's counts (the places worth a move, each option's
    # push) still going on their workers' threads pass through the first one, still open.
    gates.append(threading.Event())
    async with create_app(tui_db, play=kept(tui_db, session)).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("m", "down", "down", "enter")
        assert "counting the odds…" in prompt(pilot)
        gates[-1].set()
        await settle(pilot)
        assert screen.mode == "confirm" and screen.board.version == 1
        assert "breaks away 50%" in prompt(pilot) and "enter: give it" in prompt(pilot)


class Loaded:
    """Dice that show the values given, in order."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def roll(self, count: int) -> list[int]:
        out, self.values = self.values[:count], self.values[count:]
        return out


async def test_every_roll_of_an_action_on_the_map(tui_db: Path) -> None:
    # A shot at the side of the AI's chariot: the attack's 2d6, then the passenger's 5-6
    # roll (Chariot rules, Damaging a Passenger), both shown in order with their purpose.
    session = duel(at(chariot("War Cart"), 1, 10.0, 20.0, facing=SOUTH),
                   WarriorSpec(card("Rider", 10), 1, None, riding=0),
                   at(card("Archer", rng=8, attack=9), 0, 16.0, 20.0, facing=math.pi),
                   at(card("Other"), 0, 30.0, 4.0))  # so that the turn waits after the shot
    async with create_app(tui_db, play=kept(tui_db, session)).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        assert screen.session is not None
        screen.session.game.dice = Loaded(5, 5, 6)  # type: ignore[assignment]
        await select(pilot, screen, 2)
        await pilot.press("r")
        await settle(pilot)
        await pick(pilot, screen, "fires at")
        canvas = screen.map.canvas()
        assert canvas is not None
        assert canvas.text(0).startswith(" attack A 5+5    ")
        assert canvas.text(1).startswith(" passenger a→b 6 ")
        assert "rolled attack A 5+5, passenger a→b 6" in prompt(pilot)


async def test_odds_for_each_section_of_the_ais_chariot(tui_db: Path) -> None:
    # Chariot rules, Attacking a Chariot: an attack along the borderline between two
    # sections waits for the chariot's player to choose the section; the odds of each
    # are shown before the attack is given, the worst for the attacker marked.
    from play.test_chariots import borderline

    cart = chariot("War Cart")
    x, y = borderline(cart, 10.0, 20.0, SOUTH)
    session = duel(at(cart, 1, 10.0, 20.0),
                   at(card("Archer", rng=8, attack=9), 0, x, y,
                      facing=math.atan2(20.0 - y, 10.0 - x)))
    front, left = (sum(chances(d - 9)) for d in (16, 15))  # the cart's front and left
    async with create_app(tui_db, play=kept(tui_db, session)).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await select(pilot, screen, 1)
        await pilot.press("r")
        await settle(pilot)
        rows = listed(screen)
        assert "Ian chooses the section of a War Cart: the attack runs along a " \
            "borderline" in rows
        assert f"▼ front section (the worst for you):\n       a War Cart: hit " \
            f"{100 * front:.0f}%" in rows
        assert f"· left section:\n       a War Cart: hit {100 * left:.0f}%" in rows
        await pilot.press("enter")
        assert screen.mode == "confirm"
        assert f"left section:\n       a War Cart: hit {100 * left:.0f}%" in prompt(pilot)


def test_the_dice_box_lists_every_roll_and_counts_those_it_has_no_room_for() -> None:
    from armybuilder.tui.battlefield import DICE_STYLE, Canvas, draw_dice

    canvas = Canvas(30, 3)
    draw_dice(canvas, ["attack A 5+5", "damage A→b 2", "passenger a→b 6", "wreck b 3"])
    assert [canvas.text(r) for r in range(3)] == [
        " attack A 5+5 " + " " * 16, " damage A→b 2 " + " " * 16, " +2 more " + " " * 21]
    # A box as wide as its widest line.
    assert canvas.styles[2][13] == DICE_STYLE and canvas.styles[0][14] != DICE_STYLE
