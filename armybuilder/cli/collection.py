"""The ``collection`` commands: what the player owns, counted per figure."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.cli.names import note
from armybuilder.cli.options import whole
from armybuilder.cli.render import table
from armybuilder.collection.files import MAX_ROW_COUNT
from armybuilder.text import json_text, shown

if TYPE_CHECKING:
    from armybuilder.collection.service import Collection, Owned


def _collection(args: argparse.Namespace) -> Collection:
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.collection.service import Collection

    return Collection(Catalogue.open(args.db))


COUNT = whole(1, MAX_ROW_COUNT)


def _owned(entry: Owned | None, what: str) -> str:
    if entry is None:
        return f"{shown(what)}: none owned now"
    return f"{shown(entry.name)} ({shown(entry.key)}): {entry.count} owned"


def cmd_add(args: argparse.Namespace) -> int:
    entry, said = _collection(args).add(args.figure, args.count)
    note(said)
    print(_owned(entry, args.figure))
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    entry, said = _collection(args).remove(args.figure, args.count)
    note(said)
    print(_owned(entry, args.figure))
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    done = _collection(args).import_file(Path(args.path), replace=args.replace)
    for said in done.notes:
        note(said)
    print(f"{'replaced the collection with' if args.replace else 'added'} {done.figures} "
          f"figure{'s' if done.figures != 1 else ''} ({done.rows} "
          f"row{'s' if done.rows != 1 else ''}) from {shown(args.path)}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    print(f"wrote {shown(_collection(args).export_file(Path(args.path), force=args.force))}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    owned = _collection(args).show()
    if args.json:
        print(json_text([o.as_dict() for o in owned]))
        return 0
    print(table(["count", "figure", "key", "rank", "points"],
                [[o.count, o.name + ("" if o.in_catalogue else " (not in catalogue)"), o.key,
                  o.rank, o.points] for o in owned]))
    total = sum(o.count for o in owned)
    print(f"{total} figure{'s' if total != 1 else ''}, {len(owned)} different")
    return 0


def add_commands(commands: Any, add_db: Any) -> None:
    col = commands.add_parser("collection", help="the figures you own")
    sub = col.add_subparsers(dest="collection_command", metavar="ACTION", required=True)

    p = sub.add_parser("add", help="own more of a figure")
    p.add_argument("figure", help="rebellion:58, R058 or a name")
    p.add_argument("--count", type=COUNT, default=1)
    p.set_defaults(run=cmd_add)

    p = sub.add_parser("remove", help="own fewer of a figure")
    p.add_argument("figure")
    p.add_argument("--count", type=COUNT, help="how many (default: all of them)")
    p.set_defaults(run=cmd_remove)

    p = sub.add_parser("import", help="add a collection file (.csv, .xlsx) or an army list")
    p.add_argument("path")
    p.add_argument("--replace", action="store_true",
                   help="the file becomes the whole collection")
    p.set_defaults(run=cmd_import)

    p = sub.add_parser("export", help="write the collection to .csv or .xlsx")
    p.add_argument("path")
    p.add_argument("--force", action="store_true", help="overwrite the file if it exists")
    p.set_defaults(run=cmd_export)

    p = sub.add_parser("show", help="every figure you own")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_show)

    for p in sub.choices.values():
        add_db(p)
