"""Versions of one army against a field of opponents, on the same dice.

What a figure is worth (:mod:`armybuilder.sim.value`) and whether a change helps
(:mod:`armybuilder.sim.advisor`) are both the difference two versions of an army make
against the same opponents: the army and the army without a figure, the army and the army
changed. Every version plays every opponent with the same batch seed, so game ``i`` of
one version and game ``i`` of another start alike (the same terrain pile and the same
dice seed, as mirrored pairs with the seats swapped): the difference of their scores,
round by round, is what the sequential test judges (:class:`~armybuilder.sim.trial.
Question` with ``plus`` and ``minus``).

The version under study is side a of every matchup; every game is kept in the database
under its matchup's key (the version's contents, not its name), so a version met again (the
army itself, in every run against the same field) plays nothing twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from armybuilder.engine import PlayerSetup
from armybuilder.sim import keys
from armybuilder.sim.defaults import (
    DEFAULT_PLAYER,
    DEFAULT_ROUNDS,
    DEFAULT_SEED,
    DEFAULT_TERRAIN,
)
from armybuilder.sim.match import EDGES, Matchup
from armybuilder.sim.runner import Source, play_stream
from armybuilder.sim.stats import GameResult
from armybuilder.sim.terrain_presets import terrain_for
from armybuilder.sim.trial import Question

if TYPE_CHECKING:
    from armybuilder.sim.armies import BattleArmy
    from armybuilder.sim.kept import KeptResults, MatchupInfo


@dataclass(frozen=True)
class FieldSettings:
    """How the games against the field are played (as a battle's: see BattleRequest)."""

    seed: int = DEFAULT_SEED
    rounds: int = DEFAULT_ROUNDS
    terrain: str = DEFAULT_TERRAIN
    player: str = DEFAULT_PLAYER
    workers: int | None = None
    backend: str = "local"
    pairs: bool = True
    fresh: bool = False  # play every game again, the new results replacing kept ones

    @property
    def per_round(self) -> int:
        return 2 if self.pairs else 1


@dataclass(frozen=True)
class Version:
    name: str
    setup: PlayerSetup
    contents: str


class Field:
    """An army's versions (side a) against ``opponents`` (side b): one matchup for each
    version and opponent, made as the versions are added."""

    def __init__(self, settings: FieldSettings, opponents: Sequence[BattleArmy]) -> None:
        self.settings = settings
        terrain = (tuple(terrain_for(settings.terrain, 0)),
                   tuple(terrain_for(settings.terrain, 1)))
        self.terrain = terrain
        self.opponents = tuple(Version(o.name, replace(o.setup, edge=EDGES[1],
                                                       terrain=terrain[1]),
                                       keys.army_contents(keys.army_data(o.setup)))
                               for o in opponents)
        self.versions: list[Version] = []
        self.matchups: list[Matchup] = []
        self.infos: list[MatchupInfo] = []
        self._by_contents: dict[str, int] = {}

    def add(self, name: str, setup: PlayerSetup) -> int:
        """A version of the army (an identical one is the same version); its index."""
        contents = keys.army_contents(keys.army_data(setup))
        if contents in self._by_contents:
            return self._by_contents[contents]
        from armybuilder.sim.kept import MatchupInfo

        s = self.settings
        version = Version(name, replace(setup, edge=EDGES[0], terrain=self.terrain[0]),
                          contents)
        index = self._by_contents[contents] = len(self.versions)
        self.versions.append(version)
        terrain_data = (keys.terrain_data(self.terrain[0]), keys.terrain_data(self.terrain[1]))
        for o in self.opponents:
            key = keys.matchup_key(contents_a=contents, contents_b=o.contents,
                                   terrain=s.terrain, terrain_a=terrain_data[0],
                                   terrain_b=terrain_data[1], rounds=s.rounds, seed=s.seed,
                                   player_a=s.player, player_b=s.player, pairs=s.pairs)
            self.matchups.append(Matchup(a=version.setup, b=o.setup, seed=s.seed,
                                         rounds=s.rounds, player_a=s.player,
                                         player_b=s.player, pairs=s.pairs))
            self.infos.append(MatchupInfo(
                key=key, army_a=name, army_b=o.name, contents_a=contents,
                contents_b=o.contents, terrain=s.terrain, rounds=s.rounds, seed=s.seed,
                player_a=s.player, player_b=s.player, rules_version=keys.RULES_VERSION,
                pairs=s.pairs))
        return index

    def against(self, version: int) -> tuple[int, ...]:
        """The matchups of a version, one per opponent in the field's order."""
        n = len(self.opponents)
        return tuple(range(version * n, (version + 1) * n))

    def difference(self, plus: int, minus: int, first: int = 0) -> Question:
        """Version ``plus``'s mean score against the field less version ``minus``'s."""
        return Question(self.against(plus), self.against(minus), first)

    # --- playing -----------------------------------------------------------------

    def kept_games(self, kept: KeptResults | None, most_games: int
                   ) -> dict[int, dict[int, GameResult]]:
        """The games kept for every matchup (none when ``fresh``), by matchup index."""
        have: dict[int, dict[int, GameResult]] = {m: {} for m in range(len(self.matchups))}
        if kept is None or self.settings.fresh:
            return have
        found = kept.results([i.key for i in self.infos], below=most_games, figures=True)
        for m, info in enumerate(self.infos):
            have[m].update(found.get(info.key, {}))
        return have

    def keeper(self, kept: KeptResults | None) -> Callable[[int, list[GameResult]], None]:
        """What a trial calls with each chunk of games: keep them in the database."""
        def keep(m: int, results: list[GameResult]) -> None:
            if kept is not None:
                kept.keep(self.infos[m], results, replace=self.settings.fresh)
        return keep

    def play(self, source: Source, most_games: int) -> None:
        """Play what ``source`` asks for on the settings' workers and backend."""
        import os

        s = self.settings
        wanted = s.workers if s.workers is not None else (os.cpu_count() or 1)
        workers = max(1, min(wanted, most_games * max(1, len(self.matchups))))
        play_stream(self.matchups, source,
                    workers=s.workers if s.backend == "ray" else workers, backend=s.backend)
