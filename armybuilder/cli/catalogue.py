"""The ``catalogue`` commands: the figure catalogue, its imports, searches and errata."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.cli.errors import UserError
from armybuilder.cli.names import note
from armybuilder.cli.options import seconds, size, whole
from armybuilder.cli.render import dial_table, erratum_json, figure_json, summary_table, table
from armybuilder.importers.limits import DEFAULT_LIMITS, FEED_URL, FetchLimits, size_text
from armybuilder.text import json_text, shown

if TYPE_CHECKING:
    from armybuilder.catalogue.service import Catalogue

#: A search filter's number: points, range, targets, starting values.
NUMBER = whole(-1_000_000, 1_000_000)


def _catalogue(args: argparse.Namespace) -> Catalogue:
    from armybuilder.catalogue.service import Catalogue

    return Catalogue.open(args.db)


def _print_json(value: Any) -> None:
    print(json_text(value))


def cmd_catalogue_summary(args: argparse.Namespace) -> int:
    cat = _catalogue(args)
    info = cat.summary()
    if args.json:
        _print_json(info)
        return 0
    print(f"Database: {shown(info['database'])}")
    print(f"Figures: {info['figures']}")
    for slug, n in sorted(info["expansions"].items()):
        print(f"  {shown(slug):<14} {n}")
    if info["only_demo"]:
        print("Only the demo figures are loaded. Load the real catalogue with\n"
              "  armybuilder catalogue update            (the published mageknight.net feed)\n"
              "  armybuilder catalogue import PATH       (a saved mkstats.json or a spreadsheet)")
    return 0


def _print_import(summary: Any, as_json: bool) -> None:
    if as_json:
        _print_json(summary.as_dict())
        return
    d = summary.as_dict()
    print(f"Imported {shown(d['source'])}: {d['added']} added, {d['updated']} updated, "
          f"{d['unchanged']} unchanged, {d['removed']} removed")
    if d["errata"]:
        print("FAQ errata: " + ", ".join(f"{n} {status}" for status, n in d["errata"].items()))
    for problem in d["problems"]:
        print(f"  problem: {shown(problem)}")


def _limits(args: argparse.Namespace) -> FetchLimits:
    return FetchLimits(max_bytes=args.max_size, deadline=args.deadline,
                       read_timeout=args.read_timeout)


class _Progress:
    """Bytes read so far, on stderr, when it is a terminal."""

    def __init__(self) -> None:
        self.shown = False

    def __call__(self, name: str, done: int, total: int | None) -> None:
        of = f" of {size_text(total)}" if total else ""
        # Spaces, not an erase sequence: everything on stderr passes through SafeStream.
        sys.stderr.write(f"\rreading {shown(Path(name).name)}: {size_text(done)}{of}"
                         .ljust(72))
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\n")
            sys.stderr.flush()


def _import(args: argparse.Namespace, run: Callable[..., Any]) -> None:
    progress = _Progress() if sys.stderr.isatty() else None
    try:
        summary = run(allow_removals=args.allow_removals, limits=_limits(args),
                      progress=progress)
    finally:
        if progress is not None:
            progress.close()
    _print_import(summary, args.json)


def cmd_catalogue_update(args: argparse.Namespace) -> int:
    cat = _catalogue(args)
    _import(args, lambda **kw: cat.update_from_feed(args.source or FEED_URL, **kw))
    return 0


def cmd_catalogue_import(args: argparse.Namespace) -> int:
    cat = _catalogue(args)
    _import(args, lambda **kw: cat.import_path(args.path, **kw))
    return 0


def cmd_catalogue_export(args: argparse.Namespace) -> int:
    cat = _catalogue(args)
    for path in cat.export(Path(args.path), force=args.force):
        print(f"wrote {shown(path)}")
    return 0


def cmd_catalogue_search(args: argparse.Namespace) -> int:
    from armybuilder.catalogue.queries import SearchFilter

    f = SearchFilter(
        text=args.text or "", faction=args.faction or "", expansion=args.expansion or "",
        rank=args.rank or "", unique=args.unique, min_points=args.min_points,
        max_points=args.max_points, min_range=args.min_range, max_range=args.max_range,
        min_targets=args.targets, arc=args.arc, ability=args.ability or "",
        start_ability=args.start_ability or "", min_speed=args.min_speed,
        min_attack=args.min_attack, min_defense=args.min_defense, min_damage=args.min_damage,
        kind=args.kind or "", limit=args.limit,
    )
    f.owned_only = args.owned
    cat = _catalogue(args)
    for said in cat.check_filter(f):
        note(said)
    rows = cat.search(f)
    if args.json:
        _print_json([r.as_dict() for r in rows])
        return 0
    print(summary_table(rows))
    print(f"{len(rows)} figure{'s' if len(rows) != 1 else ''}")
    if not rows and f.text:
        from armybuilder.suggest import did_you_mean

        hint = did_you_mean(cat.name_suggestions(f.text))
        if hint:
            print(f"No figure's name contains {f.text!r}; {hint}")
    return 0


def cmd_catalogue_compare(args: argparse.Namespace) -> int:
    from armybuilder.cli.render import compare_table

    if not 2 <= len(args.figures) <= 4:
        raise UserError(f"compare takes 2 to 4 figures, not {len(args.figures)}")
    cat = _catalogue(args)
    keys = []
    for ref in args.figures:
        key, said = cat.resolve_noted(ref)
        note(said)
        keys.append(key)
    figures = cat.figures(keys)
    print(compare_table([figures[k] for k in keys], cat.ability_table()))
    return 0


def cmd_catalogue_show(args: argparse.Namespace) -> int:
    cat = _catalogue(args)
    key, said = cat.resolve_noted(args.figure)
    note(said)
    figure = cat.figures([key])[key]
    errata = cat.figure_errata(figure.key)
    abilities = cat.ability_table()
    if args.json:
        _print_json(figure_json(figure, errata, cat.expansions(), abilities))
        return 0
    print(dial_table(figure, errata, abilities, cat.expansions()))
    return 0


def cmd_catalogue_errata(args: argparse.Namespace) -> int:
    rows = _catalogue(args).errata()
    if args.json:
        _print_json([erratum_json(r) for r in rows])
        return 0
    print(table(
        ["id", "figure", "field", "printed", "corrected", "status", "source"],
        [[r.id, r.figure_key or f"{r.expansion} {r.number or ''} {r.name}".replace("  ", " "),
          r.field + (f" (click {r.click + 1})" if r.click is not None else ""),
          _printed(r), r.corrected or "blank", r.status, r.source] for r in rows]))
    return 0


def _printed(row: Any) -> str:
    # "*": the FAQ does not say what was printed; show what the source had, when it was seen.
    if row.printed == "*":
        return row.found if row.status == "applied" and row.found else "(not given)"
    return row.printed or "blank"


def _import_options(p: argparse.ArgumentParser) -> None:
    limits = DEFAULT_LIMITS
    p.add_argument("--allow-removals", action="store_true",
                   help="accept an import that removes many figures, a whole expansion, or "
                        "figures saved armies hold")
    p.add_argument("--max-size", type=size, default=limits.max_bytes, metavar="SIZE",
                   help=f"largest file to read (default {size_text(limits.max_bytes)}; "
                        "e.g. 200M)")
    p.add_argument("--deadline", type=seconds(1, 86_400), default=limits.deadline,
                   metavar="SECONDS",
                   help=f"time for the whole read (default {limits.deadline:g})")
    p.add_argument("--read-timeout", type=seconds(0.1, 3_600), default=limits.read_timeout,
                   metavar="SECONDS",
                   help="longest wait for a download's next bytes "
                        f"(default {limits.read_timeout:g})")


def add_commands(commands: Any, add_db: Callable[[argparse.ArgumentParser], None]) -> None:
    cat = commands.add_parser("catalogue", help="the figure catalogue")
    cat_cmds = cat.add_subparsers(dest="catalogue_command", metavar="ACTION", required=True)

    p = cat_cmds.add_parser("summary", help="what the catalogue holds")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_catalogue_summary)

    p = cat_cmds.add_parser("update", help="import the mageknight.net dial-stats feed")
    p.add_argument("source", nargs="?", default=None,
                   help="mkstats.json, its folder, or a URL (default: the published "
                        "mageknight.net feed)")
    p.add_argument("--from", dest="source", default=argparse.SUPPRESS, help="same as SOURCE")
    p.add_argument("--json", action="store_true")
    _import_options(p)
    p.set_defaults(run=cmd_catalogue_update)

    p = cat_cmds.add_parser("import", help="import a feed file or a spreadsheet (.xlsx, .csv)")
    p.add_argument("path")
    p.add_argument("--json", action="store_true")
    _import_options(p)
    p.set_defaults(run=cmd_catalogue_import)

    p = cat_cmds.add_parser("export", help="export the whole catalogue (.xlsx, or .csv files)")
    p.add_argument("path")
    p.add_argument("--force", action="store_true", help="overwrite files that exist")
    p.set_defaults(run=cmd_catalogue_export)

    p = cat_cmds.add_parser("search", help="find figures")
    p.add_argument("text", nargs="?", help="part of the name")
    p.add_argument("--faction")
    p.add_argument("--expansion", help="slug, name or set letter (rebellion, Lancers, W)")
    p.add_argument("--rank", help="weak, standard, tough or unique")
    uniq = p.add_mutually_exclusive_group()
    uniq.add_argument("--unique", dest="unique", action="store_const", const=True, default=None)
    uniq.add_argument("--not-unique", dest="unique", action="store_const", const=False)
    p.add_argument("--min-points", type=NUMBER)
    p.add_argument("--max-points", type=NUMBER)
    p.add_argument("--min-range", type=NUMBER)
    p.add_argument("--max-range", type=NUMBER)
    p.add_argument("--targets", type=NUMBER, help="at least this many targets")
    p.add_argument("--arc", type=int, choices=(90, 180, 270, 360))
    p.add_argument("--ability", help="anywhere on the dial")
    p.add_argument("--start-ability", help="on the starting click")
    p.add_argument("--min-speed", type=NUMBER, help="starting speed at least")
    p.add_argument("--min-attack", type=NUMBER)
    p.add_argument("--min-defense", type=NUMBER)
    p.add_argument("--min-damage", type=NUMBER)
    p.add_argument("--kind", choices=("warrior", "chariot", "castle"))
    p.add_argument("--owned", action="store_true", help="only figures in your collection")
    p.add_argument("--limit", type=whole(1, 1_000_000))
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_catalogue_search)

    p = cat_cmds.add_parser("show", help="a figure with its full dial")
    p.add_argument("figure", help="rebellion:58, R058 or a name")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_catalogue_show)

    p = cat_cmds.add_parser("compare", help="2 to 4 figures side by side, click by click")
    p.add_argument("figures", nargs="+", metavar="FIGURE")
    p.set_defaults(run=cmd_catalogue_compare)

    p = cat_cmds.add_parser("errata", help="the FAQ corrections and what they did")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_catalogue_errata)

    for sub in cat_cmds.choices.values():
        add_db(sub)
