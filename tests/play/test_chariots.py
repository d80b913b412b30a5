"""Chariots in a game played yourself (the unified chariot rules, "Chariot rules" below):
the board's four discs and section dials, the words of a chariot's and a passenger's
actions, what they may do and why not, and the section choices the rules hand the
chariot's player, the human's asked, the AI's answered."""

from __future__ import annotations

import math

import pytest
from chariot_cards import chariot

from armybuilder.engine import Board, ChariotBase, CloseAttack, RangedAttack, WarriorSpec
from armybuilder.play.session import PlaySession
from play.play_support import NORTH, SOUTH, at, card, duel

EAST = 0.0


def wagon(**kw: object) -> PlaySession:
    """A (player 0): a war cart (range 8) facing north with B riding in it; a, b: two
    grunts north of it; C: a friend touching the cart's left side."""
    return duel(at(chariot("War Cart", range=8), 0, 10.0, 10.0),
                WarriorSpec(card("Rider", 10), 0, None, riding=0),
                at(card("Grunt"), 1, 10.0, 16.0), at(card("Scout"), 1, 16.0, 10.0),
                at(card("Walker", 10), 0, 8.399, 10.0, facing=EAST),
                builds=(400, 200), **kw)


def borderline(c: object, x: float, y: float, facing: float, reach: float = 6.0
               ) -> tuple[float, float]:
    """A point ``reach`` from a chariot standing at (x, y) along its front-left borderline
    (Chariot rules, Attacking a Chariot: an attack originating along a borderline)."""
    shape = c.shape  # type: ignore[attr-defined]
    assert isinstance(shape, ChariotBase)
    (point, pair), *_ = shape.border_points(x, y, facing)
    assert pair == (0, 1)  # front and left
    angle = math.atan2(point[1] - y, point[0] - x)
    return x + reach * math.cos(angle), y + reach * math.sin(angle)


def test_the_board_carries_the_engines_discs_and_each_sections_dial() -> None:
    s = wagon()
    cart, rider = s.board.pieces[0], s.board.pieces[1]
    assert cart.chariot and not rider.chariot
    # Chariot rules, Combat Dials: four sections, one disc each, front ahead (north).
    front, left, right, rear = cart.base
    assert front[:2] == pytest.approx((10.0, 10.8)) and rear[:2] == pytest.approx((10.0, 9.2))
    assert left[0] < 10.0 < right[0]
    assert cart.discs() == cart.base
    assert cart.discs((20.0, 20.0), EAST)[0][:2] == pytest.approx((20.8, 20.0))
    assert cart.radius == pytest.approx(1.4)
    assert [sec.name for sec in cart.sections] == ["front", "left", "right", "rear"]
    assert all(sec.active and sec.click == 0 and not sec.acted for sec in cart.sections)
    assert cart.section("front").stats.speed == 6
    # Chariot rules, Passengers: the rider is off the battlefield, in the compartment.
    assert cart.passenger == 1 and rider.riding == 0 and not rider.on_table
    assert (rider.x, rider.y) == (cart.x, cart.y)
    assert s.board.pieces[2].base == ((10.0, 16.0, 0.5),)  # a round base: one disc


def test_a_chariots_actions_in_words() -> None:
    s = wagon()
    drive = s.chariot_move(0, ("left", "front"), math.pi / 4, 6.0)
    assert drive.words == 'A War Cart spins to NE and drives 6.0" (front+left)'
    assert drive.sections == ("front", "left") and drive.kind == "move"
    assert s.refusal(drive.action) is None
    assert s.chariot_move(0, ("rear",), None, 2.0).words == \
        'A War Cart drives 2.0" ahead (rear)'
    assert s.chariot_move(0, ("rear",), 1.0, 0.0).words == "A War Cart spins to 57° (NE) (rear)"
    shots = [o.words for o in s.options(0, "ranged")]
    assert shots == ["A War Cart (front section) fires at a Grunt",
                     "A War Cart (right section) fires at b Scout"]
    assert [o.words for o in s.options(0, "pass")] == [
        f"A War Cart passes ({name} section)" for name in ("front", "left", "right", "rear")]
    # The first place the engine lists to get off: C stands by the left side already.
    leave = s.options(1, "move")[0]
    assert leave.words == "B Rider gets off A War Cart at (11.6, 10.0) facing E"
    assert s.disembark(1, (10.0, 7.9), SOUTH).words == \
        "B Rider gets off A War Cart at (10.0, 7.9) facing S"


def test_what_a_chariot_and_a_passenger_may_do_and_why_not() -> None:
    s = wagon()
    cart = {k.kind: k for k in s.status(0)}
    assert cart["move"].allowed and cart["ranged"].allowed and cart["pass"].allowed
    assert cart["close"].why is not None and "Chariot rules, Close Combat" in cart["close"].why.rule
    assert cart["formation"].why is not None
    assert cart["formation"].why.rule == ("Chariot rules, General Rules: a chariot cannot be "
                                          "part of a formation")
    # Chariot rules, Movement: the speeds of the sections given moves, added; four
    # actions: every section, 6 + 4 + 4 + 4.
    assert s.allowance(0) == 18
    assert s.movable_sections(0) == ["front", "left", "right", "rear"]
    assert s.chariot_allowance(0, ("front", "left")) == 10
    # The line of movement stops at the grunt's base? No: single-dial bases are passed
    # over (Chariot rules, Movement); only where it ends must be free.
    assert s.chariot_stop(0, ("front",), NORTH) == (6.0, None)
    rider = {k.kind: k for k in s.status(1)}
    assert rider["move"].allowed and rider["pass"].allowed and not rider["ranged"].allowed
    assert rider["formation"].why is not None and \
        rider["formation"].why.rule.startswith("Chariot rules, Passengers")
    assert s.allowance(1) is None  # he gets off: no distance to go
    # C touches the cart's left section, but B rides in it (Chariot rules, Passengers).
    assert s.boardings(4) == []
    why = s.refusal(Board(4, 0))
    assert why is not None and why.rule == ("Chariot rules, Passengers: a chariot can only "
                                            "have one passenger at a time")
    assert why.reason == "C Walker cannot board A War Cart"


def test_passengers_board_and_disembark() -> None:
    s = duel(at(chariot("War Cart", range=8), 0, 10.0, 10.0),
             at(card("Walker", 10), 0, 8.399, 10.0, facing=EAST),
             at(card("Grunt"), 1, 10.0, 30.0), builds=(400, 200))
    (board,) = s.boardings(1)
    assert board.words == "B Walker boards A War Cart"
    # Listed under move actions (Chariot rules, Boarding & Disembarking).
    assert board.action in [o.action for o in s.options(1, "move")]
    played = s.play(board)
    assert "  B Walker boards A War Cart." in played.lines
    assert s.board.pieces[0].passenger == 1 and s.board.pieces[1].riding == 0
    # Chariot rules, Passengers: he rides along when the chariot moves.
    s.play(s.chariot_move(0, ("front",), None, 4.0))
    assert (s.board.pieces[1].x, s.board.pieces[1].y) == pytest.approx((10.0, 14.0))
    # ... and may not be given a second action this turn.
    assert not {k.kind: k for k in s.status(1)}["move"].allowed


def test_ending_the_turn_passes_a_chariot_section_by_section() -> None:
    s = wagon()
    s.play(s.options(0, "ranged")[0])  # the front section fires: three actions left
    passes = s.end_turn()
    # Chariot rules, Actions: each active section passes on its own; then B.
    assert [o.words for o in passes] == ["A War Cart passes (left section)",
                                         "A War Cart passes (right section)",
                                         "A War Cart passes (rear section)"]
    for option in passes:
        s.play(option)
    assert s.board.current == 1


def test_a_push_asks_the_human_which_section_takes_the_click() -> None:
    # Chariot rules, Pushing: "1 click of damage to the active section of your choice".
    s = duel(at(chariot("War Cart"), 0, 10.0, 10.0, tokens=1),
             at(card("Grunt"), 1, 10.0, 30.0), builds=(200, 200))
    s.play(s.chariot_move(0, ("front",), None, 2.0))
    decision = s.decision()
    assert decision is not None and decision.kind == "section" and decision.seat == 0
    assert decision.purpose == "pushing" and decision.warrior == 0
    assert [o.words for o in decision.options] == [
        f"the pushing click goes on the {name} section of A War Cart"
        for name in ("front", "left", "right", "rear")]
    assert s.human_to_act
    played = s.play(decision.options[3])
    assert "Rich takes the pushing click on the rear section of A War Cart." in \
        "\n".join(played.lines)
    assert s.board.pieces[0].section("rear").click == 1
    assert s.decision() is None


def test_the_wrecks_passenger_faces_as_the_human_chooses() -> None:
    # Five skulls: the front section inactive (3), the left showing 2. The pushing click on
    # the left makes six: the chariot is eliminated (Chariot rules, Combat Dials), its
    # passenger set down where it stood, a die of clicks, facing as his player chooses.
    s = duel(at(chariot("War Cart"), 0, 10.0, 10.0, tokens=1, sections=(6, 5, 0, 0)),
             WarriorSpec(card("Rider", 10, clicks=9), 0, None, riding=0),
             at(card("Grunt"), 1, 10.0, 30.0), builds=(200, 200))
    s.play(s.chariot_move(0, ("right",), None, 1.0))
    decision = s.decision()
    assert decision is not None and decision.kind == "section"
    s.play(next(o for o in decision.options if o.sections == ("left",)))
    facing = s.decision()
    assert facing is not None and facing.kind == "facing" and facing.seat == 0
    assert facing.warrior == 1
    assert all(o.words.startswith("B Rider faces ") and o.words.endswith(
        "(set down from the wreck)") for o in facing.options)
    assert not s.board.pieces[0].on_table and s.board.pieces[1].on_table
    s.play(s.face(1, SOUTH))
    assert s.board.pieces[1].facing == pytest.approx(SOUTH)
    assert s.decision() is None


def test_an_attack_on_the_humans_chariot_along_a_borderline_asks_the_human() -> None:
    # Chariot rules, Attacking a Chariot: "If a close combat or ranged combat attack
    # originates along the borderline between two sections, the chariot's player decides
    # which of the sections is attacked."
    cart = chariot("War Cart")
    x, y = borderline(cart, 10.0, 10.0, NORTH)
    s = duel(at(cart, 0, 10.0, 10.0),
             at(card("Archer", rng=8), 1, x, y, facing=math.atan2(10.0 - y, 10.0 - x)),
             commanders=("human", "random"), current=1)
    assert not s.human_to_act
    shot = s.option(RangedAttack(1, (0,)))
    assert shot.words == "a Archer fires at A War Cart (on the front/left borderline: " \
        "Rich chooses)"
    s.play(shot)
    decision = s.decision()
    assert decision is not None and (decision.kind, decision.seat) == ("section", 0)
    assert decision.purpose == "attack" and s.human_to_act
    assert [o.words for o in decision.options] == [
        "the attack strikes the front section of A War Cart",
        "the attack strikes the left section of A War Cart"]
    played = s.play(decision.options[1])
    assert "A War Cart (left section)" in "\n".join(played.lines)


def test_the_ai_answers_the_section_choice_it_owes() -> None:
    cart = chariot("War Cart")
    x, y = borderline(cart, 10.0, 20.0, SOUTH)
    s = duel(at(cart, 1, 10.0, 20.0),
             at(card("Archer", rng=8), 0, x, y, facing=math.atan2(20.0 - y, 10.0 - x)),
             commanders=("human", "random"))
    s.play(s.option(RangedAttack(1, (0,))))
    decision = s.decision()
    assert decision is not None and decision.seat == 1 and not s.human_to_act
    answer = s.ai_choice()
    assert answer.kind == "section" and answer.words.startswith("the attack strikes the ")
    played = s.play(answer)
    assert played.lines[0].startswith("  Ian takes the attack along the borderline on the ")
    assert s.decision() is None


def test_a_close_attack_on_a_chariot_names_the_section_touched() -> None:
    s = duel(at(card("Brute", attack=11), 0, 10.0, 21.9, facing=SOUTH),
             at(chariot("War Cart"), 1, 10.0, 20.0),
             commanders=("human", "random"))
    # The cart faces south: the brute, north of it, touches its rear section.
    assert s.option(CloseAttack(0, 1)).words == "A Brute attacks a War Cart (rear section)"
