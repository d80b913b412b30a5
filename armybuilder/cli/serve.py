"""The ``serve`` command: the whole app on a web page.

    armybuilder serve [--host 127.0.0.1] [--port 8000] [--db PATH] [--token TOKEN]
                      [--max-sessions 8]

Each browser tab runs its own app process on the same database file (armybuilder.web).
On localhost no token is needed unless ``--token`` gives one; on any other address one is
made up when none is given, and printed in the address to open.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from armybuilder.cli.errors import UserError
from armybuilder.cli.options import whole
from armybuilder.text import shown

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: App processes at once: each is a Python process of 50 to 100 MB.
DEFAULT_SESSIONS = 8
_TOKEN = re.compile(r"[A-Za-z0-9_-]{8,200}")


def app_command(database: Path) -> str:
    """The shell command that runs one app on ``database`` (textual-serve runs it through
    the shell, once per browser tab)."""
    words = [sys.executable, "-m", "armybuilder", "--db", str(database), "app"]
    if os.name != "posix":
        return subprocess.list2cmdline(words)
    # exec: the shell becomes the app, so that stopping the process stops the app itself.
    return f"exec {shlex.join(words)}"


def cmd_serve(args: argparse.Namespace) -> int:
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.paths import default_database
    from armybuilder.web.access import is_loopback, new_token
    from armybuilder.web.server import ArmyServer

    token = args.token
    if token is not None and not _TOKEN.fullmatch(token):
        raise UserError("serve --token: 8 to 200 letters, digits, '-' or '_' (it goes in the "
                        "address to open)")
    if token is None and not is_loopback(args.host):
        token = new_token()  # Safe by default: only localhost is served without one.
    database = Path(args.db or default_database()).expanduser().resolve()
    # Created, migrated and seeded once here, so that the tabs' apps all find it ready.
    Catalogue.open(database).close()
    server = ArmyServer(app_command(database), host=args.host, port=args.port, token=token,
                        max_sessions=args.max_sessions, database=database)
    try:
        server.serve()
    except OSError as exc:
        raise UserError(f"serve: cannot listen on {shown(args.host)} port {args.port}: "
                        f"{exc.strerror or exc} (another --port, or another --host)") from None
    print("armybuilder: stopped serving", file=sys.stderr)
    return 0


def add_commands(commands: Any, add_db: Callable[[argparse.ArgumentParser], None]) -> None:
    p = commands.add_parser(
        "serve", help="serve the app on a web page (each browser tab its own app)",
        description="Serve the whole app on a web page: each browser tab runs its own app on "
                    "the same database. On localhost no token is needed unless --token gives "
                    "one; on any other address every page and websocket needs the token "
                    "printed in the address to open.")
    add_db(p)
    p.add_argument("--host", default=DEFAULT_HOST,
                   help=f"the address to listen on (default {DEFAULT_HOST}: this machine "
                        "only; 0.0.0.0 for every network it is on)")
    p.add_argument("--port", type=whole(1, 65535), default=DEFAULT_PORT,
                   help=f"the port (default {DEFAULT_PORT})")
    p.add_argument("--token", default=None,
                   help="the access token (default: none on localhost, a new random one on "
                        "any other address)")
    p.add_argument("--max-sessions", type=whole(1, 256), default=DEFAULT_SESSIONS,
                   metavar="N",
                   help=f"app processes at once (default {DEFAULT_SESSIONS}); a tab past it "
                        "gets a page saying the server is full")
    p.set_defaults(run=cmd_serve)
