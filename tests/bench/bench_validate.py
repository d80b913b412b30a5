"""Validating a 300-point army of 15 entries (run with --benchmark-enable)."""

from __future__ import annotations

import pytest

from armybuilder.figures import CHARIOT_DIALS, MAIN_DIAL, RANK_STARS, Click, Dial, Figure
from armybuilder.rules import Army, ArmyEntry, get_profile, validate

CLICK = Click(0, 7, 8, 15, 2)
FACTIONS = ("Atlantis Guild", "Orc Raiders", "Black Powder Rebels", "Apocalypse", "Mage Spawn",
            "Shyft", ("Heroes", "Knights Immortal"))


def _figure(number: int, points: int, factions: str | tuple[str, ...], rank: str = "standard",
            kind: str = "warrior", dials: int = 1, castle_section: str = "") -> Figure:
    positions = CHARIOT_DIALS if dials == 4 else (MAIN_DIAL,)
    return Figure(expansion="bench", number=number, name=f"Bench Figure {number}", rank=rank,
                  points=points, factions=[factions] if isinstance(factions, str)
                  else list(factions), rank_stars=RANK_STARS[rank], unique=rank == "unique",
                  kind=kind, castle_section=castle_section,
                  dials=[Dial(p, [CLICK] * 8) for p in positions])


def _army() -> Army:
    entries = [ArmyEntry(_figure(n, 8, FACTIONS[n % len(FACTIONS)]), 1 + n % 2)
               for n in range(1, 13)]
    entries.append(ArmyEntry(_figure(20, 30, "Heroes", rank="unique")))
    entries.append(ArmyEntry(_figure(21, 60, "Black Powder Rebels", kind="chariot", dials=4),
                             passenger=entries[2].key))
    entries.append(ArmyEntry(_figure(22, 999, (), kind="castle", castle_section="wall"),
                             2, castle="light"))
    return Army("Bench", 300, "open", entries, castle_player=True)


@pytest.mark.bench
def test_bench_validate(benchmark):
    if benchmark.disabled:
        pytest.skip("benchmarks run with --benchmark-enable")
    army, profile = _army(), get_profile("open")
    report = benchmark(validate, army, profile)
    assert len(army.entries) == 15
    assert report.points <= report.build_total == 300
