"""The one exception the rules raise: an action they forbid, naming the rule it breaks.
Kept apart from the game's state so that every rule module may raise it, whatever it
imports (``armybuilder.engine.state`` names it too)."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid; ``rule`` cites the rule it breaks."""

    #: Set when a move fails only because its captive cannot stand where it would end
    #: (movement.check_move): another place for the captive may still do.
    captive_placement = False

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.reason = message

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        # Sent between processes (batch battles) as it was made.
        return type(self), (self.rule, self.reason)
