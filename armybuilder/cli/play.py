"""The ``play`` command: play a battle yourself in the app, and the games kept.

    armybuilder play MY_ARMY OPPONENT [--terrain PRESET] [--seed S] [--rounds R]
                     [--opponent heuristic|expert|random|human] [--think N|Ts] [--side a|b]
    armybuilder play --resume [GAME]
    armybuilder play --list [--json]
    armybuilder play --export GAME PATH [--force]

A new game is checked and saved before the app opens, so a wrong army or option is one
line and exit status 2, and the app opens straight on the battlefield.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any

from armybuilder.ai.registry import DEFAULT, PLAYERS, with_default_first
from armybuilder.cli.errors import UserError
from armybuilder.cli.options import add_think, whole
from armybuilder.sim.defaults import DEFAULT_ROUNDS, DEFAULT_TERRAIN
from armybuilder.text import json_text, shown

USAGE = ("armybuilder play MY_ARMY OPPONENT [--terrain PRESET] [--seed S] [--rounds R] "
         "[--opponent heuristic|expert|random|human] [--think N|Ts] [--side a|b]\n"
         "       armybuilder play --resume [GAME]\n"
         "       armybuilder play --list [--json]\n"
         "       armybuilder play --export GAME PATH [--force]")


def _catalogue(args: argparse.Namespace) -> Any:
    from armybuilder.catalogue.service import Catalogue

    return Catalogue.open(args.db)


def cmd_play(args: argparse.Namespace) -> int:
    modes = [m for m in ("resume", "list", "export") if getattr(args, m) not in (None, False)]
    if len(modes) > 1:
        raise UserError(f"play: --{modes[0]} and --{modes[1]} do not go together")
    if modes and (args.army or args.opponent_army):
        extra = args.army if modes[0] != "export" else args.opponent_army
        if extra:
            raise UserError(f"play --{modes[0]}: no armies are named with it (got "
                            f"{extra!r})")
    if args.force and args.export is None:
        raise UserError("play: --force overwrites the file of --export GAME PATH; it goes "
                        "with --export only")
    if args.list:
        return _list(args)
    if args.export is not None:
        return _export(args)
    if args.resume is not None:
        return _resume(args)
    if not args.army or not args.opponent_army:
        raise UserError("play needs your army and the opponent's: armybuilder play MY_ARMY "
                        "OPPONENT (or --resume to go on with a game)")
    return _new(args)


def _thinking(opponent: str, think: str | None) -> str:
    """The opponent with the ``--think`` budget when it thinks ("expert:400")."""
    try:
        return PLAYERS.with_think(opponent, think)
    except ValueError as exc:
        raise UserError(f"play --think: {exc}") from None


def _new(args: argparse.Namespace) -> int:
    from armybuilder.cli import names
    from armybuilder.play.new import NewGame, fresh_seed, new_game

    request = NewGame(names.army(args.db, args.army), names.army(args.db, args.opponent_army),
                      terrain=args.terrain,
                      seed=fresh_seed() if args.seed is None else args.seed,
                      opponent=_thinking(args.opponent, args.think), side=args.side,
                      rounds=args.rounds)
    catalogue = _catalogue(args)
    try:
        game_id, warnings = new_game(catalogue, request)
    finally:
        catalogue.close()
    for warning in warnings:
        print(f"armybuilder: warning: {shown(warning)}", file=sys.stderr)
    return _open(args, game_id)


def _resume(args: argparse.Namespace) -> int:
    from armybuilder.play.games import Games

    catalogue = _catalogue(args)
    try:
        games = Games(catalogue)
        if args.resume == "":
            waiting = games.unfinished()
            if not waiting:
                raise UserError("play --resume: no unfinished games (start one with "
                                "armybuilder play MY_ARMY OPPONENT)")
            if len(waiting) > 1:
                return _open(args, None, choose=True)
            game = waiting[0]
        else:
            game = games.get(_game_id(args.resume, "--resume"))
            if game.over:
                raise UserError(f"play --resume: game {game.id} is over ({game.result}); "
                                f"export its log with armybuilder play --export {game.id} "
                                "PATH")
    finally:
        catalogue.close()
    return _open(args, game.id)


def _game_id(text: str, flag: str) -> int:
    # ASCII digits, and few enough for the database's integers: int() takes other
    # scripts' digits ("١" is 1), and a 20-digit number ended in an internal error.
    if not re.fullmatch(r"[0-9]{1,18}", text.strip()):
        raise UserError(f"play {flag}: a game number (see armybuilder play --list), not "
                        f"{shown(text)[:40]!r}")
    return int(text)


def _list(args: argparse.Namespace) -> int:
    from armybuilder.cli.render import table
    from armybuilder.play.games import Games

    catalogue = _catalogue(args)
    try:
        games = Games(catalogue).list()
    finally:
        catalogue.close()
    if args.json:
        print(json_text([g.as_dict() for g in games]))
        return 0
    if not games:
        print("no games yet (start one with armybuilder play MY_ARMY OPPONENT)")
        return 0
    print(table(["game", "seat a", "seat b", "commanders", "seed", "terrain", "round",
                 "actions", "state", "updated"],
                [[g.id, g.army_a, g.army_b, ",".join(g.commanders), g.seed, g.terrain,
                  g.round, g.actions, g.result or g.status, g.updated] for g in games]))
    return 0


def _export(args: argparse.Namespace) -> int:
    from pathlib import Path

    from armybuilder.play.games import Games

    target = args.army
    if not target:
        raise UserError("play --export GAME PATH: where to write the log is missing")
    catalogue = _catalogue(args)
    try:
        path = Games(catalogue).export(_game_id(args.export, "--export"), Path(target),
                                       args.force)
    finally:
        catalogue.close()
    print(f"wrote {shown(path)} (armybuilder battle replay {shown(path)})")
    return 0


def _open(args: argparse.Namespace, game_id: int | None, choose: bool = False) -> int:
    # Imported here so that the scripted forms never pay for loading Textual.
    from armybuilder.tui.app import run_app

    # Leaving the game goes back where the player came from: the shell.
    return run_app(args.db, play=game_id, choose_game=choose, leave_to_shell=True)


#: The terrain presets, named without loading the engine (play.new checks the name
#: against armybuilder.sim.terrain_presets.PRESETS).
TERRAIN = ("none", "standard", "woods", "ruins")


def add_commands(commands: Any, add_db: Any) -> None:
    p = commands.add_parser(
        "play", help="play a battle yourself in the app: your army against a saved army the "
                     "AI (or a second player) commands",
        usage=USAGE,
        description="Open the app on a new game between two saved armies, played action by "
                    "action with the rules enforced; the game is saved after every action.")
    p.add_argument("army", metavar="MY_ARMY", nargs="?", help="your saved army (with "
                   "--export: the PATH to write)")
    p.add_argument("opponent_army", metavar="OPPONENT", nargs="?",
                   help="the opponent's saved army (the same army plays a mirror match)")
    p.add_argument("--terrain", default=DEFAULT_TERRAIN,
                   help=f"a terrain preset: {', '.join(TERRAIN)} (default {DEFAULT_TERRAIN})")
    # Bounds a database can hold; the game itself says why less than 0 (a seed) or 1
    # (rounds) will not do.
    p.add_argument("--seed", type=whole(-2**63, 2**63 - 1), default=None,
                   help="the dice's and the AI's seed (default: a new one each game, shown "
                        "on the screen)")
    p.add_argument("--rounds", type=whole(-2**31, 100_000), default=DEFAULT_ROUNDS,
                   help=f"the time limit in rounds (default {DEFAULT_ROUNDS})")
    kinds = with_default_first(PLAYERS.kinds())
    p.add_argument("--opponent", default=DEFAULT, choices=(*kinds, "human"),
                   help=f"who commands the opponent: the {PLAYERS.title(kinds[0])} "
                        f"(default), {', '.join('the ' + PLAYERS.title(k) for k in kinds[1:])}"
                        ", or a second player at the same keyboard")
    add_think(p)
    p.add_argument("--side", default="a", choices=("a", "b"),
                   help="your seat: a (the south edge, default) or b (the north edge)")
    p.add_argument("--resume", nargs="?", const="", default=None, metavar="GAME",
                   help="go on with an unfinished game (with several and no GAME, choose "
                        "in the app)")
    p.add_argument("--list", action="store_true", help="list the games played and unfinished")
    p.add_argument("--export", metavar="GAME", default=None,
                   help="write GAME's event log to PATH (battle replay reads it)")
    p.add_argument("--json", action="store_true", help="with --list: JSON")
    p.add_argument("--force", action="store_true", help="with --export: overwrite PATH")
    p.set_defaults(run=cmd_play)
    add_db(p)
