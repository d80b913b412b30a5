"""What an exported army list holds, by its older name: it lives in
``armybuilder.armies.listing``, beside the saved armies that make it."""

from armybuilder.armies.listing import ArmyListing, ListedEntry, ListFormatError, ReadArmy, ReadRow

__all__ = ["ArmyListing", "ListFormatError", "ListedEntry", "ReadArmy", "ReadRow"]
