"""The play session: the app's one door into the engine, and the answers it works out
from the engine's public names (why not, the odds, the allowance, the end of a turn)."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import pytest

from armybuilder.engine import odds
from armybuilder.play.board import Refused
from armybuilder.play.session import KINDS, PlaySession, Seats
from play.play_support import NORTH, SOUTH, at, card, duel

REPO = Path(__file__).resolve().parents[2]


def fighters(**kw: object) -> PlaySession:
    """A (player 0, attack 11, damage 3) touching a (player 1, defense 15, 6 clicks)
    front to front; B, a shooter (range 8), 6" from a's friend b."""
    return duel(
        at(card("Brute", 40, attack=11, damage=3), 0, 10.0, 10.0),
        at(card("Grunt", 20, defense=15, clicks=6), 1, 10.0, 11.0),
        at(card("Archer", 20, rng=8, attack=9), 0, 20.0, 8.0),
        at(card("Scout", 20, defense=14), 1, 20.0, 14.0),
        **kw)


def test_the_board_names_every_figure_as_the_log_does() -> None:
    s = fighters()
    assert [p.letter for p in s.board.pieces] == ["A", "a", "B", "b"]
    assert s.board.pieces[0].label == "A Brute"
    assert s.board.phase == "play" and s.board.to_act == 0 and s.human_to_act
    assert [side.commander for side in s.board.sides] == ["human", "random"]
    # Victory points as they stand: the survivors' points (Rulebook VI).
    assert [side.vp for side in s.board.sides] == [60, 40]


def test_a_refused_action_comes_back_with_the_engines_rule() -> None:
    s = fighters()
    shot = next(o for o in s.options(2, "ranged"))
    assert s.refusal(shot.action) is None
    melee = s.options(0, "close")[0]
    # The shooter cannot fight in close combat: nobody touches its front arc.
    from armybuilder.engine import CloseAttack

    why = s.refusal(CloseAttack(2, 3))
    assert why is not None
    assert why.rule.startswith("Rulebook III, Close Combat")
    assert "B Archer" in why.reason and "warrior 2" not in why.reason
    assert s.refusal(melee.action) is None
    with pytest.raises(Refused) as raised:
        s.play(s.option(CloseAttack(2, 3)))
    assert raised.value.refusal == why
    assert s.board.version == 1  # nothing was given


def test_status_says_what_a_warrior_may_do_and_why_not() -> None:
    s = fighters()
    brute = {k.kind: k for k in s.status(0)}
    assert [k for k in KINDS if k in brute] == [k for k in KINDS if k != "ability"]
    assert brute["close"].allowed and brute["move"].allowed and brute["pass"].allowed
    assert not brute["ranged"].allowed
    assert brute["ranged"].why is not None
    assert "range value must be greater than 0" in brute["ranged"].why.rule
    archer = {k.kind: k for k in s.status(2)}
    assert archer["ranged"].allowed and not archer["close"].allowed
    assert "front arc" in archer["close"].why.rule  # type: ignore[union-attr]


def test_the_odds_of_an_attack_are_the_exact_2d6_chances() -> None:
    s = fighters()
    attack = next(o for o in s.options(0, "close") if not o.capture)
    outlook = s.outlook(attack)
    (grunt,) = outlook.targets
    needed = 15 - 11  # defense less attack: the dice must show 4 or more
    plain, critical = odds.chances(needed)
    assert grunt.warrior == 1
    assert grunt.hit == pytest.approx(plain + critical)
    # Damage 3, a critical hit adds a click (Rulebook III, Rolling "12"s).
    assert grunt.clicks == pytest.approx(3 * plain + 4 * critical)
    assert grunt.eliminated == 0
    assert outlook.critical_miss == pytest.approx(1 / 36)
    assert outlook.branches == 11  # every total of 2d6, by its chance


def test_the_odds_of_a_capture() -> None:
    s = fighters()
    capture = next(o for o in s.options(0, "close") if o.capture)
    (grunt,) = s.outlook(capture).targets
    # Rulebook III, Capturing: the target's defense is increased by two.
    assert grunt.captured == pytest.approx(odds.hit_chance(15 + 2 - 11))
    assert grunt.clicks == 0


def test_breaking_away_is_counted_over_the_die() -> None:
    s = fighters()
    away = s.move(0, [(6.0, 8.0)], math.pi)
    assert s.refusal(away.action) is None
    outlook = s.outlook(away)
    # Rulebook III, Breaking Away: 4, 5 or 6 on one die.
    assert outlook.break_away == pytest.approx(0.5)
    assert outlook.branches == 6


def test_a_push_that_eliminates_is_known_before_it_is_given() -> None:
    # The brute acted last turn (a token) and shows its last live click: a non-pass action
    # now pushes it for a click (Rulebook III, Pushing) and eliminates it.
    s = duel(at(card("Brute", 40, attack=11, damage=3, clicks=2), 0, 10.0, 10.0, click=1,
                tokens=1),
             at(card("Grunt", 20, defense=15), 1, 10.0, 11.0))
    attack = next(o for o in s.options(0, "close") if not o.capture)
    outlook = s.outlook(attack)
    assert outlook.certain_losses == [0]
    # Every roll eliminates it: a push, or first a 2 (Rulebook III, Rolling "2"s).
    assert outlook.own_losses[0][2] == "pushing, critical miss"
    passing = s.options(0, "pass")[0]
    assert s.outlook(passing).own_losses == ()


def test_the_allowance_is_the_engines() -> None:
    s = duel(at(card("Rider", speed=6, abilities=("Charge",)), 0, 10.0, 4.0),
             at(card("Grunt"), 1, 10.0, 30.0))
    assert s.allowance(0, "Charge") == 6  # Special Abilities Card, Charge: the speed value
    assert s.allowance(0) == 12  # ... or twice it for a plain move
    assert s.move_abilities(0) == ["Charge"]


def test_ending_the_turn_passes_the_warriors_left() -> None:
    s = fighters(builds=(300, 200))
    shot = s.options(2, "ranged")[0]
    s.play(shot)
    passes = s.end_turn()
    # Three actions, one used: two passes end the turn (the engine ends a turn when its
    # actions are used).
    assert [o.warrior for o in passes] == [0]
    for option in passes:
        s.play(option)
    assert s.board.current == 1


def test_a_turn_waiting_for_a_free_move_ends_with_the_engines_end_turn() -> None:
    # Special Abilities Card, Quickness: once the turn's one action is given, the turn
    # waits while the squire may still move for free; ending the turn gives EndTurn.
    s = duel(at(card("Squire", abilities=("Quickness",)), 0, 10.0, 4.0),
             at(card("Other"), 0, 20.0, 4.0), at(card("Grunt"), 1, 10.0, 30.0),
             builds=(100, 200))
    s.play(s.move(1, [(20.0, 8.0)], NORTH))
    assert s.board.current == 0 and s.human_to_act  # the turn waits
    (end,) = s.end_turn()
    assert end.kind == "end_turn" and end.words == "Rich ends the turn"
    s.play(end)
    assert s.board.current == 1


def test_a_free_spin_is_the_defenders_decision() -> None:
    # The AI's warrior moves into contact with the human's: the human decides the spin.
    s = duel(at(card("Grunt"), 0, 10.0, 10.0, facing=0.0),
             at(card("Runner", speed=8), 1, 10.0, 14.0), commanders=("human", "random"),
             current=1)
    assert not s.human_to_act
    move = s.move(1, [(10.0, 11.0)], SOUTH)
    s.play(move)
    decision = s.decision()
    assert decision is not None and decision.kind == "spin" and decision.seat == 0
    assert decision.warrior == 0 and s.human_to_act
    turn, keep = decision.options
    assert turn.action.facing == pytest.approx(NORTH)  # type: ignore[attr-defined]
    assert keep.action.facing is None  # type: ignore[attr-defined]


def test_the_ai_chooses_the_same_after_a_resume() -> None:
    s = fighters(commanders=("random", "random"))
    for _ in range(3):
        s.play(s.ai_choice())
    resumed = PlaySession.resume(s.log_json(), s.seats)
    assert resumed.board == s.board
    assert resumed.lines == s.lines
    assert resumed.ai_choice().words == s.ai_choice().words


def test_a_new_battle_seats_your_army_on_the_side_asked() -> None:
    from armybuilder.engine import PlayerSetup

    mine = PlayerSetup("Rich", (card("Brute", 40),), 100, "south")
    theirs = PlayerSetup("Rich", (card("Grunt"),), 100, "south")
    s = PlaySession.battle(mine, theirs, side="b", seed=3, rounds=5, terrain=lambda i: (),
                           opponent="random", names=("Rich", "Rich"))
    assert [side.name for side in s.board.sides] == ["Rich (a)", "Rich (b)"]
    assert [side.commander for side in s.board.sides] == ["random", "human"]
    assert [side.edge for side in s.board.sides] == ["south", "north"]
    assert s.board.pieces[1].name == "Brute"  # your army is seat b
    with pytest.raises(ValueError, match="side"):
        PlaySession.battle(mine, theirs, side="c", seed=3, rounds=5, terrain=lambda i: (),
                           opponent="random")
    with pytest.raises(ValueError, match="commander"):
        Seats(("human", "clever"), 1)


def test_only_the_session_calls_the_engine() -> None:
    """Every engine call of the app goes through armybuilder/play/session.py and its
    parts (words.py, outlook.py, steering.py, destinations.py; figure_views.py and
    chariot_view.py: each kind's look, a chariot's dials; advice.py and review.py: the
    expert's advice and review; the registry of player kinds, which loads no engine, names
    the choices)."""
    offenders = []
    for folder in ("armybuilder/tui", "armybuilder/play", "armybuilder/cli/play.py"):
        paths = [REPO / folder] if folder.endswith(".py") else sorted(
            (REPO / folder).rglob("*.py"))
        for path in paths:
            if path.name in ("session.py", "words.py", "outlook.py", "steering.py",
                             "destinations.py", "figure_views.py", "chariot_view.py",
                             "advice.py", "review.py"):
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                    [a.name for a in node.names] if isinstance(node, ast.Import) else []
                offenders += [f"{path.relative_to(REPO)}: {n}" for n in names
                              if n == "armybuilder.engine" or n.startswith("armybuilder.engine.")
                              or (n.startswith("armybuilder.ai")
                                  and n != "armybuilder.ai.registry")]
    assert offenders == []


def test_ability_actions_and_cancelling_are_offered() -> None:
    s = duel(at(card("Troll", 40, abilities=("Regeneration", "Charge")), 0, 10.0, 10.0,
                click=2),
             at(card("Grunt"), 1, 10.0, 30.0))
    status = {k.kind: k for k in s.status(0)}
    assert status["ability"].allowed
    (regenerate,) = s.options(0, "ability")
    assert regenerate.words == "A Troll uses Regeneration"
    # Regeneration heals by a die roll less 2 (Special Abilities Card): counted exactly.
    assert s.outlook(regenerate).branches == 6
    extra = [o.words for o in s.extra_options(0)]
    assert "A Troll cancels Charge for this turn (uses no action)" in extra


def test_trying_things_on_copies_leaves_the_game_as_it_was() -> None:
    s = fighters(commanders=("random", "random"))
    for _ in range(3):
        s.play(s.ai_choice())
    copy = s.game.copy()
    assert copy.log_json() == s.log_json() and copy is not s.game
    before, board = s.log_json(), s.board
    for kind in ("close", "ranged"):
        for wid in (0, 1, 2, 3):
            for option in s.options(wid, kind):
                s.outlook(option)  # every roll of the dice, each on its own copy
    s.refusal(s.move(0, [(0.0, 0.0)], 0.0).action)
    assert s.log_json() == before and s.board == board
    # The copy plays on exactly as the game itself does.
    from armybuilder.engine import apply

    option = s.ai_choice()
    apply(copy, option.action)  # type: ignore[arg-type]
    s.play(option)
    assert copy.log_json() == s.log_json()


# --- movement formations member by member (Rulebook IV, Movement Formations) ----------


def formed(**kw: object) -> PlaySession:
    """A, B, C: three pikemen side by side facing north, declared a movement formation
    (nobody in contact: none has to break away)."""
    from armybuilder.engine import MoveFormation

    s = duel(at(card("Pike"), 0, 10.0, 10.0), at(card("Pike"), 0, 11.0, 10.0),
             at(card("Pike"), 0, 12.0, 10.0), at(card("Grunt"), 1, 10.0, 30.0), **kw)
    s.play(s.option(MoveFormation(0, (1, 2))))
    return s


def test_each_member_of_a_formation_moves_to_its_own_place_and_facing() -> None:
    s = formed()
    decision = s.decision()
    assert decision is not None and decision.kind == "plan"
    assert decision.members == (0, 1, 2) and decision.stuck == ()
    # Rulebook IV: the speed of each member is the slowest member's, as the engine counts it.
    assert s.formation_member_allowance(0) == 8.0
    # A goes 3" north and turns north-west, B 2" north, C turns where it stands.
    plan = s.formation_moves({0: ([(10.0, 13.0)], NORTH + math.pi / 4),
                              1: ([(11.0, 12.0)], NORTH), 2: ([], 0.0)})
    assert plan.words == 'the formation moves: A 3.0" north facing NW, B 2.0" north, ' \
        "C turns to E"
    # They end apart: refused in the engine's words.
    why = s.refusal(plan.action)
    assert why is not None and why.reason == "the formation would come apart"
    assert why.rule.startswith("Rulebook IV, Movement Formations: at the end of the action")
    together = s.formation_moves({0: ([(10.0, 13.0)], NORTH + math.pi / 4),
                                  1: ([(11.0, 13.0)], NORTH), 2: ([(12.0, 13.0)], 0.0)})
    assert s.refusal(together.action) is None
    s.play(together)
    a, b, c = s.board.pieces[:3]
    assert (a.x, a.y, a.facing) == pytest.approx((10.0, 13.0, NORTH + math.pi / 4))
    assert (b.x, b.y, b.facing) == pytest.approx((11.0, 13.0, NORTH))
    assert (c.x, c.y, c.facing) == pytest.approx((12.0, 13.0, 0.0))


def test_a_formation_moves_in_the_order_the_engine_allows() -> None:
    # Rulebook IV: "each warrior is moved in sequence as desired by the player". A steps
    # into B's place, B goes south-west: B must move before A. The order the session tries
    # first (the foremost along the way they go: A, B, C) is refused; another is given.
    from armybuilder.engine import FormationPlan, Move

    s = formed()
    ends = ((11.0, 10.0), (10.0, 9.0), (11.0, 9.0))
    foremost = FormationPlan(tuple(Move(w, (end,), NORTH) for w, end in enumerate(ends)))
    why = s.refusal(foremost)
    assert why is not None and why.reason == "the path of A Pike crosses a base"
    plan = s.formation_moves({w: ([end], NORTH) for w, end in enumerate(ends)})
    assert s.refusal(plan.action) is None and plan.members == (1, 0, 2)
    s.play(plan)
    assert [(p.x, p.y) for p in s.board.pieces[:3]] == [(11.0, 10.0), (10.0, 9.0),
                                                       (11.0, 9.0)]


def test_a_member_that_failed_to_break_away_may_only_turn() -> None:
    # Rulebook IV, Movement Formations: "that figure may not move, though it can still
    # rotate to face a new direction". C touches a's front and rolls a 1.
    from armybuilder.engine import MoveFormation

    s = duel(at(card("Pike"), 0, 10.0, 10.0), at(card("Pike"), 0, 11.0, 10.0),
             at(card("Pike"), 0, 12.0, 10.0), at(card("Grunt"), 1, 12.0, 11.0))
    s.game.dice = Loaded(1)  # type: ignore[assignment]
    s.play(s.option(MoveFormation(0, (1, 2))))
    decision = s.decision()
    assert decision is not None and decision.members == (0, 1, 2) and decision.stuck == (2,)
    moved = s.formation_moves({2: ([(12.0, 9.0)], NORTH)})
    why = s.refusal(moved.action)
    assert why is not None and why.reason == "C Pike failed to break away"
    turned = s.formation_moves({2: ([], 0.0)})
    assert turned.words == "the formation moves: C turns to E"
    assert s.refusal(turned.action) is None


# --- abilities that set a figure down ---------------------------------------------------


def test_levitation_and_nimble_may_go_anywhere_the_engine_allows() -> None:
    s = duel(at(card("Mage", abilities=("Magic Levitation",)), 0, 10.0, 10.0),
             at(card("Friend"), 0, 11.0, 10.0),
             at(card("Elf", abilities=("Nimble",)), 0, 20.0, 10.0),
             at(card("Grunt"), 1, 10.0, 30.0), builds=(300, 200))
    listed = {(o.action.at, o.action.facing) for o in s.options(0, "ability")}  # type: ignore[attr-defined]
    (levitate,) = s.placements(0)
    assert levitate.words == "A Mage uses Magic Levitation on B Friend: steer where it goes…"
    # It starts at the first place the engine lists, from where B stands.
    target, start, spot, facing = s.placing(levitate)  # type: ignore[misc]
    assert target == 1 and start == (11.0, 10.0) and (spot, facing) in listed
    # FAQ, Magic Levitation: anywhere up to 10", facing as you choose; none listed here.
    anywhere = s.use_ability(0, "Magic Levitation", 1, (13.3, 17.7), 1.0)
    assert ((13.3, 17.7), 1.0) not in listed and s.refusal(anywhere.action) is None
    too_far = s.use_ability(0, "Magic Levitation", 1, (13.3, 27.7), 1.0)
    why = s.refusal(too_far.action)
    assert why is not None and why.rule.endswith("up to 10 inches")
    s.play(anywhere)
    friend = s.board.pieces[1]
    assert (friend.x, friend.y, friend.facing) == pytest.approx((13.3, 17.7, 1.0))
    # Special Abilities Card, Nimble: any facing, not only the few the engine lists.
    (turn,) = s.placements(2)
    assert turn.words == "C Elf turns (Nimble): steer the facing…"
    faces = [o.action.facing for o in s.extra_options(2) if o.kind == "facing"]  # type: ignore[attr-defined]
    nimble = s.use_ability(2, "Nimble", 2, (20.0, 10.0), 0.3)
    assert 0.3 not in faces and s.refusal(nimble.action) is None
    assert nimble.words == "C Elf turns to 17° (E) (Nimble: uses no action)"


def test_necromancy_returns_a_warrior_anywhere_touching() -> None:
    # C, on its last click with a token, is pushed to its elimination by a move; A brings
    # it back (Special Abilities Card, Necromancy: in base contact with A).
    s = duel(at(card("Necro", abilities=("Necromancy",)), 0, 10.0, 10.0),
             at(card("Friend"), 0, 20.0, 10.0),
             at(card("Doomed", clicks=9), 0, 20.0, 14.0, tokens=1, click=8),
             at(card("Grunt"), 1, 10.0, 30.0), builds=(300, 200))
    s.play(s.move(2, [(20.0, 15.0)], NORTH))
    assert s.board.pieces[2].eliminated
    (listed,) = s.options(0, "ability")
    (back,) = s.placements(0)
    assert back.words == "A Necro uses Necromancy on C Doomed: steer where it returns…"
    north = s.use_ability(0, "Necromancy", 2, (10.0, 11.0), NORTH)
    assert listed.action.at != (10.0, 11.0)  # type: ignore[attr-defined]
    assert s.refusal(north.action) is None
    apart = s.use_ability(0, "Necromancy", 2, (10.0, 11.5), NORTH)
    why = s.refusal(apart.action)
    assert why is not None and "in base contact with this warrior" in why.rule


# --- the odds of an attack along a chariot's borderline ---------------------------------


def test_an_attack_along_the_ais_chariots_borderline_has_odds_for_each_section() -> None:
    from chariot_cards import chariot

    from armybuilder.engine import RangedAttack
    from play.test_chariots import borderline

    cart = chariot("War Cart")
    x, y = borderline(cart, 10.0, 20.0, SOUTH)
    s = duel(at(cart, 1, 10.0, 20.0),
             at(card("Archer", rng=8, attack=9), 0, x, y,
                facing=math.atan2(20.0 - y, 10.0 - x)),
             commanders=("human", "random"))
    shot = s.option(RangedAttack(1, (0,)))
    outlook = s.outlook(shot)
    choice = outlook.choice
    # Chariot rules, Attacking a Chariot: Ian, the chariot's player, chooses the section.
    assert choice is not None and (choice.chariot, choice.seat, choice.purpose) == (
        0, 1, "attack")
    wagon = s.board.pieces[0]
    expected = {}
    for name in ("front", "left"):
        plain, critical = odds.chances(wagon.section(name).stats.defense - 9)
        expected[name] = (plain + critical, 2 * plain + 3 * critical)
    got = {name: (o.targets[0].hit, o.targets[0].clicks) for name, o in choice.sections}
    assert list(got) == ["front", "left"]
    for name, (hit, clicks) in got.items():
        assert (hit, clicks) == pytest.approx(expected[name]), name
    # The rest of the outlook is the worst case for the archer: the harder section.
    assert choice.counted == "front" and expected["front"][0] < expected["left"][0]
    assert outlook.targets[0].hit == pytest.approx(expected["front"][0])


# --- every roll of an action ------------------------------------------------------------


class Loaded:
    """Dice that show the values given, in order."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def roll(self, count: int) -> list[int]:
        out, self.values = self.values[:count], self.values[count:]
        return out


def test_every_roll_of_an_action_is_kept_in_order() -> None:
    # A shot at the side of the AI's chariot: the attack's 2d6, then the passenger's 5-6
    # roll (Chariot rules, Damaging a Passenger).
    from chariot_cards import chariot

    from armybuilder.engine import RangedAttack, WarriorSpec
    from armybuilder.play.board import Roll

    s = duel(at(chariot("War Cart"), 1, 10.0, 20.0, facing=SOUTH),
             WarriorSpec(card("Rider", 10), 1, None, riding=0),
             at(card("Archer", rng=8, attack=9), 0, 16.0, 20.0, facing=math.pi),
             commanders=("human", "random"))
    s.game.dice = Loaded(5, 5, 6)  # type: ignore[assignment]
    played = s.play(s.option(RangedAttack(2, (0,))))
    assert played.rolls == (Roll("attack", (5, 5), 2, None), Roll("passenger", (6,), 0, 1))
