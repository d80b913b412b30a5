"""What every formation shares (Rulebook IV, Restrictions, and the FAQ's faction rules)."""

from __future__ import annotations

from collections.abc import Sequence

from armybuilder.engine.abilities import REGISTRY, FormationContext
from armybuilder.engine.cards import FigureCard
from armybuilder.engine.geometry import Disc
from armybuilder.engine.state import State, Warrior

MAGE_SPAWN = "Mage Spawn"
SHYFT = "Shyft"
APOCALYPSE = "Apocalypse"

#: Faction rules that change who may form up, as data.
FACTION_RULES: dict[str, str] = {
    APOCALYPSE: "FAQ, Apocalypse Faction Rules: joins a formation of friendly warriors of "
                "another faction as if it were of their faction",
    MAGE_SPAWN: "FAQ, Shyft Faction Rules: Mage Spawn may join a formation when a Shyft "
                "warrior is also a member",
}


def is_mage_spawn(card: FigureCard) -> bool:
    # Rulebook IV, Restrictions: Mage Spawn carry no faction symbol; a figure with no
    # faction at all is treated the same way.
    return MAGE_SPAWN in card.factions or not card.factions


def faction_violation(cards: Sequence[FigureCard]) -> str | None:
    """Rulebook IV, Restrictions: all members of one faction, with the FAQ's exceptions."""
    spawn = [c for c in cards if is_mage_spawn(c)]
    if spawn and not any(SHYFT in c.factions for c in cards):
        return ("Rulebook IV, Restrictions: Mage Spawn never use formations (FAQ, Shyft "
                "Faction Rules: unless a Shyft warrior is a member)")
    others = [c for c in cards if not is_mage_spawn(c) and APOCALYPSE not in c.factions]
    if len(others) < 2:
        return None
    common = set(others[0].factions)
    for c in others[1:]:
        common &= set(c.factions)
    if not common:
        return "Rulebook IV, Restrictions: all members of a formation must share a faction"
    return None


def member_violation(state: State, w: Warrior, kind: str) -> str | None:
    # Chariot rules and Castle rules, General Rules: its kind may never form up.
    why = w.kind.no_formation
    if why is not None:
        return why
    if w.riding != -1:
        return ("Chariot rules, Passengers: a passenger is not in base contact with anyone to "
                "form up with")
    hooks = REGISTRY.hooks_for("formation", w.abilities)
    if hooks:
        ctx = FormationContext(kind=kind)
        for fn in hooks:
            fn(state, w, ctx)
        return ctx.violation
    return None


Poses = dict[int, tuple[float, float, float]]  # warrior id -> (x, y, facing)


def grouped(state: State, members: Sequence[Warrior], positions: Poses | None = None) -> bool:
    """Rulebook IV, Movement and Ranged Combat Formations: "grouped so that each one is
    touching the base of at least one other": the members' contacts join them all into
    one group (two pairs far apart are two groups, not a formation). ``positions`` puts
    members elsewhere (a movement formation at the end of its action)."""
    if not members:
        return False
    shapes = {w.id: _discs(w, positions) for w in members}
    joined = {members[0].id}
    frontier = [members[0]]
    while frontier:
        a = frontier.pop()
        for b in members:
            if b.id not in joined and state.bases_touch(shapes[a.id], shapes[b.id]):
                joined.add(b.id)
                frontier.append(b)
    return len(joined) == len(members)


def _discs(w: Warrior, positions: Poses | None) -> tuple[Disc, ...]:
    if positions and w.id in positions:
        x, y, f = positions[w.id]
        return w.discs_at((x, y), f)
    return w.discs


def abrupt_split(state: State, members: Sequence[Warrior],
                 positions: Poses | None = None) -> bool:
    """Rulebook V, Abrupt Elevated Terrain: no formation with members on and off it."""
    if not state.terrain:
        return False
    levels = [state.terrain.elevation(positions[w.id][:2] if positions and w.id in positions
                                      else (w.x, w.y)) for w in members]
    return any(state.terrain.abrupt_split(levels[0], lv) for lv in levels[1:])
