"""``army value`` and ``army improve``: what each figure is worth to an army, and the
changes that would raise its win rate, both measured by paired battles against a field.

    armybuilder army value ARMY --against OPP [OPP...] [--margin P] [--max-games N]
                [battle options] [--json]
    armybuilder army improve ARMY --against OPP [OPP...] [--owned] [--games-budget N]
                [--backend local|ray] [--margin P] [--save NAME] [battle options] [--json]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from armybuilder.ai.registry import PLAYERS
from armybuilder.cli.battle import TERRAIN_NAMES, StderrBar
from armybuilder.cli.options import whole
from armybuilder.cli.questions import add_stop_options, closeness_words, pct, rule_line
from armybuilder.cli.render import table
from armybuilder.sim.defaults import (
    DEFAULT_PLAYER,
    DEFAULT_ROUNDS,
    DEFAULT_SEED,
    DEFAULT_TERRAIN,
    DEFAULT_VALUE_GAMES,
)
from armybuilder.text import json_text, shown

if TYPE_CHECKING:
    from armybuilder.sim.advisor import ImproveReport
    from armybuilder.sim.field import FieldSettings
    from armybuilder.sim.value import ValueReport

P = TypeVar("P")
R = TypeVar("R")

#: `army improve --save` found nothing told better than the army (nothing is saved).
EXIT_NO_BETTER = 1


def _settings(args: argparse.Namespace) -> FieldSettings:
    from armybuilder.sim.armies import BattleError
    from armybuilder.sim.field import FieldSettings

    kinds = {k.strip() for k in (args.players or DEFAULT_PLAYER).split(",")}
    if len(kinds) != 1:
        raise BattleError(f"--players: every army plays with one kind of player here, not "
                          f"{args.players!r}")
    return FieldSettings(seed=args.seed, rounds=args.rounds, terrain=args.terrain,
                         player=kinds.pop(), workers=args.workers,
                         backend=args.backend or "local", pairs=not args.independent,
                         fresh=args.fresh)


def _with_bar(play: Callable[[Callable[[P], None]], R],
              draw: Callable[[StderrBar, P], None]) -> R:
    """``play(progress)``, its progress drawn as a bar on stderr when that is a terminal."""
    bar = StderrBar() if sys.stderr.isatty() else None

    def progress(p: P) -> None:
        if bar is not None:
            draw(bar, p)

    try:
        return play(progress)
    finally:
        if bar is not None:
            bar.close()


def _signed(x: float) -> str:
    return f"{100 * x:+.1f}"


def _interval(ci: Any) -> str:
    return f"{100 * ci[0]:+.1f} to {100 * ci[1]:+.1f}"


def cmd_value(args: argparse.Namespace) -> int:
    from armybuilder.sim.stopping import StopRule
    from armybuilder.sim.value import ValueProgress, ValueRequest, run_value

    rule = StopRule(margin=(args.margin if args.margin is not None else 5.0) / 100,
                    max_games=args.max_games or DEFAULT_VALUE_GAMES)
    request = ValueRequest(args.name, tuple(args.against), _settings(args), rule)

    def draw(bar: StderrBar, p: ValueProgress) -> None:
        bar.draw(p.answered, len(p.figures), f"{p.played} games, {p.answered}/"
                                             f"{len(p.figures)} figures clear   ")

    report = _with_bar(lambda progress: run_value(args.db, request, progress), draw)
    _warn(report.warnings)
    if args.json:
        print(json_text(report.as_json()))
    else:
        print_value(report)
    return 0


def print_value(report: ValueReport) -> None:
    r = report.request
    print(f"What each figure of {shown(report.army)} is worth against "
          f"{', '.join(shown(a) for a in report.against)}: the points of win rate the army "
          "loses when one copy sits out (its points unspent).")
    print(f"{shown(report.army)} itself: {pct(report.win_rate)} against the field "
          f"(seed {r.settings.seed}, {r.settings.rounds} rounds, terrain "
          f"{r.settings.terrain}, {r.settings.player} players"
          f"{', mirrored pairs' if r.settings.pairs else ''}).")
    rows = []
    for rank, f in enumerate(report.figures, start=1):
        note = closeness_words(f.closeness, f.leaning) if not f.verdict else ""
        rows.append([rank, f.name, f.key, f.copies, f.points, _signed(f.value),
                     _interval(f.ci95), f.finding + (f" ({note})" if note else ""), f.games])
    print(table(["rank", "figure", "key", "copies", "points", "worth", "95% interval",
                 "finding", "games"], rows))
    print("worth: win-rate points, the army's less the army's without it; games: against "
          "each opponent.")
    untold = [f.name for f in report.figures if f.finding == "not told apart from zero"]
    within = [f.name for f in report.figures if f.finding == "within the margin"]
    if within:
        print(f"Worth less than {100 * r.rule.margin:g} points either way: "
              f"{', '.join(shown(n) for n in within)}.")
    if untold:
        print(f"Cannot be told apart from zero in {r.rule.max_games} games: "
              f"{', '.join(shown(n) for n in untold)} (--max-games would tell more).")
    print(rule_line(r.rule))
    print(f"Played {report.played} games now, {report.kept} kept from earlier runs, in "
          f"{report.seconds:.1f} s.")


def cmd_improve(args: argparse.Namespace) -> int:
    from armybuilder.sim.advisor import ImproveProgress, ImproveRequest, run_improve
    from armybuilder.sim.stopping import DEFAULT_MARGIN

    if args.save is not None:
        from armybuilder.armies.service import army_name

        army_name(args.save)  # a bad name refused before the games, not after
    owned = None
    if args.owned:
        from armybuilder.catalogue.service import Catalogue
        from armybuilder.collection.service import Collection

        catalogue = Catalogue.open(args.db)
        try:
            owned = Collection(catalogue).owned()
        finally:
            catalogue.close()
    request = ImproveRequest(args.name, tuple(args.against), _settings(args),
                             margin=(args.margin if args.margin is not None
                                     else DEFAULT_MARGIN) / 100,
                             games_budget=args.games_budget, owned=owned)

    def draw(bar: StderrBar, p: ImproveProgress) -> None:
        bar.draw(p.planned, p.budget, f"{p.played} games played, {p.stage}   ")

    report = _with_bar(lambda progress: run_improve(args.db, request, progress), draw)
    _warn(report.warnings)
    saved = None
    if args.save is not None and report.best is not None:
        from armybuilder.sim.advisor import save_improved

        saved = save_improved(args.db, report, args.save).name
    if args.json:
        print(json_text({**report.as_json(), "saved": saved}))
    else:
        print_improve(report)
        if saved is not None:
            print(f"Saved {shown(saved)}: {shown(report.army)} with the best change.")
    if args.save is not None and saved is None:
        print(f"armybuilder: no change was told better than {shown(report.army)}; "
              f"{shown(args.save)} was not saved", file=sys.stderr)
        return EXIT_NO_BETTER
    return 0


def print_improve(report: ImproveReport) -> None:
    r = report.request
    print(f"Changes to {shown(report.army)} against "
          f"{', '.join(shown(a) for a in report.against)}: {report.considered} of "
          f"{report.legal} legal changes tried, {report.planned} of {r.games_budget} games "
          f"used ({report.played} played now).")
    rows = []
    for p in report.proposals[:10]:
        how = ("measured" + (f", {p.verdict}" if p.verdict else "")) if p.measured else \
            f"screened (stage {p.stage})"
        rows.append([p.change.words, f"{p.change.points:+d}", _signed(p.gain),
                     _interval(p.ci95), p.games, how])
    print(table(["change", "points", "gain", "95% interval", "games", "as"], rows))
    print("gain: win-rate points against the field, the changed army's less the army's, on "
          "the same dice; games: against each opponent. Measured: on rounds of its own after "
          "the screening; screened: as the screening last saw it (flattered by the choice).")
    best = report.best
    if best is None:
        print("No change was told better than the army.")
    else:
        print(f"Best: {best.change.words}, {_signed(best.gain)} points "
              f"({_interval(best.ci95)}).")


def _warn(warnings: tuple[str, ...]) -> None:
    for warning in dict.fromkeys(warnings):
        print(f"armybuilder: warning: {shown(warning)}", file=sys.stderr)


def add_commands(sub: Any) -> None:
    """``army value`` and ``army improve`` under the ``army`` command's parsers."""
    for verb, helptext, run in (
            ("value", "what each figure is worth: the win rate lost when it sits out, "
                      "measured in paired battles against a field", cmd_value),
            ("improve", "the army advisor: legal changes that raise the win rate against "
                        "a field, judged by paired battles", cmd_improve)):
        p = sub.add_parser(verb, help=helptext)
        p.add_argument("name", metavar="ARMY")
        p.add_argument("--against", nargs="+", required=True, metavar="OPP",
                       help="the saved armies to play against (the field)")
        p.add_argument("--seed", type=whole(0, 2**63 - 1), default=DEFAULT_SEED)
        p.add_argument("--rounds", type=whole(1, 100_000), default=DEFAULT_ROUNDS,
                       help=f"the time limit in rounds (default {DEFAULT_ROUNDS})")
        p.add_argument("--terrain", default=DEFAULT_TERRAIN,
                       help=f"a terrain preset: {', '.join(TERRAIN_NAMES)}")
        p.add_argument("--players", default=None,
                       help=f"who plays every army: {', '.join(PLAYERS.kinds())} "
                            f"(default {DEFAULT_PLAYER})")
        p.add_argument("--workers", type=whole(1, 1024), default=None,
                       help="processes to play in (default: one per CPU); with --backend "
                            "ray, the most chunks of games at once")
        p.add_argument("--backend", choices=("local", "ray"), default=None,
                       help="local processes (default), or Ray tasks (RAY_ADDRESS)")
        p.add_argument("--fresh", action="store_true",
                       help="play every game again, the new results replacing kept ones")
        add_stop_options(p, until_clear=False,
                         max_games=DEFAULT_VALUE_GAMES if verb == "value" else None)
        p.add_argument("--json", action="store_true")
        if verb == "improve":
            p.add_argument("--owned", action="store_true",
                           help="bring in only figures of your collection")
            p.add_argument("--games-budget", type=whole(1, 10_000_000), default=2000,
                           help="the most games to play in all (default 2000)")
            p.add_argument("--save", metavar="NAME",
                           help="save the army with the best change under this name")
        p.set_defaults(run=run)
