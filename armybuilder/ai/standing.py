"""How a position stands for one player, as an estimated chance of winning: what the
expert's searches end on.

The game is won on victory points (Rulebook VI, Victory!): eliminations scored, captives
held in the starting area at double their points, and the survivors' points. A position
before the end is read the same way, with what is not settled yet counted at a share:
clicks taken (a damaged figure is nearer elimination and fights worse; a chariot's on its
four dials, against the fewest still to turn before six skulls: ``FigurePlay.wounds``),
captives not yet home, warriors pushed (Rulebook III, Pushing: the next action costs a
click), the threats standing over each figure (opposing figures in base contact,
opposing shooters in range) and, in a siege, the castle player's warriors standing under
its guns. The difference between the sides becomes a chance of winning by a logistic
curve whose width shrinks as the round limit nears (less time to turn it round).
"""

from __future__ import annotations

import math

from armybuilder.ai import sieges
from armybuilder.ai.figure_play import play_of
from armybuilder.engine import NOBODY, Game, Warrior, held_home

#: A wounded figure's lost clicks count at this share of its points (tactics.PARTIAL).
WOUND_SHARE = 0.5
#: A captive not yet in its captor's starting area: this share of the double points it
#: scores there (Rulebook VI), the rest uncertain (it may be freed or the captor hit).
CAPTIVE_SHARE = 0.6
#: A pushed warrior (tokens on it): this share of a click's worth.
TOKEN_SHARE = 0.3
#: Each opposing figure able to strike a warrior next turn: this share of a click's worth.
THREAT_SHARE = 0.15
#: A warrior of the castle player's holding the castle under its guns (ai.sieges.holds
#: and post: on a shooting section's top, or at a share where an enemy who comes to
#: strike it is under their fire): this share of a click's worth. The fire comes after
#: the searched turn's horizon, when the besieger closes in, and a move there puts a
#: token on the warrior (TOKEN_SHARE) where a pass does not: without it the expert as
#: castle player passed where its policy walked to the guns, and scored 35.0% of
#: benchmarks/expert.py's 20 sieges where the policy alone scored 65.0% (both with the
#: guns' pull kept while sallying); with it, 62.5% (its policy in its seat, sallying from
#: round 12: 55.0%).
GUARDED_SHARE = 2.0
#: The logistic's width, as a share of both armies' points: a lead of this much is about
#: a 73% chance of winning with the whole game to play.
WIDTH_SHARE = 0.12
#: The width never narrows below this share of its start, however near the round limit.
NARROWEST = 0.3


def _figure_worth(game: Game, w: Warrior, foes: list[Warrior],
                  garrison: frozenset[int]) -> float:
    """What is not yet settled about ``w`` for its owner: a negative share of its points
    for wounds, tokens and threats; a share for standing under its castle's guns
    (``garrison``: sieges.holding_players)."""
    play = play_of(w)
    if not play.weighed_by_clicks:
        # The engine's victory points say it (a section's breach, a fortification's).
        return 0.0
    lost, life = play.wounds(w)
    click = w.card.points / life
    worth = -WOUND_SHARE * click * lost
    if w.tokens:
        worth -= TOKEN_SHARE * click * w.tokens
    threats = sum(1 for o in foes if play_of(o).threatens(game, o, w))
    worth -= THREAT_SHARE * click * threats
    if garrison and sieges.holds(game, w, garrison):
        worth += GUARDED_SHARE * click * sieges.post(game, w, (w.x, w.y))
    return worth


def margin(game: Game, me: int) -> float:
    """Victory points ``me``'s side leads by if the game ended now, with what is not
    settled yet counted at its share (module doc)."""
    team = game.players[me].team
    scores = game.scores()
    lead = 0.0
    for p in game.players:
        lead += scores[p.index].total if p.team == team else -scores[p.index].total
    standing = [w for w in game.warriors if w.on_table and w.controller == NOBODY]
    # Whether a side holds its castle is read once a position, not once a warrior.
    garrison = sieges.holding_players(game) if game.sections else frozenset()
    for w in game.warriors:
        if w.controller != NOBODY and w.on_table:
            holder = game.warriors[w.controller]
            # Held but not yet home: scores() counts those home in full, in the 3" area
            # or, the castle player's, touching the castle (held_home).
            if holder.team != w.team and not held_home(game, w):
                gain = CAPTIVE_SHARE * 2 * w.card.points
                lead += gain if holder.team == team else -gain
    for w in standing:
        foes = [o for o in standing if o.team != w.team and o.kind.no_actions is None]
        worth = _figure_worth(game, w, foes, garrison)
        lead += worth if w.team == team else -worth
    return lead


def win_chance(game: Game, me: int) -> float:
    """``me``'s estimated chance of winning from here: 1 or 0 (a shared win 0.5) once the
    game is over."""
    if game.over:
        assert game.outcome is not None
        won = game.outcome.winners
        if me not in won:
            return 0.0
        teams = {game.players[i].team for i in won}
        return 1.0 if len(teams) == 1 else 0.5
    points = sum(p.army_points for p in game.players) or 1
    width = WIDTH_SHARE * points
    if game.round_limit:
        left = max(0.0, 1.0 - (game.round - 1) / game.round_limit)
        width *= max(NARROWEST, math.sqrt(left))
    x = margin(game, me) / width
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
