"""Every event the engine tells, declared once: a typed record of each kind, as the JSON
log writes it (``{"e": kind, ...}``; fields marked ``NotRequired`` are written only when
they apply, so a log of a game without chariots or castles reads as it always did).

The rules tell an event by writing its record, ``state.emit({"e": "damage", "warrior": w.id,
...})``: mypy checks the kind and every field against its declaration (a dict literal, not
a call of the class: the engine tells hundreds of events a game and a call costs twice
the literal). A screen narrating a log or a player
reading it looks an event's kind up in :data:`EVENTS`; the replay's narration and the
play screen's log register their words against these kinds, and a test fails when an
event told has no declaration here or no narration there.
"""

# No ``from __future__ import annotations``: the declarations are read at run time (which
# fields are required) and Python 3.11 reads NotRequired only from evaluated annotations.
from typing import Any, Literal, NotRequired, TypedDict, get_type_hints

# --- setting the scene -------------------------------------------------------------------


class AbilitiesWithoutRules(TypedDict):
    """Abilities on the armies' dials the engine has no rules for (told before play)."""

    e: Literal["abilities_without_rules"]
    names: list[str]


class SectionAbilitiesWithoutRules(TypedDict):
    """Abilities a chariot's section shows that it does not play (RULES_NOTES.md)."""

    e: Literal["section_abilities_without_rules"]
    names: list[str]


class FirstPlayer(TypedDict):
    """Rulebook II, Setting the Scene: the first player, by the highest 2d6."""

    e: Literal["first_player"]
    player: int


class FortificationSetUp(TypedDict):
    """World Conquest, Troop Movements (battle rule 1): a holder sets a structure up."""

    e: Literal["fortification_set_up"]
    player: int
    warrior: int
    at: list[float]
    rotation: float


class TerrainPlaced(TypedDict):
    """Rulebook II, Setting the Scene: a terrain item placed."""

    e: Literal["terrain_placed"]
    player: int
    item: int
    at: list[float]
    rotation: float


class DialsSet(TypedDict):
    """Every warrior's dial set to its starting click (or the click it enters at)."""

    e: Literal["dials_set"]


class Castle(TypedDict):
    """Castle rules, Playing Area and Set-Up: the castle player's sections stand."""

    e: Literal["castle"]
    player: int
    sections: list[int]


class LadderStood(TypedDict):
    """Castle rules, Planking and Ladders: a ladder stands against a wall at the start."""

    e: Literal["ladder"]
    player: int
    warrior: int
    at: list[list[float]]


class Deployed(TypedDict):
    """Rulebook II, Setting the Scene: a warrior placed in its starting area."""

    e: Literal["deployed"]
    warrior: int
    at: list[float]
    facing: float


class NoRoom(TypedDict):
    """A warrior that has no room anywhere in its starting area (RULES_NOTES.md)."""

    e: Literal["no_room"]
    warrior: int


class Aboard(TypedDict):
    """Chariot rules, Passengers: a passenger set up riding in his chariot."""

    e: Literal["aboard"]
    warrior: int
    chariot: int


class Battle(TypedDict):
    """The battle begins (Rulebook III)."""

    e: Literal["battle"]
    first_player: int


# --- turns --------------------------------------------------------------------------------


class Turn(TypedDict):
    """Rulebook III, Turns and Actions: a player's turn begins, with its actions."""

    e: Literal["turn"]
    player: int
    turn: int
    round: int
    actions: int


class Actions(TypedDict):
    """The turn's actions changed by an ability (Command)."""

    e: Literal["actions"]
    player: int
    actions: int


class Command(TypedDict):
    """Special Abilities Card, Command: an extra action this turn."""

    e: Literal["command"]
    warrior: int
    extra_action: bool


class TurnEnded(TypedDict):
    """A player ended his turn while a free move was still open (Quickness)."""

    e: Literal["turn_ended"]
    player: int


class TurnEnd(TypedDict):
    """A player's turn is over."""

    e: Literal["turn_end"]
    player: int
    turn: int


class ActionGiven(TypedDict):
    """An action given to a warrior (or a chariot's sections, or a formation), with what
    it is: ``kind`` "move", "ranged", "close", "capture", "pass", "move formation",
    "place ladder" or "remove ladder"."""

    e: Literal["action"]
    kind: str
    warrior: int
    ability: NotRequired[str]
    target: NotRequired[int]
    targets: NotRequired[list[int]]
    formation: NotRequired[list[int]]
    members: NotRequired[list[int]]
    #: Chariot rules: the section given it (None: a chariot's pass naming none, the
    #: section chosen for it), or the sections given move actions together; Castle rules:
    #: the wall a ladder is placed against.
    section: NotRequired[str | int | None]
    sections: NotRequired[list[str]]
    speed: NotRequired[float]
    #: Pierce, Magic Freeze: abilities riding along with the attack.
    riders: NotRequired[list[str]]
    #: Castle rules: a long range shot; an attack across connected access points.
    long_range: NotRequired[bool]
    across: NotRequired[bool]
    #: Chariot rules, Boarding & Disembarking: the chariot boarded or left.
    board: NotRequired[int]
    disembark: NotRequired[int]
    #: Castle rules, Planking and Ladders: the ladder's ends and its owner.
    at: NotRequired[list[list[float]]]
    owner: NotRequired[int]


class FreeAction(TypedDict):
    """An action that uses none of the turn's actions (Quickness)."""

    e: Literal["free_action"]
    warrior: int


class ActionEnded(TypedDict):
    """Pole Arm or Ram ended the action under way."""

    e: Literal["action_ended"]


class Tokens(TypedDict):
    """Action tokens on a warrior (Rulebook III, Pushing)."""

    e: Literal["tokens"]
    warrior: int
    tokens: int


class Cancelled(TypedDict):
    """Rulebook III, Special Abilities: an optional ability cancelled for the turn."""

    e: Literal["cancelled"]
    warrior: int
    ability: str


# --- dice, movement -----------------------------------------------------------------------


class Roll(TypedDict):
    """Dice rolled: every die is an event, with what it was for and whose it was."""

    e: Literal["roll"]
    purpose: str
    dice: list[int]
    warrior: NotRequired[int]
    target: NotRequired[int]
    player: NotRequired[int]
    passenger: NotRequired[int]


class BreakAway(TypedDict):
    """Rulebook III, Breaking Away: the roll's result."""

    e: Literal["break_away"]
    warrior: int
    success: bool


class Moved(TypedDict):
    """A base set down elsewhere (a move, a captive carried along)."""

    e: Literal["moved"]
    warrior: int
    to: list[float]
    facing: float


class Faced(TypedDict):
    """A warrior turned where it stands (Nimble; a failed break-away; a passenger set
    down from a wreck)."""

    e: Literal["faced"]
    warrior: int
    facing: float
    ability: NotRequired[str]


class FreeSpinOffered(TypedDict):
    """Rulebook III, Free Spin: a figure may turn to face one of ``movers``."""

    e: Literal["free_spin_offered"]
    warrior: int
    movers: list[int]


class FreeSpinTaken(TypedDict):
    """Rulebook III, Free Spin: the figure turned (``facing``) or declined (None)."""

    e: Literal["free_spin"]
    warrior: int
    facing: float | None


class NoFreeSpin(TypedDict):
    """A figure offered no free spin (its abilities forbid it)."""

    e: Literal["no_free_spin"]
    warrior: int


class MovedByConfusion(TypedDict):
    """FAQ, Magic Confusion: the attacker's player moves the figure hit."""

    e: Literal["confused_move"]
    warrior: int
    by: int


class Levitated(TypedDict):
    """FAQ, Magic Levitation: a figure set down elsewhere by another."""

    e: Literal["levitated"]
    warrior: int
    by: int
    to: list[float]
    facing: float


# --- combat ---------------------------------------------------------------------------------


class _Strike(TypedDict):
    attacker: int
    target: int
    #: The roll plus the attack value and modifiers, against the defense value.
    total: int
    defense: int
    critical: bool
    attack: int
    #: Flame/Lightning: affected without being targeted.
    splash: NotRequired[bool]
    section: NotRequired[str]
    roll_modifiers: NotRequired[list[list[Any]]]
    defense_modifiers: NotRequired[list[list[Any]]]


class Hit(_Strike):
    """Rulebook III: the attack roll against one figure hit it."""

    e: Literal["hit"]


class Miss(_Strike):
    """... or missed it."""

    e: Literal["miss"]


class Dodged(TypedDict):
    """Special Abilities Card, Dodge: a hit turned into a miss."""

    e: Literal["dodged"]
    warrior: int
    attacker: int


class Damage(TypedDict):
    """Rulebook I: a dial clicked clockwise (``click`` where it stands after)."""

    e: Literal["damage"]
    warrior: int
    clicks: int
    click: int
    cause: str
    ability: NotRequired[str]
    #: Who dealt it, when a figure did (the figures' statistics).
    source: NotRequired[int]
    #: Chariot rules: the section it is recorded on, and the skulls of the four dials.
    section: NotRequired[str]
    skulls: NotRequired[int]


class Healed(TypedDict):
    """Rulebook III, Healing: a dial clicked back."""

    e: Literal["healed"]
    warrior: int
    clicks: int
    click: int
    cause: str


class Frozen(TypedDict):
    """Magic Freeze: action tokens on the figure hit."""

    e: Literal["frozen"]
    warrior: int
    tokens: int


class Captured(TypedDict):
    """Rulebook III, Capturing."""

    e: Literal["captured"]
    warrior: int
    by: int


class Released(TypedDict):
    """Rulebook III, Capturing: a captive goes free."""

    e: Literal["released"]
    warrior: int


class Eliminated(TypedDict):
    e: Literal["eliminated"]
    warrior: int


class Scored(TypedDict):
    """Rulebook VI, Victory!: victory points scored as they happen."""

    e: Literal["score"]
    player: int
    points: int
    reason: str
    warrior: int


class FollowUpDeclined(TypedDict):
    """Charge or Bound: the attack after the move not made."""

    e: Literal["follow_up_declined"]
    warrior: int


class FollowUpLost(TypedDict):
    """Charge or Bound: the action ended before the attack (Pole Arm, Ram)."""

    e: Literal["follow_up_lost"]
    warrior: int


class BerserkKillsCaptive(TypedDict):
    e: Literal["berserk_kills_captive"]
    warrior: int
    captive: int


class AbilityFreesCaptive(TypedDict):
    e: Literal["ability_frees_captive"]
    warrior: int
    ability: str


class Returned(TypedDict):
    """Special Abilities Card, Necromancy: an eliminated warrior brought back."""

    e: Literal["returned"]
    warrior: int
    by: int
    at: list[float]
    facing: float
    click: int


class NecromancyFailed(TypedDict):
    e: Literal["necromancy_failed"]
    warrior: int
    by: int


# --- chariots -------------------------------------------------------------------------------


class SectionChosen(TypedDict):
    """Chariot rules: the section its player chose (an attack, the pushing click, damage)."""

    e: Literal["section_chosen"]
    warrior: int
    section: str
    purpose: str


class SectionInactive(TypedDict):
    """Chariot rules, Combat Dials: a section shows three skulls."""

    e: Literal["section_inactive"]
    warrior: int
    section: str


class PassengerHit(TypedDict):
    """Chariot rules, Damaging a Passenger."""

    e: Literal["passenger_hit"]
    warrior: int
    chariot: int
    clicks: int


class PassengerPlaced(TypedDict):
    """Chariot rules, Damaging a Passenger: set down from a wreck."""

    e: Literal["passenger_placed"]
    warrior: int
    chariot: int
    at: list[float]


class Boarded(TypedDict):
    e: Literal["boarded"]
    warrior: int
    chariot: int


class Disembarked(TypedDict):
    e: Literal["disembarked"]
    warrior: int
    chariot: int
    at: list[float]
    facing: float


# --- castles and fortifications -------------------------------------------------------------


class PortalSet(TypedDict):
    """Castle rules, Portals: a portal opened or closed."""

    e: Literal["portal"]
    warrior: int
    portal: str
    open: bool


class Breached(TypedDict):
    """Castle rules, Portals: a section breached."""

    e: Literal["breached"]
    warrior: int
    by: int | None


class Rubble(TypedDict):
    """Castle rules, Eliminating Castle Sections: a section falls, with the figures on it."""

    e: Literal["rubble"]
    warrior: int
    figures: list[int]


class TargetChosen(TypedDict):
    """Castle rules, Close Combat: the defender's choice of the figure attacked."""

    e: Literal["target_chosen"]
    warrior: int
    target: int
    player: int


class OnGuard(TypedDict):
    """World Conquest, Upgrading Defenses: a warrior on guard in a structure."""

    e: Literal["on_guard"]
    warrior: int
    fortification: int


class OffGuard(TypedDict):
    e: Literal["off_guard"]
    warrior: int


# --- the end --------------------------------------------------------------------------------


class Withdrew(TypedDict):
    """Rulebook VI, Withdrawing."""

    e: Literal["withdrew"]
    player: int


class Removed(TypedDict):
    """A withdrawing player's figure taken off the battlefield."""

    e: Literal["removed"]
    warrior: int


class GameOver(TypedDict):
    """Rulebook VI, Ending the Game: how it ended and the scores (victory.Outcome)."""

    e: Literal["game_over"]
    termination: str
    round: int
    winners: list[int]
    scores: list[list[int]]


#: Every event the engine tells, by its kind (the log's ``"e"``).
EVENTS: dict[str, type] = {
    get_type_hints(cls)["e"].__args__[0]: cls for cls in (
        AbilitiesWithoutRules, SectionAbilitiesWithoutRules, FirstPlayer, FortificationSetUp,
        TerrainPlaced, DialsSet, Castle, LadderStood, Deployed, NoRoom, Aboard, Battle, Turn,
        Actions, Command, TurnEnded, TurnEnd, ActionGiven, FreeAction, ActionEnded, Tokens,
        Cancelled, Roll, BreakAway, Moved, Faced, FreeSpinOffered, FreeSpinTaken, NoFreeSpin,
        MovedByConfusion, Levitated, Hit, Miss, Dodged, Damage, Healed, Frozen, Captured,
        Released, Eliminated, Scored, FollowUpDeclined, FollowUpLost, BerserkKillsCaptive,
        AbilityFreesCaptive, Returned, NecromancyFailed, SectionChosen, SectionInactive,
        PassengerHit, PassengerPlaced, Boarded, Disembarked, PortalSet, Breached, Rubble,
        TargetChosen, OnGuard, OffGuard, Withdrew, Removed, GameOver)}

Told = (AbilitiesWithoutRules | SectionAbilitiesWithoutRules | FirstPlayer
        | FortificationSetUp | TerrainPlaced | DialsSet | Castle | LadderStood | Deployed
        | NoRoom | Aboard | Battle | Turn | Actions | Command | TurnEnded | TurnEnd
        | ActionGiven | FreeAction | ActionEnded | Tokens | Cancelled | Roll | BreakAway
        | Moved | Faced | FreeSpinOffered | FreeSpinTaken | NoFreeSpin | MovedByConfusion
        | Levitated | Hit | Miss | Dodged | Damage | Healed | Frozen | Captured | Released
        | Eliminated | Scored | FollowUpDeclined | FollowUpLost | BerserkKillsCaptive
        | AbilityFreesCaptive | Returned | NecromancyFailed | SectionChosen
        | SectionInactive | PassengerHit | PassengerPlaced | Boarded | Disembarked
        | PortalSet | Breached | Rubble | TargetChosen | OnGuard | OffGuard | Withdrew
        | Removed | GameOver)
"""What a rule tells: one of the records above."""
