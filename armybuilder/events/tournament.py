"""Club tournaments: lists handed in and verified, rounds paired by the Swiss system (or a
round robin), results entered by hand or played by the AIs, standings with tiebreakers,
drops and late entries, and printable sheets.

Everything lives in the database (db/migrations/0007_events.sql) and every step is one
transaction: a registration, a pairing (the whole round, with its byes), a result, one
AI-played game. A tournament stopped anywhere, a crash between two rounds or in the middle
of one, goes on from what was kept.

Readings where the club's rules are silent (README, "Sealed, draft and tournaments"):
a plain bye is a win worth half the build total in victory points; an AI-played bye (the
bye player against the house army, the AI commanding both) is still a win, and its victory
points are those the player scored in that game; a late entrant starts on 0 points.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from armybuilder.armies.service import Armies, SavedArmy
from armybuilder.catalogue.service import Catalogue
from armybuilder.events.lists import (
    RegisteredList,
    army_from_code,
    changes,
    register_list,
    version_text,
)
from armybuilder.events.pairing import SYSTEMS, Pairing, Seat, pair_round
from armybuilder.events.standings import Entrant, Game, Record, standings
from armybuilder.events.store import EventError, dumps, event_name, free, now, row_id
from armybuilder.rules import get_profile

FORMATS = {"constructed": "constructed", "sealed": "sealed", "draft": "sealed"}
SCORE = re.compile(r"^\s*(\d{1,6})\s*[-:]\s*(\d{1,6})\s*$")
MAX_ROUNDS = 20
MAX_PLAYERS = 512


@dataclass(frozen=True)
class Settings:
    format: str = "constructed"  # constructed, sealed or draft
    points: int = 200
    rounds: int = 4
    pairing: str = "swiss"  # swiss or round-robin
    seed: int = 1
    game_rounds: int = 25  # the time limit of an AI-played game, in rounds
    terrain: str = "standard"
    players: str = "heuristic"  # the AI that commands both sides of an AI-played game
    house: dict[str, Any] | None = None  # the house army's list, for AI-played byes
    profile_name: str = ""  # the profile lists are checked by; "" the format's own

    @property
    def profile(self) -> str:
        return self.profile_name or FORMATS[self.format]

    def to_dict(self) -> dict[str, Any]:
        return {"format": self.format, "points": self.points, "rounds": self.rounds,
                "profile_name": self.profile_name,
                "pairing": self.pairing, "seed": self.seed, "game_rounds": self.game_rounds,
                "terrain": self.terrain, "players": self.players, "house": self.house}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Settings:
        return cls(**d)


@dataclass(frozen=True)
class Player:
    number: int
    name: str
    list: RegisteredList
    entered: int
    dropped: int | None = None


@dataclass
class Tournament:
    name: str
    settings: Settings
    players: list[Player] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)

    @property
    def round(self) -> int:
        """The last round paired (0 before the first)."""
        return max((g.round for g in self.games), default=0)

    def round_games(self, number: int | None = None) -> list[Game]:
        wanted = self.round if number is None else number
        return sorted((g for g in self.games if g.round == wanted), key=lambda g: g.board)

    @property
    def open_games(self) -> list[Game]:
        return [g for g in self.round_games() if not g.result]

    @property
    def over(self) -> bool:
        return self.round >= self.settings.rounds and not self.open_games

    def player(self, ref: str | int) -> Player:
        for p in self.players:
            if str(ref).strip().casefold() in (p.name.casefold(), str(p.number)):
                return p
        raise EventError(f"tournament {self.name!r} has no player {str(ref)!r} (players: "
                         f"{', '.join(p.name for p in self.players) or 'none yet'})")

    def name_of(self, number: int | None) -> str:
        if number is None:
            return "bye"
        return next((p.name for p in self.players if p.number == number), str(number))

    def standings(self) -> list[Record]:
        return standings([Entrant(p.number, p.name, p.dropped) for p in self.players],
                         self.games)

    def active(self, round_number: int) -> list[Player]:
        """Players to pair in ``round_number``: entered by then, not dropped before it."""
        return [p for p in self.players if p.entered <= round_number
                and (p.dropped is None or p.dropped >= round_number)]


def _derive(*parts: object) -> int:
    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8,
                                          person=b"armybuilder").digest(), "big") >> 1


class Tournaments:
    """Tournaments in the catalogue's database."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue

    # --- reading -------------------------------------------------------------------

    def names(self) -> list[str]:
        with self.catalogue.reading() as db:
            return [n for n, in db.execute("SELECT name FROM tournament ORDER BY name")]

    def get(self, name: str) -> Tournament:
        with self.catalogue.reading() as db:
            tid = row_id(db, "tournament", name, "tournament")
            title, settings = db.execute("SELECT name, settings FROM tournament WHERE id = ?",
                                         (tid,)).fetchone()
            players = [Player(n, pname, RegisteredList.from_dict(json.loads(lst)), entered,
                              dropped)
                       for n, pname, lst, entered, dropped in db.execute(
                           "SELECT number, name, list, entered, dropped FROM "
                           "tournament_player WHERE tournament_id = ? ORDER BY number",
                           (tid,))]
            games = [Game(*row) for row in db.execute(
                "SELECT round, board, a, b, result, vp_a, vp_b, how FROM tournament_game "
                "WHERE tournament_id = ? ORDER BY round, board", (tid,))]
        return Tournament(title, Settings.from_dict(json.loads(settings)), players, games)

    def flags(self, t: Tournament) -> dict[int, list[str]]:
        """Each player's list: what the catalogue now says differently about its figures."""
        keys = sorted({k for p in t.players for k in p.list.cards})
        figures = self.catalogue.figures(keys)
        return {p.number: changes(p.list, figures) for p in t.players}

    # --- writing -------------------------------------------------------------------

    def create(self, name: str, settings: Settings, house_army: str | None = None) -> None:
        from armybuilder.ai.players import KINDS
        from armybuilder.sim.terrain_presets import PRESETS

        name = event_name(name, "a tournament")
        if settings.format not in FORMATS:
            raise EventError(f"--format: {', '.join(FORMATS)}, not {settings.format!r}")
        if settings.pairing not in SYSTEMS:
            raise EventError(f"--pairing: {' or '.join(SYSTEMS)}, not {settings.pairing!r}")
        if settings.points <= 0 or settings.points % 100:
            # Rulebook II, Building Your Army: build totals are multiples of 100.
            raise EventError(f"--points: a positive multiple of 100, not {settings.points}")
        if not 1 <= settings.rounds <= MAX_ROUNDS:
            raise EventError(f"--rounds: from 1 to {MAX_ROUNDS}, not {settings.rounds}")
        if settings.players not in KINDS:
            raise EventError(f"--players: {', '.join(KINDS)}, not {settings.players!r}")
        get_profile(settings.profile)  # an unknown profile is refused with the known ones
        if settings.terrain not in PRESETS:
            raise EventError(f"--terrain: {', '.join(PRESETS)}, not {settings.terrain!r}")
        if house_army is not None:
            # The house army plays no one's pool: it is checked as a constructed list.
            armies = Armies(self.catalogue)
            house = register_list(self.catalogue, armies.get(house_army),
                                  get_profile("standard"), settings.points)
            settings = replace(settings, house=house.to_dict())
        with self.catalogue.connections.writing() as db:
            free(db, "tournament", name, "tournament")
            stamp = now()
            db.execute("INSERT INTO tournament (name, settings, created, updated) VALUES "
                       "(?, ?, ?, ?)", (name, dumps(settings.to_dict()), stamp, stamp))

    def delete(self, name: str) -> None:
        with self.catalogue.connections.writing() as db:
            db.execute("DELETE FROM tournament WHERE id = ?",
                       (row_id(db, "tournament", name, "tournament"),))

    def register(self, name: str, source: str, player: str | None = None,
                 pool: dict[str, int] | None = None) -> Player:
        """Register a list from a saved army's name or a share code (``register_army``)."""
        from armybuilder.armies.share import looks_like_code

        armies = Armies(self.catalogue)
        army = army_from_code(armies, source) if looks_like_code(source) else armies.get(
            source)
        return self.register_army(name, army, player, pool)

    def register_army(self, name: str, army: SavedArmy, player: str | None = None,
                      pool: dict[str, int] | None = None) -> Player:
        """Register ``army``'s list; a list not legal for the event is refused with its
        findings (lists.IllegalList). After round one is paired it is a late entry:
        paired from the next round, on 0 points."""
        t = self.get(name)
        if t.round >= t.settings.rounds:
            raise EventError(f"tournament {t.name!r} has paired its last round; no more "
                             "entries")
        if get_profile(t.settings.profile).pool and pool is None:
            raise EventError(f"tournament {t.name!r} is {t.settings.format}: give the "
                             "player's pool (--pool SEALED_POOL)")
        registered = register_list(self.catalogue, army, get_profile(t.settings.profile),
                                   t.settings.points, pool)
        who = event_name(player or (army.name if army.name != "share code" else
                                    f"player {len(t.players) + 1}"), "a player")
        with self.catalogue.connections.writing() as db:
            tid = row_id(db, "tournament", t.name, "tournament")
            clash = db.execute("SELECT name FROM tournament_player WHERE tournament_id = ? "
                               "AND name = ?", (tid, who)).fetchone()
            if clash is not None:
                raise EventError(f"tournament {t.name!r} already has a player {clash[0]!r} "
                                 "(--player NAME gives another)")
            count, last = db.execute("SELECT count(*), coalesce(max(number), 0) FROM "
                                     "tournament_player WHERE tournament_id = ?",
                                     (tid,)).fetchone()
            if count >= MAX_PLAYERS:
                raise EventError(f"a tournament has at most {MAX_PLAYERS} players")
            paired = db.execute("SELECT coalesce(max(round), 0) FROM tournament_game WHERE "
                                "tournament_id = ?", (tid,)).fetchone()[0]
            db.execute("INSERT INTO tournament_player (tournament_id, number, name, list, "
                       "entered) VALUES (?, ?, ?, ?, ?)",
                       (tid, last + 1, who, dumps(registered.to_dict()), paired + 1))
            db.execute("UPDATE tournament SET updated = ? WHERE id = ?", (now(), tid))
        return self.get(name).player(who)

    def drop(self, name: str, player: str) -> Player:
        """The player leaves the event: not paired from the next round on; games played
        (and one still open this round) keep counting."""
        t = self.get(name)
        p = t.player(player)
        if p.dropped is not None:
            raise EventError(f"{p.name} dropped from {t.name!r} after round {p.dropped}")
        with self.catalogue.connections.writing() as db:
            tid = row_id(db, "tournament", t.name, "tournament")
            db.execute("UPDATE tournament_player SET dropped = ? WHERE tournament_id = ? AND "
                       "number = ?", (t.round, tid, p.number))
        return self.get(name).player(p.name)

    def pair(self, name: str, bye_game: bool = False) -> list[Game]:
        """Pair the next round (one transaction): the Swiss system or the round robin,
        byes included. ``bye_game``: the bye is played against the house army."""
        t = self.get(name)
        if t.open_games:
            raise EventError(f"round {t.round} of {t.name!r} has {len(t.open_games)} game"
                             f"{'s' if len(t.open_games) != 1 else ''} without a result "
                             "(tournament result or tournament play)")
        number = t.round + 1
        if number > t.settings.rounds:
            raise EventError(f"tournament {t.name!r} has played all {t.settings.rounds} "
                             "rounds")
        if bye_game and t.settings.house is None:
            raise EventError("an AI-played bye needs a house army: tournament new ... "
                             "--house-army ARMY")
        active = t.active(number)
        boards = pair_round(t.settings.pairing, _seats(t, active, number), _met(t), number,
                            t.settings.rounds)
        rows: list[Game] = []
        for board, p in enumerate(boards, 1):
            if p.b is not None:
                rows.append(Game(number, board, p.a, p.b, ""))
            elif bye_game:
                rows.append(Game(number, board, p.a, None, "", how="bye game"))
            else:
                # Reading: a bye is a win worth half the build total in victory points.
                rows.append(Game(number, board, p.a, None, "a", t.settings.points // 2, 0,
                                 "bye"))
        with self.catalogue.connections.writing() as db:
            tid = row_id(db, "tournament", t.name, "tournament")
            paired = db.execute("SELECT coalesce(max(round), 0) FROM tournament_game WHERE "
                                "tournament_id = ?", (tid,)).fetchone()[0]
            if paired != t.round:
                raise EventError(f"tournament {t.name!r} was paired elsewhere meanwhile; "
                                 "look again")
            db.executemany("INSERT INTO tournament_game (tournament_id, round, board, a, b, "
                           "result, vp_a, vp_b, how) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           [(tid, g.round, g.board, g.a, g.b, g.result, g.vp_a, g.vp_b,
                             g.how) for g in rows])
            db.execute("UPDATE tournament SET updated = ? WHERE id = ?", (now(), tid))
        return rows

    def result(self, name: str, board: int, vp_a: int, vp_b: int,
               winner: str | None = None) -> Game:
        """A result by hand for the current round's ``board``: the victory points of side a
        and side b (Rulebook VI: the most victory points wins; level points are a draw
        unless ``winner`` says who won on the smaller army)."""
        t = self.get(name)
        game = next((g for g in t.round_games() if g.board == board), None)
        if game is None:
            raise EventError(f"round {t.round} of {t.name!r} has no table {board} (tables: "
                             f"1 to {len(t.round_games())})" if t.round else
                             f"tournament {t.name!r} has no round paired yet")
        if game.how == "bye":
            raise EventError(f"table {board} is a bye: {t.name_of(game.a)} has the win")
        if vp_a < 0 or vp_b < 0:
            raise EventError("victory points are 0 or more")
        outcome = "a" if vp_a > vp_b else "b" if vp_b > vp_a else (winner or "draw")
        if outcome not in ("a", "b", "draw"):
            raise EventError(f"--winner: a or b, not {winner!r}")
        if game.b is None:
            outcome = "a"  # an AI-played bye is still the bye's win
        return self._record(t, replace(game, result=outcome, vp_a=vp_a, vp_b=vp_b,
                                       how=game.how or "hand"), {"by": "hand"})

    def _record(self, t: Tournament, game: Game, detail: dict[str, Any]) -> Game:
        with self.catalogue.connections.writing() as db:
            tid = row_id(db, "tournament", t.name, "tournament")
            db.execute("UPDATE tournament_game SET result = ?, vp_a = ?, vp_b = ?, how = ?, "
                       "detail = ? WHERE tournament_id = ? AND round = ? AND board = ?",
                       (game.result, game.vp_a, game.vp_b, game.how, dumps(detail), tid,
                        game.round, game.board))
            db.execute("UPDATE tournament SET updated = ? WHERE id = ?", (now(), tid))
        return game

    def play(self, name: str, progress: Callable[[Game], None] | None = None) -> list[Game]:
        """The AIs play the current round's open games, each kept as soon as it ends."""
        t = self.get(name)
        played: list[Game] = []
        for game in t.open_games:
            result = play_game(t, game)
            done = self._record(t, result[0], result[1])
            played.append(done)
            if progress is not None:
                progress(done)
        return played


def _met(t: Tournament) -> set[frozenset[int]]:
    return {frozenset((g.a, g.b)) for g in t.games if g.b is not None}


def _seats(t: Tournament, active: list[Player], number: int) -> list[Seat]:
    """Each active player's history as the pairing library needs it, from the games."""
    score: dict[int, float] = {p.number: 0.0 for p in t.players}
    sides: dict[int, list[str]] = {p.number: [] for p in t.players}
    floats: dict[int, list[str]] = {p.number: [] for p in t.players}
    byes: dict[int, int] = {p.number: 0 for p in t.players}
    for r in range(1, number):
        before = dict(score)
        seen: set[int] = set()
        for g in t.round_games(r):
            seen.add(g.a)
            if g.b is None:
                byes[g.a] += 1
                score[g.a] += 1.0
                sides[g.a].append("")
                floats[g.a].append("down")  # FIDE C.04: a bye counts as a downfloat
                continue
            seen.add(g.b)
            sides[g.a].append("a")
            sides[g.b].append("b")
            for me, other in ((g.a, g.b), (g.b, g.a)):
                floats[me].append("down" if before[me] > before[other] else
                                  "up" if before[me] < before[other] else "none")
            score[g.a] += {"a": 1.0, "draw": 0.5}.get(g.result, 0.0)
            score[g.b] += {"b": 1.0, "draw": 0.5}.get(g.result, 0.0)
        for p in t.players:
            if p.number not in seen:
                sides[p.number].append("")
                floats[p.number].append("none")
    return [Seat(p.number, score[p.number], tuple(sides[p.number]), tuple(floats[p.number]),
                 byes[p.number]) for p in active]


def play_game(t: Tournament, game: Game) -> tuple[Game, dict[str, Any]]:
    """One game of the round, both sides commanded by the tournament's AI (the battle
    machinery: ``sim.match``), seeded by the tournament's seed, round and table."""
    from armybuilder.engine import PlayerSetup
    from armybuilder.sim.match import Matchup
    from armybuilder.sim.terrain_presets import terrain_for

    s = t.settings
    first = t.player(game.a)
    if game.b is None:
        if s.house is None:
            raise EventError("an AI-played bye needs a house army")
        other_name, other = "house army", RegisteredList.from_dict(s.house)
    else:
        second = t.player(game.b)
        other_name, other = second.name, second.list

    def seat(who: str, lst: RegisteredList, index: int) -> PlayerSetup:
        return PlayerSetup(name=who, army=lst.army_cards(), build_total=s.points,
                           edge="south", terrain=terrain_for(s.terrain, index))

    match = Matchup(seat(first.name, first.list, 0), seat(other_name, other, 1),
                    _derive("tournament", s.seed, game.round, game.board), s.game_rounds,
                    s.players, s.players)
    try:
        result = match.result(0)
    except RuntimeError as exc:
        raise EventError(f"round {game.round}, table {game.board}: {exc}") from exc
    outcome = result.winner if game.b is not None else "a"
    detail = {"by": s.players, "seed": result.seed, "rounds": result.rounds,
              "ending": result.termination, "winner": result.winner}
    return replace(game, result=outcome, vp_a=result.vp_a, vp_b=result.vp_b,
                   how="bye game" if game.b is None else "ai"), detail


def parse_score(text: str) -> tuple[int, int]:
    """"140-85": the victory points of side a and side b."""
    found = SCORE.match(text)
    if not found:
        raise ValueError(f"expected the victory points of sides a and b as A-B (say "
                         f"140-85), not {text[:40]!r}")
    return int(found.group(1)), int(found.group(2))


def round_robin_rounds(players: int) -> int:
    """FIDE Berger tables: n - 1 rounds for an even field, n for an odd one."""
    return players - 1 if players % 2 == 0 else players


__all__ = ["FORMATS", "EventError", "Pairing", "Player", "Settings", "Tournament",
           "Tournaments", "play_game", "round_robin_rounds", "version_text"]
