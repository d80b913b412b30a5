"""Booster drafts: every seat opens a pack, keeps one figure and passes the rest, left for
the first pack, right for the second, left again for the third (the booster draft of
collectible games); then each seat builds an army from its picks and the seats play an
event, a round robin or Swiss rounds, with the AI.

AI seats pick by a valuation the player can see (``ai.valuation``: the figure's worth in
victory points, the heuristic's by default), made a little more of for a faction the seat
already drafts (formations, Rulebook IV: 10% a figure of that faction already picked, up to
30%) and worth nothing when it could never join the army (more points than the build
total, or a second copy of a unique figure, Rulebook II). A human seat picks in the app's
draft screen or with ``draft pick``.

The draft is its start (the packs opened with the seeded dice, the seats) and its picks,
one row each in its own transaction: the packs in every seat's hands at any moment follow
from them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from armybuilder.ai.valuation import Worth, valuer
from armybuilder.armies.service import Armies, SavedArmy, SavedEntry
from armybuilder.catalogue.service import Catalogue
from armybuilder.engine import CardError, Dice, FigureCard, cards_from_figure
from armybuilder.events.boosters import load_models, model_for, open_packs
from armybuilder.events.builder import build_from_pool
from armybuilder.events.sealed import expansion_figures, figure_summary
from armybuilder.events.store import EventError, dumps, event_name, free, now, row_id
from armybuilder.events.tournament import Settings, Tournaments, round_robin_rounds

#: Rulebook IV, Formations: a faction's figures fight better together.
FACTION_SHARE = 0.10
FACTION_MOST = 3
MAX_SEATS = 12
MAX_PACKS = 6


@dataclass(frozen=True)
class DraftStart:
    seats: int
    packs: int
    expansion: str
    seed: int
    points: int
    humans: tuple[int, ...]  # seat numbers from 1
    event: str  # "round-robin" or "swiss"
    rounds: int
    game_rounds: int
    valuation: str
    opened: tuple[tuple[tuple[str, ...], ...], ...]  # [pack round][seat] -> figure keys
    cards: dict[str, FigureCard]
    figures: dict[str, dict[str, Any]]

    @property
    def pack_size(self) -> int:
        return len(self.opened[0][0])

    @property
    def steps(self) -> int:
        return self.packs * self.pack_size

    def to_dict(self) -> dict[str, Any]:
        return {"seats": self.seats, "packs": self.packs, "expansion": self.expansion,
                "seed": self.seed, "points": self.points, "humans": list(self.humans),
                "event": self.event, "rounds": self.rounds, "game_rounds": self.game_rounds,
                "valuation": self.valuation,
                "opened": [[list(p) for p in r] for r in self.opened],
                "cards": {k: c.to_dict() for k, c in sorted(self.cards.items())},
                "figures": self.figures}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> DraftStart:
        return cls(d["seats"], d["packs"], d["expansion"], d["seed"], d["points"],
                   tuple(d["humans"]), d["event"], d["rounds"], d["game_rounds"],
                   d["valuation"], tuple(tuple(tuple(p) for p in r) for r in d["opened"]),
                   {k: FigureCard.from_dict(c) for k, c in d["cards"].items()},
                   d["figures"])


@dataclass(frozen=True, slots=True)
class Pick:
    seq: int
    seat: int  # from 1
    pack_round: int  # from 1
    key: str
    worth: float


@dataclass
class Draft:
    name: str
    start: DraftStart
    picks: list[Pick] = field(default_factory=list)
    status: str = "drafting"

    # --- where the packs are -----------------------------------------------------------

    @property
    def step(self) -> int:
        """Picks every seat has made (the draft is over at ``start.steps``)."""
        return len(self.picks) // self.start.seats

    @property
    def done(self) -> bool:
        return len(self.picks) >= self.start.steps * self.start.seats

    def direction(self, pack_round: int) -> int:
        """+1: passed left (to the next seat); -1: right. Left, right, left..."""
        return 1 if pack_round % 2 == 1 else -1

    def pack_in_hand(self, seat: int, step: int | None = None) -> list[str]:
        """The figures left in the pack ``seat`` holds at ``step`` (now by default)."""
        s = self.start
        step = self.step if step is None else step
        pack_round, i = step // s.pack_size + 1, step % s.pack_size
        opener = (seat - 1 - i * self.direction(pack_round)) % s.seats
        left = list(s.opened[pack_round - 1][opener])
        first = (pack_round - 1) * s.pack_size
        for p in self.picks:
            if p.pack_round == pack_round and first <= p.seq // s.seats < step:
                taken_from = (p.seat - 1 - (p.seq // s.seats - first)
                              * self.direction(pack_round)) % s.seats
                if taken_from == opener and p.key in left:
                    left.remove(p.key)
        return left

    def picked(self, seat: int) -> list[str]:
        return [p.key for p in self.picks if p.seat == seat]

    def waiting_for(self) -> int | None:
        """The human seat whose pick the draft waits for, if any."""
        if self.done:
            return None
        made = {p.seat for p in self.picks if p.seq // self.start.seats == self.step}
        return next((h for h in self.start.humans if h not in made), None)

    def pool(self, seat: int) -> dict[str, int]:
        out: dict[str, int] = {}
        for key in self.picked(seat):
            out[key] = out.get(key, 0) + 1
        return out

    def summary(self, seat: int) -> dict[str, Any]:
        """A seat's picks so far: figures, points, factions (as the draft screen shows)."""
        keys = self.picked(seat)
        factions: dict[str, int] = {}
        for k in keys:
            for f in self.start.figures[k]["factions"]:
                factions[f] = factions.get(f, 0) + 1
        return {"seat": seat, "human": seat in self.start.humans, "picks": keys,
                "points": sum(self.start.figures[k]["points"] for k in keys),
                "factions": dict(sorted(factions.items(), key=lambda x: (-x[1], x[0])))}

    # --- valuing a pick ----------------------------------------------------------------

    def worth(self, key: str) -> Worth:
        return valuer(self.start.valuation)(self.start.cards[key])

    def pick_value(self, seat: int, key: str) -> float:
        """What the AI seat makes of ``key``: its worth, more for a faction it drafts,
        nothing when it could never join the army."""
        figure = self.start.figures[key]
        mine = self.picked(seat)
        if figure["points"] > self.start.points:
            return 0.0  # Rulebook II: the army may not exceed its build total
        if figure.get("unique") and any(self.start.figures[k]["name"] == figure["name"]
                                        and self.start.figures[k].get("unique")
                                        for k in mine):
            return 0.0  # Rulebook II: one of each unique figure
        mates = sum(1 for k in mine
                    if set(self.start.figures[k]["factions"]) & set(figure["factions"]))
        return self.worth(key).vp * (1 + FACTION_SHARE * min(mates, FACTION_MOST))

    def ai_pick(self, seat: int) -> Pick:
        pack = self.pack_in_hand(seat)
        best = max(pack, key=lambda k: (self.pick_value(seat, k), -pack.index(k)))
        return self._pick(seat, best)

    def _pick(self, seat: int, key: str) -> Pick:
        s = self.start
        return Pick(self.step * s.seats + seat - 1, seat, self.step // s.pack_size + 1, key,
                    round(self.pick_value(seat, key), 3))

    def as_json(self) -> dict[str, Any]:
        s = self.start
        return {"name": self.name, "status": self.status, "seats": s.seats, "packs": s.packs,
                "pack_size": s.pack_size, "expansion": s.expansion, "seed": s.seed,
                "points": s.points, "humans": list(s.humans), "event": s.event,
                "valuation": s.valuation, "step": self.step, "steps": s.steps,
                "waiting_for": self.waiting_for(),
                "seat_picks": [self.summary(i) for i in range(1, s.seats + 1)],
                "picks": [{"seq": p.seq, "seat": p.seat, "pack": p.pack_round,
                           "figure": p.key, "value": p.worth} for p in self.picks]}


def seat_name(seat: int, humans: tuple[int, ...]) -> str:
    return f"Seat {seat}" + (" (you)" if seat in humans else "")


class Drafts:
    """Drafts in the catalogue's database, and the events they end in."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue

    def names(self) -> list[str]:
        with self.catalogue.reading() as db:
            return [n for n, in db.execute("SELECT name FROM draft ORDER BY name")]

    def get(self, name: str) -> Draft:
        with self.catalogue.reading() as db:
            did = row_id(db, "draft", name, "draft")
            title, start, status = db.execute("SELECT name, start, status FROM draft WHERE "
                                              "id = ?", (did,)).fetchone()
            picks = [Pick(*row) for row in db.execute(
                "SELECT seq, seat, pack_round, figure_key, worth FROM draft_pick WHERE "
                "draft_id = ? ORDER BY seq", (did,))]
        return Draft(title, DraftStart.from_dict(json.loads(start)), picks, status)

    def new(self, name: str, *, seats: int, packs: int, expansion: str, seed: int,
            points: int = 200, humans: tuple[int, ...] = (), event: str = "round-robin",
            rounds: int | None = None, game_rounds: int = 25, valuation: str = "heuristic",
            boosters: Path | str | None = None) -> Draft:
        name = event_name(name, "a draft")
        if not 2 <= seats <= MAX_SEATS:
            raise EventError(f"--seats: from 2 to {MAX_SEATS}, not {seats}")
        if not 1 <= packs <= MAX_PACKS:
            raise EventError(f"--packs: from 1 to {MAX_PACKS}, not {packs}")
        bad = [h for h in humans if not 1 <= h <= seats]
        if bad:
            raise EventError(f"--human: a seat from 1 to {seats}, not {bad[0]}")
        valuer(valuation)
        if name.casefold() in (n.casefold() for n in Tournaments(self.catalogue).names()):
            raise EventError(f"a tournament named {name!r} already exists: the draft's "
                             "event takes the draft's name")
        slug, figures = expansion_figures(self.catalogue, expansion)
        model = model_for(slug, load_models(boosters))
        dice = Dice(seed)
        opened = tuple(tuple(tuple(f.key for f in pack)
                             for pack in open_packs(model, figures, dice, seats))
                       for _ in range(packs))
        by_key = {f.key: f for f in figures}
        cards: dict[str, FigureCard] = {}
        for key in {k for r in opened for p in r for k in p}:
            try:
                cards[key] = cards_from_figure(by_key[key])
            except CardError as exc:
                raise EventError(f"a pack holds {key}, which the engine cannot play: "
                                 f"{exc}") from exc
        start = DraftStart(seats, packs, slug, seed, points, tuple(sorted(set(humans))),
                           event, rounds if rounds is not None else (
                               round_robin_rounds(seats) if event == "round-robin" else 3),
                           game_rounds, valuation, opened, cards,
                           {k: figure_summary(by_key[k]) for k in cards})
        with self.catalogue.connections.writing() as db:
            free(db, "draft", name, "draft")
            stamp = now()
            db.execute("INSERT INTO draft (name, start, status, created, updated) VALUES "
                       "(?, ?, 'drafting', ?, ?)", (name, dumps(start.to_dict()), stamp,
                                                    stamp))
        return self.get(name)

    def _keep(self, draft: Draft, picks: list[Pick]) -> None:
        with self.catalogue.connections.writing() as db:
            did = row_id(db, "draft", draft.name, "draft")
            have = db.execute("SELECT count(*) FROM draft_pick WHERE draft_id = ?",
                              (did,)).fetchone()[0]
            if have != len(draft.picks):
                raise EventError(f"draft {draft.name!r} has moved on elsewhere; look again")
            db.executemany("INSERT INTO draft_pick (draft_id, seq, seat, pack_round, "
                           "figure_key, worth) VALUES (?, ?, ?, ?, ?, ?)",
                           [(did, p.seq, p.seat, p.pack_round, p.key, p.worth)
                            for p in picks])
            db.execute("UPDATE draft SET picks = ?, updated = ? WHERE id = ?",
                       (len(draft.picks) + len(picks), now(), did))
        draft.picks.extend(picks)

    def pick(self, name: str, seat: int, figure: str) -> Pick:
        """A human seat's pick, by figure key or name from the pack in its hands."""
        draft = self.get(name)
        if draft.done:
            raise EventError(f"draft {draft.name!r} is over: every pick is made")
        if seat not in draft.start.humans:
            raise EventError(f"seat {seat} is an AI seat; the human seats are "
                             f"{', '.join(map(str, draft.start.humans)) or 'none'}")
        made = {p.seat for p in draft.picks if p.seq // draft.start.seats == draft.step}
        if seat in made:
            raise EventError(f"seat {seat} has picked this round; the others pick next")
        pack = draft.pack_in_hand(seat)
        wanted = figure.strip().casefold()
        found = [k for k in pack if wanted in (k.casefold(),
                                               draft.start.figures[k]["name"].casefold())]
        if not found:
            names = ", ".join(f"{draft.start.figures[k]['name']} ({k})" for k in pack)
            raise EventError(f"{figure!r} is not in the pack in seat {seat}'s hands ({names})")
        chosen = draft._pick(seat, found[0])
        self._keep(draft, [chosen])
        return chosen

    def advance(self, name: str, told: Callable[[Pick], None] | None = None) -> Draft:
        """The AI seats pick, a step at a time (each step one transaction), until the
        draft waits for a human or every pick is made."""
        draft = self.get(name)
        while not draft.done:
            made = {p.seat for p in draft.picks if p.seq // draft.start.seats == draft.step}
            picks = [draft.ai_pick(s) for s in range(1, draft.start.seats + 1)
                     if s not in made and s not in draft.start.humans]
            if picks:
                self._keep(draft, picks)
                for p in picks:
                    if told is not None:
                        told(p)
            if draft.waiting_for() is not None:
                break
        return draft

    def seat_army(self, draft: Draft, seat: int, army: str | None = None) -> SavedArmy:
        """The seat's army: a saved army the human built from the picks, or the army of
        greatest worth the picks allow (the AI seats', and a human's who leaves it)."""
        armies = Armies(self.catalogue)
        if army is not None:
            return armies.get(army)
        pool = draft.pool(seat)
        figures = self.catalogue.figures(sorted(pool))
        built = build_from_pool(pool, figures, draft.start.points,
                                valuer(draft.start.valuation))
        return SavedArmy(name=seat_name(seat, draft.start.humans),
                         build_total=draft.start.points, profile="sealed",
                         entries=[SavedEntry(k, n, "", "", figures[k].name, figures[k].points)
                                  for k, n in built.counts.items()])

    def build(self, name: str, armies: dict[int, str] | None = None) -> Draft:
        """Every seat's army registered in the draft's event (a tournament of the draft's
        name, format draft): each checked against its own picks."""
        draft = self.get(name)
        if not draft.done:
            raise EventError(f"draft {draft.name!r} is not over (pick {draft.step + 1} of "
                             f"{draft.start.steps})")
        s = draft.start
        tournaments = Tournaments(self.catalogue)
        if draft.name.casefold() not in (n.casefold() for n in tournaments.names()):
            tournaments.create(draft.name, Settings(
                format="draft", points=s.points, rounds=s.rounds, pairing=s.event,
                seed=s.seed, game_rounds=s.game_rounds))
        registered = {p.name for p in tournaments.get(draft.name).players}
        for seat in range(1, s.seats + 1):
            who = seat_name(seat, s.humans)
            if who in registered:
                continue
            army = self.seat_army(draft, seat, (armies or {}).get(seat))
            tournaments.register_army(draft.name, army, who, draft.pool(seat))
        with self.catalogue.connections.writing() as db:
            db.execute("UPDATE draft SET status = 'built', updated = ? WHERE id = ?",
                       (now(), row_id(db, "draft", draft.name, "draft")))
        return self.get(name)

    def play(self, name: str, told: Callable[[str], None] | None = None) -> None:
        """The draft's event to its end: each round paired, then played by the AIs."""
        draft = self.get(name)
        if draft.status == "drafting":
            raise EventError(f"draft {draft.name!r}: build the armies first (draft run)")
        tournaments = Tournaments(self.catalogue)
        t = tournaments.get(draft.name)
        while not t.over:
            if not t.open_games:
                tournaments.pair(t.name)
                if told is not None:
                    told(f"round {tournaments.get(t.name).round} paired")
            tournaments.play(t.name, progress=None if told is None else (
                lambda g: told(f"round {g.round}, table {g.board}: {g.result} "
                               f"{g.vp_a}-{g.vp_b}")))
            t = tournaments.get(t.name)
        with self.catalogue.connections.writing() as db:
            db.execute("UPDATE draft SET status = 'over', updated = ? WHERE id = ?",
                       (now(), row_id(db, "draft", draft.name, "draft")))

    def delete(self, name: str) -> None:
        with self.catalogue.connections.writing() as db:
            db.execute("DELETE FROM draft WHERE id = ?", (row_id(db, "draft", name, "draft"),))
