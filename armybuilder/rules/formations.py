"""Which of an army's figures could form up together, faction by faction.

This is army-building advice, not a board position: it says which figures share a
faction (so could stand in one formation) and whether there are enough of them for
movement and ranged combat formations (3 to 5) and close combat formations (2 or 3).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from armybuilder.figures import Figure
from armybuilder.rules.army import ArmyEntry, label
from armybuilder.rules.findings import Finding, finding

APOCALYPSE = "Apocalypse"
MAGE_SPAWN = "Mage Spawn"
SHYFT = "Shyft"

# Rulebook IV, Movement Formations and Ranged Combat Formations: 3, 4 or 5 warriors;
# Close Combat Formations: 2 or 3 warriors.
MOVEMENT_RANGED_MIN = 3
CLOSE_MIN = 2

RESTRICTIONS = "Rulebook IV, Restrictions"
APOCALYPSE_RULE = "FAQ, Apocalypse Faction Rules"
SHYFT_RULE = "FAQ, Shyft Faction Rules"


@dataclass(frozen=True, slots=True)
class FormationGroup:
    faction: str
    figures: tuple[str, ...]  # keys of every figure that can join, each once
    count: int  # how many figures that is, counting copies
    movement_ranged: bool  # enough for a movement or ranged combat formation (3+)
    close: bool  # enough for a close combat formation (2+)
    apocalypse: tuple[str, ...] = ()  # keys among ``figures`` joining as Apocalypse
    mage_spawn: tuple[str, ...] = ()  # keys among ``figures`` joining beside a Shyft
    note: str = ""


def is_mage_spawn(figure: Figure) -> bool:
    # Rulebook IV, Restrictions: Mage Spawn carry no faction symbol, so a figure with no
    # faction at all is treated the same way.
    return MAGE_SPAWN in figure.factions or not figure.factions


def exclusion(figure: Figure) -> tuple[str, str] | None:
    """Why a figure can never be part of a formation, and where that is written."""
    if figure.kind == "chariot":
        return "is a chariot", "Chariot rules, General Rules"
    if figure.kind == "castle":
        return "is a castle section", "Castle rules, General Rules"
    if figure.multi_dial:
        # The chariot and castle rules keep their multi-dial pieces out of formations;
        # the project applies that to every multiple-dial warrior.
        return "has more than one combat dial", "Chariot rules, General Rules (multi-dial)"
    return None


def _shortfall(faction: str, count: int, movement: bool, close: bool) -> str:
    noun = "figure" if count == 1 else "figures"
    parts = [f"{faction}: {count} {noun}"]
    if not movement:
        parts.append("no movement or ranged formation possible")
    if not close:
        parts.append("no close formation possible")
    return ", ".join(parts)


def faction_formations(entries: Iterable[ArmyEntry]
                       ) -> tuple[tuple[FormationGroup, ...], list[Finding]]:
    """The formation groups of an army, and findings for factions too small to form up."""
    counts: dict[str, int] = {}
    figures: dict[str, Figure] = {}
    findings: list[Finding] = []
    for e in entries:
        if e.count < 1:
            continue
        if e.key not in figures:
            figures[e.key] = e.figure
            counts[e.key] = 0
        counts[e.key] += e.count

    apocalypse: list[str] = []
    spawn: list[str] = []
    natives: dict[str, list[str]] = {}
    for key, f in figures.items():
        why = exclusion(f)
        if why is not None:
            findings.append(finding("formation-excluded", f"{label(f)} {why[0]} and can never "
                                    "be part of a formation", [key], why[1]))
            continue
        if is_mage_spawn(f):
            spawn.append(key)
            continue
        for faction in f.factions:
            natives.setdefault(faction, []).append(key)
        if APOCALYPSE in f.factions:
            apocalypse.append(key)

    groups: dict[str, FormationGroup] = {}
    own: dict[str, list[str]] = {}  # members whose place in the group is their own faction
    for faction in sorted(natives):
        members = list(natives[faction])
        joiners: list[str] = []
        spawn_in: list[str] = []
        if faction != APOCALYPSE:
            # FAQ, Apocalypse Faction Rules: joins another faction's formation as if it
            # were of that faction.
            joiners = [k for k in apocalypse if k not in members]
        if faction == SHYFT:
            # FAQ, Shyft Faction Rules: Mage Spawn may be members when a Shyft warrior is.
            spawn_in = list(spawn)
        everyone = members + joiners + spawn_in
        n = sum(counts[k] for k in everyone)
        note = ""
        if faction == APOCALYPSE:
            others = sorted(f for f in natives if f != APOCALYPSE)
            if others:
                note = f"Apocalypse warriors also join {', '.join(others)} formations"
        elif joiners or spawn_in:
            note = ", ".join(x for x in (
                "with Apocalypse warriors" if joiners else "",
                "with Mage Spawn beside a Shyft warrior" if spawn_in else "") if x)
        groups[faction] = FormationGroup(faction, tuple(everyone), n, n >= MOVEMENT_RANGED_MIN,
                                         n >= CLOSE_MIN, tuple(joiners), tuple(spawn_in), note)
        own[faction] = members + spawn_in
    if spawn and SHYFT not in groups:
        n = sum(counts[k] for k in spawn)
        groups[MAGE_SPAWN] = FormationGroup(MAGE_SPAWN, tuple(spawn), n, False, False,
                                            mage_spawn=tuple(spawn),
                                            note="Mage Spawn form up only beside a Shyft warrior")
        # Rulebook IV, Restrictions; FAQ, Shyft Faction Rules: Mage Spawn form up only
        # beside a Shyft warrior. A lone one, like any faction of one figure, is a note
        # (formation-single, info); two or more with no Shyft are a warning.
        findings.append(finding("formation-single" if n == 1 else "formations",
                                f"{MAGE_SPAWN}: {n} "
                                f"{'figure' if n == 1 else 'figures'}, no formation possible "
                                "without a Shyft warrior", spawn,
                                f"{RESTRICTIONS}; {SHYFT_RULE}"))

    for faction, group in sorted(groups.items()):
        if faction not in own or (group.movement_ranged and group.close):
            continue
        message = _shortfall(faction, group.count, group.movement_ranged, group.close)
        movement_via = None if group.movement_ranged else _via(faction, own[faction], groups,
                                                                "movement_ranged")
        close_via = None if group.close else _via(faction, own[faction], groups, "close")
        covered = (group.movement_ranged or movement_via) and (group.close or close_via)
        if covered:
            via = ", ".join(sorted({*(movement_via or "").split(", "),
                                    *(close_via or "").split(", ")} - {""}))
            findings.append(finding("formations-elsewhere",
                                    f"{message} (its figures still form up as {via})",
                                    group.figures, _source(group)))
            continue
        if close_via:
            message += f"; close formations are still possible as {close_via}"
        # A lone figure of its faction was chosen for itself, not to form up: a note, not
        # a warning (the warning is for factions a figure or two short of a formation).
        rule = "formation-single" if group.count == 1 else "formations"
        findings.append(finding(rule, message, group.figures, _source(group)))
    return tuple(sorted(groups.values(), key=lambda g: g.faction)), findings


def _source(group: FormationGroup) -> str:
    parts = ["Rulebook IV, Formations"]
    if group.apocalypse or group.faction == APOCALYPSE:
        parts.append(APOCALYPSE_RULE)
    if group.mage_spawn:
        parts.append(SHYFT_RULE)
    return "; ".join(parts)


def _via(faction: str, members: list[str], groups: dict[str, FormationGroup],
         kind: str) -> str | None:
    """The other factions through which every one of ``members`` can still make a
    formation of ``kind`` ("movement_ranged" or "close"), or None if one cannot."""
    used: set[str] = set()
    for key in members:
        fits = [g.faction for g in groups.values()
                if g.faction != faction and key in g.figures and getattr(g, kind)]
        if not fits:
            return None
        used.update(fits)
    return ", ".join(sorted(used))
