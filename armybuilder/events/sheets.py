"""A tournament's printable sheets: what each one says (export.event_sheets lays it out)."""

from __future__ import annotations

from armybuilder.events.lists import version_text
from armybuilder.events.standings import Game
from armybuilder.events.store import EventError
from armybuilder.events.tournament import Tournament
from armybuilder.export.event_sheets import Sheet, Table, rows, widths

SHEETS = ("pairings", "standings", "decklists")


def _subtitle(t: Tournament) -> str:
    s = t.settings
    return (f"{s.format.capitalize()}, {s.points} points, {s.pairing} pairings, round "
            f"{t.round} of {s.rounds}; {len(t.players)} players")


def result_words(t: Tournament, g: Game, sides: bool = False) -> str:
    """A table's result as the sheets and screens write it: "140-85 Rich wins" (or, with
    ``sides``, "140-85 A wins"), "bye (a win)", "to play"."""
    if g.b is None and g.how == "bye":
        return "bye (a win)"
    if not g.result:
        return "" if sides else "to play"
    if g.b is None:
        return f"bye game {g.vp_a}-{g.vp_b} (a win)"
    who = ({"a": "A", "b": "B"} if sides else {"a": t.name_of(g.a), "b": t.name_of(g.b)})
    winner = who.get(g.result)
    return f"{g.vp_a}-{g.vp_b} " + (f"{winner} wins" if winner else "draw")


def sheet(t: Tournament, what: str, round_number: int | None = None,
          flags: dict[int, list[str]] | None = None) -> Sheet:
    """The ``what`` sheet ("pairings" of a round, the latest by default; "standings";
    "decklists": every player's list as handed in, with what changed since)."""
    if what == "pairings":
        games = t.round_games(round_number)
        if not games:
            raise EventError(f"tournament {t.name!r} has no round "
                             f"{round_number or 1} paired yet")
        table = Table(("Table", "Side A", "Side B", "Result"), widths(1, 5, 5, 3), rows([
            (g.board, t.name_of(g.a),
             t.name_of(g.b) if g.b is not None else (
                 "house army (AI-played bye)" if g.how == "bye game" else "bye"),
             result_words(t, g, sides=True)) for g in games]))
        return Sheet(f"{t.name}: round {games[0].round} pairings", _subtitle(t), (table,),
                     ("Side A sets up first. Write the victory points of each side "
                      "(Rulebook VI, Victory!) on the result line.",))
    if what == "standings":
        ranked = t.standings()
        table = Table(("#", "Player", "Score", "W-L-D", "Byes", "SOS", "VP"),
                      widths(1, 6, 1.5, 2, 1.2, 1.5, 1.5), rows([
                          (r.rank, r.name + (" (dropped)" if r.dropped is not None else ""),
                           f"{float(r.score):g}", f"{r.wins}-{r.losses}-{r.draws}", r.byes,
                           f"{float(r.sos):.3f}", r.vp) for r in ranked]))
        return Sheet(f"{t.name}: standings" + (" (final)" if t.over else ""), _subtitle(t),
                     (table,), ("Score: a win or a bye 1, a draw 1/2. Ties broken by "
                                "strength of schedule (SOS: the opponents' mean score per "
                                "round played), then victory points.",))
    if what == "decklists":
        tables = []
        for p in t.players:
            lst = p.list
            heading = (f"{p.number}. {p.name}: {lst.army}, {lst.points}/{lst.build_total} "
                       f"points ({version_text(lst.catalogue, lst.errata)})")
            body: list[tuple[object, ...]] = [
                (e.count, e.name, e.rank, e.key, e.points, e.points * e.count)
                for e in lst.entries]
            body += [("", f"changed since: {c}", "", "", "", "")
                     for c in (flags or {}).get(p.number, [])]
            tables.append(Table(("Count", "Figure", "Rank", "Key", "Each", "Points"),
                                widths(1, 6, 2, 2.5, 1, 1.2), rows(body), heading))
        return Sheet(f"{t.name}: decklists", _subtitle(t), tuple(tables),
                     tuple(f"{p.name}: {p.list.code}" for p in t.players))
    raise EventError(f"a sheet is one of {', '.join(SHEETS)}, not {what!r}")
