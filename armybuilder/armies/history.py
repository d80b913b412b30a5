"""Undo and redo for an army being built: every change keeps the army as it was before.

Pure bookkeeping over saved-army snapshots; the app restores a snapshot by saving it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from armybuilder.armies.service import SavedArmy

#: How many changes can be undone (the issue asks for at least 50).
LIMIT = 100


def content(army: SavedArmy) -> tuple[object, ...]:
    """What an undo restores: the build, not when it was saved."""
    return (army.build_total, army.profile, army.castle_player, army.notes,
            tuple((e.figure_key, e.count, e.castle, e.passenger) for e in army.entries))


@dataclass(slots=True)
class ArmyHistory:
    limit: int = LIMIT
    undone: list[SavedArmy] = field(default_factory=list)  # to undo, latest last
    redone: list[SavedArmy] = field(default_factory=list)  # to redo, latest last

    def record(self, before: SavedArmy, after: SavedArmy) -> bool:
        """Keep ``before`` if the change made a difference; a new change forgets redo."""
        if content(before) == content(after):
            return False
        self.undone.append(copy.deepcopy(before))
        del self.undone[:-self.limit]
        self.redone.clear()
        return True

    def undo(self, current: SavedArmy) -> SavedArmy | None:
        """The army to restore (None: nothing to undo); ``current`` can be redone."""
        if not self.undone:
            return None
        self.redone.append(copy.deepcopy(current))
        return self.undone.pop()

    def redo(self, current: SavedArmy) -> SavedArmy | None:
        if not self.redone:
            return None
        self.undone.append(copy.deepcopy(current))
        return self.redone.pop()
