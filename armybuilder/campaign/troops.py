"""Troop movements, the opponents' responses, and what happens on arrival (World Conquest,
Troop Movements; Occupying Territories)."""

from __future__ import annotations

from armybuilder.campaign import control, marching
from armybuilder.campaign.actions import CampaignRuleError, Move, Respond
from armybuilder.campaign.forces import ARMY
from armybuilder.campaign.state import BattleAt, Campaign, Decision

MOVEMENTS = "World Conquest, Troop Movements"


def apply_move(c: Campaign, a: Move) -> None:
    band = marching.check_move(c, a.player, a.band, a.to)
    start = band.territory
    steps = marching.destinations(c, band)[a.to]
    band.territory = a.to
    band.moved = True
    c.emit("moved", player=a.player, band=band.id, kind=band.kind, territory=start, to=a.to,
           steps=steps)
    control.settle(c, start)
    queue: list[Decision] = []
    if band.kind == ARMY:
        # "Each of your opponents has the option to respond to your movement"; a unique
        # warrior alone is not an army: "opponents may not respond to its movement".
        for q in c.clockwise_from(a.player):
            if not c.players[q].out and marching.responders(c, q, a.to):
                queue.append(Decision("respond", q, {"territory": a.to, "mover": a.player}))
    queue.append(Decision("arrive", None, {"territory": a.to, "mover": a.player}))
    c.pending[0:0] = queue


def response_violation(c: Campaign, a: Respond, territory: str) -> tuple[str, str] | None:
    if not a.bands:
        return MOVEMENTS, "a response moves at least one army (or pass)"
    if len(set(a.bands)) != len(a.bands):
        return MOVEMENTS, "an army is named twice"
    able = marching.responders(c, a.player, territory)
    for b in a.bands:
        if b not in able:
            return (MOVEMENTS, f"army {b} cannot respond: only armies that could move to "
                    f"{territory} legally on their own turn may")
    cost = sum(able[b] for b in a.bands)
    if cost > c.players[a.player].gold:
        return (MOVEMENTS, f"the response costs {cost} gold (five for each territory moved "
                f"through, unless adjacent to or in {territory}); you have "
                f"{c.players[a.player].gold}")
    sides = set(c.occupants(territory)) | {a.player}
    if len(sides) > c.rules.battle_players:
        return ("House rule battle_players", f"a battle seats at most "
                f"{c.rules.battle_players} players, one at each table edge")
    return None


def apply_respond(c: Campaign, a: Respond) -> None:
    territory = c.pending[0].data["territory"]
    why = response_violation(c, a, territory)
    if why:
        raise CampaignRuleError(*why)
    able = marching.responders(c, a.player, territory)
    for b in a.bands:
        band = c.bands[b]
        start = band.territory
        c.players[a.player].gold -= able[b]
        band.territory = territory
        c.emit("responded", player=a.player, band=b, territory=start, to=territory,
               gold=able[b])
        control.settle(c, start)
    c.pending.pop(0)


def arrive(c: Campaign, territory: str, mover: int) -> None:
    """Everyone who responded is there: a battle if opponents stand in the territory, else
    the mover occupies it."""
    present = c.occupants(territory)
    if mover not in present:  # pragma: no cover - the mover's band is there
        return
    others = [q for q in c.clockwise_from(mover) if q in present]
    if not others:
        control.occupy(c, mover, territory)
        control.check_victory(c)
        return
    c.battles += 1
    c.battle = BattleAt(c.battles, territory, mover, [mover, *others])
    c.emit("battle", number=c.battles, territory=territory, sides=[mover, *others])
    c.pending.insert(0, Decision("battle", None, {"territory": territory,
                                                  "number": c.battles}))
