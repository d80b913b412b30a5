"""The ``sealed`` commands: booster packs opened into a pool, and armies from the pool.

    armybuilder sealed new NAME --packs 4 --expansion rebellion [--seed S] [--boosters FILE]
    armybuilder sealed show NAME [--json] | list [--json] | delete NAME
    armybuilder sealed check NAME ARMY [--json]     (exit 1 when the army is not legal)
    armybuilder sealed build NAME ARMY [--total 200]
"""

from __future__ import annotations

import argparse
from typing import Any

from armybuilder.cli.options import whole
from armybuilder.text import json_text, shown

EXIT_ILLEGAL = 1


def _pools(args: argparse.Namespace) -> Any:
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.events.sealed import SealedPools

    return SealedPools(Catalogue.open(args.db))


def print_pool(pool: Any) -> None:
    from armybuilder.cli.render import table

    listing = pool.listing()
    print(table(["count", "figure", "key", "rank", "points", "rarity", "factions"],
                [[p.count, p.name, p.key, p.rank, p.points, p.frequency,
                  ", ".join(p.factions)] for p in listing]))
    total = sum(p.count for p in listing)
    print(f"{total} figure{'s' if total != 1 else ''}, {len(listing)} different, from "
          f"{len(pool.packs)} {shown(pool.model.title)} pack"
          f"{'s' if len(pool.packs) != 1 else ''} of {pool.model.size} (seed {pool.seed})")


def cmd_new(args: argparse.Namespace) -> int:
    from armybuilder.play.new import fresh_seed

    seed = fresh_seed() if args.seed is None else args.seed
    pool = _pools(args).open(args.name, args.expansion, args.packs, seed, args.boosters)
    print(f"opened {len(pool.packs)} pack{'s' if len(pool.packs) != 1 else ''} for sealed "
          f"pool '{shown(pool.name)}'")
    for i, pack in enumerate(pool.packs, 1):
        names = [f"{pool.figures[k]['name']} ({k})" for k in pack]
        print(f"  pack {i}: {shown(', '.join(names))}")
    print_pool(pool)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    pool = _pools(args).get(args.name)
    if args.json:
        print(json_text(pool.as_json()))
        return 0
    print_pool(pool)
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    pools = _pools(args)
    found = [pools.get(n) for n in pools.names()]
    if args.json:
        print(json_text([{"name": p.name, "expansion": p.expansion, "packs": len(p.packs),
                          "figures": sum(len(x) for x in p.packs), "seed": p.seed,
                          "created": p.created} for p in found]))
        return 0
    if not found:
        print("no sealed pools yet (armybuilder sealed new NAME --packs 4 --expansion "
              "rebellion)")
        return 0
    from armybuilder.cli.render import table

    print(table(["pool", "expansion", "packs", "figures", "seed"],
                [[p.name, p.expansion, len(p.packs), sum(len(x) for x in p.packs), p.seed]
                 for p in found]))
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    _pools(args).delete(args.name)
    print(f"deleted sealed pool '{shown(args.name)}'")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    checked = _pools(args).check(args.name, args.army)
    if args.json:
        print(json_text(checked.as_json()))
    else:
        r = checked.report
        print(f"{shown(args.army)} against sealed pool '{shown(args.name)}': "
              f"{r.points}/{r.build_total} points")
        print_findings(checked.findings(), checked.legal)
    return 0 if checked.legal else EXIT_ILLEGAL


def print_findings(findings: Any, legal: bool) -> None:
    print("Legal" if legal else "NOT legal")
    for f in findings:
        print(f"  {f.severity:<7} {f.rule}: {shown(f.message)}  [{f.source}]")


def cmd_build(args: argparse.Namespace) -> int:
    army = _pools(args).build(args.name, args.army, args.total)
    points = sum(e.seen_points * e.count for e in army.entries)
    print(f"built '{shown(army.name)}' from sealed pool '{shown(args.name)}': {points}/"
          f"{army.build_total} points, {sum(e.count for e in army.entries)} figures")
    for e in army.entries:
        print(f"  {e.count} x {shown(e.seen_name)} ({e.figure_key}), {e.seen_points} points")
    return 0


def add_commands(commands: Any, add_db: Any) -> None:
    sealed = commands.add_parser("sealed", help="booster packs opened into a sealed pool")
    sub = sealed.add_subparsers(dest="sealed_command", metavar="ACTION", required=True)

    p = sub.add_parser("new", help="open booster packs into a new pool")
    p.add_argument("name")
    p.add_argument("--packs", type=whole(1, 48), default=4, help="packs to open (default 4)")
    p.add_argument("--expansion", default="rebellion",
                   help="the packs' expansion (default rebellion)")
    p.add_argument("--seed", type=whole(0, 2**62), default=None,
                   help="the dice's seed (default: a new one, shown)")
    p.add_argument("--boosters", default=None,
                   help="a pack-model file of your own (default: imports/boosters.toml)")
    p.set_defaults(run=cmd_new)

    p = sub.add_parser("show", help="the pool, as a collection shows it")
    p.add_argument("name")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_show)

    p = sub.add_parser("list", help="every sealed pool")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_list)

    p = sub.add_parser("delete", help="forget a pool")
    p.add_argument("name")
    p.set_defaults(run=cmd_delete)

    p = sub.add_parser("check", help="is a saved army legal from this pool?")
    p.add_argument("name")
    p.add_argument("army")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_check)

    p = sub.add_parser("build", help="build the best army the pool allows and save it")
    p.add_argument("name")
    p.add_argument("army", help="the new army's name")
    p.add_argument("--total", type=whole(100, 10_000), default=200,
                   help="build total (default 200)")
    p.set_defaults(run=cmd_build)

    for p in sub.choices.values():
        add_db(p)
