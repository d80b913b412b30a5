"""The match engine: the Mage Knight Rebellion rules as a pure, deterministic game.

No database, UI or pandas imports: only the standard library and, in ``adapter``, the
catalogue's plain records.
"""

from armybuilder.engine.abilities import HOOK_POINTS, REGISTRY, AbilityRegistry
from armybuilder.engine.actions import (
    Action,
    CloseAttack,
    Deploy,
    EndByAgreement,
    FormationPlan,
    FreeSpin,
    Move,
    MoveFormation,
    Pass,
    PlaceTerrain,
    RangedAttack,
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
from armybuilder.engine.state import IllegalAction
from armybuilder.engine.terrain import TerrainFeature, TerrainItem
from armybuilder.engine.victory import Outcome, Score, Termination

__all__ = [
    "HOOK_POINTS",
    "REGISTRY",
    "AbilityRegistry",
    "Action",
    "ClickStats",
    "CloseAttack",
    "Deploy",
    "EndByAgreement",
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
    "WarriorSpec",
    "Withdraw",
    "action_from_json",
    "action_to_json",
    "apply",
    "legal_actions",
    "replay",
]
