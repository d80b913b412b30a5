"""Kinds of figure behind one interface: what a chariot, a castle section or a World
Conquest structure does differently from a warrior, registered once, the way special
abilities register hooks (abilities.py).

Every figure has its kind (``warrior.kind``). :class:`FigureKind` is the interface, and
its methods are what a warrior does (the rulebook's rules); a kind of figure is one
module that subclasses it, overrides what differs for it, and calls :func:`register`:
:mod:`~armybuilder.engine.chariot_kind` (the unified chariot rules),
:mod:`~armybuilder.engine.castle_kind` (the castle rules) and
:mod:`~armybuilder.engine.structure_kind` (World Conquest, Upgrading Defenses). The shared
rule code asks the kind, and knows nothing of the kinds there are:

- of a figure (``w.kind``): its damage, healing, elevation, the actions it may be
  given, a pass or a push given to it, what its dial shows;
- of the battlefield (``state.kinds_in_play``: the kinds other than the warrior with a
  figure in this game, so that a game of warriors asks nothing more): what its figures
  add for every figure (where one may stand or go, who is in base contact), the start of
  a turn, the steps after an action, the victory points, who keeps a side in the game.

A new kind is one module and one registration (CONTRIBUTING.md, "A new kind of figure");
the engine's package imports the kind modules, so every kind is registered before a
figure is made.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar

from armybuilder.engine import geometry as g
from armybuilder.engine.illegal import IllegalAction

if TYPE_CHECKING:
    from armybuilder.engine.abilities import AttackPlan
    from armybuilder.engine.actions import Action, CloseAttack, Pass, RangedAttack
    from armybuilder.engine.cards import FigureCard
    from armybuilder.engine.combat import Strike
    from armybuilder.engine.pending import ContactCheck
    from armybuilder.engine.ranged import Shot
    from armybuilder.engine.state import State, Warrior
    from armybuilder.engine.terrain import TerrainFeature


class AsWarrior:
    """A kind's answer that leaves the question to the warrior's rules."""

    def __repr__(self) -> str:
        return "AS_WARRIOR"


#: The kind's targeting leaves the figure to the warrior's rules.
AS_WARRIOR: Final = AsWarrior()


class FigureKind:
    """A kind of figure: the warrior's rules, which a kind overrides where it differs."""

    #: Its name, as the registry and the screens know it.
    name: ClassVar[str] = "warrior"
    #: Rulebook III, Healing and Other Repairing Abilities: its dial may be clicked back.
    healable: ClassVar[bool] = True
    #: Rulebook VI, Ending the Game 1: it keeps its side in the game while it stands.
    keeps_side: ClassVar[bool] = True
    #: Why it is given no action at all (None: it is given actions as a warrior is).
    no_actions: ClassVar[str | None] = None
    #: It is given only some kinds of action (:meth:`action_violation` says which).
    limits_actions: ClassVar[bool] = False
    #: What its dial shows is read otherwise than from its card's clicks
    #: (:meth:`read_dial`).
    own_dial: ClassVar[bool] = False
    #: Why a Move is not how it moves (None: it moves as a warrior does).
    own_movement: ClassVar[str | None] = None
    #: Its rules put figures far apart in base contact (Castle rules, Gatehouse): every
    #: contact list is worked out afresh after a change (memory.py).
    contact_at_a_distance: ClassVar[bool] = False
    #: Why it cannot capture or be captured (None: it may, as a warrior).
    no_capture: ClassVar[str | None] = None
    #: It comes into base contact with figures (False: with no one; its attackers touch
    #: it with their front arcs: Castle rules, General Rules).
    in_base_contact: ClassVar[bool] = True
    #: It is targeted by rules of its own (:meth:`ranged_targeting`,
    #: :meth:`ranged_target_check`, :meth:`close_targeting`).
    targeted_otherwise: ClassVar[bool] = False
    #: Its actions are listed by rules of its own (:meth:`actions`).
    own_listing: ClassVar[bool] = False
    #: Why it cannot be part of a formation (None: it may, as a warrior).
    no_formation: ClassVar[str | None] = None
    #: Special abilities that cannot affect it, each with the words of the rule that says
    #: so (the abilities' rules ask: Magic Levitation, Necromancy, Venom, Vampirism, Magic
    #: Freeze).
    refuses: ClassVar[Mapping[str, str]] = {}
    #: Rulebook III, Pushing: a second action token on consecutive turns costs a click.
    pushing_hurts: ClassVar[bool] = True
    #: Causes of damage (``state.damage``'s ``cause``) it takes no damage from.
    unharmed_by: ClassVar[frozenset[str]] = frozenset()
    #: Rulebook III, Free Spins: it may spin when an opposing figure moves into contact.
    free_spins: ClassVar[bool] = True
    #: Its base is of sections, each with its own dial, and an attack strikes one of them
    #: (:meth:`close_aim`, :meth:`close_strike`, :meth:`aims`, :meth:`shots_at`,
    #: :meth:`ranged_shot`, :meth:`splashed`, :meth:`splash_strike`).
    has_sections: ClassVar[bool] = False
    #: It, and a figure riding in it, are given combat actions by rules of its own
    #: (:meth:`check_close`, :meth:`check_ranged`, :meth:`section_fought`).
    fights_otherwise: ClassVar[bool] = False
    #: A line of fire from or to its centre point is drawn over figure bases
    #: (:meth:`firing_range_violation` says how near it may fire).
    line_to_centre: ClassVar[bool] = False
    #: It may make long-range attacks (Castle rules, Long Range Attacks).
    long_range: ClassVar[bool] = False

    # --- the figure ----------------------------------------------------------------------

    def claims(self, card: FigureCard) -> bool:
        """Is a figure of ``card`` of this kind? (A warrior claims every other card.)"""
        return False

    def made(self, w: Warrior, card: FigureCard) -> None:
        """``w`` is being made of ``card``: its bookkeeping of this kind (a warrior has
        none). Set with ``object.__setattr__``: nothing is placed yet."""

    def dials_set(self, w: Warrior) -> None:
        """Rulebook II: its dial was turned to its starting position (``w.click``); the
        dials of its own too."""

    def deployed(self, state: State, w: Warrior, placed: bool) -> None:
        """It was deployed (``placed``) or found no room: what goes with it."""

    def scenario_sections(self, w: Warrior, clicks: tuple[int, ...]) -> bool:
        """A scenario sets its sections' dials to ``clicks``: False when it has none such."""
        return False

    def scenario_violation(self, w: Warrior) -> str | None:
        """What forbids a scenario to set it as it is (after its fields are read)."""
        return None

    def read_dial(self, w: Warrior) -> None:
        """Set ``w.stats``, ``w.showing`` and ``w.abilities`` (when :attr:`own_dial`)."""

    def damage(self, state: State, w: Warrior, clicks: int, cause: str, by: int | None,
               source: Warrior | None, *, ability: str | None, kind: str | None,
               pierce: bool, plain: bool, section: int) -> int:
        """Rulebook I: clicks of damage on its dial (state.damage's arguments)."""
        return state.dial_damage(w, clicks, cause, by, source, ability=ability, kind=kind,
                                 pierce=pierce, plain=plain)

    def damaged(self, state: State, w: Warrior, cause: str, by: int | None,
                dead: bool) -> None:
        """After its dial turned (and, ``dead``, it was eliminated): new abilities
        showing may act at once (Battle Fury, Berserk, Invulnerability)."""
        if not dead:
            state.dial_turned(w, cause)

    def damage_by_contact(self, state: State, w: Warrior, by: Warrior, clicks: int,
                          ability: str) -> None:
        """FAQ, Pole Arm & Ram: damage an ability deals on base contact."""
        state.damage(w, clicks, "ability", by.owner, by, ability=ability)

    def pushed(self, state: State, w: Warrior) -> None:
        """Rulebook III, Pushing: one click after the action is fully resolved."""
        state.damage(w, 1, "pushing", None)

    def elevation(self, state: State, w: Warrior) -> int | None:
        """The elevated terrain feature its centre dot stands on, or None."""
        return state.terrain.elevation((w.x, w.y)) if state.terrain else None

    def action_violation(self, state: State, w: Warrior, kind: str) -> str | None:
        """Why it may not be given an action of ``kind`` (when :attr:`limits_actions`)."""
        return None

    def check_pass(self, state: State, w: Warrior, action: Pass) -> None:
        """IllegalAction if the pass may not be given to it as it names it."""
        if action.section is not None:
            # Chariot rules, Actions: only a chariot's section is given a pass by name.
            raise IllegalAction("Chariot rules, General Rules", f"{w.label} has no sections")

    def give_pass(self, state: State, w: Warrior, action: Pass) -> bool:
        """Carry out a pass given to it in its own way; False: a warrior's pass."""
        return False

    def passenger_gone(self, state: State, w: Warrior, rider: Warrior) -> None:
        """``rider``, riding in ``w``, was eliminated (Chariot rules, Passengers)."""

    def ranged_targeting(self, state: State, firer: Warrior, t: Warrior,
                         plan: AttackPlan | None) -> str | AsWarrior | None:
        """What forbids a ranged attack by ``firer`` on ``t`` of this kind, decided by its
        own rules (first of all), or AS_WARRIOR."""
        return AS_WARRIOR

    def ranged_target_check(self, state: State, firer: Warrior, t: Warrior,
                            plan: AttackPlan | None) -> str | None:
        """What forbids a ranged attack on ``t`` besides the warrior's rules."""
        return None

    def close_targeting(self, state: State, a: Warrior, t: Warrior, capture: bool,
                        plan: AttackPlan | None) -> str | AsWarrior | None:
        """What forbids ``a``'s close combat attack (or capture) on ``t`` of this kind,
        decided by its own rules, or AS_WARRIOR."""
        return AS_WARRIOR

    def actions(self, state: State, w: Warrior, kinds: Any) -> Iterator[tuple[Action, Any]]:
        """Its legal actions of ``kinds`` with what their checks return (legal.checked),
        when :attr:`own_listing`."""
        return iter(())

    def close_aim(self, state: State, a: Warrior, t: Warrior, plan: AttackPlan,
                  aim: str | None) -> str | None:
        """What forbids ``a``'s close combat attack on ``t`` aimed at ``aim`` (a section's
        name, or None) once the warrior's rules allow it."""
        if aim is not None:
            return ("Chariot rules, Attacking a Chariot: only a chariot target has sections "
                    "to aim at")
        return None

    def close_strike(self, state: State, a: Warrior, t: Warrior, plan: AttackPlan,
                     aim: str | None, defense: tuple[tuple[str, int], ...],
                     roll: tuple[tuple[str, int], ...]) -> Strike:
        """``t`` struck by ``a``'s close combat attack (when :attr:`has_sections`)."""
        raise NotImplementedError(f"a {self.name} has no sections")

    def aims(self, state: State, a: Warrior, t: Warrior, plan: AttackPlan
             ) -> list[str | None]:
        """The ``aim`` values a close combat action by ``a`` on ``t`` may carry."""
        return [None]

    def ranged_shot(self, state: State, firer: Warrior, t: Warrior, plan: AttackPlan,
                    aim: str | None) -> Shot | str:
        """The shot at ``t`` of a ranged combat action fired by one of its sections, by one
        riding in it, or at it (when :attr:`has_sections`), or why it may not be made."""
        raise NotImplementedError(f"a {self.name} has no sections")

    def shots_at(self, state: State, firer: Warrior, t: Warrior, plan: AttackPlan
                 ) -> list[Shot]:
        """Every shot a ranged combat action may make at ``t`` (when :attr:`has_sections`)."""
        raise NotImplementedError(f"a {self.name} has no sections")

    def splashed(self, state: State, o: Warrior, target: Warrior, plan: AttackPlan) -> bool:
        """Is ``o``, touching ``target``, affected by a splash (Flame/Lightning)?"""
        return True

    def splash_strike(self, state: State, o: Warrior, target: Warrior) -> Strike:
        """``o`` struck by a splash at ``target`` (when :attr:`has_sections`)."""
        raise NotImplementedError(f"a {self.name} has no sections")

    def check_close(self, state: State, action: CloseAttack, follow_up: bool
                    ) -> tuple[Warrior, list[Warrior], list[Warrior], AttackPlan]:
        """close.check_close for a figure of this kind, or one riding in it, or one naming a
        section (when :attr:`fights_otherwise`; a warrior has no sections to name)."""
        raise _no_sections(state, action)

    def check_ranged(self, state: State, action: RangedAttack, follow_up: bool
                     ) -> tuple[Warrior, list[Warrior], AttackPlan, list[Shot]]:
        """ranged.check_ranged as :meth:`check_close`."""
        raise _no_sections(state, action)

    def section_fought(self, state: State, w: Warrior, section: int) -> None:
        """Its section ``section`` was given a combat action (when :attr:`fights_otherwise`)."""
        raise NotImplementedError(f"a {self.name} has no sections")

    def firing_range_violation(self, firer: Warrior, t: Warrior) -> str | None:
        """Why ``firer`` of this kind may not fire at ``t`` that near (when
        :attr:`line_to_centre`)."""
        return None

    def allowance(self, state: State, w: Warrior) -> float | None:
        """How far it may move now (when :attr:`own_movement`), or None."""
        return None

    def section_names(self, w: Warrior) -> list[str | None]:
        """The names of its sections an action may be given to, the likeliest first; [None]
        for a figure given its actions whole."""
        return [None]

    def move_probes(self, state: State, w: Warrior, sections: list[str | None]
                    ) -> list[Action]:
        """Short movement actions of its own (when :attr:`own_movement`) the engine is asked
        about to learn why it may not move."""
        return []

    def snapshot(self, w: Warrior) -> str | None:
        """Its own bookkeeping in a test's snapshot of the game, or None."""
        return None

    # --- the battlefield, when one of its figures is in the game --------------------------

    def in_contact(self, state: State, a: Warrior, b: Warrior) -> bool:
        """Are ``a`` and ``b`` in base contact by a rule of this kind, although their bases
        do not touch? (Castle rules, Gatehouse.)"""
        return False

    def more_contacts(self, state: State, w: Warrior, found: list[Any],
                      standing: Iterable[Any], opposing: bool) -> list[Any]:
        """``found`` (the figures touching ``w``, as memory lists them) with those this
        kind puts in base contact with it too, in the order of the warriors."""
        return found

    def path_violation(self, state: State, w: Warrior, points: tuple[g.Point, ...]
                       ) -> str | None:
        """Why ``w`` may not move along ``points`` because of this kind's figures."""
        return None

    def position_violation(self, state: State, w: Warrior, discs: tuple[g.Disc, ...]
                           ) -> str | None:
        """Why ``w`` may not stand as ``discs`` because of this kind's figures."""
        return None

    def contact_damage(self, state: State, step: ContactCheck
                       ) -> tuple[list[tuple[Warrior, int, str, Warrior]], bool]:
        """Damage this kind's figures deal on base contact after a movement (Ram), as
        (victim, clicks, ability, holder), and whether it ends the action."""
        return [], False

    def approach_spots(self, state: State, w: Warrior, limit: float
                       ) -> list[tuple[g.Point, float]]:
        """Places within ``limit`` of ``w`` where its front arc would touch an opposing
        figure of this kind that is in base contact with no one (the move listing)."""
        return []

    def close_targets(self, state: State, w: Warrior) -> list[Warrior]:
        """Figures ``w`` may attack in close combat by this kind's rules although not in
        base contact with them (unchecked: the listing checks them)."""
        return []

    def reaches_across(self, state: State, a: Warrior, t: Warrior) -> bool:
        """May ``a`` attack ``t`` in close combat by this kind's rules although not in base
        contact with it (Castle rules, Close Combat: across connected access points)?"""
        return False

    def gang_across_ok(self, state: State, m: Warrior, t: Warrior) -> bool:
        """May ``m`` join, as a formation member, an attack on ``t`` made across (Castle
        rules, Close Combat: touching an access point connected to the target's)?"""
        return False

    def across_targets(self, state: State, a: Warrior) -> list[Warrior]:
        """The figures ``a`` reaches across by this kind's rules (the defender's choice)."""
        return []

    def gang_members(self, state: State, w: Warrior, targets: list[Warrior],
                     across: set[int]) -> set[int]:
        """Ids of ``w``'s friends who may gang up on ``targets`` by this kind's rules
        although not touching them (``across``: the targets reached across)."""
        return set()

    def formation_moves(self, state: State, formation: Action) -> Iterator[Action]:
        """What a movement formation's action may do instead because of this kind's
        figures (a castle's ladders), unchecked but for what the listing asks."""
        return iter(())

    def more_moves(self, state: State, w: Warrior) -> Iterator[Action]:
        """Move actions ``w`` may be given because of this kind's figures (boarding a
        chariot), unchecked but for what the listing asks of them."""
        return iter(())

    def turn_choices(self, state: State) -> Iterator[Action]:
        """What the player whose turn it is may declare before its actions (a castle's
        portals)."""
        return iter(())

    def defense_modifiers(self, state: State, attacker: Warrior, t: Warrior, terrain: int
                          ) -> tuple[tuple[str, int], ...]:
        """Named modifiers to ``t``'s defense against a ranged attack its figures bring
        (``terrain``: the terrain modifiers already counted)."""
        return ()

    def splash_modifiers(self, state: State, t: Warrior) -> tuple[tuple[str, int], ...]:
        """Those of them that hold for a figure splashed (no terrain modifier: FAQ,
        Flame/Lightning & Lines of Fire)."""
        return ()

    def everyone_in_reach(self, state: State, firer: Warrior, plan: AttackPlan,
                          aim: str | None) -> list[Shot] | None:
        """Shockwave's shots worked out by this kind's rules while its figures are in the
        game, or None (the warrior's rules)."""
        return None

    # --- setting the scene, while one of its figures is in the game --------------------

    def terrain_violation(self, state: State, polygon: g.Polygon) -> str | None:
        """Why terrain may not be placed as ``polygon`` because of this kind's figures."""
        return None

    def owns_feature(self, feature: TerrainFeature) -> bool:
        """Is ``feature`` part of one of its figures (not a terrain item: Rulebook II's
        spacing does not concern it; :meth:`terrain_violation` does)?"""
        return False

    def starting_area(self, state: State, w: Warrior, at: g.Point, discs: tuple[g.Disc, ...]
                      ) -> str | AsWarrior | None:
        """What forbids ``w`` to be deployed at ``at`` by its rules in place of Rulebook
        II's starting areas, or AS_WARRIOR (the starting area)."""
        return AS_WARRIOR

    def deployed_inside(self, state: State, w: Warrior, discs: tuple[g.Disc, ...]) -> bool:
        """May ``w`` be deployed as ``discs`` outside its starting area, inside one of its
        figures?"""
        return False

    def deploy_violation(self, state: State, w: Warrior, discs: tuple[g.Disc, ...]
                         ) -> str | None:
        """What forbids ``w`` to be deployed as ``discs`` because of its figures."""
        return None

    def deploy_region(self, state: State, w: Warrior
                      ) -> tuple[tuple[float, float, float, float], bool] | None:
        """The box ``w``'s deployment spots are searched in, and whether the answer is
        worth keeping (a large box), by its rules; None: the starting area."""
        return None

    def deploy_spots(self, state: State, w: Warrior, spots: list[g.Point]) -> list[g.Point]:
        """``spots`` without those its rules refuse for certain."""
        return spots

    def game_begins(self, state: State) -> None:
        """Before the first turn: what the log tells first of its figures."""

    def turn_begins(self, state: State, player: int) -> int:
        """Extra actions it gives ``player`` at the start of his turn."""
        return 0

    def owes_before_pushing(self, state: State) -> bool:
        """Is a decision owed before the pushing clicks (a chariot's section)?"""
        return False

    def after_action(self, state: State) -> None:
        """Steps after every action and decision (World Conquest: who is on guard)."""

    def points(self, state: State) -> list[int] | None:
        """Victory points its figures add to each player's eliminations, or None."""
        return None


def _no_sections(state: State, action: CloseAttack | RangedAttack) -> IllegalAction:
    """Chariot rules, Actions: a section named for a figure without sections."""
    if action.formation:
        return IllegalAction("Chariot rules, General Rules: a chariot cannot be part of a "
                             "formation; a passenger touches no one to form up with",
                             "no formation")
    w = state.warriors[action.warrior]
    return IllegalAction("Chariot rules, Actions", f"{w.label} is not a chariot: it has no "
                         "sections")


#: The warrior: every figure no other kind claims.
WARRIOR = FigureKind()
#: Every kind registered, the warrior last (it claims what no other kind does).
_KINDS: list[FigureKind] = []


def register(kind: FigureKind) -> FigureKind:
    """Register a kind of figure (its module does, once)."""
    if any(k.name == kind.name for k in _KINDS):
        raise ValueError(f"the kind of figure {kind.name!r} is registered twice")
    _KINDS.append(kind)
    return kind


def kind_for(card: FigureCard) -> FigureKind:
    """The kind a figure of ``card`` is."""
    for kind in _KINDS:
        if kind.claims(card):
            return kind
    return WARRIOR


def kind_named(name: str) -> FigureKind:
    if name == WARRIOR.name:
        return WARRIOR
    found = next((k for k in _KINDS if k.name == name), None)
    if found is None:
        raise KeyError(f"no kind of figure {name!r}")
    return found


def kinds() -> tuple[FigureKind, ...]:
    """Every kind of figure but the warrior, in the order registered."""
    return tuple(_KINDS)


T = TypeVar("T")


class KindTable(dict[FigureKind, T]):
    """What an outer layer answers for each kind of figure (the AI's way of playing it, a
    screen's look of it), registered by the kind's name the way kinds register here, and
    asked by the figure's kind: ``table[w.kind]``. A kind none registers gets ``default``
    (the warrior's answer). ``load`` imports the modules that register (they import the
    table's own module, so it cannot import them first): run when a kind is first asked
    about."""

    def __init__(self, what: str, default: T, load: Callable[[], object]) -> None:
        super().__init__()
        self._what, self._default, self._load = what, default, load
        self._named: dict[str, T] = {}

    def register(self, name: str, answer: T) -> T:
        """Register the answer for the kind named ``name`` (its module does, once)."""
        if name in self._named:
            raise ValueError(f"{self._what} of {name!r} is registered twice")
        self._named[name] = answer
        return answer

    def __missing__(self, kind: FigureKind) -> T:
        self._load()
        found = self._named.get(kind.name, self._default)
        self[kind] = found
        return found
