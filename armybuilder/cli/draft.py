"""The ``draft`` commands: a booster draft, the armies built from the picks, and the event.

    armybuilder draft new NAME --seats 6 --packs 3 [--human 1] [--seed S] [--expansion E]
                               [--points 200] [--event round-robin|swiss] [--rounds N]
    armybuilder draft show NAME [--json]          the pack in your hands, everyone's picks
    armybuilder draft pick NAME FIGURE [--seat N] a human seat's pick
    armybuilder draft run NAME [--army ARMY]      AI picks, the armies, the event to its end
    armybuilder draft list [--json] | delete NAME

With no human seat, ``draft new`` runs the whole event: the draft, every army, every round.
"""

from __future__ import annotations

import argparse
from typing import Any

from armybuilder.cli.options import whole
from armybuilder.text import json_text, shown


def _drafts(args: argparse.Namespace) -> Any:
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.events.draft import Drafts

    return Drafts(Catalogue.open(args.db))


def _figure(draft: Any, key: str) -> str:
    f = draft.start.figures[key]
    return f"{f['name']} {f['rank']} ({key}, {f['points']} pts)"


def print_draft(draft: Any) -> None:
    s = draft.start
    print(f"draft '{shown(draft.name)}': {s.seats} seats, {s.packs} packs of {s.pack_size} "
          f"({s.expansion}), {s.points} points, pick {min(draft.step + 1, s.steps)} of "
          f"{s.steps}, {draft.status}")
    waiting = draft.waiting_for()
    if waiting is not None:
        print(f"seat {waiting} (you) holds, passed "
              f"{'left' if draft.direction(draft.step // s.pack_size + 1) > 0 else 'right'}:")
        for key in draft.pack_in_hand(waiting):
            w = draft.worth(key)
            print(f"  {shown(_figure(draft, key))}: worth {w.vp:.0f} VP, "
                  f"{w.per_point:.2f} a point")
    for seat in range(1, s.seats + 1):
        summary = draft.summary(seat)
        factions = ", ".join(f"{k} {v}" for k, v in summary["factions"].items())
        print(f"  seat {seat}{' (you)' if summary['human'] else ''}: "
              f"{len(summary['picks'])} picks, {summary['points']} points"
              + (f"; {shown(factions)}" if factions else ""))


def _finish(args: argparse.Namespace, drafts: Any, name: str, armies: dict[int, str]) -> int:
    draft = drafts.advance(name)
    if not draft.done:
        print_draft(draft)
        print(f"pick with: armybuilder draft pick '{shown(draft.name)}' FIGURE (or in the "
              "app, F8)")
        return 0
    if draft.status == "drafting":
        draft = drafts.build(name, armies)
        print(f"the draft is over; every seat's army is registered in tournament "
              f"'{shown(draft.name)}'")
    if draft.status != "over":
        drafts.play(name, told=lambda line: print(f"  {line}", flush=True))
    from armybuilder.cli.tournament import print_standings
    from armybuilder.events.tournament import Tournaments

    t = Tournaments(drafts.catalogue).get(name)
    print(f"'{shown(t.name)}' final standings:")
    print_standings(t)
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    from armybuilder.play.new import fresh_seed

    drafts = _drafts(args)
    seed = fresh_seed() if args.seed is None else args.seed
    draft = drafts.new(args.name, seats=args.seats, packs=args.packs,
                       expansion=args.expansion, seed=seed, points=args.points,
                       humans=tuple(args.human or ()), event=args.event, rounds=args.rounds,
                       game_rounds=args.game_rounds, boosters=args.boosters)
    print(f"created draft '{shown(draft.name)}': {args.seats} seats, {args.packs} packs "
          f"of {draft.start.pack_size}, seed {seed}")
    return _finish(args, drafts, draft.name, {})


def cmd_show(args: argparse.Namespace) -> int:
    draft = _drafts(args).get(args.name)
    if args.json:
        data = draft.as_json()
        waiting = draft.waiting_for()
        data["pack"] = [] if waiting is None else [
            {"figure": k, **draft.start.figures[k], "worth": round(draft.worth(k).vp, 1),
             "per_point": round(draft.worth(k).per_point, 3)}
            for k in draft.pack_in_hand(waiting)]
        print(json_text(data))
        return 0
    print_draft(draft)
    return 0


def cmd_pick(args: argparse.Namespace) -> int:
    drafts = _drafts(args)
    draft = drafts.get(args.name)
    seat = args.seat if args.seat is not None else (draft.waiting_for() or (
        draft.start.humans[0] if draft.start.humans else 1))
    pick = drafts.pick(args.name, seat, args.figure)
    print(f"seat {seat} picks {shown(_figure(draft, pick.key))}")
    draft = drafts.advance(args.name)
    if draft.done:
        print(f"the draft is over: armybuilder draft run '{shown(draft.name)}' builds the "
              "armies and plays the event")
    else:
        print_draft(draft)
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    drafts = _drafts(args)
    draft = drafts.get(args.name)
    armies = {}
    if args.army:
        if not draft.start.humans:
            from armybuilder.events.store import EventError

            raise EventError("--army is a human seat's army; this draft has none")
        armies[draft.start.humans[0]] = args.army
    return _finish(args, drafts, draft.name, armies)


def cmd_list(args: argparse.Namespace) -> int:
    drafts = _drafts(args)
    found = [drafts.get(n) for n in drafts.names()]
    if args.json:
        print(json_text([{"name": d.name, "seats": d.start.seats, "status": d.status,
                          "step": d.step, "steps": d.start.steps} for d in found]))
        return 0
    if not found:
        print("no drafts yet (armybuilder draft new NAME --seats 6 --packs 3)")
        return 0
    for d in found:
        print(f"{shown(d.name)}: {d.start.seats} seats, pick {d.step} of {d.start.steps}, "
              f"{d.status}")
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    _drafts(args).delete(args.name)
    print(f"deleted draft '{shown(args.name)}' (its tournament stays: tournament delete)")
    return 0


def add_commands(commands: Any, add_db: Any) -> None:
    draft = commands.add_parser("draft", help="a booster draft and the event after it")
    sub = draft.add_subparsers(dest="draft_command", metavar="ACTION", required=True)

    p = sub.add_parser("new", help="a new draft (all AI seats: the whole event at once)")
    p.add_argument("name")
    p.add_argument("--seats", type=whole(2, 12), default=6)
    p.add_argument("--packs", type=whole(1, 6), default=3)
    p.add_argument("--human", type=whole(1, 12), action="append",
                   help="a seat you pick for (repeatable; default: every seat is AI)")
    p.add_argument("--seed", type=whole(0, 2**62), default=None)
    p.add_argument("--expansion", default="rebellion")
    p.add_argument("--points", type=whole(100, 10_000), default=200)
    p.add_argument("--event", choices=("round-robin", "swiss"), default="round-robin")
    p.add_argument("--rounds", type=whole(1, 20), default=None,
                   help="rounds of a Swiss event (default 3; a round robin plays them all)")
    p.add_argument("--game-rounds", type=whole(1, 200), default=25)
    p.add_argument("--boosters", default=None, help="a pack-model file of your own")
    p.set_defaults(run=cmd_new)

    p = sub.add_parser("show", help="the pack in your hands and every seat's picks")
    p.add_argument("name")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_show)

    p = sub.add_parser("pick", help="a human seat's pick")
    p.add_argument("name")
    p.add_argument("figure", help="a figure key or name from the pack")
    p.add_argument("--seat", type=whole(1, 12), default=None)
    p.set_defaults(run=cmd_pick)

    p = sub.add_parser("run", help="AI picks, then the armies and the event to its end")
    p.add_argument("name")
    p.add_argument("--army", default=None,
                   help="your seat's army: a saved army built from your picks (default: "
                        "built for you)")
    p.set_defaults(run=cmd_run)

    p = sub.add_parser("list", help="every draft")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_list)

    p = sub.add_parser("delete", help="forget a draft")
    p.add_argument("name")
    p.set_defaults(run=cmd_delete)

    for p in sub.choices.values():
        add_db(p)
