"""The rules of every special ability on the catalogue's dials, one small module per theme.

Importing this package registers them all in :data:`armybuilder.engine.abilities.REGISTRY`
(``armybuilder.engine`` does so on import). Each rule cites its source: the Special
Abilities Card (in the project's own words, ``imports/abilities.csv``), the FAQ's Special
Ability Update and Rule Clarifications, and the chariot rules for Ram.
"""

from armybuilder.engine.specials import (  # noqa: F401  (imported to register)
    attacks,
    captives,
    defense,
    magic,
    moving,
    recovery,
    turn,
)

#: The special abilities that appear on the catalogue's dials (39, all with rules here).
CATALOGUE_ABILITIES: tuple[str, ...] = (
    "Aquatic", "Battle Armor", "Battle Fury", "Berserk", "Bound", "Charge", "Command",
    "Defend", "Demoralized", "Dodge", "Flame/Lightning", "Flight", "Forced March", "Healing",
    "Invulnerability", "Limited Invisibility", "Magic Blast", "Magic Confusion",
    "Magic Enhancement", "Magic Freeze", "Magic Healing", "Magic Immunity",
    "Magic Levitation", "Magic Retaliation", "Necromancy", "Nimble", "Pierce", "Pole Arm",
    "Quickness", "Ram", "Regeneration", "Shockwave", "Sneak Attack", "Stealth", "Sweep",
    "Toughness", "Vampirism", "Venom", "Weapon Master",
)
