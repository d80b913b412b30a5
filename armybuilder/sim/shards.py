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

A shard comes from another machine, so nothing in it is taken on trust. Every field is
checked for its type and range (a game's rounds within its round limit, its edges as the
batch seats the armies, the winner the side with more victory points, the roster the
armies' own warriors), a game the kept results already hold must say what they say, and
then games are played again - every one, or a seeded sample of them per file - and a file
with any game that comes out differently is refused: each game is decided by its seed, its
armies and the rules version alone (:mod:`armybuilder.sim.match`), as a distributed test
runner re-checks what its workers report.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.engine import Dice, FigureCard, PlayerSetup
from armybuilder.sim import keys
from armybuilder.sim.match import EDGES, Matchup
from armybuilder.sim.stats import SIDES, FigureResult, GameResult
from armybuilder.text import control_in, shown

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from armybuilder.sim.gauntlet import Gauntlet, GauntletReport
    from armybuilder.sim.kept import KeptResults, MatchupInfo

FORMAT = "armybuilder gauntlet shard"
VERSION = 1
WINNERS = ("a", "b", "draw")
#: Rulebook VI, Ending the Game (engine/victory.py, Termination).
ENDINGS = ("one side left", "time limit", "agreement")
#: A shard file is read whole, never more than this (a 20-army gauntlet of 400 games a
#: pair is about 15 MB).
MAX_SHARD_BYTES = 256 * 1024 * 1024
#: The largest numbers a shard may hold: the command line's for the settings (--games,
#: --seed, --rounds), an army list's for its warriors, and for a card's numbers and a
#: figure's tallies in one game bounds no real game comes near (and SQLite's integers hold).
MAX_GAMES = 1_000_000
MAX_SEED = 2**63 - 1
MAX_ROUNDS = 100_000
MAX_WARRIORS = 1_000
MAX_CARD_NUMBER = 10_000
MAX_TALLY = 1_000_000
#: A side's victory points are at most this many times both armies' points together
#: (eliminations, captives at double value, survivors; reanimated figures may score again).
VP_FACTOR = 10


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
    #: How to play its games again: the file's armies, terrain and settings.
    matchup: Matchup
    #: The file it came from and its place there, for messages.
    path: Path
    where: str


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

    def number(self, data: Any, name: str, low: int, high: int, where: str) -> int:
        """A whole number from ``low`` to ``high``."""
        value: int = self.field(data, name, int, where)
        if not low <= value <= high:
            raise self.fail(where, f"{name!r} is {_cut(value)}, not {low:,} to {high:,}")
        return value


def _cut(value: int) -> str:
    """A number as a message shows it: a huge one by its size, not its digits."""
    text = str(value)
    return text if len(text) <= 24 else f"a {len(text)}-digit number"


def read_shard(path: Path) -> list[ShardMatchup]:
    """A shard file's matchups and games, every claim checked but the games' outcomes
    (:func:`verify` plays them again); raises ShardError."""
    from armybuilder.ai.players import make_player
    from armybuilder.sim.kept import MatchupInfo
    from armybuilder.sim.terrain_presets import PRESETS, terrain_for

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
    from armybuilder.sim.replay import NotANumber, no_constant

    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=no_constant)
    except NotANumber as exc:
        raise ShardError(f"{where}: not a shard file ({exc})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ShardError(f"{where}: not a shard file (not JSON: {shown(exc)[:200]})") from None
    except RecursionError:
        raise ShardError(f"{where}: not a shard file (JSON nested too deep)") from None
    except ValueError as exc:  # Python's limit on an integer's digits
        raise ShardError(f"{where}: not a shard file ({shown(exc)[:200]})") from None
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
    games = r.number(settings, "games", 1, MAX_GAMES, "settings")
    seed = r.number(settings, "seed", 0, MAX_SEED, "settings")
    rounds = r.number(settings, "rounds", 1, MAX_ROUNDS, "settings")
    terrain = r.field(settings, "terrain", str, "settings")
    player = r.field(settings, "player", str, "settings")
    terrain_a = r.field(settings, "terrain_a", list, "settings")
    terrain_b = r.field(settings, "terrain_b", list, "settings")
    # Mirrored pairs since version 1 was written; a file without the field has none.
    pairs = bool(r.field(settings, "pairs", bool, "settings")) if "pairs" in settings \
        else False
    if terrain not in PRESETS:
        raise r.fail("settings", f"terrain {terrain[:40]!r} is not a preset this armybuilder "
                                 "knows")
    items = (terrain_for(terrain, 0), terrain_for(terrain, 1))
    if [terrain_a, terrain_b] != [keys.terrain_data(i) for i in items]:
        raise r.fail("settings", f"the terrain items are not the {terrain} preset's (a "
                                 "damaged or edited file)")
    try:
        make_player(player, 0)
    except (KeyError, ValueError):
        raise r.fail("settings", f"player {player[:40]!r} is not a kind of player this "
                                 "armybuilder has") from None
    armies = r.field(data, "armies", dict, "top")
    setups = {contents: _army(r, army, contents) for contents, army in armies.items()}
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
        a, b = (setups[c] for c in contents)
        matchup = Matchup(a=PlayerSetup(army_a, a.army, a.build_total, EDGES[0],
                                        terrain=items[0], passengers=a.passengers),
                          b=PlayerSetup(army_b, b.army, b.build_total, EDGES[1],
                                        terrain=items[1], passengers=b.passengers),
                          seed=seed, rounds=rounds, player_a=player, player_b=player,
                          pairs=pairs)
        roster = _roster(r, r.field(m, "roster", list, where), where)
        if roster and roster != _warriors(matchup):
            raise r.fail(where, "its roster is not the armies' warriors (a damaged or edited "
                                "file)")
        results = tuple(_result(r, g, roster, matchup, games, f"{where}, game row {i}")
                        for i, g in enumerate(r.field(m, "games", list, where), start=1))
        if results and not roster:
            raise r.fail(where, "games with no roster of warriors")
        indices = [g.index for g in results]
        if len(set(indices)) != len(indices):
            twice = next(i for i in indices if indices.count(i) > 1)
            raise r.fail(where, f"game {twice} is given twice")
        info = MatchupInfo(key=key, army_a=army_a, army_b=army_b, contents_a=contents[0],
                           contents_b=contents[1], terrain=terrain, rounds=rounds, seed=seed,
                           player_a=player, player_b=player, rules_version=rules, pairs=pairs)
        out.append(ShardMatchup(info, results, matchup, path, where))
    return out


def _army(r: _Reader, army: Any, contents: str) -> PlayerSetup:
    """An army the file carries under its digest ``contents``, as the engine plays it (no
    name, edge or terrain yet): its digest, its cards and passengers checked."""
    from armybuilder.armies.limits import MAX_BUILD_TOTAL

    where = f"army {contents[:40]}"
    total = r.number(army, "build_total", 100, MAX_BUILD_TOTAL, where)
    cards = r.field(army, "cards", list, where)
    if not 1 <= len(cards) <= MAX_WARRIORS:
        raise r.fail(where, f"{len(cards):,} cards, not 1 to {MAX_WARRIORS:,}")
    if keys.army_contents(army) != contents:
        raise r.fail(where, "its cards do not match its digest (a damaged or edited file)")
    built = []
    for k, card in enumerate(cards, start=1):
        try:
            c = FigureCard.from_dict(card)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise r.fail(f"{where}, card {k}", f"not a figure card ({shown(exc)[:120]})") \
                from None
        if not _sane(c):
            raise r.fail(f"{where}, card {k}", "a number or a name is out of range")
        built.append(c)
    passengers = []
    for pair in army.get("passengers", []) if isinstance(army, dict) else []:
        if not (isinstance(pair, list) and len(pair) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(built)
                for v in pair)):
            raise r.fail(where, f"a passenger is not [rider, chariot]: {pair!r}"[:200])
        passengers.append((pair[0], pair[1]))
    return PlayerSetup("", tuple(built), total, EDGES[0], passengers=tuple(passengers))


def _sane(card: FigureCard) -> bool:
    """A card whose numbers and names a real figure could have (any may still be wrong:
    the games are played again)."""
    numbers = [card.points, card.range, card.targets, card.starting_click, len(card.clicks),
               *(v for c in card.clicks for v in (c.speed, c.attack, c.defense, c.damage)),
               *(v for dial in card.sections for c, skulls in dial
                 for v in (c.speed, c.attack, c.defense, c.damage, skulls))]
    words = [card.key, card.name, card.rank, card.base, card.castle, *card.factions,
             *card.ability_names]
    return (all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_CARD_NUMBER
                for v in numbers)
            and all(isinstance(w, str) and len(w) <= 200 and control_in(w) is None
                    for w in words)
            and isinstance(card.base_radius, (int, float)) and 0 < card.base_radius <= 10)


def _warriors(matchup: Matchup) -> tuple[tuple[str, str, str], ...]:
    """The roster a game of the matchup records: every warrior of side a, then of b."""
    return tuple((side, c.key, c.name) for side, setup in zip(SIDES, (matchup.a, matchup.b),
                                                              strict=True)
                 for c in setup.army)


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


def _tally(value: Any, high: int = MAX_TALLY) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high


def _result(r: _Reader, row: Any, roster: tuple[tuple[str, str, str], ...],
            matchup: Matchup, games: int, where: str) -> GameResult:
    if not isinstance(row, list) or len(row) != 10:
        raise r.fail(where, "not a game row of ten fields")
    index, own_seed, winner, vp_a, vp_b, rounds, termination, first, edge_a, figures = row
    if not _tally(index, games - 1):
        raise r.fail(where, f"game index {_shown_value(index)} is not 0 to {games - 1}")
    if own_seed != matchup.seed_of(index):
        raise r.fail(where, f"game {index}'s seed is not the one the batch seed gives")
    if winner not in WINNERS or first not in SIDES or edge_a not in EDGES:
        raise r.fail(where, f"game {index}: the winner, first side or edge is not one the "
                            "engine writes")
    setup = matchup.setup(index)
    edge = setup.players[matchup.seat_of_a(index)].edge
    if edge_a != edge:
        # sim/match.py: the sides swap edges game by game (even games: a south), and in
        # mirrored pairs seats too.
        raise r.fail(where, f"game {index}: side a set up at the {edge_a} edge, but the "
                            f"batch seats it at the {edge}")
    most = VP_FACTOR * sum(c.points for c in (*matchup.a.army, *matchup.b.army))
    if not all(_tally(v, most) for v in (vp_a, vp_b)):
        raise r.fail(where, f"game {index}: victory points {_shown_value(vp_a)} and "
                            f"{_shown_value(vp_b)} are not 0 to {most:,} (the armies are "
                            "worth less)")
    if not _tally(rounds, matchup.rounds):
        raise r.fail(where, f"game {index}: {_shown_value(rounds)} rounds, but the round "
                            f"limit is {matchup.rounds}")
    if termination not in ENDINGS:
        raise r.fail(where, f"game {index}: the ending {_shown_value(termination)} is not one "
                            "the engine writes")
    # Rulebook VI, Victory!: the side with more victory points wins (the gauntlet's
    # players never withdraw); equal points go to the smaller army, or are a draw.
    if vp_a != vp_b and winner != ("a" if vp_a > vp_b else "b"):
        raise r.fail(where, f"game {index}: won by {winner} with {vp_a} to {vp_b} victory "
                            "points")
    if not isinstance(figures, list) or len(figures) != len(roster) or not all(
            isinstance(f, list) and len(f) == 4 and all(_tally(v) for v in f) and f[2] <= 1
            for f in figures):
        raise r.fail(where, f"game {index}: the figures do not match the roster")
    return GameResult(index=index, seed=own_seed, winner=winner, vp_a=vp_a, vp_b=vp_b,
                      rounds=rounds, termination=termination, first=first, edge_a=edge_a,
                      figures=tuple(FigureResult(side, key, name, e, c, bool(s), cap)
                                    for (side, key, name), (e, c, s, cap)
                                    in zip(roster, figures, strict=True)))


def _shown_value(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return _cut(value)
    return shown(repr(value))[:40]


# --- checking the games by playing them again -------------------------------------------


#: ``--verify``'s word for every game.
EVERY_GAME = None


@dataclass(frozen=True)
class Verified:
    """What :func:`verify` played again: ``games`` of ``of``; ``sample_seed`` the seed
    of the sample (None when every game was)."""

    games: int
    of: int
    sample_seed: int | None


def sample(read: Sequence[ShardMatchup], most: int | None, seed: int
           ) -> dict[int, list[int]]:
    """The games to play again, by place in ``read``: every game when ``most`` is None,
    else ``most`` of them drawn with the project's dice from ``seed`` (all when fewer)."""
    every = [(k, r.index) for k, m in enumerate(read) for r in m.results]
    if most is not None and most < len(every):
        dice = Dice(seed)
        for i in range(most):  # the first ``most`` places of a Fisher-Yates shuffle
            j = i + dice.below(len(every) - i)
            every[i], every[j] = every[j], every[i]
        every = every[:most]
    out: dict[int, list[int]] = {}
    for k, index in sorted(every):
        out.setdefault(k, []).append(index)
    return out


def verify(read: Sequence[ShardMatchup], most: int | None = EVERY_GAME,
           seed: int | None = None, workers: int | None = 1,
           progress: Callable[[int, int], None] | None = None) -> Verified:
    """Play the games of ``read`` again (every one, or a seeded sample of ``most`` per
    file) and refuse, naming file, matchup and game, the first that comes out otherwise
    than its file says. ``seed`` None: a fresh one (a sample a file's author cannot
    foresee), reported in the answer."""
    from armybuilder.sim.runner import make_chunks, play_chunks

    by_file: dict[Path, list[int]] = {}
    for k, m in enumerate(read):
        by_file.setdefault(m.path, []).append(k)
    seed = secrets.randbits(63) if seed is None and most is not None else seed
    chosen: dict[int, list[int]] = {}
    for places in by_file.values():
        part = sample([read[k] for k in places], most, seed or 0)
        chosen.update({places[k]: games for k, games in part.items()})
    total = sum(len(games) for games in chosen.values())
    claimed = {(k, r.index): r for k, m in enumerate(read) for r in m.results}
    done = 0

    def check(chunk: Any, results: list[GameResult]) -> None:
        nonlocal done
        m = read[chunk.matchup]
        for again in results:
            said = claimed[(chunk.matchup, again.index)]
            if again != said:
                raise ShardError(f"{shown(m.path)}: {shown(m.where)}, game {again.index}: "
                                 f"played again, it comes out otherwise ({_differs(said, again)}):"
                                 " a damaged or edited file, or one played by other code; "
                                 "nothing was merged")
        done += len(results)
        if progress is not None:
            progress(done, total)

    matchups = [m.matchup for m in read]
    try:
        play_chunks(matchups, make_chunks(chosen, workers or os.cpu_count() or 1),
                    workers=workers, on_chunk=check)
    except ShardError:
        raise
    except Exception as exc:
        # The engine failing on the file's armies: they are no army it would build.
        raise ShardError(f"a shard's game cannot be played again: {type(exc).__name__}: "
                         f"{shown(exc)[:200]}") from None
    return Verified(total, len(claimed), None if most is None else seed)


def _differs(said: GameResult, other: GameResult, whose: str = "the file says") -> str:
    """How ``other`` differs from ``said`` (a file's game), field by field: "winner a,
    the file says b"."""
    out = []
    for f in fields(GameResult):
        if f.name == "figures":
            continue
        a, b = getattr(said, f.name), getattr(other, f.name)
        if a != b:
            out.append(f"{f.name} {shown(str(b))[:40]}, {whose} {shown(str(a))[:40]}")
    if said.figures != other.figures:
        out.append("the figures' tallies differ")
    return "; ".join(out)


def _played_again(m: ShardMatchup, index: int) -> GameResult:
    """Game ``index`` of ``m`` played again here, to settle two accounts of it."""
    try:
        return m.matchup.result(index)
    except Exception as exc:  # the engine failing on the file's armies, as in verify
        raise ShardError(f"{shown(m.path)}: {shown(m.where)}, game {index} cannot be played "
                         f"again: {type(exc).__name__}: {shown(exc)[:200]}") from None


@dataclass(frozen=True)
class Merged:
    files: int
    matchups: int
    added: int
    already: int
    verified: Verified | None = None


def merge_shards(engine: Engine, paths: Sequence[Path], most: int | None = EVERY_GAME,
                 seed: int | None = None, workers: int | None = 1,
                 progress: Callable[[int, int], None] | None = None) -> Merged:
    """Check every file, play its games again (every one, or ``most`` per file drawn from
    ``seed``), then add them to the kept results in one transaction: a bad file, or one
    that says otherwise than the results kept already, leaves the database as it was."""
    from armybuilder.catalogue.database import writing
    from armybuilder.sim.kept import KeptResults, keep_in

    if not paths:
        raise ShardError("battle merge needs one or more shard files")
    read = [m for path in paths for m in read_shard(path)]
    _agree(read, KeptResults(engine))
    checked = verify(read, most, seed, workers, progress)
    added = already = 0
    with writing(engine) as conn:
        for m in read:
            new, old = keep_in(conn, m.info, m.results)
            added += new
            already += old
    return Merged(len(paths), len({m.info.key for m in read}), added, already, checked)


def _agree(read: Sequence[ShardMatchup], kept: KeptResults) -> None:
    """A game the kept results (or another file) already hold must say the same: a file
    that edits games already kept is refused, not taken as "already kept". The game is
    played again to say which account is wrong: a file's edit, or kept results that
    an edited file brought in earlier (merged with a --verify N sample that missed it)."""
    known = kept.results({m.info.key for m in read}, figures=True)
    seen: dict[tuple[str, int], tuple[GameResult, str, Path]] = {}
    for m in read:
        for r in m.results:
            place = f"{shown(m.path)}: {shown(m.where)}, game {r.index}"
            earlier = known.get(m.info.key, {}).get(r.index)
            if earlier is not None and earlier != r:
                told = f"{place}: the kept results hold this game otherwise " \
                       f"({_differs(r, earlier, 'the file says')})"
                if _played_again(m, r.index) == r:
                    raise ShardError(f"{told}, and played again it comes out as the file "
                                     "says: the kept results are wrong (`battle results "
                                     "--clear` forgets them); nothing was merged")
                raise ShardError(f"{told}: a damaged or edited file; nothing was merged")
            other, where, path = seen.setdefault((m.info.key, r.index), (r, place, m.path))
            if other != r:
                again = _played_again(m, r.index)
                wrong = " and ".join(shown(p) for p, game in ((path, other), (m.path, r))
                                     if game != again)
                raise ShardError(f"{place}: {where} gives this game otherwise; played again, "
                                 f"it comes out otherwise than {wrong} says; nothing was "
                                 "merged")
