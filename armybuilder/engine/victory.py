"""Ending the game, withdrawing and victory points (Rulebook VI)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from armybuilder.engine.abilities import DEMORALIZED
from armybuilder.engine.actions import EndByAgreement, Withdraw
from armybuilder.engine.castle_setup import in_castle_area
from armybuilder.engine.phases import OVER, PLAY
from armybuilder.engine.state import NOBODY, IllegalAction, State, in_area


class Termination(Enum):
    ONE_SIDE_LEFT = "one side left"  # Rulebook VI, Ending the Game 1
    TIME_LIMIT = "time limit"  # Rulebook VI, Ending the Game 2
    AGREEMENT = "agreement"  # Rulebook VI, Ending the Game 3


@dataclass(frozen=True, slots=True)
class Score:
    player: int
    eliminations: int  # scored during the game (eliminations and forfeited captives)
    captives: int  # captives held in your starting area, double their points
    survivors: int  # your figures that were never eliminated and are still fighting

    @property
    def total(self) -> int:
        return self.eliminations + self.captives + self.survivors


@dataclass(frozen=True, slots=True)
class Outcome:
    termination: Termination
    scores: tuple[Score, ...]
    winners: tuple[int, ...]  # the players of the winning side; several sides on a full tie
    round: int
    team_scores: dict[int, int] = field(default_factory=dict)

    def total(self, player: int) -> int:
        return self.scores[player].total

    def to_dict(self) -> dict[str, Any]:
        return {
            "termination": self.termination.value, "round": self.round,
            "winners": list(self.winners),
            "scores": [[s.player, s.eliminations, s.captives, s.survivors, s.total]
                       for s in self.scores],
        }


def counts_for_ending(w: Any) -> bool:
    # Rulebook VI, Ending the Game 1: captives and Demoralized figures do not count, nor
    # does a World Conquest fortification (engine/fortifications.py).
    return w.on_table and w.controller == NOBODY and DEMORALIZED not in w.abilities \
        and w.kind.keeps_side


def sides_left(state: State) -> set[int]:
    return {w.team for w in state.warriors
            if counts_for_ending(w) and not state.players[w.owner].withdrawn}


def several_sides(state: State) -> bool:
    """``len(sides_left(state)) > 1``: whether a warrior that counts is on another side
    than the first one found. Asked after every action, so that one is looked for from the
    far end of the list (armies are listed one after another) and counts_for_ending is
    inlined."""
    players = state.players
    warriors = state.warriors
    for w in warriors:
        if w.on_table and w.controller == NOBODY and DEMORALIZED not in w.abilities \
                and not players[w.owner].withdrawn and w.kind.keeps_side:
            first = w.team
            break
    else:
        return False
    for w in reversed(warriors):
        if w.team != first and w.on_table and w.controller == NOBODY \
                and DEMORALIZED not in w.abilities and not players[w.owner].withdrawn \
                and w.kind.keeps_side:
            return True
    return False


def check_end(state: State) -> bool:
    """End the game if only one side (or none) has a warrior left. True if it is over."""
    if state.phase == OVER:
        return True
    if state.phase != PLAY:
        return False
    if not several_sides(state):
        end_game(state, Termination.ONE_SIDE_LEFT)
        return True
    return False


def final_scores(state: State) -> tuple[Score, ...]:
    """Rulebook VI, Victory!: eliminations (already scored), captives held in your starting
    area at double value, and surviving figures that were never eliminated."""
    captives = [0] * len(state.players)
    survivors = [0] * len(state.players)
    for w in state.warriors:
        if not w.on_table:
            if w.riding != NOBODY and w.eliminations == 0 and \
                    not state.players[w.owner].withdrawn:
                # A passenger is a surviving figure too (Chariot rules, Passengers).
                survivors[w.owner] += w.card.points
            continue
        if w.controller != NOBODY:
            if held_home(state, w):
                captives[state.warriors[w.controller].owner] += 2 * w.card.points
        elif w.deployed and w.eliminations == 0 and not state.players[w.owner].withdrawn:
            survivors[w.owner] += w.card.points
    for figures in state.kinds_in_play:
        # Castle rules, Victory Points: a breached section's half (castle_kind).
        more = figures.points(state)
        if more is not None:
            return tuple(Score(p.index, p.score + more[p.index], captives[p.index],
                               survivors[p.index]) for p in state.players)
    return tuple(Score(p.index, p.score, captives[p.index], survivors[p.index])
                 for p in state.players)


def held_home(state: State, captive: Any) -> bool:
    """Rulebook VI, Victory!: is ``captive`` (a warrior held captive) held by an opposing
    figure within its holder's starting area, where it scores double at the end — the 3"
    area or, for the castle player's side, in base contact with its castle?"""
    holder = state.warriors[captive.controller]
    p = state.players[holder.owner]
    return p.team != captive.team and (in_area((captive.x, captive.y), p.area)
                                       or _in_castle_area(state, p.team, captive))


def _in_castle_area(state: State, team: int, captive: Any) -> bool:
    """Castle rules, Playing Area and Set-Up: "The castle player's starting area is
    considered to be anywhere in base contact with any of their castle sections" (his side
    deploys there); a captive held there scores double as in Rulebook II's 3" area, which
    still counts (RULES_NOTES.md, Castles)."""
    if not state.sections or state.players[state.castle_player].team != team:
        return False
    return in_castle_area(state, captive.discs)


def winners(state: State, scores: tuple[Score, ...]) -> tuple[tuple[int, ...], dict[int, int]]:
    """The side with most victory points; ties go to the smaller army (Rulebook VI).

    Players who withdrew cannot win (RULES_NOTES.md); allied players add their points.
    """
    team_scores: dict[int, int] = {}
    team_army: dict[int, int] = {}
    for p in state.players:
        team_scores[p.team] = team_scores.get(p.team, 0) + scores[p.index].total
        team_army[p.team] = team_army.get(p.team, 0) + p.army_points
    eligible = sorted({p.team for p in state.players if not p.withdrawn})
    if not eligible:
        return (), team_scores
    best = max(team_scores[t] for t in eligible)
    top = [t for t in eligible if team_scores[t] == best]
    smallest = min(team_army[t] for t in top)
    top = [t for t in top if team_army[t] == smallest]
    return tuple(p.index for p in state.players
                 if p.team in top and not p.withdrawn), team_scores


def end_game(state: State, termination: Termination) -> None:
    scores = final_scores(state)
    won, team_scores = winners(state, scores)
    state.phase = OVER
    state.pending = []
    state.outcome = Outcome(termination=termination, scores=scores, winners=won,
                            round=state.round, team_scores=team_scores)
    out = state.outcome.to_dict()
    state.emit({"e": "game_over", "termination": out["termination"], "round": out["round"],
                "winners": out["winners"], "scores": out["scores"]})


def check_withdraw(state: State, action: Withdraw) -> None:
    if action.player != state.current:
        raise IllegalAction("Rulebook VI, Withdrawing: during your own turn",
                            f"it is player {state.current}'s turn")


def check_agreement(state: State, action: EndByAgreement) -> None:
    """Rulebook VI, Ending the Game 3: all remaining players may agree to end the game."""


def apply_agreement(state: State, action: EndByAgreement) -> None:
    end_game(state, Termination.AGREEMENT)


def withdraw(state: State, player: int) -> None:
    """Rulebook VI, Withdrawing: forfeit your captives, leave the battlefield, free your
    captives."""
    p = state.players[player]
    state.emit({"e": "withdrew", "player": player})
    for w in state.warriors:
        if w.owner == player and w.on_table and w.controller != NOBODY:
            holder = state.warriors[w.controller]
            scorer = state.players[holder.owner]
            scorer.score += w.card.points
            state.emit({"e": "score", "player": scorer.index, "points": w.card.points,
                        "reason": "forfeited captive", "warrior": w.id})
    for w in state.warriors:
        if w.owner != player or not (w.on_table or w.riding != NOBODY):
            continue
        if w.riding != NOBODY:
            # The passenger leaves with his chariot (Chariot rules, Passengers).
            w.riding = NOBODY
            state.emit({"e": "removed", "warrior": w.id})
            continue
        if w.controller != NOBODY:
            state.warriors[w.controller].captive = NOBODY
            w.controller = NOBODY
        if w.captive != NOBODY:
            freed = state.warriors[w.captive]
            freed.controller = NOBODY
            w.captive = NOBODY
            state.emit({"e": "released", "warrior": freed.id})
        w.on_table = False
        state.emit({"e": "removed", "warrior": w.id})
    p.withdrawn = True
