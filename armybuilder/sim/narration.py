"""A game told in words, event by event: the narration of ``armybuilder battle replay``
and of the play screen's log.

Each kind of event the engine tells (:data:`armybuilder.engine.EVENTS`) has its words
registered here once, with :func:`narrates`: the handlers are in
:mod:`armybuilder.sim.told_play` (setting the scene, turns, movement, combat) and
:mod:`armybuilder.sim.told_sieges` (chariots, castles, World Conquest fortifications). A
kind told in no words (the dials set, a turn's end) is registered as :func:`silent`; a
test fails when a kind the engine tells has no narration.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from armybuilder.engine import SECTIONS, Game
from armybuilder.engine import geometry as g
from armybuilder.sim.replay_map import (
    BANNER_MARK,
    CASTLE_MARK,
    CLOSED_PORTAL,
    LADDER_MARK,
    MAP_HEIGHT,
    MAP_WIDTH,
    OPEN_PORTAL,
    RUBBLE_MARK,
    TERRAIN_MARKS,
    TERRAIN_WORDS,
    Table,
    compass,
    xy,
)
from armybuilder.text import counted, shown

#: An entry's action as the log writes it (None: the set-up entry).
Logged = dict[str, Any] | None
#: The words of one kind of event: ``(narration, the entry's action, the event)``.
Handler = Callable[["Narration", Logged, Any], Iterator[str]]
#: Every kind of event's narration, by its kind (the log's ``"e"``).
NARRATION: dict[str, Handler] = {}
H = TypeVar("H", bound=Handler)


def narrates(*kinds: str) -> Callable[[H], H]:
    """Register a handler as the narration of ``kinds``."""
    def register(handler: H) -> H:
        for kind in kinds:
            if kind in NARRATION:
                raise ValueError(f"the narration of {kind!r} is registered twice")
            NARRATION[kind] = handler
        return handler
    return register


def silent(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    """Told in no words: what the other events of the entry say already."""
    return iter(())


def dice(rolled: list[int]) -> str:
    return "+".join(str(d) for d in rolled)


def modifiers(told: list[list[Any]] | None) -> str:
    """Named modifiers, as a roll line tells them: " (+1 rear arc, -2 Stealth)"."""
    if not told:
        return ""
    return " (" + ", ".join(f"{value:+d} {shown(str(name))}" for name, value in told) + ")"


def attack_told(ev: dict[str, Any]) -> str:
    """The attack value and the roll's named modifiers of a hit or miss event (logs
    written before they were recorded tell only the total)."""
    if "attack" not in ev:
        return ","
    return f" + attack {ev['attack']}{modifiers(ev.get('roll_modifiers'))} ="


class Narration:
    """The story of one game, told entry by entry: the table it follows (where every
    figure stands, its click, the castle and the fortifications), the round, the last
    roll and the turn's extra actions."""

    def __init__(self, game: Game, data: dict[str, Any], maps: str) -> None:
        self.t = Table(game)
        self.maps = maps
        self.round = 0
        self.last_roll: list[int] = []
        # The turn's own actions and the extra ones Command gave so far (the keep's is
        # the rest: Castle rules, Actions, Mage Knight), and why the turn has more.
        self.base_actions = 0
        self.commands = 0
        self.extra: tuple[str, ...] = ()
        self.pile = [shown(item["name"]) for p in data["start"].get("players", [])
                     for item in p.get("terrain", [])]

    def player(self, index: int) -> str:
        return self.t.names[index] if 0 <= index < len(self.t.names) else f"player {index}"

    def _carried(self, w: int) -> str:
        """World Conquest: the damage a warrior carries into the battle, if any."""
        card = self.t.cards[w]
        if self.t.click[w] == card.starting_click or w in self.t.works:
            return ""
        return f", enters at click {self.t.click[w] + 1}/{len(card.clicks)}"

    def header(self, data: dict[str, Any]) -> list[str]:
        start = data["start"]
        lines = [f"A {start['kind']} on a {self.t.size:g}\" table, "
                 f"{start.get('round_limit') or 'no'} round limit, "
                 f"{counted(len(data['entries']) - 1, 'action')} logged."]
        for p, name in enumerate(self.t.names):
            lines.append(f"  {name}: " + ", ".join(
                f"{self.t.label(w)} ({self.t.cards[w].key}, {self.t.cards[w].points} pts"
                f"{self._carried(w)})"
                for w in range(len(self.t.owner)) if self.t.owner[w] == p))
        kinds = sorted({f.kind for f in self.t.features}, key=list(TERRAIN_MARKS).index)
        terrain = ", ".join(f"{TERRAIN_MARKS[k]} {TERRAIN_WORDS[k]}" for k in kinds)
        if self.t.castle:
            # Castle rules: the castle player and the sections' marks on the map.
            castle = (f"{CASTLE_MARK} castle section, {CLOSED_PORTAL} closed portal, "
                      f"{OPEN_PORTAL} open portal, {LADDER_MARK} ladder, {RUBBLE_MARK} "
                      "rubble")
            terrain = f"{terrain}, {castle}" if terrain else castle
            owner = self.t.owner[next(iter(self.t.castle))]
            lines.append(f"A siege: {self.player(owner)} holds the castle.")
        if self.t.works:
            # World Conquest, Upgrading Defenses: the fortifications and their marks.
            works = (f"{CASTLE_MARK} fortification wall, {OPEN_PORTAL} entrance, "
                     f"{BANNER_MARK} banner")
            terrain = f"{terrain}, {works}" if terrain else works
            held = ", ".join(f"{self.player(self.t.owner[wid])}'s {w['kind']} "
                             f"{self.t.marks[wid]}" for wid, w in self.t.works.items())
            lines.append(f"Fortifications: {held}.")
        lines.append(f"Map: north at the top, one character {self.t.size / MAP_WIDTH:g}\" "
                     f"across and {self.t.size / MAP_HEIGHT:g}\" down; * two figures; "
                     f". open ground{', ' + terrain if terrain else ''}.")
        return lines

    def entry(self, action: Logged, events: list[dict[str, Any]]) -> Iterator[str]:
        for ev in events:
            yield from self.event(action, ev)

    def event(self, action: Logged, ev: dict[str, Any]) -> Iterator[str]:
        """One event in words, by its kind's narration (an unknown kind, from a log
        changed by hand, is told field by field)."""
        handler = NARRATION.get(ev["e"])
        if handler is None:
            detail = ", ".join(f"{k} {v}" for k, v in ev.items() if k != "e")
            yield f"  ({ev['e'].replace('_', ' ')}: {detail})"
            return
        yield from handler(self, action, ev)

    def map(self, title: str) -> Iterator[str]:
        yield f"  -- {title} --"
        yield from self.t.map()

    def moved(self, action: Logged, ev: dict[str, Any]) -> str:
        t = self.t
        wid = ev["warrior"]
        before = t.pos[wid]
        to = (ev["to"][0], ev["to"][1])
        t.pos[wid] = to
        for rider, chariot in enumerate(t.riding):
            if chariot == wid:
                t.pos[rider] = to  # Chariot rules, Passengers: he rides along
        turned = abs(g.angle_diff(ev["facing"], t.facing[wid])) > 1e-6
        t.facing[wid] = ev["facing"]
        if before is None:
            return f"{t.label(wid)} is set down at {xy(to)}."
        if t.sections[wid] is not None:
            distance = math.hypot(to[0] - before[0], to[1] - before[1])
            spin = f"spins to face {compass(ev['facing'])} and " if turned else ""
            if distance < 1e-6:
                return f"{t.label(wid)} spins to face {compass(ev['facing'])}."
            return f"{t.label(wid)} {spin}drives {distance:.1f}\" straight to {xy(to)}."
        if action and action.get("type") == "move" and action.get("warrior") == wid \
                and action.get("path"):
            points = [before, *[(p[0], p[1]) for p in action["path"]]]
            end = points[-1]
            if math.hypot(end[0] - to[0], end[1] - to[1]) < 1e-6:
                return f"{t.label(wid)} moves {g.path_length(points):.1f}\" to {xy(to)}."
            return (f"{t.label(wid)} moves to {xy(to)}, "
                    f"{math.hypot(to[0] - before[0], to[1] - before[1]):.1f}\" away "
                    "(stopped short).")
        distance = math.hypot(to[0] - before[0], to[1] - before[1])
        if distance < 1e-6:
            return f"{t.label(wid)} turns where it stands."
        return f"{t.label(wid)} moves {distance:.1f}\" to {xy(to)}."

    def section_damage(self, ev: dict[str, Any], cause: str) -> str:
        """Chariot rules, Combat Dials: damage recorded on one section's dial."""
        t = self.t
        wid = ev["warrior"]
        k = SECTIONS.index(ev["section"])
        t.sections[wid][k] = ev["click"]
        plural = "s" if ev["clicks"] != 1 else ""
        return (f"  {t.label(wid)} takes {ev['clicks']} click{plural} on its "
                f"{ev['section']} section ({cause}), now {t.section_text(wid, k)}; "
                f"{ev['skulls']} skull{'s' if ev['skulls'] != 1 else ''} in all.")
