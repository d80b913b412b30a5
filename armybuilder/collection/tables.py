"""SQLModel table of the collection (schema in db/migrations/0003_collections.sql), defined
in ``armybuilder.catalogue.tables`` beside the catalogue's, which the catalogue's search
reads."""

from armybuilder.catalogue.tables import CollectionEntryRow

__all__ = ["CollectionEntryRow"]
