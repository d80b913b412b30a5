"""Seven readings corrected after a rules review (issue 15), each a golden scenario with
the rule cited: formations are one group; a base does not pass where it does not fit;
hindering terrain when a move starts inside it; Ram as the Special Abilities Card prints
it; low walls keep figures out of base contact; chain Defend lends what the lender then
has; Quickness's free move may come after the turn's last action.

Every scenario runs with hand-made cards; with ../shared/data present it runs again with
the real figures the rule is about (the Rangers of Rebellion, a Minotaur Warrior's and
Boronx's Ram, Pyramid's Pearl and a Shield Golem, Squire Thomas's Quickness, a Deepwood
Sentinel's Pole Arm), their values read from the catalogue at run time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
import reference_games as ref
from engine_helpers import (
    EAST,
    NORTH,
    SOUTH,
    card,
    clicks_of,
    defense_of,
    find,
    foe,
    kinds,
    scenario,
    w,
)

from armybuilder.engine import (
    EndTurn,
    FigureCard,
    FormationPlan,
    FreeSpin,
    IllegalAction,
    Move,
    MoveFormation,
    Pass,
    RangedAttack,
    TerrainFeature,
    UseAbility,
    WarriorSpec,
    apply,
)
from armybuilder.engine.geometry import rectangle

ORCS = ("Orc Raiders",)
ELVES = ("Elemental League",)
FAR = w(foe("Far"), 1, 34, 34)


def _real(key: str) -> FigureCard:
    if not ref.available():
        pytest.skip("../shared/data is not present")
    found = {c.key: c for c in ref.catalogue()}
    return found[key]


def _figures(hand_made: Callable[[], FigureCard], key: str) -> Callable[[str], FigureCard]:
    """A figure for each way the scenario is run: hand-made, or the catalogue's ``key``."""
    def pick(source: str) -> FigureCard:
        return hand_made() if source == "hand-made" else _real(key)
    return pick


SOURCES = ["hand-made", pytest.param("catalogue", marks=pytest.mark.shared)]


# --- 1. Rulebook IV: formations are one group -------------------------------------------

RANGER = _figures(lambda: card("Ranger", 12, range=8, factions=ELVES), "rebellion:22")


GRUNT = _figures(lambda: card("Grunt", 10, factions=ORCS), "rebellion:22")


@pytest.mark.parametrize("source", SOURCES)
def test_a_movement_formation_of_two_pairs_is_two_groups_not_a_formation(source: str) -> None:
    # Rulebook IV, Movement Formations: "grouped so that each one is touching the base of
    # at least one other": two pairs 19" apart are two groups of two.
    grunt = GRUNT(source)
    game = scenario(w(grunt, 0, 10, 10), w(grunt, 0, 11.01, 10), w(grunt, 0, 29, 10),
                    w(grunt, 0, 30.01, 10), FAR)
    with pytest.raises(IllegalAction, match="grouped so that each one") as refused:
        apply(game, MoveFormation(0, (1, 2, 3)))
    assert refused.value.rule == ("Rulebook IV, Movement Formations: the warriors are "
                                  "grouped so that each one is touching the base of at "
                                  "least one other")
    assert not any(isinstance(a, MoveFormation) and len(a.members) == 3
                   for a in game.legal_actions())
    apply(game, Pass(0))  # three of a chain still may
    assert game.current == 1


def test_a_movement_formation_ends_its_move_as_one_group() -> None:
    # Rulebook IV: "At the end of the action, each warrior's base must still be touching
    # the base of another warrior in the formation" — all of them one group.
    grunt = card("Grunt", 10, factions=ORCS)
    game = scenario(*(w(grunt, 0, 10 + 1.01 * i, 10, NORTH) for i in range(4)), FAR)
    apply(game, MoveFormation(0, (1, 2, 3)))
    split = FormationPlan((Move(0, ((10, 14),)), Move(1, ((11.01, 14),)),
                           Move(2, ((12.02, 6),)), Move(3, ((13.03, 6),))))
    with pytest.raises(IllegalAction, match="all one group"):
        apply(game, split)
    apply(game, FormationPlan(tuple(Move(i, ((10 + 1.01 * i, 14),)) for i in range(4))))


@pytest.mark.parametrize("source", SOURCES)
def test_four_rangers_in_two_pairs_get_no_ranged_formation(source: str) -> None:
    # Rulebook IV, Ranged Combat Formations: "grouped so that each one is touching the base
    # of another": two pairs 3" apart are two groups, and nobody gets +3.
    ranger = RANGER(source)
    target = foe("Target", defense=30)
    game = scenario(w(ranger, 0, 10, 10, NORTH), w(ranger, 0, 11.01, 10, NORTH),
                    w(ranger, 0, 14, 10, NORTH), w(ranger, 0, 15.01, 10, NORTH),
                    w(target, 1, 12.5, 15), build=200)
    with pytest.raises(IllegalAction, match="grouped so that each"):
        apply(game, RangedAttack(0, (4,), formation=(1, 2, 3)))
    listed = [a for a in game.legal_actions(warrior=0) if isinstance(a, RangedAttack)]
    assert listed and not any(a.formation for a in listed)  # a pair is too few


# --- 2. Rulebook V: a base does not pass where it does not fit --------------------------

def _walls(*rects: tuple[float, float, float, float], kind: str = "blocking"
           ) -> tuple[TerrainFeature, ...]:
    return tuple(TerrainFeature(kind, rectangle(*r), name=f"{kind} {i}")
                 for i, r in enumerate(rects))


FOOT = card("Footman", 20, speed=10)
FLYER = card("Flyer", 20, speed=10, abilities={0: ("Flight",)})


def test_a_1_inch_base_does_not_pass_a_gap_of_four_tenths() -> None:
    # Rulebook V, Blocking Terrain: "Movement is prohibited into or through blocking
    # terrain": the centre line fits through the gap, the base does not.
    gap = _walls((5, 14, 9.8, 15), (10.2, 14, 15, 15))
    game = scenario(w(FOOT, 0, 10, 10, NORTH), FAR, terrain=gap)
    with pytest.raises(IllegalAction, match="no part of the base may pass"):
        apply(game, Move(0, ((10, 18),)))
    flyer = scenario(w(FLYER, 0, 10, 10, NORTH), FAR, terrain=gap)
    apply(flyer, Move(0, ((10, 18),)))  # Flight: through blocking terrain, ending clear


def test_a_base_does_not_cut_a_buildings_corner() -> None:
    house = _walls((10, 14, 14, 18))
    game = scenario(w(FOOT, 0, 9.7, 11, NORTH), FAR, terrain=house)
    with pytest.raises(IllegalAction, match="no part of the base may pass"):
        apply(game, Move(0, ((9.7, 20),)))
    apply(game, Move(0, ((9.4, 11.5), (9.4, 20))))  # clear of the corner, 0.6" off


def test_a_base_does_not_slip_between_a_building_and_the_figure_guarding_the_gap() -> None:
    # The path does not cross the guard's base (Rulebook III) but the base would overlap
    # the building on its way.
    house = _walls((5, 14, 9.6, 18))
    game = scenario(w(FOOT, 0, 10, 10, NORTH), w(foe("Guard"), 1, 10.9, 16), FAR,
                    terrain=house)
    with pytest.raises(IllegalAction, match="no part of the base may pass"):
        apply(game, Move(0, ((10, 20),)))


def test_deep_water_is_blocking_for_movement_along_the_whole_base() -> None:
    # Rulebook V, Deep Water: blocking terrain for movement.
    river = _walls((0, 14, 9.7, 15), kind="deep_water")
    game = scenario(w(FOOT, 0, 10, 10, NORTH), FAR, terrain=river)
    with pytest.raises(IllegalAction, match="Deep Water"):
        apply(game, Move(0, ((10, 18),)))


# --- 3. Rulebook V: hindering terrain when a move starts inside it ----------------------

WOODS = (TerrainFeature("hindering", rectangle(8, 8, 14, 14), name="woods", item=0),
         TerrainFeature("hindering", rectangle(14, 8, 20, 14), name="thicket", item=0))
STRIDER = card("Strider", 20, speed=12)


def test_a_warrior_starting_wholly_inside_hindering_terrain_is_not_stopped_by_more() -> None:
    # Rulebook V, Hindering Terrain: the stop applies to a warrior that "begins a move with
    # any part of his base touching clear terrain"; one wholly inside moves at half speed.
    game = scenario(w(STRIDER, 0, 11, 11, EAST), FAR, terrain=WOODS)
    with pytest.raises(IllegalAction, match="may move 6"):
        apply(game, Move(0, ((18, 11),)))  # 7": half of 12
    apply(game, Move(0, ((17, 11),)))  # into the thicket and on, not stopped
    assert game.warriors[0].pos == (17, 11)


def test_a_warrior_touching_clear_terrain_stops_on_crossing_wholly_into_woods() -> None:
    game = scenario(w(STRIDER, 0, 8.2, 11, EAST), FAR, terrain=WOODS)
    with pytest.raises(IllegalAction, match="must stop"):
        apply(game, Move(0, ((14, 11),)))


# --- 4. Special Abilities Card: Ram as printed -----------------------------------------

def _minotaur() -> FigureCard:
    return card("Minotaur", 40, speed=8, arc=180, factions=ORCS,
                abilities={i: ("Ram",) for i in range(4)})


RAM = _figures(_minotaur, "dungeons:34")
# A Ram warrior who has a faction to form up with: the Minotaur Warrior is Mage Spawn, and
# Mage Spawn never use formations (Rulebook IV, Restrictions). Boronx is an Orc Raider.
RAM_OF_A_FACTION = _figures(_minotaur, "minions:116")


def _without(c: FigureCard, ability: str) -> FigureCard:
    """``c`` with ``ability`` taken off every click of its dial."""
    return dataclasses.replace(c, clicks=tuple(
        dataclasses.replace(k, abilities=tuple(a for a in k.abilities if a != ability))
        for k in c.clicks))


LEVITATOR = card("Levitator", 30, abilities={0: ("Magic Levitation",)}, factions=ORCS)


@pytest.mark.parametrize("source", SOURCES)
def test_ram_strikes_at_the_end_of_its_own_move_and_the_action_goes_on(source: str) -> None:
    # "When this warrior moves, and his front arc is in base contact with one or more
    # opposing figures at the end of that movement, he inflicts 1 click of damage on each
    # of those opposing figures after the free spin opportunity." Nothing ends the action.
    ram = RAM(source)
    game = scenario(w(ram, 0, 10, 10, NORTH), w(foe(), 1, 10, 17, EAST),
                    w(foe("Second"), 1, 11.0, 16.75, EAST), FAR, w(card("Other"), 0, 25, 5),
                    build=(300, 100))
    apply(game, Move(0, ((10, 15.99),), NORTH))
    events = []
    while game.pending:  # the free spins first
        events += apply(game, FreeSpin(game.pending[0].warrior, None))
    hits = [e["warrior"] for e in find(events, "damage") if e.get("ability") == "Ram"]
    assert set(hits) == {w_.id for w_ in game.opposing_contacts(game.warriors[0])
                         if game.faces(game.warriors[0], w_)}
    assert hits and "action_ended" not in kinds(events)
    assert game.current == 0 and game.actions_used == 1  # the second action is still to give


@pytest.mark.parametrize("source", SOURCES)
def test_ram_may_not_join_a_movement_formation(source: str) -> None:
    # Special Abilities Card, Ram: "This warrior may not be part of a movement formation".
    # A chain of three in base contact, of one faction: only Ram keeps it from forming up.
    ram = RAM_OF_A_FACTION(source)
    grunt = card("Grunt", 10, factions=ram.factions)
    others = (w(grunt, 0, 11.01, 10), w(grunt, 0, 12.02, 10), FAR)
    game = scenario(w(ram, 0, 10, 10, NORTH), *others, build=200)
    assert game.touching(game.warriors[0], game.warriors[1])
    with pytest.raises(IllegalAction, match="cannot form a movement formation") as refused:
        apply(game, MoveFormation(1, (0, 2)))
    assert refused.value.rule == ("Special Abilities Card, Ram: may not be part of a "
                                  "movement formation")
    assert not any(isinstance(a, MoveFormation) for a in game.legal_actions())
    # The control: the same warrior without Ram, on the same spot, forms up.
    game = scenario(w(_without(ram, "Ram"), 0, 10, 10, NORTH), *others, build=200)
    apply(game, MoveFormation(1, (0, 2)))
    apply(game, FormationPlan(tuple(Move(i, ((10 + 1.01 * i, 13),)) for i in range(3))))
    assert game.warriors[0].pos == (10, 13)


def test_ram_does_not_strike_a_figure_carried_into_it() -> None:
    # Not its own movement: an opposing figure levitated onto its front arc takes nothing,
    # and neither does one the Ram warrior is carried to.
    ram = RAM("hand-made")
    game = scenario(w(ram, 0, 10, 10, NORTH), w(LEVITATOR, 0, 15, 10),
                    w(foe("Carried"), 1, 16.01, 10), FAR, build=200)
    apply(game, UseAbility(1, "Magic Levitation", 2, (10, 11.02), 0.0))
    assert game.touching(game.warriors[0], game.warriors[2])  # on the Ram's front arc
    while game.pending:
        apply(game, next(iter(game.legal_actions())))
    assert clicks_of([e for entry in game.entries for e in entry["events"]], 2) == 0


def test_ram_does_not_hurt_a_figure_that_breaks_away_from_it() -> None:
    # "does not cause shake off damage": a figure leaving its front arc takes nothing.
    ram = RAM("hand-made")
    game = scenario(w(foe("Leaving"), 0, 10, 11.01, NORTH), w(ram, 1, 10, 10, NORTH), FAR,
                    dice=(6,))
    events = apply(game, Move(0, ((10, 15),)))
    assert not find(events, "damage")


# --- 5. FAQ, Pole Arm & Low Walls: never in base contact across a low wall --------------

THIN_WALL = (TerrainFeature("low_wall", rectangle(5, 14.99, 15, 15.01), name="wall"),)
PIKE = _figures(lambda: card("Pikeman", 20, arc=90, range=6, factions=ORCS,
                             abilities={i: ("Pole Arm",) for i in range(4)}), "lancers:34")


@pytest.mark.parametrize("source", SOURCES)
def test_figures_on_opposite_sides_of_a_thin_low_wall_are_not_in_base_contact(
        source: str) -> None:
    # The bases are 0.03" apart, within Etiquette 3's allowance, but "warriors on opposite
    # sides of a low wall are not considered to be in base contact with each other".
    pike = PIKE(source)
    runner = card("Runner", 20, speed=10)
    game = scenario(w(runner, 0, 10, 18, SOUTH), w(pike, 1, 10, 14.49, NORTH), FAR,
                    terrain=THIN_WALL)
    events = apply(game, Move(0, ((10, 15.52),), SOUTH))
    assert "free_spin_offered" not in kinds(events)  # no free spin
    assert not find(events, "damage")  # no Pole Arm
    assert game.opposing_contacts(game.warriors[1]) == []
    # ... and the Pikeman may fire (no opposing figure in base contact), while close combat
    # across the wall is allowed (Rulebook V, Low Walls).
    game.current, game.turn = 1, game.turn + 1
    ranged = [a for a in game.legal_actions(warrior=1) if isinstance(a, RangedAttack)] \
        if pike.range else []
    assert not pike.range or ranged


# --- 6. FAQ, Chain Defend -----------------------------------------------------------------

def test_a_defend_warrior_lends_what_it_borrowed_with_its_own_modifiers() -> None:
    # FAQ, Defend: "A warrior with the Defend ability may have its own defense value raised
    # by another friendly figure with Defend. This new defense value may then be used by
    # other friendly figures in contact"; "Figures do not lose their defensive special
    # abilities while they have a borrowed defense value": an Aquatic Defend warrior in
    # water that borrows 18 lends 20 against a ranged attack.
    pearl = card("Pearl", 40, defense=15, abilities={0: ("Aquatic", "Defend")})
    priestess = card("Priestess", 40, defense=18, abilities={0: ("Defend",)})
    ranger = card("Ranger", 12, defense=14)
    firer = card("Archer", 20, attack=9, range=10)
    pond = (TerrainFeature("shallow_water", rectangle(8, 8, 12, 12), name="pond"),)
    game = scenario(w(priestess, 1, 10, 11.01), w(pearl, 1, 10, 10), w(ranger, 1, 11.01, 10),
                    w(firer, 0, 11.01, 3, NORTH), build=(100, 200), terrain=pond,
                    dice=(3, 3))
    events = apply(game, RangedAttack(3, (2,)))
    assert find(events, "miss")[0]["defense"] == 20


@pytest.mark.shared
def test_pearl_in_water_lends_a_borrowed_defense_plus_two() -> None:
    # FAQ, Defend ("Chain Defend") and FAQ, Aquatic and Defend: Pearl (Aquatic, Defend,
    # defense 18) in water borrows a Shield Golem's 20 (Defend) and lends 22 against a
    # ranged attack to the friend she touches: not her own 18 + 2, nor the Golem's 20
    # passed on as it was.
    pearl, golem = _real("pyramid:79"), _real("uprising:61")
    assert [c.clicks[c.starting_click].defense for c in (pearl, golem)] == [18, 20]
    ranger = card("Ranger", 12, defense=10)
    firer = card("Archer", 20, attack=9, range=10)
    pond = (TerrainFeature("shallow_water", rectangle(8, 8, 12, 12), name="pond"),)

    def defense_against_fire(*lenders: WarriorSpec) -> int:
        game = scenario(w(ranger, 1, 11.01, 10), w(firer, 0, 11.01, 3, NORTH), *lenders,
                        build=(100, 300), terrain=pond, dice=(1, 2))
        target = game.warriors[0]
        assert game.touching(target, game.warriors[2])  # Pearl
        assert not any(game.touching(target, g) for g in game.warriors[3:])  # not the Golem
        return defense_of(apply(game, RangedAttack(1, (0,))), 0)

    assert defense_against_fire(w(pearl, 1, 10, 10), w(golem, 1, 10, 11.01)) == 22
    assert defense_against_fire(w(pearl, 1, 10, 10)) == 20  # Pearl alone: her own 18 + 2


# --- 7. Special Abilities Card: Quickness after the turn's last action ------------------

QUICK = _figures(lambda: card("Squire", 20, speed=8, abilities={0: ("Quickness",)}),
                 "lancers:151")


@pytest.mark.parametrize("source", SOURCES)
def test_a_quick_warrior_may_move_after_the_last_action_and_the_turn_waits(
        source: str) -> None:
    # "This warrior may perform a move action without you having to give him one of your
    # actions for the turn": at any point of the turn, after its last action too.
    quick = QUICK(source)
    game = scenario(w(quick, 0, 10, 5, NORTH), w(card("Other", 20), 0, 20, 5, NORTH), FAR)
    assert game.turn_actions == 1
    with pytest.raises(IllegalAction, match="actions must be chosen and given"):
        apply(game, EndTurn(0))
    apply(game, Move(1, ((20, 9),)))  # the turn's only action
    assert game.current == 0  # waiting: the squire may still move
    listed = list(game.legal_actions())
    assert EndTurn(0) in listed and all(
        isinstance(a, EndTurn) or a.warrior == 0 for a in listed)  # type: ignore[union-attr]
    assert not game.is_legal(Pass(0))  # a pass would be an action
    events = apply(game, Move(0, ((10, 9),)))
    assert "free_action" in kinds(events) and game.current == 1  # nothing left to wait for


def test_the_player_ends_the_turn_instead_of_the_free_move() -> None:
    game = scenario(w(QUICK("hand-made"), 0, 10, 5, NORTH), w(card("Other", 20), 0, 20, 5),
                    FAR)
    apply(game, Move(1, ((20, 9),)))
    events = apply(game, EndTurn(0))
    assert kinds(events)[:2] == ["turn_ended", "turn_end"] and game.current == 1
    assert game.warriors[0].pos == (10, 5)


def test_cancelling_quickness_while_the_turn_waits_ends_it() -> None:
    from armybuilder.engine import CancelAbility

    game = scenario(w(QUICK("hand-made"), 0, 10, 5, NORTH), w(card("Other", 20), 0, 20, 5),
                    FAR)
    apply(game, Move(1, ((20, 9),)))
    apply(game, CancelAbility(0, "Quickness"))
    assert game.current == 1
