"""What decides a game, as digests: the rules version, an army's contents, a matchup.

A kept result (:mod:`armybuilder.sim.kept`) is found again by these keys, so a digest
must change whenever anything that could change the game changes, and only then:

- ``RULES_VERSION``: the engine's log version and a digest of the source of everything
  that plays and records a game — the engine, the AI players, ``sim/match.py`` (seeds,
  seats, edges) and ``sim/stats.py`` (what a result records). Any edit to them, even one
  that plays the same games, invalidates every kept result: replaying is cheaper than
  trusting a result the current code might not give.
- ``army_contents``: the army's cards in order (every field of every click: key, name,
  points, factions, rank, range, targets, arc, base, starting click, the dial), its
  build total and its chariots' passengers. Not its name: a renamed army keeps its
  results.
- ``matchup_key``: both armies' contents, the terrain (the preset's name and every item
  each player brings), the round limit, the batch seed, both player kinds, the rules
  version, and whether games are mirrored pairs (then game ``2k + 1`` is game ``2k`` with
  the seats swapped; independent games keep the key they always had). A game is then the
  matchup key with its index.

Digests are of canonical JSON (sorted keys, no spaces), so they are the same on every
machine and Python version, and a shard file's claims can be checked by recomputing them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from armybuilder.engine import LOG_VERSION, PlayerSetup, TerrainItem

_PACKAGE = Path(__file__).resolve().parents[1]
#: The sources that decide a game and what its result records (see the module's notes).
DECIDING_SOURCES = ("engine", "ai", "sim/match.py", "sim/stats.py")


def digest(data: Any, size: int = 16) -> str:
    """A hex digest of ``data`` as canonical JSON."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.blake2b(text.encode(), digest_size=size, person=b"armybuilder-key").hexdigest()


def _source_files() -> list[Path]:
    files: list[Path] = []
    for name in DECIDING_SOURCES:
        path = _PACKAGE / name
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return files


def source_digest(files: Iterable[Path] | None = None, root: Path = _PACKAGE) -> str:
    """A digest of the sources that decide a game (line endings made alike, so a checkout
    on Windows keys results as one on Linux does)."""
    h = hashlib.blake2b(digest_size=6, person=b"armybuilder-src")
    for path in (_source_files() if files is None else files):
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return h.hexdigest()


#: The engine's log version and the digest of the deciding sources, e.g. "3-1f2e3d4c5b6a".
RULES_VERSION = f"{LOG_VERSION}-{source_digest()}"


def army_data(setup: PlayerSetup) -> dict[str, Any]:
    """An army's contents as plain data: the build total, every card in order, and who
    rides in which chariot from the start (only when someone does)."""
    data: dict[str, Any] = {"build_total": setup.build_total,
                            "cards": [c.to_dict() for c in setup.army]}
    if setup.passengers:
        data["passengers"] = [[p, c] for p, c in setup.passengers]
    return data


def army_contents(data: Mapping[str, Any]) -> str:
    """The digest of an army's contents (``army_data``). Chariot rules, Passengers: who
    rides decides a game too, so the passengers count when there are any (an army with
    none keeps the digest it always had)."""
    contents = {"build_total": data["build_total"], "cards": data["cards"]}
    if data.get("passengers"):
        contents["passengers"] = data["passengers"]
    return digest(contents)


def terrain_data(items: Sequence[TerrainItem]) -> list[dict[str, Any]]:
    return [t.to_dict() for t in items]


def matchup_key(*, contents_a: str, contents_b: str, terrain: str,
                terrain_a: Sequence[Mapping[str, Any]], terrain_b: Sequence[Mapping[str, Any]],
                rounds: int, seed: int, player_a: str, player_b: str,
                rules_version: str | None = None, pairs: bool = False) -> str:
    """The digest of everything but the game index that decides a game of a matchup
    (``rules_version`` None: this armybuilder's; ``pairs``: mirrored pairs)."""
    data = {"rules": rules_version or RULES_VERSION, "a": contents_a, "b": contents_b,
            "terrain": terrain, "terrain_a": list(terrain_a), "terrain_b": list(terrain_b),
            "rounds": rounds, "seed": seed, "players": [player_a, player_b]}
    if pairs:
        data["pairs"] = True
    return digest(data)
