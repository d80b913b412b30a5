"""A game's castle as the screens draw it: each section's parts, planking, portals,
ladders, breach and rubble (Castle rules), and the World Conquest fortifications standing
with their walls and entrances.

Read from the engine's state into the plain records of :mod:`armybuilder.play.board`, so
the map never touches the engine.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from armybuilder.play.board import Ladder, Point, Portal, Stronghold
from armybuilder.play.figure_views import FigureView, Looks, register


def _point(p: Any) -> Point:
    return (float(p[0]), float(p[1]))


def castle_records(game: Any) -> tuple[Stronghold, ...]:
    """Every castle section placed on the battlefield, standing or fallen to rubble."""
    out: list[Stronghold] = []
    features = game.terrain.features
    for wid in game.sections:
        w = game.warriors[wid]
        section = w.castle
        if section is None or not section.features:
            continue  # not placed
        # Castle rules, Eliminating Castle Sections: an eliminated section leaves rubble
        # of its own shape where it stood (its parts become hindering terrain).
        rubble = section.feature < 0
        # Castle rules, Planking and Ladders: planking is part of the wall it touches (an
        # elevated feature of its own, among the section's); ladders are access points
        # against a wall, each its player's.
        planking = tuple(tuple(_point(p) for p in features[i].polygon)
                         for i in section.features
                         if features[i].name == "castle planking")
        owners = list(section.ladder_owners)
        ladders = tuple(Ladder(_point(a), _point(b),
                               int(owners[k]) if k < len(owners) else -1)
                        for k, (a, b) in enumerate(section.ladders))
        out.append(Stronghold(
            warrior=wid, piece=section.piece,
            footprint=tuple(_point(p) for p in section.footprint),
            parts=tuple(tuple(_point(p) for p in features[i].polygon)
                        for i in section.features),
            portals=tuple(Portal(p.name, _point(p.a), _point(p.b), bool(p.open))
                          for p in section.portals),
            breached=bool(section.breached), rubble=rubble,
            ladders=() if rubble else ladders, planking=planking))
    for wid in getattr(game, "works", ()):
        # World Conquest, Upgrading Defenses: a banner, outpost, fort or castle standing:
        # a structure's walls and its entrances (open portals to its holder's warriors);
        # the banner a quarter. A destroyed one leaves nothing.
        w = game.warriors[wid]
        work = w.work
        if work is None or not w.on_table:
            continue
        footprint = tuple(_point(p) for p in work.footprint)
        out.append(Stronghold(
            warrior=wid, piece=work.fort.kind, footprint=footprint, parts=(footprint,),
            portals=tuple(Portal("entrance", _point(a), _point(b), True)
                          for a, b in work.openings),
            work=True, walls=tuple((_point(a), _point(b)) for a, b in work.walls)))
    return tuple(out)


class CastleSectionView(FigureView):
    """A castle section: its dial, and the piece it is (Castle rules, Sections)."""

    kind: ClassVar[str] = "castle section"

    def looks(self, w: Any, turn: int) -> Looks:
        looks = super().looks(w, turn)
        section = w.castle
        return looks if section is None else replace(looks, piece=section.piece)


class StructureView(FigureView):
    """A World Conquest structure: its dial, and its kind (banner, outpost, fort, castle;
    Upgrading Defenses)."""

    kind: ClassVar[str] = "structure"

    def looks(self, w: Any, turn: int) -> Looks:
        looks = super().looks(w, turn)
        work = w.work
        return looks if work is None else replace(looks, piece=work.fort.kind)


CASTLE_SECTION = register(CastleSectionView())
STRUCTURE = register(StructureView())
