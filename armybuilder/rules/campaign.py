"""Is this army a legal World Conquest starting army? (World Conquest, Setup 1 and 3)

"Each player assembles a 300 point army from a single faction containing one unique
warrior (no more, no less)", whose faction has a region on the map. The army's own rules
(Rulebook II: one of each unique figure, and so on) are checked by ``validate`` and their
errors count here too.
"""

from __future__ import annotations

from dataclasses import dataclass

from armybuilder.rules.army import Army, label
from armybuilder.rules.findings import Finding, finding, worst_first
from armybuilder.rules.legality import validate

#: The factions of the World Conquest map (World Conquest, Setup 3).
MAP_FACTIONS: tuple[str, ...] = (
    "Atlantis Guild", "Necropolis Sect", "Elemental League", "Black Powder Rebels",
    "Knights Immortal", "Orc Raiders", "Mage Spawn", "Shyft", "Draconum",
)


@dataclass(frozen=True, slots=True)
class CampaignArmy:
    """A starting army as World Conquest sees it."""

    legal: bool
    points: int
    faction: str | None  # the single faction all its figures share (a map faction first)
    general: str | None  # the key of its one unique warrior
    findings: tuple[Finding, ...]

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == "error")


def check_campaign_army(army: Army, points: int = 300) -> CampaignArmy:
    raw: list[Finding] = []
    live = [e for e in army.entries if e.count > 0]
    total = sum(e.figure.points * e.count for e in live)
    if total > points:
        raw.append(finding("campaign-points", f"the army costs {total} points; a World "
                           f"Conquest army is {points} points at most"))
    if not live:
        raw.append(finding("campaign-points", "the army has no figures"))
    shared = set(MAP_FACTIONS) | {f for e in live for f in e.figure.factions}
    for e in live:
        shared &= set(e.figure.factions)
    faction = next((f for f in MAP_FACTIONS if f in shared), None) or \
        (sorted(shared)[0] if shared else None)
    if live and faction is None:
        kinds = sorted({", ".join(e.figure.factions) or "no faction" for e in live})
        raw.append(finding("campaign-faction", f"the figures share no faction ("
                           f"{'; '.join(kinds)}); a World Conquest army is from a single "
                           "faction", [e.key for e in live]))
    elif faction is not None and faction not in MAP_FACTIONS:
        raw.append(finding("campaign-region", f"{faction} has no region on the World "
                           f"Conquest map ({', '.join(MAP_FACTIONS)})"))
    uniques = [e for e in live if e.figure.unique]
    count = sum(e.count for e in uniques)
    if count != 1 and live:
        names = ", ".join(label(e.figure) for e in uniques) or "none"
        raw.append(finding("campaign-unique", f"the army holds {count} unique warriors "
                           f"({names}); it needs exactly one, its General",
                           [e.key for e in uniques]))
    for e in live:
        if e.figure.kind == "castle":
            # Castle rules, General Rules: a section "can never move or be moved", so it
            # cannot march with an army from territory to territory (World Conquest,
            # Troop Movements); a territory's defences are its fortifications.
            raw.append(finding("campaign-engine", f"{label(e.figure)} is a castle section; "
                               "it can never move (Castle rules, General Rules), so it "
                               "cannot march with a campaign army", [e.key]))
        elif e.figure.kind != "warrior" or e.figure.multi_dial or e.passenger:
            # World Conquest, Battles: "every warrior enters at its current click" -- the
            # campaign carries one dial per warrior between battles.
            raw.append(finding("campaign-engine", f"{label(e.figure)} is a {e.figure.kind}; "
                               "a campaign carries one dial per single-dial warrior from "
                               "battle to battle", [e.key]))
    report = validate(Army(army.name, max(100, -(-total // 100) * 100), "open", live))
    raw.extend(f for f in report.findings if f.severity == "error")
    findings = worst_first(raw)
    legal = not any(f.severity == "error" for f in findings)
    general = uniques[0].key if count == 1 else None
    return CampaignArmy(legal, total, faction, general, findings)
