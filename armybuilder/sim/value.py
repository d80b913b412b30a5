"""What each figure is worth to its army: the win rate it loses when the figure sits out.

    request = ValueRequest("Rich", ("Ian", "Bob"))
    report = run_value(db_path, request)
    report.figures[0].value, report.figures[0].ci95   # the most valuable first

For every figure of the army (copies of a figure together: one copy sits out), the army
without it plays the same field on the same dice as the army itself (:mod:`armybuilder.
sim.field`), its points left unspent (the build total, and so the actions a turn, stay
the same). The worth is the army's mean score against the field less the version's, round
by round (a round: a mirrored pair against each opponent), judged by the sequential test
until it is clear (:mod:`armybuilder.sim.trial`): the figure **adds** (worth at least the
margin), **hurts** (the army does better without it), or is **within the margin** of
nothing; when the most games come first, the interval says whether it can be told apart
from zero at all. The figures still unclear get the games.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.engine import PlayerSetup
from armybuilder.sim.defaults import DEFAULT_VALUE_GAMES
from armybuilder.sim.field import Field, FieldSettings
from armybuilder.sim.stopping import StopRule

if TYPE_CHECKING:
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.sim.kept import KeptResults
    from armybuilder.sim.trial import Trial

ADDS, HURTS, WITHIN, UNTOLD = "adds", "hurts", "within the margin", "not told apart from zero"


@dataclass(frozen=True)
class ValueRequest:
    army: str
    against: tuple[str, ...]
    settings: FieldSettings = field(default_factory=FieldSettings)
    rule: StopRule = field(default_factory=lambda: StopRule(max_games=DEFAULT_VALUE_GAMES))


@dataclass(frozen=True)
class FigureValue:
    """One figure's worth: ``value`` the share of win rate the army loses when one copy
    sits out, with its 95% interval, after ``games`` games against each opponent."""

    key: str
    name: str
    copies: int
    points: int
    value: float
    ci95: tuple[float, float]
    verdict: str  # the test's: "better" (it adds), "worse", "even" or "" (not clear)
    games: int
    closeness: float
    leaning: str

    @property
    def finding(self) -> str:
        """adds, hurts, within the margin, or not told apart from zero."""
        if self.verdict == "better" or (not self.verdict and self.ci95[0] > 0):
            return ADDS
        if self.verdict == "worse" or (not self.verdict and self.ci95[1] < 0):
            return HURTS
        return WITHIN if self.verdict == "even" else UNTOLD

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "copies": self.copies,
                "points": self.points, "value": self.value, "ci95": list(self.ci95),
                "verdict": self.verdict or None, "finding": self.finding,
                "games": self.games, "closeness": round(self.closeness, 4),
                "leaning": self.leaning or None}


@dataclass(frozen=True)
class ValueProgress:
    """Where a value run stands: games played now, figures answered, and each figure's
    standing (name, worth so far, verdict, closeness) in the army's order."""

    played: int
    answered: int
    figures: tuple[tuple[str, float, str, float], ...]


@dataclass(frozen=True)
class ValueReport:
    request: ValueRequest
    army: str
    against: tuple[str, ...]
    win_rate: float  # the army's own against the field, over the games the figures used
    figures: tuple[FigureValue, ...]  # the most valuable first
    played: int
    kept: int
    seconds: float
    warnings: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        s = self.request.settings
        return {"army": self.army, "against": list(self.against), "win_rate": self.win_rate,
                "figures": [f.as_dict() for f in self.figures],
                "until_clear": self.request.rule.as_dict(), "seed": s.seed,
                "rounds": s.rounds, "terrain": s.terrain, "player": s.player,
                "paired": s.pairs, "played": self.played, "kept": self.kept,
                "seconds": round(self.seconds, 3)}


def without(setup: PlayerSetup, index: int) -> PlayerSetup:
    """The army with card ``index`` out: a chariot's passenger pairing that names it goes
    (the chariot starts empty, or its passenger fights on foot)."""
    army = setup.army[:index] + setup.army[index + 1:]
    passengers = tuple((p - (p > index), c - (c > index)) for p, c in setup.passengers
                       if index not in (p, c))
    return replace(setup, army=army, passengers=passengers)


def figure_versions(setup: PlayerSetup) -> list[tuple[str, str, int, int, PlayerSetup]]:
    """(key, name, copies, points, the army with one copy out) for each figure, in the
    army's order; the last copy sits out."""
    last: dict[str, int] = {}
    copies: dict[str, int] = {}
    for i, card in enumerate(setup.army):
        last[card.key] = i
        copies[card.key] = copies.get(card.key, 0) + 1
    return [(key, setup.army[i].name, copies[key], setup.army[i].points, without(setup, i))
            for key, i in sorted(last.items(), key=lambda kv: kv[1])]


def load_field(catalogue: Catalogue, army: str, against: tuple[str, ...]) -> tuple[Any, list[Any]]:
    """(the army, its opponents) ready for the engine; BattleError names what is wrong."""
    from armybuilder.sim.armies import BattleError, load_army

    if not against:
        raise BattleError("--against needs one or more saved armies to play against")
    base = load_army(catalogue, army)
    opponents = []
    for name in dict.fromkeys(against):
        opponent = load_army(catalogue, name)
        if opponent.name.casefold() == base.name.casefold():
            raise BattleError(f"army {base.name!r} is the army measured; --against names "
                              "its opponents")
        opponents.append(opponent)
    for a in (base, *opponents):
        if a.sections:
            raise BattleError(f"army {a.name!r} fields castle sections: a siege is played "
                              "two armies at a time (`armybuilder battle A B --castle a|b`)")
    return base, opponents


def check_settings(settings: FieldSettings, rule: StopRule) -> None:
    """Raises BattleError naming the setting out of range (as a gauntlet's are checked)."""
    from armybuilder.sim.armies import BattleError
    from armybuilder.sim.gauntlet import GauntletRequest, check_request

    try:
        rule.check()
    except ValueError as exc:
        raise BattleError(str(exc)) from None
    check_request(GauntletRequest(terrain=settings.terrain, backend=settings.backend,
                                  rounds=settings.rounds, workers=settings.workers,
                                  player=settings.player))


def measure(catalogue: Catalogue, kept: KeptResults | None, request: ValueRequest,
            progress: Callable[[ValueProgress], None] | None = None) -> ValueReport:
    """Play until every figure's worth is clear (or its most games are played)."""
    from armybuilder.sim.armies import BattleError
    from armybuilder.sim.trial import Trial

    started = time.perf_counter()
    settings, rule = request.settings, request.rule
    check_settings(settings, rule)
    base, opponents = load_field(catalogue, request.army, request.against)
    versions = figure_versions(base.setup)
    if len(base.setup.army) < 2:
        raise BattleError(f"army {base.name!r} has one figure: there is no army without it "
                          "to measure it against")
    pitch = Field(settings, opponents)
    army = pitch.add(base.name, base.setup)
    questions = [pitch.difference(army, pitch.add(f"{base.name} without {name}", setup))
                 for _, name, _, _, setup in versions]
    rounds = rule.max_games // settings.per_round
    have = pitch.kept_games(kept, rule.max_games)
    kept_games = sum(len(g) for g in have.values())
    names = [name for _, name, _, _, _ in versions]

    def told(trial: Trial) -> None:
        if progress is not None:
            progress(ValueProgress(trial.played, sum(s.stopped for s in trial.standings),
                                   tuple((names[i], s.mean(q.scale(settings.pairs)),
                                          s.verdict, s.closeness)
                                         for i, (s, q) in enumerate(zip(
                                             trial.standings, trial.questions,
                                             strict=True)))))

    trial = Trial(questions, pairs=settings.pairs, rounds=rounds, rule=rule, have=have,
                  keep=pitch.keeper(kept), progress=told)
    told(trial)
    if not trial.finished:
        pitch.play(trial, rule.max_games)
    figures = []
    for i, (key, name, copies, points, _) in enumerate(versions):
        st, q = trial.standings[i], trial.questions[i]
        scale = q.scale(settings.pairs)
        figures.append(FigureValue(key, name, copies, points, st.mean(scale),
                                   st.interval(scale), st.verdict,
                                   st.rounds * settings.per_round, st.closeness, st.leaning))
    figures.sort(key=lambda f: (-f.value, f.name))
    used = max(st.rounds for st in trial.standings) * settings.per_round
    from armybuilder.sim.scores import score

    own = [score(r) for m in pitch.against(army) for r in
           (trial.have[m].get(g) for g in range(used)) if r is not None]
    return ValueReport(request, base.name, tuple(o.name for o in opponents),
                       sum(own) / len(own) if own else 0.0, tuple(figures), trial.played,
                       kept_games, time.perf_counter() - started,
                       base.warnings + tuple(w for o in opponents for w in o.warnings))


def run_value(db_path: Path | None, request: ValueRequest,
              progress: Callable[[ValueProgress], None] | None = None) -> ValueReport:
    """Open the database at ``db_path``, measure, and keep every game played there."""
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.sim.kept import KeptResults

    catalogue = Catalogue.open(db_path)
    try:
        return measure(catalogue, KeptResults(catalogue.engine), request, progress)
    finally:
        catalogue.close()
