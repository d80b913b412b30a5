"""Who may reach the served app: the access token, the addresses that need none, the origin
of a websocket. Plain functions, so that every rule is tested without a server."""

from __future__ import annotations

import ipaddress
import secrets

from yarl import URL

#: The query parameter of the address printed at start (``http://HOST:PORT/?token=…``), as
#: Jupyter prints it.
TOKEN_PARAMETER = "token"
#: The widest and tallest terminal a page may ask for: a page asking for a billion columns
#: would have its app process build a screen that size.
MOST_COLUMNS = 500
MOST_ROWS = 200


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address to listen on, or a Host header's name) is this machine
    only: ``localhost``, 127.0.0.0/8 or ::1."""
    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def new_token() -> str:
    """A fresh access token: 32 URL-safe characters (192 random bits)."""
    return secrets.token_urlsafe(24)


def token_matches(given: str | None, token: str) -> bool:
    """``given`` is the token, compared in constant time (no timing tells a guess apart)."""
    if not given:
        return False
    return secrets.compare_digest(given.encode("utf-8", "replace"), token.encode("utf-8"))


def cookie_name(port: int) -> str:
    """The cookie that carries the token after the first page, per port: a browser keeps
    one cookie jar per host, whatever the port, and two servers on one machine must not
    overwrite each other's."""
    return f"armybuilder-token-{port}"


def same_origin(origin: str | None, host: str) -> bool:
    """Whether a websocket's Origin header names the server it connects to (``host``, the
    request's Host header): another site's page may open a websocket to any address, and
    the browser sends the cookie with it; only the app's own page may drive the app."""
    if not origin:
        return False
    try:
        page = URL(origin)
        # The Host header read as the page's scheme reads it: no port is the default one.
        server = URL(f"{page.scheme}://{host}")
    except ValueError:
        return False
    if page.scheme not in ("http", "https") or page.host is None or server.host is None:
        return False
    return (page.host.lower(), page.port) == (server.host.lower(), server.port)


def terminal_size(width: str | int | None, height: str | int | None) -> tuple[int, int]:
    """The terminal a page asks for, in columns and rows, kept to a sane size."""
    return (_within(width, 80, 10, MOST_COLUMNS), _within(height, 24, 5, MOST_ROWS))


def _within(value: str | int | None, default: int, low: int, high: int) -> int:
    try:
        number = int(value) if value is not None else default
    except (TypeError, ValueError):
        number = default
    return max(low, min(high, number))
