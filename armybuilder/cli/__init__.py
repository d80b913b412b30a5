"""The command line: a thin layer over the catalogue, armies and battle services.

``armybuilder`` alone opens the app; every function has a scriptable form here. Bad input
exits with status 2 and a message naming what and where; nothing is half-written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from armybuilder.catalogue.database import DatabaseError
from armybuilder.catalogue.store import CatalogueError
from armybuilder.cli import army, battle, catalogue, engine, play
from armybuilder.cli.errors import UserError
from armybuilder.importers.feed import FeedError
from armybuilder.importers.sources import SourceError

EXIT_BAD_INPUT = 2

#: Errors that are the user's input, reported as one clear line.
USER_ERRORS: tuple[type[BaseException], ...] = (
    CatalogueError, DatabaseError, FeedError, SourceError, ValueError, OSError,
)


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
    engine.add_commands(commands, _add_db)
    battle.add_commands(commands, _add_db)
    play.add_commands(commands, _add_db)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command in (None, "app"):
        return _run_app(args)
    try:
        return int(args.run(args) or 0)
    except BrokenPipeError:
        # The reader (say `| head`) went away; nothing more to say.
        sys.stderr.close()
        return 0
    except UserError as exc:
        print(f"armybuilder: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except USER_ERRORS as exc:
        print(f"armybuilder: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _run_app(args: argparse.Namespace) -> int:
    # Imported here so that scripted commands never pay for loading Textual.
    from armybuilder.tui.app import run_app
    return run_app(args.db)


if __name__ == "__main__":
    raise SystemExit(main())
