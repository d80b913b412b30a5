"""What the app's main screens share."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.message import Message
from textual.screen import Screen
from textual.worker import get_current_worker

if TYPE_CHECKING:
    from armybuilder.tui.app import ArmyBuilderApp


class AppScreen(Screen[None]):
    """A main screen of the army builder (catalogue, builder, armies, battle)."""

    @property
    def army_app(self) -> ArmyBuilderApp:
        """The app, with its services and the army being built."""
        return cast("ArmyBuilderApp", self.app)

    def post_fresh(self, loaded: Message) -> None:
        """Post what a loading worker read, unless a later load cancelled it: what it read
        may be stale, and its message could arrive after the fresh one's (an exclusive
        thread worker runs on when cancelled)."""
        if not get_current_worker().is_cancelled:
            self.post_message(loaded)
