"""Rulebook VI, Ending the Game, Withdrawing and Victory!"""

from __future__ import annotations

import pytest
from engine_helpers import NORTH, SOUTH, card, find, kinds, scenario, w

from armybuilder.engine import (
    CloseAttack,
    EndByAgreement,
    IllegalAction,
    Move,
    Pass,
    Termination,
    Withdraw,
    apply,
)

KNIGHT = card("Knight", 40, attack=12, damage=3)
FRAIL = card("Frail", 15, defense=10, clicks=1)
SHAKEN = card("Shaken", 12, abilities={0: ("Demoralized",)})


def test_the_game_ends_when_one_side_has_warriors_left() -> None:
    game = scenario(w(KNIGHT, 0, 10, 10, NORTH), w(FRAIL, 1, 10, 11, SOUTH), dice=(3, 3))
    events = apply(game, CloseAttack(0, 1))
    assert kinds(events)[-1] == "game_over" and game.over
    out = game.outcome
    assert out.termination is Termination.ONE_SIDE_LEFT
    assert out.scores[0].eliminations == 15 and out.scores[0].survivors == 40
    assert out.winners == (0,)
    with pytest.raises(IllegalAction, match="game is over"):
        apply(game, Pass(0))


def test_captives_and_demoralized_figures_do_not_keep_a_side_in_the_game() -> None:
    game = scenario(w(KNIGHT, 0, 10, 10, NORTH), w(FRAIL, 1, 10, 11, SOUTH),
                    w(SHAKEN, 1, 30, 30), dice=(5, 6))
    events = apply(game, CloseAttack(0, 1, capture=True))
    assert "captured" in kinds(events) and game.over
    assert game.outcome.termination is Termination.ONE_SIDE_LEFT


def test_a_time_limit_in_rounds() -> None:
    game = scenario(w(KNIGHT, 0, 10, 2), w(KNIGHT, 1, 10, 34), round_limit=2)
    for _ in range(3):
        apply(game, Pass(game.current))
    assert not game.over
    events = apply(game, Pass(1))
    assert game.over and game.outcome.termination is Termination.TIME_LIMIT
    assert game.outcome.round == 2 and kinds(events)[-1] == "game_over"


def test_ending_by_agreement_scores_as_the_game_stands() -> None:
    game = scenario(w(KNIGHT, 0, 10, 2), w(FRAIL, 1, 10, 34))
    apply(game, EndByAgreement())
    out = game.outcome
    assert out.termination is Termination.AGREEMENT
    assert [s.total for s in out.scores] == [40, 15] and out.winners == (0,)


def test_captives_in_your_starting_area_score_double_outside_it_nothing() -> None:
    # Player 0's starting area is x 8-28, y 0-3.
    game = scenario(w(KNIGHT, 0, 10, 3.5), w(FRAIL, 1, 10, 2.5, captive_of=0),
                    w(KNIGHT, 1, 30, 34))
    assert game.scores()[0].captives == 30
    game = scenario(w(KNIGHT, 0, 10, 5), w(FRAIL, 1, 10, 4, captive_of=0),
                    w(KNIGHT, 1, 30, 34))
    assert game.scores()[0].captives == 0
    assert game.scores()[1].survivors == 40  # a captive does not survive for its owner


def test_withdrawing_forfeits_captives_and_frees_the_ones_you_hold() -> None:
    game = scenario(w(KNIGHT, 0, 10, 10), w(FRAIL, 1, 10, 9, captive_of=0),
                    w(KNIGHT, 1, 20, 20), w(FRAIL, 0, 20, 21, captive_of=2),
                    w(KNIGHT, 2, 30, 30), players=3)
    apply(game, Pass(0))
    events = apply(game, Withdraw(1))
    assert find(events, "score") == [{"e": "score", "player": 0, "points": 15,
                                      "reason": "forfeited captive", "warrior": 1}]
    assert game.warriors[3].controller == -1 and not game.warriors[2].on_table
    assert game.current == 2 and not game.over
    with_drawn = game.scores()
    assert with_drawn[1].total == 0 and with_drawn[0].eliminations == 15


def test_withdrawing_in_a_two_player_game_ends_it_and_cannot_win() -> None:
    game = scenario(w(FRAIL, 0, 10, 10), w(KNIGHT, 1, 20, 20))
    with pytest.raises(IllegalAction, match="during your own turn"):
        apply(game, Withdraw(1))
    apply(game, Withdraw(0))
    assert game.over and game.outcome.winners == (1,)


def test_eliminations_score_each_time_a_figure_dies() -> None:
    game = scenario(w(KNIGHT, 0, 10, 10, NORTH), w(FRAIL, 1, 10, 11, SOUTH),
                    w(KNIGHT, 1, 30, 30), dice=(3, 3))
    apply(game, CloseAttack(0, 1))
    assert game.players[0].score == 15
    # A figure brought back into play (as Necromancy does, in part 2) and eliminated again
    # scores again, and never counts as a survivor.
    frail = game.warriors[1]
    frail.on_table, frail.click = True, 0
    game.eliminate(frail, 0)
    assert game.players[0].score == 30
    frail.on_table = True
    assert game.scores()[1].survivors == 40


def test_ties_go_to_the_smaller_army() -> None:
    from armybuilder.engine import WarriorSpec

    lost = WarriorSpec(card("Lost", 10), 1, None)  # already off the battlefield
    game = scenario(w(card("Big", 60), 0, 10, 2), w(card("Small", 30), 1, 10, 34),
                    w(card("Small", 30), 1, 14, 34), lost)
    apply(game, EndByAgreement())
    assert [s.total for s in game.outcome.scores] == [60, 60]
    assert [p.army_points for p in game.players] == [60, 70]
    assert game.outcome.winners == (0,)


def test_on_a_full_tie_both_sides_are_listed() -> None:
    c = card("Twin", 30)
    game = scenario(w(c, 0, 10, 2), w(c, 1, 10, 34))
    apply(game, EndByAgreement())
    assert game.outcome.winners == (0, 1)


def test_allies_score_as_a_side() -> None:
    game = scenario(w(KNIGHT, 0, 10, 2), w(KNIGHT, 1, 10, 34), w(FRAIL, 2, 2, 18),
                    players=3, teams=(0, 1, 1))
    apply(game, EndByAgreement())
    assert game.outcome.team_scores == {0: 40, 1: 55} and game.outcome.winners == (1, 2)


def test_move_back_to_your_area_with_a_captive() -> None:
    game = scenario(w(KNIGHT, 0, 10, 7), w(FRAIL, 1, 10, 6, captive_of=0), w(KNIGHT, 1, 30, 34))
    apply(game, Move(0, ((10, 3.5),)))
    assert game.scores()[0].captives == 30
