"""The ``campaign`` commands: World Conquest campaigns between saved armies.

    armybuilder campaign new NAME --armies A,B,C,D [--seats human,ai,ai,ai] [--seed S]
                             [--pool all|EXPANSION,...|COLLECTION] [--map FILE]
                             [--house-rules FILE]
    armybuilder campaign run NAME [--turns N]
    armybuilder campaign show NAME [--json] [--log N]
    armybuilder campaign list | map NAME | delete NAME | battle NAME N [--log PATH]
    armybuilder campaign play NAME   (a battle a human fights, on the app's play screen)
    armybuilder campaign hq|buy|fortify|transfer|form|move|respond|fight|retreat|keep|
                         ransom|accept|banner|pass NAME ...   (a human player's decisions)

Everything the campaign needs is imported when a command runs, so ``armybuilder --help``
loads none of it.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from armybuilder.cli.options import whole
from armybuilder.text import counted, json_text, shown

MANY = 2**31


def _runner(args: argparse.Namespace) -> Any:
    from armybuilder.campaign.service import Runner
    from armybuilder.catalogue.service import Catalogue

    return Runner.open(Catalogue.open(args.db), args.name)


def _print_events(runner: Any, events: list[dict[str, Any]]) -> None:
    from armybuilder.campaign.narrate import line

    for e in events:
        text = line(runner.campaign, e)
        if text:
            print(shown(text))


def _waiting(runner: Any) -> None:
    c = runner.campaign
    if c.over:
        print(f"{shown(c.players[c.winner].name)} has won the campaign")
        return
    print(f"waiting for: {shown(runner.waiting_for())}")
    hint = _hint(runner)
    if hint:
        print(hint)


def _hint(runner: Any) -> str:
    c = runner.campaign
    d = c.decision()
    if d is None:
        return ""
    name = shown(runner.name)
    if d.kind == "battle":
        if runner.human_to_decide():
            saved = runner.playing()
            if saved is not None and saved.over:
                return (f"  played to its end as game {saved.id}: armybuilder campaign play "
                        f"'{name}' (or run) takes its result")
            if saved is not None:
                return (f"  being played as game {saved.id} (round {saved.round}): go on "
                        f"with armybuilder campaign play '{name}', or let the engine's AI "
                        f"finish it: armybuilder campaign fight '{name}'")
            return (f"  play it yourself: armybuilder campaign play '{name}' (the app's play "
                    f"screen), or auto-resolve it: armybuilder campaign fight '{name}' (the "
                    "engine's AI fights every side, yours too)")
        return f"  armybuilder campaign run '{name}'"
    if d.player is not None and c.players[d.player].seat == "ai":
        return f"  an AI decision: armybuilder campaign run '{name}'"
    return {
        "hq": f"  armybuilder campaign hq '{name}' TERRITORY",
        "purchase": f"  armybuilder campaign buy|fortify|transfer|form '{name}' ..., "
                    f"or pass",
        "move": f"  armybuilder campaign move '{name}' --army ID TERRITORY, or pass to end "
                "the turn",
        "respond": f"  armybuilder campaign respond '{name}' --army ID ..., or pass",
        "retreat": f"  armybuilder campaign retreat '{name}' TERRITORY",
        "captive": f"  armybuilder campaign keep|ransom '{name}' ..., or pass (keep)",
        "ransom": f"  armybuilder campaign accept '{name}' --army ID, or pass (refuse)",
        "banner": f"  armybuilder campaign banner '{name}', or pass",
    }.get(d.kind, "")


# --- new, list, show, map, delete --------------------------------------------------------


def cmd_new(args: argparse.Namespace) -> int:
    from armybuilder.campaign.house_rules import HouseRules, battle_ai
    from armybuilder.campaign.service import Runner, map_from_file, muster
    from armybuilder.campaign.store import CampaignError, Campaigns, campaign_name
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.cli.battle import thinking

    name = campaign_name(args.name)
    rules = HouseRules.read(args.house_rules) if args.house_rules else HouseRules()
    if args.ai is not None or args.think is not None:
        ai = args.ai or rules.battle_ai
        if args.think is not None and not ai.startswith("expert"):
            raise CampaignError("--think is the expert AI's budget: use it with --ai expert")
        rules = replace(rules, battle_ai=battle_ai(thinking(ai, args.think), "--ai"))
    world = map_from_file(args.map) if args.map else None
    armies = [a.strip() for a in args.armies.split(",") if a.strip()]
    # An empty --seats is a list of no seats, refused as any wrong list is (not "all ai").
    seats = None if args.seats is None else [s.strip().lower() for s in args.seats.split(",")]
    catalogue = Catalogue.open(args.db)
    if name.lower() in (n.lower() for n in Campaigns(catalogue).names()):
        from armybuilder.campaign.store import CampaignError
        raise CampaignError(f"a campaign named {name!r} already exists")
    mustered = muster(catalogue, armies, seats=seats, seed=args.seed, pool=args.pool,
                      rules=rules, world=world)
    runner = Runner.new(catalogue, name, mustered.start)
    for note in mustered.notes:
        print(f"armybuilder: note: {shown(note)}", file=sys.stderr)
    c = runner.campaign
    print(f"created campaign '{shown(runner.name)}': {len(c.players)} players, seed "
          f"{args.seed}, pool of {len(c.pool())} warriors ({shown(mustered.start.pool_source)})")
    for p in c.players:
        print(f"  {shown(p.name)} ({p.seat}): {shown(p.faction)}")
    _print_events(runner, c.log[0]["events"])
    _waiting(runner)
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    from armybuilder.campaign.store import Campaigns
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.cli.render import table

    listed = Campaigns(Catalogue.open(args.db)).list()
    if args.json:
        print(json_text([{"name": x.name, "steps": x.steps, "updated": x.updated,
                          **x.summary} for x in listed]))
        return 0
    if not listed:
        print("no campaigns yet (armybuilder campaign new NAME --armies A,B)")
        return 0
    print(table(["campaign", "turn", "players", "winner", "updated"], [
        [x.name, x.summary.get("turn"),
         ", ".join(f"{p['name']} {p['gold']}g {p['territories']}t"
                   for p in x.summary.get("players", [])),
         x.summary.get("winner") if x.summary.get("winner") is None
         else x.summary["players"][x.summary["winner"]]["name"], x.updated]
        for x in listed]))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from armybuilder.campaign.narrate import as_json, map_text
    from armybuilder.cli.render import table

    runner = _runner(args)
    c = runner.campaign
    data = as_json(c, runner.name, args.log)
    if args.json:
        print(json_text(data))
        return 0
    print(f"campaign '{shown(runner.name)}': turn {c.turn}, round {c.round}, "
          f"{c.battles} battle{'s' if c.battles != 1 else ''}")
    print(table(["#", "player", "seat", "faction", "gold", "HQ", "territories", "armies"], [
        [i + 1, p["name"] + (" (out)" if p["out"] else ""), p["seat"], p["faction"],
         p["gold"], p["hq"], len(p["territories"]),
         sum(1 for a in p["armies"] if a["kind"] == "army")]
        for i, p in enumerate(data["players"])]))
    print()
    for row in map_text(c):
        print(shown(row))
    print()
    for p in data["players"]:
        for a in p["armies"]:
            warriors = ", ".join(
                f"{w['name']} #{w['id']} click {w['click'] + 1}/{w['clicks']}"
                + (" (General)" if w["id"] == a["general"] else "") for w in a["warriors"])
            print(shown(f"{p['name']}: {a['kind']} {a['id']} in {a['territory']}: {warriors}"))
    if data["weather"]:
        print("weather: " + ", ".join(f"{m['name']} in {m['territory']} ({m['turns_left']} "
                                      "turns left)" for m in data["weather"]))
    if data["log"]:
        print()
        for entry in data["log"]:
            print(shown(f"[{entry['step']}] {entry['text']}"))
    print()
    _waiting(runner)
    return 0


def cmd_map(args: argparse.Namespace) -> int:
    runner = _runner(args)
    print(runner.campaign.world.to_text(), end="")
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    from armybuilder.campaign.store import Campaigns
    from armybuilder.catalogue.service import Catalogue

    store = Campaigns(Catalogue.open(args.db))
    store.delete(args.name)
    print(f"deleted campaign '{shown(args.name)}'")
    return 0


# --- running ----------------------------------------------------------------------------


def cmd_run(args: argparse.Namespace) -> int:
    import time

    runner = _runner(args)
    c = runner.campaign
    first = len(c.log)
    started = time.perf_counter()
    tty = sys.stderr.isatty()

    def progress(camp: Any, kind: str) -> None:
        if tty:
            sys.stderr.write(f"\rturn {camp.turn}, round {camp.round}, "
                             f"{counted(camp.battles, 'battle')}")
            sys.stderr.flush()

    why = runner.run(turns=args.turns, progress=progress)
    if tty:
        sys.stderr.write("\n")
    seconds = time.perf_counter() - started
    if args.json:
        from armybuilder.campaign.narrate import as_json

        data = as_json(c, runner.name, 0)
        data["stopped"] = why
        data["seconds"] = round(seconds, 3)
        print(json_text(data))
        return 0
    from armybuilder.campaign.narrate import lines

    for _, text in lines(c, first)[-args.tail:] if args.tail else []:
        print(shown(text))
    print(f"{len(c.log) - first} steps in {seconds:.1f} s; turn {c.turn}, round {c.round}; "
          f"stopped: {_why(why)}")
    _waiting(runner)
    return 0


def _why(why: str) -> str:
    return {"won": "the campaign is won", "human": "a human player decides",
            "turns": "the turn limit", "stopped": "stopped"}.get(why, why)


def _act(args: argparse.Namespace, make: Any) -> int:
    runner = _runner(args)
    c = runner.campaign
    d = c.decision()
    if c.over:
        raise_user(f"campaign '{runner.name}' is over")
    assert d is not None
    if d.kind == "battle" or d.player is None:
        raise_user(f"the campaign waits for {runner.waiting_for()}")
    if c.players[d.player].seat != "human":
        raise_user(f"it is {c.players[d.player].name}'s decision, an AI player's: "
                   f"armybuilder campaign run '{runner.name}'")
    events = runner.act(make(c, d.player))
    _print_events(runner, events)
    _waiting(runner)
    return 0


def raise_user(message: str) -> None:
    from armybuilder.cli.errors import UserError

    raise UserError(message)


def _figure(c: Any, ref: str) -> str:
    """A figure of the pool by key (``demo:5``), or by name, with its rank when several
    share it (``"Demo Crossbowman standard"``), any case."""
    wanted = ref.strip().lower()
    if wanted in c.figures:
        return wanted
    name, _, rank = wanted.rpartition(" ")
    keys = sorted({w.key for w in c.pool()
                   if c.card(w).name.lower() == wanted
                   or (c.card(w).name.lower() == name and c.card(w).rank == rank)})
    if len(keys) == 1:
        return keys[0]
    if len(keys) > 1:
        raise_user(f"{ref!r} names several figures in the pool: {', '.join(keys)}; add the "
                   "rank or use a key")
    raise_user(f"no figure {ref!r} in the pool (armybuilder campaign show NAME --json lists "
               "it)")
    return ""


def cmd_fight(args: argparse.Namespace) -> int:
    runner = _runner(args)
    d = runner.campaign.decision()
    if d is None or d.kind != "battle":
        raise_user(f"no battle waits to be fought: {runner.waiting_for()}")
    saved = runner.playing()
    if saved is not None and not saved.over:
        print(f"game {saved.id} (round {saved.round}) is finished by the engine's AI on "
              "every side")
    _print_events(runner, runner.fight())
    _waiting(runner)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """The battle a human fights, on the app's play screen (a new game, or the one it is
    already played as); when the app closes on a finished game, its result is the
    battle's."""
    from armybuilder.campaign.played import human_sides

    runner = _runner(args)
    c = runner.campaign
    taken = runner.take_played()
    if taken is not None:  # played to its end meanwhile (in the app): the battle's result
        _print_events(runner, taken)
        _waiting(runner)
        return 0
    if not human_sides(c):
        raise_user(f"campaign '{runner.name}': there is no battle awaiting a human player "
                   f"(waiting for: {runner.waiting_for()})")
    at = c.battle
    fresh = runner.playing() is None
    game_id = runner.play_battle()
    print(f"battle {at.number} in {at.territory}: "
          + " against ".join(shown(c.players[p].name) for p in at.sides)
          + f"; {'a new' if fresh else 'going on with'} game {game_id} on the play screen")
    from armybuilder.tui.app import run_app

    logged = len(c.log)
    # Over the campaign's screen, as in the app: q on the play screen goes back to it.
    code = run_app(args.db, play=game_id, campaign=runner.name)
    if code:
        return int(code)
    runner = _runner(args)  # the game was played in the app: the campaign as saved
    events = runner.take_played()
    went_on = [e for entry in runner.campaign.log[logged:] for e in entry["events"]]
    if events is None and went_on:  # its result taken on the campaign's screen
        _print_events(runner, went_on)
    elif events is None:
        saved = runner.playing()
        print(f"game {game_id} is not over (round {saved.round if saved else '?'}): "
              f"armybuilder campaign play '{shown(runner.name)}' goes on with it")
    else:
        _print_events(runner, events)
    _waiting(runner)
    return 0


def cmd_battle(args: argparse.Namespace) -> int:
    """Fight battle N of a campaign again from its start (the same events) and write its
    engine log, for ``armybuilder battle replay``."""
    from armybuilder.campaign.battle import commanders, play_out
    from armybuilder.campaign.store import Campaigns
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.engine import setup_from_dict
    from armybuilder.files import check_destination, write_atomically

    catalogue = Catalogue.open(args.db)
    kept = Campaigns(catalogue).battle(args.name, args.number)
    if args.log:
        check_destination(Path(args.log), args.force)
    if "game" in kept["players"]:
        return _played_battle(catalogue, kept, args)
    start = setup_from_dict(kept["scenario"])
    game, _ = play_out(start, commanders(kept["players"]["sides"],
                                         kept["players"]["withdraw_below"],
                                         kept["players"].get("ai", "heuristic")))
    out = game.outcome
    print(f"battle {kept['number']} in {kept['territory']}: {out.termination.value} after "
          f"{out.round} rounds; winners: {', '.join(game.players[i].name for i in out.winners)}")
    if args.log:
        write_atomically(Path(args.log), game.log_json(), args.force)
        print(f"wrote {shown(args.log)} (armybuilder battle replay {shown(args.log)})",
              file=sys.stderr)
    return 0


def _played_battle(catalogue: Any, kept: dict[str, Any], args: argparse.Namespace) -> int:
    """A battle played on the play screen: its saved game, told from its log."""
    from armybuilder.engine import replay
    from armybuilder.files import write_atomically
    from armybuilder.play.games import Games

    game_id = kept["players"]["game"]
    log = Games(catalogue).log(game_id)
    game = replay(log)
    if not game.over:
        print(f"battle {kept['number']} in {kept['territory']}: being played as game "
              f"{game_id}, round {game.round}")
    else:
        out = game.outcome
        print(f"battle {kept['number']} in {kept['territory']} (played as game {game_id}): "
              f"{out.termination.value} after {out.round} rounds; winners: "
              f"{', '.join(shown(game.players[i].name) for i in out.winners)}")
    if args.log:
        write_atomically(Path(args.log), log, args.force)
        print(f"wrote {shown(args.log)} (armybuilder battle replay {shown(args.log)})",
              file=sys.stderr)
    return 0


# --- the parser -------------------------------------------------------------------------


def _decisions(sub: Any, add_db: Any) -> None:
    from_names: dict[str, tuple[str, list[tuple[str, dict[str, Any]]], dict[str, Any]]] = {
        "hq": ("choose your Head Quarters", [("territory", {"metavar": "TERRITORY"})], {}),
        "buy": ("buy a warrior from the pool for an army",
                [("figure", {"metavar": "FIGURE"})], {"--army": {"type": int,
                                                                 "required": True}}),
        "fortify": ("buy a banner, outpost, fort or castle",
                    [("territory", {"metavar": "TERRITORY"}),
                     ("level", {"choices": ("banner", "outpost", "fort", "castle")})], {}),
        "transfer": ("move warriors into another band in the same territory",
                     [("warriors", {"metavar": "WARRIOR", "type": int, "nargs": "+"})],
                     {"--into": {"type": int, "required": True}}),
        "form": ("declare a unique warrior the General of the warriors listed",
                 [("general", {"metavar": "GENERAL", "type": int}),
                  ("warriors", {"metavar": "WARRIOR", "type": int, "nargs": "+"})], {}),
        "move": ("a troop movement", [("territory", {"metavar": "TERRITORY"})],
                 {"--army": {"type": int, "required": True}}),
        "respond": ("move armies to an opponent's destination", [],
                    {"--army": {"type": int, "action": "append", "required": True}}),
        "retreat": ("where your survivors withdraw to",
                    [("territory", {"metavar": "TERRITORY"})], {}),
        "keep": ("a captive joins the army that captured it", [], {}),
        "ransom": ("offer a captive for gold", [],
                   {"--to": {"required": True}, "--gold": {"type": whole(0, 10**9),
                                                           "required": True}}),
        "accept": ("accept a ransom offered to you", [],
                   {"--army": {"type": int, "required": True}}),
        "banner": ("buy and place a banner where you won", [], {}),
        "pass": ("no more: end the purchases or the turn, do not respond, refuse the "
                 "ransom, no banner, keep the captive (or, with nowhere to withdraw to, lose "
                 "the survivors)", [], {}),
    }
    for verb, (helptext, positionals, options) in from_names.items():
        p = sub.add_parser(verb, help=helptext)
        p.add_argument("name", metavar="NAME")
        for arg, kw in positionals:
            p.add_argument(arg, **kw)
        for flag, kw in options.items():
            p.add_argument(flag, **kw)
        p.set_defaults(run=lambda a, v=verb: _act(a, _maker(v, a)))
        add_db(p)


def _maker(verb: str, args: argparse.Namespace) -> Any:
    from armybuilder.campaign import actions as act

    def player_named(c: Any, name: str) -> int:
        for p in c.players:
            if p.name.lower() == name.strip().lower() or str(p.index + 1) == name.strip():
                return int(p.index)
        raise_user(f"--to: no player {name!r} ({', '.join(p.name for p in c.players)})")
        return -1

    def territory(text: str) -> str:
        return text.strip().upper()

    def make(c: Any, player: int) -> Any:
        d = c.decision()
        if verb == "hq":
            return act.ChooseHQ(player, territory(args.territory))
        if verb == "buy":
            return act.Buy(player, _figure(c, args.figure), args.army)
        if verb == "fortify":
            return act.Fortify(player, territory(args.territory), args.level)
        if verb == "transfer":
            return act.Transfer(player, tuple(args.warriors), args.into)
        if verb == "form":
            return act.FormArmy(player, args.general, tuple(args.warriors))
        if verb == "move":
            return act.Move(player, args.army, territory(args.territory))
        if verb == "respond":
            return act.Respond(player, tuple(args.army))
        if verb == "retreat":
            return act.Retreat(player, territory(args.territory))
        if verb in ("keep", "ransom"):
            if d.kind != "captive":
                raise_user(f"no captive waits for you: {d.kind}")
            if verb == "keep":
                return act.KeepCaptive(player, d.data["warrior"])
            return act.OfferRansom(player, d.data["warrior"], player_named(c, args.to),
                                   args.gold)
        if verb == "accept":
            if d.kind != "ransom":
                raise_user("no ransom is offered to you")
            return act.AcceptRansom(player, d.data["warrior"], args.army)
        if verb == "banner":
            return act.PlantBanner(player)
        return act.Pass(player)

    return make


def add_commands(commands: Any, add_db: Any) -> None:
    camp = commands.add_parser(
        "campaign", help="World Conquest campaigns between saved armies",
        description="World Conquest: 2, 3, 4 or 6 players, one 300-point army each, on a "
                    "6x6 map; gold, weather, troop movements; a battle a human fights in "
                    "played on the play screen or auto-resolved, the others fought by the "
                    "engine.")
    sub = camp.add_subparsers(dest="campaign_command", metavar="COMMAND", required=True)

    p = sub.add_parser("new", help="start a campaign")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--armies", required=True,
                   help="one saved army per player, separated by commas (2, 3, 4 or 6)")
    p.add_argument("--seats", help="human or ai for each army, e.g. human,ai,ai,ai "
                                   "(default: all ai)")
    p.add_argument("--seed", type=whole(0, 2**63 - 1), default=1)
    p.add_argument("--pool", default="all",
                   help="the buying pool: all (the whole catalogue), expansions separated "
                        "by commas, or a saved army used as a collection")
    p.add_argument("--map", type=Path, help="a map file a group drew (six rows of six "
                                            "faction codes; `campaign map NAME` writes one)")
    p.add_argument("--house-rules", type=Path,
                   help="a TOML or JSON file changing the campaign's rules (README)")
    p.add_argument("--ai", choices=("heuristic", "expert"), default=None,
                   help="who commands the AI sides in battle: the heuristic AI (default) or "
                        "the expert AI (the house rule battle_ai)")
    p.add_argument("--think", default=None, metavar="N",
                   help="with --ai expert: simulations per decision (a number: a campaign "
                        "replays exactly, so no time budget)")
    p.set_defaults(run=cmd_new)
    add_db(p)

    p = sub.add_parser("list", help="saved campaigns")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_list)
    add_db(p)

    p = sub.add_parser("show", help="the map, gold, armies, weather and the log")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--json", action="store_true")
    p.add_argument("--log", type=whole(0, MANY), default=20,
                   help="how many of the log's last lines to show (default 20)")
    p.set_defaults(run=cmd_show)
    add_db(p)

    p = sub.add_parser("run", help="play the AI's decisions and battles until a human "
                                   "decides, the campaign is won, or --turns turns")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--turns", type=whole(1, 100_000), default=None,
                   help="stop after this many more turns (one player's turn each)")
    p.add_argument("--tail", type=whole(0, MANY), default=10,
                   help="how many lines of what happened to print (default 10)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_run)
    add_db(p)

    p = sub.add_parser("map", help="the campaign's map as a file a group can edit")
    p.add_argument("name", metavar="NAME")
    p.set_defaults(run=cmd_map)
    add_db(p)

    p = sub.add_parser("delete", help="delete a campaign")
    p.add_argument("name", metavar="NAME")
    p.set_defaults(run=cmd_delete)
    add_db(p)

    p = sub.add_parser("fight", help="auto-resolve the battle waiting to be fought (one "
                                     "being played on the play screen: the AI finishes it)")
    p.add_argument("name", metavar="NAME")
    p.set_defaults(run=cmd_fight)
    add_db(p)

    p = sub.add_parser("play", help="play the battle a human fights in yourself, on the "
                                    "app's play screen (or go on with it)")
    p.add_argument("name", metavar="NAME")
    p.set_defaults(run=cmd_play)
    add_db(p)

    p = sub.add_parser("battle", help="fight a campaign's battle N again from its start "
                                      "and write its engine log")
    p.add_argument("name", metavar="NAME")
    p.add_argument("number", metavar="N", type=whole(1, MANY))
    p.add_argument("--log", metavar="PATH", help="write the game's JSON event log here")
    p.add_argument("--force", action="store_true", help="--log: overwrite the file")
    p.set_defaults(run=cmd_battle)
    add_db(p)

    _decisions(sub, add_db)
    from armybuilder.cli import names

    for verb, p in sub.choices.items():
        if verb not in ("new", "list"):
            # The campaign named is any saved campaign's name forgiven (never guessed to
            # delete).
            p.set_defaults(run=names.forgiving(p.get_default("run"), names.campaign,
                                               guess=verb != "delete"))
