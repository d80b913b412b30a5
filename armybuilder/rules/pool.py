"""Sealed and draft armies: every figure from the player's pool, no more copies than it
holds. The pool is what the player opened (sealed) or picked (draft)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from armybuilder.rules.army import ArmyEntry, label
from armybuilder.rules.collection import needed
from armybuilder.rules.findings import Finding, finding


def outside_pool(entries: Iterable[ArmyEntry], pool: Mapping[str, int] | None) -> list[Finding]:
    """A finding naming each figure the army holds beyond ``pool`` (figure key -> copies);
    without a pool, one finding saying the army could not be checked against it."""
    entries = list(entries)
    if pool is None:
        return [finding("pool", "this format allows only the figures of the player's pool, "
                        "and no pool was given to check against")]
    names = {e.key: label(e.figure) for e in entries}
    out: list[Finding] = []
    for key, count in needed(entries).items():
        have = pool.get(key, 0)
        if count > have:
            what = names.get(key, key)
            message = (f"{what} is not in the pool" if have == 0 else
                       f"{what}: the army holds {count}, the pool has {have}")
            out.append(finding("pool", message, [key]))
    return out
