"""Does the player own what the army holds? Figures beyond the collection are findings."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from armybuilder.rules.army import ArmyEntry, label
from armybuilder.rules.findings import Finding, finding


def needed(entries: Iterable[ArmyEntry]) -> dict[str, int]:
    """Copies of each figure the army needs on the table, a chariot's passengers too."""
    out: dict[str, int] = {}
    for e in entries:
        if e.count < 1:
            continue
        out[e.key] = out.get(e.key, 0) + e.count
        if e.passenger.strip():
            out[e.passenger.strip()] = out.get(e.passenger.strip(), 0) + e.count
    return out


def beyond_collection(entries: Iterable[ArmyEntry], owned: Mapping[str, int]) -> list[Finding]:
    entries = list(entries)
    names = {e.key: label(e.figure) for e in entries}
    out: list[Finding] = []
    for key, count in needed(entries).items():
        have = owned.get(key, 0)
        if count > have:
            what = names.get(key, key)
            out.append(finding("collection", f"{what}: the army holds {count}, your "
                               f"collection has {have}", [key]))
    return out
