"""What an army check reports: findings, and the rules that raise them.

Every rule has a default severity here; a format profile (imports/profiles.toml) may
change it per rule or cap all of them, so the rule code itself never decides what is
an error in a given format.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Severities, worst first. "off" (profiles only) drops a rule's findings altogether.
SEVERITIES: tuple[str, ...] = ("error", "warning", "info")
PROFILE_SEVERITIES: tuple[str, ...] = (*SEVERITIES, "off")


@dataclass(frozen=True, slots=True)
class Finding:
    severity: str  # "error", "warning" or "info"
    rule: str  # a key of RULES: "unique", "over-build-total", ...
    source: str  # where the rule is written: "Rulebook II, Building Your Army"
    message: str  # for the player, names the figures
    figures: tuple[str, ...] = ()  # figure keys the finding is about


@dataclass(frozen=True, slots=True)
class Rule:
    severity: str
    source: str
    summary: str


RULES: dict[str, Rule] = {
    "entry": Rule("error", "Army entry", "an entry's count or options make no sense"),
    "build-total": Rule("error", "Rulebook II, Building Your Army",
                        "build totals are positive multiples of 100"),
    "profile-build-total": Rule("error", "Format profile",
                                "the format plays a fixed build total"),
    "over-build-total": Rule("error", "Rulebook II, Building Your Army",
                             "the army's points may not exceed its build total"),
    "empty": Rule("error", "Rulebook II, Building Your Army",
                  "an army with no figures: \"pick warriors for your army\""),
    "points-left": Rule("info", "Rulebook II, Building Your Army",
                        "points of the build total not spent"),
    "unique": Rule("error", "Rulebook II, Building Your Army",
                   "a unique figure appears at most once in an army"),
    "formations": Rule("warning", "Rulebook IV, Formations",
                       "a faction with too few figures for a formation"),
    "formation-single": Rule("info", "Rulebook IV, Formations",
                             "a faction of one figure: no formation, as its player knows"),
    "formations-elsewhere": Rule("info", "Rulebook IV, Formations",
                                 "a faction too small to form up whose figures all can "
                                 "through another faction"),
    "formation-excluded": Rule("info", "Rulebook IV, Restrictions",
                               "a figure that can never be part of a formation"),
    "castles": Rule("error", "Castle rules, Playing Area and Set-Up",
                    "castle sections only when the game uses castles"),
    "castle-player": Rule("error", "Castle rules, Playing Area and Set-Up",
                          "only the castle player's army holds castle sections"),
    "keep-action": Rule("info", "Castle rules, Actions",
                        "a keep section gives one extra action per turn"),
    "castle-price": Rule("error", "Castle rules, Point Value",
                         "a castle section with no Heavy/Light price"),
    "chariot-rank": Rule("error", "Chariot rules, General Rules",
                         "chariots have no weak or tough versions"),
    "chariot-passenger": Rule("error", "Chariot rules, Passengers",
                              "who may ride in a chariot"),
    "expansion": Rule("error", "Format profile", "expansions the format allows"),
    "collection": Rule("error", "armybuilder: your collection",
                       "figures the army holds beyond the player's collection"),
    "pool": Rule("error", "Format profile: sealed and draft",
                 "only figures of the player's own pool (what was opened or picked)"),
    "promo": Rule("error", "Format profile", "promotional figures in the format"),
    "limited-edition": Rule("error", "Format profile",
                            "limited-edition figures in the format"),
    "campaign-points": Rule("error", "World Conquest, Setup 1",
                            "a World Conquest army is 300 points"),
    "campaign-faction": Rule("error", "World Conquest, Setup 1",
                             "a World Conquest army is from a single faction"),
    "campaign-unique": Rule("error", "World Conquest, Setup 1",
                            "one unique warrior, no more, no less: its General"),
    "campaign-region": Rule("error", "World Conquest, Setup 3",
                            "the army's faction has territories on the map"),
    "campaign-engine": Rule("error", "World Conquest, Battles",
                            "every warrior enters at its current click: one dial each"),
}


def finding(rule: str, message: str, figures: tuple[str, ...] | list[str] = (),
            source: str | None = None) -> Finding:
    """A finding at the rule's default severity; the profile re-grades it later."""
    spec = RULES[rule]
    return Finding(spec.severity, rule, source or spec.source, message, tuple(figures))


def worst_first(findings: list[Finding]) -> tuple[Finding, ...]:
    """Errors, then warnings, then info; the order found is kept within each."""
    return tuple(sorted(findings, key=lambda f: SEVERITIES.index(f.severity)))
