"""The command line: a thin layer over the catalogue, armies and battle services.

``armybuilder`` alone opens the app; every function has a scriptable form here. Bad input
exits with status 2 and a message naming what and where; nothing is half-written.

Building the parser imports nothing heavy (no SQLAlchemy, openpyxl, pandas or the engine):
each command imports what it needs when it runs, so ``--help`` answers at once
(tests/test_cli_startup.py holds this).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from armybuilder.cli import army, battle, catalogue, collection, engine
from armybuilder.cli.errors import UserError

EXIT_BAD_INPUT = 2

#: Errors that are the user's input, reported as one clear line: (module, class name).
#: Looked up only in modules already loaded, since an error of a module never imported
#: cannot have been raised.
USER_ERRORS: tuple[tuple[str, str], ...] = (
    ("armybuilder.catalogue.store", "CatalogueError"),
    ("armybuilder.catalogue.database", "DatabaseError"),
    ("armybuilder.importers.feed", "FeedError"),
    ("armybuilder.importers.sources", "SourceError"),
)


def user_errors() -> tuple[type[BaseException], ...]:
    found: list[type[BaseException]] = [UserError, ValueError, OSError]
    for module, name in USER_ERRORS:
        loaded = sys.modules.get(module)
        if loaded is not None:
            found.append(getattr(loaded, name))
    return tuple(found)


# --- the parser ----------------------------------------------------------------------


def _add_db(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", type=Path, default=argparse.SUPPRESS,
                        help="the database file (default: ARMYBUILDER_DB or the user data folder)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="armybuilder",
        description="Mage Knight army builder, figure database and test battles. "
                    "With no command, opens the app.")
    parser.add_argument("--db", type=Path, default=None,
                        help="the database file (default: ARMYBUILDER_DB or the user data folder)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    app = commands.add_parser("app", help="open the app (the default)")
    _add_db(app)

    catalogue.add_commands(commands, _add_db)
    army.add_commands(commands, _add_db)
    collection.add_commands(commands, _add_db)
    engine.add_commands(commands, _add_db)
    battle.add_commands(commands, _add_db)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if getattr(args, "db", None) is not None:
            from armybuilder.paths import check_database_path

            check_database_path(args.db)
        if args.command in (None, "app"):
            return _run_app(args)
        return int(args.run(args) or 0)
    except BrokenPipeError:
        # The reader (say `| head`) went away; nothing more to say.
        sys.stderr.close()
        return 0
    except Exception as exc:
        if not isinstance(exc, user_errors()):
            raise
        print(f"armybuilder: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _run_app(args: argparse.Namespace) -> int:
    # Imported here so that scripted commands never pay for loading Textual.
    from armybuilder.tui.app import run_app
    return run_app(args.db)


if __name__ == "__main__":
    raise SystemExit(main())
