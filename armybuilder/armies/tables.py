"""SQLModel tables of saved armies (schema in db/migrations/0002_armies.sql), defined in
``armybuilder.catalogue.tables`` beside the catalogue's, which the catalogue's code reads."""

from armybuilder.catalogue.tables import ArmyEntryRow, ArmyRow

__all__ = ["ArmyEntryRow", "ArmyRow"]
