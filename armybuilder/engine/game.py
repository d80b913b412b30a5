"""The game: apply actions, list legal ones, keep the JSON log and replay it.

    game = Game.from_scenario(scenario)          # or Game.new(GameSetup(...))
    for action in legal_actions(game, warrior=3):
        ...
    events = apply(game, action)                 # or raises IllegalAction
    text = game.log_json()
    assert replay(text).log_json() == text
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from armybuilder.engine import kinds, legal, movement, setup, turns, victory
from armybuilder.engine.abilities import REGISTRY
from armybuilder.engine.actions import (
    ACTION_TYPES,
    Action,
    action_from_json,
    action_to_json,
    encode,
)
from armybuilder.engine.pending import (
    STEPS,
    ConfusedMove,
    ContactCheck,
    FollowUp,
    PassengerFacing,
    SectionChoice,
    SpinOffer,
)
from armybuilder.engine.phases import OVER
from armybuilder.engine.setup import GameSetup, Scenario
from armybuilder.engine.state import NOBODY, Event, IllegalAction, State

#: Version 2: special abilities (part 2 of the engine) and their actions; version 3: each
#: damage event names the figure that dealt it (``source``), when one did.
LOG_VERSION = 3
_ACTION_CLASSES = frozenset(ACTION_TYPES.values())


class ReplayMismatch(RuntimeError):
    """A log whose recorded events differ from what its actions produce."""


class Game(State):
    """One battle: the state plus its log."""

    def __init__(self, header: dict[str, Any], state: State) -> None:
        self.__dict__.update(state.__dict__)
        self.header = header
        self.entries: list[dict[str, Any]] = []

    @classmethod
    def new(cls, game_setup: GameSetup) -> Game:
        game = cls(game_setup.to_dict(), setup.build_from_setup(game_setup))
        game._record(None, game._begin(lambda: setup.begin_setup(game)))
        return game

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> Game:
        game = cls(scenario.to_dict(), setup.build_from_scenario(scenario))
        game._record(None, game._begin(lambda: setup.begin_scenario(game, scenario)))
        return game

    def _begin(self, start: Any) -> list[Event]:
        self.events = []
        names = sorted({n for w in self.warriors for n in w.card.ability_names})
        missing = REGISTRY.unhooked(names)
        if missing:
            # Abilities of a later expansion, say: warn before the battle begins and never
            # silently pretend to play them (RULES_NOTES.md, Special abilities).
            self.emit({"e": "abilities_without_rules", "names": missing})
        for figures in self.kinds_in_play:
            figures.game_begins(self)  # a chariot's section abilities without rules
        start()
        for figures in self.kinds_in_play:
            # World Conquest, Upgrading Defenses: warriors set up on guard.
            figures.after_action(self)
        for w in self.warriors:
            if w.on_table and w.captive != NOBODY:
                # A scenario may start with a captive held by a warrior whose abilities
                # forbid it (Battle Fury, Berserk, Invulnerability).
                self.dial_turned(w, "start")
        victory.check_end(self)
        return self.events

    def _record(self, action: Action | None, events: list[Event],
                data: dict[str, Any] | None = None) -> None:
        """``data``: the action's JSON form, when the caller already has it."""
        if data is None and action is not None:
            data = action_to_json(action)
        self.entries.append({"action": data, "events": events})

    def copy(self) -> Game:
        """An independent game at the same point (State.copy), with its log so far: the
        same actions given to both write the same log, byte for byte."""
        new = super().copy()
        assert isinstance(new, Game)
        # Entries written are never changed: the copy's log goes on from the same ones.
        new.entries = self.entries[:]
        return new

    # --- the public surface -------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        return apply(self, action)

    def legal_actions(self, warrior: int | None = None,
                      kinds: set[str] | frozenset[str] | None = None) -> Iterator[Action]:
        return legal_actions(self, warrior, kinds)

    def is_legal(self, action: Action) -> bool:
        return legal.is_legal(self, action)

    def check(self, action: Action) -> None:
        """IllegalAction naming the rule if ``action`` may not be given now; changes
        nothing."""
        legal.check(self, action)

    @property
    def to_act(self) -> int:
        """The player who owes the next decision."""
        return legal.to_act(self)

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> tuple[victory.Score, ...]:
        """Victory points as they would stand if the game ended now."""
        return victory.final_scores(self)

    def log(self) -> dict[str, Any]:
        return {"engine": "armybuilder.engine", "version": LOG_VERSION, "start": self.header,
                "entries": self.entries}

    def log_json(self) -> str:
        return json.dumps(self.log(), sort_keys=True, separators=(",", ":"))


def apply(game: Game, action: Action) -> list[Event]:
    """Apply one action. Returns its events, or raises IllegalAction and changes nothing."""
    if type(action) not in _ACTION_CLASSES:
        raise IllegalAction("Rulebook III, Action List", f"{action!r} is not an action")
    # normalise(action), keeping the JSON form for the log: it reads the same from the
    # action it makes (action_to_json(action_from_json(d)) == d). An action already in
    # that form (the players' own) is used as it is.
    data, normal = encode(action)
    if not normal:
        action = action_from_json(data)
    game.events = []
    try:
        _dispatch(game, action)
    except IllegalAction:
        if game.events:  # a check ran after something was emitted: a bug, not a rule
            raise RuntimeError("an illegal action changed the game") from None
        raise
    events = game.events
    game.events = []
    game._record(action, events, data)
    return events


def _dispatch(game: Game, action: Action) -> None:
    if game.pending and game.phase != OVER:
        _decide(game, action)
        _settle(game)
        for figures in game.kinds_in_play:
            figures.after_action(game)
        return
    kind = kinds.kind_of(game, action)
    kind.apply(game, action)
    if kind.settles:
        _settle(game)
    for figures in game.kinds_in_play:
        # World Conquest, Upgrading Defenses: who stands on guard now (structure_kind).
        figures.after_action(game)


def _decide(game: Game, action: Action) -> None:
    """The decision owed first: check it, then carry it out. Whatever it queues comes
    before the decisions that were already waiting."""
    item = game.pending[0]
    kind = kinds.decision_for(game, action)
    kind.check(game, item, action)
    rest = game.pending[1:]
    game.pending = []
    kind.apply(game, item, action)
    game.pending.extend(rest)


def _automatic(game: Game, item: object) -> bool:
    if isinstance(item, STEPS):
        return True
    if isinstance(item, FollowUp):
        w = game.warriors[item.warrior]
        return game.action_ended or not w.on_table or w.is_captive
    if isinstance(item, (SpinOffer, ConfusedMove, SectionChoice, PassengerFacing)):
        w = game.warriors[item.warrior]
        return not w.on_table or w.is_captive
    return False


def _settle(game: Game) -> None:
    """Carry out the steps that need no decision, then close the action when nothing is
    owed any more (pushing damage, the end of the game, the end of the turn)."""
    while game.pending and _automatic(game, game.pending[0]):
        item = game.pending.pop(0)
        rest = game.pending
        game.pending = []
        if isinstance(item, ContactCheck):
            movement.resolve_contacts(game, item)
        elif isinstance(item, STEPS):
            kinds.STEP_RUNS[type(item)](game, item)
        elif isinstance(item, FollowUp) and game.action_ended:
            game.emit({"e": "follow_up_lost", "warrior": item.warrior})
        game.pending.extend(rest)
        if game.phase == OVER:
            return
    if game.phase == OVER:
        return
    if game.pending and victory.several_sides(game):
        return
    # Nothing owed, or only one side is left mid-action: the action is over.
    game.pending = []
    turns.finish_action(game)


def legal_actions(game: Game, warrior: int | None = None,
                  kinds: set[str] | frozenset[str] | None = None) -> Iterator[Action]:
    """Legal actions, generated lazily: every attack and formation, and a representative
    set of moves (space is continuous; see RULES_NOTES.md). ``warrior`` narrows the list to
    one warrior and ``kinds`` to some of "pass", "move", "close", "ranged" and "formation"
    (ranged and close include their formations; "formation" is movement formations).
    Pending decisions (free spins, formation plans) and setting the scene are listed
    whatever the filters. Withdrawing and ending by agreement are always open to the
    player whose turn it is and are not listed."""
    return legal.generate(game, warrior, kinds)


def replay(log: str | dict[str, Any]) -> Game:
    """Rebuild a game from its log, checking every recorded event."""
    data = json.loads(log) if isinstance(log, str) else log
    if data.get("version") != LOG_VERSION:
        raise ReplayMismatch(f"log version {data.get('version')!r}, expected {LOG_VERSION}")
    start = setup.setup_from_dict(data["start"])
    game = Game.new(start) if isinstance(start, GameSetup) else Game.from_scenario(start)
    entries = data["entries"]
    if not entries or game.entries[0]["events"] != entries[0]["events"]:
        raise ReplayMismatch("entry 0: the set-up events differ")
    for i, entry in enumerate(entries[1:], start=1):
        try:
            events = apply(game, action_from_json(entry["action"]))
        except IllegalAction as exc:
            raise ReplayMismatch(f"entry {i}: the recorded action is illegal here: {exc}") \
                from exc
        if events != entry["events"] and _told(events) != entry["events"]:
            raise ReplayMismatch(f"entry {i}: recorded {entry['events']!r}, replayed {events!r}")
    return game


#: What a hit or miss event says for the log's roll lines alone (the attack value and the
#: named modifiers, combat.resolve); a log written before it was recorded replays without.
_ROLL_LINE = ("attack", "roll_modifiers", "defense_modifiers")


def _told(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``events`` as a log written before the roll lines named their modifiers has them."""
    return [{k: v for k, v in ev.items() if k not in _ROLL_LINE}
            if ev.get("e") in ("hit", "miss") else ev for ev in events]
