"""The Textual app: catalogue, army builder and saved armies (``armybuilder`` alone)."""
