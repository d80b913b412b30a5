"""The campaign log told in words, and the campaign as plain data (``campaign show``)."""

from __future__ import annotations

from typing import Any

from armybuilder.campaign.forces import strength
from armybuilder.campaign.game import describe
from armybuilder.campaign.state import Campaign
from armybuilder.campaign.weather import card_name
from armybuilder.campaign.world import ALL_TERRITORIES, CODE_OF
from armybuilder.text import counted

QUIET = frozenset({"roll", "purchases done", "turn over", "no response"})


def _who(c: Campaign, player: Any) -> str:
    return c.players[player].name if isinstance(player, int) else "nobody"


def line(c: Campaign, e: dict[str, Any]) -> str | None:
    """One event in words, or None for the bookkeeping ones."""
    kind = e["e"]
    who = _who(c, e.get("player"))
    w = e.get("warrior")
    name = c.label(w) if isinstance(w, int) and 0 <= w < len(c.warriors) else ""
    texts: dict[str, Any] = {
        "first player": lambda: f"{who} rolls highest and goes first",
        "hq": lambda: f"{who} makes {e['territory']} the Head Quarters",
        "army": lambda: f"{who}'s army {e['band']} musters in {e['territory']}",
        "turn": lambda: f"-- turn {e['turn']} (round {e['round']}): {who} --",
        "weather": lambda: (f"weather: {card_name(e['card'])}, {e['name']}"
                            + (f" in {e['territory']}" if e.get("territory") else "")
                            + (f" for {e['turns']} turn{'s' if e['turns'] != 1 else ''}"
                               if e.get("turns") else "")),
        "weather moves": lambda: f"{e['name']} moves from {e['territory']} to {e['to']}",
        "weather ends": lambda: f"{e['name']} leaves {e['territory']}",
        "deck shuffled": lambda: f"the weather deck is shuffled ({e['cards']} cards)",
        "healed": lambda: (f"{len(e['warriors'])} warrior"
                           f"{'s' if len(e['warriors']) != 1 else ''} heal in "
                           f"{e['territory']}") if e["warriors"] else None,
        "income": lambda: f"{who} collects {e['gold']} gold for {e['territories']} "
                          f"territor{'y' if e['territories'] == 1 else 'ies'}"
                          + (f" ({e['whole_region']} in whole regions)"
                             if e["whole_region"] else ""),
        "upkeep": lambda: f"{who} pays {e['gold']} gold upkeep" if e["gold"] else None,
        "disbanded": lambda: f"{who}'s army {e['band'] or ''} is disbanded "
                             f"({e['reason']})",
        "bought": lambda: f"{who} buys {name} for {e['gold']} gold (army {e['army']})",
        "fortified": lambda: f"{who} builds a {e['level']} in {e['territory']} "
                             f"({e['gold']} gold)",
        "transferred": lambda: f"{who} moves {len(e['warriors'])} warrior"
                               f"{'s' if len(e['warriors']) != 1 else ''} into band "
                               f"{e['band']}",
        "army formed": lambda: f"{who} declares {c.label(e['general'])} General of army "
                               f"{e['band']} in {e['territory']}",
        "moved": lambda: f"{who}'s {e['kind']} {e['band']} moves from {e['territory']} to "
                         f"{e['to']}",
        "responded": lambda: f"{who} responds: army {e['band']} from {e['territory']} "
                             f"to {e['to']}" + (f" ({e['gold']} gold)" if e["gold"] else ""),
        "occupied": lambda: f"{who} occupies {e['territory']}",
        "lost control": lambda: f"{who} loses control of {e['territory']}",
        "battle": lambda: f"battle {e['number']} in {e['territory']}: "
                          + " against ".join(_who(c, p) for p in e["sides"]),
        "battle fought": lambda: (f"battle {e['number']} in {e['territory']}: "
                                  + (f"{_who(c, e['winner'])} wins"
                                     if e["winner"] is not None else "no winner")
                                  + f" after {counted(e['rounds'], 'round')} ({e['termination']})"
                                  + (f"; withdrew: {', '.join(_who(c, p) for p in e['withdrew'])}"
                                     if e["withdrew"] else "")
                                  + (f"; weather: {', '.join(e['weather'])}"
                                     if e["weather"] else "")
                                  + (f"; not on the battlefield yet: {', '.join(e['unplayed'])}"
                                     if e["unplayed"] else "")
                                  + (f"; on the battlefield: {', '.join(e['fortifications'])}"
                                     if e.get("fortifications") else "")
                                  + (f"; played on the play screen as game {e['game']}"
                                     if e.get("game") is not None else "")),
        "gold": lambda: f"{who} gains {e['gold']} gold ({e['reason']}"
                        + (f" {name}" if name else "") + ")",
        "to pool": lambda: f"{name} returns to the pool ({e['reason']})",
        "damage": lambda: f"{name} takes {e['clicks']} click ({e['cause']})",
        "fortifications lost": lambda: f"{who} loses {', '.join(e['lost'])} in "
                                       f"{e['territory']} for good",
        "fortification destroyed": lambda: f"{who}'s {e['kind']} in {e['territory']} is "
                                           + ("taken down" if e["kind"] == "banner"
                                              else "destroyed")
                                           + (f" by {_who(c, e['by'])}"
                                              if e.get("by") is not None else ""),
        "withdrew to": lambda: f"{who} withdraws from {e['territory']} to {e['to']}",
        "captive joins": lambda: f"{name} joins {who}'s band {e['band']} as a captive",
        "captive released": lambda: f"{name} is released to the pool",
        "ransom offered": lambda: f"{who} offers {name} to {_who(c, e['buyer'])} for "
                                  f"{e['gold']} gold",
        "ransomed": lambda: f"{who} ransoms {name} from {_who(c, e['seller'])} for "
                            f"{e['gold']} gold",
        "ransom refused": lambda: f"{who} refuses the ransom of {name}",
        "banner": lambda: f"{who} places a banner in {e['territory']}",
        "no banner": lambda: f"{who} places no banner in {e['territory']}: it is neutral",
        "player out": lambda: f"{who} is out of the campaign",
        "holds the field": lambda: f"no winner: {who} holds the field in {e['territory']}",
        "campaign won": lambda: f"{who} controls every territory and wins the campaign",
    }
    if kind in QUIET or kind not in texts:
        return None
    return texts[kind]()


def lines(c: Campaign, first: int = 0) -> list[tuple[int, str]]:
    """(log entry, line) for every told event from entry ``first`` on."""
    out = []
    for i, entry in enumerate(c.log[first:], start=first):
        for e in entry["events"]:
            text = line(c, e)
            if text:
                out.append((i, text))
    return out


# --- the campaign as data ---------------------------------------------------------------


def warrior_json(c: Campaign, wid: int) -> dict[str, Any]:
    w = c.warriors[wid]
    card = c.card(w)
    return {"id": wid, "figure": w.key, "name": card.name, "points": card.points,
            "unique": card.unique, "click": w.click, "clicks": len(card.clicks),
            "strength": round(strength(card, w.click), 1)}


def band_json(c: Campaign, band_id: int) -> dict[str, Any]:
    b = c.bands[band_id]
    return {"id": b.id, "kind": b.kind, "territory": b.territory, "general": b.general,
            "moved": b.moved, "rests": b.rests,
            "warriors": [warrior_json(c, i) for i in b.warriors]}


def weather_at(c: Campaign, territory: str) -> list[str]:
    return [m.effect.name for m in c.markers if m.territory == territory]


def as_json(c: Campaign, name: str, log_lines: int | None = None) -> dict[str, Any]:
    """``name, turn, players`` (each ``{name, gold, hq, armies, territories}``), ``map`` (36
    territories with ``faction, owner, fortification, weather``), ``pool, log``, and more."""
    d = c.decision()
    told = lines(c)
    if log_lines is not None:
        told = told[-log_lines:] if log_lines else []
    pool: dict[str, dict[str, Any]] = {}
    for w in c.pool():
        card = c.card(w)
        entry = pool.setdefault(w.key, {"figure": w.key, "name": card.name,
                                        "points": card.points, "factions": list(card.factions),
                                        "unique": card.unique, "count": 0})
        entry["count"] += 1
    return {
        "name": name, "turn": c.turn, "round": c.round, "seed": c.start.seed,
        "current": c.players[c.current].name if c.turn else None,
        "winner": c.players[c.winner].name if c.winner is not None else None,
        "waiting_for": None if c.over else {
            "kind": d.kind if d else None,
            "player": c.players[d.player].name if d and d.player is not None else None,
            "text": describe(c)},
        "players": [{
            "name": p.name, "seat": p.seat, "faction": p.faction, "gold": p.gold,
            "hq": p.hq, "out": p.out,
            "armies": [band_json(c, b.id) for b in sorted(c.bands_of(p.index),
                                                          key=lambda b: b.id)],
            "territories": c.territories_of(p.index)} for p in c.players],
        "map": [{"territory": t, "faction": c.world.faction(t),
                 "owner": _owner(c, t), "fortification": c.holdings[t].fortification,
                 "structure": c.holdings[t].structure, "banner": c.holdings[t].banner,
                 "wasteland": c.holdings[t].wasteland, "weather": weather_at(c, t),
                 "warriors": sum(len(b.warriors) for b in c.bands_in(t)),
                 "hq_of": next((p.name for p in c.players if p.hq == t), None)}
                for t in ALL_TERRITORIES],
        "weather": [m.to_dict() for m in c.markers],
        "pool": sorted(pool.values(), key=lambda x: (x["name"], x["figure"])),
        "captives": [warrior_json(c, w) for w in sorted(c.captives)],
        "battles": c.battles,
        "log": [{"step": i, "text": text} for i, text in told],
    }


def _owner(c: Campaign, t: str) -> str | None:
    o = c.holdings[t].owner
    return None if o is None else c.players[o].name


def map_text(c: Campaign) -> list[str]:
    """The map as a grid: faction code, then owner initial, fortification and weather."""
    out = ["     " + "".join(f"{col:<12}" for col in "ABCDEF")]
    for r in range(1, 7):
        cells = []
        for col in "ABCDEF":
            t = f"{col}{r}"
            h = c.holdings[t]
            owner = "-" if h.owner is None else str(h.owner + 1)
            fort = {"banner": "b", "outpost": "O", "fort": "F", "castle": "C"}.get(
                h.fortification or "", " ")
            hq = "*" if any(p.hq == t for p in c.players) else " "
            troops = sum(len(b.warriors) for b in c.bands_in(t))
            wx = "~" if weather_at(c, t) else " "
            waste = "x" if h.wasteland else " "
            cells.append(f"{CODE_OF[c.world.faction(t)]} {owner}{fort}{hq}{wx}{waste}"
                         f"{troops or '':>3} ")
        out.append(f"  {r}  " + "".join(cells))
    out.append("  code owner(1-n or -) fortification(b banner, O outpost, F fort, C castle) "
               "* HQ ~ weather x wasteland, warriors")
    return out
