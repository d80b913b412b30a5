"""``armybuilder serve``: textual-serve's server with the access rules of ``access.py``.

What textual-serve does is kept: its page and script (xterm.js in the browser), one app
process per websocket, files delivered by the app reaching the browser as downloads. What
changes, and why:

- every request passes ``_guard``: the token (from the address, then from a cookie) on
  any address but localhost, localhost's own name in the Host header when there is no
  token (a page of another site renamed to 127.0.0.1, "DNS rebinding", gets nothing),
  and a websocket only from the app's own page;
- the page's addresses come from the request, so that a server listening on every
  address (``--host 0.0.0.0``) gives each browser the name it used; the page links
  nothing outside the server (textual-serve's page asks a web font service for its font:
  on a club's network without the internet that would hold the page up);
- page files are served without folder listings or symbolic links (textual-serve lists
  its static folder); downloads name their file in a quoted, encoded header;
- at most ``max_sessions`` app processes run at once, with a page that says so;
- ctrl+c closes every websocket, so each app process is told to quit, and stops within
  seconds.
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
import re
import signal
import socket
from pathlib import Path
from typing import Any
from urllib.parse import quote

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.web_runner import GracefulExit
from textual_serve.app_service import AppService
from textual_serve.server import Server

from armybuilder.web.access import (
    TOKEN_PARAMETER,
    cookie_name,
    is_loopback,
    same_origin,
    terminal_size,
    token_matches,
)

log = logging.getLogger("armybuilder.serve")

#: How long an app process has to quit when its tab closes or the server stops.
QUIT_SECONDS = 5.0
#: A link in textual-serve's page to anywhere but this server (its web font).
_OUTSIDE_LINK = re.compile(r"<link\b[^>]*\bhref=\"https?://[^\"]*\"[^>]*>", re.IGNORECASE)
#: Every page: never cached (it may carry the token), never framed by another site, never
#: the token sent on as a referrer.
PAGE_HEADERS = {"Cache-Control": "no-store", "X-Frame-Options": "DENY",
                "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"}


class TabApp(AppService):
    """One browser tab's app process."""

    async def stop_within(self, seconds: float) -> None:
        """Ask the app to quit and wait for its process to end; past ``seconds`` it is
        killed (an app stuck in a long batch must not keep the server from stopping, nor
        outlive it)."""
        process = self._process
        try:
            await asyncio.wait_for(asyncio.shield(self.stop()), seconds)
            if process is not None:
                # Its output ends before the process does: wait for the process itself.
                await asyncio.wait_for(process.wait(), seconds)
        except TimeoutError:
            if process is not None and process.returncode is None:
                process.kill()
                await process.wait()


class ArmyServer(Server):
    """The app's server: ``command`` runs one app; ``token`` None serves localhost only."""

    def __init__(self, command: str, *, host: str, port: int, token: str | None,
                 max_sessions: int, database: Path) -> None:
        super().__init__(command, host=host, port=port, title="armybuilder")
        self.token = token
        self.max_sessions = max_sessions
        self.database = database
        self.cookie = cookie_name(port)
        self.live: dict[web.WebSocketResponse, TabApp | None] = {}

    # --- the web application ------------------------------------------------------------

    async def _make_app(self) -> web.Application:
        @web.middleware
        async def guard(request: web.Request,
                        handler: Any) -> web.StreamResponse:
            return await self._guard(request, handler)

        app = web.Application(middlewares=[guard])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.get("/download/{key}", self.handle_download, name="download"),
            # The page's own script, styles and images: no folder listing, no link followed.
            web.static("/static", self.statics_path, name="static", show_index=False,
                       follow_symlinks=False),
        ])
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def _guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
        from_query = request.query.get(TOKEN_PARAMETER)
        if self.token is None:
            if not is_loopback(request.url.host or ""):
                return refused(403, "This armybuilder answers to localhost only: open "
                                    "http://127.0.0.1 with its port.")
        elif not (token_matches(from_query, self.token)
                  or token_matches(request.cookies.get(self.cookie), self.token)):
            return refused(403, "This address needs its access token: open the whole "
                                "address armybuilder serve printed when it started (it ends "
                                "in ?token=…).")
        if request.path == "/ws" and not same_origin(request.headers.get("Origin"),
                                                     request.host):
            return refused(403, "Only armybuilder's own page may open its app.")
        response: web.StreamResponse = await handler(request)
        if self.token is not None and token_matches(from_query, self.token) \
                and not response.prepared:
            # The page's websocket and downloads carry the token as a cookie: the browser's
            # script adds its own query to the websocket's address.
            response.set_cookie(self.cookie, self.token, httponly=True, samesite="Strict",
                                path="/")
        return response

    async def handle_index(self, request: web.Request) -> web.Response:
        if len(self.live) >= self.max_sessions:
            return refused(503, f"All {self.max_sessions} app sessions are in use. Close a "
                                "tab that has armybuilder open, or try again in a moment.",
                           title="armybuilder is full")
        font_size = min(max(_number(request.query.get("fontsize"), 16), 6), 64)
        context = {
            "font_size": font_size,
            "app_websocket_url": f"{'wss' if request.secure else 'ws'}://{request.host}/ws",
            # The page's own files by path: any address with a scheme is another site's.
            "config": {"static": {"url": "/static/"}},
            "application": {"name": self.title},
        }
        page = aiohttp_jinja2.render_string("app_index.html", request, context)
        return web.Response(text=_OUTSIDE_LINK.sub("", page), content_type="text/html",
                            headers=PAGE_HEADERS)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if len(self.live) >= self.max_sessions:
            raise web.HTTPServiceUnavailable(text=f"all {self.max_sessions} app sessions "
                                                  "are in use")
        websocket = web.WebSocketResponse(heartbeat=15)
        self.live[websocket] = None  # counted before any wait: no race past the limit
        try:
            await websocket.prepare(request)
            async def close() -> None:  # the app quit: the page says the session ended
                await websocket.close()

            session = TabApp(self.command, write_bytes=websocket.send_bytes,
                              write_str=websocket.send_str, close=close,
                              download_manager=self.download_manager)
            self.live[websocket] = session
            try:
                await session.start(*terminal_size(request.query.get("width"),
                                                   request.query.get("height")))
                await self._messages(websocket, session)
            finally:
                await session.stop_within(QUIT_SECONDS)
        finally:
            del self.live[websocket]
        return websocket

    async def _messages(self, websocket: web.WebSocketResponse, session: TabApp) -> None:
        """What the page sends: keys and pastes (stdin), its size, pings, focus."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                kind, data = json.loads(message.data)
            except (ValueError, TypeError):
                continue  # not the page's own message: nothing to do with it
            if kind == "stdin" and isinstance(data, str):
                await session.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                await session.set_terminal_size(*terminal_size(data.get("width"),
                                                               data.get("height")))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await session.blur()
            elif kind == "focus":
                await session.focus()

    async def handle_download(self, request: web.Request) -> web.StreamResponse:
        key = request.match_info["key"]
        try:
            download = await self.download_manager.get_download_metadata(key)
        except KeyError:
            raise web.HTTPNotFound(text="no such download (it is offered once)") from None
        content_type = download.mime_type
        if download.encoding:
            content_type += f"; charset={download.encoding}"
        disposition = "inline" if download.open_method == "browser" else "attachment"
        response = web.StreamResponse(headers={
            **PAGE_HEADERS, "Content-Type": content_type,
            "Content-Disposition": f"{disposition}; {disposition_name(download.file_name)}"})
        await response.prepare(request)
        async for chunk in self.download_manager.download(key):
            await response.write(chunk)
        await response.write_eof()
        return response

    async def on_shutdown(self, app: web.Application) -> None:
        """Every page told the server stopped, every app told to quit (and killed if it
        has not within seconds), before the server's process ends."""
        sessions = [s for s in self.live.values() if s is not None]
        for websocket in list(self.live):
            await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"armybuilder stopped")
        await asyncio.gather(*(s.stop_within(QUIT_SECONDS) for s in sessions))

    # --- running ------------------------------------------------------------------------

    def initialize_logging(self) -> None:
        # Problems only: a club's server prints no line per request.
        logging.basicConfig(level=logging.WARNING, format="armybuilder serve: %(message)s")

    def serve(self, debug: bool = False) -> None:
        """Serve until ctrl+c (or SIGTERM); an address in use raises OSError."""
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
        except NotImplementedError:  # Windows: ctrl+c arrives as KeyboardInterrupt
            pass
        try:
            web.run_app(self._make_app(), host=self.host, port=self.port,
                        handle_signals=False, loop=loop, print=self._announce,
                        access_log=None, shutdown_timeout=3 * QUIT_SECONDS)
        except GracefulExit:
            pass
        finally:
            loop.close()

    def _announce(self, *_: Any) -> None:
        """Printed once the server listens: the addresses to open."""
        print(f"armybuilder is serving the app on {self.database}")
        for address in self.addresses():
            print(f"  open {address}")
        print(f"Each browser tab runs its own app (at most {self.max_sessions} at once). "
              "Press ctrl+c to stop.", flush=True)

    def addresses(self) -> list[str]:
        """The addresses to open, with the token when there is one."""
        query = f"?{TOKEN_PARAMETER}={self.token}" if self.token else ""
        hosts = [self.host]
        if self.host in ("", "0.0.0.0", "::"):
            # Every address of the machine: its name on the network, and this machine.
            hosts = [socket.gethostname(), "127.0.0.1"]
        return [f"http://{_bracketed(host)}:{self.port}/{query}" for host in hosts]


def refused(status: int, message: str, title: str = "armybuilder") -> web.Response:
    """A page saying why, in a sentence."""
    body = (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{html.escape(title)}"
            f"</title></head><body style=\"font-family: sans-serif; margin: 3em\">"
            f"<h1>{html.escape(title)}</h1><p>{html.escape(message)}</p></body></html>")
    return web.Response(status=status, text=body, content_type="text/html",
                        headers=PAGE_HEADERS)


def disposition_name(name: str) -> str:
    """A Content-Disposition file name: plain ASCII quoted, and the whole name encoded
    (RFC 6266); a name can hold a quote, a semicolon or letters of any script."""
    plain = "".join(c if c.isascii() and c.isprintable() and c not in '"\\' else "_"
                    for c in name) or "download"
    return f"filename=\"{plain}\"; filename*=UTF-8''{quote(name, safe='')}"


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _number(text: str | None, default: int) -> int:
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default
