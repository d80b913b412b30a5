"""The match engine: the Mage Knight Rebellion rules as a pure, deterministic game.

No database, UI or pandas imports: only the standard library and, in ``adapter``, the
shared figure records (:mod:`armybuilder.figures`). Importing the package registers the
rules of every special ability (:mod:`armybuilder.engine.specials`).

The names below are the engine's public answers, the way python-chess's ``Board`` is: a
player, the app and the batch runner ask these and nothing else (the import contracts in
pyproject.toml hold them to it).

- The game: :class:`Game` (``Game.new``, ``legal_actions``, ``is_legal``, ``check``,
  ``apply``, ``copy``, ``log_json``), :func:`replay`, the actions and the decisions owed
  (``state.pending``). ``Game.copy()`` is an independent game at the same point (its
  memory, dice and log included) for a player that tries actions on copies.
- What an action may bring: :func:`outcomes` (every way it turns out, with its chance and
  the game after it: every die counted out, two dice by their total).
- What a player or a screen asks between actions (:mod:`answers`): :func:`waiting` (what
  the game waits for and from whom), :func:`movement_allowance`, :func:`placements`
  (where an ability may set a figure down), :func:`ending_turn`, :func:`kind_refusal`
  (why a kind of action is refused), :func:`formation_in_order`,
  :func:`with_captive_placed`.
- Listing and checking: :func:`legal_actions` (every attack exactly, a representative
  set of moves), :func:`checked_actions` (the same, each attack with what its check
  found), :func:`check` (raises :class:`IllegalAction` naming the rule), :func:`is_legal`.
- Where a figure may go (the quick, unchecked listing players search and then check
  exactly): :func:`contact_spot`, :func:`contact_spots`, :func:`straight_move_ends`,
  :func:`clip_to_terrain`, :func:`nearest_facing`, :func:`try_move`,
  :func:`move_allowance`, :func:`break_away_chance`; movement formations:
  :func:`movement_formation_violation`, :func:`formation_speed`, :func:`member_limit`,
  :func:`check_formation_plan`.
- What an attack would do: :func:`forecast` (strikes, exact odds, reductions).
- Contact and arcs: ``state.contacts``, ``state.opposing_contacts``, ``state.faces``,
  ``state.at_rear``, ``state.touching`` (methods of :class:`State`).
- Setting the scene: :func:`placed_features`, :func:`deploy_spots`,
  :func:`deploy_violation`, :func:`room_for`, :func:`face_centre`.
- Chariots (the unified chariot rules): their actions (:class:`ChariotMove`,
  :class:`Board`, :class:`Disembark`, :class:`ChooseSection`; sections named in
  ``Pass``, ``RangedAttack`` and ``CloseAttack``), their sections (:data:`SECTIONS`,
  :func:`section_stats`, :func:`section_active`, :func:`active_sections`,
  :func:`chariot_skulls`, :func:`touching_sections`, :func:`section_violation`), where a
  move stops (:func:`chariot_reach`, :func:`chariot_allowance`) and whether it may turn
  where it stands (:func:`chariot_turn_violation`), which section an attack
  affects (:func:`chariot_ranged_sections`, :func:`chariot_close_sections`,
  the moves to weigh (:func:`chariot_move_candidates`, unchecked),
  :func:`sections_crossed`) and passengers (:func:`board_violation`,
  :func:`disembark_spots`).
- Plane geometry and the 2d6 arithmetic: :mod:`geometry`, :mod:`odds`; every event the
  engine tells, declared: :mod:`events` (:data:`EVENTS`).
"""

# The kinds of figure register themselves (figure_kinds.py): before any figure is made.
from armybuilder.engine import (  # noqa: F401
    castle_kind,
    chariot_kind,
    events,
    geometry,
    odds,
    specials,
    structure_kind,
)
from armybuilder.engine.abilities import (
    HOOK_POINTS,
    REGISTRY,
    AbilityRegistry,
    AttackPlan,
    unimplemented_abilities,
)
from armybuilder.engine.actions import (
    ACTION_TYPES,
    Action,
    Board,
    CancelAbility,
    ChariotMove,
    ChooseSection,
    ChooseTarget,
    CloseAttack,
    Deploy,
    Disembark,
    EndByAgreement,
    EndTurn,
    Face,
    FormationPlan,
    FreeSpin,
    Ladder,
    Move,
    MoveFormation,
    Pass,
    PlaceTerrain,
    RangedAttack,
    SetPortal,
    SetUpFortification,
    UseAbility,
    Withdraw,
    action_from_json,
    action_to_json,
)
from armybuilder.engine.adapter import (
    CardError,
    cards_from_figure,
    castle_card,
    playable_cards,
)
from armybuilder.engine.answers import (
    ACTION_KINDS,
    Waiting,
    ending_turn,
    formation_in_order,
    movement_allowance,
    placements,
    special_abilities,
    waiting,
    with_captive_placed,
)
from armybuilder.engine.answers import refusal as kind_refusal
from armybuilder.engine.bases import SECTIONS, Base, ChariotBase, DoubleBase, RoundBase
from armybuilder.engine.cards import ClickStats, FigureCard
from armybuilder.engine.castle import breach as castle_breach
from armybuilder.engine.castle import collapse as castle_collapse
from armybuilder.engine.castle import portal_choices as castle_portal_choices
from armybuilder.engine.castle import portal_switches as castle_portal_switches
from armybuilder.engine.castle_access import across as castle_across
from armybuilder.engine.castle_access import ladder_violation as castle_ladder_violation
from armybuilder.engine.castle_access import reachable as castle_reachable
from armybuilder.engine.castle_access import touched as castle_access_points
from armybuilder.engine.castle_combat import MIN_RANGE as CASTLE_MIN_RANGE
from armybuilder.engine.castle_combat import action_violation as castle_action_violation
from armybuilder.engine.castle_combat import approach_spots as castle_approach_spots
from armybuilder.engine.castle_combat import attacker_violation as castle_attack_violation
from armybuilder.engine.castle_combat import close_targets as castle_close_targets
from armybuilder.engine.castle_combat import extra_actions as castle_extra_actions
from armybuilder.engine.castle_combat import fortification as castle_fortification
from armybuilder.engine.castle_combat import (
    fortification_modifier as castle_fortification_modifier,
)
from armybuilder.engine.castle_combat import front_touches as castle_front_touches
from armybuilder.engine.castle_combat import is_breached as castle_breached
from armybuilder.engine.castle_combat import long_range_violation as castle_long_range_violation
from armybuilder.engine.castle_combat import multiple_dial as castle_multiple_dial
from armybuilder.engine.castle_combat import standing_on as castle_standing_on
from armybuilder.engine.castle_combat import target_violation as castle_target_violation
from armybuilder.engine.castle_setup import CastleOptions, CastlePlacement, LadderPlacement
from armybuilder.engine.castle_setup import default_plan as castle_default_plan
from armybuilder.engine.chances import MAX_BRANCHES, Branch, ManyWays, outcomes
from armybuilder.engine.chariot_combat import close_sections as chariot_close_sections
from armybuilder.engine.chariot_combat import ranged_sections as chariot_ranged_sections
from armybuilder.engine.chariot_listing import move_candidates as chariot_move_candidates
from armybuilder.engine.chariot_movement import allowance as chariot_allowance
from armybuilder.engine.chariot_movement import movable_sections as chariot_movable_sections
from armybuilder.engine.chariot_movement import reach as chariot_reach
from armybuilder.engine.chariot_movement import stop_ahead as chariot_stop
from armybuilder.engine.chariot_movement import turn_violation as chariot_turn_violation
from armybuilder.engine.chariots import (
    PASSENGER_SECTIONS,
    active_sections,
    section_violation,
    sections_crossed,
    touching_sections,
    unplayed_section_abilities,
)
from armybuilder.engine.chariots import active as section_active
from armybuilder.engine.chariots import dial as section_dial
from armybuilder.engine.chariots import skulls as chariot_skulls
from armybuilder.engine.chariots import stats as section_stats
from armybuilder.engine.combat import Strike, reduction
from armybuilder.engine.dice import Dice
from armybuilder.engine.events import EVENTS, Told
from armybuilder.engine.figure_kinds import KindTable
from armybuilder.engine.forecasts import AttackForecast, StrikeOdds, forecast
from armybuilder.engine.formations import is_mage_spawn
from armybuilder.engine.fortifications import SIDES as FORTIFICATION_SIDES
from armybuilder.engine.fortifications import Fortification, Work, guarding, guards_of
from armybuilder.engine.fortifications import approach_spots as fortification_approach_spots
from armybuilder.engine.fortifications import close_targets as fortification_close_targets
from armybuilder.engine.fortifications import guard_spots as fortification_guard_spots
from armybuilder.engine.fortifications import outline as fortification_outline
from armybuilder.engine.fortifications import standing as fortifications_standing
from armybuilder.engine.fortifications import waiting as fortifications_waiting
from armybuilder.engine.game import (
    LOG_VERSION,
    Game,
    ReplayMismatch,
    apply,
    legal_actions,
    replay,
)
from armybuilder.engine.legal import check, is_legal
from armybuilder.engine.legal import checked as checked_actions
from armybuilder.engine.movement import (
    MovePlan,
    break_away_chance,
    check_formation_plan,
    formation_speed,
    member_limit,
    move_allowance,
)
from armybuilder.engine.movement import formation_violation as movement_formation_violation
from armybuilder.engine.passengers import board_violation, disembark_spots
from armybuilder.engine.pending import (
    AttackStep,
    ConfusedMove,
    ContactCheck,
    FollowUp,
    FormationMoving,
    PassengerFacing,
    SectionChoice,
    SpinOffer,
    TargetChoice,
)
from armybuilder.engine.phases import SETTING_THE_SCENE, Phase
from armybuilder.engine.places import (
    CONTACT_GAP,
    DIRECTIONS,
    clip_to_terrain,
    contact_spot,
    contact_spots,
    nearest_facing,
    straight_move_ends,
    try_move,
)
from armybuilder.engine.sections import ELIMINATED as CHARIOT_SKULLS
from armybuilder.engine.sections import INACTIVE as INACTIVE_SKULLS
from armybuilder.engine.setup import (
    SIEGE_TABLE,
    GameSetup,
    PlayerSetup,
    Scenario,
    ScenarioPlayer,
    SetupError,
    WarriorSpec,
    deploy_spots,
    deploy_violation,
    face_centre,
    placed_features,
    room_for,
    setup_from_dict,
    table_for,
)
from armybuilder.engine.specials import CATALOGUE_ABILITIES
from armybuilder.engine.state import NOBODY, IllegalAction, Player, State, Warrior
from armybuilder.engine.terrain import Terrain, TerrainFeature, TerrainItem
from armybuilder.engine.turns import action_violation, turn_given
from armybuilder.engine.victory import Outcome, Score, Termination, held_home

__all__ = [
    "ACTION_KINDS",
    "ACTION_TYPES",
    "CASTLE_MIN_RANGE",
    "CATALOGUE_ABILITIES",
    "CHARIOT_SKULLS",
    "CONTACT_GAP",
    "DIRECTIONS",
    "EVENTS",
    "FORTIFICATION_SIDES",
    "HOOK_POINTS",
    "INACTIVE_SKULLS",
    "LOG_VERSION",
    "MAX_BRANCHES",
    "NOBODY",
    "PASSENGER_SECTIONS",
    "REGISTRY",
    "SECTIONS",
    "SETTING_THE_SCENE",
    "SIEGE_TABLE",
    "AbilityRegistry",
    "Action",
    "AttackForecast",
    "AttackPlan",
    "AttackStep",
    "Base",
    "Board",
    "Branch",
    "CancelAbility",
    "CardError",
    "CastleOptions",
    "CastlePlacement",
    "ChariotBase",
    "ChariotMove",
    "ChooseSection",
    "ChooseTarget",
    "ClickStats",
    "CloseAttack",
    "ConfusedMove",
    "ContactCheck",
    "Deploy",
    "Dice",
    "Disembark",
    "DoubleBase",
    "EndByAgreement",
    "EndTurn",
    "Face",
    "FigureCard",
    "FollowUp",
    "FormationMoving",
    "FormationPlan",
    "Fortification",
    "FreeSpin",
    "Game",
    "GameSetup",
    "IllegalAction",
    "KindTable",
    "Ladder",
    "LadderPlacement",
    "ManyWays",
    "Move",
    "MoveFormation",
    "MovePlan",
    "Outcome",
    "Pass",
    "PassengerFacing",
    "Phase",
    "PlaceTerrain",
    "Player",
    "PlayerSetup",
    "RangedAttack",
    "ReplayMismatch",
    "RoundBase",
    "Scenario",
    "ScenarioPlayer",
    "Score",
    "SectionChoice",
    "SetPortal",
    "SetUpFortification",
    "SetupError",
    "SpinOffer",
    "State",
    "Strike",
    "StrikeOdds",
    "TargetChoice",
    "Termination",
    "Terrain",
    "TerrainFeature",
    "TerrainItem",
    "Told",
    "UseAbility",
    "Waiting",
    "Warrior",
    "WarriorSpec",
    "Withdraw",
    "Work",
    "action_from_json",
    "action_to_json",
    "action_violation",
    "active_sections",
    "apply",
    "board_violation",
    "break_away_chance",
    "cards_from_figure",
    "castle_access_points",
    "castle_across",
    "castle_action_violation",
    "castle_approach_spots",
    "castle_attack_violation",
    "castle_breach",
    "castle_breached",
    "castle_card",
    "castle_close_targets",
    "castle_collapse",
    "castle_default_plan",
    "castle_extra_actions",
    "castle_fortification",
    "castle_fortification_modifier",
    "castle_front_touches",
    "castle_ladder_violation",
    "castle_long_range_violation",
    "castle_multiple_dial",
    "castle_portal_choices",
    "castle_portal_switches",
    "castle_reachable",
    "castle_standing_on",
    "castle_target_violation",
    "chariot_allowance",
    "chariot_close_sections",
    "chariot_movable_sections",
    "chariot_move_candidates",
    "chariot_ranged_sections",
    "chariot_reach",
    "chariot_skulls",
    "chariot_stop",
    "chariot_turn_violation",
    "check",
    "check_formation_plan",
    "checked_actions",
    "clip_to_terrain",
    "contact_spot",
    "contact_spots",
    "deploy_spots",
    "deploy_violation",
    "disembark_spots",
    "ending_turn",
    "events",
    "face_centre",
    "forecast",
    "formation_in_order",
    "formation_speed",
    "fortification_approach_spots",
    "fortification_close_targets",
    "fortification_guard_spots",
    "fortification_outline",
    "fortifications_standing",
    "fortifications_waiting",
    "geometry",
    "guarding",
    "guards_of",
    "held_home",
    "is_legal",
    "is_mage_spawn",
    "kind_refusal",
    "legal_actions",
    "member_limit",
    "move_allowance",
    "movement_allowance",
    "movement_formation_violation",
    "nearest_facing",
    "odds",
    "outcomes",
    "placed_features",
    "placements",
    "playable_cards",
    "reduction",
    "replay",
    "room_for",
    "section_active",
    "section_dial",
    "section_stats",
    "section_violation",
    "sections_crossed",
    "setup_from_dict",
    "special_abilities",
    "specials",
    "straight_move_ends",
    "table_for",
    "touching_sections",
    "try_move",
    "turn_given",
    "unimplemented_abilities",
    "unplayed_section_abilities",
    "waiting",
    "with_captive_placed",
]
