"""The ``tournament`` commands: a club tournament from registration to standings.

    armybuilder tournament new NAME --rounds N --points 200 [--format constructed|sealed]
    armybuilder tournament register NAME ARMY|CODE [--player P] [--pool SEALED_POOL]
    armybuilder tournament pair NAME [--bye-game]     the next round (Swiss or round robin)
    armybuilder tournament result NAME TABLE A-B      victory points of sides a and b
    armybuilder tournament play NAME                  the AIs play the round's open games
    armybuilder tournament standings|pairings|show|list NAME [--json]
    armybuilder tournament drop NAME PLAYER | delete NAME
    armybuilder tournament print NAME pairings|standings|decklists PATH [--force]
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from armybuilder.cli.options import whole
from armybuilder.text import json_text, shown


def _service(args: argparse.Namespace) -> Any:
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.events.tournament import Tournaments

    return Tournaments(Catalogue.open(args.db))


def _score(text: str) -> tuple[int, int]:
    from armybuilder.events.tournament import parse_score

    try:
        return parse_score(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


_score.__name__ = "score"


def games_json(t: Any, games: Any) -> list[dict[str, Any]]:
    return [{"round": g.round, "table": g.board, "a": t.name_of(g.a), "b": t.name_of(g.b),
             "result": g.result, "vp_a": g.vp_a, "vp_b": g.vp_b, "how": g.how}
            for g in games]


def print_round(t: Any, games: Any) -> None:
    from armybuilder.cli.render import table
    from armybuilder.events.sheets import result_words

    if not games:
        print("no round paired yet")
        return
    print(f"round {games[0].round} of {t.settings.rounds}")
    opponent = {True: "house army (AI-played bye)", False: "bye"}
    print(table(["table", "side a", "side b", "result"],
                [[g.board, t.name_of(g.a),
                  t.name_of(g.b) if g.b is not None else opponent[g.how == "bye game"],
                  result_words(t, g)] for g in games]))


def print_standings(t: Any) -> None:
    from armybuilder.cli.render import table

    ranked = t.standings()
    print(table(["#", "player", "score", "W-L-D", "byes", "SOS", "VP", "note"],
                [[r.rank, r.name, f"{float(r.score):g}", f"{r.wins}-{r.losses}-{r.draws}",
                  r.byes, f"{float(r.sos):.3f}", r.vp,
                  f"dropped after round {r.dropped}" if r.dropped is not None else ""]
                 for r in ranked]))
    print("ties broken by strength of schedule (SOS: opponents' mean score per round), "
          "then victory points")


def cmd_new(args: argparse.Namespace) -> int:
    from armybuilder.events.tournament import Settings
    from armybuilder.play.new import fresh_seed

    settings = Settings(format=args.format, points=args.points, rounds=args.rounds,
                        pairing=args.pairing,
                        seed=fresh_seed() if args.seed is None else args.seed,
                        game_rounds=args.game_rounds, terrain=args.terrain,
                        players=args.players, profile_name=args.profile or "")
    service = _service(args)
    service.create(args.name, settings, args.house_army)
    print(f"created tournament '{shown(args.name)}': {args.format}, {args.points} points, "
          f"{args.rounds} round{'s' if args.rounds != 1 else ''} ({args.pairing}), seed "
          f"{settings.seed}")
    return 0


def cmd_register(args: argparse.Namespace) -> int:
    from armybuilder.events.lists import IllegalList, version_text

    service = _service(args)
    pool = None
    if args.pool:
        from armybuilder.events.sealed import SealedPools

        pool = SealedPools(service.catalogue).get(args.pool).counts()
    try:
        player = service.register(args.name, args.source, args.player, pool)
    except IllegalList as exc:
        print(f"armybuilder: error: {shown(str(exc).split(':')[0])}; refused:",
              file=sys.stderr)
        for f in exc.findings:
            print(f"  {f.severity} {f.rule}: {shown(f.message)}  [{f.source}]",
                  file=sys.stderr)
        return 2
    lst = player.list
    late = f", a late entry paired from round {player.entered}" if player.entered > 1 else ""
    print(f"registered {shown(player.name)} as player {player.number}{late}: "
          f"{lst.points}/{lst.build_total} points, {sum(e.count for e in lst.entries)} "
          f"figures ({version_text(lst.catalogue, lst.errata)})")
    print(f"  list code: {lst.code}")
    for w in lst.warnings:
        print(f"  warning: {shown(w)}")
    return 0


def cmd_drop(args: argparse.Namespace) -> int:
    player = _service(args).drop(args.name, args.player)
    print(f"{shown(player.name)} dropped after round {player.dropped}")
    return 0


def cmd_pair(args: argparse.Namespace) -> int:
    service = _service(args)
    games = service.pair(args.name, bye_game=args.bye_game)
    t = service.get(args.name)
    if args.json:
        print(json_text(games_json(t, games)))
        return 0
    print_round(t, games)
    return 0


def cmd_result(args: argparse.Namespace) -> int:
    from armybuilder.events.sheets import result_words

    service = _service(args)
    vp_a, vp_b = args.score
    game = service.result(args.name, args.table, vp_a, vp_b, args.winner)
    t = service.get(args.name)
    print(f"round {game.round}, table {game.board}: {shown(t.name_of(game.a))} v "
          f"{shown(t.name_of(game.b))}: {result_words(t, game)}")
    left = len(t.open_games)
    print(f"{left} game{'s' if left != 1 else ''} of round {t.round} still to play"
          if left else f"round {t.round} is complete")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from armybuilder.events.sheets import result_words

    service = _service(args)
    t = service.get(args.name)

    def told(game: Any) -> None:
        if not args.json:
            print(f"table {game.board}: {shown(t.name_of(game.a))} v "
                  f"{shown(t.name_of(game.b) if game.b is not None else 'house army')}: "
                  f"{result_words(t, game)}", flush=True)

    games = service.play(args.name, progress=told)
    t = service.get(args.name)
    if args.json:
        print(json_text(games_json(t, games)))
    elif not games:
        print(f"round {t.round} of '{shown(t.name)}' has no game left to play")
    return 0


def cmd_standings(args: argparse.Namespace) -> int:
    t = _service(args).get(args.name)
    if args.json:
        print(json_text({"tournament": t.name, "round": t.round,
                         "rounds": t.settings.rounds, "over": t.over,
                         "standings": [r.as_dict() for r in t.standings()]}))
        return 0
    print(f"'{shown(t.name)}' after round {t.round} of {t.settings.rounds}"
          + (" (final)" if t.over else ""))
    print_standings(t)
    return 0


def cmd_pairings(args: argparse.Namespace) -> int:
    t = _service(args).get(args.name)
    games = t.round_games(args.round)
    if args.json:
        print(json_text(games_json(t, games)))
        return 0
    print_round(t, games)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from armybuilder.events.lists import version_text

    service = _service(args)
    t = service.get(args.name)
    flags = service.flags(t)
    if args.json:
        print(json_text({
            "name": t.name, "settings": {k: v for k, v in t.settings.to_dict().items()
                                         if k != "house"},
            "round": t.round, "over": t.over,
            "players": [{"number": p.number, "player": p.name, "army": p.list.army,
                         "points": p.list.points, "code": p.list.code,
                         "entered": p.entered, "dropped": p.dropped,
                         "catalogue": p.list.catalogue, "errata": p.list.errata,
                         "entries": [e.as_dict() for e in p.list.entries],
                         "changed": flags[p.number]} for p in t.players],
            "games": games_json(t, t.games)}))
        return 0
    s = t.settings
    print(f"'{shown(t.name)}': {s.format}, {s.points} points, round {t.round} of "
          f"{s.rounds} ({s.pairing}), seed {s.seed}")
    for p in t.players:
        state = (f", dropped after round {p.dropped}" if p.dropped is not None else "") + (
            f", entered in round {p.entered}" if p.entered > 1 else "")
        print(f"  {p.number}. {shown(p.name)}: {shown(p.list.army)}, {p.list.points} "
              f"points{state} ({version_text(p.list.catalogue, p.list.errata)})")
        for change in flags[p.number]:
            print(f"     changed since registration: {shown(change)}")
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    service = _service(args)
    found = [service.get(n) for n in service.names()]
    if args.json:
        print(json_text([{"name": t.name, "format": t.settings.format,
                          "players": len(t.players), "round": t.round,
                          "rounds": t.settings.rounds, "over": t.over} for t in found]))
        return 0
    if not found:
        print("no tournaments yet (armybuilder tournament new NAME --rounds 4 --points 200)")
        return 0
    from armybuilder.cli.render import table

    print(table(["tournament", "format", "players", "round"],
                [[t.name, t.settings.format, len(t.players),
                  f"{t.round}/{t.settings.rounds}" + (" final" if t.over else "")]
                 for t in found]))
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    _service(args).delete(args.name)
    print(f"deleted tournament '{shown(args.name)}'")
    return 0


def cmd_print(args: argparse.Namespace) -> int:
    from pathlib import Path

    from armybuilder.events.sheets import sheet
    from armybuilder.export.event_sheets import write_sheet

    service = _service(args)
    t = service.get(args.name)
    written = write_sheet(sheet(t, args.what, args.round, service.flags(t)), Path(args.path),
                          force=args.force, paper=args.paper)
    print(f"wrote {shown(str(written))}")
    return 0


#: sim.defaults.DEFAULT_ROUNDS, the standard game's hour (kept here: the parser loads no sim).
DEFAULT_ROUNDS = 25


def add_commands(commands: Any, add_db: Any) -> None:
    tour = commands.add_parser("tournament", help="club tournaments: lists, pairings, "
                                                  "results, standings")
    sub = tour.add_subparsers(dest="tournament_command", metavar="ACTION", required=True)

    p = sub.add_parser("new", help="a new tournament")
    p.add_argument("name")
    p.add_argument("--rounds", type=whole(1, 20), default=4)
    p.add_argument("--points", type=whole(100, 10_000), default=200)
    p.add_argument("--format", choices=("constructed", "sealed", "draft"),
                   default="constructed")
    p.add_argument("--pairing", choices=("swiss", "round-robin"), default="swiss")
    p.add_argument("--profile", default=None,
                   help="the format profile lists are checked by (default: constructed; "
                        "sealed and draft: sealed)")
    p.add_argument("--seed", type=whole(0, 2**62), default=None)
    p.add_argument("--game-rounds", type=whole(1, 200), default=DEFAULT_ROUNDS,
                   help=f"time limit of an AI-played game, in rounds (default "
                        f"{DEFAULT_ROUNDS})")
    p.add_argument("--terrain", default="standard")
    p.add_argument("--players", default="heuristic",
                   help="the AI that plays `tournament play` games (default heuristic)")
    p.add_argument("--house-army", default=None,
                   help="a saved army the AI plays against a bye (tournament pair "
                        "--bye-game)")
    p.set_defaults(run=cmd_new)

    p = sub.add_parser("register", help="register a list: a saved army or a share code")
    p.add_argument("name")
    p.add_argument("source", metavar="ARMY|CODE")
    p.add_argument("--player", default=None, help="the player's name (default: the army's)")
    p.add_argument("--pool", default=None, help="sealed: the player's sealed pool")
    p.set_defaults(run=cmd_register)

    p = sub.add_parser("drop", help="a player leaves the event")
    p.add_argument("name")
    p.add_argument("player")
    p.set_defaults(run=cmd_drop)

    p = sub.add_parser("pair", help="pair the next round")
    p.add_argument("name")
    p.add_argument("--bye-game", action="store_true",
                   help="the bye plays the house army, the AI commanding both")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_pair)

    p = sub.add_parser("result", help="a result by hand: the victory points A-B")
    p.add_argument("name")
    p.add_argument("table", type=whole(1, 10_000))
    p.add_argument("score", type=_score, metavar="A-B")
    p.add_argument("--winner", choices=("a", "b"), default=None,
                   help="who won when the victory points are level (the smaller army)")
    p.set_defaults(run=cmd_result)

    p = sub.add_parser("play", help="the AIs play the round's open games")
    p.add_argument("name")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_play)

    for verb, helped, run in (("standings", "the standings with tiebreakers", cmd_standings),
                              ("pairings", "a round's pairings", cmd_pairings),
                              ("show", "settings, players and their lists", cmd_show)):
        p = sub.add_parser(verb, help=helped)
        p.add_argument("name")
        if verb == "pairings":
            p.add_argument("--round", type=whole(1, 20), default=None)
        p.add_argument("--json", action="store_true")
        p.set_defaults(run=run)

    p = sub.add_parser("list", help="every tournament")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_list)

    p = sub.add_parser("delete", help="forget a tournament")
    p.add_argument("name")
    p.set_defaults(run=cmd_delete)

    p = sub.add_parser("print", help="pairings, standings or decklists as a PDF")
    p.add_argument("name")
    p.add_argument("what", choices=("pairings", "standings", "decklists"))
    p.add_argument("path")
    p.add_argument("--round", type=whole(1, 20), default=None)
    p.add_argument("--paper", choices=("a4", "letter"), default="a4")
    p.add_argument("--force", action="store_true")
    p.set_defaults(run=cmd_print)

    for p in sub.choices.values():
        add_db(p)
