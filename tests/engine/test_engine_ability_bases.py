"""Mounted warriors on the double ("peanut") base: its shape, contact, arcs, facing and
movement (RULES_NOTES.md, Bases: the seeds are silent, these are the engine's choices)."""

from __future__ import annotations

import math

import pytest
from engine_helpers import EAST, NORTH, SOUTH, WEST, card, find, scenario, w

from armybuilder.engine import (
    CloseAttack,
    FreeSpin,
    IllegalAction,
    Move,
    RangedAttack,
    SetupError,
    TerrainFeature,
    apply,
)
from armybuilder.engine import geometry as g
from armybuilder.engine.bases import HALF_LENGTHS, DoubleBase
from armybuilder.engine.geometry import rectangle

LANCER = card("Lancer", 40, base="cavalry", base_radius=HALF_LENGTHS["cavalry"], arc=180,
              speed=10, attack=10, damage=3, range=6, clicks=6)
FOOT = card("Foot", 20, defense=14, clicks=6)
FAR = w(card("Far", 10), 1, 34, 34)


def test_the_double_base_is_1_75_inches_long_and_1_inch_wide() -> None:
    assert isinstance(LANCER.shape, DoubleBase) and not LANCER.shape.round
    assert LANCER.shape.disc_radius == pytest.approx(0.5)
    assert LANCER.shape.width == pytest.approx(1.0)
    game = scenario(w(LANCER, 0, 10, 10, NORTH), FAR)
    (fx, fy, fr), (rx, ry, rr) = game.warriors[0].discs
    assert (fx, fy) == pytest.approx((10, 10.375)) and (rx, ry) == pytest.approx((10, 9.625))
    assert fy + fr - (ry - rr) == pytest.approx(1.75)


def test_contact_follows_the_shape_not_a_circle() -> None:
    # Side by side 1" apart the two double bases touch along their whole length; a foot
    # figure 1.4" straight ahead touches, one 1.3" to the side does not.
    game = scenario(w(LANCER, 0, 10, 10, NORTH), w(LANCER, 0, 11, 10, NORTH),
                    w(FOOT, 1, 10, 11.4, SOUTH), w(FOOT, 1, 8.7, 10, EAST), FAR)
    lancer, mate, ahead, beside = game.warriors[:4]
    assert game.touching(lancer, mate)
    assert game.touching(lancer, ahead)
    assert not game.touching(lancer, beside)
    with pytest.raises(SetupError, match="bases overlap"):
        scenario(w(LANCER, 0, 10, 10, NORTH), w(FOOT, 1, 10, 11.2, SOUTH), FAR)


def test_the_front_arc_is_on_the_front_disc() -> None:
    # A figure touching the rear disc's flank is at the rear, even for a 180-degree arc.
    game = scenario(w(LANCER, 0, 10, 10, NORTH), w(FOOT, 1, 10, 11.375, SOUTH),
                    w(FOOT, 1, 9.0, 9.625, EAST), w(FOOT, 1, 11.0, 10.375, WEST),
                    dice=(4, 4, 4, 4))
    lancer, ahead, rear_flank, front_flank = game.warriors[:4]
    assert game.faces(lancer, ahead) and game.faces(lancer, front_flank)
    assert not game.faces(lancer, rear_flank) and game.at_rear(rear_flank, lancer)
    with pytest.raises(IllegalAction, match="front arc must be in base contact"):
        apply(game, CloseAttack(0, 2))
    apply(game, CloseAttack(0, 1))


def test_turning_a_double_base_needs_room() -> None:
    # A friend touches the lancer's waist: turning across it would swing a disc into it,
    # a small turn or a full about-face fits.
    specs = (w(LANCER, 0, 10, 10, NORTH), w(FOOT, 0, 11.0, 10, NORTH), FAR)
    game = scenario(*specs)
    with pytest.raises(IllegalAction, match="bases may not overlap"):
        apply(game, Move(0, (), EAST))
    apply(game, Move(0, (), NORTH + math.radians(10)))
    game = scenario(*specs)
    apply(game, Move(0, (), SOUTH))
    assert game.warriors[0].facing == pytest.approx(SOUTH)


def test_a_free_spin_must_fit_where_the_double_base_stands() -> None:
    runner = card("Runner", 20, speed=8)
    # Arriving at the lancer's waist: turning to face it would swing a disc into it.
    game = scenario(w(runner, 1, 10, 4, NORTH), w(LANCER, 0, 10, 10, EAST), current=1)
    apply(game, Move(0, ((10, 9.06),), NORTH))
    assert game.pending
    with pytest.raises(IllegalAction, match="cannot turn that way"):
        apply(game, FreeSpin(1, SOUTH))
    assert list(game.legal_actions()) == [FreeSpin(1, None)]
    # Arriving square behind it: an about-face fits.
    game = scenario(w(runner, 1, 4, 10, EAST), w(LANCER, 0, 10, 10, EAST), current=1)
    apply(game, Move(0, ((8.6, 10),), EAST))
    apply(game, FreeSpin(1, WEST))
    assert game.faces(game.warriors[1], game.warriors[0])


def test_lines_of_fire_leave_through_the_front_disc() -> None:
    # From the centre dot, a 180-degree double base fires about 53 degrees either side.
    def target_at(degrees_off: float) -> tuple[float, float]:
        a = NORTH + math.radians(degrees_off)
        return (15 + 5 * math.cos(a), 15 + 5 * math.sin(a))

    for off, legal in ((45, True), (-50, True), (60, False), (-80, False)):
        game = scenario(w(LANCER, 0, 15, 15, NORTH), w(FOOT, 1, *target_at(off), SOUTH))
        assert game.is_legal(RangedAttack(0, (1,))) is legal, off


def test_movement_stops_when_the_whole_double_base_is_in_hindering_terrain() -> None:
    woods = TerrainFeature("hindering", rectangle(8, 14, 12, 20), name="woods")
    game = scenario(w(LANCER, 0, 10, 10, NORTH), FAR, terrain=(woods,))
    # Travelling lengthwise, the rear disc clears the edge 0.875" after the dot reaches 14.
    with pytest.raises(IllegalAction, match=r"must stop 4\.875"):
        apply(game, Move(0, ((10, 18),)))
    apply(game, Move(0, ((10, 14.875),)))


def test_moving_into_contact_and_breaking_away_work_with_double_bases() -> None:
    game = scenario(w(LANCER, 0, 10, 5, NORTH), w(FOOT, 1, 10, 13, SOUTH), dice=(4, 4))
    contact = [a for a in game.legal_actions(0) if isinstance(a, Move) and a.path
               and g.discs_touch(game.warriors[0].discs_at(a.path[-1], a.facing),
                                 game.warriors[1].discs)]
    assert contact
    events = apply(game, contact[0])
    assert find(events, "free_spin_offered")


def test_the_path_may_not_cross_a_double_base() -> None:
    runner = card("Runner", 20, speed=10)
    game = scenario(w(runner, 0, 10, 5, NORTH), w(LANCER, 1, 10, 10, EAST))
    with pytest.raises(IllegalAction, match="may not cross any figure base"):
        apply(game, Move(0, ((10.8, 14),)))  # through the lancer's front disc
    apply(game, Move(0, ((11.7, 14),)))


# --- a captor never turns onto its captive (issue 22) ------------------------------------

NIMBLE_LANCER = card("Nimble Lancer", 40, base="cavalry", base_radius=HALF_LENGTHS["cavalry"],
                     arc=180, speed=10, abilities={0: ("Nimble",)}, clicks=6)


def _holding() -> object:
    """A lancer facing north holding a captive at its side, an enemy in front of it."""
    return scenario(w(NIMBLE_LANCER, 0, 10, 10, NORTH), w(FOOT, 1, 10.97, 10, captive_of=0),
                    w(FOOT, 1, 10, 13, SOUTH), FAR, dice=(1,))


def test_a_mounted_captor_does_not_turn_onto_its_captive() -> None:
    from armybuilder.engine import Face

    game = _holding()
    with pytest.raises(IllegalAction, match="overlap"):
        apply(game, Face(0, 0.0))  # east: the front disc would stand on the captive
    apply(game, Face(0, SOUTH))  # right round: clear of it


def test_a_mounted_captor_failing_to_break_away_does_not_turn_onto_its_captive() -> None:
    game = _holding()
    game.warriors[2].y = 11.05  # the enemy touches the lancer's front disc
    assert game.opposing_contacts(game.warriors[0])
    with pytest.raises(IllegalAction, match="captive"):
        apply(game, Move(0, ((10, 4),), stuck_facing=0.0))


def test_a_mounted_captor_is_offered_no_free_spin_onto_its_captive() -> None:
    # The enemy moves up to the lancer's east side: turning to face it would put the
    # lancer's front disc on the captive, so that spin is not listed and not allowed.
    game = scenario(w(FOOT, 0, 16, 10, WEST), w(NIMBLE_LANCER, 1, 10, 10, NORTH),
                    w(FOOT, 0, 10.97, 10, captive_of=1), FAR, dice=(6,))
    apply(game, Move(0, ((10.714, 11.089),), WEST))
    assert game.pending, "the lancer is owed a free spin"
    offer = game.pending[0]
    spins = [s for s in game.legal_actions() if isinstance(s, FreeSpin)]
    assert spins == [FreeSpin(offer.warrior, None)]  # only declining fits
    with pytest.raises(IllegalAction, match="cannot turn"):
        apply(game, FreeSpin(offer.warrior, g.bearing((10, 10), (10.714, 11.089))))


def test_a_mounted_captor_does_not_turn_away_from_its_captive() -> None:
    # Rulebook III, Capturing: "The captive must always be kept in base contact with its
    # controlling warrior"; the captive stays put while the captor turns.
    from armybuilder.engine import Face

    game = scenario(w(NIMBLE_LANCER, 0, 10, 10, NORTH), w(FOOT, 1, 10.875, 10.88, captive_of=0),
                    FAR)
    with pytest.raises(IllegalAction, match="kept in base contact"):
        apply(game, Face(0, -math.pi / 4))
    apply(game, Face(0, 0.0))  # east: the rear disc still touches it


def test_a_mounted_captor_that_cannot_turn_to_its_attacker_still_may_move() -> None:
    # Rulebook III, Breaking Away: "fails to break away and may not move this turn,
    # although you can rotate him to a new facing" -- the turn is the player's to make.
    # Here turning to face the enemy would put the front disc on the captive, so the
    # listed moves keep the facing on a failed roll instead of offering none at all.
    game = _holding()
    enemy = game.warriors[2]
    enemy.place(10 + 1.12 * math.cos(math.pi / 3), 10 + 1.12 * math.sin(math.pi / 3),
                enemy.facing)
    assert game.opposing_contacts(game.warriors[0])
    moves = [m for m in game.legal_actions() if isinstance(m, Move) and m.warrior == 0]
    assert moves and all(game.is_legal(m) for m in moves)
    away = [m for m in moves if m.path]
    assert away and all(m.stuck_facing is None for m in away)
    apply(game, away[0])  # the die shows 1: the lancer stays, facing as it did
    assert (game.warriors[0].x, game.warriors[0].y, game.warriors[0].facing) == (10, 10, NORTH)
