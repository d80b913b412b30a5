"""The match engine: the Mage Knight Rebellion rules as a pure, deterministic game.

No database, UI or pandas imports: only the standard library and, in ``adapter``, the
shared figure records (:mod:`armybuilder.figures`). Importing the package registers the
rules of every special ability (:mod:`armybuilder.engine.specials`).
"""

from armybuilder.engine import specials
from armybuilder.engine.abilities import (
    HOOK_POINTS,
    REGISTRY,
    AbilityRegistry,
    unimplemented_abilities,
)
from armybuilder.engine.actions import (
    Action,
    CancelAbility,
    CloseAttack,
    Deploy,
    EndByAgreement,
    Face,
    FormationPlan,
    FreeSpin,
    Move,
    MoveFormation,
    Pass,
    PlaceTerrain,
    RangedAttack,
    UseAbility,
    Withdraw,
    action_from_json,
    action_to_json,
)
from armybuilder.engine.cards import ClickStats, FigureCard
from armybuilder.engine.game import Game, ReplayMismatch, apply, legal_actions, replay
from armybuilder.engine.setup import (
    GameSetup,
    PlayerSetup,
    Scenario,
    ScenarioPlayer,
    SetupError,
    WarriorSpec,
)
from armybuilder.engine.specials import CATALOGUE_ABILITIES
from armybuilder.engine.state import IllegalAction
from armybuilder.engine.terrain import TerrainFeature, TerrainItem
from armybuilder.engine.victory import Outcome, Score, Termination

__all__ = [
    "CATALOGUE_ABILITIES",
    "HOOK_POINTS",
    "REGISTRY",
    "AbilityRegistry",
    "Action",
    "CancelAbility",
    "ClickStats",
    "CloseAttack",
    "Deploy",
    "EndByAgreement",
    "Face",
    "FigureCard",
    "FormationPlan",
    "FreeSpin",
    "Game",
    "GameSetup",
    "IllegalAction",
    "Move",
    "MoveFormation",
    "Outcome",
    "Pass",
    "PlaceTerrain",
    "PlayerSetup",
    "RangedAttack",
    "ReplayMismatch",
    "Scenario",
    "ScenarioPlayer",
    "Score",
    "SetupError",
    "Termination",
    "TerrainFeature",
    "TerrainItem",
    "UseAbility",
    "WarriorSpec",
    "Withdraw",
    "action_from_json",
    "action_to_json",
    "apply",
    "legal_actions",
    "replay",
    "specials",
    "unimplemented_abilities",
]
