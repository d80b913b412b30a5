"""Where an import comes from: a file, a folder or a URL, read whole before any write.

Every read is bounded (``FetchLimits``): at most so many bytes, within a total deadline,
and, for a download, no read waiting longer than the per-read timeout. A local file, a
``file://`` URL and an ``http(s)://`` URL all go through the same reader, so an endless
body, a server sending a byte every few seconds or ``/dev/zero`` stop with one clear
line; a body shorter than its Content-Length is refused as truncated.
"""

from __future__ import annotations

import http.client
import os
import select
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from armybuilder.importers.feed import FeedError, FeedFiles, parse_json
from armybuilder.importers.limits import DEFAULT_LIMITS, FEED_URL, FetchLimits, size_text
from armybuilder.text import shown

COMPANIONS = {
    "abilities": "specialabilities.json",
    "expansions": "expansions.json",
    "factions": "factions.json",
}
_CHUNK = 64 * 1024

#: (file or URL, bytes read so far, bytes expected or None when the source does not say)
Progress = Callable[[str, int, int | None], None]


class SourceError(ValueError):
    """The source cannot be read at all (missing file, unreachable URL, over a limit)."""


def is_url(source: str) -> bool:
    return urllib.parse.urlparse(source).scheme in ("http", "https", "file")


class _Reader:
    """One feed's reads, sharing a deadline."""

    def __init__(self, limits: FetchLimits, progress: Progress | None) -> None:
        self.limits = limits
        self.progress = progress
        self.ends = time.monotonic() + limits.deadline

    def left(self) -> float:
        return self.ends - time.monotonic()

    def read(self, stream: IO[bytes] | Any, name: str, expected: int | None) -> bytes:
        """Everything ``stream`` holds, within the limits."""
        limits = self.limits
        read = getattr(stream, "read1", None) or stream.read
        chunks: list[bytes] = []
        got = 0
        while True:
            late = (f"{shown(name)}: not read within {limits.deadline:g} s (--deadline); "
                    f"{got:,} bytes had arrived")
            if self.left() <= 0:
                raise SourceError(late)
            try:
                chunk = read(_CHUNK)
            except TimeoutError:
                if self.left() <= 0:  # the wait was cut short by the deadline
                    raise SourceError(late) from None
                raise SourceError(f"{shown(name)}: no data for {limits.read_timeout:g} s "
                                  f"(--read-timeout) after {got:,} bytes") from None
            except http.client.IncompleteRead as exc:
                got += len(exc.partial)
                raise SourceError(self._truncated(name, got, expected)) from None
            except (http.client.HTTPException, OSError) as exc:
                raise SourceError(f"{shown(name)}: the read failed after {got:,} bytes "
                                  f"({shown(exc)})") from None
            if not chunk:
                break
            got += len(chunk)
            if got > limits.max_bytes:
                raise SourceError(f"{shown(name)}: larger than {size_text(limits.max_bytes)} "
                                  "(--max-size); not imported")
            chunks.append(chunk)
            if self.progress is not None:
                self.progress(name, got, expected)
        if expected is not None and got < expected:
            raise SourceError(self._truncated(name, got, expected))
        return b"".join(chunks)

    @staticmethod
    def _truncated(name: str, got: int, expected: int | None) -> str:
        of = f" of the {expected:,} announced" if expected else ""
        return (f"{shown(name)}: truncated: the connection closed after {got:,} bytes{of}; "
                "nothing was imported")

    def file(self, path: Path) -> bytes:
        try:
            if not path.is_file() and hasattr(os, "O_NONBLOCK"):
                # A named pipe or a device: opening one may wait for a writer and reading
                # it for data that never comes, so it is read without blocking, each wait
                # within --read-timeout and the whole within --deadline.
                return self._unbounded(path)
            with path.open("rb") as stream:
                return self.read(stream, str(path), None)
        except OSError as exc:
            raise SourceError(f"{shown(path)}: {exc.strerror or exc}") from exc

    def _unbounded(self, path: Path) -> bytes:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        with os.fdopen(fd, "rb", buffering=0) as stream:
            return self.read(_Waiting(stream, self), str(path), None)

    def url(self, url: str, required: bool) -> bytes | None:
        timeout = max(0.001, min(self.limits.read_timeout, self.left()))
        try:
            response = urllib.request.urlopen(url, timeout=timeout)
        except urllib.error.HTTPError as exc:
            if not required and exc.code in (404, 410):
                return None
            raise SourceError(f"{shown(url)}: HTTP {exc.code} {shown(exc.reason)}") from exc
        except (urllib.error.URLError, OSError, ValueError) as exc:
            reason = getattr(exc, "reason", exc)
            if not required and isinstance(reason, FileNotFoundError):
                return None  # a file:// folder without this companion
            raise SourceError(f"{shown(url)}: cannot fetch ({shown(reason)})") from exc
        with response:
            length = response.headers.get("Content-Length")
            expected = int(length) if length and length.strip().isdigit() else None
            if expected is not None and expected > self.limits.max_bytes:
                raise SourceError(f"{shown(url)}: announces {size_text(expected)}, more than "
                                  f"{size_text(self.limits.max_bytes)} (--max-size); not "
                                  "imported")
            return self.read(response, url, expected or None)


class _Waiting:
    """A non-blocking stream read as a blocking one that gives up: ``read`` waits for data
    at most the per-read timeout (and never past the deadline), then raises TimeoutError
    as a socket's read does."""

    def __init__(self, stream: IO[bytes], reader: _Reader) -> None:
        self.stream = stream
        self.reader = reader

    def read(self, size: int) -> bytes:
        while True:
            wait = max(0.0, min(self.reader.limits.read_timeout, self.reader.left()))
            ready, _, _ = select.select([self.stream], [], [], wait)
            if not ready:
                raise TimeoutError
            chunk = self.stream.read(size)  # None: woken with nothing to read after all
            if chunk is not None:
                return chunk
            if self.reader.left() <= 0:
                raise TimeoutError


def feed_files(source: str | Path, limits: FetchLimits = DEFAULT_LIMITS,
               progress: Progress | None = None) -> FeedFiles:
    """Read a feed from ``mkstats.json`` (any name), a folder holding it, or a URL."""
    reader = _Reader(limits, progress)
    text = str(source)
    if is_url(text):
        return _from_url(text, reader)
    path = Path(text).expanduser()
    if path.is_dir():
        path = _stats_in_folder(path)
    if not path.exists():
        raise SourceError(f"{shown(path)}: no such file or folder")
    files = FeedFiles(stats=parse_json(reader.file(path), path.name), stats_name=str(path))
    for attr, name in COMPANIONS.items():
        companion = path.with_name(name)
        if companion.is_file() and companion != path:
            setattr(files, attr, parse_json(reader.file(companion), str(companion)))
    return files


def _stats_in_folder(folder: Path) -> Path:
    exact = folder / "mkstats.json"
    if exact.is_file():
        return exact
    candidates = sorted(p for p in folder.glob("*.json") if "mkstats" in p.name.lower())
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise SourceError(f"{shown(folder)}: no mkstats.json in this folder")
    names = ", ".join(shown(p.name) for p in candidates)
    raise SourceError(f"{shown(folder)}: more than one feed file ({names}); name one")


def _from_url(url: str, reader: _Reader) -> FeedFiles:
    stats_url = url
    parsed = urllib.parse.urlparse(url)
    if parsed.scheme == "file":
        folder = Path(urllib.request.url2pathname(parsed.path)).is_dir()
    else:
        folder = not url.rstrip("/").lower().endswith(".json")
    if folder:
        stats_url = url.rstrip("/") + "/mkstats.json"
    body = reader.url(stats_url, required=True)
    assert body is not None
    files = FeedFiles(stats=parse_json(body, stats_url), stats_name=stats_url)
    for attr, name in COMPANIONS.items():
        companion_url = urllib.parse.urljoin(stats_url, name)
        companion = reader.url(companion_url, required=False)
        if companion is not None:
            setattr(files, attr, parse_json(companion, companion_url))
    return files


__all__ = ["DEFAULT_LIMITS", "FEED_URL", "FeedError", "FetchLimits", "Progress", "SourceError",
           "feed_files", "is_url", "size_text"]
