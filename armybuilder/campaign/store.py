"""Campaigns in the database: the start and the log, one step at a time.

Each step is written in its own transaction as it happens (the action, its events, and the
summary after it), so a campaign stopped anywhere resumes exactly where it stood: loading
replays the log from the start and checks every step's events on the way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select, update

from armybuilder.campaign.game import ReplayMismatch, replay
from armybuilder.campaign.state import Campaign, CampaignStart
from armybuilder.campaign.tables import CampaignBattleRow, CampaignRow, CampaignStepRow
from armybuilder.catalogue.connection import DatabaseBusy
from armybuilder.catalogue.database import writing
from armybuilder.catalogue.service import Catalogue
from armybuilder.suggest import UnknownName, named, no_such
from armybuilder.text import control_in, shown

T_CAMPAIGN = CampaignRow.__table__  # type: ignore[attr-defined]
T_STEP = CampaignStepRow.__table__  # type: ignore[attr-defined]
T_BATTLE = CampaignBattleRow.__table__  # type: ignore[attr-defined]
MAX_NAME = 200


class CampaignError(ValueError):
    """A campaign operation that cannot be done; the message says which campaign and why."""


class CampaignMovedOn(CampaignError, DatabaseBusy):
    """Another program advanced the campaign while this one played it (two `campaign
    run` at once): a busy database, as the README's exit statuses say (1, try again), not
    bad input."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def campaign_name(name: object) -> str:
    if not isinstance(name, str):
        raise CampaignError(f"a campaign name is text, not {type(name).__name__}")
    name = name.strip()
    if not name:
        raise CampaignError("a campaign needs a name")
    bad = control_in(name)
    if bad is not None:
        raise CampaignError(f"campaign name '{shown(name)}' holds a control character "
                            f"({shown(bad)}); a name is one line of plain text")
    if len(name) > MAX_NAME:
        raise CampaignError(f"a campaign name has at most {MAX_NAME} characters")
    return name


def summary(c: Campaign) -> dict[str, Any]:
    return {"turn": c.turn, "round": c.round, "winner": c.winner,
            "players": [{"name": p.name, "gold": p.gold, "seat": p.seat,
                         "territories": len(c.territories_of(p.index)), "out": p.out}
                        for p in c.players]}


@dataclass(frozen=True)
class Listed:
    name: str
    steps: int
    summary: dict[str, Any]
    updated: str


class Campaigns:
    """Saved campaigns in the catalogue's database."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.engine = catalogue.engine

    def _id(self, conn: Connection, name: str) -> int:
        found = conn.execute(select(T_CAMPAIGN.c.id)
                             .where(T_CAMPAIGN.c.name == name.strip())).scalar()
        if found is None:
            known = list(conn.execute(select(T_CAMPAIGN.c.name)
                                      .order_by(T_CAMPAIGN.c.name)).scalars())
            raise CampaignError(no_such("campaign", name, known, "campaigns"))
        return int(found)

    def named(self, text: str, guess: bool = True) -> tuple[str, str]:
        """(the saved campaign's name, a note when ``text`` was not quite it), as
        ``Armies.named``: one way of forgiving names everywhere (suggest.named)."""
        try:
            return named(text, self.names(), "campaign", "campaigns", guess)
        except UnknownName as exc:
            raise CampaignError(str(exc)) from None

    def names(self) -> list[str]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(T_CAMPAIGN.c.name)
                                     .order_by(T_CAMPAIGN.c.name)).scalars())

    def list(self) -> list[Listed]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(T_CAMPAIGN.c.name, T_CAMPAIGN.c.steps,
                                       T_CAMPAIGN.c.summary, T_CAMPAIGN.c.updated)
                                .order_by(T_CAMPAIGN.c.name)).all()
        return [Listed(r.name, r.steps, json.loads(r.summary), r.updated) for r in rows]

    def create(self, name: str, c: Campaign) -> None:
        """Save a new campaign with its first log entry (the roll for the first player)."""
        name = campaign_name(name)
        with writing(self.engine) as conn:
            clash = conn.execute(select(T_CAMPAIGN.c.name)
                                 .where(T_CAMPAIGN.c.name == name)).scalar()
            if clash is not None:
                raise CampaignError(f"a campaign named {clash!r} already exists")
            now = _now()
            cid = conn.execute(insert(T_CAMPAIGN).values(
                name=name, start=_json(c.start.to_dict()), summary=_json(summary(c)),
                steps=len(c.log), created=now, updated=now)).lastrowid
            conn.execute(insert(T_STEP), [{"campaign_id": cid, "seq": i, "entry": _json(e)}
                                          for i, e in enumerate(c.log)])

    def record(self, name: str, c: Campaign, battle: dict[str, Any] | None = None) -> None:
        """Write the steps of ``c``'s log not yet saved (and a battle's start) in one
        transaction."""
        with writing(self.engine) as conn:
            cid = self._id(conn, name)
            saved = int(conn.execute(select(func.count()).select_from(T_STEP)
                                     .where(T_STEP.c.campaign_id == cid)).scalar() or 0)
            last = None if not saved else conn.execute(select(T_STEP.c.entry).where(
                T_STEP.c.campaign_id == cid, T_STEP.c.seq == saved - 1)).scalar()
            # The last step kept must be this program's too (its events: what a replay
            # checks), or another program's steps lie under the ones added here.
            if saved > len(c.log) or (last is not None and json.loads(last).get("events")
                                      != json.loads(_json(c.log[saved - 1]))["events"]):
                raise CampaignMovedOn(f"campaign {name!r} has moved on elsewhere ({saved} "
                                      f"steps saved, {len(c.log)} here): another program "
                                      "is playing it; nothing more was saved, try again")
            fresh = c.log[saved:]
            if fresh:
                conn.execute(insert(T_STEP), [
                    {"campaign_id": cid, "seq": saved + i, "entry": _json(e)}
                    for i, e in enumerate(fresh)])
            if battle is not None:
                self._keep_battle(conn, cid, battle)
            conn.execute(update(T_CAMPAIGN).where(T_CAMPAIGN.c.id == cid).values(
                summary=_json(summary(c)), steps=len(c.log), updated=_now()))

    @staticmethod
    def _keep_battle(conn: Connection, cid: int, battle: dict[str, Any]) -> None:
        """A battle's row: written when it is fought, or when it is opened on the play
        screen (then written again when a new game is opened for it)."""
        conn.execute(delete(T_BATTLE).where(T_BATTLE.c.campaign_id == cid,
                                            T_BATTLE.c.number == battle["number"]))
        conn.execute(insert(T_BATTLE).values(campaign_id=cid, **battle))

    def link(self, name: str, battle: dict[str, Any]) -> None:
        """Keep the battle a human plays on the play screen with its start and the
        saved game's number (``players["game"]``) before it is fought."""
        with writing(self.engine) as conn:
            self._keep_battle(conn, self._id(conn, name), battle)

    def game_of(self, name: str, number: int) -> int | None:
        """The saved game battle ``number`` is played as on the play screen, if any."""
        with self.engine.connect() as conn:
            cid = self._id(conn, name)
            players = conn.execute(select(T_BATTLE.c.players).where(
                T_BATTLE.c.campaign_id == cid, T_BATTLE.c.number == number)).scalar()
        if players is None:
            return None
        game = json.loads(players).get("game")
        return int(game) if isinstance(game, int) else None

    def load(self, name: str) -> Campaign:
        """The campaign replayed from its start and its saved log."""
        with self.engine.connect() as conn:
            cid = self._id(conn, name)
            start = conn.execute(select(T_CAMPAIGN.c.start)
                                 .where(T_CAMPAIGN.c.id == cid)).scalar_one()
            entries = [json.loads(e) for e in conn.execute(
                select(T_STEP.c.entry).where(T_STEP.c.campaign_id == cid)
                .order_by(T_STEP.c.seq)).scalars()]
        try:
            return replay(CampaignStart.from_dict(json.loads(start)), entries)
        except ReplayMismatch as exc:
            raise CampaignError(f"campaign {name!r} cannot be resumed: its log does not "
                                f"replay ({exc})") from exc

    def battle(self, name: str, number: int) -> dict[str, Any]:
        with self.engine.connect() as conn:
            cid = self._id(conn, name)
            row = conn.execute(select(T_BATTLE).where(T_BATTLE.c.campaign_id == cid,
                                                      T_BATTLE.c.number == number)).first()
            count = conn.execute(select(func.count()).select_from(T_BATTLE)
                                 .where(T_BATTLE.c.campaign_id == cid)).scalar()
        if row is None:
            raise CampaignError(f"campaign {name!r} has no battle {number} (battles fought: "
                                f"{count})")
        return {"number": row.number, "territory": row.territory,
                "scenario": json.loads(row.scenario), "players": json.loads(row.players)}

    def delete(self, name: str) -> None:
        with writing(self.engine) as conn:
            conn.execute(delete(T_CAMPAIGN).where(T_CAMPAIGN.c.id == self._id(conn, name)))
