"""The heuristic player with chariots (the unified chariot rules): it combines move
actions, rams, turns its strongest section towards the enemy and keeps inactive ones away,
picks the section a choice owes, boards and gets off; and it beats the random player with
chariots on both sides."""

from __future__ import annotations

import math

import pytest
from chariot_cards import chariot, fixture_chariots
from positions_support import EAST, NORTH, SOUTH, WEST, card

from armybuilder.ai import chariots as ai_chariots
from armybuilder.ai import heuristic
from armybuilder.ai.heuristic import HeuristicPlayer
from armybuilder.ai.players import make_player
from armybuilder.engine import (
    SECTIONS,
    Board,
    ChariotMove,
    ChooseSection,
    Dice,
    Disembark,
    Game,
    GameSetup,
    PlayerSetup,
    Scenario,
    ScenarioPlayer,
    SectionChoice,
    WarriorSpec,
    apply,
    chariot_turn_violation,
)
from armybuilder.sim.match import play_game
from armybuilder.sim.random_armies import random_army

CART = chariot("War Cart")
RAM_CART = chariot("Ram Cart", abilities={"front": {i: ("Ram",) for i in range(4)}})


def at(c: object, player: int, x: float, y: float, facing: float = 0.0, **kw: object
       ) -> WarriorSpec:
    return WarriorSpec(card=c, player=player, at=(x, y), facing=facing, **kw)  # type: ignore


def game_of(*specs: WarriorSpec, build: int = 300, dice: tuple[int, ...] | None = None
            ) -> Game:
    players = (ScenarioPlayer("P0", "south", build), ScenarioPlayer("P1", "north", build))
    return Game.from_scenario(Scenario(players=players, warriors=specs, seed=3, dice=dice))


def test_far_from_the_enemy_it_combines_its_move_actions() -> None:
    game = game_of(at(CART, 0, 10, 3, NORTH), at(card("foe"), 1, 10, 33, SOUTH))
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, ChariotMove) and len(action.sections) >= 2
    assert action.distance > 6  # further than its fastest section alone


def test_it_rams_an_enemy_in_its_path() -> None:
    game = game_of(at(RAM_CART, 0, 10, 10, NORTH), at(card("foe", defense=20), 1, 10, 16.5),
                   build=100)
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, ChariotMove)
    events = apply(game, action)
    while game.pending:
        events += apply(game, make_player("heuristic", 2).choose(game))
    assert [e for e in events if e["e"] == "damage" and e.get("ability") == "Ram"]


def test_it_turns_its_strongest_section_towards_a_shooter() -> None:
    # The front (defense 20) is far harder to hit than the left (defense 10).
    strong = chariot("Shield Cart", values={"front": (0, 9, 20, 2), "left": (6, 7, 10, 2),
                                            "right": (6, 7, 10, 2), "rear": (6, 8, 10, 2)})
    shooter = card("gunner", attack=10, damage=3, range_=10)
    game = game_of(at(strong, 0, 10, 10, EAST), at(shooter, 1, 10, 17, SOUTH), build=100)
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, ChariotMove)
    apply(game, action)
    c = game.warriors[0]
    facing_shooter = c.shape.section_toward(math.atan2(17 - c.y, 10 - c.x) - c.facing)
    assert SECTIONS[facing_shooter] == "front"


def test_a_hemmed_in_chariot_is_not_checked_at_facings_it_cannot_turn_to(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A post touching its left side: it cannot turn towards the enemy where it stands, and
    # every candidate move at such a facing would fail that same first check.
    specs = (at(CART, 0, 10, 10, EAST), at(card("post", speed=0), 0, 10, 11.7),
             at(card("foe"), 1, 10, 30, SOUTH))
    checked: list[object] = []
    is_legal = Game.is_legal

    def counted(self: Game, action: object) -> bool:
        checked.append(action)
        return is_legal(self, action)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "is_legal", counted)
    game = game_of(*specs)
    choice = HeuristicPlayer(1).choose(game)
    c = game.warriors[0]
    doomed = [a for a in checked if isinstance(a, ChariotMove) and a.facing is not None
              and abs(a.facing - c.facing) > 1e-9
              and chariot_turn_violation(game, c, a.sections, a.facing) is not None]
    assert isinstance(choice, ChariotMove) and checked and not doomed
    # Without asking once per facing: the same choice, after checking the doomed ones.
    monkeypatch.setattr(heuristic, "chariot_turn_violation", lambda *args: None)
    checked.clear()
    assert HeuristicPlayer(1).choose(game_of(*specs)) == choice
    assert len(checked) > 1


def test_an_inactive_section_facing_the_enemy_is_read_as_the_weakest_active_one() -> None:
    game = game_of(at(CART, 0, 10, 10, EAST, sections=(6, 0, 0, 0)),
                   at(card("gunner", attack=10, range_=10), 1, 16, 10, WEST))
    c, foes = game.warriors[0], [game.warriors[1]]
    front_to_enemy = ai_chariots.place_value(game, c, (10, 10), EAST, foes)
    rear_to_enemy = ai_chariots.place_value(game, c, (10, 10), WEST, foes)
    assert rear_to_enemy > front_to_enemy


def test_the_pushing_click_goes_on_the_section_it_hurts_least() -> None:
    # The front's next click shows a skull; the rear's does not.
    game = game_of(at(CART, 0, 10, 10, EAST, sections=(3, 0, 0, 0)),
                   at(card("foe"), 1, 30, 30))
    item = SectionChoice(warrior=0, options=(0, 3), purpose="pushing", holder=None)
    assert ai_chariots.choose_section(game, item) == ChooseSection(0, "rear")


def test_on_a_borderline_it_takes_the_attack_on_the_harder_section() -> None:
    shield = chariot("Shield Cart", values={"front": (6, 9, 19, 2), "left": (4, 7, 12, 2),
                                            "right": (4, 7, 12, 2), "rear": (4, 8, 12, 2)})
    game = game_of(at(shield, 0, 10, 10, EAST), at(card("foe"), 1, 30, 30))
    item = SectionChoice(warrior=0, options=(0, 1), purpose="attack", holder=None)
    assert ai_chariots.choose_section(game, item) == ChooseSection(0, "front")


def test_a_warrior_boards_when_the_enemy_is_far_and_gets_off_near_it() -> None:
    walker = card("walker", speed=5)
    far = game_of(at(CART, 0, 10, 5, NORTH), at(walker, 0, 10, 3.1, NORTH),
                  at(card("foe"), 1, 10, 33, SOUTH), build=100)
    options = ai_chariots.passenger_moves(far, [far.warriors[1]], [far.warriors[2]])
    assert options and isinstance(options[0][1], Board)
    near = game_of(at(CART, 0, 10, 10, NORTH), WarriorSpec(walker, 0, None, riding=0),
                   at(card("foe"), 1, 10, 16, SOUTH), build=200)
    player, given = HeuristicPlayer(1), []
    while near.current == 0 and not near.over:
        given.append(player.choose(near))
        apply(near, given[-1])
    assert any(isinstance(a, Disembark) for a in given), given


#: Ten seeded games, five in each seat: the heuristic must win them all (a player no better
#: than random wins all ten about once in a thousand).
REAL_GAMES = 10


def test_the_heuristic_beats_the_random_player_with_chariots_on_both_sides() -> None:
    from test_players import REAL, _real_cards
    if not REAL.is_file():
        pytest.skip("../shared/data is not present")
    cards = _real_cards()
    carts = list(fixture_chariots().values())
    wins = 0
    for seed in range(REAL_GAMES):
        rng = Dice(seed)
        sides = []
        for edge in ("south", "north"):
            c = rng.choice(carts)
            army = (c, *random_army(cards, rng, 200 - c.points))
            riders = [i for i, x in enumerate(army) if i and x.base != "cavalry"]
            sides.append(PlayerSetup(edge, army, 200, edge,
                                     passengers=((riders[0], 0),) if riders else ()))
        seat = seed % 2
        players = [make_player("random", seed), make_player("random", seed)]
        players[seat] = make_player("heuristic", seed)
        game = play_game(GameSetup(players=(sides[0], sides[1]), seed=seed, round_limit=25),
                         players)
        wins += list(game.outcome.winners) == [seat]
    print(f"heuristic beat random with chariots in {wins} of {REAL_GAMES} games")
    assert wins == REAL_GAMES
