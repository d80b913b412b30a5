"""SVG snapshots of the gauntlet mode's results at 80 × 24, 120 × 40 and 200 × 60, on
hand-made games (the screen's look, whatever the engine and players play today;
test_gauntlet_screen.py runs real games).

Update them after a deliberate change with
``.venv/bin/python -m pytest tests/tui/test_gauntlet_snapshot.py --snapshot-update``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from armybuilder.sim import gauntlet as gauntlet_module
from armybuilder.sim.gauntlet import (
    GauntletProgress,
    GauntletReport,
    GauntletRequest,
    PairOutcome,
)
from armybuilder.sim.stats import GameResult
from tui.test_gauntlet_screen import gauntlet_mode, three_armies
from tui.test_snapshots import sizes, snapshot

#: Wins of side a, of side b and draws, pair by pair: a clear favourite, a close pair.
RECORDS = {("Bob", "Ian"): (7, 2, 1), ("Bob", "Rich"): (9, 1, 0), ("Ian", "Rich"): (5, 5, 0)}


def made_up(request: GauntletRequest) -> GauntletReport:
    pairs = []
    for (a, b), (wa, wb, d) in RECORDS.items():
        winners = ["a"] * wa + ["b"] * wb + ["draw"] * d
        pairs.append(PairOutcome(a, b, f"{a}-{b}", tuple(
            GameResult(i, 1000 + i, w, 30, 20, 4, "time limit", "a", "south", ())
            for i, w in enumerate(winners)), played=6))
    return GauntletReport(request, ("Bob", "Ian", "Rich"), tuple(pairs), played=18, kept=12,
                          seconds=2.5)


@pytest.fixture
def made_up_gauntlet(monkeypatch: pytest.MonkeyPatch) -> None:
    def run_gauntlet(db: Path, request: GauntletRequest,
                     progress: Callable[[GauntletProgress], None] | None = None
                     ) -> GauntletReport:
        return made_up(request)

    monkeypatch.setattr(gauntlet_module, "run_gauntlet", run_gauntlet)


@sizes
@pytest.mark.usefixtures("made_up_gauntlet")
def test_gauntlet(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                  size: tuple[int, int]) -> None:
    three_armies(tui_db)

    async def steps(pilot: Pilot[None]) -> None:
        await gauntlet_mode(pilot, games=10)
        await pilot.press("ctrl+g")

    assert snapshot(snap_compare, tui_db, steps, size=size)
