"""The options and words shared by the commands that play until the answer is clear
(``battle``, ``battle gauntlet``, ``army value``, ``army improve``): mirrored pairs or
independent games, the stopping rule, and how a verdict and a batch of pairs are told."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from armybuilder.cli.options import points, whole
from armybuilder.sim.stopping import DEFAULT_MARGIN, DEFAULT_MAX_GAMES, StopRule, error_rates

if TYPE_CHECKING:
    from armybuilder.sim.armies import BattleError

MOST_GAMES = 1_000_000


def _error(message: str) -> BattleError:
    from armybuilder.sim.armies import BattleError

    return BattleError(message)


def add_stop_options(p: Any, until_clear: bool = True,
                     max_games: int | None = DEFAULT_MAX_GAMES) -> None:
    """--independent, and (with ``until_clear``) --until-clear; --margin, and --max-games
    (its default ``max_games``; None: no such option)."""
    p.add_argument("--independent", action="store_true",
                   help="every game on dice of its own (default: mirrored pairs, the same "
                        "dice and terrain with the armies' seats and edges swapped)")
    if until_clear:
        p.add_argument("--until-clear", action="store_true",
                       help="play until a sequential test says A is better, worse, or "
                            "within --margin of even; kept games count, so a rerun "
                            "continues")
    p.add_argument("--margin", type=points(0, 50), default=None,
                   help=f"win-rate points a difference must reach to count (default "
                        f"{DEFAULT_MARGIN:g})")
    if max_games is not None:
        p.add_argument("--max-games", type=whole(2, MOST_GAMES), default=None,
                       help=f"the most games for one answer (default {max_games})")


def stop_rule(args: argparse.Namespace, always: bool = False) -> StopRule | None:
    """The rule the options ask for: with --until-clear (or ``always``), else None; the
    rule's options without it are refused."""
    wanted = always or getattr(args, "until_clear", False)
    if not wanted:
        for flag, value in (("--margin", args.margin), ("--max-games", args.max_games)):
            if value is not None:
                raise _error(f"{flag} goes with --until-clear")
        return None
    return StopRule(margin=(args.margin if args.margin is not None else DEFAULT_MARGIN) / 100,
                    max_games=args.max_games or DEFAULT_MAX_GAMES)


def pct(x: float, places: int = 1) -> str:
    return f"{100 * x:.{places}f}%"


def interval(ci: Any) -> str:
    return f"{pct(ci[0])} to {pct(ci[1])}"


def pairs_lines(pairs: dict[str, Any]) -> list[str]:
    """What a batch of mirrored pairs says about the pairing, in two lines."""
    tally = pairs["pentanomial"]
    ratio = pairs["variance_ratio"]
    told = ("" if ratio is None else
            f"; variance of the estimate {ratio:.2f}× that of as many independent games")
    return [f"Mirrored pairs: {pairs['pairs']} (A scored 0 in {tally[0]}, ½ in {tally[1]}, "
            f"1 in {tally[2]}, 1½ in {tally[3]}, 2 in {tally[4]}); the pairs' 95% interval "
            f"{interval(pairs['ci95'])},",
            f"as independent games it would be {interval(pairs['ci95_as_independent'])}"
            f"{told}."]


def rule_line(rule: StopRule) -> str:
    return (f"Stopping rule: a margin of {100 * rule.margin:g} points, at most "
            f"{rule.max_games} games; {error_rates(rule)}.")


def closeness_words(closeness: float, leaning: str) -> str:
    """How near a question came to a verdict: "63% of the way to 'better'"."""
    return f"{100 * closeness:.0f}% of the way to '{leaning}'" if leaning else ""


def whole_pairs(args: argparse.Namespace, what: str = "games") -> int:
    """``--games``, made even (with a note) for mirrored pairs."""
    import sys

    games = int(args.games)
    if not args.independent and games > 1 and games % 2:
        games += 1
        print(f"armybuilder: note: {games} {what}, whole mirrored pairs (--independent plays "
              f"{args.games})", file=sys.stderr)
    return games
