"""How much an import may read, and for how long: in a module of their own (no network
or database modules) so that the command line's parser can show the defaults in its help
without loading them (see tests/test_cli_startup.py)."""

from __future__ import annotations

from dataclasses import dataclass

#: The published location of the mageknight.net dial-stats feed.
FEED_URL = "https://www.mageknight.net/wp-content/uploads/mkstats.json"


@dataclass(frozen=True, slots=True)
class FetchLimits:
    """How much an import may read, and for how long."""

    #: The most bytes one file may have. The published feed is about 6 MB.
    max_bytes: int = 64 * 1024 * 1024
    #: Seconds for the whole read: the feed and its companion files together.
    deadline: float = 300.0
    #: Seconds a download may wait for its next bytes (and to connect).
    read_timeout: float = 30.0


DEFAULT_LIMITS = FetchLimits()


def size_text(count: float) -> str:
    for unit in ("bytes", "KB", "MB", "GB"):
        if count < 1024 or unit == "GB":
            return f"{count:,.0f} {unit}" if unit == "bytes" else f"{count:,.1f} {unit}"
        count /= 1024
    return f"{count} bytes"  # pragma: no cover
