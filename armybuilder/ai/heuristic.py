"""The heuristic player: plays like a careful human with simple rules of thumb.

On its turn it weighs, in victory points: every attack its warriors could make (exact
2d6 odds, less pushing and critical-miss costs), Regeneration and Necromancy, and a few
moves for the warriors that most want to move (towards the enemy, into range, into cover,
a captive home, a Demoralized warrior away, a shooter pinned in contact breaking away —
a warrior in contact counts what it would gain at the chance of its breaking-away roll).
With an action to spare it takes a long shot or closes in rather than pass: a pass is for
resting a warrior that acted last turn (Rulebook III, Pushing). It never pushes a warrior
to death. Free spins turn to face the most opposing figures in contact; set-up choices are
in :mod:`armybuilder.ai.setting_scene`. Ties are broken by its own seeded generator,
so the same seed and the same game give the same choice.
"""

from __future__ import annotations

import math

from armybuilder.ai import chariots, manoeuvres, positions, setting_scene, sieges, tactics
from armybuilder.ai.figure_play import PLAYS
from armybuilder.engine import (
    NOBODY,
    Action,
    ChariotMove,
    CloseAttack,
    ConfusedMove,
    Dice,
    EndTurn,
    FollowUp,
    FormationMoving,
    FormationPlan,
    FreeSpin,
    Game,
    Move,
    MoveFormation,
    Pass,
    PassengerFacing,
    RangedAttack,
    SectionChoice,
    SpinOffer,
    TargetChoice,
    UseAbility,
    Warrior,
    action_violation,
    chariot_turn_violation,
    checked_actions,
    fortification_close_targets,
    legal_actions,
    movement_formation_violation,
    turn_given,
)
from armybuilder.engine import geometry as g

#: An attack worth less than this (victory points) is not worth an action.
ATTACK_FLOOR = 0.25
#: A move must gain this much to be worth an action; otherwise the warrior passes.
MOVE_FLOOR = 0.15
#: With an action to spare, a move that loses no more than this still beats a pass.
SPARE_FLOOR = -0.3
#: How many warriors get their moves weighed per decision: on an open table (where only
#: distances matter) and with terrain (cover and lines of fire give more to weigh).
#: benchmarks/head_to_head.py, two against three: 51.5% of 1,600 games on an open table
#: with 6% less thinking; 48.8% of 600 with the standard terrain (12% less): no clear
#: loss either way, but nothing to gain there, so terrain keeps three.
MOVERS = 2
MOVERS_WITH_TERRAIN = 3
#: The share of a formation member's gain lost for each of next turn's actions that would
#: find no warrior to give it to without pushing.
IDLE_SHARE = 1.2
#: The most warriors of one group tried in a movement formation's candidate members.
GROUP_LIMIT = 7
SPECIAL_ACTIONS = frozenset({"Regeneration", "Necromancy"})
#: Abilities whose close combat targets a friendly figure.
HEALERS = frozenset({"Healing", "Magic Healing"})


class HeuristicPlayer:
    kind = "heuristic"

    def __init__(self, seed: int) -> None:
        #: Its own dice: ties broken and set-up choices drawn the same on every Python.
        self.rng = Dice(seed)
        #: In the position being decided: each warrior's best places (warrior id ->
        #: candidates) and the legality of those checked ((warrior id, place) -> move or
        #: None): a second look reuses them.
        self._candidates: dict[int, manoeuvres.Candidates] = {}
        self._tried: dict[tuple[int, int], Move | None] = {}
        #: Each warrior's weighed places, kept while the figures not on its side stay as
        #: they were (see manoeuvres.candidates); emptied every round (the key changes with
        #: the round anyway, so this only bounds it) and for a new game.
        self._weighed: dict[tuple[object, ...], manoeuvres.Weighing] = {}
        self._weighed_round = -1
        #: The outlooks met this round, numbered (manoeuvres.outlook): kept and emptied
        #: with the weighings that use the numbers.
        self._outlooks: dict[tuple[object, ...], int] = {}
        #: The enemies in contact with each warrior, read at most once per decision
        #: (attacks, moves and formations all ask; the table does not change meanwhile);
        #: emptied at the start of every turn decision.
        self._contacts: dict[int, list[Warrior]] = {}
        #: How far the nearest enemy stands from each place a warrior stood on (None: no
        #: enemy), kept while the enemies stand where they stood (``_near_spots``).
        self._near: dict[tuple[float, float], float | None] = {}
        self._near_spots: list[tuple[float, float]] = []
        #: What each pair of dials makes of each other (positions.Dials), for the game it
        #: was read in: warrior ids and clicks are the key, so it is emptied for a new game.
        self._dials: positions.Dials = {}
        self._dials_game: Game | None = None
        #: The plan made for the movement formation just declared: (members, plan).
        self._plan: tuple[tuple[int, ...], FormationPlan] | None = None
        self._deployment: setting_scene.Deployment | None = None

    def carry_on(self, game: Game) -> None:
        """``game`` is a copy of the battle this player last chose in (a search's
        playout): what it remembers still holds there (each memory is keyed by the
        figures' places, clicks and the round), so it is kept rather than started
        afresh."""
        if self._dials_game is not None:
            self._dials_game = game

    # --- the decision ----------------------------------------------------------------

    def choose(self, game: Game) -> Action:
        if self._dials_game is not game:
            # Another game (another table, other warriors under the same ids): nothing
            # remembered from the last one holds.
            self._dials, self._dials_game = {}, game
            self._weighed, self._weighed_round, self._outlooks = {}, -1, {}
            self._near, self._near_spots = {}, []
            self._deployment = None
        if game.pending:
            return self._decision(game, game.pending[0])
        if game.phase == "fortifications":
            from armybuilder.ai.fortifications import set_up
            return set_up(game)
        if game.phase == "terrain":
            return setting_scene.place_terrain(game, self.rng)
        if game.phase == "deploy":
            if game.works:
                # World Conquest, Upgrading Defenses: shooters set up on guard first.
                from armybuilder.ai.fortifications import guard_deploy
                guard = guard_deploy(game, game.deploying)
                if guard is not None:
                    return guard
            if self._deployment is None or self._deployment.player != game.deploying:
                self._deployment = setting_scene.Deployment(game, game.deploying)
            return setting_scene.deploy(game, self._deployment)
        return self._turn(game)

    def _engaged(self, game: Game, w: Warrior) -> list[Warrior]:
        """The enemies in contact with ``w`` (Rulebook III, Base Contact), as the engine
        reads them, remembered for the rest of this decision."""
        found = self._contacts.get(w.id)
        if found is None:
            found = self._contacts[w.id] = game.opposing_contacts(w)
        return found

    def _noise(self) -> float:
        return self.rng.fraction() * manoeuvres.NOISE

    def _nearest(self, w: Warrior, foes: list[Warrior]) -> float | None:
        """How far the nearest of ``foes`` stands from ``w`` (None: no foes), worked out
        once per place while the enemies stand still (see ``_near``)."""
        at = (w.x, w.y)
        found = self._near.get(at, False)
        if found is False:
            x, y, hypot = w.x, w.y, math.hypot
            found = self._near[at] = min([hypot(o.x - x, o.y - y) for o in foes],
                                         default=None)
        return found

    # --- decisions owed --------------------------------------------------------------

    def _decision(self, game: Game, item: object) -> Action:
        if isinstance(item, SpinOffer):
            return self._spin(game, item)
        if isinstance(item, SectionChoice):
            return chariots.choose_section(game, item)
        if isinstance(item, PassengerFacing):
            return chariots.face_after_wreck(game, item)
        if isinstance(item, FormationMoving):
            return self._formation_plan(game, item)
        if isinstance(item, TargetChoice):
            # Castle rules, Close Combat: the defender's choice (ai.sieges).
            return sieges.choose_target(game, item)
        options = list(legal_actions(game))
        if isinstance(item, FollowUp):
            me = game.current
            best: Action = Pass(item.warrior)
            best_value = 0.0
            for a in options:
                if isinstance(a, (RangedAttack, CloseAttack)):
                    v = tactics.attack_value(game, a, me, follow_up=True)
                    if v > best_value:
                        best, best_value = a, v
            return best
        if isinstance(item, ConfusedMove):
            # Magic Confusion: put the enemy figure where it does its side least good.
            w = game.warriors[item.warrior]
            mine = [o for o in game.warriors if o.on_table and game.opposing(w, o)]
            reading = positions.Reading(game, w, mine, self._dials)
            moves = [m for m in options if isinstance(m, Move)]
            return min(moves, key=lambda m: reading.value(_end(w, m), _facing(w, m))
                       + self._noise())
        return options[0]

    def _spin(self, game: Game, item: SpinOffer) -> FreeSpin:
        """Rulebook III, Free Spin: face as many opposing figures in contact as possible,
        the one that just moved first."""
        w = game.warriors[item.warrior]
        foes = game.opposing_contacts(w)
        best: FreeSpin = FreeSpin(w.id, None)
        best_key = (sum(game.faces(w, o) for o in foes), 0)
        for a in legal_actions(game):
            if not isinstance(a, FreeSpin) or a.facing is None:
                continue
            key = (sum(game.faces(w, o, a.facing) for o in foes), 1)
            if key > best_key:
                best, best_key = a, key
        return best

    def _formation_plan(self, game: Game, item: FormationMoving) -> FormationPlan:
        planned, self._plan = self._plan, None
        if planned is not None and planned[0] == tuple(item.members) and not item.stuck \
                and game.is_legal(planned[1]):
            return planned[1]  # made before the formation was declared: nothing to list
        options: list[FormationPlan] = list(legal_actions(game))  # type: ignore[arg-type]
        members = [game.warriors[i] for i in item.members]
        foes = positions.enemies(game, members[0])
        # One reading per member serves every plan: the table does not change meanwhile.
        readings = {m.id: positions.Reading(game, m, foes, self._dials) for m in members}
        now = sum(readings[m.id].value((m.x, m.y), m.facing) for m in members)
        best, best_value = options[0], 0.0
        for plan in options:
            value = -now
            moved = {s.warrior: s for s in plan.steps}
            for m in members:
                step = moved.get(m.id)
                if step is None:
                    value += readings[m.id].value((m.x, m.y), m.facing)
                else:
                    value += readings[m.id].value(_end(m, step), _facing(m, step))
            value += self._noise()
            if value > best_value:
                best, best_value = plan, value
        return best

    # --- our turn --------------------------------------------------------------------

    def _turn(self, game: Game) -> Action:
        me = game.current
        turn = game.turn
        self._candidates, self._tried = {}, {}
        if game.round != self._weighed_round:
            self._weighed, self._weighed_round, self._outlooks = {}, game.round, {}
        if game.sections and me == game.castle_player:
            # Castle rules, Portals: opened or closed before the turn's first action.
            portal = sieges.portal_choice(game, me)
            if portal is not None:
                return portal
        # A passenger acts from his chariot's compartment (Chariot rules, Passengers).
        mine = [w for w in game.warriors
                if w.owner == me and (w.on_table or w.riding != NOBODY)
                and w.controller == NOBODY and w.kind.no_actions is None]
        ready = [w for w in mine if w.acted_turn != turn]
        self._contacts = {}
        foes = [o for o in game.warriors
                if o.on_table and o.controller == NOBODY and o.team != game.players[me].team]
        spots = [(o.x, o.y) for o in foes]
        if spots != self._near_spots:
            # The enemies moved: the distances kept are no longer theirs.
            self._near, self._near_spots = {}, spots
        if turn_given(game):
            # Special Abilities Card, Quickness: every action of the turn is given; a
            # warrior that moves without one may still move, else the turn ends.
            quick = [w for w in ready if action_violation(game, w, "move") is None]
            move = self._best_move(game, quick, foes)
            return move if move is not None else EndTurn(me)
        best: Action | None = None
        best_value = 0.0
        for w in ready:
            if w.tokens >= 2 and w.token_turn < turn:
                continue  # Rulebook III, Pushing: only a pass on a third consecutive turn
            for action, value in self._attacks(game, w, foes, me):
                value += self._noise()
                if value > best_value:
                    best, best_value = action, value
        if best is not None and best_value > ATTACK_FLOOR:
            return best
        if game.sections:
            # Castle rules, Planking and Ladders: a ladder placed or thrown down (ai.sieges).
            ladder = sieges.ladder_choice(game, me, ready)
            if ladder is not None:
                return ladder
        move = self._best_move(game, ready, foes)
        if move is not None:
            return move
        # An action to spare: a long shot beats doing nothing, and so does closing in.
        if best is not None:
            return best
        move = self._best_move(game, ready, foes, spare=True)
        if move is not None:
            return move
        return self._pass(game, ready)

    def _attacks(self, game: Game, w: Warrior, foes: list[Warrior], me: int
                 ) -> list[tuple[Action, float]]:
        out: list[tuple[Action, float]] = []
        if w.captive != NOBODY or positions.demoralized(w):
            return out
        play = PLAYS[w.kind]
        if play.pushed(w, game.turn) and play.pushing_kills(w):
            return out  # never push a warrior to its death
        # Close combat needs an opposing figure in contact, or a friend for a healer
        # (Rulebook III, Targeting Friendly Figures; Special Abilities Card, Healing).
        engaged = self._engaged(game, w)
        in_contact = bool(engaged) or (
            not HEALERS.isdisjoint(w.abilities) and bool(game.contacts(w))
        ) or _near_wall_contact(game, w) or (
            # Castle rules, Attacking the Castle: a front arc touching a section.
            bool(game.sections) and sieges.touches_section(game, w)) or (
            # World Conquest, Upgrading Defenses: a front arc touching a fortification.
            bool(game.works) and _touches_work(game, w))
        if w.riding != NOBODY:
            # A passenger fights whoever touches his chariot (Chariot rules, Passenger
            # Combat Actions).
            in_contact = bool(self._engaged(game, game.warriors[w.riding]))
        kinds: set[str] = set()
        if in_contact:
            kinds.add("close")
        # A chariot's sections fire while others are engaged (Chariot rules, Ranged Combat).
        if w.card.range > 0 and (not engaged or play.fires_engaged):
            nearest = self._nearest(w, foes)
            # Castle rules, Long Range Attacks: a section shoots twice as far at some.
            far = play.reach(game, w, foes)
            if (nearest is not None and nearest <= far + 1.0) or \
                    _heals_at_range(game, w):
                kinds.add("ranged")
        if not SPECIAL_ACTIONS.isdisjoint(w.abilities):
            kinds.add("ability")
        if not kinds:
            return out
        # The listing's own checks come with it: each attack is valued without a second.
        for action, checked in checked_actions(game, w.id, kinds):
            if isinstance(action, (RangedAttack, CloseAttack)):
                out.append((action, tactics.attack_value(game, action, me, checked=checked)))
            elif isinstance(action, UseAbility):
                value = tactics.ability_value(game, action) - tactics.push_cost(w)
                out.append((action, value))
        return out

    def _best_move(self, game: Game, ready: list[Warrior], foes: list[Warrior],
                   spare: bool = False) -> Action | None:
        """The best-paying move of the warriors that most want to move; with ``spare``
        (the action would otherwise be a pass) any unpushed warrior closes in, even for
        little gain."""
        movers: list[tuple[float, int, Warrior]] = []
        for w in ready:
            if w.tokens:
                continue  # moving would push it (tactics.pushed): rest instead
            if w.riding != NOBODY or not PLAYS[w.kind].moves_alone:
                # A passenger's moves and a chariot's are weighed in _chariot_moves; a
                # castle section never moves (Castle rules, General Rules).
                continue
            scared = positions.demoralized(w)
            if not scared and w.captive == NOBODY and w.card.range <= 0 \
                    and self._engaged(game, w):
                continue  # it fights where it stands; a shooter may try to break away
            nearest = self._nearest(w, foes)
            nearest = 0.0 if nearest is None else nearest
            ideal = max(w.card.range - 1.0, 0.0)
            urgency = abs(nearest - ideal) + (10.0 if w.captive != NOBODY else 0.0) \
                + (10.0 if scared and nearest < 12 else 0.0)
            movers.append((urgency, w.id, w))
        movers.sort(key=lambda m: (-m[0], m[1]))
        # Every mover's best places in one list, best first (ties: the more urgent mover,
        # then its own order): the first legal one is the best legal move of them all, so
        # only the places that could win are checked.
        pool: list[tuple[float, int, int, manoeuvres.Candidates]] = []
        view: manoeuvres.Outlook | None = None
        weighed = MOVERS_WITH_TERRAIN if game.terrain.features else MOVERS
        for rank, (_, _, w) in enumerate(movers if spare else movers[:weighed]):
            cands = self._candidates.get(w.id)
            if cands is None:
                if view is None:
                    view = manoeuvres.outlook(game, foes, game.current, self._outlooks)
                cands = self._candidates[w.id] = manoeuvres.candidates(
                    game, w, view, self.rng.fraction, self._weighed, self._engaged(game, w),
                    self._dials)
            # Rulebook III, Breaking Away: a warrior in contact moves only if its roll
            # succeeds; what it would gain counts at that chance.
            chance = tactics.break_away_chance(game, w) if self._engaged(game, w) else 1.0
            pool += [(-gain * chance, rank, k, cands) for k, gain in enumerate(cands.gains)]
        pool.sort()  # (rank, k) is never the same twice: the candidates are not compared
        best: Action | None = None
        best_gain = SPARE_FLOOR if spare else MOVE_FLOOR
        for neg, _, k, cands in pool:
            gain = -neg
            if gain <= best_gain:
                break
            move = self._attempt(game, cands, k)
            if move is not None:
                best, best_gain = move, gain
                break
        if game.chariots:
            special = self._chariot_moves(game, ready, foes, best_gain)
            if special is not None:
                best, best_gain = special
        formation = self._formation(game, ready, foes, best_gain)
        if formation is not None:
            return formation
        return best

    def _chariot_moves(self, game: Game, ready: list[Warrior], foes: list[Warrior],
                       floor: float) -> tuple[Action, float] | None:
        """The best chariot move, boarding or getting off that beats ``floor``: Chariot
        rules, Movement (each section alone, or several combined), Ram, Boarding &
        Disembarking (armybuilder.ai.chariots)."""
        options: list[tuple[float, Action]] = []
        for w in ready:
            options += PLAYS[w.kind].own_moves(game, w, foes)
        options += chariots.passenger_moves(game, ready, foes)
        # Best first (ties: the order listed), checked until one is legal: the candidate
        # moves are not checked yet.
        noisy = sorted(((gain + self._noise(), k, action)
                        for k, (gain, action) in enumerate(options)),
                       key=lambda o: (-o[0], o[1]))
        # A chariot wedged among bases cannot turn where it stands: every candidate at
        # that facing fails the same first check, asked here once per facing.
        turns: dict[tuple[int, tuple[str, ...], float], bool] = {}
        for gain, _, action in noisy:
            if gain <= floor:
                break
            if isinstance(action, ChariotMove) and action.facing is not None:
                w = game.warriors[action.warrior]
                if abs(g.angle_diff(action.facing, w.facing)) > 1e-9:
                    key = (w.id, action.sections, action.facing)
                    if key not in turns:
                        turns[key] = chariot_turn_violation(
                            game, w, action.sections, action.facing) is None
                    if not turns[key]:
                        continue
            if game.is_legal(action):
                return action, gain
        return None

    def _attempt(self, game: Game, cands: manoeuvres.Candidates, k: int) -> Move | None:
        """The move to one of a warrior's candidate places if it is legal, checked once per
        position."""
        key = (cands.w.id, k)
        if key not in self._tried:
            self._tried[key] = manoeuvres.attempt(game, cands, k)
        return self._tried[key]

    def _formation(self, game: Game, ready: list[Warrior], foes: list[Warrior],
                   single: float) -> MoveFormation | None:
        """Rulebook IV, Movement Formations: one action moves a whole group, when the group's
        move forward is worth more than the best single move. The plan is made before the
        formation is declared (a formation that would stand still wastes the action) and
        kept for the decision that follows.

        Every member is tokened, so a formation of everyone leaves nobody to act next turn
        without being pushed (Rulebook III, Pushing): groups that leave enough warriors
        fresh for next turn's actions are preferred, so the army's groups take turns."""
        me = game.current
        free = [w for w in ready if w.tokens == 0 and w.captive == NOBODY and w.on_table
                and w.kind.no_formation is None and not positions.demoralized(w)
                and not self._engaged(game, w)]
        if len(free) < 3:
            return None
        fresh_next = len(ready)  # every warrior of ours yet to act this turn
        actions = game.players[me].actions
        best: tuple[float, tuple[Warrior, ...], FormationPlan] | None = None
        for group in _groups(game, free):
            for members in _candidates(game, group, foes):
                plan, gain = manoeuvres.formation_plan(game, list(members), foes, self._noise,
                                                        self._dials)
                if plan is None:
                    continue
                # A member's action next turn would push it: what the idle actions lose.
                short = max(0, actions - (fresh_next - len(members)))
                value = gain - IDLE_SHARE * short * gain / len(members)
                if value > max(single, MOVE_FLOOR * len(members)) and (
                        best is None or value > best[0]):
                    best = (value, members, plan)
        if best is None:
            return None
        _, members, plan = best
        self._plan = (tuple(m.id for m in members), plan)
        return MoveFormation(members[0].id, tuple(m.id for m in members[1:]))

    def _pass(self, game: Game, ready: list[Warrior]) -> Action:
        # Rest the warriors that acted last turn first: a pass never pushes.
        for w in sorted(ready, key=lambda w: (not tactics.pushed(w), w.id)):
            action = PLAYS[w.kind].pass_for(game, w)
            if game.is_legal(action):
                return action
        return next(iter(legal_actions(game)))


def _groups(game: Game, free: list[Warrior]) -> list[list[Warrior]]:
    """The warriors of ``free`` joined by chains of touching bases, groups of 3 or more,
    in the order of their first warriors in ``free``."""
    out: list[list[Warrior]] = []
    unseen = {w.id: w for w in free}
    for first in free:
        if unseen.pop(first.id, None) is None:
            continue  # already in an earlier group
        group, frontier = [first], [first]
        while frontier:
            for o in game.contacts(frontier.pop()):  # the engine keeps these lists
                joined = unseen.pop(o.id, None)
                if joined is not None:
                    group.append(joined)
                    frontier.append(joined)
        if len(group) >= 3:
            out.append(sorted(group, key=lambda w: w.id))
    return out


def _candidates(game: Game, group: list[Warrior], foes: list[Warrior]
                ) -> list[tuple[Warrior, ...]]:
    """Members to try for a movement formation from one group: all of it when it may form
    one (Rulebook IV: 3, 4 or 5 warriors, all one group), and three and four of them grown
    from the one nearest the enemy, each next the nearest that touches those taken."""
    out: list[tuple[Warrior, ...]] = []
    if len(group) > GROUP_LIMIT or not foes:
        return out

    def nearest(w: Warrior) -> float:
        return min(math.hypot(o.x - w.x, o.y - w.y) for o in foes)

    front = sorted(group, key=lambda w: (nearest(w), w.id))
    tried: list[tuple[Warrior, ...]] = []
    if len(group) <= 5:
        tried.append(tuple(group))
    for k in (3, 4):
        if k < len(group):
            taken = _grown(game, front, k)
            if taken is not None:
                tried.append(tuple(sorted(taken, key=lambda w: w.id)))
    for members in tried:
        if movement_formation_violation(game, list(members)) is None:
            out.append(members)
    return out


def _grown(game: Game, front: list[Warrior], k: int) -> list[Warrior] | None:
    """``k`` warriors joined by base contact, grown from the first of ``front`` by taking,
    each time, the earliest of ``front`` that touches one already taken (None when the
    contacts run out first)."""
    taken = [front[0]]
    while len(taken) < k:
        joining = next((w for w in front if w not in taken
                        and any(game.touching(w, t) for t in taken)), None)
        if joining is None:
            return None
        taken.append(joining)
    return taken


def _wall_reach(game: Game) -> float:
    """How far apart two bases may stand and still fight across a low wall (Rulebook V,
    Low Walls): never more than the widest wall."""
    reach = 0.0
    for i in game.terrain.walls:
        xs = [p[0] for p in game.terrain.features[i].polygon]
        ys = [p[1] for p in game.terrain.features[i].polygon]
        reach = max(reach, math.hypot(max(xs) - min(xs), max(ys) - min(ys)))
    return reach + 0.1


def _near_wall_contact(game: Game, w: Warrior) -> bool:
    """Might ``w`` be adjacent to a figure across a low wall? (The engine decides.)"""
    if not game.terrain.walls:
        return False
    reach = _wall_reach(game)
    return any(o is not w and o.on_table
               and math.hypot(o.x - w.x, o.y - w.y) <= w.half_length + o.half_length + reach
               for o in game.warriors)


def _touches_work(game: Game, w: Warrior) -> bool:
    return bool(fortification_close_targets(game, w))


def _heals_at_range(game: Game, w: Warrior) -> bool:
    """Special Abilities Card, Magic Healing: might ``w`` heal a wounded friend by a ranged
    combat action? (Never itself: Rulebook III, Targeting Friendly Figures.)"""
    if "Magic Healing" not in w.abilities:
        return False
    reach = w.card.range + 1.0
    return any(o is not w and o.on_table and o.controller == NOBODY and o.team == w.team
               and o.click > o.card.starting_click
               and math.hypot(o.x - w.x, o.y - w.y) <= reach for o in game.warriors)


def _end(w: Warrior, m: Move) -> tuple[float, float]:
    return m.path[-1] if m.path else (w.x, w.y)


def _facing(w: Warrior, m: Move) -> float:
    return w.facing if m.facing is None else m.facing


