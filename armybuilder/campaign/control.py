"""Who holds what: occupying territories, losing them, warriors leaving the map, players
out of the campaign and the campaign's winner."""

from __future__ import annotations

from armybuilder.campaign.state import Campaign
from armybuilder.campaign.world import ALL_TERRITORIES


def take_out(c: Campaign, wid: int) -> None:
    """Take a warrior out of its band (a General leaving disbands the rest)."""
    w = c.warriors[wid]
    if w.band is None:
        return
    band = c.bands[w.band]
    band.warriors.remove(wid)
    if band.general == wid:
        band.general = None
    if not band.warriors:
        del c.bands[band.id]
    w.band = None


def return_to_pool(c: Campaign, wid: int, why: str) -> None:
    """World Conquest, battle rule 7: eliminated warriors are returned to the buying pool,
    their dials back at the start (a warrior bought from the pool comes whole)."""
    w = c.warriors[wid]
    owner = w.owner
    take_out(c, wid)
    w.owner = None
    w.click = c.card(w).starting_click
    c.captives.pop(wid, None)
    c.emit("to pool", warrior=wid, player=owner, reason=why)


def occupy(c: Campaign, player: int, territory: str) -> None:
    """World Conquest, Occupying Territories: moving in unopposed takes control; an
    opponent's banner there comes down (an outpost, fort or castle stays: house rule
    ``captured_structures``)."""
    h = c.holdings[territory]
    if h.owner == player:
        return
    before = h.owner
    lost = h.fortification if before is not None else None
    h.owner, h.banner = player, False
    if before is not None and h.structure and c.rules.captured_structures == "destroy":
        h.structure = None
    c.emit("occupied", player=player, territory=territory, previous=before, lost=lost)


def settle(c: Campaign, territory: str) -> None:
    """"You will lose control of a territory after your army moves away unless you
    purchase a banner" (World Conquest, Occupying Territories)."""
    h = c.holdings[territory]
    if h.owner is not None and not h.banner and not c.bands_in(territory, h.owner):
        c.emit("lost control", player=h.owner, territory=territory)
        h.owner = None


def settle_all(c: Campaign) -> None:
    for t in ALL_TERRITORIES:
        settle(c, t)


def check_players(c: Campaign) -> None:
    """A player with no warriors on the map and no territory is out of the campaign."""
    for p in c.players:
        if not p.out and not c.bands_of(p.index) and not c.territories_of(p.index) \
                and not any(c.warriors[w].owner == p.index for w in c.captives):
            p.out = True
            c.emit("player out", player=p.index)


def check_victory(c: Campaign) -> bool:
    """World Conquest, Victory: control all of the territories."""
    owners = {h.owner for h in c.holdings.values()}
    if len(owners) == 1 and None not in owners:
        (winner,) = owners
        assert winner is not None
        c.winner = winner
        c.pending = []
        c.emit("campaign won", player=winner)
        return True
    return False
