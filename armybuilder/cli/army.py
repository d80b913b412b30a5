"""The ``army`` commands: build, check, keep and exchange armies."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.armies.limits import MAX_BUILD_TOTAL, MAX_COUNT
from armybuilder.cli import advice
from armybuilder.cli.names import note
from armybuilder.cli.options import whole
from armybuilder.cli.render import table
from armybuilder.text import counted, json_text, shown

if TYPE_CHECKING:
    from armybuilder.armies.service import Armies

EXIT_ILLEGAL = 1
COUNT = whole(1, MAX_COUNT)
TOTAL = whole(1, MAX_BUILD_TOTAL)


def _armies(args: argparse.Namespace) -> Armies:
    from armybuilder.armies.service import Armies
    from armybuilder.catalogue.service import Catalogue

    return Armies(Catalogue.open(args.db))


def check(armies: Armies, army: Any, collection: bool = False) -> Any:
    from armybuilder.armies.checks import check as run_check

    owned = None
    if collection:
        from armybuilder.collection.service import Collection

        owned = Collection(armies.catalogue).owned()
    return run_check(armies, army, owned)


def get_profile(name: str) -> Any:
    from armybuilder.rules import get_profile as find

    return find(name)


def default_profile(total: int) -> str:
    # The rules, not the army files: no workbook library loaded to make an army.
    from armybuilder.rules import default_profile as chosen

    return chosen(total)


def _print_json(value: Any) -> None:
    print(json_text(value))


def cmd_new(args: argparse.Namespace) -> int:
    profile = args.profile or default_profile(args.total)
    get_profile(profile)
    army = _armies(args).new(args.name, args.total, profile, notes=args.notes or "",
                             castle_player=args.castle_player)
    print(f"created army '{shown(army.name)}': {army.build_total} points, profile "
          f"{shown(army.profile)}")
    return 0


def cmd_add(args: argparse.Namespace) -> int:
    armies = _armies(args)
    key, said = armies.catalogue.resolve_noted(args.figure)
    note(said)
    passenger = args.passenger
    if passenger:
        passenger, said = armies.catalogue.resolve_noted(passenger)
        note(said)
    army = armies.add(args.name, key, count=args.count, castle=args.castle,
                      passenger=passenger)
    _summary_line(armies, army.name)
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    armies = _armies(args)
    figure = args.figure
    try:
        figure, said = armies.catalogue.resolve_noted(figure)
        note(said)
    except ValueError:
        pass  # a figure the catalogue lost is matched by the name the army saw
    army = armies.remove(args.name, figure, count=args.count)
    _summary_line(armies, army.name)
    return 0


def _summary_line(armies: Armies, name: str) -> None:
    checked = check(armies, armies.get(name))
    r = checked.report
    state = "legal" if checked.legal else \
        f"NOT legal ({counted(len(checked.report.errors), 'error')})"
    print(f"{shown(name)}: {r.points}/{r.build_total} points, {_actions(r.actions)}, {state}")


def _actions(n: int) -> str:
    return f"{n} action{'s' if n != 1 else ''} per turn"


def cmd_show(args: argparse.Namespace) -> int:
    armies = _armies(args)
    army = armies.get(args.name)
    checked = check(armies, army, args.collection)
    if args.json:
        _print_json({**army.as_dict(), **checked.as_json()})
        return 0
    r = checked.report
    print(f"{shown(army.name)}  ({shown(army.profile)}, build total {army.build_total})")
    if army.notes:
        print(f"  notes: {shown(army.notes)}")
    rows = []
    for e in army.entries:
        f = checked.figures.get(e.figure_key)
        line = next((ln for ln in r.lines if ln.key == e.figure_key
                     and ln.castle == e.castle and ln.passenger == e.passenger), None)
        rows.append([e.count, f.name if f else f"{e.seen_name} (missing)", e.figure_key,
                     f.rank if f else "", ", ".join(f.factions) if f else "",
                     line.points if line else "-", e.castle or e.passenger])
    print(table(["n", "figure", "key", "rank", "factions", "points", "option"], rows))
    print(f"Total {r.points} of {r.build_total} points ({r.points_left} left), "
          f"{_actions(r.actions)}")
    _print_findings(checked)
    return 0


def _print_findings(checked: Any) -> None:
    print("Legal" if checked.legal else "NOT legal")
    for f in checked.findings():
        print(f"  {f.severity:<7} {f.rule}: {shown(f.message)}  [{f.source}]")
    for g in checked.report.formations:
        kinds = [k for k, ok in (("movement/ranged", g.movement_ranged), ("close", g.close))
                 if ok]
        print(f"  formations {shown(g.faction)}: {g.count} figure{'s' if g.count != 1 else ''}, "
              f"{' and '.join(kinds) if kinds else 'none'}")


def cmd_validate(args: argparse.Namespace) -> int:
    armies = _armies(args)
    checked = check(armies, armies.get(args.name), args.collection)
    if args.json:
        _print_json(checked.as_json())
    else:
        r = checked.report
        print(f"{shown(args.name)}: {r.points}/{r.build_total} points, {_actions(r.actions)}")
        _print_findings(checked)
    return 0 if checked.legal else EXIT_ILLEGAL


def cmd_list(args: argparse.Namespace) -> int:
    armies = _armies(args)
    rows = []
    for army in armies.list():
        checked = check(armies, army)
        rows.append({"name": army.name, "build_total": army.build_total,
                     "profile": army.profile, "points": checked.report.points,
                     "figures": sum(e.count for e in army.entries), "legal": checked.legal,
                     "notes": army.notes, "updated": army.updated})
    if args.json:
        _print_json(rows)
        return 0
    print(table(["name", "total", "profile", "points", "figures", "legal", "notes"],
                [[r["name"], r["build_total"], r["profile"], r["points"], r["figures"],
                  "yes" if r["legal"] else "no", r["notes"]] for r in rows]))
    return 0


def cmd_copy(args: argparse.Namespace) -> int:
    army = _armies(args).copy(args.name, args.new_name)
    print(f"copied '{shown(args.name)}' to '{shown(army.name)}'")
    return 0


def cmd_rename(args: argparse.Namespace) -> int:
    army = _armies(args).rename(args.name, args.new_name)
    print(f"renamed '{shown(args.name)}' to '{shown(army.name)}'")
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    _armies(args).delete(args.name)
    print(f"deleted '{shown(args.name)}'")
    return 0


def cmd_set(args: argparse.Namespace) -> int:
    if args.profile:
        get_profile(args.profile)
    army = _armies(args).set(args.name, build_total=args.total, profile=args.profile,
                             notes=args.notes, castle_player=args.castle_player)
    print(f"{shown(army.name)}: {army.build_total} points, profile {shown(army.profile)}"
          + (f", notes: {shown(army.notes)}" if army.notes else ""))
    return 0


def cmd_accept(args: argparse.Namespace) -> int:
    armies = _armies(args)
    army = armies.accept_changes(args.name)
    left = armies.flags(army)
    print(f"{shown(army.name)}: took the catalogue's current names and points"
          + (f"; still flagged: {'; '.join(shown(f.message) for f in left)}" if left else ""))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from armybuilder.armies.transfer import export_army

    path = export_army(_armies(args), args.name, Path(args.path), force=args.force)
    print(f"wrote {shown(path)}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from armybuilder.armies.share import looks_like_code
    from armybuilder.armies.transfer import import_army, import_code

    source = args.path
    if not Path(source).exists() and looks_like_code(source):
        if args.total or args.profile:
            raise ValueError("a share code carries its own build total and profile; "
                             "--total and --profile are for list files")
        army = import_code(_armies(args), source, name=args.name, replace=args.replace)
        print(f"imported '{shown(army.name)}' from a share code: "
              f"{counted(sum(e.count for e in army.entries), 'figure')}, build total "
              f"{army.build_total}, profile {shown(army.profile)}")
        return 0
    notes: list[str] = []
    army = import_army(_armies(args), Path(source), name=args.name, build_total=args.total,
                       profile=args.profile, replace=args.replace, notes=notes)
    for said in notes:
        note(said)
    print(f"imported '{shown(army.name)}': {sum(e.count for e in army.entries)} figures, "
          f"build total {army.build_total}, profile {shown(army.profile)}")
    return 0


def cmd_code(args: argparse.Namespace) -> int:
    from armybuilder.armies.transfer import share_code

    code = share_code(_armies(args), args.name)
    if args.json:
        _print_json({"name": args.name, "code": code})
    else:
        print(code)
    return 0


def cmd_print(args: argparse.Namespace) -> int:
    from armybuilder.export.roster import RosterOptions, write_roster

    armies = _armies(args)
    checked = check(armies, armies.get(args.name), args.collection)
    options = RosterOptions(player=args.player or "", event=args.event or "",
                            paper=args.paper)
    path = write_roster(checked, armies.catalogue.ability_table(),
                        armies.catalogue.expansions(), Path(args.path), options,
                        force=args.force)
    print(f"wrote {shown(path)}")
    return 0


def add_commands(commands: Any, add_db: Any) -> None:
    army = commands.add_parser("army", help="build, check and keep armies")
    sub = army.add_subparsers(dest="army_command", metavar="ACTION", required=True)

    p = sub.add_parser("new", help="start a new army")
    p.add_argument("name")
    p.add_argument("--total", type=TOTAL, required=True, help="build total (100, 200, ...)")
    p.add_argument("--profile", help="casual, standard, constructed, open, siege "
                   "(default: standard at 200 points, else open)")
    p.add_argument("--notes")
    p.add_argument("--castle-player", action="store_true",
                   help="this army is the game's castle player")
    p.set_defaults(run=cmd_new)

    p = sub.add_parser("add", help="add figures")
    p.add_argument("name")
    p.add_argument("figure", help="rebellion:58, R058 or a name")
    p.add_argument("--count", type=COUNT, default=1)
    p.add_argument("--castle", choices=("heavy", "light"), help="a castle section's pricing")
    p.add_argument("--passenger", help="the figure riding a chariot")
    p.set_defaults(run=cmd_add)

    p = sub.add_parser("remove", help="take figures out")
    p.add_argument("name")
    p.add_argument("figure")
    p.add_argument("--count", type=COUNT, help="how many (default: all of them)")
    p.set_defaults(run=cmd_remove)

    for verb, helptext, run in (("show", "the army and its checks", cmd_show),
                                ("validate", "is it legal? exit 0 when legal, 1 when not",
                                 cmd_validate)):
        p = sub.add_parser(verb, help=helptext)
        p.add_argument("name")
        p.add_argument("--json", action="store_true")
        p.add_argument("--collection", action="store_true",
                       help="also report figures beyond your collection")
        p.set_defaults(run=run)

    p = sub.add_parser("list", help="saved armies")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_list)

    for verb, helptext, run in (("copy", "copy an army", cmd_copy),
                                ("rename", "rename an army", cmd_rename)):
        p = sub.add_parser(verb, help=helptext)
        p.add_argument("name")
        p.add_argument("new_name")
        p.set_defaults(run=run)

    p = sub.add_parser("delete", help="delete an army")
    p.add_argument("name")
    p.set_defaults(run=cmd_delete)

    p = sub.add_parser("set", help="change build total, profile, notes")
    p.add_argument("name")
    p.add_argument("--total", type=TOTAL)
    p.add_argument("--profile")
    p.add_argument("--notes")
    castle = p.add_mutually_exclusive_group()
    castle.add_argument("--castle-player", dest="castle_player", action="store_const",
                        const=True, default=None)
    castle.add_argument("--no-castle-player", dest="castle_player", action="store_const",
                        const=False)
    p.set_defaults(run=cmd_set)

    p = sub.add_parser("accept", help="take the catalogue's new points after a re-import")
    p.add_argument("name")
    p.set_defaults(run=cmd_accept)

    p = sub.add_parser("export", help="write the army to .xlsx, .csv or .txt")
    p.add_argument("name")
    p.add_argument("path")
    p.add_argument("--force", action="store_true", help="overwrite the file if it exists")
    p.set_defaults(run=cmd_export)

    p = sub.add_parser("import", help="read an army from .xlsx, .csv, .txt or a share code")
    p.add_argument("path", metavar="PATH_OR_CODE")
    p.add_argument("--name", help="save it under this name (default: the name in the file)")
    p.add_argument("--total", type=TOTAL, help="build total when the file has none")
    p.add_argument("--profile")
    p.add_argument("--replace", action="store_true", help="replace an army of the same name")
    p.set_defaults(run=cmd_import)

    p = sub.add_parser("code", help="a share code for the army (army import CODE reads it)")
    p.add_argument("name")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_code)

    p = sub.add_parser("print", help="a PDF roster with a dial card for every figure")
    p.add_argument("name")
    p.add_argument("path", help="the .pdf file to write")
    p.add_argument("--player", help="the player's name on the roster")
    p.add_argument("--event", help="the event (tournament, league night) on the roster")
    p.add_argument("--paper", choices=("a4", "letter"), default="a4")
    p.add_argument("--force", action="store_true", help="overwrite the file if it exists")
    p.add_argument("--collection", action="store_true",
                   help="also report figures beyond your collection")
    p.set_defaults(run=cmd_print)

    advice.add_commands(sub)
    from armybuilder.cli import names

    for verb, p in sub.choices.items():
        add_db(p)
        if verb not in ("new", "list", "import"):
            # The army named is any saved army's name forgiven (never guessed to delete).
            p.set_defaults(run=names.forgiving(p.get_default("run"), names.army,
                                               guess=verb != "delete"))
