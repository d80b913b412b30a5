"""How the heuristic player uses chariots and passengers (the unified chariot rules).

A chariot is weighed section by section. Where it stands is worth what its sections could
strike next turn less what the enemy could do to the sections facing them: a section
facing an enemy is the one hit (Chariot rules, Attacking a Chariot), an inactive one lets
the attacker pick the weakest active section instead, so the strongest section goes
towards the enemy and inactive ones away. Moves are the engine's listing (a spin, then
straight ahead: each section alone, or all of them combined into one movement), each
weighed by the place it ends at, a Ram's click, and the actions it uses. A warrior rides
when the enemy is far and gets off to fight when it is near; the sections a choice owes
(a borderline, the pushing click) are the ones where the damage hurts least.
"""

from __future__ import annotations

import math

from armybuilder.ai import positions, tactics
from armybuilder.ai.figure_play import PARTIAL, FigurePlay, register
from armybuilder.engine import (
    CHARIOT_SKULLS,
    INACTIVE_SKULLS,
    NOBODY,
    SECTIONS,
    Action,
    Board,
    ChariotMove,
    ChooseSection,
    Disembark,
    Face,
    Game,
    Pass,
    PassengerFacing,
    SectionChoice,
    State,
    Warrior,
    action_violation,
    board_violation,
    chariot_move_candidates,
    disembark_spots,
    is_legal,
    odds,
    section_active,
    section_stats,
)
from armybuilder.engine import geometry as g

#: What a section's action used to move is worth elsewhere (victory points): a combined
#: move of several sections pays for the others' actions it takes.
ACTION_COST = 0.35
#: A Ram's click is certain: it counts in full.
RAM = "Ram"
#: A passenger gets off when an enemy stands this far (inches) from the chariot's centre
#: dot, or nearer, beyond his own speed; he boards when the nearest enemy is farther.
NEAR = 4.0
FAR = 14.0


def chariots_of(game: State, me: int) -> list[Warrior]:
    return [w for w in game.warriors if w.owner == me and w.on_table and w.chariot is not None]


# --- what damage to it is worth: six skulls on four dials (Chariot rules, Combat Dials) ----


def _skulls_after(w: Warrior, section: int, clicks: int) -> tuple[int, int]:
    """(the skulls the chariot shows, the clicks recorded) after ``clicks`` on
    ``section``: the dial stops at three skulls (an inactive section)."""
    assert w.chariot is not None
    dial = w.card.sections[section]
    at = w.chariot.clicks[section]
    recorded = 0
    while recorded < clicks and dial[at][1] < INACTIVE_SKULLS and at + 1 < len(dial):
        at += 1
        recorded += 1
    skulls = sum(w.card.sections[k][c][1] for k, c in enumerate(w.chariot.clicks))
    return skulls - dial[w.chariot.clicks[section]][1] + dial[at][1], recorded


def _section_life(w: Warrior, section: int) -> int:
    """Clicks section ``section`` takes before it shows three skulls."""
    assert w.chariot is not None
    dial = w.card.sections[section]
    at = w.chariot.clicks[section]
    return next((i - at for i in range(at, len(dial)) if dial[i][1] >= INACTIVE_SKULLS),
                len(dial) - 1 - at)


#: chariot_clicks_left's answers by (the card's identity, the section clicks): the card is
#: kept with the answer so that an identity is never read for another card.
_CLICKS_LEFT: dict[tuple[int, tuple[int, ...]], tuple[object, int]] = {}


def chariot_clicks_left(w: Warrior) -> int:
    """The fewest clicks, spread over the sections, that bring six skulls."""
    assert w.chariot is not None
    key = (id(w.card), tuple(w.chariot.clicks))
    kept = _CLICKS_LEFT.get(key)
    if kept is not None and kept[0] is w.card:
        return kept[1]
    if len(_CLICKS_LEFT) >= 4096:
        _CLICKS_LEFT.clear()
    found = _fewest_clicks(w)
    _CLICKS_LEFT[key] = (w.card, found)
    return found


def _fewest_clicks(w: Warrior) -> int:
    assert w.chariot is not None
    best = 99
    lives = [_section_life(w, k) for k in range(len(SECTIONS))]
    # Two sections taken to three skulls, or any mix short of that: few enough to try.
    for k, life in enumerate(lives):
        for j in range(len(SECTIONS)):
            if j == k:
                continue
            for n in range(life + 1):
                skulls, _ = _skulls_after(w, k, n)
                if skulls >= CHARIOT_SKULLS:
                    best = min(best, n)
                    break
                need = CHARIOT_SKULLS - skulls
                dial, at = w.card.sections[j], w.chariot.clicks[j]
                for m in range(1, lives[j] + 1):
                    if dial[at + m][1] - dial[at][1] >= need:
                        best = min(best, n + m)
                        break
    return max(1, best)


def chariot_damage_value(w: Warrior, clicks: float, section: int = -1) -> float:
    """Victory points ``clicks`` on a chariot's section are worth: the chariot's points
    when they bring six skulls, else a share of them by how far they bring it there (the
    skulls, and the clicks towards the next). Without a section: the active section where
    they hurt least (its player picks it when he can)."""
    assert w.chariot is not None
    n = math.ceil(clicks)
    if section < 0:
        active = [k for k in range(len(SECTIONS)) if section_active(w, k)] or [0]
        return min(chariot_damage_value(w, clicks, k) for k in active)
    if not section_active(w, section):
        return 0.0
    skulls, recorded = _skulls_after(w, section, n)
    if skulls >= CHARIOT_SKULLS:
        return float(w.card.points)
    now = sum(w.card.sections[k][c][1] for k, c in enumerate(w.chariot.clicks))
    # The clicks' share of what is left of it, or the skulls' share of the six, whichever
    # says more (a skull costs a value its section's attacks and defense use).
    progress = max(recorded / chariot_clicks_left(w),
                   (skulls - now) / (CHARIOT_SKULLS - now))
    return w.card.points * PARTIAL * min(1.0, progress)


# --- where a chariot stands -----------------------------------------------------------------


def _facing_section(w: Warrior, at: tuple[float, float], facing: float,
                    toward: tuple[float, float]) -> int:
    """The section whose wedge faces ``toward`` from the centre dot at ``at`` (the one a
    figure there attacks, Chariot rules, Attacking a Chariot)."""
    return w.shape.section_toward(g.bearing(at, toward) - facing)  # type: ignore[attr-defined]


def _struck(w: Warrior, k: int) -> int:
    """The section an attack aimed at ``k`` lands on: an inactive one lets the attacker
    pick the weakest active section."""
    if section_active(w, k):
        return k
    live = [j for j in range(len(SECTIONS)) if section_active(w, j)]
    return min(live, key=lambda j: (section_stats(w, j).defense, j)) if live else k


class Reading:
    """How places look to chariot ``w``: for every enemy, what his attack on each section
    and each section's attack on him are worth, read once for the many places weighed."""

    def __init__(self, game: State, w: Warrior, foes: list[Warrior]) -> None:
        self.w = w
        sections = range(len(SECTIONS))
        live = [k for k in sections if section_active(w, k)]
        self.ranged = {k for k in live if w.card.range > 0 and section_stats(w, k).attack > 0}
        self.ideal = max(w.card.range - 1.0, 0.0) if self.ranged else 0.0
        lead = positions.ahead(game, w.owner)
        self.approach = positions.APPROACH * (1.0 + positions.PRESSURE * game.round
                                              * (not lead))
        #: Each enemy: where he stands, his reach and range, and by the section facing
        #: him: (what his attack on us is worth, what ours on him is worth).
        self.foes: list[tuple[float, float, float, float, float, list[tuple[float, float]]]]
        self.foes = []
        struck = [_struck(w, k) for k in sections]
        for o in foes:
            reach = w.half_length + o.half_length + 0.06
            orange = float(o.card.range) if not positions.demoralized(o) else 0.0
            by_section = []
            for k in sections:
                target = struck[k]
                hit = odds.hit_chance(section_stats(w, target).defense - o.stats.attack)
                theirs = hit * tactics.damage_value(w, o.stats.damage, target)
                ours = 0.0
                if section_active(w, k):
                    mine = section_stats(w, k)
                    ours = odds.hit_chance(o.stats.defense - mine.attack) * \
                        tactics.damage_value(o, mine.damage)
                by_section.append((theirs, ours))
            self.foes.append((o.x, o.y, reach, orange, float(o.stats.speed), by_section))

    def value(self, at: tuple[float, float], facing: float) -> float:
        """How good it is to stand at ``at`` facing ``facing`` before the enemy's next turn
        (compare positions.Reading.value for a warrior)."""
        if not self.foes:
            return 0.0
        shape = self.w.shape
        threat = chance = 0.0
        nearest = math.inf
        for ox, oy, reach, orange, speed, by_section in self.foes:
            d = math.hypot(ox - at[0], oy - at[1])
            nearest = min(nearest, d)
            # The section facing him takes his blow or shot (Chariot rules, Attacking a
            # Chariot), and strikes back next turn.
            k = shape.section_toward(math.atan2(oy - at[1], ox - at[0]) - facing)  # type: ignore[attr-defined]
            theirs, ours = by_section[k]
            shot = orange > 0 and d <= orange
            if shot or d <= reach + speed:
                threat += (1.0 if shot or d <= reach else 0.3) * theirs
            if (k in self.ranged and d <= self.w.card.range) or d <= reach:
                chance = max(chance, ours)
        gap = max(0.0, nearest - self.ideal - self.w.half_length - 0.5)
        return 0.6 * chance - positions.THREAT_SHARE * threat - self.approach * gap


def place_value(game: State, w: Warrior, at: tuple[float, float], facing: float,
                foes: list[Warrior]) -> float:
    """How good it is for chariot ``w`` to stand at ``at`` facing ``facing``."""
    return Reading(game, w, foes).value(at, facing)


def _ram_value(game: State, w: Warrior, move: ChariotMove, end: tuple[float, float],
               facing: float, foes: list[Warrior]) -> float:
    """Chariot rules, New Special Abilities, Ram: the click its front deals to an enemy it
    comes into base contact with."""
    if not section_active(w, 0) or RAM not in section_stats(w, 0).abilities \
            or RAM in w.cancelled:
        return 0.0
    front = (w.discs_at(end, facing)[0],)
    best = 0.0
    for o in foes:
        if game.bases_touch(front, o.discs) and not game.bases_touch((w.discs[0],), o.discs):
            cut = tactics.reduction(game, o) if o.chariot is None else 0
            best = max(best, tactics.damage_value(o, max(0, 1 - cut)))
    return best


def moves(game: Game, w: Warrior, foes: list[Warrior]) -> list[tuple[float, ChariotMove]]:
    """The engine's candidate moves for chariot ``w`` (not yet checked: the player checks
    the best first), each with its gain over standing still: the place it ends at, a Ram's
    click, less the actions of the extra sections."""
    reading = Reading(game, w, foes)
    now = reading.value((w.x, w.y), w.facing)
    out: list[tuple[float, ChariotMove]] = []
    # Groups of sections often end at the same place at a facing (the terrain or a base
    # stops them short, or they turn where they stand): it is weighed once.
    weighed: dict[tuple[float, float], float] = {}
    for move in chariot_move_candidates(game, w):
        facing = w.facing if move.facing is None else move.facing
        gain = weighed.get((facing, move.distance))
        if gain is None:
            end = (w.x + move.distance * math.cos(facing),
                   w.y + move.distance * math.sin(facing))
            gain = reading.value(end, facing) - now + \
                _ram_value(game, w, move, end, facing, foes)
            weighed[facing, move.distance] = gain
        gain -= ACTION_COST * (len(move.sections) - 1)
        out.append((gain, move))
    return out


# --- passengers ------------------------------------------------------------------------------


def passenger_moves(game: Game, ready: list[Warrior], foes: list[Warrior]
                    ) -> list[tuple[float, Action]]:
    """Boarding and getting off, with what each is worth."""
    out: list[tuple[float, Action]] = []
    for w in ready:
        if w.tokens:
            continue  # a move would push it (Rulebook III, Pushing)
        nearest = min((math.hypot(o.x - w.x, o.y - w.y) for o in foes), default=math.inf)
        if w.riding != NOBODY:
            out += _getting_off(game, w, foes, nearest)
        elif w.on_table and w.chariot is None and nearest > FAR:
            for c in game.contacts(w):
                if c.chariot is not None and board_violation(game, w, c) is None \
                        and c.chariot.passenger == NOBODY:
                    # Carried to the fight faster than he walks; a shooter fires from it.
                    value = 0.3 + (0.2 if w.card.range > 0 else 0.0)
                    out.append((value, Board(w.id, c.id)))
    return out


def _getting_off(game: Game, w: Warrior, foes: list[Warrior], nearest: float
                 ) -> list[tuple[float, Action]]:
    """Chariot rules, Boarding & Disembarking: a fighter gets off near the enemy, and
    anyone gets off a chariot close to elimination (its wreck costs him a die of clicks)."""
    c = game.warriors[w.riding]
    wrecked = tactics.clicks_left(c) <= 2
    fighter = w.card.range <= 0
    if not wrecked and not (fighter and nearest <= NEAR + w.stats.speed):
        return []
    best: tuple[float, Action] | None = None
    reading = positions.Reading(game, w, foes)
    for at, facing in disembark_spots(game, w):
        action = Disembark(w.id, at, positions.nearest_facing([(o.x, o.y) for o in foes],
                                                              at, facing))
        if not is_legal(game, action):
            continue
        value = reading.value(at, action.facing) + (1.0 if wrecked else 0.5)
        if best is None or value > best[0]:
            best = (value, action)
    return [best] if best is not None else []


# --- decisions owed ------------------------------------------------------------------------


def choose_section(game: Game, item: SectionChoice) -> ChooseSection:
    """Chariot rules: the chariot's player picks the section an attack, a contact's damage
    or the pushing click goes on: where it hurts least, the harder to hit first for an
    attack."""
    w = game.warriors[item.warrior]
    clicks = 1
    attack = 0
    if item.purpose == "attack":
        step = next((p for p in game.pending if hasattr(p, "plan")), None)
        if step is not None:
            clicks = max(1, step.plan.damage)
            attack = step.plan.attack

    def harm(k: int) -> tuple[float, int]:
        hit = 1.0 if item.purpose != "attack" else \
            odds.hit_chance(section_stats(w, k).defense - attack) + 1 / 36
        return hit * tactics.damage_value(w, clicks, k), k

    best = min(item.options, key=harm)
    return ChooseSection(w.id, SECTIONS[best])


def face_after_wreck(game: Game, item: PassengerFacing) -> Face:
    """The passenger of a wrecked chariot faces the nearest enemy."""
    w = game.warriors[item.warrior]
    spots = [(o.x, o.y) for o in game.warriors if o.on_table and game.opposing(w, o)]
    return Face(w.id, positions.nearest_facing(spots, (w.x, w.y), w.facing))


def pass_section(game: Game, w: Warrior) -> str | None:
    """The section a chariot gives a pass to: the first that may be given an action."""
    for k in range(len(SECTIONS)):
        if w.chariot is not None and section_active(w, k) and \
                w.chariot.acted[k] != game.turn:
            return SECTIONS[k]
    return None


# --- the chariot as the AI plays it ----------------------------------------------------------


class ChariotPlay(FigurePlay):
    """How the AI plays a chariot (ai.figure_play): its value on four dials, its sections'
    moves and passes."""

    kind = "chariot"
    # Chariot rules, Ranged Combat: its sections fire while others are engaged.
    fires_engaged = True
    moves_alone = False  # Chariot rules, Movement: its moves are its own (own_moves)
    # Its moves are worked out stop by stop through the terrain at each of its player's
    # decisions in every playout (own_moves): late in a game the whole default budget
    # took 2.9 to 3.1 s of CPU for a decision on a loaded machine, at the 3 s the expert
    # is allowed (the share's 144 take 2.17 s at most over the benchmark's 40 games).
    search_share = 0.75

    def clicks_left(self, w: Warrior) -> int:
        # Chariot rules, Combat Dials: the fewest clicks on its sections that show six
        # skulls.
        return chariot_clicks_left(w)

    def damage_value(self, w: Warrior, clicks: float, section: int = -1) -> float:
        return chariot_damage_value(w, clicks, section)

    def wounds(self, w: Warrior) -> tuple[int, int]:
        # Chariot rules, Combat Dials: the clicks its four dials have turned, of those
        # and the fewest still to turn before six skulls (a skull costs values, so the
        # life left shrinks faster than one click a click).
        assert w.chariot is not None
        taken = sum(w.chariot.clicks) - len(SECTIONS) * w.card.starting_click
        return taken, taken + chariot_clicks_left(w)

    def pushed(self, w: Warrior, turn: int | None) -> bool:
        # A token from earlier this turn (another section's action) pushes nothing: only
        # one from the turn before does (Chariot rules, Pushing).
        return tactics.pushed(w, turn)

    def pushing_kills(self, w: Warrior) -> bool:
        # Chariot rules, Pushing: its player picks the section the click goes on.
        return all(_skulls_after(w, k, 1)[0] >= CHARIOT_SKULLS
                   for k in range(len(SECTIONS)) if section_active(w, k))


    def own_moves(self, game: Game, w: Warrior, foes: list[Warrior]
                  ) -> list[tuple[float, Action]]:
        if (w.tokens and w.token_turn < game.turn) \
                or action_violation(game, w, "move") is not None:
            return []
        return list(moves(game, w, foes))

    def pass_for(self, game: Game, w: Warrior) -> Action:
        # Chariot rules, Actions: a pass, like any action, is given to one section.
        return Pass(w.id, section=pass_section(game, w))


CHARIOT = register(ChariotPlay())
