"""Moving with intent and no hidden costs, as the session answers them from the engine:
the places worth a move (base contact on each arc with the attack's exact odds, out of
every line of fire, a captive brought home), what a move touches, what a push costs and
what a free action uses, and the victory points scored as they happened."""

from __future__ import annotations

import math

import pytest

from armybuilder.engine import odds
from armybuilder.play.destinations import destinations, touched
from armybuilder.play.session import PlaySession
from armybuilder.tui.play_words import cost_text
from armybuilder.tui.screens.play_dialogs import victory_text
from play.play_support import at, card, duel


def brute_and_grunt(**brute: object) -> PlaySession:
    """A Brute (attack 11) 3" south of a Grunt (defense 15) facing it; a Quick one (with
    Quickness) far away."""
    return duel(at(card("Brute", 40, attack=11, damage=3), 0, 10.0, 8.0, **brute),
                at(card("Grunt", 20, defense=15, clicks=6), 1, 10.0, 11.0),
                at(card("Quick", 20, abilities=("Quickness",)), 0, 20.0, 4.0))


def test_base_contact_on_each_arc_with_the_attacks_exact_odds() -> None:
    s = brute_and_grunt()
    found = destinations(s, 0)
    contact = [d for d in found if d.touches]
    arcs = {d.touches[0].arc: d for d in contact if d.touches[0].warrior == 1}
    assert set(arcs) == {"front", "rear"}  # Rulebook III: +1 to the roll at its rear
    front, rear = arcs["front"], arcs["rear"]
    assert front.touches[0].needed == 15 - 11 and rear.touches[0].needed == 15 - 11 - 1
    assert front.touches[0].hit == pytest.approx(sum(odds.chances(4)))
    assert rear.touches[0].hit == pytest.approx(sum(odds.chances(3)))
    assert found.index(rear) < found.index(front)  # the likelier hit first
    for d in contact:
        assert d.refusal is None and s.refusal(d.option.action) is None
        assert d.words.startswith("base contact with a Grunt, its ")
        # What the move touches is the same answer, asked of the move itself.
        assert touched(s, d.option)[0] == d.touches
    assert s.board.version == 1  # nothing was given


def test_out_of_every_line_of_fire_and_a_captive_brought_home() -> None:
    # B holds a captive 7.5" from its starting area (3" deep on the south edge) with 7"
    # of movement; C stands 6" from c, who shoots 8".
    s = duel(at(card("Captor", speed=7), 0, 14.0, 10.0),
             at(card("Shooter", rng=8), 0, 20.0, 8.0),
             at(card("Held"), 1, 14.0, 11.0, captive_of=0),
             at(card("Archer", rng=8), 1, 20.0, 14.0))
    safe = next(d for d in destinations(s, 1)
                if d.words.startswith("out of every opposing figure's"))
    assert safe.shot == 0.0 and s.refusal(safe.option.action) is None
    home = next(d for d in destinations(s, 0) if "starting area" in d.words)
    assert home.words == "towards your starting area with a Held (0.5\" short)"
    assert home.refusal is None and home.gains == 0


def test_a_push_and_a_free_action_say_what_they_cost() -> None:
    s = brute_and_grunt(tokens=1)  # given an action last turn: this one pushes it
    shove = s.move(0, [(10.0, 6.0)], math.pi / 2)
    seen = s.outlook(shove)
    assert seen.pushed == ((0, 1.0),) and seen.free == ()
    said = cost_text(s.board, seen).plain
    assert "pushes A Brute: a second action token, 1 click of damage (Rulebook III, " \
        "Pushing)" in said
    quick = s.outlook(s.move(2, [(20.0, 6.0)], math.pi / 2))
    assert quick.pushed == () and quick.free == (2,)
    assert "uses none of the turn's actions" in cost_text(s.board, quick).plain
    rested = brute_and_grunt()  # no token: no push
    plain = rested.outlook(rested.move(0, [(10.0, 6.0)], math.pi / 2))
    assert plain.pushed == () and cost_text(rested.board, plain).plain == ""


def test_victory_points_scored_as_they_happened() -> None:
    s = duel(at(card("Brute", 40, attack=20, damage=9), 0, 10.0, 10.0),
             at(card("Grunt", 20, defense=5, clicks=2), 1, 10.0, 11.0), seed=3)
    attack = next(o for o in s.options(0, "close") if not o.capture)
    s.play(attack)
    assert s.scored() == ((0, 20, "eliminated", 1),)
    # The end screen's breakdown, side by side.
    said = victory_text(s.board, s.scored()).plain
    assert "a captive counts double, only when brought into its holder's starting area" \
        in said
    assert "Rich 60 VP\n  eliminations 20: a Grunt 20\n  captives 0: none\n  survivors 40" \
        in said
    assert "Ian 0 VP\n  eliminations 0: none" in said
