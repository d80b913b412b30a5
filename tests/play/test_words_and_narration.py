"""Each kind of action and event is told once: the play screen's words for every action
kind the engine declares (armybuilder/play/words.py) and the replay's narration for every
event kind it tells (armybuilder/sim/narration.py, which the play screen's log shares)."""

from __future__ import annotations

from armybuilder.engine import ACTION_TYPES, EVENTS
from armybuilder.play.words import WORDS
from armybuilder.sim.replay import NARRATION


def test_every_action_kind_has_words() -> None:
    missing = sorted(name for name, cls in ACTION_TYPES.items() if cls not in WORDS)
    assert missing == [], f"no words on the play screen for {missing} (play/words.py)"


def test_every_event_kind_has_narration() -> None:
    missing = sorted(set(EVENTS) - set(NARRATION))
    assert missing == [], f"no narration for {missing} (sim/told_play.py, told_sieges.py)"
    assert set(NARRATION) <= set(EVENTS)  # nothing told that the engine does not tell
