"""The phases of a battle, in order (``State.phase``).

Rulebook II, Setting the Scene (World Conquest's fortifications first, when a holder sets
his up: Troop Movements, battle rule 1), then play (Rulebook III, Turns and Actions) until
the game is over (Rulebook VI, Ending the Game). A phase is a string too ("play"), so a
screen or a log reads it as it always did.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    #: Before anything is placed (the game being built).
    SETUP = "setup"
    #: World Conquest, Troop Movements (battle rule 1): the holders set up their banners,
    #: outposts, forts and castles.
    FORTIFICATIONS = "fortifications"
    #: Rulebook II, Setting the Scene: each player places his terrain items.
    TERRAIN = "terrain"
    #: ... and deploys his army in his starting area.
    DEPLOY = "deploy"
    #: Rulebook III, Turns and Actions.
    PLAY = "play"
    #: Rulebook VI, Ending the Game.
    OVER = "over"


# The members as names of their own: the rules ask the phase at nearly every check, and a
# member read from its enum class costs several times a name on Python 3.11.
SETUP, FORTIFICATIONS, TERRAIN, DEPLOY, PLAY, OVER = Phase
#: The phases of Setting the Scene: the player to act is the one setting up, placing or
#: deploying (``state.deploying``).
SETTING_THE_SCENE = (FORTIFICATIONS, TERRAIN, DEPLOY)
