"""A feed that would empty the catalogue, and downloads that never end.

- An import that would remove more than a small share of what its source brought, every
  figure of an expansion, or figures saved armies hold is refused with the numbers;
  nothing changes unless the player passes --allow-removals.
- A download has a size cap, a total deadline and a per-read timeout; a body shorter
  than it announced is refused as truncated; file:// and local files go through the same
  reader. The servers here are real (http.server on the loopback, in a thread).
"""

from __future__ import annotations

import contextlib
import http.server
import json
import os
import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import feed_model, tiny_feed_models, write_feed

from armybuilder.catalogue.service import Catalogue
from armybuilder.catalogue.store import RemovalRefused
from armybuilder.cli import main
from armybuilder.importers.feed import FeedError
from armybuilder.importers.sources import FetchLimits, SourceError, feed_files


def dump(db: Path) -> list[str]:
    with sqlite3.connect(db) as conn:
        lines = list(conn.iterdump())
    conn.close()
    return lines


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- removals ---------------------------------------------------------------------------


def many_models(count: int) -> list[dict]:
    return [feed_model(i, f"Grunt {i}", "Weak", number=i, letter="R") for i in range(1, count + 1)]


def test_an_empty_feed_is_refused_with_the_numbers(db_path: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "catalogue", "update", str(write_feed(tmp_path / "a")))[0] == 0
    before = dump(db_path)
    empty = write_feed(tmp_path / "b", [])
    code, out, err = run(capsys, "catalogue", "update", str(empty))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "this import would remove 3 of 3 figures (more than 5% of what it brought " \
           "before; all of " in err and "pass --allow-removals to accept" in err
    assert dump(db_path) == before
    code, out, _ = run(capsys, "catalogue", "update", str(empty), "--allow-removals")
    assert code == 0 and "3 removed" in out


def test_a_few_removals_pass_and_more_are_refused(cat: Catalogue, tmp_path: Path) -> None:
    cat.update_from_feed(write_feed(tmp_path / "a", many_models(60)))
    # 5% of 60 is 3: three figures may go, a fourth may not.
    summary = cat.update_from_feed(write_feed(tmp_path / "b", many_models(57)))
    assert len(summary.removed) == 3
    with pytest.raises(RemovalRefused, match=r"would remove 4 of 57 figures \(more than 5%"):
        cat.update_from_feed(write_feed(tmp_path / "c", many_models(53)))
    assert cat.summary()["expansions"]["rebellion"] == 57


def test_figures_in_saved_armies_are_not_removed_unasked(db_path: Path, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    run(capsys, "catalogue", "update", str(write_feed(tmp_path / "a", many_models(40))))
    run(capsys, "army", "new", "Rich", "--total", "200")
    run(capsys, "army", "add", "Rich", "rebellion:7")
    before = dump(db_path)
    code, _, err = run(capsys, "catalogue", "update",
                       str(write_feed(tmp_path / "b", [m for m in many_models(40)
                                                       if m["Model.ModelId"] != 7])))
    assert code == 2 and "would remove 1 of 40 figures (1 figure saved armies hold ('Rich'))" \
        in err
    assert dump(db_path) == before


def test_a_null_expansion_name_is_refused(cat: Catalogue, tmp_path: Path) -> None:
    """expansions.json with a null name would have re-keyed Lancers as none:160."""
    folder = tmp_path / "feed"
    write_feed(folder)
    (folder / "expansions.json").write_text(json.dumps({"Expansions": [
        {"ExpansionId": 7, "ExpansionName": "Rebellion", "ShortName": "R"},
        {"ExpansionId": 3, "ExpansionName": None, "ShortName": "L"}]}))
    with pytest.raises(FeedError, match=r"expansions.json, expansion entry 2, field ExpansionName: "
                                        r"expected a name \(text\), got NoneType None"):
        cat.update_from_feed(folder)


def test_re_keying_an_army_s_figure_is_refused(cat: Catalogue, tmp_path: Path) -> None:
    from armybuilder.armies.service import Armies

    folder = tmp_path / "feed"
    write_feed(folder)
    cat.update_from_feed(folder)
    Armies(cat).new("Knights", 200, "standard")
    Armies(cat).add("Knights", "lancers:160")
    (folder / "expansions.json").write_text(json.dumps({"Expansions": [
        {"ExpansionId": 7, "ExpansionName": "Rebellion", "ShortName": "R"},
        {"ExpansionId": 3, "ExpansionName": "Lancers Reprint", "ShortName": "L"}]}))
    with pytest.raises(RemovalRefused, match=r"1 figure saved armies hold \('Knights'\)"):
        cat.update_from_feed(folder)
    assert cat.figure("lancers:160")


@pytest.mark.shared
def test_the_real_catalogue_is_not_emptied(db_path: Path, shared_data: Path, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    feed = shared_data / "rebuilt" / "mkstats_rebuilt.json"
    assert run(capsys, "catalogue", "update", str(feed))[0] == 0
    before = dump(db_path)
    code, _, err = run(capsys, "catalogue", "update", str(write_feed(tmp_path / "e", [])))
    assert code == 2 and "this import would remove 1,054 of 1,054 figures" in err
    assert dump(db_path) == before


@pytest.fixture
def cat(tmp_path: Path) -> Iterator[Catalogue]:
    catalogue = Catalogue.open(tmp_path / "cat.sqlite")
    yield catalogue
    catalogue.close()


# --- downloads ----------------------------------------------------------------------------

Handler = Callable[[http.server.BaseHTTPRequestHandler], None]


@pytest.fixture
def serve() -> Iterator[Callable[[Handler], str]]:
    """A real HTTP server on the loopback answering every GET with ``handler``."""
    servers: list[http.server.ThreadingHTTPServer] = []

    def start(handler: Handler) -> str:
        class Answer(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                if not self.path.endswith("mkstats.json"):
                    self.send_error(404)
                    return
                with contextlib.suppress(OSError):  # the client gave up, as it should
                    handler(self)

            def log_message(self, *args: object) -> None:
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answer)
        server.handle_error = lambda *a: None  # type: ignore[method-assign]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/mkstats.json"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def endless(request: http.server.BaseHTTPRequestHandler) -> None:
    request.send_response(200)
    request.end_headers()
    chunk = b" " * 65536
    for _ in range(100_000):
        request.wfile.write(chunk)


def dripping(request: http.server.BaseHTTPRequestHandler) -> None:
    request.send_response(200)
    request.send_header("Content-Length", "1000")
    request.end_headers()
    for _ in range(1000):
        request.wfile.write(b" ")
        request.wfile.flush()
        time.sleep(0.1)


def stalled(request: http.server.BaseHTTPRequestHandler) -> None:
    request.send_response(200)
    request.send_header("Content-Length", "1000")
    request.end_headers()
    request.wfile.write(b"{")
    request.wfile.flush()
    time.sleep(3)


def truncated(request: http.server.BaseHTTPRequestHandler) -> None:
    body = json.dumps({"Models": tiny_feed_models()}).encode()
    request.send_response(200)
    request.send_header("Content-Length", str(len(body)))
    request.end_headers()
    request.wfile.write(body[:100])
    request.wfile.flush()
    request.connection.shutdown(socket.SHUT_RDWR)


def too_big(request: http.server.BaseHTTPRequestHandler) -> None:
    request.send_response(200)
    request.send_header("Content-Length", str(10 * 1024**3))
    request.end_headers()


LIMITS = FetchLimits(max_bytes=1024 * 1024, deadline=1.0, read_timeout=0.5)


@pytest.mark.parametrize(("handler", "message"), [
    (endless, r"mkstats.json: larger than 1.0 MB \(--max-size\); not imported"),
    (dripping, r"mkstats.json: not read within 1 s \(--deadline\); \d+ bytes had arrived"),
    (stalled, r"mkstats.json: no data for 0.5 s \(--read-timeout\) after 1 bytes"),
    (truncated, r"mkstats.json: truncated: the connection closed after 100 bytes of the "
                r"[\d,]+ announced; nothing was imported"),
    (too_big, r"mkstats.json: announces 10.0 GB, more than 1.0 MB \(--max-size\)"),
])
def test_a_download_stops_at_its_limits(serve: Callable[[Handler], str], handler: Handler,
                                        message: str) -> None:
    url = serve(handler)
    # The message names the limit that stopped it (no clock is read: a loaded machine
    # would make a bound on the wall time flaky).
    with pytest.raises(SourceError, match=message):
        feed_files(url, LIMITS)


def test_the_command_line_says_so_in_one_line(serve: Callable[[Handler], str], db_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    url = serve(endless)
    run(capsys, "catalogue", "summary")
    before = dump(db_path)
    code, out, err = run(capsys, "catalogue", "update", url, "--max-size", "2M",
                         "--deadline", "20", "--read-timeout", "5")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("armybuilder: error: http://127.0.0.1:") and "larger than 2.0 MB" in err
    assert dump(db_path) == before
    with pytest.raises(SystemExit) as stopped:
        main(["catalogue", "update", url, "--max-size", "lots"])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and err.count("\n") == 1
    assert "argument --max-size: expected a size like 64M, 500K or 1G, not 'lots'" in err


def test_progress_is_reported(serve: Callable[[Handler], str], tmp_path: Path) -> None:
    body = json.dumps({"Models": tiny_feed_models()}).encode()

    def whole(request: http.server.BaseHTTPRequestHandler) -> None:
        request.send_response(200)
        request.send_header("Content-Length", str(len(body)))
        request.end_headers()
        request.wfile.write(body)

    seen: list[tuple[int, int | None]] = []
    files = feed_files(serve(whole), progress=lambda name, done, total: seen.append((done, total)))
    assert len(files.stats["Models"]) == 3
    assert seen and seen[-1] == (len(body), len(body))
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@pytest.mark.parametrize("source", ["file:///dev/zero", "/dev/zero"])
def test_an_endless_local_file_stops_at_the_cap(source: str) -> None:
    with pytest.raises(SourceError, match=r"/dev/zero: larger than 1.0 MB \(--max-size\)"):
        feed_files(source, LIMITS)


def test_file_urls_read_a_feed_and_its_companions(tmp_path: Path) -> None:
    path = write_feed(tmp_path / "feed")
    (tmp_path / "feed" / "factions.json").write_text(json.dumps({"Factions": [
        {"FactionName": "Orc Raiders", "FactionID": 1}]}))
    files = feed_files(path.as_uri(), LIMITS)
    assert len(files.stats["Models"]) == 3 and files.factions is not None
    assert files.expansions is None


def test_the_command_line_shows_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    from armybuilder.cli.catalogue import _Progress
    from armybuilder.text import SafeStream

    terminal = io.StringIO()
    monkeypatch.setattr(sys, "stderr", SafeStream(terminal))
    progress = _Progress()
    progress("http://x/mkstats.json", 1024, 2048)
    progress("http://x/mkstats.json", 2048, 2048)
    progress.close()
    text = terminal.getvalue()
    assert "\rreading mkstats.json: 2.0 KB of 2.0 KB" in text and text.endswith("\n")
    assert "\\x1b" not in text and "\x1b" not in text


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_with_no_writer_stops_at_the_read_timeout(
        db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A FIFO named like a feed: opening it waited for a writer and reading it for data,
    past every limit, forever. Now each wait is held to --read-timeout (and the whole to
    --deadline): one line, exit 2, nothing imported."""
    fifo = tmp_path / "mkstats.json"
    os.mkfifo(fifo)
    assert run(capsys, "catalogue", "summary")[0] == 0  # the database, made
    before = dump(db_path)
    started = time.monotonic()
    code, _, err = run(capsys, "catalogue", "update", str(fifo), "--read-timeout", "0.3",
                       "--deadline", "5")
    assert code == 2 and err.count("\n") == 1, err
    assert "mkstats.json: no data for 0.3 s (--read-timeout) after 0 bytes" in err
    assert time.monotonic() - started < 5
    assert dump(db_path) == before

    def trickle() -> None:  # a byte now and then, each within the read timeout
        with contextlib.suppress(BrokenPipeError), open(fifo, "wb", buffering=0) as pipe:
            for _ in range(200):
                pipe.write(b" ")
                time.sleep(0.02)

    writer = threading.Thread(target=trickle)
    writer.start()
    try:
        with pytest.raises(SourceError, match=r"not read within 0.5 s \(--deadline\)"):
            feed_files(str(fifo), FetchLimits(deadline=0.5, read_timeout=3))
    finally:
        writer.join()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_with_a_writer_is_read_as_a_feed(tmp_path: Path) -> None:
    """``catalogue update <(curl ...)`` and a pipe someone writes to still work."""
    fifo = tmp_path / "mkstats.json"
    os.mkfifo(fifo)
    body = json.dumps({"Models": tiny_feed_models()}).encode()

    def write() -> None:
        time.sleep(0.1)
        with open(fifo, "wb") as pipe:
            for k in range(0, len(body), 100):
                pipe.write(body[k:k + 100])
                pipe.flush()

    writer = threading.Thread(target=write)
    writer.start()
    try:
        files = feed_files(str(fifo), FetchLimits(read_timeout=5, deadline=10))
    finally:
        writer.join()
    assert len(files.stats["Models"]) == 3
