"""One game told turn by turn from its JSON event log, with a small map of the table.

Chariots are told section by section: where each one faces, what each of its four dials
shows, who rides in it, and which section every attack struck (Chariot rules).

    lines = narrate(read_log(path), maps="round")

The log is first checked by replaying it in the engine (:func:`armybuilder.engine.replay`):
a log that does not replay is refused. The story is then read from the recorded events,
each kind told in the words registered for it (:mod:`armybuilder.sim.narration`); the map
is drawn from them too (:mod:`armybuilder.sim.replay_map`), so it shows the table exactly
between two turns.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from armybuilder.engine import Game, GameSetup, ReplayMismatch, replay, setup_from_dict

# The narration of every kind of event registers itself when these load.
from armybuilder.sim import told_play, told_sieges  # noqa: F401
from armybuilder.sim.armies import BattleError
from armybuilder.sim.narration import NARRATION, Narration
from armybuilder.sim.replay_map import (
    BANNER_MARK,
    CASTLE_MARK,
    CLOSED_PORTAL,
    LADDER_MARK,
    MAP_HEIGHT,
    MAP_WIDTH,
    OPEN_PORTAL,
    RUBBLE_MARK,
)
from armybuilder.text import shown, shown_lines

MAPS = ("round", "turn", "none")

MAX_LOG_BYTES = 64 * 1024 * 1024


class NotANumber(ValueError):
    """NaN or an infinity in a file armybuilder writes: no game, shard or log holds one."""


def no_constant(name: str) -> Any:
    """``json.loads``' parse_constant: Python reads NaN and Infinity as numbers, but no
    game writes them, and NaN equals nothing (a check comparing it passes or fails at
    random), so a file holding one is refused."""
    raise NotANumber(f"{name} is no number a game writes")


def read_log(path: Path) -> dict[str, Any]:
    """The log at ``path``, checked by replaying it; BattleError says what is wrong."""
    where = shown(path)
    try:
        with Path(path).open("rb") as handle:
            raw = handle.read(MAX_LOG_BYTES + 1)
    except FileNotFoundError:
        raise BattleError(f"log {where}: no such file") from None
    except IsADirectoryError:
        raise BattleError(f"log {where}: a folder, not a game log") from None
    except OSError as exc:
        raise BattleError(f"log {where}: cannot read it "
                          f"({shown(exc.strerror or exc).lower()})") from None
    if len(raw) > MAX_LOG_BYTES:
        raise BattleError(f"log {where}: larger than {MAX_LOG_BYTES // 1024**2} MB; not a "
                          "game log")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        # A game log is JSON text; a database, a picture or a program is not.
        raise BattleError(f"log {where}: not a game log (not text)") from None
    try:
        data = json.loads(text, parse_constant=no_constant)
    except NotANumber as exc:
        raise BattleError(f"log {where}: not a game log ({exc})") from None
    except json.JSONDecodeError as exc:
        raise BattleError(f"log {where}: not a game log (not JSON: {exc.msg} at line "
                          f"{exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise BattleError(f"log {where}: not a game log (JSON nested too deep)") from None
    except ValueError as exc:  # Python's limit on an integer's digits
        raise BattleError(f"log {where}: not a game log ({exc})") from None
    if not isinstance(data, dict) or "start" not in data or "entries" not in data:
        raise BattleError(f"log {where}: not an armybuilder game log (no start and entries)")
    entries = data["entries"]
    if not isinstance(entries, list) or not entries or not all(
            isinstance(e, dict) and isinstance(e.get("events"), list) for e in entries):
        raise BattleError(f"log {where}: not a game log (entries must be a list of "
                          "objects with events)")
    for i, entry in enumerate(entries[1:], start=1):
        if not isinstance(entry.get("action"), dict):
            raise BattleError(f"log {where}, entry {i}, field action: expected an action, "
                              f"got {shown(repr(entry.get('action')))[:60]}")
    try:
        replay(data)
    except ReplayMismatch as exc:
        raise BattleError(f"log {where} does not replay: {shown(exc)}") from exc
    except Exception as exc:
        # Any other failure of the engine on this log (a wrong type deep in an event, a
        # warrior that does not exist) means the file was changed: refused, in one line.
        raise BattleError(f"log {where} is damaged: {type(exc).__name__}: "
                          f"{shown(exc)[:200]}") from exc
    return data


def _start(data: dict[str, Any]) -> Game:
    start = setup_from_dict(data["start"])
    return Game.new(start) if isinstance(start, GameSetup) else Game.from_scenario(start)


def narrate(data: dict[str, Any], maps: str = "round") -> Iterator[str]:
    """The game of a checked log (:func:`read_log`), line by line. ``maps``: a map after
    every round (``round``), every turn (``turn``) or none (``none``); always one when the
    armies are deployed and one at the end, unless none."""
    if maps not in MAPS:
        raise BattleError(f"--maps must be one of {', '.join(MAPS)}, not {maps!r}")
    game = _start(data)
    final = replay(data)
    narrator = Narration(game, data, maps)
    # The map shades the terrain as it lies once set-up is over, the castle's parts too.
    narrator.t.features = list(final.terrain.features)
    narrator.t.castle_from(final)
    yield from map(shown_lines, narrator.header(data))
    yield ""
    entries = data["entries"]
    # Names are shown literally (armybuilder.text); so is anything else the log brings.
    yield from map(shown_lines, narrator.entry(None, entries[0]["events"]))
    for entry in entries[1:]:
        yield from map(shown_lines, narrator.entry(entry["action"], entry["events"]))


class Narrator:
    """A game told as it is played, one entry at a time, in the words of :func:`narrate`
    (the play screen's log). ``start`` is the log's "start" header."""

    def __init__(self, start: dict[str, Any]) -> None:
        data = {"start": start, "entries": []}
        self._told = Narration(_start(data), data, maps="none")

    @property
    def extra_actions(self) -> tuple[str, ...]:
        """Why the turn told last has more actions than its player's own, one entry an
        extra action: "keep" (Castle rules, Actions, Mage Knight), "Command"."""
        return self._told.extra

    @property
    def marks(self) -> tuple[str, ...]:
        """Each warrior's letter, by id: player 0 capitals, player 1 small letters, ..."""
        return tuple(self._told.t.marks)

    def entry(self, action: dict[str, Any] | None, events: list[dict[str, Any]]) -> list[str]:
        """The lines one log entry adds: ``action`` as the log writes it, its events; names
        shown literally (armybuilder.text), as in :func:`narrate`."""
        return [shown_lines(line) for line in self._told.entry(action, events)]


__all__ = ["BANNER_MARK", "CASTLE_MARK", "CLOSED_PORTAL", "LADDER_MARK", "MAPS", "MAP_HEIGHT",
           "MAP_WIDTH", "NARRATION", "OPEN_PORTAL", "RUBBLE_MARK", "Narrator", "narrate",
           "read_log"]
