"""Setting up and the turn's automatic steps (World Conquest, Setup 4; Turn Structure
Steps 1-4; Weather).

The first player is rolled for with two dice each (ties roll again); the winner picks a
Head Quarters in a territory of his army's faction, then the others clockwise, and every
army begins in its HQ. Each turn is one player's: the weather card (Step 1), healing in
the HQ (Step 2), income (Step 3) and upkeep (Step 4) happen by themselves, then the
player purchases (the first Step 5) and moves troops (the second Step 5).
"""

from __future__ import annotations

from armybuilder.campaign import control, economy
from armybuilder.campaign import weather as deck
from armybuilder.campaign.actions import CampaignRuleError, ChooseHQ
from armybuilder.campaign.state import Campaign, Decision

SETUP_4 = "World Conquest, Setup 4"
WEATHER = "World Conquest, Weather"
STEP_2 = "World Conquest, Turn Structure, Step 2"


def roll_first_player(c: Campaign) -> None:
    """Each player rolls a pair of dice to see who goes first; only those tied for the
    highest roll again (as Rulebook II, Setting the Scene)."""
    contenders = list(range(len(c.players)))
    while len(contenders) > 1:
        totals = {p: sum(c.roll(2, "first player", player=p)) for p in contenders}
        best = max(totals.values())
        contenders = [p for p in contenders if totals[p] == best]
    c.first_player = contenders[0]
    c.emit("first player", player=c.first_player)
    c.pending = [Decision("hq", p) for p in c.turn_order()]


def hq_choices(c: Campaign, player: int) -> list[str]:
    """Territories of the player's army's faction no one has chosen yet."""
    taken = {p.hq for p in c.players}
    return [t for t in c.world.regions[c.players[player].faction] if t not in taken]


def apply_choose_hq(c: Campaign, a: ChooseHQ) -> None:
    choices = hq_choices(c, a.player)
    if a.territory not in choices:
        raise CampaignRuleError(SETUP_4, f"the Head Quarters is a territory of the same "
                                f"faction as your army ({c.players[a.player].faction}) "
                                f"that no one has chosen: one of {', '.join(choices)}")
    c.players[a.player].hq = a.territory
    c.emit("hq", player=a.player, territory=a.territory)
    c.pending.pop(0)
    if not c.pending:
        _muster(c)
        c.pending = [Decision("next turn", None)]


def _muster(c: Campaign) -> None:
    """The army of every player begins in their HQ, its unique warrior its General."""
    for p in c.players:
        assert p.hq is not None
        ids = [w.id for w in c.warriors if w.owner == p.index and w.band is None]
        start = c.start.players[p.index]
        general = next(i for i in ids if c.warriors[i].key == start.general)
        band = c.new_band(p.index, p.hq, ids, general)
        control.occupy(c, p.index, p.hq)
        c.emit("army", player=p.index, band=band.id, territory=p.hq, general=general,
               warriors=ids)


# --- the turn ---------------------------------------------------------------------------


def next_player(c: Campaign) -> int | None:
    """The next player clockwise who is still in the campaign."""
    order = c.turn_order()
    if c.turn == 0:
        candidates = order
    else:
        k = order.index(c.current)
        candidates = order[k + 1:] + order[:k + 1]
    for p in candidates:
        if not c.players[p].out:
            return p
    return None


def begin_turn(c: Campaign) -> None:
    player = next_player(c)
    if player is None:  # pragma: no cover - every territory would be someone's
        return
    if c.turn == 0 or c.turn_order().index(player) <= c.turn_order().index(c.current):
        c.round += 1
    c.turn += 1
    c.current = player
    c.emit("turn", turn=c.turn, round=c.round, player=player)
    for b in c.bands_of(player):
        b.moved = False
    draw_weather(c)
    heal_hq(c, player)
    economy.collect_income(c, player)
    economy.pay_upkeep(c, player)
    c.pending = [Decision("purchase", player)]


def end_turn(c: Campaign) -> None:
    for b in c.bands_of(c.current):
        if b.rests:
            b.rests -= 1
    c.emit("turn over", player=c.current)
    c.pending = [Decision("next turn", None)]


def heal_hq(c: Campaign, player: int) -> None:
    """Step 2: all warriors in your HQ territory heal one click (never past the start)."""
    hq = c.players[player].hq
    healed = []
    for b in c.bands_in(hq, player) if hq else []:
        for i in b.warriors:
            w = c.warriors[i]
            start = c.card(w).starting_click
            new = max(start, w.click - c.rules.hq_heal)
            if new != w.click:
                healed.append([i, w.click - new])
                w.click = new
    c.emit("healed", player=player, territory=hq, warriors=healed)


# --- the weather ------------------------------------------------------------------------


def draw_weather(c: Campaign) -> None:
    """Step 1. The effects on the map age (and those whose turns are up leave it), the
    others roll to move; then a card is drawn and its effect placed."""
    kept = []
    for m in c.markers:
        m.turns_left -= 1
        if m.turns_left <= 0:
            c.emit("weather ends", card=m.card, name=m.effect.name, territory=m.territory)
            continue
        if m.effect.moves:
            die = c.roll(1, "weather moves", card=m.card)[0]
            there = deck.moved(m, die, c.rules)
            if there is None:
                c.emit("weather ends", card=m.card, name=m.effect.name,
                       territory=m.territory, off_map=True)
                continue
            if there != m.territory:
                c.emit("weather moves", card=m.card, name=m.effect.name, to=there,
                       territory=m.territory)
                m.territory = there
        kept.append(m)
    c.markers = kept
    if not c.deck:
        # "If you run out of cards, just reshuffle the discard pile."
        fresh = c.discard or deck.full_deck(c.rules.jokers)
        c.deck = deck.shuffle(sorted(fresh), c.dice)
        c.discard = []
        c.emit("deck shuffled", cards=len(c.deck))
    card = c.deck.pop()
    c.discard.append(card)
    effect = c.rules.effect(deck.rank_of(card))
    if not effect.placed:
        c.emit("weather", card=card, name=effect.name, territory=None)
        return
    territory, dice = deck.place(c.dice)
    c.emit("roll", purpose="weather placed", dice=dice, card=card)
    if effect.earthquake:
        earthquake(c, territory, card)
        return
    suit = deck.suit_of(card)
    turns = deck.DURATION[suit] if suit else 1
    c.markers.append(deck.Marker(card, effect, territory, turns))
    c.emit("weather", card=card, name=effect.name, territory=territory, turns=turns)


def earthquake(c: Campaign, territory: str, card: str) -> None:
    """Jokers: the territory becomes wasteland and every warrior in it takes a click of
    damage; the effect leaves the map at once."""
    c.holdings[territory].wasteland = True
    c.emit("weather", card=card, name="Earthquake", territory=territory, turns=0)
    for b in list(c.bands_in(territory)):
        for i in list(b.warriors):
            w = c.warriors[i]
            w.click += 1
            c.emit("damage", warrior=i, clicks=1, cause="earthquake")
            if w.click >= len(c.card(w).clicks):
                if b.id in c.bands and c.bands[b.id].general == i:
                    c.emit("disbanded", player=b.owner, band=b.id, general=i,
                           reason="General eliminated")
                control.return_to_pool(c, i, "eliminated by an earthquake")
    control.settle(c, territory)
    control.check_players(c)
