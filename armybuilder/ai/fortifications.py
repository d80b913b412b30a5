"""The heuristic player and World Conquest fortifications (engine/fortifications.py).

- **Setting up**: the holder puts its shooters on guard ("During the setup for a battle,
  you may place warriors on guard in an outpost, fort or castle"): the warriors with the
  longest range first, as many as the structure takes; there they shoot all round (a
  360-degree front arc) with +1 to +3 defense against the enemy's shooting. Fighters go
  out to fight: a guard adds nothing in close combat.
- **Attacking**: a fortification is worth what its loss costs its holder, spread over its
  clicks as a warrior's points are (:func:`damage_value`): the banner the 20 gold of a new
  one, a structure its price's share for what it gives its guards. A warrior's points are
  worth more, so the attacker shoots and strikes the guards and the army first, and the
  structure when nothing better is in reach (the listing offers the moves that touch it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.engine import Deploy, Game, Warrior, deploy_violation, face_centre, odds
from armybuilder.engine.fortifications import guard_spots, guards_of, standing

if TYPE_CHECKING:
    from armybuilder.ai.positions import DialReading

#: What the banner's loss is worth, in victory points: the 20 gold of a new one (World
#: Conquest, Upgrading Defenses).
BANNER_WORTH = 20.0
#: A structure's worth: a base and a share for each point of ranged defense it gives its
#: guards (outpost 25, fort 40, castle 55).
STRUCTURE_BASE = 10.0
PER_RANGED_DEFENSE = 15.0
#: tactics.PARTIAL's share for damage short of destroying it.
PARTIAL = 0.6


def worth(w: Warrior) -> float:
    work = w.work
    assert work is not None
    if work.banner:
        return BANNER_WORTH
    return STRUCTURE_BASE + PER_RANGED_DEFENSE * work.fort.ranged_defense


def damage_value(w: Warrior, clicks: float) -> float:
    """What ``clicks`` of damage on fortification ``w`` are worth to its attacker."""
    left = len(w.card.clicks) - w.click
    if clicks >= left:
        return worth(w)
    return worth(w) * PARTIAL * clicks / left


def dial_reading(w: Warrior, o: Warrior, scared: bool) -> DialReading:
    """What ``w`` makes of fortification ``o`` (ai.positions.Reading): it never strikes
    back; ``w`` strikes it with its front arc on the wall, so it is reached at the wall
    (half the square's side from its centre, and a base); the banner only in close
    combat."""
    from armybuilder.ai.positions import DialReading
    work = o.work
    assert work is not None
    gain = 0.0 if scared else damage_value(o, w.stats.damage)
    defense = o.stats.defense
    ours = odds.hit_chance(defense - w.stats.attack) * gain
    hindered = odds.hit_chance(defense + 1 - w.stats.attack) * gain
    return DialReading(work.fort.size / 2 + w.half_length + 0.06, 0.0, 0.0, 0.0, 0.0, 0.0,
                       ours, hindered)


def guard_deploy(game: Game, player: int) -> Deploy | None:
    """The next warrior ``player`` sets on guard, or None: its undeployed shooters, the
    longest range first (then the most points), in a structure of its with room."""
    if not game.works:
        return None
    mine = [s for s in standing(game) if s.owner == player and s.work is not None
            and not s.work.banner]
    if not mine:
        return None
    shooters = sorted((w for w in game.warriors
                       if w.owner == player and not w.deployed and w.work is None
                       and w.card.range > 0 and w.round),
                      key=lambda w: (-w.card.range, -w.card.points, w.id))
    for s in mine:
        work = s.work
        assert work is not None
        if len(guards_of(game, s)) >= work.fort.guards:
            continue
        for w in shooters:
            for at in guard_spots(game, s, w.half_length):
                facing = face_centre(game, at)
                if deploy_violation(game, w, at, facing) is None:
                    return Deploy(w.id, at, facing)
    return None
