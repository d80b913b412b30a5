"""Is this army legal in this format? ``validate`` answers with a Report."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from armybuilder.rules.army import Army, ArmyEntry, is_castle_section, label
from armybuilder.rules.castles import (
    CastlePrice,
    castle_mode,
    check_castles,
    figure_points,
    has_keep,
    load_castle_prices,
    starting_click,
)
from armybuilder.rules.chariots import check_chariots
from armybuilder.rules.collection import beyond_collection
from armybuilder.rules.findings import Finding, finding, worst_first
from armybuilder.rules.formations import FormationGroup, faction_formations
from armybuilder.rules.pool import outside_pool
from armybuilder.rules.profiles import Profile, get_profile
from armybuilder.text import counted

BUILDING = "Rulebook II, Building Your Army"


@dataclass(frozen=True, slots=True)
class EntryLine:
    """One entry as the army pays for it."""

    key: str
    name: str
    count: int
    points_each: int  # castle sections at their Heavy or Light value
    points: int  # points_each * count
    castle: str = ""  # "heavy" or "light" for a castle section, else ""
    starting_click: int = 0  # the click the figure starts at (Light sections start later)
    passenger: str = ""


@dataclass(frozen=True, slots=True)
class Report:
    army: str
    profile: str
    legal: bool  # no errors
    points: int
    build_total: int
    actions: int
    findings: tuple[Finding, ...]  # errors first, then warnings, then info
    formations: tuple[FormationGroup, ...]
    lines: tuple[EntryLine, ...] = ()

    @property
    def points_left(self) -> int:
        return self.build_total - self.points

    def by_severity(self, severity: str) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == severity)

    @property
    def errors(self) -> tuple[Finding, ...]:
        return self.by_severity("error")

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return self.by_severity("warning")

    @property
    def infos(self) -> tuple[Finding, ...]:
        return self.by_severity("info")


def actions_per_turn(build_total: int, keep: bool = False) -> int:
    # Rulebook III, Turns and Actions: 1 action for every 100 points of build total;
    # Castle rules, Actions: 1 extra action while the army contains a keep section.
    return max(build_total, 0) // 100 + (1 if keep else 0)


def validate(army: Army, profile: Profile | str | None = None, *,
             profiles: dict[str, Profile] | None = None,
             castle_prices: dict[str, CastlePrice] | None = None,
             owned: Mapping[str, int] | None = None,
             pool: Mapping[str, int] | None = None) -> Report:
    """Check ``army`` against ``profile`` (a Profile, a profile name, or None for the
    army's own ``profile``). Raises ProfileError for an unknown profile name.

    With ``owned`` (figure key -> copies in the player's collection), figures the army
    holds beyond the collection are findings too. A profile of only the pool (sealed,
    draft) checks the army against ``pool`` (figure key -> copies opened or picked)."""
    if not isinstance(profile, Profile):
        profile = get_profile(profile or army.profile, profiles)
    prices = load_castle_prices() if castle_prices is None else castle_prices
    raw: list[Finding] = []

    live: list[ArmyEntry] = []
    for e in army.entries:
        if e.count < 1:
            raw.append(finding("entry", f"{label(e.figure)}: count must be at least 1, not "
                               f"{e.count}", [e.key]))
        else:
            live.append(e)
    counted = Army(army.name, army.build_total, profile.name, live, army.castle_player)

    lines = tuple(_line(e, prices) for e in live)
    points = sum(line.points for line in lines)
    if not live:
        # Rulebook II, Building Your Army: "Pick warriors for your army" - an army of none
        # is a list not started, never a legal one.
        raw.append(finding("empty", "the army has no figures yet"))
    raw.extend(_build_total(counted, points, profile))
    keep = has_keep(counted)
    if keep:
        raw.append(finding("keep-action", "the keep gives 1 extra action per turn",
                           [e.key for e in live if is_castle_section(e.figure)
                            and e.figure.castle_section.strip().lower() == "keep"]))
    raw.extend(_uniques(live))
    raw.extend(_format(live, profile))
    raw.extend(check_castles(counted, profile.castles, profile.name, prices))
    raw.extend(check_chariots(counted))
    groups, formation_findings = faction_formations(live)
    raw.extend(formation_findings)
    if owned is not None:
        raw.extend(beyond_collection(live, owned))
    if profile.pool:
        raw.extend(outside_pool(live, pool))

    graded = [g for g in (profile.grade(f) for f in raw) if g is not None]
    findings = worst_first(graded)
    return Report(army=army.name, profile=profile.name,
                  legal=bool(live) and not any(f.severity == "error" for f in findings),
                  points=points,
                  build_total=army.build_total,
                  actions=actions_per_turn(army.build_total, keep), findings=findings,
                  formations=groups, lines=lines)


def _line(e: ArmyEntry, prices: dict[str, CastlePrice]) -> EntryLine:
    each = figure_points(e.figure, e.castle, prices)
    mode = castle_mode(e.castle) if e.figure.kind == "castle" else ""
    return EntryLine(e.key, e.figure.name, e.count, each, each * e.count, mode,
                     starting_click(e.figure, e.castle, prices), e.passenger.strip())


def _build_total(army: Army, points: int, profile: Profile) -> list[Finding]:
    out: list[Finding] = []
    total = army.build_total
    if total <= 0 or total % 100:
        out.append(finding("build-total", f"build total must be a positive multiple of 100, "
                           f"not {total}"))
    if profile.build_total is not None and total != profile.build_total:
        out.append(finding("profile-build-total", f"the {profile.name} format plays "
                           f"{profile.build_total}-point armies; this army is built to {total}",
                           source=profile.source or None))
    if points > total:
        out.append(finding("over-build-total", f"the army costs {points} points, "
                           f"{points - total} over its build total of {total}"))
    elif points < total:
        out.append(finding("points-left", f"{counted(total - points, 'point')} left ({points} of "
                           f"{total} used)"))
    return out


def _uniques(entries: list[ArmyEntry]) -> list[Finding]:
    # Rulebook II, Building Your Army: a figure without rank stars is unique, and an army
    # holds at most one of each. The record's ``unique`` flag already carries the FAQ's
    # corrections (the War Wagon has rank stars), so it is trusted as it is.
    out: list[Finding] = []
    by_name: dict[str, dict[str, int]] = {}
    for e in entries:
        # Castle rules, Planking and Ladders: "one ladder per three wall sections in their
        # castle" -- a castle holds several walls and towers, so a section is never held
        # to the one-of-each rule, whatever its printed rank.
        if e.figure.unique and not is_castle_section(e.figure):
            keys = by_name.setdefault(e.figure.name.strip().casefold(), {})
            keys[e.key] = keys.get(e.key, 0) + e.count
    for keys in by_name.values():
        first = next(f for f in (e.figure for e in entries) if f.key in keys)
        total = sum(keys.values())
        if total <= 1:
            continue
        if len(keys) == 1:
            message = f"{label(first)} is unique; the army holds {total} of it"
        else:
            # The same unique figure printed in two expansions (a reprint) is still one
            # figure: its name is what the player sees on the base.
            message = (f"{first.name} is unique; the army holds it {total} times, as "
                       f"{' and '.join(keys)}")
        out.append(finding("unique", f"{message} and may hold only one", list(keys), BUILDING))
    return out


def _format(entries: list[ArmyEntry], profile: Profile) -> list[Finding]:
    out: list[Finding] = []
    source = profile.source or None
    seen: set[str] = set()
    for e in entries:
        f = e.figure
        if f.key in seen:
            continue
        seen.add(f.key)
        if profile.expansions and f.expansion.lower() not in profile.expansions:
            out.append(finding("expansion", f"{label(f)} is from {f.expansion!r}, which the "
                               f"{profile.name} format does not allow (allowed: "
                               f"{', '.join(profile.expansions)})", [f.key], source))
        if f.limited_edition and not profile.limited_editions:
            out.append(finding("limited-edition", f"{label(f)} is a limited edition, which "
                               f"the {profile.name} format does not allow", [f.key], source))
        elif f.promo and not profile.promos:
            out.append(finding("promo", f"{label(f)} is a promotional figure, which the "
                               f"{profile.name} format does not allow", [f.key], source))
    return out
