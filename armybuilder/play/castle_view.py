"""A game's castle as the screens draw it: each section's parts, portals, breach and
rubble (Castle rules), and which section a warrior stands on top of.

Read from the engine's state into the plain records of :mod:`armybuilder.play.board`, so
the map never touches the engine.
"""

from __future__ import annotations

from typing import Any

from armybuilder.play.board import Point, Portal, Stronghold


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
        out.append(Stronghold(
            warrior=wid, piece=section.piece,
            footprint=tuple(_point(p) for p in section.footprint),
            parts=tuple(tuple(_point(p) for p in features[i].polygon)
                        for i in section.features),
            portals=tuple(Portal(p.name, _point(p.a), _point(p.b), bool(p.open))
                          for p in section.portals),
            breached=bool(section.breached), rubble=rubble))
    for wid in getattr(game, "works", ()):
        # World Conquest, Upgrading Defenses: a banner, outpost, fort or castle standing
        # (drawn as a castle section is; its entrances as open portals). A destroyed one
        # leaves nothing.
        w = game.warriors[wid]
        work = w.work
        if work is None or not w.on_table:
            continue
        footprint = tuple(_point(p) for p in work.footprint)
        out.append(Stronghold(
            warrior=wid, piece=work.fort.kind, footprint=footprint, parts=(footprint,),
            portals=tuple(Portal("entrance", _point(a), _point(b), True)
                          for a, b in work.openings)))
    return tuple(out)
