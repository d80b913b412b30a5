"""What a player may choose now, in words: the prompts the app shows for each step of the
turn. A choice carries the action it takes, or says what more it needs (a figure from the
pool, a band's destination)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from armybuilder.campaign import aftermath, economy, marching, turns
from armybuilder.campaign.actions import (
    AcceptRansom,
    Action,
    Buy,
    ChooseHQ,
    FormArmy,
    Fortify,
    KeepCaptive,
    Move,
    OfferRansom,
    Pass,
    PlantBanner,
    Respond,
    Retreat,
    Transfer,
)
from armybuilder.campaign.forces import ARMY, LONE, TROOPS
from armybuilder.campaign.house_rules import STRUCTURES
from armybuilder.campaign.state import Campaign
from armybuilder.catalogue.queries import SearchFilter
from armybuilder.engine import FigureCard
from armybuilder.text import counted

FIGHT = "fight"  # the choice to auto-resolve a battle (or let the AI finish a played one)
PLAY = "play"  # the choice to play a battle on the play screen (or go on with it)
BUY = "buy"  # the choice to open the pool
MOVE = "move"  # the choice of a band, before its destination


@dataclass(frozen=True)
class Choice:
    label: str
    action: Action | None = None
    needs: str = ""  # FIGHT, BUY or MOVE when the action is not known yet
    band: int | None = None


def _band_label(c: Campaign, band_id: int) -> str:
    b = c.bands[band_id]
    general = f", General {c.card(b.general).name}" if b.general is not None else ""
    return (f"{b.kind} {b.id} in {b.territory} ({len(b.warriors)} warrior"
            f"{'s' if len(b.warriors) != 1 else ''}{general})")


def choices(c: Campaign, playing: tuple[int, int] | None = None) -> list[Choice]:
    """The choices of the decision the campaign waits for. ``playing``: the game (its
    number and round) the pending battle is being played as on the play screen."""
    d = c.decision()
    if d is None or c.over:
        return []
    p = d.player
    if d.kind == "battle":
        return battle_choices(c, playing)
    assert p is not None
    out: list[Choice] = []
    if d.kind == "hq":
        out = [Choice(f"Head Quarters in {t}", ChooseHQ(p, t))
               for t in turns.hq_choices(c, p)]
    elif d.kind == "purchase":
        if c.armies_of(p):
            out.append(Choice("Buy a warrior from the pool…", needs=BUY))
        for t in c.territories_of(p):
            for level in ("banner", *STRUCTURES):
                if economy.fortify_violation(c, p, t, level) is None:
                    price = economy.fortification_price(c, t, level)
                    out.append(Choice(f"{level.title()} in {t} ({price} gold)",
                                      Fortify(p, t, level)))
        out += _regroup(c, p)
        out.append(Choice("Done buying: on to troop movements", Pass(p)))
    elif d.kind == "move":
        for b in sorted(c.movers_of(p), key=lambda b: b.id):
            if not b.moved and not b.rests and marching.destinations(c, b):
                out.append(Choice(f"Move {_band_label(c, b.id)}…", needs=MOVE, band=b.id))
        out += _regroup(c, p)
        out.append(Choice("End the turn", Pass(p)))
    elif d.kind == "respond":
        t = d.data["territory"]
        able = marching.responders(c, p, t)
        gold = c.players[p].gold
        for band_id, cost in able.items():
            if cost <= gold:
                out.append(Choice(f"Respond with {_band_label(c, band_id)} ({cost} gold)",
                                  Respond(p, (band_id,))))
        affordable = tuple(b for b, cost in able.items() if cost <= gold)
        if len(affordable) > 1 and sum(able[b] for b in affordable) <= gold:
            out.append(Choice(f"Respond with all {len(affordable)} armies "
                              f"({sum(able[b] for b in affordable)} gold)",
                              Respond(p, affordable)))
        out.append(Choice("Do not respond", Pass(p)))
    elif d.kind == "retreat":
        out = [Choice(f"Withdraw to {t}", Retreat(p, t))
               for t in marching.retreats(c, p, d.data["territory"])]
        if not out:
            out = [Choice("Nowhere to withdraw to: the survivors are lost", Pass(p))]
    elif d.kind == "captive":
        w = d.data["warrior"]
        points = c.card(w).points
        if aftermath.keep_violation(c, p, w) is None:
            out.append(Choice(f"Keep {c.label(w)}: it joins the army that captured it",
                              KeepCaptive(p, w)))
        for q in c.players:
            if q.index == p or q.out or q.index in c.refused.get(w, []):
                continue
            for gold in sorted({points // 2, points}):
                if 0 < gold <= q.gold:
                    out.append(Choice(f"Offer {c.label(w)} to {q.name} for {gold} gold",
                                      OfferRansom(p, w, q.index, gold)))
        if aftermath.keep_violation(c, p, w) is not None:
            out.append(Choice(f"Release {c.label(w)} to the pool", Pass(p)))
    elif d.kind == "ransom":
        w, gold = d.data["warrior"], d.data["gold"]
        for b in c.armies_of(p):
            out.append(Choice(f"Pay {gold} gold for {c.label(w)} into army {b.id}",
                              AcceptRansom(p, w, b.id)))
        out.append(Choice("Refuse the ransom", Pass(p)))
    elif d.kind == "banner":
        price = c.rules.fortification("banner").gold
        out = [Choice(f"Place a banner in {d.data['territory']} ({price} gold) and hold it",
                      PlantBanner(p)),
               Choice("No banner: the territory is neutral", Pass(p))]
    return out


def battle_choices(c: Campaign, playing: tuple[int, int] | None = None) -> list[Choice]:
    """A battle a human takes part in is played on the play screen, or auto-resolved if
    the human chooses (World Conquest, Troop Movements: "play out a standard Mage Knight
    game")."""
    at = c.battle
    assert at is not None
    if playing is not None:
        game, round_ = playing
        return [Choice(f"Go on with the battle on the play screen (game {game}, round "
                       f"{round_})", needs=PLAY),
                Choice("Let the engine's AI finish it from where it stands (every side, "
                       "yours too)", needs=FIGHT)]
    # Withdrawing is the human's own on the play screen; with nowhere to go, the
    # survivors would be lost (World Conquest, battle rule 2).
    stuck = [c.players[q].name for q in at.sides if c.players[q].seat == "human"
             and not marching.retreats(c, q, at.territory)]
    note = f" ({', '.join(stuck)}: nowhere to withdraw to)" if stuck else ""
    return [Choice(f"Play it yourself on the play screen{note}", needs=PLAY),
            Choice("Auto-resolve it: the engine's AI fights every side, yours too (and "
                   "decides when to withdraw)", needs=FIGHT)]


def _regroup(c: Campaign, p: int) -> list[Choice]:
    """Armies formed and troops merged where they stand together (World Conquest, Armies)."""
    out = []
    for t in sorted({b.territory for b in c.bands_of(p)}):
        here = sorted(c.bands_in(t, p), key=lambda b: b.id)
        for b in here:
            if b.kind == TROOPS and not b.unpaid:
                for o in here:
                    if o.kind == ARMY or o.kind == LONE:
                        out.append(Choice(f"Troops {b.id} join {_band_label(c, o.id)}",
                                          Transfer(p, tuple(b.warriors), o.id)))
                for o in here:
                    for i in o.warriors:
                        if c.card(i).unique and o.kind != ARMY and i not in b.warriors:
                            out.append(Choice(f"{c.label(i)} becomes the General of troops "
                                              f"{b.id}", FormArmy(p, i, tuple(b.warriors))))
    return out


def destinations(c: Campaign, band: int) -> list[Choice]:
    b = c.bands[band]
    p = b.owner
    out = []
    for t, steps in marching.destinations(c, b).items():
        h = c.holdings[t]
        who = ("yours" if h.owner == p else "neutral" if h.owner is None
               else c.players[h.owner].name + "'s")
        foes = [q for q in c.occupants(t) if q != p]
        fight = f"; {', '.join(c.players[q].name for q in foes)} there" if foes else ""
        out.append(Choice(f"{t} ({c.world.faction(t)}, {who}{fight}; {steps} step"
                          f"{'s' if steps != 1 else ''})", Move(p, band, t)))
    return out


# --- the pool -----------------------------------------------------------------------------


def expansion_of(card: FigureCard) -> str:
    return card.key.split(":", 1)[0]


def matches(card: FigureCard, f: SearchFilter) -> bool:
    """The catalogue's filters (catalogue.queries.SearchFilter) applied to a card."""
    first = card.clicks[card.starting_click]
    checks = [
        not f.text or f.text.lower() in card.name.lower(),
        not f.faction or f.faction in card.factions,
        not f.expansion or f.expansion == expansion_of(card),
        not f.rank or f.rank == card.rank,
        f.unique is None or f.unique == card.unique,
        f.min_points is None or card.points >= f.min_points,
        f.max_points is None or card.points <= f.max_points,
        f.min_range is None or card.range >= f.min_range,
        f.max_range is None or card.range <= f.max_range,
        f.min_targets is None or card.targets >= f.min_targets,
        f.arc is None or card.arc == f.arc,
        not f.ability or f.ability in card.ability_names,
        not f.start_ability or f.start_ability in first.abilities,
        f.min_speed is None or first.speed >= f.min_speed,
        f.min_attack is None or first.attack >= f.min_attack,
        f.min_defense is None or first.defense >= f.min_defense,
        f.min_damage is None or first.damage >= f.min_damage,
    ]
    return all(checks)


@dataclass(frozen=True)
class PoolRow:
    key: str
    card: FigureCard
    count: int
    why_not: str | None  # why the player may not buy it now (and the rule), or None


def pool_rows(c: Campaign, player: int, f: SearchFilter | None = None) -> list[PoolRow]:
    counts: dict[str, int] = {}
    for w in c.pool():
        counts[w.key] = counts.get(w.key, 0) + 1
    rows = []
    for key, n in counts.items():
        card = c.figures[key]
        if f is not None and not matches(card, f):
            continue
        why = economy.buyable(c, player, card)
        rows.append(PoolRow(key, card, n, None if why is None else f"{why[1]} ({why[0]})"))
    return sorted(rows, key=lambda r: (r.why_not is not None, r.card.name, r.key))


def pool_facets(c: Campaign) -> dict[str, list[str]]:
    cards = [c.figures[w.key] for w in c.pool()]
    return {"factions": sorted({f for card in cards for f in card.factions}),
            "expansions": sorted({expansion_of(card) for card in cards}),
            "ranks": sorted({card.rank for card in cards}),
            "abilities": sorted({a for card in cards for a in card.ability_names})}


def buy(c: Campaign, player: int, key: str, army: int) -> Buy:
    return Buy(player, key, army)


def battle_report(c: Campaign, events: list[dict[str, Any]]) -> list[str]:
    """What each player gained and lost in the battle told by ``events``."""
    fought = next((e for e in events if e["e"] == "battle fought"), None)
    if fought is None:
        return []
    gold: dict[int, int] = {}
    lost: dict[int, list[str]] = {}
    taken: dict[int, list[str]] = {}
    for e in events:
        if e["e"] == "gold":
            gold[e["player"]] = gold.get(e["player"], 0) + e["gold"]
        elif e["e"] == "to pool" and e.get("player") is not None:
            lost.setdefault(e["player"], []).append(c.card(e["warrior"]).name)
        elif e["e"] == "fortification destroyed":
            lost.setdefault(e["player"], []).append(f"the {e['kind']}")
    for wid in c.captives:
        owner = c.warriors[wid].owner
        if owner is not None:
            taken.setdefault(owner, []).append(c.card(wid).name)
    winner = fought["winner"]
    lines = [f"Battle {fought['number']} in {fought['territory']}: "
             + (f"{c.players[winner].name} wins" if winner is not None else "no winner")
             + f" after {counted(fought['rounds'], 'round')} ({fought['termination']})"]
    if fought["weather"]:
        lines.append(f"Weather: {', '.join(fought['weather'])}")
    if fought.get("fortifications"):
        lines.append(f"On the battlefield: {', '.join(fought['fortifications'])}")
    if fought["unplayed"]:
        lines.append(f"Not on the battlefield yet (castle rules to come): "
                     f"{', '.join(fought['unplayed'])}")
    sides = sorted(set(gold) | set(lost) | set(taken) | set(fought["withdrew"])
                   | ({winner} if winner is not None else set()))
    for p in sides:
        parts = [f"+{gold[p]} gold" if p in gold else "no gold"]
        if lost.get(p):
            parts.append(f"lost {len(lost[p])}: {', '.join(lost[p])}")
        if taken.get(p):
            parts.append(f"captured from them: {', '.join(taken[p])}")
        if p in fought["withdrew"]:
            parts.append("withdrew")
        lines.append(f"{c.players[p].name}: " + "; ".join(parts))
    return lines
