"""Which saved game is a World Conquest battle, asked with plain SQL.

The play screen opens every saved game, and only a campaign battle's needs the campaign
(its AI sides are the campaign's commanders: campaign/played.py). Asking here, through the
catalogue's plain sqlite3 read path, keeps the campaign's code and SQLAlchemy off the start
of every other game (issue 18: starting a game quickly).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.play.session import Seats


def battle_of_game(catalogue: Catalogue, game_id: int) -> dict[str, Any] | None:
    """The battle a saved game was opened for on the play screen (as the campaign's
    ``battle`` gives it), if any: the last linked, should a deleted game's number come
    again."""
    with catalogue.reading() as conn:
        rows = conn.execute(
            "SELECT number, territory, scenario, players FROM campaign_battle "
            "WHERE players LIKE ? ORDER BY campaign_id DESC, number DESC",
            ('%"game"%',)).fetchall()
    for number, territory, scenario, players in rows:
        linked = json.loads(players)
        if linked.get("game") == game_id:
            return {"number": number, "territory": territory,
                    "scenario": json.loads(scenario), "players": linked}
    return None


def played_seats(catalogue: Catalogue, game_id: int, seats: Seats, log: str) -> Seats:
    """The seats of saved game ``game_id`` to play it with: a World Conquest battle's
    with the campaign's commanders on its AI sides (played.seats_for), any other game's
    as saved (``seats``)."""
    link = battle_of_game(catalogue, game_id)
    if link is None:
        return seats
    from armybuilder.campaign.played import seats_for

    return seats_for(link, seats, log)
