"""Kept battle results: every finished game of a gauntlet in the database, found again by
what decides it (:mod:`armybuilder.sim.keys`), so a gauntlet plays only what it has not
played yet: new pairs after an army joins, the extra games when ``--games`` rises, and
the pairs of an army whose contents changed.

A game is kept as its matchup's key and its index; the matchup row says what was played
(the armies' names when last played, their contents' digests, terrain, rounds, seed,
players, rules version) and the roster of warriors, so a game row holds only numbers.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, case, delete, func, insert, select, update

from armybuilder.catalogue.database import writing
from armybuilder.sim.kept_tables import BattleGameRow, BattleMatchupRow
from armybuilder.sim.stats import FigureResult, GameResult

T_MATCHUP = BattleMatchupRow.__table__  # type: ignore[attr-defined]
T_GAME = BattleGameRow.__table__  # type: ignore[attr-defined]
#: Keys asked for in one query (SQLite allows some thousands of parameters).
KEYS_PER_QUERY = 500

Roster = tuple[tuple[str, str, str], ...]  # (side, figure key, name) per warrior


class KeptError(ValueError):
    """Kept results that do not fit together; the message says which matchup."""


@dataclass(frozen=True, slots=True)
class MatchupInfo:
    """What a kept matchup is: everything its key is a digest of, in words."""

    key: str
    army_a: str
    army_b: str
    contents_a: str
    contents_b: str
    terrain: str
    rounds: int
    seed: int
    player_a: str
    player_b: str
    rules_version: str
    #: Mirrored pairs (sim/match.py); rows kept before there were pairs read False.
    pairs: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


@dataclass(frozen=True, slots=True)
class KeptMatchup:
    """A line of ``battle results``: a matchup and what its kept games say."""

    info: MatchupInfo
    games: int
    wins: dict[str, int]  # {a, b, draw}
    updated: str


def roster_of(result: GameResult) -> Roster:
    return tuple((f.side, f.key, f.name) for f in result.figures)


def _game_row(matchup_id: int, r: GameResult) -> dict[str, Any]:
    figures = [[f.eliminations, f.clicks_dealt, int(f.survived), f.captures]
               for f in r.figures]
    return {"matchup_id": matchup_id, "game": r.index, "seed": r.seed, "winner": r.winner,
            "vp_a": r.vp_a, "vp_b": r.vp_b, "rounds": r.rounds, "termination": r.termination,
            "first": r.first, "edge_a": r.edge_a,
            "figures": json.dumps(figures, separators=(",", ":"))}


def _result(row: Any, roster: Roster | None) -> GameResult:
    figures: tuple[FigureResult, ...] = ()
    if roster is not None:
        numbers = json.loads(row.figures)
        figures = tuple(FigureResult(side=side, key=key, name=name, eliminations=e,
                                     clicks_dealt=c, survived=bool(s), captures=cap)
                        for (side, key, name), (e, c, s, cap)
                        in zip(roster, numbers, strict=True))
    # The words repeat from game to game: one copy of each, not one per game.
    return GameResult(index=row.game, seed=row.seed, winner=sys.intern(row.winner),
                      vp_a=row.vp_a, vp_b=row.vp_b, rounds=row.rounds,
                      termination=sys.intern(row.termination), first=sys.intern(row.first),
                      edge_a=sys.intern(row.edge_a), figures=figures)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def keep_in(conn: Connection, info: MatchupInfo, results: Sequence[GameResult],
            replace: bool = False) -> tuple[int, int]:
    """Keep ``results`` of the matchup ``info`` inside the caller's transaction: (games
    added, games already kept). ``replace``: the new results overwrite kept ones."""
    if not results:
        return 0, 0
    roster = roster_of(results[0])
    if any(roster_of(r) != roster for r in results):
        raise KeptError(f"{info.army_a} v {info.army_b}: games with different rosters")
    found = conn.execute(select(T_MATCHUP.c.id, T_MATCHUP.c.roster)
                         .where(T_MATCHUP.c.key == info.key)).first()
    values = {**info.as_dict(), "roster": json.dumps(roster), "updated": _now()}
    if found is None:
        matchup_id = conn.execute(insert(T_MATCHUP).values(**values)).lastrowid
    else:
        matchup_id = found.id
        if tuple(tuple(w) for w in json.loads(found.roster)) != roster:
            raise KeptError(f"{info.army_a} v {info.army_b}: its kept games have another "
                            "roster of warriors under the same key")
        # The names are labels: the latest ones are shown.
        conn.execute(update(T_MATCHUP).where(T_MATCHUP.c.id == matchup_id).values(
            army_a=info.army_a, army_b=info.army_b, updated=values["updated"]))
    before = _count(conn, matchup_id)
    rows = [_game_row(matchup_id, r) for r in results]
    verb = "OR REPLACE" if replace else "OR IGNORE"
    conn.execute(insert(T_GAME).prefix_with(verb), rows)
    added = _count(conn, matchup_id) - before
    return added, len(rows) - added


def _count(conn: Connection, matchup_id: int) -> int:
    return int(conn.execute(select(func.count()).select_from(T_GAME)
                            .where(T_GAME.c.matchup_id == matchup_id)).scalar_one())


class KeptResults:
    """The kept results in one database (the catalogue's engine)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def keep(self, info: MatchupInfo, results: Sequence[GameResult],
             replace: bool = False) -> tuple[int, int]:
        """Keep finished games in one transaction: (added, already kept)."""
        with writing(self.engine) as conn:
            return keep_in(conn, info, results, replace)

    def results(self, keys: Iterable[str], below: int | None = None,
                figures: bool = False) -> dict[str, dict[int, GameResult]]:
        """Kept games by matchup key and game index (only games under ``below``). Without
        ``figures`` a result's figure table is left empty: a gauntlet's table needs only
        winners and points, and twenty armies' games stay small in memory."""
        wanted = list(dict.fromkeys(keys))
        out: dict[str, dict[int, GameResult]] = {k: {} for k in wanted}
        with self.engine.connect() as conn:
            for start in range(0, len(wanted), KEYS_PER_QUERY):
                part = wanted[start:start + KEYS_PER_QUERY]
                rosters = {row.id: (row.key, _roster(row.roster) if figures else None)
                           for row in conn.execute(
                               select(T_MATCHUP.c.id, T_MATCHUP.c.key, T_MATCHUP.c.roster)
                               .where(T_MATCHUP.c.key.in_(part)))}
                if not rosters:
                    continue
                query = select(T_GAME).where(T_GAME.c.matchup_id.in_(list(rosters)))
                if below is not None:
                    query = query.where(T_GAME.c.game < below)
                for row in conn.execute(query):
                    key, roster = rosters[row.matchup_id]
                    out[key][row.game] = _result(row, roster)
        return out

    def matchups(self) -> list[KeptMatchup]:
        """Every kept matchup with its games' tally, by army names."""
        g = T_GAME.c
        tally = (select(g.matchup_id, func.count().label("games"),
                        *(func.sum(case((g.winner == side, 1), else_=0)).label(side)
                          for side in ("a", "b", "draw")))
                 .group_by(g.matchup_id).subquery())
        query = (select(T_MATCHUP, tally.c.games, tally.c.a, tally.c.b, tally.c.draw)
                 .join(tally, tally.c.matchup_id == T_MATCHUP.c.id, isouter=True)
                 .order_by(func.lower(T_MATCHUP.c.army_a), func.lower(T_MATCHUP.c.army_b),
                           T_MATCHUP.c.id))
        out = []
        with self.engine.connect() as conn:
            for row in conn.execute(query):
                info = MatchupInfo(**{name: getattr(row, name)
                                      for name in MatchupInfo.__slots__})
                info = replace(info, pairs=bool(info.pairs))
                out.append(KeptMatchup(info, int(row.games or 0),
                                       {"a": int(row.a or 0), "b": int(row.b or 0),
                                        "draw": int(row.draw or 0)}, row.updated))
        return out

    def clear(self) -> tuple[int, int]:
        """Forget every kept result: (matchups, games) removed."""
        with writing(self.engine) as conn:
            games = int(conn.execute(select(func.count()).select_from(T_GAME)).scalar_one())
            matchups = conn.execute(delete(T_MATCHUP)).rowcount
            conn.execute(delete(T_GAME))  # the cascade did it; this says so
        return int(matchups or 0), games


def _roster(text: str) -> Roster:
    return tuple((side, key, name) for side, key, name in json.loads(text))
