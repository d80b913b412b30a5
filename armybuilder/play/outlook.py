"""What an action may bring, counted for the play screen: every way it can turn out, as
the engine counts it (``armybuilder.engine.outcomes``: every roll of the dice, each on a
copy of the game), summed up figure by figure for the player acting: the chance to hit,
the clicks expected, the chance to eliminate or capture, what it costs his own figures,
the chance to break away; where a chariot's player chooses a section (Chariot rules),
the odds for each section he may choose."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from armybuilder.engine import (
    MAX_BRANCHES,
    ChooseSection,
    ChooseTarget,
    FreeSpin,
    Game,
    legal_actions,
    outcomes,
    waiting,
)
from armybuilder.play.board import Option, Outlook, SectionOdds, TargetOdds

if TYPE_CHECKING:
    from armybuilder.play.session import PlaySession

#: The ways an action turns out: each with its chance and its events.
Branches = list[tuple[float, list[dict[str, Any]]]]


@dataclass(frozen=True, slots=True)
class Choice:
    """A section choice an action waited for (Chariot rules): the chariot, its player,
    what for, and the sections listed."""

    chariot: int
    seat: int
    purpose: str
    names: tuple[str, ...]


def count(s: PlaySession, option: Option, sections: Mapping[int, str]
          ) -> tuple[Branches, Choice | None]:
    """The outcomes of ``option``, and the first section choice it waited for (if any).
    The choices made mid-action on each copy: a chariot's section (Chariot rules: the one
    ``sections`` names, else the first listed) and the defender's target (Castle rules,
    Close Combat: the one the attacker named, whose odds are shown, else the first)."""
    seen: list[Choice] = []

    def decide(probe: Game) -> Any:
        owed = waiting(probe)
        listed = list(legal_actions(probe)) if owed.what in ("section", "target") else []
        if owed.what == "section":
            names = tuple(a.section for a in listed if isinstance(a, ChooseSection))
            assert owed.warrior is not None
            seen.append(Choice(owed.warrior, owed.player, owed.purpose, names))
            name = sections.get(owed.warrior)
            return ChooseSection(owed.warrior, name if name in names else names[0])
        if owed.what == "spin":
            # Rulebook III, Free Spin: the figure moved into declines here (its facing
            # changes nothing the player acting pays): the action resolves, its push told.
            assert owed.warrior is not None
            return FreeSpin(owed.warrior, None)
        if owed.what == "target":
            named = getattr(option.action, "target", None)
            targets = [a.target for a in listed if isinstance(a, ChooseTarget)]
            return ChooseTarget(owed.player, named if named in targets else targets[0])
        return None

    with s.lock:
        if not s.game.is_legal(option.action):  # type: ignore[arg-type]
            return [], None
        try:
            branches = outcomes(s.game, option.action, decide)  # type: ignore[arg-type]
        except RuntimeError as exc:
            raise RuntimeError(f"{option.words}: more than {MAX_BRANCHES} ways to turn "
                               "out") from exc
    return [(b.chance, list(b.events)) for b in branches], (seen[0] if seen else None)


def outlook(s: PlaySession, option: Option) -> Outlook:
    """The chance to hit, expected clicks and chance to eliminate for every figure the
    action affects; what it costs the player's own figures; the chance to break away.
    Where a chariot's player chooses a section, the odds for each section they may
    choose, and the worst of them for the player acting (Chariot rules)."""
    seat = s.board.to_act
    branches, choice = count(s, option, {})
    found = tally(s, branches, seat)
    if choice is None:
        return found
    each = [(choice.names[0], found)]  # the first listed: what was counted already
    for name in choice.names[1:]:
        each.append((name, tally(s, count(s, option, {choice.chariot: name})[0], seat)))
    # The player acting chooses for their own chariot (the pushing click): the best for
    # them; the other side chooses: the worst.
    pick = max if choice.seat == seat else min
    counted, best = pick(each, key=lambda e: gain(s, e[1], seat))
    return replace(best, choice=SectionOdds(choice.chariot, choice.seat, choice.purpose,
                                            tuple(each), counted))


def gain(s: PlaySession, found: Outlook, seat: int) -> tuple[float, float, float, float]:
    """How good an outcome is for ``seat``: opposing figures taken out, the clicks they
    take, then its own figures lost and the clicks they take (the fewer the better)."""
    foes = [t for t in found.targets if s.board.pieces[t.warrior].seat != seat]
    return (sum(t.eliminated + t.captured for t in foes), sum(t.clicks for t in foes),
            -sum(p for _, p, _ in found.own_losses), -found.own_clicks)


@dataclass
class _Branch:
    """What one way the action turns out does, figure by figure."""

    hit: set[int] = field(default_factory=set)
    dodged: set[int] = field(default_factory=set)
    captured: set[int] = field(default_factory=set)
    dead: set[int] = field(default_factory=set)
    struck: list[int] = field(default_factory=list)
    #: Clicks taken by (or healed on) figures not the player's own.
    clicks: dict[int, int] = field(default_factory=dict)
    #: Clicks the player's own figures take; what dealt each its damage.
    own_clicks: int = 0
    cause_of: dict[int, str] = field(default_factory=dict)
    #: The player's own figures clicked by a critical miss (Rulebook III, Rolling "2"s).
    critical_misses: int = 0
    broke: bool | None = None
    #: Own figures pushed (a second action token) and the pushing clicks each takes.
    pushed: dict[int, int] = field(default_factory=dict)
    free: set[int] = field(default_factory=set)


def _branch(s: PlaySession, events: list[dict[str, Any]], seat: int) -> _Branch:
    b = _Branch()
    for ev in events:
        kind = ev["e"]
        if kind in ("hit", "miss"):
            b.struck.append(ev["target"])
            if kind == "hit":
                b.hit.add(ev["target"])
        elif kind == "dodged":
            b.dodged.add(ev["warrior"])
        elif kind == "captured":
            b.captured.add(ev["warrior"])
        elif kind == "tokens" and ev["tokens"] == 2 and \
                s.board.pieces[ev["warrior"]].seat == seat:
            b.pushed.setdefault(ev["warrior"], 0)
        elif kind == "free_action":
            b.free.add(ev["warrior"])
        elif kind == "damage" and s.board.pieces[ev["warrior"]].seat == seat:
            if ev["cause"] == "pushing":
                b.pushed[ev["warrior"]] = b.pushed.get(ev["warrior"], 0) + ev["clicks"]
            b.own_clicks += ev["clicks"]
            b.cause_of[ev["warrior"]] = ev.get("ability") or ev["cause"]
            b.critical_misses += ev["cause"] == "critical miss"
        elif kind in ("damage", "healed"):
            b.clicks[ev["warrior"]] = b.clicks.get(ev["warrior"], 0) + ev["clicks"]
        elif kind == "eliminated":
            b.dead.add(ev["warrior"])
        elif kind == "break_away" and b.broke is None:
            b.broke = bool(ev["success"])
    return b


def tally(s: PlaySession, branches: Branches, seat: int) -> Outlook:
    """The outcomes counted for the player ``seat``, figure by figure."""
    targets: dict[int, list[float]] = {}
    own: dict[tuple[int, str], float] = {}
    critical = own_clicks = 0.0
    breaks: list[float] = []
    pushed: dict[int, float] = {}
    free: set[int] = set()
    for chance, events in branches:
        b = _branch(s, events, seat)
        for wid, clicks in b.pushed.items():
            pushed[wid] = pushed.get(wid, 0.0) + chance * clicks
        free |= b.free
        for wid in b.struck:
            targets.setdefault(wid, [0.0, 0.0, 0.0, 0.0])
        own_clicks += chance * b.own_clicks
        critical += chance * b.critical_misses
        if b.broke is not None:
            breaks.append(chance if b.broke else 0.0)
        for wid, row in targets.items():
            landed = (wid in b.hit and wid not in b.dodged) or wid in b.captured
            row[0] += chance * landed
            row[1] += chance * b.clicks.get(wid, 0)
            row[2] += chance * (wid in b.dead)
            row[3] += chance * (wid in b.captured)
        for wid in b.dead:
            if s.board.pieces[wid].seat == seat:
                key = (wid, b.cause_of.get(wid, "damage"))
                own[key] = own.get(key, 0.0) + chance
    losses: dict[int, list[tuple[float, str]]] = {}
    for (wid, cause), p in own.items():
        losses.setdefault(wid, []).append((p, cause))
    return Outlook(
        targets=tuple(TargetOdds(w, r[0], r[1], r[2], r[3]) for w, r in targets.items()),
        critical_miss=critical, own_clicks=own_clicks,
        # Each own warrior the action may eliminate, with what would do it, the likeliest
        # first ("pushing, critical miss": a push kills it unless a 2 does first).
        own_losses=tuple((w, sum(p for p, _ in found),
                          ", ".join(c for _, c in sorted(found, key=lambda f: -f[0])))
                         for w, found in losses.items()),
        break_away=sum(breaks) if breaks else None, branches=len(branches),
        pushed=tuple(pushed.items()), free=tuple(sorted(free)))
