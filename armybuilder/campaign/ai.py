"""The campaign's AI player: every decision of World Conquest, played to win.

It weighs warriors by their strength (points times the share of their dial still ahead,
forces.strength) and gold by what it buys. It keeps its armies' upkeep in hand, plants a
banner wherever it would otherwise lose a territory, buys the strongest warriors it can
for the army nearest the enemy, splits an army when it holds a spare unique warrior, moves
each army where the expected gain (a territory's income, the region's bonus, a battle's
gold) beats the expected loss, responds when it can bring clearly more strength than the
mover, and ransoms captives back to their owners. Ties are broken by its own dice, drawn
from the campaign's seed and the log's length, so the same campaign gives the same choice.
"""

from __future__ import annotations

from armybuilder.campaign import aftermath, economy, marching, troops, turns
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
from armybuilder.campaign.battle import derive
from armybuilder.campaign.forces import ARMY, LONE, TROOPS, Band
from armybuilder.campaign.state import Campaign
from armybuilder.engine import Dice

#: No battle is sought with less than this chance of winning it.
MIN_ODDS = 0.25
#: A response is made with at least this much more strength than the mover brings.
RESPONSE_MARGIN = 1.2
#: A move must be worth this much gold to be made.
MOVE_FLOOR = 5.0
#: Gold at which an army lost weighs half as much (it can be bought again).
RICH = 400.0
#: An army this damaged (share of its strength lost) goes home to heal.
WOUNDED = 0.4
#: Split an army holding a spare unique warrior once it has this many warriors.
SPLIT_AT = 6


class CampaignAI:
    kind = "ai"

    def choose(self, c: Campaign) -> Action:
        d = c.decision()
        assert d is not None and d.player is not None
        p = d.player
        self.dice = Dice(seed=derive(c.start.seed, "ai", p, len(c.log)))
        if d.kind == "hq":
            return self._hq(c, p)
        if d.kind == "purchase":
            return self._purchase(c, p)
        if d.kind == "move":
            return self._move(c, p)
        if d.kind == "respond":
            return self._respond(c, p, d.data["territory"], d.data["mover"])
        if d.kind == "retreat":
            return self._retreat(c, p, d.data["territory"])
        if d.kind == "captive":
            return self._captive(c, p, d.data["warrior"])
        if d.kind == "ransom":
            return self._ransom(c, p, d.data)
        if d.kind == "banner":
            return PlantBanner(p)
        return Pass(p)

    def _pick(self, options: list[str]) -> str:
        return options[self.dice.below(len(options))]

    # --- setting up -----------------------------------------------------------------

    def _hq(self, c: Campaign, p: int) -> ChooseHQ:
        choices = turns.hq_choices(c, p)
        taken = [q.hq for q in c.players if q.hq]

        def worth(t: str) -> int:
            own = sum(1 for n in c.adjacent(t) if c.world.faction(n) == c.players[p].faction)
            near = sum(1 for h in taken if h in c.adjacent(t))
            return 2 * own - 3 * near
        best = max(worth(t) for t in choices)
        return ChooseHQ(p, self._pick([t for t in choices if worth(t) == best]))

    # --- purchases ------------------------------------------------------------------

    def _reserve(self, c: Campaign, p: int) -> int:
        return c.rules.upkeep * (len(c.armies_of(p)) + 1)

    def _purchase(self, c: Campaign, p: int) -> Action:
        gold = c.players[p].gold
        reserve = self._reserve(c, p)
        banner = c.rules.fortification("banner").gold
        # Hold what would be lost when its only band marches on.
        for t in sorted(c.territories_of(p), key=lambda t: (t != c.players[p].hq, t)):
            h = c.holdings[t]
            if not h.banner and gold - banner >= reserve - c.rules.upkeep:
                return Fortify(p, t, "banner")
        regroup = self._regroup(c, p)
        if regroup is not None:
            return regroup
        armies = c.armies_of(p)
        if armies and gold - reserve > 0:
            budget = gold - reserve
            buy = self._best_buy(c, p, budget, want_unique=self._wants_unique(c, p))
            if buy is not None:
                return Buy(p, buy, self._front_army(c, p, armies).id)
        hq = c.players[p].hq
        outpost = c.rules.fortification("outpost").gold
        if hq and c.holdings[hq].owner == p and c.holdings[hq].banner \
                and not c.holdings[hq].structure and gold - reserve >= 3 * outpost:
            return Fortify(p, hq, "outpost")
        return Pass(p)

    def _wants_unique(self, c: Campaign, p: int) -> bool:
        spare = any(c.card(i).unique and i != b.general for b in c.bands_of(p)
                    for i in b.warriors)
        return not spare and len(c.armies_of(p)) <= len(c.territories_of(p)) // 4 + 1

    def _best_buy(self, c: Campaign, p: int, budget: int, want_unique: bool) -> str | None:
        seen: set[str] = set()
        options: list[tuple[int, str]] = []
        for w in c.pool():
            if w.key in seen:
                continue
            seen.add(w.key)
            card = c.card(w)
            if card.points > budget or economy.buyable(c, p, card) is not None:
                continue
            options.append((card.points + (200 if want_unique and card.unique else 0), w.key))
        if not options:
            return None
        options.sort(key=lambda o: (-o[0], o[1]))
        best = options[0][0]
        return self._pick([k for v, k in options if v == best])

    def _front_army(self, c: Campaign, p: int, armies: list[Band]) -> Band:
        """The army nearest an opponent's warriors (ties: the weakest)."""
        foes = {b.territory for b in c.bands.values() if b.owner != p}

        def distance(b: Band) -> int:
            dist = marching.distances(c, p, b.territory)
            near = [dist[n] + 1 for t in foes for n in c.adjacent(t) if n in dist]
            return min(near, default=99)
        return min(armies, key=lambda b: (distance(b), c.strength_of(b.warriors), b.id))

    def _regroup(self, c: Campaign, p: int) -> Action | None:
        for b in sorted(c.bands_of(p), key=lambda b: b.id):
            here = c.bands_in(b.territory, p)
            if b.kind == TROOPS and not b.unpaid:
                # A unique warrior here may take them over.
                for o in here:
                    for i in o.warriors:
                        if c.card(i).unique and not (o.kind == ARMY and o.general == i) \
                                and i not in b.warriors and not o.unpaid:
                            return FormArmy(p, i, tuple(b.warriors))
                    if o.kind == ARMY and o.id != b.id:
                        return Transfer(p, tuple(b.warriors), o.id)
                for i in b.warriors:
                    if c.card(i).unique:
                        rest = tuple(x for x in b.warriors if x != i)
                        if rest:
                            return FormArmy(p, i, rest)
            if b.kind == LONE:
                for o in here:
                    troops = [i for i in o.warriors if i != o.general]
                    if o.kind == ARMY and len(o.warriors) >= SPLIT_AT and not b.unpaid:
                        return Transfer(p, tuple(troops[:2]), b.id)
            if b.kind == ARMY and len(b.warriors) >= SPLIT_AT:
                spare = [i for i in b.warriors if c.card(i).unique and i != b.general]
                income = economy.income(c, p)[0]
                if spare and income >= c.rules.upkeep * (len(c.armies_of(p)) + 1):
                    troops = [i for i in b.warriors if i not in (b.general, spare[0])]
                    return FormArmy(p, spare[0], tuple(troops[len(troops) // 2:]))
        return None

    # --- moving ---------------------------------------------------------------------

    def _move(self, c: Campaign, p: int) -> Action:
        best: tuple[float, int, str] | None = None
        for b in sorted(c.movers_of(p), key=lambda b: b.id):
            if b.moved or b.rests:
                continue
            for t, steps in marching.destinations(c, b).items():
                score = self._move_worth(c, p, b, t, steps)
                if best is None or score > best[0]:
                    best = (score, b.id, t)
        if best is not None and best[0] >= MOVE_FLOOR:
            return Move(p, best[1], best[2])
        return Pass(p)

    def _expected_foes(self, c: Campaign, p: int, t: str, mine: float,
                       army: bool) -> tuple[float, int]:
        """(the strength expected to meet ``mine`` in ``t``, the points standing there):
        the opponents there, and those who would respond as this AI does (when they can
        bring as much, or 1.2 times as much outside their own ground, and then up to 1.5
        times the mover's strength)."""
        foe = 0.0
        points = 0
        for q in range(len(c.players)):
            if q == p or c.players[q].out:
                continue
            standing = [i for b in c.bands_in(t, q) for i in b.warriors]
            here = c.strength_of(standing)
            points += sum(c.card(i).points for i in standing)
            could = 0.0
            if army:
                gold = c.players[q].gold
                for bid, cost in sorted(marching.responders(c, q, t).items(),
                                        key=lambda kv: kv[1]):
                    if cost <= gold:
                        gold -= cost
                        could += c.strength_of(c.bands[bid].warriors)
            margin = 1.0 if c.holdings[t].owner == q or standing else RESPONSE_MARGIN
            met = here
            if here + could >= margin * mine:
                met = max(here, min(here + could, 1.5 * mine))
            foe += met
            points += round(met - here)  # the responders' worth, at stake for them
        return foe, points

    def _move_worth(self, c: Campaign, p: int, b: Band, t: str, steps: int) -> float:
        mine = c.strength_of(b.warriors) + c.strength_of(
            [i for o in c.bands_in(t, p) for i in o.warriors])
        foe, points = self._expected_foes(c, p, t, mine, b.kind == ARMY)
        h = c.holdings[t]
        value = 0.0
        if h.owner != p:
            value += c.rules.territory_income * 2
            region = c.world.regions[c.world.faction(t)]
            held = sum(1 for r in region if c.holdings[r].owner == p)
            if held + 1 == len(region):
                value += (c.rules.region_income - c.rules.territory_income) * len(region) * 2
            if h.owner is not None:
                value += c.rules.territory_income  # denied to its owner
        if foe > 0:
            value += c.rules.victory_gold + c.rules.elimination_gold(points)
        worth = self._battle_worth(c, b.warriors, mine, foe, value)
        start = c.holdings[b.territory]
        if start.owner == p and not start.banner and len(c.bands_in(b.territory, p)) == 1:
            worth -= c.rules.territory_income * 2
        full = sum(c.card(i).points for i in b.warriors)
        if full and 1 - c.strength_of(b.warriors) / full > WOUNDED:
            hq = c.players[p].hq
            worth += 30.0 if t == hq else -10.0
        if b.kind == LONE and c.bands_in(t, p):
            worth += 20.0
        return worth - 0.5 * steps

    @staticmethod
    def _odds(mine: float, foe: float) -> float:
        """The chance of winning a battle: by the square of the strengths (Lanchester's
        square law fits a fight of many figures shooting and striking at once)."""
        if foe <= 0:
            return 1.0
        return mine * mine / (mine * mine + foe * foe)

    def _battle_worth(self, c: Campaign, warriors: list[int], mine: float, foe: float,
                      value: float) -> float:
        """Gold expected: ``value`` if it wins, the army's worth lost if it does not."""
        chance = self._odds(mine, foe)
        if chance < MIN_ODDS:
            return -1.0
        # Gold buys warriors: the richer the player, the less an army lost costs it.
        spare = max(0, c.players[c.warriors[warriors[0]].owner].gold)  # type: ignore[index]
        at_stake = sum(c.card(i).points for i in warriors) * 0.5 / (1 + spare / RICH)
        return chance * value - (1 - chance) * at_stake

    # --- responding -----------------------------------------------------------------

    def _respond(self, c: Campaign, p: int, t: str, mover: int) -> Action:
        against = c.strength_of([i for b in c.bands_in(t) if b.owner != p for i in b.warriors])
        have = c.strength_of([i for b in c.bands_in(t, p) for i in b.warriors])
        gold = c.players[p].gold
        chosen: list[int] = []
        for bid, cost in sorted(marching.responders(c, p, t).items(),
                                key=lambda kv: (kv[1], -c.strength_of(c.bands[kv[0]].warriors))):
            if have >= 1.5 * against:
                break
            if cost > gold:
                continue
            gold -= cost
            have += c.strength_of(c.bands[bid].warriors)
            chosen.append(bid)
        mine = c.holdings[t].owner == p or bool(c.bands_in(t, p))
        margin = 1.0 if mine else RESPONSE_MARGIN
        if chosen and have >= margin * against:
            answer = Respond(p, tuple(chosen))
            if troops.response_violation(c, answer, t) is None:
                return answer
        return Pass(p)

    # --- after a battle -------------------------------------------------------------

    def _retreat(self, c: Campaign, p: int, t: str) -> Action:
        options = marching.retreats(c, p, t)
        if not options:
            return Pass(p)  # nowhere to go: the survivors are lost
        hq = c.players[p].hq
        if hq in options:
            return Retreat(p, hq)
        mine = [x for x in options if c.holdings[x].owner == p]
        pool = mine or list(options)
        near = min(options[x] for x in pool)
        return Retreat(p, self._pick(sorted(x for x in pool if options[x] == near)))

    def _captive(self, c: Campaign, p: int, wid: int) -> Action:
        owner = c.warriors[wid].owner
        points = c.card(wid).points
        refused = c.refused.get(wid, [])
        keepable = aftermath.keep_violation(c, p, wid) is None
        if owner is not None and owner != p and not c.players[owner].out \
                and owner not in refused and c.armies_of(owner):
            price = points if keepable else points // 2
            if c.players[owner].gold >= price:
                return OfferRansom(p, wid, owner, price)
        if keepable:
            return KeepCaptive(p, wid)
        return Pass(p)

    def _ransom(self, c: Campaign, p: int, data: dict[str, int]) -> Action:
        wid, gold = data["warrior"], data["gold"]
        card = c.card(wid)
        armies = c.armies_of(p)
        if not armies or (card.unique and economy.holds_unique(c, p, card)):
            return Pass(p)
        if gold <= card.points and c.players[p].gold - gold >= self._reserve(c, p):
            return AcceptRansom(p, wid, armies[0].id)
        return Pass(p)
