"""`armybuilder serve` without a browser: what it answers to, what it serves from the disk,
its session limit, its command line, and ctrl+c. The rules of web/access.py one by one."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import aiohttp
import pytest

from armybuilder.catalogue.service import Catalogue
from armybuilder.web.access import is_loopback, same_origin, terminal_size, token_matches
from armybuilder.web.server import _OUTSIDE_LINK, ArmyServer, disposition_name
from web.web_support import PATIENCE, serving


def status(url: str, host: str = "") -> tuple[int, str]:
    """A GET's status and body; ``host`` sets the Host header."""
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=PATIENCE) as answer:
            return answer.status, answer.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


async def first_frame(url: str, origin: str) -> tuple[aiohttp.ClientSession, object]:
    """A websocket to the app, open until its first screen arrives."""
    session = aiohttp.ClientSession()
    ws = await session.ws_connect(f"{url}?width=100&height=30", origin=origin)
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        message = await ws.receive(timeout=PATIENCE)
        if message.type == aiohttp.WSMsgType.BINARY and len(message.data) > 100:
            return session, ws
    raise AssertionError("the app drew nothing")


async def handshake(url: str, origin: str) -> int:
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(url, origin=origin):
                return 101
        except aiohttp.WSServerHandshakeError as exc:
            return exc.status


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("serve") / "armybuilder.sqlite"
    Catalogue.open(path).close()
    return path


def test_full_refused_and_stopped_cleanly(db: Path) -> None:
    """One session allowed: the next tab gets a page saying so, its websocket nothing;
    ctrl+c with a session open stops the server and its app within seconds."""
    with serving(db, "--max-sessions", "1") as server:
        here = f"http://127.0.0.1:{server.port}"
        ws_url = f"ws://127.0.0.1:{server.port}/ws"

        async def visit() -> None:
            session, _ = await first_frame(ws_url, here)
            try:
                assert len(server.apps()) == 1
                code, page = await asyncio.to_thread(status, f"{here}/")
                assert code == 503 and "All 1 app sessions are in use" in page
                assert await handshake(ws_url, here) == 503
                code, stopped_in = await asyncio.to_thread(server.stop)
                assert code == 0 and stopped_in < 15
            finally:
                await session.close()

        asyncio.run(visit())
        assert "stopped serving" in "".join(server.said)
        left = server.apps()
        detail = [(Path(f"/proc/{p}/status").read_text().splitlines()[:3],
                   Path(f"/proc/{p}/cmdline").read_bytes()) for p in left]
        assert left == [], detail  # the app process quit with it


def test_nothing_on_the_disk_beyond_the_page_files(db: Path) -> None:
    with serving(db) as server:
        here = f"http://127.0.0.1:{server.port}"
        code, page = status(f"{here}/")
        assert code == 200 and 'src="/static/js/textual.js"' in page
        assert 'href="/static/css/xterm.css"' in page  # the page's own styles kept
        assert "https://" not in page and "http://" + "fonts" not in page  # nothing outside
        assert status(f"{here}/static/js/textual.js")[0] == 200
        for path in ("/static/", "/static/js/", "/static/../server.py",
                     "/static/%2e%2e/server.py", "/static/..%2fserver.py",
                     f"/static/{'..%2f' * 8}etc/passwd", "/download/nothing",
                     "/etc/passwd", "/templates/app_index.html"):
            assert status(here + path)[0] in (403, 404), path
        # Another name for this machine (a page of another site, renamed): refused.
        code, page = status(f"{here}/", host=f"attacker.example:{server.port}")
        assert code == 403 and "localhost only" in page
        # A websocket only from the app's own page.
        ws_url = f"ws://127.0.0.1:{server.port}/ws"
        assert asyncio.run(handshake(ws_url, "http://attacker.example")) == 403
        assert server.apps() == []


def test_the_command_line_refuses_what_it_cannot_serve(db: Path) -> None:
    def serve(*options: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "armybuilder", "--db", str(db), "serve",
                               *options], capture_output=True, text=True, timeout=PATIENCE)

    short = serve("--token", "abc")
    assert short.returncode == 2 and "8 to 200 letters" in short.stderr
    assert serve("--port", "0").returncode == 2
    assert serve("--max-sessions", "0").returncode == 2
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = serve("--port", str(taken.getsockname()[1]))
    assert busy.returncode == 2 and "cannot listen on 127.0.0.1 port" in busy.stderr
    assert len(busy.stderr.strip().splitlines()) == 1


def test_who_may_reach_the_app() -> None:
    for host in ("localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]", "LOCALHOST"):
        assert is_loopback(host), host
    for host in ("0.0.0.0", "", "::", "192.168.1.20", "example.org", "localhost.example"):
        assert not is_loopback(host), host
    assert token_matches("abcdefgh", "abcdefgh")
    assert not token_matches(None, "abcdefgh") and not token_matches("", "abcdefgh")
    assert not token_matches("abcdefgi", "abcdefgh") and not token_matches("é", "abcdefgh")
    assert same_origin("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert same_origin("http://club-laptop", "club-laptop")
    for origin in ("http://127.0.0.1:8001", "http://attacker.example", "null", None, "",
                   "file://", "chrome-extension://abc"):
        assert not same_origin(origin, "127.0.0.1:8000"), origin
    assert terminal_size("120", "40") == (120, 40)
    assert terminal_size("99999999999", "-3") == (500, 5)
    assert terminal_size(None, "rows") == (80, 24)


def test_the_page_and_its_downloads_are_named_safely() -> None:
    page = ('<link rel="stylesheet" href="/static/css/xterm.css" />\n<link\n  rel="stylesheet"'
            '\n  href="https://fonts.example/css?family=Mono"\n/>')
    assert _OUTSIDE_LINK.sub("", page).strip() == \
        '<link rel="stylesheet" href="/static/css/xterm.css" />'
    assert disposition_name("Rich.xlsx") == \
        "filename=\"Rich.xlsx\"; filename*=UTF-8''Rich.xlsx"
    named = disposition_name('Ørn "x"; y.csv')
    assert named.startswith('filename="_rn _x_; y.csv"; ')
    assert named.endswith("filename*=UTF-8''%C3%98rn%20%22x%22%3B%20y.csv")
    server = ArmyServer("true", host="0.0.0.0", port=8123, token="abcdefgh", max_sessions=2,
                        database=Path("x.sqlite"))
    addresses = server.addresses()
    assert addresses[-1] == "http://127.0.0.1:8123/?token=abcdefgh"
    assert all(a.endswith("/?token=abcdefgh") for a in addresses)
    assert ArmyServer("true", host="::1", port=80, token=None, max_sessions=1,
                      database=Path("x")).addresses() == ["http://[::1]:80/"]
