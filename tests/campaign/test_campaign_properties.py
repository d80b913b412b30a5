"""Random all-AI campaigns, checked after every step: gold never below zero (no house rule
allows it by default), no territory held by two players, every warrior in exactly one
place (the pool, a band, or held captive) and none lost or made, and the log replaying to
the same campaign. In some, the first player's seat is a human's whose battles are played
as games of the play screen (the engine's heuristic player giving every action) and taken
as the battle's result, as a game played to its end on the screen is."""

from __future__ import annotations

from campaign_helpers import fresh
from hypothesis import given, settings
from hypothesis import strategies as st

from armybuilder.ai.players import HeuristicPlayer
from armybuilder.campaign import played
from armybuilder.campaign.actions import Fight
from armybuilder.campaign.ai import CampaignAI
from armybuilder.campaign.battle import derive, fight
from armybuilder.campaign.game import apply, replay
from armybuilder.engine import apply as engine_apply


def check(c, total: int) -> None:
    assert all(p.gold >= 0 for p in c.players)
    assert len(c.warriors) == total
    placed: dict[int, str] = {}
    for b in c.bands.values():
        assert b.warriors, "a band with no one in it"
        assert b.general is None or b.general in b.warriors
        for i in b.warriors:
            assert i not in placed, f"warrior {i} in two places"
            placed[i] = "band"
            w = c.warriors[i]
            assert (w.owner, w.band) == (b.owner, b.id)
    for i in c.captives:
        assert i not in placed and c.warriors[i].band is None
        placed[i] = "captive"
    for w in c.warriors:
        if w.id not in placed and c.turn == 0 and w.owner is not None:
            continue  # a starting army waiting for its HQ
        if w.id not in placed:
            assert w.owner is None and w.band is None, f"warrior {w.id} is nowhere"
            assert w.click == c.card(w).starting_click
    for t, h in c.holdings.items():
        assert h.owner is None or 0 <= h.owner < len(c.players)
        waiting = c.pending[0].kind if c.pending else None
        if c.battle is None and waiting in (None, "purchase", "move"):
            # Between battles no territory holds two players' warriors.
            assert len(c.occupants(t)) <= 1, t


def result(c) -> dict:
    """The battle's result: auto-resolved, or played as the play screen's game when a
    human takes part."""
    if not played.human_sides(c):
        return fight(c).result
    game = played.open_game(c).session.game
    player = HeuristicPlayer(derive(c.start.seed, "played", c.battle.number))
    while not game.over:
        engine_apply(game, player.choose(game))
    return played.played_result(c, game.log_json(), c.battle.number)


# 20 campaigns of up to 48 turns (8 with a human's seat), the same 20 in every run, so the
# cost does not vary from run to run: about 16 s of CPU.
@settings(max_examples=20, deadline=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=2**40),
       players=st.sampled_from([2, 3, 4, 6]), turns=st.integers(min_value=3, max_value=48),
       human=st.booleans())
def test_random_all_ai_campaigns_keep_the_rules(seed: int, players: int, turns: int,
                                                human: bool) -> None:
    seats = ("human" if human else "ai",) + ("ai",) * (players - 1)
    c = fresh(players, seed=seed, seats=seats)
    total = len(c.warriors)
    ai = CampaignAI()
    check(c, total)
    while not c.over and c.turn < turns:
        d = c.decision()
        apply(c, Fight(result(c)) if d.kind == "battle" else ai.choose(c))
        check(c, total)
    again = replay(c.start, c.log)
    assert again.snapshot() == c.snapshot()
    assert again.log == c.log
