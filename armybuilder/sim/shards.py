"""Sharing a gauntlet between machines with nothing but a shared folder.

Every machine runs the same gauntlet with its own ``--shard K/N``: it plays the K-th of N
slices of the games and writes them to a shard file; ``armybuilder battle merge FILES…``
checks the files and adds their games to the kept results in one transaction, after which
the gauntlet itself plays nothing it has and reports the whole table.

The slices: every pair's games, the pairs in the order of their keys (the same on every
machine, whatever order or names the armies are given under), cut into N runs of nearly
equal length. A shard file carries the armies' contents (every card), the terrain and the
settings, so ``merge`` recomputes each matchup's key from what the file says was played and
refuses a file whose keys do not match (damaged or edited), or that was played by another
rules version.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.sim import keys
from armybuilder.sim.match import seed_of_game
from armybuilder.sim.stats import SIDES, FigureResult, GameResult
from armybuilder.text import control_in, shown

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from armybuilder.sim.gauntlet import Gauntlet, GauntletReport
    from armybuilder.sim.kept import MatchupInfo

FORMAT = "armybuilder gauntlet shard"
VERSION = 1
WINNERS = ("a", "b", "draw")
EDGES = ("south", "north")
#: A shard file is read whole, never more than this (a 20-army gauntlet of 400 games a
#: pair is about 15 MB).
MAX_SHARD_BYTES = 256 * 1024 * 1024


class ShardError(ValueError):
    """A shard file that cannot be merged; the message names the file and the place."""


def shard_games(pair_keys: Sequence[str], games: int, k: int, n: int) -> dict[int, list[int]]:
    """The k-th (from 1) of n slices: pair index (in ``pair_keys``' order) -> its games."""
    order = sorted(range(len(pair_keys)), key=lambda i: pair_keys[i])
    total = len(order) * games
    low, high = (k - 1) * total // n, k * total // n
    out: dict[int, list[int]] = {}
    for position, i in enumerate(order):
        first = position * games
        start, stop = max(low, first), min(high, first + games)
        if start < stop:
            out[i] = list(range(start - first, stop - first))
    return out


def default_path(k: int, n: int) -> Path:
    return Path(f"gauntlet-shard-{k}-of-{n}.json")


# --- writing ---------------------------------------------------------------------------


def _game(r: GameResult) -> list[Any]:
    return [r.index, r.seed, r.winner, r.vp_a, r.vp_b, r.rounds, r.termination, r.first,
            r.edge_a, [[f.eliminations, f.clicks_dealt, int(f.survived), f.captures]
                       for f in r.figures]]


def shard_document(gauntlet: Gauntlet, report: GauntletReport) -> dict[str, Any]:
    """A shard's games as a shard file's JSON (the report must carry figure tables)."""
    from armybuilder.sim.terrain_presets import terrain_for

    request = gauntlet.request
    by_key = {p.key: p for p in gauntlet.pairings}
    matchups = []
    for pair in report.pairs:
        pairing = by_key[pair.key]
        a, b = gauntlet.entrants[pairing.a], gauntlet.entrants[pairing.b]
        roster = [[f.side, f.key, f.name] for f in pair.results[0].figures] \
            if pair.results else []
        matchups.append({"key": pair.key, "army_a": a.name, "army_b": b.name,
                         "contents_a": a.contents, "contents_b": b.contents,
                         "roster": roster, "games": [_game(r) for r in pair.results]})
    return {
        "format": FORMAT, "version": VERSION, "rules_version": keys.RULES_VERSION,
        "shard": list(request.shard or (1, 1)),
        "settings": {"games": request.games, "seed": request.seed, "rounds": request.rounds,
                     "terrain": request.terrain, "player": request.player,
                     "pairs": request.pairs,
                     "terrain_a": keys.terrain_data(terrain_for(request.terrain, 0)),
                     "terrain_b": keys.terrain_data(terrain_for(request.terrain, 1))},
        "armies": {e.contents: e.data for e in gauntlet.entrants},
        "matchups": matchups,
    }


def write_shard(path: Path, document: Mapping[str, Any], force: bool = False) -> None:
    """Write the file as every export is (armybuilder/files.py): whole or not at all, never
    over a file without ``force``, never through a symbolic link."""
    from armybuilder.files import ExportError, write_atomically

    try:
        write_atomically(Path(path), json.dumps(document, ensure_ascii=False,
                                                separators=(",", ":")), force)
    except ExportError as exc:
        raise ShardError(f"the shard file {exc}") from None


# --- reading and merging ----------------------------------------------------------------


@dataclass(frozen=True)
class ShardMatchup:
    info: MatchupInfo
    results: tuple[GameResult, ...]


class _Reader:
    """Checks one file's JSON, naming the file and the place of the first fault."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, what: str) -> ShardError:
        return ShardError(f"{shown(self.path)}: {shown(where)}: {shown(what)}")

    def name(self, data: Any, field: str, where: str) -> str:
        """A name the file gives (an army's, a figure's): no control characters, as no
        name armybuilder keeps may hold them."""
        value = self.field(data, field, str, where)
        bad = control_in(value)
        if bad is not None:
            raise self.fail(where, f"{field} holds a control character ({shown(bad)})")
        return str(value)

    def field(self, data: Any, name: str, kind: type | tuple[type, ...], where: str) -> Any:
        if not isinstance(data, dict) or name not in data:
            raise self.fail(where, f"missing {name!r}")
        value = data[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(where, f"{name!r} has the wrong type")
        return value


def read_shard(path: Path) -> list[ShardMatchup]:
    """A shard file's matchups and games, every claim checked; raises ShardError."""
    from armybuilder.sim.kept import MatchupInfo

    path = Path(path)
    where = shown(path)
    r = _Reader(path)
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_SHARD_BYTES + 1)
    except OSError as exc:
        raise ShardError(f"cannot read the shard file {where}: "
                         f"{shown(exc.strerror or exc)}") from None
    if len(raw) > MAX_SHARD_BYTES:
        raise ShardError(f"{where}: larger than {MAX_SHARD_BYTES // 1024**2} MB; not a shard "
                         "file")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ShardError(f"{where}: not a shard file (not JSON: {shown(exc)})") from None
    except RecursionError:
        raise ShardError(f"{where}: not a shard file (JSON nested too deep)") from None
    except ValueError as exc:  # Python's limit on an integer's digits
        raise ShardError(f"{where}: not a shard file ({shown(exc)})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ShardError(f"{where}: not a gauntlet shard file")
    if data.get("version") != VERSION:
        raise ShardError(f"{where}: shard file version {shown(repr(data.get('version')))[:40]};"
                         f" this armybuilder reads version {VERSION}")
    rules = r.field(data, "rules_version", str, "top")
    if rules != keys.RULES_VERSION:
        raise ShardError(f"{where}: played by another version of the engine or players "
                         f"(rules version {shown(rules)[:80]}; this armybuilder is "
                         f"{keys.RULES_VERSION}): play the shard again with this version")
    settings = r.field(data, "settings", dict, "top")
    games = r.field(settings, "games", int, "settings")
    seed = r.field(settings, "seed", int, "settings")
    rounds = r.field(settings, "rounds", int, "settings")
    terrain = r.field(settings, "terrain", str, "settings")
    player = r.field(settings, "player", str, "settings")
    terrain_a = r.field(settings, "terrain_a", list, "settings")
    terrain_b = r.field(settings, "terrain_b", list, "settings")
    # Mirrored pairs since version 1 was written; a file without the field has none.
    pairs = bool(r.field(settings, "pairs", bool, "settings")) if "pairs" in settings \
        else False
    armies = r.field(data, "armies", dict, "top")
    for contents, army in armies.items():
        r.field(army, "build_total", int, f"army {contents}")
        r.field(army, "cards", list, f"army {contents}")
        if keys.army_contents(army) != contents:
            raise r.fail(f"army {contents}", "its cards do not match its digest (a damaged "
                                             "or edited file)")
    out = []
    for n, m in enumerate(r.field(data, "matchups", list, "top"), start=1):
        where = f"matchup {n}"
        army_a = r.name(m, "army_a", where)
        army_b = r.name(m, "army_b", where)
        where = f"matchup {n} ({army_a} v {army_b})"
        contents = [r.field(m, f"contents_{s}", str, where) for s in SIDES]
        if any(c not in armies for c in contents):
            raise r.fail(where, "an army the file does not carry")
        key = keys.matchup_key(contents_a=contents[0], contents_b=contents[1],
                               terrain=terrain, terrain_a=terrain_a, terrain_b=terrain_b,
                               rounds=rounds, seed=seed, player_a=player, player_b=player,
                               pairs=pairs)
        if r.field(m, "key", str, where) != key:
            raise r.fail(where, "its key does not match what it says was played (a damaged "
                                "or edited file)")
        roster = _roster(r, r.field(m, "roster", list, where), where)
        results = tuple(_result(r, g, roster, games, seed, f"{where}, game row {i}", pairs)
                        for i, g in enumerate(r.field(m, "games", list, where), start=1))
        info = MatchupInfo(key=key, army_a=army_a, army_b=army_b, contents_a=contents[0],
                           contents_b=contents[1], terrain=terrain, rounds=rounds, seed=seed,
                           player_a=player, player_b=player, rules_version=rules, pairs=pairs)
        out.append(ShardMatchup(info, results))
    return out


def _roster(r: _Reader, rows: list[Any], where: str) -> tuple[tuple[str, str, str], ...]:
    out = []
    for row in rows:
        if (not isinstance(row, list) or len(row) != 3 or row[0] not in SIDES
                or not all(isinstance(v, str) for v in row)):
            raise r.fail(where, f"a roster entry is not [side, key, name]: {row!r}"[:200])
        if control_in(row[1] + row[2]) is not None:
            raise r.fail(where, f"a figure's key or name holds a control character: "
                                f"{row[1]!r}"[:200])
        out.append((row[0], row[1], row[2]))
    return tuple(out)


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _result(r: _Reader, row: Any, roster: tuple[tuple[str, str, str], ...], games: int,
            seed: int, where: str, pairs: bool = False) -> GameResult:
    if not isinstance(row, list) or len(row) != 10:
        raise r.fail(where, "not a game row of ten fields")
    index, own_seed, winner, vp_a, vp_b, rounds, termination, first, edge_a, figures = row
    if not _count(index) or index >= games:
        raise r.fail(where, f"game index {index!r} is not 0 to {games - 1}")
    if own_seed != seed_of_game(seed, index, pairs):
        raise r.fail(where, f"game {index}'s seed is not the one the batch seed gives")
    if winner not in WINNERS or first not in SIDES or edge_a not in EDGES:
        raise r.fail(where, f"game {index}: the winner, first side or edge is not one the "
                            "engine writes")
    if not all(_count(v) for v in (vp_a, vp_b, rounds)) or not isinstance(termination, str):
        raise r.fail(where, f"game {index}: victory points, rounds or ending of the wrong type")
    if not isinstance(figures, list) or len(figures) != len(roster) or not all(
            isinstance(f, list) and len(f) == 4 and all(_count(v) for v in f) and f[2] <= 1
            for f in figures):
        raise r.fail(where, f"game {index}: the figures do not match the roster")
    return GameResult(index=index, seed=own_seed, winner=winner, vp_a=vp_a, vp_b=vp_b,
                      rounds=rounds, termination=termination, first=first, edge_a=edge_a,
                      figures=tuple(FigureResult(side, key, name, e, c, bool(s), cap)
                                    for (side, key, name), (e, c, s, cap)
                                    in zip(roster, figures, strict=True)))


@dataclass(frozen=True)
class Merged:
    files: int
    matchups: int
    added: int
    already: int


def merge_shards(engine: Engine, paths: Sequence[Path]) -> Merged:
    """Check every file, then add their games to the kept results in one transaction:
    a bad file leaves the database as it was."""
    from armybuilder.catalogue.database import writing
    from armybuilder.sim.kept import keep_in

    if not paths:
        raise ShardError("battle merge needs one or more shard files")
    read = [m for path in paths for m in read_shard(path)]
    added = already = 0
    with writing(engine) as conn:
        for m in read:
            new, old = keep_in(conn, m.info, m.results)
            added += new
            already += old
    return Merged(len(paths), len({m.info.key for m in read}), added, already)
