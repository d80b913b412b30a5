"""The kinds of player, registered once (armybuilder/ai/registry.py): every place a player
is chosen or made reads the registry, so a new player is one module and one registration."""

from __future__ import annotations

import argparse

import pytest

from armybuilder.ai import registry
from armybuilder.ai.commander import Commander
from armybuilder.ai.registry import PLAYERS, PlayerKind, make_player
from armybuilder.engine import Action, Game, legal_actions


class FirstListed:
    """A player of the test's own: the first legal action."""

    kind = "first"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, game: Game) -> Action:
        return next(legal_actions(game))


def test_the_kinds_and_what_the_screens_call_them() -> None:
    assert PLAYERS.kinds() == ("random", "heuristic", "expert")
    assert [PLAYERS.title(k) for k in ("random", "heuristic", "expert", "commander",
                                        "expert:400")] == [
        "random player", "heuristic AI", "expert AI", "campaign commander",
        "expert AI (400)"]
    with pytest.raises(ValueError, match="unknown player kind 'genius'; use one of: random, "
                                         "heuristic, expert"):
        make_player("genius", 1)


def test_the_campaigns_commander_is_made_with_its_options() -> None:
    player = make_player("commander", 5, side=1, may_withdraw=True, below=0.25)
    assert isinstance(player, Commander) and (player.side, player.below) == (1, 0.25)
    assert "commander" not in PLAYERS.kinds()  # the campaign makes it, nobody chooses it


def test_every_place_a_player_is_chosen_reads_the_registry(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from armybuilder.cli.play import add_commands
    from armybuilder.play.session import COMMANDERS
    from armybuilder.tui.screens.battle import PLAY_OPPONENTS

    assert set(COMMANDERS) == {"human", *PLAYERS.kinds()}
    assert COMMANDERS[1] == registry.DEFAULT
    assert [v for _, v in PLAY_OPPONENTS] == [*COMMANDERS[1:], "human"]
    commands = argparse.ArgumentParser().add_subparsers()
    add_commands(commands, lambda p: None)
    play = commands.choices["play"]
    opponent = next(a for a in play._actions if a.dest == "opponent")
    assert set(opponent.choices or ()) == set(COMMANDERS)
    # A new kind: one registration, and it is made and chosen like the others.
    monkeypatch.setattr(registry, "PLAYERS", registry.Players())
    registry.PLAYERS.register(PlayerKind("first", "first-listed player",
                                         f"{__name__}:FirstListed", "the first action"))
    made = registry.make_player("first", 3)
    assert isinstance(made, FirstListed) and made.seed == 3
    assert registry.PLAYERS.kinds() == ("first",)
