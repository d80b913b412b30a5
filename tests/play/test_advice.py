"""The expert's advice on the play screen: what it weighed for the AI's last action, and a
hint for the player whose turn it is, both in the screen's words."""

from __future__ import annotations

from armybuilder.play.advice import TOP, hint
from play.play_support import at, card, duel


def _fighters(commanders: tuple[str, str]):  # type: ignore[no-untyped-def]
    return duel(
        at(card("Brute", 40, attack=11, damage=3), 0, 10.0, 10.0),
        at(card("Grunt", 20, defense=15, clicks=6), 1, 10.0, 11.0),
        at(card("Archer", 20, rng=8, attack=9), 0, 20.0, 8.0),
        at(card("Scout", 20, defense=14), 1, 20.0, 14.0),
        commanders=commanders)


def test_the_expert_opponent_tells_what_it_weighed_and_how_far_it_got() -> None:
    s = _fighters(("expert:12", "human"))
    told: list[tuple[int, int]] = []
    option = s.ai_choice(progress=lambda done, total: told.append((done, total)))
    assert told[-1] == (12, 12) and len(told) == 12
    assert s.weighed is not None and s.weighed.seat == 0
    assert 1 <= len(s.weighed.options) <= TOP
    assert s.weighed.options[0].words == option.words  # its choice first
    assert all(0.0 <= o.win_chance <= 1.0 and o.simulations for o in s.weighed.options)
    assert sum(o.simulations for o in s.weighed.options) <= 12
    # A player that does not search leaves nothing to show.
    s.play(option)
    plain = _fighters(("heuristic", "human"))
    plain.ai_choice()
    assert plain.weighed is None


def test_a_hint_is_the_experts_top_three_for_the_player_to_act() -> None:
    s = _fighters(("human", "heuristic"))
    before = s.log_json()
    advice = hint(s, "10")
    assert advice is not None and advice.seat == 0 and advice.simulations == 10
    assert 1 <= len(advice.options) <= TOP
    assert advice.lines()[0].startswith("1. ")
    assert "simulations" in advice.lines()[0]
    assert s.log_json() == before  # thought on a copy
    assert hint(s, "10") == advice  # the same seed, the same budget: the same hint
