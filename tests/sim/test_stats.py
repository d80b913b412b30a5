"""Batch statistics: the Wilson interval by hand, the summary, and who gets the credit."""

from __future__ import annotations

import pytest

from armybuilder.engine import (
    ClickStats,
    CloseAttack,
    FigureCard,
    Game,
    Pass,
    Scenario,
    ScenarioPlayer,
    WarriorSpec,
    apply,
)
from armybuilder.sim.stats import (
    FigureResult,
    GameResult,
    summarise,
    summarise_game,
    wilson,
)


@pytest.mark.parametrize(("wins", "n", "low", "high"), [
    # Worked by hand: centre (p + z^2/2n) / (1 + z^2/n), half-width
    # z * sqrt(p(1-p)/n + z^2/4n^2) / (1 + z^2/n), z = 1.96.
    (50, 100, 0.4038, 0.5962),
    (0, 10, 0.0, 0.2775),
    (8, 10, 0.4902, 0.9433),
    (10, 10, 0.7225, 1.0),
    (1, 1, 0.2065, 1.0),
])
def test_wilson_interval_by_hand(wins: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(wins, n)
    assert lo == pytest.approx(low, abs=1e-4)
    assert hi == pytest.approx(high, abs=1e-4)


def test_wilson_with_no_games_knows_nothing() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def _result(index: int, winner: str, vp_a: int, vp_b: int, rounds: int,
            survived: bool = True) -> GameResult:
    figures = (FigureResult("a", "demo:1", "Pike", 1 if winner == "a" else 0, 2, survived),
               FigureResult("a", "demo:1", "Pike", 0, 1, True),
               FigureResult("b", "demo:2", "Bow", 0, 0, winner != "a"))
    return GameResult(index=index, seed=index, winner=winner, vp_a=vp_a, vp_b=vp_b,
                      rounds=rounds, termination="time limit", first="a", edge_a="south",
                      figures=figures)


def test_summary_counts_draws_as_half_wins() -> None:
    results = [_result(2, "draw", 30, 30, 12), _result(0, "a", 40, 10, 5),
               _result(1, "b", 10, 50, 12, survived=False), _result(3, "a", 50, 0, 7)]
    s = summarise(results)
    assert s["games"] == 4
    assert s["wins"] == {"a": 2, "b": 1, "draw": 1}
    assert s["win_rate_a"] == pytest.approx(2.5 / 4)
    assert s["ci95"] == pytest.approx(list(wilson(2.5, 4)))
    # Victory points 40, 10, 30, 50: mean 32.5, sample standard deviation 17.078.
    assert s["victory_points"]["a"]["mean"] == pytest.approx(32.5)
    assert s["victory_points"]["a"]["sd"] == pytest.approx(17.0783, abs=1e-4)
    assert s["rounds"] == {"mean": 9.0, "median": 9.5, "min": 5, "max": 12,
                           "endings": {"time limit": 4}}
    pike, = s["figures"]["a"]
    # Two copies a game: eliminations 2 in 4 games, 3 clicks a game, 7 of 8 alive.
    assert pike == {"key": "demo:1", "name": "Pike", "count": 2, "eliminations": 0.5,
                    "survival_rate": pytest.approx(7 / 8), "clicks_dealt": 3.0,
                    "captures": 0.0}
    assert s["figures"]["b"][0]["survival_rate"] == pytest.approx(2 / 4)


def _card(name: str, clicks: int) -> FigureCard:
    dial = tuple(ClickStats(speed=7, attack=9, defense=16, damage=2) for _ in range(clicks))
    return FigureCard(key=f"test:{name.lower()}", name=name, points=20, clicks=dial,
                      factions=("Orc Raiders",))


def test_the_attacker_gets_the_clicks_and_the_elimination() -> None:
    # Warriors 1" apart, bases touching; 6+5 with attack 9 is 20 against defense 16: two
    # clicks eliminate a two-click dial, and only one side is left (Rulebook VI).
    game = Game.from_scenario(Scenario(
        players=(ScenarioPlayer("P0", "south"), ScenarioPlayer("P1", "north")),
        warriors=(WarriorSpec(_card("Axe", 4), 0, (10.0, 10.0), 0.0),
                  WarriorSpec(_card("Victim", 2), 1, (11.0, 10.0), 3.14159)),
        dice=(6, 5)))
    apply(game, CloseAttack(warrior=0, target=1))
    assert game.over
    r = summarise_game(game, 7, 99)
    assert (r.index, r.seed, r.winner, r.first, r.edge_a) == (7, 99, "a", "a", "south")
    assert (r.vp_a, r.vp_b, r.termination) == (40, 0, "one side left")
    axe, victim = r.figures
    assert (axe.side, axe.eliminations, axe.clicks_dealt, axe.survived) == ("a", 1, 2, True)
    assert (victim.side, victim.eliminations, victim.clicks_dealt, victim.survived) == \
        ("b", 0, 0, False)


def test_an_unfinished_game_has_no_result() -> None:
    game = Game.from_scenario(Scenario(
        players=(ScenarioPlayer("P0", "south"), ScenarioPlayer("P1", "north")),
        warriors=(WarriorSpec(_card("Axe", 4), 0, (10.0, 10.0)),
                  WarriorSpec(_card("Victim", 2), 1, (20.0, 20.0)))))
    with pytest.raises(ValueError, match="not over"):
        summarise_game(game, 0, 0)


def test_a_capture_is_credited_and_the_captive_did_not_survive() -> None:
    game = Game.from_scenario(Scenario(
        players=(ScenarioPlayer("P0", "south"), ScenarioPlayer("P1", "north")),
        warriors=(WarriorSpec(_card("Axe", 4), 0, (10.0, 10.0), 0.0),
                  WarriorSpec(_card("Victim", 2), 1, (11.0, 10.0), 3.14159)),
        dice=(6, 5)))
    apply(game, CloseAttack(warrior=0, target=1, capture=True))
    # Captives do not count for ending the game (Rulebook VI): only side a is left.
    assert game.over
    axe, victim = summarise_game(game, 0, 0).figures
    assert (axe.captures, axe.eliminations, axe.clicks_dealt) == (1, 0, 0)
    assert victim.survived is False


def test_venom_damage_and_its_elimination_are_credited_to_the_venom_figure() -> None:
    # Special Abilities Card, Venom: a click, at the start of its owner's turn, to each
    # opposing figure in contact with its front arc. Damage dealt outside an attack names
    # its source in the log, so the figure's statistics count it.
    spider = FigureCard(key="test:spider", name="Spider", points=20, factions=("Orc Raiders",),
                        clicks=tuple(ClickStats(speed=7, attack=9, defense=16, damage=2,
                                                abilities=("Venom",)) for _ in range(4)))
    game = Game.from_scenario(Scenario(
        players=(ScenarioPlayer("P0", "south"), ScenarioPlayer("P1", "north")),
        warriors=(WarriorSpec(_card("Victim", 1), 0, (10.0, 10.0), 0.0),
                  WarriorSpec(spider, 1, (11.0, 10.0), 3.14159))))
    apply(game, Pass(0))  # player 1's turn begins: Venom strikes, the last click is gone
    assert game.over
    victim, venom = summarise_game(game, 0, 0).figures
    assert (venom.eliminations, venom.clicks_dealt) == (1, 1)
    assert (victim.eliminations, victim.clicks_dealt, victim.survived) == (0, 0, False)
