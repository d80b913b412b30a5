"""A saved army checked by the rules module, with the catalogue's changes flagged, and the
same army as an exportable list."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from armybuilder.armies.listing import ArmyListing, ListedEntry
from armybuilder.armies.service import Armies, EntryFlag, SavedArmy
from armybuilder.figures import Figure
from armybuilder.rules import Army, ArmyEntry, Finding, Profile, Report, validate

CATALOGUE_CHANGE = "catalogue-change"
CATALOGUE_SOURCE = "armybuilder: catalogue re-import"


@dataclass(slots=True)
class ArmyCheck:
    army: SavedArmy
    report: Report
    flags: list[EntryFlag]
    figures: dict[str, Figure]

    @property
    def legal(self) -> bool:
        return self.report.legal and not any(f.problem == "missing" for f in self.flags)

    def findings(self) -> list[Finding]:
        """The rules' findings plus one per flagged entry, errors first."""
        flagged = [Finding("error" if f.problem == "missing" else "warning", CATALOGUE_CHANGE,
                           CATALOGUE_SOURCE, f.message, (f.figure_key,)) for f in self.flags]
        order = {"error": 0, "warning": 1, "info": 2}
        return sorted([*self.report.findings, *flagged], key=lambda f: order[f.severity])

    def as_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "points": self.report.points,
            "build_total": self.report.build_total,
            "actions": self.report.actions,
            "findings": [{"severity": f.severity, "rule": f.rule, "source": f.source,
                          "message": f.message, "figures": list(f.figures)}
                         for f in self.findings()],
            "formations": [formation_json(g) for g in self.report.formations],
        }


def formation_json(group: Any) -> dict[str, Any]:
    return {"faction": group.faction, "figures": list(group.figures), "count": group.count,
            "movement_ranged": group.movement_ranged, "close": group.close,
            "note": group.note}


def check(armies: Armies, army: SavedArmy, owned: dict[str, int] | None = None,
          pool: dict[str, int] | None = None, profile: Profile | None = None) -> ArmyCheck:
    """The army checked by the rules; with ``owned`` (the collection), figures beyond it
    are findings too; ``pool`` is a sealed or draft player's pool, ``profile`` one to
    check by other than the army's own (an event's)."""
    figures = armies.figures(army)
    flags = armies.flags(army, figures)
    entries = [ArmyEntry(figures[e.figure_key], e.count, e.castle, e.passenger)
               for e in army.entries if e.figure_key in figures]
    rules_army = Army(army.name, army.build_total, army.profile, entries, army.castle_player)
    return ArmyCheck(army, validate(rules_army, profile, owned=owned, pool=pool), flags,
                     figures)


def listing(checked: ArmyCheck, abilities: dict[str, Any]) -> ArmyListing:
    lines = {(line.key, line.castle or "", line.passenger): line for line in checked.report.lines}
    entries = []
    for e in checked.army.entries:
        figure = checked.figures.get(e.figure_key)
        if figure is None:
            continue
        line = lines.get((e.figure_key, e.castle or "", e.passenger))
        each = line.points_each if line else figure.points
        entries.append(ListedEntry(figure, e.count, each, e.castle, e.passenger))
    return ArmyListing(
        name=checked.army.name, build_total=checked.army.build_total,
        profile=checked.army.profile, points=checked.report.points,
        actions=checked.report.actions, legal=checked.legal, entries=entries,
        findings=checked.as_json()["findings"], notes=checked.army.notes, abilities=abilities)
