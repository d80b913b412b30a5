"""The command line: a thin layer over the catalogue, armies and battle services.

``armybuilder`` alone opens the app; every function has a scriptable form here. Bad input
exits with status 2 and a message naming what and where; nothing is half-written.

Building the parser imports nothing heavy (no SQLAlchemy, openpyxl, pandas or the engine):
each command imports what it needs when it runs, so ``--help`` answers at once
(tests/test_cli_startup.py holds this).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from armybuilder.cli import (
    army,
    battle,
    campaign,
    catalogue,
    collection,
    draft,
    engine,
    play,
    sealed,
    serve,
    tournament,
)
from armybuilder.cli.errors import UserError
from armybuilder.text import SafeStream, excerpt, shown_lines

EXIT_BAD_INPUT = 2
#: The database stayed locked by another program past the busy timeout: try again.
EXIT_BUSY = 1
#: Not the user's input at all: a bug in armybuilder (sysexits.h's EX_SOFTWARE).
EXIT_BUG = 70

#: Errors that are the user's input, reported as one clear line: (module, class name).
#: Looked up only in modules already loaded, since an error of a module never imported
#: cannot have been raised.
USER_ERRORS: tuple[tuple[str, str], ...] = (
    ("armybuilder.catalogue.errors", "CatalogueError"),
    ("armybuilder.catalogue.connection", "DatabaseError"),
    ("armybuilder.importers.feed", "FeedError"),
    ("armybuilder.importers.sources", "SourceError"),
)


def user_errors() -> tuple[type[BaseException], ...]:
    found: list[type[BaseException]] = [UserError, ValueError, OSError]
    for module, name in USER_ERRORS:
        error = _loaded(module, name)
        if error is not None:
            found.append(error)
    return tuple(found)


# --- the parser ----------------------------------------------------------------------


def _add_db(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", type=Path, default=argparse.SUPPRESS,
                        help="the database file (default: ARMYBUILDER_DB or the user data folder)")


class Parser(argparse.ArgumentParser):
    """argparse, with a wrong flag or value told in one line (and the exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} "
                                  f"(`{self.prog} --help` lists the options)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="armybuilder",
        description="Mage Knight army builder, figure database and test battles. "
                    "With no command, opens the app.")
    parser.add_argument("--db", type=Path, default=None,
                        help="the database file (default: ARMYBUILDER_DB or the user data folder)")
    parser.add_argument("--version", action="store_true",
                        help="the version, and the catalogue's data and errata")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    app = commands.add_parser("app", help="open the app (the default)")
    _add_db(app)

    catalogue.add_commands(commands, _add_db)
    army.add_commands(commands, _add_db)
    collection.add_commands(commands, _add_db)
    engine.add_commands(commands, _add_db)
    battle.add_commands(commands, _add_db)
    play.add_commands(commands, _add_db)
    campaign.add_commands(commands, _add_db)
    sealed.add_commands(commands, _add_db)
    tournament.add_commands(commands, _add_db)
    draft.add_commands(commands, _add_db)
    serve.add_commands(commands, _add_db)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    out, err = sys.stdout, sys.stderr
    # Every word the commands print passes through SafeStream: no name, path or message
    # can send an escape sequence to the terminal (armybuilder.text).
    sys.stdout, sys.stderr = SafeStream(out), SafeStream(err)
    try:
        args = parser.parse_args(argv)
        if args.command in (None, "app") and not args.version:
            sys.stdout, sys.stderr = out, err  # the app draws the terminal itself
        return _run(args)
    finally:
        sys.stdout, sys.stderr = out, err


def _error(message: object) -> None:
    # Each line an excerpt: a refusal never repeats a huge input whole.
    lines = shown_lines(message).split("\n")
    print("armybuilder: error: " + "\n".join(excerpt(line) for line in lines),
          file=sys.stderr)


def _loaded(module: str, name: str) -> type[BaseException] | None:
    """An error class of ``module`` if it is loaded: one never imported cannot have been
    raised, and importing it only to ask would load SQLAlchemy into every command."""
    loaded = sys.modules.get(module)
    return None if loaded is None else getattr(loaded, name)


def _run(args: argparse.Namespace) -> int:
    try:
        if getattr(args, "db", None) is not None:
            from armybuilder.paths import check_database_path

            check_database_path(args.db)
        if args.version:
            from armybuilder.cli.version import report

            print("\n".join(report(args.db)))
            return 0
        if args.command in (None, "app"):
            return _run_app(args)
        return int(args.run(args) or 0)
    except BrokenPipeError:
        # The reader (say `| head`) went away; nothing more to say.
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        # Every write is one transaction: an interrupted command changed nothing.
        print("armybuilder: interrupted; nothing was changed by the unfinished step",
              file=sys.stderr)
        return 130
    except Exception as exc:
        busy = _loaded("armybuilder.catalogue.connection", "DatabaseBusy")
        if busy is not None and isinstance(exc, busy):
            _error(exc)
            return EXIT_BUSY
        if isinstance(exc, user_errors()):
            _error(exc)
            return EXIT_BAD_INPUT
        connection = sys.modules.get("armybuilder.catalogue.connection")
        if connection is not None and connection.is_busy(exc):
            # A read that met a lock (SQLite's WAL recovery, say).
            _error(f"the database is busy; nothing was changed, try again ({exc})")
            return EXIT_BUSY
        if os.environ.get("ARMYBUILDER_DEBUG"):
            raise
        # Never a traceback for the player; a one-line report of the bug instead.
        _error(f"internal error (a bug in armybuilder, please report it): "
               f"{type(exc).__name__}: {exc}")
        return EXIT_BUG


def _run_app(args: argparse.Namespace) -> int:
    # Imported here so that scripted commands never pay for loading Textual.
    from armybuilder.tui.app import run_app
    return run_app(args.db)


if __name__ == "__main__":
    raise SystemExit(main())
