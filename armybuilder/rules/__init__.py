"""Army legality: pure rules over catalogue records, no database or UI code.

    from armybuilder.rules import Army, ArmyEntry, validate
    report = validate(Army("Rich", 100, "standard", [ArmyEntry(figure, 2)]))
"""

from armybuilder.rules.army import CASTLE_MODES, Army, ArmyEntry, is_castle_section, is_chariot
from armybuilder.rules.castles import (
    CastlePrice,
    CastleTableError,
    castle_price,
    figure_points,
    load_castle_prices,
    starting_click,
)
from armybuilder.rules.findings import RULES, SEVERITIES, Finding, Rule
from armybuilder.rules.formations import FormationGroup, faction_formations
from armybuilder.rules.legality import EntryLine, Report, actions_per_turn, validate
from armybuilder.rules.profiles import (
    Profile,
    ProfileError,
    default_profile,
    get_profile,
    load_profiles,
)

__all__ = [
    "CASTLE_MODES", "RULES", "SEVERITIES", "Army", "ArmyEntry", "CastlePrice",
    "CastleTableError", "EntryLine", "Finding", "FormationGroup", "Profile", "ProfileError",
    "Report", "Rule", "actions_per_turn", "castle_price", "default_profile",
    "faction_formations", "figure_points", "get_profile", "is_castle_section", "is_chariot",
    "load_castle_prices", "load_profiles", "starting_click", "validate",
]
