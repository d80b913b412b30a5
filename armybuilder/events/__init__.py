"""Organized play: sealed pools, drafts and club tournaments, kept in the database."""
