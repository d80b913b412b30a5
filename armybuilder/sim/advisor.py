"""The army advisor: legal changes to an army, each judged by paired battles against a
field, the best found with its measured gain.

    request = ImproveRequest("Rich", ("Ian", "Bob"), games_budget=2000)
    report = run_improve(db_path, request)
    report.proposals[0].change.words, report.proposals[0].gain, report.proposals[0].ci95

**The changes** (:func:`candidates`): every figure out (a removal); every figure out with
another in (a swap); a figure in (an addition) while points are left. A change must keep
the army within its build total and add no error the rules did not already find
(:mod:`armybuilder.rules`: the one-of-each rule for uniques, the format profile's build
total, expansions, promotional and limited-edition figures, chariots' passengers; with
``owned``, the player's collection). The figures brought in are single-dial warriors the
engine plays in full (no ability it has no rules for), from the real catalogue once one is
loaded. So that a budget goes on changes worth trying, each slot (the points a figure out
frees, or the points left) takes the ``width`` priciest figures that fit it, of distinct
names: the points are the game's own measure of a figure (Rulebook II).

**Judging them** (:mod:`armybuilder.sim.field`): every changed army and the army itself
play the same field on the same dice, and a change's gain is the changed army's mean score
less the army's, round by round. First the changes are screened by successive halving
(Karnin, Koren and Somekh, 2013): each stage gives the changes still in an equal share of
its games, and the better half goes on; a handful of finalists are left. The finalists'
gains are then measured again on rounds of their own (not those they were chosen on, which
flatter whoever won the screening), with the sequential test (:mod:`armybuilder.sim.
trial`) until each is clear or the budget is spent. Every decision is made on fixed
rounds, so the same request gives the same proposals on any number of workers or backend.

Every game is kept in the database, so asking again (a larger budget, say) replays none.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.sim.field import Field, FieldSettings
from armybuilder.sim.stopping import DEFAULT_MARGIN, StopRule

if TYPE_CHECKING:
    from armybuilder.armies.service import Armies, SavedArmy
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.figures import Figure
    from armybuilder.sim.kept import KeptResults
    from armybuilder.sim.runner import Chunk
    from armybuilder.sim.stats import GameResult
    from armybuilder.sim.trial import Standing, Trial

#: Games the advisor plays unless told otherwise.
DEFAULT_BUDGET = 2000
#: The share of the budget the screening may spend; the rest measures the finalists.
SCREENING = 0.6
#: How many changes are measured on rounds of their own.
FINALISTS = 2
#: Figures tried in each slot (see the module's notes).
DEFAULT_WIDTH = 4


@dataclass(frozen=True)
class ImproveRequest:
    army: str
    against: tuple[str, ...]
    settings: FieldSettings = field(default_factory=FieldSettings)
    margin: float = DEFAULT_MARGIN / 100
    games_budget: int = DEFAULT_BUDGET
    #: The player's collection (copies by figure key): only its figures come in, and the
    #: army may not hold more of one than it has. None: any figure of the catalogue.
    owned: Mapping[str, int] | None = None
    width: int = DEFAULT_WIDTH


@dataclass(frozen=True)
class Change:
    """One figure out (``out``), one in (``into``), or both: figure keys."""

    out: str = ""
    into: str = ""
    out_name: str = ""
    into_name: str = ""
    points: int = 0  # the army's points afterwards less before
    into_points: int = 0  # the figure brought in: its points, as the entry remembers them

    @property
    def kind(self) -> str:
        return "swap" if self.out and self.into else "remove" if self.out else "add"

    @property
    def words(self) -> str:
        if self.kind == "swap":
            return f"swap {self.out_name} ({self.out}) for {self.into_name} ({self.into})"
        if self.kind == "remove":
            return f"take out {self.out_name} ({self.out})"
        return f"add {self.into_name} ({self.into})"

    def apply(self, army: SavedArmy) -> SavedArmy:
        """The army changed (a copy; the entries' order kept, a new figure last)."""
        from armybuilder.armies.service import SavedEntry

        entries = [replace(e) for e in army.entries]
        if self.out:
            at = max(i for i, e in enumerate(entries) if e.figure_key == self.out)
            entries[at].count -= 1
            entries = [e for e in entries if e.count > 0]
        if self.into:
            same = next((e for e in entries if e.figure_key == self.into and not e.castle
                         and not e.passenger), None)
            if same is not None:
                same.count += 1
            else:
                entries.append(SavedEntry(self.into, 1, seen_name=self.into_name,
                                          seen_points=self.into_points))
        return replace(army, entries=entries, id=None)

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "out": self.out or None, "in": self.into or None,
                "words": self.words, "points": self.points}


@dataclass(frozen=True)
class Proposal:
    """A change and what was measured of it: ``gain`` (win rate against the field, the
    changed army's less the army's) with its 95% interval over ``games`` games against
    each opponent; ``measured`` on rounds of its own (a finalist), or as the screening
    last saw it; ``verdict`` the sequential test's for a finalist."""

    change: Change
    gain: float
    ci95: tuple[float, float]
    games: int
    measured: bool
    verdict: str = ""
    stage: int = 0  # the screening stages it came through

    @property
    def better(self) -> bool:
        """Told better than the army: the test said so, or the interval is above 0."""
        return self.measured and (self.verdict == "better" or self.ci95[0] > 0)

    def as_dict(self) -> dict[str, Any]:
        return {**self.change.as_dict(), "gain": self.gain, "ci95": list(self.ci95),
                "games": self.games, "measured": self.measured,
                "verdict": self.verdict or None, "better": self.better, "stage": self.stage}


@dataclass(frozen=True)
class ImproveProgress:
    """Where the advisor is: its stage ("screening 2 of 4", "measuring"), games played
    now, games of the budget planned so far, and the changes still in."""

    stage: str
    played: int
    planned: int
    budget: int
    left: tuple[str, ...]


@dataclass(frozen=True)
class ImproveReport:
    request: ImproveRequest
    army: str
    against: tuple[str, ...]
    considered: int  # changes tried (the budget may not reach every legal one)
    proposals: tuple[Proposal, ...]  # best first: the finalists, then the rest screened
    planned: int  # games of the budget used (kept ones included)
    played: int  # of them, played in this run
    seconds: float
    warnings: tuple[str, ...] = ()
    legal: int = 0  # legal changes found

    @property
    def best(self) -> Proposal | None:
        """The best change told better than the army, if any."""
        return next((p for p in self.proposals if p.better), None)

    def as_json(self) -> dict[str, Any]:
        s = self.request.settings
        return {"army": self.army, "against": list(self.against),
                "considered": self.considered, "legal": self.legal,
                "proposals": [p.as_dict() for p in self.proposals],
                "best": self.best.as_dict() if self.best else None,
                "margin": round(100 * self.request.margin, 6),
                "games_budget": self.request.games_budget, "games_used": self.planned,
                "played": self.played, "seed": s.seed, "rounds": s.rounds,
                "terrain": s.terrain, "player": s.player, "paired": s.pairs,
                "owned": self.request.owned is not None,
                "seconds": round(self.seconds, 3)}


# --- the changes ---------------------------------------------------------------------------


def pool(catalogue: Catalogue, army: SavedArmy, owned: dict[str, int] | None
         ) -> list[Figure]:
    """The figures a change may bring in: single-dial warriors the engine plays in full;
    the demo catalogue's invented ones only for an army that holds some (or when the
    catalogue holds nothing else); with ``owned``, only those of the collection."""
    from armybuilder.catalogue.queries import SearchFilter
    from armybuilder.engine import CardError, cards_from_figure, unimplemented_abilities

    demo = any(e.figure_key.startswith("demo:") for e in army.entries)
    found = catalogue.search(SearchFilter(kind="warrior", include_demo=demo))
    if not found:
        found = catalogue.search(SearchFilter(kind="warrior"))
    keys = [f.key for f in found if owned is None or owned.get(f.key, 0) > 0]
    out = []
    for figure in catalogue.figures(keys).values():
        try:
            card = cards_from_figure(figure)
        except CardError:
            continue
        if not unimplemented_abilities([card]):
            out.append(figure)
    return sorted(out, key=lambda f: (-f.points, f.name, f.key))


def candidates(armies: Armies, army: SavedArmy, figures: Sequence[Figure],
               owned: dict[str, int] | None, width: int) -> list[Change]:
    """The legal changes worth a try (see the module's notes), in a fixed order."""
    from armybuilder.armies.checks import check

    checked = check(armies, army, owned)
    allowed = {f.rule for f in checked.findings() if f.severity == "error"}
    by_key = checked.figures
    left = army.build_total - checked.report.points
    in_army: list[str] = list(dict.fromkeys(e.figure_key for e in army.entries
                                            if e.figure_key in by_key))
    slots: list[tuple[str, int]] = [("", left)] + [(k, left + _points(checked, k))
                                                   for k in in_army]
    changes: list[Change] = []
    if sum(e.count for e in army.entries) > 1:
        changes += [Change(out=k, out_name=by_key[k].name, points=-_points(checked, k))
                    for k in in_army]
    held: dict[str, int] = {}
    for e in army.entries:
        held[e.figure_key] = held.get(e.figure_key, 0) + e.count
    for out, budget in slots:
        names: set[str] = set()
        tried = 0
        for f in figures:
            if tried >= width:
                break
            if f.points > budget or f.key == out or f.name in names:
                continue
            if owned is not None and owned.get(f.key, 0) <= held.get(f.key, 0):
                continue  # no copy of it left in the collection
            names.add(f.name)
            tried += 1
            changes.append(Change(out=out, into=f.key,
                                  out_name=by_key[out].name if out else "",
                                  into_name=f.name, into_points=f.points,
                                  points=f.points - (_points(checked, out) if out else 0)))
    legal = []
    for change in changes:
        result = check(armies, change.apply(army), owned)
        errors = {f.rule for f in result.findings() if f.severity == "error"}
        if errors <= allowed and result.report.points <= army.build_total:
            legal.append(change)
    # The points a change spends first: what a budget too small for every change tries.
    return sorted(legal, key=lambda c: (-c.points, c.words))


def _points(checked: Any, key: str) -> int:
    line = next(ln for ln in checked.report.lines if ln.key == key)
    return int(line.points_each)


# --- judging them ------------------------------------------------------------------------


@dataclass
class _Plan:
    """The screening's stages and what is left of the budget."""

    budget: int
    cost: int  # games of one round of one version (all opponents)
    questions: list[int]  # the changes still in (their question numbers)
    stages: int
    stage: int = 0
    rounds: int = 0  # rounds every change still in has played
    planned: int = 0  # games of the budget used
    #: Each change's standing when it last played: (the stage, its standing).
    history: dict[int, tuple[int, Standing]] = field(default_factory=dict)


def _stages(n: int) -> int:
    return max(1, math.ceil(math.log2(max(1, n) / FINALISTS))) if n > FINALISTS else 0


def affordable(n: int, budget: int, cost: int) -> int:
    """How many changes the screening can give a round each in its first stage (with the
    army's own round), at most ``n``."""
    while n > FINALISTS and (budget // _stages(n)) // ((n + 1) * cost) < 1:
        n -= 1
    return n


class _Advisor:
    """The screening stages, then the finalists' measurement, as one source of work."""

    def __init__(self, pitch: Field, base: int, versions: list[int], request: ImproveRequest,
                 have: dict[int, dict[int, GameResult]], keep: Any,
                 progress: Callable[[ImproveProgress], None] | None) -> None:

        self.pitch, self.base, self.request = pitch, base, request
        self.have, self.keep, self.progress = have, keep, progress
        self.per_round = pitch.settings.per_round
        cost = self.per_round * len(pitch.opponents)
        self.questions = [pitch.difference(v, base) for v in versions]
        screening = int(request.games_budget * SCREENING)
        tried = self.tried = affordable(len(versions), screening, cost)
        self.plan = _Plan(screening, cost, list(range(tried)), _stages(tried))
        self.final: Trial | None = None
        self.finalists: list[int] = []
        self.played = 0
        self.current: Trial | None = self._next_stage(None)

    def _trial(self, which: list[int], rounds: int, rule: StopRule | None = None,
               first: int = 0) -> Trial:
        from armybuilder.sim.trial import Question, Trial

        questions = [Question(self.questions[i].plus, self.questions[i].minus, first)
                     for i in which]
        return Trial(questions, pairs=self.pitch.settings.pairs, rounds=rounds, rule=rule,
                     have=self.have, keep=self.keep, progress=self._told)

    def _next_stage(self, done: Trial | None) -> Trial | None:
        p = self.plan
        if done is not None and self.final is None:
            scale = done.questions[0].scale(self.pitch.settings.pairs)
            estimates = {}
            for q, st in zip(p.questions, done.standings, strict=True):
                p.history[q] = (p.stage, st)
                estimates[q] = st.mean(scale)
            p.stage += 1
            keep = max(FINALISTS, math.ceil(len(p.questions) / 2))
            p.questions = sorted(p.questions, key=lambda q: (-estimates[q], q))[:keep]
        elif done is not None:
            return None  # the finalists are measured
        if p.stage < p.stages:
            share = (p.budget // p.stages) // ((len(p.questions) + 1) * p.cost)
            if share >= 1:
                p.rounds += share
                p.planned += share * (len(p.questions) + 1) * p.cost
                return self._trial(p.questions, p.rounds)
            p.stage = p.stages  # the budget runs short: the best so far are the finalists
        if not p.questions:
            return None
        seen = self.questions[0].scale(self.pitch.settings.pairs)
        self.finalists = sorted(p.questions, key=lambda q: (
            -(p.history[q][1].mean(seen) if q in p.history else 0.0), q))[:FINALISTS]
        left = self.request.games_budget - p.planned
        rounds = left // ((len(self.finalists) + 1) * p.cost) if self.finalists else 0
        if rounds < 1:
            return None
        self.final = self._trial(self.finalists, rounds,
                                 StopRule(margin=self.request.margin,
                                          max_games=rounds * self.per_round),
                                 first=p.rounds)
        return self.final

    # --- runner.Source --------------------------------------------------------------

    def next_chunk(self) -> Chunk | None:
        while self.current is not None:
            chunk = self.current.next_chunk()
            if chunk is not None or self.current.out:
                return chunk
            self.current = self._next_stage(self.current)
        return None

    def done(self, chunk: Chunk, results: list[GameResult], seconds: float) -> None:
        assert self.current is not None
        self.played += len(results)
        self.current.done(chunk, results, seconds)

    def _told(self, trial: Trial) -> None:
        if self.progress is None:
            return
        p = self.plan
        stage = (f"measuring {len(self.finalists)} finalists" if self.final is trial
                 else f"screening, stage {p.stage + 1} of {p.stages}")
        self.progress(ImproveProgress(stage, self.played, self.planned,
                                      self.request.games_budget, tuple(
                                          str(q) for q in (self.finalists if self.final
                                                           is trial else p.questions))))

    @property
    def planned(self) -> int:
        if self.final is None:
            return self.plan.planned
        used = max((st.rounds for st in self.final.standings), default=0)
        return self.plan.planned + used * (len(self.finalists) + 1) * self.plan.cost


def improve(catalogue: Catalogue, kept: KeptResults | None, request: ImproveRequest,
            progress: Callable[[ImproveProgress], None] | None = None) -> ImproveReport:
    """Search the legal changes of the army for those that raise its win rate against the
    field, within the games budget."""
    from armybuilder.armies.service import Armies
    from armybuilder.sim.armies import BattleError, battle_army
    from armybuilder.sim.value import check_settings, load_field

    started = time.perf_counter()
    settings = request.settings
    check_settings(settings, StopRule(margin=request.margin))
    if request.games_budget < 1:
        raise BattleError(f"--games-budget must be at least 1, not {request.games_budget}")
    base, opponents = load_field(catalogue, request.army, request.against)
    armies = Armies(catalogue)
    saved = armies.get(base.name)
    owned = dict(request.owned) if request.owned is not None else None
    changes = candidates(armies, saved, pool(catalogue, saved, owned), owned, request.width)
    pitch = Field(settings, opponents)
    army = pitch.add(base.name, base.setup)
    versions = []
    tried = []
    for change in changes:
        try:
            changed = battle_army(armies, change.apply(saved))
        except BattleError:
            continue  # a change the engine cannot play is no proposal
        versions.append(pitch.add(f"{base.name}: {change.words}", changed.setup))
        tried.append(change)
    have = pitch.kept_games(kept, request.games_budget)
    advisor = _Advisor(pitch, army, versions, request, have, pitch.keeper(kept), progress)
    if advisor.current is not None:
        pitch.play(advisor, request.games_budget)
    proposals = _proposals(advisor, tried)
    return ImproveReport(request, base.name, tuple(o.name for o in opponents), advisor.tried,
                         tuple(proposals), advisor.planned, advisor.played,
                         time.perf_counter() - started,
                         base.warnings + tuple(w for o in opponents for w in o.warnings),
                         legal=len(tried))


def _proposals(advisor: _Advisor, changes: list[Change]) -> list[Proposal]:
    """The finalists as measured (told better first), then every other change as the
    screening last saw it (the furthest stage first)."""
    pairs = advisor.pitch.settings.pairs
    out: list[Proposal] = []
    final = advisor.final
    stages = advisor.plan.stages
    if final is not None:
        scale = final.questions[0].scale(pairs)
        for q, st in zip(advisor.finalists, final.standings, strict=True):
            out.append(Proposal(changes[q], st.mean(scale), st.interval(scale),
                                st.rounds * advisor.per_round, True, st.verdict, stages))
        out.sort(key=lambda p: (not p.better, -p.gain, p.change.words))
    rest = []
    for q, (stage, st) in advisor.plan.history.items():
        if final is not None and q in advisor.finalists:
            continue
        scale = advisor.questions[q].scale(pairs)
        rest.append(Proposal(changes[q], st.mean(scale), st.interval(scale),
                             st.rounds * advisor.per_round, False, "", stage + 1))
    rest.sort(key=lambda p: (-p.stage, -p.gain, p.change.words))
    return out + rest


def run_improve(db_path: Path | None, request: ImproveRequest,
                progress: Callable[[ImproveProgress], None] | None = None) -> ImproveReport:
    """Open the database at ``db_path``, search, and keep every game played there."""
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.sim.kept import KeptResults

    catalogue = Catalogue.open(db_path)
    try:
        return improve(catalogue, KeptResults(catalogue.engine), request, progress)
    finally:
        catalogue.close()


def save_improved(db_path: Path | None, report: ImproveReport, name: str) -> SavedArmy:
    """The army with the report's best change, saved as ``name`` (a new army)."""
    from armybuilder.armies.service import Armies
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.sim.armies import BattleError

    best = report.best
    if best is None:
        raise BattleError("no change was told better than the army: nothing to save")
    catalogue = Catalogue.open(db_path)
    try:
        armies = Armies(catalogue)
        changed = best.change.apply(armies.get(report.army))
        changed.name = name
        changed.notes = (f"{report.army}, {best.change.words} (armybuilder army improve: "
                         f"+{100 * best.gain:.1f} points of win rate against "
                         f"{', '.join(report.against)})")
        return armies.save(changed)
    finally:
        catalogue.close()
