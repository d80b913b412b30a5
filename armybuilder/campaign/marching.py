"""Troop movements and responses (World Conquest, Troop Movements; Armies).

"There is no limit on the distance you can move an army as long as you move it between
adjacent FRIENDLY OR NEUTRAL territories." The territories an army moves through are the
player's own or nobody's, with no opposing warriors in them; its destination may be any
territory next to them (else no territory could ever be taken: CAMPAIGN_NOTES.md). A
unique warrior alone may not start a battle (no one may respond to it), so it goes only
where an army may pass.
"""

from __future__ import annotations

from armybuilder.campaign.actions import CampaignRuleError
from armybuilder.campaign.forces import ARMY, LONE, Band
from armybuilder.campaign.state import Campaign

MOVEMENTS = "World Conquest, Troop Movements"
ARMIES = "World Conquest, Armies"


def passable(c: Campaign, player: int, territory: str) -> bool:
    """Friendly or neutral, and no opposing warriors standing in it."""
    owner = c.holdings[territory].owner
    if owner is not None and owner != player:
        return False
    return all(b.owner == player for b in c.bands.values() if b.territory == territory)


def distances(c: Campaign, player: int, start: str) -> dict[str, int]:
    """Steps from ``start`` to every territory reached through passable territories
    (``start`` itself at 0, whoever holds it)."""
    out = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for t in frontier:
            for n in c.adjacent(t):
                if n not in out and passable(c, player, n):
                    out[n] = out[t] + 1
                    nxt.append(n)
        frontier = nxt
    return out


def steps_to(c: Campaign, player: int, start: str, destination: str, *,
             passable_end: bool = False) -> int | None:
    """The fewest territories entered on a legal way from ``start`` to ``destination``, or
    None when there is none. ``passable_end``: the destination must be passable too."""
    if destination == start:
        return 0
    dist = distances(c, player, start)
    if destination in dist:
        return dist[destination]
    if passable_end:
        return None
    best = [dist[n] + 1 for n in c.adjacent(destination) if n in dist]
    return min(best) if best else None


def destinations(c: Campaign, band: Band) -> dict[str, int]:
    """Where ``band`` may move this turn, with the steps it takes."""
    if band.kind not in (ARMY, LONE):
        return {}
    dist = distances(c, band.owner, band.territory)
    out = {t: d for t, d in dist.items() if t != band.territory}
    if band.kind == ARMY:
        for t, d in dist.items():
            for n in c.adjacent(t):
                if (n != band.territory and n not in out) or (n in out and out[n] > d + 1):
                    out[n] = d + 1
    return dict(sorted(out.items()))


def movement_violation(c: Campaign, band: Band, to: str) -> tuple[str, str] | None:
    """(the rule, what it forbids) when ``band`` may not move to ``to``, else None."""
    if band.kind not in (ARMY, LONE):
        return (ARMIES, "disbanded troops cannot move between territories until a unique "
                "warrior is declared their General")
    if band.moved:
        return MOVEMENTS, "one movement for each army a turn; this one has moved"
    if band.rests:
        return ARMIES, "an army that withdrew from a battle may not move for a turn"
    if to == band.territory:
        return MOVEMENTS, "a movement goes to another territory"
    if to not in destinations(c, band):
        if band.kind == LONE:
            return (ARMIES, "a unique warrior alone is not an army and opponents may not "
                    "respond to it, so it moves only through and into friendly or neutral "
                    "territories without opposing warriors")
        return (MOVEMENTS, "armies move between adjacent friendly or neutral territories; "
                f"{to} cannot be reached that way")
    return None


def check_move(c: Campaign, player: int, band_id: int, to: str) -> Band:
    band = c.bands.get(band_id)
    if band is None or band.owner != player:
        raise CampaignRuleError(MOVEMENTS, f"{c.players[player].name} has no band {band_id}")
    why = movement_violation(c, band, to)
    if why:
        raise CampaignRuleError(*why)
    return band


# --- responses --------------------------------------------------------------------------


def response_cost(c: Campaign, band: Band, territory: str) -> int | None:
    """Gold to move ``band`` to ``territory`` in response, or None if it cannot go.

    World Conquest, Troop Movements: "They must pay five gold for each territory they move
    through unless the army being moved is adjacent to or in the territory in question."
    """
    if band.territory == territory or territory in c.adjacent(band.territory):
        return 0
    steps = steps_to(c, band.owner, band.territory, territory)
    if steps is None:
        return None
    counted = steps if c.rules.response_count == "entered" else steps - 1
    return c.rules.response_gold * counted


def responders(c: Campaign, player: int, territory: str) -> dict[int, int]:
    """The armies ``player`` could move to ``territory`` in response, with their cost:
    armies that could move there legally on their own turn (World Conquest, Troop
    Movements), not resting after a withdrawal, not already there."""
    out = {}
    for b in c.armies_of(player):
        if b.territory == territory or b.rests:
            continue
        cost = response_cost(c, b, territory)
        if cost is not None:
            out[b.id] = cost
    return out


def retreats(c: Campaign, player: int, territory: str) -> dict[str, int]:
    """Territories the survivors of a withdrawal may go to: any territory they could
    legally move to (World Conquest, battle rule 2), which starts no battle: friendly or
    neutral with no opposing warriors."""
    dist = distances(c, player, territory)
    return {t: d for t, d in sorted(dist.items()) if t != territory}
