"""The narration of chariots (Chariot rules), castles (Castle rules) and World Conquest
fortifications (Upgrading Defenses): each kind of event's words, registered once
(:func:`armybuilder.sim.narration.narrates`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from armybuilder.engine import Game, events
from armybuilder.sim.narration import Logged, Narration, dice, narrates
from armybuilder.sim.replay_map import FigureRecord, Table, compass, register, xy

# --- chariots ---------------------------------------------------------------------------


@narrates("aboard", "boarded")
def _aboard(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    t = n.t
    t.riding[ev["warrior"]] = ev["chariot"]
    t.pos[ev["warrior"]] = t.pos[ev["chariot"]]
    verb = "rides in" if ev["e"] == "aboard" else "boards"
    yield f"  {t.label(ev['warrior'])} {verb} {t.label(ev['chariot'])}."


@narrates("disembarked")
def _disembarked(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    t = n.t
    t.riding[ev["warrior"]] = -1
    t.pos[ev["warrior"]] = (ev["at"][0], ev["at"][1])
    yield (f"  {t.label(ev['warrior'])} gets off {t.label(ev['chariot'])} at "
           f"{xy(ev['at'])}, facing {compass(ev['facing'])}.")


@narrates("passenger_hit")
def _passenger_hit(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    yield (f"  The damage reaches the passenger {n.t.label(ev['warrior'])} "
           f"(rolled {dice(n.last_roll)}).")


@narrates("passenger_placed")
def _passenger_placed(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    t = n.t
    t.riding[ev["warrior"]] = -1
    t.pos[ev["warrior"]] = (ev["at"][0], ev["at"][1])
    yield (f"  {t.label(ev['warrior'])} is thrown from the wreck of "
           f"{t.label(ev['chariot'])} at {xy(ev['at'])}.")


@narrates("section_chosen")
def _section_chosen(n: Narration, action: Logged, ev: events.SectionChosen) -> Iterator[str]:
    why = {"attack": "the attack along the borderline", "pushing": "the pushing click",
           "damage": "the damage"}.get(ev["purpose"], ev["purpose"])
    yield (f"  {n.player(n.t.owner[ev['warrior']])} takes {why} on the "
           f"{ev['section']} section of {n.t.label(ev['warrior'])}.")


@narrates("section_inactive")
def _section_inactive(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    yield f"  The {ev['section']} section of {n.t.label(ev['warrior'])} is inactive."


@narrates("section_abilities_without_rules")
def _section_without_rules(n: Narration, action: Logged, ev: events.SectionAbilitiesWithoutRules
                           ) -> Iterator[str]:
    yield ("Warning: a chariot's section does not play "
           f"{', '.join(ev['names'])}; those abilities play as if absent.")


# --- castles ------------------------------------------------------------------------------


@narrates("castle")
def _castle(n: Narration, action: Logged, ev: events.Castle) -> Iterator[str]:
    # Castle rules, Playing Area and Set-Up: placed before terrain and warriors.
    sections = ", ".join(n.t.label(w) for w in ev["sections"])
    yield (f"{n.player(ev['player'])} is the castle player; the castle is placed "
           f"first: {sections}.")


@narrates("ladder")
def _ladder_stood(n: Narration, action: Logged, ev: events.LadderStood) -> Iterator[str]:
    a, b = ev["at"]
    n.t.add_ladder(ev["warrior"], a, b, ev.get("player", -1))
    yield (f"{n.player(ev['player'])} places a ladder against "
           f"{n.t.label(ev['warrior'])} at {xy(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))}.")


@narrates("portal")
def _portal(n: Narration, action: Logged, ev: events.PortalSet) -> Iterator[str]:
    """Castle rules, Portals: opened or closed by the castle player, or burst open."""
    t = n.t
    wid = ev["warrior"]
    c = t.castle.get(wid)
    if c is None:
        return
    for portal in c["portals"]:
        if portal[0] == ev["portal"]:
            portal[3] = bool(ev["open"])
    if c["breached"]:
        yield f"  The {ev['portal']} of {t.label(wid)} bursts open."
    else:
        verb = "opens" if ev["open"] else "closes"
        yield f"  {n.player(t.owner[wid])} {verb} {t.portal_words(wid, ev['portal'])}."


@narrates("breached")
def _breached(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    t = n.t
    c = t.castle.get(ev["warrior"])
    if c is None:
        return
    c["breached"] = True
    by = ev.get("by", -1)
    who = f" by {n.player(by)}" if isinstance(by, int) and by >= 0 else ""
    yield (f"  {t.label(ev['warrior'])} is breached{who}: its portals are open for the "
           "rest of the game.")


@narrates("rubble")
def _rubble(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    """Castle rules, Eliminating Castle Sections."""
    c = n.t.castle.get(ev["warrior"])
    if c is None:
        return
    c["rubble"] = True
    yield f"  Rubble lies where {n.t.label(ev['warrior'])} stood; the figures on it stay there."


@narrates("target_chosen")
def _target_chosen(n: Narration, action: Logged, ev: events.TargetChosen) -> Iterator[str]:
    # Castle rules, Close Combat: "the defender may choose which figure will be the
    # target of the attack".
    yield (f"  {n.player(ev['player'])} chooses {n.t.label(ev['target'])} as the "
           f"target of {n.t.label(ev['warrior'])}'s attack across the access points.")


def ladder(n: Narration, who: str, ev: dict[str, Any] | Any) -> Iterator[str]:
    """Castle rules, Planking and Ladders: "Ladders may be placed next to castle sections
    to create access points by giving a movement action to a formation. Ladders may be
    removed [the same way] when no enemy is on the access point."""
    t = n.t
    members = ", ".join(t.marks[m] for m in ev.get("members", []))
    team = f"{who} and {members}" if members else who
    a, b = ev["at"]
    spot = xy(((a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0))
    if ev["kind"] == "place ladder":
        if "section" in ev:
            t.add_ladder(ev["section"], a, b, t.owner[ev["warrior"]])
        wall = f" against {t.label(ev['section'])}" if "section" in ev else ""
        yield f"  {team} place a ladder{wall} at {spot} (a movement formation)."
        return
    k = t.ladder_at((a, b))
    if k is not None:
        t.ladders.pop(k)
    owner = ev.get("owner")
    whose = ""
    if isinstance(owner, int) and 0 <= owner < len(t.names) and \
            owner != t.owner[ev["warrior"]]:
        whose = f" {n.player(owner)}'s"  # thrown down: out of the game
    yield (f"  {team} remove{whose or ' the'} ladder at {spot} (a movement "
           f"formation){'; it is thrown down' if whose else ''}.")


# --- World Conquest fortifications --------------------------------------------------------


@narrates("on_guard", "off_guard")
def _guard(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    """World Conquest, Upgrading Defenses: "If you move a warrior you control through the
    entrance into the outpost, it is considered on guard" — and out again."""
    t = n.t
    wid = ev["warrior"]
    if ev["e"] == "on_guard":
        fort = ev["fortification"]
        t.guard[wid] = fort
        what = t.works[fort]["kind"] if fort in t.works else "fortification"
        yield (f"  {t.label(wid)} goes on guard in the {what} {t.marks[fort]} (a "
               "360-degree front arc, more defense against ranged attacks).")
        return
    fort = t.guard.pop(wid, None)
    if fort is None or t.out[wid] or t.pos[wid] is None:
        return  # eliminated or captured: its fall is told already
    what = t.works[fort]["kind"] if fort in t.works else "fortification"
    gone = " (destroyed)" if t.out[fort] else ""
    yield f"  {t.label(wid)} is no longer on guard in the {what} {t.marks[fort]}{gone}."


def work_falls(n: Narration, wid: int) -> Iterator[str]:
    """World Conquest, Upgrading Defenses: the banner is removed on a hit; a structure
    dealt its last click is destroyed (it leaves nothing)."""
    t = n.t
    w = t.works[wid]
    if w["banner"]:
        yield (f"  {t.label(wid)} is knocked down: {n.player(t.owner[wid])}'s banner "
               "is removed.")
    else:
        yield (f"  {t.label(wid)} is destroyed: {n.player(t.owner[wid])}'s "
               f"{w['kind']} is gone.")


# --- what the map keeps of each (replay_map.FigureRecord) ---------------------------------


class ChariotRecord(FigureRecord):
    """A chariot's section clicks (Chariot rules, Combat Dials)."""

    kind = "chariot"

    def start(self, table: Table, game: Game, w: Any) -> None:
        table.sections[w.id] = list(w.chariot.clicks)

    def dial_status(self, table: Table, wid: int) -> str | None:
        return table.chariot_status(wid)


class CastleSectionRecord(FigureRecord):
    """A castle section's parts, portals, breach, rubble and the ladders against it."""

    kind = "castle section"

    def start(self, table: Table, game: Game, w: Any) -> None:
        self.castle_from(table, game, w)
        section = w.castle
        if section is None:
            return
        # Castle rules, Planking and Ladders: the ladders standing as set up (a
        # scenario's place none in the log).
        owners = list(section.ladder_owners)
        for k, (a, b) in enumerate(section.ladders):
            table.add_ladder(w.id, a, b, owners[k] if k < len(owners) else -1)

    def castle_from(self, table: Table, state: Game, w: Any) -> None:
        # Castle rules, Portals: "All portals are considered closed at the start of the
        # game".
        section = w.castle
        if section is None:
            return
        table.castle[w.id] = {
            "piece": section.piece,
            "parts": [[(p[0], p[1]) for p in state.terrain.features[i].polygon]
                      for i in section.features] or
                     [[(p[0], p[1]) for p in section.footprint]],
            "portals": [[p.name, (p.a[0], p.a[1]), (p.b[0], p.b[1]), False]
                        for p in section.portals],
            "breached": False, "rubble": False}

    def status(self, table: Table, wid: int) -> str | None:
        return table.castle_status(wid) if wid in table.castle else None

    def eliminated(self, n: Narration, wid: int) -> Iterator[str] | None:
        t = n.t
        if wid not in t.castle:
            return None
        # Castle rules, Eliminating Castle Sections: rubble in its place.
        t.castle[wid]["rubble"] = True
        return iter((f"  {t.label(wid)} is eliminated and collapses into rubble.",))


class StructureRecord(FigureRecord):
    """A World Conquest fortification's kind, footprint, walls and entrances."""

    kind = "structure"

    def start(self, table: Table, game: Game, w: Any) -> None:
        work = w.work
        if work is None:
            return
        table.works[w.id] = {"fort": work.fort, "kind": work.fort.kind,
                             "banner": work.banner, "footprint": [], "walls": [],
                             "openings": []}
        # World Conquest, Troop Movements (battle rule 1): one its holder sets up later
        # (fortification_set_up) has no place yet: its provisional Work stands nowhere.
        if w.on_table:
            table.stand_work(w.id, work)

    def status(self, table: Table, wid: int) -> str | None:
        return table.work_status(wid) if wid in table.works else None

    def eliminated(self, n: Narration, wid: int) -> Iterator[str] | None:
        return work_falls(n, wid) if wid in n.t.works else None


CHARIOT = register(ChariotRecord())
CASTLE_SECTION = register(CastleSectionRecord())
STRUCTURE = register(StructureRecord())
