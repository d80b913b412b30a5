"""Chariots in an army: no weak or tough versions, and who may ride as a passenger."""

from __future__ import annotations

import re
from collections import Counter

from armybuilder.figures import Figure
from armybuilder.rules.army import Army, is_chariot, label
from armybuilder.rules.findings import Finding, finding

GENERAL = "Chariot rules, General Rules"
PASSENGERS = "Chariot rules, Passengers"


def passenger_keys(option: str) -> list[str]:
    """The figure keys an entry's passenger option names (one, if the army is right)."""
    return [k for k in re.split(r"[,;\s]+", option.strip()) if k]


def rider_problem(rider: Figure) -> tuple[str, str] | None:
    """Why ``rider`` can never ride in a chariot, and the rule's source; None if he can."""
    if rider.multi_dial or rider.kind == "chariot":
        return (f"{label(rider)} cannot ride as a passenger; only a warrior with a single "
                "combat dial can", PASSENGERS)
    if rider.kind == "castle":
        # Castle rules, General Rules: castle sections can never move or be moved.
        return (f"{label(rider)} is a castle section and can never be moved, so it cannot "
                "ride", "Castle rules, General Rules")
    if rider.horseshoe:
        return (f"{label(rider)} has the horseshoe speed symbol (cavalry) and cannot be a "
                "passenger", PASSENGERS)
    return None


def check_chariots(army: Army) -> list[Finding]:
    out: list[Finding] = []
    figures = army.figures()
    riders: Counter[str] = Counter()
    for e in army.entries:
        f = e.figure
        if is_chariot(f) and f.rank in ("weak", "tough"):
            out.append(finding("chariot-rank", f"{label(f)}: chariots have no weak or tough "
                               "versions", [f.key], GENERAL))
        keys = passenger_keys(e.passenger)
        if not keys:
            continue
        if not is_chariot(f):
            out.append(finding("chariot-passenger", f"{label(f)} is not a chariot; only a "
                               f"chariot carries a passenger (got {e.passenger!r})", [f.key],
                               PASSENGERS))
            continue
        if len(keys) > 1:
            out.append(finding("chariot-passenger", f"{label(f)} carries one passenger at a "
                               f"time, not {len(keys)} ({', '.join(keys)})", [f.key, *keys],
                               PASSENGERS))
            continue
        key = keys[0]
        rider = figures.get(key)
        if rider is None:
            out.append(finding("chariot-passenger", f"{label(f)}: its passenger {key} is not "
                               "in the army; a passenger is one of the army's own warriors",
                               [f.key, key], PASSENGERS))
            continue
        riders[key] += max(e.count, 0)  # each chariot of the entry carries its own copy
        why = rider_problem(rider)
        if why is not None:
            message, source = why
            out.append(finding("chariot-passenger", f"{label(f)}: {message}", [f.key, key],
                               source))
    for key, riding in riders.items():
        have = army.count(key)
        if riding > have:
            out.append(finding("chariot-passenger", f"{riding} chariots carry "
                               f"{label(figures[key])} but the army has {have}; each passenger "
                               "rides in one chariot", [key], PASSENGERS))
    return out
