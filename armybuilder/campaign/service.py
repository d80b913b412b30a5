"""Campaigns as the command line and the app use them: muster the players' saved armies
and the pool from the catalogue, run the AI's decisions and the battles, save every step.

    start, notes = muster(catalogue, ["Rich", "Ian", "Sam", "Jo"], seed=7)
    runner = Runner.new(catalogue, "Saturday", start)
    runner.run(turns=20)                  # AI decisions and battles until a human's turn
    runner.act(Move(0, 3, "C4"))          # a human's decision, checked and saved
    game_id = runner.play_battle()        # a battle a human fights, as a game to play
    runner.take_played()                  # that game, once over, is the battle's result
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from armybuilder.armies.service import Armies, ArmyError
from armybuilder.campaign import played
from armybuilder.campaign import world as world_map
from armybuilder.campaign.actions import Action, Fight
from armybuilder.campaign.ai import CampaignAI
from armybuilder.campaign.battle import derive, fight
from armybuilder.campaign.game import apply, describe, new_campaign
from armybuilder.campaign.house_rules import HouseRules, read_small
from armybuilder.campaign.state import SEATS, Campaign, CampaignStart, PlayerStart
from armybuilder.campaign.store import CampaignError, Campaigns
from armybuilder.catalogue.queries import SearchFilter
from armybuilder.catalogue.service import Catalogue
from armybuilder.engine import CardError, Dice, FigureCard, cards_from_figure
from armybuilder.figures import Figure
from armybuilder.play.games import GameError, Games, SavedGame
from armybuilder.play.session import PlaySession, Seats
from armybuilder.rules import Army, ArmyEntry
from armybuilder.rules.campaign import MAP_FACTIONS, check_campaign_army
from armybuilder.suggest import did_you_mean, suggestions

#: World Conquest: "For 2, 3, 4, or 6 players".
PLAYER_COUNTS = (2, 3, 4, 6)


@dataclass(frozen=True)
class Muster:
    start: CampaignStart
    notes: tuple[str, ...]  # names taken for typos; what was left out of the pool, and why


def _seats(seats: list[str] | None, n: int) -> list[str]:
    if seats is None:
        return ["ai"] * n
    if len(seats) != n:
        raise CampaignError(f"--seats: one seat per army ({n}), not {len(seats)}")
    for s in seats:
        if s not in SEATS:
            raise CampaignError(f"--seats: each seat is human or ai, not {s!r}")
    return seats


def _named(armies: Armies, name: str, said: list[str]) -> str:
    """The saved army ``name`` stands for, forgiven as every name is (a note in ``said``)."""
    try:
        found, note = armies.named(name)
    except ArmyError as exc:
        raise CampaignError(str(exc)) from exc
    if note:
        said.append(note)
    return found


def _army(armies: Armies, name: str, points: int) -> tuple[PlayerStart, dict[str, Figure]]:
    try:
        saved = armies.get(name)
    except ArmyError as exc:
        raise CampaignError(str(exc)) from exc
    figures = armies.figures(saved)
    missing = [e.figure_key for e in saved.entries if e.figure_key not in figures]
    if missing:
        raise CampaignError(f"army {saved.name!r}: no longer in the catalogue: "
                            f"{', '.join(missing)}")
    entries = [ArmyEntry(figures[e.figure_key], e.count, e.castle, e.passenger)
               for e in saved.entries]
    checked = check_campaign_army(Army(saved.name, saved.build_total, "open", entries),
                                  points)
    if not checked.legal:
        first = checked.errors[0]
        more = len(checked.errors) - 1
        raise CampaignError(f"army {saved.name!r} cannot start a World Conquest campaign: "
                            f"{first.message} ({first.source})"
                            + (f"; and {more} more (armybuilder army validate)" if more else ""))
    assert checked.faction is not None and checked.general is not None
    keys = tuple(e.figure_key for e in saved.entries for _ in range(e.count))
    return PlayerStart(saved.name, "ai", checked.faction, keys, checked.general), figures


def _pool(catalogue: Catalogue, armies: Armies, spec: str, said: list[str]
          ) -> tuple[list[str], dict[str, Figure], str]:
    """The pool's figure keys (one per warrior), the figures, and what it was made from:
    every figure ("all"), the figures of some expansions ("rebellion,lancers"), or a saved
    army used as a collection (its figures, as many of each as it holds). Expansions and
    the army are named as anywhere (any case, a typo taken with a note in ``said``)."""
    spec = spec.strip()
    if not spec:
        raise CampaignError("--pool: all, expansions separated by commas, or a saved army")
    if spec.lower() == "all":
        keys = [f.key for f in catalogue.search(SearchFilter())]
        return keys, catalogue.figures(keys), "all"
    army = spec if spec.lower() in (n.lower() for n in armies.names()) else None
    slugs: list[str] = []
    for part in ([] if army else [p.strip() for p in spec.split(",")]):
        wanted = SearchFilter(expansion=part)
        try:
            said += catalogue.check_filter(wanted)
        except ValueError as exc:
            if "," in spec:
                raise CampaignError(f"--pool: {exc}") from None
            try:
                army = _named(armies, spec, said)
            except CampaignError:
                meant = did_you_mean(getattr(exc, "suggestions", [])
                                     + suggestions(spec, armies.names()))
                raise CampaignError(f"--pool: {part!r} is neither a saved army nor an "
                                    "expansion" + (f"; {meant}" if meant else
                                                   " (armybuilder army list, catalogue "
                                                   "summary)")) from None
            break
        slugs.append(wanted.expansion)
    if army is not None:
        saved = armies.get(army)
        figures = armies.figures(saved)
        return ([e.figure_key for e in saved.entries for _ in range(e.count)
                 if e.figure_key in figures], figures, f"collection {saved.name}")
    keys = [f.key for slug in slugs for f in catalogue.search(SearchFilter(expansion=slug))]
    return keys, catalogue.figures(keys), "expansions " + ",".join(slugs)


def muster(catalogue: Catalogue, army_names: list[str], *, seats: list[str] | None = None,
           seed: int = 1, pool: str = "all", rules: HouseRules | None = None,
           world: world_map.WorldMap | None = None) -> Muster:
    """A campaign's start from saved armies, checked (World Conquest, Setup 1-3)."""
    rules = rules or HouseRules()
    if len(army_names) not in PLAYER_COUNTS:
        raise CampaignError(f"--armies: World Conquest is for 2, 3, 4 or 6 players, one army "
                            f"each; got {len(army_names)}")
    armies = Armies(catalogue)
    said: list[str] = []
    army_names = [_named(armies, n, said) for n in army_names]
    lowered = [n.strip().lower() for n in army_names]
    if len(set(lowered)) != len(lowered):
        raise CampaignError("--armies: each player brings a different saved army")
    seat_list = _seats(seats, len(army_names))
    players, figures = [], {}
    for name, seat in zip(army_names, seat_list, strict=True):
        mustered, found = _army(armies, name, rules.army_points)
        players.append(PlayerStart(mustered.name, seat, mustered.faction, mustered.army,
                                   mustered.general))
        figures.update(found)
    world = world or world_map.generate(Dice(seed=derive(seed, "map")))
    for faction in MAP_FACTIONS:
        count = sum(1 for p in players if p.faction == faction)
        if count > len(world.regions[faction]):
            raise CampaignError(f"{count} armies of the {faction} need as many Head "
                                f"Quarters, and the map has {len(world.regions[faction])} "
                                f"{faction} territor"
                                f"{'y' if len(world.regions[faction]) == 1 else 'ies'} "
                                "(World Conquest, Setup 4)")
    keys, pool_figures, source = _pool(catalogue, armies, pool, said)
    cards: dict[str, FigureCard] = {}
    for key in sorted(figures):
        cards[key] = cards_from_figure(figures[key])
    pool_keys, left_out = [], {"the engine cannot play it": 0, "no region on the map": 0,
                               "a chariot's four dials": 0, "a castle section never moves": 0}
    for key in keys:
        figure = pool_figures.get(key)
        if figure is None:
            continue
        if figure.kind == "castle":
            # Castle rules, General Rules: "Can never move or be moved": a section cannot
            # march with an army (CAMPAIGN_NOTES.md, The pool).
            left_out["a castle section never moves"] += 1
            continue
        try:
            card = cards.get(key) or cards_from_figure(figure)
        except CardError:
            left_out["the engine cannot play it"] += 1
            continue
        if card.sections:
            # A campaign keeps one click per warrior between battles (World Conquest,
            # Battles: "every warrior enters at its current click"); a chariot's four
            # section dials are not carried, so chariots stay out of the pool as out of the
            # starting armies (CAMPAIGN_NOTES.md, Chariots).
            left_out["a chariot's four dials"] += 1
            continue
        if not set(card.factions) & set(MAP_FACTIONS):
            # World Conquest, Step 5: bought only from factions whose territories you
            # control, so a figure of no map faction could never be bought.
            left_out["no region on the map"] += 1
            continue
        cards[key] = card
        pool_keys.append(key)
    notes = tuple(said) + tuple(f"pool: {n} figure{'s' if n != 1 else ''} left out ({why})"
                                for why, n in left_out.items() if n)
    began = CampaignStart(seed=seed, rules=rules, world=world, players=tuple(players),
                          figures=cards, pool=tuple(pool_keys), pool_source=source)
    return Muster(began, notes)


# --- running ----------------------------------------------------------------------------


Progress = Callable[[Campaign, str], None]


class Runner:
    """One saved campaign being played: every step saved as it is taken."""

    def __init__(self, store: Campaigns, name: str, campaign: Campaign,
                 catalogue: Catalogue) -> None:
        self.store = store
        self.catalogue = catalogue
        self.name = name
        self.campaign = campaign
        self.ai = CampaignAI()

    @classmethod
    def new(cls, catalogue: Catalogue, name: str, start: CampaignStart) -> Runner:
        store = Campaigns(catalogue)
        c = new_campaign(start)
        store.create(name, c)
        return cls(store, store.names()[[n.lower() for n in store.names()]
                                        .index(name.strip().lower())], c, catalogue)

    @classmethod
    def open(cls, catalogue: Catalogue, name: str) -> Runner:
        store = Campaigns(catalogue)
        c = store.load(name)
        real = next(n for n in store.names() if n.lower() == name.strip().lower())
        return cls(store, real, c, catalogue)

    # --- one step -------------------------------------------------------------------

    def human_to_decide(self) -> bool:
        """Whether the campaign waits for a human player: a decision, or a battle a human
        fights in, which a human plays on the play screen or chooses to auto-resolve
        (World Conquest, Troop Movements: "play out a standard Mage Knight game")."""
        c = self.campaign
        d = c.decision()
        if d is None or c.over:
            return False
        if d.kind == "battle":
            assert c.battle is not None
            return any(c.players[p].seat == "human" for p in c.battle.sides)
        return d.player is not None and c.players[d.player].seat == "human"

    def act(self, action: Action) -> list[dict[str, Any]]:
        """A decision, checked by the rules and saved."""
        events = apply(self.campaign, action)
        self.store.record(self.name, self.campaign)
        return events

    def fight(self) -> list[dict[str, Any]]:
        """Fight the battle the campaign waits for with the engine's AI on every side (an
        auto-resolved battle), and save its result and its start. A battle being played
        on the play screen is finished by the AI from where it stands."""
        c = self.campaign
        if self.playing() is not None:
            return self._finish_played()
        fought = fight(c)
        events = apply(c, Fight(fought.result))
        self.store.record(self.name, c, battle={
            "number": fought.result["number"], "territory": fought.result["territory"],
            # The column keeps the battle's start (older campaigns': the scene set).
            "scenario": json.dumps(fought.start.to_dict(), sort_keys=True,
                                   separators=(",", ":")),
            "players": json.dumps({"sides": fought.sides,
                                   "withdraw_below": c.rules.withdraw_below,
                                   **played.ai_kept(c.rules.battle_ai)},
                                  sort_keys=True)})
        return events

    # --- battles played on the play screen ---------------------------------------

    def playing(self) -> SavedGame | None:
        """The saved game the pending battle is being played as on the play screen, if
        any (a game deleted since is no longer the battle's)."""
        c = self.campaign
        d = c.decision()
        if c.over or d is None or d.kind != "battle" or c.battle is None:
            return None
        game_id = self.store.game_of(self.name, c.battle.number)
        if game_id is None:
            return None
        try:
            return Games(self.catalogue).get(game_id)
        except GameError:
            return None

    def play_battle(self) -> int:
        """The pending battle a human takes part in, as a game to play on the play screen:
        the game it is already played as, or a new one (saved, and linked to the battle).
        Its id, for the play screen."""
        c = self.campaign
        linked = self.playing()
        if linked is not None:
            return linked.id
        if not played.human_sides(c):
            raise CampaignError(f"campaign {self.name!r}: no battle awaits a human player "
                                f"(waiting for: {describe(c)})")
        opened = played.open_game(c)
        session = opened.session
        game_id = Games(self.catalogue).create(
            opened.names, session.seats.commanders, session.seats.seed, opened.plan.terrain,
            session.progress())
        link = opened.link(c.rules.withdraw_below, game_id, c.rules.battle_ai)
        self.store.link(self.name, {
            "number": opened.plan.number, "territory": opened.plan.territory,
            "scenario": json.dumps(link["scenario"], sort_keys=True, separators=(",", ":")),
            "players": json.dumps(link["players"], sort_keys=True)})
        return game_id

    def take_played(self) -> list[dict[str, Any]] | None:
        """The pending battle's game, if it has been played to its end on the play screen,
        taken as the battle's result (the Fight step, as an auto-resolved battle's): its
        events, or None when no played game is over."""
        saved = self.playing()
        if saved is None or not saved.over:
            return None
        c = self.campaign
        result = played.played_result(c, Games(self.catalogue).log(saved.id), saved.id)
        return self.act(Fight(result))

    def _finish_played(self) -> list[dict[str, Any]]:
        """The battle being played, finished by the engine's AI on every side (its game
        saved), and taken as the battle's result."""
        saved = self.playing()
        assert saved is not None
        games = Games(self.catalogue)
        c = self.campaign
        if not saved.over:
            game, result = played.finish(c, games.log(saved.id), saved.id)
            session = PlaySession(game, Seats(saved.commanders, saved.seed))  # to save
            games.save(saved.id, session.progress())
        else:
            result = played.played_result(c, games.log(saved.id), saved.id)
        return self.act(Fight(result))

    def step(self) -> list[dict[str, Any]]:
        """The AI's next decision, or the next AI-only battle."""
        c = self.campaign
        d = c.decision()
        if d is None or c.over:
            return []
        if d.kind == "battle":
            return self.fight()
        return self.act(self.ai.choose(c))

    def run(self, turns: int | None = None, progress: Progress | None = None,
            stop: Callable[[], bool] | None = None) -> str:
        """Play AI decisions and battles until a human must decide, the campaign is won, or
        ``turns`` more turns have begun. Returns why it stopped."""
        c = self.campaign
        until = None if turns is None else c.turn + turns
        while True:
            if c.over:
                return "won"
            # A battle played to its end on the play screen is the battle's result.
            self.take_played()
            if self.human_to_decide():
                return "human"
            if until is not None and c.turn >= until and c.decision() is not None \
                    and c.decision().kind == "purchase" and c.turn > 0:  # type: ignore[union-attr]
                return "turns"
            if stop is not None and stop():
                return "stopped"
            kind = c.decision().kind  # type: ignore[union-attr]
            self.step()
            if progress is not None:
                progress(c, kind)

    def waiting_for(self) -> str:
        return describe(self.campaign)


def map_from_file(path: Path) -> world_map.WorldMap:
    try:
        text = read_small(path, f"--map {path}")
    except ValueError as exc:
        raise CampaignError(str(exc)) from None
    return world_map.parse(text, f"map {path}")
