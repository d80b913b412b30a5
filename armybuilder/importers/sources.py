"""Where an import comes from: a file, a folder or a URL, read whole before any write."""

from __future__ import annotations

import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from armybuilder.importers.feed import FeedError, FeedFiles, parse_json

#: The published location of the mageknight.net dial-stats feed.
FEED_URL = "https://www.mageknight.net/wp-content/uploads/mkstats.json"
COMPANIONS = {
    "abilities": "specialabilities.json",
    "expansions": "expansions.json",
    "factions": "factions.json",
}
_TIMEOUT = 60


class SourceError(ValueError):
    """The source cannot be read at all (missing file, unreachable URL)."""


def is_url(source: str) -> bool:
    return urllib.parse.urlparse(source).scheme in ("http", "https", "file")


def feed_files(source: str | Path) -> FeedFiles:
    """Read a feed from ``mkstats.json`` (any name), a folder holding it, or a URL."""
    text = str(source)
    if is_url(text):
        return _from_url(text)
    path = Path(text).expanduser()
    if path.is_dir():
        path = _stats_in_folder(path)
    if not path.is_file():
        raise SourceError(f"{path}: no such file or folder")
    files = FeedFiles(stats=parse_json(_read(path), path.name), stats_name=str(path))
    for attr, name in COMPANIONS.items():
        companion = path.with_name(name)
        if companion.is_file() and companion != path:
            setattr(files, attr, parse_json(_read(companion), str(companion)))
    return files


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise SourceError(f"{path}: {exc.strerror or exc}") from exc


def _stats_in_folder(folder: Path) -> Path:
    exact = folder / "mkstats.json"
    if exact.is_file():
        return exact
    candidates = sorted(p for p in folder.glob("*.json") if "mkstats" in p.name.lower())
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise SourceError(f"{folder}: no mkstats.json in this folder")
    names = ", ".join(p.name for p in candidates)
    raise SourceError(f"{folder}: more than one feed file ({names}); name one")


def _from_url(url: str) -> FeedFiles:
    stats_url = url
    if not url.rstrip("/").lower().endswith(".json"):
        stats_url = url.rstrip("/") + "/mkstats.json"
    body = _fetch(stats_url, required=True)
    assert body is not None
    files = FeedFiles(stats=parse_json(body, stats_url), stats_name=stats_url)
    for attr, name in COMPANIONS.items():
        companion_url = urllib.parse.urljoin(stats_url, name)
        companion = _fetch(companion_url, required=False)
        if companion is not None:
            setattr(files, attr, parse_json(companion, companion_url))
    return files


def _fetch(url: str, required: bool) -> bytes | None:
    try:
        with urllib.request.urlopen(url, timeout=_TIMEOUT) as response:
            return response.read()
    except urllib.error.HTTPError as exc:
        if not required and exc.code == 404:
            return None
        raise SourceError(f"{url}: HTTP {exc.code} {exc.reason}") from exc
    except (urllib.error.URLError, OSError) as exc:
        if not required:
            return None
        reason = getattr(exc, "reason", exc)
        raise SourceError(f"{url}: cannot fetch ({reason})") from exc


__all__ = ["FEED_URL", "FeedError", "SourceError", "feed_files", "is_url"]
