"""Test battles between saved armies: one game played out, batches across processes,
their statistics and replays told in words.

``match`` imports only the engine and the players; ``batch`` and ``armies`` bring in the
catalogue and the saved armies.
"""
