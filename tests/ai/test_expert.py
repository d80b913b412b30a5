"""The expert player: positions written from the rules where the heuristic's one-ply choice
is wrong and a search finds the right one, its budgets, its determinism, and that its
choices are always legal (hand-made dials: the figures are invented)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable

import pytest
from chariot_cards import chariot, fixture_chariots
from fixture_figures import fixture_castle_figures
from positions_support import NORTH, SOUTH, at, card, position

from armybuilder.ai.expert import ExpertPlayer
from armybuilder.ai.figure_play import play_of
from armybuilder.ai.heuristic import HeuristicPlayer
from armybuilder.ai.players import RandomPlayer
from armybuilder.ai.registry import PLAYERS, make_player
from armybuilder.ai.standing import THREAT_SHARE, WOUND_SHARE, margin
from armybuilder.ai.think import Think, parse_think
from armybuilder.engine import (
    CloseAttack,
    Dice,
    FigureCard,
    Fortification,
    Game,
    GameSetup,
    Pass,
    PlayerSetup,
    RangedAttack,
    castle_card,
    castle_default_plan,
)
from armybuilder.play.review import FLOOR, review
from armybuilder.sim.match import play_game
from armybuilder.sim.terrain_presets import terrain_for

# --- tactics a search sees and one ply does not --------------------------------------------


def _threatened_treasure() -> Game:
    # Rulebook III, Ranged Combat: our shooter (one action a turn, 100 points) may shoot
    # the enemy archer or the enemy's richer prize; the archer, left standing, shoots our
    # treasure (60 points, one click from elimination) on its turn, hitting on a 3.
    return position(
        at(card("shooter", range_=8, attack=10, damage=2, points=30), 0, 18, 11, NORTH),
        at(card("treasure", points=60, attack=1, defense=15, clicks=1), 0, 12, 12, NORTH),
        at(card("archer", points=20, attack=12, damage=3, clicks=1, range_=8), 1, 15, 17,
           SOUTH),
        at(card("prize", points=45, clicks=1), 1, 21, 17, SOUTH), seed=3)


def test_the_expert_shoots_the_archer_that_would_eliminate_its_treasure() -> None:
    game = _threatened_treasure()
    # One ply: the prize is worth more than the archer, so the heuristic shoots it ...
    assert HeuristicPlayer(1).choose(game) == RangedAttack(0, (3,))
    # ... and loses the treasure on the archer's turn; the expert sees that turn coming.
    expert = ExpertPlayer(1, "48")
    assert expert.choose(game) == RangedAttack(0, (2,))
    assert expert.last is not None
    best, *others = expert.last.options
    assert best.action == RangedAttack(0, (2,))
    assert all(best.win_chance > o.win_chance for o in others)


def _capture_at_home() -> Game:
    # Rulebook III, Capturing, and VI, Victory!: a captive held in the captor's starting
    # area scores double its points, where an elimination scores them once. The prize
    # stands in our starting area (within 3" of the south edge) with one click left.
    return position(
        at(card("captor", attack=11, damage=3), 0, 18, 1, NORTH),
        at(card("prize", points=40, defense=8, clicks=3), 1, 18, 2, SOUTH),
        at(card("ours", points=30), 0, 10, 20, NORTH),
        at(card("theirs", points=30), 1, 26, 33, SOUTH), seed=3)


def test_the_expert_takes_a_capture_whose_captive_scores_double_at_home() -> None:
    game = _capture_at_home()
    strike, capture = CloseAttack(0, 1), CloseAttack(0, 1, capture=True)
    # One ply values a capture below an elimination wherever it is made.
    assert HeuristicPlayer(1).choose(game) == strike
    assert ExpertPlayer(1, "32").choose(game) == capture


def test_the_expert_does_not_push_a_warrior_to_its_elimination_for_a_small_gain() -> None:
    # Rulebook III, Pushing: a warrior given an action two turns running takes a click;
    # this one acted last turn and has one click left, so a swing at the wall (a hit on
    # an 11 or 12 for a sliver of its points) would eliminate it. Resting it is right.
    game = position(
        at(card("tired", points=40, attack=7, damage=1, clicks=1), 0, 18, 18, NORTH),
        at(card("wall", points=8, defense=18, clicks=8), 1, 18, 19.0, SOUTH),
        at(card("far", points=30), 1, 30, 33, SOUTH), seed=3)
    w = game.warriors[0]
    w.tokens, w.acted_turn, w.token_turn = 1, game.turn - 2, game.turn - 2
    expert = ExpertPlayer(2, "24")
    assert expert.choose(game) == Pass(0)
    assert expert.last is not None
    swing = next(o for o in expert.last.options if o.action == CloseAttack(0, 1))
    assert swing.simulations and swing.win_chance < expert.last.options[0].win_chance


# --- budgets, determinism, legality --------------------------------------------------------


def test_a_chariots_wounds_weigh_on_its_sides_standing() -> None:
    # Chariot rules, Combat Dials: the clicks its four dials turn bring it nearer six
    # skulls; the search read none of them before the chariot was eliminated, though a
    # chariot is most of its army's points (with them read, benchmarks/expert.py's
    # chariots row rose from 52.5% to 72.5%).
    cart, foe = chariot("War Cart"), card("foe")
    start = cart.starting_click
    fresh = position(at(cart, 0, 10, 10, NORTH), at(foe, 1, 30, 30, SOUTH))
    hurt = position(at(cart, 0, 10, 10, NORTH, sections=(start + 2, start, start + 1, start)),
                    at(foe, 1, 30, 30, SOUTH))
    c = hurt.warriors[0]
    lost, life = play_of(c).wounds(c)
    assert lost == 3 and life > lost
    assert play_of(fresh.warriors[0]).wounds(fresh.warriors[0])[0] == 0
    assert margin(fresh, 0) - margin(hurt, 0) == pytest.approx(
        WOUND_SHARE * cart.points * lost / life)
    # A shooter in range threatens it by a click's share of its life.
    gunner = card("gunner", range_=10)
    threatened = position(at(cart, 0, 10, 10, NORTH), at(gunner, 1, 10, 18, SOUTH))
    alone = position(at(cart, 0, 10, 10, NORTH), at(gunner, 1, 30, 30, SOUTH))
    fresh_life = play_of(alone.warriors[0]).wounds(alone.warriors[0])[1]
    assert margin(alone, 0) - margin(threatened, 0) == pytest.approx(
        THREAT_SHARE * cart.points / fresh_life)


def test_the_budget_is_simulations_or_time() -> None:
    assert parse_think("400") == Think(simulations=400)
    assert parse_think("1s").seconds == 1.0
    assert parse_think("500ms").seconds == 0.5
    for bad in ("", "0", "fast", "-3", "1h", "0.001s"):
        with pytest.raises(ValueError, match="think budget"):
            parse_think(bad)


def test_the_registry_names_the_expert_with_its_budget() -> None:
    assert "expert" in PLAYERS.kinds()
    player = make_player("expert:12", 3)
    assert isinstance(player, ExpertPlayer) and player.think == Think(simulations=12)
    assert PLAYERS.with_think("expert", "1s") == "expert:1s"
    assert PLAYERS.with_think("heuristic", "1s") == "heuristic"  # it does not think
    assert PLAYERS.with_think("expert:40", "1s") == "expert:40"  # its own budget stands
    with pytest.raises(ValueError, match="takes no think budget"):
        PLAYERS.check_choice("heuristic:400")
    with pytest.raises(ValueError, match="think budget"):
        PLAYERS.check_choice("expert:lots")


def test_a_budgeted_choice_is_the_same_every_time() -> None:
    game = _threatened_treasure()
    first = ExpertPlayer(7, "24")
    second = ExpertPlayer(7, "24")
    one, two = first.choose(game), second.choose(game.copy())
    assert one == two
    assert first.last is not None and second.last is not None
    assert first.last.options == second.last.options
    assert first.last.simulations == 24


def _chariots() -> GameSetup:
    cart = sorted(fixture_chariots().values(), key=lambda c: c.key)[0]
    army = (cart, FOOT, ARCHER)
    return GameSetup(players=(
        PlayerSetup("A", army, 200, "south", terrain=terrain_for("standard", 0),
                    passengers=((1, 0),)),
        PlayerSetup("B", army, 200, "north", terrain=terrain_for("standard", 1))),
        seed=11, round_limit=6)


def _castle() -> GameSetup:
    pieces = fixture_castle_figures()
    castle = (castle_card(pieces["keep"]), castle_card(pieces["wall"]), ARCHER, FOOT)
    return GameSetup(players=(
        PlayerSetup("Castle", castle, 300, "south",
                    castle=castle_default_plan(castle, "south", 48.0)),
        PlayerSetup("Siege", (FOOT, ARCHER, FOOT, ARCHER), 300, "north",
                    terrain=terrain_for("standard", 1))),
        seed=5, round_limit=6, table=48.0)


def _structures() -> GameSetup:
    outpost = Fortification("outpost", 0, 2.0, 17, 6, (("back", 2.0),), 4, 1)
    banner = Fortification("banner", 1, 0.955, 12, 1)
    return GameSetup(players=(
        PlayerSetup("Holder", (FOOT, ARCHER, FOOT), 200, "south",
                    terrain=terrain_for("standard", 0)),
        PlayerSetup("Raider", (FOOT, ARCHER, FOOT), 200, "north",
                    terrain=terrain_for("standard", 1))),
        seed=3, round_limit=6, fortifications=(outpost, banner), holders_set_up=True)


FOOT = card("footman", points=20, speed=8, clicks=5)
ARCHER = card("archer", points=25, speed=7, range_=8, clicks=5)


def _in_play(setup: GameSetup) -> Game:
    game = Game.new(setup)
    heuristic = HeuristicPlayer(1)
    while game.phase != "play":
        game.apply(heuristic.choose(game))
    return game


def test_the_default_budget_is_cut_in_a_siege_and_with_chariots_and_a_told_one_stands(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A siege's playouts cost up to twice a field battle's, a chariot's a little more: the
    # default budget is still a count (the same choice on any machine), the least share
    # the kinds on the table leave (ai.figure_play.FigurePlay.search_share).
    from armybuilder.ai import think
    from armybuilder.ai.expert import simulations_for
    siege, chariots = _in_play(_castle()), _in_play(_chariots())
    field = _in_play(_structures())
    assert simulations_for(Think(), field) == think.DEFAULT_SIMULATIONS
    assert simulations_for(Think(), chariots) == think.DEFAULT_SIMULATIONS * 3 // 4
    assert simulations_for(Think(), siege) == think.DEFAULT_SIMULATIONS // 2
    assert simulations_for(parse_think("24"), siege) == 24
    monkeypatch.setattr(think, "DEFAULT_SIMULATIONS", 8)
    expert = ExpertPlayer(4)
    while expert.last is None:
        siege.apply(expert.choose(siege))
    assert expert.last.simulations == 4


def test_a_search_stops_at_its_bound_on_the_lines_of_fire_its_playouts_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The bound is a count (foresight.LINES_OF_FIRE a simulation asked), never a clock:
    # set low, it stops a search on terrain before its budget, at the same place and with
    # the same choice every time; at its own value it leaves this position alone.
    from armybuilder.ai import foresight
    game = _in_play(_chariots())
    heuristic = HeuristicPlayer(1)
    while game.round < 4 or game.pending:  # the armies met: lines of fire to read
        game.apply(heuristic.choose(game))
    unbound = ExpertPlayer(6, "12")
    unbound.choose(game.copy())
    assert unbound.last is not None
    assert unbound.last.simulations == 12 and not unbound.last.bounded
    monkeypatch.setattr(foresight, "LINES_OF_FIRE", 2)
    first, second = ExpertPlayer(6, "12"), ExpertPlayer(6, "12")
    assert first.choose(game.copy()) == second.choose(game.copy())
    assert first.last is not None and second.last is not None
    assert first.last.bounded and 1 <= first.last.simulations < 12
    assert first.last.options == second.last.options
    assert first.last.simulations == second.last.simulations


def test_an_action_of_many_ways_is_sampled_not_counted_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Past foresight.WAYS_COUNTED ways (a chariot's volley: some 660) an option's chance
    # node holds SAMPLED_WAYS rolls of the searcher's own dice, each as likely; drawn from
    # its seed, the same every time.
    from armybuilder.ai import foresight
    from armybuilder.engine import Dice, RangedAttack, legal_actions
    game = _in_play(_chariots())
    heuristic = HeuristicPlayer(1)
    while not any(isinstance(a, RangedAttack) for a in legal_actions(game, None, {"ranged"})) \
            or game.pending:
        game.apply(heuristic.choose(game))
    shot = next(a for a in legal_actions(game, None, {"ranged"}) if isinstance(a, RangedAttack))
    searches = [foresight.Search(game, game.to_act, Dice(3), [HeuristicPlayer(1)] * 2)
                for _ in range(2)]
    counted = searches[0]._ways(game, shot)
    assert len(counted) <= foresight.WAYS_COUNTED and \
        math.isclose(sum(w.chance for w in counted), 1.0)
    monkeypatch.setattr(foresight, "WAYS_COUNTED", 1)
    sampled = [s._ways(game, shot) for s in searches]
    assert [len(ways) for ways in sampled] == [foresight.SAMPLED_WAYS] * 2
    assert all(w.chance == 1.0 / foresight.SAMPLED_WAYS for w in sampled[0])
    assert [w.game.log_json() for w in sampled[0]] == [w.game.log_json() for w in sampled[1]]
    # Rolls of their own: not all the same way.
    assert len({w.game.log_json() for w in sampled[0]}) > 1


@pytest.mark.parametrize("setup", [_chariots, _castle, _structures])
def test_the_experts_choices_are_always_legal(setup: Callable[[], GameSetup]) -> None:
    # Random positions along games the heuristic plays (chariots and their passengers, a
    # castle, World Conquest structures, among terrain): at every step the expert, on a
    # tiny budget, is asked too and its choice must be legal.
    game = Game.new(setup())
    heuristic, expert = HeuristicPlayer(1), ExpertPlayer(2, "3")
    asked = searched = 0
    steps = Dice(9)
    while not game.over and asked < 14:
        if game.phase == "play" and steps.below(3) == 0:
            choice = expert.choose(game)
            assert game.is_legal(choice), choice
            asked += 1
            searched += expert.last is not None
        game.apply(heuristic.choose(game))
    assert asked >= 8 and searched >= 3


def test_a_campaign_may_have_the_expert_command_its_ai_sides() -> None:
    from armybuilder.ai.commander import Commander
    from armybuilder.campaign.house_rules import HouseRuleError, HouseRules

    rules = HouseRules.from_dict({"battle_ai": "expert:8"})
    assert rules.battle_ai == "expert:8" and rules.to_dict()["battle_ai"] == "expert:8"
    # Left out while it is the heuristic: campaigns kept before it was a rule read the same.
    assert "battle_ai" not in HouseRules().to_dict()
    for bad in ("expert:1s", "random", "expert:0", 3):
        with pytest.raises(HouseRuleError, match="battle_ai"):
            HouseRules.from_dict({"battle_ai": bad})
    commander = Commander(5, side=0, may_withdraw=False, below=0.35, ai=rules.battle_ai)
    assert isinstance(commander.inner, ExpertPlayer)
    game = _threatened_treasure()
    assert commander.choose(game) == RangedAttack(0, (2,))


def _match_armies() -> tuple[tuple[FigureCard, ...], tuple[FigureCard, ...]]:
    a = (card("archer", range_=8, points=30, speed=7), card("guard", points=30),
         card("brute", attack=10, points=40), card("archer2", range_=6, points=30, attack=10),
         card("guard2", points=30, defense=17))
    b = (card("sling", range_=6, points=25, attack=8), card("spear", points=35),
         card("ogre", points=40, defense=17, speed=6), card("bow", range_=8, points=35),
         card("axe", points=25, damage=3))
    return a, b


@pytest.mark.slow
def test_a_short_mirrored_match_goes_to_the_expert() -> None:
    # Mirrored pairs (benchmarks/expert.py in small): the same armies and dice, the expert
    # in each seat once against the heuristic; a small budget, two actions a turn.
    a, b = _match_armies()
    score = 0.0
    for seed in (0, 1):
        setup = GameSetup(players=(PlayerSetup("A", a, 200, "south"),
                                   PlayerSetup("B", b, 200, "north")),
                          seed=seed, round_limit=10)
        for seat in (0, 1):
            players = [ExpertPlayer(seed, "8") if k == seat else HeuristicPlayer(seed)
                       for k in (0, 1)]
            won = play_game(setup, players).outcome.winners  # type: ignore[union-attr]
            score += 0.0 if seat not in won else 1.0 if len(won) == 1 else 0.5
    assert score >= 3, score  # of 4 games


def test_a_review_marks_the_costliest_decisions_with_the_experts_alternative() -> None:
    a, b = _match_armies()
    game = play_game(GameSetup(players=(PlayerSetup("A", a[:3], 100, "south"),
                                        PlayerSetup("B", b[:3], 100, "north")),
                               seed=2, round_limit=5), [RandomPlayer(1), RandomPlayer(2)])
    data = json.loads(game.log_json())
    told: list[tuple[int, int]] = []
    found = review(data, "6", lambda done, total: told.append((done, total)))
    assert told[-1] == (len(data["entries"]) - 1,) * 2
    assert 0 < found.weighed < len(data["entries"])
    marked = [s for side in found.slips for s in side]
    assert marked  # random play leaves something to mark
    for slip in marked:
        assert slip.lost >= FLOOR and slip.played != slip.better
        assert slip.words().startswith(f"round {slip.round}, {slip.side}: played")
    assert review(data, "6") == found  # the same log and budget: the same review
