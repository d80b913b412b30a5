"""Rulebook III, Turns and Actions: action totals, one action per warrior, tokens, pushing."""

from __future__ import annotations

import pytest
from engine_helpers import NORTH, SOUTH, card, find, kinds, scenario, w

from armybuilder.engine import IllegalAction, Move, Pass, apply

GRUNT = card("Grunt", 20, speed=8)


def far_apart(build: int = 100, n: int = 3, **kwargs: object):
    specs = [w(GRUNT, 0, 10 + 2 * i, 2, NORTH) for i in range(n)]
    specs += [w(GRUNT, 1, 10 + 2 * i, 34, SOUTH) for i in range(n)]
    return scenario(*specs, build=build, **kwargs)


def test_one_action_per_100_points_then_the_turn_passes() -> None:
    game = far_apart(build=(200, 100))
    assert game.turn_actions == 2
    apply(game, Pass(0))
    assert game.current == 0
    events = apply(game, Pass(1))
    assert kinds(events)[-2:] == ["turn_end", "turn"]
    assert game.current == 1 and game.turn_actions == 1
    apply(game, Pass(3))
    assert game.current == 0 and game.round == 2


def test_no_warrior_gets_two_actions_in_a_turn() -> None:
    game = far_apart(build=200)
    apply(game, Move(0, ((10, 5),)))
    with pytest.raises(IllegalAction, match="more than one action per turn"):
        apply(game, Pass(0))


def test_only_your_own_warriors_and_only_on_your_turn() -> None:
    game = far_apart()
    with pytest.raises(IllegalAction, match="your own warriors"):
        apply(game, Pass(3))


def test_excess_actions_are_lost_when_there_are_more_actions_than_warriors() -> None:
    game = far_apart(build=(300, 100), n=2)
    apply(game, Pass(0))
    apply(game, Pass(1))
    assert game.current == 1  # the third action had no warrior to go to


def test_pushing_costs_a_click_after_the_second_consecutive_action() -> None:
    game = far_apart()
    apply(game, Move(0, ((10, 6),)))
    assert game.warriors[0].tokens == 1
    apply(game, Pass(3))
    events = apply(game, Move(0, ((10, 10),)))
    # The move is fully resolved first, then the click of pushing damage.
    assert kinds(events).index("moved") < kinds(events).index("damage")
    assert find(events, "damage")[0] == {"e": "damage", "warrior": 0, "clicks": 1, "click": 1,
                                         "cause": "pushing"}
    assert game.warriors[0].tokens == 2
    apply(game, Pass(3))
    with pytest.raises(IllegalAction, match="three consecutive turns"):
        apply(game, Move(0, ((10, 12),)))
    apply(game, Pass(0))  # a pass is always allowed
    apply(game, Pass(3))
    assert game.warriors[0].tokens == 0  # both tokens went at the end of that turn
    events = apply(game, Move(0, ((10, 14),)))
    assert not find(events, "damage")


def test_tokens_from_the_turn_before_go_at_the_end_of_your_turn() -> None:
    game = far_apart()
    apply(game, Move(0, ((10, 6),)))
    assert game.warriors[0].tokens == 1
    apply(game, Pass(3))
    apply(game, Move(1, ((12, 6),)))  # warrior 0 rests this turn
    assert game.warriors[0].tokens == 0 and game.warriors[1].tokens == 1


def test_a_pass_never_pushes() -> None:
    game = far_apart()
    apply(game, Move(0, ((10, 6),)))
    apply(game, Pass(3))
    events = apply(game, Pass(0))
    # No damage, no token: the old token went at the end of the turn.
    assert not find(events, "damage") and game.warriors[0].tokens == 0


def test_pushing_can_eliminate_and_scores_for_nobody() -> None:
    frail = card("Frail", 15, clicks=1)
    game = scenario(w(frail, 0, 10, 2, NORTH, tokens=1), w(GRUNT, 0, 14, 2),
                    w(GRUNT, 1, 10, 34, SOUTH))
    events = apply(game, Move(0, ((10, 5),)))
    assert "eliminated" in kinds(events) and not find(events, "score")
    assert not game.warriors[0].on_table and game.players[1].score == 0


def test_players_without_warriors_are_skipped() -> None:
    game = scenario(w(GRUNT, 0, 10, 2), w(GRUNT, 1, 10, 34), w(GRUNT, 2, 2, 18),
                    players=3, build=100)
    game.warriors[1].on_table = False  # player 1 has been wiped out
    apply(game, Pass(0))
    assert game.current == 2
