"""The player's collection: how many of each figure they own."""
