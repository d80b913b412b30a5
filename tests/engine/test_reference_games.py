"""The reference games play to the same event log, byte for byte, and every log replays
(see reference_games.py). Needs ../shared/data; skipped without it."""

from __future__ import annotations

import pytest
import reference_games as ref

from armybuilder.engine import replay

pytestmark = pytest.mark.shared

REFERENCES = ref.references()


def test_the_set_covers_both_tables_and_every_pairing() -> None:
    assert len(REFERENCES) >= 40
    assert {r.preset for r in REFERENCES} == {"none", "standard"}
    assert {r.kinds for r in REFERENCES} == {("heuristic", "heuristic"),
                                             ("heuristic", "random"),
                                             ("random", "heuristic"), ("random", "random")}
    assert sorted(ref.recorded()) == sorted(r.name for r in REFERENCES)


@pytest.mark.parametrize("reference", REFERENCES, ids=[r.name for r in REFERENCES])
def test_a_reference_game_plays_and_replays_the_same(reference: ref.Reference) -> None:
    if not ref.available():
        pytest.skip("../shared/data is not present")
    game = ref.play(reference)
    assert ref.digest(game) == ref.recorded()[reference.name], (
        f"{reference.name}: the game's log changed; if a rule changed on purpose, record "
        "the new logs with `python tests/engine/reference_games.py --write`")
    again = replay(game.log_json())
    assert again.log_json() == game.log_json()
