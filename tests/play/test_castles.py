"""Castles in a game played yourself (seed 004, "Castle rules"): the castle player's
portals, a section's ranged attack and long range with the exact odds, an attack across
connected access points and the defender's choice of its target, a ladder placed by a
movement formation, all in the engine's words and told in the log."""

from __future__ import annotations

import math
from pathlib import Path

from chariot_cards import chariot

from armybuilder.catalogue.service import Catalogue
from armybuilder.engine.odds import WAYS
from armybuilder.play.board import Refused
from armybuilder.play.session import PlaySession, Seats
from play.play_support import (
    DOOR_FOOT,
    FAR_FOOT,
    GUARDS,
    KEEP_SECTION,
    SOUTH,
    at,
    card,
    castle_cards,
    duel,
    siege_scenario,
)


def siege(db: Path, commanders: tuple[str, str] = ("human", "human")) -> PlaySession:
    catalogue = Catalogue.open(db)
    try:
        return PlaySession.start(siege_scenario(catalogue), Seats(commanders, 3))
    finally:
        catalogue.close()


def test_the_castle_player_opens_a_portal_before_the_first_action(db_path: Path) -> None:
    s = siege(db_path)
    assert s.may_set_portals()
    found = s.portals()
    # Castle rules, Portals: "All portals are considered closed at the start of the game."
    assert [(o.kind, o.words, why) for o, why in found] == [
        ("portal", "Rich opens the inner door of A Castle Keep", None),
        ("portal", "Rich opens the side door of A Castle Keep", None)]
    played = s.play(found[1][0])
    assert played.lines == ("  Rich opens the side door of A Castle Keep.",)
    assert "side door open" in s.board.castle[0].words
    # Still before the first action: the door may be shut again, and is offered so.
    assert s.portals()[1][0].words == "Rich closes the side door of A Castle Keep"
    s.play(s.options(KEEP_SECTION, "ranged")[0])
    # After an action: refused, in the engine's words.
    assert not s.may_set_portals()
    why = s.portals()[0][1]
    assert why is not None and why.rule == "Castle rules, Portals"
    assert "before any action is given" in why.reason
    try:
        s.play(s.portals()[0][0])
    except Refused as exc:
        assert "before any action is given" in str(exc)
    else:
        raise AssertionError("a portal was set after an action")


def test_the_keeps_extra_action_is_named(db_path: Path) -> None:
    """Castle rules, Actions, Mage Knight: "a player receives 1 extra action per turn as
    long as his army contains a keep section" — on the board and in the log, named."""
    s = siege(db_path)
    board = s.board
    assert board.current == 0 and board.sides[0].actions == 4 and board.turn_actions == 5
    assert board.extra_actions == ("keep",)
    assert "  Rich now has 5 actions this turn (+1 for the keep A Castle Keep)." in s.lines
    for option in s.end_turn():
        s.play(option)
    # Ian holds no keep: his turn has his own actions only.
    assert s.board.current == 1 and s.board.extra_actions == ()
    assert s.board.turn_actions == s.board.sides[1].actions


def test_a_section_may_fire_and_pass_only_with_the_exact_odds(db_path: Path) -> None:
    s = siege(db_path)
    status = {k.kind: k for k in s.status(KEEP_SECTION)}
    assert status["ranged"].allowed and status["pass"].allowed
    for kind in ("move", "close", "formation"):
        assert not status[kind].allowed
        assert status[kind].why.rule.startswith("Castle rules, Actions")  # type: ignore[union-attr]
    shots = s.options(KEEP_SECTION, "ranged")
    # Castle rules, Attacks: "no ranged combat attack against a target if the range to that
    # target is 4 inches or less": the footman at the door (3") is not offered.
    assert [o.targets for o in shots] == [(FAR_FOOT,)]
    outlook = s.outlook(shots[0])
    # Attack 12 against defense 16: a 4 or more on 2d6 (a 2 always misses).
    hit = sum(ways for total, ways in WAYS.items() if total >= 4) / 36
    assert math.isclose(outlook.targets[0].hit, hit)
    # The keep's damage 4; a 12 is a critical hit, one click more.
    assert math.isclose(outlook.targets[0].clicks, 4 * hit + WAYS[12] / 36)


def test_a_long_range_shot_at_a_chariot(db_path: Path) -> None:
    [keep] = castle_cards(db_path, "fixtures:1")
    # Castle rules, Long Range Attacks: double range (20") at a multiple-dial warrior, the
    # printed damage less 2. The cart is 16" away: beyond 10", within 20".
    s = duel(at(keep, 0, 24.0, 5.0, 0.0), at(chariot(), 1, 24.0, 21.0, SOUTH),
             builds=(400, 400), table=48.0, first_player=0)
    shots = s.options(0, "ranged")
    assert [o.words for o in shots] == [
        "A Castle Keep fires at a War Cart (front section) at long range (double range, "
        "damage -2)"]
    outlook = s.outlook(shots[0])
    assert outlook.targets and outlook.targets[0].clicks > 0
    played = s.play(shots[0])
    assert played.lines[0] == ("  A Castle Keep makes a long-range shot (double range, "
                               "damage -2) at a War Cart.")


def test_the_defender_chooses_the_target_of_an_attack_across_access_points(
        db_path: Path) -> None:
    s = siege(db_path)
    s.play(s.portals()[1][0])  # the side door opens: an access point
    for option in s.end_turn():
        s.play(option)
    assert s.to_act == 1
    attacks = s.options(DOOR_FOOT, "close")
    words = [o.words for o in attacks]
    # Castle rules, Close Combat: across the open door, onto the keep's top; "the
    # defender may choose which figure will be the target".
    assert words == ["a Footman attacks B Guard across connected access points (Rich may "
                     "choose C instead)",
                     "a Footman attacks C Guard across connected access points (Rich may "
                     "choose B instead)"]
    # The odds are those of the figure named; the defender's choice is asked after.
    outlook = s.outlook(attacks[0])
    assert [t.warrior for t in outlook.targets] == [GUARDS[0]]
    s.play(attacks[0])
    decision = s.decision()
    assert decision is not None and decision.kind == "target"
    assert decision.seat == 0 and decision.warrior == DOOR_FOOT
    assert s.to_act == 0 and s.human_to_act
    assert [o.words for o in decision.options] == ["the attack is made on B Guard",
                                                   "the attack is made on C Guard"]
    # Were the castle player the AI, it would answer the decision itself (it takes one
    # of the figures listed: the heuristic has no rule of its own for this choice yet).
    for kind in ("heuristic", "random"):
        assert s.ai_choice(kind).kind == "target"
    each = s.outlook(decision.options[1])
    assert [t.warrior for t in each.targets] == [GUARDS[1]]
    played = s.play(decision.options[1])
    assert played.lines[0] == ("  Rich chooses C Guard as the target of a Footman's attack "
                               "across the access points.")
    assert played.strikes[0][:2] == (DOOR_FOOT, GUARDS[1])
    assert "  a Footman attacks B Guard in close combat across connected access points." \
        in s.lines


def test_a_movement_formation_places_a_ladder(db_path: Path) -> None:
    [wall] = castle_cards(db_path, "fixtures:4")
    # Three walls 6" long (y 1.375..2.625), three footmen touching the middle one's outer
    # face: "Ladders may be placed next to castle sections to create access points by
    # giving a movement action to a formation."
    foot = card("Footman")
    s = duel(at(wall, 0, 12.0, 2.0, 0.0), at(wall, 0, 18.0, 2.0, 0.0),
             at(wall, 0, 24.0, 2.0, 0.0), at(card("Guard"), 0, 40.0, 40.0),
             at(foot, 1, 17.0, 3.13, SOUTH), at(foot, 1, 18.0, 3.13, SOUTH),
             at(foot, 1, 19.0, 3.13, SOUTH), builds=(400, 400), table=48.0,
             first_player=1, current=1)
    listed = s.options(5, "formation")
    ladders = [o for o in listed if "ladder" in o.words]
    assert ladders and all(o.kind == "formation" for o in ladders)
    assert ladders[0].words.startswith("b, a, c place a ladder against B Castle Wall at (")
    played = s.play(ladders[0])
    assert played.lines[0].startswith("  b Footman and a, c place a ladder against B Castle "
                                      "Wall at (")
    assert all(s.board.pieces[m].tokens == 1 for m in (4, 5, 6))  # a movement action each
    # The board the map draws: the ladder against B's outer face, Ian's (seat 1).
    (ladder,) = s.board.castle[1].ladders
    assert ladder.seat == 1 and ladder.a[1] == ladder.b[1] == 2.625
    assert s.board.castle[1].words.endswith("; 1 ladder")
    assert not s.board.castle[0].ladders and not s.board.castle[2].ladders
