"""Test battles: AI players, games between saved armies, batch statistics and replays.

``players`` and ``match`` import only the engine (no database or UI); ``batch`` and the
command line bring in the catalogue and saved armies.
"""
