"""The ``battle`` commands: test battles between saved armies, and one game replayed.

    armybuilder battle ARMY_A ARMY_B [--games N] [--seed S] [--workers K] [--rounds R]
                       [--terrain PRESET] [--players KIND[,KIND]] [--think BUDGET]
                       [--castle a|b] [--json] [--log PATH] [--independent]
                       [--until-clear [--margin POINTS] [--max-games N]]
    armybuilder battle replay PATH [--maps round|turn|none] [--review [--think BUDGET]]
    armybuilder battle gauntlet ARMY... [--all] [...]   (see cli/gauntlet.py)
    armybuilder battle results [--clear]
    armybuilder battle merge FILE...

``replay``, ``gauntlet``, ``results`` and ``merge`` are told apart from a battle by the
first word, so an army of one of those names fights as the second army (``battle OTHER
replay``; the sides are symmetrical) or is named after the word (``battle gauntlet
gauntlet OTHER``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.ai.registry import PLAYERS
from armybuilder.cli.options import add_think, whole
from armybuilder.cli.questions import (
    add_stop_options,
    closeness_words,
    pairs_lines,
    rule_line,
    stop_rule,
    whole_pairs,
)
from armybuilder.cli.render import table
from armybuilder.sim.defaults import (
    DEFAULT_GAMES,
    DEFAULT_PLAYER,
    DEFAULT_ROUNDS,
    DEFAULT_SEED,
    DEFAULT_TERRAIN,
    MOST_GAMES,
    MOST_ROUNDS,
    MOST_SEED,
)
from armybuilder.text import counted, json_text, shown

if TYPE_CHECKING:
    from armybuilder.sim.batch import Battle, BattleReport

#: The parser's help names these without loading the engine; tests/test_cli_startup.py
#: keeps them equal to sim.terrain_presets.PRESETS and sim.replay.MAPS.
TERRAIN_NAMES = ("none", "standard", "woods", "ruins")
MAPS = ("round", "turn", "none")


def _battle_error(message: str) -> Exception:
    from armybuilder.sim.armies import BattleError

    return BattleError(message)


REPLAY = "replay"
MANY = 2**31
#: The first words that are commands of their own (cli/gauntlet.py).
GAUNTLET_WORDS = ("gauntlet", "results", "merge")


def _players(text: str, think: str | None = None) -> tuple[str, str]:
    kinds = [k.strip() for k in text.split(",")]
    if len(kinds) == 1:
        kinds *= 2
    if len(kinds) != 2 or not all(kinds):
        raise _battle_error(f"--players takes one kind or two separated by a comma "
                          f"(heuristic,random), not {text!r}")
    return thinking(kinds[0], think), thinking(kinds[1], think)


def thinking(kind: str, think: str | None) -> str:
    """``kind`` with the ``--think`` budget when it is a kind that thinks ("expert:400");
    BattleError naming a budget that is not one."""
    try:
        return PLAYERS.with_think(kind, think)
    except ValueError as exc:
        raise _battle_error(f"--think: {exc}") from None


class StderrBar:
    """A progress bar on stderr (the caller draws it only when stderr is a terminal)."""

    WIDTH = 30

    def __init__(self) -> None:
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        self.draw(done, total, f"{done}/{counted(total, 'game')}")

    def draw(self, done: int, total: int, label: str) -> None:
        filled = self.WIDTH * done // max(1, total)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {label}")
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\n")
            sys.stderr.flush()


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def print_report(report: BattleReport) -> None:
    s = report.summary()
    r = report.request
    a, b = report.army_a, report.army_b
    print(f"{shown(a)} (A) against {shown(b)} (B): {s['games']} "
          f"game{'s' if s['games'] != 1 else ''}, seed {r.seed}, {counted(r.rounds, 'round')}, "
          f"terrain {r.terrain}, players {r.player_a} and {r.player_b}")
    vp = s["victory_points"]
    print(table(["side", "army", "wins", "VP mean", "VP sd"], [
        ["A", a, s["wins"]["a"], f"{vp['a']['mean']:.1f}", f"{vp['a']['sd']:.1f}"],
        ["B", b, s["wins"]["b"], f"{vp['b']['mean']:.1f}", f"{vp['b']['sd']:.1f}"],
        ["", "draws", s["wins"]["draw"], "", ""],
    ]))
    lo, hi = s["ci95"]
    print(f"A's win rate: {_pct(s['win_rate_a'])} (95% interval {_pct(lo)} to {_pct(hi)}; "
          "a draw counts half)")
    if "pairs" in s:
        for line in pairs_lines(s["pairs"]):
            print(line)
    if report.answer is not None:
        _print_answer(report)
    rounds = s["rounds"]
    endings = ", ".join(f"{n} by {why}" for why, n in rounds["endings"].items())
    print(f"Rounds per game: mean {rounds['mean']:.1f}, median {rounds['median']:g}, "
          f"{rounds['min']} to {rounds['max']} ({endings})")
    print()
    rows = []
    for side in ("a", "b"):
        for f in s["figures"][side]:
            rows.append([side.upper(), f["name"], f["key"], f["count"],
                         f"{f['eliminations']:.2f}", f"{f['captures']:.2f}",
                         f"{f['clicks_dealt']:.2f}", _pct(f["survival_rate"])])
    print(table(["side", "figure", "key", "count", "eliminations/game", "captures/game",
                 "clicks dealt/game", "survival"], rows))
    print("Per game, all copies of a figure together; survival: copies on the table at "
          "the end, never eliminated, not captive.")
    print(f"\n{report.seconds:.1f} s")


def _print_answer(report: BattleReport) -> None:
    from armybuilder.sim.stopping import verdict_words

    answer = report.answer
    assert answer is not None
    said = verdict_words(answer.verdict, f"{shown(report.army_a)} (A)",
                         f"{shown(report.army_b)} (B)", answer.rule.margin)
    spent = (f"{answer.games} games ({answer.played} played now, {answer.kept} kept from "
             "earlier runs)")
    if said:
        print(f"Clear after {spent}: {said}.")
    else:
        print(f"Not clear after {spent}, the most allowed: "
              f"{closeness_words(answer.closeness, answer.leaning)}; --max-games would "
              "let it go on.")
    print(rule_line(answer.rule))


def cmd_battle(args: argparse.Namespace) -> int:
    first = args.words[0]
    if first in (*GAUNTLET_WORDS, REPLAY) and args.castle:
        raise _battle_error(f"--castle chooses the castle player of a battle between two "
                            f"armies, not of battle {first}")
    if args.review and first != REPLAY:
        raise _battle_error("--review is for battle replay PATH: the expert AI reviews one "
                            "game's log")
    if first in GAUNTLET_WORDS:
        from armybuilder.cli import gauntlet
        return gauntlet.run(first, args)
    if first == REPLAY:
        for flag, value in (("--until-clear", args.until_clear),
                            ("--independent", args.independent)):
            if value:
                raise _battle_error(f"{flag} is for battles, not battle replay")
    gauntlet_only = [flag for flag, value in (
        ("--all", args.all), ("--backend", args.backend), ("--xlsx", args.xlsx),
        ("--shard", args.shard), ("--out", args.out), ("--fresh", args.fresh),
        ("--clear", args.clear), ("--verify", args.verify),
        ("--verify-seed", args.verify_seed is not None)) if value]
    if gauntlet_only:
        raise _battle_error(f"{gauntlet_only[0]} is for battle gauntlet, results or merge, not "
                          "a battle between two armies")
    if first == REPLAY:
        return cmd_replay(args)
    if len(args.words) != 2:
        raise _battle_error("a battle needs two saved armies: armybuilder battle ARMY_A ARMY_B "
                            "(or armybuilder battle gauntlet ARMY... for more, or armybuilder "
                            "battle replay PATH)")
    from armybuilder.cli import names
    from armybuilder.sim.batch import BattleRequest, play, prepare

    args.army_a, args.army_b = (names.army(args.db, word) for word in args.words)
    player_a, player_b = _players(args.players or DEFAULT_PLAYER, args.think)
    rule = stop_rule(args)
    if rule is not None and args.log is not None:
        raise _battle_error("--log writes one game's log: not with --until-clear")
    if args.log is not None and args.games != 1:
        # One log is one game; a batch's game can be played again from its index instead.
        raise _battle_error(f"--log writes the log of one game: use it with --games 1, not "
                          f"--games {args.games}")
    games = whole_pairs(args)
    request = BattleRequest(
        army_a=args.army_a, army_b=args.army_b, games=games, seed=args.seed,
        rounds=args.rounds, terrain=args.terrain, workers=args.workers,
        player_a=player_a, player_b=player_b, castle=args.castle or "",
        pairs=not args.independent, until_clear=rule)
    if args.log is not None:
        from armybuilder.files import check_destination

        check_destination(Path(args.log), args.force)  # before the game, not after it
    battle = prepare(args.db, request)
    for warning in battle.warnings:
        print(f"armybuilder: warning: {shown(warning)}", file=sys.stderr)
    if args.log is not None:
        report = _one_logged(battle, Path(args.log), args.force)
    elif rule is not None:
        report = _until_clear(args, battle)
    else:
        bar = StderrBar() if sys.stderr.isatty() else None
        try:
            report = play(battle, bar)
        finally:
            if bar is not None:
                bar.close()
    if args.json:
        print(json_text(report.as_json()))
    else:
        print_report(report)
    if args.log is not None:
        print(f"wrote {shown(args.log)} (armybuilder battle replay {shown(args.log)})",
              file=sys.stderr)
    return 0


def _until_clear(args: argparse.Namespace, battle: Battle) -> BattleReport:
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.sim.batch import Underway, play_until_clear
    from armybuilder.sim.kept import KeptResults

    bar = StderrBar() if sys.stderr.isatty() else None

    def looking(u: Underway) -> None:
        if bar is not None:
            way = closeness_words(u.closeness, u.leaning)
            bar.draw(u.games, u.max_games, f"{u.games} games, A {100 * u.estimate:.1f}%"
                                           f"{', ' + way if way else ''}   ")

    catalogue = Catalogue.open(args.db)
    try:
        return play_until_clear(battle, KeptResults(catalogue.engine), looking=looking)
    finally:
        catalogue.close()
        if bar is not None:
            bar.close()


def _one_logged(battle: Battle, path: Path, force: bool) -> BattleReport:
    from armybuilder.files import ExportError, write_atomically
    from armybuilder.sim.batch import BattleReport
    from armybuilder.sim.stats import summarise_game

    started = time.perf_counter()
    game = battle.matchup.play(0)
    result = summarise_game(game, 0, battle.matchup.setup(0).seed)
    try:
        write_atomically(path, game.log_json(), force)
    except ExportError as exc:
        raise _battle_error(f"--log: {exc}") from exc
    a, b = battle.names
    return BattleReport(request=battle.request, army_a=a, army_b=b, results=(result,),
                        seconds=time.perf_counter() - started, warnings=battle.warnings)


def cmd_replay(args: argparse.Namespace) -> int:
    if len(args.words) != 2:
        raise _battle_error("battle replay needs the log's path: armybuilder battle replay PATH")
    from armybuilder.sim.replay import narrate, read_log

    data = read_log(Path(args.words[1]))
    if args.review:
        return _review(data, args.think)
    for line in narrate(data, maps=args.maps):
        print(line)
    return 0


def _review(data: dict[str, Any], think: str | None) -> int:
    """The expert's review of a game: each side's costliest decisions."""
    from armybuilder.play.review import review

    if think is not None:
        thinking("expert", think)  # a bad budget is named before the long work
    bar = StderrBar() if sys.stderr.isatty() else None
    found = review(data, think, None if bar is None else
                   lambda done, total: bar.draw(done, total, f"{done}/{total} actions"))
    if bar is not None:
        bar.close()
    sides = tuple(p["name"] for p in data["start"]["players"])
    for line in found.lines(sides):
        print(line)
    return 0


def add_commands(commands: Any, add_db: Any) -> None:
    p = commands.add_parser(
        "battle", help="test battles between saved armies: two (`battle A B`), or every one "
                       "against every other (`battle gauntlet`); `battle replay PATH` tells "
                       "one game turn by turn",
        usage="armybuilder battle ARMY_A ARMY_B [options]\n"
              "       armybuilder battle replay PATH [--maps round|turn|none] "
              "[--review [--think BUDGET]]\n"
              "       armybuilder battle gauntlet ARMY... [--all] [--games N] [--seed S] "
              "[--terrain P] [--workers K] [--backend local|ray] [--shard K/N [--out PATH]] "
              "[--until-clear [--margin POINTS] [--max-games N]] [--json] [--xlsx PATH]\n"
              "       armybuilder battle results [--clear] [--json]\n"
              "       armybuilder battle merge FILE... [--verify N|all] [--workers K] "
              "[--json]",
        description="Play games between two saved armies, in mirrored pairs, and report "
                    "wins, A's win rate with a 95% interval, victory points, rounds and how "
                    "each figure did (or, --until-clear, play until A is told better, worse "
                    "or even); "
                    "or a gauntlet: every pair of armies, a matchup table with intervals and "
                    "a ranking, every game kept so a re-run plays only what is new. The same "
                    "seed gives the same answer whatever the number of workers.")
    p.add_argument("words", metavar="ARMY", nargs="+",
                   help="two saved armies; or replay PATH; gauntlet ARMY...; results; "
                        "merge FILE...")
    # Upper bounds here; the batch itself says why 0 or less will not do.
    p.add_argument("--games", type=whole(-MANY, MOST_GAMES), default=DEFAULT_GAMES,
                   help=f"games to play, per pair in a gauntlet (default {DEFAULT_GAMES})")
    p.add_argument("--seed", type=whole(0, MOST_SEED), default=DEFAULT_SEED,
                   help=f"the batch's seed (default {DEFAULT_SEED})")
    p.add_argument("--workers", type=whole(-MANY, 1024), default=None,
                   help="processes to play in (default: one per CPU; 1: this process); "
                        "with --backend ray, the most chunks of games at once")
    p.add_argument("--rounds", type=whole(-MANY, MOST_ROUNDS), default=DEFAULT_ROUNDS,
                   help=f"the time limit in rounds (default {DEFAULT_ROUNDS}: Rulebook VII's "
                        "60 minutes)")
    p.add_argument("--terrain", default=DEFAULT_TERRAIN,
                   help=f"a terrain preset: {', '.join(TERRAIN_NAMES)} (default {DEFAULT_TERRAIN})")
    p.add_argument("--players", default=None,
                   help=f"who plays A and B: {' or '.join(PLAYERS.kinds())}, e.g. "
                        f"heuristic,random (default {DEFAULT_PLAYER}); a gauntlet takes one "
                        "kind for all")
    add_think(p)
    p.add_argument("--castle", choices=("a", "b"), default=None,
                   help="a siege: which army holds the castle when both are marked as the "
                        "castle player (default: the army marked so)")
    add_stop_options(p)
    p.add_argument("--json", action="store_true")
    p.add_argument("--log", metavar="PATH",
                   help="with --games 1: write the game's JSON event log here")
    p.add_argument("--force", action="store_true",
                   help="overwrite the file --log, --xlsx or --out names")
    p.add_argument("--review", action="store_true",
                   help="battle replay: the expert AI weighs every decision again and marks "
                        "each side's costliest, with what it would have done (--think sets "
                        "its budget)")
    p.add_argument("--maps", default="round", choices=MAPS,
                   help="battle replay: a map after every round (default), turn, or none")
    g = p.add_argument_group("gauntlet, results and merge")
    g.add_argument("--all", action="store_true",
                   help="gauntlet: every saved army the engine can play, with those named")
    g.add_argument("--backend", choices=("local", "ray"), default=None,
                   help="gauntlet: local processes (default), or Ray tasks on the cluster "
                        "RAY_ADDRESS names (a local Ray when unset)")
    g.add_argument("--xlsx", metavar="PATH",
                   help="gauntlet: also write the tables to a workbook (matchups, an "
                        "army's games and figures per sheet, every game)")
    g.add_argument("--shard", metavar="K/N",
                   help="gauntlet: play only the K-th of N slices and write it to a file")
    g.add_argument("--out", metavar="PATH",
                   help="with --shard: the shard file (default gauntlet-shard-K-of-N.json)")
    g.add_argument("--fresh", action="store_true",
                   help="gauntlet: play every game again; the new results replace kept ones")
    g.add_argument("--clear", action="store_true",
                   help="results: forget every kept result")
    g.add_argument("--verify", metavar="N|all", default=None,
                   help="merge: play every game of the files again to check it (all, the "
                        "default), or a seeded sample of N games per file")
    g.add_argument("--verify-seed", type=whole(0, 2**63 - 1), default=None,
                   help="merge: the seed of --verify N's sample (default: a fresh one, "
                        "reported)")
    p.set_defaults(run=cmd_battle)
    add_db(p)
