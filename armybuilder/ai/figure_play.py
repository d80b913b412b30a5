"""How the AI plays each kind of figure, registered once, the way the engine's kinds of
figure register their rules (``FigureKind``, CONTRIBUTING.md "A new kind of figure").

:class:`FigurePlay` is the interface, and its methods are how a warrior is played; a kind
the AI plays otherwise subclasses it in the AI module of that kind and calls
:func:`register`: :mod:`~armybuilder.ai.chariots` (chariots), :mod:`~armybuilder.ai.sieges`
(castle sections) and :mod:`~armybuilder.ai.fortifications` (World Conquest structures).
The shared player code (tactics, positions, manoeuvres, the heuristic player) asks
:func:`play_of` and knows nothing of the kinds there are; a fact the rules already answer
(is it given actions, may it form up, does pushing hurt it) it asks the figure's engine
kind (``w.kind``) instead.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, ClassVar

from armybuilder.engine import KindTable, Pass

if TYPE_CHECKING:
    from armybuilder.ai.positions import DialReading
    from armybuilder.engine import Action, Game, State, Warrior

#: A damaged figure fights worse; a click short of elimination is worth this share of the
#: points it would bring.
PARTIAL = 0.5


class FigurePlay:
    """How the AI plays a kind of figure: a warrior's way, which a kind overrides where it
    plays otherwise."""

    #: The engine's name of the kind (``FigureKind.name``).
    kind: ClassVar[str] = "warrior"
    #: Its ranged attacks are weighed while an enemy touches it (Chariot rules, Ranged
    #: Combat: a chariot's sections fire while others are engaged).
    fires_engaged: ClassVar[bool] = False
    #: What is unsettled about it (wounds, tokens, threats) weighs on its side's margin
    #: click by click (ai.standing, by :meth:`wounds`); False: the engine's victory points
    #: say what it is worth (a castle section's breach, a fortification's standing).
    weighed_by_clicks: ClassVar[bool] = True
    #: The movement search walks up to it into base contact (ai.manoeuvres).
    contact_places: ClassVar[bool] = True
    #: It is moved by a Move to a place the movement search weighs (ai.manoeuvres); False:
    #: it never moves, or its moves are its own (:meth:`own_moves`).
    moves_alone: ClassVar[bool] = True
    #: The share of the expert's default budget (ai.think) it leaves when on the table:
    #: less than 1 for a kind whose presence makes every playout dearer.
    search_share: ClassVar[float] = 1.0

    def clicks_left(self, w: Warrior) -> int:
        """Clicks its dial can still take before it is eliminated (Rulebook I)."""
        return len(w.card.clicks) - w.click

    def wounds(self, w: Warrior) -> tuple[int, int]:
        """(clicks of damage it has taken, clicks its life holds in all): what ai.standing
        weighs a wound and a threat by, each click a share of its points."""
        # Rulebook I, Combat Dial: its life runs from its starting click to the skulls.
        live = max(1, len(w.card.clicks) - w.card.starting_click)
        return max(0, w.click - w.card.starting_click), live

    def threatens(self, game: State, o: Warrior, w: Warrior) -> bool:
        """Could ``o`` (of this kind) strike ``w`` from where it stands: in base contact,
        or ``w`` within its range (what ai.standing counts as a threat)."""
        reach = (o.card.range if o.card.range > 0 else 0.0) + w.half_length + o.half_length
        return math.hypot(o.x - w.x, o.y - w.y) <= reach + 0.1

    def damage_value(self, w: Warrior, clicks: float, section: int = -1) -> float:
        """Victory points ``clicks`` (more than none) of damage on it are worth (``section``:
        the section they land on, for a kind with sections): its points when they eliminate
        it (Rulebook VI, Victory!), a share by the clicks otherwise. (A kind whose dial is
        not its card's clicks overrides this with :meth:`clicks_left`.)"""
        left = len(w.card.clicks) - w.click
        if clicks >= left:
            return float(w.card.points)
        return w.card.points * PARTIAL * clicks / left

    def pushed(self, w: Warrior, turn: int | None) -> bool:
        """Would a non-pass action now push it (Rulebook III, Pushing: it carries a token
        from its last turn)? ``turn``: the turn it would act in, if known."""
        return w.tokens > 0

    def pushing_kills(self, w: Warrior) -> bool:
        """Would the click a push costs eliminate it?"""
        return w.kind.pushing_hurts and len(w.card.clicks) - w.click <= 1

    def reach(self, game: State, w: Warrior, foes: list[Warrior]) -> float:
        """How far it may shoot this turn."""
        return float(w.card.range)

    def own_moves(self, game: Game, w: Warrior, foes: list[Warrior]
                  ) -> list[tuple[float, Action]]:
        """Its moves of its own (not checked yet), each with what it gains."""
        return []

    def pass_for(self, game: Game, w: Warrior) -> Action:
        """The pass it is given when it rests."""
        return Pass(w.id)

    def dial_reading(self, w: Warrior, o: Warrior, scared: bool) -> DialReading | None:
        """What ``w`` makes of enemy ``o`` of this kind (ai.positions), or None: read as a
        warrior."""
        return None

    def gun(self, o: Warrior) -> bool:
        """Are enemy ``o``'s shots read apart (positions.Reading's guns)?"""
        return False

    def closed_on(self, w: Warrior, o: Warrior, dial: DialReading) -> DialReading | None:
        """The reading of gun ``o`` for ``w`` to close on, or None: ``w`` keeps away."""
        return dial


#: The warrior's way: every figure of a kind no AI module registered.
WARRIOR = FigurePlay()


def _load() -> None:
    # The kinds' AI modules register themselves and import the modules that ask
    # (tactics, positions): loaded when a kind is first asked about.
    from armybuilder.ai import chariots, fortifications, sieges  # noqa: F401


#: How the AI plays each kind of figure: ``PLAYS[w.kind]`` (:func:`play_of` in words; the
#: players' busiest questions index it themselves).
PLAYS: KindTable[FigurePlay] = KindTable("the AI's play", WARRIOR, _load)


def register(play: FigurePlay) -> FigurePlay:
    """Register how the AI plays a kind of figure (its AI module does, once)."""
    return PLAYS.register(play.kind, play)


def play_of(w: Warrior) -> FigurePlay:
    """How the AI plays ``w``, by its kind."""
    return PLAYS[w.kind]
