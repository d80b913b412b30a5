"""One game told turn by turn from its JSON event log, with a small map of the table.

Chariots are told section by section: where each one faces, what each of its four dials
shows, who rides in it, and which section every attack struck (Chariot rules).

    lines = narrate(read_log(path), maps="round")

The log is first checked by replaying it in the engine (:func:`armybuilder.engine.replay`):
a log that does not replay is refused. The story is then read from the recorded events;
the map is drawn from them too, so it shows the table exactly between two turns.
"""

from __future__ import annotations

import json
import math
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from armybuilder.engine import SECTIONS, Game, GameSetup, ReplayMismatch, replay
from armybuilder.engine import geometry as g
from armybuilder.engine.fortifications import Work
from armybuilder.engine.setup import setup_from_dict
from armybuilder.sim.armies import BattleError
from armybuilder.text import shown, shown_lines

MAP_WIDTH = 36  # characters across the table
MAP_HEIGHT = 18  # lines down it: a character is about twice as tall as it is wide
MAPS = ("round", "turn", "none")
#: Terrain as the map shades it, in the order a cell shows when features overlap.
TERRAIN_MARKS: dict[str, str] = {
    "blocking": "#", "deep_water": "=", "low_wall": "+", "hindering": ":",
    "shallow_water": "~", "elevated": "^",
}
TERRAIN_WORDS: dict[str, str] = {
    "blocking": "blocking", "deep_water": "deep water", "low_wall": "low wall",
    "hindering": "hindering", "shallow_water": "shallow water", "elevated": "elevated",
}
#: The castle on the map (Castle rules): a standing section's footprint, the rubble an
#: eliminated one leaves, its portals closed or open.
CASTLE_MARK = "█"
RUBBLE_MARK = "%"
CLOSED_PORTAL = "■"
OPEN_PORTAL = "□"
#: A ladder against a wall section (Castle rules, Planking and Ladders), on the edge it
#: leans on.
LADDER_MARK = "≡"
#: World Conquest, Upgrading Defenses: the banner (a quarter); a structure's walls are
#: drawn as a castle's (CASTLE_MARK), its entrances as open portals (OPEN_PORTAL).
BANNER_MARK = "¶"
#: Figure letters by seat: player 0 capitals, player 1 small letters, then digits, symbols.
MARK_POOLS = ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz", "123456789",
              "&$@?%!<>")


#: A facing told as a compass point (facings are counter-clockwise from east).
COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south",
           "south-east")
#: The arrow drawn on the map in front of a chariot, by compass point.
ARROWS = (">", "/", "^", "\\", "<", "/", "v", "\\")
#: How far ahead of a chariot's centre dot its arrow is drawn (inches).
ARROW_REACH = 1.6


#: The castle's events the narration tells (Castle rules, Portals, Eliminating Castle
#: Sections).
CASTLE_EVENTS = ("portal", "breached", "rubble")


def compass(facing: float) -> str:
    return COMPASS[round(math.degrees(facing) / 45.0) % 8]


#: The largest log read: a 25-round game logs about a megabyte.
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
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BattleError(f"cannot read the log {where}: {shown(exc)}") from exc
    if len(raw) > MAX_LOG_BYTES:
        raise BattleError(f"log {where}: larger than {MAX_LOG_BYTES // 1024**2} MB; not a "
                          "game log")
    try:
        data = json.loads(text, parse_constant=no_constant)
    except NotANumber as exc:
        raise BattleError(f"log {where}: not a game log ({exc})") from None
    except json.JSONDecodeError as exc:
        raise BattleError(f"log {where}: not JSON ({exc})") from exc
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


def _xy(p: Any) -> str:
    return f"({p[0]:.1f}, {p[1]:.1f})"


def _modifiers(told: list[list[Any]] | None) -> str:
    """Named modifiers, as a roll line tells them: " (+1 rear arc, -2 Stealth)"."""
    if not told:
        return ""
    return " (" + ", ".join(f"{value:+d} {shown(str(name))}" for name, value in told) + ")"


def _attack_told(ev: dict[str, Any]) -> str:
    """The attack value and the roll's named modifiers of a hit or miss event (logs
    written before they were recorded tell only the total)."""
    if "attack" not in ev:
        return ","
    return f" + attack {ev['attack']}{_modifiers(ev.get('roll_modifiers'))} ="


def _dice(dice: list[int]) -> str:
    return "+".join(str(d) for d in dice)


class _Table:
    """Where every figure stands and which click it shows, followed event by event."""

    def __init__(self, game: Game) -> None:
        self.size = game.table
        self.features = list(game.terrain.features)
        self.names = [shown(p.name) for p in game.players]
        self.owner = [w.owner for w in game.warriors]
        self.cards = [w.card for w in game.warriors]
        self.pos: list[tuple[float, float] | None] = [
            (w.x, w.y) if w.on_table else None for w in game.warriors]
        self.click = [w.click for w in game.warriors]
        self.out = [False] * len(game.warriors)  # eliminated (and not returned)
        self.captive = [w.is_captive for w in game.warriors]
        self.marks = self._marks()
        # Chariots: each one's facing, section clicks and passenger (Chariot rules).
        self.facing = [w.facing for w in game.warriors]
        self.sections = [list(w.chariot.clicks) if w.chariot is not None else None
                         for w in game.warriors]
        self.riding = [w.riding for w in game.warriors]
        # Castle sections (Castle rules): each one's parts (its tops and planking, later
        # its rubble), portals [name, a, b, open], breach and rubble, by warrior.
        self.castle: dict[int, dict[str, Any]] = {}
        self.castle_from(game)
        # Castle rules, Planking and Ladders: the ladders standing, [wall, a, b, owner],
        # as set up (a scenario's place none in the log) and then placed and removed.
        self.ladders: list[list[Any]] = []
        for w in game.warriors:
            if w.castle is not None:
                owners = list(w.castle.ladder_owners)
                for k, (a, b) in enumerate(w.castle.ladders):
                    self.add_ladder(w.id, a, b, owners[k] if k < len(owners) else -1)
        # World Conquest, Upgrading Defenses: each fortification's kind, footprint, walls
        # and entrances (they never move once standing), and who stands on guard in which.
        self.works: dict[int, dict[str, Any]] = {}
        for w in game.warriors:
            work = w.work
            if work is not None:
                self.works[w.id] = {"fort": work.fort, "kind": work.fort.kind,
                                    "banner": work.banner, "footprint": [], "walls": [],
                                    "openings": []}
                # World Conquest, Troop Movements (battle rule 1): one its holder sets
                # up later (fortification_set_up) has no place yet: its provisional
                # Work stands nowhere.
                if w.on_table:
                    self.stand_work(w.id, work)
        self.guard: dict[int, int] = {}

    def stand_work(self, wid: int, work: Work) -> None:
        """Fortification ``wid`` standing as ``work`` says: its footprint, walls and
        entrances on the map."""
        self.works[wid].update(
            footprint=[(p[0], p[1]) for p in work.footprint],
            walls=[((a[0], a[1]), (b[0], b[1])) for a, b in work.walls],
            openings=[((a[0], a[1]), (b[0], b[1])) for a, b in work.openings])
        self.pos[wid] = (work.centre[0], work.centre[1])
        self.facing[wid] = work.rotation

    def add_ladder(self, wall: int, a: Any, b: Any, owner: int) -> None:
        """A ladder against ``wall`` (told once: a setup's ladder is in the start state
        and in its event both)."""
        seg = ((float(a[0]), float(a[1])), (float(b[0]), float(b[1])))
        if self.ladder_at(seg) is None:
            self.ladders.append([wall, seg[0], seg[1], owner])

    def ladder_at(self, seg: Any) -> int | None:
        """The standing ladder on the segment ``seg`` (its index), or None."""
        mid = ((seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2)
        for k, (_wall, a, b, _owner) in enumerate(self.ladders):
            if math.hypot((a[0] + b[0]) / 2 - mid[0], (a[1] + b[1]) / 2 - mid[1]) < 0.25:
                return k
        return None

    def keep_of(self, player: int) -> int | None:
        """The player's keep still standing (Castle rules, Actions, Mage Knight), or
        None."""
        return next((wid for wid in self.standing() if self.owner[wid] == player
                     and self.castle[wid]["piece"] == "keep"), None)

    def castle_from(self, state: Game) -> None:
        """The castle as it stands at the start (Castle rules, Portals: "All portals are
        considered closed at the start of the game"), its parts read from ``state`` (the
        game at its end: a fallen section's rubble lies where its parts stood)."""
        self.castle = {
            w.id: {"piece": w.castle.piece,
                   "parts": [[(p[0], p[1]) for p in state.terrain.features[i].polygon]
                             for i in w.castle.features] or
                            [[(p[0], p[1]) for p in w.castle.footprint]],
                   "portals": [[p.name, (p.a[0], p.a[1]), (p.b[0], p.b[1]), False]
                               for p in w.castle.portals],
                   "breached": False, "rubble": False}
            for w in state.warriors if w.castle is not None}

    def _marks(self) -> list[str]:
        used = [0] * len(self.names)
        marks = []
        for owner in self.owner:
            pool = MARK_POOLS[owner] if owner < len(MARK_POOLS) else ""
            marks.append(pool[used[owner]] if used[owner] < len(pool) else "*")
            used[owner] += 1
        return marks

    def label(self, wid: int) -> str:
        return f"{self.marks[wid]} {shown(self.cards[wid].name)}"

    def status(self, wid: int) -> str:
        if wid in self.castle:
            return self.castle_status(wid)
        if wid in self.works:
            return self.work_status(wid)
        if self.out[wid]:
            return "eliminated"
        if self.riding[wid] >= 0:
            return (f"riding in {self.marks[self.riding[wid]]}, click "
                    f"{self.click[wid] + 1}/{len(self.cards[wid].clicks)}")
        if self.pos[wid] is None:
            return "off the table"
        if self.sections[wid] is not None:
            return self.chariot_status(wid)
        if self.captive[wid]:
            return f"captive, click {self.click[wid] + 1}/{len(self.cards[wid].clicks)}"
        top = self.standing_on(wid)
        on = f", on top of {self.marks[top]}" if top is not None else ""
        if wid in self.guard:
            on += f", on guard in {self.marks[self.guard[wid]]}"
        return f"click {self.click[wid] + 1}/{len(self.cards[wid].clicks)}{on}"

    def work_status(self, wid: int) -> str:
        """World Conquest, Upgrading Defenses: a banner standing or knocked down; a
        structure's click and entrances, or destroyed."""
        w = self.works[wid]
        if not self.out[wid] and self.pos[wid] is None:
            return f"{w['kind']}, not set up yet"
        if w["banner"]:
            return "banner, knocked down" if self.out[wid] else "banner"
        if self.out[wid]:
            return f"{w['kind']}, destroyed"
        guards = sum(1 for f in self.guard.values() if f == wid)
        on_guard = f", {guards} on guard" if guards else ""
        return (f"{w['kind']}, click {self.click[wid] + 1}/{len(self.cards[wid].clicks)}"
                f"{on_guard}")

    def castle_status(self, wid: int) -> str:
        """A section: its piece, click, breach and portals, or its rubble (Castle rules)."""
        c = self.castle[wid]
        if c["rubble"]:
            return f"{c['piece']}, eliminated: rubble"
        if self.pos[wid] is None:
            return f"{c['piece']}, not placed"
        click = f"click {self.click[wid] + 1}/{len(self.cards[wid].clicks)}"
        breached = ", breached" if c["breached"] else ""
        doors = ", ".join(f"{name} {'open' if is_open else 'closed'}"
                          for name, _a, _b, is_open in c["portals"])
        ladders = sum(1 for ladder in self.ladders if ladder[0] == wid)
        leaning = f"; {ladders} ladder{'s' if ladders != 1 else ''}" if ladders else ""
        return f"{c['piece']}, {click}{breached}" + (f"; {doors}" if doors else "") + leaning

    def standing(self) -> list[int]:
        return [wid for wid, c in self.castle.items()
                if not c["rubble"] and self.pos[wid] is not None]

    def standing_on(self, wid: int) -> int | None:
        """The standing section whose top the warrior is on (Castle rules, Elevation
        Levels), or None."""
        at = self.pos[wid]
        if at is None or not self.castle or wid in self.castle:
            return None
        return next((s for s in self.standing()
                     if any(g.point_in_polygon(at, part) for part in self.castle[s]["parts"])),
                    None)

    def portal_words(self, wid: int, name: str) -> str:
        return f"the {name} of {self.label(wid)}"

    def section_text(self, wid: int, k: int) -> str:
        """One section's dial: its click, or inactive (Chariot rules, Combat Dials)."""
        dial = self.cards[wid].sections[k]
        click = self.sections[wid][k]  # type: ignore[index]
        shown = f"{SECTIONS[k]} {click + 1}/{len(dial)}"
        skulls = dial[click][1]
        return shown + (" inactive" if skulls >= 3 else f" ({skulls} skull"
                        f"{'s' if skulls != 1 else ''})" if skulls else "")

    def chariot_status(self, wid: int) -> str:
        sections = ", ".join(self.section_text(wid, k) for k in range(len(SECTIONS)))
        riders = [r for r, c in enumerate(self.riding) if c == wid]
        aboard = f"; passenger {self.label(riders[0])}" if riders else ""
        return f"facing {compass(self.facing[wid])}: {sections}{aboard}"

    def map(self) -> list[str]:
        cells = [["."] * MAP_WIDTH for _ in range(MAP_HEIGHT)]
        for row in range(MAP_HEIGHT):
            for col in range(MAP_WIDTH):
                centre = ((col + 0.5) * self.size / MAP_WIDTH,
                          self.size - (row + 0.5) * self.size / MAP_HEIGHT)
                kinds = {f.kind for f in self.features if g.point_in_polygon(centre, f.polygon)}
                for kind, mark in TERRAIN_MARKS.items():
                    if kind in kinds:
                        cells[row][col] = mark
                        break
        self._draw_castle(cells)
        taken: set[tuple[int, int]] = set()
        for wid, at in enumerate(self.pos):
            if at is None or self.riding[wid] >= 0:
                continue
            row, col = self._cell(at)
            # Two figures in one cell: the map is too coarse to tell them apart.
            cells[row][col] = "*" if (row, col) in taken else self.marks[wid]
            taken.add((row, col))
        for wid, at in enumerate(self.pos):
            if at is None or self.sections[wid] is None or self.out[wid]:
                continue
            # A chariot's facing: an arrow in the cell ahead of its centre dot, when free.
            f = self.facing[wid]
            ahead = self._cell((at[0] + ARROW_REACH * math.cos(f),
                                at[1] + ARROW_REACH * math.sin(f)))
            if ahead not in taken:
                cells[ahead[0]][ahead[1]] = ARROWS[round(math.degrees(f) / 45.0) % 8]
        border = "+" + "-" * MAP_WIDTH + "+"
        return self._framed(cells, border)

    def _draw_castle(self, cells: list[list[str]]) -> None:
        """Castle rules: each section's footprint (or its rubble), outline included so a
        thin wall shows at the map's scale, then its portals."""
        for wid, c in self.castle.items():
            if not c["rubble"] and self.pos[wid] is None:
                continue
            mark = RUBBLE_MARK if c["rubble"] else CASTLE_MARK
            for polygon in c["parts"]:
                for row in range(MAP_HEIGHT):
                    for col in range(MAP_WIDTH):
                        centre = ((col + 0.5) * self.size / MAP_WIDTH,
                                  self.size - (row + 0.5) * self.size / MAP_HEIGHT)
                        if g.point_in_polygon(centre, polygon):
                            cells[row][col] = mark
                for a, b in zip(polygon, (*polygon[1:], polygon[0]), strict=True):
                    for row, col in self._segment(a, b):
                        cells[row][col] = mark
        for wid in self.standing():
            for _name, a, b, is_open in self.castle[wid]["portals"]:
                for row, col in self._segment(a, b):
                    cells[row][col] = OPEN_PORTAL if is_open else CLOSED_PORTAL
        standing = set(self.standing())
        for wall, a, b, _owner in self.ladders:
            if wall in standing:
                for row, col in self._segment(a, b):
                    cells[row][col] = LADDER_MARK
        for wid, w in self.works.items():
            # World Conquest, Upgrading Defenses: a fortification standing: a structure's
            # walls and entrances, the banner's quarter.
            if self.out[wid] or self.pos[wid] is None:
                continue
            if w["banner"]:
                for a, b in zip(w["footprint"], (*w["footprint"][1:], w["footprint"][0]),
                                strict=True):
                    for row, col in self._segment(a, b):
                        cells[row][col] = BANNER_MARK
                continue
            for a, b in w["walls"]:
                for row, col in self._segment(a, b):
                    cells[row][col] = CASTLE_MARK
            for a, b in w["openings"]:
                for row, col in self._segment(a, b):
                    cells[row][col] = OPEN_PORTAL

    def _segment(self, a: tuple[float, float], b: tuple[float, float]
                 ) -> list[tuple[int, int]]:
        steps = max(1, int(math.hypot(b[0] - a[0], b[1] - a[1]) * 4))
        return list(dict.fromkeys(self._cell((a[0] + (b[0] - a[0]) * k / steps,
                                              a[1] + (b[1] - a[1]) * k / steps))
                                  for k in range(steps + 1)))

    def _cell(self, at: tuple[float, float]) -> tuple[int, int]:
        col = min(MAP_WIDTH - 1, max(0, int(at[0] / self.size * MAP_WIDTH)))
        row = min(MAP_HEIGHT - 1, max(0, int((self.size - at[1]) / self.size * MAP_HEIGHT)))
        return row, col

    def _framed(self, cells: list[list[str]], border: str) -> list[str]:
        lines = [f"  {'north'.center(MAP_WIDTH + 2)}", f"  {border}"]
        lines += [f"  |{''.join(r)}|" for r in cells]
        lines += [f"  {border}", f"  {'south'.center(MAP_WIDTH + 2)}"]
        for p, name in enumerate(self.names):
            figures = ", ".join(f"{self.label(w)} ({self.status(w)})"
                                for w in range(len(self.owner)) if self.owner[w] == p)
            lines += textwrap.wrap(f"{name}: {figures}", width=96, initial_indent="  ",
                                   subsequent_indent="    ")
        return lines


class _Narrator:
    def __init__(self, game: Game, data: dict[str, Any], maps: str) -> None:
        self.t = _Table(game)
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
                 f"{len(data['entries']) - 1} actions logged."]
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

    def entry(self, action: dict[str, Any] | None, events: list[dict[str, Any]]
              ) -> Iterator[str]:
        for ev in events:
            yield from self.event(action, ev)

    def _map(self, title: str) -> Iterator[str]:
        yield f"  -- {title} --"
        yield from self.t.map()

    def event(self, action: dict[str, Any] | None, ev: dict[str, Any]) -> Iterator[str]:
        t = self.t
        kind = ev["e"]
        if kind == "roll":
            self.last_roll = ev["dice"]
            if ev.get("purpose") == "first player":
                yield f"{self.player(ev['player'])} rolls {_dice(ev['dice'])} for first player."
        elif kind == "first_player":
            yield f"{self.player(ev['player'])} goes first."
        elif kind == "terrain_placed":
            item = ev["item"]
            name = self.pile[item] if item < len(self.pile) else f"item {item}"
            yield (f"{self.player(ev['player'])} places terrain {name} at {_xy(ev['at'])}, "
                   f"turned {math.degrees(ev['rotation']):.0f} degrees.")
        elif kind == "deployed":
            t.pos[ev["warrior"]] = (ev["at"][0], ev["at"][1])
            t.facing[ev["warrior"]] = ev["facing"]
            yield f"{t.label(ev['warrior'])} is placed at {_xy(ev['at'])}."
        elif kind == "fortification_set_up":
            # World Conquest, Troop Movements (battle rule 1): the holder sets it up.
            wid = ev["warrior"]
            fort = t.works[wid]["fort"]
            t.stand_work(wid, Work(fort, (ev["at"][0], ev["at"][1]), ev["rotation"]))
            yield (f"{self.player(ev['player'])} sets up the {fort.kind} at {_xy(ev['at'])}, "
                   f"turned {math.degrees(ev['rotation']) % 360:.0f} degrees.")
        elif kind == "no_room":
            yield f"{t.label(ev['warrior'])} finds no room and stays off the table."
        elif kind == "battle":
            yield f"The battle begins; {self.player(ev['first_player'])} takes the first turn."
            if self.maps != "none":
                yield from self._map("the armies deployed")
        elif kind == "turn":
            new_round = ev["round"] != self.round
            if self.round and (self.maps == "turn" or (self.maps == "round" and new_round)):
                yield from self._map(f"end of round {self.round}" if new_round
                                     else f"round {self.round}, after a turn")
            if new_round:
                self.round = ev["round"]
                yield ""
                yield f"=== Round {self.round} ==="
            self.base_actions, self.commands, self.extra = ev["actions"], 0, ()
            yield (f"Turn {ev['turn']}: {self.player(ev['player'])}, {ev['actions']} "
                   f"action{'s' if ev['actions'] != 1 else ''}.")
        elif kind == "actions":
            yield from self.more_actions(ev)
        elif kind == "action":
            yield from self.action(ev)
        elif kind == "moved":
            yield "  " + self.moved(action, ev)
        elif kind == "aboard":
            t.riding[ev["warrior"]] = ev["chariot"]
            t.pos[ev["warrior"]] = t.pos[ev["chariot"]]
            yield f"  {t.label(ev['warrior'])} rides in {t.label(ev['chariot'])}."
        elif kind == "boarded":
            t.riding[ev["warrior"]] = ev["chariot"]
            t.pos[ev["warrior"]] = t.pos[ev["chariot"]]
            yield f"  {t.label(ev['warrior'])} boards {t.label(ev['chariot'])}."
        elif kind == "disembarked":
            t.riding[ev["warrior"]] = -1
            t.pos[ev["warrior"]] = (ev["at"][0], ev["at"][1])
            yield (f"  {t.label(ev['warrior'])} gets off {t.label(ev['chariot'])} at "
                   f"{_xy(ev['at'])}, facing {compass(ev['facing'])}.")
        elif kind == "passenger_hit":
            yield (f"  The damage reaches the passenger {t.label(ev['warrior'])} "
                   f"(rolled {_dice(self.last_roll)}).")
        elif kind == "passenger_placed":
            t.riding[ev["warrior"]] = -1
            t.pos[ev["warrior"]] = (ev["at"][0], ev["at"][1])
            yield (f"  {t.label(ev['warrior'])} is thrown from the wreck of "
                   f"{t.label(ev['chariot'])} at {_xy(ev['at'])}.")
        elif kind == "section_chosen":
            why = {"attack": "the attack along the borderline", "pushing": "the pushing click",
                   "damage": "the damage"}.get(ev["purpose"], ev["purpose"])
            yield (f"  {self.player(t.owner[ev['warrior']])} takes {why} on the "
                   f"{ev['section']} section of {t.label(ev['warrior'])}.")
        elif kind == "section_inactive":
            yield f"  The {ev['section']} section of {t.label(ev['warrior'])} is inactive."
        elif kind == "break_away":
            verb = "breaks away" if ev["success"] else "fails to break away"
            yield f"  {t.label(ev['warrior'])} {verb} (rolled {_dice(self.last_roll)})."
        elif kind in ("hit", "miss"):
            crit = " (critical)" if ev.get("critical") else ""
            splash = " (splash)" if ev.get("splash") else ""
            where = f" ({ev['section']} section)" if ev.get("section") else ""
            yield (f"    {t.label(ev['target'])}{where}{splash}: rolled "
                   f"{_dice(self.last_roll)}{_attack_told(ev)} {ev['total']} vs defense "
                   f"{ev['defense']}{_modifiers(ev.get('defense_modifiers'))}, "
                   f"{kind}{crit}.")
        elif kind == "damage":
            wid = ev["warrior"]
            cause = ev.get("ability") or ev["cause"]
            if ev.get("section"):
                k = SECTIONS.index(ev["section"])
                t.sections[wid][k] = ev["click"]  # type: ignore[index]
                plural = "s" if ev["clicks"] != 1 else ""
                yield (f"  {t.label(wid)} takes {ev['clicks']} click{plural} on its "
                       f"{ev['section']} section ({cause}), now {t.section_text(wid, k)}; "
                       f"{ev['skulls']} skull{'s' if ev['skulls'] != 1 else ''} in all.")
            elif ev["clicks"] <= 0:
                yield f"  {t.label(wid)} takes no damage ({cause})."
            elif wid in t.works and ev["click"] >= len(t.cards[wid].clicks):
                # World Conquest, Upgrading Defenses: its last click (the banner: a hit)
                # brings it down, told next.
                t.click[wid] = min(ev["click"], len(t.cards[wid].clicks) - 1)
                plural = "s" if ev["clicks"] != 1 else ""
                yield f"  {t.label(wid)} takes {ev['clicks']} click{plural} ({cause})."
            else:
                t.click[wid] = min(ev["click"], len(t.cards[wid].clicks) - 1)
                plural = "s" if ev["clicks"] != 1 else ""
                yield (f"  {t.label(wid)} takes {ev['clicks']} click{plural} ({cause}), "
                       f"now {t.status(wid)}.")
        elif kind == "healed":
            t.click[ev["warrior"]] = ev["click"]
            yield (f"  {t.label(ev['warrior'])} heals {ev['clicks']} click"
                   f"{'s' if ev['clicks'] != 1 else ''} ({ev['cause']}), "
                   f"now {t.status(ev['warrior'])}.")
        elif kind == "eliminated":
            t.pos[ev["warrior"]] = None
            t.out[ev["warrior"]] = True
            t.captive[ev["warrior"]] = False
            if ev["warrior"] in t.works:
                yield from self.work_falls(ev["warrior"])
            elif ev["warrior"] in t.castle:
                # Castle rules, Eliminating Castle Sections: rubble in its place.
                t.castle[ev["warrior"]]["rubble"] = True
                yield (f"  {t.label(ev['warrior'])} is eliminated and collapses into "
                       "rubble.")
            else:
                yield f"  {t.label(ev['warrior'])} is eliminated."
        elif kind in CASTLE_EVENTS:
            yield from self.castle_event(kind, ev)
        elif kind == "target_chosen":
            # Castle rules, Close Combat: "the defender may choose which figure will be
            # the target of the attack".
            yield (f"  {self.player(ev['player'])} chooses {t.label(ev['target'])} as the "
                   f"target of {t.label(ev['warrior'])}'s attack across the access points.")
        elif kind == "castle":
            # Castle rules, Playing Area and Set-Up: placed before terrain and warriors.
            sections = ", ".join(t.label(w) for w in ev["sections"])
            yield (f"{self.player(ev['player'])} is the castle player; the castle is placed "
                   f"first: {sections}.")
        elif kind in ("on_guard", "off_guard"):
            yield from self.guard_event(kind, ev)
        elif kind == "ladder":
            a, b = ev["at"]
            t.add_ladder(ev["warrior"], a, b, ev.get("player", -1))
            yield (f"{self.player(ev['player'])} places a ladder against "
                   f"{t.label(ev['warrior'])} at {_xy(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))}.")
        elif kind == "removed":
            t.pos[ev["warrior"]] = None
            yield f"  {t.label(ev['warrior'])} leaves the battlefield."
        elif kind == "score" and ev.get("warrior") in t.works and not ev["points"]:
            return  # World Conquest, Upgrading Defenses: bought with gold, scores nothing
        elif kind == "score":
            yield (f"  {self.player(ev['player'])} scores {ev['points']} victory points "
                   f"({ev['reason']}).")
        elif kind in ("returned", "levitated"):
            wid = ev["warrior"]
            at = ev.get("at") or ev.get("to")
            t.pos[wid] = (at[0], at[1])
            t.out[wid] = False
            if kind == "returned":
                t.click[wid] = ev.get("click", t.click[wid])
            verb = "returns" if kind == "returned" else "is levitated"
            yield f"  {t.label(wid)} {verb} by {t.label(ev['by'])} to {_xy(at)}."
        elif kind == "captured":
            t.captive[ev["warrior"]] = True
            yield f"  {t.label(ev['warrior'])} is captured by {t.label(ev['by'])}."
        elif kind == "released":
            t.captive[ev["warrior"]] = False
            yield f"  {t.label(ev['warrior'])} is released."
        elif kind == "dodged":
            yield f"  {t.label(ev['warrior'])} dodges."
        elif kind == "frozen":
            yield f"  {t.label(ev['warrior'])} is frozen ({ev['tokens']} action tokens)."
        elif kind == "tokens" and ev["tokens"] == 2:
            yield f"  {t.label(ev['warrior'])} is pushed (a second action token)."
        elif kind == "free_spin" and ev.get("facing") is not None:
            t.facing[ev["warrior"]] = ev["facing"]
            yield f"  {t.label(ev['warrior'])} turns to face the mover (free spin)."
        elif kind == "withdrew":
            yield f"{self.player(ev['player'])} withdraws."
        elif kind == "turn_ended":
            # Given with EndTurn: a free move (Quickness) left untaken.
            yield f"  {self.player(ev['player'])} ends the turn."
        elif kind == "command":
            if ev.get("extra_action", True):
                self.commands += 1
            yield (f"  {t.label(ev['warrior'])} rolls {_dice(self.last_roll)} for Command: "
                   "one more action this turn.")
        elif kind == "cancelled":
            yield f"  {t.label(ev['warrior'])} cancels {ev['ability']} for this turn."
        elif kind == "free_action":
            yield f"  {t.label(ev['warrior'])} acts for free."
        elif kind == "faced":
            t.facing[ev["warrior"]] = ev["facing"]
            how = f" ({ev['ability']})" if ev.get("ability") else ""
            yield (f"  {t.label(ev['warrior'])} turns to face "
                   f"{math.degrees(ev['facing']):.0f} degrees{how}.")
        elif kind == "necromancy_failed":
            yield (f"  {t.label(ev['by'])} fails to raise {t.label(ev['warrior'])} "
                   "(Necromancy).")
        elif kind == "follow_up_lost":
            yield f"  {t.label(ev['warrior'])} loses its follow-up attack."
        elif kind == "confused_move":
            yield (f"  {t.label(ev['by'])} moves {t.label(ev['warrior'])} "
                   "(Magic Confusion).")
        elif kind == "berserk_kills_captive":
            yield (f"  {t.label(ev['warrior'])} goes berserk and eliminates its captive "
                   f"{t.label(ev['captive'])}.")
        elif kind == "ability_frees_captive":
            yield f"  {t.label(ev['warrior'])} lets its captive go ({ev['ability']})."
        elif kind == "section_abilities_without_rules":
            yield ("Warning: a chariot's section does not play "
                   f"{', '.join(ev['names'])}; those abilities play as if absent.")
        elif kind == "abilities_without_rules":
            yield ("Warning: the engine has no rules for "
                   f"{', '.join(ev['names'])}; those abilities play as if absent.")
        elif kind == "game_over":
            yield from self.game_over(ev)
        elif kind in ("dials_set", "turn_end", "tokens", "free_spin", "free_spin_offered",
                      "no_free_spin", "action_ended", "follow_up_declined"):
            return
        else:
            detail = ", ".join(f"{k} {v}" for k, v in ev.items() if k != "e")
            yield f"  ({kind.replace('_', ' ')}: {detail})"

    def castle_event(self, kind: str, ev: dict[str, Any]) -> Iterator[str]:
        """Castle rules, Portals and Eliminating Castle Sections, told in plain words."""
        t = self.t
        wid = ev["warrior"]
        c = t.castle.get(wid)
        if kind == "portal" and c is not None:
            for portal in c["portals"]:
                if portal[0] == ev["portal"]:
                    portal[3] = bool(ev["open"])
            if c["breached"]:
                yield f"  The {ev['portal']} of {t.label(wid)} bursts open."
            else:
                verb = "opens" if ev["open"] else "closes"
                yield (f"  {self.player(t.owner[wid])} {verb} "
                       f"{t.portal_words(wid, ev['portal'])}.")
        elif kind == "breached" and c is not None:
            c["breached"] = True
            by = ev.get("by", -1)
            who = f" by {self.player(by)}" if isinstance(by, int) and by >= 0 else ""
            yield (f"  {t.label(wid)} is breached{who}: its portals are open for the rest "
                   "of the game.")
        elif kind == "rubble" and c is not None:
            c["rubble"] = True
            yield f"  Rubble lies where {t.label(wid)} stood; the figures on it stay there."

    def more_actions(self, ev: dict[str, Any]) -> Iterator[str]:
        """The turn's actions after the start of the turn's abilities: Command's extra
        action on a 6 (told by its roll) and the keep's (Castle rules, Actions, Mage
        Knight: "a player receives 1 extra action per turn as long as his army contains a
        keep section"), each named."""
        player = ev["player"]
        extra = ev["actions"] - self.base_actions
        commands = min(self.commands, max(0, extra))
        reasons = ["Command"] * commands
        keep = self.t.keep_of(player)
        rest = extra - commands
        if rest > 0:
            reasons += ["keep" if keep is not None else "other"] * rest
        self.extra = tuple(reasons)
        why = []
        if commands:
            why.append(f"+{commands} for Command")
        if rest > 0 and keep is not None:
            why.append(f"+{rest} for the keep {self.t.label(keep)}")
        elif rest > 0:
            why.append(f"+{rest} more")
        told = f" ({', '.join(why)})" if why else ""
        yield f"  {self.player(player)} now has {ev['actions']} actions this turn{told}."

    def guard_event(self, kind: str, ev: dict[str, Any]) -> Iterator[str]:
        """World Conquest, Upgrading Defenses: "If you move a warrior you control through
        the entrance into the outpost, it is considered on guard" — and out again."""
        t = self.t
        wid = ev["warrior"]
        if kind == "on_guard":
            fort = ev["fortification"]
            t.guard[wid] = fort
            what = t.works[fort]["kind"] if fort in t.works else "fortification"
            yield (f"  {t.label(wid)} goes on guard in the {what} {t.marks[fort]} (a "
                   "360-degree front arc, more defense against ranged attacks).")
            return
        fort = t.guard.pop(wid, None)
        if fort is None or t.out[wid] or t.pos[wid] is None:
            return  # eliminated or captured: its fall is told already
        what = t.works[fort]["kind"] if fort in t.works else "fortification"
        gone = " (destroyed)" if t.out[fort] else ""
        yield f"  {t.label(wid)} is no longer on guard in the {what} {t.marks[fort]}{gone}."

    def work_falls(self, wid: int) -> Iterator[str]:
        """World Conquest, Upgrading Defenses: the banner is removed on a hit; a structure
        dealt its last click is destroyed (it leaves nothing)."""
        t = self.t
        w = t.works[wid]
        if w["banner"]:
            yield (f"  {t.label(wid)} is knocked down: {self.player(t.owner[wid])}'s banner "
                   "is removed.")
        else:
            yield (f"  {t.label(wid)} is destroyed: {self.player(t.owner[wid])}'s "
                   f"{w['kind']} is gone.")

    def ladder(self, who: str, ev: dict[str, Any]) -> Iterator[str]:
        """Castle rules, Planking and Ladders: "Ladders may be placed next to castle
        sections to create access points by giving a movement action to a formation.
        Ladders may be removed [the same way] when no enemy is on the access point."""
        t = self.t
        members = ", ".join(t.marks[m] for m in ev.get("members", []))
        team = f"{who} and {members}" if members else who
        a, b = ev["at"]
        spot = _xy(((a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0))
        if ev["kind"] == "place ladder":
            if "section" in ev:
                t.add_ladder(ev["section"], a, b, t.owner[ev["warrior"]])
            wall = f" against {t.label(ev['section'])}" if "section" in ev else ""
            yield f"  {team} place a ladder{wall} at {spot} (a movement formation)."
            return
        k = t.ladder_at((a, b))
        if k is not None:
            t.ladders.pop(k)
        owner = ev.get("owner")
        whose = ""
        if isinstance(owner, int) and 0 <= owner < len(t.names) and \
                owner != t.owner[ev["warrior"]]:
            whose = f" {self.player(owner)}'s"  # thrown down: out of the game
        yield (f"  {team} remove{whose or ' the'} ladder at {spot} (a movement "
               f"formation){'; it is thrown down' if whose else ''}.")

    def action(self, ev: dict[str, Any]) -> Iterator[str]:
        t = self.t
        who = t.label(ev["warrior"])
        kind = ev["kind"]
        with_ = ""
        if ev.get("formation"):
            with_ = " in formation with " + ", ".join(t.marks[m] for m in ev["formation"])
        ability = f" using {ev['ability']}" if ev.get("ability") else ""
        if isinstance(ev.get("section"), str):
            # Chariot rules, Actions: the section given the action (a ladder's "section"
            # is the wall it stands against: Castle rules, Planking and Ladders).
            who = f"The {ev['section']} section of {who}"
        elif 0 <= ev["warrior"] < len(t.riding) and t.riding[ev["warrior"]] >= 0 \
                and kind in ("ranged", "close"):
            who = f"{who}, riding in {t.marks[t.riding[ev['warrior']]]},"
        if kind == "pass":
            yield f"  {who} passes."
        elif ev.get("sections"):
            yield (f"  {who} is given {len(ev['sections'])} move action"
                   f"{'s' if len(ev['sections']) != 1 else ''} ({', '.join(ev['sections'])}), "
                   f"combined: up to {ev['speed']:g} inches.")
        elif ev.get("board") is not None:
            return  # told by the boarding itself
        elif ev.get("disembark") is not None:
            return
        elif kind == "ranged":
            targets = ", ".join(t.label(x) for x in ev.get("targets", []))
            # Castle rules, Long Range Attacks: double range, printed damage -2.
            shot = ("a long-range shot (double range, damage -2)" if ev.get("long_range")
                    else "a ranged attack")
            yield (f"  {who} makes {shot}{ability}{with_} at "
                   f"{targets or 'everyone'}.")
        elif kind in ("close", "capture"):
            # Castle rules, Close Combat: "the two figures fighting on the stairs or ladder
            # between their two positions".
            across = " across connected access points" if ev.get("across") else ""
            yield (f"  {who} {'attacks' if kind == 'close' else 'tries to capture'} "
                   f"{t.label(ev['target'])}{ability}{with_} in close combat{across}.")
        elif kind in ("place ladder", "remove ladder"):
            yield from self.ladder(who, ev)
        elif kind == "move formation":
            members = ", ".join(t.marks[m] for m in ev.get("members", []))
            yield f"  {who} leads a movement formation ({members}), speed {ev.get('speed')}."
        elif ev.get("ability"):
            yield f"  {who} uses {ev['ability']}."

    def moved(self, action: dict[str, Any] | None, ev: dict[str, Any]) -> str:
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
            return f"{t.label(wid)} is set down at {_xy(to)}."
        if t.sections[wid] is not None:
            distance = math.hypot(to[0] - before[0], to[1] - before[1])
            spin = f"spins to face {compass(ev['facing'])} and " if turned else ""
            if distance < 1e-6:
                return f"{t.label(wid)} spins to face {compass(ev['facing'])}."
            return f"{t.label(wid)} {spin}drives {distance:.1f}\" straight to {_xy(to)}."
        if action and action.get("type") == "move" and action.get("warrior") == wid \
                and action.get("path"):
            points = [before, *[(p[0], p[1]) for p in action["path"]]]
            end = points[-1]
            if math.hypot(end[0] - to[0], end[1] - to[1]) < 1e-6:
                return f"{t.label(wid)} moves {g.path_length(points):.1f}\" to {_xy(to)}."
            return (f"{t.label(wid)} moves to {_xy(to)}, "
                    f"{math.hypot(to[0] - before[0], to[1] - before[1]):.1f}\" away "
                    "(stopped short).")
        distance = math.hypot(to[0] - before[0], to[1] - before[1])
        if distance < 1e-6:
            return f"{t.label(wid)} turns where it stands."
        return f"{t.label(wid)} moves {distance:.1f}\" to {_xy(to)}."

    def game_over(self, ev: dict[str, Any]) -> Iterator[str]:
        if self.maps != "none":
            yield from self._map("the end")
        yield ""
        scores = ", ".join(f"{self.player(s[0])} {s[4]} VP (eliminations {s[1]}, captives "
                           f"{s[2]}, survivors {s[3]})" for s in ev["scores"])
        winners = [self.player(w) for w in ev["winners"]]
        verdict = (f"{winners[0]} wins." if len(winners) == 1
                   else "A draw." if winners else "Nobody wins.")
        yield f"Game over in round {ev['round']} ({ev['termination']}): {scores}. {verdict}"


def narrate(data: dict[str, Any], maps: str = "round") -> Iterator[str]:
    """The game of a checked log (:func:`read_log`), line by line. ``maps``: a map after
    every round (``round``), every turn (``turn``) or none (``none``); always one when the
    armies are deployed and one at the end, unless none."""
    if maps not in MAPS:
        raise BattleError(f"--maps must be one of {', '.join(MAPS)}, not {maps!r}")
    game = _start(data)
    final = replay(data)
    narrator = _Narrator(game, data, maps)
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
        self._told = _Narrator(_start(data), data, maps="none")

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
